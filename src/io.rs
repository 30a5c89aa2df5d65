//! The binary's edge with the outside: standard output and error, and the files it writes.
//!
//! Reading follows the library's input policy ([`arbitro::load`]); this module only writes.
//! - Standard output: a closed pipe (`arbitro … | head`) stops further output quietly, as
//!   ripgrep does, and the run still ends with the exit code its games deserve.
//! - Standard error: a closed or full standard error never aborts the run.
//! - Files: written through an unpredictable, exclusively created temporary file in the
//!   target's folder, then renamed over the target; never over an input, never over
//!   anything that is not a regular file.
//! - A bug: one plain line on standard error ([`report_panics`]), never a backtrace.

use crate::say::tr;
use anyhow::{Context, Result, bail};
use arbitro::load::{plain_io, plain_io_it};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes to standard output. Once the reader has gone away (a closed pipe) nothing more is
/// written; any other failure to write (a full disk) is an I/O error.
pub fn emit(s: &str) -> Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let mut out = io::stdout().lock();
    match out.write_all(s.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(e).with_context(|| {
            tr!(
                "cannot write to standard output",
                "non si può scrivere sull'uscita standard"
            )
        }),
    }
}

/// Writes one diagnostic line to standard error, made inert for a terminal (a file's or a
/// path's escape sequences are shown, not run: [`arbitro::report::inert`]); a closed or
/// full standard error is ignored (the exit code still tells the outcome).
pub fn diag_line(line: &str) {
    let line = arbitro::report::inert::inert(line);
    let mut err = io::stderr().lock();
    let _ = err.write_all(line.as_bytes());
    if !line.ends_with('\n') {
        let _ = err.write_all(b"\n");
    }
    let _ = err.flush();
}

/// `diag!("…{x}…")`: [`diag_line`] with `format!` arguments.
macro_rules! diag {
    ($($arg:tt)*) => { $crate::io::diag_line(&format!($($arg)*)) };
}
pub(crate) use diag;

/// The folder a path is written in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Checks, before any work is done, that `path` can be written: its folder exists, it is
/// not one of the inputs, and it is a regular file if it exists at all.
pub fn check_target(path: &Path, inputs: &[&Path]) -> Result<()> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    let shown = path.display();
    if path.file_name().is_none() {
        bail!(tr!(
            "{shown}: the output path has no file name",
            "{shown}: il percorso di uscita non ha un nome di file"
        ));
    }
    let dir = folder_of(path);
    let folder = dir.display();
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => bail!(tr!(
            "{folder}: not a folder, so {shown} cannot be written",
            "{folder}: non è una cartella, quindi {shown} non si può scrivere"
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let why = plain_io(&e);
            bail!(tr!(
                "{folder}: the folder cannot be used ({why}), so {shown} cannot be written",
                "{folder}: la cartella non esiste, quindi {shown} non si può scrivere"
            ))
        }
        Err(e) => {
            let (why, why_it) = (plain_io(&e), plain_io_it(&e));
            bail!(tr!(
                "{folder}: the folder cannot be used ({why}), so {shown} cannot be written",
                "{folder}: la cartella non si può usare ({why_it}), quindi {shown} non si può scrivere"
            ))
        }
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => bail!(tr!(
            "refusing to write {shown}: it exists and is not a regular file (a link, a device, a pipe or a folder)",
            "{shown} non viene scritto: esiste già e non è un file normale (è un collegamento, un dispositivo, una pipe o una cartella)"
        )),
        _ => {}
    }
    let target = path.canonicalize().ok();
    for input in inputs {
        if input.as_os_str() == "-" {
            continue;
        }
        if let (Some(a), Ok(b)) = (&target, input.canonicalize())
            && *a == b
        {
            let input = input.display();
            bail!(tr!(
                "refusing to write over the input file {input}",
                "{input} non viene sovrascritto: è un file di ingresso"
            ));
        }
    }
    Ok(())
}

/// A report written atomically: an exclusively created temporary file with an
/// unpredictable name in the target's folder, filled as the work goes, then synced and
/// renamed over the target by [`AtomicFile::commit`]. Dropped without a commit, it leaves
/// nothing behind. An interrupted run never leaves half a file, a planted link is never
/// followed, and nothing is written over an input or over anything that is not a regular
/// file.
pub struct AtomicFile {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
}

impl AtomicFile {
    /// Checks `path` ([`check_target`]) and opens its temporary file.
    pub fn create(path: &Path, inputs: &[&Path]) -> Result<AtomicFile> {
        check_target(path, inputs)?;
        let dir = folder_of(path);
        // A report is for sharing: the permissions of any new file (0o666 less the
        // umask), not the owner-only ones of a temporary file.
        let tmp = tempfile::Builder::new()
            .prefix(".arbitro-")
            .suffix(".tmp")
            .permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666))
            .tempfile_in(dir)
            .with_context(|| {
                let (dir, path) = (dir.display(), path.display());
                tr!(
                    "cannot create a temporary file in {dir} to write {path}",
                    "non si può creare un file temporaneo in {dir} per scrivere {path}"
                )
            })?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
        })
    }

    /// Syncs the temporary file and renames it over the target.
    pub fn commit(self) -> Result<()> {
        let path = self.path;
        self.tmp
            .as_file()
            .sync_all()
            .with_context(|| cannot_write(&path))?;
        self.tmp
            .persist(&path)
            .map_err(|e| e.error)
            .with_context(|| cannot_write(&path))?;
        Ok(())
    }
}

impl std::io::Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tmp.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.tmp.write_all(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.tmp.flush()
    }
}

/// Writes `data` to `path` atomically ([`AtomicFile`]).
pub fn write_atomically(path: &Path, data: &[u8], inputs: &[&Path]) -> Result<()> {
    let mut file = AtomicFile::create(path, inputs)?;
    file.write_all(data).with_context(|| cannot_write(path))?;
    file.commit()
}

/// "cannot write FILE", in the run's language.
pub fn cannot_write(path: &Path) -> String {
    let path = path.display();
    tr!("cannot write {path}", "non si può scrivere {path}")
}

/// A bug is reported in one plain line (where, and what), never as a backtrace.
pub fn report_panics() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        diag_line(&format!(
            "arbitro: internal error{place}: {what}; please report it with the input file"
        ));
    }));
}
