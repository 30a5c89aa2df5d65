//! Batch checking of archives (issue 5): walk directories, read multi-game files game by
//! game (streaming: memory does not grow with file size), verify every game of both
//! variants in parallel, and collect one row per game for the reports.
//!
//! - `walk.rs`: which files to read ([`walk()`]);
//! - `cut.rs`: each file cut into chunks of whole games ([`Chunks`]);
//! - here: the chunks checked in parallel, one [`Row`] per game, the [`Summary`] and the
//!   CSV / JSON Lines reports.

mod cut;
mod walk;

pub use cut::{Chunk, Chunks, InputProblem, game_end};
pub use walk::{EXTENSIONS, Reason, Walk, walk};

use crate::classical::Options;
use crate::decode::decode;
use crate::finding::{Code, Finding, Severity};
use crate::report;
use crate::verify::{self, GameReport, Variant};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// One game's line in the batch report (formats.md §6), plus what the summary needs. Kept
/// small: an archive of a hundred thousand games holds a hundred thousand rows.
#[derive(Debug, Clone)]
pub struct Row {
    /// File index (for ordering and the file name).
    pub file_index: usize,
    /// Chunk index (for ordering).
    pub chunk: usize,
    /// The game number in its file (set when rows are ordered); `None` for an input problem.
    pub game: Option<usize>,
    /// The CSV fields after `file,game`, already quoted and joined (empty when no CSV
    /// report is asked for: [`BatchOptions::csv`]).
    pub rest: String,
    /// The game's JSON object without its `file` and `game` keys, when JSON Lines are
    /// asked for ([`report::json::body_of`]): the game number is known only once the rows
    /// are ordered, and [`jsonl_report`] writes the line then.
    pub json: Option<String>,
    /// Valid (no error).
    pub valid: bool,
    /// Has a warning.
    pub warned: bool,
    /// Every finding code, for the summary.
    pub codes: Vec<&'static str>,
}

/// Joins fields as one CSV record.
fn csv_fields(fields: &[String]) -> String {
    let mut s = String::with_capacity(64);
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        report::csv::write_quoted(f, &mut s);
    }
    s
}

fn row_of(file_index: usize, chunk: usize, r: &GameReport, opts: &BatchOptions) -> Row {
    let (csv, jsonl) = (opts.csv, opts.jsonl);
    // Written in a reused buffer, kept at its exact size: an archive holds many rows.
    thread_local! {
        static BUF: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    let rest = if csv {
        BUF.with_borrow_mut(|buf| {
            buf.clear();
            report::csv::write_cells(&report::csv::Cells::of(r), buf);
            buf.as_str().to_owned()
        })
    } else {
        String::new()
    };
    Row {
        file_index,
        chunk,
        game: Some(0),
        rest,
        json: jsonl.then(|| report::json::body_of(r, opts.lang)),
        ..summary_row(file_index, chunk, &r.findings)
    }
}

/// A game's row with only what the summary counts (no report asked for).
fn summary_row(file_index: usize, chunk: usize, findings: &[Finding]) -> Row {
    Row {
        file_index,
        chunk,
        game: Some(0),
        rest: String::new(),
        json: None,
        valid: !findings.iter().any(|f| f.severity() == Severity::Error),
        warned: findings.iter().any(|f| f.severity() == Severity::Warning),
        codes: findings.iter().map(|f| f.code.as_str()).collect(),
    }
}

fn problem_row(file_index: usize, p: &InputProblem, code: Code, jsonl: bool) -> Row {
    let code = code.as_str();
    let mut rest = String::new();
    report::csv::write_cells(&report::csv::Cells::problem(code), &mut rest);
    Row {
        file_index,
        chunk: p.index,
        game: None,
        rest,
        json: jsonl.then(|| {
            serde_json::json!({
                "variant": null, "valid": false,
                "findings": [{"severity": "error", "code": code, "rule": null, "army": null,
                              "move": null, "ply": null, "line": null, "column": null,
                              "message": p.message}],
                "events": [], "scores": [], "winner": null,
            })
            .to_string()
        }),
        valid: false,
        warned: false,
        codes: vec![code],
    }
}

/// How a batch runs.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Classical options.
    pub options: Options,
    /// Longest line read, in bytes.
    pub max_line: usize,
    /// Build the CSV rows (`Row::rest`); without a CSV report only the summary is needed.
    pub csv: bool,
    /// Build JSON lines too.
    pub jsonl: bool,
    /// The language of the JSON lines' messages (formats.md §4; the keys never change).
    pub lang: crate::lang::Lang,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            options: Options::default(),
            max_line: 16 << 20,
            csv: true,
            jsonl: false,
            lang: crate::lang::Lang::En,
        }
    }
}

/// Chunks handed to a thread at once, at most.
const GROUP_CHUNKS: usize = 64;
/// Bytes handed to a thread at once, about.
const GROUP_BYTES: usize = 256 << 10;

