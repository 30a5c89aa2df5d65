//! The tournament's standings for people (tables, Italian or English), as the JSON of
//! `formats.md` §7, as CSV, and the plan of T15.

use crate::finding::Finding;
use crate::report::lang::Lang;
use crate::tournament::assign::Noted;
use crate::tournament::games::Outcome;
use crate::tournament::plan::PlannedPhase;
use crate::tournament::rank::{DecidedBy, Entry, Lot, LotSource};
use crate::tournament::reading::Reading;
use crate::tournament::standings::{
    ExtraGame, ExtraStatus, GameLine, GroupStanding, NoDraw, PhaseStanding, PodiumBy, Standings,
};
use comfy_table::Table;
use serde_json::{Value, json};
use std::fmt::Write;

/// Points as JSON: 1.5, 1.0, 0.0.
fn points(half: u32) -> f64 {
    f64::from(half) / 2.0
}

/// Points for people: `1½`, `½`, `2`.
pub fn points_text(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// A place for people: `2` or `2–3`.
pub fn place_text(e: &Entry) -> String {
    match e.place_to {
        Some(to) => format!("{}–{}", e.place, to),
        None => e.place.to_string(),
    }
}

/// A place on the podium for people: `1°` (`1st`); `—` for a finalist off a decided
/// podium, `?` while undecided (T4, T5).
pub fn podium_text(s: &Standings, player: usize, lang: Lang) -> String {
    match s.podium_place(player) {
        Some((n, _)) => match lang {
            Lang::It => format!("{n}°"),
            Lang::En => match n {
                1 => "1st".to_string(),
                2 => "2nd".to_string(),
                _ => "3rd".to_string(),
            },
        },
        None if s.podium_decided() => "—".to_string(),
        None => "?".to_string(),
    }
}

/// How a finalist's line was decided, for people: the extra game (`spareggio`, T5) when
/// it gave the podium place, else how the group's own place was decided.
pub fn final_decided_text(s: &Standings, e: &Entry, lang: Lang) -> &'static str {
    match s.podium_place(e.player) {
        Some((_, PodiumBy::ExtraGame)) => lang.t("extra game", "spareggio"),
        _ => decided_text(e.decided_by, lang),
    }
}

/// The heading of a group table's last-but-one column: who goes on, or in the final the
/// podium place (T4). Both the terminal's table and the page's take it from here.
pub fn outcome_heading(p: &PhaseStanding, lang: Lang) -> &'static str {
    if p.is_final {
        lang.t("podium", "podio")
    } else {
        lang.t("goes on", "passa")
    }
}

/// A player's last two cells in a group table: whether they go on and how that was
/// decided, or in the final their podium place and how it was decided (T4, T5).
pub fn outcome_cells(
    s: &Standings,
    p: &PhaseStanding,
    e: &Entry,
    lang: Lang,
) -> (String, &'static str) {
    if p.is_final {
        (
            podium_text(s, e.player, lang),
            final_decided_text(s, e, lang),
        )
    } else {
        (
            goes_on_text(e.goes_on, lang).to_string(),
            decided_text(e.decided_by, lang),
        )
    }
}

/// A finding as a JSON object: section 4's keys plus `file` and `game`.
/// Its `message` is in `lang` (the keys never change).
pub fn finding_value(n: &Noted, lang: Lang) -> Value {
    let f: &Finding = &n.finding;
    json!({
        "file": n.file,
        "game": n.game,
        "severity": f.severity().as_str(),
        "code": f.code.as_str(),
        "rule": f.rule,
        "army": f.army,
        "move": f.move_number,
        "ply": f.ply,
        "line": f.span.map(|s| s.line),
        "column": f.span.map(|s| s.column),
        "message": f.message_in(lang),
    })
}

fn names(s: &Standings, ids: &[usize]) -> Vec<String> {
    ids.iter().map(|&p| s.names[p].clone()).collect()
}

