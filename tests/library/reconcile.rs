//! Two sheets of one game (`arbitro reconcile`) and unreadable characters (`_`),
//! formats.md §8: hand-made pairs, bad input, property tests.

use crate::common;
use common::{Scratch, json, stderr, stdout};

use crate::games::{random_game, sheet_words as words};
use arbitro::classical::fill::{self, Decision};
use arbitro::classical::reconcile::{
    Agreement, Reconciliation, Sheet, SheetLetter, Why, reconcile,
};
use arbitro::classical::{ReplayOptions, replay};
use arbitro::finding::Severity;
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use arbitro::verify::verify_bytes;
use proptest::prelude::*;
use shakmaty::{Chess, Move, Position};
use std::time::{Duration, Instant};

/// The reconciliation of two one-game texts from the standard position (also used by
/// `reconcile_fixes` and `reconcile_both`).
pub(crate) fn rec(a: &str, b: &str) -> Reconciliation {
    let ra = games(a).next().expect("game A");
    let rb = games(b).next().expect("game B");
    reconcile(
        &Sheet::from_raw(&ra, None),
        &Sheet::from_raw(&rb, None),
        &Chess::default(),
    )
}

/// The moves of a game written in PGN (English SAN).
fn moves_of(pgn: &str) -> Vec<Move> {
    let raw = games(pgn).next().unwrap();
    let r = replay(
        &raw,
        &ReplayOptions {
            notation: Some(Notation::English),
        },
    );
    assert!(r.is_valid(), "{pgn}: {:?}", r.findings);
    r.moves
}

/// `(code, severity, ply, sheet)` of every finding.
fn codes(r: &Reconciliation) -> Vec<(&'static str, Severity, Option<u32>, Option<SheetLetter>)> {
    r.findings
        .iter()
        .map(|f| {
            (
                f.finding.code.as_str(),
                f.finding.severity(),
                f.finding.ply,
                f.side,
            )
        })
        .collect()
}

#[test]
fn a_slip_on_one_side_is_discarded_as_illegal() {
    let a = "1.e4 e5; 2.Cf3 Cc6; 3.Ab5 a6; 4.Aa4 Cf6";
    let b = "1.e4 e5; 2.Cf3 Cc6; 3.Ab4 a6; 4.Aa4 Cf6"; // Ab4: no bishop reaches b4
    let r = rec(a, b);
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.moves, moves_of("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6"));
    assert_eq!(
        codes(&r),
        [(
            "sheets-differ",
            Severity::Info,
            Some(5),
            Some(SheetLetter::B)
        )]
    );
    // Ab4 is Ab5 with one slip (issue 28 point 6): said as B's slip, read as A's move.
    assert_eq!(r.rows[4].why, Why::Slip(SheetLetter::A));
    // The finding points at B's word.
    assert_eq!(r.findings[0].finding.span.unwrap().column, 23);
}

#[test]
fn a_both_legal_divergence_is_decided_three_plies_later() {
    // Ply 3: A writes Ab5, B writes Ac4, both legal; ply 6 (cxb5) needs the bishop on b5.
    let a = "1.e4 e5 2.Ab5 c6 3.Cf3 cxb5 4.Cxe5";
    let b = "1.e4 e5 2.Ac4 c6 3.Cf3 cxb5 4.Cxe5";
    let r = rec(a, b);
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.moves, moves_of("1.e4 e5 2.Bb5 c6 3.Nf3 cxb5 4.Nxe5"));
    assert_eq!(
        codes(&r),
        [(
            "sheets-differ",
            Severity::Warning,
            Some(3),
            Some(SheetLetter::B)
        )]
    );
    assert_eq!(r.rows[2].why, Why::LaterMoves(SheetLetter::A));
    assert_eq!(r.rows[2].other_reach, Some(5));
    assert!(
        r.findings[0]
            .finding
            .message
            .ends_with("with sheet B's the moves that follow stop being legal after ply 5"),
        "{}",
        r.findings[0].finding.message
    );
    // The same with the sheets swapped: B is right.
    let r = rec(b, a);
    assert_eq!(r.rows[2].why, Why::LaterMoves(SheetLetter::B));
    assert_eq!(r.moves.len(), 7);
}