/// What every chunk of a run is checked with.
#[derive(Clone, Copy)]
struct Run<'a> {
    files: &'a [PathBuf],
    /// The files' names as the reports write them.
    names: &'a [Arc<str>],
    opts: &'a BatchOptions,
    /// Called with the bytes and games done after each chunk.
    progress: &'a (dyn Fn(u64, u64) + Sync),
}

/// Checks one chunk (or reports why it could not be read) and hands each of its rows to
/// `row`, in order.
fn check_item(run: &Run<'_>, item: Result<Chunk, InputProblem>, row: &mut dyn FnMut(Row)) {
    let Run {
        files,
        names,
        opts,
        progress,
    } = *run;
    let chunk = match item {
        Ok(chunk) => chunk,
        Err(p) => {
            progress(0, 0);
            row(problem_row(p.file, &p, Code::Unreadable, opts.jsonl));
            return;
        }
    };
    // Unit tests only (never in a build that ships): a chunk that makes the check fail.
    #[cfg(test)]
    if chunk.bytes.starts_with(b"% panic") {
        panic!("a test of the internal-error row");
    }
    let name = &names[chunk.file];
    let n = chunk.bytes.len() as u64;
    let mut emit = |mut r: GameReport| {
        to_file_places(&mut r, &chunk);
        row(row_of(chunk.file, chunk.index, &r, opts));
    };
    match decode(&chunk.bytes) {
        Err(e) => {
            let p = InputProblem {
                file: chunk.file,
                index: chunk.index,
                message: e.to_string(),
            };
            let code = match e {
                crate::decode::InputError::Empty => Code::EmptyInput,
                crate::decode::InputError::Binary { .. } => Code::BinaryInput,
            };
            progress(n, 0);
            row(problem_row(chunk.file, &p, code, opts.jsonl));
        }
        Ok(d) => match chunk.variant {
            Variant::Classical if !(opts.csv || opts.jsonl) => {
                // The summary alone: the findings are all it counts.
                let mut games = 0;
                for findings in verify::classical_findings(&d.text, d.latin1, &opts.options) {
                    row(summary_row(chunk.file, chunk.index, &findings));
                    games += 1;
                }
                progress(n, games);
            }
            Variant::Classical => {
                let mut games = 0;
                for r in verify::classical_reports(name, &d.text, d.latin1, &opts.options) {
                    emit(r);
                    games += 1;
                }
                progress(n, games);
            }
            Variant::SuperScacchi => {
                // A [Disposizione] set-up file is looked for beside the game file.
                let folder = crate::load::folder_of(&files[chunk.file]);
                let setup = verify::SetupChoice::Tag {
                    folder: folder.as_deref(),
                    limits: crate::load::Limits::default(),
                };
                emit(verify::verify_superscacchi(name, &d.text, d.latin1, setup));
                progress(n, 1);
            }
        },
    }
}

/// Moves the places of a report's findings from the chunk to its file (the chunk starts
/// at `first_line`, `first_column` characters into it).
fn to_file_places(r: &mut GameReport, chunk: &Chunk) {
    let shift = chunk.first_line.saturating_sub(1);
    for f in &mut r.findings {
        if let Some(s) = &mut f.span {
            if s.line == 1 {
                s.column += chunk.first_column;
            }
            s.line += shift;
        }
    }
}

/// Verifies every game of `files` in parallel; returns the summary and, when a report
/// needs them ([`BatchOptions::csv`], [`BatchOptions::jsonl`]), the rows ordered by file and
/// game. Without a report nothing is kept per game: memory does not grow with the archive.
/// `progress` is called with the bytes and games done after each chunk.
pub fn run(
    files: &[PathBuf],
    opts: &BatchOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (Summary, Vec<Row>) {
    let names: Vec<Arc<str>> = files
        .iter()
        .map(|p| Arc::from(p.display().to_string()))
        .collect();
    let run = Run {
        files,
        names: &names,
        opts,
        progress,
    };
    let groups = groups(files, opts.max_line);
    let keep = opts.csv || opts.jsonl;
    let (mut summary, mut rows) = groups
        .par_bridge()
        .flat_map_iter(|group| group.into_iter())
        .fold(
            || (Summary::default(), Vec::new()),
            |(mut summary, mut rows), item| {
                let mut add = |row: Row| {
                    summary.add(&row);
                    if keep {
                        rows.push(row);
                    }
                };
                check_guarded(&run, item, &mut add);
                (summary, rows)
            },
        )
        .reduce(
            || (Summary::default(), Vec::new()),
            |(mut a, mut rows), (b, more)| {
                a.merge(b);
                rows.extend(more);
                (a, rows)
            },
        );
    summary.files = files.len();
    number_games(&mut rows);
    (summary, rows)
}

/// The chunks of every file, in file order, handed to the threads in groups so that
/// handing work over costs little next to the work (a chunk is usually one game).
fn groups(
    files: &[PathBuf],
    max_line: usize,
) -> impl Iterator<Item = Vec<Result<Chunk, InputProblem>>> + Send + '_ {
    let sources = files.iter().enumerate().flat_map(move |(i, p)| {
        let it: Box<dyn Iterator<Item = Result<Chunk, InputProblem>> + Send> =
            match Chunks::open(i, p, max_line) {
                Ok(c) => Box::new(c),
                Err(e) => Box::new(std::iter::once(Err(e))),
            };
        it
    });
    let mut sources = sources.peekable();
    std::iter::from_fn(move || {
        sources.peek()?;
        let mut group = Vec::with_capacity(GROUP_CHUNKS);
        let mut bytes = 0;
        while group.len() < GROUP_CHUNKS && bytes < GROUP_BYTES {
            let Some(item) = sources.next() else { break };
            bytes += item.as_ref().map_or(0, |c| c.bytes.len());
            group.push(item);
        }
        Some(group)
    })
}

