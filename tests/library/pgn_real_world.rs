//! Issue 16: real-world PGN, read as other chess tools read it; one test (or a few) per
//! class of the issue, on the minimal examples and hand-made files. Also issue 13
//! items 5-7 (variant detection, `%` and `{…}` in a tag value, deep nesting) and issue 14
//! item 13's stray results.

use arbitro::verify::{GameReport, Variant, verify_bytes};

use crate::common;
use common::Scratch;

fn check_all(text: &str) -> Vec<GameReport> {
    verify_bytes("t.pgn", text.as_bytes(), &Default::default()).expect("readable")
}

fn check(text: &str) -> GameReport {
    let mut all = check_all(text);
    assert_eq!(all.len(), 1, "one game: {all:#?}");
    all.remove(0)
}

fn codes(r: &GameReport) -> Vec<&'static str> {
    r.findings.iter().map(|f| f.code.as_str()).collect()
}

/// `(code, written move number, line, column)` of every finding.
fn found(r: &GameReport) -> Vec<(&'static str, Option<u32>, u32, u32)> {
    r.findings
        .iter()
        .map(|f| {
            let s = f.span.unwrap_or_default();
            (f.code.as_str(), f.move_number, s.line, s.column)
        })
        .collect()
}

/// `batch`'s CSV rows for one file: `(game, valid, first error code)`.
fn batch_rows(text: &str) -> Vec<(String, String, String)> {
    let d = Scratch::new(
        "pgnrw",
        &format!(
            "{:x}",
            text.len() * 31 + text.bytes().map(usize::from).sum::<usize>()
        ),
    );
    let file = d.join("g.pgn");
    std::fs::write(&file, text).unwrap();
    let csv = d.join("r.csv");
    let o = common::bin()
        .args(["batch", "-q"])
        .arg(&file)
        .arg("--report")
        .arg(&csv)
        .output()
        .unwrap();
    assert!(o.status.code().is_some_and(|c| c < 2), "{o:?}");
    std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1].to_string(), f[3].to_string(), f[6].to_string())
        })
        .collect()
}

/// `verify`'s games as `batch_rows` gives them.
fn verify_rows(text: &str) -> Vec<(String, String, String)> {
    check_all(text)
        .iter()
        .map(|r| {
            (
                r.game.to_string(),
                r.is_valid().to_string(),
                r.first_error().map_or("", |f| f.code.as_str()).to_string(),
            )
        })
        .collect()
}

// ---- 1. One way to cut games -------------------------------------------------------

#[test]
fn class1_a_tag_line_inside_a_comment_cuts_no_game() {
    let text = "[Event \"x\"]\n\n1. d4 d5 2. c4 {\n[#]} e6 *\n";
    let r = check(text);
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(r.plies(), 4);
    assert_eq!(batch_rows(text), verify_rows(text));
}

#[test]
fn class1_batch_and_verify_cut_a_mixed_file_alike() {
    // Every class below in one file: batch's game rows are verify's games.
    let text = "\u{feff}[Event \"a\"]\n[White \"A\"]\n\n1. e4 e5 {\n[Event \"not a tag\"]} 2. Nf3 1-0 {after}\n\n\
                [Event \"b\"]\n[White \"B\"]\n[Result \"*\"]\n\n[Event \"c\"]\n1.e4 e5 1-0 0-1 \u{bd}-\u{bd} *\n\
                1. d4 ; the usual reply\n1... d5 *\n\n1. c4 c5 *\n\u{feff}[Event \"d\"]\n1. e4 (1. d4 {(}) e5 2. Ke3 *\n";
    let v = verify_rows(text);
    assert_eq!(v.len(), 6, "{v:?}");
    assert_eq!(batch_rows(text), v);
}

// ---- 2. Game boundaries --------------------------------------------------------------

