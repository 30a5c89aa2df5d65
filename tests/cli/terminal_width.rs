//! Every table and the board fit the terminal (issue 17): at 80×24 no table line and no
//! board line is wider than 80 columns, and at 200×60 the tables use the width (each row
//! on one line). The width comes from `COLUMNS`, as a shell gives it.

use crate::common;
use common::{stderr, stdout};

const SS: &str = "samples/superscacchi/leoni-tigri-partita1.txt";
const SS2: &str = "samples/superscacchi/leoni-tigri-partita2.txt";

/// The binary's standard output on a terminal of `cols`×`lines`, colour off.
fn run(cols: u16, lines: u16, args: &[&str]) -> String {
    let o = common::bin()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", cols.to_string())
        .env("LINES", lines.to_string())
        .env("NO_COLOR", "1")
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .expect("runs");
    assert!(
        o.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        stderr(&o)
    );
    stdout(&o)
}

/// The lines drawn by a table: its borders and rows.
fn table_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with(['┌', '│', '╞', '├', '└']))
        .collect()
}

fn cols(line: &str) -> usize {
    line.chars().count()
}

/// Every command that prints a table, with its arguments.
fn table_commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["verify", SS],
        vec!["verify", "samples/classical/torneo-scuola.txt"],
        vec!["verify", "samples/superscacchi/orsi-volpi-sviste.txt"],
        vec!["score", SS2],
        vec!["score", "--lang", "it", SS2],
        vec!["match", SS, SS2],
        vec![
            "contest",
            "samples/superscacchi/leoni-tigri-macchiato.txt",
            "--team",
            "Leoni",
            "--at",
            "16:45",
        ],
        vec!["batch", "--quiet", "samples"],
        vec![
            "reconcile",
            "samples/classical/formulario-bianco.txt",
            "samples/classical/formulario-nero.txt",
        ],
        vec![
            "tournament",
            "standings",
            "samples/torneo/torneo.toml",
            "samples/torneo/partite",
            "--lang",
            "it",
        ],
        vec!["tournament", "plan", "--players", "40"],
    ]
}

#[test]
fn tables_fit_80_columns() {
    for args in table_commands() {
        let out = run(80, 24, &args);
        let table = table_lines(&out);
        // Every line of these fits (the contest prints no table; the tournament's prose
        // wraps between words); elsewhere the diagnostics quote sheet lines as written.
        let lines = match args[0] {
            "contest" | "score" | "match" | "tournament" => out.lines().collect(),
            _ => {
                assert!(!table.is_empty(), "{args:?} prints a table:\n{out}");
                table
            }
        };
        for l in lines {
            assert!(cols(l) <= 80, "{args:?}: {} columns:\n{l}\n{out}", cols(l));
        }
    }
}

#[test]
fn tables_use_200_columns() {
    for args in table_commands() {
        let out = run(200, 60, &args);
        for l in table_lines(&out) {
            assert!(cols(l) <= 200, "{args:?}: {} columns:\n{l}", cols(l));
        }
    }
    // The game summary keeps its ten columns and one line per game.
    let out = run(200, 60, &["verify", "samples/classical/torneo-scuola.txt"]);
    assert!(
        out.contains("│ file                                ┆ game ┆ variant   ┆ sides"),
        "{out}"
    );
    assert!(out.contains(
        "│ samples/classical/torneo-scuola.txt ┆ 4    ┆ classical ┆ Greco, Anna – Bruno, Davide       ┆ 8     ┆ 0-1                 ┆ INVALID ┆ 1      ┆ 0        ┆ 0     │"
    ), "{out}");
    // At 80 it drops the variant and counts errors/warnings/infos in one column.
    let out = run(80, 24, &["verify", "samples/classical/torneo-scuola.txt"]);
    assert!(out.contains("┆ verdict ┆ E/W/I │"), "{out}");
    assert!(out.contains("┆ INVALID ┆ 1/0/0 │"), "{out}");
    assert!(out.ends_with("E/W/I: errors/warnings/infos\n"), "{out}");
}

