//! The notice-board page (`tournament standings --html`): the standings for pupils and
//! parents, in one language throughout. No file, no finding code, no rule number: a game
//! under review is "da verificare" with a footnote, a forfeit `1F`/`0F`, who goes on a mark
//! (✔) as well as a colour, the podium highlighted; the date it was made; print style so
//! that one phase of 40 pupils fits one A4 page, in grey too. The arbiter's view (findings,
//! files, codes) is the terminal's, the JSON's, and `--html --completo` ([`super::html`]).

use super::points_text;
use crate::lang::Lang;
use crate::report::inert::html_escape as esc;
use crate::report::page;
use crate::tournament::file::PlayerId;
use crate::tournament::rank::Entry;
use crate::tournament::standings::{ExtraStatus, GroupStanding, PhaseStanding, Standings};
use std::fmt::Write;

/// What the page shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct Notice {
    /// One phase only (`--fase N`); all of them when `None`.
    pub phase: Option<u32>,
    /// When the page was made, in the venue's time ("aggiornata al 17/10/2026 18:05").
    pub updated: Option<jiff::civil::DateTime>,
}

const STYLE: &str = "\
body{font-family:system-ui,sans-serif;margin:1.5em;color:#111;font-size:11pt}\
h1{margin:0;font-size:1.6em}p.updated{margin:.2em 0 1em;color:#333}\
h2{margin:.8em 0 .3em;font-size:1.25em;border-bottom:2px solid #333}\
p.state{margin:.2em 0 .5em}\
.groups{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.8em 1.5em}\
.group{flex:0 1 auto;max-width:100%;overflow-x:auto;break-inside:avoid;page-break-inside:avoid}\
.group h3{margin:.2em 0;font-size:1em}.group h3 small{font-weight:normal;color:#444}\
table{border-collapse:collapse;width:100%}\
td,th{border:1px solid #777;padding:.1em .35em;text-align:center}\
th{background:#eee;font-weight:600}td.name{text-align:left}td.self{background:#ccc}\
tr.on td{background:#d7f5d0;font-weight:bold}td.mark{font-weight:bold}\
tr.p1 td{background:#ffe27a;font-weight:bold}tr.p2 td{background:#e4e4e4;font-weight:bold}\
tr.p3 td{background:#f3cfa6;font-weight:bold}tr td.self{background:#bbb}td.name{white-space:nowrap}\
sup.review{color:#a00;font-weight:bold}\
ul.notes{margin:.2em 0 0;padding-left:1.2em;font-size:.9em}\
.podium{border:3px double #333;padding:.4em 1em;margin:.5em 0 1em;display:inline-block;background:#fffbe6}\
.podium h2{border:0;margin:.1em 0}.podium ol{list-style:none;margin:0;padding:0;font-size:1.15em}\
.podium li{margin:.15em 0}.podium .medal{display:inline-block;min-width:2.2em;font-weight:bold}\
.podium li.first{font-size:1.3em;font-weight:bold}\
.legend{margin-top:1em;font-size:.85em;color:#222}.legend p{margin:.15em 0}\
.next li{margin:.1em 0}\
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}\
@page{size:A4;margin:8mm}\
@media print{body{margin:0;font-size:7.4pt}h1{font-size:13pt}h2{font-size:10pt;margin:.4em 0 .2em}\
.groups{display:block;columns:2;column-gap:5mm}.group{display:inline-block;width:100%;margin:0 0 1.6mm}\
p.updated{margin:0 0 .4em}.podium{margin:.2em 0 .4em}.legend{margin-top:.4em}}";

/// "aggiornata al 17/10/2026 18:05" / "updated 2026-10-17 18:05" (to the minute), the
/// date as every report writes it (`lang::date`).
pub fn updated_text(at: jiff::civil::DateTime, lang: Lang) -> String {
    use crate::lang::Say;
    let minute = at.date().at(at.hour(), at.minute(), 0, 0);
    format!(
        "{} {}",
        lang.t("updated", "aggiornata al"),
        crate::lang::date::Moment(minute).say(lang)
    )
}

