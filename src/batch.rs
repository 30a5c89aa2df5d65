//! Batch checking of archives (issue 5): walk directories, read multi-game files game by
//! game (streaming: memory does not grow with file size), verify every game of both
//! variants in parallel, and collect one row per game for the reports.

use crate::classical::Options;
use crate::decode::decode;
use crate::finding::{Code, Finding, Severity};
use crate::report;
use crate::verify::{self, GameReport, Variant};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// File endings read (formats.md §6), compared without case.
pub const EXTENSIONS: [&str; 3] = ["pgn", "txt", "ssc"];

/// What a walk found.
#[derive(Debug, Default)]
pub struct Walk {
    /// Game files, in a stable order, each once (overlapping paths are read once).
    pub files: Vec<PathBuf>,
    /// Files and folders that could not be used (unreadable, binary, not a regular file,
    /// a broken link), with the reason: the run reports them and fails (exit code 2).
    pub skipped: Vec<(PathBuf, String)>,
    /// Entries passed over by the walk's own rules (a link leading out of the given
    /// folders, a link back to a folder already read), with the reason: reported only.
    pub passed_over: Vec<(PathBuf, String)>,
}

fn wanted(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

fn hidden(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.') && n != "." && n != "..")
}

/// Looks at the first bytes: NUL bytes mean a binary file, not a game; a UTF-16 byte order
/// mark is named (the batch reader reads UTF-8 and Latin-1 only; `verify` reads UTF-16).
fn sniff(path: &Path) -> std::io::Result<Option<&'static str>> {
    let mut head = [0u8; 4096];
    let n = File::open(path)?.read(&mut head)?;
    let head = &head[..n];
    Ok(
        if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
            Some("UTF-16 text: `arbitro verify` reads it, or save it as UTF-8 for batch")
        } else if head.contains(&0) {
            Some("binary content")
        } else {
            None
        },
    )
}

/// Walks the given files and folders. Folders are read recursively; hidden entries are
/// skipped; only regular files are read (a FIFO, a device or a socket inside a folder is
/// skipped and counted, never opened); symbolic links are followed only when they stay
/// inside one of the roots; a folder or a file is never read twice (overlapping paths,
/// link loops).
pub fn walk(roots: &[PathBuf]) -> Walk {
    let mut w = Walk::default();
    let canon_roots: Vec<PathBuf> = roots.iter().filter_map(|r| r.canonicalize().ok()).collect();
    let mut seen_dirs: HashSet<PathBuf> = HashSet::new();
    let mut seen_files: HashSet<PathBuf> = HashSet::new();
    let mut stack: Vec<(PathBuf, bool)> = roots.iter().rev().map(|r| (r.clone(), true)).collect();
    while let Some((path, explicit)) = stack.pop() {
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) => {
                let why = format!("cannot read: {}", crate::load::plain_io(&e));
                w.skipped.push((path, why));
                continue;
            }
        };
        if !explicit && hidden(&path) {
            continue;
        }
        let link = meta.file_type().is_symlink();
        let real = if link {
            match path.canonicalize() {
                Ok(r) if explicit || canon_roots.iter().any(|root| r.starts_with(root)) => r,
                Ok(_) => {
                    w.passed_over
                        .push((path, "a link that leads out of the given folders".into()));
                    continue;
                }
                Err(e) => {
                    let why = format!("a broken link: {}", crate::load::plain_io(&e));
                    w.skipped.push((path, why));
                    continue;
                }
            }
        } else {
            path.canonicalize().unwrap_or_else(|_| path.clone())
        };
        let meta = match std::fs::metadata(&real) {
            Ok(m) => m,
            Err(e) => {
                let why = format!("cannot read: {}", crate::load::plain_io(&e));
                w.skipped.push((path, why));
                continue;
            }
        };
        if meta.is_dir() {
            if !seen_dirs.insert(real.clone()) {
                if link {
                    w.passed_over.push((
                        path,
                        "a link to a folder already read (a link loop?)".into(),
                    ));
                }
                continue;
            }
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(&path) {
                Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
                Err(e) => {
                    let why = format!("cannot read the folder: {}", crate::load::plain_io(&e));
                    w.skipped.push((path, why));
                    continue;
                }
            };
            entries.sort();
            for e in entries.into_iter().rev() {
                stack.push((e, false));
            }
        } else if explicit || wanted(&path) {
            if let Some(kind) = crate::load::not_a_file(&meta) {
                w.skipped
                    .push((path, format!("{kind}, not a file arbitro reads")));
                continue;
            }
            if !seen_files.insert(real.clone()) {
                continue;
            }
            match sniff(&real) {
                Ok(Some(why)) => w.skipped.push((path, why.into())),
                // A file named on the command line that cannot be read is an I/O error.
                Err(e) if explicit => {
                    let why = format!("cannot read: {}", crate::load::plain_io(&e));
                    w.skipped.push((path, why));
                }
                // Inside a folder it is kept: the run reports the error as its row.
                Ok(None) | Err(_) => w.files.push(path),
            }
        }
    }
    w
}

