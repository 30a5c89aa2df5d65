//! The tournament's standings as one self-contained HTML page (no network): every phase,
//! each group's crosstable, who goes on highlighted, the lots pending, and an overview from
//! phase 1 to the podium. Every text from a file is escaped.

use super::words::reading_label;
use super::{
    final_decided_text, outcome_cells, outcome_heading, place_text, podium_text, points_text,
};
use crate::lang::{Lang, Say};
use crate::report::inert::html_escape as esc;
use crate::report::page;
use crate::tournament::standings::{ExtraStatus, GroupStanding, PhaseStanding, Standings};
use std::fmt::Write;

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #999;padding:.2em .5em;text-align:center}\
td.name{text-align:left}tr.on{background:#d7f5d0;font-weight:bold}tr.pending{background:#fff3c4}\
td.self{background:#ddd}.review{color:#b00}.note{color:#555}.podium li{font-size:1.2em}\
section.phase{margin-bottom:2em}.overview td{text-align:left}";

/// A group's crosstable; the final's shows the podium place instead of who goes on, and
/// how that place was decided (T4, T5).
fn crosstable(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> String {
    let mut out = String::from("<table class=\"crosstable\"><tr>");
    let _ = write!(
        out,
        "<th>{}</th><th>n.</th><th>{}</th>",
        lang.t("place", "posto"),
        lang.t("player", "giocatore")
    );
    for i in 1..=g.players.len() {
        let _ = write!(out, "<th>{i}</th>");
    }
    let _ = write!(
        out,
        "<th>{}</th><th>{}</th><th>{}</th></tr>",
        lang.t("points", "punti"),
        outcome_heading(p, lang),
        lang.t("decided by", "deciso da")
    );
    for e in super::rows(s, p, g) {
        let class = match e.goes_on {
            Some(true) => " class=\"on\"",
            None if g.complete => " class=\"pending\"",
            _ => "",
        };
        let n = g.players.iter().position(|&p| p == e.player).unwrap_or(0) + 1;
        let _ = write!(
            out,
            "<tr{class}><td>{}</td><td>{n}</td><td class=\"name\">{}</td>",
            esc(&super::row_place(s, p, e)),
            esc(&s.names[e.player])
        );
        for &o in &g.players {
            if o == e.player {
                out.push_str("<td class=\"self\"></td>");
                continue;
            }
            match g.result(e.player, o) {
                Some((h, review)) => {
                    let t = if h == 0 { "0".into() } else { points_text(h) };
                    let mark = if review {
                        "<span class=\"review\" title=\"under review\">*</span>"
                    } else {
                        ""
                    };
                    let _ = write!(out, "<td>{}{mark}</td>", esc(&t));
                }
                None => out.push_str("<td>·</td>"),
            }
        }
        let (on, decided) = outcome_cells(s, p, e, lang);
        let _ = write!(
            out,
            "<td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&points_text(e.half_points)),
            esc(&on),
            esc(decided)
        );
    }
    out.push_str("</table>");
    out
}

fn group_html(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> String {
    let mut out = String::new();
    let title = if p.is_final {
        lang.t("Final", "Finale").to_string()
    } else {
        format!("{} {}", lang.t("Group", "Girone"), g.number)
    };
    let state = if g.complete {
        lang.t("complete", "completo")
    } else {
        lang.t("incomplete: provisional", "incompleto: provvisorio")
    };
    let _ = write!(out, "<h3>{} <small>({state})</small></h3>", esc(&title));
    out.push_str(&crosstable(s, p, g, lang));
    let mut notes = Vec::new();
    for &(a, b) in &g.missing {
        // Issue 25: a game whose result cannot be read is no game not played.
        notes.push(match super::unreadable_at(g, a, b) {
            Some(at) => format!(
                "{}: {} – {} ({})",
                lang.t("result not readable", "risultato illeggibile"),
                esc(&s.names[a]),
                esc(&s.names[b]),
                esc(at)
            ),
            None => format!(
                "{}: {} – {}{}",
                lang.t("missing game", "partita mancante"),
                esc(&s.names[a]),
                esc(&s.names[b]),
                esc(&super::misspelt_text(s, g, (a, b), lang))
            ),
        });
    }
    for l in &g.ranking.needed {
        let who: Vec<String> = l.players.iter().map(|&p| esc(&s.names[p])).collect();
        let places: Vec<String> = l.places.iter().map(u32::to_string).collect();
        notes.push(format!(
            "<strong>{}</strong>: {} ({} {})",
            lang.t("Sorteggio pending", "Sorteggio da fare"),
            who.join("; "),
            lang.t("places", "posti"),
            places.join(", ")
        ));
    }
    for l in &g.ranking.applied {
        let who: Vec<String> = l.players.iter().map(|&p| esc(&s.names[p])).collect();
        let by = match l.source {
            Some(crate::tournament::rank::LotSource::Program) => {
                lang.t("drawn by the program (T12)", "estratto dal programma (T12)")
            }
            _ => lang.t("recorded (T11)", "registrato (T11)"),
        };
        notes.push(format!("Sorteggio {by}: {}", who.join("; ")));
    }
    for n in &g.findings {
        let f = &n.finding;
        notes.push(format!(
            "{} <code>{}</code> {}{}: {}",
            f.severity(),
            f.code,
            esc(&n.file),
            n.game.map(|g| format!(" #{g}")).unwrap_or_default(),
            esc(f.message_in(lang))
        ));
    }
    if !notes.is_empty() {
        out.push_str("<ul class=\"note\">");
        for n in notes {
            let _ = write!(out, "<li>{n}</li>");
        }
        out.push_str("</ul>");
    }
    out
}

/// Which group of phase 1… each finalist came from.
fn overview(s: &Standings, lang: Lang) -> String {
    let Some(last) = s.phases.last().filter(|p| p.is_final) else {
        return String::new();
    };
    let mut out = format!(
        "<h2>{}</h2><table class=\"overview\"><tr><th>{}</th>",
        lang.t("From phase 1 to the podium", "Dalla fase 1 al podio"),
        lang.t("finalist", "finalista")
    );
    for p in &s.phases {
        let _ = write!(out, "<th>{} {}</th>", lang.t("Phase", "Fase"), p.number);
    }
    out.push_str("</tr>");
    for &player in &last.groups[0].players {
        let _ = write!(out, "<tr><td>{}</td>", esc(&s.names[player]));
        for p in &s.phases {
            let cell = p
                .groups
                .iter()
                .find_map(|g| {
                    g.ranking
                        .entries
                        .iter()
                        .find(|e| e.player == player)
                        .map(|e| match s.podium_place(player) {
                            // The final's cell is the podium, as the table and the
                            // podium above say it (T4, T5).
                            Some(_) if p.is_final => format!(
                                "{}: {} ({})",
                                lang.t("final", "finale"),
                                podium_text(s, player, lang),
                                final_decided_text(s, e, lang)
                            ),
                            _ => format!(
                                "{} {}, {} {}",
                                lang.t("group", "girone"),
                                g.number,
                                lang.t("place", "posto"),
                                place_text(e)
                            ),
                        })
                })
                .unwrap_or_default();
            let _ = write!(out, "<td>{}</td>", esc(&cell));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    out
}

fn podium(s: &Standings, lang: Lang) -> String {
    let who = |p: Option<usize>| p.map_or("?".to_string(), |p| esc(&s.names[p]));
    let mut out = format!(
        "<h2>{}</h2><ol class=\"podium\">",
        lang.t("Podium", "Podio")
    );
    let _ = write!(
        out,
        "<li>{}</li><li>{}</li><li>{}</li></ol>",
        who(s.winner),
        who(s.second),
        who(s.third)
    );
    if let Some(e) = s.phases.last().and_then(|p| p.extra.as_ref()) {
        let text = match &e.status {
            ExtraStatus::Won { winner, .. } => format!(
                "{} {}",
                lang.t("Extra game (spareggio) won by", "Spareggio vinto da"),
                esc(&s.names[*winner])
            ),
            ExtraStatus::Drawn => lang
                .t("Extra game (spareggio) drawn", "Spareggio finito pari")
                .to_string(),
            ExtraStatus::NotPlayed => lang
                .t("Extra game (spareggio) not played", "Spareggio non giocato")
                .to_string(),
            ExtraStatus::NotCounted => lang
                .t("Extra game (spareggio) not counted", "Spareggio non valido")
                .to_string(),
        };
        let _ = write!(out, "<p class=\"note\">{text}</p>");
    }
    out
}

/// A tournament's page opened with `style`, its title the tournament's name: the page
/// and the title, for the standings page and the notice board alike.
pub(super) fn open_page(s: &Standings, style: &str, lang: Lang) -> (String, String) {
    let title = if s.name.is_empty() {
        lang.t("Tournament", "Torneo").to_string()
    } else {
        s.name.clone()
    };
    let out = page::open(&page::Head {
        lang,
        title: &title,
        style,
        script: page::Script::None,
    });
    (out, title)
}

/// The page. The standings JSON (formats.md §7) is embedded as data for programs.
pub fn page(s: &Standings, files: &[(String, usize)], lang: Lang) -> String {
    let (mut out, title) = open_page(s, STYLE, lang);
    let _ = write!(out, "<h1>{}</h1>", esc(&title));
    out.push_str(&podium(s, lang));
    out.push_str(&overview(s, lang));
    for p in &s.phases {
        let _ = write!(
            out,
            "<section class=\"phase\"><h2>{} {}</h2>",
            lang.t("Phase", "Fase"),
            p.number
        );
        for g in &p.groups {
            out.push_str(&group_html(s, p, g, lang));
        }
        out.push_str("</section>");
    }
    if let Ok(n) = &s.next_phase {
        let _ = write!(
            out,
            "<section class=\"phase\"><h2>{} {} ({})</h2><ol>",
            lang.t("Phase", "Fase"),
            n.number,
            lang.t("drawn", "sorteggiata")
        );
        for g in &n.groups {
            let who: Vec<String> = g.iter().map(|&p| esc(&s.names[p])).collect();
            let _ = write!(out, "<li>{}</li>", who.join("; "));
        }
        out.push_str("</ol></section>");
    }
    if !s.readings.is_empty() {
        let _ = write!(
            out,
            "<section class=\"note\"><h2>{} {}</h2><ul>",
            reading_label(lang),
            lang.t("where the regulation is silent", "dove il regolamento tace")
        );
        for r in &s.readings {
            let _ = write!(out, "<li>{}: {}</li>", r.rule(), esc(&r.say(lang)));
        }
        out.push_str("</ul></section>");
    }
    let _ = write!(
        out,
        "<script type=\"application/json\" id=\"standings\">{}</script>",
        page::script_text(&super::json::json(s, files, lang))
    );
    out.push_str(page::CLOSE);
    out
}
