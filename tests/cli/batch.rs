//! `arbitro batch`: report formats, atomic writing, exit codes, and the bad inputs of
//! `tests/bad-inputs/` plus those made here (an enormous line, a link loop); permissions
//! are in `permissions.rs`.

use std::path::Path;
use std::process::Output;

use crate::common;
use common::{Arbitro, Scratch, run, stderr, stdout};

fn tmp(name: &str) -> Scratch {
    Scratch::new("batch", name)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const HEADER: &str = "file,game,variant,valid,errors,warnings,first_error_code,first_error_army,first_error_move,first_error_ply,besiegers,besiegers_total,besieged,besieged_total,winner,white,black,phase,group,declared_result,mode,play_min,besiegers_sospensioni,besieged_sospensioni,besiegers_time_left,besieged_time_left,event,date,site,round,white_elo,black_elo,plies,codes,first_error_message";

#[test]
fn bad_inputs_each_become_a_row_and_the_run_goes_on() {
    let d = tmp("bad");
    let csv = d.join("r.csv");
    let o = run(&["batch", "tests/bad-inputs", "--report", s(&csv)]);
    // The binary archive is a row with its code and message (issue 32), is named on
    // standard error, and makes the run end with exit code 2 (unusable input), after every
    // other file was checked.
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("error: tests/bad-inputs/archive.pgn: the file is binary (a NUL byte at offset 4), not a game file"),
        "{err}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(
        text,
        format!(
            "{HEADER}\n\
             tests/bad-inputs/archive.pgn,,,false,1,0,binary-input,,,,,,,,,,,,,,,,,,,,,,,,,,,binary-input,\"the file is binary (a NUL byte at offset 4), not a game file\"\n\
             tests/bad-inputs/empty.pgn,,,false,1,0,empty-input,,,,,,,,,,,,,,,,,,,,,,,,,,,empty-input,the file is empty: there is no game to check\n\
             tests/bad-inputs/mixed-encodings.pgn,1,classical,true,0,0,,,,,,,,,1-0,Nicolò,,,,1-0,,,,,,,uno,,,,,,2,,\n\
             tests/bad-inputs/mixed-encodings.pgn,2,classical,true,0,0,,,,,,,,,0-1,Nicolò,,,,0-1,,,,,,,due,,,,,,2,latin1-input,\n\
             tests/bad-inputs/truncated-sheet.txt,1,superscacchi,false,1,0,sheet-merge,,,,Orsi,,Volpi,,,,,,,,2v2,,0,0,,,Torneo sociale SuperScacchi 2026,2026-11-07,,,,,0,sheet-merge,\"no sheet for armies SO, O, NO, N, NE, E, SE: a game has eight sheets, one per army ([Esercito \"\"S\"\"] … [Esercito \"\"SE\"\"])\"\n\
             tests/bad-inputs/truncated.pgn,1,classical,true,0,0,,,,,,,,,1-0,\"Philidor, Francois Andre Dani\",Analysis\\ Analyse,,,1-0,,,,,,,Game one,1749.??.??,?,?,,,79,,\n\
             tests/bad-inputs/truncated.pgn,2,classical,true,0,1,,,,,,,,,*,,,,,,,,,,,,London,1783.??.??,London,,,,0,bad-tag,\n\
             tests/bad-inputs/unclosed-comment.pgn,1,classical,false,1,0,parse-error,,,,,,,,*,,,,,,,,,,,,x,,,,,,1,parse-error,this comment is never closed\n"
        )
    );
    // No temporary file is left beside the report.
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("r.csv")]);
}

