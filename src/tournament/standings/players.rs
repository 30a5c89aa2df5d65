//! T4, T13: a phase's players are exactly those who went on from the previous phase; a
//! phase written by hand otherwise is an error (`phase-players`), and no podium is declared
//! and no phase drawn from such a tournament.

use super::{Ctx, PhaseStanding, line_span};
use crate::finding::{Code, wording::tournament as say};
use crate::tournament::assign::Noted;
use crate::tournament::file::PlayerId;
use std::collections::BTreeSet;

/// Adds a `phase-players` finding to every phase from 2 on whose players are not those who
/// went on from the previous one. While the previous phase is undecided, only players
/// known not to go on (or not in it at all) are named.
pub(super) fn check(ctx: &Ctx<'_>, phases: &mut [PhaseStanding]) {
    for i in 1..phases.len() {
        let prev = &phases[i - 1];
        let entries = || prev.groups.iter().flat_map(|g| g.ranking.entries.iter());
        let went_on: BTreeSet<PlayerId> = entries()
            .filter(|e| e.goes_on == Some(true))
            .map(|e| e.player)
            .collect();
        let stayed: BTreeSet<PlayerId> = entries()
            .filter(|e| e.goes_on == Some(false))
            .map(|e| e.player)
            .collect();
        let played: BTreeSet<PlayerId> = entries().map(|e| e.player).collect();
        let decided = entries().all(|e| e.goes_on.is_some());
        let here: BTreeSet<PlayerId> = phases[i]
            .groups
            .iter()
            .flat_map(|g| g.players.iter().copied())
            .collect();
        let mut missing: Vec<&str> = if decided {
            went_on.difference(&here).map(|&p| name(ctx, p)).collect()
        } else {
            Vec::new()
        };
        let mut extra: Vec<&str> = here
            .iter()
            .filter(|p| stayed.contains(p) || !played.contains(p))
            .map(|&p| name(ctx, p))
            .collect();
        if missing.is_empty() && extra.is_empty() {
            continue;
        }
        // T12 step 1's order: byte-wise on the names.
        missing.sort_unstable();
        extra.sort_unstable();
        let number = phases[i].number;
        let line = ctx.t.phase(number).map_or(1, |p| p.line);
        phases[i].findings.push(Noted {
            file: ctx.file.to_string(),
            game: None,
            finding: say::phase_players(number, &missing, &extra).at(line_span(line)),
        });
    }
}

fn name<'a>(ctx: &Ctx<'a>, p: PlayerId) -> &'a str {
    ctx.t.players[p].as_str()
}

/// The first phase with a `phase-players` finding.
pub(super) fn first_wrong(phases: &[PhaseStanding]) -> Option<u32> {
    phases
        .iter()
        .find(|p| {
            p.findings
                .iter()
                .any(|n| n.finding.code == Code::PhasePlayers)
        })
        .map(|p| p.number)
}
