//! Reports for people: rustc-style diagnostics and a summary table.

use crate::finding::{Finding, Severity};
use crate::lang::{Lang, Say};
use crate::report::inert::{inert, shown_width};
use crate::verify::{Details, GameReport};
use std::fmt::Write;

/// How to draw diagnostics.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// ANSI colours.
    pub color: bool,
    /// The least severity shown.
    pub min: Severity,
    /// The language of the texts and of the words around them.
    pub lang: Lang,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            color: false,
            min: Severity::Info,
            lang: Lang::En,
        }
    }
}

fn paint(style: &Style, code: &str, s: &str) -> String {
    if style.color {
        format!("\x1b[{code}m{s}\x1b[0m")
    } else {
        s.to_string()
    }
}

/// The widest sheet line shown; longer lines are cut around the caret.
const WINDOW: usize = 100;

/// One diagnostic, as rustc draws them (the text it takes from the file made inert):
///
/// ```text
/// error[illegal-move]: 3.Dh4 is not a legal move for White
///  --> handout.txt:1:22
///   |
/// 1 | 1.e4 e5; 2.Ac4 d6; 3.Dh4 Cf6; 4.Dxf7#
///   |                      ^^^ the queen on d1 cannot reach h4
///   |
///   = rule: FIDE 3.4
///   = help: did you mean Dh5?
/// ```
pub fn diagnostic(file: &str, text: &str, f: &Finding, style: &Style) -> String {
    let mut out = String::new();
    let lang = style.lang;
    let colour = match f.severity() {
        Severity::Error => "1;31",
        Severity::Warning => "1;33",
        Severity::Info => "1;36",
    };
    let head = format!("{}[{}]", severity_word(f.severity(), lang), f.code);
    let file = inert(file);
    let _ = writeln!(
        out,
        "{}: {}",
        paint(style, colour, &head),
        inert(f.message_in(lang))
    );
    let Some(span) = f.span else {
        let _ = writeln!(out, " --> {file}");
        rule_and_hint(&mut out, " ", f, lang);
        return out;
    };
    let num = span.line.to_string();
    let pad = " ".repeat(num.len());
    let _ = writeln!(out, "{pad}--> {file}:{}:{}", span.line, span.column);
    let _ = writeln!(out, "{pad} |");
    let (line, col) = window(text, span.start);
    let quote = Quote {
        num,
        line,
        col,
        // Characters, not bytes: `O–O` is three characters and five bytes.
        len: text
            .get(span.start..span.end)
            .map_or(span.len(), |s| s.chars().count()),
    };
    finish(out, &quote, f, style, colour)
}

/// The sheet line a diagnostic quotes: its number, the characters shown (cut to the
/// window), and where the carets go under them.
struct Quote {
    num: String,
    line: Vec<char>,
    col: usize,
    /// The characters the finding spans.
    len: usize,
}

/// The sheet line around byte `offset`, at most [`WINDOW`] characters wide (cut with `…`),
/// and the caret's column in it. The work is bounded by the window, not by the line, so
/// that many findings on one enormous line stay linear.
fn window(text: &str, offset: usize) -> (Vec<char>, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let reach = 4 * WINDOW;
    let mut back_from = offset.saturating_sub(reach);
    while !text.is_char_boundary(back_from) {
        back_from += 1;
    }
    let mut ahead_to = (offset + reach).min(text.len());
    while !text.is_char_boundary(ahead_to) {
        ahead_to -= 1;
    }
    let before = &text[back_from..offset];
    let after = &text[offset..ahead_to];
    let start = before.rfind('\n').map_or(back_from, |i| back_from + i + 1);
    let end = after.find('\n').map_or(ahead_to, |i| offset + i);
    let cut_before = start == back_from && back_from > 0 && text.as_bytes()[back_from - 1] != b'\n';
    let cut_after = end == ahead_to && ahead_to < text.len();
    let left: Vec<char> = text[start..offset].chars().collect();
    let right: Vec<char> = text[offset..end].trim_end_matches('\r').chars().collect();
    // Keep at most half a window before the caret, and fill the window after it.
    let keep_left = left
        .len()
        .min((WINDOW / 2).max(WINDOW.saturating_sub(right.len())));
    let mut shown = Vec::with_capacity(WINDOW + 2);
    let cut_left = cut_before || keep_left < left.len();
    if cut_left {
        shown.push('…');
    }
    shown.extend_from_slice(&left[left.len() - keep_left..]);
    let col = shown.len();
    let room = WINDOW.saturating_sub(keep_left);
    shown.extend(right.iter().take(room));
    if cut_after || right.len() > room {
        shown.push('…');
    }
    (shown, col)
}

