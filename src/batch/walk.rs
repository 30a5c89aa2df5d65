//! Finding the game files: folders read recursively, hidden entries, links and special
//! files handled as `batch` promises (formats.md §6).

use crate::lang::{Lang, Say};
use std::collections::HashSet;
use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

pub const EXTENSIONS: [&str; 3] = ["pgn", "txt", "ssc"];

/// What a walk found.
#[derive(Debug, Default)]
pub struct Walk {
    /// Game files, in a stable order, each once (overlapping paths are read once).
    pub files: Vec<PathBuf>,
    /// Files and folders that could not be used (unreadable, binary, not a regular file,
    /// a broken link), with the reason: the run reports them and fails (exit code 2).
    pub skipped: Vec<(PathBuf, Reason)>,
    /// Every file met, in the same order, readable or not: `files` and the files of
    /// `skipped` (not a folder that cannot be listed). `batch` gives each a row (issue 32:
    /// a binary, an unreadable or a special file is a row with its code, not only a line).
    pub inputs: Vec<PathBuf>,
    /// Entries passed over by the walk's own rules (a link leading out of the given
    /// folders, a link back to a folder already read), with the reason: reported only.
    pub passed_over: Vec<(PathBuf, Reason)>,
}

/// Why the walk did not read an entry.
#[derive(Debug)]
pub enum Reason {
    /// The system refused to tell what it is, or to open it.
    CannotRead(std::io::Error),
    /// A folder that cannot be listed.
    CannotReadFolder(std::io::Error),
    /// A link to nothing.
    BrokenLink(std::io::Error),
    /// A link that leads out of the given folders (passed over).
    LinkOut,
    /// A link to a folder already read (passed over).
    LinkLoop,
    /// A folder named where a file was expected, a FIFO, a device, a socket.
    NotAFile(crate::load::FileKind),
    /// UTF-16 text (`verify` reads it, `batch` does not).
    Utf16,
    /// NUL bytes: binary content.
    Binary,
    /// A tournament's results sheet (T17, passed over): `tournament standings` reads it.
    ResultsSheet,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

/// Whether a walk reads the file at `path`: its extension is one of [`EXTENSIONS`], or it
/// is a packed archive of one (`games.pgn.gz`, `.zst`, `.bz2`: issue 32; the content, not
/// the name, says how it is unpacked).
pub fn wanted(path: &Path) -> bool {
    let is = |p: &Path, list: &[&str]| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| list.iter().any(|x| x.eq_ignore_ascii_case(e)))
    };
    is(path, &EXTENSIONS)
        || is(path, &crate::load::stream::PACKED_EXTENSIONS)
            && path
                .file_stem()
                .is_some_and(|stem| is(Path::new(stem), &EXTENSIONS))
}

fn hidden(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.') && n != "." && n != "..")
}

/// Whether the first bytes are a results sheet's (T17): its first tag `[Risultati]`.
fn results_sheet(head: &[u8]) -> bool {
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
    };
    crate::tournament::sheet::is_sheet(text)
}

