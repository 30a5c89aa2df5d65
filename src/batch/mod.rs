//! Batch checking of archives (issue 5): walk directories, read multi-game files game by
//! game (streaming: memory does not grow with file size), verify every game of both
//! variants in parallel, and collect one row per game for the reports.
//!
//! - `walk.rs`: which files to read ([`walk()`]);
//! - `cut.rs`: each file cut into chunks of whole games ([`Chunks`]); `scan.rs`: the scans
//!   of a whole block it makes;
//! - here: the chunks checked in parallel, one [`Row`] per game, put back in order;
//! - `sink.rs`: where the ordered rows go ([`Sink`]): the [`Summary`], the CSV and the
//!   JSON Lines reports, written as the run goes;
//! - `shard.rs` and `merge.rs`: one run shared among many (`--shard K/N`), and their part
//!   reports put together again ([`merge()`]).

mod cut;
mod merge;
mod scan;
mod shard;
mod sink;
mod walk;

pub use cut::{Chunk, Chunks, InputProblem, Problem, game_end};
pub use merge::{MergeError, MergeOutput, Merged, merge};
pub use shard::{
    DEFAULT_SPLIT, RowPlace, SLICE_CHUNKS, Shard, Trailer, TrailerLine, inputs_fingerprint,
};
pub use sink::{CsvSink, JsonlSink, Row, Sink, Summary, XlsxSink};
pub use walk::{EXTENSIONS, Reason, Walk, walk, wanted};

use crate::classical::ReplayOptions;
use crate::decode::decode;
use crate::finding::{Finding, Severity};
use crate::report;
use crate::verify::{self, GameReport, Variant};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Where a row comes from: the file's index in the walk and the chunk's in the file (a
/// shard's part says where the row stands in the run).
type At = (usize, usize);

fn row_of(at: At, r: &GameReport, opts: &BatchOptions) -> Row {
    let (csv, jsonl) = (opts.csv, opts.jsonl);
    // Written in a reused buffer, kept at its exact size: an archive holds many rows.
    thread_local! {
        static BUF: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    let rest = if csv {
        BUF.with_borrow_mut(|buf| {
            buf.clear();
            let cells = report::game::csv::Cells::of(r, opts.lang);
            report::game::csv::write_cells_with(&cells, opts.csv_delimiter, buf);
            buf.as_str().to_owned()
        })
    } else {
        String::new()
    };
    Row {
        rest,
        json: jsonl.then(|| report::game::json::body_of(r, opts.lang)),
        sheet: opts
            .xlsx
            .then(|| Box::new(report::xlsx::SheetRow::of(r, opts.lang))),
        ..summary_row(at, &r.findings)
    }
}

/// A game's row with only what the summary counts (no report asked for).
fn summary_row((file_index, chunk): At, findings: &[Finding]) -> Row {
    Row {
        file_index,
        chunk,
        game: Some(0),
        rest: String::new(),
        json: None,
        sheet: None,
        valid: !findings.iter().any(|f| f.severity() == Severity::Error),
        warned: findings.iter().any(|f| f.severity() == Severity::Warning),
        codes: findings.iter().map(|f| f.code).collect(),
        problem: None,
    }
}

fn problem_row((file_index, chunk): At, p: &Problem, opts: &BatchOptions) -> Row {
    let code = p.code();
    let text = crate::lang::Say::say(p, opts.lang).into_owned();
    let mut rest = String::new();
    let cells = report::game::csv::Cells::problem(code.as_str(), &text);
    report::game::csv::write_cells_with(&cells, opts.csv_delimiter, &mut rest);
    Row {
        file_index,
        chunk,
        game: None,
        rest,
        json: opts.jsonl.then(|| {
            report::game::json::problem_body(&Finding::new(code, text.as_str()), opts.lang)
        }),
        sheet: opts
            .xlsx
            .then(|| Box::new(report::xlsx::SheetRow::problem(code, &text))),
        valid: false,
        warned: false,
        codes: vec![code],
        problem: Some(text.into()),
    }
}

/// How a batch runs.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Classical options.
    pub options: ReplayOptions,
    /// Longest line read, in bytes.
    pub max_line: usize,
    /// Build the CSV rows (`Row::rest`); without a CSV report only the summary is needed.
    pub csv: bool,
    /// Between the CSV rows' cells: `,`, or `;` for `--csv-excel` ([`CsvSink::for_excel`]).
    pub csv_delimiter: u8,
    /// Build JSON lines too.
    pub jsonl: bool,
    /// Build the workbook's rows too (`Row::sheet`, issue 32).
    pub xlsx: bool,
    /// The language of the JSON lines' messages (formats.md §4; the keys never change).
    pub lang: crate::lang::Lang,
    /// How much a set-up file named by `[Disposizione]` may hold (`--max-input`).
    pub limits: crate::load::Limits,
    /// The venue's time zone: a SuperScacchi game's clock record (R43–R46, `--tz`);
    /// `None`: this computer's, looked up only when a SuperScacchi game needs it (finding
    /// the system's zone walks the zone database: 3.5 M instructions).
    pub tz: Option<jiff::tz::TimeZone>,
    /// Check only this shard's files and games (`--shard K/N`, [`Shard`]).
    pub shard: Option<Shard>,
}

impl BatchOptions {
    /// The venue's time zone ([`BatchOptions::tz`], else this computer's, found once).
    pub fn zone(&self) -> &jiff::tz::TimeZone {
        static SYSTEM: std::sync::OnceLock<jiff::tz::TimeZone> = std::sync::OnceLock::new();
        self.tz
            .as_ref()
            .unwrap_or_else(|| SYSTEM.get_or_init(jiff::tz::TimeZone::system))
    }
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            options: ReplayOptions::default(),
            max_line: 16 << 20,
            csv: true,
            csv_delimiter: b',',
            jsonl: false,
            xlsx: false,
            lang: crate::lang::Lang::En,
            limits: crate::load::Limits::default(),
            tz: None,
            shard: None,
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
fn check_item(run: &Run<'_>, item: &Result<Chunk, InputProblem>, row: &mut dyn FnMut(Row)) {
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
            row(problem_row((p.file, p.index), &p.problem, opts));
            return;
        }
    };
    let at = (chunk.file, chunk.index);
    // Unit tests only (never in a build that ships): a chunk that makes the check fail.
    #[cfg(test)]
    if memchr::memmem::find(&chunk.bytes, b"% panic").is_some() {
        panic!("a test of the internal-error row");
    }
    let name = &names[chunk.file];
    let n = chunk.bytes.len() as u64;
    let mut emit = |mut r: GameReport| {
        to_file_places(&mut r, chunk);
        row(row_of(at, &r, opts));
    };
    match decode(&chunk.bytes) {
        Err(e) => {
            progress(n, 0);
            row(problem_row(at, &Problem::Input(e), opts));
        }
        Ok(d) => match chunk.variant {
            Variant::Classical if !(opts.csv || opts.jsonl || opts.xlsx) => {
                // The summary alone: the findings are all it counts.
                let mut games = 0;
                for findings in verify::classical_findings(&d.text, d.latin1, &opts.options) {
                    row(summary_row(at, &findings));
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
                    limits: opts.limits,
                };
                let table = crate::superscacchi::score::ScoringTable::default();
                emit(verify::verify_superscacchi_with(
                    name,
                    &d.text,
                    d.latin1,
                    setup,
                    &table,
                    opts.zone(),
                    false,
                ));
                progress(n, 1);
            }
        },
    }
}

