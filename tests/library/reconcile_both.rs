//! Issue 28 point 6, reconcile's leftovers: a slip on both sheets at the same ply no longer
//! stops the alignment when the rest aligns (FIDE 8.1), and a tie between two readings is
//! said on the sheet where they part, not on no sheet at all.

use arbitro::classical::reconcile::{Agreement, Reconciliation, SheetLetter, Why};
use arbitro::finding::Severity;

use super::reconcile::rec;

/// `(code, severity, ply, sheet, line, column, proposed)` of every finding.
type Said = (
    &'static str,
    Severity,
    Option<u32>,
    Option<SheetLetter>,
    u32,
    u32,
    Vec<String>,
);

fn said(r: &Reconciliation) -> Vec<Said> {
    r.findings
        .iter()
        .map(|f| {
            let x = &f.finding;
            let s = x.span.unwrap_or_default();
            let p = x
                .proposal
                .as_ref()
                .map(|p| p.moves.clone())
                .unwrap_or_default();
            (
                x.code.as_str(),
                x.severity(),
                x.ply,
                f.side,
                s.line,
                s.column,
                p,
            )
        })
        .collect()
}

const A: &str = "1.e4 e5 2.Cf3 Cc6 3.Ab4 a6 4.Aa4 Cf6 5.0-0 Ae7";

#[test]
fn a_different_slip_on_both_sheets_at_one_ply_is_read_on() {
    // A wrote Ab4 (a rank), B Ab6 (a rank): neither legal, both fit Ab5 alone.
    let r = rec(A, "1.e4 e5 2.Cf3 Cc6 3.Ab6 a6 4.Aa4 Cf6 5.0-0 Ae7");
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.rows.len(), 10, "the game goes on to its end");
    assert_eq!(r.rows[4].why, Why::BothSlip);
    assert_eq!(
        r.rows[4].taken_text(arbitro::notation::san::Notation::Italian),
        "Ab5"
    );
    assert!(r.rows[4].could_be.is_empty());
    assert!(r.rows[4].differs());
    let ab5 = vec!["Ab5".to_string()];
    assert_eq!(
        said(&r),
        [
            (
                "illegal-move",
                Severity::Error,
                Some(5),
                Some(SheetLetter::A),
                1,
                21,
                ab5.clone()
            ),
            (
                "illegal-move",
                Severity::Error,
                Some(5),
                Some(SheetLetter::B),
                1,
                21,
                ab5
            ),
        ]
    );
    assert_eq!(
        r.findings[0].finding.message,
        "at 3.Ab5 sheet A's Ab4 is not legal, and sheet B's Ab6 names no legal move either: \
         read as Ab5 to go on, a move both fit, the reading with which the game replays \
         furthest"
    );
    assert_eq!(r.findings[0].finding.rule, Some("FIDE 8.1"));
    assert_eq!(
        r.findings[1].finding.message_in(arbitro::lang::Lang::It),
        "a 3.Ab5 Ab6 del formulario B non è legale, e neanche Ab4 del formulario A è una mossa \
         legale: letta come Ab5 per proseguire, una mossa che entrambe possono essere, la \
         lettura con cui la partita si rigioca più a lungo"
    );
}

#[test]
fn the_same_slip_on_both_sheets_is_read_as_the_later_moves_choose() {
    // Both wrote Ab4: it fits Ab5, Ac4 and the pawn's b4; 4.Aa4 is legal only from b5.
    let r = rec(A, A);
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.rows.len(), 10);
    assert_eq!(r.rows[4].why, Why::BothSlip);
    let n = arbitro::notation::san::Notation::Italian;
    assert_eq!(r.rows[4].taken_text(n), "Ab5");
    assert_eq!(r.rows[4].could_be_texts(n), ["Ac4", "Ab5", "b4"]);
    // The same word on both: no difference between the sheets, a slip on each.
    assert!(!r.rows[4].differs());
    let codes: Vec<_> = said(&r).into_iter().map(|s| (s.0, s.2, s.3)).collect();
    assert_eq!(
        codes,
        [
            ("illegal-move", Some(5), Some(SheetLetter::A)),
            ("illegal-move", Some(5), Some(SheetLetter::B)),
        ]
    );
    assert!(
        r.findings[0]
            .finding
            .message
            .contains("(both could be Ac4, Ab5 or b4)"),
        "{}",
        r.findings[0].finding.message
    );
}

