//! Spreadsheets that open right (issue 32 point 1): `batch --report FILE.xlsx` and
//! `tournament standings --xlsx FILE` as real workbooks (rust_xlsxwriter), typed cells
//! (numbers as numbers, dates as dates, true/false as booleans), the header row frozen and
//! filtered, the columns' widths set, the headers in the run's language.
//!
//! Every sheet is written in rust_xlsxwriter's constant-memory mode: a row goes to a
//! temporary file as soon as the next one starts, so memory stays flat whatever the
//! archive (issue 33). A text cell is a string cell, never a formula: no neutraliser is
//! needed (the CSV's `'=…` is not written here).
//!
//! The batch workbook has a sheet of classical games, one of SuperScacchi games (each with
//! its own columns: [`COLUMNS`]), one of the files or parts of files that could not be
//! read, and one of findings (file, game, line, side, move, severity, code, message, and
//! the code's meaning from [`crate::finding::wording::codes`]). A sheet is added when its
//! first row comes.

use crate::finding::{Code, Finding, Severity};
use crate::lang::Lang;
use crate::report::game::csv::{Cells, civil_date};
use crate::tournament::standings::Standings;
use crate::verify::{GameReport, Variant};
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, Worksheet, XlsxError};
use std::io;

/// A typed cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// Nothing written.
    Empty,
    /// A string cell.
    Text(String),
    /// A number cell.
    Number(f64),
    /// A true/false cell.
    Bool(bool),
    /// A date cell (a whole date in the game's tags).
    Date(jiff::civil::Date),
}

/// Which games' sheet a column is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum On {
    Both,
    Classical,
    SuperScacchi,
}

/// A column of the games' sheets: the CSV key (formats.md §6), the header in both
/// languages, the width, and which sheets show it.
struct Column {
    /// The CSV key (a unit test holds the columns to the CSV's header by it).
    #[cfg_attr(not(test), allow(dead_code))]
    key: &'static str,
    en: &'static str,
    it: &'static str,
    width: f64,
    on: On,
}

const fn col(key: &'static str, en: &'static str, it: &'static str, width: f64, on: On) -> Column {
    Column {
        key,
        en,
        it,
        width,
        on,
    }
}

/// The columns of the games' sheets, in the CSV's order (a unit test holds them to
/// [`crate::report::game::csv::HEADER`]).
const COLUMNS: [Column; 35] = [
    col("file", "file", "file", 36.0, On::Both),
    col("game", "game", "partita", 8.0, On::Both),
    col("variant", "variant", "variante", 13.0, On::Both),
    col("valid", "valid", "valida", 8.0, On::Both),
    col("errors", "errors", "errori", 8.0, On::Both),
    col("warnings", "warnings", "avvertimenti", 12.0, On::Both),
    col(
        "first_error_code",
        "first error code",
        "codice del primo errore",
        22.0,
        On::Both,
    ),
    col(
        "first_error_army",
        "its army or side",
        "suo esercito o colore",
        14.0,
        On::Both,
    ),
    col("first_error_move", "its move", "sua mossa", 10.0, On::Both),
    col(
        "first_error_ply",
        "its ply",
        "sua semimossa",
        10.0,
        On::Both,
    ),
    col(
        "besiegers",
        "besiegers",
        "assedianti",
        16.0,
        On::SuperScacchi,
    ),
    col(
        "besiegers_total",
        "besiegers' total",
        "totale assedianti",
        12.0,
        On::SuperScacchi,
    ),
    col("besieged", "besieged", "assediati", 16.0, On::SuperScacchi),
    col(
        "besieged_total",
        "besieged's total",
        "totale assediati",
        12.0,
        On::SuperScacchi,
    ),
    col(
        "winner",
        "winner or result",
        "vincitore o risultato",
        14.0,
        On::Both,
    ),
    col("white", "White", "Bianco", 24.0, On::Classical),
    col("black", "Black", "Nero", 24.0, On::Classical),
    col("phase", "phase", "fase", 7.0, On::Classical),
    col("group", "group", "girone", 7.0, On::Classical),
    col(
        "declared_result",
        "declared result",
        "risultato dichiarato",
        12.0,
        On::Classical,
    ),
    col("mode", "mode", "modalità", 8.0, On::SuperScacchi),
    col(
        "play_min",
        "minutes of play",
        "minuti di gioco",
        10.0,
        On::SuperScacchi,
    ),
    col(
        "besiegers_sospensioni",
        "besiegers' time-outs",
        "sospensioni assedianti",
        12.0,
        On::SuperScacchi,
    ),
    col(
        "besieged_sospensioni",
        "besieged's time-outs",
        "sospensioni assediati",
        12.0,
        On::SuperScacchi,
    ),
    col(
        "besiegers_time_left",
        "besiegers' time left",
        "tempo residuo assedianti",
        12.0,
        On::SuperScacchi,
    ),
    col(
        "besieged_time_left",
        "besieged's time left",
        "tempo residuo assediati",
        12.0,
        On::SuperScacchi,
    ),
    col("event", "event", "evento", 28.0, On::Both),
    col("date", "date", "data", 12.0, On::Both),
    col("site", "site", "luogo", 16.0, On::Both),
    col("round", "round", "turno", 7.0, On::Classical),
    col("white_elo", "White Elo", "Elo Bianco", 9.0, On::Classical),
    col("black_elo", "Black Elo", "Elo Nero", 9.0, On::Classical),
    col("plies", "plies", "semimosse", 10.0, On::Both),
    col("codes", "codes", "codici", 28.0, On::Both),
    col(
        "first_error_message",
        "first error message",
        "messaggio del primo errore",
        60.0,
        On::Both,
    ),
];

