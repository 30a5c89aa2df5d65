//! A move left out of a classical sheet (issue 28, FIDE 8.1: R32a's classical twin), the
//! move numbers kept as the sheet had them: real games (the shared PGN archive, in English
//! and in Italian) with one ply deleted give exactly one `missing-move` and replay to the
//! end. `3.Ac4 4.d3 d6` (Black's third left out), `3. Cd4 4.Cxd4` (White's third left
//! out, the word after it Black's).
//!
//! Some deletions no reader can place: where White and Black played the same word (`5.O-O
//! O-O`, a recapture `axb4 axb4`), the sheet reads the same whichever of the two is left
//! out, and the finding may name the other side's move of that number. Such a case counts
//! as `Neighbour` (one finding, the game to its end); the test asserts there is no
//! cascade.
//!
//! A whole row left out (`5.Nc3 Bb4 7.Bd3`, the number 6 gone with both moves) gives one
//! `missing-move` naming both moves, or, where the game replays to its end without them,
//! the jump of the number alone (`Unseen`: a number written wrong is as likely).
//! `SLIP_CASES`, `SLIP_SEED` and `SLIP_SHOW` as in [`super::slip_sets`].

use crate::games::sheet_words;
use crate::slip_sets::{Game, cases, real_games, seed};
use arbitro::classical::{Replay, ReplayOptions, replay};
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use arbitro::superscacchi::selfplay::Rng;
use std::collections::BTreeMap;

/// How a case came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// One `missing-move` at the deleted ply, proposing the move deleted first; the game
    /// replayed as it was.
    Exact,
    /// At the deleted ply, the move deleted among the moves proposed, or the game replayed
    /// with another move there (the game cannot tell them apart).
    Listed,
    /// One `missing-move` at the ply next to it, the game to its end.
    Neighbour,
    /// A row left out that the rest of the game does not need: the number's jump alone,
    /// the game to its end.
    Unseen,
    /// Anything else: other findings, or the replay stopped.
    Cascade,
}

/// The sheet of `words` with word `gone` left out, every move number kept; with `row`,
/// the word after it and the row's number too.
fn sheet_without(words: &[String], gone: usize, row: bool, result: &str) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        let left_out = i == gone || (row && i == gone + 1);
        if i % 2 == 0 && !(row && i == gone) {
            out.push_str(&format!("{}. ", i / 2 + 1));
        }
        if !left_out {
            out.push_str(w);
            out.push(' ');
        }
    }
    out.push_str(result);
    out
}

fn judge(r: &Replay, g: &Game, gone: usize, row: bool) -> Outcome {
    let [f] = &r.findings[..] else {
        return Outcome::Cascade;
    };
    if row && f.code.as_str() == "move-number-mismatch" && r.moves.len() + 2 == g.moves.len() {
        return Outcome::Unseen;
    }
    if f.code.as_str() != "missing-move" || r.moves.len() != g.moves.len() {
        return Outcome::Cascade;
    }
    let ply = gone as u32 + 1;
    match f.ply {
        Some(p) if p == ply => {}
        Some(p) if p.abs_diff(ply) == 1 => return Outcome::Neighbour,
        _ => return Outcome::Cascade,
    }
    let first = f.proposal.as_ref().and_then(|p| p.moves.first());
    if r.moves == g.moves && first.is_some() {
        Outcome::Exact
    } else {
        Outcome::Listed
    }
}

/// One ply deleted from each of `count` real games: the tally by outcome, and the cases
/// that are not exact, described.
fn run(count: usize, seed: u64, row: bool) -> (BTreeMap<Outcome, usize>, Vec<String>) {
    let all = real_games(24);
    let mut rng = Rng::new(seed);
    let mut tally = BTreeMap::new();
    let mut odd = Vec::new();
    for _ in 0..count {
        let g = &all[rng.below(all.len())];
        let notation = if rng.percent(50) {
            Notation::English
        } else {
            Notation::Italian
        };
        let words = sheet_words(&g.moves, notation);
        let mut gone = 2 + rng.below(words.len() - 4);
        if row {
            gone -= gone % 2;
        }
        let text = sheet_without(&words, gone, row, g.result);
        let raw = games(&text).next().unwrap();
        let r = replay(&raw, &ReplayOptions::default());
        let outcome = judge(&r, g, gone, row);
        *tally.entry(outcome).or_default() += 1;
        if outcome != Outcome::Exact {
            let found: Vec<_> = r
                .findings
                .iter()
                .map(|f| (f.code.as_str(), f.ply, f.hint.as_deref()))
                .collect();
            odd.push(format!(
                "{outcome:?}: ply {} ({}) left out\n{text}\n{found:?}",
                gone + 1,
                words[gone]
            ));
        }
    }
    (tally, odd)
}

/// One ply left out of a real game: one `missing-move`, the game to its end; no cascade.
#[test]
fn a_ply_left_out_of_a_real_game_gives_one_missing_move() {
    let (tally, odd) = run(cases(60), seed() + 2, false);
    report("classical, one ply left out", &tally, &odd);
}

/// A whole row left out of a real game: one `missing-move`, or the number's jump alone,
/// the game to its end; no cascade.
#[test]
fn a_row_left_out_of_a_real_game_gives_one_finding() {
    let (tally, odd) = run(cases(40), seed() + 3, true);
    report("classical, one row left out", &tally, &odd);
}

/// Prints the tally and `SLIP_SHOW` odd cases; fails on any cascade.
fn report(what: &str, tally: &BTreeMap<Outcome, usize>, odd: &[String]) {
    eprintln!("{what}: {tally:?}");
    let show: usize = std::env::var("SLIP_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    for o in odd.iter().take(show) {
        eprintln!("  {o}");
    }
    assert_eq!(
        tally.get(&Outcome::Cascade).copied().unwrap_or(0),
        0,
        "{}",
        odd.join("\n")
    );
}