/// Looks at the first bytes: NUL bytes mean a binary file, not a game; a UTF-16 byte order
/// mark is named (the batch reader reads UTF-8 and Latin-1 only; `verify` reads UTF-16).
fn sniff(path: &Path) -> std::io::Result<Option<Reason>> {
    let mut head = [0u8; 4096];
    let n = File::open(path)?.read(&mut head)?;
    let head = &head[..n];
    if crate::load::stream::Packing::of(head) != crate::load::stream::Packing::Plain {
        // A packed archive: the reader unpacks it and looks at its text (issue 32).
        return Ok(None);
    }
    Ok(
        if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
            Some(Reason::Utf16)
        } else if head.contains(&0) {
            Some(Reason::Binary)
        } else if results_sheet(head) {
            Some(Reason::ResultsSheet)
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
    let mut walker = Walker {
        w: Walk::default(),
        canon_roots: roots.iter().filter_map(|r| r.canonicalize().ok()).collect(),
        seen_dirs: HashSet::new(),
        seen_files: HashSet::new(),
        stack: roots.iter().rev().map(|r| (r.clone(), true)).collect(),
    };
    while let Some((path, explicit)) = walker.stack.pop() {
        walker.visit(path, explicit);
    }
    walker.w
}

/// A walk under way.
struct Walker {
    w: Walk,
    canon_roots: Vec<PathBuf>,
    seen_dirs: HashSet<PathBuf>,
    seen_files: HashSet<PathBuf>,
    /// Entries still to visit, and whether each was named on the command line.
    stack: Vec<(PathBuf, bool)>,
}

impl Walker {
    /// One entry: a folder's entries go on the stack, a game file into the walk, anything
    /// else into `skipped` or `passed_over` with its reason.
    fn visit(&mut self, path: PathBuf, explicit: bool) {
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) => return self.skip(path, Reason::CannotRead(e)),
        };
        if !explicit && hidden(&path) {
            return;
        }
        let link = meta.file_type().is_symlink();
        let Some(real) = self.real_path(&path, link, explicit) else {
            return;
        };
        let meta = match std::fs::metadata(&real) {
            Ok(m) => m,
            Err(e) => return self.skip(path, Reason::CannotRead(e)),
        };
        if meta.is_dir() {
            self.folder(path, real, link);
        } else if explicit || wanted(&path) {
            self.file(path, real, &meta, explicit);
        }
    }

    /// Where `path` really is: a link is followed only when it stays inside one of the
    /// roots (or was named on the command line); `None` when it is not followed.
    fn real_path(&mut self, path: &Path, link: bool, explicit: bool) -> Option<PathBuf> {
        if !link {
            return Some(path.canonicalize().unwrap_or_else(|_| path.to_path_buf()));
        }
        match path.canonicalize() {
            Ok(r) if explicit || self.canon_roots.iter().any(|root| r.starts_with(root)) => Some(r),
            Ok(_) => {
                self.w
                    .passed_over
                    .push((path.to_path_buf(), Reason::LinkOut));
                None
            }
            Err(e) => {
                self.skip(path.to_path_buf(), Reason::BrokenLink(e));
                None
            }
        }
    }

    /// A folder: its entries, in order, once.
    fn folder(&mut self, path: PathBuf, real: PathBuf, link: bool) {
        if !self.seen_dirs.insert(real) {
            if link {
                self.w.passed_over.push((path, Reason::LinkLoop));
            }
            return;
        }
        let mut entries: Vec<PathBuf> = match std::fs::read_dir(&path) {
            Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(e) => return self.w.skipped.push((path, Reason::CannotReadFolder(e))),
        };
        entries.sort();
        for e in entries.into_iter().rev() {
            self.stack.push((e, false));
        }
    }

    /// A file that cannot be used, with why: skipped, and one of the inputs.
    fn skip(&mut self, path: PathBuf, why: Reason) {
        self.w.inputs.push(path.clone());
        self.w.skipped.push((path, why));
    }

    /// A file: a regular one, read once, that is not binary nor UTF-16.
    fn file(&mut self, path: PathBuf, real: PathBuf, meta: &std::fs::Metadata, explicit: bool) {
        if let Some(kind) = crate::load::not_a_file(meta) {
            return self.skip(path, Reason::NotAFile(kind));
        }
        if !self.seen_files.insert(real.clone()) {
            return;
        }
        match sniff(&real) {
            Ok(Some(Reason::ResultsSheet)) => {
                self.w.passed_over.push((path, Reason::ResultsSheet));
            }
            Ok(Some(why)) => self.skip(path, why),
            // A file named on the command line that cannot be read is an I/O error.
            Err(e) if explicit => self.skip(path, Reason::CannotRead(e)),
            // Inside a folder it is kept: the run reports the error as its row.
            Ok(None) | Err(_) => {
                self.w.inputs.push(path.clone());
                self.w.files.push(path);
            }
        }
    }
}
