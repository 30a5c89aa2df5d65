//! What several integration tests share: scratch folders, the record of a test that could
//! not check what it is for (a skip), and the binary run as an unprivileged user.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

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
