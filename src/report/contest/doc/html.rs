//! The contest document as an HTML page that prints on one A4 page: no script, no link, no
//! image; every text from the file or the command line escaped and made inert.

use super::Document;
use super::words;
use crate::report::inert::{html_escape, inert};
use crate::report::page;
use std::fmt::Write;

/// Text from the file or the command line, made inert and escaped.
fn e(s: &str) -> String {
    html_escape(&inert(s))
}

/// A cell of an optional value: the value, or a dash.
fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "—".to_string(), |v| v.to_string())
}

/// The page.
pub fn html(doc: &Document) -> String {
    let lang = doc.lang;
    let mut out = page::open(&page::Head {
        lang,
        title: words::title(lang),
        style: STYLE,
        script: page::Script::None,
    });
    let _ = writeln!(out, "<h1>{}</h1>", html_escape(words::title(lang)));
    verdict(&mut out, doc);
    head(&mut out, doc);
    grounds(&mut out, doc);
    findings(&mut out, doc);
    scores(&mut out, doc);
    cited(&mut out, doc);
    let signs = words::signatures(lang, &doc.team);
    let _ = writeln!(
        out,
        "<div class=\"signs\"><div class=\"sign\">{}</div><div class=\"sign\">{}</div><div class=\"sign wide\">{}</div></div>",
        e(&signs[0]),
        e(&signs[1]),
        e(&signs[2])
    );
    out.push_str(page::CLOSE);
    out
}

/// The two large lines and the sentences under them.
fn verdict(out: &mut String, doc: &Document) {
    let lang = doc.lang;
    let _ = writeln!(
        out,
        "<div class=\"verdict\"><p class=\"big\" id=\"admissibility\">{}</p><p class=\"note\">{}</p>\n<p class=\"big\" id=\"standing\">{}</p><p class=\"note\">{}</p></div>",
        words::admissibility(lang, doc.filing.timing),
        e(&words::filing_note(lang, &doc.team, &doc.filing)),
        words::standing(lang, doc.standing),
        e(&words::standing_note(doc)),
    );
}

/// Evento, Data, Gara, Partita, the teams, who contests and when: two pairs a row.
fn head(out: &mut String, doc: &Document) {
    let lang = doc.lang;
    let camps = words::camps(lang);
    let mut pairs: Vec<(&str, String)> = doc.tags.iter().map(|(t, v)| (*t, e(v))).collect();
    pairs.push((camps[0], e(&doc.teams[0])));
    pairs.push((camps[1], e(&doc.teams[1])));
    out.push_str("<table class=\"head\">");
    for two in pairs.chunks(2) {
        out.push_str("<tr>");
        for (k, v) in two {
            let _ = write!(out, "<th>{k}</th><td>{v}</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>\n");
}

/// The captain's grounds in their own box; an empty box to write in when none was given.
fn grounds(out: &mut String, doc: &Document) {
    let lang = doc.lang;
    let _ = writeln!(out, "<h2>{}</h2>", words::grounds_heading(lang));
    match &doc.grounds {
        Some(g) => {
            let _ = writeln!(
                out,
                "<div class=\"grounds\">{}</div>",
                html_escape(g.text())
            );
        }
        None => {
            let _ = writeln!(
                out,
                "<div class=\"grounds empty\">{}</div>",
                words::no_grounds(lang)
            );
        }
    }
}

/// A table's opening and its head row.
fn open_table(out: &mut String, class: &str, head: &[&str]) {
    let _ = write!(out, "<table class=\"{class}\"><tr>");
    for h in head {
        let _ = write!(out, "<th>{h}</th>");
    }
    out.push_str("</tr>");
}

/// A table's end, after a last row that says what it could not hold (when it could not).
fn close_table(out: &mut String, columns: usize, more: Option<String>) {
    if let Some(more) = more {
        let _ = write!(
            out,
            "<tr><td colspan=\"{columns}\" class=\"more\">{more}</td></tr>"
        );
    }
    out.push_str("</table>\n");
}

/// The findings as a table, in sheet order.
fn findings(out: &mut String, doc: &Document) {
    let lang = doc.lang;
    let _ = writeln!(out, "<h2>{}</h2>", words::findings_heading(lang));
    if doc.findings.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", words::no_findings(lang));
        return;
    }
    open_table(out, "findings", &words::findings_head(lang));
    for r in &doc.findings {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            opt(r.army),
            opt(r.move_number),
            opt(r.line),
            opt(r.rule),
            e(&r.what)
        );
    }
    let more = (doc.more_findings > 0).then(|| words::more_findings(lang, doc.more_findings));
    close_table(out, 5, more);
}

