//! The e-mail summary (`standings --format text`): a few plain lines per phase, ready to
//! paste into the school's message: complete or how many games played, who goes on, the
//! lots still to draw, the games to check, the podium. No files, codes or rule numbers.

use crate::lang::Lang;
use crate::tournament::standings::{PhaseStanding, Standings};
use std::fmt::Write;

fn names(s: &Standings, ids: impl Iterator<Item = usize>) -> String {
    ids.map(|p| s.names[p].as_str())
        .collect::<Vec<_>>()
        .join("; ")
}

fn phase_lines(s: &Standings, p: &PhaseStanding, lang: Lang, out: &mut String) {
    let total: usize = p
        .groups
        .iter()
        .map(|g| g.players.len() * (g.players.len() - 1) / 2)
        .sum();
    let missing: usize = p.groups.iter().map(|g| g.missing.len()).sum();
    let phase = if p.is_final {
        format!(
            "{} {} ({})",
            lang.t("Phase", "Fase"),
            p.number,
            lang.t("final", "finale")
        )
    } else {
        format!("{} {}", lang.t("Phase", "Fase"), p.number)
    };
    if missing == 0 {
        let _ = writeln!(
            out,
            "{phase} {} ({total} {}).",
            lang.t("complete", "completata"),
            lang.t("games", "partite")
        );
    } else {
        let _ = writeln!(
            out,
            "{phase} {}: {} {} {total} {}.",
            lang.t("in progress", "in corso"),
            total - missing,
            lang.t("of", "di"),
            lang.t("games played", "partite giocate")
        );
    }
    if !p.is_final {
        let on = p
            .groups
            .iter()
            .flat_map(|g| &g.ranking.entries)
            .filter(|e| e.goes_on == Some(true))
            .map(|e| e.player);
        let on = names(s, on);
        if !on.is_empty() {
            let _ = writeln!(out, "{}: {on}.", lang.t("Going on", "Passano"));
        }
    }
    for g in &p.groups {
        for l in &g.ranking.needed {
            let _ = writeln!(
                out,
                "{} {}: {}.",
                lang.t("Lot to draw in group", "Sorteggio da fare nel girone"),
                g.number,
                names(s, l.players.iter().copied())
            );
        }
    }
    let review = p
        .groups
        .iter()
        .flat_map(|g| &g.games)
        .filter(|l| l.under_review || l.unreadable.is_some())
        .count();
    if review > 0 {
        let _ = writeln!(
            out,
            "{}: {review}.",
            lang.t(
                "Games whose result is to be checked",
                "Partite con risultato da verificare"
            )
        );
    }
}

/// The summary of every phase, then the podium once there is a winner.
pub fn text(s: &Standings, lang: Lang) -> String {
    let mut out = String::new();
    if !s.name.is_empty() {
        let _ = writeln!(out, "{}\n", s.name);
    }
    for p in &s.phases {
        phase_lines(s, p, lang, &mut out);
        out.push('\n');
    }
    if let Some(w) = s.winner {
        let who = |p: Option<usize>| p.map_or("?", |p| s.names[p].as_str());
        let _ = writeln!(
            out,
            "{}: 1° {}; 2° {}; 3° {}.",
            lang.t("Podium", "Podio"),
            s.names[w],
            who(s.second),
            who(s.third)
        );
    }
    if out.ends_with("\n\n") {
        out.pop();
    }
    out
}