#[test]
fn jsonl_report_and_fail_on() {
    let d = tmp("jsonl");
    let jsonl = d.join("r.jsonl");
    let o = run(&[
        "batch",
        "-q",
        "samples/classical/torneo-scuola.txt",
        "samples/classical/philidor.pgn",
        "--report",
        s(&jsonl),
    ]);
    assert_eq!(o.status.code(), Some(1)); // game 4 of the school games has an error
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[3]["game"], 4);
    assert_eq!(lines[3]["findings"][0]["code"], "ambiguous-move");
    assert_eq!(lines[3]["findings"][0]["line"], 43);
    // Only warnings: --fail-on error passes, --fail-on warning fails.
    let o = run(&[
        "batch",
        "-q",
        "samples/classical/handout-corretto.txt",
        "samples/superscacchi/leoni-tigri-partita1.txt",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let o = run(&[
        "batch",
        "-q",
        "--fail-on",
        "warning",
        "tests/bad-inputs/mixed-encodings.pgn",
    ]);
    assert_eq!(o.status.code(), Some(0)); // infos only
    let o = run(&[
        "batch",
        "-q",
        "--fail-on",
        "warning",
        "samples/classical/philidor.pgn",
        "../shared/conformance/superscacchi/g02-004-f2-wrong-pen.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["batch", "-q", "--report", "r.txt", "samples"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_report_never_overwrites_an_input() {
    let d = tmp("overwrite");
    let game = d.join("games.pgn");
    std::fs::write(&game, "1.e4 e5 *\n").unwrap();
    // Reports end in .csv or .jsonl and games in .pgn, .txt or .ssc: a report named like a
    // game is refused before anything is written.
    let o = run(&["batch", "-q", s(&d), "--report", s(&d.join("games.pgn"))]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&game).unwrap(), "1.e4 e5 *\n");
}

#[test]
fn an_enormous_line_is_a_row_not_a_crash() {
    let d = tmp("huge");
    let mut line = "1.Cf3 Cf6 2.Cg1 Cg8 ".repeat(100_000); // 2 MB on one line
    line.push('\n');
    std::fs::write(d.join("huge.pgn"), format!("[Event \"x\"]\n{line}")).unwrap();
    std::fs::write(d.join("ok.pgn"), "1.e4 e5 *\n").unwrap();
    let csv = d.join("r.csv");
    let o = run(&[
        "batch",
        "-q",
        s(&d),
        "--max-game",
        "1000000",
        "--report",
        s(&csv),
    ]);
    // A part of a file not read is unusable input: exit code 2, and stderr says where.
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(
            "huge.pgn: the game at line 1 is longer than 1000000 bytes (--max-game): it is not read"
        ),
        "{err}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    // The part of huge.pgn with the long line is one row (its tag line goes with it).
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows.iter()
            .any(|r| r.contains("huge.pgn,,,false,1,0,unreadable")),
        "{text}"
    );
    assert!(
        rows.last()
            .unwrap()
            .ends_with("ok.pgn,1,classical,true,0,0,,,,,,,,,*,,,,,*,,,,,,,,,,,,,2,,"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn links_never_lead_out_or_around() {
    let d = tmp("links");
    let inner = d.join("archivio");
    std::fs::create_dir_all(inner.join("a")).unwrap();
    std::fs::write(inner.join("a/g.pgn"), "1.e4 e5 *\n").unwrap();
    std::os::unix::fs::symlink(&inner, inner.join("a/loop")).unwrap();
    let outside = d.join("fuori");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("h.pgn"), "1.d4 d5 *\n").unwrap();
    std::os::unix::fs::symlink(&outside, inner.join("out")).unwrap();
    std::fs::write(inner.join(".nascosto.pgn"), "1.c4 *\n").unwrap();
    let csv = d.join("r.csv");
    let o = run(&["batch", s(&inner), "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert!(err.contains("a folder already read"), "{err}");
    assert!(err.contains("leads out of the given folders"), "{err}");
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}"); // header + g.pgn only
}

#[test]
fn a_missing_path_is_an_error_even_when_quiet() {
    let o = run(&[
        "batch",
        "-q",
        "no/such/archive",
        "samples/classical/philidor.pgn",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("error: no/such/archive: cannot read"), "{err}");
}

#[test]
fn a_setup_file_named_by_the_game_is_found_beside_it() {
    let d = tmp("setup");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let game = std::fs::read_to_string(root.join("samples/superscacchi/leoni-tigri-partita1.txt"))
        .unwrap();
    std::fs::copy(
        root.join("samples/superscacchi/assedio-corto.setup"),
        d.join("mio.setup"),
    )
    .unwrap();
    std::fs::write(
        d.join("g.txt"),
        game.replace("\"assedio-corto\"", "\"mio.setup\""),
    )
    .unwrap();
    let csv = d.join("r.csv");
    let o = run(&["batch", "-q", s(&d), "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(&csv)
            .unwrap()
            .contains("g.txt,1,superscacchi,true")
    );
    // --max-input holds for the set-up file too, as in `verify`: a larger one is refused.
    let mut big = std::fs::read_to_string(d.join("mio.setup")).unwrap();
    while big.len() <= 1 << 20 {
        big.push_str("# padding\n");
    }
    std::fs::write(d.join("mio.setup"), big).unwrap();
    let o = run(&[
        "--max-input",
        "1",
        "batch",
        "-q",
        s(&d),
        "--report",
        s(&csv),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        text.contains("g.txt,1,superscacchi,false,1,0,bad-setup"),
        "{text}"
    );
}

#[test]
fn the_summary_counts_the_same_with_or_without_a_report() {
    // Without a report `batch` counts findings only; with one it builds every report.
    let d = tmp("summary");
    let paths = ["samples", "tests/bad-inputs", "../shared/data/pgn"];
    let table = |o: &Output| {
        // The summary tables, less the timing columns of the first.
        stdout(o)
            .lines()
            .map(|l| {
                let cells: Vec<&str> = l.split('┆').collect();
                if cells.len() == 8 {
                    cells[..6].join("┆")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    // A wide terminal: each header on one line, whatever the timing columns hold.
    let wide = [("COLUMNS", "200")];
    let plain = Arbitro::new()
        .envs(&wide)
        .run(&[&["batch", "--quiet"][..], &paths[..]].concat());
    let csv = d.join("r.csv");
    let with = Arbitro::new()
        .envs(&wide)
        .run(&[&["batch", "--quiet", "--report", s(&csv)][..], &paths[..]].concat());
    // samples/classical/due-risultati-nero.txt: an error (ambiguous moves), issue 28.
    // tests/bad-inputs holds a binary file: a row of its own (issue 32), so exit code 2.
    assert_eq!(plain.status.code(), Some(2));
    assert_eq!(with.status.code(), Some(2));
    let t = table(&plain);
    assert!(
        t.contains("│ 53    ┆ 0       ┆ 1,055 ┆ 1,044 ┆ 11          ┆ 7 "),
        "{t}"
    );
    assert!(
        t.contains("│ missing-mate-mark     ┆ 32    ┆ a mate written without its #  "),
        "{t}"
    );
    assert_eq!(t, table(&with));
}

/// Issue 12: the reports are written as the games are checked, in file and game order
/// whatever the threads: one thread and two give the same bytes, and the folder holds the
/// reports and nothing else (no temporary file left behind).
#[test]
fn reports_stream_in_order_whatever_the_threads() {
    let d = tmp("stream");
    let paths = ["samples", "../shared/data/pgn"];
    let mut got = Vec::new();
    for jobs in ["1", "2"] {
        let (csv, jsonl) = (
            d.join(format!("r{jobs}.csv")),
            d.join(format!("r{jobs}.jsonl")),
        );
        let o = run(&[
            &[
                "batch",
                "--quiet",
                "--jobs",
                jobs,
                "--report",
                s(&csv),
                "--report",
                s(&jsonl),
            ][..],
            &paths[..],
        ]
        .concat());
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        got.push((
            std::fs::read_to_string(&csv).unwrap(),
            std::fs::read_to_string(&jsonl).unwrap(),
        ));
    }
    assert!(
        got[0] == got[1],
        "one thread and two wrote different reports"
    );
    let (csv, jsonl) = &got[0];
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with("file,game,variant,"));
    // Every game of the archive in its file's order: the numbers of one file run 1, 2, 3…
    let mut last = ("", 0usize);
    for l in &lines[1..] {
        let mut cells = l.splitn(3, ',');
        let (file, game) = (cells.next().unwrap(), cells.next().unwrap());
        let game: usize = game.parse().unwrap();
        if file == last.0 {
            assert_eq!(game, last.1 + 1, "{l}");
        } else {
            assert_eq!(game, 1, "{l}");
        }
        last = (file, game);
    }
    assert_eq!(jsonl.lines().count(), lines.len() - 1);
    let mut left: Vec<String> = std::fs::read_dir(&*d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["r1.csv", "r1.jsonl", "r2.csv", "r2.jsonl"]);
}

/// A report is made to be shared: it gets the permissions of any new file (as `touch`
/// would give it under the same umask), not the owner-only ones of a temporary file.
#[test]
fn a_report_has_the_permissions_of_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    let d = tmp("perm");
    let csv = d.join("r.csv");
    let o = run(&["batch", "--quiet", "--report", s(&csv), "samples/classical"]);
    assert!(o.status.code().is_some_and(|c| c < 2), "{}", stderr(&o));
    let plain = d.join("plain");
    std::fs::File::create(&plain).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&csv), mode(&plain));
}

/// `--max-game` bounds a game, not a block: each Philidor game (about 700 bytes over many
/// lines) is one `unreadable` row under a 300-byte limit, and nothing of it is read as a
/// game of its own (no invented game, no false illegal move); with room, both are valid.
#[test]
fn max_game_drops_whole_games_and_only_them() {
    let d = tmp("maxgame");
    let csv = d.join("r.csv");
    let f = "samples/classical/philidor.pgn";
    let o = run(&["batch", "-q", f, "--max-game", "300", "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(2));
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(
        rows,
        [
            "samples/classical/philidor.pgn,,,false,1,0,unreadable,,,,,,,,,,,,,,,,,,,,,,,,,,,unreadable,the game at line 1 is longer than 300 bytes (--max-game): it is not read",
            "samples/classical/philidor.pgn,,,false,1,0,unreadable,,,,,,,,,,,,,,,,,,,,,,,,,,,unreadable,the game at line 20 is longer than 300 bytes (--max-game): it is not read"
        ]
    );
    let err = stderr(&o);
    assert!(
        err.contains("the game at line 20 is longer than 300 bytes"),
        "{err}"
    );
    let o = run(&["batch", "-q", f, "--max-game", "1000", "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(0));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.contains(",classical,true,"))
            .count(),
        2
    );
}

/// A file pasted together from a UTF-8 and a Latin-1 source: `verify` and `batch` read the
/// same names from it (the tournament matches them against its list of players).
#[test]
fn verify_and_batch_read_a_mixed_file_alike() {
    let d = tmp("mixed");
    let csv = d.join("r.csv");
    let f = "tests/bad-inputs/mixed-encodings.pgn";
    let o = run(&["batch", "-q", f, "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(0));
    let batch = std::fs::read_to_string(&csv).unwrap();
    let o = run(&["verify", "--format", "csv", f]);
    let verify = stdout(&o);
    let whites = |t: &str| -> Vec<String> {
        t.lines()
            .skip(1)
            .map(|l| l.split(',').nth(15).unwrap().to_string())
            .collect()
    };
    assert_eq!(whites(&batch), ["Nicolò", "Nicolò"]);
    assert_eq!(whites(&verify), whites(&batch));
}
