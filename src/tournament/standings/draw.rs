//! T13: the next phase's draw.

use super::{Ctx, NextPhase, NoDraw, PhaseStanding};
use crate::tournament::file::PlayerId;
use crate::tournament::lot::{draw_key, shuffle};
use crate::tournament::plan::group_sizes;

/// T13: the next phase, drawn for the last phase once every group is complete and no lot
/// is pending.
pub(super) fn draw_next(ctx: &Ctx<'_>, phases: &[PhaseStanding]) -> Result<NextPhase, NoDraw> {
    let Some(seed) = ctx.opts.seed else {
        return Err(NoDraw::NotAsked);
    };
    let Some(last) = phases.last() else {
        return Err(NoDraw::NotAsked);
    };
    if last.is_final {
        return Err(NoDraw::Final);
    }
    if let Some(g) = last.groups.iter().find(|g| !g.complete) {
        return Err(NoDraw::Incomplete(g.number));
    }
    if let Some(g) = last.groups.iter().find(|g| !g.ranking.needed.is_empty()) {
        return Err(NoDraw::LotPending(g.number));
    }
    let mut goers: Vec<PlayerId> = last
        .groups
        .iter()
        .flat_map(|g| g.ranking.entries.iter())
        .filter(|e| e.goes_on == Some(true))
        .map(|e| e.player)
        .collect();
    let number = last.number + 1;
    shuffle(&mut goers, seed, &draw_key(number));
    Ok(NextPhase {
        number,
        groups: cut(&goers),
    })
}

/// Cuts players into groups by T3, in order.
pub fn cut(players: &[PlayerId]) -> Vec<Vec<PlayerId>> {
    let mut out = Vec::new();
    let mut at = 0;
    for k in group_sizes(players.len()) {
        out.push(players[at..at + k].to_vec());
        at += k;
    }
    out
}