/// What one game (or unreadable part of a file) puts in the workbook, built where the
/// game is checked and written once the rows are in order.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetRow {
    /// The game's variant; `None` for a part of a file that could not be read.
    pub variant: Option<Variant>,
    /// The cells after `file` and `game`, in [`COLUMNS`]' order.
    pub values: Vec<Value>,
    /// One row each on the findings' sheet.
    pub findings: Vec<FindingRow>,
}

/// A finding's row on the findings' sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct FindingRow {
    /// Line in the file.
    pub line: Option<u32>,
    /// The army's or the side's name.
    pub army: Option<&'static str>,
    /// Move number on the sheet.
    pub move_number: Option<u32>,
    /// Error, warning or info.
    pub severity: Severity,
    /// The code.
    pub code: Code,
    /// The message, in the run's language.
    pub message: String,
}

impl FindingRow {
    fn of(f: &Finding, lang: Lang) -> FindingRow {
        FindingRow {
            line: f.span.map(|s| s.line),
            army: f.army_name(),
            move_number: f.move_number,
            severity: f.severity(),
            code: f.code,
            message: f.message_in(lang).to_string(),
        }
    }
}

impl SheetRow {
    /// One checked game's row and findings, the messages in `lang`.
    pub fn of(r: &GameReport, lang: Lang) -> SheetRow {
        SheetRow {
            variant: Some(r.variant()),
            values: values(&Cells::of(r, lang)),
            findings: r.findings.iter().map(|f| FindingRow::of(f, lang)).collect(),
        }
    }

    /// A part of a file that could not be read: its code and message.
    pub fn problem(code: Code, message: &str) -> SheetRow {
        SheetRow {
            variant: None,
            values: values(&Cells::problem(code.as_str(), message)),
            findings: vec![FindingRow {
                line: None,
                army: None,
                move_number: None,
                severity: code.severity(),
                code,
                message: message.to_string(),
            }],
        }
    }
}

fn text(t: Option<impl AsRef<str>>) -> Value {
    t.map_or(Value::Empty, |t| Value::Text(t.as_ref().to_string()))
}

fn number(n: Option<impl Into<f64>>) -> Value {
    n.map_or(Value::Empty, |n| Value::Number(n.into()))
}

/// A count as a number cell (counts of findings stay far below 2^53).
fn count(n: usize) -> Value {
    Value::Number(n as f64)
}

/// A tag that holds a number (an Elo) as a number, else as written.
fn number_or_text(t: Option<&str>) -> Value {
    match t.map(|t| (t, t.trim().parse::<u32>())) {
        Some((_, Ok(n))) => Value::Number(n.into()),
        Some((t, Err(_))) => Value::Text(t.to_string()),
        None => Value::Empty,
    }
}

