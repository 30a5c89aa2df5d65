//! Batch checking of archives (issue 5): walk directories, read multi-game files game by
//! game (streaming: memory does not grow with file size), verify every game of both
//! variants in parallel, and collect one row per game for the reports.

use crate::classical::Options;
use crate::decode::decode;
use crate::finding::{Code, Finding, Severity};
use crate::notation::classical::first_game_end;
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
    /// Characters on that line before the chunk starts.
    pub first_column: u32,
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

/// Reads a file game by game, cut exactly where `verify` cuts it: by the classical lexer
/// itself ([`first_game_end`]), so that a `[` inside a comment, a comment after the result
/// or a stray result cut the file as they do everywhere else. A SuperScacchi file (one
/// game) is one chunk. A game longer than `max_line` bytes makes that part of the file
/// unusable rather than filling memory.
///
/// The file is read in blocks of `BLOCK` bytes into one buffer; a chunk is copied out of
/// it once, when its end is found. Memory holds a block and the game being read.
pub struct Chunks {
    file: usize,
    reader: File,
    /// Decided by the first game ([`Variant::detect`] on it, as `verify` does on the file).
    variant: Option<Variant>,
    next_line: u32,
    /// Characters before the next chunk's start on its first line (a game may start in
    /// the middle of a line: `1-0 [Event …`).
    next_column: u32,
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

/// The first window of text the lexer looks at for a game's end; doubled until it holds
/// the game (a game is usually a kilobyte or two).
#[cfg(not(test))]
const WINDOW: usize = 4 << 10;
#[cfg(test)]
const WINDOW: usize = 16;

/// Where the first game of `bytes` ends, as the classical lexer cuts it (`eof`: nothing
/// follows the bytes); `None` when more bytes are needed to know. The lexer reads windows
/// that end at a line end, doubling from `WINDOW`, so that finding a short game's end
/// costs little in a large buffer. Bytes that are not UTF-8 are read as Latin-1, as
/// [`decode`] reads them.
pub fn game_end(bytes: &[u8], eof: bool) -> Option<usize> {
    let mut window = WINDOW.min(bytes.len());
    loop {
        let whole = window == bytes.len() && eof;
        let part = if whole {
            bytes
        } else {
            match memchr::memrchr(b'\n', &bytes[..window]) {
                Some(i) => &bytes[..=i],
                None if window == bytes.len() => return None,
                None => {
                    window = (window * 2).min(bytes.len());
                    continue;
                }
            }
        };
        let end = match std::str::from_utf8(part) {
            Ok(text) => first_game_end(text, whole),
            Err(_) => {
                let text: String = part.iter().map(|&b| char::from(b)).collect();
                first_game_end(&text, whole).map(|end| text[..end].chars().count())
            }
        };
        if end.is_some() || window == bytes.len() {
            return end;
        }
        window = (window * 2).min(bytes.len());
    }
}

/// Bytes that cannot change how the lexer reads the lines after them: no comment, no
/// variation, no `;`, `%`, `$`, markup or escape, nothing outside ASCII; blanks and
/// printable ASCII otherwise.
static PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0x20;
    while b < 0x7F {
        t[b] = !matches!(
            b as u8,
            b'{' | b'}' | b'(' | b')' | b';' | b'%' | b'$' | b'<' | b'>' | b'\\'
        );
        b += 1;
    }
    t[b'\t' as usize] = true;
    t[b'\r' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// The end of the first games of `bytes` found without the lexer, where the lexer cuts
/// too: the start of the first line that begins with `[` after a line of words, when every
/// line before it holds [`PLAIN`] bytes only. On such lines nothing opens a comment or a
/// variation, so the lexer meets that `[` at depth 0 after movetext, where it starts a new
/// game (the chunk may hold several games: the lexer cuts them again, as `verify` does).
/// `None` leaves the cut to [`game_end`]. In debug builds (every test) the lexer checks
/// every cut made here.
fn quick_cut(bytes: &[u8]) -> Option<usize> {
    let mut words = false;
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', bytes) {
        let line = &bytes[start..end];
        match line.first() {
            Some(b'[') if words => {
                let delimiter = line.len() >= 5
                    && (line[..5].eq_ignore_ascii_case(b"[pgn]")
                        || line.len() >= 6 && line[..6].eq_ignore_ascii_case(b"[/pgn]"));
                if delimiter {
                    return None;
                }
                debug_assert!(
                    lexer_cuts_at(&bytes[..=end], start),
                    "{start} {:?}",
                    String::from_utf8_lossy(bytes)
                );
                return Some(start);
            }
            _ => {}
        }
        if !line.iter().all(|&b| PLAIN[usize::from(b)]) {
            return None;
        }
        match line.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) if line[i] == b'[' && i > 0 => return None,
            Some(_) if line[0] != b'[' => {
                words |= line.iter().any(u8::is_ascii_alphanumeric);
            }
            _ => {}
        }
        start = end + 1;
    }
    None
}

