//! Hostile input (issues 13 and 14): every file arbitro is given may come from someone who
//! wants a wrong verdict, a file read that the user did not name, or a file lost. Each test
//! runs the binary and asserts the message, the exit code, and the files left untouched.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

#[path = "../common/mod.rs"]
mod common;
use common::{Scratch, json, run, stderr, stdout};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn sample(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(name),
    )
    .unwrap()
}

const PARTITA1: &str = "superscacchi/leoni-tigri-partita1.txt";
const SVISTE: &str = "superscacchi/orsi-volpi-sviste.txt";

// ---- Wrong verdicts (issue 13, items 1–7) ----

#[test]
fn cr_only_line_ends_still_find_the_illegal_move() {
    let d = Scratch::new("hostile", "cr");
    let f = d.join("cr.txt");
    std::fs::write(&f, sample(SVISTE).replace('\n', "\r")).unwrap();
    let o = run(&["verify", "--format", "json", s(&f)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["valid"], false);
    assert_eq!(v["plies"], 235);
    let first = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["severity"] == "error")
        .unwrap();
    assert_eq!(first["code"], "forbidden-square");
    assert_eq!(first["army"], "SE");
    assert_eq!(first["move"], 30);
}

#[test]
fn a_move_written_after_a_tag_on_the_same_line_is_read() {
    let d = Scratch::new("hostile", "sameline");
    let f = d.join("g.txt");
    // S's first move miscopied (f1 - g3 is not where the knight goes in the game), written
    // on the tag's line: it must be read, and the game must not come out as before.
    let text = sample(PARTITA1).replace(
        "[Esercito \"S\"]\n[Giocatore \"Marco Rinaldi\"]\n1. nera  C f1 - e3",
        "[Esercito \"S\"] [Giocatore \"Marco Rinaldi\"] 1. nera  C f1 - e3",
    );
    std::fs::write(&f, &text).unwrap();
    let v = json(&run(&["verify", "--format", "json", s(&f)]));
    assert_eq!(v["valid"], true);
    assert_eq!(
        v["plies"],
        json(&run(&[
            "verify",
            "--format",
            "json",
            &format!("samples/{PARTITA1}")
        ]))["plies"]
    );
    std::fs::write(
        &f,
        text.replace("] 1. nera  C f1 - e3", "] 1. nera  C f1 - h3"),
    )
    .unwrap();
    let o = run(&["verify", "--format", "json", s(&f)]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["findings"][0]["army"], "S");
    assert_eq!(v["findings"][0]["move"], 1);
}

