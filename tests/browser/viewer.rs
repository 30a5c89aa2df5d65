//! The HTML viewer in headless Chromium, driven through chromedriver (WebDriver over plain
//! HTTP on localhost): it loads, the arrow keys step through the moves and the board
//! changes, and a screenshot is saved. Where Chromium or chromedriver is not installed
//! (Debian packages `chromium`, `chromium-driver`) the test is skipped and listed
//! (`common::skip`); under `CI=true` that is a failure (`.ci/run` installs them).

use crate::common;
use common::{json, stderr};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::browser;
use browser::{Browser, base64_decode, browser_installed};

#[test]
fn viewer_steps_with_the_keyboard_in_headless_chromium() {
    if !browser_installed("viewer_steps_with_the_keyboard_in_headless_chromium") {
        return;
    }
    let dir = common::Scratch::new("chromium", "viewer");
    let html = dir.join("partita.html");
    let game = "samples/superscacchi/leoni-tigri-partita1.txt";
    let o = common::bin()
        .args(["render", game, "--lang", "en", "--out"])
        .arg(&html)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(o.status.success());
    let browser = Browser::start(&dir);
    let cmd = |method: &str, path: &str, body: Option<Value>| browser.cmd(method, path, body);
    let script = |js: &str| browser.script(js);
    let t = Instant::now();
    browser.open(&html);
    let loaded = t.elapsed();
    let drawn = script("return window.arbitroFirstDraw");
    eprintln!(
        "page loaded in {} ms (WebDriver round trip included); first position drawn {drawn} ms after navigation start",
        loaded.as_millis()
    );
    assert_eq!(
        script("return document.getElementById('status').textContent"),
        json!("ply 0 / 560")
    );
    let board0 = script("return document.getElementById('board').innerHTML");
    let key = |k: &str| {
        cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]}]})),
        );
    };
    key("\u{E014}"); // ArrowRight
    assert_eq!(
        script("return document.getElementById('status').textContent"),
        json!("ply 1 / 560 — S 1. C f1 - e3")
    );
    assert_ne!(
        script("return document.getElementById('board').innerHTML"),
        board0
    );
    key("\u{E012}"); // ArrowLeft
    assert_eq!(
        script("return document.getElementById('board').innerHTML"),
        board0
    );
    key("\u{E010}"); // End
    let end = script("return document.getElementById('status').textContent");
    assert!(end.as_str().unwrap().starts_with("ply 560 / 560"), "{end}");
    // Back to NE's liberation for the picture.
    for _ in 0..(560 - 218) {
        key("\u{E012}");
    }
    assert!(
        script("return document.getElementById('status').textContent")
            .as_str()
            .unwrap()
            .starts_with("ply 218 / 560")
    );
    script("window.scrollTo(0, 0); return 0");
    let shot = cmd("GET", "/screenshot", None);
    let png = base64_decode(shot["value"].as_str().unwrap());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let out: PathBuf =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/viewer-screenshot.png");
    std::fs::write(&out, &png).unwrap();
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        std::fs::write(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples/superscacchi/viewer.png"),
            &png,
        )
        .unwrap();
    }
}

/// Every hostile string we know, for the page's text, attributes and embedded data: ends
/// and comments that would stop the script, markup that would run, quotes that would end
/// an attribute, line separators, entities and escapes that must stay text. (No `"`, and
/// no `\` last: they would end a tag's value; no braces: a tag's value loses `{...}`.)
const HOSTILE: &str = "</script><!--<script>'><img src=x onerror=alert(1)><svg onload=alert(2)>&amp;\u{2028}\u{2029}]]>`$x`\\u003c";

