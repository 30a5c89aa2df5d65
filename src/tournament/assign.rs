//! T14: which phase and group each game belongs to, and the findings about it.

use super::file::{PlayerId, Tournament};
use super::games::{Termination, TournamentGame};
use crate::finding::{Finding, wording::tournament as say};
use std::collections::BTreeMap;

/// A finding with the game it is about (formats.md §7: section 4 objects plus `file` and
/// `game`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Noted {
    /// The file (a game file, or the tournament file).
    pub file: String,
    /// The game number in its file (`None` for the tournament file).
    pub game: Option<usize>,
    /// The finding.
    pub finding: Finding,
}

/// Where the games went.
#[derive(Debug, Default)]
pub struct Assignment {
    /// Games of each group: (phase, group index) → game indices.
    pub groups: BTreeMap<(u32, usize), Vec<usize>>,
    /// The final's extra games (T5): phase → game indices.
    pub extra: BTreeMap<u32, Vec<usize>>,
    /// Findings about games that belong to no group (`no-phase`, `not-in-group`), with
    /// their own findings.
    pub unplaced: Vec<Noted>,
    /// Findings about the games of each group (T14's, then the game's own).
    pub notes: BTreeMap<(u32, usize), Vec<Noted>>,
}

/// A finding about game `g`.
pub(crate) fn note(g: &TournamentGame, finding: Finding) -> Noted {
    Noted {
        file: g.report.file.clone(),
        game: Some(g.report.game),
        finding,
    }
}

fn own_findings(g: &TournamentGame) -> impl Iterator<Item = Noted> + '_ {
    g.report.findings.iter().map(|f| note(g, f.clone()))
}

/// Where one game goes, or why it goes nowhere.
enum Place {
    Group(u32, usize),
    Extra(u32),
}

fn players(t: &Tournament, g: &TournamentGame) -> Result<(PlayerId, PlayerId), Box<Finding>> {
    let find = |name: Option<&str>, tag: &str| match name {
        None => Err(Box::new(say::player_not_named(tag))),
        Some(n) => t.find(n).ok_or_else(|| {
            // T17: the registered name clearly nearest, when one is.
            let near = super::names::nearest(n, &t.players).map(|i| t.players[i].as_str());
            Box::new(say::unregistered_player(n.trim(), near))
        }),
    };
    Ok((
        find(g.report.white(), "Bianco")?,
        find(g.report.black(), "Nero")?,
    ))
}

fn place(t: &Tournament, g: &TournamentGame) -> Result<Place, Box<Finding>> {
    let at = |f: Finding| Box::new(f.at(g.span));
    let Some(tag) = g.phase.as_deref() else {
        return Err(at(say::no_phase_tag()));
    };
    let Ok(number) = tag.trim().parse::<u32>() else {
        return Err(at(say::phase_not_a_number(tag)));
    };
    let (w, b) = players(t, g).map_err(|f| at(*f))?;
    let Some(phase) = t.phase(number) else {
        return Err(at(say::no_such_phase(number)));
    };
    if g.is_extra_game() {
        if !phase.is_final() || phase.groups[0].len() != 3 {
            return Err(at(say::extra_game_outside_final(number)));
        }
        return Ok(Place::Extra(number));
    }
    match t.group_of_pair(number, w, b) {
        Some(i) => Ok(Place::Group(number, i)),
        None => Err(at(say::not_together(&t.players[w], &t.players[b], number))),
    }
}

/// T14's warnings about a game placed in a group (or the final's extra game).
fn warnings(g: &TournamentGame, phase: u32, group: Option<usize>) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Some(i) = group {
        let tag = g.group.as_deref().map(str::trim);
        if let Some(tag) = tag
            && tag.parse::<usize>().ok() != Some(i + 1)
        {
            out.push(say::wrong_group_tag(tag, i + 1, phase).at(g.group_span.unwrap_or(g.span)));
        }
    }
    if phase == 1 && g.termination == Some(Termination::Late) {
        out.push(say::late_in_phase_1().at(g.termination_span.unwrap_or(g.span)));
    }
    if g.result.is_some() && g.needs_review() {
        out.push(say::under_review().at(g.span));
    }
    out
}

/// Places every game (T14).
pub fn assign(t: &Tournament, games: &[TournamentGame]) -> Assignment {
    let mut a = Assignment::default();
    for (i, g) in games.iter().enumerate() {
        match place(t, g) {
            Err(f) => {
                a.unplaced.push(note(g, *f));
                a.unplaced.extend(own_findings(g));
            }
            Ok(Place::Extra(phase)) => {
                a.extra.entry(phase).or_default().push(i);
                let notes = a.notes.entry((phase, 0)).or_default();
                notes.extend(warnings(g, phase, None).into_iter().map(|f| note(g, f)));
                notes.extend(own_findings(g));
            }
            Ok(Place::Group(phase, group)) => {
                a.groups.entry((phase, group)).or_default().push(i);
                let notes = a.notes.entry((phase, group)).or_default();
                notes.extend(
                    warnings(g, phase, Some(group))
                        .into_iter()
                        .map(|f| note(g, f)),
                );
                notes.extend(own_findings(g));
            }
        }
    }
    a
}

/// A game's place among the others: by file, then game number (the same whatever order
/// the files were given in).
pub fn game_order(games: &[TournamentGame], i: usize) -> (&str, usize) {
    (&games[i].report.file, games[i].report.game)
}
