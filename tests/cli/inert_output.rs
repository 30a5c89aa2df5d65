//! Text from a file that a terminal would act on (escape sequences, OSC 52, CR, BEL, C1
//! controls, bidirectional overrides) is shown visibly in every human output, whatever
//! `--color` says (issue 14, item 11; `src/report/inert.rs`).

use crate::common;
use arbitro::report::inert::is_active;
use common::{Arbitro, Scratch, stderr, stdout};
use std::path::Path;

/// The text less our own colours (`ESC [ digits ; … m`).
fn without_colours(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("\u{1b}[") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 2..];
        let end = tail
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(tail.len());
        if tail[end..].starts_with('m') {
            rest = &tail[end + 1..];
        } else {
            out.push('\u{1b}');
            rest = &rest[i + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// A classical game whose names and moves hold an OSC 52 clipboard write, a bell, a
/// clear screen, a backspace and a right-to-left override (a carriage return ends a line).
const CLASSICAL: &str = "[Event \"x\"]\n[White \"Ann\u{1b}]52;c;cm0gLXJmIH4=\u{7}\"]\n[Black \"Bob\u{202e}evil\"]\n\n1.e4 e5 2.Dh5\u{1b}[2J\u{8}Cc6 3.Ac4 Cf6 4.Dxf7# 1-0\n";

#[test]
fn diagnostics_and_tables_show_control_characters() {
    let d = Scratch::new("inert", "verify");
    std::fs::write(d.join("g.pgn"), CLASSICAL).unwrap();
    let o = Arbitro::new()
        .dir(&d)
        .wide()
        .env_remove("NO_COLOR")
        .run(&["verify", "--color", "never", "g.pgn"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(!out.chars().any(is_active), "{out}");
    let first: Vec<&str> = out.lines().take(8).collect();
    assert_eq!(
        first,
        [
            r"error[parse-error]: `Dh5\x1b` is not a move in Italian notation",
            " --> g.pgn:5:14",
            "  |",
            r"5 | 1.e4 e5 2.Dh5\x1b[2J\x08Cc6 3.Ac4 Cf6 4.Dxf7# 1-0",
            // The caret stands under the whole of `\x1b`.
            "  |              ^^^^ cannot read from here",
            "  |",
            "  = rule: FIDE C",
            // Issue 28 point 4: the word is read as the move meant, and the replay goes on.
            "  = help: read as Dh5 to go on",
        ]
    );
    assert!(
        out.contains(r"┆ Ann\x1b]52;c;cm0gLXJmIH4=\x07 – Bob\u{202e}evil ┆"),
        "{out}"
    );
    // In colour, the only escape sequences are arbitro's own colours.
    let o = Arbitro::new()
        .dir(&d)
        .wide()
        .env_remove("NO_COLOR")
        .run(&["verify", "--color", "always", "g.pgn"]);
    let coloured = without_colours(&stdout(&o));
    assert!(!coloured.chars().any(is_active), "{coloured}");
    assert_eq!(coloured, out);
}

#[test]
fn a_team_name_with_escapes_is_inert_in_register_show_and_contest() {
    let d = Scratch::new("inert", "team");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sample =
        std::fs::read_to_string(root.join("samples/superscacchi/leoni-tigri-partita1.txt"))
            .unwrap();
    std::fs::write(
        d.join("g.txt"),
        sample.replace("Tigri", "Tigri\u{1b}]0;x\u{7}\u{202e}"),
    )
    .unwrap();
    let team = r"Tigri\x1b]0;x\x07\u{202e}";
    let run = |args: &[&str]| {
        let o = Arbitro::new()
            .dir(&d)
            .wide()
            .env_remove("NO_COLOR")
            .run(args);
        // In colour, the only escape sequences are arbitro's own colours.
        let out = without_colours(&(stdout(&o) + &stderr(&o)));
        assert!(!out.chars().any(is_active), "{args:?}: {out}");
        out
    };
    let score = run(&["score", "--lang", "en", "g.txt"]);
    assert!(
        score.contains(&format!("\n{team} (assediati) ★\n")),
        "{score}"
    );
    assert!(score.contains(&format!("\nWinner: {team}\n")), "{score}");
    let show = run(&["show", "g.txt", "--ply", "234", "--color", "never"]);
    assert!(
        show.contains(&format!(
            "\n  ply  234  flight       NE  move 30   {team} +60 (R27)\n"
        )),
        "{show}"
    );
    let contest = run(&[
        "contest", "g.txt", "--lang", "en", "--team", "Leoni", "--at", "16:45",
    ]);
    assert!(
        contest.contains(&format!(
            "\n{team} (assediati): declared 305, recomputed 305\n"
        )),
        "{contest}"
    );
    let verify = run(&["verify", "--color", "always", "g.txt"]);
    assert!(
        verify.contains(&format!("┆ {team} ┆ +80    ┆ R21  │")),
        "{verify}"
    );
}

#[test]
fn a_file_name_with_escapes_is_inert_in_batch_messages() {
    let d = Scratch::new("inert", "batch");
    std::fs::write(d.join("a\u{1b}[2J\u{9b}1m.pgn"), b"\x00\x01binary").unwrap();
    let o = Arbitro::new()
        .dir(&d)
        .wide()
        .env_remove("NO_COLOR")
        .run(&["batch", "."]);
    assert_eq!(
        stderr(&o),
        "error: ./a\\x1b[2J\\u{9b}1m.pgn: the file is binary (a NUL byte at offset 0), not a game file\n"
    );
}