/// Moves the places of a report's findings from the chunk to its file (the chunk starts
/// at `first_line`, `first_column` characters into it).
fn to_file_places(r: &mut GameReport, chunk: &Chunk) {
    for f in &mut r.findings {
        f.span = f.span.map(|s| chunk.file_span(s));
    }
}

/// A sink that could not be written to: the run stopped.
#[derive(Debug)]
pub struct SinkError {
    /// Which of the sinks given to [`run`].
    pub sink: usize,
    /// Why.
    pub error: std::io::Error,
}

impl std::fmt::Display for SinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "report {} could not be written: {}",
            self.sink + 1,
            self.error
        )
    }
}

impl std::error::Error for SinkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Verifies every game of `files` in parallel and hands every row, in file and game
/// order, to the [`Summary`] it returns and to each of `sinks` as soon as the rows before
/// it are done. Only the rows of groups finished ahead of a slower one wait: memory does
/// not grow with the archive, reports or not. `progress` is called with the bytes and
/// games done after each chunk. A sink that fails stops the run.
pub fn run(
    files: &[PathBuf],
    opts: &BatchOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
    sinks: &mut [&mut (dyn Sink + Send)],
) -> Result<Summary, SinkError> {
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
    let stop = AtomicBool::new(false);
    let order = Mutex::new(Order::new(&names, sinks));
    groups(files, &names, opts)
        .enumerate()
        .par_bridge()
        .for_each(|(seq, group)| {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let mut rows = Vec::with_capacity(group.len());
            for item in group {
                check_guarded(&run, item, &mut rows);
            }
            let mut order = order.lock().unwrap_or_else(|e| e.into_inner());
            order.hand(seq, rows);
            if order.error.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
        });
    let mut order = order.into_inner().unwrap_or_else(|e| e.into_inner());
    order.finish()?;
    let mut summary = order.summary;
    summary.files = files.len();
    Ok(summary)
}

