//! Issue 26: Italian notation as Italians write it (newspapers, club sites, the federation's
//! manual). The plain reading goes first; these readings are tried only on a game it does
//! not replay as valid, and kept when they explain more. Exact plies, results, codes,
//! lines and columns.

use arbitro::verify::{GameReport, verify_bytes};

pub(super) fn check(text: &str) -> GameReport {
    let mut all = verify_bytes("t.pgn", text.as_bytes(), &Default::default()).expect("readable");
    assert_eq!(all.len(), 1, "one game: {all:#?}");
    all.remove(0)
}

/// `(code, line, column)` of every finding.
pub(super) fn found(r: &GameReport) -> Vec<(&'static str, u32, u32)> {
    r.findings
        .iter()
        .map(|f| {
            let s = f.span.unwrap_or_default();
            (f.code.as_str(), s.line, s.column)
        })
        .collect()
}

/// Plies, the result the replay supports, and the findings.
fn read(text: &str) -> (u32, String, Vec<(&'static str, u32, u32)>) {
    let r = check(text);
    let result = r.result().map_or(String::new(), |r| r.to_string());
    (r.plies(), result, found(&r))
}

const SCHOLAR: &str = "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.Dxf7";

// ---- point 2: the end of a game in words -----------------------------------------------

#[test]
fn a_resignation_in_words_is_the_result() {
    let ruy = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6";
    // The side to move resigns: after Black's 3...a6, White.
    assert_eq!(
        read(&format!("{ruy} abbandona")),
        (6, "0-1".into(), vec![("result-in-words", 1, 28)])
    );
    assert_eq!(
        read(&format!("{ruy} 4.Aa4 si arrende")),
        (7, "1-0".into(), vec![("result-in-words", 1, 34)])
    );
    // The side named wins over the side to move.
    assert_eq!(
        read(&format!("{ruy} Il bianco abbandona.")),
        (6, "0-1".into(), vec![("result-in-words", 1, 28)])
    );
    assert_eq!(
        read(&format!("{ruy} 4.Aa4 il nero abbandona")),
        (7, "1-0".into(), vec![("result-in-words", 1, 34)])
    );
    // `13. Il bianco abbandona.`: the number before the words goes with them.
    assert_eq!(
        read(&format!("{ruy}\n4. Il bianco abbandona.")),
        (6, "0-1".into(), vec![("result-in-words", 2, 4)])
    );
    assert_eq!(
        read(&format!("{ruy} 4.Aa4 Black resigns")),
        (7, "1-0".into(), vec![("result-in-words", 1, 34)])
    );
    assert_eq!(
        read(&format!("{ruy} resigns")),
        (6, "0-1".into(), vec![("result-in-words", 1, 28)])
    );
}

#[test]
fn a_draw_in_words_is_the_result() {
    for (words, column) in [
        ("patta", 28),
        ("pari", 28),
        ("draw agreed", 28),
        ("Patta.", 28),
    ] {
        assert_eq!(
            read(&format!("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 {words}")),
            (6, "1/2-1/2".into(), vec![("result-in-words", 1, column)]),
            "{words}"
        );
    }
}

#[test]
fn mate_in_words_is_the_mate_mark() {
    for words in ["matto", "Matto!", "scacco matto", "scaccomatto", "mate"] {
        assert_eq!(
            read(&format!("{SCHOLAR} {words}")),
            (7, "1-0".into(), vec![("result-in-words", 1, 36)]),
            "{words}"
        );
    }
    // On a move written with `+`, and with an annotation.
    assert_eq!(
        read(&format!("{SCHOLAR}+ matto")),
        (7, "1-0".into(), vec![("result-in-words", 1, 37)])
    );
    assert_eq!(
        read(&format!("{SCHOLAR}!! matto")),
        (7, "1-0".into(), vec![("result-in-words", 1, 38)])
    );
    // Mate and then a resignation: both read.
    assert_eq!(
        read(&format!("{SCHOLAR} matto, il nero abbandona")),
        (
            7,
            "1-0".into(),
            vec![("result-in-words", 1, 36), ("result-in-words", 1, 43)]
        )
    );
}

#[test]
fn a_result_in_words_is_checked_against_the_tag() {
    let r = read("[Risultato \"0-1\"]\n1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 il nero abbandona");
    assert_eq!(
        r,
        (
            7,
            "0-1".into(),
            vec![("result-in-words", 2, 34), ("result-mismatch", 2, 34)]
        )
    );
    // Words that contradict the result written after them are not read.
    let r = read("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 patta 1-0");
    assert_eq!(r.2, [("parse-error", 1, 34)]);
    // The same words agreeing with it are.
    let r = read("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 patta 1/2-1/2");
    assert_eq!(r, (7, "1/2-1/2".into(), vec![("result-in-words", 1, 34)]));
}

#[test]
fn the_issue_s_illegal_move_stays_illegal() {
    // Issue 26: `abbandona` once made `;` a comment and hid `3.Dh4`.
    let r = read("1.e4 e5; 2.Ac4 d6; 3.Dh4 Cf6; 4.Dxf7# abbandona");
    // Issue 28 point 4: read as Dh5, the replay goes on to `abbandona`.
    assert_eq!(
        (r.0, &r.2[..]),
        (
            7,
            &[("illegal-move", 1, 22), ("result-in-words", 1, 39)][..]
        )
    );
    for end in ["scaccomatto", "Il nero abbandona.", "matto", "patta"] {
        let r = check(&format!("1.e4 e5 2.Ac4 d6 3.Dh4 Cf6 4.Dxf7# {end}"));
        assert!(!r.is_valid(), "{end}");
        assert_eq!(r.plies(), 7, "{end}");
    }
}

// ---- point 4: typography ----------------------------------------------------------------

#[test]
fn typography_is_read() {
    let plain = |t: &str| {
        let r = read(t);
        (r.0, r.2)
    };
    // `…` for `...`, with or without the number's parenthesis.
    assert_eq!(plain("1.e4 e5 2.Cf3 Cc6 3.Ab5 3…a6"), (6, vec![]));
    assert_eq!(
        plain("1.e4 e5 2.Cf3 Cc6 3.Ab5 3)...a6 4.Aa4 4)…Cf6"),
        (8, vec![])
    );
    // A sentence's full stop after a move or a mark.
    assert_eq!(plain("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6."), (6, vec![]));
    assert_eq!(plain("1.e4 f6 2.d4 g5 3.Dh5#."), (5, vec![]));
    // An annotation glued to the next move number.
    assert_eq!(plain("1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6??4. Dxf7#"), (7, vec![]));
    assert_eq!(plain("1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6?4.Dxf7#"), (7, vec![]));
    // An illegal move after them is still found, where it stands.
    assert_eq!(
        plain("1.e4 e5 2.Cf3 Cc6 3.Ab5 3…a6 4.Ab7"),
        (6, vec![("illegal-move", 1, 32)])
    );
}

/// Castling written with a typographic dash (`–`, `—`), the move number against it: the
/// number is split off as in `4.O-O`, and the columns count characters.
#[test]
fn castling_with_a_typographic_dash_after_its_number_is_castling() {
    let opening = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5";
    for dash in ["–", "—"] {
        let (plies, _, found) = read(&format!("{opening} 4.O{dash}O Cf6 5.d3 d6"));
        assert_eq!((plies, found), (10, vec![("normalized-character", 1, 29)]));
    }
    // Long castling both sides; then a second castling is illegal, at its column.
    let (plies, _, found) = read(
        "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.d3 d6 5.Cc3 Cf6 6.Ae3 Ae6 7.Dd2 Dd7 8.O–O–O O–O–O 9.O–O",
    );
    assert_eq!(
        (plies, found),
        (
            16,
            vec![("normalized-character", 1, 67), ("illegal-move", 1, 83)]
        )
    );
}

// ---- point 3: the press style ----------------------------------------------------------

#[test]
fn the_press_style_is_read_as_pairs() {
    assert_eq!(
        read("1.e4-e5; 2.f4-exf4; 3.Cf3-g5"),
        (6, "*".into(), vec![("non-standard-notation", 1, 3)])
    );
    // An en dash between the two moves, spaced; the info once.
    assert_eq!(
        read(
            "1.d4 Cf6 2.c4 e6 3.Cc3 Ab4 4.e3 O-O 5.Ad3 d5 6.Cf3 c5 7.O-O Cc6 8.a3 Axc3\n9. bxc3 – dxc4 10. Axc4 – Dc7"
        ),
        (20, "*".into(), vec![("non-standard-notation", 2, 4)])
    );
    // Castling in a pair.
    assert_eq!(
        read("1.e4-e5 2.Cf3-Cc6 3.Ac4-Ac5 4.O-O-Cf6 5.d3-O-O"),
        (10, "*".into(), vec![("non-standard-notation", 1, 3)])
    );
    // With a resignation at the end: the side to move after a pair is White.
    assert_eq!(
        read("1.e4-e5 2.Cf3-Cc6 3.Ab5-a6 abbandona"),
        (
            6,
            "0-1".into(),
            vec![("non-standard-notation", 1, 3), ("result-in-words", 1, 28)]
        )
    );
}

#[test]
fn the_long_form_keeps_its_reading() {
    // `e2-e4` is one move: an illegal move later is not read as pairs.
    let r = read("1.e2-e4 e7-e5 2.g1-f3 b8-c6 3.f1-b5 a7-a6 4.b5-b7");
    assert_eq!(
        (r.0, r.2),
        (
            6,
            vec![("non-standard-notation", 1, 17), ("illegal-move", 1, 45)]
        )
    );
}
