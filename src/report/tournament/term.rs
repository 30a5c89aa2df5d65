//! The standings and the plan for people, in a terminal: one table per group, then each
//! phase's summary, the next draw, the findings about no group, and the \[reading\]
//! choices that applied.

use super::words::reading_label;
use super::{cell, names, outcome_cells, outcome_heading, points_text, unreadable_at};
use crate::lang::{Lang, Say};
use crate::report::grid::Grid;
use crate::report::term;
use crate::tournament::assign::Noted;
use crate::tournament::plan::PlannedPhase;
use crate::tournament::rank::LotSource;
use crate::tournament::reading::Reading;
use crate::tournament::standings::{
    ExtraGame, ExtraStatus, GroupStanding, NoDraw, PhaseStanding, Standings,
};
use std::fmt::Write;

/// A group's table. In the final nobody goes on (T4): instead of `goes on` it shows the
/// podium place, and `decided by` says how that was decided (the extra game, T5).
fn group_table(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> Grid {
    let mut header = vec![
        lang.t("place", "posto").to_string(),
        "n.".to_string(),
        lang.t("player", "giocatore").to_string(),
    ];
    header.extend((1..=g.players.len()).map(|i| i.to_string()));
    header.extend([
        lang.t("points", "punti").to_string(),
        outcome_heading(p, lang).to_string(),
        lang.t("decided by", "deciso da").to_string(),
    ]);
    let mut t = Grid::new(header);
    for e in super::rows(s, p, g) {
        let n = g.players.iter().position(|&p| p == e.player).unwrap_or(0);
        let mut row = vec![
            super::row_place(s, p, e),
            (n + 1).to_string(),
            // Names come from files: shown inert for a terminal.
            crate::report::inert::inert(&s.names[e.player]).into_owned(),
        ];
        for &o in &g.players {
            row.push(if o == e.player {
                "×".to_string()
            } else {
                cell(g, e.player, o).unwrap_or_else(|| "·".to_string())
            });
        }
        row.push(points_text(e.half_points));
        let (on, decided) = outcome_cells(s, p, e, lang);
        row.extend([on, decided.to_string()]);
        t.row(row);
    }
    t
}

fn finding_line(n: &Noted, lang: Lang) -> String {
    let f = &n.finding;
    let mut at = n.file.clone();
    if let Some(sp) = f.span {
        let _ = write!(at, ":{}:{}", sp.line, sp.column);
    }
    if let Some(g) = n.game {
        let _ = write!(at, " (#{g})");
    }
    let rule = f.rule.map(|r| format!(" ({r})")).unwrap_or_default();
    format!(
        "  {}[{}] {at}: {}{rule}\n",
        crate::report::game::human::severity_word(f.severity(), lang),
        f.code,
        f.message_in(lang)
    )
}

/// A group for people: its title line, its table, and the notes under the table.
struct GroupText {
    title: String,
    table: Grid,
    notes: String,
}

fn group_text(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> GroupText {
    let state = if g.complete {
        lang.t("complete", "completo")
    } else {
        lang.t(
            "incomplete: standings provisional",
            "incompleto: classifica provvisoria",
        )
    };
    let title = if p.is_final {
        lang.t("final", "finale").to_string()
    } else {
        format!("{} {}", lang.t("group", "girone"), g.number)
    };
    let title = format!(
        "{} {} — {title} ({state})\n",
        lang.t("Phase", "Fase"),
        p.number
    );
    let table = group_table(s, p, g, lang);
    let mut out = String::new();
    if g.games.iter().any(|l| l.under_review) {
        let _ = writeln!(
            out,
            "  * {}",
            lang.t("under review (T14)", "partita da verificare (T14)")
        );
    }
    for &(a, b) in &g.missing {
        // Issue 25: a game whose result cannot be read is no game not played.
        if let Some(at) = unreadable_at(g, a, b) {
            let _ = writeln!(
                out,
                "  {}: {} – {} ({at})",
                lang.t("result not readable", "risultato illeggibile"),
                s.names[a],
                s.names[b]
            );
            continue;
        }
        let _ = writeln!(
            out,
            "  {}: {} – {}{}",
            lang.t("missing game", "partita mancante"),
            s.names[a],
            s.names[b],
            super::misspelt_text(s, g, (a, b), lang)
        );
    }
    for l in &g.ranking.needed {
        let _ = writeln!(
            out,
            "  {}: {} ({} {})",
            lang.t("sorteggio needed", "sorteggio da fare"),
            names(s, &l.players).join("; "),
            lang.t("places", "posti"),
            l.places
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for l in &g.ranking.applied {
        let by = match l.source {
            Some(LotSource::Program) => {
                lang.t("drawn by the program (T12)", "estratto dal programma (T12)")
            }
            _ => lang.t("recorded in the file (T11)", "registrato nel file (T11)"),
        };
        let _ = writeln!(out, "  sorteggio {by}: {}", names(s, &l.players).join("; "));
    }
    if let Some(e) = &p.extra {
        out.push_str(&extra_text(s, e, lang));
    }
    for n in &g.findings {
        out.push_str(&finding_line(n, lang));
    }
    GroupText {
        title,
        table,
        notes: out,
    }
}

fn extra_text(s: &Standings, e: &ExtraGame, lang: Lang) -> String {
    let who = e
        .players
        .map(|(a, b)| format!("{} – {}", s.names[a], s.names[b]))
        .unwrap_or_else(|| {
            lang.t("the two non-winners", "i due non vincitori")
                .to_string()
        });
    let what = match &e.status {
        ExtraStatus::Won { winner, loser } => format!(
            "{} {}, {}; {} {}",
            lang.t("won by", "vinto da"),
            s.names[*winner],
            lang.t("who is 2nd", "che è 2°"),
            s.names[*loser],
            lang.t("is 3rd", "è 3°")
        ),
        ExtraStatus::Drawn => lang.t("drawn", "patta").to_string(),
        ExtraStatus::NotPlayed => lang.t("not played", "non giocato").to_string(),
        ExtraStatus::NotCounted => lang.t("not counted", "non valido").to_string(),
    };
    format!(
        "  {} ({who}): {what}\n",
        lang.t(
            "extra game for 2nd and 3rd place (spareggio, T5)",
            "spareggio per il 2° e 3° posto (T5)"
        )
    )
}

fn phase_summary(s: &Standings, p: &PhaseStanding, lang: Lang) -> String {
    let mut out = String::new();
    if p.is_final {
        let who = |x: Option<usize>| x.map_or("?".to_string(), |p| s.names[p].clone());
        let _ = writeln!(
            out,
            "{}: {}; {}: {}; {}: {}",
            lang.t("Winner", "Vincitore"),
            who(s.winner),
            lang.t("second", "secondo"),
            who(s.second),
            lang.t("third", "terzo"),
            who(s.third)
        );
        return out;
    }
    let going: Vec<String> = p
        .groups
        .iter()
        .flat_map(|g| g.ranking.entries.iter())
        .filter(|e| e.goes_on == Some(true))
        .map(|e| s.names[e.player].clone())
        .collect();
    let open = p
        .groups
        .iter()
        .flat_map(|g| g.ranking.entries.iter())
        .filter(|e| e.goes_on.is_none())
        .count();
    let _ = writeln!(
        out,
        "{} {}: {} {} ({}): {}",
        lang.t("Phase", "Fase"),
        p.number,
        lang.t("going on to phase", "passano alla fase"),
        p.number + 1,
        going.len(),
        if going.is_empty() {
            "—".to_string()
        } else {
            going.join("; ")
        }
    );
    if open > 0 {
        let _ = writeln!(
            out,
            "  {}: {open}",
            lang.t(
                "players whose going on is still undecided",
                "giocatori ancora in attesa di sapere se passano"
            )
        );
    }
    let lots: usize = p.groups.iter().map(|g| g.ranking.needed.len()).sum();
    if lots > 0 {
        let _ = writeln!(
            out,
            "  {}: {lots}",
            lang.t("lots (sorteggi) still needed", "sorteggi ancora da fare")
        );
    }
    out
}

/// The standings for people: one table per group, then each phase's summary, the next
/// draw, the findings about no group, and the \[reading\] choices that applied.
pub fn human(s: &Standings, lang: Lang) -> String {
    let mut v = Vec::new();
    let _ = write_human(&mut v, s, lang);
    String::from_utf8(v).unwrap_or_default()
}

/// [`human`] written to `w` as it is produced, group by group, so that a tournament of any
/// size needs no more memory than one group's text (issue 25).
pub fn write_human(w: &mut dyn std::io::Write, s: &Standings, lang: Lang) -> std::io::Result<()> {
    // Names come from files: shown inert for a terminal; prose fits its width. Both work
    // line by line, so the text is written whole lines at a time.
    // A group's table is laid out to the width from inert cells already: it is written as
    // it is, which keeps 1,000,000 players in seconds (issue 25).
    let width = usize::from(term::width());
    let mut flush = |out: &mut String, laid_out: bool| {
        let result = if laid_out {
            w.write_all(out.as_bytes())
        } else {
            let text = term::fit_lines(&crate::report::inert::inert(out), width);
            w.write_all(text.as_bytes())
        };
        out.clear();
        result
    };
    let mut out = String::new();
    if !s.name.is_empty() {
        let _ = writeln!(out, "{}\n", s.name);
    }
    for p in &s.phases {
        for n in &p.findings {
            out.push_str(&finding_line(n, lang));
        }
        for g in &p.groups {
            let text = group_text(s, p, g, lang);
            out.push_str(&text.title);
            flush(&mut out, false)?;
            text.table.render(width, &mut out);
            flush(&mut out, true)?;
            out.push_str(&text.notes);
            out.push('\n');
            flush(&mut out, false)?;
        }
        out.push_str(&phase_summary(s, p, lang));
        out.push('\n');
    }
    match &s.next_phase {
        Ok(n) => {
            let _ = writeln!(
                out,
                "{} {} ({} {}, T13):",
                lang.t("Draw of phase", "Sorteggio della fase"),
                n.number,
                lang.t("seed", "seme"),
                s.seed.unwrap_or(0)
            );
            for (i, g) in n.groups.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "  {} {}: {}",
                    lang.t("group", "girone"),
                    i + 1,
                    names(s, g).join("; ")
                );
            }
        }
        Err(NoDraw::Incomplete(g)) if s.seed.is_some() => {
            let _ = writeln!(
                out,
                "{} {g}",
                lang.t(
                    "No draw yet (T13): incomplete girone",
                    "Nessun sorteggio ancora (T13): incompleto il girone"
                )
            );
        }
        Err(NoDraw::LotPending(g)) if s.seed.is_some() => {
            let _ = writeln!(
                out,
                "{} {g}",
                lang.t(
                    "No draw yet (T13): a lot is pending in girone",
                    "Nessun sorteggio ancora (T13): sorteggio in sospeso nel girone"
                )
            );
        }
        Err(_) => {}
    }
    if !s.findings.is_empty() {
        let _ = writeln!(
            out,
            "{}:",
            lang.t("Games in no group", "Partite fuori da ogni girone")
        );
        for n in &s.findings {
            out.push_str(&finding_line(n, lang));
        }
    }
    for r in &s.readings {
        let _ = writeln!(out, "{} {}: {}", reading_label(lang), r.rule(), r.say(lang));
    }
    flush(&mut out, false)
}

/// T15's plan for people.
pub fn plan_human(plan: &[PlannedPhase], lang: Lang) -> String {
    let mut t = term::table();
    t.set_header([
        lang.t("fase", "fase"),
        lang.t("players", "giocatori"),
        lang.t("gironi", "gironi"),
        lang.t("games", "partite"),
        lang.t("supervised", "sotto supervisione"),
        lang.t("go on", "passano"),
    ]);
    for p in plan {
        let mut sizes: Vec<(usize, usize)> = Vec::new();
        for &k in &p.groups {
            match sizes.last_mut() {
                Some((size, n)) if *size == k => *n += 1,
                _ => sizes.push((k, 1)),
            }
        }
        let groups = sizes
            .iter()
            .map(|(k, n)| format!("{n} × {k}"))
            .collect::<Vec<_>>()
            .join(" + ");
        let games = if p.extra_game > 0 {
            format!("{} + {}", p.games - p.extra_game, p.extra_game)
        } else {
            p.games.to_string()
        };
        let goes = if p.is_final {
            lang.t("final", "finale").to_string()
        } else {
            p.goes_on.to_string()
        };
        t.add_row([
            p.phase.to_string(),
            p.players.to_string(),
            groups,
            games,
            p.supervised.to_string(),
            goes,
        ]);
    }
    let total: usize = plan.iter().map(|p| p.games).sum();
    let sup: usize = plan.iter().map(|p| p.supervised).sum();
    let mut out = format!("{t}\n");
    let _ = writeln!(
        out,
        "{}: {}, {} {}",
        lang.t("In all", "Totale"),
        match lang {
            Lang::En => crate::lang::count(lang, total, "game", "games"),
            Lang::It => crate::lang::count(lang, total, "partita", "partite"),
        },
        crate::lang::number(lang, sup),
        lang.t("under supervision", "sotto supervisione")
    );
    if plan.iter().any(|p| p.groups.iter().any(|&k| k > 3)) {
        let _ = writeln!(
            out,
            "{} T3: {}",
            reading_label(lang),
            Reading::GroupsOfFour.say(lang)
        );
    }
    if plan.iter().any(|p| p.is_final) {
        let _ = writeln!(
            out,
            "{} T4: {}",
            reading_label(lang),
            Reading::FinalPodium.say(lang)
        );
    }
    term::fit_lines(&out, usize::from(term::width()))
}