fn lot_value(s: &Standings, l: &Lot) -> Value {
    let mut v = json!({"players": names(s, &l.players), "places": l.places});
    if let Some(src) = l.source {
        v["source"] = json!(match src {
            LotSource::Recorded(_) => "recorded",
            LotSource::Program => "program",
        });
    }
    v
}

fn game_value(s: &Standings, files: &[(String, usize)], l: &GameLine) -> Value {
    let (file, game) = &files[l.index];
    json!({
        "file": file, "game": game,
        "white": s.names[l.white], "black": s.names[l.black],
        "result": l.outcome.map(Outcome::as_str),
        "counted": l.counted, "under_review": l.under_review,
    })
}

/// A cell of the crosstable: the row player's points against the column player.
fn cell(g: &GroupStanding, a: usize, b: usize) -> Option<String> {
    g.result(a, b).map(|(h, review)| {
        let mut t = points_text(h);
        if h == 0 {
            t = "0".to_string();
        }
        if review {
            t.push('*');
        }
        t
    })
}

fn group_value(
    s: &Standings,
    files: &[(String, usize)],
    p: &PhaseStanding,
    g: &GroupStanding,
    lang: Lang,
) -> Value {
    let standings: Vec<Value> = g
        .ranking
        .entries
        .iter()
        .map(|e| {
            let mut v = json!({
                "player": s.names[e.player],
                "points": points(e.half_points),
                "place": e.place,
                "goes_on": e.goes_on,
                "decided_by": e.decided_by.as_str(),
            });
            if let Some(to) = e.place_to {
                v["place_to"] = json!(to);
            }
            // In the final, the podium beside the group's own place (T4, T5): the extra
            // game may give 2nd and 3rd to players the group leaves tied.
            if p.is_final {
                let podium = s.podium_place(e.player);
                v["podium"] = json!(podium.map(|(n, _)| n));
                v["podium_by"] = json!(podium.map(|(_, by)| by.as_str()));
            }
            v
        })
        .collect();
    let cross: Vec<Vec<Option<String>>> = g
        .players
        .iter()
        .map(|&a| g.players.iter().map(|&b| cell(g, a, b)).collect())
        .collect();
    json!({
        "group": g.number,
        "complete": g.complete,
        "players": names(s, &g.players),
        "standings": standings,
        "lots_needed": g.ranking.needed.iter().map(|l| lot_value(s, l)).collect::<Vec<_>>(),
        "lots_drawn": g.ranking.applied.iter().map(|l| lot_value(s, l)).collect::<Vec<_>>(),
        "missing": g.missing.iter().map(|&(a, b)| [s.names[a].clone(), s.names[b].clone()]).collect::<Vec<_>>(),
        "crosstable": cross,
        "games": g.games.iter().map(|l| game_value(s, files, l)).collect::<Vec<_>>(),
        "findings": g.findings.iter().map(|n| finding_value(n, lang)).collect::<Vec<_>>(),
    })
}

fn extra_status(e: &ExtraStatus) -> &'static str {
    match e {
        ExtraStatus::Won { .. } => "won",
        ExtraStatus::Drawn => "drawn",
        ExtraStatus::NotPlayed => "not-played",
        ExtraStatus::NotCounted => "not-counted",
    }
}

fn extra_value(s: &Standings, files: &[(String, usize)], e: &ExtraGame) -> Value {
    json!({
        "players": e.players.map(|(a, b)| [s.names[a].clone(), s.names[b].clone()]),
        "status": extra_status(&e.status),
        "games": e.games.iter().map(|l| game_value(s, files, l)).collect::<Vec<_>>(),
    })
}