#[test]
fn class2_header_only_games_and_comments_after_the_result() {
    let text = "[Event \"Forfeits\"]\n[White \"Rossi\"]\n[Black \"Verdi\"]\n[Result \"1-0\"]\n\n\
                [Event \"Forfeits\"]\n[White \"Bianchi\"]\n[Black \"Neri\"]\n[Result \"0-1\"]\n\n\
                [Event \"Played\"]\n[White \"Gialli\"]\n[Black \"Blu\"]\n\n1. e4 e5 1-0 {White won on time}\n";
    let all = check_all(text);
    let names: Vec<_> = all
        .iter()
        .map(|r| (r.white().unwrap(), r.black().unwrap(), r.plies()))
        .collect();
    assert_eq!(
        names,
        [
            ("Rossi", "Verdi", 0),
            ("Bianchi", "Neri", 0),
            ("Gialli", "Blu", 2)
        ]
    );
    assert!(all.iter().all(GameReport::is_valid));
    assert_eq!(all[2].result().map(|r| r.as_str()), Some("1-0"));
}

#[test]
fn class2_stray_results_make_one_game_and_a_finding() {
    // Issue 14 item 13.
    let r = check("1.e4 e5 1-0 0-1 \u{bd}-\u{bd} *");
    assert_eq!(codes(&r), ["stray-result", "stray-result", "stray-result"]);
    assert_eq!(r.result().map(|r| r.as_str()), Some("1-0"));
    assert!(r.is_valid());
    // The short draw `1/2` ends a game too, with an info naming the form (issue 25).
    let r = check("1. e4 e5 1/2");
    assert_eq!(codes(&r), ["normalized-character"]);
    assert_eq!(r.result().map(|r| r.as_str()), Some("1/2-1/2"));
}

#[test]
fn class2_games_without_tags_apart_by_an_empty_line() {
    let all = check_all("1. e4 e5 2. Nf3 Nc6 3. Bb5 {a}\n\n1. d4 d5 *\n\n1. c4 *\n");
    assert_eq!(all.iter().map(|r| r.plies()).collect::<Vec<_>>(), [5, 2, 1]);
    assert!(all.iter().all(GameReport::is_valid));
    // Without the empty line the numbering simply jumps back: one game.
    let r = check("1. e4 e5\n2. Nf3 Nc6\n");
    assert_eq!(r.plies(), 4);
}

// ---- 3. A structural error does not hide the moves --------------------------------------

#[test]
fn class3_the_illegal_move_after_a_structural_error_is_found() {
    for (text, first) in [
        (
            "[Event \"Broken tag]\n1. e4 e5 2. Ke3 *",
            ("bad-tag", None, 1, 1),
        ),
        ("1. e4 ) e5 2. Ke3 *", ("parse-error", None, 1, 7)),
        (
            "1. e4 {never closed\ne5 2. Ke3 *",
            ("parse-error", None, 1, 7),
        ),
        // Issue 26 point 5: plain words between moves are prose, read as a comment.
        (
            "1. e4 e5\nthis is junk\n2. Ke3 *",
            ("prose-in-movetext", None, 2, 1),
        ),
        // A word that begins with an `o` but is no castling (`oops`, `o1`) is passed
        // over like any stray word, not taken for a move that stops the replay.
        ("1. e4 e5 oops 2. Ke3 *", ("parse-error", Some(2), 1, 10)),
        ("1. e4 e5 o1 2. Ke3 *", ("parse-error", Some(2), 1, 10)),
    ] {
        let r = check(text);
        let f = found(&r);
        assert_eq!(f[0], first, "{text}");
        assert_eq!(f.last().unwrap().0, "illegal-move", "{text}: {f:?}");
        assert_eq!(f.last().unwrap().1, Some(2), "{text}");
        assert_eq!(f.len(), 2, "{text}: {f:?}");
    }
}

// ---- 4. Notation detection by the board -------------------------------------------------

#[test]
fn class4_an_english_rook_is_not_an_italian_king() {
    let r = check("[FEN \"7k/5K2/4R3/8/8/8/8/8 w - - 0 1\"]\n1. Rh6# 1-0");
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(r.ending(), Some("checkmate"));
    assert_eq!(r.notation().unwrap().code(), "en");
    // A promotion to Q is English.
    let r = check("[FEN \"8/3P4/8/8/8/8/8/k3K3 w - - 0 55\"]\n55. d8=Q Ka2 56. Qd5+ *");
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(r.notation().unwrap().code(), "en");
    // Where the Italian reading is legal, it stays (R is the king).
    let r = check("1.e4 e5 2.Re2");
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(r.notation().unwrap().code(), "it");
}

