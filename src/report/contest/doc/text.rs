//! The contest document as plain text (made inert for a terminal or a printer): the same
//! parts as the page, 100 columns wide.

use super::Document;
use super::words;
use crate::report::grid::Grid;
use crate::report::inert::inert;
use crate::report::term::fit_lines;
use std::fmt::Write;

/// The width the text's tables are laid out to.
const WIDTH: usize = 100;

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "—".to_string(), |v| v.to_string())
}

/// The document as plain text.
pub fn text(doc: &Document) -> String {
    let lang = doc.lang;
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", words::title(lang));
    let _ = writeln!(
        out,
        "{}\n    {}\n{}\n    {}\n",
        words::admissibility(lang, doc.filing.timing),
        words::filing_note(lang, &doc.team, &doc.filing),
        words::standing(lang, doc.standing),
        words::standing_note(doc)
    );
    for (tag, value) in &doc.tags {
        let _ = writeln!(out, "{tag}: {value}");
    }
    let camps = words::camps(lang);
    let (filed, when) = words::filed_at(lang, &doc.filing);
    let _ = writeln!(
        out,
        "{}: {}\n{}: {}\n{}: {}\n{filed}: {when}",
        camps[0],
        doc.teams[0],
        camps[1],
        doc.teams[1],
        words::filed_by(lang),
        doc.team
    );
    match &doc.grounds {
        Some(g) => out.push_str(&crate::report::contest::grounds_text(lang, g)),
        None => {
            let _ = writeln!(
                out,
                "\n{}:\n  {}\n\n\n",
                words::grounds_heading(lang),
                words::no_grounds(lang)
            );
        }
    }
    findings(&mut out, doc);
    scores(&mut out, doc);
    cited(&mut out, doc);
    for s in words::signatures(lang, &doc.team) {
        let _ = writeln!(
            out,
            "\n\n{s}:\n\n    ________________________________________"
        );
    }
    // Prose longer than the paper's line (the sentences under the large lines, the
    // grounds) is broken between words; the tables already fit.
    fit_lines(&inert(&out), WIDTH)
}

fn findings(out: &mut String, doc: &Document) {
    let lang = doc.lang;
    let _ = writeln!(out, "\n{}:", words::findings_heading(lang));
    if doc.findings.is_empty() {
        let _ = writeln!(out, "{}", words::no_findings(lang));
        return;
    }
    let mut g = Grid::new(words::findings_head(lang).map(String::from).to_vec());
    for r in &doc.findings {
        g.row(vec![
            opt(r.army),
            opt(r.move_number),
            opt(r.line),
            opt(r.rule),
            r.what.clone(),
        ]);
    }
    g.render(WIDTH, out);
    if doc.more_findings > 0 {
        let _ = writeln!(out, "{}", words::more_findings(lang, doc.more_findings));
    }
}

fn scores(out: &mut String, doc: &Document) {
    let lang = doc.lang;
    let _ = writeln!(out, "\n{}:", words::scores_heading(lang));
    let mut g = Grid::new(words::scores_head(lang).map(String::from).to_vec());
    for s in &doc.scores {
        g.row(vec![
            format!("{} ({})", s.team, words::camp(lang, s.camp)),
            opt(s.declared),
            s.computed.to_string(),
            s.difference.clone().unwrap_or_else(|| "—".into()),
        ]);
    }
    g.render(WIDTH, out);
    if let Some(m) = &doc.match_line {
        let _ = writeln!(out, "{m}");
    }
}

fn cited(out: &mut String, doc: &Document) {
    if doc.cited.is_empty() {
        return;
    }
    let lang = doc.lang;
    let _ = writeln!(out, "\n{}:", words::cited_heading(lang));
    let mut g = Grid::new(words::cited_head(lang).map(String::from).to_vec());
    for q in &doc.cited {
        g.row(vec![
            q.team.clone(),
            q.what.clone(),
            q.line.to_string(),
            q.text.clone(),
        ]);
    }
    g.render(WIDTH, out);
    if doc.more_cited > 0 {
        let _ = writeln!(out, "{}", words::more_cited(lang, doc.more_cited));
    }
}
