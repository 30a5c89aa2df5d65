//! The simul as one self-contained page to show the room (S7): a grid of boards, each
//! with its final position as a small diagram (the viewer's classical SVG), the
//! participant and the result, then the tally and the findings. Inert: no script runs, no
//! network, no external file (the Content-Security-Policy says so to the browser); every
//! text from a file is escaped. It prints on A4, four boards a row.

use crate::lang::Lang;
use crate::report::game::html::{script_json, svg};
use crate::report::inert::html_escape as esc;
use crate::report::page;
use crate::report::simul::{
    codes, colour_word, json_value, numbers, participant, percentage_text, points_text,
    result_text, tally_heads, tally_lists,
};
use crate::simul::{Board, Simul, Standing};
use crate::view::View;
use std::fmt::Write;

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}\
h1{margin:.2em 0}.sub{color:#555;margin:0 0 1em}\
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(11em,1fr));gap:.8em}\
.board{border:2px solid #bbb;border-radius:6px;padding:.4em;break-inside:avoid;page-break-inside:avoid}\
.board.error{border-color:#c0392b}.board.unfinished{border-style:dashed}\
.board h2{font-size:1em;margin:0 0 .3em;display:flex;justify-content:space-between;white-space:nowrap;gap:.3em}.board h2 .col{font-weight:normal;font-size:.8em;color:#555}\
.board svg{width:100%;height:auto;display:block}\
.who{font-weight:bold;margin:.3em 0 0;overflow-wrap:anywhere}.res{font-size:1.1em}\
.codes{color:#c0392b;font-size:.8em;overflow-wrap:anywhere}.none{color:#777;font-style:italic;padding:2em 0;text-align:center}\
table.tally{margin:1em 0}table.tally td,table.tally th{border:1px solid #999;padding:.3em .8em;text-align:center}\
ul.findings{color:#333}\
@page{size:A4;margin:12mm}\
@media print{body{margin:0;font-size:10pt}.grid{grid-template-columns:repeat(4,1fr);gap:3mm}section.tally{break-before:auto}}";

/// One board's card.
fn card(s: &Simul, b: &Board, lang: Lang) -> String {
    let mut class = String::from("board");
    if !b.valid {
        class.push_str(" error");
    }
    if b.standing == Standing::Unfinished {
        class.push_str(" unfinished");
    }
    // The master has White unless agreed (S3): only Black is marked.
    let black = match b.master_colour {
        Some(shakmaty::Color::Black) => format!(
            "<span class=\"col\">{} {}</span>",
            lang.t("master", "maestro"),
            colour_word(shakmaty::Color::Black, lang)
        ),
        _ => String::new(),
    };
    let mut out = format!(
        "<div class=\"{class}\" data-board=\"{}\"><h2><span>{} {}</span>{black}</h2>",
        b.number,
        lang.t("Board", "Scacchiera"),
        b.number,
    );
    match &b.position {
        Some(p) if b.game.is_some() => out.push_str(&svg(
            &View {
                size: 8,
                initial: p.clone(),
                plies: Vec::new(),
            },
            0,
            lang,
        )),
        _ => {
            let _ = write!(
                out,
                "<div class=\"none\">{}</div>",
                lang.t("no position", "nessuna posizione")
            );
        }
    }
    let points = match b.standing {
        Standing::Counted(sc) => format!(" · {}", points_text(sc.halves())),
        _ => String::new(),
    };
    let _ = write!(
        out,
        "<p class=\"who\">{}</p><p class=\"res\">{}{points}</p>",
        esc(&participant(b)),
        esc(&result_text(b, lang))
    );
    let codes = codes(b, &s.findings);
    if !codes.is_empty() {
        let _ = write!(out, "<p class=\"codes\">{}</p>", esc(&codes.join(" ")));
    }
    out.push_str("</div>");
    out
}

/// The tally as a table, and the lists under it.
fn tally(s: &Simul, lang: Lang) -> String {
    let t = &s.tally;
    let mut out = format!(
        "<section class=\"tally\"><h2>{}</h2><table class=\"tally\"><tr>",
        lang.t("The master's result", "Il risultato del maestro")
    );
    for h in tally_heads(lang) {
        let _ = write!(out, "<th>{h}</th>");
    }
    let _ = write!(
        out,
        "</tr><tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td id=\"points\">{}</td><td>{}</td><td>{}</td></tr></table>",
        t.won,
        t.drawn,
        t.lost,
        t.unfinished,
        points_text(t.halves),
        t.finished(),
        percentage_text(t)
    );
    for (ns, what) in tally_lists(t, lang) {
        if !ns.is_empty() {
            let _ = write!(out, "<p>{what}: {}</p>", numbers(ns));
        }
    }
    if !s.findings.is_empty() {
        out.push_str("<ul class=\"findings\">");
        for f in &s.findings {
            let _ = write!(
                out,
                "<li>{} {}: [{}] {}</li>",
                lang.t("Board", "Scacchiera"),
                f.board.map_or(String::new(), |n| n.to_string()),
                f.finding.code.as_str(),
                esc(f.finding.message_in(lang))
            );
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
    out
}

/// The page. The JSON of formats.md §9 is embedded as data for programs (never run).
pub fn page(s: &Simul, lang: Lang) -> String {
    let title = format!(
        "{} {}",
        lang.t("Simul by", "Simultanea del maestro"),
        s.master
    );
    let mut out = page::open(&page::Head {
        lang,
        title: &title,
        style: STYLE,
        script: page::Script::None,
    });
    let _ = write!(out, "<h1>{}</h1>", esc(&title));
    let t = &s.tally;
    let _ = write!(
        out,
        "<p class=\"sub\">{} {} · {} {} / {} · {}</p><div class=\"grid\">",
        s.boards.len(),
        lang.t("boards", "scacchiere"),
        lang.t("points", "punti"),
        points_text(t.halves),
        t.finished(),
        percentage_text(t)
    );
    for b in &s.boards {
        out.push_str(&card(s, b, lang));
    }
    out.push_str("</div>");
    out.push_str(&tally(s, lang));
    let _ = write!(
        out,
        "<script type=\"application/json\" id=\"simul\">{}</script>",
        script_json(&json_value(s, lang))
    );
    out.push_str(page::CLOSE);
    out
}
