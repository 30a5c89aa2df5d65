//! Issue 29 point 2, the results sheet (T17, formats.md §7): `tournament sheet` writes a
//! phase's pairings to fill in; the filled sheet is read among the game files by
//! `standings` and `draw`, every line read or reported.

use crate::common;
use common::Scratch;
use common::{json, run, stderr, stdout};
use serde_json::Value;

const T1: &str = "samples/torneo/torneo-fase1.toml";
const SHEET: &str = "samples/torneo/risultati-fase1.txt";

/// Every finding of the standings (the groups', the phases', the top level's).
fn all_findings(v: &Value) -> Vec<Value> {
    let mut out: Vec<Value> = v["findings"].as_array().cloned().unwrap_or_default();
    for p in v["phases"].as_array().unwrap() {
        out.extend(p["findings"].as_array().cloned().unwrap_or_default());
        for g in p["groups"].as_array().unwrap() {
            out.extend(g["findings"].as_array().cloned().unwrap_or_default());
        }
    }
    out
}

fn codes(v: &Value) -> Vec<String> {
    all_findings(v)
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn sheet_writes_the_phase_pairings_in_berger_order() {
    let dir = Scratch::new("torneo-sheet", "write");
    let out = dir.join("r.txt");
    let o = run(&[
        "--lang",
        "it",
        "tournament",
        "sheet",
        T1,
        "--fase",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "[Risultati \"Torneo d'istituto 2026\"]");
    assert_eq!(lines[1], "[Fase \"1\"]");
    assert!(lines[2].starts_with("% scrivere il risultato"), "{text}");
    // T16, k = 3: 2–3, 1–2, 3–1 of ["Costa, Pietro", "Ricci, Tommaso", "Russo, Sofia"].
    assert_eq!(
        lines[4],
        "1        | Ricci, Tommaso   | Russo, Sofia     |  |"
    );
    assert_eq!(
        lines[5],
        "1        | Costa, Pietro    | Ricci, Tommaso   |  |"
    );
    // k = 4: 1–4 2–3, 4–3 1–2, 2–4 3–1.
    assert_eq!(
        lines[14],
        "4        | De Luca, Chiara  | Gallo, Davide    |  |"
    );
    assert_eq!(lines.len(), 4 + 15);
    // The sample's filled sheet is this sheet, filled in.
    let filled = std::fs::read_to_string(SHEET).unwrap();
    for (blank, full) in lines.iter().zip(filled.lines()) {
        assert!(
            full.starts_with(blank.trim_end_matches(['|', ' '])),
            "{full}"
        );
    }
    // A person's document: never replaced without --force.
    let o = run(&["tournament", "sheet", T1, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert!(stderr(&o).contains("(a results sheet)"), "{}", stderr(&o));
    // A report never replaces a filled sheet, not even with --force (here it is an input
    // too: a copy that is not one is refused as a person's document).
    let copy = dir.join("copia.txt");
    std::fs::copy(SHEET, &copy).unwrap();
    let o = run(&[
        "--force",
        "tournament",
        "standings",
        T1,
        SHEET,
        "--html",
        copy.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a results sheet"), "{}", stderr(&o));
    let o = run(&[
        "--force",
        "tournament",
        "sheet",
        T1,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // No such phase; no output named.
    let o = run(&["tournament", "sheet", T1, "--fase", "7", "--out", "x.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no fase 7"), "{}", stderr(&o));
    let o = run(&["tournament", "sheet", T1]);
    assert_eq!(o.status.code(), Some(2));
}

/// Without `--fase`: the last phase in the file; the final of three's sheet says how the
/// extra game is written.
#[test]
fn sheet_of_the_last_phase_by_default() {
    let dir = Scratch::new("torneo-sheet", "last");
    let out = dir.join("finale.txt");
    let o = run(&[
        "tournament",
        "sheet",
        "samples/torneo/torneo.toml",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("[Fase \"3\"]\n"), "{text}");
    assert_eq!(text.lines().filter(|l| !l.starts_with('%')).count(), 2 + 3);
    assert!(text.contains("spareggio"), "{text}");
}

/// The filled sample sheet alone gives the same standings as the phase's game files.
#[test]
fn a_filled_sheet_counts_as_the_game_files() {
    let sheet = run(&["tournament", "standings", T1, SHEET, "--format", "json"]);
    assert_eq!(sheet.status.code(), Some(0), "{}", stderr(&sheet));
    let files = run(&[
        "tournament",
        "standings",
        T1,
        "samples/torneo/partite/fase1",
        "--format",
        "json",
    ]);
    let (a, b) = (json(&sheet), json(&files));
    for (ga, gb) in a["phases"][0]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .zip(b["phases"][0]["groups"].as_array().unwrap())
    {
        assert_eq!(ga["standings"], gb["standings"]);
        assert_eq!(ga["complete"], true);
    }
    assert!(codes(&a).is_empty(), "{a}");
    // `draw` reads it too: the same phase 2 as from the game files.
    let dir = Scratch::new("torneo-sheet", "draw");
    let o = run(&[
        "tournament",
        "draw",
        T1,
        SHEET,
        "--sorteggio",
        "2026",
        "--format",
        "json",
        "--out",
        dir.join("f2.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        json(&o)["groups"][0]["players"],
        serde_json::json!(["Marino, Elisa", "Costa, Pietro", "De Luca, Chiara"])
    );
}

/// T17: the same pair on the sheet and in a game file counts once (`recorded-twice`,
/// info); with another result it is `duplicate-pair` (error) and neither counts.
#[test]
fn a_game_recorded_on_the_sheet_and_in_a_file() {
    let o = run(&[
        "tournament",
        "standings",
        T1,
        SHEET,
        "samples/torneo/partite/fase1",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    let c = codes(&v);
    assert_eq!(c.len(), 15, "{c:?}");
    assert!(c.iter().all(|c| c == "recorded-twice"), "{c:?}");
    let f = &v["phases"][0]["groups"][0]["findings"][0];
    assert_eq!(f["file"], SHEET);
    assert_eq!(f["line"], 5);
    assert_eq!(f["severity"], "info");
    assert_eq!(v["phases"][0]["groups"][0]["complete"], true);

    // Line 5 says Russo won: a different outcome from girone1.txt's.
    let dir = Scratch::new("torneo-sheet", "twice");
    let text = std::fs::read_to_string(SHEET).unwrap().replacen(
        "| Russo, Sofia     | 1-0 |",
        "| Russo, Sofia     | 0-1 |",
        1,
    );
    let sheet = dir.join("r.txt");
    std::fs::write(&sheet, text).unwrap();
    let o = run(&[
        "tournament",
        "standings",
        T1,
        sheet.to_str().unwrap(),
        "samples/torneo/partite/fase1/girone1.txt",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    let g1 = &v["phases"][0]["groups"][0];
    let dup: Vec<&Value> = g1["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "duplicate-pair")
        .collect();
    assert_eq!(dup.len(), 1, "{g1}");
    let m = dup[0]["message"].as_str().unwrap();
    assert!(m.contains("r.txt:5") && m.contains("girone1.txt #3"), "{m}");
    assert_eq!(g1["complete"], false);
    assert_eq!(
        g1["missing"],
        serde_json::json!([["Ricci, Tommaso", "Russo, Sofia"]])
    );
}

/// Misspelt names (`not-in-group` with the nearest registered name), a swapped "Nome
/// Cognome", malformed lines, an unknown tag, look-alike and unreadable results: every
/// line read or reported with its line number.
#[test]
fn every_line_of_a_sheet_is_read_or_reported() {
    let dir = Scratch::new("torneo-sheet", "bad");
    let sheet = dir.join("r.txt");
    std::fs::write(
        &sheet,
        "[Risultati \"Torneo d'istituto 2026\"]\n\
[Fase \"1\"]\n\
[Arbitro \"Rossi\"]\n\
1 | Ricci, Tomaso | Russo, Sofia | 1-0 |\n\
1 | Pietro Costa | Ricci, Tommaso | 1/2 |\n\
1 | Russo, Sofia | Costa, Pietro | 0 – 1 |\n\
2 | Esposito, Giulia | Greco, Anna\n\
2 | Marino, Elisa | Esposito, Giulia | +-- |\n\
qui ho sbagliato\n\
3 | Zzz | Bianchi, Luca | 1-0 |\n",
    )
    .unwrap();
    let o = run(&[
        "tournament",
        "standings",
        T1,
        sheet.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    let found: Vec<(String, u64)> = all_findings(&v)
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let want = [
        ("parse-error", 3),
        ("parse-error", 7),
        ("parse-error", 9),
        ("not-in-group", 4),
        ("not-in-group", 5),
        ("not-in-group", 10),
        ("normalized-character", 6),
        ("unreadable-result", 8),
    ];
    for (code, line) in want {
        assert!(
            found.contains(&(code.to_string(), line)),
            "{code} on line {line}: {found:?}"
        );
    }
    assert_eq!(found.len(), want.len(), "{found:?}");
    let message = |line: u64| {
        all_findings(&v)
            .into_iter()
            .find(|f| f["line"] == line)
            .unwrap()["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        message(4),
        "`Ricci, Tomaso` is not a registered player (T1): did you mean `Ricci, Tommaso`?"
    );
    assert_eq!(message(10), "`Zzz` is not a registered player (T1)");
    // "Pietro Costa" is "Costa, Pietro" with the words swapped: not T1's same name; the
    // registered one proposed.
    assert_eq!(
        message(5),
        "`Pietro Costa` is not a registered player (T1): did you mean `Costa, Pietro`?"
    );
    assert!(message(7).contains("3 cells"), "{}", message(7));
    let g1 = &v["phases"][0]["groups"][0];
    assert_eq!(g1["complete"], false);
    // The look-alike `0 – 1` counted: Costa beat Russo.
    let costa = g1["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["player"] == "Costa, Pietro")
        .unwrap();
    assert_eq!(costa["points"], 1.0);
    // The unreadable result is listed as such, never as a game not played.
    let g2 = &v["phases"][0]["groups"][1];
    let games = g2["games"].as_array().unwrap();
    assert!(
        games
            .iter()
            .any(|g| g["result_unreadable"].as_str() == Some(&format!("{}:8", sheet.display()))),
        "{g2}"
    );
    // In Italian, the terminal names the sheet's line.
    let o = run(&[
        "--lang",
        "it",
        "tournament",
        "standings",
        T1,
        sheet.to_str().unwrap(),
    ]);
    let text = stdout(&o);
    assert!(
        text.contains(
            "`Ricci, Tomaso` non è tra i giocatori iscritti (T1): forse `Ricci, Tommaso`?"
        ),
        "{text}"
    );
}

/// A sheet in a folder: `standings` finds it; `batch` passes it over (it is no game file)
/// and says why, with exit code 0.
#[test]
fn a_sheet_in_a_folder() {
    let dir = Scratch::new("torneo-sheet", "folder");
    std::fs::copy(SHEET, dir.join("risultati.txt")).unwrap();
    let o = run(&[
        "tournament",
        "standings",
        T1,
        dir.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(json(&o)["phases"][0]["groups"][3]["complete"], true);
    let o = run(&["batch", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("risultati.txt: a tournament's results sheet (T17), not a game file"),
        "{}",
        stderr(&o)
    );
}

/// Point 6: a misspelt name is explained in the group's "missing game" line, with the
/// file and line of the game and the name it most likely is.
#[test]
fn a_misspelt_name_is_explained_where_the_pair_shows() {
    let dir = Scratch::new("torneo-sheet", "misspelt");
    let sheet = dir.join("r.txt");
    std::fs::write(
        &sheet,
        "[Risultati \"Torneo d'istituto 2026\"]\n[Fase \"1\"]\n1 | Ricci, Tomaso | Russo, Sofia | 1-0 |\n",
    )
    .unwrap();
    let o = common::wide(&["tournament", "standings", T1, sheet.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    let want = format!(
        "  missing game: Ricci, Tommaso – Russo, Sofia ({}:3 has a game with `Ricci, Tomaso`: did you mean `Ricci, Tommaso`?)\n",
        sheet.display()
    );
    assert!(text.contains(&want), "{text}");
    // The other pairs of the group say nothing more.
    assert!(
        text.contains("  missing game: Costa, Pietro – Ricci, Tommaso\n"),
        "{text}"
    );
    // The JSON says the same, as data.
    let o = run(&[
        "tournament",
        "standings",
        T1,
        sheet.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let group = &v["phases"][0]["groups"][0];
    assert_eq!(
        group["misspelt"],
        serde_json::json!([{
            "pair": ["Ricci, Tommaso", "Russo, Sofia"],
            "written": "Ricci, Tomaso",
            "meant": "Ricci, Tommaso",
            "place": format!("{}:3", sheet.display()),
        }])
    );
    assert_eq!(
        v["phases"][0]["groups"][1]["misspelt"],
        serde_json::json!([])
    );
}
