//! Finding the game files: folders read recursively, hidden entries, links and special
//! files handled as `batch` promises (formats.md §6).

use std::collections::HashSet;
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
