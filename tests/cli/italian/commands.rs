//! Each command speaks Italian with `--lang it` or an Italian `LANG`: its report, its
//! JSON messages (the keys stay), its diagnostics and the inputs it cannot use.

use crate::common;
use common::{Arbitro, json, root, snapshot, stderr, stdout, wide};

const IT: &[(&str, &str)] = &[("LANG", "it_IT.UTF-8")];

#[test]
fn verify_speaks_italian_with_lang_it_and_with_lang_it_in_the_environment() {
    let by_flag = wide(&["verify", "--lang", "it", "samples/classical/handout.txt"]);
    let by_env = Arbitro::new()
        .wide()
        .envs(IT)
        .run(&["verify", "samples/classical/handout.txt"]);
    assert_eq!(by_flag.status.code(), Some(1));
    assert_eq!(stdout(&by_flag), stdout(&by_env));
    let text = stdout(&by_flag);
    for words in [
        "errore[illegal-move]: 3.Dh4 non è una mossa legale per il Bianco",
        "^^^ la donna in d1 non può arrivare in h4",
        "= regola: FIDE 3.4",
        "= suggerimento: letta come Dh5 per proseguire",
        "semimosse",
        "NON VALIDA",
    ] {
        assert!(text.contains(words), "{words:?} in\n{text}");
    }
    snapshot("handout.human.it.txt", &text);
    // --lang en wins over the environment, and English is the default.
    let en = Arbitro::new().wide().envs(IT).run(&[
        "verify",
        "--lang",
        "en",
        "samples/classical/handout.txt",
    ]);
    let default = wide(&["verify", "samples/classical/handout.txt"]);
    assert_eq!(stdout(&en), stdout(&default));
    assert!(stdout(&en).contains("error[illegal-move]: 3.Dh4 is not a legal move for White"));
    assert!(stdout(&en).contains("= help: read as Dh5 to go on"));
}

#[test]
fn the_json_message_follows_the_language_and_the_keys_do_not() {
    let json = |lang: &str| -> serde_json::Value {
        let o = wide(&[
            "--lang",
            lang,
            "verify",
            "--format",
            "json",
            "samples/superscacchi/orsi-volpi-sviste.txt",
        ]);
        json(&o)
    };
    let (en, it) = (json("en"), json("it"));
    let keys = |v: &serde_json::Value| -> Vec<Vec<String>> {
        v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_object().unwrap().keys().cloned().collect())
            .collect()
    };
    assert_eq!(keys(&en), keys(&it));
    let (fe, fi) = (&en["findings"], &it["findings"]);
    assert_eq!(fe.as_array().unwrap().len(), 4);
    for (e, i) in fe.as_array().unwrap().iter().zip(fi.as_array().unwrap()) {
        assert_eq!(e["code"], i["code"]);
        assert_eq!(e["line"], i["line"]);
        assert_ne!(e["message"], i["message"], "{e}");
    }
    let forbidden = fi
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "forbidden-square")
        .unwrap();
    assert_eq!(
        forbidden["message"],
        "SE 30. Re i5 - h8: nessun pezzo può fermarsi in h8"
    );
    assert_eq!(forbidden["hint"], "intendevi `Re i5 - h6` o `Re i5 - i6`?");
}

#[test]
fn score_speaks_italian_with_its_diagnostics() {
    let o = wide(&[
        "score",
        "--lang",
        "it",
        "samples/superscacchi/orsi-volpi-sviste.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(
            "Nessun punteggio: la partita ha un errore (R37). Va risolto prima: SE 30. Re i5 - h8: nessun pezzo può fermarsi in h8"
        ),
        "{err}"
    );
    let o = Arbitro::new()
        .wide()
        .envs(IT)
        .run(&["score", "samples/superscacchi/leoni-tigri-partita2.txt"]);
    let text = stdout(&o);
    assert!(text.contains("registro del giudice (R37–R42)"), "{text}");
    assert!(
        text.contains("re di N (Tigri): NO 7, riga 284, semimossa 52"),
        "{text}"
    );
    assert!(!text.contains(" ply "), "{text}");
    snapshot("leoni-tigri-partita2.score.it.txt", &text);
}