#[test]
fn a_skipped_move_is_one_difference_not_a_cascade() {
    let a = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6";
    let b = "1.e4 e5 2.Cf3 Cc6 3.Ab5 4.Aa4 Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6"; // 3...a6 skipped
    let r = rec(a, b);
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.moves.len(), 14);
    assert_eq!(
        codes(&r),
        [("sheet-gap", Severity::Info, Some(6), Some(SheetLetter::A))]
    );
    assert_eq!(r.rows[5].why, Why::Skipped(SheetLetter::A));
    assert_eq!(r.rows[6].why, Why::Agree);
}

/// A fixed 60-ply game, for the sheet that stops early and the smudges.
fn long_game() -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for i in 0..60usize {
        let legal = pos.legal_moves();
        let m = legal[(i * 7 + 3) % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

#[test]
fn one_sheet_ending_twenty_plies_early_is_a_sheet_gap() {
    let moves = long_game();
    let a = words(&moves, Notation::Italian).join(" ");
    // Sheet B in English, stopping after ply 40.
    let b = words(&moves[..40], Notation::English).join(" ");
    let r = rec(&a, &b);
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.moves, moves);
    assert_eq!(
        codes(&r),
        [("sheet-gap", Severity::Info, Some(41), Some(SheetLetter::A))]
    );
    assert_eq!(r.findings[0].finding.rule, Some("FIDE 8.4"));
    assert!(
        r.rows[40..]
            .iter()
            .all(|row| row.why == Why::Ended(SheetLetter::A))
    );
}

#[test]
fn two_sheets_of_different_games_say_so_once() {
    let a = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7";
    let b = "1.d4 d5 2.c4 e6 3.Cc3 Cf6 4.Ag5 Ae7 5.e3 0-0";
    let r = rec(a, b);
    assert_eq!(r.outcome, Agreement::DifferentGames);
    assert_eq!(
        codes(&r),
        [("different-games", Severity::Error, None, None)]
    );
    assert!(
        r.findings[0]
            .finding
            .message
            .contains("A begins e4, B begins d4")
    );
}

#[test]
fn an_honest_tie_is_ambiguous_with_both_readings() {
    let a = "1.e4 e5 2.Cf3 Cc6 3.Ab5";
    let b = "1.e4 e5 2.Cf3 Cc6 3.Ac4";
    let r = rec(a, b);
    assert_eq!(r.outcome, Agreement::Ambiguous);
    assert_eq!(r.rows.len(), 5);
    assert_eq!(r.alternative.len(), 5);
    assert_eq!(r.rows[4].why, Why::Tied(SheetLetter::A));
    assert_eq!(r.alternative[4].why, Why::Tied(SheetLetter::B));
    let c = codes(&r);
    assert!(
        c.contains(&(
            "ambiguous-reconciliation",
            Severity::Error,
            Some(5),
            Some(SheetLetter::B)
        )),
        "{c:?}"
    );
    let f = r
        .findings
        .iter()
        .find(|f| f.finding.code.as_str() == "ambiguous-reconciliation")
        .unwrap();
    assert!(f.finding.message.contains("Ab5"), "{}", f.finding.message);
    assert!(f.finding.message.contains("Ac4"), "{}", f.finding.message);
}

#[test]
fn a_smudge_on_one_sheet_is_read_from_the_other() {
    let r = rec("1.e4 e5 2.C_3 Cc6", "1.e4 e5 2.Cf3 Cc6");
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.moves, moves_of("1.e4 e5 2.Nf3 Nc6"));
    assert_eq!(
        codes(&r),
        [(
            "filled-unreadable",
            Severity::Info,
            Some(3),
            Some(SheetLetter::A)
        )]
    );
}

// ---- unreadable characters in verify ----

fn verify(text: &str) -> arbitro::verify::GameReport {
    verify_bytes("t", text.as_bytes(), &Default::default())
        .unwrap()
        .remove(0)
}

fn finding_codes(r: &arbitro::verify::GameReport) -> Vec<(&'static str, Option<u32>)> {
    r.findings
        .iter()
        .map(|f| (f.code.as_str(), f.ply))
        .collect()
}