/// [`check_item`], except that a bug met on one game does not end the whole run: that part
/// of the file becomes an `internal-error` row, and the run goes on (exit code 2).
fn check_guarded(run: &Run<'_>, item: Result<Chunk, InputProblem>, row: &mut dyn FnMut(Row)) {
    let (file, index) = match &item {
        Ok(c) => (c.file, c.index),
        Err(p) => (p.file, p.index),
    };
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check_item(run, item, row);
    }));
    if caught.is_err() {
        let p = InputProblem {
            file,
            index,
            message: "arbitro failed while checking this part of the file (an internal error; please report it with the file)".into(),
        };
        row(problem_row(file, &p, Code::InternalError, run.opts.jsonl));
    }
}

/// Orders the rows by file and chunk (stable within a chunk) and numbers the games of each
/// file from 1 (an input problem has no number).
fn number_games(rows: &mut [Row]) {
    rows.sort_by_key(|r| (r.file_index, r.chunk));
    let mut last = usize::MAX;
    let mut n = 0;
    for r in rows {
        if r.file_index != last {
            last = r.file_index;
            n = 0;
        }
        if r.game.is_none() {
            continue; // an input problem: no game number
        }
        n += 1;
        r.game = Some(n);
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
    /// Parts of files whose check failed inside arbitro (`internal-error` rows).
    pub internal_errors: usize,
    /// The files that gave at least one row (a file of comments only gives none).
    pub files_with_rows: std::collections::BTreeSet<usize>,
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
            *self.by_code.entry(c).or_default() += 1;
            if *c == Code::InternalError.as_str() {
                self.internal_errors += 1;
            }
        }
    }

    /// Adds the counts of another part of the run.
    pub fn merge(&mut self, other: Summary) {
        self.files += other.files;
        self.games += other.games;
        self.valid += other.valid;
        self.with_errors += other.with_errors;
        self.with_warnings += other.with_warnings;
        self.internal_errors += other.internal_errors;
        self.files_with_rows.extend(other.files_with_rows);
        for (c, n) in other.by_code {
            *self.by_code.entry(c).or_default() += n;
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

/// Writes the CSV report (formats.md §6) to `out`.
pub fn write_csv(
    out: &mut impl std::io::Write,
    files: &[PathBuf],
    rows: &[Row],
) -> std::io::Result<()> {
    writeln!(out, "{}", report::csv::HEADER.join(","))?;
    let names: Vec<String> = files
        .iter()
        .map(|f| csv_fields(&[f.display().to_string()]))
        .collect();
    for r in rows {
        match r.game {
            Some(g) => writeln!(out, "{},{g},{}", names[r.file_index], r.rest)?,
            None => writeln!(out, "{},,{}", names[r.file_index], r.rest)?,
        }
    }
    Ok(())
}

/// The CSV report text.
pub fn csv_report(files: &[PathBuf], rows: &[Row]) -> String {
    let mut v = Vec::new();
    write_csv(&mut v, files, rows).expect("memory");
    String::from_utf8(v).expect("UTF-8")
}

/// The JSON Lines report text: one line per row, its file and game number first.
pub fn jsonl_report(files: &[PathBuf], rows: &[Row]) -> String {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let mut out = String::new();
    for r in rows {
        if let Some(body) = &r.json {
            report::json::json_line(&mut out, &names[r.file_index], r.game, body);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_on_one_game_is_an_internal_error_row_and_the_run_goes_on() {
        let d = std::env::temp_dir().join(format!("arbitro-batch-panic-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let a = d.join("a.pgn");
        let b = d.join("b.pgn");
        std::fs::write(&a, "% panic\n1.e4 e5 *\n").unwrap();
        std::fs::write(&b, "1.d4 d5 *\n").unwrap();
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let (s, rows) = run(&[a, b], &BatchOptions::default(), &|_, _| {});
        std::panic::set_hook(hook);
        let _ = std::fs::remove_dir_all(&d);
        assert_eq!(s.internal_errors, 1);
        assert_eq!(s.games, 2);
        assert_eq!(s.valid, 1);
        assert_eq!(rows.len(), 2);
        assert!(rows[0].rest.contains("internal-error"), "{}", rows[0].rest);
        assert_eq!(rows[1].game, Some(1));
    }
}
