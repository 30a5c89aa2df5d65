//! Issue 29 point 4, the notice-board page (`tournament standings --html`): public words
//! only, one phase with `--fase`, the podium highlighted, every name escaped; the
//! arbiter's page is `--completo`.

use crate::common;
use common::Scratch;
use common::{stderr, wide};

#[test]
fn the_notice_page_is_for_the_pupils() {
    let dir = Scratch::new("torneo-notice", "page");
    let page = dir.join("p.html");
    let p = page.to_str().unwrap();
    let args = [
        "--lang",
        "it",
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
        "--html",
        p,
    ];
    let o = wide(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    // No embedded data, no file, no code, no rule number.
    for bad in [
        "<script",
        "partite/",
        ".txt",
        "T11",
        "T14",
        "under-review",
        "[interpretazione]",
    ] {
        assert!(!html.contains(bad), "`{bad}` in {html}");
    }
    assert!(
        html.contains("<p class=\"updated\">aggiornata al "),
        "{html}"
    );
    // The podium, highlighted: the box and the final's rows.
    assert!(
        html.contains("<li class=\"first\"><span class=\"medal\">1°</span> Colombo, Sara</li>"),
        "{html}"
    );
    assert!(html.contains("<tr class=\"p1\"><td>1</td>"), "{html}");
    assert_eq!(html.matches("<section class=\"phase\">").count(), 3);
    assert!(html.contains("@page{size:A4"), "{html}");
    // One phase.
    let o = wide(&[&args[..], &["--fase", "2"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("<section class=\"phase\">").count(), 1);
    assert!(html.contains("<h2>Fase 2</h2>"), "{html}");
    assert!(!html.contains("class=\"podium\""), "{html}");
    let o = wide(&[&args[..], &["--fase", "9"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("non ha la fase 9"), "{}", stderr(&o));
    // The arbiter's page keeps the findings and the data.
    let o = wide(&[&args[..], &["--completo"]].concat());
    assert_eq!(o.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("id=\"standings\""), "{html}");
}

#[test]
fn the_notice_page_escapes_every_name() {
    let dir = Scratch::new("torneo-notice", "escape");
    let t = dir.join("t.toml");
    std::fs::write(
        &t,
        "nome = \"<script>alert(1)</script>\"\ngiocatori = [\"A<b>\", \"B&\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A<b>\", \"B&\"]]\n",
    )
    .unwrap();
    let page = dir.join("p.html");
    let o = wide(&[
        "tournament",
        "standings",
        t.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains("<script>") && !html.contains("<b>"),
        "{html}"
    );
    assert!(
        html.contains("&lt;script&gt;") && html.contains("A&lt;b&gt;") && html.contains("B&amp;")
    );
    assert!(
        html.contains("still to play: A&lt;b&gt; – B&amp;"),
        "{html}"
    );
}

/// Point 9: the standings CSV in Italian uses the page's words (no `true`, `shared`, `lot`).
#[test]
fn the_standings_csv_speaks_italian() {
    let o = wide(&[
        "--lang",
        "it",
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--format",
        "csv",
    ]);
    let text = common::stdout(&o);
    assert!(
        text.starts_with(
            "fase,girone,posto,posto_a,giocatore,punti,passa,deciso_da\n1,1,1,2,\"Costa, Pietro\",\"1,5\",sì,pari merito\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(",\"Esposito, Giulia\",\"0,5\",,in sospeso\n"),
        "{text}"
    );
    for bad in ["true", "false", "shared", "lot", "pending", "points"] {
        assert!(!text.contains(bad), "`{bad}` in {text}");
    }
}

/// Point 5: the final's rows in podium order, the place column the podium place once the
/// extra game decided it (T5): the group's third won the extra game, so is second.
#[test]
fn the_final_reads_the_same_in_every_column() {
    let dir = Scratch::new("torneo-notice", "final");
    let t = dir.join("t.toml");
    std::fs::write(
        &t,
        "nome = \"F\"\ngiocatori = [\"Anna\", \"Bruno\", \"Carla\"]\n[[fase]]\nnumero = 1\ngironi = [[\"Anna\", \"Bruno\", \"Carla\"]]\n",
    )
    .unwrap();
    let sheet = dir.join("r.txt");
    std::fs::write(
        &sheet,
        "[Risultati \"F\"]\n[Fase \"1\"]\n1 | Bruno | Carla | 1-0 |\n1 | Anna | Bruno | 1-0 |\n1 | Carla | Anna | 0-1 |\nspareggio | Bruno | Carla | 0-1 |\n",
    )
    .unwrap();
    let o = wide(&[
        "--lang",
        "it",
        "tournament",
        "standings",
        t.to_str().unwrap(),
        sheet.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = common::stdout(&o);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("│ ") && !l.contains("posto"))
        .collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows[0].starts_with("│ 1     ┆ 1  ┆ Anna "), "{text}");
    assert!(
        rows[1].starts_with("│ 2     ┆ 3  ┆ Carla ") && rows[1].contains("2°"),
        "{text}"
    );
    assert!(
        rows[2].starts_with("│ 3     ┆ 2  ┆ Bruno ") && rows[2].contains("3°"),
        "{text}"
    );
}

/// Point 7: `draw` on a tournament whose last phase is the final records the program's
/// lot for the final's tie as `[[sorteggio]]` with the seed's comment; nothing else changes.
#[test]
fn draw_records_the_final_lot() {
    let dir = Scratch::new("torneo-notice", "final-lot");
    let t = dir.join("t.toml");
    let toml = "nome = \"F\"\ngiocatori = [\"Anna\", \"Bruno\", \"Carla\"]\n[[fase]]\nnumero = 1\ngironi = [[\"Anna\", \"Bruno\", \"Carla\"]]\n";
    std::fs::write(&t, toml).unwrap();
    let sheet = dir.join("r.txt");
    std::fs::write(
        &sheet,
        "[Risultati \"F\"]\n[Fase \"1\"]\n1 | Bruno | Carla | 1/2 |\n1 | Anna | Bruno | 1/2 |\n1 | Carla | Anna | 1/2 |\n",
    )
    .unwrap();
    let out = dir.join("t2.toml");
    let o = wide(&[
        "tournament",
        "draw",
        t.to_str().unwrap(),
        sheet.to_str().unwrap(),
        "--sorteggio",
        "5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with(toml), "{written}");
    let added = &written[toml.len()..];
    assert!(added.contains("seme 5"), "{added}");
    assert!(
        added.contains("[[sorteggio]]\nfase = 1\ngirone = 1\nordine = ["),
        "{added}"
    );
    assert!(!added.contains("[[fase]]"), "{added}");
    // Read back without a seed: the lot is the recorded one, the podium decided.
    let o = wide(&[
        "tournament",
        "standings",
        out.to_str().unwrap(),
        sheet.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v = common::json(&o);
    assert!(v["winner"].is_string(), "{v}");
    assert_eq!(
        v["phases"][0]["groups"][0]["lots_needed"],
        serde_json::json!([])
    );
    // Without a tie to draw, the final still has nothing to draw.
    let o = wide(&[
        "tournament",
        "draw",
        out.to_str().unwrap(),
        sheet.to_str().unwrap(),
        "--sorteggio",
        "5",
        "--out",
        dir.join("t3.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}

/// Point 8: the e-mail summary, in the chosen language.
#[test]
fn the_e_mail_summary() {
    let o = wide(&[
        "--lang",
        "it",
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--format",
        "text",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        common::stdout(&o),
        "Torneo d'istituto 2026\n\n\
Fase 1 completata (15 partite).\n\
Passano: Costa, Pietro; Ricci, Tommaso; Marino, Elisa; Ferrari, Marco; Colombo, Sara; Romano, Luca; De Luca, Chiara; Gallo, Davide.\n\
Sorteggio da fare nel girone 2: Esposito, Giulia; Greco, Anna.\n"
    );
    let o = wide(&[
        "--lang",
        "en",
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite/fase1",
        "--format",
        "text",
    ]);
    let text = common::stdout(&o);
    assert!(
        text.contains("Phase 2 in progress: 0 of 9 games played.\n"),
        "{text}"
    );
    assert!(!text.contains("Podium"), "{text}");
}