/// The cells of [`Cells`], typed, in [`COLUMNS`]' order after `file` and `game`.
fn values(c: &Cells<'_>) -> Vec<Value> {
    let t = |x: Option<crate::report::game::csv::Text<'_>>| text(x.map(|x| x.0));
    let play_min = c.play_min.map(|m| m as f64);
    vec![
        text(c.variant),
        Value::Bool(c.valid),
        count(c.errors),
        count(c.warnings),
        text(c.first_error_code),
        t(c.first_error_army),
        number(c.first_error_move),
        number(c.first_error_ply),
        t(c.besiegers),
        number(c.besiegers_total),
        t(c.besieged),
        number(c.besieged_total),
        t(c.winner),
        t(c.white),
        t(c.black),
        t(c.phase),
        t(c.group),
        t(c.declared_result),
        text(c.mode),
        number(play_min),
        c.besiegers_sospensioni.map_or(Value::Empty, count),
        c.besieged_sospensioni.map_or(Value::Empty, count),
        text(c.besiegers_time_left.as_ref()),
        text(c.besieged_time_left.as_ref()),
        t(c.event),
        match c.date.map(|d| (d.0, civil_date(d.0))) {
            Some((_, Some(d))) => Value::Date(d),
            Some((written, None)) => Value::Text(written.to_string()),
            None => Value::Empty,
        },
        t(c.site),
        t(c.round),
        number_or_text(c.white_elo.map(|x| x.0)),
        number_or_text(c.black_elo.map(|x| x.0)),
        number(c.plies),
        text(c.codes.as_ref()),
        t(c.first_error_message),
    ]
}

/// The most rows a sheet holds (Excel's limit).
const MAX_ROWS: u32 = 1 << 20;

/// Which sheet of the batch workbook.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Classical,
    SuperScacchi,
    Unread,
    Findings,
}

/// A sheet added to the workbook: its index, the row written next, its last column.
#[derive(Debug, Clone, Copy)]
struct Sheet {
    index: usize,
    next: u32,
    last_col: u16,
}

/// The batch workbook, filled row by row in file and game order.
pub struct BatchWorkbook {
    book: Workbook,
    lang: Lang,
    sheets: [Option<Sheet>; 4],
    bold: Format,
    date: Format,
}

/// An `XlsxError` as an I/O error (the batch's sinks speak `io::Result`).
fn io_error(e: XlsxError) -> io::Error {
    match e {
        XlsxError::IoError(e) => e,
        e => io::Error::other(e.to_string()),
    }
}

/// The date format of `lang`: `17/10/2026` under Italian, ISO otherwise.
fn date_format(lang: Lang) -> Format {
    Format::new().set_num_format(lang.t("yyyy-mm-dd", "dd/mm/yyyy"))
}

/// Adds a constant-memory sheet named `name` with a bold, frozen header row of `headers`
/// (each with its width); returns its index.
fn add_sheet(
    book: &mut Workbook,
    name: &str,
    headers: &[(&str, f64)],
    bold: &Format,
) -> Result<Sheet, XlsxError> {
    let index = book.worksheets().len();
    let ws: &mut Worksheet = book.add_worksheet_with_constant_memory()?;
    ws.set_name(name)?;
    for (c, (h, width)) in headers.iter().enumerate() {
        let c = c as u16;
        ws.set_column_width(c, *width)?;
        ws.write_string_with_format(0, c, *h, bold)?;
    }
    ws.set_freeze_panes(1, 0)?;
    Ok(Sheet {
        index,
        next: 1,
        last_col: headers.len().saturating_sub(1) as u16,
    })
}

/// Writes `v` at `row`, `col`.
fn write_value(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    v: &Value,
    date: &Format,
) -> Result<(), XlsxError> {
    match v {
        Value::Empty => {}
        Value::Text(s) => {
            ws.write_string(row, col, s)?;
        }
        Value::Number(n) => {
            ws.write_number(row, col, *n)?;
        }
        Value::Bool(b) => {
            ws.write_boolean(row, col, *b)?;
        }
        Value::Date(d) => {
            let ymd = ExcelDateTime::from_ymd(d.year() as u16, d.month() as u8, d.day() as u8);
            match ymd {
                Ok(x) => {
                    ws.write_date_with_format(row, col, &x, date)?;
                }
                // Before 1900 Excel has no dates: the date as text.
                Err(_) => {
                    ws.write_string(row, col, d.to_string())?;
                }
            }
        }
    }
    Ok(())
}

impl BatchWorkbook {
    /// An empty workbook whose headers and words are in `lang`.
    pub fn new(lang: Lang) -> BatchWorkbook {
        BatchWorkbook {
            book: Workbook::new(),
            lang,
            sheets: [None; 4],
            bold: Format::new().set_bold(),
            date: date_format(lang),
        }
    }

