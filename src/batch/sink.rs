//! Where a run's rows go, one at a time, in file and game order: the [`Summary`] that
//! counts them, the CSV report ([`CsvSink`], formats.md §6) and the JSON Lines report
//! ([`JsonlSink`], formats.md §4, one game a line). A sink sees each row once, with its
//! game number set; nothing keeps the rows of the whole archive.

use crate::finding::{Code, Severity};
use crate::report;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};

/// One game's line in the batch report (formats.md §6), plus what the summary needs. Kept
/// small: an archive of a hundred thousand games holds a hundred thousand rows.
#[derive(Debug, Clone)]
pub struct Row {
    /// File index (for the file name).
    pub file_index: usize,
    /// Index of the chunk of the file the row comes from (a shard's part says it:
    /// [`super::Shard`]).
    pub chunk: usize,
    /// The game number in its file (set when rows are ordered); `None` for an input problem.
    pub game: Option<usize>,
    /// The CSV fields after `file,game`, already quoted and joined (empty when no CSV
    /// report is asked for: [`super::BatchOptions::csv`]).
    pub rest: String,
    /// The game's JSON object without its `file` and `game` keys, when JSON Lines are
    /// asked for ([`report::game::json::body_of`]): the game number is known only once the rows
    /// are ordered, and [`JsonlSink`] writes the line then.
    pub json: Option<String>,
    /// The game's typed cells and findings for the workbook, when one is asked for
    /// ([`super::BatchOptions::xlsx`]).
    pub sheet: Option<Box<report::xlsx::SheetRow>>,
    /// Valid (no error).
    pub valid: bool,
    /// Has a warning.
    pub warned: bool,
    /// Every finding code, for the summary.
    pub codes: Vec<Code>,
    /// Why this part of the file could not be checked, in the run's language; `None` for
    /// a game.
    pub problem: Option<Box<str>>,
}

/// Takes the rows of a run in order: by file, then by game.
pub trait Sink {
    /// One row; `file` is the file's name as the reports write it.
    fn row(&mut self, file: &str, row: &Row) -> io::Result<()>;

    /// The run is over: write out what is buffered.
    fn finish(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Keeps every row: for tests and for callers that want the rows themselves.
impl Sink for Vec<Row> {
    fn row(&mut self, _file: &str, row: &Row) -> io::Result<()> {
        self.push(row.clone());
        Ok(())
    }
}

/// Counts for the summary table.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games (and unreadable parts).
    pub games: usize,
    /// Valid games.
    pub valid: usize,
    /// Games with an error.
    pub with_errors: usize,
    /// Games with a warning.
    pub with_warnings: usize,
    /// Findings per code.
    pub by_code: BTreeMap<&'static str, usize>,
    /// Parts of files that could not be checked: unreadable, empty, binary, or an internal
    /// error (rows with a [`Row::problem`]).
    pub unusable: usize,
    /// The files that gave at least one row (a file of comments only gives none).
    pub files_with_rows: BTreeSet<usize>,
}

impl Summary {
    /// Counts one row in.
    pub fn add(&mut self, r: &Row) {
        self.games += 1;
        self.files_with_rows.insert(r.file_index);
        if r.valid {
            self.valid += 1;
        } else {
            self.with_errors += 1;
        }
        if r.warned {
            self.with_warnings += 1;
        }
        for c in &r.codes {
            *self.by_code.entry(c.as_str()).or_default() += 1;
        }
        if r.problem.is_some() {
            self.unusable += 1;
        }
    }

    /// The worst severity over all games, for `--fail-on`.
    pub fn worst(&self) -> Option<Severity> {
        if self.with_errors > 0 {
            Some(Severity::Error)
        } else if self.with_warnings > 0 {
            Some(Severity::Warning)
        } else {
            None
        }
    }
}

impl Sink for Summary {
    fn row(&mut self, _file: &str, row: &Row) -> io::Result<()> {
        self.add(row);
        Ok(())
    }
}

/// The CSV report (formats.md §6): the header, then `file,game,` and a row's cells
/// ([`Row::rest`], so the run must build them: [`super::BatchOptions::csv`]).
pub struct CsvSink<W: Write> {
    out: io::BufWriter<W>,
    /// The last file's name, quoted once for all its rows.
    file: (String, String),
    /// Between cells: `,`, or `;` for a spreadsheet ([`CsvSink::for_excel`]).
    delimiter: u8,
}

impl<W: Write> CsvSink<W> {
    /// A CSV report on `out`; the header is written at once.
    pub fn new(out: W) -> io::Result<Self> {
        Self::with(out, b',', false)
    }

    /// A CSV report as a spreadsheet under a European locale opens it (`--csv-excel`,
    /// issue 32): a UTF-8 byte order mark (else `Niccolò` shows as `NiccolÃ²`) and `;`
    /// between cells (the comma is the decimal mark there); the rows' cells must be
    /// written with `;` too ([`super::BatchOptions::csv_delimiter`]).
    pub fn for_excel(out: W) -> io::Result<Self> {
        Self::with(out, b';', true)
    }