#[test]
fn a_smudge_with_one_reading_is_filled() {
    // `_xe5`: only the pawn on d4 takes on e5.
    let r = verify("1.e4 e5 2.d4 d6 3._xe5");
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(finding_codes(&r), [("filled-unreadable", Some(5))]);
    assert!(r.findings[0].message.contains("dxe5"));
}

#[test]
fn a_smudge_is_decided_by_the_later_moves() {
    // `A_5` at ply 3: Ab5 or Ah5?? no: Ab5, Ac5? Only Ab5 lets 3...cxb5 follow... ply 6.
    let r = verify("1.e4 e5 2.A_5 c6 3.Cf3 cxb5");
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(finding_codes(&r), [("filled-unreadable", Some(3))]);
    assert!(
        r.findings[0].message.contains("read as Ab5"),
        "{}",
        r.findings[0].message
    );
    assert_eq!(r.plies(), 6);
}

#[test]
fn a_smudge_with_several_readings_is_an_error_listing_them() {
    let r = verify("1.e4 e5 2.C_3 Cc6");
    assert!(!r.is_valid());
    assert_eq!(finding_codes(&r), [("unreadable-move", Some(3))]);
    let m = &r.findings[0].message;
    for c in ["Ca3", "Cc3", "Cf3", "Ch3"] {
        assert!(m.contains(&format!("{c} (replays to ply 4)")), "{m}");
    }
}

#[test]
fn a_smudge_that_fits_no_legal_move_is_illegal() {
    let r = verify("1.e4 e5 2.T_4");
    assert_eq!(finding_codes(&r), [("illegal-move", Some(3))]);
}

#[test]
fn a_lone_underscore_at_every_ply_ends_fast_with_candidates() {
    let text = "_ ".repeat(400);
    let t = Instant::now();
    let r = verify(&text);
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    assert_eq!(finding_codes(&r), [("unreadable-move", Some(1))]);
    assert!(r.findings[0].message.contains("20 readings fit"));
}

#[test]
fn hundreds_of_smudges_end_fast() {
    // Every move's last character unreadable, ten times over.
    let smudged: String = words(&long_game(), Notation::Italian)
        .into_iter()
        .map(|w| {
            let mut s: String = w.trim_end_matches(['+', '#']).to_string();
            s.pop();
            s.push('_');
            s
        })
        .collect::<Vec<_>>()
        .join(" ");
    let text = format!("{smudged} ").repeat(10);
    assert!(text.matches('_').count() >= 500);
    let t = Instant::now();
    let r = verify(&text);
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    assert!(!r.findings.is_empty());
}

// ---- the command ----