    /// The sheet of `kind`, added at its first row.
    fn sheet(&mut self, kind: Kind) -> Result<&mut Sheet, XlsxError> {
        let lang = self.lang;
        let slot = kind as usize;
        if self.sheets[slot].is_none() {
            let (name, on) = match kind {
                Kind::Classical => (
                    lang.t("classical games", "partite classiche"),
                    On::Classical,
                ),
                Kind::SuperScacchi => (
                    lang.t("SuperScacchi games", "partite SuperScacchi"),
                    On::SuperScacchi,
                ),
                Kind::Unread => (lang.t("not read", "non lette"), On::Both),
                Kind::Findings => (lang.t("findings", "segnalazioni"), On::Both),
            };
            let headers: Vec<(&str, f64)> = if kind == Kind::Findings {
                FINDING_COLUMNS
                    .iter()
                    .map(|(en, it, w)| (lang.t(en, it), *w))
                    .collect()
            } else {
                game_columns(on)
                    .map(|c| (lang.t(c.en, c.it), c.width))
                    .collect()
            };
            self.sheets[slot] = Some(add_sheet(&mut self.book, name, &headers, &self.bold)?);
        }
        let sheet = self.sheets[slot].as_mut().expect("added above");
        if sheet.next >= MAX_ROWS {
            return Err(XlsxError::RowColumnLimitError);
        }
        Ok(sheet)
    }

    /// One row: the game's on its variant's sheet, its findings on the findings' sheet.
    pub fn row(&mut self, file: &str, game: Option<usize>, r: &SheetRow) -> io::Result<()> {
        self.write_row(file, game, r).map_err(io_error)
    }

    fn write_row(
        &mut self,
        file: &str,
        game: Option<usize>,
        r: &SheetRow,
    ) -> Result<(), XlsxError> {
        let (kind, on) = match r.variant {
            Some(Variant::Classical) => (Kind::Classical, On::Classical),
            Some(Variant::SuperScacchi) => (Kind::SuperScacchi, On::SuperScacchi),
            None => (Kind::Unread, On::Both),
        };
        let game = game.map_or(Value::Empty, |g| Value::Number(g as f64));
        let file_cell = Value::Text(file.to_string());
        let sheet = *self.sheet(kind)?;
        let date = self.date.clone();
        let ws = self.book.worksheet_from_index(sheet.index)?;
        let cells = [&file_cell, &game].into_iter().chain(r.values.iter());
        let shown = COLUMNS.iter().zip(cells).filter(|(c, _)| shows(c.on, on));
        for (i, (_, v)) in shown.enumerate() {
            write_value(ws, sheet.next, i as u16, v, &date)?;
        }
        self.sheets[kind as usize].as_mut().expect("added").next += 1;
        for f in &r.findings {
            let sheet = *self.sheet(Kind::Findings)?;
            let lang = self.lang;
            let ws = self.book.worksheet_from_index(sheet.index)?;
            let row = [
                file_cell.clone(),
                game.clone(),
                number(f.line),
                text(f.army),
                number(f.move_number),
                Value::Text(crate::report::game::human::severity_word(f.severity, lang).into()),
                Value::Text(f.code.as_str().into()),
                Value::Text(f.message.clone()),
                Value::Text(
                    (*crate::finding::wording::codes::gloss(f.code).text.get(lang)).to_string(),
                ),
            ];
            for (i, v) in row.iter().enumerate() {
                write_value(ws, sheet.next, i as u16, v, &date)?;
            }
            self.sheets[Kind::Findings as usize]
                .as_mut()
                .expect("added")
                .next += 1;
        }
        Ok(())
    }

    /// Filters on every header row, then the workbook written to `out`.
    pub fn finish<W: io::Write + Send>(mut self, out: W) -> io::Result<()> {
        self.finish_xlsx(out).map_err(io_error)
    }

    fn finish_xlsx<W: io::Write + Send>(&mut self, out: W) -> Result<(), XlsxError> {
        if self.sheets.iter().all(Option::is_none) {
            // No input at all: one empty sheet of games, so that the file opens.
            self.sheet(Kind::Classical)?;
        }
        for s in self.sheets.iter().flatten() {
            let ws = self.book.worksheet_from_index(s.index)?;
            ws.autofilter(0, 0, s.next.saturating_sub(1).max(1), s.last_col)?;
        }
        self.book.save_to_writer(out)
    }
}

/// The columns a games' sheet shows.
fn game_columns(on: On) -> impl Iterator<Item = &'static Column> {
    COLUMNS.iter().filter(move |c| shows(c.on, on))
}

