//! The parts of a run shared among shards ([`super::Shard`]) put together again
//! (`arbitro batch merge PART.jsonl…`): the rows of every part in the order of one run,
//! the games of each file numbered from 1 again, the summary counted again, and the rows
//! handed to the same [`Sink`]s as a run's (CSV, JSON Lines). The parts are read side by
//! side, a line of each at a time (each part is in run order already): memory does not
//! grow with the archive.
//!
//! A part is refused, and nothing is written, when it is cut short (no trailer line),
//! when a line is not a part's row, when its rows are out of order, or when the parts are
//! not the N shards of one run over the same inputs.

use super::shard::{RowPlace, Trailer, TrailerLine};
use super::{Row, Sink, SinkError, Summary};
use crate::finding::{Code, Severity};
use serde::Deserialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The longest line of a part read (a game's row is a few kilobytes).
const MAX_LINE: u64 = 64 << 20;

/// Why the parts cannot be merged.
#[derive(Debug)]
pub enum MergeError {
    /// No part was named.
    NoParts,
    /// A part cannot be opened or read.
    Read {
        /// The part.
        part: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A part is not a regular file (a folder, a pipe, a device).
    NotAFile {
        /// The part.
        part: PathBuf,
    },
    /// A line of a part is not a row of a shard's part (a plain report, another file).
    NotAPart {
        /// The part.
        part: PathBuf,
        /// 1-based line.
        line: usize,
    },
    /// A part has no trailer line: the shard did not finish writing it.
    CutShort {
        /// The part.
        part: PathBuf,
    },
    /// A part's rows are not in the order of the run.
    OutOfOrder {
        /// The part.
        part: PathBuf,
        /// 1-based line.
        line: usize,
    },
    /// A part is of another run than the first part (other inputs, another N, another
    /// `--shard-split` or `--max-game`).
    OtherRun {
        /// The part.
        part: PathBuf,
        /// The first part.
        first: PathBuf,
    },
    /// The same shard twice.
    Twice {
        /// K.
        shard: u32,
    },
    /// Shards missing.
    Missing {
        /// The K missing.
        shards: Vec<u32>,
        /// N.
        of: u32,
    },
    /// A report could not be written.
    Sink(SinkError),
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::lang::{Lang, Say};
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for MergeError {}

/// What a merge found: the summary of the whole run, and what one run would have said
/// beside its rows.
#[derive(Debug)]
pub struct Merged {
    /// The summary, as one run counts it (`files`: the files the run walked).
    pub summary: Summary,
    /// The files that held no game (only comments), from every part.
    pub no_game: Vec<String>,
    /// N.
    pub shards: u32,
}

/// How the merged rows are written.
#[derive(Debug, Clone, Copy)]
pub struct MergeOutput {
    /// Between the CSV cells: `,`, or `;` (`--csv-excel`).
    pub csv_delimiter: u8,
}

/// What a merge reads of a row (the rest of the line is passed on as it is).
#[derive(Deserialize)]
struct PartRow {
    file: String,
    game: Option<usize>,
    valid: bool,
    findings: Vec<PartFinding>,
    shard: RowPlace,
}

#[derive(Deserialize)]
struct PartFinding {
    severity: String,
    code: String,
    message: String,
}

/// One part, read a line at a time.
struct Part {
    path: PathBuf,
    reader: Box<dyn BufRead>,
    line: usize,
    buf: Vec<u8>,
    trailer: Option<Trailer>,
    /// The last row's place, for the order check.
    last: Option<(usize, usize, usize)>,
}

/// A row read from a part, ready to be handed on.
struct Next {
    key: (usize, usize, usize),
    file: String,
    row: Row,
}

impl Part {
    fn open(path: &Path) -> Result<Part, MergeError> {
        let read = |error| MergeError::Read {
            part: path.to_path_buf(),
            error,
        };
        let meta = std::fs::metadata(path).map_err(read)?;
        if !meta.is_file() {
            return Err(MergeError::NotAFile {
                part: path.to_path_buf(),
            });
        }
        let file = std::fs::File::open(path).map_err(read)?;
        Ok(Part {
            path: path.to_path_buf(),
            reader: Box::new(BufReader::with_capacity(64 << 10, file)),
            line: 0,
            buf: Vec::new(),
            trailer: None,
            last: None,
        })
    }

    fn not_a_part(&self) -> MergeError {
        MergeError::NotAPart {
            part: self.path.clone(),
            line: self.line,
        }
    }

    /// The next row, `None` after the trailer.
    fn next(&mut self, delimiter: u8) -> Result<Option<Next>, MergeError> {
        if self.trailer.is_some() {
            return Ok(None);
        }
        self.buf.clear();
        let n = (&mut self.reader)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut self.buf)
            .map_err(|error| MergeError::Read {
                part: self.path.clone(),
                error,
            })?;
        self.line += 1;
        if n == 0 {
            return Err(MergeError::CutShort {
                part: self.path.clone(),
            });
        }
        if !self.buf.ends_with(b"\n") {
            // A last line without its end, or one longer than any row.
            return Err(if n as u64 > MAX_LINE {
                self.not_a_part()
            } else {
                MergeError::CutShort {
                    part: self.path.clone(),
                }
            });
        }
        let line = std::str::from_utf8(&self.buf[..n - 1]).map_err(|_| self.not_a_part())?;
        if line.starts_with("{\"arbitro_part\":") {
            let t: TrailerLine = serde_json::from_str(line).map_err(|_| self.not_a_part())?;
            self.trailer = Some(t.arbitro_part);
            // Nothing may follow the trailer.
            let mut more = [0u8; 1];
            return match self.reader.read(&mut more) {
                Ok(0) => Ok(None),
                _ => Err(self.not_a_part()),
            };
        }
        let next = row_of(line, delimiter).ok_or_else(|| self.not_a_part())?;
        if self.last.is_some_and(|last| last >= next.key) {
            return Err(MergeError::OutOfOrder {
                part: self.path.clone(),
                line: self.line,
            });
        }
        self.last = Some(next.key);
        Ok(Some(next))
    }
}

/// A part's line as a [`Row`]: its JSON line without `file`, `game` and `shard` (the body
/// a run's JSON Lines report writes), its CSV cells with `delimiter`.
fn row_of(line: &str, delimiter: u8) -> Option<Next> {
    let r: PartRow = serde_json::from_str(line).ok()?;
    let prefix = format!(
        "{{\"file\":{},\"game\":{},",
        serde_json::to_string(&r.file).ok()?,
        r.game.map_or_else(|| "null".to_string(), |g| g.to_string())
    );
    let rest = line.strip_prefix(prefix.as_str())?;
    let keys = &rest[..rest.rfind(",\"shard\":{")?];
    let mut codes = Vec::with_capacity(r.findings.len());
    for f in &r.findings {
        codes.push(Code::from_name(&f.code)?);
    }
    let warned = r
        .findings
        .iter()
        .any(|f| f.severity == Severity::Warning.as_str());
    let rest = match delimiter {
        b',' => r.shard.csv,
        d => redelimit(&r.shard.csv, d)?,
    };
    let problem = match r.game {
        None => Some(r.findings.first().map_or("", |f| &f.message).into()),
        Some(_) => None,
    };
    Some(Next {
        key: (r.shard.file, r.shard.chunk, r.shard.row),
        row: Row {
            file_index: r.shard.file,
            chunk: r.shard.chunk,
            game: r.game.map(|_| 0),
            rest,
            json: Some(format!("{{{keys}}}")),
            sheet: None,
            valid: r.valid,
            warned,
            codes,
            problem,
        },
        file: r.file,
    })
}

/// CSV cells written with `,` written again with `delimiter`.
fn redelimit(cells: &str, delimiter: u8) -> Option<String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(cells.as_bytes());
    let record = reader.records().next()?.ok()?;
    let mut out = String::with_capacity(cells.len());
    for (i, field) in record.iter().enumerate() {
        if i > 0 {
            out.push(char::from(delimiter));
        }
        crate::report::game::csv::write_quoted_with(field, delimiter, &mut out);
    }
    Some(out)
}

/// Merges the parts at `paths` into `sinks`, in the order of one run. The rows are
/// handed on as they are read; the caller commits what the sinks wrote only when this
/// returns `Ok`.
pub fn merge(
    paths: &[PathBuf],
    output: MergeOutput,
    sinks: &mut [&mut (dyn Sink + Send)],
) -> Result<Merged, MergeError> {
    if paths.is_empty() {
        return Err(MergeError::NoParts);
    }
    let mut parts = paths
        .iter()
        .map(|p| Part::open(p))
        .collect::<Result<Vec<_>, _>>()?;
    // The trailers first: parts that are not the shards of one run are refused before
    // a row is handed on.
    for part in &mut parts {
        part.trailer = Some(last_trailer(&part.path)?);
    }
    let (first, no_game) = check_trailers(&parts)?;
    for part in &mut parts {
        part.trailer = None;
    }
    let d = output.csv_delimiter;
    let mut heap = BinaryHeap::new();
    let mut heads: Vec<Option<Next>> = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter_mut().enumerate() {
        let next = part.next(d)?;
        if let Some(n) = &next {
            heap.push(Reverse((n.key, i)));
        }
        heads.push(next);
    }
    let mut summary = Summary::default();
    let (mut file, mut game) = (usize::MAX, 0);
    let mut last = None;
    while let Some(Reverse((key, i))) = heap.pop() {
        let Some(Next {
            file: name,
            mut row,
            ..
        }) = heads[i].take()
        else {
            continue;
        };
        if last == Some(key) {
            // The same row in two parts: not the shards of one run.
            return Err(MergeError::OtherRun {
                part: parts[i].path.clone(),
                first: parts[0].path.clone(),
            });
        }
        last = Some(key);
        if row.file_index != file {
            (file, game) = (row.file_index, 0);
        }
        if row.game.is_some() {
            game += 1;
            row.game = Some(game);
        }
        summary.add(&row);
        for (s, sink) in sinks.iter_mut().enumerate() {
            sink.row(&name, &row)
                .map_err(|error| MergeError::Sink(SinkError { sink: s, error }))?;
        }
        let next = parts[i].next(d)?;
        if let Some(n) = &next {
            heap.push(Reverse((n.key, i)));
        }
        heads[i] = next;
    }
    for (s, sink) in sinks.iter_mut().enumerate() {
        sink.finish()
            .map_err(|error| MergeError::Sink(SinkError { sink: s, error }))?;
    }
    // Read to their ends, the parts still are what their trailers said.
    check_trailers(&parts)?;
    summary.files = first.files;
    Ok(Merged {
        summary,
        no_game,
        shards: first.of,
    })
}

/// The trailer of the part at `path`: its last line, read from the end.
fn last_trailer(path: &Path) -> Result<Trailer, MergeError> {
    use std::io::{Seek, SeekFrom};
    let read = |error| MergeError::Read {
        part: path.to_path_buf(),
        error,
    };
    let cut_short = || MergeError::CutShort {
        part: path.to_path_buf(),
    };
    let mut file = std::fs::File::open(path).map_err(read)?;
    let len = file.seek(SeekFrom::End(0)).map_err(read)?;
    let mut window: u64 = 64 << 10;
    loop {
        let from = len.saturating_sub(window);
        file.seek(SeekFrom::Start(from)).map_err(read)?;
        let mut tail = Vec::new();
        (&mut file)
            .take(window)
            .read_to_end(&mut tail)
            .map_err(read)?;
        let Some(body) = tail.strip_suffix(b"\n") else {
            return Err(MergeError::NotAPart {
                part: path.to_path_buf(),
                line: 1,
            });
        };
        let start = match memchr::memrchr(b'\n', body) {
            Some(i) => i + 1,
            None if from == 0 => 0,
            None if window >= MAX_LINE => return Err(cut_short()),
            None => {
                window *= 4;
                continue;
            }
        };
        let line = String::from_utf8_lossy(&body[start..]);
        if !line.starts_with("{\"arbitro_part\":") {
            // A part's row without the trailer after it: cut short. Anything else: not
            // a part at all (a plain report, another file).
            return Err(if line.contains(",\"shard\":{\"file\":") {
                cut_short()
            } else {
                MergeError::NotAPart {
                    part: path.to_path_buf(),
                    line: 1,
                }
            });
        }
        let t: TrailerLine = serde_json::from_str(&line).map_err(|_| cut_short())?;
        return Ok(t.arbitro_part);
    }
}

/// The parts are the N shards of one run, each once: the first part's trailer, and every
/// part's files without a game.
fn check_trailers(parts: &[Part]) -> Result<(Trailer, Vec<String>), MergeError> {
    let trailer = |p: &Part| {
        p.trailer.clone().ok_or_else(|| MergeError::CutShort {
            part: p.path.clone(),
        })
    };
    let first = trailer(&parts[0])?;
    let mut seen = std::collections::BTreeSet::new();
    let mut no_game = Vec::new();
    for p in parts {
        let t = trailer(p)?;
        let same = (t.of, t.files, &t.inputs, t.split, t.max_game)
            == (
                first.of,
                first.files,
                &first.inputs,
                first.split,
                first.max_game,
            );
        if !same || t.shard == 0 || t.shard > t.of {
            return Err(MergeError::OtherRun {
                part: p.path.clone(),
                first: parts[0].path.clone(),
            });
        }
        if !seen.insert(t.shard) {
            return Err(MergeError::Twice { shard: t.shard });
        }
        no_game.extend(t.no_game);
    }
    // At most 20 named: N comes from a file.
    let missing: Vec<u32> = (1..=first.of)
        .filter(|k| !seen.contains(k))
        .take(20)
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            shards: missing,
            of: first.of,
        });
    }
    Ok((first, no_game))
}