#[test]
fn reconcile_command_writes_the_game_with_comments_and_never_over_an_input() {
    let d = Scratch::new("reconcile", "cmd");
    let (a, b, out) = (d.join("a.txt"), d.join("b.pgn"), d.join("partita.txt"));
    std::fs::write(&a, "[Bianco \"Rossi\"]\n1.e4 e5; 2.Cf3 Cc6; 3.Ab5 a6\n").unwrap();
    std::fs::write(&b, "[White \"Rossi\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb4 a6\n").unwrap();
    let o = common::run(&[
        "reconcile",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = stdout(&o);
    assert!(report.contains("a slip on B; A's move"), "{report}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("3.Ab5 {A: Ab5, B: Bb4 (a slip on sheet B)} 3...a6"),
        "{written}"
    );
    // Refuses to write over an input, and leaves it as it was.
    let o = common::run(&[
        "reconcile",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        a.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(std::fs::read_to_string(&a).unwrap().starts_with("[Bianco"));
    // JSON, Italian table.
    let o = common::run(&[
        "reconcile",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let v: serde_json::Value = json(&o);
    assert_eq!(v["outcome"], "reconciled");
    assert_eq!(v["rows"][4]["why"], "slip");
    assert_eq!(v["findings"][0]["code"], "sheets-differ");
    let o = common::run(&[
        "reconcile",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--lang",
        "it",
    ]);
    assert!(stdout(&o).contains("svista su B; mossa di A"));
}

#[test]
fn reconcile_command_on_different_games_exits_one() {
    let d = Scratch::new("reconcile", "different");
    let (a, b) = (d.join("a.txt"), d.join("b.txt"));
    std::fs::write(&a, "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6").unwrap();
    std::fs::write(&b, "1.d4 d5 2.c4 e6 3.Cc3 Cf6").unwrap();
    let out = d.join("partita.txt");
    let o = common::run(&[
        "reconcile",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!out.exists(), "no game, no file");
    let report = stdout(&o);
    assert_eq!(report.matches("error[").count(), 1, "{report}");
    assert!(report.contains("not of the same game"), "{report}");
}

// ---- property tests ----

#[derive(Debug, Clone)]
enum Slip {
    None,
    /// The destination square of move k changed.
    Square(usize, u8, u8),
    /// Move k left out.
    Drop(usize),
    /// The sheet stops after k moves.
    Stop(usize),
}

fn slip() -> impl Strategy<Value = Slip> {
    prop_oneof![
        Just(Slip::None),
        (any::<usize>(), 0u8..8, 0u8..8).prop_map(|(k, f, r)| Slip::Square(k, f, r)),
        any::<usize>().prop_map(Slip::Drop),
        any::<usize>().prop_map(Slip::Stop),
    ]
}

fn apply(words: &[String], s: &Slip) -> Vec<String> {
    let mut w = words.to_vec();
    let n = w.len();
    match *s {
        Slip::None => {}
        Slip::Square(k, f, r) => {
            let k = k % n;
            let body = w[k].trim_end_matches(['+', '#']).to_string();
            // Replace the last square written (the two characters before any promotion).
            let at = body.rfind(|c: char| c.is_ascii_digit()).unwrap_or(0);
            if at >= 1 && body.as_bytes()[at - 1].is_ascii_lowercase() {
                let mut b = body.into_bytes();
                b[at - 1] = b'a' + f;
                b[at] = b'1' + r;
                w[k] = String::from_utf8(b).unwrap();
            }
        }
        Slip::Drop(k) => {
            w.remove(k % n);
        }
        Slip::Stop(k) => w.truncate(k % n + 1),
    }
    w
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    /// Two sheets with one slip each: wherever the sheets leave one answer (reconciled,
    /// with no error), it is the game that was played.
    #[test]
    fn reconcile_gives_back_the_game_wherever_the_slips_leave_one_answer(
        choices in proptest::collection::vec(any::<u16>(), 8..60),
        slip_a in slip(),
        slip_b in slip(),
        english_b in any::<bool>(),
    ) {
        let moves = random_game(&choices);
        prop_assume!(moves.len() >= 8);
        let n = moves.len();
        // A slip where the other sheet has stopped cannot be seen: that sheet is the only
        // record there.
        let cover = |s: &Slip| match s {
            Slip::Stop(k) => k % n + 1,
            _ => n,
        };
        let seen = |s: &Slip, other: &Slip| match s {
            Slip::Square(k, ..) | Slip::Drop(k) => k % n + 1 < cover(other),
            _ => true,
        };
        prop_assume!(seen(&slip_a, &slip_b) && seen(&slip_b, &slip_a));
        // Both sheets wrong at the same ply or close by: the move played may be on neither,
        // or the two slips may fit another game (sheets of short moves: `Ce5` reads for
        // either side). Slips kept six plies apart.
        if let (Slip::Square(x, ..) | Slip::Drop(x), Slip::Square(y, ..) | Slip::Drop(y)) = (&slip_a, &slip_b) {
            prop_assume!((x % n).abs_diff(y % n) >= 6);
        }
        let wa = apply(&words(&moves, Notation::Italian), &slip_a);
        let wb = apply(&words(&moves, if english_b { Notation::English } else { Notation::Italian }), &slip_b);
        let (ta, tb) = (wa.join(" "), wb.join(" "));
        let ra = games(&ta).next().unwrap();
        let rb = games(&tb).next().unwrap();
        let nb = if english_b { Notation::English } else { Notation::Italian };
        let r = reconcile(
            &Sheet::from_raw(&ra, Some(Notation::Italian)),
            &Sheet::from_raw(&rb, Some(nb)),
            &Chess::default(),
        );
        let errors = r.findings.iter().any(|f| f.finding.severity() == Severity::Error);
        if r.outcome == Agreement::Reconciled && !errors {
            // Both sheets stopping early loses the moves after the longer one.
            let longest = match (&slip_a, &slip_b) {
                (Slip::Stop(x), Slip::Stop(y)) => (x % moves.len()).max(y % moves.len()) + 1,
                _ => moves.len(),
            };
            prop_assert_eq!(&r.moves[..], &moves[..longest], "A: {}\nB: {}", ta, tb);
        }
        // With no slip at all, always the game.
        if matches!((&slip_a, &slip_b), (Slip::None, Slip::None)) {
            prop_assert_eq!(r.outcome, Agreement::Reconciled);
            prop_assert_eq!(&r.moves, &moves);
            prop_assert!(r.findings.is_empty());
        }
    }

    /// Characters replaced by `_`: when every smudge has one reading left, the filled game
    /// is the game; every candidate reported replays as far as stated.
    #[test]
    fn smudges_are_filled_back_or_their_candidates_replay_as_stated(
        choices in proptest::collection::vec(any::<u16>(), 4..50),
        smudges in proptest::collection::vec((any::<usize>(), any::<usize>()), 1..4),
    ) {
        let moves = random_game(&choices);
        prop_assume!(moves.len() >= 4);
        let mut w = words(&moves, Notation::Italian);
        for &(k, c) in &smudges {
            let k = k % w.len();
            let mut chars: Vec<char> = w[k].chars().collect();
            let c = c % chars.len();
            chars[c] = '_';
            w[k] = chars.into_iter().collect();
        }
        let text = w.join(" ");
        let raw = games(&text).next().unwrap();
        let r = replay(&raw, &ReplayOptions { notation: Some(Notation::Italian) });
        let plan = fill::plan(&raw, Notation::Italian, &Chess::default());
        prop_assume!(!plan.bounded);
        let all_filled = plan.decisions.iter().all(|(_, d)| matches!(d, Decision::Filled { .. }));
        if all_filled {
            prop_assert!(r.is_valid(), "{}\n{:?}", text, r.findings);
            prop_assert_eq!(&r.moves, &moves, "{}", text);
        }
        // With one smudged move, each candidate put in its place replays exactly as far as
        // stated.
        let smudged: Vec<usize> = (0..w.len()).filter(|&i| w[i].contains('_')).collect();
        if smudged.len() == 1 {
            let (_, d) = &plan.decisions[0];
            let cands = match d {
                Decision::Filled { candidates, .. } | Decision::Unresolved(candidates) => candidates.clone(),
                Decision::NoReading => Vec::new(),
            };
            prop_assert!(!cands.is_empty(), "{}", text);
            for c in cands {
                let mut w2 = w.clone();
                w2[smudged[0]] = c.text.clone();
                let t2 = w2.join(" ");
                let raw2 = games(&t2).next().unwrap();
                let r2 = replay(&raw2, &ReplayOptions { notation: Some(Notation::Italian) });
                // The replay reads past a later slip (issue 28 point 4): how far it goes
                // plainly is up to its first error.
                let plain = r2
                    .findings
                    .iter()
                    .filter(|f| f.severity() == arbitro::finding::Severity::Error)
                    .filter_map(|f| f.ply)
                    .min()
                    .map_or(r2.moves.len() as u32, |p| p - 1);
                prop_assert_eq!(plain, c.ply, "{} with {}", text, c.text);
            }
        }
    }
}

// ---- filled moves are marked where they are shown ----

#[test]
fn show_and_the_html_viewer_mark_a_filled_move() {
    let d = Scratch::new("reconcile", "marks");
    let (game, html) = (d.join("f.txt"), d.join("f.html"));
    std::fs::write(&game, "1.e4 e5 2.d4 d6 3._xe5 dxe5\n").unwrap();
    let o = common::run(&["show", game.to_str().unwrap(), "--ply", "5"]);
    let out = stdout(&o);
    assert!(
        out.contains("✎ inferred, not read: 3._xe5 is read as dxe5"),
        "{out}"
    );
    let o = common::run(&["show", game.to_str().unwrap(), "--ply", "4"]);
    assert!(!stdout(&o).contains('✎'));
    let o = common::run(&[
        "render",
        game.to_str().unwrap(),
        "--out",
        html.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("\"c\":\"filled-unreadable\""),
        "the finding is in the data"
    );
    assert!(page.contains("inferred from an unreadable move"));
}

// ---- SuperScacchi ----

fn ss_sample(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/samples/superscacchi/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn superscacchi_smudges_are_filled_looking_ahead_through_the_other_armies() {
    let r = verify(&ss_sample("leoni-tigri-macchiato.txt"));
    let filled: Vec<_> = r
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.army_name(), f.move_number))
        .collect();
    assert_eq!(
        filled,
        [
            ("filled-unreadable", Some("S"), Some(2)),
            ("filled-unreadable", Some("S"), Some(5)),
            ("filled-unreadable", Some("S"), Some(12)),
            ("filled-unreadable", Some("S"), Some(16)),
        ]
    );
    // The same game as the clean sheet: same plies, same scores (the events' file lines
    // differ: this file opens with two comment lines).
    let clean = verify(&ss_sample("leoni-tigri-partita1.txt"));
    assert!(r.is_valid());
    let totals = |r: &arbitro::verify::GameReport| {
        let v = r.verdict().unwrap();
        let events: Vec<_> = r
            .events()
            .iter()
            .map(|s| (s.event.army, s.event.move_number, s.event.ply, s.points))
            .collect();
        let sums: Vec<i32> = v.teams.iter().map(|t| t.total).collect();
        (r.plies(), sums, events)
    };
    assert_eq!(totals(&r), totals(&clean));
    // S 16. `P e2 - _2`: c2 and f2 are legal too, but another army's later move breaks.
    let m = &r.findings[3].message;
    assert!(m.contains("read as P e2 - d2"), "{m}");
    assert!(m.contains("P e2 - c2 (replays to ply 236)"), "{m}");
}

#[test]
fn superscacchi_smudge_decided_nine_plies_later_or_fitting_nothing() {
    let clean = ss_sample("leoni-tigri-partita1.txt");
    // `P f_ - f3`: P f2 - f3 only; `_ f1 - e3` (C f1 - e3) only; a rook move to the wrong
    // rank fits nothing.
    let none = clean.replacen("1. nera  C f1 - e3", "1. nera  C f1 - _9", 1);
    let r = verify(&none);
    assert_eq!(
        r.findings
            .iter()
            .map(|f| (f.code.as_str(), f.ply))
            .collect::<Vec<_>>(),
        [("illegal-move", Some(1))]
    );
    // `C f1 - _3`: e3 and g3 are both legal at ply 1; g3 stops the game at ply 9.
    let two = clean.replacen("1. nera  C f1 - e3", "1. nera  C f1 - _3", 1);
    let r = verify(&two);
    assert!(r.is_valid(), "{:?}", r.findings);
    assert_eq!(r.findings[0].code.as_str(), "filled-unreadable");
    assert!(
        r.findings[0]
            .message
            .ends_with("read as C f1 - e3: the game replays furthest with it (to ply 560); the other readings stop sooner: C f1 - g3 (replays to ply 9)"),
        "{}",
        r.findings[0].message
    );
}

#[test]
fn superscacchi_sheet_full_of_smudges_ends_fast() {
    let smudged: String = ss_sample("leoni-tigri-partita1.txt")
        .lines()
        .map(|l| {
            let is_move = l
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
            if is_move && l.len() > 12 {
                format!("{}_\n", &l[..l.len() - 1])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert!(smudged.matches('_').count() >= 500);
    let t = Instant::now();
    let r = verify(&smudged);
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    let errors: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.severity() == Severity::Error)
        .collect();
    assert_eq!(
        errors.len(),
        1,
        "one error, where the replay stops: {errors:?}"
    );
    assert_eq!(errors[0].code.as_str(), "unreadable-move");
}

#[test]
fn two_identical_sheets_with_an_illegal_move_are_one_game_that_stops() {
    let text = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Ab5 Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6 8.c3 0-0";
    let r = rec(text, text);
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.moves.len(), 6);
    assert_eq!(
        codes(&r),
        [(
            "illegal-move",
            Severity::Error,
            Some(7),
            Some(SheetLetter::A)
        )]
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Any two sheets, however garbled, reconcile without a panic.
    #[test]
    fn any_two_sheets_reconcile_without_panic(
        a in proptest::collection::vec(prop_oneof![
            Just("e4"), Just("e5"), Just("Cf3"), Just("Nf3"), Just("_"), Just("C_3"), Just("_xe5"),
            Just("0-0"), Just("Dh5"), Just("d4"), Just("d5"), Just("Cc6"), Just("{jolly}"), Just("x"),
        ], 0..40),
        b in proptest::collection::vec(prop_oneof![
            Just("e4"), Just("e5"), Just("Cf3"), Just("Nf3"), Just("_"), Just("A_5"), Just("d4"),
            Just("d5"), Just("Cc6"), Just("c4"), Just("1-0"), Just("("), Just(")"),
        ], 0..40),
    ) {
        let (ta, tb) = (a.join(" "), b.join(" "));
        let ra = games(&ta).next().unwrap_or_default();
        let rb = games(&tb).next().unwrap_or_default();
        let r = reconcile(&Sheet::from_raw(&ra, None), &Sheet::from_raw(&rb, None), &Chess::default());
        prop_assert!(r.moves.len() <= a.len() + b.len());
    }
}

/// The ways of writing a move a `_` may stand in: promotion pieces, castling, check and
/// mate marks, capture marks, the long form, en passant.
#[test]
fn readings_cover_every_way_of_writing_a_move() {
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    let pos = |fen: &str| -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    };
    let texts = |p: &Chess, pat: &str| -> Vec<String> {
        let mut v: Vec<String> = fill::readings(p, pat, Notation::Italian)
            .into_iter()
            .map(|r| r.text)
            .collect();
        v.sort();
        v
    };
    let promo = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(texts(&promo, "a8=_"), ["a8=A", "a8=C", "a8=D", "a8=T"]);
    assert_eq!(texts(&promo, "a8_"), ["a8A", "a8C", "a8D", "a8T"]);
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(texts(&castle, "0-_"), ["0-0"]);
    assert_eq!(texts(&castle, "0-0-_"), ["0-0-0"]);
    assert_eq!(texts(&castle, "O-O-_"), ["O-O-O"]);
    let mate = pos("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    assert_eq!(texts(&mate, "Dxf7_"), ["Dxf7#"]);
    assert_eq!(texts(&mate, "D_f7"), ["Dxf7"]); // one text per move: `x` first
    assert_eq!(texts(&Chess::default(), "Cg1-_3"), ["Cg1-f3", "Cg1-h3"]);
    let ep = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(texts(&ep, "ex_6"), ["exf6"]);
}

/// Issue 25 point 6: the same `_` on both sheets is read by how far the game replays (as
/// `verify` fills it), never cut to the first readings in move-generation order: 1.Cf3 is
/// the only first move after which 2.Cxe5 is legal, and no later move is called illegal.
#[test]
fn the_same_unreadable_move_on_both_sheets_is_read_by_the_game() {
    for (sheet, first, game) in [
        (
            "1. _ e5 2. Nxe5 Nc6 3. Nxc6 dxc6 *",
            "1.Nf3",
            "1.Nf3 e5 2.Nxe5 Nc6 3.Nxc6 dxc6",
        ),
        (
            "1. _ d5 2. exd5 Qxd5 3. Nc3 Qa5 *",
            "1.e4",
            "1.e4 d5 2.exd5 Qxd5 3.Nc3 Qa5",
        ),
    ] {
        let r = rec(sheet, sheet);
        assert_eq!(r.outcome, Agreement::Reconciled, "{sheet}");
        assert_eq!(r.moves, moves_of(game), "{sheet}");
        assert_eq!(
            codes(&r),
            [(
                "filled-unreadable",
                Severity::Info,
                Some(1),
                Some(SheetLetter::A)
            )],
            "{sheet}"
        );
        let f = &r.findings[0].finding;
        assert!(
            f.message
                .starts_with("both sheets are unreadable here (A: _, B: _); read as "),
            "{}",
            f.message
        );
        assert!(f.message.contains(first), "{}", f.message);
    }
}
