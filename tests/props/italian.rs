//! Issue 26: Italian notation as Italians write it. Random legal games written in each
//! style replay to the same plies as their PGN; a word appended after the last move never
//! turns an invalid game valid; a word inserted anywhere never gives a valid file with
//! fewer plies.

use crate::games::random_game;
use arbitro::notation::san::{Notation, write_san};
use arbitro::verify::{GameReport, verify_bytes};
use proptest::prelude::*;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move};

/// The moves as written in Italian, with their marks.
fn written(moves: &[Move]) -> Vec<String> {
    let mut pos = Chess::default();
    moves
        .iter()
        .map(|&m| {
            let sp = SanPlus::from_move_and_play_unchecked(&mut pos, m);
            let mut w = write_san(&sp.san, Notation::Italian);
            if let Some(s) = sp.suffix {
                w.push(s.char());
            }
            w
        })
        .collect()
}

/// The game in a style: 0 PGN, 1 pairs with `;`, 2 pairs with `,`, 3 the press style's
/// dashes, 4 one move a line, 5 the press style's en dash between spaced moves.
fn in_style(words: &[String], style: u8) -> String {
    let mut text = String::new();
    for (i, w) in words.iter().enumerate() {
        if i % 2 == 0 {
            if i > 0 {
                text.push_str(match style {
                    1 => "; ",
                    2 => ", ",
                    4 => "\n",
                    _ => " ",
                });
            }
            text.push_str(&format!("{}.", i / 2 + 1));
        } else {
            text.push_str(match style {
                3 => "-",
                4 => "\n",
                5 => " \u{2013} ",
                _ => " ",
            });
        }
        text.push_str(w);
    }
    text
}

fn verify(text: &str) -> Vec<GameReport> {
    verify_bytes("t.pgn", text.as_bytes(), &Default::default()).expect("readable")
}

/// Words a person may write after the moves, or anywhere.
const WORDS: &[&str] = &[
    "abbandona",
    "patta",
    "pari",
    "matto",
    "scacco matto",
    "scaccomatto",
    "Il bianco abbandona.",
    "il nero abbandona",
    "si arrende",
    "resigns",
    "draw agreed",
    "mate",
    "++",
    "#",
    "\u{2013}",
    "-",
    "\u{2026}",
    "...",
    "!",
    "??",
    "(D)",
    "e.p.",
    "bella",
    "mossa",
    "xyz",
    "Cf3",
    "e4",
    "Axb5",
    "Dh4",
    "O-O",
    "1.",
    "12...",
    ";",
    ",",
    ".",
    "{commento}",
    "$1",
    "(variante classica)",
    "Cf6??4.",
    "e4-e5",
    "Zf3",
    "Il bianco sviluppa.",
    "e il nero abbandona",
    "Dxf7#.",
    "a6.",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_style_replays_as_its_pgn(
        choices in proptest::collection::vec(any::<u16>(), 1..80),
        style in 0u8..6,
        end in 0usize..5,
    ) {
        let moves = random_game(&choices);
        let words = written(&moves);
        let mut text = in_style(&words, style);
        let ends = ["", " abbandona", " Il nero abbandona.", " patta", " si arrende"];
        text.push_str(ends[end]);
        let all = verify(&text);
        prop_assert_eq!(all.len(), 1, "{}", text);
        let r = &all[0];
        prop_assert!(r.is_valid(), "{}\n{:?}", text, r.findings);
        prop_assert_eq!(r.plies() as usize, moves.len(), "{}", text);
    }

    #[test]
    fn one_word_inserted_never_gives_valid_with_fewer_plies(
        choices in proptest::collection::vec(any::<u16>(), 1..60),
        style in 0u8..6,
        at in any::<u16>(),
        word in 0usize..WORDS.len(),
    ) {
        let moves = random_game(&choices);
        let text = in_style(&written(&moves), style);
        let blanks: Vec<usize> = text.match_indices([' ', '\n']).map(|(i, _)| i).chain([text.len()]).collect();
        let cut = blanks[at as usize % blanks.len()];
        let text = format!("{} {}{}", &text[..cut], WORDS[word], &text[cut..]);
        let all = verify(&text);
        let plies: u32 = all.iter().map(|r| r.plies()).sum();
        prop_assert!(
            !all.iter().all(|r| r.is_valid()) || plies as usize >= moves.len(),
            "{}\n{:?}", text, all.iter().map(|r| (r.plies(), &r.findings)).collect::<Vec<_>>()
        );
    }
}

