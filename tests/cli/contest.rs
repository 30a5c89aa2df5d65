//! `arbitro contest` (R43), issue 17's captain: every format does what it says, and the
//! document for the judge (`--out`) in both languages, as text and as an A4 HTML page.

use crate::common;
use arbitro::report::inert::is_active;
use common::{Arbitro, Scratch, json, root, run, snapshot, stderr, stdout};
use std::path::Path;
use std::process::Output;

const P2: &str = "samples/superscacchi/leoni-tigri-partita2.txt";

fn contest(out: &Path, lang: &str) -> Output {
    run(&[
        "contest",
        P2,
        "--team",
        "tigri",
        "--at",
        "18:14",
        "--tz",
        "Europe/Rome",
        "--lang",
        lang,
        "--out",
        out.to_str().unwrap(),
    ])
}

#[test]
fn json_on_a_game_with_an_error_is_printed() {
    // The game has an error (SE 30): no verdict (R37), exit 1, and still the JSON.
    let f = "samples/superscacchi/orsi-volpi-sviste.txt";
    let o = run(&[
        "contest", f, "--team", "Orsi", "--at", "18:00", "--format", "json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["valid"], false);
    let errors: Vec<_> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| (f["code"].clone(), f["army"].clone(), f["move"].clone()))
        .collect();
    assert_eq!(
        errors,
        [("forbidden-square".into(), "SE".into(), 30.into())]
    );
    assert_eq!(v["scores"], serde_json::json!([]));
    assert_eq!(v["team"], "Orsi");
    assert_eq!(v["computed"], serde_json::Value::Null);
    assert_eq!(v["differences"], serde_json::json!([]));
    assert!(v["admissible"].is_boolean(), "{v}");
    assert!(
        stderr(&o).contains("the game has an error"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn csv_is_refused() {
    let o = run(&[
        "contest", P2, "--team", "Tigri", "--at", "18:14", "--format", "csv",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o).contains("invalid value 'csv' for '--format <FORMAT>'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_document_for_the_judge_as_text_in_english() {
    let d = Scratch::new("contest", "text-en");
    let doc = d.join("reclamo.txt");
    let o = contest(&doc, "en");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&doc).unwrap();
    snapshot("leoni-tigri-partita2.contest-doc.en.txt", &text);
    for part in [
        // The verdict first (issue 32 point 7), then the game.
        "CONTEST — DOCUMENT FOR THE JUDGE\n\nADMISSIBLE\n    filed by Tigri on 2026-10-17 at 18:14, within ten minutes of the end of the game (end at 18:05,\n      deadline at 18:15)\nVERDICT UPHELD\n    the table and the recomputation agree: Leoni wins\n\nEvento: ",
        "\nEvento: Campionato regionale SuperScacchi 2026\n",
        "\nGara: Leoni-Tigri\nPartita: 2\n",
        "\nBesiegers: Tigri\nBesieged: Leoni\nContest by: Tigri\nFiled: 2026-10-17 18:14\n",
        // The findings and the scores as tables.
        "│ —    ┆ —    ┆ 15   ┆ R47  ┆ Tigri's time ran out while it was ahead: Tigri 138, Leoni 125 before │",
        "│ Tigri (besiegers) ┆ 48      ┆ 98         ┆ 50 short: the imprisonment by E at move 14 (R26, +50) │",
        // Each difference with the sheet lines it rests on, quoted.
        "┆ 16   ┆ [Risultato \"Tigri: 48, Leoni: 125\"] │",
        "┆ 477  ┆ 14. rossa P k9 X Aj10 +++ =T",
        "Captain's signature (Tigri):",
        "Judge's signature:",
    ] {
        assert!(text.contains(part), "{part:?} missing from:\n{text}");
    }
    // No file path, no finding code, no debug text where the captain reads.
    for absent in [
        "samples/",
        "time-run-out-ahead",
        "result-mismatch",
        "Some(",
        "{",
    ] {
        assert!(!text.contains(absent), "{absent:?} in:\n{text}");
    }
    // The quoted lines are the file's.
    let game = std::fs::read_to_string(root().join(P2)).unwrap();
    assert_eq!(
        game.lines().nth(476).map(str::trim),
        Some("14. rossa P k9 X Aj10 +++ =T")
    );
}

#[test]
fn the_document_for_the_judge_as_an_a4_page_in_italian() {
    let d = Scratch::new("contest", "html-it");
    let doc = d.join("reclamo.html");
    let o = contest(&doc, "it");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(&doc).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"it\">"));
    assert!(page.contains("@page { size: A4; margin: 12mm 15mm; }"));
    for part in [
        "<title>RECLAMO — DOCUMENTO PER IL GIUDICE</title>",
        "<p class=\"big\" id=\"admissibility\">AMMISSIBILE</p><p class=\"note\">presentato da Tigri il 17/10/2026 alle 18:14, entro dieci minuti dalla fine della partita (fine alle 18:05, termine alle 18:15)</p>",
        "<p class=\"big\" id=\"standing\">VERDETTO CONFERMATO</p><p class=\"note\">il tavolo e il ricalcolo danno lo stesso verdetto: vince Leoni</p>",
        "<tr><th>Gara</th><td>Leoni-Tigri</td><th>Partita</th><td>2</td></tr>",
        "<tr><th>Assedianti</th><td>Tigri</td><th>Assediati</th><td>Leoni</td></tr>",
        "<th>Data</th><td>17/10/2026</td>",
        "<tr><td>—</td><td>—</td><td>15</td><td>R47</td><td>il tempo di Tigri è finito mentre era in vantaggio: Tigri 138, Leoni 125 prima del -40 di R41</td></tr>",
        "<tr><td>Tigri (assedianti)</td><td class=\"n\">48</td><td class=\"n\">98</td><td>50 punti in meno: re imprigionato da E alla mossa 14 (R26, +50)</td></tr>",
        "<td>Tigri</td><td>i totali dichiarati</td><td>16</td><td><code>[Risultato &quot;Tigri: 48, Leoni: 125&quot;]</code></td>",
        "<td>477</td><td><code>14. rossa P k9 X Aj10 +++ =T</code></td>",
        "<div class=\"grounds empty\">(non indicato: il capitano può scriverlo qui a mano)</div>",
        "<div class=\"sign\">Firma del capitano (Tigri)</div>",
        "<div class=\"sign\">Firma del giudice</div>",
    ] {
        assert!(page.contains(part), "{part:?} missing from:\n{page}");
    }
    for absent in [
        "samples/",
        "time-run-out-ahead",
        "Europe/Rome",
        "2026-10-17",
    ] {
        assert!(!page.contains(absent), "{absent:?} in the page");
    }
    // Self-contained and inert: nothing to run, nothing fetched.
    for banned in ["<script", "src=", "href=", "url(", "@import", "on"] {
        let found = if banned == "on" {
            page.contains(" onload") || page.contains(" onclick") || page.contains(" onerror")
        } else {
            page.contains(banned)
        };
        assert!(!found, "{banned} in the page");
    }
}

#[test]
fn the_document_escapes_every_text_from_the_file() {
    let d = Scratch::new("contest", "escape");
    let hostile = "Tigri<script>alert(1)</script>&\u{1b}]0;x\u{7}\u{202e}";
    let game = std::fs::read_to_string(root().join(P2))
        .unwrap()
        .replace("Tigri", hostile)
        .replace(
            "[Evento \"Campionato regionale SuperScacchi 2026\"]",
            "[Evento \"<img src=x onerror=alert(1)>\"]",
        );
    std::fs::write(d.join("g.txt"), game).unwrap();
    let run = |out: &str| {
        Arbitro::new().dir(&d).run(&[
            "contest",
            "g.txt",
            "--team",
            hostile,
            "--at",
            "18:14",
            "--tz",
            "Europe/Rome",
            "--out",
            out,
        ])
    };
    let o = run("r.html");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(d.join("r.html")).unwrap();
    assert!(!page.contains("<script"), "{page}");
    assert!(!page.contains("<img"), "{page}");
    assert!(
        page.contains("&lt;img src=x onerror=alert(1)&gt;"),
        "{page}"
    );
    assert!(
        page.contains(r"Tigri&lt;script&gt;alert(1)&lt;/script&gt;&amp;\x1b]0;x\x07\u{202e}"),
        "{page}"
    );
    assert!(!page.chars().any(is_active), "{page}");
    let o = run("r.txt");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(d.join("r.txt")).unwrap();
    assert!(!text.chars().any(is_active), "{text}");
    assert!(
        text.contains(r"Captain's signature (Tigri<script>alert(1)</script>&\x1b]0;x\x07\u{202e})"),
        "{text}"
    );
}

#[test]
fn the_document_is_written_atomically_and_never_over_an_input() {
    let d = Scratch::new("contest", "atomic");
    let game = d.join("g.txt");
    std::fs::copy(root().join(P2), &game).unwrap();
    let doc = d.join("reclamo.txt");
    std::fs::write(
        &doc,
        "an older document, longer than nothing\n".repeat(1000),
    )
    .unwrap();
    // The document holds the captain's grounds: a person's document, so an existing file
    // is replaced only with --force (issue 32 point 7; files_are_safe.rs).
    let o = contest_in(&d, "reclamo.txt");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("refusing to write over reclamo.txt: it already exists"),
        "{}",
        stderr(&o)
    );
    assert!(
        std::fs::read_to_string(&doc)
            .unwrap()
            .contains("older document")
    );
    let o = Arbitro::new().dir(&d).run(&[
        "--force",
        "contest",
        "g.txt",
        "--team",
        "Tigri",
        "--at",
        "18:14",
        "--tz",
        "Europe/Rome",
        "--out",
        "reclamo.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&doc).unwrap();
    assert!(text.starts_with("CONTEST — DOCUMENT FOR THE JUDGE"));
    assert!(!text.contains("older document"));
    // Nothing is left beside it.
    let mut names: Vec<_> = std::fs::read_dir(&*d)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["g.txt", "reclamo.txt"]);
    // The game file itself is refused, and left as it was.
    let before = std::fs::read(&game).unwrap();
    let o = contest_in(&d, "g.txt");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("refusing to write over the input file"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&game).unwrap(), before);
    // A folder that does not exist: refused before any work.
    let o = contest_in(&d, "nowhere/reclamo.txt");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
}

fn contest_in(d: &Path, out: &str) -> Output {
    Arbitro::new().dir(d).run(&[
        "contest",
        "g.txt",
        "--team",
        "Tigri",
        "--at",
        "18:14",
        "--tz",
        "Europe/Rome",
        "--lang",
        "en",
        "--out",
        out,
    ])
}

#[test]
fn json_on_a_game_without_a_set_up_is_printed() {
    // No set-up to play from (R7): no register, no contest; the game's JSON all the same.
    let d = Scratch::new("contest", "no-setup");
    let game = std::fs::read_to_string(root().join(P2)).unwrap().replace(
        "[Disposizione \"assedio-corto\"]",
        "[Disposizione \"altrove\"]",
    );
    std::fs::write(d.join("g.txt"), game).unwrap();
    let o = Arbitro::new().dir(&d).run(&[
        "contest", "g.txt", "--team", "Tigri", "--at", "18:14", "--format", "json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["valid"], false);
    assert_eq!(v["findings"][0]["code"], "bad-setup");
    assert_eq!(v["findings"][0]["rule"], "R7");
}

/// R43 and formats.md §5 (`admissible`: filed_at <= deadline): a time before `[Fine]` (a
/// watch a little off, a wrong date) is not late, so admissible, and the report says it
/// precedes the end, in both languages and in the JSON (`"timing": "early"`).
#[test]
fn a_contest_filed_before_the_end_is_admissible_with_a_note() {
    for (at, lang, words) in [
        (
            "2020-01-01T10:00",
            "en",
            "ADMISSIBLE: filed before the end of the game ([Fine]), so not late (R43)",
        ),
        (
            "2026-10-17T10:00",
            "it",
            "AMMISSIBILE: presentato prima della fine della partita ([Fine]), quindi non in ritardo (R43)",
        ),
    ] {
        let o = run(&["contest", P2, "--team", "Tigri", "--at", at, "--lang", lang]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stdout(&o).contains(words), "{}", stdout(&o));
    }
    let o = run(&[
        "contest",
        P2,
        "--team",
        "Tigri",
        "--at",
        "2026-10-17T18:14+05:00",
        "--format",
        "json",
    ]);
    let v = json(&o);
    assert_eq!(
        (&v["admissible"], &v["timing"]),
        (&true.into(), &"early".into())
    );
    // In time: the usual case says so in the JSON too.
    let o = run(&[
        "contest", P2, "--team", "Tigri", "--at", "18:14", "--format", "json",
    ]);
    let v = json(&o);
    assert_eq!(
        (&v["admissible"], &v["timing"]),
        (&true.into(), &"in-time".into())
    );
}

/// A copy of P2 whose `[Fine]` is `fine`, in `dir`.
fn ended_at(dir: &Scratch, fine: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(root().join(P2)).unwrap();
    let path = dir.join("g.txt");
    let text = text.replace("[Fine \"2026-10-17T18:05\"]", &format!("[Fine \"{fine}\"]"));
    std::fs::write(&path, text).unwrap();
    path
}

/// `contest --format json` of `game` filed `--at at` in Rome: exit code, JSON, standard error.
fn filed(game: &Path, at: &str) -> (Option<i32>, serde_json::Value, String) {
    let o = run(&[
        "contest",
        game.to_str().unwrap(),
        "--team",
        "Tigri",
        "--at",
        at,
        "--tz",
        "Europe/Rome",
        "--format",
        "json",
    ]);
    let v = if o.status.success() {
        json(&o)
    } else {
        serde_json::Value::Null
    };
    (o.status.code(), v, stderr(&o))
}

/// Issue 25 point 5: a bare time is the moment nearest `Fine` the venue's clock showed it.
#[test]
fn a_bare_time_is_the_moment_nearest_the_end() {
    let dir = Scratch::new("contest", "clock");
    // A captain's watch a minute slow: 23:49 against Fine 23:50 is a minute before, the
    // same day (not the next day's 23:49), and admissible.
    let g = ended_at(&dir, "2026-10-17T23:50");
    let (code, v, _) = filed(&g, "23:49");
    assert_eq!(code, Some(0));
    assert_eq!(v["filed_at"], "2026-10-17T23:49:00");
    assert_eq!(
        (&v["admissible"], &v["timing"]),
        (&true.into(), &"early".into())
    );
    // Past midnight it is the next day.
    let (_, v, _) = filed(&g, "00:05");
    assert_eq!(v["filed_at"], "2026-10-18T00:05:00");
    assert_eq!(v["timing"], "late");
    // The night the clocks go back in Rome (25 October 2026, 03:00 CEST → 02:00 CET):
    // Fine 02:55 is the first 02:55 (CEST); 02:05 is nearest Fine the second time round
    // (CET, ten real minutes later: in time), and arbitro says which it took.
    let g = ended_at(&dir, "2026-10-25T02:55");
    let (code, v, err) = filed(&g, "02:05");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(v["filed_at"], "2026-10-25T02:05:00");
    assert_eq!(
        (&v["admissible"], &v["timing"]),
        (&true.into(), &"in-time".into())
    );
    assert!(
        err.contains("came twice") && err.contains("offset +01"),
        "{err}"
    );
    // The spring night (29 March 2026, 02:00 → 03:00): 02:30 never showed; exit 2.
    let g = ended_at(&dir, "2026-03-29T01:55");
    let (code, _, err) = filed(&g, "02:30");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("2026-03-29 02:30 never showed on the venue's clock"),
        "{err}"
    );
}

/// Issue 25 point 5: dates as Italians write them, on the command line and in `[Fine]`.
#[test]
fn italian_dates_are_read() {
    let dir = Scratch::new("contest", "date");
    for at in [
        "17/10/2026 18:14",
        "17/10/2026 ore 18.14",
        "17/10 18:14",
        "17/10/2026, 18:14",
    ] {
        let (code, v, err) = filed(&root().join(P2), at);
        assert_eq!(code, Some(0), "{at}: {err}");
        assert_eq!(v["filed_at"], "2026-10-17T18:14:00", "{at}");
        assert_eq!(v["timing"], "in-time", "{at}");
    }
    let (code, _, err) = filed(&root().join(P2), "31/02 18:14");
    assert_eq!(code, Some(2));
    assert!(err.contains("`31/02` is no day of the year"), "{err}");
    // `[Fine "17/10/2026 23:58"]` is read, with a `register` warning saying how.
    let g = ended_at(&dir, "17/10/2026 23:58");
    let (code, v, err) = filed(&g, "00:03");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(v["filed_at"], "2026-10-18T00:03:00");
    assert_eq!(v["timing"], "in-time");
    let o = run(&["verify", g.to_str().unwrap(), "--format", "json"]);
    let v = json(&o);
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "register")
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        f["message"],
        "`17/10/2026 23:58` read as 17 October 2026, 23:58 on the venue's clock (day/month/year)"
    );
}
