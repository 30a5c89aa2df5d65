//! Issue 32 point 7: the captain's document (`contest --out`). The verdict in large type
//! at the top in both languages (admissible or not, R43's ten minutes; the table's verdict
//! upheld or overturned), the captain's grounds (`--motivo`) escaped and bounded, the
//! findings as a table with a last row for those it cannot hold.

use crate::common;
use arbitro::report::inert::is_active;
use common::{Arbitro, Scratch, root, stderr, stdout};

const P2: &str = "samples/superscacchi/leoni-tigri-partita2.txt";

/// A copy of P2 in `d` as `g.txt`, with `edit` applied to its text.
fn game(d: &Scratch, edit: impl Fn(String) -> String) {
    let text = std::fs::read_to_string(root().join(P2)).unwrap();
    std::fs::write(d.join("g.txt"), edit(text)).unwrap();
}

/// `contest g.txt --team Tigri --at AT --out OUT` in `d`, Rome's clock, in `lang`, with
/// `extra` arguments.
fn contest(d: &Scratch, at: &str, lang: &str, out: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "contest",
        "g.txt",
        "--team",
        "Tigri",
        "--at",
        at,
        "--tz",
        "Europe/Rome",
        "--lang",
        lang,
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    Arbitro::new().dir(d).run(&args)
}

/// The six lines at the top of the text document: the title, a blank line, then each
/// large line with the sentence under it (a sentence broken at 100 columns joined again).
fn top(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for l in text.lines() {
        let joins = lines.len() > 2;
        match (l.strip_prefix("      "), lines.last_mut()) {
            (Some(more), Some(last)) if joins => {
                last.push(' ');
                last.push_str(more);
            }
            _ => lines.push(l.to_string()),
        }
    }
    lines.truncate(6);
    lines
}