#[test]
fn an_ambiguous_move_on_both_sheets_is_an_ambiguous_move_on_each() {
    // 5.Cd2 on both: Cbd2 or Cfd2; the later 6.Cb3 only from d2 with the b-knight gone?
    // Both knights can go on: the later moves decide nothing, two readings tie.
    let g = "1.d4 d5 2.Cf3 Cf6 3.e3 e6 4.Ad3 Ad6 5.Cd2 0-0 6.0-0 c5";
    let r = rec(g, g);
    assert_eq!(r.outcome, Agreement::Ambiguous, "{:?}", said(&r));
    assert_eq!(r.rows[8].why, Why::BothSlip);
    let codes: Vec<_> = said(&r).into_iter().map(|s| (s.0, s.2, s.3)).collect();
    assert_eq!(
        codes,
        [
            ("ambiguous-move", Some(9), Some(SheetLetter::A)),
            ("ambiguous-move", Some(9), Some(SheetLetter::B)),
            ("ambiguous-reconciliation", Some(9), Some(SheetLetter::B)),
        ]
    );
}

#[test]
fn a_slip_on_both_sheets_still_stops_where_the_rest_does_not_align() {
    // Ab4 on both fits Ab5, but the next word, 3...Ra1, fits no legal move: reading the
    // slip gains nothing, the game stops at it as before (FIDE 3).
    let g = "1.e4 e5 2.Cf3 Cc6 3.Ab4 Ra1 4.Aa4 Cf6";
    let r = rec(g, g);
    assert_eq!(r.rows.len(), 4);
    let codes: Vec<_> = said(&r).into_iter().map(|s| (s.0, s.2, s.3)).collect();
    assert_eq!(codes, [("illegal-move", Some(5), Some(SheetLetter::A))]);
    assert!(
        r.findings[0]
            .finding
            .message
            .starts_with("at 3. neither sheet has a legal move"),
        "{}",
        r.findings[0].finding.message
    );
}

#[test]
fn a_tie_between_two_readings_is_said_on_sheet_b_where_they_part() {
    let a = "1.e4 e5 2.Cf3 Cc6 3.Ab5";
    let b = "1.e4 e5 2.Cf3 Cc6 3.Ac4";
    let r = rec(a, b);
    assert_eq!(r.outcome, Agreement::Ambiguous);
    let tie = said(&r)
        .into_iter()
        .find(|s| s.0 == "ambiguous-reconciliation")
        .unwrap();
    // B's word `Ac4`, line 1, column 21, at ply 5 (3.).
    assert_eq!(
        (tie.1, tie.2, tie.3, tie.4, tie.5),
        (Severity::Error, Some(5), Some(SheetLetter::B), 1, 21)
    );
}

#[test]
fn the_written_game_says_the_slip_on_both_sheets() {
    use arbitro::classical::reconcile::settle;
    use arbitro::lang::Lang;
    use arbitro::report::reconcile::comments;
    let r = rec(A, "1.e4 e5 2.Cf3 Cc6 3.Ab6 a6 4.Aa4 Cf6 5.0-0 Ae7");
    let s = settle(None, None, None, None);
    assert_eq!(
        comments(&r, &s, Lang::En),
        [(5, "A: Ab4, B: Ab6 (a slip on both sheets)".to_string())]
    );
    assert_eq!(
        comments(&r, &s, Lang::It),
        [(
            5,
            "A: Ab4, B: Ab6 (svista su entrambi i formulari)".to_string()
        )]
    );
}
