//! The simul's page for the room (`arbitro simul --out FILE.html`, issue 30, S7) in headless
//! Chromium, as the standings page is checked in `tournament.rs`: every board
//! with its diagram, the tally, the embedded JSON, nothing fetched, and a print on A4.
//! Where Chromium or chromedriver is not installed the test is skipped and listed
//! (`common::skip`); under `CI=true` that is a failure.

use crate::browser::{Browser, base64_decode, browser_installed};
use crate::common;
use serde_json::json;
use std::path::PathBuf;

#[test]
fn simul_page_in_headless_chromium_and_on_a4() {
    if !browser_installed("simul_page_in_headless_chromium_and_on_a4") {
        return;
    }
    let dir = common::Scratch::new("chromium", "simul");
    let html = dir.join("simultanea.html");
    let o = common::bin()
        .args(["simul", "samples/simul", "--lang", "it", "--out"])
        .arg(&html)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "board 13 takes a move back");
    let b = Browser::start(&dir);
    let script = |js: &str| b.script(js);
    b.open(&html);
    assert_eq!(
        script("return document.querySelectorAll('.board').length"),
        json!(16)
    );
    // Every board shows its final position: a diagram of 64 squares.
    assert_eq!(
        script(
            "return Array.from(document.querySelectorAll('.board')).every(c => c.querySelectorAll('svg rect').length === 64)"
        ),
        json!(true)
    );
    // Drawn, not collapsed: each diagram is wider than 100 pixels on a 1300-pixel window.
    assert_eq!(
        script(
            "return Array.from(document.querySelectorAll('.board svg')).every(s => s.getBoundingClientRect().width > 100)"
        ),
        json!(true)
    );
    assert_eq!(
        script("return document.querySelector('[data-board=\"13\"]').className"),
        json!("board error")
    );
    assert_eq!(
        script("return document.querySelector('[data-board=\"11\"]').className"),
        json!("board unfinished")
    );
    assert_eq!(
        script("return document.querySelector('[data-board=\"3\"] .who').textContent"),
        json!("Ferrari, Marco")
    );
    assert_eq!(
        script("return document.getElementById('points').textContent"),
        json!("9½")
    );
    assert_eq!(
        script("return JSON.parse(document.getElementById('simul').textContent).tally.percentage"),
        json!(63.3)
    );
    // Nothing was fetched: one resource, the page itself.
    assert_eq!(
        script("return performance.getEntriesByType('resource').length"),
        json!(0)
    );
    let shot = b.cmd("GET", "/screenshot", None);
    let png = base64_decode(shot["value"].as_str().unwrap());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/simul-screenshot.png");
    std::fs::write(&out, &png).unwrap();
    // Printed on A4 (21 × 29.7 cm): a PDF of at most three pages for sixteen boards.
    let pdf = b.cmd(
        "POST",
        "/print",
        Some(json!({"page": {"width": 21.0, "height": 29.7}, "background": true})),
    );
    let pdf = base64_decode(pdf["value"].as_str().unwrap());
    assert!(pdf.starts_with(b"%PDF"), "a PDF");
    let text = String::from_utf8_lossy(&pdf);
    let pages = text.matches("/Type /Page\n").count()
        + text.matches("/Type /Page/").count()
        + text.matches("/Type /Page>").count()
        + text.matches("/Type /Page ").count();
    assert!((1..=3).contains(&pages), "{pages} pages");
    assert!(text.contains("/MediaBox [0 0 595.9"), "A4 wide");
    std::fs::write(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/simul-print.pdf"),
        &pdf,
    )
    .unwrap();
}