/// R43 in both languages: admissible in time, not admissible late; the table's verdict
/// upheld when the recomputation gives the same winner, overturned when it does not, and
/// upheld all the same when the contest is late (the verdict stands).
#[test]
fn the_verdict_in_large_type_in_both_languages() {
    let d = Scratch::new("contest-doc", "verdict");
    // P2 declares Tigri 48, Leoni 125: Leoni wins, as recomputed (Tigri 98).
    game(&d, |t| t);
    let cases: [(&str, &str, [&str; 4]); 4] = [
        (
            "18:14",
            "it",
            [
                "AMMISSIBILE",
                "    presentato da Tigri il 17/10/2026 alle 18:14, entro dieci minuti dalla fine della partita (fine alle 18:05, termine alle 18:15)",
                "VERDETTO CONFERMATO",
                "    il tavolo e il ricalcolo danno lo stesso verdetto: vince Leoni",
            ],
        ),
        (
            "18:14",
            "en",
            [
                "ADMISSIBLE",
                "    filed by Tigri on 2026-10-17 at 18:14, within ten minutes of the end of the game (end at 18:05, deadline at 18:15)",
                "VERDICT UPHELD",
                "    the table and the recomputation agree: Leoni wins",
            ],
        ),
        (
            "18:16",
            "it",
            [
                "NON AMMISSIBILE",
                "    presentato da Tigri il 17/10/2026 alle 18:16, oltre i dieci minuti dalla fine della partita (fine alle 18:05, termine alle 18:15): il verdetto del tavolo resta valido",
                "VERDETTO CONFERMATO",
                "    il tavolo e il ricalcolo danno lo stesso verdetto: vince Leoni",
            ],
        ),
        (
            "18:16",
            "en",
            [
                "NOT ADMISSIBLE",
                "    filed by Tigri on 2026-10-17 at 18:16, after the ten minutes from the end of the game (end at 18:05, deadline at 18:15): the table's verdict stands",
                "VERDICT UPHELD",
                "    the table and the recomputation agree: Leoni wins",
            ],
        ),
    ];
    for (at, lang, expected) in cases {
        let out = format!("{at}-{lang}.txt");
        let o = contest(&d, at, lang, &out, &[]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = std::fs::read_to_string(d.join(&out)).unwrap();
        assert_eq!(top(&text)[2..], expected, "{at} {lang}");
    }
    // The table declared Tigri the winner (148 to 125): the recomputation overturns it.
    let d = Scratch::new("contest-doc", "overturned");
    game(&d, |t| {
        t.replace(
            "[Risultato \"Tigri: 48, Leoni: 125\"]",
            "[Risultato \"Tigri: 148, Leoni: 125\"]",
        )
    });
    let cases: [(&str, &str, [&str; 2]); 4] = [
        (
            "18:14",
            "it",
            [
                "VERDETTO RIBALTATO",
                "    il tavolo ha dato: vince Tigri; il ricalcolo dà: vince Leoni",
            ],
        ),
        (
            "18:14",
            "en",
            [
                "VERDICT OVERTURNED",
                "    the table gave: Tigri wins; recomputed: Leoni wins",
            ],
        ),
        (
            "18:16",
            "it",
            [
                "VERDETTO CONFERMATO",
                "    il reclamo è fuori tempo, quindi resta il verdetto del tavolo (vince Tigri); il ricalcolo, solo per memoria, dà: vince Leoni",
            ],
        ),
        (
            "18:16",
            "en",
            [
                "VERDICT UPHELD",
                "    the contest is late, so the table's verdict stands (Tigri wins); recomputed, for the record only: Leoni wins",
            ],
        ),
    ];
    for (at, lang, expected) in cases {
        let out = format!("{at}-{lang}.html");
        let o = contest(&d, at, lang, &out, &[]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let page = std::fs::read_to_string(d.join(&out)).unwrap();
        let line = format!(
            "<p class=\"big\" id=\"standing\">{}</p><p class=\"note\">{}</p>",
            expected[0],
            expected[1].trim().replace('\'', "&#39;")
        );
        assert!(page.contains(&line), "{at} {lang}: {line}\n{page}");
        let text_out = format!("{at}-{lang}.txt");
        let o = contest(&d, at, lang, &text_out, &[]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = std::fs::read_to_string(d.join(&text_out)).unwrap();
        assert_eq!(top(&text)[4..], expected, "{at} {lang}");
    }
    // No [Fine]: nobody can say whether it is in time; the judge decides.
    let d = Scratch::new("contest-doc", "no-end");
    game(&d, |t| t.replace("[Fine \"2026-10-17T18:05\"]\n", ""));
    let o = contest(&d, "2026-10-17T18:14", "it", "r.txt", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(d.join("r.txt")).unwrap();
    assert_eq!(
        top(&text)[2..4],
        [
            "AMMISSIBILITÀ DA DECIDERE",
            "    presentato da Tigri il 17/10/2026 alle 18:14; il foglio non dice quando è finita la partita, quindi decide il giudice"
        ]
    );
}

/// The grounds are the captain's words: escaped in the page, inert in the terminal and in
/// the text, line breaks kept; `--grounds` is the same option.
#[test]
fn the_grounds_are_escaped_and_keep_their_lines() {
    let d = Scratch::new("contest-doc", "grounds");
    game(&d, |t| t);
    let grounds = "La mossa 14 <script>alert(1)</script> & \"virgolette\" e 'apici'\r\nseconda riga\u{1b}[2J\u{202e}";
    let o = contest(&d, "18:14", "it", "r.html", &["--motivo", grounds]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(d.join("r.html")).unwrap();
    assert!(
        page.contains(
            "<h2>Motivo del reclamo (parole del capitano)</h2>\n<div class=\"grounds\">La mossa 14 &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;virgolette&quot; e &#39;apici&#39;\nseconda riga\\x1b[2J\\u{202e}</div>"
        ),
        "{page}"
    );
    assert!(!page.contains("<script"), "{page}");
    assert!(!page.chars().any(is_active));
    // In the terminal, under the contest, inert.
    let shown = "\nMotivo del reclamo (parole del capitano):\n  | La mossa 14 <script>alert(1)</script> & \"virgolette\" e 'apici'\n  | seconda riga\\x1b[2J\\u{202e}\n";
    assert!(stdout(&o).ends_with(shown), "{}", stdout(&o));
    assert!(!stdout(&o).chars().any(is_active));
    // The text document, and the English alias.
    let o = contest(&d, "18:14", "en", "r.txt", &["--grounds", grounds]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(d.join("r.txt")).unwrap();
    assert!(
        text.contains("\nThe captain's grounds:\n  | La mossa 14 <script>alert(1)</script> & \"virgolette\" e 'apici'\n  | seconda riga\\x1b[2J\\u{202e}\n"),
        "{text}"
    );
    assert!(!text.chars().any(is_active));
}

/// The bound: 15 printed lines of 100 characters (1,500 in one paragraph) fit the one A4
/// page; one more character is refused before any work (exit 2), in both languages, and
/// nothing is written.
#[test]
fn grounds_beyond_the_bound_are_refused() {
    let d = Scratch::new("contest-doc", "bound");
    game(&d, |t| t);
    let at_bound = "parola ".repeat(214) + "ab";
    assert_eq!(at_bound.chars().count(), 1500);
    let o = contest(&d, "18:14", "it", "ok.html", &["--motivo", &at_bound]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let over = at_bound.clone() + "c";
    let o = contest(&d, "18:14", "en", "over.html", &["--motivo", &over]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: the grounds (--motivo) are too long for the one-page document: 1,501 characters in 16 printed lines, where at most 1,500 characters in 15 lines fit (a line holds 100 characters; a capital counts one and a half); shorten them, or write them by hand on the printed document\n"
    );
    assert!(stdout(&o).is_empty());
    // Sixteen short lines are over too.
    let lines = vec!["riga"; 16].join("\n");
    let o = contest(&d, "18:14", "it", "over.html", &["--motivo", &lines]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "errore: il motivo (--motivo) è troppo lungo per il documento di una pagina: 79 caratteri in 16 righe stampate, dove ne entrano al massimo 1.500 in 15 righe (una riga tiene 100 caratteri; una maiuscola conta una e mezza); accorciarlo, o scriverlo a mano sul documento stampato\n"
    );
    assert!(!d.join("over.html").exists());
}

/// A game with more findings than the page holds: the first eight in sheet order, then a
/// row that counts the rest and sends the reader to the full report.
#[test]
fn many_findings_end_with_a_count_of_the_rest() {
    let d = Scratch::new("contest-doc", "many");
    // Every quiet move in the wrong pen (R34): 216 findings, plus R47's.
    game(&d, |t| t.replace(". nera  ", ". blu   "));
    let o = contest(&d, "18:14", "it", "r.html", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(d.join("r.html")).unwrap();
    let table = page
        .split("<table class=\"findings\">")
        .nth(1)
        .and_then(|t| t.split("</table>").next())
        .unwrap();
    assert_eq!(table.matches("<tr>").count(), 1 + 8 + 1, "{table}");
    assert!(
        table.contains("<tr><td>—</td><td>—</td><td>15</td><td>R47</td>"),
        "{table}"
    );
    assert!(
        table.contains("<tr><td>S</td><td>1</td><td>20</td><td>R34</td><td>S 1. P f2 - f3: scritta con la penna blu, ma una mossa semplice degli assedianti si scrive con la penna nera</td></tr>"),
        "{table}"
    );
    assert!(
        table.ends_with(
            "<tr><td colspan=\"5\" class=\"more\">… e altri 209 rilievi: vedi il rapporto completo</td></tr>"
        ),
        "{table}"
    );
    let o = contest(&d, "18:14", "en", "r.txt", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(d.join("r.txt")).unwrap();
    assert!(
        text.contains("┘\n… and 209 more: see the full report\n"),
        "{text}"
    );
}

/// The head of the page keeps its size: a tag's value longer than 60 characters is cut,
/// with `…`; the text document breaks its long sentences at 100 columns.
#[test]
fn a_long_tag_is_cut_and_the_text_fits_its_paper() {
    let d = Scratch::new("contest-doc", "long-tag");
    let long = "Campionato ".repeat(20);
    game(&d, |t| {
        t.replace(
            "[Evento \"Campionato regionale SuperScacchi 2026\"]",
            &format!("[Evento \"{long}\"]"),
        )
    });
    let o = contest(&d, "18:16", "it", "r.html", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(d.join("r.html")).unwrap();
    let cut = format!("{}…", &long[..60]);
    assert!(
        page.contains(&format!("<th>Evento</th><td>{cut}</td>")),
        "{page}"
    );
    let o = contest(&d, "18:16", "it", "r.txt", &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(d.join("r.txt")).unwrap();
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
    assert!(
        text.contains("\n    presentato da Tigri il 17/10/2026 alle 18:16, oltre i dieci minuti dalla fine della partita\n      (fine alle 18:05, termine alle 18:15): il verdetto del tavolo resta valido\n"),
        "{text}"
    );
}