/// Puts the groups' rows back in order, numbers the games of each file from 1 (an input
/// problem has no number) and hands them on.
struct Order<'a, 's> {
    names: &'a [Arc<str>],
    sinks: &'a mut [&'s mut (dyn Sink + Send)],
    summary: Summary,
    /// The group whose rows come next.
    next: usize,
    /// Groups done ahead of `next`.
    waiting: BTreeMap<usize, Vec<Row>>,
    /// The file of the last row handed on, and its last game number.
    file: usize,
    game: usize,
    error: Option<SinkError>,
}

impl<'a, 's> Order<'a, 's> {
    fn new(names: &'a [Arc<str>], sinks: &'a mut [&'s mut (dyn Sink + Send)]) -> Self {
        Order {
            names,
            sinks,
            summary: Summary::default(),
            next: 0,
            waiting: BTreeMap::new(),
            file: usize::MAX,
            game: 0,
            error: None,
        }
    }

    /// The rows of group `seq`; hands on every group now in order.
    fn hand(&mut self, seq: usize, rows: Vec<Row>) {
        self.waiting.insert(seq, rows);
        while let Some(rows) = self.waiting.remove(&self.next) {
            self.next += 1;
            for row in rows {
                self.pass(row);
            }
        }
    }

    fn pass(&mut self, mut row: Row) {
        if row.file_index != self.file {
            self.file = row.file_index;
            self.game = 0;
        }
        if row.game.is_some() {
            self.game += 1;
            row.game = Some(self.game);
        }
        self.summary.add(&row);
        if self.error.is_some() {
            return;
        }
        let name = &self.names[row.file_index];
        for (i, sink) in self.sinks.iter_mut().enumerate() {
            if let Err(error) = sink.row(name, &row) {
                self.error = Some(SinkError { sink: i, error });
                return;
            }
        }
    }

    fn finish(&mut self) -> Result<(), SinkError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        for (i, sink) in self.sinks.iter_mut().enumerate() {
            sink.finish()
                .map_err(|error| SinkError { sink: i, error })?;
        }
        Ok(())
    }
}

