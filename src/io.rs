//! The binary's edge with the outside: standard output and error, and the files it writes.
//!
//! Reading follows the library's input policy ([`arbitro::load`]); this module only writes.
//! - Standard output: a closed pipe (`arbitro … | head`) stops further output quietly, as
//!   ripgrep does, and the run still ends with the exit code its games deserve.
//! - Standard error: a closed or full standard error never aborts the run.
//! - Files: written through an unpredictable, exclusively created temporary file in the
//!   target's folder, then renamed over the target, by one rule ([`Output`]): never over
//!   an input, never a report over a person's file, a document over an existing file
//!   only with `--force`, never over anything that is not a regular file.
//! - A bug: one plain line on standard error ([`report_panics`]), never a backtrace.

use crate::say::tr;
use anyhow::{Context, Result, bail};
use arbitro::lang::{Lang, Say};
use arbitro::load::plain_io;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes to standard output. Once the reader has gone away (a closed pipe) nothing more is
/// written; any other failure to write (a full disk) is an I/O error.
pub fn emit(s: &str) -> Result<()> {
    emit_with(|w| w.write_all(s.as_bytes()))
}

/// Writes to standard output as `write` produces it, through a buffer (a report too large
/// to hold whole: the tournament's standings). A closed pipe ends the writing quietly, as
/// for [`emit`].
pub fn emit_with(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let mut out = io::BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            // What the buffer still holds goes nowhere.
            let _ = out.into_parts();
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

/// What a command writes; it decides what an existing file of that name may be.
///
/// The one rule for every file arbitro writes (README, "Your files are safe"):
/// - never over an input: a file named on the command line, or found inside a folder
///   named on it, compared by identity (device and inode), not by spelling;
/// - a [`Output::Document`] (a file a person fills in or extends: `new`, `tournament new`,
///   `draw`, `convert --out`, `reconcile --out`, `selfplay --out`) never replaces an
///   existing file unless `--force` is given;
/// - a [`Output::Report`] (`--html`, `--report`, `--svg`, `render --out`, `contest
///   --out`) may replace an earlier report, never a file that reads as a game, a set-up or
///   a tournament file ([`arbitro::load::sniff`]), `--force` or not;
/// - nothing is written over what is not a regular file, and every write is atomic
///   ([`AtomicFile`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A page, a table, a picture or the contest document.
    Report,
    /// A game file, a template or a tournament file: a person's document.
    Document,
}

static FORCE: AtomicBool = AtomicBool::new(false);

/// `--force` for the run: a [`Output::Document`] may replace an existing file.
pub fn set_force(force: bool) {
    FORCE.store(force, Ordering::Relaxed);
}

/// The device and inode of what `path` leads to.
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Checks, before any work is done, that `path` can be written as `output`: its folder
/// exists, it is not an input ([`Output`] says the rule), and it is a regular file if it
/// exists at all.
pub fn check_target(path: &Path, output: Output, inputs: &[&Path]) -> Result<()> {
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
    check_folder(path)?;
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => bail!(tr!(
            "refusing to write {shown}: it exists and is not a regular file (a link, a device, a pipe or a folder)",
            "{shown} non viene scritto: esiste già e non è un file normale (è un collegamento, un dispositivo, una pipe o una cartella)"
        )),
        Ok(_) => {}
        // Nothing there: nothing to lose.
        Err(_) => return Ok(()),
    }
    not_an_input(path, inputs)?;
    not_a_persons_file(path, output)
}

/// The folder `path` is written in exists and is a folder.
fn check_folder(path: &Path) -> Result<()> {
    let shown = path.display();
    let dir = folder_of(path);
    let folder = dir.display();
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
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
            let (why, why_it) = (e.say(Lang::En), e.say(Lang::It));
            bail!(tr!(
                "{folder}: the folder cannot be used ({why}), so {shown} cannot be written",
                "{folder}: la cartella non si può usare ({why_it}), quindi {shown} non si può scrivere"
            ))
        }
    }
}

/// The existing file `path` is none of the inputs, and not a game file found inside an
/// input folder (one the walk reads), by device and inode.
fn not_an_input(path: &Path, inputs: &[&Path]) -> Result<()> {
    let Some(target) = identity(path) else {
        return Ok(());
    };
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let walked = arbitro::batch::wanted(path);
    for input in inputs.iter().filter(|i| i.as_os_str() != "-") {
        let Some(id) = identity(input) else { continue };
        if id == target {
            let input = input.display();
            bail!(tr!(
                "refusing to write over the input file {input}",
                "{input} non viene sovrascritto: è un file di ingresso"
            ));
        }
        if walked
            && input.is_dir()
            && canonical
                .ancestors()
                .skip(1)
                .any(|a| identity(a) == Some(id))
        {
            let (shown, folder) = (path.display(), input.display());
            bail!(tr!(
                "refusing to write over {shown}: it is inside the input folder {folder} and is read as one of its games; write to another name or folder",
                "{shown} non viene sovrascritto: è nella cartella di ingresso {folder} e viene letto come una delle sue partite; scrivere con un altro nome o in un'altra cartella"
            ));
        }
    }
    Ok(())
}

/// An existing file is replaced by a report only when it is no person's document, and
/// by a document only with `--force`.
fn not_a_persons_file(path: &Path, output: Output) -> Result<()> {
    use arbitro::load::sniff::{Reads, SNIFF_BYTES, reads_as};
    use std::io::Read;
    let mut head = Vec::new();
    let _ =
        std::fs::File::open(path).and_then(|f| f.take(SNIFF_BYTES as u64).read_to_end(&mut head));
    let reads = reads_as(&head);
    let shown = path.display();
    let lang = crate::say::lang();
    let what = match reads {
        Reads::Game => lang.t("a game file", "un file di partite"),
        Reads::Setup => lang.t("a set-up file", "un file di disposizione"),
        Reads::Tournament => lang.t("a tournament file", "un file di torneo"),
        Reads::ResultsSheet => lang.t("a results sheet", "un foglio dei risultati"),
        Reads::Report => lang.t("a report", "un resoconto"),
        Reads::Other => lang.t("a file", "un file"),
    };
    match output {
        Output::Report if reads.is_persons() => bail!(tr!(
            "refusing to write over {shown}: it reads as {what}, and a report never replaces a person's file; write the report to another name",
            "{shown} non viene sovrascritto: è {what}, e un resoconto non prende mai il posto di un file scritto da una persona; scrivere il resoconto con un altro nome"
        )),
        Output::Document if !FORCE.load(Ordering::Relaxed) => bail!(tr!(
            "refusing to write over {shown}: it already exists ({what}); choose another name, or add --force to replace it",
            "{shown} non viene sovrascritto: esiste già ({what}); scegliere un altro nome, o aggiungere --force per sostituirlo"
        )),
        _ => Ok(()),
    }
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
    pub fn create(path: &Path, output: Output, inputs: &[&Path]) -> Result<AtomicFile> {
        check_target(path, output, inputs)?;
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

/// Writes `data` to `path` atomically ([`AtomicFile`]), by the rule of [`Output`]: the one
/// function every command calls to write a file.
pub fn write_atomically(path: &Path, data: &[u8], output: Output, inputs: &[&Path]) -> Result<()> {
    let mut file = AtomicFile::create(path, output, inputs)?;
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