// ---- 5. Other ways of writing a move -----------------------------------------------------

#[test]
fn class5_other_forms_are_read_with_one_info_each() {
    let cases = [
        (
            "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 *",
            vec!["non-standard-notation", "non-standard-notation"],
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke1-g1 *",
            vec!["non-standard-notation"],
        ),
        (
            "1. e4 e5 2. \u{2658}f3 \u{265e}c6 3. \u{2657}b5 *",
            vec!["non-standard-notation"],
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o *",
            vec!["non-standard-notation"],
        ),
        (
            "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n1. ... e5 2. Nf3 *",
            vec!["non-standard-notation"],
        ),
    ];
    for (text, want) in cases {
        let r = check(text);
        assert!(r.is_valid(), "{text}: {:?}", r.findings);
        assert_eq!(codes(&r), want, "{text}");
        assert!(r.findings.iter().all(|f| f.severity().as_str() == "info"));
    }
    let r = check("1. e2e4 e7e5 2. g1f3 *");
    assert!(r.findings[0].message.contains("coordinate notation"));
    let r = check("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke1-g1 *");
    assert!(
        r.findings[0]
            .message
            .contains("castling written as the king's move")
    );
}

#[test]
fn class5_null_moves_stay_errors_that_say_so() {
    for null in ["--", "Z0"] {
        let r = check(&format!("1. e4 {null} 2. d4 e5 *"));
        assert_eq!(codes(&r), ["illegal-move"], "{null}");
        assert!(r.findings[0].message.contains("null move"), "{null}");
        assert_eq!(r.findings[0].label.as_deref(), Some("null move"));
        // The turn passed: White's 2. d4 is still checked, and legal.
        assert_eq!(r.plies(), 3);
    }
}

// ---- 6. `;` ----------------------------------------------------------------------------------

#[test]
fn class6_a_semicolon_is_a_comment_or_a_separator() {
    let r = check("1. e4 ; the usual reply\n1... c5 2. Nf3 *");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.plies(), 3);
    let r = check("1.e4 e5; 2.Ac4 d6; 3.Dh5 Cf6; 4.Dxf7#");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.plies(), 7);
    // A comment to the end of the line may hold what looks like a move.
    let r = check("1. e4 ; a reply 1... Ke7?? is bad\n1... e5 *");
    assert_eq!(r.plies(), 2, "{:?}", r.findings);
    // A misspelt move after `;` on an Italian sheet is still a move, reported.
    let r = check("1.e4 e5; 2.Zf3 Cc6; 3.Ab5");
    assert_eq!(found(&r), [("parse-error", Some(2), 1, 12)]);
}

// ---- 7. Unicode look-alikes ----------------------------------------------------------------

#[test]
fn class7_look_alikes_are_read_as_plain_with_one_info() {
    let text =
        "1.\u{a0}e4 e5 2.\u{a0}Nf3 \u{2a71} Nc6 3.\u{a0}Bc4 Bc5 4. O\u{2011}O \u{221e} 1\u{2013}0";
    let r = check(text);
    // One info for the look-alikes in moves, one naming the result's form (issue 25).
    assert_eq!(codes(&r), ["normalized-character", "normalized-character"]);
    assert_eq!(r.plies(), 7);
    assert_eq!(r.result().map(|r| r.as_str()), Some("1-0"));
    // A move glued to a look-alike result by a no-break space starts the next game.
    let all = check_all("1. e4 e5 1\u{2013}0\u{a0}1.\u{a0}d4 *");
    assert_eq!(all.iter().map(|r| r.plies()).collect::<Vec<_>>(), [2, 1]);
    // A BOM in the middle: two files put together.
    let all = check_all("[Event \"a\"]\n1. e4 *\n\u{feff}[Event \"b\"]\n1. d4 *\n");
    assert_eq!(all.len(), 2);
    assert!(all.iter().all(GameReport::is_valid));
}

// ---- 8. Set-ups --------------------------------------------------------------------------

