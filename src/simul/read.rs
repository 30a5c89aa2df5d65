//! The boards from files and folders (S1, S4, S8): walked as `batch` walks them, in
//! natural order (`2` before `10`), each file cut into games as `batch` cuts it, each
//! game verified as `verify` verifies it, in parallel. A file, or a part of one, that
//! cannot be read is a sheet too, with its reason (S7: never dropped).

use super::SimulOptions;
use crate::batch::{self, Chunk, Chunks, InputProblem, Reason};
use crate::classical;
use crate::decode::decode;
use crate::finding::wording::simul as say;
use crate::finding::{Code, Finding, Mover};
use crate::lang::{Bi, Lang, Say};
use crate::notation::classical::{GameResult, RawGame, games};
use crate::span::Span;
use crate::verify::{self, Variant};
use rayon::prelude::*;
use std::cmp::Ordering;
use std::path::{Path, PathBuf};

/// What a sheet holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A classical game.
    Game,
    /// Something that is no board: unreadable, binary, empty, SuperScacchi; its one
    /// finding says why.
    NoBoard {
        /// The input could not be used at all (exit code 2); a SuperScacchi game could.
        unusable: bool,
    },
}

/// The tags the simul reads (S1, S3, S5), as written, with where they stand.
#[derive(Debug, Clone, Default)]
pub(super) struct SimulTags {
    /// `[Bianco]` / `[White]`, trimmed; `None` when absent or empty.
    pub white: Option<String>,
    /// `[Nero]` / `[Black]`, trimmed; `None` when absent or empty.
    pub black: Option<String>,
    /// `[Maestro]`, trimmed, and where it stands.
    pub maestro: Option<(String, Span)>,
    /// `[Scacchiera]` when it is a number from 1.
    pub board: Option<u32>,
    /// `[Colore "concordato"]` (S3).
    pub agreed: bool,
    /// `[Terminazione "mossa non eseguita"]` and where it stands (S5).
    pub no_move: Option<Span>,
    /// Where the master's colour tags stand: `[Nero]` (S3).
    pub black_span: Option<Span>,
}

/// A blank tag value is no value.
fn value(s: Option<&str>) -> Option<String> {
    s.map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_string)
}

impl SimulTags {
    fn of(raw: &RawGame<'_>) -> SimulTags {
        let maestro = value(raw.tag("Maestro")).zip(raw.tag_span("Maestro"));
        let no_move = raw
            .tag("Terminazione")
            .filter(|t| t.trim().eq_ignore_ascii_case("mossa non eseguita"))
            .and(raw.tag_span("Terminazione"));
        SimulTags {
            white: value(raw.tag("White")),
            black: value(raw.tag("Black")),
            maestro,
            board: raw
                .tag("Scacchiera")
                .and_then(|n| n.trim().parse::<u32>().ok())
                .filter(|&n| n > 0),
            agreed: raw
                .tag("Colore")
                .is_some_and(|c| c.trim().eq_ignore_ascii_case("concordato")),
            no_move,
            black_span: raw.tag_span("Black"),
        }
    }

    /// Every span moved from a chunk to its file.
    fn move_to_file(&mut self, chunk: Option<&Chunk>) {
        if let Some(c) = chunk {
            for s in [
                self.maestro.as_mut().map(|m| &mut m.1),
                self.no_move.as_mut(),
                self.black_span.as_mut(),
            ]
            .into_iter()
            .flatten()
            {
                *s = c.file_span(*s);
            }
        }
    }
}

/// One game (or one unreadable input) as read, before the simul checks it.
#[derive(Debug, Clone)]
pub(super) struct Sheet {
    /// The file as named from the path given.
    pub file: String,
    /// The file's place in reading order.
    pub file_index: usize,
    /// 1-based game within the file; `None` for no board.
    pub game: Option<usize>,
    pub kind: Kind,
    pub tags: SimulTags,
    /// `verify`'s findings, a jolly read as `take-back-in-simul` (S4, S8).
    pub findings: Vec<Finding>,
    /// The declared result.
    pub declared: Option<GameResult>,
    /// The replay decided an end the declared result contradicts (S6, S8).
    pub unsettled: bool,
    pub plies: u32,
    pub position: Option<Vec<u8>>,
}

