//! Unit tests of the quick reader (issue 33): what it takes, what it leaves to the careful
//! reader. Debug builds compare every game it takes with the careful reader's reading
//! (`Games::go_on`), so taking a game here also checks it is read the same way.

use super::games;

/// Whether the quick reader takes the first game of `text`.
fn quick(text: &str) -> bool {
    games(text).quick_game().is_some()
}

/// Every game of `text`, read with and without the quick reader: numbers, ends, tokens
/// and spans the same.
fn same_games(text: &str) {
    let a: Vec<_> = games(text)
        .map(|g| (g.number, g.end, g.span, g.tokens.clone(), g.errors.clone()))
        .collect();
    let b: Vec<_> = games(text)
        .careful()
        .map(|g| (g.number, g.end, g.span, g.tokens.clone(), g.errors.clone()))
        .collect();
    assert_eq!(a, b, "{text:?}");
}

#[test]
fn the_common_game_is_read_quick() {
    let text = concat!(
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Nf3 Nc6 {a comment\n",
        "over two lines} 3.Bb5 $1 a6 4.O-O 0-0 1-0\n\n[Event \"y\"]\n1.d4 *"
    );
    assert!(quick(text));
    let all: Vec<_> = games(text).collect();
    assert_eq!(all.len(), 2);
    assert_eq!((all[0].number, all[1].number), (1, 2));
    let e4 = &all[0].tokens[1];
    assert_eq!(
        (
            all[0].word(e4),
            all[0].span_of(e4).line,
            all[0].span_of(e4).column
        ),
        ("e4", 4, 3)
    );
    let a6 = all[0]
        .tokens
        .iter()
        .find(|t| all[0].word(t) == "a6")
        .unwrap();
    assert_eq!(
        (all[0].span_of(a6).line, all[0].span_of(a6).column),
        (5, 26)
    );
    same_games(text);
    // No tags, a black move number first, a result alone.
    for text in [
        "1.e4 e5 *",
        "12... Nf6 13.Nf3 0-1",
        "[Event \"x\"]\n*",
        "1. e4 1/2-1/2 \n\n",
    ] {
        assert!(quick(text), "{text:?}");
        same_games(text);
    }
}

#[test]
fn the_quick_reader_gives_up_on_anything_else() {
    let cases = [
        // No result, tags alone, nothing.
        "1.e4 e5",
        "[Event \"x\"]\n",
        "  \n ",
        // Variations, `;`, `%`, `_`, non-ASCII, a separate e.p.
        "1.e4 (1.d4) e5 *",
        "1.e4 e5; 2.Nf3 *",
        "%comment\n1.e4 *",
        "1.e4 e_ *",
        "1.e4 è5 *",
        "[Event \"Città\"]\n1.e4 *",
        "1.e4 d5 2.e5 f5 3.exf6 e.p. *",
        // A `1.` after movetext, a bare number, a result in another form, `0.`.
        "1.e4 e5 1.d4 *",
        "1 e4 e5 *",
        "1.e4 e5 1:0",
        "0.e4 *",
        // A word or a comment after the result, a `[pgn]`, the jolly, a nested brace, an
        // unclosed comment, a `$` alone.
        "1.e4 e5 1-0 Black resigns",
        "1.e4 e5 1-0 {resigns}",
        "[pgn]1.e4 *",
        "1.e4 e5 *[pgn]",
        "1.e4 {jolly} e5 *",
        "1.e4 {a {b} e5 *",
        "1.e4 {open e5 *",
        "1.e4 $ e5 *",
        // A tag again, a tag after a comment, a result tag that is no result.
        "[Event \"x\"]\n[Event \"y\"]\n1.e4 *",
        "[Result \"1-0\"]\n[Risultato \"1-0\"]\n1.e4 1-0",
        "{c}\n[Event \"x\"]\n1.e4 *",
        "[Result \"+--\"]\n1.e4 *",
        // An escaped quote, a tag on two lines.
        "[Event \"a\\\"b\"]\n1.e4 *",
        "[Event \"a\nb\"]\n1.e4 *",
        // Words the careful reader takes as rare ones.
        "1.e4 ... e5 *",
        "1.e4 <br /> e5 *",
        "1.e4 e5 } *",
        "1.e4 e5 ] *",
        "1.e4 \"e5\" *",
        "1.e4 -- *",
        "1.e4 1/2 *",
    ];
    for text in cases {
        assert!(!quick(text), "{text:?} is not for the quick reader");
        same_games(text);
    }
}

#[test]
fn a_game_after_a_line_of_other_characters_is_read_carefully() {
    // The careful reader counts columns by characters on a line that holds non-ASCII:
    // the second game starts on such a line.
    let text = "1.e4 {è} e5 1-0 [Event \"x\"] 1.d4 *";
    let mut g = games(text);
    assert!(g.next().is_some());
    assert!(g.quick_game().is_none());
    same_games(text);
}

#[test]
fn the_quick_reader_notes_what_the_careful_one_does() {
    let text = "[Bianco \"A\"]\n[fen \"x\"]\n1.e4 Cf6 2.Nf3 1-0\n";
    assert!(quick(text));
    let q = games(text).next().unwrap();
    let c = games(text).careful().next().unwrap();
    assert_eq!(q.notation_guess(), c.notation_guess());
    assert_eq!(q.may_hold_miscased_tags(), c.may_hold_miscased_tags());
    assert_eq!(q.tag("White"), Some("A"));
    assert_eq!(q.terminator(), c.terminator());
}

#[test]
fn empty_lines_between_games_are_noted_as_the_careful_reader_notes_them() {
    // The last empty line decides whether a later `1.` starts a game: the quick reader
    // must leave it where the careful one does.
    let text = "1.e4 e5 1-0\n \n\n[Event \"x\"]\n1.d4 d5\n\n1.c4 *";
    same_games(text);
    assert_eq!(games(text).count(), 3);
}