    fn with(out: W, delimiter: u8, bom: bool) -> io::Result<Self> {
        let mut out = io::BufWriter::with_capacity(64 << 10, out);
        if bom {
            out.write_all("\u{feff}".as_bytes())?;
        }
        let sep = char::from(delimiter).to_string();
        writeln!(out, "{}", report::game::csv::HEADER.join(&sep))?;
        Ok(CsvSink {
            out,
            file: (String::new(), String::new()),
            delimiter,
        })
    }
}

impl<W: Write> Sink for CsvSink<W> {
    fn row(&mut self, file: &str, r: &Row) -> io::Result<()> {
        if self.file.0 != file || self.file.1.is_empty() {
            let mut quoted = String::new();
            report::game::csv::write_quoted_with(file, self.delimiter, &mut quoted);
            self.file = (file.to_string(), quoted);
        }
        let name = &self.file.1;
        let d = char::from(self.delimiter);
        match r.game {
            Some(g) => writeln!(self.out, "{name}{d}{g}{d}{}", r.rest),
            None => writeln!(self.out, "{name}{d}{d}{}", r.rest),
        }
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The JSON Lines report: one game a line, its `file` and `game` first, then the keys of
/// formats.md §4 ([`Row::json`], so the run must build them: [`super::BatchOptions::jsonl`]).
pub struct JsonlSink<W: Write> {
    out: io::BufWriter<W>,
    line: String,
    /// A shard's part ([`JsonlSink::part`]): the last row's file and chunk, and how many
    /// rows of that chunk came before.
    part: Option<(usize, usize, usize)>,
}

impl<W: Write> JsonlSink<W> {
    /// A JSON Lines report on `out`.
    pub fn new(out: W) -> Self {
        JsonlSink {
            out: io::BufWriter::with_capacity(64 << 10, out),
            line: String::new(),
            part: None,
        }
    }

    /// A shard's part report on `out` ([`super::Shard`]): each row also says, under
    /// `"shard"`, where it stands in the whole run and its CSV cells, so the run must build
    /// those ([`super::BatchOptions::csv`], with `,`). The caller writes the
    /// [`super::Trailer`] line after [`Sink::finish`].
    pub fn part(out: W) -> Self {
        JsonlSink {
            part: Some((usize::MAX, usize::MAX, 0)),
            ..JsonlSink::new(out)
        }
    }
}

impl<W: Write> Sink for JsonlSink<W> {
    fn row(&mut self, file: &str, r: &Row) -> io::Result<()> {
        let Some(body) = &r.json else { return Ok(()) };
        self.line.clear();
        match &mut self.part {
            None => report::game::json::json_line(&mut self.line, file, r.game, body),
            Some((f, c, n)) => {
                if (*f, *c) == (r.file_index, r.chunk) {
                    *n += 1;
                } else {
                    (*f, *c, *n) = (r.file_index, r.chunk, 0);
                }
                let place = super::RowPlace {
                    file: r.file_index,
                    chunk: r.chunk,
                    row: *n,
                    csv: r.rest.clone(),
                };
                let keys = body.strip_suffix('}').unwrap_or(body);
                let place = serde_json::to_string(&place).map_err(io::Error::other)?;
                let body = format!("{keys},\"shard\":{place}}}");
                report::game::json::json_line(&mut self.line, file, r.game, &body);
            }
        }
        self.out.write_all(self.line.as_bytes())
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The workbook report (issue 32): each row written to its sheet as it comes
/// (rust_xlsxwriter's constant-memory sheets: a row goes to a temporary file at once), the
/// workbook written to `out` when the run is over ([`Row::sheet`], so the run must build
/// them: [`super::BatchOptions::xlsx`]).
pub struct XlsxSink<W: Write + Send> {
    book: Option<report::xlsx::BatchWorkbook>,
    out: Option<W>,
}

impl<W: Write + Send> XlsxSink<W> {
    /// A workbook report on `out`, its headers and words in `lang`.
    pub fn new(out: W, lang: crate::lang::Lang) -> Self {
        XlsxSink {
            book: Some(report::xlsx::BatchWorkbook::new(lang)),
            out: Some(out),
        }
    }
}

impl<W: Write + Send> Sink for XlsxSink<W> {
    fn row(&mut self, file: &str, r: &Row) -> io::Result<()> {
        match (&mut self.book, &r.sheet) {
            (Some(book), Some(sheet)) => book.row(file, r.game, sheet),
            _ => Ok(()),
        }
    }

    fn finish(&mut self) -> io::Result<()> {
        match (self.book.take(), self.out.take()) {
            (Some(book), Some(out)) => book.finish(out),
            _ => Ok(()),
        }
    }
}