/// A piece of a file holding one game or a few, with where it starts.
#[derive(Debug)]
pub struct Chunk {
    /// Index of the file in the walk.
    pub file: usize,
    /// Index of the chunk within the file.
    pub index: usize,
    /// 1-based line of the file where the chunk starts.
    pub first_line: u32,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The variant (decided once per file).
    pub variant: Variant,
}

/// Why a file or a chunk could not be used.
#[derive(Debug, Clone)]
pub struct InputProblem {
    /// Index of the file in the walk.
    pub file: usize,
    /// Index of the chunk, if the file was partly read.
    pub index: usize,
    /// What.
    pub message: String,
}

/// Reads a file chunk by chunk: a new chunk starts at a tag line that follows movetext.
/// A SuperScacchi file (one game) is one chunk. Lines longer than `max_line` bytes make the
/// chunk unusable rather than filling memory.
///
/// The file is read in blocks of `BLOCK` bytes into one buffer; a chunk is copied out of
/// it once, when its end is found. Memory holds a block and the chunk being read.
pub struct Chunks {
    file: usize,
    reader: File,
    variant: Variant,
    next_line: u32,
    index: usize,
    max_line: usize,
    /// Bytes read and not yet handed out: `buf[at..]`.
    buf: Vec<u8>,
    at: usize,
    eof: bool,
    done: bool,
}

/// Bytes read from a file at a time (tiny in unit tests, so that they cross blocks often).
/// Small enough to leave the caches to the replay's tables.
#[cfg(not(test))]
const BLOCK: usize = 64 << 10;
#[cfg(test)]
const BLOCK: usize = 61;

/// How much of a file's start tells its variant.
#[cfg(not(test))]
const SNIFF: usize = 1 << 16;
#[cfg(test)]
const SNIFF: usize = 50;

impl Chunks {
    /// Opens a file.
    pub fn open(file: usize, path: &Path, max_line: usize) -> Result<Chunks, InputProblem> {
        let problem = |m: String| InputProblem {
            file,
            index: 0,
            message: m,
        };
        let reader = File::open(path).map_err(|e| problem(format!("cannot read: {e}")))?;
        let mut chunks = Chunks {
            file,
            reader,
            variant: Variant::Classical,
            next_line: 1,
            index: 0,
            max_line,
            buf: Vec::new(),
            at: 0,
            eof: false,
            done: false,
        };
        // The variant, from the first 64 KiB.
        while chunks.buf.len() < SNIFF && !chunks.eof {
            chunks
                .fill()
                .map_err(|e| problem(format!("cannot read: {e}")))?;
        }
        let head = &chunks.buf[..chunks.buf.len().min(SNIFF)];
        chunks.variant = Variant::detect(&String::from_utf8_lossy(head));
        Ok(chunks)
    }

    /// Reads the next block onto the end of the buffer, first dropping what was handed
    /// out; returns how far the unread bytes moved back. Sets `eof` at the end.
    fn fill(&mut self) -> std::io::Result<usize> {
        let moved = self.at;
        self.buf.drain(..self.at);
        self.at = 0;
        // `read_to_end` fills the spare room without zeroing it first.
        let n = (&mut self.reader)
            .take(BLOCK as u64)
            .read_to_end(&mut self.buf)?;
        if n == 0 {
            self.eof = true;
        }
        Ok(moved)
    }

    /// A read failed: the problem row, and the end of this file.
    fn cannot_read(&mut self, e: std::io::Error) -> InputProblem {
        self.done = true;
        InputProblem {
            file: self.file,
            index: self.index,
            message: format!("cannot read: {e}"),
        }
    }

