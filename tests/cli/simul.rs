//! `arbitro simul` (issue 30, `simul-rules.md` S1–S8): every rule and every simul finding
//! code, with exact codes, board numbers, tally figures and exit codes, run through the
//! binary on exhibitions written into scratch folders.

use crate::common;
use common::Scratch;
use serde_json::{Value, json};
use std::path::Path;

const MASTER: &str = "Rossi, Mario";

/// A short game the master (White) wins by mate: `1-0` on the board.
const MATE: &str = "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.Dxf7#";
/// A few quiet moves, no end on the board.
const QUIET: &str = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6";

/// One game file: the tags given (`[Name "value"]` each), then the moves and the result.
fn game(tags: &[(&str, &str)], moves: &str, result: &str) -> String {
    let mut s = String::new();
    for (k, v) in tags {
        s.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    s.push_str(&format!("[Risultato \"{result}\"]\n\n{moves} {result}\n"));
    s
}

/// A game with `[Maestro]`, `[Scacchiera]`, the players and `extra` tags.
fn sheet(
    maestro: &str,
    n: &str,
    (white, black): (&str, &str),
    extra: &[(&str, &str)],
    moves: &str,
    result: &str,
) -> String {
    let mut tags = vec![
        ("Maestro", maestro),
        ("Scacchiera", n),
        ("Bianco", white),
        ("Nero", black),
    ];
    tags.extend_from_slice(extra);
    game(&tags, moves, result)
}

/// A board where the master has White against `who`, with `[Maestro]` and `[Scacchiera]`.
fn board(n: u32, who: &str, moves: &str, result: &str) -> String {
    let n = n.to_string();
    game(
        &[
            ("Maestro", MASTER),
            ("Scacchiera", &n),
            ("Bianco", MASTER),
            ("Nero", who),
        ],
        moves,
        result,
    )
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// Runs `arbitro simul` in `dir` with `args`; the JSON report and the exit code.
fn simul_json(dir: &Path, args: &[&str]) -> (Value, i32) {
    let o = common::bin()
        .arg("simul")
        .args(args)
        .args(["--format", "json"])
        .current_dir(dir)
        .output()
        .unwrap();
    let code = o.status.code().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    let v = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "{e}: {text}\nstderr: {}",
            String::from_utf8_lossy(&o.stderr)
        )
    });
    (v, code)
}

/// Runs `arbitro simul` with `args` (any format); standard output, error and exit code.
fn simul_run(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let o = common::bin()
        .arg("simul")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code().unwrap(),
    )
}

/// The codes of a board's findings, by board number (the first board with it).
fn codes(v: &Value, n: u64) -> Vec<String> {
    let b = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["board"] == n)
        .unwrap_or_else(|| panic!("no board {n}"));
    b["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect()
}

/// The tally JSON expected (S6, S8): won, drawn, lost, unfinished; points; percentage;
/// the unfinished boards and the boards to check (none left untallied).
fn tally(
    wdlu: [u32; 4],
    points: f64,
    percentage: Option<f64>,
    unfinished: &[u32],
    to_check: &[u32],
) -> Value {
    let [won, drawn, lost, left] = wdlu;
    json!({"won": won, "drawn": drawn, "lost": lost, "unfinished": left, "points": points,
           "finished": won + drawn + lost, "percentage": percentage,
           "unfinished_boards": unfinished, "to_check": to_check, "not_tallied": []})
}

fn board_of(v: &Value, n: u64) -> &Value {
    v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["board"] == n)
        .unwrap()
}