const CHESS960: &str = "[Variant \"fischerandom\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n\
    1. d4 d5 2. c3 Nb6 3. e4 dxe4 4. Bxe4 g6 5. g4 c6 6. Qf3 Ne6 7. Nb3 Qf6 8. Qxf6 exf6 9. h4 O-O \
    10. Be3 Nf4 11. Nc5 Rfe8 12. Nd2 Nbd5 13. c4 b6 14. cxd5 cxd5 15. Bc2 bxc5 16. Nb3 c4 17. Nc5 Bd6 \
    18. Ba4 Re7 19. Bc2 h5 20. gxh5 Nxh5 21. O-O-O *";

#[test]
fn class8_chess960_and_its_fens() {
    let r = check(CHESS960);
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(r.plies(), 41);
    // Shredder-FEN castling rights, without a Variant tag.
    let shredder = CHESS960
        .replace("[Variant \"fischerandom\"]\n", "")
        .replace("KQkq", "GDgd");
    let r = check(&shredder);
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(r.plies(), 41);
}

#[test]
fn class8_impossible_castling_rights_are_dropped_with_a_warning() {
    let r = check("[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n1. Kd2 Kd7 *");
    assert_eq!(found(&r), [("castling-rights-dropped", None, 1, 1)]);
    assert!(r.is_valid());
    let r = check("[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n1. O-O *");
    assert_eq!(codes(&r), ["castling-rights-dropped", "illegal-move"]);
    // An en-passant square no pawn can use is dropped quietly.
    let r = check("[FEN \"4k3/8/8/8/8/8/8/4K3 w - e6 0 1\"]\n1. Kd2 *");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

#[test]
fn class8_other_variants_get_one_finding_never_valid() {
    let r = check("[Variant \"Crazyhouse\"]\n1. e4 e5 2. Nf3 N@f6 (2... Q@h4) *");
    assert_eq!(codes(&r), ["unsupported-variant"]);
    assert!(!r.is_valid());
    assert_eq!(r.plies(), 0);
}

// ---- 9. Move numbers ---------------------------------------------------------------------

#[test]
fn class9_written_numbers_jumps_and_a_missing_fen() {
    let r = check("1. e4 e5 2. Nf3 Nc6 5. Bb5 a6 6. Zz9 *");
    assert_eq!(
        found(&r),
        [
            ("move-number-mismatch", Some(5), 1, 21),
            ("parse-error", Some(6), 1, 34)
        ]
    );
    let r = check("17. Nf3 Nf6 18. Ke3 *");
    assert_eq!(codes(&r), ["move-number-mismatch", "illegal-move"]);
    assert_eq!(
        r.findings[0].hint.as_deref(),
        Some("a [FEN] / [SetUp] tag is missing?")
    );
    assert_eq!(r.findings[1].move_number, Some(18));
    assert!(
        r.findings[1].message.starts_with("18.Ke3 "),
        "{}",
        r.findings[1].message
    );
    // With a FEN, the sheet numbers from its own position.
    let r = check("[FEN \"4k3/R7/4K3/8/8/8/8/8 w - - 0 1\"]\n40. Ra8# 1-0");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

// ---- 10. Variations -------------------------------------------------------------------------

#[test]
fn class10_variations_are_replayed_from_their_branch_point() {
    let r = check("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 Nc6 *");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    let r = check("1. e4 e5 (1... c5 2. Ke3) 2. Nf3 Nc6 *");
    assert_eq!(found(&r), [("illegal-move-in-variation", Some(2), 1, 22)]);
    assert!(r.is_valid());
    // Unbalanced: an error, and the main line is still checked.
    let r = check("1. e4 e5 (1... c5 2. Nf3 Ke7");
    assert!(codes(&r).contains(&"parse-error"));
    assert_eq!(r.plies(), 2);
}

// ---- 11. Tag names are case-sensitive -------------------------------------------------------

#[test]
fn class11_a_tag_in_another_case_is_not_read_but_warned() {
    let r = check("[fEn \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. e4 e5 *");
    assert_eq!(found(&r), [("tag-case", None, 1, 1)]);
    assert_eq!(r.plies(), 2, "the FEN is not used");
}

// ---- Issue 13 items 5-7 ------------------------------------------------------------------

#[test]
fn variant_detection_is_one_rule() {
    let classical =
        "[Event \"x\"]\n1. e4 {see [Esercito \"S\"] in the rules} e5 *\n[Event \"y\"]\n1. d4 *\n";
    assert_eq!(Variant::detect(classical), Variant::Classical);
    assert_eq!(check_all(classical).len(), 2);
    for tag in ["[ Esercito \"S\"]", "[esercito \"S\"]", "[Esercito \"S\"]"] {
        let text = format!("[Evento \"x\"]\n\n{tag}\n1. nera P h2 - h3\n");
        assert_eq!(Variant::detect(&text), Variant::SuperScacchi, "{tag}");
        let all = check_all(&text);
        assert_eq!(all.len(), 1, "{tag}");
        assert_eq!(all[0].variant(), Variant::SuperScacchi);
        // batch reads it the same way: one row.
        assert_eq!(batch_rows(&text).len(), 1, "{tag}");
    }
    // A header longer than 64 KiB before the first sheet.
    let long = format!(
        "[Evento \"x\"]\n{}[Esercito \"S\"]\n1. nera P h2 - h3\n",
        "[Nota \"0123456789012345678901234567890123456789\"]\n".repeat(2000)
    );
    assert_eq!(Variant::detect(&long), Variant::SuperScacchi);
    assert_eq!(batch_rows(&long).len(), 1);
}

#[test]
fn percent_and_braces_inside_a_tag_value_stay() {
    use arbitro::notation::superscacchi::{parse, prepare};
    let text = "[Evento \"Torneo 100% SuperScacchi {finale}\"]\n[Esercito \"S\"]\n1. nera P h2 - h3 % a comment\n";
    let clean = prepare(text);
    let game = parse(&clean);
    assert_eq!(
        game.tag("Evento"),
        Some("Torneo 100% SuperScacchi {finale}")
    );
    assert!(!clean.contains("a comment"));
}

#[test]
fn nesting_deeper_than_65535_is_no_error() {
    let n = 70_000;
    let text = format!("1. e4 {}{} e5 *", "(".repeat(n), ")".repeat(n));
    let r = check(&text);
    assert!(r.is_valid(), "{:?}", &r.findings[..r.findings.len().min(3)]);
    assert!(!codes(&r).contains(&"parse-error"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 3000, ..Default::default() })]

    /// Every game the lexer cuts ends past where it starts, so reading always ends, whatever
    /// mix of look-alikes, results, moves, comments and `;` the text holds; and the replay
    /// never panics on it.
    #[test]
    fn cutting_always_moves_on(parts in proptest::collection::vec(proptest::prop_oneof![
        proptest::strategy::Just("1-0"), proptest::strategy::Just("1\u{2013}0"),
        proptest::strategy::Just("\u{a0}"), proptest::strategy::Just("\u{feff}"),
        proptest::strategy::Just("1."), proptest::strategy::Just("..."), proptest::strategy::Just(" "),
        proptest::strategy::Just("\n"), proptest::strategy::Just("e4"), proptest::strategy::Just("Nf3"),
        proptest::strategy::Just("O\u{2011}O"), proptest::strategy::Just("{"), proptest::strategy::Just("}"),
        proptest::strategy::Just("("), proptest::strategy::Just(")"), proptest::strategy::Just(";"),
        proptest::strategy::Just("[Event \"x\"]"), proptest::strategy::Just("--"), proptest::strategy::Just("\u{2658}"),
        proptest::strategy::Just("*"), proptest::strategy::Just("<br />"), proptest::strategy::Just("[pgn]"),
    ], 0..60)) {
        let text = parts.concat();
        let mut last = 0;
        for g in arbitro::notation::classical::games(&text) {
            proptest::prop_assert!(g.end > last || (g.end == text.len() && last < text.len()), "{:?} {} {}", text, last, g.end);
            last = g.end;
            let _ = arbitro::classical::replay(&g, &Default::default());
        }
        let _ = arbitro::verify::verify_bytes("p", text.as_bytes(), &Default::default());
    }
}
