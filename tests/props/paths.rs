//! Issue 33: the fast path and the careful path give the same report. `batch` reads a
//! file in 64 KiB blocks and checks each block's games together (the fast path: one cut,
//! one decode, one lexer run a block); a game is also read alone (`Chunks::games_of`, the
//! careful cut `batch` falls back to) and in the whole file at once (as `verify` reads
//! it). On random valid games and corrupted ones (moves dropped or garbled, comments,
//! variations and braces left open, stray results, unreadable characters, games run
//! together), every game's findings (code, line, column, ply, message) are the same by
//! all three.
//!
//! Each of those reads a game of the common shape with the quick reader
//! (`notation/classical/quick.rs`) and every other game with the careful one: the whole
//! file read by the careful reader alone gives the same findings and the same games, and
//! so do the findings `batch` counts without a report (`classical_findings`). Short texts
//! made of the pieces games are made of (tags, moves, numbers, results, comments, blanks,
//! empty lines and what the quick reader leaves to the careful one) are read the same way,
//! token by token and span by span, by both readers.

use arbitro::batch::{Chunk, Chunks};
use arbitro::classical::ReplayOptions;
use arbitro::decode::decode;
use arbitro::finding::in_sheet_order;
use arbitro::notation::classical::games as read_games;
use arbitro::verify::{classical_findings, classical_reports};
use proptest::prelude::*;
use shakmaty::san::San;
use shakmaty::{Chess, Position};

/// One finding as a report shows it.
type Seen = (String, Option<(u32, u32)>, Option<u32>, String);

/// A random legal game of up to `plies` plies, as SAN words (English letters).
fn random_game(choices: &[u16]) -> Vec<String> {
    let mut pos = Chess::default();
    let mut sans = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        sans.push(San::from_move(&pos, m).to_string());
        pos.play_unchecked(m);
    }
    sans
}

/// The same move with Italian letters (`formats.md` §3).
fn italian(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'K' => 'R',
            'Q' => 'D',
            'R' => 'T',
            'B' => 'A',
            'N' => 'C',
            c => c,
        })
        .collect()
}

/// Something put in the movetext before a word: nothing (mostly), or a corruption.
const INSERTS: &[&str] = &[
    "{a comment}",
    "{jolly}",
    "{nested {brace}",
    "(1.e4 e5)",
    "(",
    ")",
    "$1",
    "$",
    "}",
    "1-0",
    "*",
    "½-½",
    "Zz9",
    "e_4",
    "Cf3",
    "caffè",
    "e.p.",
    "1. ...",
    "\n%escaped line\n",
    "\n\n",
    "\n[Event \"mid\"]\n",
    "{never closed",
    ";",
    "<br />",
];

/// A game's text: tags, then the moves numbered and wrapped, with corruptions where
/// `edits` says (an index into [`INSERTS`], or a dropped or garbled move).
fn game_text(n: usize, sans: &[String], it: bool, edits: &[(u8, u8)], end: &str) -> String {
    let (w, b, r) = if it {
        ("Bianco", "Nero", "Risultato")
    } else {
        ("White", "Black", "Result")
    };
    let mut out = format!("[Event \"Prova {n}\"]\n[{w} \"Rossi, A\"]\n[{b} \"Bianchi\"]\n");
    out.push_str(&format!("[{r} \"{end}\"]\n\n"));
    let mut line = 0;
    for (i, san) in sans.iter().enumerate() {
        let mut word = String::new();
        if i % 2 == 0 {
            word.push_str(&format!("{}.", i / 2 + 1));
        }
        let mv = if it { italian(san) } else { san.clone() };
        match edits.get(i).copied().unwrap_or((0, 0)) {
            (1, _) => {}
            (2, k) => word.push_str(&mv[..mv.len().min(usize::from(k) % 3 + 1)]),
            (3, k) => {
                let extra = INSERTS[usize::from(k) % INSERTS.len()];
                out.push_str(extra);
                out.push(' ');
                word.push_str(&mv);
            }
            _ => word.push_str(&mv),
        }
        line += word.len() + 1;
        out.push_str(&word);
        if line > 70 {
            out.push('\n');
            line = 0;
        } else {
            out.push(' ');
        }
    }
    out.push_str(end);
    out.push_str("\n\n");
    out
}

/// Every game's findings, from reports read off `text` at `first_line`/`first_column`
/// (as a chunk places them in its file).
fn findings_of(chunk: Option<&Chunk>, text: &[u8]) -> Vec<Vec<Seen>> {
    let d = decode(text).expect("the generated text decodes");
    let options = ReplayOptions::default();
    classical_reports("t.pgn", &d.text, d.latin1, &options)
        .map(|r| {
            r.findings
                .iter()
                .map(|f| {
                    let span = f.span.map(|s| chunk.map_or(s, |c| c.file_span(s)));
                    (
                        f.code.as_str().to_string(),
                        span.map(|s| (s.line, s.column)),
                        f.ply,
                        f.message.clone(),
                    )
                })
                .collect()
        })
        .collect()
}

/// One finding as [`findings_of`] shows it.
fn seen(f: &arbitro::finding::Finding) -> Seen {
    (
        f.code.as_str().to_string(),
        f.span.map(|s| (s.line, s.column)),
        f.ply,
        f.message.clone(),
    )
}