/// The simul-level findings as (code, board, severity).
fn simul_findings(v: &Value) -> Vec<(String, Value, String)> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["board"].clone(),
                f["severity"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn s1_s6_a_clean_simul_is_numbered_tallied_and_exits_0() {
    let d = Scratch::new("simul", "clean");
    write(&d, "1.txt", &board(1, "Bianchi, Luca", MATE, "1-0"));
    write(&d, "2.txt", &board(2, "Verdi, Anna", QUIET, "1/2-1/2"));
    write(&d, "3.txt", &board(3, "Neri, Paolo", QUIET, "0-1"));
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 0);
    assert_eq!(v["master"], MASTER);
    assert_eq!(v["tally"], tally([1, 1, 1, 0], 1.5, Some(50.0), &[], &[]));
    let b1 = board_of(&v, 1);
    assert_eq!(b1["file"], "./1.txt");
    assert_eq!(b1["game"], 1);
    assert_eq!(b1["opponent"], "Bianchi, Luca");
    assert_eq!(b1["master_colour"], "white");
    assert_eq!(b1["result"], "1-0");
    assert_eq!(b1["master_points"], 1.0);
    assert_eq!(b1["plies"], 7);
    assert_eq!(b1["valid"], true);
    assert_eq!(board_of(&v, 2)["master_points"], 0.5);
    assert_eq!(board_of(&v, 3)["master_points"], 0.0);
    assert_eq!(v["findings"], json!([]));
}

#[test]
fn s1_s8_untagged_boards_follow_the_highest_tag_in_natural_order() {
    let d = Scratch::new("simul", "numbers");
    let untagged = |who: &str| {
        game(
            &[("Maestro", MASTER), ("Bianco", MASTER), ("Nero", who)],
            QUIET,
            "1-0",
        )
    };
    // `10.txt` comes after `2.txt` (natural order); a file of two games gives two boards.
    write(&d, "10.txt", &untagged("Dieci"));
    write(
        &d,
        "2.txt",
        &format!("{}\n{}", untagged("Due-a"), untagged("Due-b")),
    );
    write(&d, "5.txt", &board(5, "Cinque", QUIET, "1-0"));
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 0);
    let order: Vec<(u64, String, u64)> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["board"].as_u64().unwrap(),
                b["opponent"].as_str().unwrap().to_string(),
                b["game"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            (5, "Cinque".to_string(), 1),
            (6, "Due-a".to_string(), 1),
            (7, "Due-b".to_string(), 2),
            (8, "Dieci".to_string(), 1)
        ]
    );
}