/// The sample game with hostile text wherever a file can put it: the event (the page's
/// title and heading), the winning team's name (events, scores, verdict, legend), a team
/// in `[Ammonimenti]` that is not in the game (a finding in the embedded data), a player's
/// name, and (`broken`) an unreadable last move holding a `"`, which is also an error that
/// keeps the scores off the page.
fn hostile_game(broken: bool) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sample =
        std::fs::read_to_string(root.join("samples/superscacchi/leoni-tigri-partita1.txt"))
            .unwrap();
    let team = format!("Tigri{HOSTILE}");
    let mut game = sample
        .replace("Tigri", &team)
        .replace(
            &format!("{team}: 0\"]"),
            &format!("{team}: 0, Orsi{HOSTILE}: 2\"]"),
        )
        .replace(
            "[Evento \"Campionato regionale",
            &format!("[Evento \"Campionato{HOSTILE} regionale"),
        )
        .replace(
            "[Giocatore \"Marco Rinaldi\"]",
            &format!("[Giocatore \"Marco{HOSTILE}\"]"),
        );
    if broken {
        game.push_str(&format!(
            "100. nera \"><img src=x onerror=alert(3)>{HOSTILE}\n"
        ));
    }
    game
}

#[test]
fn hostile_text_in_a_game_stays_text_and_the_board_still_draws() {
    let name = "hostile_text_in_a_game_stays_text_and_the_board_still_draws";
    if !browser_installed(name) {
        return;
    }
    let dir = common::Scratch::new("chromium", "hostile");
    let browser = Browser::start(&dir);
    for broken in [false, true] {
        // The file's name is hostile too: it is the page's title and heading.
        let game = dir.join(format!("g{broken}\"'<!--<script>&amp;.txt"));
        std::fs::write(&game, hostile_game(broken)).unwrap();
        let html = dir.join(format!("{broken}.html"));
        let o = common::bin()
            .args(["render", "--lang", "en"])
            .arg(&game)
            .arg("--out")
            .arg(&html)
            .output()
            .unwrap();
        // The whole page is written; a game with an error ends the run with 1.
        assert_eq!(o.status.code(), Some(i32::from(broken)), "{}", stderr(&o));
        let o = common::bin()
            .args(["verify", "--format", "json"])
            .arg(&game)
            .output()
            .unwrap();
        let report: Value = json(&o);
        browser.open(&html);
        let js = |js: &str| browser.script(js);
        // The script ran to its end and drew the board.
        assert!(js("return window.arbitroFirstDraw").is_number(), "{broken}");
        assert_eq!(
            js("return document.querySelectorAll('#board rect').length"),
            json!(256)
        );
        assert_eq!(
            js("return document.getElementById('status').textContent"),
            json!("ply 0 / 560")
        );
        assert_eq!(
            js("return document.querySelectorAll('#moves div').length"),
            json!(560)
        );
        // Nothing from the file became markup.
        assert_eq!(
            js("return document.querySelectorAll('img, body svg:not(#board svg), script').length"),
            json!(1)
        );
        // The title and heading come from the tags, with the hostile team name as
        // written; the file is named without its folders.
        let title = format!(
            "Campionato{HOSTILE} regionale SuperScacchi 2026 — match Leoni-{team}, game 1 — Leoni (assedianti) – {team} (assediati)",
            team = format!("Tigri{HOSTILE}")
        );
        assert_eq!(js("return document.title"), json!(title));
        assert_eq!(
            js("return document.querySelector('h1').textContent"),
            json!(title)
        );
        let name = game.file_name().unwrap().to_str().unwrap();
        assert_eq!(
            js("return document.getElementById('file').textContent"),
            json!(format!("File: {name}"))
        );
        assert_eq!(
            js("return document.querySelectorAll('#legend .team b')[1].textContent"),
            json!(format!("Tigri{HOSTILE}"))
        );
        let page = std::fs::read_to_string(&html).unwrap();
        assert!(
            !page.contains(dir.to_str().unwrap()),
            "a folder in the page"
        );
        // Each finding is shown with its message as written.
        let shown = js(
            "return [...document.querySelectorAll('#findings tr')].slice(1).map(l => l.textContent)",
        );
        let findings = report["findings"].as_array().unwrap();
        assert_eq!(shown.as_array().unwrap().len(), findings.len());
        for (li, f) in shown.as_array().unwrap().iter().zip(findings) {
            let message = f["message"].as_str().unwrap();
            assert!(li.as_str().unwrap().contains(message), "{li} {message}");
        }
        let register = format!("`Orsi{HOSTILE}` is not a team of this game");
        assert!(findings.iter().any(|f| f["message"] == json!(register)));
        let team = format!("Tigri{HOSTILE}");
        if broken {
            let unreadable = findings
                .iter()
                .find(|f| f["code"] == json!("parse-error"))
                .unwrap();
            assert!(unreadable["message"].as_str().unwrap().contains(HOSTILE));
        } else {
            // The winner's name in the scores table and the verdict, as written.
            assert_eq!(
                js("return document.querySelectorAll('table')[1].rows[2].cells[0].textContent"),
                json!(team)
            );
            assert_eq!(
                js("return document.querySelector('p b').textContent"),
                json!(format!("Winner: {team}"))
            );
        }
        // The viewer's own escaping of attributes.
        assert_eq!(
            js("return esc(`\"'<>&`)"),
            json!("&quot;&#39;&lt;&gt;&amp;")
        );
        // The arrow keys still step through the moves.
        browser.cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": "\u{E014}"}, {"type": "keyUp", "value": "\u{E014}"}]}]})),
        );
        assert_eq!(
            js("return document.getElementById('status').textContent"),
            json!("ply 1 / 560 — S 1. C f1 - e3")
        );
    }
}

