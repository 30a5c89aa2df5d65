//! Every slip in one run (issue 28 points 1 and 4): `verify` and `batch` on games with
//! several slips, classical (PGN and Italian, FIDE 3) and SuperScacchi (R32a): one error a
//! slip, each at its move with the move meant, the replay going on to the end; `batch`
//! counts them per game.

use crate::common;
use common::{Arbitro, Scratch, json, stdout};
use serde_json::{Value, json};

/// A Ruy Lopez with three slips of the pen (a square's rank twice, a square's file), and a
/// clean game after it.
const RUY: &str = r#"[Event "Slips"]
[White "A"]
[Black "B"]
[Result "1-0"]

1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba5 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O
9.h3 Nb8 10.d4 Nbd7 11.Nbd2 Bb7 12.Bc3 Re8 13.Nf1 Bf8 14.Ng4 g6 15.Bg5 h6
16.Bd2 Bg7 17.a4 c5 1-0

[Event "Clean"]
[White "C"]
[Black "D"]
[Result "1-0"]

1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 1-0
"#;

/// The same opening in Italian with two slips: a piece letter (`Ag3` for `Cg3`) and a
/// pawn's rank (`d6` for `d5`).
const SCUOLA: &str = "[Evento \"Torneo di classe\"]\n[Bianco \"Anna\"]\n[Nero \"Bruno\"]\n\
[Risultato \"1-0\"]\n\n\
1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6 8.c3 0-0\n\
9.h3 Cb8 10.d4 Cbd7 11.Cbd2 Ab7 12.Ac2 Te8 13.Cf1 Af8 14.Ag3 g6 15.Ag5 h6\n\
16.Ad2 Ag7 17.a4 c5 18.d6 c4 19.b4 Cc5 20.Ae3 Dc7 21.Dd2 Rh7 1-0\n";

/// Each finding as (code, move, ply, line, column, moves proposed).
fn found(g: &Value) -> Vec<(String, u64, u64, u64, u64, Value)> {
    g["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["move"].as_u64().unwrap_or(0),
                f["ply"].as_u64().unwrap_or(0),
                f["line"].as_u64().unwrap_or(0),
                f["column"].as_u64().unwrap_or(0),
                f["proposed"].clone(),
            )
        })
        .collect()
}

fn one(
    code: &str,
    m: u64,
    ply: u64,
    line: u64,
    col: u64,
    p: Value,
) -> (String, u64, u64, u64, u64, Value) {
    (code.to_string(), m, ply, line, col, p)
}

#[test]
fn a_pgn_game_with_three_slips_gives_three_errors_each_read_on() {
    let d = Scratch::new("slips", "pgn");
    std::fs::write(d.join("ruy.pgn"), RUY).unwrap();
    let o = Arbitro::new()
        .dir(&d)
        .run(&["verify", "ruy.pgn", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "an error stands");
    let games = json(&o);
    let g = &games[0];
    // FIDE 3.2, 3.6: each slip an illegal move, read as the move meant; no cascade.
    assert_eq!(
        found(g),
        vec![
            one("illegal-move", 4, 7, 6, 30, json!(["Ba4"])),
            one("illegal-move", 12, 23, 7, 36, json!(["Bc2", "Bc4"])),
            one("illegal-move", 14, 27, 7, 58, json!(["Ng3", "Nh4", "g4"])),
        ]
    );
    assert_eq!(g["findings"][0]["hint"], "read as Ba4 to go on");
    assert_eq!(
        g["findings"][1]["hint"],
        "read as Bc2 to go on (also possible: Bc4)"
    );
    // The whole game replayed, each slip read on.
    assert_eq!(g["plies"], 34);
    assert_eq!(games[1]["findings"], json!([]));
    // The human report: three errors, in the order of the sheet.
    let o = Arbitro::new().dir(&d).run(&["verify", "ruy.pgn"]);
    let out = stdout(&o);
    assert_eq!(out.matches("error[illegal-move]").count(), 3, "{out}");
    let at = |s: &str| out.find(s).unwrap();
    assert!(
        at("4.Ba5") < at("12.Bc3") && at("12.Bc3") < at("14.Ng4"),
        "{out}"
    );
}

#[test]
fn an_italian_sheet_with_two_slips_gives_two_errors_in_italian() {
    let d = Scratch::new("slips", "italian");
    std::fs::write(d.join("scuola.txt"), SCUOLA).unwrap();
    let o =
        Arbitro::new()
            .dir(&d)
            .run(&["verify", "scuola.txt", "--format", "json", "--lang", "it"]);
    assert_eq!(o.status.code(), Some(1));
    let g = &json(&o);
    assert_eq!(
        found(g),
        vec![
            one(
                "illegal-move",
                14,
                27,
                7,
                58,
                json!(["Cg3", "Ae3", "Ad3", "g3"])
            ),
            one("illegal-move", 18, 35, 8, 24, json!(["d5"])),
        ]
    );
    assert_eq!(g["findings"][1]["hint"], "letta come d5 per proseguire");
    assert_eq!(g["plies"], 42);
}

/// The sample SuperScacchi game with S's move 5 and NE's move 40 left out (R32a).
fn partita_two_gaps() -> String {
    let p = common::root().join("samples/superscacchi/leoni-tigri-partita1.txt");
    let mut lines: Vec<String> = std::fs::read_to_string(p)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    for gone in ["40. blu   C b11 - a9", "5. nera  P l2 - l3"] {
        let at = lines.iter().position(|l| l == gone).unwrap();
        lines.remove(at);
    }
    lines.join("\n")
}

#[test]
fn batch_counts_every_slip_of_every_game() {
    let d = Scratch::new("slips", "batch");
    let games = d.join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("ruy.pgn"), RUY).unwrap();
    std::fs::write(games.join("scuola.txt"), SCUOLA).unwrap();
    std::fs::write(games.join("partita.txt"), partita_two_gaps()).unwrap();
    let csv = d.join("r.csv");
    let o = Arbitro::new().envs(&[("COLUMNS", "200")]).run(&[
        "batch",
        games.to_str().unwrap(),
        "--report",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    // Per game: errors, the first error's code, army, move and ply, the plies replayed
    // (to the end: each slip read on), the codes met.
    let rows: Vec<Vec<String>> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let c: Vec<&str> = l.split(',').collect();
            [1, 4, 6, 7, 8, 9, 32, 33]
                .iter()
                .map(|&i| c[i].to_string())
                .collect()
        })
        .collect();
    let row = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        rows,
        vec![
            row(&[
                "1",
                "2",
                "missing-move",
                "S",
                "5",
                "33",
                "560",
                "missing-move"
            ]),
            row(&[
                "1",
                "3",
                "illegal-move",
                "white",
                "4",
                "7",
                "34",
                "illegal-move"
            ]),
            row(&["2", "0", "", "", "", "", "8", ""]),
            row(&[
                "1",
                "2",
                "illegal-move",
                "white",
                "14",
                "27",
                "42",
                "illegal-move"
            ]),
        ]
    );
    // The summary: four games, one valid, three with errors; six errors by code.
    let out = stdout(&o);
    assert!(
        out.contains("│ 3     ┆ 0       ┆ 4     ┆ 1     ┆ 3 "),
        "{out}"
    );
    assert!(out.contains("│ illegal-move ┆ 5     ┆"), "{out}");
    assert!(out.contains("│ missing-move ┆ 2     ┆"), "{out}");
}
