//! Reports for people: rustc-style diagnostics and a summary table.

use super::inert::{inert, shown_width};
use crate::finding::{Finding, Severity};
use crate::span::line_text;
use crate::verify::GameReport;
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use std::fmt::Write;

/// How to draw diagnostics.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// ANSI colours.
    pub color: bool,
    /// The least severity shown.
    pub min: Severity,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            color: false,
            min: Severity::Info,
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
    let (name, colour) = match f.severity() {
        Severity::Error => ("error", "1;31"),
        Severity::Warning => ("warning", "1;33"),
        Severity::Info => ("info", "1;36"),
    };
    let head = format!("{name}[{}]", f.code);
    let file = inert(file);
    let _ = writeln!(
        out,
        "{}: {}",
        paint(style, colour, &head),
        inert(&f.message)
    );
    let Some(span) = f.span else {
        let _ = writeln!(out, " --> {file}");
        if let Some(rule) = f.rule {
            let _ = writeln!(out, "  = rule: {rule}");
        }
        if let Some(h) = &f.hint {
            let _ = writeln!(out, "  = help: {}", inert(h));
        }
        return out;
    };
    let num = span.line.to_string();
    let pad = " ".repeat(num.len());
    let _ = writeln!(out, "{pad}--> {file}:{}:{}", span.line, span.column);
    let _ = writeln!(out, "{pad} |");
    let line = line_text(text, span.start);
    let col = span.column.saturating_sub(1) as usize;
    let chars: Vec<char> = if line.len() > 4 * WINDOW {
        // Enormous line: keep only a window, found by bytes.
        let at = line.char_indices().nth(col).map_or(line.len(), |(i, _)| i);
        let lo = line[..at]
            .char_indices()
            .rev()
            .nth(WINDOW / 2)
            .map_or(0, |(i, _)| i);
        let hi = line[at..]
            .char_indices()
            .nth(WINDOW / 2)
            .map_or(line.len(), |(i, _)| at + i);
        let mut v: Vec<char> = Vec::new();
        if lo > 0 {
            v.push('…');
        }
        v.extend(line[lo..hi].chars());
        if hi < line.len() {
            v.push('…');
        }
        let shift = line[..lo].chars().count();
        let col = col - shift + usize::from(lo > 0);
        return finish(out, &pad, &num, &v, col, span.len(), f, style, colour);
    } else {
        line.chars().collect()
    };
    let (shown, col) = if chars.len() > WINDOW && col > WINDOW / 2 {
        let lo = col - WINDOW / 2;
        let mut v = vec!['…'];
        v.extend(chars[lo..chars.len().min(lo + WINDOW)].iter().copied());
        (v, col - lo + 1)
    } else {
        (chars, col)
    };
    finish(out, &pad, &num, &shown, col, span.len(), f, style, colour)
}

#[allow(clippy::too_many_arguments)]
fn finish(
    mut out: String,
    pad: &str,
    num: &str,
    line: &[char],
    col: usize,
    len: usize,
    f: &Finding,
    style: &Style,
    colour: &str,
) -> String {
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
    match &f.label {
        Some(label) => {
            let _ = writeln!(out, "{pad} | {lead}{carets} {}", inert(label));
        }
        None => {
            let _ = writeln!(out, "{pad} | {lead}{carets}");
        }
    }
    let _ = writeln!(out, "{pad} |");
    if let Some(rule) = f.rule {
        let _ = writeln!(out, "{pad} = rule: {rule}");
    }
    if let Some(h) = &f.hint {
        let _ = writeln!(out, "{pad} = help: {}", inert(h));
    }
    out
}

/// Every diagnostic of one game at or above the style's severity.
pub fn diagnostics(text: &str, r: &GameReport, style: &Style) -> String {
    let mut out = String::new();
    for f in r.findings.iter().filter(|f| f.severity() >= style.min) {
        out.push_str(&diagnostic(&r.file, text, f, style));
        out.push('\n');
    }
    out
}

/// A table row's cells, made inert before the table measures them.
fn cells<const N: usize>(row: [String; N]) -> [String; N] {
    row.map(|c| inert(&c).into_owned())
}

/// The summary table: one row per game.
pub fn summary(reports: &[GameReport]) -> String {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED);
    t.set_header([
        "file", "game", "variant", "sides", "plies", "result", "verdict", "errors", "warnings",
        "infos",
    ]);
    for r in reports {
        let verdict = if r.is_valid() { "valid" } else { "INVALID" };
        let (sides, result) = match &r.teams {
            Some((besiegers, besieged)) => (
                format!("{besiegers} (assedianti) – {besieged} (assediati)"),
                match r.scores.as_slice() {
                    [a, b] => format!(
                        "{} {} – {} {}; {}",
                        a.team,
                        a.total,
                        b.team,
                        b.total,
                        r.winner
                            .as_deref()
                            .map_or("tie".to_string(), |w| format!("{w} wins"))
                    ),
                    _ => "no score (error)".to_string(),
                },
            ),
            None => (
                format!(
                    "{} – {}",
                    r.white.as_deref().unwrap_or("?"),
                    r.black.as_deref().unwrap_or("?")
                ),
                match &r.ending {
                    Some(e) => format!("{} ({e})", r.result.unwrap_or("*")),
                    None => r.result.unwrap_or_default().to_string(),
                },
            ),
        };
        t.add_row(cells([
            r.file.clone(),
            r.game.to_string(),
            r.variant.as_str().to_string(),
            sides,
            r.plies.to_string(),
            result,
            verdict.to_string(),
            r.count(Severity::Error).to_string(),
            r.count(Severity::Warning).to_string(),
            r.count(Severity::Info).to_string(),
        ]));
    }
    let mut s = t.to_string();
    s.push('\n');
    s
}

/// A SuperScacchi game's events and scores, as the judge's register shows them.
pub fn superscacchi_tables(r: &GameReport) -> String {
    let mut out = String::new();
    if !r.events.is_empty() {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED);
        t.set_header(["ply", "event", "army", "move", "team", "points", "rule"]);
        for e in &r.events {
            t.add_row(cells([
                e.ply.to_string(),
                e.kind.to_string(),
                e.army.clone(),
                e.move_number.map_or("—".into(), |n| n.to_string()),
                e.team.clone(),
                format!("+{}", e.points),
                e.rule.to_string(),
            ]));
        }
        let heading = if r.is_valid() {
            "events"
        } else {
            "events before the first error"
        };
        let _ = writeln!(out, "{}: {heading}\n{t}", inert(&r.file));
    }
    if !r.scores.is_empty() {
        let mut t = Table::new();
        t.load_preset(UTF8_FULL_CONDENSED);
        t.set_header(["team", "role", "material", "events", "penalties", "total"]);
        for s in &r.scores {
            let winner = r.winner.as_deref() == Some(s.team.as_str());
            t.add_row(cells([
                if winner {
                    format!("{} ★", s.team)
                } else {
                    s.team.clone()
                },
                s.role.to_string(),
                s.material.to_string(),
                s.events.to_string(),
                s.penalties.to_string(),
                s.total.to_string(),
            ]));
        }
        let verdict = match &r.winner {
            Some(w) => format!("winner: {}", inert(w)),
            None => "equal totals: a tie, for the judge to settle (R42)".to_string(),
        };
        let _ = writeln!(
            out,
            "{}: scores (R38–R41)\n{t}\n{verdict}\n",
            inert(&r.file)
        );
    }
    out
}