/// Every game's number and findings, the games read by the careful reader alone.
fn careful_findings(text: &str) -> Vec<(usize, Vec<Seen>)> {
    let options = ReplayOptions::default();
    read_games(text)
        .careful()
        .map(|raw| {
            let mut findings = arbitro::classical::replay(&raw, &options).findings;
            in_sheet_order(&mut findings);
            (raw.number, findings.iter().map(seen).collect())
        })
        .collect()
}

fn chunks(path: &std::path::Path) -> Vec<Chunk> {
    Chunks::open(0, path, 16 << 20)
        .expect("open")
        .map(|c| c.expect("a chunk"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn block_game_and_whole_file_agree(
        games in prop::collection::vec(
            (
                prop::collection::vec(any::<u16>(), 0..90),
                any::<bool>(),
                prop::collection::vec((0u8..40, any::<u8>()), 0..90),
                0usize..5,
            ),
            4..12,
        ),
    ) {
        // Enough text for several 64 KiB blocks: the games again and again, the
        // corruptions at other moves each time.
        let ends = ["1-0", "0-1", "1/2-1/2", "*", ""];
        let mut text = String::new();
        let mut n = 0;
        while text.len() < 200 << 10 {
            for (choices, it, edits, end) in &games {
                n += 1;
                let sans = random_game(choices);
                let shift = n % edits.len().max(1);
                let edits: Vec<_> = edits[shift..].iter().chain(&edits[..shift]).copied().collect();
                text.push_str(&game_text(n, &sans, *it, &edits, ends[*end]));
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.pgn");
        std::fs::write(&path, &text).unwrap();

        let mut fast = Vec::new();
        let mut careful = Vec::new();
        let blocks = chunks(&path);
        // Several blocks, each of several games: the fast path is the one taken.
        prop_assert!(blocks.len() >= 3, "{} chunks", blocks.len());
        for chunk in blocks {
            fast.extend(findings_of(Some(&chunk), &chunk.bytes));
            for game in Chunks::games_of(&chunk, 16 << 20) {
                let game = game.expect("a game");
                careful.extend(findings_of(Some(&game), &game.bytes));
            }
        }
        let whole = findings_of(None, text.as_bytes());
        prop_assert_eq!(fast.len(), whole.len());
        for (i, (f, w)) in fast.iter().zip(&whole).enumerate() {
            prop_assert_eq!(f, w, "game {}: the block and the whole file differ", i + 1);
        }
        prop_assert_eq!(careful.len(), whole.len());
        for (i, (c, w)) in careful.iter().zip(&whole).enumerate() {
            prop_assert_eq!(c, w, "game {}: the game alone and the whole file differ", i + 1);
        }
        // The careful reader alone, and the findings `batch` counts without a report.
        let slow = careful_findings(&text);
        prop_assert_eq!(slow.len(), whole.len());
        for (i, ((number, s), w)) in slow.iter().zip(&whole).enumerate() {
            prop_assert_eq!(*number, i + 1);
            prop_assert_eq!(s, w, "game {}: the careful reader alone differs", i + 1);
        }
        let counted: Vec<Vec<Seen>> = classical_findings(&text, false, &ReplayOptions::default())
            .map(|f| f.iter().map(seen).collect())
            .collect();
        prop_assert_eq!(&counted, &whole, "the findings batch counts differ");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Short texts of game pieces: both readers cut the same games and read the same
    /// tokens, spans, tags and errors, and the replay finds the same.
    #[test]
    fn quick_and_careful_readers_agree(
        pieces in prop::collection::vec(0usize..PIECES.len(), 0..40),
    ) {
        let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
        let options = ReplayOptions::default();
        let read = |careful: bool| {
            let all = if careful { read_games(&text).careful() } else { read_games(&text) };
            all.map(|g| {
                let findings: Vec<Seen> =
                    arbitro::classical::replay(&g, &options).findings.iter().map(seen).collect();
                let tokens: Vec<_> =
                    g.tokens.iter().map(|t| (t.kind(), g.word(t), g.span_of(t))).collect();
                (g.number, g.end, g.span, g.tags.clone(), tokens, g.errors.clone(), findings)
            })
            .collect::<Vec<_>>()
        };
        prop_assert_eq!(read(false), read(true), "{:?}", text);
    }
}

/// What [`quick_and_careful_readers_agree`] builds its texts of: mostly what the quick
/// reader takes, and some of what it leaves to the careful one.
const PIECES: &[&str] = &[
    "[Event \"g\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0\n\n",
    "[Event \"g\"]\n1.d4 d5 2.c4 {QGD} e6 $1 3.Nc3 1/2-1/2\n",
    "1.e4 e5 *\n\n",
    "[Site \"s\"]\n1.e4 e5 2.Ke2 Ke7 3.Ke1 Ke8 4.Ke2 Ke7 5.Ke1 Ke8 *",
    "[Event \"x\"]\n",
    "[White \"A, B\"]",
    "[Result \"1-0\"]\n",
    "[Risultato \"0-1\"]\n",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n",
    "\n",
    "\n\n",
    " ",
    ",",
    "\t",
    "1.",
    "1. ",
    "2.",
    "12...",
    "1",
    "0",
    "e4 ",
    "e5 ",
    "Nf3 ",
    "Cf6 ",
    "d4",
    "O-O ",
    "0-0 ",
    "exd5 ",
    "1-0",
    "0-1",
    " 1/2-1/2",
    "*",
    " *\n",
    "{a comment}",
    "{two\nlines}",
    "{jolly}",
    "$1 ",
    "(",
    ")",
    ";",
    "%",
    "_",
    "è",
    "e.p.",
    "[pgn]",
    "}",
    "{",
    "Black resigns",
    "1:0",
];