#[test]
fn s1_s8_duplicate_board_is_an_error_on_the_second_and_both_are_tallied() {
    let d = Scratch::new("simul", "duplicate");
    write(&d, "a.txt", &board(4, "Primo", QUIET, "1-0"));
    write(&d, "b.txt", &board(4, "Secondo", QUIET, "0-1"));
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 1);
    assert_eq!(
        simul_findings(&v),
        [("duplicate-board".to_string(), json!(4), "error".to_string())]
    );
    assert_eq!(v["findings"][0]["file"], "./b.txt");
    assert_eq!(v["findings"][0]["rule"], "S1");
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    assert_eq!(
        (boards[0]["valid"].clone(), boards[1]["valid"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(v["tally"]["won"], 1);
    assert_eq!(v["tally"]["lost"], 1);
    assert_eq!(v["tally"]["to_check"], json!([4]));
}

#[test]
fn s1_s8_the_master_from_the_maestro_tag_and_two_masters() {
    let d = Scratch::new("simul", "two-masters");
    write(&d, "1.txt", &board(1, "Uno", QUIET, "1-0"));
    write(&d, "2.txt", &board(2, "Due", QUIET, "1-0"));
    // Board 3 names another master: the one most boards give is the master.
    let other = sheet("Bianchi, Carlo", "3", (MASTER, "Tre"), &[], QUIET, "1-0");
    write(&d, "3.txt", &other);
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 1);
    assert_eq!(v["master"], MASTER);
    assert_eq!(
        simul_findings(&v),
        [("two-masters".to_string(), json!(3), "error".to_string())]
    );
    assert_eq!(v["findings"][0]["line"], 1);
    // The board itself still counts: the master plays it.
    assert_eq!(v["tally"]["won"], 3);
    // --maestro decides; a master who plays on no board is an error.
    let (_, err, code) = simul_run(&d, &[".", "--maestro", "Bianchi, Carlo"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn s8_maestro_given_names_the_tags_of_someone_else_two_masters() {
    let d = Scratch::new("simul", "given");
    write(&d, "1.txt", &board(1, "Uno", QUIET, "1-0"));
    let (v, code) = simul_json(&d, &[".", "--maestro", "  rossi, MARIO "]);
    assert_eq!(code, 0, "the same name in T1 form: no finding");
    assert_eq!(v["findings"], json!([]));
    assert_eq!(v["master"], "rossi, MARIO");
    let (v, code) = simul_json(&d, &[".", "--maestro", "Uno"]);
    // Uno is the master (Black on board 1, no agreement); [Maestro] names Rossi.
    assert_eq!(code, 1);
    assert_eq!(
        simul_findings(&v),
        [("two-masters".to_string(), json!(1), "error".to_string())]
    );
    assert_eq!(codes(&v, 1), ["master-black"]);
    assert_eq!(board_of(&v, 1)["master_colour"], "black");
    assert_eq!(board_of(&v, 1)["master_points"], 0.0);
}

#[test]
fn s1_errors_no_master_no_board_and_a_maestro_on_no_board_exit_2() {
    let d = Scratch::new("simul", "errors");
    let (out, err, code) = simul_run(&d, &["."]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("no board"), "{err}");
    write(
        &d,
        "1.txt",
        &game(&[("Bianco", MASTER), ("Nero", "Uno")], QUIET, "1-0"),
    );
    write(
        &d,
        "2.txt",
        &game(&[("Bianco", MASTER), ("Nero", "Due")], QUIET, "1-0"),
    );
    let (_, err, code) = simul_run(&d, &["."]);
    assert_eq!(code, 2);
    assert!(err.contains("who is the master?"), "{err}");
    assert!(
        err.contains("`Rossi, Mario`"),
        "the likely master is named: {err}"
    );
    let (_, err, code) = simul_run(&d, &[".", "--maestro", "Bianchi, Carlo"]);
    assert_eq!(code, 2);
    assert!(err.contains("`Bianchi, Carlo` plays on no board"), "{err}");
    let (_, err, code) = simul_run(&d, &[".", "--maestro", "Bianchi, Carlo", "--lang", "it"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("il maestro `Bianchi, Carlo` non gioca su nessuna scacchiera"),
        "{err}"
    );
    let (v, code) = simul_json(&d, &[".", "--maestro", MASTER]);
    assert_eq!(code, 0);
    assert_eq!(v["tally"]["won"], 2);
}

#[test]
fn s2_s8_a_board_without_the_master_is_listed_with_nulls_and_not_tallied() {
    let d = Scratch::new("simul", "not-master");
    write(&d, "1.txt", &board(1, "Uno", QUIET, "1-0"));
    // Case and outer spaces do not count (T1): still the master.
    let case = sheet(MASTER, "2", (" ROSSI, mario ", "Due"), &[], QUIET, "1-0");
    write(&d, "2.txt", &case);
    // Inner spaces count (T1): not the master.
    let spaced = sheet(MASTER, "3", ("Rossi,  Mario", "Tre"), &[], QUIET, "1-0");
    write(&d, "3.txt", &spaced);
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 1);
    assert_eq!(board_of(&v, 2)["master_colour"], "white");
    let b3 = board_of(&v, 3);
    assert_eq!(b3["master_colour"], Value::Null);
    assert_eq!(b3["opponent"], Value::Null);
    assert_eq!(b3["master_points"], Value::Null);
    assert_eq!(b3["result"], "1-0");
    assert_eq!(b3["valid"], false);
    assert_eq!(
        simul_findings(&v),
        [("not-master".to_string(), json!(3), "error".to_string())]
    );
    assert_eq!(v["findings"][0]["rule"], "S2");
    assert_eq!(v["tally"]["won"], 2);
    assert_eq!(v["tally"]["finished"], 2);
    assert_eq!(v["tally"]["not_tallied"], json!([3]));
    assert_eq!(v["tally"]["to_check"], json!([3]));
}

#[test]
fn s3_master_black_is_a_warning_unless_agreed() {
    let d = Scratch::new("simul", "black");
    let black = |n: &str, extra: Option<(&str, &str)>| {
        let mut tags = vec![
            ("Maestro", MASTER),
            ("Scacchiera", n),
            ("Bianco", "Partecipante"),
            ("Nero", MASTER),
        ];
        tags.extend(extra);
        game(&tags, QUIET, "0-1")
    };
    write(&d, "1.txt", &black("1", None));
    write(&d, "2.txt", &black("2", Some(("Colore", "concordato"))));
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 0, "a warning is no error");
    let f1 = &board_of(&v, 1)["findings"][0];
    assert_eq!(
        (
            f1["code"].as_str(),
            f1["severity"].as_str(),
            f1["rule"].as_str()
        ),
        (Some("master-black"), Some("warning"), Some("S3"))
    );
    assert_eq!(f1["line"], 4, "at the [Nero] tag");
    let f2 = &board_of(&v, 2)["findings"][0];
    assert_eq!(
        (f2["code"].as_str(), f2["severity"].as_str()),
        (Some("master-black"), Some("info"))
    );
    assert_eq!(v["tally"]["won"], 2);
    assert_eq!(board_of(&v, 1)["master_colour"], "black");
    assert_eq!(board_of(&v, 1)["opponent"], "Partecipante");
    let (v, _) = simul_json(&d, &[".", "--colori-concordati"]);
    assert_eq!(board_of(&v, 1)["findings"][0]["severity"], "info");
}

#[test]
fn s4_every_finding_of_verify_and_an_error_board_counts_as_declared() {
    let d = Scratch::new("simul", "verify");
    write(&d, "1.txt", &board(1, "Uno", "1.e4 e5 2.Dh4 Cc6", "1-0"));
    write(
        &d,
        "2.txt",
        &board(
            2,
            "Due",
            "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Axc6 dxc6",
            "1/2-1/2",
        ),
    );
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 1);
    assert_eq!(codes(&v, 1), ["illegal-move"]);
    let f = &board_of(&v, 1)["findings"][0];
    assert_eq!(
        (f["line"].clone(), f["column"].clone()),
        (json!(7), json!(11))
    );
    assert_eq!(board_of(&v, 1)["master_points"], 1.0);
    assert_eq!(codes(&v, 2), Vec::<String>::new());
    assert_eq!(v["tally"]["won"], 1);
    assert_eq!(v["tally"]["drawn"], 1);
    assert_eq!(v["tally"]["to_check"], json!([1]));
}

#[test]
fn s4_s8_a_take_back_is_one_take_back_in_simul_never_jolly_misuse() {
    let d = Scratch::new("simul", "take-back");
    // Black takes back 2...Cc6 and 3.Ab5 ({jolly} after White's reply), then plays on.
    let black = "1.e4 e5 2.Cf3 Cc6 3.Ab5 {jolly} 2...Cf6 3.Cxe5";
    write(&d, "1.txt", &board(1, "Uno", black, "1-0"));
    // The master takes back too, in a game that says phase 1: still a take-back (S8).
    let white = "1.e4 e5 2.Cf3 Cc6 {jolly} 2.Cc3 Cf6";
    let tagged = sheet(MASTER, "2", (MASTER, "Due"), &[("Fase", "1")], white, "1-0");
    write(&d, "2.txt", &tagged);
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 1);
    assert_eq!(codes(&v, 1), ["take-back-in-simul"]);
    let f = &board_of(&v, 1)["findings"][0];
    assert_eq!(
        (f["army"].clone(), f["rule"].clone(), f["severity"].clone()),
        (json!("black"), json!("S4"), json!("error"))
    );
    assert_eq!(
        (f["line"].clone(), f["column"].clone()),
        (json!(7), json!(25))
    );
    assert_eq!(codes(&v, 2), ["take-back-in-simul"]);
    assert_eq!(board_of(&v, 2)["findings"][0]["army"], "white");
    // Counted as declared, listed to check.
    assert_eq!(v["tally"]["won"], 2);
    assert_eq!(v["tally"]["to_check"], json!([1, 2]));
    assert_eq!(board_of(&v, 1)["plies"], 5);
}

#[test]
fn s5_a_move_not_made_is_a_forfeit_when_the_master_wins_else_a_warning() {
    let d = Scratch::new("simul", "no-move");
    let term = |n: &str, result: &str| {
        let term = [("Terminazione", "mossa non eseguita")];
        sheet(MASTER, n, (MASTER, "P"), &term, "1.e4 e5 2.Cf3", result)
    };
    write(&d, "1.txt", &term("1", "1-0"));
    write(&d, "2.txt", &term("2", "1/2-1/2"));
    write(&d, "3.txt", &term("3", "*"));
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 0);
    assert_eq!(codes(&v, 1), Vec::<String>::new());
    assert_eq!(board_of(&v, 1)["forfeit"], true);
    assert_eq!(board_of(&v, 1)["master_points"], 1.0);
    assert_eq!(codes(&v, 2), ["no-move-result"]);
    let f = &board_of(&v, 2)["findings"][0];
    assert_eq!(
        (f["severity"].clone(), f["rule"].clone(), f["line"].clone()),
        (json!("warning"), json!("S5"), json!(5))
    );
    assert_eq!(board_of(&v, 2)["master_points"], 0.5);
    assert_eq!(codes(&v, 3), ["no-move-result"]);
    assert_eq!(board_of(&v, 3)["master_points"], Value::Null);
    assert_eq!(v["tally"], tally([1, 1, 0, 1], 1.5, Some(75.0), &[3], &[]));
}