#[test]
fn without_columns_the_width_is_80() {
    let o = common::bin()
        .args(["verify", "samples/classical/torneo-scuola.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLUMNS")
        .output()
        .expect("runs");
    let out = stdout(&o);
    assert!(table_lines(&out).iter().all(|l| cols(l) <= 80), "{out}");
    assert!(out.contains("┆ E/W/I │"), "{out}");
}

/// Our colours taken out (`ESC [ … m`).
fn without_colours(s: &str) -> String {
    let mut out = String::new();
    let mut escape = false;
    for c in s.chars() {
        match (escape, c) {
            (false, '\u{1b}') => escape = true,
            (false, c) => out.push(c),
            (true, 'm') => escape = false,
            (true, _) => {}
        }
    }
    out
}

#[test]
fn the_board_and_its_legend_fit_80_and_200_columns() {
    for (cols, lines) in [(80u16, 24u16), (200, 60)] {
        for lang in ["en", "it"] {
            for color in ["never", "always"] {
                let args = [
                    "show", SS, "--at", "NE:28", "--lang", lang, "--color", color,
                ];
                let out = without_colours(&run(cols, lines, &args));
                for l in out.lines() {
                    assert!(
                        cols_of(l) <= usize::from(cols),
                        "{args:?} at {cols}: {} columns:\n{l}\n{out}",
                        cols_of(l)
                    );
                }
                let legend = if lang == "en" {
                    "red square"
                } else {
                    "casa rossa"
                };
                assert!(out.contains(legend), "{out}");
                assert!(out.contains("Tigri (assediati)"), "{out}");
                // At 200 columns the legend takes a line or two; at 80 it wraps between
                // items onto three or more.
                let legend_lines = out
                    .lines()
                    .filter(|l| l.starts_with("     ") && !l.trim_start().starts_with('a'))
                    .count();
                if cols == 200 {
                    assert!((1..=2).contains(&legend_lines), "{out}");
                } else {
                    assert!(legend_lines >= 3, "{out}");
                }
            }
        }
    }
    let classical = run(80, 24, &["show", "samples/classical/handout-corretto.txt"]);
    assert!(classical.lines().all(|l| cols_of(l) <= 80), "{classical}");
}

fn cols_of(line: &str) -> usize {
    line.chars().count()
}

/// The cells of a table's rows: the text between its `│` and `┆` walls.
fn cells(out: &str) -> Vec<String> {
    table_lines(out)
        .into_iter()
        .filter(|l| l.starts_with('│'))
        .flat_map(|l| l.split(['│', '┆']).map(|c| c.trim().to_string()))
        .filter(|c| !c.is_empty())
        .collect()
}

/// Whether `piece`, a word of a narrow table, is a whole word of the wide table's, or a
/// part of one cut only after a `/` (a path).
fn whole(piece: &str, words: &std::collections::HashSet<&str>) -> bool {
    // The narrow game summary counts errors, warnings and infos in one column (`1/0/0`).
    let counts = piece.split('/').count() == 3
        && piece
            .split('/')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    // The batch's seconds and games a second change from run to run.
    let timing = piece
        .bytes()
        .all(|b| b.is_ascii_digit() || b == b'.' || b == b',');
    counts
        || timing
        || ["E/W/I", "E/A/N"].contains(&piece)
        || words.contains(piece)
        || words.iter().any(|w| {
            w.match_indices(piece).any(|(i, _)| {
                let starts = i == 0 || w[..i].ends_with('/');
                let ends = i + piece.len() == w.len() || piece.ends_with('/');
                starts && ends
            })
        })
}

/// Issue 32 point 3: at 60, 80 and 120 columns, in both languages, every table of the
/// samples wraps its cells between words (a path only after a `/`): each word of a narrow
/// table is a word of the same table printed 1000 columns wide.
#[test]
fn no_table_cuts_a_word_at_60_80_or_120_columns() {
    let mut commands = table_commands();
    for f in [
        "samples/superscacchi/aquile-falchi-2v2.txt",
        "samples/superscacchi/leoni-tigri-macchiato.txt",
        "samples/superscacchi/leoni-tigri-partita2.txt",
        "samples/classical/formulario-bianco.txt",
        "samples/classical/handout.txt",
    ] {
        commands.push(vec!["verify", f]);
    }
    commands.push(vec!["simul", "samples/simul"]);
    commands.push(vec!["explain"]);
    for args in commands {
        let langs: &[&str] = if args.contains(&"--lang") {
            &[""]
        } else {
            &["en", "it"]
        };
        for &lang in langs {
            let mut args = args.clone();
            if !lang.is_empty() {
                args.extend(["--lang", lang]);
            }
            let wide = cells(&run(1000, 60, &args));
            if wide.is_empty() {
                // The contest and the plan print prose, wrapped between words.
                continue;
            }
            let words: std::collections::HashSet<&str> =
                wide.iter().flat_map(|c| c.split_whitespace()).collect();
            for width in [60u16, 80, 120] {
                let out = run(width, 24, &args);
                let narrow = cells(&out);
                for piece in narrow.iter().flat_map(|c| c.split_whitespace()) {
                    assert!(
                        whole(piece, &words),
                        "{args:?} at {width}: `{piece}` is a cut word:\n{out}"
                    );
                }
            }
        }
    }
}