/// A column `c` is shown on the sheet of `sheet` (the sheet of unread parts shows them all).
fn shows(c: On, sheet: On) -> bool {
    sheet == On::Both || c == On::Both || c == sheet
}

/// The findings' sheet's columns: headers and widths.
const FINDING_COLUMNS: [(&str, &str, f64); 9] = [
    ("file", "file", 36.0),
    ("game", "partita", 8.0),
    ("line", "riga", 7.0),
    ("army or side", "esercito o colore", 14.0),
    ("move", "mossa", 8.0),
    ("severity", "gravità", 12.0),
    ("code", "codice", 22.0),
    ("message", "messaggio", 70.0),
    ("meaning of the code", "significato del codice", 50.0),
];

/// The standings as a workbook (`tournament standings --xlsx`): one sheet per phase, one
/// row per player and group, the columns of the standings' CSV with typed cells (points
/// as numbers: `1.5` shows as `1,5` under an Italian spreadsheet).
pub fn write_standings<W: io::Write + Send>(out: W, s: &Standings, lang: Lang) -> io::Result<()> {
    standings_book(out, s, lang).map_err(io_error)
}

fn standings_book<W: io::Write + Send>(out: W, s: &Standings, lang: Lang) -> Result<(), XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let half = Format::new().set_num_format("0.0");
    let headers: Vec<(&str, f64)> = [
        ("group", "girone", 8.0),
        ("place", "posto", 7.0),
        ("place to", "posto fino a", 10.0),
        ("player", "giocatore", 30.0),
        ("points", "punti", 8.0),
        ("goes on", "prosegue", 9.0),
        ("decided by", "deciso da", 16.0),
    ]
    .iter()
    .map(|(en, it, w)| (lang.t(en, it), *w))
    .collect();
    for p in &s.phases {
        let name = format!("{} {}", lang.t("phase", "fase"), p.number);
        let mut sheet = add_sheet(&mut book, &name, &headers, &bold)?;
        let ws = book.worksheet_from_index(sheet.index)?;
        for g in &p.groups {
            for e in &g.ranking.entries {
                let row = sheet.next;
                ws.write_number(row, 0, g.number as f64)?;
                ws.write_number(row, 1, e.place as f64)?;
                if let Some(to) = e.place_to {
                    ws.write_number(row, 2, to as f64)?;
                }
                ws.write_string(row, 3, &s.names[e.player])?;
                ws.write_number_with_format(row, 4, f64::from(e.half_points) / 2.0, &half)?;
                if let Some(b) = e.goes_on {
                    ws.write_boolean(row, 5, b)?;
                }
                ws.write_string(row, 6, e.decided_by.as_str())?;
                sheet.next += 1;
                if sheet.next >= MAX_ROWS {
                    return Err(XlsxError::RowColumnLimitError);
                }
            }
        }
        ws.autofilter(0, 0, sheet.next.saturating_sub(1).max(1), sheet.last_col)?;
    }
    if s.phases.is_empty() {
        add_sheet(&mut book, lang.t("phase", "fase"), &headers, &bold)?;
    }
    book.save_to_writer(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_columns_are_the_csv_header() {
        let keys: Vec<&str> = COLUMNS.iter().map(|c| c.key).collect();
        assert_eq!(keys, crate::report::game::csv::HEADER);
        // Every cell after `file` and `game` has its column.
        assert_eq!(values(&Cells::default()).len(), COLUMNS.len() - 2);
    }

    #[test]
    fn cells_are_typed() {
        let cells = Cells {
            valid: true,
            errors: 2,
            date: Some(crate::report::game::csv::DateText("2023.05.14")),
            white_elo: Some(crate::report::game::csv::Text("2100")),
            black_elo: Some(crate::report::game::csv::Text("?")),
            ..Cells::default()
        };
        let v = values(&cells);
        let at = |key: &str| &v[COLUMNS.iter().position(|c| c.key == key).unwrap() - 2];
        assert_eq!(at("valid"), &Value::Bool(true));
        assert_eq!(at("errors"), &Value::Number(2.0));
        assert_eq!(at("date"), &Value::Date(jiff::civil::date(2023, 5, 14)));
        assert_eq!(at("white_elo"), &Value::Number(2100.0));
        assert_eq!(at("black_elo"), &Value::Text("?".into()));
        assert_eq!(at("plies"), &Value::Empty);
    }
}