#[test]
fn batch_speaks_italian_in_its_summary_and_its_jsonl_report() {
    let d = common::Scratch::new("italian", "batch");
    let report = d.join("r.jsonl");
    let report_arg = report.to_str().unwrap();
    let o = wide(&[
        "batch",
        "--lang",
        "it",
        "--quiet",
        "--jobs",
        "1",
        "samples/classical",
        "--report",
        report_arg,
    ]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    for words in [
        "partite",
        "valide",
        "con errori",
        "codice della segnalazione",
    ] {
        assert!(text.contains(words), "{words:?} in\n{text}");
    }
    let lines = std::fs::read_to_string(&report).unwrap();
    assert!(
        lines.contains("\"message\":\"3.Dh4 non è una mossa legale per il Bianco\""),
        "{lines}"
    );
    let en = wide(&[
        "batch",
        "--quiet",
        "--jobs",
        "1",
        "samples/classical",
        "--report",
        report_arg,
    ]);
    assert!(stdout(&en).contains("with errors"));
    let lines = std::fs::read_to_string(&report).unwrap();
    assert!(lines.contains("\"message\":\"3.Dh4 is not a legal move for White\""));
}

#[test]
fn reconcile_speaks_italian_in_its_findings() {
    let args = [
        "reconcile",
        "samples/classical/formulario-macchiato.txt",
        "samples/classical/formulario-nero.txt",
        "--format",
        "json",
    ];
    let json = |lang: &str| -> serde_json::Value {
        let mut a = vec!["--lang", lang];
        a.extend(args);
        serde_json::from_slice(&wide(&a).stdout).unwrap()
    };
    let (en, it) = (json("en"), json("it"));
    let (fe, fi) = (
        en["findings"].as_array().unwrap(),
        it["findings"].as_array().unwrap(),
    );
    assert!(!fe.is_empty());
    assert_eq!(fe.len(), fi.len());
    for (e, i) in fe.iter().zip(fi) {
        assert_eq!(e["code"], i["code"]);
        assert_ne!(e["message"], i["message"], "{e}");
    }
}

#[test]
fn superscacchi_diagnostics_in_italian() {
    let o = Arbitro::new()
        .wide()
        .envs(IT)
        .run(&["verify", "samples/superscacchi/orsi-volpi-sviste.txt"]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(
        text.contains("avvertimento[wrong-captured-piece]: O 18. P c7 X Cd6 +: il pezzo preso è un pedone (P), non un cavallo (C)"),
        "{text}"
    );
    snapshot("orsi-volpi-sviste.human.it.txt", &text);
}

/// A set-up file that cannot be used says why in the chosen language, named by
/// `--setup` (exit 2) or by the game's `[Disposizione]` (a `bad-setup` error).
#[test]
fn a_wrong_setup_file_is_explained_in_italian() {
    let dir = common::Scratch::new("italian", "setup");
    let setup = dir.join("mia.setup");
    std::fs::write(&setup, "S: Te1\n").unwrap();
    let game = dir.join("partita.txt");
    let sample =
        std::fs::read_to_string(root().join("samples/superscacchi/leoni-tigri-partita1.txt"))
            .unwrap()
            .replace("[Disposizione \"assedio-corto\"]", "[Disposizione \"mia\"]");
    std::fs::write(&game, sample).unwrap();
    let g = game.to_str().unwrap();
    let o = wide(&[
        "verify",
        "--lang",
        "it",
        "--setup",
        setup.to_str().unwrap(),
        g,
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("mia.setup:1: l'esercito S ha 1 pezzo, non 16"),
        "{err}"
    );
    let o = wide(&[
        "verify",
        "--lang",
        "en",
        "--setup",
        setup.to_str().unwrap(),
        g,
    ]);
    let err = stderr(&o);
    assert!(
        err.contains("mia.setup:1: army S has 1 piece, not 16"),
        "{err}"
    );
    let o = wide(&["verify", "--lang", "it", g]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("errore[bad-setup]"), "{out}");
    assert!(
        out.contains("mia.setup:1: l'esercito S ha 1 pezzo, non 16"),
        "{out}"
    );
}

/// An input that cannot be used is said in the chosen language: a missing file, a device,
/// binary and empty files, for `verify`, and a binary file a `batch` walk skips.
#[test]
fn unusable_inputs_are_explained_in_italian() {
    let dir = common::Scratch::new("italian", "inputs");
    let binary = dir.join("binario.pgn");
    std::fs::write(&binary, b"\x00\x01[Event").unwrap();
    let empty = dir.join("vuoto.pgn");
    std::fs::write(&empty, b"  \n").unwrap();
    let missing = dir.join("manca.pgn");
    let cases = [
        (
            &missing,
            "non si può leggere: il file non esiste",
            "cannot read",
        ),
        (
            &binary,
            "il file è binario (un byte NUL alla posizione 0)",
            "the file is binary",
        ),
        (
            &empty,
            "il file è vuoto: non c'è nessuna partita da controllare",
            "the file is empty",
        ),
    ];
    for (path, it, en) in cases {
        let p = path.to_str().unwrap();
        let o = wide(&["verify", "--lang", "it", p]);
        assert_eq!(o.status.code(), Some(2), "{p}");
        let err = stderr(&o);
        assert!(err.contains(&format!("errore: {p}: {it}")), "{err}");
        let o = wide(&["verify", p]);
        let err = stderr(&o);
        assert!(err.contains(&format!("error: {p}: {en}")), "{err}");
    }
    let o = Arbitro::new().wide().envs(IT).run(&["verify", "/dev/null"]);
    let err = stderr(&o);
    assert!(
        err.contains("errore: /dev/null: è un dispositivo, non un file che arbitro possa leggere"),
        "{err}"
    );
    let o = wide(&["batch", "-q", "--lang", "it", binary.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("errore: ") && err.contains("binario.pgn: il file è binario (un byte NUL alla posizione 0), non un file di partite"),
        "{err}"
    );
}

/// Issue 12: a part of a file that cannot be checked is a typed problem, and its row's
/// message follows the language like every other finding's.
#[test]
fn batch_problem_rows_speak_italian() {
    let d = common::Scratch::new("italian", "batch-problem");
    let report = d.join("r.jsonl");
    let o = wide(&[
        "batch",
        "--lang",
        "it",
        "--quiet",
        "tests/bad-inputs/empty.pgn",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let line = std::fs::read_to_string(&report).unwrap();
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(v["findings"][0]["code"], "empty-input");
    let message = v["findings"][0]["message"].as_str().unwrap();
    assert!(message.starts_with("il file è vuoto"), "{message}");
}

/// Issue 32 point 5: clap's usage error in Italian, word for word, exit 2.
#[test]
fn a_usage_error_is_said_in_italian() {
    let o = crate::common::run(&["--lang", "it", "verify"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        crate::common::stderr(&o),
        "errore: mancano questi argomenti obbligatori:\n  <FILE>...\n\nUso: arbitro verify <FILE>...\n\nPer saperne di più, prova '--help'.\n"
    );
    let o = crate::common::run(&["--lang", "it", "verify", "--format", "xml", "x"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        crate::common::stderr(&o)
            .starts_with("errore: valore non valido 'xml' per '--format <FORMATO>'\n  [valori possibili: human, json, csv]\n"),
        "{}",
        crate::common::stderr(&o)
    );
}

/// Issue 32 point 5: `--help` in Italian: headings, the options' help, defaults and values.
#[test]
fn help_is_in_italian() {
    let o = crate::common::bin()
        .args(["verify", "--help"])
        .env("LANG", "it_IT.UTF-8")
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    let out = crate::common::stdout(&o);
    for words in [
        "Uso: arbitro verify [OPZIONI] <FILE>...",
        "\nOpzioni:\n",
        "\nArgomenti:\n",
        "la gravità minima mostrata",
        "[valori: info, warning, error] [predefinito: info]",
        "mostra questo aiuto",
        "[R43, R46]",
    ] {
        assert!(out.contains(words), "{words}:\n{out}");
    }
    for english in [
        "Usage:",
        "Options:",
        "Print help",
        "[default:",
        "Game files",
    ] {
        assert!(!out.contains(english), "{english}:\n{out}");
    }
}

/// The English words that must not be left in an Italian help: whole words, outside the
/// examples' command lines.
const ENGLISH: &[&str] = &[
    "the",
    "of",
    "and",
    "or",
    "for",
    "with",
    "to",
    "is",
    "Print",
    "Usage",
    "Options",
    "Arguments",
    "Commands",
    "Also",
    "write",
    "here",
];

/// The value names clap would give in English (`--players <PLAYERS>`).
const ENGLISH_VALUES: &[&str] = &[
    "<LANG>",
    "<OUT>",
    "<FORMAT>",
    "<SETUP>",
    "<PLAYERS>",
    "<NOTATION>",
    "<TO>",
    "<SCORING>",
    "<NAME>",
    "<TEAM>",
    "<PLY>",
    "<PLIES>",
    "<JOBS>",
    "<GAME>",
    "<FAIL_ON>",
    "<LEVEL>",
    "<DIR>",
    "<COLOR>",
    "<BYTES>",
    "<SEED>",
    "<OTHER>",
    "<CHECK>",
    "<PART>",
    "<AT>",
    "[COMMAND]",
    "<ZONE>",
];

fn english_left(text: &str) -> Vec<String> {
    let mut left = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("arbitro ") {
            continue;
        }
        // Option names (`--to`, `--fail-on`) are what the person types, not words.
        let words = line
            .split_whitespace()
            .filter(|t| !t.contains("--"))
            .flat_map(|t| t.split(|c: char| !c.is_alphanumeric() && c != '_'));
        for w in words {
            if ENGLISH.contains(&w) {
                left.push(format!("{w}: {line}"));
            }
        }
        for v in ENGLISH_VALUES {
            if line.contains(v) {
                left.push(format!("{v}: {line}"));
            }
        }
    }
    left
}

/// Issue 32 point 5: every command's help under Italian (`--lang it` and an Italian
/// `LANG`), `arbitro help batch`, the `help` command's own line and `--version`, and a
/// usage error: no English word left.
#[test]
fn no_english_word_is_left_in_any_italian_help() {
    let paths = [
        "",
        "verify",
        "convert",
        "reconcile",
        "batch",
        "batch merge",
        "score",
        "match",
        "contest",
        "scoring",
        "show",
        "render",
        "selfplay",
        "new",
        "tournament",
        "tournament plan",
        "tournament new",
        "tournament standings",
        "tournament sheet",
        "tournament draw",
        "simul",
        "simul new",
        "explain",
        "completions",
        "man",
    ];
    for path in paths {
        let mut args: Vec<&str> = path.split_whitespace().collect();
        args.push("--help");
        let by_flag = [&["--lang", "it"][..], &args].concat();
        let o = common::run(&by_flag);
        assert_eq!(o.status.code(), Some(0), "{path}");
        let out = stdout(&o);
        assert!(out.contains("Uso: arbitro"), "{path}: {out}");
        assert!(
            english_left(&out).is_empty(),
            "{path}: {:#?}",
            english_left(&out)
        );
        let o = Arbitro::new().envs(IT).run(&args);
        assert_eq!(stdout(&o), out, "{path}: LANG=it_IT.UTF-8");
    }
    let root_help = stdout(&common::run(&["--lang", "it", "--help"]));
    assert!(root_help.contains("-V, --version"), "{root_help}");
    assert!(
        root_help.contains("help         mostra questo aiuto, o quello del comando dato"),
        "{root_help}"
    );
    let o = common::run(&["--lang", "it", "help", "batch"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        stdout(&common::run(&["--lang", "it", "batch", "--help"]))
    );
    let o = Arbitro::new().envs(IT).run(&["help", "tournament"]);
    assert!(
        stdout(&o).contains("mostra questo aiuto, o quello del comando dato"),
        "{}",
        stdout(&o)
    );
    assert!(
        english_left(&stdout(&o)).is_empty(),
        "{:#?}",
        english_left(&stdout(&o))
    );
    for args in [
        &["--lang", "it", "batch", "--bogus", "x"][..],
        &["--lang", "it", "tournament", "plan", "3000"],
        &["--lang", "it", "frobnicate"],
        &["--lang", "it", "batch", "--fail-on", "never", "x"],
    ] {
        let o = common::run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("errore: "), "{err}");
        assert!(
            english_left(&err).is_empty(),
            "{args:?}: {:#?}",
            english_left(&err)
        );
    }
}