#[test]
fn missing_armies_empty_sheets_and_a_ninth_sheet_are_errors() {
    let d = Scratch::new("hostile", "armies");
    let f = d.join("g.txt");
    std::fs::write(
        &f,
        "[Assedianti \"Leoni\"]\n[Assediati \"Tigri\"]\n\n[Esercito \"S\"]\n",
    )
    .unwrap();
    let o = run(&["verify", "--format", "json", s(&f)]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["findings"][0]["code"], "sheet-merge");
    assert_eq!(v["findings"][0]["rule"], "R32");
    assert!(
        v["findings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("no sheet for armies SO, O, NO, N, NE, E, SE")
    );
    assert_eq!(v["scores"], serde_json::json!([]));
    assert_eq!(v["winner"], serde_json::Value::Null);
    // Eight empty sheets: no game.
    let empty: String = ["S", "SO", "O", "NO", "N", "NE", "E", "SE"]
        .iter()
        .map(|a| format!("[Esercito \"{a}\"]\n"))
        .collect();
    std::fs::write(
        &f,
        format!("[Assedianti \"Leoni\"]\n[Assediati \"Tigri\"]\n{empty}"),
    )
    .unwrap();
    let v = json(&run(&["verify", "--format", "json", s(&f)]));
    assert_eq!(v["valid"], false);
    assert!(
        v["findings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("every sheet is empty")
    );
    // A ninth sheet (S twice).
    std::fs::write(
        &f,
        sample(PARTITA1) + "\n[Esercito \"S\"]\n1. nera P h2 - h3\n",
    )
    .unwrap();
    let v = json(&run(&["verify", "--format", "json", s(&f)]));
    assert_eq!(v["valid"], false);
    assert!(v["findings"].as_array().unwrap().iter().any(
        |f| f["code"] == "sheet-merge" && f["message"].as_str().unwrap().contains("two sheets")
    ));
}

#[test]
fn scoring_tables_are_bounded() {
    let d = Scratch::new("hostile", "table");
    let t = d.join("t.toml");
    let default = stdout(&run(&["scoring", "--print-default"]));
    for (from, to) in [
        ("P = 1", "P = 2147483647"),
        ("first_warning = -5", "first_warning = -2147483648"),
        ("mate = 40", "mate = 100001"),
    ] {
        assert!(default.contains(from), "{default}");
        std::fs::write(&t, default.replace(from, to)).unwrap();
        let o = run(&["scoring", "--check", s(&t)]);
        assert_eq!(o.status.code(), Some(2), "{to}");
        assert!(
            stderr(&o).contains("every number of the table lies between -100000 and 100000"),
            "{}",
            stderr(&o)
        );
        let o = run(&["score", "--scoring", s(&t), &format!("samples/{PARTITA1}")]);
        assert_eq!(o.status.code(), Some(2), "{to}");
    }
    // The largest allowed values do not wrap.
    std::fs::write(&t, default.replace("P = 1", "P = 100000")).unwrap();
    let o = run(&[
        "score",
        "--format",
        "json",
        "--scoring",
        s(&t),
        &format!("samples/{PARTITA1}"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    let totals: Vec<i64> = (0..2)
        .map(|i| v["scores"][i]["total"].as_i64().unwrap())
        .collect();
    assert!(totals.iter().any(|t| *t > 100000), "{totals:?}");
}

/// A copy of the second sample game with its `[Fine]` replaced.
fn game_ending(d: &Path, fine: Option<&str>) -> PathBuf {
    let text = sample("superscacchi/leoni-tigri-partita2.txt");
    let line = text
        .lines()
        .find(|l| l.starts_with("[Fine"))
        .unwrap()
        .to_string();
    let text = match fine {
        Some(f) => text.replace(&line, &format!("[Fine \"{f}\"]")),
        None => text.replace(&(line + "\n"), ""),
    };
    let f = d.join("partita2.txt");
    std::fs::write(&f, text).unwrap();
    f
}

fn admissible(o: &Output) -> serde_json::Value {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    json(o)["admissible"].clone()
}

#[test]
fn contest_times_are_the_venue_clock() {
    let d = Scratch::new("hostile", "clock");
    let contest = |f: &Path, at: &str| {
        run(&[
            "contest",
            s(f),
            "--team",
            "Tigri",
            "--tz",
            "Europe/Rome",
            "--format",
            "json",
            "--at",
            at,
        ])
    };
    // Past midnight: 00:20 after 23:55 is 25 minutes later, the next day.
    let f = game_ending(&d, Some("2026-12-31T23:55"));
    let o = contest(&f, "00:20");
    assert_eq!(admissible(&o), false);
    assert_eq!(json(&o)["filed_at"], "2027-01-01T00:20:00");
    assert_eq!(admissible(&contest(&f, "00:05")), true);
    assert_eq!(admissible(&contest(&f, "23.59")), true);
    // An offset is converted to the venue's clock: 23:04Z is 00:04 in Rome.
    assert_eq!(admissible(&contest(&f, "2026-12-31T23:04Z")), true);
    assert_eq!(admissible(&contest(&f, "2026-12-31T23:06+00:00")), false);
    // Impossible dates and huge years are refused, quoted as written.
    for bad in [
        "2026-02-30T10:00",
        "99999999999-01-01T10:00",
        "S:0",
        "25:61",
    ] {
        let o = contest(&f, bad);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(
            stderr(&o).contains(&format!("`{bad}` is not a date and time")),
            "{}",
            stderr(&o)
        );
    }
    // Across the end of summer time (25 October 2026, 03:00 CEST → 02:00 CET): ten real
    // minutes after the first 02:55 end at 02:05 on the wall, the second time round.
    let f = game_ending(&d, Some("2026-10-25T02:55"));
    let o = contest(&f, "2026-10-25T02:04:00+01:00");
    assert_eq!(admissible(&o), true);
    assert_eq!(json(&o)["deadline"], "2026-10-25T02:05:00");
    assert_eq!(json(&o)["time_zone"], "Europe/Rome");
    assert_eq!(admissible(&contest(&f, "2026-10-25T02:06:00+01:00")), false);
    // No [Fine]: a bare time names no day; a full date leaves admissibility undecided.
    let f = game_ending(&d, None);
    let o = contest(&f, "16:50");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the sheet has no [Fine] tag"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "contest",
        s(&f),
        "--team",
        "tigri",
        "--at",
        "2026-10-17T18:00",
        "--lang",
        "en",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("CANNOT DECIDE ADMISSIBILITY"),
        "{}",
        stdout(&o)
    );
    assert!(!stdout(&o).contains("NOT ADMISSIBLE"));
}

#[test]
fn percent_and_braces_inside_a_tag_value_are_text() {
    let d = Scratch::new("hostile", "percent");
    let f = d.join("g.txt");
    let text = sample(PARTITA1)
        .replace(
            "[Assedianti \"Leoni\"]",
            "[Assedianti \"Leoni 100% {veri}\"]",
        )
        .replace("Leoni: ", "Leoni 100% {veri}: ");
    std::fs::write(&f, text).unwrap();
    let o = run(&["verify", "--format", "json", s(&f)]);
    let v = json(&o);
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["scores"][0]["team"], "Leoni 100% {veri}");
}

// ---- Nothing read that the user did not name (items 8, 9) ----

fn with_setup(d: &Path, value: &str) -> PathBuf {
    let f = d.join("g.txt");
    std::fs::write(
        &f,
        sample(PARTITA1).replace(
            "[Disposizione \"assedio-corto\"]",
            &format!("[Disposizione \"{value}\"]"),
        ),
    )
    .unwrap();
    f
}

#[test]
fn a_set_up_name_is_never_a_path() {
    let d = Scratch::new("hostile", "setup-names");
    for value in [
        "/proc/self/environ",
        "../../../../etc/passwd",
        "/dev/zero",
        "-",
        "C:\\\\x",
        "sub/mio",
    ] {
        let f = with_setup(&d, value);
        let t = Instant::now();
        let o = common::bin()
            .args(["verify", "--format", "json", s(&f)])
            .env("ARBITRO_SECRET", "do-not-print-me")
            .stdin(Stdio::piped())
            .output()
            .unwrap();
        assert!(t.elapsed() < Duration::from_secs(5), "{value}");
        assert_eq!(o.status.code(), Some(1), "{value}: {}", stderr(&o));
        let v = json(&o);
        assert_eq!(v["findings"][0]["code"], "bad-setup", "{value}");
        let m = v["findings"][0]["message"].as_str().unwrap();
        assert!(
            m.contains("a set-up is named, not given as a path"),
            "{value}: {m}"
        );
        let all = stdout(&o) + &stderr(&o);
        assert!(
            !all.contains("do-not-print-me") && !all.contains("root:"),
            "{value}: {all}"
        );
    }
    // NAME.setup beside the game is read; a tag inside a comment is no tag.
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/assedio-corto.setup"),
        d.join("mio.setup"),
    )
    .unwrap();
    for value in ["mio", "mio.setup"] {
        let o = run(&["verify", s(&with_setup(&d, value))]);
        assert_eq!(o.status.code(), Some(0), "{value}: {}", stderr(&o));
    }
    let f = d.join("c.txt");
    std::fs::write(
        &f,
        sample(PARTITA1).replace(
            "[Disposizione \"assedio-corto\"]",
            "{[Disposizione \"/etc/passwd\"]}",
        ),
    )
    .unwrap();
    assert_eq!(run(&["verify", s(&f)]).status.code(), Some(0));
    // A missing NAME.setup says so, naming the file, not a path it tried elsewhere.
    let o = run(&["verify", "--format", "json", s(&with_setup(&d, "altro"))]);
    let v = json(&o);
    assert!(
        v["findings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("no file altro.setup beside the game"),
        "{v}"
    );
    // --setup on the command line may be any path; its errors name it and its line.
    let bad = d.join("rotto.setup");
    std::fs::write(&bad, "\u{feff}S assedianti: Te1\nTurno: S\n").unwrap();
    let o = run(&["verify", "--setup", s(&bad), &format!("samples/{PARTITA1}")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("{}:", s(&bad))),
        "{}",
        stderr(&o)
    );
}

#[test]
fn devices_fifos_and_folders_are_refused_at_once() {
    let d = Scratch::new("hostile", "kinds");
    let fifo = d.join("f.pgn");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for (path, says) in [
        ("/dev/zero", "is a device"),
        (s(&fifo), "is a FIFO"),
        (s(&d), "is a folder"),
    ] {
        let t = Instant::now();
        let o = run(&["verify", path]);
        assert!(t.elapsed() < Duration::from_secs(5), "{path}");
        assert_eq!(o.status.code(), Some(2), "{path}");
        assert!(stderr(&o).contains(says), "{path}: {}", stderr(&o));
    }
    // Standard input of NUL bytes is refused from its first block.
    let t = Instant::now();
    let o = common::bin()
        .args(["verify", "-"])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("binary"), "{}", stderr(&o));
    // In a folder, a FIFO is skipped and counted (never opened: no hang); exit code 2.
    std::fs::write(d.join("g.pgn"), "1.e4 e5 *\n").unwrap();
    let t = Instant::now();
    let o = run(&["batch", s(&d)]);
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a FIFO"), "{}", stderr(&o));
}

#[test]
fn inputs_over_the_size_limit_are_refused() {
    let d = Scratch::new("hostile", "size");
    let f = d.join("big.pgn");
    // A sparse file of 3 GiB reads nothing.
    let file = std::fs::File::create(&f).unwrap();
    file.set_len(3 << 30).unwrap();
    let o = run(&["verify", s(&f)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("larger than 1024 MiB"),
        "{}",
        stderr(&o)
    );
    std::fs::write(&f, "1.e4 e5 *\n".repeat(200_000)).unwrap();
    let o = run(&["verify", "--max-input", "1", s(&f)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("larger than 1 MiB"), "{}", stderr(&o));
}

// ---- Nothing lost (items 10–15) ----

#[cfg(unix)]
#[test]
fn outputs_never_replace_links_devices_or_inputs() {
    let d = Scratch::new("hostile", "targets");
    let victim = d.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let link = d.join("out.html");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let game = format!("samples/{PARTITA1}");
    let o = run(&["render", &game, "--out", s(&link)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is not a regular file"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let o = run(&["selfplay", "--out", "/dev/null"]);
    assert_eq!(o.status.code(), Some(2));
    // Every input is protected: the scoring table, the set-up.
    let table = d.join("sc.toml");
    std::fs::write(&table, stdout(&run(&["scoring", "--print-default"]))).unwrap();
    let before = std::fs::read(&table).unwrap();
    let o = run(&[
        "contest",
        &game,
        "--team",
        "Tigri",
        "--at",
        "2026-10-17T16:45",
        "--scoring",
        s(&table),
        "--out",
        s(&table),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("refusing to write over the input file"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&table).unwrap(), before);
    // Nothing is left behind in the folder.
    let names: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".tmp")), "{names:?}");
}

#[test]
fn convert_writes_nothing_when_nothing_converts() {
    let d = Scratch::new("hostile", "convert");
    let bad = d.join("bad.txt");
    std::fs::write(&bad, "1.e4 e5 2.Ke3 *\n").unwrap();
    let target = d.join("existing.pgn");
    std::fs::write(&target, "precious").unwrap();
    // `--force`: the existing file may be replaced by a converted game, yet nothing is.
    let o = run(&[
        "--force",
        "convert",
        s(&bad),
        "--to",
        "pgn",
        "--out",
        s(&target),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("nothing written"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
}

#[test]
fn a_missing_report_folder_is_reported_before_the_run() {
    let o = run(&["batch", "samples", "--report", "/nonexistent-folder/r.csv"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("/nonexistent-folder: the folder cannot be used"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
}

#[test]
fn no_test_hook_ships() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src];
    while let Some(p) = stack.pop() {
        for e in std::fs::read_dir(&p).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let text = std::fs::read_to_string(&p).unwrap();
                assert!(!text.contains("ARBITRO_TEST"), "{}", p.display());
            }
        }
    }
}

#[test]
fn a_closed_stdout_keeps_the_exit_code() {
    let mut child = common::bin()
        .args([
            "verify",
            "samples/classical/handout.txt",
            "samples/superscacchi/orsi-volpi-sviste.txt",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn overlapping_paths_are_read_once() {
    let d = Scratch::new("hostile", "overlap");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(d.join("sub/g.pgn"), "1.e4 e5 *\n").unwrap();
    let csv = d.join("r.csv");
    let o = run(&["batch", s(&d), s(&d.join("sub")), "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 2);
}

#[test]
fn utf16_sheets_are_read_by_verify_and_named_by_batch() {
    let d = Scratch::new("hostile", "utf16");
    let f = d.join("g.pgn");
    let mut bytes = vec![0xFF, 0xFE];
    for u in "[Bianco \"Nicolò\"]\n1.e4 e5; 2.Ac4 d6; 3.Dh5 Cf6; 4.Dxf7#\n".encode_utf16() {
        bytes.extend(u.to_le_bytes());
    }
    std::fs::write(&f, bytes).unwrap();
    let o = run(&["verify", "--format", "json", s(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json(&o)["result"], "1-0");
    let o = run(&["batch", s(&d)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("UTF-16"), "{}", stderr(&o));
}

// ---- Bounded (issue 14) ----

#[test]
fn runaway_requests_are_capped() {
    let o = run(&["selfplay", "--plies", "4294967295"]);
    assert_eq!(o.status.code(), Some(2));
    let t = Instant::now();
    let o = run(&["batch", "-q", "-j", "5000", "samples"]);
    assert!(t.elapsed() < Duration::from_secs(20));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    for bad in [["show", "--game", "0"], ["render", "--game", "0"]] {
        let o = run(&[bad[0], "samples/classical/handout.txt", bad[1], bad[2]]);
        assert_eq!(o.status.code(), Some(2));
    }
    let o = run(&[
        "show",
        "samples/superscacchi/leoni-tigri-partita1.txt",
        "--at",
        "S:0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`0` is not a move number"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_full_standard_error_does_not_abort() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = common::bin()
        .args(["verify", "/nonexistent.pgn"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

// ---- Messages that name the cause (issue 14, item 13) ----

fn findings_of(text: &str) -> Vec<serde_json::Value> {
    let d = Scratch::new("hostile", "messages");
    let f = d.join("g.txt");
    std::fs::write(&f, text).unwrap();
    let v = json(&run(&["verify", "--format", "json", s(&f)]));
    v["findings"].as_array().unwrap().clone()
}

fn has(findings: &[serde_json::Value], code: &str, words: &str) -> bool {
    findings
        .iter()
        .any(|f| f["code"] == code && f["message"].as_str().unwrap_or("").contains(words))
}

#[test]
fn sheet_slips_are_named_as_they_are() {
    let t = sample(PARTITA1);
    let f = findings_of(&t.replacen("2. nera  P f2 - f3", "2. verde  P f2 - f3", 1));
    assert!(
        has(
            &f,
            "wrong-pen",
            "`verde` is not a pen: the pens are blu, nera, rossa"
        ),
        "{f:?}"
    );
    assert!(f.iter().all(|f| f["severity"] != "error"), "{f:?}");
    let f = findings_of(&t.replacen(
        "3. nera  P f3 - g3",
        "99999999999999999999. nera  P f3 - g3",
        1,
    ));
    assert!(
        has(&f, "sheet-numbering", "`99999999999999999999` is too large"),
        "{f:?}"
    );
    assert_eq!(
        f.iter().filter(|f| f["code"] == "sheet-numbering").count(),
        1,
        "{f:?}"
    );
    let f = findings_of(&t.replacen("5. nera  P l2 - l3", "5. nera  P l2 - l\u{435}3", 1));
    assert!(
        f.iter().any(|f| f["hint"]
            .as_str()
            .unwrap_or("")
            .contains("U+0435 CYRILLIC SMALL LETTER IE looks like `e`")),
        "{f:?}"
    );
    let f = findings_of(&t.replacen("5. nera  P l2 - l3", "5. nera  P l2 - l\u{200b}3", 1));
    assert!(
        f.iter().any(|f| f["hint"]
            .as_str()
            .unwrap_or("")
            .contains("U+200B ZERO WIDTH SPACE")),
        "{f:?}"
    );
    let f = findings_of(&t.replacen("2. nera  P f2 - f3", "2. nera  P f2 - f03", 1));
    assert!(f.iter().any(|f| f["code"] == "parse-error"), "{f:?}");
    let f = findings_of(&t.replace(
        "[Ammonimenti \"Leoni: 1, Tigri: 0\"]",
        "[Ammonimenti \"Leoni: 1, Tigri: 0, Leoni: 3\"]",
    ));
    assert!(
        has(
            &f,
            "register",
            "Leoni is named twice; the first count (1) is kept"
        ),
        "{f:?}"
    );
    let f = findings_of(&t.replace("[Fine \"2026-10-17T15:12\"]", "[Fine \"17/10/2026 15:12\"]"));
    assert!(
        f.iter()
            .any(|f| f["code"] == "register" && f["rule"] == "R43"),
        "{f:?}"
    );
}

#[test]
fn a_second_turn_order_in_a_set_up_is_refused() {
    let d = Scratch::new("hostile", "turno");
    let setup = sample("superscacchi/assedio-corto.setup");
    let f = d.join("doppio.setup");
    std::fs::write(&f, format!("{setup}\nTurno: S SO O NO N NE E SE\n")).unwrap();
    let o = run(&["verify", "--setup", s(&f), &format!("samples/{PARTITA1}")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a second `Turno:` line"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn new_writes_a_form_that_reads_back() {
    let d = Scratch::new("hostile", "new");
    let f = d.join("gara.txt");
    let o = run(&["new", "superscacchi", "--out", s(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&run(&["verify", "--format", "json", s(&f)]));
    // Only the empty sheets are wrong: the tags read, the comment lines are comments.
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["sheet-merge"]);
    // Dated today (a fixed date would be left in by mistake).
    let form = std::fs::read_to_string(&f).unwrap();
    let today = jiff::Zoned::now().date().strftime("%Y-%m-%d").to_string();
    assert!(form.contains(&format!("[Data \"{today}\"]")), "{form}");
    // Filled with a real game's sheets, it is a game.
    let game = sample(PARTITA1);
    let sheets = &game[game.find("[Esercito").unwrap()..];
    let header = &form[..form.find("\n[Esercito").unwrap()];
    std::fs::write(&f, format!("{header}\n{sheets}")).unwrap();
    let v = json(&run(&["verify", "--format", "json", s(&f)]));
    assert_eq!(v["valid"], true, "{v}");
    let o = run(&["new", "classical"]);
    assert!(stdout(&o).contains("[Bianco \"Cognome, Nome\"]"));
}

#[test]
fn verify_and_score_check_the_declared_result() {
    let p2 = "samples/superscacchi/leoni-tigri-partita2.txt";
    let o = run(&["verify", "--format", "json", p2]);
    assert_eq!(o.status.code(), Some(0));
    let f = json(&o)["findings"].as_array().unwrap().clone();
    assert!(
        has(
            &f,
            "result-mismatch",
            "[Risultato] declares Tigri 48, but the recomputed total is 98 (+50)"
        ),
        "{f:?}"
    );
    assert!(
        f.iter()
            .any(|f| f["code"] == "result-mismatch" && f["rule"] == "R43")
    );
    let o = run(&["score", "--format", "json", p2]);
    assert!(has(
        json(&o)["findings"].as_array().unwrap(),
        "result-mismatch",
        "Tigri 48"
    ));
    // The captain sees whether the verdict changes.
    let o = run(&[
        "contest",
        p2,
        "--team",
        "Tigri",
        "--at",
        "2026-10-17T18:10",
        "--tz",
        "Europe/Rome",
        "--format",
        "json",
    ]);
    assert_eq!(json(&o)["verdict_changes"], false);
}

#[test]
fn convert_keeps_what_the_sheet_wrote_around_its_moves() {
    let d = Scratch::new("hostile", "convert-keep");
    let f = d.join("g.pgn");
    std::fs::write(&f, "[FEN \"7k/8/8/8/8/8/8/R6K w - - 0 1\"]\n1. Ra8+ {the only check} $1 (1. Rb1 Kg7) Kh7 1-0\n").unwrap();
    let o = run(&["convert", s(&f), "--to", "pgn"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/R6K w - - 0 1\"]"),
        "{text}"
    );
    assert!(
        text.contains("1.Ra8+ {the only check} $1 (1. Rb1 Kg7) 1...Kh7 1-0"),
        "{text}"
    );
    let o = run(&["convert", s(&f), "--to", "it"]);
    assert!(
        stdout(&o)
            .contains("1.Ta8+ {the only check} $1 {variation as written: (1. Rb1 Kg7)} 1...Rh7"),
        "{}",
        stdout(&o)
    );
}

/// Runs arbitro under a 1 GiB address-space limit (`prlimit`) and a 10-second deadline:
/// the hidden probes' bounds. Returns the exit code (`None`: killed at the deadline).
fn bounded(args: &[&str]) -> Option<i32> {
    let mut child = Command::new("prlimit")
        .arg("--as=1073741824")
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_arbitro"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("prlimit (util-linux)");
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(10) {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn hostile_inputs_end_in_ten_seconds_within_a_gigabyte() {
    let d = Scratch::new("hostile", "bounded");
    let sparse = d.join("sparse.pgn");
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(10 << 30)
        .unwrap();
    let parens = d.join("parens.pgn");
    std::fs::write(&parens, format!("1.e4 e5 {}*\n", ") ".repeat(200_000))).unwrap();
    let deep = d.join("deep.pgn");
    std::fs::write(
        &deep,
        format!("1.e4 {}e5 {}*\n", "( ".repeat(70_000), ") ".repeat(70_000)),
    )
    .unwrap();
    let names = d.join("names.txt");
    let many: String = (0..160_000).map(|i| format!("T{i}: 1, ")).collect();
    std::fs::write(
        &names,
        sample(PARTITA1).replace("Leoni: 1, Tigri: 0", &many),
    )
    .unwrap();
    let huge = d.join("huge");
    std::fs::create_dir_all(&huge).unwrap();
    std::fs::write(
        huge.join("big.txt"),
        sample(PARTITA1) + &format!("% {}\n", "x".repeat(200)).repeat(200_000),
    )
    .unwrap();
    let fifo = d.join("fifo");
    std::fs::create_dir_all(&fifo).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(fifo.join("f.pgn"))
            .status()
            .unwrap()
            .success()
    );
    let probes: Vec<Vec<&str>> = vec![
        vec!["verify", "/dev/zero"],
        vec!["batch", "/dev/zero"],
        vec!["verify", s(&sparse)],
        vec!["batch", s(&d)],
        vec!["verify", s(&parens)],
        vec!["verify", s(&deep)],
        vec!["verify", s(&names)],
        vec!["batch", "-q", s(&huge)],
        vec!["batch", "-q", s(&fifo)],
        vec!["selfplay", "--plies", "20000"],
        vec!["batch", "-q", "-j", "5000", "samples"],
    ];
    for p in probes {
        let code = bounded(&p);
        assert!(matches!(code, Some(0..=2)), "{p:?}: {code:?}");
    }
}

#[test]
fn a_file_of_comments_only_is_no_game() {
    let d = Scratch::new("hostile", "comments");
    let f = d.join("solo.pgn");
    std::fs::write(&f, "% solo un commento\n{ e un altro }\n").unwrap();
    let o = run(&["verify", s(&f)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no game found in the file"),
        "{}",
        stderr(&o)
    );
    let o = run(&["batch", "-q", s(&d)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no game found in the file (only comments)"),
        "{}",
        stderr(&o)
    );
}

// ---- Packed archives (issue 32 point 8) ----

/// `text` packed as gzip, zstd and bzip2.
fn packed(text: &[u8]) -> [(&'static str, Vec<u8>); 3] {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text).unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(text).unwrap();
    let zst = zstd::encode_all(text, 1).unwrap();
    [
        ("gz", gz.finish().unwrap()),
        ("zst", zst),
        ("bz2", bz.finish().unwrap()),
    ]
}

/// The batch CSV's row of `file` (after its name): its cells.
fn batch_row(csv: &Path, file: &Path) -> String {
    let text = std::fs::read_to_string(csv).unwrap();
    let prefix = format!("{},", s(file));
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no row for {}: {text}", s(file)))
        .to_string()
}

#[test]
fn a_decompression_bomb_is_refused_counted_and_said_in_both_languages() {
    let d = Scratch::new("hostile", "bomb");
    // 64 MiB of spaces and line ends: a few hundred kilobytes packed, no NUL byte to give
    // it away as binary.
    let text = b"          \n".repeat(6 << 20);
    for (ext, bytes) in packed(&text) {
        assert!(bytes.len() < 1 << 20, "{ext}: {}", bytes.len());
        let f = d.join(format!("bomba.pgn.{ext}"));
        std::fs::write(&f, &bytes).unwrap();
        let csv = d.join(format!("r-{ext}.csv"));
        let start = Instant::now();
        let o = run(&[
            "batch",
            "-q",
            "--max-input",
            "16",
            s(&f),
            "--report",
            s(&csv),
        ]);
        assert!(start.elapsed() < Duration::from_secs(60));
        assert_eq!(o.status.code(), Some(2), "{ext}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("larger than 16 MiB once unpacked (a decompression bomb?), the most arbitro reads from one input (--max-input counts the unpacked bytes)"),
            "{ext}: {}",
            stderr(&o)
        );
        assert!(
            batch_row(&csv, &f).starts_with(",,false,1,0,too-large,"),
            "{ext}"
        );
        assert!(stdout(&o).contains("too-large"), "{}", stdout(&o));
        // Counted in the summary too: one file skipped, no game.
        let o = run(&["batch", "--lang", "it", "--max-input", "16", s(&f)]);
        assert_eq!(o.status.code(), Some(2), "{ext}");
        assert!(
            stderr(&o).contains("più grande di 16 MiB una volta decompresso (una bomba di decompressione?), il massimo che arbitro legge da un ingresso (--max-input conta i byte decompressi)"),
            "{ext}: {}",
            stderr(&o)
        );
        let codes = stdout(&o);
        let row = codes
            .lines()
            .find(|l| l.contains("too-large"))
            .unwrap_or_else(|| panic!("{codes}"));
        assert!(row.contains(" 1 "), "{ext}: {row}");
        for lang in ["en", "it"] {
            let o = run(&["verify", "--lang", lang, "--max-input", "16", s(&f)]);
            assert_eq!(o.status.code(), Some(2), "{ext}");
            let said = match lang {
                "en" => "larger than 16 MiB once unpacked (a decompression bomb?)",
                _ => "più grande di 16 MiB una volta decompresso (una bomba di decompressione?)",
            };
            assert!(stderr(&o).contains(said), "{ext}: {}", stderr(&o));
        }
        // A plain file past the limit is not said to be unpacked.
        let plain = d.join("grande.pgn");
        std::fs::write(&plain, &text[..17 << 20]).unwrap();
        let o = run(&["verify", "--lang", "it", "--max-input", "16", s(&plain)]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("più grande di 16 MiB, il massimo"),
            "{}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("decompress"), "{}", stderr(&o));
    }
}

#[test]
fn a_truncated_archive_is_an_unreadable_row_and_an_error() {
    let d = Scratch::new("hostile", "truncated-archive");
    let text = sample("classical/philidor.pgn").repeat(20);
    for (ext, bytes) in packed(text.as_bytes()) {
        let f = d.join(format!("partite.pgn.{ext}"));
        std::fs::write(&f, &bytes[..bytes.len() * 2 / 3]).unwrap();
        let csv = d.join(format!("r-{ext}.csv"));
        let o = run(&["batch", "-q", s(&f), "--report", s(&csv)]);
        assert_eq!(o.status.code(), Some(2), "{ext}: {}", stderr(&o));
        let text = std::fs::read_to_string(&csv).unwrap();
        let last = text.lines().last().unwrap();
        assert!(last.contains(",false,1,0,unreadable,"), "{ext}: {text}");
        let name = match ext {
            "gz" => "gzip",
            "zst" => "zstd",
            _ => "bzip2",
        };
        assert!(
            last.contains(&format!("cannot read: the {name} archive is")),
            "{ext}: {last}"
        );
        let o = run(&["verify", "--lang", "it", s(&f)]);
        assert_eq!(o.status.code(), Some(2), "{ext}");
        assert!(
            stderr(&o).contains(&format!("non si può leggere: l'archivio {name} è")),
            "{ext}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn garbage_after_a_gzip_magic_is_a_damaged_archive() {
    let d = Scratch::new("hostile", "gzip-garbage");
    let f = d.join("finto.pgn");
    let mut bytes = vec![0x1f, 0x8b];
    bytes.extend(sample("classical/philidor.pgn").bytes());
    std::fs::write(&f, &bytes).unwrap();
    let csv = d.join("r.csv");
    let o = run(&["batch", "-q", s(&f), "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        batch_row(&csv, &f),
        ",,false,1,0,unreadable,,,,,,,,,,,,,,,,,,,,,,,,,,,unreadable,cannot read: the gzip archive is damaged: it cannot be unpacked"
    );
    let o = run(&["verify", s(&f)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the gzip archive is damaged: it cannot be unpacked"),
        "{}",
        stderr(&o)
    );
}
