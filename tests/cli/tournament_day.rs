//! Issue 29, the teacher's tournament day: the pairings `new` and `draw` print (T16), with
//! exact outputs.

use crate::common;
use common::Scratch;
use common::{json, stderr, stdout, wide};

/// `tournament new` prints each group's games in T16's order, White first, and the count
/// line, after writing the file.
#[test]
fn new_prints_the_pairings_in_berger_order() {
    let dir = Scratch::new("torneo-day", "new");
    let out = dir.join("t.toml");
    let o = wide(&[
        "--lang",
        "it",
        "tournament",
        "new",
        "--players",
        "samples/torneo/iscritti.lista",
        "--sorteggio",
        "2026",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(out.exists());
    let expected = "\
fase 1, girone 1
  turno  Bianco          Nero
  1      Ricci, Tommaso  Russo, Sofia
  2      Costa, Pietro   Ricci, Tommaso
  3      Russo, Sofia    Costa, Pietro

fase 1, girone 2
  turno  Bianco            Nero
  1      Esposito, Giulia  Greco, Anna
  2      Marino, Elisa     Esposito, Giulia
  3      Greco, Anna       Marino, Elisa

fase 1, girone 3
  turno  Bianco          Nero
  1      Colombo, Sara   Bianchi, Luca
  2      Ferrari, Marco  Colombo, Sara
  3      Bianchi, Luca   Ferrari, Marco

fase 1, girone 4
  turno  Bianco           Nero
  1      Romano, Luca     Conti, Matteo
  1      De Luca, Chiara  Gallo, Davide
  2      Conti, Matteo    Gallo, Davide
  2      Romano, Luca     De Luca, Chiara
  3      De Luca, Chiara  Conti, Matteo
  3      Gallo, Davide    Romano, Luca

13 iscritti, 4 gironi, 15 partite
";
    assert_eq!(stdout(&o), expected);
    // The groups printed are the file's (T16 numbers players in the file's order).
    let file = std::fs::read_to_string(&out).unwrap();
    assert!(
        file.contains(
            "[\"Romano, Luca\", \"De Luca, Chiara\", \"Gallo, Davide\", \"Conti, Matteo\"]"
        ),
        "{file}"
    );
    // The same as JSON; a second run refuses to replace the file and prints nothing.
    let o = wide(&[
        "tournament",
        "new",
        "--players",
        "samples/torneo/iscritti.lista",
        "--sorteggio",
        "2026",
        "--format",
        "json",
        "--out",
        dir.join("t2.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["phase"], 1);
    assert_eq!(v["players"], 13);
    assert_eq!(v["games"], 15);
    assert_eq!(v["final"], false);
    let g4 = &v["groups"][3];
    assert_eq!(g4["group"], 4);
    assert_eq!(g4["players"][3], "Conti, Matteo");
    assert_eq!(g4["games"][1]["round"], 1);
    assert_eq!(g4["games"][1]["white"], "De Luca, Chiara");
    assert_eq!(g4["games"][1]["black"], "Gallo, Davide");
    assert_eq!(g4["games"].as_array().unwrap().len(), 6);
    let o = wide(&[
        "tournament",
        "new",
        "--players",
        "samples/torneo/iscritti.lista",
        "--sorteggio",
        "2026",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
}

/// `tournament draw` prints the new phase's pairings; phase 2 of the sample is 3 groups
/// of 3 (9 games) drawn from `torneo-fase1.toml`.
#[test]
fn draw_prints_the_new_phase_pairings() {
    let dir = Scratch::new("torneo-day", "draw");
    let out = dir.join("f2.toml");
    let o = wide(&[
        "tournament",
        "draw",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--sorteggio",
        "2026",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with(
            "phase 2, group 1\n  round  White            Black\n  1      Costa, Pietro    De Luca, Chiara\n  2      Marino, Elisa    Costa, Pietro\n  3      De Luca, Chiara  Marino, Elisa\n\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("\n9 players, 3 groups, 9 games\n"), "{text}");
    let o = wide(&[
        "tournament",
        "draw",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--sorteggio",
        "2026",
        "--format",
        "json",
        "--out",
        dir.join("f2b.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["phase"], 2);
    assert_eq!(v["games"], 9);
    let g1 = &v["groups"][0];
    assert_eq!(
        g1["players"],
        serde_json::json!(["Marino, Elisa", "Costa, Pietro", "De Luca, Chiara"])
    );
    // T16, k = 3: 2–3, 1–2, 3–1.
    let games: Vec<(String, String)> = g1["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["white"].as_str().unwrap().to_string(),
                g["black"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        games,
        [
            ("Costa, Pietro".to_string(), "De Luca, Chiara".to_string()),
            ("Marino, Elisa".to_string(), "Costa, Pietro".to_string()),
            ("De Luca, Chiara".to_string(), "Marino, Elisa".to_string()),
        ]
    );
}