#[test]
fn s6_s8_an_end_the_board_decides_against_the_sheet_is_unfinished() {
    let d = Scratch::new("simul", "mismatch");
    // Mate on the board (1-0), the sheet says a draw: result-mismatch, unfinished.
    write(&d, "1.txt", &board(1, "Uno", MATE, "1/2-1/2"));
    write(&d, "2.txt", &board(2, "Due", QUIET, "*"));
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 0, "result-mismatch is a warning");
    assert_eq!(codes(&v, 1), ["result-mismatch"]);
    let b1 = board_of(&v, 1);
    assert_eq!(b1["result"], "1/2-1/2");
    assert_eq!(b1["master_points"], Value::Null);
    assert_eq!(v["tally"], tally([0, 0, 0, 2], 0.0, None, &[1, 2], &[]));
}

#[test]
fn s6_s8_percentage_of_the_finished_boards_rounded_to_one_decimal() {
    let d = Scratch::new("simul", "percentage");
    // 2 won, 1 drawn of 3 finished: 2.5 / 3 = 83.33…% → 83.3; one unfinished.
    write(&d, "1.txt", &board(1, "A", QUIET, "1-0"));
    write(&d, "2.txt", &board(2, "B", QUIET, "1-0"));
    write(&d, "3.txt", &board(3, "C", QUIET, "1/2-1/2"));
    write(&d, "4.txt", &board(4, "D", QUIET, "*"));
    let (v, _) = simul_json(&d, &["."]);
    assert_eq!(v["tally"]["percentage"], 83.3);
    assert_eq!(v["tally"]["points"], 2.5);
    assert_eq!(v["tally"]["finished"], 3);
    assert_eq!(v["tally"]["unfinished_boards"], json!([4]));
    // 1 drawn of 6: 8.333… → 8.3; 1 of 8 halves: 6.25 → 6.3 (halves up).
    let d = Scratch::new("simul", "percentage-half");
    for n in 1..=8 {
        let r = if n == 1 { "1/2-1/2" } else { "0-1" };
        write(&d, &format!("{n}.txt"), &board(n, "X", QUIET, r));
    }
    let (v, _) = simul_json(&d, &["."]);
    assert_eq!(v["tally"]["percentage"], 6.3);
}