    /// After a line longer than `max_line` starting at `from`: skips to its end, reading
    /// on and dropping as it goes, and returns the problem row for the chunk.
    fn skip_long_line(&mut self, mut from: usize) -> InputProblem {
        loop {
            if let Some(i) = memchr::memchr(b'\n', &self.buf[from..]) {
                self.at = from + i + 1;
                break;
            }
            self.at = self.buf.len();
            from = 0;
            match self.fill() {
                Ok(_) if !self.eof => {}
                Ok(_) => break,
                Err(e) => return self.cannot_read(e),
            }
        }
        self.next_line += 1;
        let index = self.index;
        self.index += 1;
        InputProblem {
            file: self.file,
            index,
            message: format!(
                "line {} is longer than {} bytes: this part of the file is not read",
                self.next_line - 1,
                self.max_line
            ),
        }
    }
}

/// What a line is, for cutting a file into games: `(tag, blank_or_comment)`. A tag line
/// starts with `[` (after blanks and a BOM); a blank line holds only white space; a comment
/// line starts with `%`.
fn line_kind(line: &[u8]) -> (bool, bool) {
    match line.first() {
        Some(b'[') => return (true, false),
        Some(b'%') => return (false, true),
        Some(c) if c.is_ascii_alphanumeric() => return (false, false),
        _ => {}
    }
    match line.iter().position(|b| !b.is_ascii_whitespace()) {
        None => (false, true),
        Some(i) => {
            let t = &line[i..];
            let t = t.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(t);
            (t.first() == Some(&b'['), t.first() == Some(&b'%'))
        }
    }
}

impl Iterator for Chunks {
    type Item = Result<Chunk, InputProblem>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let first_line = self.next_line;
        let mut movetext = false;
        // The start of the line being looked at; the chunk is buf[at..p].
        let mut p = self.at;
        let classical = self.variant == Variant::Classical;
        loop {
            // The lines already in the buffer, found by one search.
            let mut lines = 0;
            let mut long = false;
            let mut boundary = false;
            let base = p;
            for i in memchr::memchr_iter(b'\n', &self.buf[base..]) {
                let end = base + i + 1;
                if end - p > self.max_line {
                    long = true;
                    break;
                }
                let (tag, blank) = line_kind(&self.buf[p..end]);
                if classical && movetext && tag {
                    boundary = true;
                    break;
                }
                if !tag && !blank {
                    movetext = true;
                }
                lines += 1;
                p = end;
            }
            self.next_line += lines;
            if long {
                return Some(Err(self.skip_long_line(p)));
            }
            if boundary {
                break;
            }
            // What is left is a line without its end (or nothing).
            if self.buf.len() - p > self.max_line {
                return Some(Err(self.skip_long_line(p)));
            }
            if !self.eof {
                match self.fill() {
                    Ok(moved) => p -= moved,
                    Err(e) => return Some(Err(self.cannot_read(e))),
                }
                continue;
            }
            if p < self.buf.len() {
                // The last line, without a line end.
                let (tag, _) = line_kind(&self.buf[p..]);
                if classical && movetext && tag {
                    // A lone tag line at the very end starts a game of its own.
                    break;
                }
                self.next_line += 1;
                p = self.buf.len();
            }
            self.done = true;
            break;
        }
        let bytes = self.buf[self.at..p].to_vec();
        self.at = p;
        if bytes.iter().all(u8::is_ascii_whitespace) && self.index > 0 {
            return None;
        }
        let index = self.index;
        self.index += 1;
        Some(Ok(Chunk {
            file: self.file,
            index,
            first_line,
            bytes,
            variant: self.variant,
        }))
    }
}

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
    /// The JSON line, when asked for, and the byte offset where the game number goes
    /// (known only once the rows are ordered).
    pub json: Option<(String, usize)>,
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

