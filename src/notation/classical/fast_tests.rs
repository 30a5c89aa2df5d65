//! The lexer's fast path against its careful path (issue 33): for every text, the games
//! read with the fast path allowed are the games the careful path alone reads, token for
//! token, span for span, finding for finding; and the reader stands at the same place
//! after each.

use super::lexer::{Games, games};
use proptest::prelude::*;

/// Every game of `text`, written out whole (private fields and spans included), with where
/// the reader stood after it.
fn read(mut g: Games<'_>) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(game) = g.next() {
        out.push(format!(
            "{game:?} @{} line {} start {} ascii {} end {}",
            g.pos, g.lines.line, g.lines.start, g.lines.ascii, g.hit_end
        ));
    }
    out
}

fn careful(text: &str) -> Games<'_> {
    let mut g = games(text);
    g.fast = false;
    g
}

/// Pieces of real and odd PGN, Italian sheets included.
const PIECES: &[&str] = &[
    "[Event \"Havana m\"]",
    "[White \"Capablanca, Jose Raul\"]",
    "[Bianco \"Nicolò\"]",
    "[Result \"1-0\"]",
    "[Risultato \"0-1\"]",
    "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]",
    "[Event \"a \\\"b\\\"\"]",
    "[Broken tag]",
    "[pgn]",
    "[/pgn]",
    "[%clk 0:03:00]",
    "1.e4",
    "e5",
    "2.Nf3",
    "Nc6",
    "1.",
    "1...",
    "12.",
    "3...Cf6",
    "Ac4",
    "Dxf7#",
    "O-O",
    "0-0-0",
    "exd6",
    "e.p.",
    "ep",
    "e8=D",
    "C_3",
    "_",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "1:0",
    "{a comment}",
    "{jolly}",
    "{ Jolly }",
    "{two\nlines}",
    "{è}",
    "{nested {brace}}",
    "{never closed",
    "}",
    "$1",
    "$",
    "$99999",
    "(",
    ")",
    "(1...e6 2.d4)",
    ";",
    "; a comment",
    "%",
    "% escape",
    "é4",
    "Сf3",
    "<br />",
    ". . .",
    "!?",
    "\"",
    "]",
];

const BLANKS: &[&str] = &[" ", "\n", "\n\n", "\r\n", "\t", ",", "", "  "];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (prop::sample::select(PIECES), prop::sample::select(BLANKS)),
        0..40,
    )
    .prop_map(|v| v.into_iter().map(|(p, b)| format!("{p}{b}")).collect())
}

/// The first real game file of `../shared/data/pgn`, its first 16 KB.
fn real() -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("shared/data/pgn")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut text =
        String::from_utf8_lossy(&std::fs::read(&paths[0]).expect("a game file")).into_owned();
    let mut end = text.len().min(16 << 10);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Texts of pieces, common and odd: both paths read the same games.
    #[test]
    fn the_fast_path_reads_as_the_careful_path(text in text()) {
        prop_assert_eq!(read(games(&text)), read(careful(&text)));
    }

    /// A real file with a few bytes changed (a brace, a bracket, a line end, a letter
    /// outside ASCII, a quote, a `%`, a `;`): both paths read the same games.
    #[test]
    fn a_corrupted_real_file_reads_the_same_both_ways(
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(
            &["{", "}", "(", ")", "[", "]", "\n", "\n\n", "é", "\"", "%", ";", "$", " ", "", "1-0 ", "\\"][..]
        )), 1..6)
    ) {
        let mut text = real();
        for (at, piece) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            // Replace one character, or insert when at the end.
            let next = text[i..].chars().next().map_or(0, char::len_utf8);
            text.replace_range(i..i + next, piece);
        }
        prop_assert_eq!(read(games(&text)), read(careful(&text)));
    }
}

/// The 980 real games as they are: the fast path reads every one of them (none goes back
/// to the careful path), and as the careful path does.
#[test]
fn the_real_games_take_the_fast_path() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
    for entry in std::fs::read_dir(dir).expect("shared/data/pgn") {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let text = crate::decode::decode(&bytes).unwrap().text;
        let all = read(careful(&text));
        assert_eq!(read(games(&text)), all);
        let mut g = games(&text);
        let mut fast = 0;
        while g.fast_raw().is_some() {
            fast += 1;
        }
        assert_eq!(
            fast,
            all.len(),
            "{}: every game the fast way",
            path.display()
        );
        assert!(text[g.pos..].trim().is_empty());
    }
}
