//! `arbitro tournament`: the plan, the sample tournament from the first draw to the podium,
//! bad tournament files and exit codes.

use serde_json::Value;
use std::path::Path;
use std::process::Output;

mod common;
use common::Scratch;
use common::snapshot;

fn arbitro(args: &[&str]) -> Output {
    common::bin()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        // The snapshots hold each table row on one line (80 columns: terminal_width.rs).
        .env("COLUMNS", "200")
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// T15: the seed's table for 40 players.
#[test]
fn plan_for_forty_players() {
    let o = arbitro(&["tournament", "plan", "--players", "40", "--format", "json"]);
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
    let human = stdout(&arbitro(&[
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
        arbitro(&["tournament", "plan", "--players", "1"])
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--lang",
        "en",
    ]);
    assert!(stdout(&o).contains("sorteggio needed: Esposito, Giulia; Greco, Anna (places 2, 3)"));
    let o = arbitro(&[
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
        let o = arbitro(&["tournament", "standings", &t]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(stderr(&o).contains(needle), "{text}: {}", stderr(&o));
    }
    // A game file named but missing.
    let t = write(
        &dir,
        "ok.toml",
        "giocatori = [\"A\", \"B\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\"]]\n",
    );
    let o = arbitro(&[
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
    let o = arbitro(&["tournament", "standings", &t, &g, "--format", "json"]);
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
    let o = arbitro(&["tournament", "standings", &t, &g, "--format", "json"]);
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
    let o = arbitro(&[
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
    let o = arbitro(&[
        "tournament",
        "standings",
        &t,
        "--html",
        page.to_str().unwrap(),
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    let o = arbitro(&[
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
    assert!(out.contains("Draw of fase 2 (seed 2026, T13):"), "{out}");
    assert!(
        out.contains("  girone 1: Marino, Elisa; Costa, Pietro; De Luca, Chiara"),
        "{out}"
    );
}
