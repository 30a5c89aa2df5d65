//! R32a with two renumbered sheets (or a renumbered sheet and another slip) a few turns
//! apart: the hypothesis of the first slip replays past the stop, but the second stops it
//! before it has gone far enough to be taken on its own ([`Search::renumbered`]'s margins,
//! which keep a misspelt line from being read as a renumbered sheet). Such a hypothesis is
//! taken only if, read so, a second search where the replay then stops explains that stop
//! too, and the game replays to its end (a pair that only went far, then failed, read a
//! sheet cut short as two slips: cac6a88). A misspelt line with such a slip before it
//! whose echo comes after it ([`behind_misspelt`]) is held to less: the replay still stops
//! on the misspelt line (R35), so the missing move found before it is taken where the game,
//! the line read as meant, replays to its end or [`FAR`] plies past the stop; a sheet cut
//! short with a misspelt line of another army near its end gave no false reading (review,
//! 60 such sheets).

use super::{Run, Stop, run};
use crate::finding::{Code, Finding};
use crate::geometry::Army;
use crate::notation::superscacchi::SsGame;
use crate::superscacchi::diagnose::{Reach, Search};
use crate::superscacchi::plan::{Entry, Merged};
use crate::superscacchi::setup::Setup;
use std::cell::Cell;

/// How far past the second stop the replay with a misspelt line read and a missing move
/// must go when it does not reach the end ([`behind_misspelt`]; as [`Search::renumbered`]
/// asks of a failure of the slip's own army).
const FAR: u32 = 64;

/// The hypotheses `tried` ([`Search::unexplained`], best first), each replayed (it must go
/// further than the `plies` of the replay without it) and searched again where it stops:
/// the first whose second search replays to the end with both slips read, and its replay.
pub(super) fn confirmed(
    (game, setup, (record, budget)): (&SsGame<'_>, &Setup, (bool, &Cell<u64>)),
    tried: Vec<(Reach, Army, Merged)>,
    plies: u32,
) -> Option<(Merged, Run)> {
    for (_, _, first) in tried {
        if budget.get() == 0 {
            return None;
        }
        let (r1, stop1, _) = run(game, setup, Ok(&first), (false, Some(budget), &[]));
        let Some(s) = stop1.filter(|_| r1.plies > plies) else {
            continue;
        };
        let Some(both) = second(game, setup, budget, &first, &s) else {
            continue;
        };
        // To the end: a sheet cut short (no slip of R32a) is not read as two slips that
        // replay far and then fail.
        let x = run(game, setup, Ok(&both), (record, Some(budget), &[]));
        if x.0.complete {
            return Some((both, x));
        }
    }
    None
}

/// The renumbered-sheet search where the replay of `first` stopped (`s`).
fn second(
    game: &SsGame<'_>,
    setup: &Setup,
    budget: &Cell<u64>,
    first: &Merged,
    s: &Stop,
) -> Option<Merged> {
    let mut search = Search {
        game,
        setup,
        error_at: &s.error_at,
        chosen: &s.chosen,
        budget,
        past: 0,
        ahead: false,
        unexplained: Vec::new(),
    };
    let failing = s.failure.is_some();
    search.renumbered(first, s.army, &s.cursor, (s.ply, failing))
}

/// R32a, a misspelt line with a renumbered sheet before it whose lines, a turn early, still
/// replay up to the misspelt line: the replay stops there (R35) and no search finds the
/// missing move, whose echo comes only after it. The failing line (`s`) is read as a move
/// of its army (the one the game replays furthest with), and the renumbered-sheet search
/// is run where the replay then stops: when, with both read, the game replays to its end
/// or [`FAR`] past that stop, the sheets with the missing move found and the failing line
/// as written, if their replay stops on that same line with the missing move proposed.
pub(super) fn behind_misspelt(
    (game, setup, (record, budget)): (&SsGame<'_>, &Setup, (bool, &Cell<u64>)),
    merged: &Merged,
    s: &Stop,
) -> Option<(Merged, Run)> {
    let fail = s.failure.as_ref()?;
    let a = s.army.index();
    let at = s.cursor[a].checked_sub(1)?;
    let line = *merged.moves[a]
        .get(at)
        .filter(|e| matches!(e, Entry::Line(..)))?;
    let gap = Entry::Missing(at as u32 + 1);
    let mut read = merged.clone();
    read.moves[a][at] = gap;
    let (_, stop1, _) = run(game, setup, Ok(&read), (false, Some(budget), &[]));
    let s1 = stop1.filter(|s1| s1.ply > s.ply + 8)?;
    let mut both = second(game, setup, budget, &read, &s1)?;
    // A move of the same army found missing before it: its lines are read otherwise.
    if both.moves[a].get(at) != Some(&gap) {
        return None;
    }
    let (r2, _, _) = run(game, setup, Ok(&both), (false, Some(budget), &[]));
    if !r2.complete && r2.plies < s1.ply + FAR {
        return None;
    }
    both.moves[a][at] = line;
    let x = run(game, setup, Ok(&both), (record, Some(budget), &[]));
    let same = x.1.as_ref().and_then(|s3| s3.failure.as_ref());
    let proposed = |f: &&Finding| f.proposal.as_ref().is_some_and(|p| !p.moves.is_empty());
    let found =
        x.0.findings
            .iter()
            .filter(proposed)
            .any(|f| f.code == Code::MissingMove);
    (same.is_some_and(|f3| f3.at == fail.at) && found).then_some((both, x))
}
