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
