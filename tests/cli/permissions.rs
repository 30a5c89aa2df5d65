//! What the permissions of the file system refuse: an unreadable file, an unreadable
//! folder, a read-only output folder. Root reads and writes everything, so when the tests
//! run as root (as CI does) the binary runs as nobody under `setpriv`
//! (`common::unprivileged`); these tests never skip for being root.

use crate::common;
use common::{Scratch, stderr};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Output;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn chmod(p: &Path, mode: u32) {
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Runs the binary unprivileged in `dir`; `None` when the test was skipped.
fn run(name: &str, dir: &Path, args: &[&str]) -> Option<Output> {
    let mut c = common::unprivileged(name, dir)?;
    Some(c.args(args).current_dir(dir).output().expect("runs"))
}

const GAME: &str = "[Event \"x\"]\n\n1.e4 e5 2.Cf3 Cc6 *\n";

#[test]
fn an_unreadable_file_is_a_row_of_batch() {
    let d = Scratch::new("perm", "file");
    common::hand_over(&d);
    let f = d.join("secret.pgn");
    std::fs::write(&f, GAME).unwrap();
    std::fs::write(d.join("open.pgn"), GAME).unwrap();
    chmod(&f, 0o000);
    let csv = d.join("r.csv");
    let Some(o) = run(
        "an_unreadable_file_is_a_row_of_batch",
        &d,
        &["batch", "-q", s(&d), "--report", s(&csv)],
    ) else {
        return;
    };
    // A file that cannot be read is unusable input (exit code 2), named on stderr.
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let err = stderr(&o);
    assert!(
        err.contains(&format!("error: {}: cannot read: Permission denied", s(&f))),
        "{err}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    let secret = format!(
        "{},,,false,1,0,unreadable,,,,,,,,,,,,,,,,,,,,,,,,,,,unreadable,cannot read: Permission denied",
        s(&f)
    );
    let open = format!(
        "{},1,classical,true,0,0,,,,,,,,,*,,,,,*,,,,,,,x,,,,,,4,,",
        s(&d.join("open.pgn"))
    );
    assert_eq!(rows, [open.as_str(), secret.as_str()], "{text}");
}

#[test]
fn an_unreadable_file_given_to_verify_is_an_io_error() {
    let d = Scratch::new("perm", "verify");
    let f = d.join("secret.pgn");
    std::fs::write(&f, GAME).unwrap();
    chmod(&f, 0o000);
    let Some(o) = run(
        "an_unreadable_file_given_to_verify_is_an_io_error",
        &d,
        &["verify", s(&f)],
    ) else {
        return;
    };
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!("error: {}: cannot read: Permission denied\n", s(&f))
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn an_unreadable_folder_is_named_and_the_rest_is_checked() {
    let d = Scratch::new("perm", "folder");
    common::hand_over(&d);
    let locked = d.join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::write(locked.join("hidden.pgn"), GAME).unwrap();
    std::fs::write(d.join("open.pgn"), GAME).unwrap();
    chmod(&locked, 0o000);
    let csv = d.join("r.csv");
    let o = run(
        "an_unreadable_folder_is_named_and_the_rest_is_checked",
        &d,
        &["batch", s(&d), "--report", s(&csv)],
    );
    chmod(&locked, 0o755); // so that the scratch folder can be removed
    let Some(o) = o else { return };
    // Skipped, named, and the run ends with exit code 2 (something was not read).
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "skipped {}: cannot read the folder: Permission denied\n",
            s(&locked)
        )),
        "{err}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}"); // header + open.pgn
    assert!(text.contains("open.pgn,1,classical,true"), "{text}");
}

#[test]
fn a_read_only_output_folder_is_an_io_error_and_nothing_is_left_in_it() {
    let d = Scratch::new("perm", "readonly");
    let game = d.join("g.pgn");
    std::fs::write(&game, GAME).unwrap();
    let ro = d.join("ro");
    std::fs::create_dir(&ro).unwrap();
    chmod(&ro, 0o555);
    let name = "a_read_only_output_folder_is_an_io_error_and_nothing_is_left_in_it";
    let cases: [&[&str]; 3] = [
        &[
            "batch",
            "-q",
            s(&game),
            "--report",
            &format!("{}/r.csv", s(&ro)),
        ],
        &[
            "convert",
            s(&game),
            "--to",
            "pgn",
            "--out",
            &format!("{}/g2.pgn", s(&ro)),
        ],
        &["render", s(&game), "--out", &format!("{}/g.html", s(&ro))],
    ];
    for args in cases {
        let Some(o) = run(name, &d, args) else { return };
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(s(&ro)), "{args:?}: {err}");
        assert!(err.contains("Permission denied"), "{err}");
    }
    chmod(&ro, 0o755);
    assert_eq!(std::fs::read_dir(&ro).unwrap().count(), 0);
}