/// The game counted between `a` and `b` was won by forfeit (T14: `ritardo`).
fn forfeit(g: &GroupStanding, a: PlayerId, b: PlayerId) -> bool {
    g.games.iter().any(|l| {
        l.counted && l.forfeit && ((l.white, l.black) == (a, b) || (l.white, l.black) == (b, a))
    })
}

/// One result cell: `1`, `½`, `0`, `1F`/`0F` for a forfeit, a footnote mark when the game
/// is under review; `·` not played yet.
fn result_cell(g: &GroupStanding, a: PlayerId, b: PlayerId) -> String {
    let Some((h, review)) = g.result(a, b) else {
        return "<td>·</td>".to_string();
    };
    let mut t = if h == 0 { "0".into() } else { points_text(h) };
    if h != 1 && forfeit(g, a, b) {
        t.push('F');
    }
    let mark = if review {
        "<sup class=\"review\">*</sup>"
    } else {
        ""
    };
    format!("<td>{t}{mark}</td>")
}

/// The last cell: ✔ for who goes on (a mark, not only a colour), `?` while undecided; in
/// the final the podium place.
fn outcome(s: &Standings, p: &PhaseStanding, e: &Entry, lang: Lang) -> String {
    if p.is_final {
        return super::podium_text(s, e.player, lang);
    }
    match e.goes_on {
        Some(true) => "✔".to_string(),
        Some(false) => String::new(),
        None => "?".to_string(),
    }
}

fn row_class(s: &Standings, p: &PhaseStanding, e: &Entry) -> &'static str {
    if p.is_final {
        return match s.podium_place(e.player).map(|(n, _)| n) {
            Some(1) => " class=\"p1\"",
            Some(2) => " class=\"p2\"",
            Some(3) => " class=\"p3\"",
            _ => "",
        };
    }
    if e.goes_on == Some(true) {
        " class=\"on\""
    } else {
        ""
    }
}