/// The quoted line, the carets under the finding with its label, then the rule and the
/// hint.
fn finish(mut out: String, q: &Quote, f: &Finding, style: &Style, colour: &str) -> String {
    let (num, line, col, len) = (&q.num, &q.line, q.col, q.len);
    let pad = &" ".repeat(num.len());
    let shown: String = line.iter().collect();
    let _ = writeln!(out, "{num} | {}", inert(&shown));
    // Under each character as many columns as it takes once shown.
    let lead: String = line
        .iter()
        .take(col)
        .map(|&c| match c {
            '\t' => "\t".to_string(),
            c => " ".repeat(shown_width(c)),
        })
        .collect();
    let count = len.clamp(1, line.len().saturating_sub(col).max(1));
    let width = line
        .iter()
        .skip(col)
        .take(count)
        .map(|&c| shown_width(c))
        .sum::<usize>()
        .max(1);
    let carets = paint(style, colour, &"^".repeat(width));
    match f.label_in(style.lang) {
        Some(label) => {
            let _ = writeln!(out, "{pad} | {lead}{carets} {}", inert(label));
        }
        None => {
            let _ = writeln!(out, "{pad} | {lead}{carets}");
        }
    }
    let _ = writeln!(out, "{pad} |");
    rule_and_hint(&mut out, pad, f, style.lang);
    out
}

/// The severity's word in the diagnostic's head (`error[illegal-move]`).
pub fn severity_word(s: Severity, lang: Lang) -> &'static str {
    match s {
        Severity::Error => lang.t("error", "errore"),
        Severity::Warning => lang.t("warning", "avvertimento"),
        Severity::Info => lang.t("info", "nota"),
    }
}

/// The `= rule:` and `= help:` lines under a diagnostic.
fn rule_and_hint(out: &mut String, pad: &str, f: &Finding, lang: Lang) {
    if let Some(rule) = f.rule {
        let _ = writeln!(out, "{pad} = {}: {rule}", lang.t("rule", "regola"));
    }
    if let Some(h) = f.hint_in(lang) {
        let _ = writeln!(
            out,
            "{pad} = {}: {}",
            lang.t("help", "suggerimento"),
            inert(h)
        );
    }
}

/// The most diagnostics of one code drawn for one game; the rest are counted.
pub const MAX_PER_CODE: usize = 50;

/// Every diagnostic of one game at or above the style's severity; past [`MAX_PER_CODE`] of
/// one code, a line counts the rest (the JSON and CSV reports keep them all).
pub fn diagnostics(text: &str, r: &GameReport, style: &Style) -> String {
    let mut out = String::new();
    let mut seen: std::collections::BTreeMap<&'static str, usize> = Default::default();
    for f in r.findings.iter().filter(|f| f.severity() >= style.min) {
        let n = seen.entry(f.code.as_str()).or_default();
        *n += 1;
        if *n > MAX_PER_CODE {
            continue;
        }
        out.push_str(&diagnostic(&r.file, text, f, style));
        out.push('\n');
    }
    for (code, n) in seen {
        if n > MAX_PER_CODE {
            let more = n - MAX_PER_CODE;
            let _ = match style.lang {
                Lang::En => writeln!(
                    out,
                    "{}: … and {more} more {code} findings in this game (--format json lists them all)\n",
                    r.file
                ),
                Lang::It if more == 1 => writeln!(
                    out,
                    "{}: … e un'altra segnalazione {code} in questa partita (--format json le elenca tutte)\n",
                    r.file
                ),
                Lang::It => writeln!(
                    out,
                    "{}: … e altre {more} segnalazioni {code} in questa partita (--format json le elenca tutte)\n",
                    r.file
                ),
            };
        }
    }
    out
}

/// A table row's cells, made inert before the table measures them.
fn cells<const N: usize>(row: [String; N]) -> [String; N] {
    row.map(|c| inert(&c).into_owned())
}

