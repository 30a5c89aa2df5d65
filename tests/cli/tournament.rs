//! `arbitro tournament`: the plan, the sample tournament from the first draw to the podium,
//! bad tournament files and exit codes.

use serde_json::Value;
use std::path::Path;

use crate::common;
use common::Scratch;
use common::{json, snapshot, stderr, stdout, wide};

/// T15: the seed's table for 40 players.
#[test]
fn plan_for_forty_players() {
    let o = wide(&["tournament", "plan", "--players", "40", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    let phases = v["phases"].as_array().unwrap();
    let games: Vec<u64> = phases
        .iter()
        .map(|p| p["games"].as_u64().unwrap())
        .collect();
    assert_eq!(games, [42, 27, 9, 4]);
    let sup: Vec<u64> = phases
        .iter()
        .map(|p| p["supervised"].as_u64().unwrap())
        .collect();
    assert_eq!(sup, [0, 27, 9, 4]);
    let on: Vec<u64> = phases
        .iter()
        .map(|p| p["goes_on"].as_u64().unwrap())
        .collect();
    assert_eq!(on, [27, 9, 3, 0]);
    let players: Vec<u64> = phases
        .iter()
        .map(|p| p["players"].as_u64().unwrap())
        .collect();
    assert_eq!(players, [40, 27, 9, 3]);
    assert_eq!(phases[0]["groups"].as_array().unwrap().len(), 13);
    assert_eq!(phases[0]["phase"], 1);
    assert_eq!(v["games"], 82);
    assert_eq!(v["supervised"], 40);
    let human = stdout(&wide(&[
        "tournament",
        "plan",
        "--players",
        "40",
        "--lang",
        "it",
    ]));
    assert!(human.contains("3 + 1"), "{human}");
    assert!(human.contains("Totale: 82 partite, 40 sotto supervisione"));
    assert_eq!(
        wide(&["tournament", "plan", "--players", "1"])
            .status
            .code(),
        Some(2)
    );
}

/// The sample from the list of pupils to the podium: `new` and two `draw`s give exactly
/// the tournament file of the sample.
#[test]
fn sample_draws_are_reproducible() {
    let dir = Scratch::new("torneo", "draws");
    let f1 = dir.join("fase1.toml");
    let f2 = dir.join("fase2.toml");
    let f3 = dir.join("fase3.toml");
    let o = wide(&[
        "tournament",
        "new",
        "--players",
        "samples/torneo/iscritti.lista",
        "--sorteggio",
        "2026",
        "--nome",
        "Torneo d'istituto 2026",
        "--out",
        f1.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&f1).unwrap(),
        std::fs::read_to_string("samples/torneo/torneo-fase1.toml").unwrap()
    );
    let o = wide(&[
        "tournament",
        "draw",
        f1.to_str().unwrap(),
        "samples/torneo/partite/fase1",
        "--sorteggio",
        "2026",
        "--out",
        f2.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = wide(&[
        "tournament",
        "draw",
        f2.to_str().unwrap(),
        "samples/torneo/partite/fase1",
        "samples/torneo/partite/fase2",
        "--sorteggio",
        "2026",
        "--out",
        f3.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let drawn = std::fs::read_to_string(&f3).unwrap();
    assert_eq!(
        drawn,
        std::fs::read_to_string("samples/torneo/torneo.toml").unwrap()
    );
    assert!(drawn.contains("# Sorteggio del programma (T12), seme 2026"));
    // The final cannot be followed by a draw.
    let o = wide(&[
        "tournament",
        "draw",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
        "--sorteggio",
        "2026",
        "--out",
        dir.join("x.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("final"), "{}", stderr(&o));
}

/// The sample's standings: snapshots of the JSON and of the Italian tables.
#[test]
fn sample_standings_snapshot() {
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["winner"], "Colombo, Sara");
    assert_eq!(v["second"], "Ferrari, Marco");
    assert_eq!(v["third"], "Marino, Elisa");
    assert_eq!(v["phases"][2]["final"], true);
    assert_eq!(v["phases"][2]["extra_game"]["status"], "won");
    let g4 = &v["phases"][0]["groups"][3]["standings"];
    assert_eq!(g4[2]["decided_by"], "head-to-head");
    assert_eq!(g4[2]["goes_on"], true);
    assert_eq!(g4[3]["goes_on"], false);
    let g1 = &v["phases"][0]["groups"][0]["standings"][0];
    assert_eq!(
        (g1["place"].as_u64(), g1["place_to"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(
        v["phases"][0]["groups"][1]["standings"][1]["decided_by"],
        "lot"
    );
    snapshot("torneo.standings.json", &stdout(&o));
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
        "--lang",
        "it",
    ]);
    snapshot("torneo.standings.it.txt", &stdout(&o));
}

/// Phase 1 alone: the lot still needed in girone 2, the draw not yet possible.
#[test]
fn sample_phase_one_has_a_pending_lot() {
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    let g2 = &v["phases"][0]["groups"][1];
    assert_eq!(
        g2["lots_needed"],
        serde_json::json!([{"players": ["Esposito, Giulia", "Greco, Anna"], "places": [2, 3]}])
    );
    assert_eq!(g2["standings"][1]["goes_on"], Value::Null);
    assert_eq!(g2["standings"][1]["decided_by"], "pending");
    assert_eq!(v["next_phase"], Value::Null);
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--lang",
        "en",
    ]);
    assert!(stdout(&o).contains("sorteggio needed: Esposito, Giulia; Greco, Anna (places 2, 3)"));
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--format",
        "csv",
    ]);
    assert!(stdout(&o).starts_with("phase,group,place,place_to,player,points,goes_on,decided_by\n1,1,1,2,\"Costa, Pietro\",1.5,true,shared\n"));
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn unusable_tournament_files_exit_2() {
    let dir = Scratch::new("torneo", "bad");
    let cases = [
        ("giocatori = [\"A\", \"B\"\n", ":1:22: not valid TOML"),
        ("giocatori = [\"A\", \"B\"]\ncolore = 1\n", "colore"),
        ("giocatori = [\"A\", \" a \"]\n", "same name"),
        (
            "giocatori = [\"A\", \"B\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"Zed\"]]\n",
            ":4:17: `Zed`",
        ),
        (
            "giocatori = [\"A\", \"B\", \"C\", \"D\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\"], [\"C\", \"b\"]]\n",
            "twice",
        ),
        (
            "giocatori = [\"A\", \"B\", \"C\", \"D\"]\n[[fase]]\nnumero = 2\ngironi = [[\"A\", \"B\"], [\"C\", \"D\"]]\n",
            "out of order",
        ),
    ];
    for (i, (text, needle)) in cases.iter().enumerate() {
        let t = write(&dir, &format!("t{i}.toml"), text);
        let o = wide(&["tournament", "standings", &t]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(stderr(&o).contains(needle), "{text}: {}", stderr(&o));
    }
    // A game file named but missing.
    let t = write(
        &dir,
        "ok.toml",
        "giocatori = [\"A\", \"B\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\"]]\n",
    );
    let o = wide(&[
        "tournament",
        "standings",
        &t,
        dir.join("nessuna.txt").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn findings_exit_1_and_lot_mismatch() {
    let dir = Scratch::new("torneo", "findings");
    let t = write(
        &dir,
        "t.toml",
        "giocatori = [\"A\", \"B\", \"C\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\", \"C\"]]\n[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\"A\", \"C\"]\n",
    );
    let g = write(
        &dir,
        "g.txt",
        "[Fase \"1\"]\n[Bianco \"A\"]\n[Nero \"B\"]\n[Risultato \"1-0\"]\n\n1-0\n\n[Fase \"1\"]\n[Bianco \"A\"]\n[Nero \"C\"]\n[Risultato \"1-0\"]\n\n1-0\n\n[Fase \"1\"]\n[Bianco \"B\"]\n[Nero \"C\"]\n[Risultato \"1/2-1/2\"]\n\n1/2-1/2\n\n",
    );
    let o = wide(&["tournament", "standings", &t, &g, "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    let f = &v["phases"][0]["groups"][0]["findings"][0];
    assert_eq!(f["code"], "lot-mismatch");
    assert_eq!(f["line"], 5);
    assert_eq!(f["file"], t.as_str());
    // The recorded lot written right decides; exit 0.
    let t = write(
        &dir,
        "t.toml",
        "giocatori = [\"A\", \"B\", \"C\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\", \"C\"]]\n[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\"c\", \"b\"]\n",
    );
    let o = wide(&["tournament", "standings", &t, &g, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(
        (
            v["winner"].as_str(),
            v["second"].as_str(),
            v["third"].as_str()
        ),
        (Some("A"), Some("C"), Some("B"))
    );
}

#[test]
fn draw_never_writes_over_an_input() {
    let dir = Scratch::new("torneo", "over");
    let t = dir.join("t.toml");
    std::fs::copy("samples/torneo/torneo-fase1.toml", &t).unwrap();
    let o = wide(&[
        "tournament",
        "draw",
        t.to_str().unwrap(),
        "samples/torneo/partite/fase1",
        "--sorteggio",
        "1",
        "--out",
        t.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("refusing"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&t).unwrap(),
        std::fs::read_to_string("samples/torneo/torneo-fase1.toml").unwrap()
    );
}

/// `--html`: one page, no network, every text from a file escaped.
#[test]
fn html_page_is_self_contained_and_escaped() {
    let dir = Scratch::new("torneo", "html");
    let t = write(
        &dir,
        "t.toml",
        "nome = \"<script>alert(1)</script>\"\ngiocatori = [\"A<b>\", \"B&\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A<b>\", \"B&\"]]\n",
    );
    let page = dir.join("p.html");
    let o = wide(&[
        "tournament",
        "standings",
        &t,
        "--html",
        page.to_str().unwrap(),
        "--completo",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;"));
    assert!(html.contains("A&lt;b&gt;"));
    // The embedded standings JSON: `<` written \u003c, still the same JSON.
    assert!(html.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"));
    let start = html.find("id=\"standings\">").unwrap() + "id=\"standings\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let v: Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(v["tournament"], "<script>alert(1)</script>");
    assert!(!html.contains("http://") && !html.contains("https://"));
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
        "--html",
        page.to_str().unwrap(),
        "--lang",
        "it",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("Podio"));
    assert!(html.contains("class=\"on\""));
}

#[test]
fn new_refuses_names_equal_by_t1() {
    let dir = Scratch::new("torneo", "new");
    let list = write(
        &dir,
        "iscritti.lista",
        "Rossi, Anna\nBianchi, Luca\n  ROSSI, ANNA \n",
    );
    let out = dir.join("t.toml");
    let o = wide(&[
        "tournament",
        "new",
        "--players",
        &list,
        "--sorteggio",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("same name"), "{}", stderr(&o));
    assert!(!out.exists());
    // Two names: a final of two, drawn and written.
    let list = write(&dir, "due.lista", "Rossi, Anna\n\nBianchi, \"Luca\"\n");
    let o = wide(&[
        "tournament",
        "new",
        "--players",
        &list,
        "--sorteggio",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = wide(&[
        "tournament",
        "standings",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["phases"][0]["final"], true);
    assert_eq!(
        v["phases"][0]["groups"][0]["players"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

/// `--sorteggio` in `standings`: the lots drawn and the next phase shown, in English.
#[test]
fn standings_with_sorteggio_show_the_next_draw() {
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--sorteggio",
        "2026",
        "--lang",
        "en",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(
        out.contains("sorteggio drawn by the program (T12): Greco, Anna; Esposito, Giulia"),
        "{out}"
    );
    assert!(out.contains("Draw of phase 2 (seed 2026, T13):"), "{out}");
    assert!(
        out.contains("  group 1: Marino, Elisa; Costa, Pietro; De Luca, Chiara"),
        "{out}"
    );
}

/// The lines of `arbitro ARGS` from the one starting with `from`, `n` of them.
fn lines_from(out: &str, from: &str, n: usize) -> Vec<String> {
    let start = out
        .lines()
        .position(|l| l.starts_with(from))
        .unwrap_or_else(|| panic!("no line starting {from:?} in\n{out}"));
    out.lines()
        .skip(start)
        .take(n)
        .map(str::to_string)
        .collect()
}

/// T4, T5, T10: the final's table answers "who is 2nd" once, as the note under it and the
/// podium do: the group leaves Ferrari and Marino tied (2–3, their game drawn), the
/// `podio` column gives 2° and 3° and says the extra game (spareggio) decided them. In
/// the final nobody goes on, so the table has no `passa` column (the JSON keeps T10's
/// `goes_on: false`, and adds `podium`, `podium_by`); the HTML page agrees.
#[test]
fn final_table_shows_the_podium_as_decided() {
    let args = [
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
    ];
    let it = stdout(&wide(&[&args[..], &["--lang", "it"]].concat()));
    assert_eq!(
        lines_from(&it, "Fase 3 — finale", 11),
        [
            "Fase 3 — finale (completo)",
            "┌───────┬────┬────────────────┬───┬───┬───┬───────┬───────┬───────────┐",
            "│ posto ┆ n. ┆ giocatore      ┆ 1 ┆ 2 ┆ 3 ┆ punti ┆ podio ┆ deciso da │",
            "╞═══════╪════╪════════════════╪═══╪═══╪═══╪═══════╪═══════╪═══════════╡",
            "│ 1     ┆ 1  ┆ Colombo, Sara  ┆ × ┆ 1 ┆ 1 ┆ 2     ┆ 1°    ┆ punti     │",
            "│ 2     ┆ 3  ┆ Ferrari, Marco ┆ 0 ┆ ½ ┆ × ┆ ½     ┆ 2°    ┆ spareggio │",
            "│ 3     ┆ 2  ┆ Marino, Elisa  ┆ 0 ┆ × ┆ ½ ┆ ½     ┆ 3°    ┆ spareggio │",
            "└───────┴────┴────────────────┴───┴───┴───┴───────┴───────┴───────────┘",
            "  spareggio per il 2° e 3° posto (T5) (Ferrari, Marco – Marino, Elisa): vinto da Ferrari, Marco, che è 2°; Marino, Elisa è 3°",
            "",
            "Vincitore: Colombo, Sara; secondo: Ferrari, Marco; terzo: Marino, Elisa",
        ]
    );
    // The groups of the earlier phases keep `passa`.
    assert_eq!(
        lines_from(&it, "Fase 2 — girone 1", 3)[2],
        "│ posto ┆ n. ┆ giocatore       ┆ 1 ┆ 2 ┆ 3 ┆ punti ┆ passa ┆ deciso da   │"
    );
    let en = stdout(&wide(&[&args[..], &["--lang", "en"]].concat()));
    assert_eq!(
        lines_from(&en, "Phase 3 — final", 11),
        [
            "Phase 3 — final (complete)",
            "┌───────┬────┬────────────────┬───┬───┬───┬────────┬────────┬────────────┐",
            "│ place ┆ n. ┆ player         ┆ 1 ┆ 2 ┆ 3 ┆ points ┆ podium ┆ decided by │",
            "╞═══════╪════╪════════════════╪═══╪═══╪═══╪════════╪════════╪════════════╡",
            "│ 1     ┆ 1  ┆ Colombo, Sara  ┆ × ┆ 1 ┆ 1 ┆ 2      ┆ 1st    ┆ points     │",
            "│ 2     ┆ 3  ┆ Ferrari, Marco ┆ 0 ┆ ½ ┆ × ┆ ½      ┆ 2nd    ┆ extra game │",
            "│ 3     ┆ 2  ┆ Marino, Elisa  ┆ 0 ┆ × ┆ ½ ┆ ½      ┆ 3rd    ┆ extra game │",
            "└───────┴────┴────────────────┴───┴───┴───┴────────┴────────┴────────────┘",
            "  extra game for 2nd and 3rd place (spareggio, T5) (Ferrari, Marco – Marino, Elisa): won by Ferrari, Marco, who is 2nd; Marino, Elisa is 3rd",
            "",
            "Winner: Colombo, Sara; second: Ferrari, Marco; third: Marino, Elisa",
        ]
    );
    // At 80 columns the final's table fits without wrapping a row.
    let o = common::bin()
        .args(args)
        .args(["--lang", "it"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    let narrow = stdout(&o);
    assert_eq!(
        lines_from(&narrow, "Fase 3 — finale", 7)[5],
        "│ 2     ┆ 3  ┆ Ferrari, Marco ┆ 0 ┆ ½ ┆ × ┆ ½     ┆ 2°    ┆ spareggio │"
    );
    // JSON: formats.md §7's keys as they were (the group's own places, shared, T5/T10;
    // goes_on false in the final, T10), the podium beside them.
    let v = json(&wide(&[&args[..], &["--format", "json"]].concat()));
    let fin = &v["phases"][2]["groups"][0]["standings"];
    assert_eq!(
        fin[1],
        serde_json::json!({"player": "Ferrari, Marco", "points": 0.5, "place": 2, "place_to": 3,
            "goes_on": false, "decided_by": "shared", "podium": 2, "podium_by": "extra-game"})
    );
    assert_eq!(
        (&fin[0]["podium"], &fin[0]["podium_by"], &fin[0]["goes_on"]),
        (
            &serde_json::json!(1),
            &serde_json::json!("points"),
            &Value::Bool(false)
        )
    );
    assert_eq!(
        (&fin[2]["player"], &fin[2]["podium"], &fin[2]["podium_by"]),
        (
            &serde_json::json!("Marino, Elisa"),
            &serde_json::json!(3),
            &serde_json::json!("extra-game")
        )
    );
    assert_eq!(v["second"], fin[1]["player"]);
    assert_eq!(v["third"], fin[2]["player"]);
    // Outside the final there is no podium key.
    assert!(
        v["phases"][1]["groups"][0]["standings"][0]
            .get("podium")
            .is_none()
    );
    // HTML: the same columns and cells; the overview says the final's place the same way.
    let dir = Scratch::new("torneo", "final-html");
    let page = dir.join("p.html");
    let o = wide(
        &[
            &args[..],
            &[
                "--lang",
                "it",
                "--html",
                page.to_str().unwrap(),
                "--completo",
            ],
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(
        "<tr><th>posto</th><th>n.</th><th>giocatore</th><th>1</th><th>2</th><th>3</th><th>punti</th><th>podio</th><th>deciso da</th></tr>\
         <tr><td>1</td><td>1</td><td class=\"name\">Colombo, Sara</td><td class=\"self\"></td><td>1</td><td>1</td><td>2</td><td>1°</td><td>punti</td></tr>\
         <tr><td>2</td><td>3</td><td class=\"name\">Ferrari, Marco</td><td>0</td><td>½</td><td class=\"self\"></td><td>½</td><td>2°</td><td>spareggio</td></tr>"
    ), "{html}");
    assert!(html.contains("<td>finale: 2° (spareggio)</td>"), "{html}");
    assert!(html.contains("<td>finale: 1° (punti)</td>"), "{html}");
    assert_eq!(html.matches("<th>passa</th>").count(), 7, "{html}");
    assert_eq!(html.matches("<th>podio</th>").count(), 1, "{html}");
}

/// T4's [reading] in plain words, and labelled `[interpretazione]` in Italian (the
/// English keeps `[reading]`, the word of torneo-rules.md): the table, the plan and the
/// HTML page.
#[test]
fn reading_notes_in_plain_words_and_in_italian() {
    let args = [
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
    ];
    let it = stdout(&wide(&[&args[..], &["--lang", "it"]].concat()));
    // Prose wraps at the width (200 here), continued with two spaces.
    assert_eq!(
        lines_from(&it, "[interpretazione] T4", 2),
        [
            "[interpretazione] T4: in finale il sorteggio si fa solo per una parità di punti che decide chi è 1°, 2° o 3° (il podio); se lo spareggio è stato vinto, è lo spareggio a dare il 2° e il 3° posto e tra",
            "  quei due non si sorteggia"
        ]
    );
    assert!(
        it.contains("\n[interpretazione] T3: quando i giocatori"),
        "{it}"
    );
    assert!(!it.contains("[reading]") && !it.contains("confini"), "{it}");
    let en = stdout(&wide(&[&args[..], &["--lang", "en"]].concat()));
    assert_eq!(
        lines_from(&en, "[reading] T4", 2),
        [
            "[reading] T4: in the final a lot is drawn only for a tie on points that decides who is 1st, 2nd or 3rd (the podium); when the extra game (spareggio) was won, it gives 2nd and 3rd place and no lot is",
            "  drawn between those two"
        ]
    );
    assert!(!en.contains("borders"), "{en}");
    let plan = stdout(&wide(&[
        "tournament",
        "plan",
        "--players",
        "40",
        "--lang",
        "it",
    ]));
    assert!(plan.contains("\n[interpretazione] T3: "), "{plan}");
    assert!(
        plan.contains("\n[interpretazione] T4: in finale il sorteggio si fa solo"),
        "{plan}"
    );
    assert!(!plan.contains("[reading]"), "{plan}");
    let dir = Scratch::new("torneo", "reading-html");
    let page = dir.join("p.html");
    let o = wide(
        &[
            &args[..],
            &[
                "--lang",
                "it",
                "--html",
                page.to_str().unwrap(),
                "--completo",
            ],
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<h2>[interpretazione] dove il regolamento tace</h2><ul><li>T3: "),
        "{html}"
    );
    assert!(
        html.contains("<li>T4: in finale il sorteggio si fa solo per una parità di punti che decide chi è 1°, 2° o 3° (il podio)"),
        "{html}"
    );
    // The JSON's `readings` keep their keys and codes; the text follows --lang.
    let v = json(&wide(
        &[&args[..], &["--format", "json", "--lang", "it"]].concat(),
    ));
    assert_eq!(v["readings"][1]["rule"], "T4");
    assert_eq!(v["readings"][1]["code"], "final-podium");
    assert!(
        v["readings"][1]["text"]
            .as_str()
            .unwrap()
            .starts_with("in finale il sorteggio si fa solo")
    );
}

/// A game with no moves: only tags and the result.
fn tag_game(phase: u32, white: &str, black: &str, result: &str) -> String {
    format!(
        "[Fase \"{phase}\"]\n[Bianco \"{white}\"]\n[Nero \"{black}\"]\n[Risultato \"{result}\"]\n\n{result}\n\n"
    )
}

/// Six players, phase 1 complete (Anna, Bruno, Dario, Elena go on), and a phase 2 written
/// by hand with two players who did not go on and without two who did.
const WRONG_PHASE_2: &str = "giocatori = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\", \"Elena\", \"Fabio\"]\n[[fase]]\nnumero = 1\ngironi = [[\"Anna\", \"Bruno\", \"Carla\"], [\"Dario\", \"Elena\", \"Fabio\"]]\n[[fase]]\nnumero = 2\ngironi = [[\"Anna\", \"Carla\", \"Dario\", \"Fabio\"]]\n";

fn phase_1_games() -> String {
    tag_game(1, "Anna", "Bruno", "1-0")
        + &tag_game(1, "Carla", "Anna", "0-1")
        + &tag_game(1, "Bruno", "Carla", "1-0")
        + &tag_game(1, "Dario", "Elena", "1-0")
        + &tag_game(1, "Dario", "Fabio", "1-0")
        + &tag_game(1, "Elena", "Fabio", "1-0")
}

/// Issue 25 point 4 (T4, T13): a phase whose players are not those who went on is an error
/// naming who is missing and who should not be there, at the phase's line; no podium; no
/// draw; exit 1.
#[test]
fn a_phase_of_the_wrong_players_is_an_error() {
    let dir = Scratch::new("torneo", "phase-players");
    let t = dir.join("t.toml");
    std::fs::write(&t, WRONG_PHASE_2).unwrap();
    let games = dir.join("f1.txt");
    let mut all = phase_1_games();
    // The "final" played out: Anna wins every game.
    for (w, b) in [
        ("Anna", "Carla"),
        ("Anna", "Dario"),
        ("Anna", "Fabio"),
        ("Carla", "Dario"),
        ("Carla", "Fabio"),
        ("Dario", "Fabio"),
    ] {
        all += &tag_game(2, w, b, "1-0");
    }
    std::fs::write(&games, &all).unwrap();
    let (ts, gs) = (t.to_str().unwrap(), games.to_str().unwrap());
    let o = wide(&["tournament", "standings", ts, gs, "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    let f = &v["phases"][1]["findings"][0];
    assert_eq!(f["code"], "phase-players");
    assert_eq!(f["severity"], "error");
    assert_eq!(f["line"], 5);
    assert_eq!(f["rule"], "T13");
    assert_eq!(
        f["message"],
        "fase 2: the players are not those who went on from fase 1 (T4): missing: `Bruno`, `Elena`; should not be there: `Carla`, `Fabio`"
    );
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["second"], Value::Null);
    assert_eq!(v["third"], Value::Null);
    let o = wide(&["tournament", "standings", ts, gs, "--lang", "it"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("errore[phase-players]")
            && stdout(&o).contains("non dovrebbero esserci:"),
        "{}",
        stdout(&o)
    );
    let before = std::fs::read(&t).unwrap();
    let out = dir.join("x.toml");
    let o = wide(&[
        "tournament",
        "draw",
        ts,
        gs,
        "--sorteggio",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: the players of fase 2 are not those who went on (phase-players): no draw until the file is fixed (T13)\n"
    );
    assert!(!out.exists());
    assert_eq!(std::fs::read(&t).unwrap(), before);
}

/// Issue 25 point 7: a tournament file written with an inline array of tables reads as the
/// usual layout, and `draw` writes it anew from its data (saying so) instead of failing.
#[test]
fn an_inline_array_of_phases_is_read_and_extended() {
    let dir = Scratch::new("torneo", "inline");
    let usual = std::fs::read_to_string("samples/torneo/torneo-fase1.toml").unwrap();
    let at = usual.find("[[fase]]").unwrap();
    let groups = &usual[usual.find("gironi = ").unwrap() + "gironi = ".len()..];
    let inline = format!(
        "{}fase = [{{ numero = 1, gironi = {} }}]\n",
        &usual[..at],
        groups.trim().replace('\n', " ")
    );
    let t = dir.join("inline.toml");
    std::fs::write(&t, &inline).unwrap();
    let standings = |file: &str| {
        stdout(&wide(&[
            "tournament",
            "standings",
            file,
            "samples/torneo/partite/fase1",
            "--format",
            "json",
        ]))
    };
    assert_eq!(
        standings(t.to_str().unwrap()),
        standings("samples/torneo/torneo-fase1.toml")
    );
    let (a, b) = (dir.join("a.toml"), dir.join("b.toml"));
    let draw = |file: &Path, out: &Path| {
        wide(&[
            "tournament",
            "draw",
            file.to_str().unwrap(),
            "samples/torneo/partite/fase1",
            "--sorteggio",
            "2026",
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let o = draw(&t, &a);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o)
            .starts_with("note: the tournament file's layout cannot be extended by appending")
    );
    assert!(!stderr(&o).contains("internal error"));
    assert_eq!(std::fs::read_to_string(&t).unwrap(), inline);
    let o = draw(Path::new("samples/torneo/torneo-fase1.toml"), &b);
    assert_eq!(o.status.code(), Some(0));
    // The same data: the same standings from both files.
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let phase2 = |file: &str| {
        stdout(&wide(&[
            "tournament",
            "standings",
            file,
            "samples/torneo/partite",
            "--format",
            "json",
        ]))
    };
    assert_eq!(phase2(a), phase2(b));
    assert!(
        std::fs::read_to_string(a)
            .unwrap()
            .starts_with("# Riscritto da: arbitro tournament draw --sorteggio 2026")
    );
}

/// Issue 25 point 8: a list exported from a spreadsheet: BOM, CRLF, a header row, `;`
/// columns joined into "Cognome Nome", comments, blank rows and rows of empty cells.
#[test]
fn a_players_list_from_a_spreadsheet() {
    let dir = Scratch::new("torneo", "lista");
    let list = dir.join("iscritti.csv");
    std::fs::write(
        &list,
        "\u{feff}Cognome;Nome;Classe\r\nRossi;Marco;3B\r\n# ritirato: Neri\r\nBianchi;Anna;3A\r\n\r\n;;\r\nVerdi;Luca;3B\r\n\"De Luca\";\"Chiara\";3C\r\n",
    )
    .unwrap();
    let out = dir.join("t.toml");
    let o = wide(&[
        "tournament",
        "new",
        "--players",
        list.to_str().unwrap(),
        "--sorteggio",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "read 4 names from {} (columns Cognome + Nome; header row skipped): Rossi Marco; Bianchi Anna; Verdi Luca; …\n",
            list.display()
        )
    );
    let t = std::fs::read_to_string(&out).unwrap();
    assert!(t.contains("giocatori = [\n  \"Rossi Marco\",\n  \"Bianchi Anna\",\n  \"Verdi Luca\",\n  \"De Luca Chiara\",\n]"), "{t}");
    std::fs::remove_file(&out).unwrap();
    // A comma-separated export with its header; a tab-separated one without.
    for (text, first) in [
        ("Cognome,Nome\nRossi,Marco\nBianchi,Anna\n", "Rossi Marco"),
        ("Nome;Cognome\nMarco;Rossi\nAnna;Bianchi\n", "Rossi Marco"),
        ("1\tRossi\tMarco\n2\tBianchi\tAnna\n", "Rossi Marco"),
        ("Rossi, Marco\nBianchi, Anna\n", "Rossi, Marco"),
    ] {
        std::fs::write(&list, text).unwrap();
        let o = wide(&[
            "tournament",
            "new",
            "--players",
            list.to_str().unwrap(),
            "--sorteggio",
            "3",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{text}: {}", stderr(&o));
        let t = std::fs::read_to_string(&out).unwrap();
        assert!(
            t.contains(&format!("giocatori = [\n  \"{first}\",")),
            "{text}: {t}"
        );
        std::fs::remove_file(&out).unwrap();
    }
}

/// Issue 25 point 9: messages that fit the file.
#[test]
fn empty_files_say_what_they_lack() {
    let dir = Scratch::new("torneo", "empty");
    let empty = dir.join("vuoto.toml");
    std::fs::write(&empty, "").unwrap();
    let o = wide(&["tournament", "standings", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "error: {}: no players registered: the file has no names in `giocatori` (T1)\n",
            empty.display()
        )
    );
    let o = wide(&[
        "tournament",
        "standings",
        empty.to_str().unwrap(),
        "--lang",
        "it",
    ]);
    assert!(
        stderr(&o).contains("nessun giocatore iscritto"),
        "{}",
        stderr(&o)
    );
    let list = dir.join("lista.txt");
    for text in ["", "# solo commenti\n\n", "Cognome;Nome\n"] {
        std::fs::write(&list, text).unwrap();
        let o = wide(&[
            "tournament",
            "new",
            "--players",
            list.to_str().unwrap(),
            "--sorteggio",
            "1",
            "--out",
            dir.join("t.toml").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            stderr(&o),
            format!(
                "error: {}: the list has no names (one name a line; `#` lines are comments)\n",
                list.display()
            ),
            "{text:?}"
        );
    }
}

/// Issue 25 point 9: `standings` given only a later phase's folder warns that the phases
/// before it have no game.
#[test]
fn a_phase_without_games_is_a_warning() {
    let o = wide(&[
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite/fase3",
    ]);
    let e = stderr(&o);
    assert!(
        e.contains("warning: fase 1 has no game at all: is it the right folder? (its standings are empty)\n"),
        "{e}"
    );
    assert!(e.contains("warning: fase 2 has no game at all"), "{e}");
    assert!(!e.contains("fase 3 has no game"), "{e}");
}

/// Issue 25 point 9: `draw` says why it ends with 1: the games under review, with file and
/// line.
#[test]
fn draw_says_why_it_exits_one() {
    let dir = Scratch::new("torneo", "draw-one");
    let t = dir.join("t.toml");
    std::fs::write(
        &t,
        "giocatori = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\", \"Elena\", \"Fabio\"]\n[[fase]]\nnumero = 1\ngironi = [[\"Anna\", \"Bruno\", \"Carla\"], [\"Dario\", \"Elena\", \"Fabio\"]]\n",
    )
    .unwrap();
    // The first game has an illegal move: under review, its declared result counts.
    let games = dir.join("f1.txt");
    let bad = "[Fase \"1\"]\n[Bianco \"Anna\"]\n[Nero \"Bruno\"]\n[Risultato \"1-0\"]\n\n1. e4 e5 2. Re3 1-0\n\n";
    std::fs::write(
        &games,
        bad.to_string() + &phase_1_games()[tag_game(1, "Anna", "Bruno", "1-0").len()..],
    )
    .unwrap();
    let out = dir.join("f2.toml");
    let o = wide(&[
        "tournament",
        "draw",
        t.to_str().unwrap(),
        games.to_str().unwrap(),
        "--sorteggio",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("exit code 1: the draw counted the declared results, but these need the organiser (T14):\n"), "{e}");
    let g = games.display().to_string();
    assert!(e.contains(&format!("  {g}:6 (#1): [illegal-move] ")), "{e}");
    assert!(e.contains(&format!("  {g}:1 (#1): [under-review] under review: the declared result counts until the organiser decides\n")), "{e}");
    assert!(out.exists());
}
