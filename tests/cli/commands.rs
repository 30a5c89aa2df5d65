//! The `arbitro` binary: exit codes, output formats, bad input, convert.

use std::path::Path;
use std::process::Stdio;

use crate::common;
use common::{Arbitro, Scratch, json, run, snapshot, stderr, stdout, wide};

fn tmp_dir(name: &str) -> Scratch {
    Scratch::new("test", name)
}

#[test]
fn handout_sample_human_report() {
    let o = wide(&[
        "verify",
        "--color",
        "never",
        "samples/classical/handout.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    snapshot("handout.human.txt", &stdout(&o));
}

#[test]
fn school_tournament_sample_human_and_json() {
    let o = wide(&[
        "verify",
        "--color",
        "never",
        "samples/classical/torneo-scuola.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    snapshot("torneo-scuola.human.txt", &stdout(&o));
    let o = wide(&[
        "verify",
        "--format",
        "json",
        "samples/classical/torneo-scuola.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    snapshot("torneo-scuola.json", &stdout(&o));
    let v: serde_json::Value = json(&o);
    let games = v.as_array().unwrap();
    assert_eq!(games.len(), 4);
    for g in games {
        for key in [
            "file", "game", "variant", "valid", "findings", "events", "scores", "winner", "result",
        ] {
            assert!(g.get(key).is_some(), "missing key {key}");
        }
        for f in g["findings"].as_array().unwrap() {
            for key in [
                "severity", "code", "rule", "army", "move", "ply", "line", "column", "message",
            ] {
                assert!(f.get(key).is_some(), "missing finding key {key}");
            }
        }
    }
    assert_eq!(games[3]["valid"], false);
    assert_eq!(games[3]["findings"][0]["code"], "ambiguous-move");
    assert_eq!(games[3]["findings"][0]["line"], 43);
    assert_eq!(games[3]["findings"][0]["column"], 22);
    assert_eq!(games[2]["result"], "1/2-1/2");
}

#[test]
fn valid_sample_exits_zero_and_one_json_object() {
    let o = wide(&[
        "verify",
        "--format",
        "json",
        "samples/classical/handout-corretto.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = json(&o);
    assert!(v.is_object());
    assert_eq!(v["valid"], true);
    assert_eq!(v["variant"], "classical");
    assert_eq!(v["result"], "1-0");
    assert_eq!(v["game"], 1);
}

/// Issue 17, the school organiser: the CSV carries the players, `[Fase]`, `[Girone]` and
/// the declared result, in columns added at the end of formats.md §6's header.
#[test]
fn csv_has_the_exact_header_and_one_row_per_game() {
    let o = wide(&[
        "verify",
        "--format",
        "csv",
        "samples/classical/torneo-scuola.txt",
    ]);
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "file,game,variant,valid,errors,warnings,first_error_code,first_error_army,first_error_move,first_error_ply,besiegers,besiegers_total,besieged,besieged_total,winner,white,black,phase,group,declared_result,mode,play_min,besiegers_sospensioni,besieged_sospensioni,besiegers_time_left,besieged_time_left,event,date,site,round,white_elo,black_elo,plies,codes,first_error_message"
    );
    let rows: Vec<_> = lines.collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(
        rows[3],
        "samples/classical/torneo-scuola.txt,4,classical,false,1,0,ambiguous-move,white,3,5,,,,,0-1,\"Greco, Anna\",\"Bruno, Davide\",3,1,0-1,,,,,,,Torneo d'istituto 2026,2026-04-09,,,,,8,ambiguous-move,\"3.Cd2 fits 2 knights (on b1, f3)\""
    );
    // The board's result (stalemate) and the sheet's (1-0) side by side.
    assert_eq!(
        rows[2],
        "samples/classical/torneo-scuola.txt,3,classical,true,0,1,,,,,,,,,1/2-1/2,\"Ricci, Paolo\",\"Marino, Elena\",2,2,1-0,,,,,,,Torneo d'istituto 2026,2026-04-02,,,,,19,result-mismatch,"
    );
}

#[test]
fn empty_and_binary_files_exit_two_with_one_line() {
    let d = tmp_dir("bad");
    let empty = d.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let binary = d.join("binary.pgn");
    std::fs::write(&binary, b"\x7fELF\x02\x01\x01\x00\x00garbage").unwrap();
    for (f, what) in [(&empty, "empty"), (&binary, "binary")] {
        let o = wide(&["verify", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(what), "{err}");
        assert!(stdout(&o).is_empty());
    }
    let o = wide(&["verify", "no/such/file.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"));
}

#[test]
fn usage_errors_exit_two_and_help_exits_zero() {
    assert_eq!(wide(&["verify"]).status.code(), Some(2));
    assert_eq!(wide(&["frobnicate"]).status.code(), Some(2));
    let o = wide(&["verify", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("Examples"));
    let o = wide(&["convert", "--help"]);
    assert!(stdout(&o).contains("Examples"));
}

#[test]
fn latin1_file_gets_an_info_and_stdin_works() {
    let o = Arbitro::new().feed(
        &["verify", "--format", "json", "-"],
        b"[Bianco \"Nicol\xF2\"]\n1.e4 e5 *\n",
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = json(&o);
    assert_eq!(v["findings"][0]["code"], "latin1-input");
    assert_eq!(v["findings"][0]["severity"], "info");
    assert_eq!(v["file"], "<stdin>");
}

#[test]
fn ten_megabyte_line_gets_findings_not_a_crash() {
    let mut line = String::with_capacity(10 << 20);
    while line.len() < 10 << 20 {
        line.push_str("1.Cf3 Cf6 2.Cg1 Cg8 ");
    }
    line.push_str("3.Zz9");
    let o = Arbitro::new().feed(&["verify", "--format", "json", "-"], line.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = json(&o);
    let codes: Vec<_> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect();
    // The numbering starts again at 1 each time: one move-number-mismatch warning (issue 16, 9).
    assert_eq!(codes[0], "move-number-mismatch");
    assert_eq!(codes[1], "claim-possible");
    assert!(codes.contains(&"move-after-end".to_string()));
    assert_eq!(codes.last().unwrap(), "parse-error");
    // Human output cuts the enormous line around the caret.
    let o = Arbitro::new().feed(&["verify", "--level", "error", "-"], line.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.len() < 10_000, "{} bytes", o.stdout.len());
}

#[test]
fn convert_round_trips_through_pgn_and_italian() {
    let d = tmp_dir("convert");
    let pgn = d.join("out.pgn");
    let o = wide(&[
        "convert",
        "samples/classical/torneo-scuola.txt",
        "--to",
        "pgn",
        "--out",
        pgn.to_str().unwrap(),
    ]);
    // Game 4 is invalid and not converted.
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("game 4 not converted"));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[White \"Esposito, Giulia\"]"));
    assert!(text.contains("4.O-O Nf6"));
    assert!(text.contains("7.Nd5# 1-0"));
    let o = wide(&["convert", pgn.to_str().unwrap(), "--to", "it"]);
    assert_eq!(o.status.code(), Some(0));
    let it = stdout(&o);
    assert!(it.contains("[Bianco \"Esposito, Giulia\"]"));
    assert!(it.contains("4.0-0 Cf6"));
    snapshot("torneo-scuola.converted.txt", &it);
    let o = wide(&[
        "convert",
        "samples/classical/handout-corretto.txt",
        "--to",
        "pgn",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).ends_with("1.e4 e5 2.Bc4 d6 3.Qh5 Nf6 4.Qxf7# 1-0\n"));
}

#[test]
fn convert_never_writes_over_its_input() {
    let d = tmp_dir("overwrite");
    let f = d.join("game.txt");
    std::fs::write(&f, "1.e4 e5 *").unwrap();
    let o = wide(&[
        "convert",
        f.to_str().unwrap(),
        "--to",
        "pgn",
        "--out",
        f.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("refusing"));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "1.e4 e5 *");
}

#[test]
fn closed_stdout_ends_quietly() {
    let mut child = common::bin()
        .args(["verify", "--format", "json"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pgn/Capablanca.pgn"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

#[test]
fn superscacchi_samples_are_valid_with_every_event() {
    let mut kinds = std::collections::BTreeSet::new();
    for f in [
        "samples/superscacchi/leoni-tigri-partita1.txt",
        "samples/superscacchi/leoni-tigri-partita2.txt",
    ] {
        let o = wide(&["verify", "--format", "json", f]);
        assert_eq!(o.status.code(), Some(0), "{f}: {}", stderr(&o));
        let v: serde_json::Value = json(&o);
        assert_eq!(v["variant"], "superscacchi");
        assert!(v["plies"].as_u64().unwrap() >= 480, "60+ rounds");
        for e in v["events"].as_array().unwrap() {
            kinds.insert(format!(
                "{}:{}",
                e["kind"].as_str().unwrap(),
                e["rule"].as_str().unwrap()
            ));
        }
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(f)).unwrap();
        assert!(text.contains("e.p.") && text.contains(" X "));
        assert!(["=C", "=A", "=T", "=R"].iter().any(|p| text.contains(p)));
    }
    for k in [
        "mate:R28",
        "mate:R29",
        "imprisonment:R26",
        "flight:R27",
        "liberation:R21",
    ] {
        assert!(kinds.contains(k), "{k} missing from {kinds:?}");
    }
    let o = wide(&[
        "verify",
        "--color",
        "never",
        "samples/superscacchi/leoni-tigri-partita1.txt",
    ]);
    snapshot("leoni-tigri-partita1.human.txt", &stdout(&o));
}

#[test]
fn superscacchi_slips_sample_report() {
    let f = "samples/superscacchi/orsi-volpi-sviste.txt";
    let o = wide(&["verify", "--color", "never", f]);
    assert_eq!(o.status.code(), Some(1));
    snapshot("orsi-volpi-sviste.human.txt", &stdout(&o));
    let o = wide(&["verify", "--format", "json", f]);
    snapshot("orsi-volpi-sviste.json", &stdout(&o));
    let v: serde_json::Value = json(&o);
    let found: Vec<_> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            format!(
                "{} {} {} {} {}:{}",
                f["code"].as_str().unwrap(),
                f["army"].as_str().unwrap(),
                f["move"],
                f["ply"],
                f["line"],
                f["column"]
            )
        })
        .collect();
    assert_eq!(
        found,
        // In the order of the sheet, not of the plies (issue 28).
        [
            "wrong-pen S 3 17 17:10",
            "wrong-captured-piece O 18 145 112:11",
            "missing-marker NE 10 84 223:11",
            "forbidden-square SE 30 236 321:11",
        ]
    );
    assert_eq!(v["valid"], false);
    assert_eq!(v["scores"], serde_json::json!([]));
}

#[test]
fn superscacchi_sheet_merge_and_numbering_errors() {
    let base = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/leoni-tigri-partita1.txt"),
    )
    .unwrap();
    // Drop the last three lines of N's sheet: at N's turn its sheet is empty while others
    // go on, and no single missing move explains it (R32a: one would be `missing-move`).
    let n_start = base.find("[Esercito \"N\"]").unwrap();
    let n_end = base[n_start..]
        .find("\n\n[Esercito")
        .map_or(base.len(), |i| n_start + i);
    let mut last = n_end;
    for _ in 0..3 {
        last = base[..last].rfind('\n').unwrap();
    }
    let short = format!("{}{}", &base[..last], &base[n_end..]);
    let o = Arbitro::new().feed(&["verify", "--format", "json", "-"], short.as_bytes());
    let v: serde_json::Value = json(&o);
    let f = &v["findings"][0];
    assert_eq!(
        (f["code"].as_str(), f["army"].as_str(), f["rule"].as_str()),
        (Some("sheet-merge"), Some("N"), Some("R32"))
    );
    // Number a line 5 where 4 belongs.
    let bad = base.replacen("\n4. ", "\n5. ", 1);
    let o = Arbitro::new().feed(&["verify", "--format", "json", "-"], bad.as_bytes());
    let v: serde_json::Value = json(&o);
    assert_eq!(v["findings"][0]["code"], "sheet-numbering");
    assert_eq!(v["findings"][0]["army"], "S");
    assert_eq!(v["findings"][0]["ply"], 25);
}

#[test]
fn score_match_and_contest_reports() {
    let p1 = "samples/superscacchi/leoni-tigri-partita1.txt";
    let p2 = "samples/superscacchi/leoni-tigri-partita2.txt";
    let o = wide(&["score", "--lang", "it", p1]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    snapshot("leoni-tigri-partita1.score.it.txt", &stdout(&o));
    let o = wide(&["score", "--lang", "en", "--format", "csv", p2]);
    assert_eq!(
        stdout(&o),
        "file,team,role,material,events,penalties,total,winner\n\
         samples/superscacchi/leoni-tigri-partita2.txt,Tigri,assedianti,8,130,-40,98,false\n\
         samples/superscacchi/leoni-tigri-partita2.txt,Leoni,assediati,0,140,-15,125,true\n"
    );
    let o = wide(&["match", "--lang", "en", p1, p2]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    snapshot("leoni-tigri.match.en.txt", &stdout(&o));
    assert!(
        stdout(&o).contains(
            "Match winner: Tigri — 1 game won each: the higher sum of points decides (R42)"
        )
    );
}

#[test]
fn contest_names_the_exact_cause_and_respects_the_deadline() {
    let p2 = "samples/superscacchi/leoni-tigri-partita2.txt";
    let d = tmp_dir("contest");
    let doc = d.join("reclamo.txt");
    let o = wide(&[
        "contest",
        p2,
        "--team",
        "Tigri",
        "--at",
        "18:14",
        "--tz",
        "Europe/Rome",
        "--lang",
        "en",
        "--out",
        doc.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The document for the judge says the verdict at its top (cli/contest.rs).
    let text = stdout(&o);
    assert!(
        std::fs::read_to_string(&doc)
            .unwrap()
            .contains("\n\nADMISSIBLE\n")
    );
    snapshot("leoni-tigri-partita2.contest.en.txt", &text);
    assert!(text.contains("ADMISSIBLE"));
    assert!(text.contains("- Tigri: 50 short: the imprisonment by E at move 14 (R26, +50)"));
    // Too late: the findings are still shown, but the verdict stands.
    let o = wide(&[
        "contest",
        p2,
        "--team",
        "Tigri",
        "--at",
        "2026-10-17T18:15:01",
        "--lang",
        "it",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = json(&o);
    assert_eq!(v["admissible"], false);
    assert_eq!(v["deadline"], "2026-10-17T18:15:00");
    assert_eq!(v["declared"]["Tigri"], 48);
    assert_eq!(v["computed"]["Tigri"], 98);
    assert_eq!(v["differences"][0]["team"], "Tigri");
    assert_eq!(
        v["differences"][0]["explanation"],
        "50 punti in meno: re imprigionato da E alla mossa 14 (R26, +50)"
    );
    let o = wide(&["contest", p2, "--team", "Orsi", "--at", "18:10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a team of this game"));
}

#[test]
fn scoring_table_print_check_and_use() {
    let o = wide(&["scoring", "--print-default"]);
    assert_eq!(o.status.code(), Some(0));
    let d = tmp_dir("scoring");
    let f = d.join("punteggi.toml");
    std::fs::write(
        &f,
        stdout(&o).replace("imprisonment = 50", "imprisonment = 100"),
    )
    .unwrap();
    let o = wide(&["scoring", "--check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = wide(&[
        "score",
        "--format",
        "csv",
        "--scoring",
        f.to_str().unwrap(),
        "samples/superscacchi/leoni-tigri-partita2.txt",
    ]);
    assert!(
        stdout(&o).contains("Tigri,assedianti,8,180,-40,148,true"),
        "{}",
        stdout(&o)
    );
    std::fs::write(&f, "[events]\nmate = 40\n").unwrap();
    let o = wide(&["scoring", "--check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing field"), "{}", stderr(&o));
}

#[test]
fn register_tags_naming_unknown_teams_are_findings() {
    let base = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/leoni-tigri-partita1.txt"),
    )
    .unwrap();
    let bad = base.replace(
        "[Ammonimenti \"Leoni: 1, Tigri: 0\"]",
        "[Ammonimenti \"Leoni: 1, Orsi: 2\"]",
    );
    let o = Arbitro::new().feed(&["verify", "--format", "json", "-"], bad.as_bytes());
    let v: serde_json::Value = json(&o);
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "register")
        .unwrap();
    assert_eq!(f["severity"], "warning");
    assert!(
        f["message"]
            .as_str()
            .unwrap()
            .contains("`Orsi` is not a team")
    );
    assert_eq!(f["line"], 14);
}

#[test]
fn setup_files_are_read_and_validated() {
    let d = tmp_dir("setup");
    let game = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/leoni-tigri-partita1.txt"),
    )
    .unwrap();
    let setup = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/assedio-corto.setup"),
    )
    .unwrap();
    // A [Disposizione] path is relative to the game file.
    std::fs::write(d.join("mio.setup"), &setup).unwrap();
    std::fs::write(
        d.join("g.txt"),
        game.replace("\"assedio-corto\"", "\"mio.setup\""),
    )
    .unwrap();
    let o = wide(&[
        "verify",
        "--format",
        "json",
        d.join("g.txt").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A bad set-up: a bishop pair on one colour, a piece on a red square.
    std::fs::write(d.join("mio.setup"), setup.replace("Aj1 ", "Ak2x ")).unwrap();
    let o = wide(&[
        "verify",
        "--format",
        "json",
        d.join("g.txt").to_str().unwrap(),
    ]);
    let v: serde_json::Value = json(&o);
    assert_eq!(v["findings"][0]["code"], "bad-setup");
    assert!(
        v["findings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("Ak2x"),
        "{}",
        v["findings"][0]["message"]
    );
    std::fs::write(d.join("mio.setup"), setup.replace("Rh1 ", "Rh8 ")).unwrap();
    let o = wide(&[
        "verify",
        "--format",
        "json",
        d.join("g.txt").to_str().unwrap(),
    ]);
    let v: serde_json::Value = json(&o);
    assert!(
        v["findings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("red or green")
    );
    let o = wide(&[
        "verify",
        "--setup",
        "samples/superscacchi/assedio-corto.setup",
        "samples/superscacchi/leoni-tigri-partita1.txt",
    ]);
    assert_eq!(o.status.code(), Some(0));
}

/// Issue 12: with three warnings each (R40) both teams lose by rule. Every writer renders
/// the one verdict of the report: none may call it a tie.
#[test]
fn both_teams_losing_by_rule_is_said_alike_by_every_writer() {
    let d = Scratch::new("cli", "both-lose");
    let game = std::fs::read_to_string("samples/superscacchi/leoni-tigri-partita1.txt")
        .unwrap()
        .replace(
            "[Ammonimenti \"Leoni: 1, Tigri: 0\"]",
            "[Ammonimenti \"Leoni: 3, Tigri: 3\"]",
        );
    let f = d.join("g.txt");
    std::fs::write(&f, game).unwrap();
    let f = f.to_str().unwrap();
    let o = wide(&["verify", "--color", "never", f]);
    let text = stdout(&o);
    let sentence = "No winner: both teams lose by rule (R40/R41)";
    assert!(text.contains(&format!("\n{sentence}\n")), "{text}");
    // The summary table says it in a few words, from the same place.
    assert!(text.contains("both teams lose by rule"), "{text}");
    assert!(!text.contains("a tie"), "{text}");
    let o = wide(&["verify", "--format", "json", f]);
    let v: serde_json::Value = json(&o);
    assert_eq!(
        (&v["outcome"], &v["winner"]),
        (&"both-lose".into(), &serde_json::Value::Null)
    );
    let o = wide(&["verify", "--format", "csv", f]);
    let text = stdout(&o);
    let row = text.lines().nth(1).unwrap();
    assert!(
        row.ends_with(",Leoni,-135,Tigri,50,,,,,,,4v4,148,1,1,0:19:10,0:14:30,Campionato regionale SuperScacchi 2026,2026-10-17,,,,,560,result-mismatch,"),
        "{row}"
    );
    let o = wide(&["score", "--lang", "en", f]);
    assert!(
        stdout(&o).contains(&format!("\n{sentence}\n")),
        "{}",
        stdout(&o)
    );
    let html = d.join("g.html");
    let o = wide(&["render", f, "--out", html.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains(sentence), "{page}");
    assert!(!page.contains("a tie"));
}

/// Issue 17, the school organiser: the JSON report carries the players, `[Fase]`,
/// `[Girone]` and the declared result beside the keys of formats.md §4.
#[test]
fn json_carries_players_phase_group_and_declared_result() {
    let o = wide(&[
        "verify",
        "--format",
        "json",
        "samples/classical/torneo-scuola.txt",
    ]);
    let v: serde_json::Value = json(&o);
    let g = &v[2];
    assert_eq!(g["white"], "Ricci, Paolo");
    assert_eq!(g["black"], "Marino, Elena");
    assert_eq!((&g["phase"], &g["group"]), (&"2".into(), &"2".into()));
    // The board says stalemate, the sheet 1-0: both are there.
    assert_eq!(
        (&g["result"], &g["declared_result"]),
        (&"1/2-1/2".into(), &"1-0".into())
    );
    // A game without the tags has them as null.
    let o = wide(&[
        "verify",
        "--format",
        "json",
        "samples/classical/handout.txt",
    ]);
    let v: serde_json::Value = json(&o);
    for k in ["white", "black", "phase", "group", "declared_result"] {
        assert!(v.get(k).is_some(), "{k}");
    }
}

/// Issue 12's other wrong answers, each at the edge where it was seen: `match --format csv`
/// printed JSON, the match JSON held Rust debug text, `contest` with a malformed set-up
/// panicked (exit 134), and `batch` read a `[Disposizione]` set-up its own way.
#[test]
fn issue_12_edges_say_what_they_do() {
    let p1 = "samples/superscacchi/leoni-tigri-partita1.txt";
    let p2 = "samples/superscacchi/leoni-tigri-partita2.txt";
    let o = wide(&["match", "--format", "csv", p1, p2]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("'csv'"), "{}", stderr(&o));
    let o = wide(&["match", "--format", "json", p1, p2]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = json(&o);
    assert_eq!(
        (&v["reason"], &v["winner"]),
        (&"point-sum".into(), &"Tigri".into())
    );
    let text = stdout(&o);
    assert!(
        !text.contains("Some(") && !text.contains("PointSum"),
        "{text}"
    );

    let d = tmp_dir("issue12");
    std::fs::write(d.join("bad.setup"), "bogus\n").unwrap();
    let setup = d.join("bad.setup");
    let o = wide(&[
        "contest",
        "--setup",
        setup.to_str().unwrap(),
        "--team",
        "Leoni",
        "--at",
        "18:00",
        p2,
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("bad.setup:1: expected"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));

    // A game naming a set-up file that is not there: `verify` and `batch` say the same.
    let game = std::fs::read_to_string(p1)
        .unwrap()
        .replace("\"assedio-corto\"", "\"manca.setup\"");
    std::fs::write(d.join("g.txt"), game).unwrap();
    let g = d.join("g.txt");
    let o = wide(&["verify", "--format", "json", g.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = json(&o);
    let csv = d.join("r.jsonl");
    let b = wide(&[
        "batch",
        "-q",
        g.to_str().unwrap(),
        "--report",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(b.status.code(), Some(1));
    let row: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&csv).unwrap().trim()).unwrap();
    assert_eq!(v["findings"][0]["code"], "bad-setup");
    assert_eq!(row["findings"][0], v["findings"][0]);
}

/// Issue 32 point 9: the shell completions and the manual page, made from the command
/// line's definition: every command is in them.
#[test]
fn completions_and_the_manual_page_name_every_command() {
    let commands = [
        "verify",
        "convert",
        "reconcile",
        "batch",
        "score",
        "match",
        "contest",
        "scoring",
        "show",
        "render",
        "selfplay",
        "new",
        "tournament",
        "simul",
    ];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = run(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
        let text = stdout(&o);
        for c in commands {
            assert!(text.contains(c), "{shell} completions lack {c}");
        }
    }
    assert!(stdout(&run(&["completions", "bash"])).starts_with("_arbitro() {"));
    let o = run(&["man"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = stdout(&o);
    assert!(page.contains(".TH arbitro 1"), "{page}");
    for c in commands {
        assert!(
            page.contains(&format!("arbitro\\-{c}(1)")) || page.contains(c),
            "man lacks {c}"
        );
    }
    // No shell named: a usage error (exit 2) that lists the shells.
    let o = run(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bash"), "{}", stderr(&o));
}

/// Issue 32 point 4: `arbitro explain CODE` says what a code means, its severity and rule,
/// in both languages; every code has its gloss; an unknown code is a usage error that
/// proposes the codes it resembles.
#[test]
fn explain_says_what_a_code_means() {
    let o = run(&["explain", "wrong-pen", "--lang", "en"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "wrong-pen (warning, R34): the move is written with the wrong pen colour\n"
    );
    let o = run(&["explain", "--lang", "it", "claim-possible"]);
    assert_eq!(
        stdout(&o),
        "claim-possible (nota, FIDE 9.2–9.3): qui si poteva reclamare la patta\n"
    );
    let all = stdout(&wide(&["explain", "--lang", "it"]));
    for c in arbitro::finding::Code::ALL {
        assert!(all.contains(c.as_str()), "{c} missing from the table");
        let g = arbitro::finding::wording::codes::gloss(*c);
        assert_ne!(
            g.text.en, g.text.it,
            "{c}: the same words in both languages"
        );
    }
    let o = run(&["explain", "--lang", "en", "mate-mark"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: `mate-mark` is not a finding code; perhaps: wrong-mate-mark, missing-mate-mark (arbitro explain lists them all)\n"
    );
}