#[test]
fn s7_s8_csv_one_row_per_board_booleans_and_empty_nulls() {
    let d = Scratch::new("simul", "csv");
    write(&d, "1.txt", &board(1, "=HYPERLINK(x)", QUIET, "1-0"));
    write(
        &d,
        "2.txt",
        &sheet(MASTER, "2", ("A", "B"), &[], QUIET, "*"),
    );
    let (out, _, code) = simul_run(&d, &[".", "--format", "csv"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "board,file,game,opponent,master_colour,result,master_points,plies,valid,findings,white,black,forfeit",
            "1,./1.txt,1,'=HYPERLINK(x),white,1-0,1.0,6,true,,\"Rossi, Mario\",'=HYPERLINK(x),false",
            "2,./2.txt,1,,,*,,6,false,not-master,A,B,false",
        ]
    );
}

#[test]
fn s7_human_report_in_italian_and_english() {
    let d = Scratch::new("simul", "human");
    write(&d, "1.txt", &board(1, "Bianchi, Luca", MATE, "1-0"));
    write(&d, "2.txt", &board(2, "Verdi, Anna", QUIET, "*"));
    let (out, _, code) = simul_run(&d, &[".", "--lang", "it"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Simultanea del maestro Rossi, Mario — 2 scacchiere\n"),
        "{out}"
    );
    for word in [
        "codici",
        "partecipante",
        "vinte",
        "percentuale",
        "100.0%",
        "Bianchi, Luca",
    ] {
        assert!(out.contains(word), "{word}: {out}");
    }
    assert!(
        out.contains("Scacchiere non finite (non contate): 2"),
        "{out}"
    );
    let (out, _, _) = simul_run(&d, &[".", "--lang", "en"]);
    assert!(
        out.starts_with("Simul by Rossi, Mario — 2 boards\n"),
        "{out}"
    );
    assert!(out.contains("Unfinished boards (not counted): 2"), "{out}");
}

#[test]
fn s7_s8_an_unreadable_board_file_is_a_row_with_its_reason_and_exit_2() {
    let d = Scratch::new("simul", "unreadable");
    write(&d, "1.txt", &board(1, "Uno", QUIET, "1-0"));
    std::fs::write(d.join("2.txt"), b"[Bianco \"x\0\"]\n").unwrap();
    std::fs::write(d.join("3.txt"), b"  \n").unwrap();
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 2);
    let rows: Vec<(u64, Value, Vec<String>)> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["board"].as_u64().unwrap(),
                b["game"].clone(),
                b["findings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f["code"].as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (1, json!(1), vec![]),
            (2, Value::Null, vec!["binary-input".to_string()]),
            (3, Value::Null, vec!["empty-input".to_string()]),
        ]
    );
    let b2 = board_of(&v, 2);
    assert_eq!(b2["result"], Value::Null);
    assert_eq!(b2["valid"], false);
    assert_eq!(v["tally"]["not_tallied"], json!([2, 3]));
    assert_eq!(v["tally"]["won"], 1);
}

