//! The contest document for the judge (`contest --out FILE.html`) in headless Chromium: it
//! loads with no script and no request, shows the sheet lines and the signature lines,
//! and prints on one A4 page, also with the captain's grounds at their bound and more
//! findings than the table holds (issue 32 point 7; the picture in the guide is taken
//! here). Skipped and listed where Chromium or chromedriver is missing (`common::skip`);
//! under `CI=true` that is a failure.

use crate::common;
use common::stderr;
use serde_json::json;

use crate::browser;
use arbitro::report::contest::grounds::{MAX_LINES, printed_lines};
use browser::{Browser, base64_decode, browser_installed};
use std::path::{Path, PathBuf};

#[test]
fn the_contest_document_prints_on_one_a4_page_in_headless_chromium() {
    let name = "the_contest_document_prints_on_one_a4_page_in_headless_chromium";
    if !browser_installed(name) {
        return;
    }
    let dir = common::Scratch::new("chromium", "contest");
    let html = dir.join("reclamo.html");
    let o = common::bin()
        .args([
            "contest",
            "samples/superscacchi/leoni-tigri-partita2.txt",
            "--team",
            "Tigri",
            "--at",
            "18:14",
            "--tz",
            "Europe/Rome",
            "--lang",
            "it",
            "--out",
        ])
        .arg(&html)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let browser = Browser::start(&dir);
    browser.open(&html);
    assert_eq!(browser.script("return document.scripts.length"), json!(0));
    // Nothing was fetched: the page is the only resource.
    assert_eq!(
        browser.script("return performance.getEntriesByType('resource').length"),
        json!(0)
    );
    assert_eq!(
        browser.script("return document.querySelectorAll('.sign').length"),
        json!(3)
    );
    let cited = browser.script("return document.querySelectorAll('code')[1].textContent");
    assert_eq!(cited, json!("14. rossa P k9 X Aj10 +++ =T"));
    assert_one_a4_page(&browser);
}

/// Prints the open page with Letter asked for and no shrinking: the page's own `@page {
/// size: A4 }` wins (595 x 842 points), and the document fits one page.
fn assert_one_a4_page(browser: &Browser) {
    let pdf = browser.cmd(
        "POST",
        "/print",
        Some(json!({"page": {"width": 21.59, "height": 27.94}, "shrinkToFit": false})),
    );
    let pdf = base64_decode(pdf["value"].as_str().unwrap_or_else(|| panic!("{pdf}")));
    assert!(pdf.starts_with(b"%PDF"));
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        text.contains("/MediaBox [0 0 594.9") && text.contains(" 841.9"),
        "not A4"
    );
    assert!(!text.contains("/MediaBox [0 0 612"), "Letter");
    assert!(
        text.contains("/Count 1\n") || text.contains("/Count 1/") || text.contains("/Count 1 "),
        "one page"
    );
}

/// Grounds at their bound: `MAX_LINES` lines of Italian prose, each as long as one printed
/// line holds (capitals at the start of each sentence count more).
fn grounds_at_the_bound(capitals: bool) -> String {
    let words = "Alla mossa quattordici la pedina rossa era già stata spostata prima del segnale dell'arbitro. Il foglio non riporta la cattura come scritta dal giocatore, e la squadra chiede il ricalcolo dei punti.";
    let mut lines: Vec<String> = Vec::new();
    let mut words = words.split(' ').cycle();
    while lines.len() < MAX_LINES {
        let mut line = String::new();
        loop {
            let w = words.next().unwrap();
            let w = if capitals {
                w.to_uppercase()
            } else {
                w.to_string()
            };
            let longer = if line.is_empty() {
                w.clone()
            } else {
                format!("{line} {w}")
            };
            if printed_lines(&longer) > 1 {
                break;
            }
            line = longer;
        }
        lines.push(line);
    }
    let text = lines.join("\n");
    assert_eq!(printed_lines(&text), MAX_LINES);
    text
}

/// P2 with every quiet move in the wrong pen (217 findings to show) and a declared result
/// the recomputation overturns, in `dir` as `g.txt`.
fn stress_game(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/leoni-tigri-partita2.txt"),
    )
    .unwrap()
    .replace(". nera  ", ". blu   ")
    .replace(
        "[Risultato \"Tigri: 48, Leoni: 125\"]",
        "[Risultato \"Tigri: 148, Leoni: 125\"]",
    );
    let game = dir.join("g.txt");
    std::fs::write(&game, text).unwrap();
    game
}

fn document(game: &Path, out: &Path, lang: &str, at: &str, grounds: &str) {
    let o = common::bin()
        .args(["contest"])
        .arg(game)
        .args([
            "--team",
            "Tigri",
            "--at",
            at,
            "--tz",
            "Europe/Rome",
            "--lang",
            lang,
        ])
        .args(["--motivo", grounds, "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The bound holds: grounds at their bound (in small letters, and all in capitals), more
/// findings than the table holds, the longest sentences under the large lines (a late
/// contest the recomputation would overturn), in both languages: one A4 page every time.
#[test]
fn the_document_at_its_bounds_still_prints_on_one_a4_page() {
    let name = "the_document_at_its_bounds_still_prints_on_one_a4_page";
    if !browser_installed(name) {
        return;
    }
    let dir = common::Scratch::new("chromium", "contest-bound");
    let game = stress_game(&dir);
    let browser = Browser::start(&dir);
    for (lang, at, capitals) in [
        ("it", "18:16", false),
        ("en", "18:16", true),
        ("it", "18:14", true),
    ] {
        let html = dir.join(format!("{lang}-{at}-{capitals}.html").replace(':', ""));
        document(&game, &html, lang, at, &grounds_at_the_bound(capitals));
        browser.open(&html);
        assert_eq!(
            browser.script("return document.querySelectorAll('table.findings tr').length"),
            json!(1 + 8 + 1),
            "{lang} {at}"
        );
        assert_eq!(
            browser.script(
                "return document.querySelector('.grounds').textContent.split('\\n').length"
            ),
            json!(MAX_LINES),
            "{lang} {at}"
        );
        assert_one_a4_page(&browser);
    }
}

/// The picture in the guide (`docs/contest-documento.png`, refreshed with
/// `UPDATE_SCREENSHOT=1`; always saved as `target/contest-documento.png`): an Italian
/// document, a contest in time that finds the 50 points the table missed but upholds its
/// verdict all the same, a few lines of grounds, the page at A4's width.
#[test]
fn the_contest_document_screenshot() {
    let name = "the_contest_document_screenshot";
    if !browser_installed(name) {
        return;
    }
    let dir = common::Scratch::new("chromium", "contest-shot");
    let game =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/leoni-tigri-partita2.txt");
    let html = dir.join("reclamo.html");
    document(
        &game,
        &html,
        "it",
        "18:12",
        "Alla mossa 14 dell'armata E il re di NE era imprigionato (R26): il tavolo non ha contato i 50 punti.\nChiediamo il ricalcolo del punteggio.",
    );
    let browser = Browser::start(&dir);
    // A4's width at 96 dots an inch, and its height.
    browser.cmd(
        "POST",
        "/window/rect",
        Some(json!({"width": 794, "height": 1123})),
    );
    browser.open(&html);
    assert_eq!(
        browser.script("return document.getElementById('standing').textContent"),
        json!("VERDETTO CONFERMATO")
    );
    let shot = browser.cmd("GET", "/screenshot", None);
    let png = base64_decode(shot["value"].as_str().unwrap());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    std::fs::write(root.join("target/contest-documento.png"), &png).unwrap();
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        std::fs::write(root.join("docs/contest-documento.png"), &png).unwrap();
    }
}