/// The table's and the recomputed scores, with what explains each difference.
fn scores(out: &mut String, doc: &Document) {
    let lang = doc.lang;
    let _ = writeln!(out, "<h2>{}</h2>", words::scores_heading(lang));
    open_table(out, "scores", &words::scores_head(lang));
    for s in &doc.scores {
        let _ = write!(
            out,
            "<tr><td>{} ({})</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>",
            e(&s.team),
            words::camp(lang, s.camp),
            opt(s.declared),
            s.computed,
            e(s.difference.as_deref().unwrap_or("—"))
        );
    }
    close_table(out, 4, None);
    if let Some(m) = &doc.match_line {
        let _ = writeln!(out, "<p>{}</p>", e(m));
    }
}

/// The sheet lines the differences rest on, quoted.
fn cited(out: &mut String, doc: &Document) {
    if doc.cited.is_empty() {
        return;
    }
    let lang = doc.lang;
    let _ = writeln!(out, "<h2>{}</h2>", words::cited_heading(lang));
    open_table(out, "cited", &words::cited_head(lang));
    for q in &doc.cited {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            e(&q.team),
            e(&q.what),
            q.line,
            e(&q.text)
        );
    }
    let more = (doc.more_cited > 0).then(|| words::more_cited(lang, doc.more_cited));
    close_table(out, 4, more);
}

/// The document's own style (after the base style of every page): one A4 page, printed.
/// The room each part takes is bounded (the grounds by `grounds::MAX_LINES`, the tables
/// by `MAX_FINDINGS` and `MAX_CITED`), so the page holds them all at their bounds.
const STYLE: &str = "@page { size: A4; margin: 12mm 15mm; }
body { font-family: serif; font-size: 10pt; line-height: 1.2; color: #000; max-width: 180mm; margin: 0 auto; }
h1 { font-size: 12pt; margin: 0 0 1.5mm; letter-spacing: 0.04em; }
h2 { font-size: 10pt; margin: 2.5mm 0 0.8mm; }
p { margin: 1mm 0; }
table { width: 100%; } th, td { border: 1px solid #000; padding: 0.3mm 1.2mm; text-align: left; vertical-align: top; }
table.head th { width: 14%; font-weight: normal; font-style: italic; }
table.findings, table.cited { font-size: 8.5pt; }
table.findings td:nth-child(-n+4), table.findings th { white-space: nowrap; width: 1%; }
table.findings th:last-child { width: auto; }
table.scores td:nth-child(-n+3), table.scores th:nth-child(-n+3) { white-space: nowrap; width: 1%; }
td.n { text-align: right; white-space: nowrap; }
td.more { font-style: italic; }
.verdict { border: 2px solid #000; padding: 1mm 3mm; margin-bottom: 1.5mm; }
.verdict .big { font-size: 18pt; font-weight: bold; margin: 0; letter-spacing: 0.03em; line-height: 1.15; }
.verdict .note { font-size: 9pt; margin: 0 0 0.8mm; }
.grounds { border: 1px solid #000; padding: 1mm 2mm; white-space: pre-wrap; overflow-wrap: anywhere; }
.grounds.empty { height: 22mm; font-style: italic; color: #444; }
code { font-size: 8pt; overflow-wrap: anywhere; }
.signs { display: flex; gap: 6mm; }
.signs .sign { flex: 1; } .signs .wide { flex: 1.6; }
@media screen { body { margin: 6mm auto; } }
.sign { margin-top: 11mm; border-top: 1px solid #000; padding-top: 0.5mm; page-break-inside: avoid; }
";