/// Clicks the element `css` picks, as a user does (WebDriver scrolls it into view).
fn click(browser: &Browser, css: &str) {
    let found = browser.cmd(
        "POST",
        "/element",
        Some(json!({"using": "css selector", "value": css})),
    );
    let id = found["value"]["element-6066-11e4-a52e-4f735466cecf"]
        .as_str()
        .unwrap_or_else(|| panic!("{css}: {found}"))
        .to_string();
    browser.cmd("POST", &format!("/element/{id}/click"), Some(json!({})));
}

/// Issue 17's pictures: the legend (army → colour → team), one colour family per team,
/// the event of the ply in the status line, the refuges visible under a piece and the
/// last move, the events and findings tables that jump to their ply, and the page in the
/// language of `--lang`, titled from its tags.
#[test]
fn viewer_legend_events_refuges_clicks_and_language() {
    let name = "viewer_legend_events_refuges_clicks_and_language";
    if !browser_installed(name) {
        return;
    }
    let dir = common::Scratch::new("chromium", "pictures");
    // `code`: 1 for a game with an error (its page is written all the same).
    let render = |game: &str, lang: &str, out: &Path, code: i32| {
        let o = common::bin()
            .args(["render", game, "--lang", lang, "--out"])
            .arg(out)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(code), "{}", stderr(&o));
    };
    let game = "samples/superscacchi/leoni-tigri-partita1.txt";
    let browser = Browser::start(&dir);
    let js = |js: &str| browser.script(js);
    let status = || js("return document.getElementById('status').textContent");
    for (lang, ply, event, heads) in [
        (
            "en",
            "ply",
            "liberation",
            ["Events", "Scores", "Time (R44–R46)", "Findings"],
        ),
        (
            "it",
            "semimossa",
            "re liberato",
            ["Eventi", "Punteggi", "Tempo (R44–R46)", "Segnalazioni"],
        ),
    ] {
        let html = dir.join(format!("{lang}.html"));
        render(game, lang, &html, 0);
        browser.open(&html);
        assert_eq!(js("return document.documentElement.lang"), json!(lang));
        assert_eq!(
            js("return [...document.querySelectorAll('h2')].map(h => h.textContent)"),
            json!(heads)
        );
        let (gara, partita) = match lang {
            "en" => ("match", "game"),
            _ => ("gara", "partita"),
        };
        assert_eq!(
            js("return document.title"),
            json!(format!(
                "Campionato regionale SuperScacchi 2026 — {gara} Leoni-Tigri, {partita} 1 — Leoni (assedianti) – Tigri (assediati)"
            ))
        );
        assert_eq!(status(), json!(format!("{ply} 0 / 560")));
        // The legend: each team with its four armies, each army with its colour.
        let teams =
            js("return [...document.querySelectorAll('#legend .team')].map(t => t.textContent)");
        assert_eq!(
            teams,
            json!([
                "Leoni (assedianti): S sud O ovest N nord E est",
                "Tigri (assediati): SO sud-ovest NO nord-ovest NE nord-est SE sud-est"
            ])
        );
        // One family per team: the besiegers' dots warm (more red than blue), the
        // besieged's cool, and the four of a team all different.
        let dots = js(
            "return [...document.querySelectorAll('#legend .team')].map(t => [...t.querySelectorAll('.dot')].map(d => getComputedStyle(d).backgroundColor))",
        );
        for (side, team) in dots.as_array().unwrap().iter().enumerate() {
            let colours: Vec<Vec<u32>> = team
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    c.as_str()
                        .unwrap()
                        .trim_start_matches("rgb(")
                        .trim_end_matches(')')
                        .split(", ")
                        .map(|v| v.parse().unwrap())
                        .collect()
                })
                .collect();
            assert_eq!(colours.len(), 4);
            for c in &colours {
                assert_eq!(c[0] > c[2], side == 0, "{c:?}");
            }
            for (i, a) in colours.iter().enumerate() {
                assert!(colours[i + 1..].iter().all(|b| b != a), "{colours:?}");
            }
        }
        // A click on the liberation's row: the board at ply 218, the event in the status.
        click(&browser, "#events tr[data-ply='218']");
        assert_eq!(
            status(),
            json!(format!(
                "{ply} 218 / 560 — NE 28. Re p15 0 p16 — {event} +80, R21"
            ))
        );
        // NE's king stands on the green corner p16, the last move's square: the four
        // green corners are still green, the last move is a frame on p16, and the king
        // wears the corner's green as its ring.
        assert_eq!(
            js(
                "return [...document.querySelectorAll('#board rect')].filter(r => r.getAttribute('fill') == D.paint.green).length"
            ),
            json!(4)
        );
        assert_eq!(
            js("return document.querySelectorAll('#board rect.frame').length"),
            json!(1)
        );
        assert_eq!(
            js(
                "return [...document.querySelectorAll('#board circle')].filter(c => c.getAttribute('stroke') == D.paint.green).map(c => c.textContent)"
            ),
            json!([if lang == "it" { "Re NE" } else { "K NE" }])
        );
        // One ply on, the status has no event.
        browser.cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": "\u{E014}"}, {"type": "keyUp", "value": "\u{E014}"}]}]})),
        );
        assert_eq!(
            status(),
            json!(format!("{ply} 219 / 560 — E 27. C m4 - k3"))
        );
        if lang == "it" {
            click(&browser, "#events tr[data-ply='218']");
            js("window.scrollTo(0, 0); return 0");
            let shot = browser.cmd("GET", "/screenshot", None);
            let png = base64_decode(shot["value"].as_str().unwrap());
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
            std::fs::write(
                PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/viewer-it-screenshot.png"),
                &png,
            )
            .unwrap();
        }
    }
    // The findings table: a click goes to the finding's ply.
    let html = dir.join("sviste.html");
    render("samples/superscacchi/orsi-volpi-sviste.txt", "en", &html, 1);
    browser.open(&html);
    click(&browser, "#findings tr[data-ply='84']");
    assert!(
        status().as_str().unwrap().starts_with("ply 84 / 235 — "),
        "{}",
        status()
    );
    // The error's ply is the move the replay stopped at: the click shows the last position.
    click(&browser, "#findings tr[data-ply='235']");
    assert!(
        status().as_str().unwrap().starts_with("ply 235 / 235"),
        "{}",
        status()
    );
    assert!(
        js("return document.getElementById('note').textContent")
            .as_str()
            .unwrap()
            .contains("the replay stops here")
    );
}
