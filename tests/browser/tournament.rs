//! The tournament's HTML page (`arbitro tournament standings --html`) in headless Chromium,
//! through chromedriver, as the viewer is checked in `viewer.rs`: it loads with no
//! network, shows every phase, highlights who goes on, and its embedded JSON parses.
//! Where Chromium or chromedriver is not installed the test is skipped and listed
//! (`common::skip`); under `CI=true` that is a failure (`.ci/run` installs them).

use crate::common;
use serde_json::json;
use std::path::PathBuf;

use crate::browser;
use browser::{Browser, base64_decode, browser_installed};

#[test]
fn tournament_page_in_headless_chromium() {
    if !browser_installed("tournament_page_in_headless_chromium") {
        return;
    }
    let dir = common::Scratch::new("chromium", "torneo");
    let html = dir.join("torneo.html");
    let o = common::bin()
        .args([
            "tournament",
            "standings",
            "samples/torneo/torneo.toml",
            "samples/torneo/partite",
            "--lang",
            "it",
            "--html",
        ])
        .arg(&html)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(o.status.success());
    let b = Browser::start(&dir);
    let script = |js: &str| b.script(js);
    b.open(&html);
    assert_eq!(
        script("return document.querySelectorAll('section.phase').length"),
        json!(3)
    );
    // Phase 1: 9 go on; phase 2: 3; the final: nobody.
    assert_eq!(
        script("return document.querySelectorAll('tr.on').length"),
        json!(12)
    );
    assert_eq!(
        script(
            "return Array.from(document.querySelectorAll('.podium li')).map(e => e.textContent)"
        ),
        json!(["Colombo, Sara", "Ferrari, Marco", "Marino, Elisa"])
    );
    assert_eq!(
        script("return JSON.parse(document.getElementById('standings').textContent).winner"),
        json!("Colombo, Sara")
    );
    // Nothing was fetched: one resource, the page itself.
    assert_eq!(
        script("return performance.getEntriesByType('resource').length"),
        json!(0)
    );
    let shot = b.cmd("GET", "/screenshot", None);
    let png = base64_decode(shot["value"].as_str().unwrap());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let out: PathBuf =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/torneo-screenshot.png");
    std::fs::write(&out, &png).unwrap();
}