fn phase_value(s: &Standings, files: &[(String, usize)], p: &PhaseStanding, lang: Lang) -> Value {
    // Who goes on so far, in T13's order (group by group, best place first).
    let going: Vec<&str> = p
        .groups
        .iter()
        .flat_map(|g| g.ranking.entries.iter())
        .filter(|e| e.goes_on == Some(true))
        .map(|e| s.names[e.player].as_str())
        .collect();
    let mut v = json!({
        "phase": p.number,
        "final": p.is_final,
        "complete": p.groups.iter().all(|g| g.complete),
        "going_on": going,
        "groups": p.groups.iter().map(|g| group_value(s, files, p, g, lang)).collect::<Vec<_>>(),
        "findings": p.findings.iter().map(|n| finding_value(n, lang)).collect::<Vec<_>>(),
    });
    if let Some(e) = &p.extra {
        v["extra_game"] = extra_value(s, files, e);
    }
    v
}

fn draw_state(n: &Result<crate::tournament::standings::NextPhase, NoDraw>) -> &'static str {
    match n {
        Ok(_) => "drawn",
        Err(NoDraw::NotAsked) => "not-asked",
        Err(NoDraw::Final) => "final",
        Err(NoDraw::Incomplete(_)) => "incomplete",
        Err(NoDraw::LotPending(_)) => "lot-pending",
    }
}

/// The standings JSON of formats.md §7. `files` gives each game's file and number, by the
/// index the standings use.
pub fn json(s: &Standings, files: &[(String, usize)], lang: Lang) -> String {
    let who = |p: Option<usize>| p.map(|p| s.names[p].clone());
    let v = json!({
        "tournament": s.name,
        "phases": s.phases.iter().map(|p| phase_value(s, files, p, lang)).collect::<Vec<_>>(),
        "next_phase": s.next_phase.as_ref().ok().map(|n| n.groups.iter().map(|g| names(s, g)).collect::<Vec<_>>()),
        "next_phase_number": s.next_phase.as_ref().ok().map(|n| n.number),
        "draw": draw_state(&s.next_phase),
        "winner": who(s.winner),
        "second": who(s.second),
        "third": who(s.third),
        "seed": s.seed,
        "findings": s.findings.iter().map(|n| finding_value(n, lang)).collect::<Vec<_>>(),
        "readings": s.readings.iter().map(|r| json!({"rule": r.rule(), "code": r.code(), "text": r.text(lang)})).collect::<Vec<_>>(),
    });
    let mut out = serde_json::to_string_pretty(&v).expect("plain data serializes");
    out.push('\n');
    out
}

/// One CSV row per player and group: `phase,group,place,place_to,player,points,goes_on,decided_by`.
pub fn csv(s: &Standings) -> String {
    let mut out = String::from("phase,group,place,place_to,player,points,goes_on,decided_by\n");
    for p in &s.phases {
        for g in &p.groups {
            for e in &g.ranking.entries {
                let mut player = String::new();
                crate::report::csv::write_quoted(&s.names[e.player], &mut player);
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{}",
                    p.number,
                    g.number,
                    e.place,
                    e.place_to.map(|t| t.to_string()).unwrap_or_default(),
                    player,
                    points(e.half_points),
                    e.goes_on.map(|b| b.to_string()).unwrap_or_default(),
                    e.decided_by.as_str()
                );
            }
        }
    }
    out
}

/// How a place was decided, for people.
pub fn decided_text(d: DecidedBy, lang: Lang) -> &'static str {
    match d {
        DecidedBy::Points => lang.t("points", "punti"),
        DecidedBy::HeadToHead => lang.t("head-to-head", "scontro diretto"),
        DecidedBy::Lot => lang.t("lot (sorteggio)", "sorteggio"),
        DecidedBy::Shared => lang.t("shared", "pari merito"),
        DecidedBy::Pending => lang.t("pending", "in sospeso"),
    }
}

/// Goes on, for people.
pub fn goes_on_text(g: Option<bool>, lang: Lang) -> &'static str {
    match g {
        Some(true) => lang.t("yes", "sì"),
        Some(false) => lang.t("no", "no"),
        None => "?",
    }
}

