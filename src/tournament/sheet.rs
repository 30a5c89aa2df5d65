//! T17: a results sheet (formats.md §7) read as games. A sheet is a text whose first tag is
//! `[Risultati "…"]`, then `[Fase "N"]`, then one line a game, `girone | bianco | nero |
//! risultato | terminazione` (the last cell optional). Every line is read or reported: a
//! line with a result is a game holding the same tags and no moves, one without a result
//! is a game not played yet (T6); a line that is none of these is a `parse-error` naming
//! the line. Results are read as a game file's `[Risultato]` is ([`GameResult::parse`]:
//! the look-alikes of issue 25).

use super::assign::Noted;
use super::games::{Termination, TournamentGame, check_time_out};
use crate::finding::wording::{notation, tournament as say};
use crate::notation::classical::GameResult;
use crate::notation::san::Notation;
use crate::span::Span;
use crate::verify::{ClassicalDetails, ClassicalTags, Details, GameReport};

/// A results sheet, read: its games (one a line with names) and the findings of lines that
/// are no game.
#[derive(Debug, Default)]
pub struct Sheet {
    /// `[Risultati]`'s value: the tournament's name as the sheet writes it.
    pub tournament: Option<String>,
    /// One game a line with two names, in the sheet's order.
    pub games: Vec<TournamentGame>,
    /// Lines that are no game (`parse-error`), with the sheet's file and line.
    pub findings: Vec<Noted>,
}

/// The tag on a line `[Name "value"]`: its name and value (quotes optional).
fn tag_line(line: &str) -> Option<(&str, &str)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value);
    Some((name, value))
}

/// True when the text is a results sheet: its first line that is neither blank nor a
/// comment (`%`, `#`) is the tag `[Risultati "…"]` (the tag's name in any case).
///
/// ```
/// use arbitro::tournament::sheet::is_sheet;
/// assert!(is_sheet("% fogli\n\n[Risultati \"Torneo\"]\n[Fase \"1\"]\n"));
/// assert!(!is_sheet("[Fase \"1\"]\n[Risultati \"Torneo\"]\n"));
/// ```
pub fn is_sheet(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with('#'))
        .and_then(tag_line)
        .is_some_and(|(name, _)| name.eq_ignore_ascii_case("Risultati"))
}

/// A span for a cell: its line, its column (in characters), its bytes.
fn span_at(line: u32, text: &str, line_start: usize, from: usize, to: usize) -> Span {
    Span {
        start: line_start + from,
        end: line_start + to,
        line,
        column: text[line_start..line_start + from].chars().count() as u32 + 1,
    }
}

/// The cells of a game line: each trimmed, with where it starts and ends in the line.
fn cells(line: &str) -> Vec<(&str, usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    for part in line.split('|') {
        let lead = part.len() - part.trim_start().len();
        let s = part.trim();
        out.push((s, from + lead, from + lead + s.len()));
        from += part.len() + 1;
    }
    out
}

/// The forms of a result the sheet's format names (formats.md §7): no note for them.
fn plain_form(cell: &str, r: GameResult) -> bool {
    cell == r.as_str() || (r == GameResult::Draw && (cell == "1/2" || cell == "\u{bd}"))
}

/// What one game line says, before it is a game.
struct Line<'t> {
    number: u32,
    span: Span,
    group: &'t str,
    white: &'t str,
    black: &'t str,
    result: (&'t str, Span),
    termination: Option<(&'t str, Span)>,
}

/// Reads a results sheet; `file` names it in findings. Lines before `[Fase]` (or under a
/// `[Fase]` that is no number) are games without a phase, reported as game files are (T14).
pub fn read_sheet(file: &str, text: &str) -> Sheet {
    let mut sheet = Sheet::default();
    let mut phase: Option<String> = None;
    let mut start = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let line_start = start;
        start += raw.len();
        let number = i as u32 + 1;
        let body = raw.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim();
        let whole = span_at(number, text, line_start, 0, body.len());
        if trimmed.is_empty() || trimmed.starts_with('%') || trimmed.starts_with('#') {
            continue;
        }
        if let Some((name, value)) = tag_line(trimmed) {
            if name.eq_ignore_ascii_case("Fase") {
                phase = Some(value.to_string());
            } else if name.eq_ignore_ascii_case("Risultati") {
                sheet.tournament.get_or_insert_with(|| value.to_string());
            } else {
                sheet
                    .findings
                    .push(noted(file, say::sheet_unknown_tag(name).at(whole)));
            }
            continue;
        }
        let cells = cells(body);
        if !(4..=5).contains(&cells.len()) {
            let f = say::sheet_line_cells(cells.len(), !body.contains('|'));
            sheet.findings.push(noted(file, f.at(whole)));
            continue;
        }
        let at = |c: usize| span_at(number, text, line_start, cells[c].1, cells[c].2);
        let line = Line {
            number,
            span: whole,
            group: cells[0].0,
            white: cells[1].0,
            black: cells[2].0,
            result: (cells[3].0, at(3)),
            termination: cells
                .get(4)
                .filter(|c| !c.0.is_empty())
                .map(|c| (c.0, at(4))),
        };
        let game = sheet.games.len() + 1;
        sheet
            .games
            .push(line_game(file, game, phase.as_deref(), &line));
    }
    sheet
}

