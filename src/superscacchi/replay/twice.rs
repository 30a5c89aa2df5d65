//! R32a with two renumbered sheets (or a renumbered sheet and another slip) a few turns
//! apart: the hypothesis of the first slip replays past the stop, but the second stops it
//! before it has gone far enough to be taken on its own ([`Search::renumbered`]'s margins,
//! which keep a misspelt line from being read as a renumbered sheet). Such a hypothesis is
//! taken only if, read so, a second search where the replay then stops explains that stop
//! too, and the game replays to its end, or far past it.

use super::{Run, Stop, run};
use crate::geometry::Army;
use crate::notation::superscacchi::SsGame;
use crate::superscacchi::diagnose::{Reach, Search};
use crate::superscacchi::plan::Merged;
use crate::superscacchi::setup::Setup;
use std::cell::Cell;

/// How far past the second stop the replay with both slips must go when it does not reach
/// the end (as [`Search::renumbered`] asks of a failure of the slip's own army).
const FAR: u32 = 64;

/// The hypotheses `tried` ([`Search::unexplained`], best first), each replayed (it must go
/// further than the `plies` of the replay without it) and searched again where it stops:
/// the first whose second search replays to the end or [`FAR`] past its stop, with both
/// slips read, and its replay.
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
        let x = run(game, setup, Ok(&both), (record, Some(budget), &[]));
        if x.0.complete || x.0.plies >= s.ply + FAR {
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