/// The chunks of every file, in file order, handed to the threads in groups so that
/// handing work over costs little next to the work (a chunk is usually one game).
fn groups<'a>(
    files: &'a [PathBuf],
    names: &'a [Arc<str>],
    opts: &BatchOptions,
) -> impl Iterator<Item = Vec<Result<Chunk, InputProblem>>> + Send + 'a {
    let (max_line, max_bytes, shard) = (opts.max_line, opts.limits.max_bytes, opts.shard);
    let sources = files.iter().enumerate().flat_map(move |(i, p)| {
        type Items = Box<dyn Iterator<Item = Result<Chunk, InputProblem>> + Send>;
        // With `--shard`: a whole file of another shard is not opened at all; a file
        // shared by its games is read, and only this shard's chunks are checked.
        let mut chunks_of: Option<(Shard, Arc<str>)> = None;
        if let Some(shard) = shard {
            let size = std::fs::metadata(p).map_or(0, |m| m.len());
            if shard.shares(size) {
                chunks_of = Some((shard, Arc::clone(&names[i])));
            } else if !shard.owns_file(&names[i], size) {
                return Box::new(std::iter::empty()) as Items;
            }
        }
        let it: Items = match Chunks::open_stream(i, p, max_line, max_bytes) {
            Ok(c) => Box::new(c),
            Err(e) => Box::new(std::iter::once(Err(e))),
        };
        match chunks_of {
            Some((shard, name)) => Box::new(it.filter(move |item| {
                let index = item.as_ref().map_or_else(|p| p.index, |c| c.index);
                shard.owns_chunk(&name, index)
            })),
            None => it,
        }
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
/// of the file becomes an `internal-error` row, and the run goes on (exit code 2). A chunk
/// of several games (a block, issue 33) on which a bug is met is checked again game by
/// game, so that the row is the one game's.
fn check_guarded(run: &Run<'_>, item: Result<Chunk, InputProblem>, rows: &mut Vec<Row>) {
    if !check_caught(run, &item, rows)
        && let Ok(chunk) = item
        && chunk.variant == Variant::Classical
    {
        for game in Chunks::games_of(&chunk, run.opts.max_line) {
            if !check_caught(run, &game, rows) {
                let at = game
                    .as_ref()
                    .map_or_else(|p| (p.file, p.index), |c| (c.file, c.index));
                rows.push(problem_row(at, &Problem::Internal, run.opts));
            }
        }
    }
}

/// [`check_item`] with a bug caught: false when one was met (the chunk's rows are then
/// taken back).
fn check_caught(run: &Run<'_>, item: &Result<Chunk, InputProblem>, rows: &mut Vec<Row>) -> bool {
    let before = rows.len();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check_item(run, item, &mut |row| rows.push(row));
    }));
    if caught.is_err() {
        rows.truncate(before);
    }
    caught.is_ok()
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
        let mut rows: Vec<Row> = Vec::new();
        let s = run(
            &[a, b],
            &BatchOptions::default(),
            &|_, _| {},
            &mut [&mut rows],
        )
        .unwrap();
        std::panic::set_hook(hook);
        let _ = std::fs::remove_dir_all(&d);
        assert_eq!(s.unusable, 1);
        assert_eq!(s.games, 2);
        assert_eq!(s.valid, 1);
        assert_eq!(rows.len(), 2);
        assert!(rows[0].rest.contains("internal-error"), "{}", rows[0].rest);
        assert_eq!(rows[1].game, Some(1));
    }

    /// A bug met in a chunk of several games (a block, issue 33) costs the one game's row:
    /// the chunk is checked again game by game.
    #[test]
    fn a_panic_in_a_block_of_games_is_one_games_internal_error_row() {
        let d = std::env::temp_dir().join(format!("arbitro-batch-block-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let a = d.join("a.pgn");
        let game = |n: u32, extra: &str| format!("[Event \"{n}\"]\n{extra}1.d4 d5 *\n\n");
        let text: String = (1..=8)
            .map(|n| game(n, if n == 5 { "% panic\n" } else { "" }))
            .collect();
        std::fs::write(&a, &text).unwrap();
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let mut rows: Vec<Row> = Vec::new();
        let s = run(&[a], &BatchOptions::default(), &|_, _| {}, &mut [&mut rows]).unwrap();
        std::panic::set_hook(hook);
        let _ = std::fs::remove_dir_all(&d);
        assert_eq!((s.unusable, s.games, s.valid), (1, 8, 7));
        assert_eq!(rows.len(), 8);
        assert!(rows[4].rest.contains("internal-error"), "{}", rows[4].rest);
        let games: Vec<_> = rows.iter().map(|r| r.game).collect();
        let want = [1, 2, 3, 4]
            .map(Some)
            .into_iter()
            .chain([None])
            .chain([5, 6, 7].map(Some));
        assert_eq!(games, want.collect::<Vec<_>>());
    }

    fn row(file_index: usize, game: Option<usize>) -> Row {
        Row {
            game,
            ..summary_row((file_index, 0), &[])
        }
    }

    #[test]
    fn groups_done_out_of_order_are_handed_on_in_order_and_numbered_per_file() {
        let names: Vec<Arc<str>> = vec!["a.pgn".into(), "b.pgn".into()];
        let mut rows: Vec<Row> = Vec::new();
        let mut sinks: [&mut (dyn Sink + Send); 1] = [&mut rows];
        let mut order = Order::new(&names, &mut sinks);
        // Group 2 (file b) and group 1 finish before group 0.
        order.hand(2, vec![row(1, Some(0)), row(1, Some(0))]);
        order.hand(1, vec![row(0, None), row(0, Some(0))]);
        assert_eq!(order.summary.games, 0, "nothing passes before group 0");
        order.hand(0, vec![row(0, Some(0))]);
        assert_eq!(order.summary.games, 5);
        assert!(order.waiting.is_empty());
        drop(order);
        let got: Vec<(usize, Option<usize>)> =
            rows.iter().map(|r| (r.file_index, r.game)).collect();
        // An input problem (game None) has no number and does not take one.
        assert_eq!(
            got,
            [
                (0, Some(1)),
                (0, None),
                (0, Some(2)),
                (1, Some(1)),
                (1, Some(2))
            ]
        );
    }

    /// A report that cannot be written (a full disk) after its second row.
    struct Full(usize);

    impl Sink for Full {
        fn row(&mut self, _file: &str, _row: &Row) -> std::io::Result<()> {
            self.0 += 1;
            if self.0 > 2 {
                return Err(std::io::Error::other("disk full"));
            }
            Ok(())
        }
    }

    #[test]
    fn a_sink_that_fails_stops_the_run_and_says_which() {
        let d = std::env::temp_dir().join(format!("arbitro-batch-full-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let a = d.join("a.pgn");
        std::fs::write(&a, "1.e4 e5 *\n\n1.d4 d5 *\n\n1.c4 c5 *\n\n1.f4 f5 *\n").unwrap();
        let mut rows: Vec<Row> = Vec::new();
        let mut full = Full(0);
        let e = run(
            std::slice::from_ref(&a),
            &BatchOptions::default(),
            &|_, _| {},
            &mut [&mut rows, &mut full],
        )
        .unwrap_err();
        let _ = std::fs::remove_dir_all(&d);
        assert_eq!(e.sink, 1);
        assert_eq!(e.error.to_string(), "disk full");
        // The sinks before it had the row the failing one refused; none after it.
        assert_eq!(rows.len(), 3);
    }
}
