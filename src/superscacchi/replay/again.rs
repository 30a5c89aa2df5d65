//! R32a's second looks, after the replay with the slips the numbers show has stopped:
//! readings of the sheets tried again as a whole game (a gap that was a number written
//! wrong, another of several moves that fit a missing move).

use super::{Run, SsReplay, Stop, Tie, run};
use crate::finding::{Code, Finding, Severity};
use crate::geometry::Army;
use crate::notation::superscacchi::SsGame;
use crate::superscacchi::plan::{Entry, Merged};
use crate::superscacchi::position::Move;
use crate::superscacchi::setup::Setup;
use std::cell::Cell;

/// R32a: the replay stopped where a sheet ends, every sheet played to its end but one army's,
/// whose moves hold a gap the numbers showed (read as a missing move): the number after the
/// gap was written wrong (most often a sheet's last line), and no move is missing there.
/// The sheets with that gap read as written (R32's `sheet-numbering` stands) and their
/// replay, if it is complete.
pub(super) fn mistyped_number(
    game: &SsGame<'_>,
    setup: &Setup,
    merged: &Merged,
    stop: &Stop,
    (record, budget): (bool, &Cell<u64>),
) -> Option<(Merged, Run)> {
    if stop.failure.is_some() {
        return None;
    }
    let a = merged.left_over(&stop.cursor)?.index();
    // The gap is the army's last move read, or after it.
    let k = merged.moves[a]
        .iter()
        .rposition(|e| matches!(e, Entry::Missing(_)))
        .filter(|&k| k + 1 >= stop.cursor[a])?;
    let mut m = merged.clone();
    m.moves[a].remove(k);
    let (r, stop, ties) = run(game, setup, Ok(&m), (record, Some(budget), &[]));
    // Read so, it replays to its end, or to that line, where R32's finding stops it (R35).
    let numbering = |f: &Finding| f.severity() != Severity::Error || f.code == Code::SheetNumbering;
    (r.complete || r.findings.iter().all(numbering)).then_some((m, (r, stop, ties)))
}

/// The most replays [`other_readings`] tries.
const MAX_REREADS: usize = 40;

/// R32a: a missing move read as the first of several that fit as well, where the replay
/// stops later: another of them may be the move that was there. The game replayed with
/// each other one in turn (the latest such slip first, within [`MAX_REREADS`] and the
/// budget); the replay that goes furthest, if further than `r`.
pub(super) fn other_readings(
    (game, setup, merged, (record, budget)): (&SsGame<'_>, &Setup, &Merged, (bool, &Cell<u64>)),
    r: &SsReplay,
    ties: &[Tie],
) -> Option<(SsReplay, Option<Stop>)> {
    let mut best: Option<(SsReplay, Option<Stop>)> = None;
    let mut tries = 0;
    for (k, (army, number, moves)) in ties.iter().enumerate().rev() {
        // The slips before this one read as they were.
        let mut forced: Vec<(Army, u32, Move)> =
            ties[..k].iter().map(|(a, n, m)| (*a, *n, m[0])).collect();
        for &m in &moves[1..] {
            if tries == MAX_REREADS || budget.get() == 0 {
                return best;
            }
            tries += 1;
            forced.push((*army, *number, m));
            let (r2, stop2, _) = run(game, setup, Ok(merged), (record, Some(budget), &forced));
            forced.pop();
            budget.set(budget.get().saturating_sub(u64::from(r2.plies)));
            let far = |x: &SsReplay| (x.complete, x.plies);
            if far(&r2) > far(best.as_ref().map_or(r, |b| &b.0)) {
                let done = r2.complete;
                best = Some((r2, stop2));
                if done {
                    return best;
                }
            }
        }
    }
    best
}

/// R32a: the replay stopped on a stray line (out of number order on its sheet, no slip
/// took it; R32's `sheet-numbering` stands on it): a line written on the wrong sheet at
/// the game's end, whose army the lengths of the sheets could not name (lost turns leave
/// them uneven, and two sheets end one line short of its number). Each army whose sheet
/// it would end (one line short of its number, `stray` = (sheet, line, number)) is tried:
/// the sheets with it read as that army's last move, and their replay, where exactly one
/// replays furthest.
pub(super) fn stray_owner(
    (game, setup, merged, (record, budget)): (&SsGame<'_>, &Setup, &Merged, (bool, &Cell<u64>)),
    (s, l, n): (usize, usize, u32),
) -> Option<(Merged, Run)> {
    let mut best: Vec<(Merged, Run)> = Vec::new();
    for a in Army::ALL {
        let own = merged.sheet_of[a.index()];
        let left = merged.strays.iter().filter(|t| t.0 == own).count();
        if own == s || merged.moves[a.index()].len().saturating_sub(left) + 1 != n as usize {
            continue;
        }
        let mut m = merged.clone();
        m.strays.retain(|t| (t.0, t.1) != (s, l));
        for moves in &mut m.moves {
            moves.retain(|e| *e != Entry::Line(s, l));
        }
        m.moves[a.index()].push(Entry::Moved(s, l, n));
        let x = run(game, setup, Ok(&m), (record, Some(budget), &[]));
        let far = |r: &SsReplay| (r.complete, r.plies);
        match best.first().map(|b| far(&b.1.0).cmp(&far(&x.0))) {
            Some(std::cmp::Ordering::Greater) => {}
            Some(std::cmp::Ordering::Equal) => best.push((m, x)),
            _ => best = vec![(m, x)],
        }
    }
    match best.len() {
        1 => best.pop(),
        _ => None,
    }
}