fn noted(file: &str, finding: crate::finding::Finding) -> Noted {
    Noted {
        file: file.to_string(),
        game: None,
        finding,
    }
}

/// One line with its cells read: a game with the tags it holds and no moves (T17).
fn line_game(file: &str, game: usize, phase: Option<&str>, l: &Line<'_>) -> TournamentGame {
    let name = |s: &str| (!s.is_empty()).then(|| s.to_string());
    let (written, result_span) = l.result;
    let mut findings = Vec::new();
    let (result, unreadable) = match written {
        "" => (None, None),
        w => match GameResult::parse(w) {
            Some(GameResult::Unknown) => (None, None),
            Some(r) => {
                if !plain_form(w, r) {
                    findings.push(notation::result_lookalike(w, r.as_str()).at(result_span));
                }
                (Some(r), None)
            }
            None => {
                findings.push(notation::unreadable_result("Risultato", w).at(result_span));
                (None, Some(result_span))
            }
        },
    };
    let tags = ClassicalTags {
        white: name(l.white),
        black: name(l.black),
        phase: phase.map(str::to_string),
        group: name(l.group),
        declared_result: result,
        ..ClassicalTags::default()
    };
    let mut report = GameReport::new(
        file,
        game,
        Details::Classical(ClassicalDetails {
            result: result.unwrap_or(GameResult::Unknown),
            plies: 0,
            ending: None,
            notation: Notation::Italian,
            tags,
        }),
    );
    report.findings = findings;
    let mut g = TournamentGame {
        report,
        phase: phase.map(str::to_string),
        group: name(l.group),
        termination: l.termination.map(|(t, _)| Termination::read(t)),
        result,
        span: l.span,
        unreadable_result: unreadable,
        group_span: Some(l.span),
        termination_span: l.termination.map(|(_, s)| s),
        sheet_line: Some(l.number),
    };
    check_time_out(&mut g);
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHEET: &str = "[Risultati \"Torneo d'istituto 2026\"]\n[Fase \"1\"]\n\
% girone | bianco | nero | risultato | terminazione\n\
1 | Ferrari, Marco | Esposito, Giulia | 1/2 | ritardo\n\
1 | Greco, Anna | Ferrari, Marco | 1 – 0 |\n\
1 | Esposito, Giulia | Greco, Anna |  |\n\
1 | Greco, Anna | Ferrari, Marco\n\
2 | Rossi | Bianchi | +-- \n";

    #[test]
    fn every_line_is_read_or_reported() {
        let s = read_sheet("r.txt", SHEET);
        assert_eq!(s.tournament.as_deref(), Some("Torneo d'istituto 2026"));
        assert_eq!(s.games.len(), 4);
        let g = &s.games[0];
        assert_eq!((g.sheet_line, g.result), (Some(4), Some(GameResult::Draw)));
        assert_eq!(g.termination, Some(Termination::Late));
        assert_eq!(g.report.white(), Some("Ferrari, Marco"));
        assert_eq!(g.phase.as_deref(), Some("1"));
        assert!(g.report.findings.is_empty());
        // A look-alike is read, with a note at its cell (issue 25).
        let g = &s.games[1];
        assert_eq!(g.result, Some(GameResult::WhiteWins));
        let f = &g.report.findings[0];
        assert_eq!(f.code.as_str(), "normalized-character");
        assert_eq!(f.span.map(|s| (s.line, s.column)), Some((5, 36)));
        // An empty result: not played yet.
        assert_eq!(s.games[2].result, None);
        assert_eq!(s.games[2].unreadable_result, None);
        // Three cells: a parse-error on line 7.
        assert_eq!(s.findings.len(), 1);
        let f = &s.findings[0].finding;
        assert_eq!(f.code.as_str(), "parse-error");
        assert_eq!(f.span.map(|s| s.line), Some(7));
        // An unreadable result: listed as such, never as not played.
        let g = &s.games[3];
        assert_eq!(g.result, None);
        assert_eq!(g.unreadable_result.map(|s| s.line), Some(8));
        assert_eq!(g.report.findings[0].code.as_str(), "unreadable-result");
    }
}