fn crosstable(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> String {
    let mut out = format!(
        "<table><tr><th>{}</th><th>n.</th><th>{}</th>",
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
        if p.is_final {
            lang.t("podium", "podio")
        } else {
            lang.t("goes on", "passa")
        },
        lang.t("decided by", "deciso da")
    );
    for e in super::rows(s, p, g) {
        let n = g.players.iter().position(|&x| x == e.player).unwrap_or(0) + 1;
        let _ = write!(
            out,
            "<tr{}><td>{}</td><td>{n}</td><td class=\"name\">{}</td>",
            row_class(s, p, e),
            esc(&super::row_place(s, p, e)),
            esc(&s.names[e.player])
        );
        for &o in &g.players {
            if o == e.player {
                out.push_str("<td class=\"self\"></td>");
            } else {
                out.push_str(&result_cell(g, e.player, o));
            }
        }
        let decided = match e.decided_by {
            crate::tournament::rank::DecidedBy::Points => "",
            d => super::decided_text(d, lang),
        };
        let decided = if p.is_final {
            match super::final_decided_text(s, e, lang) {
                d if d == super::decided_text(crate::tournament::rank::DecidedBy::Points, lang) => {
                    ""
                }
                d => d,
            }
        } else {
            decided
        };
        let _ = write!(
            out,
            "<td>{}</td><td class=\"mark\">{}</td><td>{}</td></tr>",
            esc(&points_text(e.half_points)),
            esc(&outcome(s, p, e, lang)),
            esc(decided)
        );
    }
    out.push_str("</table>");
    out
}

fn pair(s: &Standings, a: PlayerId, b: PlayerId) -> String {
    format!("{} – {}", esc(&s.names[a]), esc(&s.names[b]))
}

fn names(s: &Standings, ids: &[PlayerId]) -> String {
    ids.iter()
        .map(|&p| esc(&s.names[p]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lines under a group: games still to play, results to check, lots.
fn notes(s: &Standings, g: &GroupStanding, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let (mut to_play, mut to_check) = (Vec::new(), Vec::new());
    for &(a, b) in &g.missing {
        // A result that cannot be read is no game still to play (issue 25).
        if super::unreadable_at(g, a, b).is_some() {
            to_check.push(pair(s, a, b));
        } else {
            to_play.push(pair(s, a, b));
        }
    }
    if !to_play.is_empty() {
        out.push(format!(
            "{}: {}",
            lang.t("still to play", "da giocare"),
            to_play.join("; ")
        ));
    }
    if !to_check.is_empty() {
        out.push(format!(
            "{}<sup class=\"review\">*</sup>: {}",
            lang.t("result to be checked", "risultato da verificare"),
            to_check.join("; ")
        ));
    }
    for l in &g.ranking.needed {
        out.push(format!(
            "{}: {}",
            lang.t("a lot is to be drawn between", "sorteggio da fare tra"),
            names(s, &l.players)
        ));
    }
    for l in &g.ranking.applied {
        out.push(format!(
            "{}: {}",
            lang.t(
                "drawn by lot, in this order",
                "deciso per sorteggio, in quest'ordine"
            ),
            names(s, &l.players)
        ));
    }
    out
}

fn group_html(s: &Standings, p: &PhaseStanding, g: &GroupStanding, lang: Lang) -> String {
    let title = if p.is_final {
        lang.t("Final", "Finale").to_string()
    } else {
        format!("{} {}", lang.t("Group", "Girone"), g.number)
    };
    let state = if g.complete {
        lang.t("complete", "completo")
    } else {
        lang.t("in progress", "in corso")
    };
    let mut out = format!(
        "<div class=\"group\"><h3>{} <small>({state})</small></h3>",
        esc(&title)
    );
    out.push_str(&crosstable(s, p, g, lang));
    let mut notes = notes(s, g, lang);
    if let Some(e) = p.extra.as_ref().filter(|_| p.is_final) {
        notes.push(match &e.status {
            ExtraStatus::Won { winner, .. } => format!(
                "{}: {}",
                lang.t(
                    "extra game for 2nd and 3rd place won by",
                    "spareggio per il 2° e 3° posto vinto da"
                ),
                esc(&s.names[*winner])
            ),
            ExtraStatus::Drawn => lang
                .t(
                    "extra game for 2nd and 3rd place drawn",
                    "spareggio per il 2° e 3° posto patto",
                )
                .to_string(),
            ExtraStatus::NotPlayed => lang
                .t(
                    "extra game for 2nd and 3rd place not played yet",
                    "spareggio per il 2° e 3° posto non ancora giocato",
                )
                .to_string(),
            ExtraStatus::NotCounted => format!(
                "{}<sup class=\"review\">*</sup>",
                lang.t(
                    "extra game for 2nd and 3rd place to be checked",
                    "spareggio per il 2° e 3° posto da verificare"
                )
            ),
        });
    }
    if !notes.is_empty() {
        out.push_str("<ul class=\"notes\">");
        for n in notes {
            let _ = write!(out, "<li>{n}</li>");
        }
        out.push_str("</ul>");
    }
    out.push_str("</div>");
    out
}

/// "completa" or "38 di 42 partite giocate".
fn phase_state(p: &PhaseStanding, lang: Lang) -> String {
    let total: usize = p
        .groups
        .iter()
        .map(|g| g.players.len() * (g.players.len() - 1) / 2)
        .sum();
    let missing: usize = p.groups.iter().map(|g| g.missing.len()).sum();
    if missing == 0 {
        return lang
            .t("all games played", "tutte le partite giocate")
            .to_string();
    }
    format!(
        "{} {} {total} {}",
        total - missing,
        lang.t("of", "di"),
        lang.t("games played", "partite giocate")
    )
}

fn phase_html(s: &Standings, p: &PhaseStanding, lang: Lang) -> String {
    let mut head = format!("{} {}", lang.t("Phase", "Fase"), p.number);
    if p.is_final {
        let _ = write!(head, " — {}", lang.t("final", "finale"));
    }
    let mut out = format!(
        "<section class=\"phase\"><h2>{}</h2><p class=\"state\">{}</p><div class=\"groups\">",
        esc(&head),
        esc(&phase_state(p, lang))
    );
    for g in &p.groups {
        out.push_str(&group_html(s, p, g, lang));
    }
    out.push_str("</div>");
    if let Some(n) = s
        .next_phase
        .as_ref()
        .ok()
        .filter(|n| n.number == p.number + 1)
    {
        let _ = write!(
            out,
            "<h3>{} {} ({})</h3><ol class=\"next\">",
            lang.t("Phase", "Fase"),
            n.number,
            lang.t("groups drawn", "gironi sorteggiati")
        );
        for g in &n.groups {
            let _ = write!(out, "<li>{}</li>", names(s, g));
        }
        out.push_str("</ol>");
    }
    out.push_str("</section>");
    out
}

fn podium(s: &Standings, lang: Lang) -> String {
    if s.winner.is_none() {
        return String::new();
    }
    let mut out = format!(
        "<section class=\"podium\"><h2>{}</h2><ol>",
        lang.t("Podium", "Podio")
    );
    for (i, who) in [s.winner, s.second, s.third].into_iter().enumerate() {
        let class = if i == 0 { " class=\"first\"" } else { "" };
        let name = who.map_or("?".to_string(), |p| esc(&s.names[p]));
        let medal = match lang {
            Lang::It => format!("{}°", i + 1),
            Lang::En => ["1st", "2nd", "3rd"][i].to_string(),
        };
        let _ = write!(
            out,
            "<li{class}><span class=\"medal\">{medal}</span> {name}</li>"
        );
    }
    out.push_str("</ol></section>");
    out
}

fn legend(s: &Standings, lang: Lang) -> String {
    let mut out = String::from("<footer class=\"legend\">");
    let forfeits = s
        .phases
        .iter()
        .flat_map(|p| &p.groups)
        .flat_map(|g| &g.games)
        .any(|l| l.forfeit);
    let _ = write!(
        out,
        "<p>1 {} · ½ {} · 0 {} · · {} · ✔ {}</p>",
        lang.t("won", "vinta"),
        lang.t("drawn", "patta"),
        lang.t("lost", "persa"),
        lang.t("not played yet", "non ancora giocata"),
        lang.t("goes on to the next phase", "passa alla fase successiva"),
    );
    if forfeits {
        let _ = write!(
            out,
            "<p>1F / 0F {}</p>",
            lang.t("won / lost by forfeit", "vinta / persa a tavolino")
        );
    }
    let review = s.phases.iter().any(|p| {
        p.groups
            .iter()
            .flat_map(|g| &g.games)
            .any(|l| l.under_review || l.unreadable.is_some())
            || p.extra
                .as_ref()
                .is_some_and(|e| e.status == ExtraStatus::NotCounted)
    });
    if review {
        let _ = write!(
            out,
            "<p><sup class=\"review\">*</sup> {}</p>",
            lang.t(
                "to be checked: the result written counts until the organisers decide",
                "da verificare: vale il risultato scritto finché l'organizzazione non decide"
            )
        );
    }
    out.push_str("</footer>");
    out
}

/// The notice-board page.
pub fn page(s: &Standings, notice: &Notice, lang: Lang) -> String {
    let (mut out, title) = super::html::open_page(s, STYLE, lang);
    let _ = write!(out, "<header><h1>{}</h1>", esc(&title));
    if let Some(at) = notice.updated {
        let _ = write!(out, "<p class=\"updated\">{}</p>", updated_text(at, lang));
    }
    out.push_str("</header>");
    if notice.phase.is_none() || notice.phase == s.phases.last().map(|p| p.number) {
        out.push_str(&podium(s, lang));
    }
    for p in &s.phases {
        if notice.phase.is_none_or(|n| n == p.number) {
            out.push_str(&phase_html(s, p, lang));
        }
    }
    out.push_str(&legend(s, lang));
    out.push_str(page::CLOSE);
    out
}
