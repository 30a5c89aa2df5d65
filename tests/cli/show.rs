//! `arbitro show` and `arbitro render`: snapshots of the terminal board (colour off) and of
//! an SVG position; the HTML viewer is self-contained and small.

use crate::common;
use common::{run, snapshot, stderr, stdout};
use std::process::Output;

fn out(o: &Output) -> String {
    out_with(o, 0)
}

/// The output of a run that ends with `code` (1: a game with an error is still shown).
fn out_with(o: &Output, code: i32) -> String {
    assert_eq!(o.status.code(), Some(code), "{}", stderr(o));
    stdout(o)
}

const P1: &str = "samples/superscacchi/leoni-tigri-partita1.txt";

#[test]
fn terminal_boards() {
    snapshot("show.ss.start.txt", &out(&run(&["show", P1, "--ply", "0"])));
    // After NE's liberation (R21): the king in sanctuary on p16, the events so far.
    let s = out(&run(&["show", P1, "--at", "NE:28"]));
    assert!(s.contains("after ply 218: NE 28. Re p15 0 p16"));
    assert!(s.contains(">KNE"));
    assert!(s.contains("liberation   NE  move 28"));
    snapshot("show.ss.ne28.txt", &s);
    // In Italian: the heading, the legend and the events.
    let s = out(&run(&["show", P1, "--at", "NE:28", "--lang", "it"]));
    assert!(
        s.contains("dopo la semimossa 218: NE 28. Re p15 0 p16"),
        "{s}"
    );
    assert!(
        s.contains("  semimossa  218  re liberato      NE  mossa 28   Tigri +80 (R21)"),
        "{s}"
    );
    // R9's letters in Italian: `Re` the king, also in the legend (issue 28 point 8).
    assert!(s.contains(" 16 | □   ReN .   "), "{s}");
    assert!(s.contains(">ReNE| 16"), "{s}");
    assert!(
        s.contains("P pedone  C cavallo  A alfiere  T torre  R regina  Re re  ■ casa rossa"),
        "{s}"
    );
    assert!(s.contains("□ casa verde  !Re re nel santuario"), "{s}");
    assert!(!s.contains("++") && !s.contains("##"), "{s}");
    snapshot("show.ss.ne28.it.txt", &s);
    snapshot(
        "show.classical.mate.txt",
        &out(&run(&["show", "samples/classical/handout-corretto.txt"])),
    );
    // A slip read as the move meant does not stop the replay (issue 28 point 4)...
    let s = out_with(&run(&["show", "samples/classical/handout.txt"]), 1);
    assert!(s.contains("after ply 7: 4.Dxf7#"), "{s}");
    assert!(!s.contains("the replay stops"), "{s}");
    // ...a move no slip explains stops it at the illegal move, and it says so.
    let d = common::Scratch::new("show", "stop");
    std::fs::write(d.join("g.txt"), "1.e4 e5 2.Ac4 d6 3.Rh8 Cf6 4.Dxf7#\n").unwrap();
    let s = out_with(&common::Arbitro::new().dir(&d).run(&["show", "g.txt"]), 1);
    assert!(s.contains("after ply 4: 2...d6"), "{s}");
    assert!(
        s.contains("the replay stops at the next move, Rh8: it is not legal"),
        "{s}"
    );
    let s = out_with(
        &run(&["show", "samples/superscacchi/orsi-volpi-sviste.txt"]),
        1,
    );
    assert!(s.contains("the replay stops at the next move, SE 30. Re i5 - h8"));
    // Colour on: escape codes, and no escape codes with --color never.
    let o = run(&["show", P1, "--color", "always"]);
    assert!(stdout(&o).contains("\x1b["));
    let o = run(&["show", P1, "--at", "Q:1"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn svg_and_html() {
    let d = common::Scratch::new("show", "render");
    let svg = d.join("p.svg");
    let html = d.join("p.html");
    out(&run(&[
        "render",
        P1,
        "--svg",
        svg.to_str().unwrap(),
        "--ply",
        "218",
        "--out",
        html.to_str().unwrap(),
    ]));
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    snapshot("render.ss.ply218.svg", &s);
    let h = std::fs::read_to_string(&html).unwrap();
    assert!(h.len() < 300_000, "{} bytes", h.len());
    // Self-contained: no network, no external files (the only URL is the SVG namespace).
    assert!(!h.contains("https://") && !h.contains("<link") && !h.contains(" src="));
    assert_eq!(
        h.matches("http://").count(),
        h.matches("http://www.w3.org/2000/svg").count()
    );
    assert!(h.contains("ArrowRight") && h.contains("\"size\":16"));
    // A move no slip explains stops the replay (issue 28 point 4): it is in the viewer.
    let handout = std::fs::read_to_string("samples/classical/handout.txt").unwrap();
    std::fs::write(d.join("stop.txt"), handout.replace("3.Dh4", "3.Rh8")).unwrap();
    let o = run(&[
        "render",
        d.join("stop.txt").to_str().unwrap(),
        "--out",
        d.join("c.html").to_str().unwrap(),
    ]);
    out_with(&o, 1);
    let c = std::fs::read_to_string(d.join("c.html")).unwrap();
    assert!(
        c.contains("\"p\":false") && c.contains("Rh8"),
        "the stopping move is in the viewer"
    );
    // A classical game has no events or scores to show, and its title is its tags.
    assert!(!c.contains("id=\"events\"") && !c.contains("id=\"legend\""));
    assert!(c.contains("<title>Dispensa: la trascrizione della partita — Bianco – Nero</title>"));
}

/// The last move keeps its piece readable (issue 17: a king on a last-move square
/// vanished on yellow): the square turns dark blue and the piece keeps its army's colour.
#[test]
fn the_last_move_keeps_its_piece_in_colour() {
    let o = common::bin()
        .args(["show", P1, "--at", "NE:28", "--color", "always"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLORTERM", "truecolor")
        .env_remove("NO_COLOR")
        .output()
        .expect("runs");
    let s = out(&o);
    // NE's king on p16 (a green corner): blue square, NE's lavender, the sanctuary mark.
    assert!(
        s.contains("\x1b[48;2;20;28;100m\x1b[1;38;2;200;160;255m!KNE\x1b[0m"),
        "{s}"
    );
    // The square it came from, p15, is blue too.
    assert!(s.contains("\x1b[48;2;20;28;100m .  \x1b[0m"), "{s}");
    // In 256 colours: square 17, army colour 183.
    let o = common::bin()
        .args(["show", P1, "--at", "NE:28", "--color", "always"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLORTERM")
        .env_remove("NO_COLOR")
        .output()
        .expect("runs");
    assert!(out(&o).contains("\x1b[48;5;17m\x1b[1;38;5;183m!KNE\x1b[0m"));
}

/// Every piece letter follows the language (issue 28 point 8, R9): in Italian the sheets'
/// letters, `Re` the king and `R` the queen; in English FIDE's, `K` the king and `Q` the
/// queen; on the text board, its legend, the SVG and the viewer page.
#[test]
fn piece_letters_follow_the_language() {
    let it = out(&run(&["show", P1, "--ply", "0", "--lang", "it"]));
    // S's first rank (R1): T C A R Re A C T from e1 to l1.
    assert!(
        it.contains("  1 | □   .   .   .   TS   CS  AS   RS  ReS AS   CS  TS   .   .   .   □  | 1"),
        "{it}"
    );
    // N's king on h16; SO's on e7 and NE's on l10, in files widened for `ReSO`, `ReNE`.
    assert!(it.contains("AN   ReN RN  AN"), "{it}");
    assert!(
        it.contains("  7 | AO  PO  .   .   ReSO RSO ASO  ASO "),
        "{it}"
    );
    assert!(it.contains(" ANE ANE  RNE ReNE .  "), "{it}");
    assert!(it.contains("R regina  Re re"), "{it}");
    let en = out(&run(&["show", P1, "--ply", "0", "--lang", "en"]));
    assert!(
        en.contains("  1 | □   .   .   .   RS  NS  BS  QS  KS  BS  NS  RS  .   .   .   □  | 1"),
        "{en}"
    );
    assert!(
        en.contains("P pawn  N knight  B bishop  R rook  Q queen  K king"),
        "{en}"
    );
    assert!(!en.contains("Re") && !en.contains("++"), "{en}");
    // The classical board: Italian R D T A C, English K Q R B N.
    let cl = |lang| {
        out(&run(&[
            "show",
            "samples/classical/handout-corretto.txt",
            "--ply",
            "0",
            "--lang",
            lang,
        ]))
    };
    assert!(
        cl("it").contains("  1 | T  C  A  D  R  A  C  T | 1"),
        "{}",
        cl("it")
    );
    assert!(
        cl("en").contains("  1 | R  N  B  Q  K  B  N  R | 1"),
        "{}",
        cl("en")
    );
    // The viewer: the script's letters, the SVG's discs and the legend.
    let d = common::Scratch::new("show", "letters");
    for (lang, letters, legend, disc) in [
        (
            "it",
            r#""letters":["P","C","A","T","R","Re"]"#,
            "P pedone · C cavallo · A alfiere · T torre · R regina · Re re",
            "<title>Re NE</title>",
        ),
        (
            "en",
            r#""letters":["P","N","B","R","Q","K"]"#,
            "P pawn · N knight · B bishop · R rook · Q queen · K king",
            "<title>K NE</title>",
        ),
    ] {
        let html = d.join(format!("{lang}.html"));
        let svg = d.join(format!("{lang}.svg"));
        out(&run(&[
            "render",
            P1,
            "--lang",
            lang,
            "--out",
            html.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
            "--ply",
            "218",
        ]));
        let h = std::fs::read_to_string(&html).unwrap();
        assert!(h.contains(letters), "{lang}");
        assert!(
            h.contains(&format!("<div class=\"pieces\">{legend}</div>")),
            "{lang}"
        );
        // The refuges are filled squares in the legend, never `++`.
        let legend = &h[h.find("id=\"legend\"").unwrap()..h.find("id=\"moves\"").unwrap()];
        assert!(legend.contains("\">■</span> "), "{lang}: {legend}");
        assert!(
            !legend.contains("++") && !legend.contains("##"),
            "{lang}: {legend}"
        );
        let s = std::fs::read_to_string(&svg).unwrap();
        assert!(s.contains(disc), "{lang}: {s}");
    }
}
