//! Issue 33, direction 2: a token's line and column (`RawGame::span_of`), however the
//! token keeps them, must be what a walk over the whole text from its start gives
//! (`span::Locator`: line ends, and characters since the last one), for every token, on
//! games long and short, with non-ASCII characters, tabs, CR line ends, a byte order mark,
//! and tokens longer than a 16-bit length (a comment or a word over 64 KiB).

use arbitro::classical::{ReplayOptions, replay};
use arbitro::notation::classical::{TokenKind, games};
use arbitro::span::Locator;

/// Every token of every game of `text`: its span as the game gives it, and as a walk over
/// the whole text from its start gives it.
fn check_every_token(text: &str) -> usize {
    let mut loc = Locator::new(text);
    let mut n = 0;
    for g in games(text) {
        for t in &g.tokens {
            let r = g.range_of(t);
            let expected = loc.span(r.start, r.end);
            assert_eq!(g.span_of(t), expected, "token {n} ({:?})", t.kind());
            n += 1;
        }
    }
    n
}

/// A long game: `plies` moves of a legal loop (knights out and back), every line with a
/// comment holding non-ASCII characters and a tab, lines ending as `end`.
fn long_game(plies: usize, end: &str) -> String {
    let cycle = ["Cf3", "Cf6", "Cg1", "Cg8"];
    let mut text = format!("[Event \"Più lunga\"]{end}[Site \"Città\"]{end}{end}");
    for i in 0..plies {
        if i % 2 == 0 {
            text.push_str(&format!("{}.", i / 2 + 1));
        }
        text.push_str(cycle[i % 4]);
        text.push(' ');
        if i % 3 == 0 {
            text.push_str("{già\tvisto, è così} ");
        }
        if i % 7 == 6 {
            text.push_str(end);
        }
    }
    text.push_str(&format!("*{end}{end}"));
    text
}

#[test]
fn spans_of_a_long_game_are_those_of_a_walk_from_the_start() {
    // Longer than the distance walked without marks (16 KiB), with CR line ends too.
    for end in ["\n", "\r\n"] {
        let one = long_game(8000, end);
        assert!(one.len() > 64 * 1024);
        let text = format!("\u{feff}{one}{}", long_game(40, end));
        assert!(check_every_token(&text) > 10_000);
    }
}

#[test]
fn a_comment_longer_than_a_token_holds_keeps_its_text_and_the_places_after_it() {
    let body = "è ".repeat(40_000); // 120,000 bytes
    let text = format!("[Event \"x\"]\n\n1.e4 {{{body}}} e5\n2.Cf3 Cc6 3.Ab5 Cf3 *\n");
    check_every_token(&text);
    let g = games(&text).next().unwrap();
    let comment = g
        .tokens
        .iter()
        .find(|t| t.kind() == TokenKind::Comment)
        .unwrap();
    assert_eq!(g.word(comment), body);
    assert_eq!(g.range_of(comment).len(), body.len() + 2);
    // The illegal move stands on line 4 after the comment: its finding says so.
    let r = replay(&g, &ReplayOptions::default());
    let f = r
        .findings
        .iter()
        .find(|f| f.code.as_str() == "illegal-move")
        .unwrap();
    let s = f.span.unwrap();
    assert_eq!((s.line, s.column), (4, 17));
}

#[test]
fn a_word_longer_than_a_token_holds_is_read_and_placed() {
    let word = "x".repeat(70_000);
    let text = format!("1.e4 {{é}} {word} e5 2.Cf3 Cc6 3.Ab5 Cf3 *\n");
    check_every_token(&text);
    let g = games(&text).next().unwrap();
    let long = g
        .tokens
        .iter()
        .find(|t| t.kind() == TokenKind::Move && g.range_of(t).len() == 70_000)
        .unwrap();
    assert_eq!(g.word(long), word);
    let r = replay(&g, &ReplayOptions::default());
    let columns: Vec<_> = r
        .findings
        .iter()
        .filter_map(|f| {
            f.span
                .map(|s| (f.code.as_str().to_string(), s.line, s.column))
        })
        .collect();
    // The long word is no move (at column 10, after `1.e4 {é} `); the illegal `Cf3`
    // stands 70,000 characters further on.
    assert!(columns.iter().any(|c| c.1 == 1 && c.2 == 10), "{columns:?}");
    assert!(
        columns
            .iter()
            .any(|c| c.0 == "illegal-move" && c.2 == 10 + 70_000 + 20),
        "{columns:?}"
    );
}
