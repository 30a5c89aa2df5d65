//! T14: which phase and group each game belongs to, and the findings about it.

use super::file::{PlayerId, Tournament};
use super::games::TournamentGame;
use crate::finding::{Code, Finding};
use crate::lang::Lang;
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

fn note(g: &TournamentGame, finding: Finding) -> Noted {
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

fn players(t: &Tournament, g: &TournamentGame, lang: Lang) -> Result<(PlayerId, PlayerId), String> {
    let find = |name: Option<&str>, side: &str| match name {
        None => Err(format!(
            "{} [{side}]",
            lang.t(
                "the game names no player in",
                "la partita non nomina il giocatore in"
            )
        )),
        Some(n) => t.find(n).ok_or_else(|| {
            format!(
                "`{}` {}",
                n.trim(),
                lang.t(
                    "is not a registered player (T1)",
                    "non è tra i giocatori iscritti (T1)"
                )
            )
        }),
    };
    Ok((
        find(g.report.white(), "Bianco")?,
        find(g.report.black(), "Nero")?,
    ))
}

fn place(t: &Tournament, g: &TournamentGame, lang: Lang) -> Result<Place, Box<Finding>> {
    let at = |f: Finding| Box::new(f.at(g.span));
    let Some(tag) = g.phase.as_deref() else {
        return Err(at(Finding::new(
            Code::NoPhase,
            lang.t(
                "the game has no [Fase] tag: a pair may meet again in a later phase",
                "la partita non ha il tag [Fase]: una coppia può incontrarsi di nuovo in una fase successiva",
            ),
        )
        .rule("T14")));
    };
    let Ok(number) = tag.trim().parse::<u32>() else {
        return Err(at(Finding::new(
            Code::NoPhase,
            format!(
                "[Fase \"{tag}\"] {}",
                lang.t("is not a phase number", "non è il numero di una fase")
            ),
        )
        .rule("T14")));
    };
    let not_in_group = |m: String| at(Finding::new(Code::NotInGroup, m).rule("T14"));
    let (w, b) = players(t, g, lang).map_err(not_in_group)?;
    let Some(phase) = t.phase(number) else {
        return Err(not_in_group(format!(
            "{} {number}",
            lang.t(
                "the tournament file has no fase",
                "il file del torneo non ha la fase"
            )
        )));
    };
    if g.is_extra_game() {
        if !phase.is_final() || phase.groups[0].len() != 3 {
            return Err(at(Finding::new(
                Code::NotInGroup,
                format!(
                    "[Girone \"spareggio\"]: {} {number}",
                    lang.t(
                        "the extra game belongs to a final of three, and that is not fase",
                        "lo spareggio appartiene a una finale a tre, e tale non è la fase"
                    )
                ),
            )
            .rule("T5")));
        }
        return Ok(Place::Extra(number));
    }
    match t.group_of_pair(number, w, b) {
        Some(i) => Ok(Place::Group(number, i)),
        None => Err(not_in_group(format!(
            "`{}` {} `{}` {} {number}",
            t.players[w],
            lang.t("and", "e"),
            t.players[b],
            lang.t(
                "are in no group together in fase",
                "non sono nello stesso girone nella fase"
            )
        ))),
    }
}

/// T14's warnings about a game placed in a group (or the final's extra game).
fn warnings(g: &TournamentGame, phase: u32, group: Option<usize>, lang: Lang) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Some(i) = group {
        let tag = g.group.as_deref().map(str::trim);
        if let Some(tag) = tag
            && tag.parse::<usize>().ok() != Some(i + 1)
        {
            out.push(
                Finding::new(
                    Code::WrongGroupTag,
                    format!(
                        "[Girone \"{tag}\"], {} {} (fase {phase})",
                        lang.t(
                            "but the players are in girone",
                            "ma i giocatori sono nel girone"
                        ),
                        i + 1
                    ),
                )
                .rule("T14")
                .at(g.group_span.unwrap_or(g.span)),
            );
        }
    }
    if phase == 1 && g.terminated_by("ritardo") {
        out.push(
            Finding::new(
                Code::LateInPhase1,
                lang.t(
                    "[Terminazione \"ritardo\"] in phase 1: the lateness rule is for phases 2–4 (phase 1 is played on its own)",
                    "[Terminazione \"ritardo\"] nella fase 1: la regola del ritardo vale per le fasi 2–4 (la fase 1 si gioca in autonomia)",
                ),
            )
            .rule("T14")
            .at(g.termination_span.unwrap_or(g.span)),
        );
    }
    if g.outcome.is_some() && g.needs_review() {
        out.push(
            Finding::new(
                Code::UnderReview,
                lang.t(
                    "under review: the declared result counts until the organiser decides",
                    "partita sotto esame: vale il risultato dichiarato finché l'organizzazione non decide",
                ),
            )
            .rule("T14")
            .at(g.span),
        );
    }
    out
}

/// T14's warnings in both languages (built in each, then joined).
fn warnings_in_both(g: &TournamentGame, phase: u32, group: Option<usize>) -> Vec<Finding> {
    let it = warnings(g, phase, group, Lang::It);
    warnings(g, phase, group, Lang::En)
        .into_iter()
        .zip(&it)
        .map(|(en, it)| en.with_italian_of(it))
        .collect()
}

/// Places every game (T14). Each finding has its texts in English and in Italian.
pub fn assign(t: &Tournament, games: &[TournamentGame]) -> Assignment {
    let mut a = Assignment::default();
    for (i, g) in games.iter().enumerate() {
        match place(t, g, Lang::En) {
            Err(f) => {
                let f = match place(t, g, Lang::It) {
                    Err(it) => f.with_italian_of(&it),
                    Ok(_) => *f,
                };
                a.unplaced.push(note(g, f));
                a.unplaced.extend(own_findings(g));
            }
            Ok(Place::Extra(phase)) => {
                a.extra.entry(phase).or_default().push(i);
                let notes = a.notes.entry((phase, 0)).or_default();
                notes.extend(
                    warnings_in_both(g, phase, None)
                        .into_iter()
                        .map(|f| note(g, f)),
                );
                notes.extend(own_findings(g));
            }
            Ok(Place::Group(phase, group)) => {
                a.groups.entry((phase, group)).or_default().push(i);
                let notes = a.notes.entry((phase, group)).or_default();
                notes.extend(
                    warnings_in_both(g, phase, Some(group))
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
