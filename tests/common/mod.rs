//! What the test binaries share: the binary and how a test runs it ([`run`], [`wide`],
//! [`Arbitro`]) and reads what it wrote ([`stdout`], [`stderr`], [`json`]), scratch folders,
//! snapshots, the record of a test that could not check what it is for (a skip), and the
//! binary run as an unprivileged user.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch folder under the system's temporary folder, made empty for the test and
/// removed when it ends, whether it passes or fails.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `arbitro-<prefix>-<process id>-<name>`, new and empty.
    pub fn new(prefix: &str, name: &str) -> Scratch {
        let d =
            std::env::temp_dir().join(format!("arbitro-{prefix}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("a scratch folder");
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The file where skipped tests are listed, one `name: why` line each (`target/tmp/`);
/// `.ci/run` empties it before `cargo test` and fails when a line is in it afterwards.
pub fn skip_log() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("skipped-tests.txt")
}

/// Says that the test `name` cannot check what it is for here, and why. Under `CI=true`
/// this is a failure (CI installs what every test needs); elsewhere the test is listed in
/// [`skip_log`], a `SKIPPED:` line goes to standard error, and the caller returns.
pub fn skip(name: &str, why: &str) {
    let line = format!("{name}: {why}\n");
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(skip_log())
    {
        // One write per line: lines of tests running in parallel do not mix.
        let _ = f.write_all(line.as_bytes());
    }
    eprint!("SKIPPED: {line}");
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{name} cannot run under CI=true: {why}"
    );
}

/// The user and group the unprivileged binary runs as when the tests run as root (nobody).
pub const NOBODY: u32 = 65534;

/// Whether the tests run as root, who reads and writes whatever the permissions say.
pub fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// The binary, with no locale in its environment: its reports are in English unless a
/// test asks for Italian (`--lang it` or `LANG=it_IT.UTF-8`), whatever the machine's
/// `LANG` is.
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbitro"));
    c.env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    c
}

/// The repository's folder: the tests' working folder, where the binary runs unless a test
/// says otherwise (the samples are named from it).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A run of the binary being set up: [`bin`] in the repository's folder, then where, on how
/// wide a terminal and with what in its environment; [`Arbitro::run`] runs it. Most tests
/// need only [`run`] or [`wide`].
pub struct Arbitro(Command);

impl Arbitro {
    /// The binary in the repository's folder, with no locale (English) and no colour
    /// (`NO_COLOR`; `--color always` still colours).
    pub fn new() -> Arbitro {
        let mut c = bin();
        c.current_dir(root()).env("NO_COLOR", "1");
        Arbitro(c)
    }

    /// Run in `dir` instead.
    pub fn dir(mut self, dir: &Path) -> Arbitro {
        self.0.current_dir(dir);
        self
    }

    /// On a terminal 200 columns wide (`COLUMNS`): each table row on one line. Without it
    /// the binary takes 80 columns (`cli/terminal_width.rs` checks both).
    pub fn wide(self) -> Arbitro {
        self.env("COLUMNS", "200")
    }

    /// With `key=value` in its environment.
    pub fn env(mut self, key: &str, value: &str) -> Arbitro {
        self.0.env(key, value);
        self
    }

    /// With each `(key, value)` in its environment.
    pub fn envs(self, vars: &[(&str, &str)]) -> Arbitro {
        vars.iter().fold(self, |a, (k, v)| a.env(k, v))
    }

    /// Without `key` in its environment.
    pub fn env_remove(mut self, key: &str) -> Arbitro {
        self.0.env_remove(key);
        self
    }

    /// Runs it with `args` and an empty standard input: its exit status and outputs.
    pub fn run(mut self, args: &[&str]) -> Output {
        self.0
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs")
    }

    /// Runs it with `args` and `input` on its standard input.
    pub fn feed(mut self, args: &[&str], input: &[u8]) -> Output {
        let mut child = self
            .0
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        child
            .stdin
            .take()
            .expect("a pipe")
            .write_all(input)
            .expect("the binary reads its standard input");
        child.wait_with_output().expect("the binary ends")
    }
}

/// The binary run in the repository's folder with `args` ([`Arbitro::new`]).
pub fn run(args: &[&str]) -> Output {
    Arbitro::new().run(args)
}

/// The binary run in the repository's folder with `args`, on a terminal 200 columns wide
/// ([`Arbitro::wide`]).
pub fn wide(args: &[&str]) -> Output {
    Arbitro::new().wide().run(args)
}

/// A run's standard output (UTF-8, as every output of arbitro is).
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("standard output in UTF-8")
}

/// A run's standard error (UTF-8, as every output of arbitro is).
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("standard error in UTF-8")
}

/// A run's standard output read as one JSON value; the outputs are shown when it is not.
pub fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

/// The binary, run as a user the permissions of a test apply to: as is for an ordinary
/// user; as root, under `setpriv` as nobody (uid and gid 65534, no groups). What that
/// user must read or write must be made so by the test ([`hand_over`]). When the binary's
/// path cannot be reached by other users, it is copied into `dir`. `None` (after a
/// [`skip`]) when the tests run as root and `setpriv` is missing.
pub fn unprivileged(name: &str, dir: &Path) -> Option<Command> {
    let bin = Path::new(env!("CARGO_BIN_EXE_arbitro"));
    if !is_root() {
        return Some(self::bin());
    }
    let Some(setpriv) = ["/usr/bin/setpriv", "/bin/setpriv"]
        .into_iter()
        .find(|p| Path::new(p).exists())
    else {
        skip(name, "running as root and setpriv (util-linux) is missing");
        return None;
    };
    let bin = if reachable_by_others(bin) {
        bin.to_path_buf()
    } else {
        let copy = dir.join("arbitro-bin");
        std::fs::copy(bin, &copy).expect("a copy of the binary");
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
        copy
    };
    let mut c = Command::new(setpriv);
    c.env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    c.args([
        format!("--reuid={NOBODY}"),
        format!("--regid={NOBODY}"),
        "--clear-groups".to_string(),
    ])
    .arg(bin);
    Some(c)
}

/// Whether every folder above `file` lets others through and `file` lets them run it.
fn reachable_by_others(file: &Path) -> bool {
    let mode = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.permissions().mode());
    mode(file) & 0o005 == 0o005 && file.ancestors().skip(1).all(|d| mode(d) & 0o001 != 0)
}

/// Gives `path` to the user [`unprivileged`] runs the binary as (nothing to do when that
/// is the user running the tests).
pub fn hand_over(path: &Path) {
    if is_root() {
        std::os::unix::fs::chown(path, Some(NOBODY), Some(NOBODY)).expect("chown");
    }
}

/// Compares `actual` with `tests/snapshots/NAME`; `UPDATE_SNAPSHOTS=1` (or a missing file)
/// writes it instead.
pub fn snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() || !path.exists() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        expected, actual,
        "snapshot {name} differs; rerun with UPDATE_SNAPSHOTS=1 to accept"
    );
}
