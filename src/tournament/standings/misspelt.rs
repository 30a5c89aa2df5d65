//! A misspelt name explained where it shows (issue 29 point 6): a game placed in no group
//! because one of its names is not registered (T1, T14), whose nearest registered name
//! (T17's proposal) makes it a missing pair of a group, is listed with that pair.

use super::{Ctx, PhaseStanding};
use crate::tournament::file::PlayerId;
use crate::tournament::names::nearest;

/// A game whose misspelt name most likely is a player of a missing pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misspelt {
    /// The missing pair it most likely is (as [`super::GroupStanding::missing`] lists it).
    pub pair: (PlayerId, PlayerId),
    /// The name as written in the game.
    pub written: String,
    /// The registered name it most likely is.
    pub meant: PlayerId,
    /// Where the game is: `file:line` or `file #n`.
    pub place: String,
}

/// The registered player a written name is, or most likely is: `(player, misspelt)`.
fn resolve(ctx: &Ctx<'_>, name: &str) -> Option<(PlayerId, bool)> {
    match ctx.t.find(name) {
        Some(p) => Some((p, false)),
        None => nearest(name, &ctx.t.players).map(|p| (p, true)),
    }
}

/// Adds to each group's missing pairs the unplaced games that most likely are them.
pub(super) fn explain(ctx: &Ctx<'_>, phases: &mut [PhaseStanding]) {
    for g in ctx.games {
        let (Some(w), Some(b)) = (g.report.white(), g.report.black()) else {
            continue;
        };
        let Some(number) = g
            .phase
            .as_deref()
            .and_then(|p| p.trim().parse::<u32>().ok())
        else {
            continue;
        };
        let (Some((pw, mw)), Some((pb, mb))) = (resolve(ctx, w), resolve(ctx, b)) else {
            continue;
        };
        // Only a game that some name kept out of every group.
        if !(mw || mb) || g.is_extra_game() {
            continue;
        }
        let Some(gi) = ctx.t.group_of_pair(number, pw, pb) else {
            continue;
        };
        let Some(group) = phases
            .iter_mut()
            .find(|p| p.number == number)
            .and_then(|p| p.groups.get_mut(gi))
        else {
            continue;
        };
        let Some(&pair) = group
            .missing
            .iter()
            .find(|&&(x, y)| (x, y) == (pw, pb) || (x, y) == (pb, pw))
        else {
            continue;
        };
        let (written, meant) = if mw { (w.trim(), pw) } else { (b.trim(), pb) };
        group.misspelt.push(Misspelt {
            pair,
            written: written.to_string(),
            meant,
            place: g.place_text(),
        });
    }
}
