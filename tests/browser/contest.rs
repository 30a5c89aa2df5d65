//! The contest document for the judge (`contest --out FILE.html`) in headless Chromium: it
//! loads with no script and no request, shows the sheet lines and the signature lines,
//! and prints on one A4 page. Skipped and listed where Chromium or chromedriver is missing
//! (`common::skip`); under `CI=true` that is a failure.

use crate::common;
use common::stderr;
use serde_json::json;

use crate::browser;
use browser::{Browser, base64_decode, browser_installed};

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
    // Printed with Letter asked for, no shrinking: the page's own `@page { size: A4 }` wins
    // (595 x 842 points), and the document fits one page.
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