#[test]
fn s4_a_superscacchi_file_is_no_board() {
    let d = Scratch::new("simul", "superscacchi");
    write(&d, "1.txt", &board(1, "Uno", QUIET, "1-0"));
    let ss = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/leoni-tigri-partita1.txt"),
    )
    .unwrap();
    write(&d, "2.txt", &ss);
    let (v, code) = simul_json(&d, &["."]);
    assert_eq!(code, 1);
    assert_eq!(codes(&v, 2), ["unsupported-variant"]);
    assert_eq!(v["tally"]["not_tallied"], json!([2]));
}

#[test]
fn the_sample_simul() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (v, code) = simul_json(root, &["samples/simul"]);
    assert_eq!(code, 1, "board 13 takes a move back");
    assert_eq!(v["master"], MASTER);
    assert_eq!(v["boards"].as_array().unwrap().len(), 16);
    assert_eq!(
        v["tally"],
        tally([8, 3, 4, 1], 9.5, Some(63.3), &[11], &[13])
    );
    assert_eq!(codes(&v, 3), ["master-black"]);
    assert_eq!(board_of(&v, 3)["findings"][0]["severity"], "info");
    assert_eq!(
        board_of(&v, 6)["master_colour"],
        "white",
        "ROSSI, Mario is the master"
    );
    assert_eq!(board_of(&v, 12)["forfeit"], true);
    assert_eq!(codes(&v, 13), ["take-back-in-simul"]);
    assert_eq!(
        board_of(&v, 16)["file"],
        "samples/simul/scacchiere-14-16.txt"
    );
    assert_eq!(board_of(&v, 16)["game"], 3);
    assert_eq!(v["findings"], json!([]));
}

