//! The judge's day (issue 17): messages that lead to the fix on SuperScacchi sheets.

use std::path::Path;

use crate::common;
use common::{Arbitro, Scratch, json, run, stderr, stdout};

fn findings(text: &str) -> Vec<serde_json::Value> {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = Scratch::new("judge", &format!("g{n}"));
    let f = d.join("g.txt");
    std::fs::write(&f, text).unwrap();
    let o = common::bin()
        .args(["verify", "--format", "json"])
        .arg(&f)
        .output()
        .unwrap();
    let v: serde_json::Value = json(&o);
    v["findings"].as_array().unwrap().clone()
}

fn partita1() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/leoni-tigri-partita1.txt"),
    )
    .unwrap()
}

fn text_of(f: &serde_json::Value) -> String {
    format!(
        "{} {}",
        f["message"].as_str().unwrap_or(""),
        f["hint"].as_str().unwrap_or("")
    )
}

#[test]
fn full_italian_army_names_are_read() {
    let t = partita1()
        .replace("[Esercito \"SE\"]", "[Esercito \"Sud-Est\"]")
        .replace("[Esercito \"NO\"]", "[Esercito \"nord ovest\"]");
    let f = findings(&t);
    assert!(f.iter().all(|f| f["severity"] != "error"), "{f:?}");
}

#[test]
fn a_number_without_its_dot_says_so() {
    for (line, shown) in [
        ("2 nera  P f2 - f3", "`2. nera  P f2 - f3`"),
        ("2) nera  P f2 - f3", "`2. nera  P f2 - f3`"),
    ] {
        let f = findings(&partita1().replacen("2. nera  P f2 - f3", line, 1));
        let first = &f[0];
        assert_eq!(first["code"], "parse-error");
        assert!(
            text_of(first).contains(&format!("a move number is written with a dot: {shown}")),
            "{first}"
        );
    }
}

#[test]
fn a_missing_army_header_is_named() {
    // Drop NE's [Esercito] line: its moves run on NO's sheet, numbered from 1 again.
    let t = partita1();
    let at = t.find("[Esercito \"NE\"]").unwrap();
    let end = at + t[at..].find('\n').unwrap() + 1;
    let t = format!("{}{}", &t[..at], &t[end..]);
    let f = findings(&t);
    assert!(
        f.iter()
            .any(|f| text_of(f).contains("does a new sheet begin here without its [Esercito")),
        "{f:?}"
    );
}

#[test]
fn italian_names_take_the_right_article() {
    let d = Scratch::new("judge", "article");
    let f = d.join("g.txt");
    std::fs::write(
        &f,
        partita1().replacen("2. nera  P f2 - f3", "2. nera  A f2 - f3", 1),
    )
    .unwrap();
    let o = common::bin().arg("verify").arg(&f).output().unwrap();
    let text = stdout(&o);
    assert!(
        text.contains("f2 holds S's pedone, not an alfiere"),
        "{text}"
    );
}

#[test]
fn the_right_sheet_is_blamed() {
    // S's `C f1 - e3` miscopied as `C f1 - g3` (still legal): SO's later `P f4 X Ce3`
    // fails, and the hint points at S 1 first.
    let f = findings(&partita1().replacen("1. nera  C f1 - e3", "1. nera  C f1 - g3", 1));
    let first = f.iter().find(|f| f["severity"] == "error").unwrap();
    assert_eq!(first["army"], "SO");
    let m = first["message"].as_str().unwrap();
    assert!(
        m.contains("e3 is empty: no piece has stood there since the start"),
        "{m}"
    );
    let h = first["hint"].as_str().unwrap();
    assert!(
        h.starts_with(
            "the slip may be on an earlier line: S 1 (line 19) `C f1 - e3` instead of `C f1 - g3`"
        ),
        "{h}"
    );
}

#[test]
fn a_piece_not_where_the_sheet_says_is_located() {
    // S's second move miscopied as another pawn's: its third (`P f3 - g3`) starts from an
    // empty f3.
    let f = findings(&partita1().replacen("2. nera  P f2 - f3", "2. nera  P h2 - h3", 1));
    let first = f.iter().find(|f| f["severity"] == "error").unwrap();
    let m = first["message"].as_str().unwrap();
    assert!(
        m.contains("no pedone of S stands on f3 (where S has a pedone: "),
        "{m}"
    );
    assert!(m.contains("f3 is empty"), "{m}");
}

#[test]
fn the_captain_sees_what_the_contest_does_to_the_match() {
    let o = run(&[
        "contest",
        "samples/superscacchi/leoni-tigri-partita2.txt",
        "--team",
        "tigri",
        "--at",
        "18.14",
        "--tz",
        "Europe/Rome",
        "--match",
        "samples/superscacchi/leoni-tigri-partita1.txt",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["admissible"], true);
    assert_eq!(v["match"]["declared_winner"], "Tigri");
    assert_eq!(v["match"]["recomputed_winner"], "Tigri");
    assert_eq!(v["match"]["changes"], false);
}

#[test]
fn match_errors_show_no_debug_text() {
    let o = run(&[
        "match",
        "samples/superscacchi/leoni-tigri-partita1.txt",
        "samples/superscacchi/leoni-tigri-partita1.txt",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("not [Partita \"1\"] and [Partita \"1\"]"),
        "{err}"
    );
    assert!(!err.contains("Some("), "{err}");
}

fn classical(text: &str) -> serde_json::Value {
    json(&Arbitro::new().feed(&["verify", "--format", "json", "-"], text.as_bytes()))
}

#[test]
fn pupils_typos_lead_to_the_fix() {
    // Issue 28 point 4: a letter's case is the likeliest slip; the game ends too soon to
    // tell the other readings apart, so they are listed.
    let v = classical("1.e4 e5; 2.cf3 Cc6 *");
    assert_eq!(
        v["findings"][0]["hint"],
        "read as Cf3 to go on (less likely: f3, c3, Df3): piece letters are capitals (R D T A C), a small letter is a file"
    );
    assert_eq!(v["findings"][0]["proposed"][0], "Cf3");
    // Where the rest of the game tells, only the move meant is named.
    let v = classical("1.e4 e5 2.cf3 Cc6 3.Ac4 Cf6 4.Cg5 d5 5.exd5 Ca5 *");
    assert_eq!(v["findings"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(
        v["findings"][0]["hint"],
        "read as Cf3 to go on: piece letters are capitals (R D T A C), a small letter is a file"
    );
    assert_eq!(v["findings"][0]["ply"], 3);
    assert_eq!(v["findings"][0]["proposed"], serde_json::json!(["Cf3"]));
    let v = classical("1) e4 e5 2) Cf3 Cc6 *");
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["findings"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["findings"][0]["code"], "non-standard-notation");
    let v = classical("1.e4 e5 2.Dh5 Cc6 3.Ac4 Cf6 4.Dxf7# 1:0");
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["result"], "1-0");
    let v = classical("1.e4 e5; 2.Cf3 Cc6; 2.Ac4 Ac5 *");
    assert_eq!(v["findings"][0]["code"], "move-number-mismatch");
    assert_eq!(v["findings"][0]["severity"], "warning");
}
