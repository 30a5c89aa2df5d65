//! The judge's day (issue 17): messages that lead to the fix on SuperScacchi sheets.

use std::path::Path;
use std::process::Command;

mod common;
use common::Scratch;

fn findings(text: &str) -> Vec<serde_json::Value> {
    let d = Scratch::new("judge", &format!("{:x}", text.len()));
    let f = d.join("g.txt");
    std::fs::write(&f, text).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_arbitro"))
        .args(["verify", "--format", "json"])
        .arg(&f)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
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
    let o = Command::new(env!("CARGO_BIN_EXE_arbitro"))
        .arg("verify")
        .arg(&f)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("f2 holds S's pedone, not an alfiere"),
        "{text}"
    );
}