/// The lexer starts a game at byte `at` of `bytes` (which starts at a game's start): the
/// check of [`quick_cut`] in debug builds.
fn lexer_cuts_at(bytes: &[u8], at: usize) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let mut at_end = 0;
    let mut games = crate::notation::classical::games(text);
    while at_end < at {
        match games.next() {
            Some(g) => at_end = g.end,
            None => return false,
        }
    }
    at_end == at
}

impl Chunks {
    /// Opens a file.
    pub fn open(file: usize, path: &Path, max_line: usize) -> Result<Chunks, InputProblem> {
        let reader = File::open(path).map_err(|e| InputProblem {
            file,
            index: 0,
            message: format!("cannot read: {e}"),
        })?;
        Ok(Chunks {
            file,
            reader,
            variant: None,
            next_line: 1,
            next_column: 0,
            index: 0,
            max_line,
            buf: Vec::new(),
            at: 0,
            eof: false,
            done: false,
        })
    }

    /// Reads the next block onto the end of the buffer, first dropping what was handed
    /// out. Sets `eof` at the end.
    fn fill(&mut self) -> std::io::Result<()> {
        self.buf.drain(..self.at);
        self.at = 0;
        // `read_to_end` fills the spare room without zeroing it first.
        let want = BLOCK.max(self.buf.len());
        let n = (&mut self.reader)
            .take(want as u64)
            .read_to_end(&mut self.buf)?;
        if n == 0 {
            self.eof = true;
        }
        Ok(())
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

    /// A game longer than `max_line` bytes: its first `max_line` bytes and the rest of the
    /// line they end in are dropped (reading on and dropping as it goes); the problem row.
    fn skip_oversized(&mut self) -> InputProblem {
        let first_line = self.next_line;
        let mut from = self.at + self.max_line;
        self.next_line += memchr::memchr_iter(b'\n', &self.buf[self.at..from]).count() as u32;
        loop {
            if let Some(i) = memchr::memchr(b'\n', &self.buf[from..]) {
                self.at = from + i + 1;
                break;
            }
            self.at = self.buf.len();
            from = 0;
            match self.fill() {
                Ok(()) if !self.eof => {}
                Ok(()) => break,
                Err(e) => return self.cannot_read(e),
            }
        }
        self.next_line += 1;
        self.next_column = 0;
        let index = self.index;
        self.index += 1;
        InputProblem {
            file: self.file,
            index,
            message: format!(
                "the game at line {first_line} is longer than {} bytes: this part of the file is not read",
                self.max_line
            ),
        }
    }

    /// The chunk `buf[at..at + len]`, handed out.
    fn take(&mut self, len: usize, variant: Variant) -> Chunk {
        let bytes = self.buf[self.at..self.at + len].to_vec();
        self.at += len;
        let first_line = self.next_line;
        let first_column = self.next_column;
        let chars = |b: &[u8]| b.iter().filter(|&&c| c & 0xC0 != 0x80).count() as u32;
        match memchr::memrchr(b'\n', &bytes) {
            Some(i) => {
                self.next_line += memchr::memchr_iter(b'\n', &bytes).count() as u32;
                self.next_column = chars(&bytes[i + 1..]);
            }
            None => self.next_column += chars(&bytes),
        }
        let index = self.index;
        self.index += 1;
        Chunk {
            file: self.file,
            index,
            first_line,
            first_column,
            bytes,
            variant,
        }
    }
}

impl Iterator for Chunks {
    type Item = Result<Chunk, InputProblem>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let avail = &self.buf[self.at..];
            let end = match self.variant {
                Some(Variant::SuperScacchi) => self.eof.then_some(avail.len()),
                _ if avail.is_empty() && !self.eof => None,
                Some(Variant::Classical) => quick_cut(avail).or_else(|| game_end(avail, self.eof)),
                None => game_end(avail, self.eof),
            };
            if let Some(len) = end {
                let variant = match self.variant {
                    Some(v) => v,
                    None => {
                        let head = String::from_utf8_lossy(&avail[..len]);
                        *self.variant.insert(Variant::detect(&head))
                    }
                };
                if variant == Variant::SuperScacchi && !self.eof {
                    // One game: the whole file.
                    if let Err(e) = self.fill() {
                        return Some(Err(self.cannot_read(e)));
                    }
                    continue;
                }
                if len == avail.len() && self.eof {
                    self.done = true;
                }
                if avail[..len].iter().all(u8::is_ascii_whitespace) && self.index > 0 {
                    self.at += len;
                    if self.done {
                        return None;
                    }
                    continue;
                }
                return Some(Ok(self.take(len, variant)));
            }
            if self.eof {
                self.done = true;
                return None;
            }
            if avail.len() > self.max_line {
                return Some(Err(self.skip_oversized()));
            }
            if let Err(e) = self.fill() {
                return Some(Err(self.cannot_read(e)));
            }
        }
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

fn row_of(file_index: usize, chunk: usize, r: &GameReport, opts: &BatchOptions) -> Row {
    let (csv, jsonl) = (opts.csv, opts.jsonl);
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
            let mut line = report::json::render_line_as(r, 0, opts.lang);
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
    let column = chunk.first_column;
    let mut emit = |mut r: GameReport| {
        for f in &mut r.findings {
            if let Some(s) = &mut f.span {
                if s.line == 1 {
                    s.column += column;
                }
                s.line += shift;
            }
        }
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

    /// What `verify` sees in a text: each game's tags and tokens, as text.
    fn lexed(text: &str) -> Vec<String> {
        crate::notation::classical::games(text)
            .map(|g| {
                let tags: Vec<_> = g
                    .tags
                    .iter()
                    .map(|t| (t.tag.name, t.tag.value.to_string()))
                    .collect();
                let tokens: Vec<_> = g
                    .tokens
                    .iter()
                    .map(|t| format!("{:?}@{}", t.kind, t.depth))
                    .collect();
                format!("{tags:?} {tokens:?} {}", g.errors.len())
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// The block reader cuts every file into the games `verify` reads, across block
        /// ends, comments holding `[`, results followed by comments, stray results,
        /// files without a last line end (issue 16 class 1); every quick cut is checked
        /// by the lexer too (a debug assertion).
        #[test]
        fn batch_cuts_as_verify_does(
            lines in proptest::collection::vec(prop_oneof![
                Just("[Event \"x\"]\n".to_string()),
                Just("  [Site \"y\"]\r\n".to_string()),
                Just("\u{feff}[White \"z\"]\n".to_string()),
                Just("1.e4 e5 2.Cf3 Cc6\n".to_string()),
                Just("1-0\n".to_string()),
                Just("1-0 0-1 * {after}\n".to_string()),
                Just("{ a comment\n[#] with a tag line }\n".to_string()),
                Just("2. c4 {\n".to_string()),
                Just("}\n".to_string()),
                Just("1. e4 ; the usual reply\n".to_string()),
                Just("(1.d4 [x] d5)\n".to_string()),
                Just("\n".to_string()),
                Just("   \t\n".to_string()),
                Just("% escaped\n".to_string()),
                Just("Caff\u{e8} \u{a0}1\u{2013}0\n".to_string()),
                (1usize..200).prop_map(|n| format!("{}\n", "x".repeat(n))),
                Just("[Result \"*\"]".to_string()),
            ], 0..40),
        ) {
            let text = lines.concat();
            let chunks = by_blocks(text.as_bytes(), 1 << 20);
            let mut whole = Vec::new();
            let mut joined = Vec::new();
            for c in &chunks {
                let Out::Chunk(_, _, bytes) = c else { panic!("{c:?}") };
                joined.extend_from_slice(bytes);
                let t = std::str::from_utf8(bytes).unwrap();
                let t = t.strip_prefix('\u{feff}').filter(|_| whole.is_empty()).unwrap_or(t);
                // A chunk may hold several games (a quick cut): the lexer cuts them again.
                whole.extend(lexed(t));
            }
            let joined = String::from_utf8(joined).unwrap();
            prop_assert_eq!(joined.trim_end(), text.trim_end());
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            prop_assert_eq!(whole, lexed(text));
        }
    }

    #[test]
    fn a_game_too_long_is_a_problem_and_the_next_is_read() {
        let text = format!(
            "[Event \"x\"]\n{}\n[Event \"y\"]\n1.e4 *\n",
            "1.Cf3 Cf6 2.Cg1 Cg8 ".repeat(20)
        );
        let out = by_blocks(text.as_bytes(), 100);
        assert!(
            matches!(&out[0], Out::Problem(0, m) if m.contains("line 1 is longer than 100")),
            "{out:?}"
        );
        assert!(
            matches!(&out[1], Out::Chunk(1, 3, b) if b.starts_with(b"[Event \"y\"]")),
            "{out:?}"
        );
    }
}