/// The summary table: one row per game.
pub fn summary(reports: &[GameReport], lang: Lang) -> String {
    let rows: Vec<Vec<String>> = reports.iter().map(|r| summary_row(r, lang)).collect();
    summary_table(&rows, 0, lang)
}

/// One game's row of the summary table.
pub fn summary_row(r: &GameReport, lang: Lang) -> Vec<String> {
    let verdict = if r.is_valid() {
        lang.t("valid", "valida")
    } else {
        lang.t("INVALID", "NON VALIDA")
    };
    let (sides, result) = match &r.details {
        Details::SuperScacchi(ss) => match &ss.register {
            Some(reg) => (
                format!(
                    "{} (assedianti) – {} (assediati)",
                    reg.teams[0], reg.teams[1]
                ),
                match &ss.verdict {
                    Some(v) => format!(
                        "{} {} – {} {}; {}",
                        v.teams[0].team,
                        v.teams[0].total,
                        v.teams[1].team,
                        v.teams[1].total,
                        crate::report::verdict::outcome_words(lang, v.decision(), v)
                    ),
                    None => crate::report::verdict::no_scores_words(lang).to_string(),
                },
            ),
            None => ("? – ?".to_string(), String::new()),
        },
        Details::Classical(c) => (
            format!(
                "{} – {}",
                c.tags.white.as_deref().unwrap_or("?"),
                c.tags.black.as_deref().unwrap_or("?")
            ),
            match c.ending {
                // Issue 28: a slip read on to the end; the ending holds with that reading.
                Some(e) if read_on(r) > 0 => format!(
                    "{} ({}, {})",
                    c.result.as_str(),
                    e.say(lang),
                    match read_on(r) {
                        1 => lang.t("with the reading proposed", "con la lettura proposta"),
                        _ => lang.t("with the readings proposed", "con le letture proposte"),
                    }
                ),
                Some(e) => format!("{} ({})", c.result.as_str(), e.say(lang)),
                None => c.result.as_str().to_string(),
            },
        ),
    };
    vec![
        r.file.clone(),
        r.game.to_string(),
        match (r.variant(), lang) {
            (crate::verify::Variant::Classical, Lang::It) => "classica".to_string(),
            (v, _) => v.as_str().to_string(),
        },
        sides,
        r.plies().to_string(),
        result,
        verdict.to_string(),
        r.count(Severity::Error).to_string(),
        r.count(Severity::Warning).to_string(),
        r.count(Severity::Info).to_string(),
    ]
}

/// How many errors' proposed moves the replay read to go on (issue 28: "read as Cf3 to go
/// on"): what the board reached depends on those readings.
fn read_on(r: &GameReport) -> usize {
    r.findings
        .iter()
        .filter(|f| {
            f.severity() == Severity::Error
                && f.proposal.as_ref().is_some_and(|p| !p.moves.is_empty())
        })
        .count()
}

/// The summary table from its rows; `left_out` games more are counted in a last line.
pub fn summary_table(rows: &[Vec<String>], left_out: usize, lang: Lang) -> String {
    let width = crate::report::term::width();
    let mut t = crate::report::term::table_for(width);
    t.set_header(match lang {
        Lang::En => [
            "file", "game", "variant", "sides", "plies", "result", "verdict", "errors", "warnings",
            "infos",
        ],
        Lang::It => [
            "file",
            "partita",
            "variante",
            "parti",
            "semimosse",
            "risultato",
            "esito",
            "errori",
            "avvertimenti",
            "note",
        ],
    });
    for r in rows {
        t.add_row(r.iter().map(|c| inert(c).into_owned()));
    }
    // Ten columns wrapped into a narrow terminal leave a few letters each: there, the
    // variant goes (the sides say it) and the three counts share one column.
    let full = t.full_width();
    if full > usize::from(width) {
        t = narrow_summary(rows, lang, width);
    }
    let mut s = t.to_string();
    s.push('\n');
    if left_out > 0 {
        s.push_str(&match lang {
            Lang::En => format!(
                "… and {left_out} more games (the table shows the first {}; --format csv lists every game)\n",
                rows.len()
            ),
            Lang::It if left_out == 1 => format!(
                "… e un'altra partita (la tabella mostra le prime {}; --format csv le elenca tutte)\n",
                rows.len()
            ),
            Lang::It => format!(
                "… e altre {left_out} partite (la tabella mostra le prime {}; --format csv le elenca tutte)\n",
                rows.len()
            ),
        });
    }
    if full > usize::from(width) {
        s.push_str(lang.t(
            "E/W/I: errors/warnings/infos\n",
            "E/A/N: errori/avvertimenti/note\n",
        ));
    }
    s
}