/// Prose a column writes between the moves (issue 26 point 5): no word could be a move,
/// none says how the game ended.
const PROSE: &[&str] = &[
    "Il bianco sviluppa.",
    "una mossa naturale",
    "La variante classica, molto giocata.",
    "e il nero risponde con calma",
    "«Bella»!",
    "Ora la posizione è più chiara:",
    "White keeps the pin.",
    "l'alfiere torna indietro",
    "Partita giocata a Milano nel 1975",
    "(vedi diagramma)",
];

/// Words that could be moves.
const MOVE_LIKE: &[&str] = &["Cd5", "e4", "Axb5", "a6", "O-O", "Zf3", "Dh4", "12.Cf3"];

/// The blanks of `text` a word may be put in (not beside a dash standing alone, which joins
/// the moves around it as a pair).
fn blanks(text: &str) -> Vec<usize> {
    text.match_indices([' ', '\n'])
        .map(|(i, _)| i)
        .filter(|&i| !text[..i].ends_with('\u{2013}') && !text[i + 1..].starts_with('\u{2013}'))
        .chain([text.len()])
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Issue 26 point 5: prose put between the moves of a valid game, in any style, leaves
    /// it valid with the same plies (PGN 5: a comment is no move).
    #[test]
    fn prose_inserted_never_changes_a_valid_game(
        choices in proptest::collection::vec(any::<u16>(), 1..60),
        style in 0u8..6,
        at in proptest::collection::vec(any::<u16>(), 1..4),
        which in proptest::collection::vec(0usize..PROSE.len(), 3),
    ) {
        let moves = random_game(&choices);
        let mut text = in_style(&written(&moves), style);
        for (k, a) in at.iter().enumerate() {
            let places = blanks(&text);
            let cut = places[*a as usize % places.len()];
            text = format!("{} {}{}", &text[..cut], PROSE[which[k]], &text[cut..]);
        }
        let all = verify(&text);
        prop_assert_eq!(all.len(), 1, "{}", text);
        let r = &all[0];
        prop_assert!(r.is_valid(), "{}\n{:?}", text, r.findings);
        prop_assert_eq!(r.plies() as usize, moves.len(), "{}", text);
    }

    /// A word that could be a move, put anywhere in a game with an illegal first move
    /// (FIDE 3: the king cannot go from e1 to e5), with prose around it or not, never
    /// makes the game valid: it is read as a move, never skipped.
    #[test]
    fn a_move_like_word_inserted_never_makes_an_invalid_game_valid(
        choices in proptest::collection::vec(any::<u16>(), 2..40),
        style in 0u8..6,
        at in any::<u16>(),
        word in 0usize..MOVE_LIKE.len(),
        prose in 0usize..PROSE.len() + 1,
    ) {
        let moves = random_game(&choices);
        let mut words = written(&moves);
        words[0] = "Re5".to_string();
        let text = in_style(&words, style);
        let places = blanks(&text);
        let cut = places[at as usize % places.len()];
        let around = PROSE.get(prose).copied().unwrap_or("");
        let text = format!("{} {around} {} {around}{}", &text[..cut], MOVE_LIKE[word], &text[cut..]);
        let all = verify(&text);
        prop_assert!(!all.iter().all(|r| r.is_valid()), "{}\n{:?}", text, all.iter().map(|r| &r.findings).collect::<Vec<_>>());
    }
}

/// Every sample and every classical fixture, with any of [`WORDS`] appended after its last
/// move: a game that was not valid stays not valid.
#[test]
fn a_word_appended_never_turns_an_invalid_game_valid() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["samples/classical", "tests/bad-inputs", "../shared/seeds"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if matches!(p.extension().and_then(|x| x.to_str()), Some("pgn" | "txt")) {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut looked = 0;
    for p in &files {
        let Ok(text) = std::fs::read_to_string(p) else {
            continue;
        };
        let Ok(before) = verify_bytes("t.pgn", text.as_bytes(), &Default::default()) else {
            continue;
        };
        if before
            .iter()
            .any(|r| r.variant() != arbitro::verify::Variant::Classical)
        {
            continue;
        }
        let Some(last) = before.last() else { continue };
        if last.is_valid() {
            continue;
        }
        looked += 1;
        // A `}` may close a comment left open before it: not a word after the moves.
        for w in WORDS.iter().filter(|w| !w.contains('}')) {
            let text = format!("{} {w}\n", text.trim_end());
            let after = verify(&text);
            let same = after.get(before.len() - 1).expect("the game");
            assert!(!same.is_valid(), "{}: `{w}` made it valid", p.display());
        }
    }
    assert!(looked > 0, "no invalid game among {} files", files.len());
}