fn row_of(file_index: usize, chunk: usize, r: &GameReport, csv: bool, jsonl: bool) -> Row {
    // Written in a reused buffer, kept at its exact size: an archive holds many rows.
    thread_local! {
        static BUF: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    let rest = if csv {
        BUF.with_borrow_mut(|buf| {
            buf.clear();
            report::csv::write_row(r, 2, buf);
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
        json: jsonl.then(|| {
            // Rendered with game 0: the `0` after the first `"game":` is cut out and its
            // place kept (a file name cannot hold an unescaped quote).
            let mut line = report::json::render_line_as(r, 0);
            let at = line.find("\"game\":0").map_or(0, |i| i + "\"game\":".len());
            if at > 0 {
                line.remove(at);
            }
            (line, at)
        }),
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

fn problem_row(file_index: usize, name: &str, p: &InputProblem, code: Code, jsonl: bool) -> Row {
    let code = code.as_str();
    let mut fields = vec![String::new(); 13];
    fields[1] = "false".into();
    fields[2] = "1".into();
    fields[3] = "0".into();
    fields[4] = code.into();
    Row {
        file_index,
        chunk: p.index,
        game: None,
        rest: csv_fields(&fields),
        json: jsonl.then(|| {
            let v = serde_json::json!({
                "file": name, "game": null, "variant": null, "valid": false,
                "findings": [{"severity": "error", "code": code, "rule": null, "army": null,
                              "move": null, "ply": null, "line": null, "column": null,
                              "message": p.message}],
                "events": [], "scores": [], "winner": null,
            });
            (format!("{v}\n"), 0)
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
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            options: Options::default(),
            max_line: 16 << 20,
            csv: true,
            jsonl: false,
        }
    }
}

/// Chunks handed to a thread at once, at most.
const GROUP_CHUNKS: usize = 64;
/// Bytes handed to a thread at once, about.
const GROUP_BYTES: usize = 256 << 10;

/// Checks one chunk (or reports why it could not be read) and hands each of its rows to
/// `row`, in order.
fn check_item(
    item: Result<Chunk, InputProblem>,
    files: &[PathBuf],
    names: &[Arc<str>],
    opts: &BatchOptions,
    progress: &(dyn Fn(u64, u64) + Sync),
    row: &mut dyn FnMut(Row),
) {
    let chunk = match item {
        Ok(chunk) => chunk,
        Err(p) => {
            progress(0, 0);
            row(problem_row(
                p.file,
                &names[p.file],
                &p,
                Code::Unreadable,
                opts.jsonl,
            ));
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
    let shift = chunk.first_line.saturating_sub(1);
    let mut emit = |mut r: GameReport| {
        for f in &mut r.findings {
            if let Some(s) = &mut f.span {
                s.line += shift;
            }
        }
        row(row_of(chunk.file, chunk.index, &r, opts.csv, opts.jsonl));
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
            row(problem_row(chunk.file, name, &p, code, opts.jsonl));
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
    let sources = files.iter().enumerate().flat_map(|(i, p)| {
        let it: Box<dyn Iterator<Item = Result<Chunk, InputProblem>> + Send> =
            match Chunks::open(i, p, opts.max_line) {
                Ok(c) => Box::new(c),
                Err(e) => Box::new(std::iter::once(Err(e))),
            };
        it
    });
    // Chunks go to the threads in groups, so that handing work over costs little next to
    // the work (a chunk is usually one game).
    let mut sources = sources.peekable();
    let groups = std::iter::from_fn(move || {
        sources.peek()?;
        let mut group = Vec::with_capacity(GROUP_CHUNKS);
        let mut bytes = 0;
        while group.len() < GROUP_CHUNKS && bytes < GROUP_BYTES {
            let Some(item) = sources.next() else { break };
            bytes += item.as_ref().map_or(0, |c| c.bytes.len());
            group.push(item);
        }
        Some(group)
    });
    let keep = opts.csv || opts.jsonl;
    let (mut summary, mut rows) = groups
        .par_bridge()
        .flat_map_iter(|group| group.into_iter())
        .fold(
            || (Summary::default(), Vec::new()),
            |(mut summary, mut rows), item| {
                let (file, index) = match &item {
                    Ok(c) => (c.file, c.index),
                    Err(p) => (p.file, p.index),
                };
                // A bug met on one game must not end the whole run: that part of the file
                // becomes an `internal-error` row, and the run goes on (exit code 2).
                let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    check_item(item, files, &names, opts, progress, &mut |row| {
                        summary.add(&row);
                        if keep {
                            rows.push(row);
                        }
                    });
                }));
                if caught.is_err() {
                    let p = InputProblem {
                        file,
                        index,
                        message: "arbitro failed while checking this part of the file (an internal error; please report it with the file)".into(),
                    };
                    let row = problem_row(file, &names[file], &p, Code::InternalError, opts.jsonl);
                    summary.add(&row);
                    summary.internal_errors += 1;
                    if keep {
                        rows.push(row);
                    }
                }
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
    // Order by file and chunk (stable within a chunk), then number games per file.
    rows.sort_by_key(|r| (r.file_index, r.chunk));
    let mut last = usize::MAX;
    let mut n = 0;
    for r in &mut rows {
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
    (summary, rows)
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
}

impl Summary {
    /// Counts one row in.
    pub fn add(&mut self, r: &Row) {
        self.games += 1;
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

/// The JSON Lines report text.
pub fn jsonl_report(rows: &[Row]) -> String {
    let mut out = String::new();
    for r in rows {
        if let Some((line, at)) = &r.json {
            match r.game {
                Some(g) if *at > 0 => {
                    out.push_str(&line[..*at]);
                    out.push_str(&g.to_string());
                    out.push_str(&line[*at..]);
                }
                _ => out.push_str(line),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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

    /// What a reader hands out, comparable: a chunk (index, first line, bytes) or a
    /// problem (index, message).
    #[derive(Debug, PartialEq, Eq)]
    enum Out {
        Chunk(usize, u32, Vec<u8>),
        Problem(usize, String),
    }

    /// The reader's rules, one line at a time and nothing clever, to hold the block reader
    /// to: a tag line after movetext starts a new chunk (classical files only); a line
    /// longer than `max_line` bytes makes its chunk a problem and is skipped.
    fn by_lines(text: &[u8], max_line: usize) -> Vec<Out> {
        let variant = Variant::detect(&String::from_utf8_lossy(&text[..text.len().min(SNIFF)]));
        let mut lines = text.split_inclusive(|&b| b == b'\n').peekable();
        let mut out = Vec::new();
        let (mut next_line, mut index) = (1u32, 0usize);
        let mut pending: Option<&[u8]> = None;
        loop {
            let first_line = next_line - u32::from(pending.is_some());
            let mut bytes: Vec<u8> = pending.take().map(<[u8]>::to_vec).unwrap_or_default();
            let mut movetext = false;
            let mut problem = false;
            for line in lines.by_ref() {
                if line.len() > max_line {
                    next_line += 1;
                    out.push(Out::Problem(
                        index,
                        format!(
                            "line {} is longer than {max_line} bytes: this part of the file is not read",
                            next_line - 1
                        ),
                    ));
                    index += 1;
                    problem = true;
                    break;
                }
                let (tag, blank) = line_kind(line);
                if variant == Variant::Classical && movetext && tag {
                    pending = Some(line);
                    next_line += 1;
                    break;
                }
                if !tag && !blank {
                    movetext = true;
                }
                next_line += 1;
                bytes.extend_from_slice(line);
            }
            if problem {
                continue;
            }
            if bytes.iter().all(u8::is_ascii_whitespace) && index > 0 {
                return out;
            }
            out.push(Out::Chunk(index, first_line, bytes));
            index += 1;
            if pending.is_none() && lines.peek().is_none() {
                return out;
            }
        }
    }

    fn by_blocks(text: &[u8], max_line: usize) -> Vec<Out> {
        let path = std::env::temp_dir().join(format!(
            "arbitro-chunks-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&path, text).unwrap();
        let out = Chunks::open(0, &path, max_line)
            .unwrap()
            .map(|c| match c {
                Ok(c) => Out::Chunk(c.index, c.first_line, c.bytes),
                Err(p) => Out::Problem(p.index, p.message),
            })
            .collect();
        let _ = std::fs::remove_file(&path);
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// The block reader cuts every file as the plain line-by-line rules do, across
        /// block ends, long lines, files without a last line end, SuperScacchi files.
        #[test]
        fn block_reader_cuts_as_the_line_rules_say(
            lines in proptest::collection::vec(prop_oneof![
                Just("[Event \"x\"]\n".to_string()),
                Just("  [Site \"y\"]\r\n".to_string()),
                Just("\u{feff}[White \"z\"]\n".to_string()),
                Just("1.e4 e5 2.Cf3 Cc6\n".to_string()),
                Just("1-0\n".to_string()),
                Just("\n".to_string()),
                Just("   \t\n".to_string()),
                Just("% escaped\n".to_string()),
                Just("[Esercito \"blu\"]\n".to_string()),
                (1usize..300).prop_map(|n| format!("{}\n", "x".repeat(n))),
                Just("[Result \"*\"]".to_string()),
            ], 0..40),
            max_line in 8usize..120,
        ) {
            let text = lines.concat();
            prop_assert_eq!(by_blocks(text.as_bytes(), max_line), by_lines(text.as_bytes(), max_line));
        }
    }
}