/// The summary for a narrow terminal: without the variant (the sides say it), and the
/// three counts in one column (E/W/I).
fn narrow_summary(rows: &[Vec<String>], lang: Lang, width: u16) -> crate::report::term::Table {
    let mut t = crate::report::term::table_for(width);
    t.set_header(match lang {
        Lang::En => [
            "file", "game", "sides", "plies", "result", "verdict", "E/W/I",
        ],
        Lang::It => [
            "file",
            "partita",
            "parti",
            "semimosse",
            "risultato",
            "esito",
            "E/A/N",
        ],
    });
    for r in rows {
        let cell = |i: usize| r.get(i).map_or("", String::as_str);
        let counts = format!("{}/{}/{}", cell(7), cell(8), cell(9));
        t.add_row(
            [
                cell(0),
                cell(1),
                cell(3),
                cell(4),
                cell(5),
                cell(6),
                &counts,
            ]
            .map(|c| inert(c).into_owned()),
        );
    }
    t
}

/// A SuperScacchi game's events and scores, as the judge's register shows them.
pub fn superscacchi_tables(r: &GameReport, lang: Lang) -> String {
    let mut out = String::new();
    if !r.events().is_empty() {
        events_table(&mut out, r, lang);
    }
    if let Some(v) = r.verdict() {
        scores_table(&mut out, r, v, lang);
    }
    out
}

/// The events of a SuperScacchi game (R21–R30), with their points.
fn events_table(out: &mut String, r: &GameReport, lang: Lang) {
    let mut t = crate::report::term::table();
    t.set_header(match lang {
        Lang::En => ["ply", "event", "king of", "move", "team", "points", "rule"],
        Lang::It => [
            "semimossa",
            "evento",
            "re di",
            "mossa",
            "squadra",
            "punti",
            "regola",
        ],
    });
    for s in r.events() {
        let e = &s.event;
        t.add_row(cells([
            e.ply.to_string(),
            crate::report::verdict::event_name(lang, e.kind).to_string(),
            crate::report::verdict::victim(e, r.team_of(e.king_of)),
            crate::report::verdict::event_move(lang, e),
            r.team_of(e.army).to_string(),
            format!("+{}", s.points),
            e.rule.to_string(),
        ]));
    }
    let heading = if r.is_valid() {
        lang.t("events", "eventi")
    } else if r.proposed_verdict().is_some() {
        // R32a: the replay went on to the end with every slip read as proposed.
        lang.t(
            "events, with the slips read as proposed",
            "eventi, con le sviste lette come proposto",
        )
    } else {
        lang.t(
            "events before the first error",
            "eventi prima del primo errore",
        )
    };
    let _ = writeln!(out, "{}: {heading}\n{t}", inert(&r.file));
}

/// Each team's points (R38–R41) and the verdict (R42).
fn scores_table(
    out: &mut String,
    r: &GameReport,
    v: &crate::superscacchi::score::Verdict,
    lang: Lang,
) {
    let mut t = crate::report::term::table();
    t.set_header(match lang {
        Lang::En => ["team", "role", "material", "events", "penalties", "total"],
        Lang::It => [
            "squadra",
            "ruolo",
            "materiale",
            "eventi",
            "penalità",
            "totale",
        ],
    });
    for (i, s) in v.teams.iter().enumerate() {
        t.add_row(cells([
            if v.winner() == Some(i) {
                format!("{} ★", s.team)
            } else {
                s.team.clone()
            },
            s.camp.name().to_string(),
            s.material.to_string(),
            s.event_points.to_string(),
            s.penalty_points.to_string(),
            s.total.to_string(),
        ]));
    }
    let verdict = inert(&crate::report::verdict::outcome_sentence(lang, v)).into_owned();
    let _ = writeln!(
        out,
        "{}: {} (R38–R41)\n{t}\n{verdict}\n",
        inert(&r.file),
        lang.t("scores", "punteggi")
    );
}