/// Runs `arbitro simul new --maestro MASTER` with more arguments (split at spaces).
fn simul_new(dir: &Path, args: &str) -> (String, String, i32) {
    let mut all = vec!["new", "--maestro", MASTER];
    all.extend(args.split_whitespace());
    simul_run(dir, &all)
}

#[test]
fn simul_new_writes_the_boards_to_fill_in_and_never_over_a_sheet() {
    let d = Scratch::new("simul", "new");
    write(&d, "lista.txt", "Bianchi, Luca\n\n  Verdi, Anna \n");
    let (_, err, code) = simul_new(&d, "--boards 12 --partecipanti lista.txt --out sim");
    assert_eq!(code, 0, "{err}");
    let first = std::fs::read_to_string(d.join("sim/scacchiera-01.txt")).unwrap();
    for tag in [
        "[Maestro \"Rossi, Mario\"]",
        "[Scacchiera \"1\"]",
        "[Bianco \"Rossi, Mario\"]",
        "[Nero \"Bianchi, Luca\"]",
        "[Risultato \"*\"]",
        "[Evento \"Simul by Rossi, Mario\"]",
    ] {
        assert!(first.contains(tag), "{tag}: {first}");
    }
    let second = std::fs::read_to_string(d.join("sim/scacchiera-02.txt")).unwrap();
    assert!(second.contains("[Nero \"Verdi, Anna\"]"), "{second}");
    let last = std::fs::read_to_string(d.join("sim/scacchiera-12.txt")).unwrap();
    assert!(
        last.contains("[Nero \"\"]") && last.contains("[Scacchiera \"12\"]"),
        "{last}"
    );
    // The templates are a simul already: twelve boards, none finished, no error.
    let (v, code) = simul_json(&d, &["sim"]);
    assert_eq!(code, 0);
    assert_eq!(v["boards"].as_array().unwrap().len(), 12);
    assert_eq!(v["tally"]["unfinished"], 12);
    assert_eq!(board_of(&v, 1)["opponent"], "Bianchi, Luca");
    assert_eq!(board_of(&v, 3)["opponent"], Value::Null);
    // Never over a sheet: a second run writes nothing and says which file is there.
    std::fs::write(d.join("sim/scacchiera-05.txt"), "filled in").unwrap();
    let (_, err, code) = simul_run(
        &d,
        &["new", "--maestro", MASTER, "--boards", "12", "--out", "sim"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("scacchiera-01.txt already exists"), "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("sim/scacchiera-05.txt")).unwrap(),
        "filled in"
    );
}

#[test]
fn simul_new_reads_the_list_as_tournament_new_does() {
    let d = Scratch::new("simul", "new-list");
    write(
        &d,
        "lista.txt",
        "Bianchi, Luca\nVerdi, Anna\nBIANCHI, luca\n",
    );
    let (_, err, code) = simul_new(&d, "--partecipanti lista.txt --out sim");
    assert_eq!(code, 2);
    assert!(
        err.contains("`Bianchi, Luca` and `BIANCHI, luca` are the same name"),
        "{err}"
    );
    assert!(!d.join("sim").exists());
    write(&d, "lista.txt", "Bianchi, Luca\nVerdi, Anna\n");
    let (_, err, code) = simul_new(&d, "--boards 1 --partecipanti lista.txt --out sim");
    assert_eq!(code, 2);
    assert!(
        err.contains("2 participants, more than --boards 1"),
        "{err}"
    );
    // Without --boards: one board per participant, in the list's order.
    let (_, _, code) = simul_new(&d, "--partecipanti lista.txt --out sim --lang it");
    assert_eq!(code, 0);
    let two = std::fs::read_to_string(d.join("sim/scacchiera-2.txt")).unwrap();
    assert!(two.contains("[Nero \"Verdi, Anna\"]"), "{two}");
    assert!(
        two.contains("[Evento \"Simultanea del maestro Rossi, Mario\"]"),
        "{two}"
    );
    assert!(!d.join("sim/scacchiera-3.txt").exists());
    let (_, err, code) = simul_new(&d, "--out other");
    assert_eq!(code, 2);
    assert!(err.contains("how many boards?"), "{err}");
}
