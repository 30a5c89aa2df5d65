//! The tournament's HTML page (`arbitro tournament standings --html`) in headless Chromium,
//! through chromedriver, as the viewer is checked in `viewer.rs`: it loads with no
//! network, shows every phase, highlights who goes on, and its embedded JSON parses.
//! Where Chromium or chromedriver is not installed the test is skipped and listed
//! (`common::skip`); under `CI=true` that is a failure (`.ci/run` installs them).

use crate::common;
use serde_json::{Value, json};
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
            "--completo",
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

/// A 40-pupil tournament (the seed's): the list, `new`, the phase 1 sheet filled in (a
/// forfeit on line 5, an unreadable result, two games not played yet); returns the
/// tournament file and the filled sheet.
fn forty(dir: &std::path::Path) -> (PathBuf, PathBuf) {
    const FIRST: [&str; 20] = [
        "Luca",
        "Sara",
        "Matteo",
        "Chiara",
        "Giulia",
        "Marco",
        "Davide",
        "Anna",
        "Elisa",
        "Tommaso",
        "Sofia",
        "Pietro",
        "Giorgio",
        "Alessandro",
        "Francesca",
        "Martina",
        "Lorenzo",
        "Aurora",
        "Leonardo",
        "Beatrice",
    ];
    const LAST: [&str; 20] = [
        "Bianchi", "Colombo", "Conti", "De Luca", "Esposito", "Ferrari", "Gallo", "Greco",
        "Marino", "Ricci", "Romano", "Russo", "Costa", "Fontana", "Moretti", "Barbieri",
        "Lombardi", "Giordano", "Rinaldi", "Caruso",
    ];
    let names: Vec<String> = (0..40)
        .map(|i| format!("{}, {}", LAST[i % 20], FIRST[(i * 7 + i / 20) % 20]))
        .collect();
    let list = dir.join("iscritti.lista");
    std::fs::write(&list, names.join("\n")).unwrap();
    let torneo = dir.join("torneo.toml");
    let sheet = dir.join("risultati.txt");
    let run = |args: &[&std::ffi::OsStr]| {
        let o = common::bin().args(args).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    run(&[
        "tournament".as_ref(),
        "new".as_ref(),
        "--players".as_ref(),
        list.as_os_str(),
        "--sorteggio".as_ref(),
        "7".as_ref(),
        "--nome".as_ref(),
        "Torneo d'istituto 2026".as_ref(),
        "--out".as_ref(),
        torneo.as_os_str(),
    ]);
    run(&[
        "tournament".as_ref(),
        "sheet".as_ref(),
        torneo.as_os_str(),
        "--out".as_ref(),
        sheet.as_os_str(),
    ]);
    let results = ["1-0", "0-1", "1/2", "1-0", "0-1"];
    let mut k = 0;
    let filled: Vec<String> = std::fs::read_to_string(&sheet)
        .unwrap()
        .lines()
        .map(|l| {
            if l.starts_with('%') || l.starts_with('[') {
                return l.to_string();
            }
            let mut cells: Vec<String> = l.split('|').map(str::to_string).collect();
            cells[3] = match k {
                40 | 41 => String::new(),
                9 => "+--".to_string(),
                _ => results[k % 5].to_string(),
            };
            if k == 0 {
                cells[4] = "ritardo".to_string();
            }
            k += 1;
            cells.join(" | ")
        })
        .collect();
    std::fs::write(&sheet, filled.join("\n")).unwrap();
    (torneo, sheet)
}

/// The page printed to PDF on A4 (Letter asked for: the page's own `@page` wins): its
/// number of pages.
fn printed_pages(b: &Browser) -> usize {
    let pdf = b.cmd(
        "POST",
        "/print",
        Some(json!({"page": {"width": 21.59, "height": 27.94}, "shrinkToFit": false})),
    );
    let pdf = base64_decode(pdf["value"].as_str().unwrap_or_else(|| panic!("{pdf}")));
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        text.contains("/MediaBox [0 0 594.9") && text.contains(" 841.9"),
        "not A4"
    );
    let at = text
        .find("/Type /Pages")
        .or_else(|| text.find("/Type/Pages"))
        .unwrap();
    let count = &text[at..];
    let count = &count[count.find("/Count").unwrap() + 6..];
    count
        .trim_start()
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// Issue 29 point 4: the notice-board page in Italian has no English word, no file, no
/// code, no rule number; forfeits are `1F`/`0F` with their legend, the unreadable result
/// "da verificare" with its footnote, the date it was made; phase 1 of 40 pupils prints on
/// one A4 page.
#[test]
fn the_notice_page_of_40_pupils_is_italian_and_prints_on_one_a4_page() {
    let name = "the_notice_page_of_40_pupils_is_italian_and_prints_on_one_a4_page";
    if !browser_installed(name) {
        return;
    }
    let dir = common::Scratch::new("chromium", "notice");
    let (torneo, sheet) = forty(&dir);
    let html = dir.join("bacheca.html");
    let o = common::bin()
        .args(["--lang", "it", "tournament", "standings"])
        .args([&torneo, &sheet])
        .args(["--fase", "1", "--html"])
        .arg(&html)
        .output()
        .unwrap();
    // The unreadable result is a warning: exit 0.
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let b = Browser::start(&dir);
    b.open(&html);
    let text = b.script("return document.body.innerText");
    let text = text.as_str().unwrap();
    const ENGLISH: [&str; 24] = [
        "warning", "error", "review", "under", "lot", "true", "false", "null", "info", "shared",
        "pending", "group", "phase", "points", "place", "player", "goes", "yes", "drawn",
        "missing", "game", "complete", "final", "seed",
    ];
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    for w in ENGLISH {
        assert!(!words.contains(&w), "English word `{w}` in: {text}");
    }
    assert!(
        !text.contains(dir.to_str().unwrap()) && !text.contains("risultati"),
        "{text}"
    );
    for bad in [
        ".txt",
        ".toml",
        "T11",
        "T12",
        "T14",
        "T17",
        "not-in-group",
        "[",
        "#",
    ] {
        assert!(!text.contains(bad), "`{bad}` in: {text}");
    }
    assert!(text.contains("aggiornata al "), "{text}");
    assert!(text.contains("1F") && text.contains("0F"), "{text}");
    assert!(text.contains("vinta / persa a tavolino"), "{text}");
    assert!(text.contains("risultato da verificare"), "{text}");
    assert!(
        text.contains("da verificare: vale il risultato scritto"),
        "{text}"
    );
    assert!(
        text.contains("40 di 42 partite giocate") || text.contains("39 di 42"),
        "{text}"
    );
    // 13 groups; who goes on marked ✔ (a mark, not only a colour).
    assert_eq!(
        b.script("return document.querySelectorAll('.group').length"),
        json!(13)
    );
    let on = b.script("return document.querySelectorAll('tr.on').length");
    let marks = b.script(
        "return Array.from(document.querySelectorAll('tr.on td.mark')).filter(td => td.textContent == '✔').length",
    );
    assert_eq!(on, marks);
    assert!(on.as_u64().unwrap() >= 12, "{on}");
    assert_eq!(b.script("return document.scripts.length"), json!(0));
    assert_eq!(printed_pages(&b), 1);
    // On a screen, wide or narrow, no group's table spills over another group or off the
    // page (issue 29: at 1300 px the tables of a row overlapped).
    for width in [1300, 1000, 700] {
        b.cmd(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": 1100})),
        );
        assert_eq!(groups_overlapping(&b), json!([]), "at {width} px");
    }
    b.cmd(
        "POST",
        "/window/rect",
        Some(json!({"width": 1300, "height": 1100})),
    );
    let shot = b.cmd("GET", "/screenshot", None);
    let png = base64_decode(shot["value"].as_str().unwrap());
    std::fs::write(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bacheca-screenshot.png"),
        &png,
    )
    .unwrap();
    // In English the headings say "Phase", never "Fase".
    let en = dir.join("board.html");
    let o = common::bin()
        .args(["--lang", "en", "tournament", "standings"])
        .args([&torneo, &sheet])
        .args(["--html"])
        .arg(&en)
        .output()
        .unwrap();
    assert!(o.status.success());
    b.open(&en);
    let text = b.script("return document.body.innerText");
    let text = text.as_str().unwrap();
    assert!(text.contains("Phase 1") && !text.contains("Fase"), "{text}");
    assert!(text.contains("1F / 0F won / lost by forfeit"), "{text}");
}

/// The groups whose box overlaps another group's, or whose table is wider than its box,
/// or that reach past the window's right edge, as `"Girone N"` strings.
fn groups_overlapping(b: &Browser) -> Value {
    b.script(
        "const gs = Array.from(document.querySelectorAll('.group'));\
         const r = gs.map(g => g.getBoundingClientRect());\
         const bad = [];\
         const vw = document.documentElement.clientWidth;\
         gs.forEach((g, i) => {\
           const t = g.querySelector('table');\
           const name = g.querySelector('h3').textContent;\
           if (t.getBoundingClientRect().width > r[i].width + 0.5 || r[i].right > vw + 0.5) bad.push(name);\
           for (let j = 0; j < i; j++) {\
             const a = r[i], c = r[j];\
             if (a.left < c.right - 0.5 && c.left < a.right - 0.5 && a.top < c.bottom - 0.5 && c.top < a.bottom - 0.5)\
               bad.push(name + ' / ' + gs[j].querySelector('h3').textContent);\
           }\
         });\
         return bad;",
    )
}

/// Issue 29 point 3: the results sheet of phase 1 for 40 pupils (13 groups) prints on at
/// most 2 A4 pages, a box per result, the signature lines.
#[test]
fn the_results_sheet_of_40_pupils_prints_on_at_most_two_a4_pages() {
    let name = "the_results_sheet_of_40_pupils_prints_on_at_most_two_a4_pages";
    if !browser_installed(name) {
        return;
    }
    let dir = common::Scratch::new("chromium", "sheet");
    let (torneo, _) = forty(&dir);
    let html = dir.join("foglio.html");
    let o = common::bin()
        .args(["--lang", "it", "tournament", "sheet"])
        .arg(&torneo)
        .arg("--html")
        .arg(&html)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let b = Browser::start(&dir);
    b.open(&html);
    assert_eq!(
        b.script("return document.querySelectorAll('section.group').length"),
        json!(13)
    );
    assert_eq!(
        b.script("return document.querySelectorAll('td.r').length"),
        json!(42)
    );
    assert_eq!(
        b.script("return document.querySelectorAll('.sign div').length"),
        json!(3)
    );
    let pages = printed_pages(&b);
    assert!((1..=2).contains(&pages), "{pages} pages");
    let shot = b.cmd("GET", "/screenshot", None);
    let png = base64_decode(shot["value"].as_str().unwrap());
    std::fs::write(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/foglio-screenshot.png"),
        &png,
    )
    .unwrap();
}