impl Sheet {
    fn no_board(file: &str, file_index: usize, finding: Finding, unusable: bool) -> Sheet {
        Sheet {
            file: file.to_string(),
            file_index,
            game: None,
            kind: Kind::NoBoard { unusable },
            tags: SimulTags::default(),
            findings: vec![finding],
            declared: None,
            unsettled: false,
            plies: 0,
            position: None,
        }
    }
}

/// Every sheet under the paths, in reading order, and what the walk passed over.
pub(super) struct Read {
    pub sheets: Vec<Sheet>,
    pub passed_over: Vec<(PathBuf, Reason)>,
}

/// One entry of the walk: a file to cut, or why it cannot be read.
enum Entry {
    File(PathBuf),
    Skipped(PathBuf, Reason),
}

impl Entry {
    fn path(&self) -> &Path {
        match self {
            Entry::File(p) | Entry::Skipped(p, _) => p,
        }
    }
}

/// Compares two paths component by component, runs of digits by their value (`2` before
/// `10`), the rest as text (S8).
pub(super) fn natural_cmp(a: &Path, b: &Path) -> Ordering {
    let (mut x, mut y) = (a.components(), b.components());
    loop {
        match (x.next(), y.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) => {
                let o = natural_str(
                    &p.as_os_str().to_string_lossy(),
                    &q.as_os_str().to_string_lossy(),
                );
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

/// Two names in natural order: digit runs by value (then by length, `02` after `2`),
/// other characters as they are.
fn natural_str(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    while let (Some(&c), Some(&d)) = (x.first(), y.first()) {
        if c.is_ascii_digit() && d.is_ascii_digit() {
            let (n, rest_x) = digits(x);
            let (m, rest_y) = digits(y);
            let (tn, tm) = (trim_zeros(n), trim_zeros(m));
            let o = tn
                .len()
                .cmp(&tm.len())
                .then_with(|| tn.cmp(tm))
                .then_with(|| n.len().cmp(&m.len()));
            if o != Ordering::Equal {
                return o;
            }
            (x, y) = (rest_x, rest_y);
        } else {
            if c != d {
                return c.cmp(&d);
            }
            (x, y) = (&x[1..], &y[1..]);
        }
    }
    x.len().cmp(&y.len())
}

fn digits(s: &[u8]) -> (&[u8], &[u8]) {
    let n = s.iter().take_while(|c| c.is_ascii_digit()).count();
    s.split_at(n)
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|&&c| c == b'0').count();
    &s[n.min(s.len().saturating_sub(1))..]
}

/// The walk's files and unreadable entries in reading order: the paths as given, each in
/// natural order within it.
fn entries(paths: &[PathBuf]) -> (Vec<Entry>, Vec<(PathBuf, Reason)>) {
    let walk = batch::walk(paths);
    let mut entries: Vec<Entry> = walk
        .files
        .into_iter()
        .map(Entry::File)
        .chain(walk.skipped.into_iter().map(|(p, r)| Entry::Skipped(p, r)))
        .collect();
    let root = |p: &Path| paths.iter().position(|r| p.starts_with(r));
    entries.sort_by(|a, b| {
        root(a.path())
            .cmp(&root(b.path()))
            .then_with(|| natural_cmp(a.path(), b.path()))
    });
    (entries, walk.passed_over)
}

/// A piece of work for a thread: a chunk of games, a whole file's bytes (UTF-16, which
/// the cutter does not read), or an input that cannot be read.
enum Work {
    Chunk(Chunk),
    Whole(usize, Vec<u8>),
    Problem(usize, Code, Bi),
}

fn problem_work(p: InputProblem) -> Work {
    let why = Bi::new(
        p.problem.say(Lang::En).into_owned(),
        p.problem.say(Lang::It).into_owned(),
    );
    Work::Problem(p.file, p.problem.code(), why)
}

/// The finding code of an entry the walk could not read.
fn reason_code(r: &Reason) -> Code {
    match r {
        Reason::NotAFile(_) => Code::NotARegularFile,
        Reason::Binary => Code::BinaryInput,
        _ => Code::Unreadable,
    }
}

/// The work of one entry, in order.
fn work_of(i: usize, e: &Entry, opts: &SimulOptions) -> Box<dyn Iterator<Item = Work> + Send> {
    match e {
        Entry::File(p) => match Chunks::open(i, p, opts.max_line) {
            Ok(c) => Box::new(c.map(|r| r.map_or_else(problem_work, Work::Chunk))),
            Err(p) => Box::new(std::iter::once(problem_work(p))),
        },
        Entry::Skipped(p, Reason::Utf16) => {
            let w = match crate::load::read(p, opts.limits) {
                Ok(bytes) => Work::Whole(i, bytes),
                Err(e) => Work::Problem(
                    i,
                    Code::Unreadable,
                    Bi::new(e.say(Lang::En).into_owned(), e.say(Lang::It).into_owned()),
                ),
            };
            Box::new(std::iter::once(w))
        }
        Entry::Skipped(_, r) => Box::new(std::iter::once(Work::Problem(
            i,
            reason_code(r),
            Bi::new(r.say(Lang::En).into_owned(), r.say(Lang::It).into_owned()),
        ))),
    }
}

/// Pieces of work handed to a thread at once.
const GROUP: usize = 32;

/// Reads every board under `paths` (S1, S8), in parallel, in reading order.
pub(super) fn read(paths: &[PathBuf], opts: &SimulOptions) -> Read {
    let (entries, passed_over) = entries(paths);
    let names: Vec<String> = entries
        .iter()
        .map(|e| e.path().display().to_string())
        .collect();
    let mut work = entries
        .iter()
        .enumerate()
        .flat_map(|(i, e)| work_of(i, e, opts))
        .peekable();
    let groups = std::iter::from_fn(move || {
        work.peek()?;
        Some(work.by_ref().take(GROUP).collect::<Vec<Work>>())
    });
    let mut done: Vec<(usize, Vec<Sheet>)> = groups
        .enumerate()
        .par_bridge()
        .map(|(seq, group)| {
            let sheets = group
                .into_iter()
                .flat_map(|w| guarded(w, &names, opts))
                .collect();
            (seq, sheets)
        })
        .collect();
    done.sort_unstable_by_key(|(seq, _)| *seq);
    let mut sheets: Vec<Sheet> = done.into_iter().flat_map(|(_, s)| s).collect();
    number_games(&mut sheets);
    Read {
        sheets,
        passed_over,
    }
}

/// Numbers the games of each file from 1 (a sheet that is no board has no number).
fn number_games(sheets: &mut [Sheet]) {
    let (mut file, mut game) = (usize::MAX, 0);
    for s in sheets {
        if s.file_index != file {
            (file, game) = (s.file_index, 0);
        }
        if s.game.is_some() {
            game += 1;
            s.game = Some(game);
        }
    }
}

/// [`sheets_of`], except that a bug met on one piece of work does not end the run: that
/// part becomes an `internal-error` sheet (as in `batch`).
fn guarded(w: Work, names: &[String], opts: &SimulOptions) -> Vec<Sheet> {
    let file = match &w {
        Work::Chunk(c) => c.file,
        Work::Whole(i, _) | Work::Problem(i, _, _) => *i,
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sheets_of(w, names, opts)))
        .unwrap_or_else(|_| {
            let p = batch::Problem::Internal;
            let why = Bi::new(p.say(Lang::En).into_owned(), p.say(Lang::It).into_owned());
            let f = say::unusable_board(p.code(), why);
            vec![Sheet::no_board(&names[file], file, f, true)]
        })
}

/// The sheets of one piece of work.
fn sheets_of(w: Work, names: &[String], opts: &SimulOptions) -> Vec<Sheet> {
    let (file, bytes, chunk, variant) = match w {
        Work::Problem(i, code, why) => {
            let f = say::unusable_board(code, why);
            return vec![Sheet::no_board(&names[i], i, f, true)];
        }
        Work::Chunk(c) => (c.file, None, Some(c), None),
        Work::Whole(i, b) => (i, Some(b), None, Some(Variant::Classical)),
    };
    let name = &names[file];
    let bytes = match (&chunk, &bytes) {
        (Some(c), _) => c.bytes.as_slice(),
        (None, Some(b)) => b.as_slice(),
        (None, None) => return Vec::new(),
    };
    let d = match decode(bytes) {
        Ok(d) => d,
        Err(e) => {
            let why = Bi::new(e.say(Lang::En).into_owned(), e.say(Lang::It).into_owned());
            let code = batch::Problem::Input(e).code();
            return vec![Sheet::no_board(
                name,
                file,
                say::unusable_board(code, why),
                true,
            )];
        }
    };
    let variant = variant
        .or(chunk.as_ref().map(|c| c.variant))
        .unwrap_or_else(|| Variant::detect(&d.text));
    if variant == Variant::SuperScacchi {
        return vec![Sheet::no_board(name, file, say::not_classical(), false)];
    }
    games(&d.text)
        .map(|raw| sheet(name, file, raw, d.latin1, chunk.as_ref(), opts))
        .collect()
}

/// One game: its simul tags, its replay (a jolly read as a take-back, S4) and `verify`'s
/// findings, its places in the file.
fn sheet(
    name: &str,
    file_index: usize,
    mut raw: RawGame<'_>,
    latin1: bool,
    chunk: Option<&Chunk>,
    opts: &SimulOptions,
) -> Sheet {
    let mut tags = SimulTags::of(&raw);
    tags.move_to_file(chunk);
    // S8: in a simul no jolly is allowed, whatever the phase: without the phase every jolly
    // is a `jolly-misuse`, read below as one `take-back-in-simul`.
    raw.tags.retain(|t| !matches!(t.tag.name, "Fase" | "Phase"));
    let replay = classical::replay(&raw, &opts.options);
    let decided = replay
        .complete
        .then_some(replay.ending)
        .flatten()
        .map(|(e, _)| e.result());
    let declared = raw.declared_result();
    let unsettled = matches!((decided, declared),
        (Some(board), Some(d)) if d != GameResult::Unknown && d != board);
    let position = opts.positions.then(|| {
        let v = crate::view::classical(&replay);
        v.board_at(v.played())
    });
    let report = verify::classical_report(name, &raw, replay, latin1);
    let plies = report.plies();
    let mut findings = report.findings;
    if let Some(c) = chunk {
        for f in &mut findings {
            f.span = f.span.map(|s| c.file_span(s));
        }
    }
    Sheet {
        file: name.to_string(),
        file_index,
        game: Some(0),
        kind: Kind::Game,
        tags,
        findings: take_backs(findings),
        declared,
        unsettled,
        plies,
        position,
    }
}

/// S4, S8: every jolly's `jolly-misuse` findings (one or more at its place) become one
/// `take-back-in-simul` there, by the side that took the move back: one finding per fact.
fn take_backs(findings: Vec<Finding>) -> Vec<Finding> {
    let mut last: Option<Option<Span>> = None;
    let mut out = Vec::with_capacity(findings.len());
    for f in findings {
        if f.code != Code::JollyMisuse {
            out.push(f);
            continue;
        }
        if last == Some(f.span) {
            continue;
        }
        last = Some(f.span);
        let who = match f.army {
            Some(Mover::Color(c)) => c,
            _ => shakmaty::Color::White,
        };
        let mut t = say::take_back_in_simul(who);
        t.span = f.span;
        (t.army, t.move_number, t.ply) = (f.army, f.move_number, f.ply);
        out.push(t);
    }
    out
}