/// A group's table. In the final nobody goes on (T4): instead of `goes on` it shows the
/// podium place, and `decided by` says how that was decided (the extra game, T5).
fn group_table(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> Table {
    let mut t = super::term::table();
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
    t.set_header(header);
    for e in &g.ranking.entries {
        let n = g.players.iter().position(|&p| p == e.player).unwrap_or(0);
        let mut row = vec![
            place_text(e),
            (n + 1).to_string(),
            s.names[e.player].clone(),
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
        t.add_row(row);
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
        crate::report::human::severity_word(f.severity(), lang),
        f.code,
        f.message_in(lang)
    )
}

fn group_text(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> String {
    let mut out = String::new();
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
        format!("girone {}", g.number)
    };
    let _ = writeln!(out, "Fase {} — {title} ({state})", p.number);
    let _ = writeln!(out, "{}", group_table(s, p, g, lang));
    if g.games.iter().any(|l| l.under_review) {
        let _ = writeln!(
            out,
            "  * {}",
            lang.t("under review (T14)", "partita sotto esame (T14)")
        );
    }
    for &(a, b) in &g.missing {
        let _ = writeln!(
            out,
            "  {}: {} – {}",
            lang.t("missing game", "partita mancante"),
            s.names[a],
            s.names[b]
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
    out
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
        "Fase {}: {} {} ({}): {}",
        p.number,
        lang.t("going on to fase", "passano alla fase"),
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
    let mut out = String::new();
    if !s.name.is_empty() {
        let _ = writeln!(out, "{}\n", s.name);
    }
    for p in &s.phases {
        for n in &p.findings {
            out.push_str(&finding_line(n, lang));
        }
        for g in &p.groups {
            out.push_str(&group_text(s, p, g, lang));
            out.push('\n');
        }
        out.push_str(&phase_summary(s, p, lang));
        out.push('\n');
    }
    match &s.next_phase {
        Ok(n) => {
            let _ = writeln!(
                out,
                "{} {} ({} {}, T13):",
                lang.t("Draw of fase", "Sorteggio della fase"),
                n.number,
                lang.t("seed", "seme"),
                s.seed.unwrap_or(0)
            );
            for (i, g) in n.groups.iter().enumerate() {
                let _ = writeln!(out, "  girone {}: {}", i + 1, names(s, g).join("; "));
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
        let _ = writeln!(
            out,
            "{} {}: {}",
            Reading::label(lang),
            r.rule(),
            r.text(lang)
        );
    }
    // Names come from files: shown inert for a terminal; prose fits its width.
    let width = usize::from(super::term::width());
    super::term::fit_lines(&crate::report::inert::inert(&out), width)
}

/// T15's plan as JSON: `{"phases": [...], "games", "supervised"}`.
pub fn plan_json(plan: &[PlannedPhase]) -> String {
    let v = json!({
        "players": plan.first().map_or(0, |p| p.players),
        "phases": plan,
        "games": plan.iter().map(|p| p.games).sum::<usize>(),
        "supervised": plan.iter().map(|p| p.supervised).sum::<usize>(),
    });
    let mut out = serde_json::to_string_pretty(&v).expect("plain data serializes");
    out.push('\n');
    out
}

/// T15's plan for people.
pub fn plan_human(plan: &[PlannedPhase], lang: Lang) -> String {
    let mut t = super::term::table();
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
        "{}: {}, {sup} {}",
        lang.t("In all", "Totale"),
        match lang {
            Lang::En => crate::lang::count(total, "game", "games"),
            Lang::It => crate::lang::count(total, "partita", "partite"),
        },
        lang.t("under supervision", "sotto supervisione")
    );
    if plan.iter().any(|p| p.groups.iter().any(|&k| k > 3)) {
        let _ = writeln!(
            out,
            "{} T3: {}",
            Reading::label(lang),
            Reading::GroupsOfFour.text(lang)
        );
    }
    if plan.iter().any(|p| p.is_final) {
        let _ = writeln!(
            out,
            "{} T4: {}",
            Reading::label(lang),
            Reading::FinalPodium.text(lang)
        );
    }
    super::term::fit_lines(&out, usize::from(super::term::width()))
}
