//! T11: recorded lots that match no tie at a border.

use super::{Ctx, GroupStanding, PhaseStanding, line_span};
use crate::finding::{Finding, wording::tournament as say};
use crate::tournament::assign::Noted;
use crate::tournament::rank::LotSource;
use std::collections::BTreeSet;

/// T11: a recorded lot that matches no tie at a border is an error (`lot-mismatch`). A lot
/// for a group not yet complete waits.
pub(super) fn lot_mismatches(ctx: &Ctx<'_>, phases: &mut [PhaseStanding], top: &mut Vec<Noted>) {
    let used: BTreeSet<usize> = phases
        .iter()
        .flat_map(|p| p.groups.iter())
        .flat_map(|g| g.ranking.applied.iter())
        .filter_map(|l| match l.source {
            Some(LotSource::Recorded(i)) => Some(i),
            _ => None,
        })
        .collect();
    for (i, lot) in ctx.t.lots.iter().enumerate() {
        if used.contains(&i) {
            continue;
        }
        let names: Vec<&str> = lot
            .order
            .iter()
            .map(|&p| ctx.t.players[p].as_str())
            .collect();
        let group = phases
            .iter_mut()
            .find(|p| p.number == lot.phase)
            .and_then(|p| p.groups.get_mut((lot.group as usize).wrapping_sub(1)));
        let Some(f) = why_lot_unused(ctx, lot, group.as_deref(), &names) else {
            continue;
        };
        let f = f.at(line_span(lot.line));
        let noted = Noted {
            file: ctx.file.to_string(),
            game: None,
            finding: f,
        };
        match group {
            Some(g) => g.findings.push(noted),
            None => top.push(noted),
        }
    }
}

/// Why a recorded lot was not used (T11): its group does not exist, has no tie, or its
/// ties are among other players; `None` while the group is not complete (the lot may yet
/// be needed).
pub(super) fn why_lot_unused(
    ctx: &Ctx<'_>,
    lot: &crate::tournament::file::RecordedLot,
    group: Option<&GroupStanding>,
    names: &[&str],
) -> Option<Finding> {
    let (phase, number) = (lot.phase, lot.group);
    Some(match group {
        None => say::lot_without_group(phase, number, names),
        Some(g) if !g.complete => return None,
        Some(g) if g.ranking.needed.is_empty() && g.ranking.applied.is_empty() => {
            say::lot_without_tie(phase, number, names)
        }
        Some(g) => {
            let ties: Vec<Vec<&str>> = g
                .ranking
                .needed
                .iter()
                .chain(g.ranking.applied.iter())
                .map(|l| {
                    l.players
                        .iter()
                        .map(|&p| ctx.t.players[p].as_str())
                        .collect()
                })
                .collect();
            say::lot_for_other_players(phase, number, names, &ties)
        }
    })
}
