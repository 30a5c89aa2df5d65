//! Italian everywhere (issue 17): every finding arbitro gives on the inputs it is tested
//! with (bad inputs, samples, the SuperScacchi conformance games, the real games and a set
//! of slips of the pen) has its message, label and hint in Italian as well, each different
//! from the English one. A new finding site without Italian text fails here.

use arbitro::classical::Options;
use arbitro::decode::decode;
use arbitro::finding::{Code, Finding};
use arbitro::lang::Lang;
use arbitro::load::Limits;
use arbitro::verify::{self, GameReport, SetupChoice, Variant};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common;
use common::snapshot;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` (recursively), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The reports `verify` gives on one file's bytes (set-ups beside the file are found).
fn reports(name: &str, bytes: &[u8], folder: Option<&Path>) -> Vec<GameReport> {
    let Ok(d) = decode(bytes) else {
        return Vec::new();
    };
    match Variant::detect(&d.text) {
        Variant::Classical => {
            verify::classical_reports(name, &d.text, d.latin1, &Options::default()).collect()
        }
        Variant::SuperScacchi => vec![verify::verify_superscacchi(
            name,
            &d.text,
            d.latin1,
            SetupChoice::Tag {
                folder,
                limits: Limits::default(),
            },
        )],
    }
}

/// What is missing in Italian on one finding, if anything.
fn untranslated(f: &Finding) -> Vec<String> {
    let mut out = Vec::new();
    let it = f.message_in(Lang::It);
    if it == f.message || it.is_empty() {
        out.push(format!("message `{}`", f.message));
    }
    if let Some(en) = &f.label
        && f.label_in(Lang::It) == Some(en.as_str())
    {
        out.push(format!("label `{en}` (message `{}`)", f.message));
    }
    if let Some(en) = &f.hint
        && f.hint_in(Lang::It) == Some(en.as_str())
    {
        out.push(format!("hint `{en}` (message `{}`)", f.message));
    }
    out.into_iter()
        .map(|w| format!("[{}] {w}", f.code))
        .collect()
}

/// Slips of the pen, one or more findings each (classical and SuperScacchi alike).
const SLIPS: &[&str] = &[
    "1.e4 e5 2.Ac4 d6 3.Dh4 Cf6 4.Dxf7#",
    "1.e4 e5 2.Cf3 Cc6 3.Cc3 Cf6 4.Cd5 Cd4 5.Ce5",
    "1.e4 d5 2.exd5 Dxd5 3.Cc3 Dd8 4.Cf3 Cf6 5.Ab5+ c6 6.Ae2 e6 7.O-O Ae7 8.d4 O-O 9.Ce5 Cbd7 10.f4 Cxe5 11.fxe5 Cd7 12.Af4 f6 13.exf6 Axf6 14.Dd2",
    "1.cf3 d5 2.Cc3",
    "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Axc6 dxc6 5.Cxe5 Dd4 6.Cf3 Dxe4+ 7.De2 Dxe2 8.Axe2",
    "1.e4 f5 2.exf5 g5 3.Dh5",
    "1.e4 f5 2.exf5 g5 3.Dh5+ 1-0",
    "1.e4 e5 2.Dh5 Cc6 3.Ac4 Cf6 4.Dxf7+",
    "1.e4 e5 2.Dh5 Cc6 3.Ac4 Cf6 4.Dxf7",
    "1.e4 e5 2.Dh5# Cc6",
    "1.e4+ e5",
    "1.ex4 e5",
    "1.e4 e5 2.Cxf3 Cc6",
    "1.e4 d5 2.exd5 e5 3.dxe6 e.p. f6 4.d4 e.p.",
    "1.e4 d5 2.e5 f5 3.exf6 e.p. Cf6",
    "1.e4 e5 2.Cf3 Cf6 3.Cg1 Cg8 4.Cf3 Cf6 5.Cg1 Cg8 6.Cf3",
    "[Fase \"2\"]\n\n1.e4 e5 2.Cf3 Cc6 {jolly} 2.d4 d5 {jolly} 2.c4",
    "1.e4 e5 {jolly}",
    "[Fase \"1\"]\n\n1.e4 e5 2.Dh5 Cc6 3.Ac4 Cf6 4.Dxf7# {jolly}",
    "1.e4 e5 2.Cf3 Cc6 1-0 0-1",
    "[result \"1-0\"]\n\n1.e4 e5 1-0",
    "[Variant \"crazyhouse\"]\n\n1.e4 e5",
    "1.e4 (1.e5) e5",
    "[FEN \"not a fen\"]\n\n1.e4",
    "[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n\n1.Kd2",
    "5.e4 e5",
    "1.e4 e5 3.Cf3",
    "1.e2e4 e7e5",
    "1.e4 -- 2.d4",
    "1.e4 e5 2.Zz9",
    "1.e4 e5 2.xyzzy 3.d4",
    "1.e4 e5 2.C_3 Cc6",
    "1.e4 e5 2.__ Cc6",
    "1.e4 e5 2.a4 a5 3.a5=D",
    "1.e4 d5 2.exd5 c6 3.dxc6 Cf6 4.cxb7 Cc6 5.bxa8",
    "1.e4 d5 2.exd5 c6 3.dxc6 Cf6 4.cxb7 Cc6 5.bxa8=R",
    "1.Kf3",
    "1.O-O",
    "1.e4 e5 2.Re2 Re7 3.Re1 Re8 4.O-O",
    "1.e4 {unclosed",
    "1.e4 e5 (2.d4",
    "1.e4 e5 ) 2.d4",
    "1.e4 $ e5",
    "1) e4 e5 2) Cf3",
    "1.e4 e5 2.Cf3 Cc6 1:0",
    "1. e4 e5 2. Cf3 ... Cc6",
    "1.e4\u{a0}e5 2.Cf3\u{2013}",
    "[Event \"x\"\n\n1.e4",
    "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.Dxf7# 1/2-1/2",
    "1.f3 e5 2.g4 Dh4 1-0",
    "1.e4 e5 2.Cf3 Cc6 * 3.Ac4",
    "[Termination \"time forfeit\"]\n\n1.e4 e5 2.Ke2 Ke7 3.Ke1 Ke8 4.Ke2 Ke7 5.Ke1 Ke8 6.Ke2 Ke7 7.Ke1 Ke8 8.Ke2 Ke7 9.Ke1 Ke8 10.Ke2 Ke7 11.Ke1 Ke8 12.Ke2",
    "1.Ca3 Ca6 2.Cb1 Cb8 3.Ca3 Ca6 4.Cb1 Cb8 5.Ca3 Ca6 6.Cb1 Cb8 7.Ca3 Ca6 8.Cb1 Cb8 9.Ca3 Ca6 10.Cb1 Cb8 11.Ca3 Ca6 12.Cb1 Cb8 13.Ca3 Ca6 14.Cb1 Cb8 15.Ca3 Ca6 16.Cb1 Cb8 17.Ca3 Ca6 18.Cb1 Cb8 19.Ca3 Ca6 20.Cb1 Cb8 21.Ca3 Ca6 22.Cb1 Cb8 23.Ca3 Ca6 24.Cb1 Cb8 25.Ca3 Ca6 26.Cb1 Cb8 27.Ca3 Ca6 28.Cb1 Cb8 29.Ca3 Ca6 30.Cb1 Cb8 31.Ca3 Ca6 32.Cb1 Cb8 33.Ca3 Ca6 34.Cb1 Cb8 35.Ca3 Ca6 36.Cb1 Cb8 37.Ca3 Ca6 38.Cb1 Cb8 39.Ca3 Ca6 40.Cb1 Cb8 41.Ca3 Ca6 42.Cb1 Cb8 43.Ca3 Ca6 44.Cb1 Cb8 45.Ca3 Ca6 46.Cb1 Cb8 47.Ca3 Ca6 48.Cb1 Cb8 49.Ca3 Ca6 50.Cb1 Cb8 51.Ca3",
];

/// One-line changes to a SuperScacchi sample, each giving a finding.
const SS_SLIPS: &[(&str, &str)] = &[
    ("1. nera  C f1 - e3", "1. nera  A f1 - e3"),
    ("1. nera  C f1 - e3", "1. nera  C f1 - g3"),
    ("2. nera  P f2 - f3", "2 nera  P f2 - f3"),
    ("2. nera  P f2 - f3", "2. verde  P f2 - f3"),
    ("2. nera  P f2 - f3", "5. nera  P f2 - f3"),
    ("2. nera  P f2 - f3", "2. nera  P f2 ++++ f3"),
    ("2. nera  P f2 - f3", "2. nera  P f2 - f3 zz"),
    ("2. nera  P f2 - f3", "2. nera  P f2 - f_"),
    ("[Esercito \"S\"]", "[Esercito \"X\"]"),
    ("[Esercito \"S\"]", ""),
    (
        "[Ammonimenti \"Leoni: 1, Tigri: 0\"]",
        "[Ammonimenti \"Orsi: 1; Tigri\"]",
    ),
    (
        "[Ammonimenti \"Leoni: 1, Tigri: 0\"]",
        "[Ammonimenti \"Orsi: 1, Tigri: 0\"]",
    ),
    ("[Fine \"2026-10-17T16:42\"]", "[Fine \"alle sei\"]"),
    ("[Partita \"1\"]", "[Partita \"3\"]\n[Abbandono \"Lupi\"]"),
    ("[Assediati \"Tigri\"]", "[Assediati \"Leoni\"]"),
    (
        "[Disposizione \"assedio-corto\"]",
        "[Disposizione \"assedio-lungo\"]",
    ),
    (
        "[Risultato \"Leoni: 115, Tigri: 305\"]",
        "[Risultato \"Leoni: 0, Tigri: 0\"]",
    ),
];

/// The bytes of every input the coverage runs on, with its name and folder.
fn inputs() -> Vec<(String, Vec<u8>, Option<PathBuf>)> {
    let mut out = Vec::new();
    let dirs = [
        root().join("tests/bad-inputs"),
        root().join("samples"),
        root().join("../shared/conformance/superscacchi"),
        root().join("../shared/data/pgn"),
    ];
    for dir in dirs {
        for p in files(&dir) {
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(ext, "txt" | "pgn") {
                continue;
            }
            let Ok(bytes) = std::fs::read(&p) else {
                continue;
            };
            let folder = p.parent().map(Path::to_path_buf);
            out.push((p.display().to_string(), bytes, folder));
        }
    }
    for (i, s) in SLIPS.iter().enumerate() {
        out.push((format!("slip {i}"), s.as_bytes().to_vec(), None));
    }
    // SuperScacchi slips, each a one-line change to a sample.
    let sample =
        std::fs::read_to_string(root().join("samples/superscacchi/leoni-tigri-partita1.txt"))
            .expect("the sample");
    let folder = Some(root().join("samples/superscacchi"));
    for (i, (from, to)) in SS_SLIPS.iter().enumerate() {
        assert!(sample.contains(from), "{from}");
        let text = sample.replacen(from, to, 1);
        out.push((
            format!("superscacchi slip {i}"),
            text.into_bytes(),
            folder.clone(),
        ));
    }
    // Latin-1 (not UTF-8).
    out.push((
        "latin1".into(),
        b"[Event \"caff\xe8\"]\n\n1.e4 e5".to_vec(),
        None,
    ));
    out
}

#[test]
fn every_finding_has_its_italian_text() {
    let mut missing: BTreeSet<String> = BTreeSet::new();
    let mut codes: BTreeSet<&'static str> = BTreeSet::new();
    let mut count = 0usize;
    for (name, bytes, folder) in inputs() {
        for r in reports(&name, &bytes, folder.as_deref()) {
            for f in &r.findings {
                count += 1;
                codes.insert(f.code.as_str());
                for m in untranslated(f) {
                    missing.insert(format!("{name}: {m}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} findings without Italian text:\n{}",
        missing.len(),
        missing.iter().cloned().collect::<Vec<_>>().join("\n")
    );
    // The run must have met a good share of the codes (so that it tests something).
    assert!(count > 100, "only {count} findings met");
    for code in [
        Code::IllegalMove,
        Code::AmbiguousMove,
        Code::ParseError,
        Code::WrongPiece,
        Code::MissingMarker,
        Code::MoveNumberMismatch,
        Code::ClaimPossible,
        Code::JollyMisuse,
        Code::ResultMismatch,
        Code::MissingCheckMark,
        Code::WrongCaptureMark,
    ] {
        assert!(
            codes.contains(code.as_str()),
            "no {code} finding met; codes met: {codes:?}"
        );
    }
}

#[test]
fn the_english_text_is_kept_and_is_the_default() {
    let r = verify::verify_bytes(
        "h",
        b"1.e4 e5 2.Ac4 d6 3.Dh4 Cf6 4.Dxf7#",
        &Options::default(),
    )
    .unwrap()
    .remove(0);
    let f = r.first_error().unwrap();
    assert_eq!(f.message, "3.Dh4 is not a legal move for White");
    assert_eq!(f.message_in(Lang::En), f.message);
    assert_eq!(
        f.message_in(Lang::It),
        "3.Dh4 non è una mossa legale per il Bianco"
    );
    assert_eq!(
        f.label_in(Lang::It),
        Some("la donna in d1 non può arrivare in h4")
    );
    assert_eq!(f.hint_in(Lang::It), Some("intendevi Dh5?"));
    assert_eq!(f.hint.as_deref(), Some("did you mean Dh5?"));
}

/// The binary in the repository, with `env` added to a locale-free environment.
fn arbitro(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = common::bin();
    // A wide terminal: the tables keep every column whole.
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "200");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

const IT: &[(&str, &str)] = &[("LANG", "it_IT.UTF-8")];

#[test]
fn verify_speaks_italian_with_lang_it_and_with_lang_it_in_the_environment() {
    let by_flag = arbitro(
        &["verify", "--lang", "it", "samples/classical/handout.txt"],
        &[],
    );
    let by_env = arbitro(&["verify", "samples/classical/handout.txt"], IT);
    assert_eq!(by_flag.status.code(), Some(1));
    assert_eq!(stdout(&by_flag), stdout(&by_env));
    let text = stdout(&by_flag);
    for words in [
        "errore[illegal-move]: 3.Dh4 non è una mossa legale per il Bianco",
        "^^^ la donna in d1 non può arrivare in h4",
        "= regola: FIDE 3.4",
        "= suggerimento: intendevi Dh5?",
        "semimosse",
        "NON VALIDA",
    ] {
        assert!(text.contains(words), "{words:?} in\n{text}");
    }
    snapshot("handout.human.it.txt", &text);
    // --lang en wins over the environment, and English is the default.
    let en = arbitro(
        &["verify", "--lang", "en", "samples/classical/handout.txt"],
        IT,
    );
    let default = arbitro(&["verify", "samples/classical/handout.txt"], &[]);
    assert_eq!(stdout(&en), stdout(&default));
    assert!(stdout(&en).contains("error[illegal-move]: 3.Dh4 is not a legal move for White"));
    assert!(stdout(&en).contains("= help: did you mean Dh5?"));
}

#[test]
fn the_json_message_follows_the_language_and_the_keys_do_not() {
    let json = |lang: &str| -> serde_json::Value {
        let o = arbitro(
            &[
                "--lang",
                lang,
                "verify",
                "--format",
                "json",
                "samples/superscacchi/orsi-volpi-sviste.txt",
            ],
            &[],
        );
        serde_json::from_slice(&o.stdout).unwrap()
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
    let o = arbitro(
        &[
            "score",
            "--lang",
            "it",
            "samples/superscacchi/orsi-volpi-sviste.txt",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains(
            "Nessun punteggio: la partita ha un errore (R37). Va risolto prima: SE 30. Re i5 - h8: nessun pezzo può fermarsi in h8"
        ),
        "{err}"
    );
    let o = arbitro(
        &["score", "samples/superscacchi/leoni-tigri-partita2.txt"],
        IT,
    );
    let text = stdout(&o);
    assert!(text.contains("registro del giudice (R37–R42)"), "{text}");
    assert!(text.contains("NO mossa 7, semimossa 52"), "{text}");
    assert!(!text.contains(" ply "), "{text}");
    snapshot("leoni-tigri-partita2.score.it.txt", &text);
}

#[test]
fn batch_speaks_italian_in_its_summary_and_its_jsonl_report() {
    let d = common::Scratch::new("italian", "batch");
    let report = d.join("r.jsonl");
    let report_arg = report.to_str().unwrap();
    let o = arbitro(
        &[
            "batch",
            "--lang",
            "it",
            "--quiet",
            "--jobs",
            "1",
            "samples/classical",
            "--report",
            report_arg,
        ],
        &[],
    );
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
    let en = arbitro(
        &[
            "batch",
            "--quiet",
            "--jobs",
            "1",
            "samples/classical",
            "--report",
            report_arg,
        ],
        &[],
    );
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
        serde_json::from_slice(&arbitro(&a, &[]).stdout).unwrap()
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
    let o = arbitro(
        &["verify", "samples/superscacchi/orsi-volpi-sviste.txt"],
        IT,
    );
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
    let o = arbitro(
        &[
            "verify",
            "--lang",
            "it",
            "--setup",
            setup.to_str().unwrap(),
            g,
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("mia.setup:1: l'esercito S ha 1 pezzo, non 16"),
        "{err}"
    );
    let o = arbitro(
        &[
            "verify",
            "--lang",
            "en",
            "--setup",
            setup.to_str().unwrap(),
            g,
        ],
        &[],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("mia.setup:1: army S has 1 piece, not 16"),
        "{err}"
    );
    let o = arbitro(&["verify", "--lang", "it", g], &[]);
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
        let o = arbitro(&["verify", "--lang", "it", p], &[]);
        assert_eq!(o.status.code(), Some(2), "{p}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&format!("errore: {p}: {it}")), "{err}");
        let o = arbitro(&["verify", p], &[]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&format!("error: {p}: {en}")), "{err}");
    }
    let o = arbitro(&["verify", "/dev/null"], IT);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("errore: /dev/null: è un dispositivo, non un file che arbitro possa leggere"),
        "{err}"
    );
    let o = arbitro(
        &["batch", "-q", "--lang", "it", binary.to_str().unwrap()],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("binario.pgn: contenuto binario"), "{err}");
}

/// Issue 12: a part of a file that cannot be checked is a typed problem, and its row's
/// message follows the language like every other finding's.
#[test]
fn batch_problem_rows_speak_italian() {
    let d = common::Scratch::new("italian", "batch-problem");
    let report = d.join("r.jsonl");
    let o = arbitro(
        &[
            "batch",
            "--lang",
            "it",
            "--quiet",
            "tests/bad-inputs/empty.pgn",
            "--report",
            report.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    let line = std::fs::read_to_string(&report).unwrap();
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(v["findings"][0]["code"], "empty-input");
    let message = v["findings"][0]["message"].as_str().unwrap();
    assert!(message.starts_with("il file è vuoto"), "{message}");
}

/// The run's exit code and standard error.
fn failing(args: &[&str]) -> (Option<i32>, String) {
    let o = arbitro(args, &[]);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

const P1: &str = "samples/superscacchi/leoni-tigri-partita1.txt";
const P2: &str = "samples/superscacchi/leoni-tigri-partita2.txt";
const SVISTE: &str = "samples/superscacchi/orsi-volpi-sviste.txt";

/// New-user test, 1: `convert` refuses a SuperScacchi game in Italian.
#[test]
fn convert_refuses_a_superscacchi_game_in_italian() {
    let (code, err) = failing(&["convert", "--lang", "it", "--to", "pgn", P1]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!("errore: {P1}: si possono convertire solo partite di scacchi classici\n")
    );
}

/// New-user test, 2: a classical game given to a SuperScacchi verdict command.
#[test]
fn score_refuses_a_classical_game_in_italian() {
    let (code, err) = failing(&["score", "--lang", "it", "samples/classical/handout.txt"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "errore: samples/classical/handout.txt non è una partita di SuperScacchi (manca il foglio [Esercito])\n"
    );
}

/// New-user test, 3: a game with no usable set-up: nothing to show, and why (R1).
#[test]
fn a_game_without_a_setup_says_there_is_nothing_to_show() {
    let d = common::Scratch::new("italian", "no-setup");
    let text = std::fs::read_to_string(root().join(P1)).unwrap();
    let text = text.replace(
        "[Disposizione \"assedio-corto\"]",
        "[Disposizione \"manca.setup\"]",
    );
    let game = d.join("partita.txt");
    std::fs::write(&game, text).unwrap();
    let g = game.to_str().unwrap();
    let why = "`manca.setup` non è una disposizione predefinita (assedio-corto), e accanto alla partita non c'è il file manca.setup";
    let html = d.join("p.html");
    for args in [
        vec!["show", "--lang", "it", g],
        vec!["render", "--lang", "it", g, "--out", html.to_str().unwrap()],
    ] {
        let (code, err) = failing(&args);
        assert_eq!(code, Some(2));
        assert_eq!(
            err,
            format!(
                "errore: {g}: la partita non ha una disposizione da cui giocarla ({why}), quindi non c'è niente da mostrare\n"
            )
        );
    }
    let (_, err) = failing(&["show", g]);
    assert!(
        err.starts_with(&format!(
            "error: {g}: the game has no set-up to be played from ("
        )) && err.ends_with("), so nothing can be shown\n"),
        "{err}"
    );
}

/// New-user test, 4: `show --at` and `--ply` that name no position.
#[test]
fn show_at_a_missing_move_speaks_italian() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--at", "ne:300"],
            "errore: NE non ha una mossa 300 nella partita verificata\n",
        ),
        (&["--ply", "9999"], "errore: la partita ha 560 semimosse\n"),
        (
            &["--at", "ne"],
            "errore: scrivi --at ESERCITO:MOSSA, per esempio --at N:12 o --at bianco:3\n",
        ),
        (
            &["--at", "ne:x"],
            "errore: `x` non è un numero di mossa (1, 2, …)\n",
        ),
    ];
    for (extra, want) in cases {
        let mut args = vec!["show", "--lang", "it", P1];
        args.extend(extra);
        assert_eq!(failing(&args), (Some(2), want.to_string()), "{extra:?}");
    }
    // The army as the sheets write it, in English too.
    let (_, err) = failing(&["show", P1, "--at", "ne:300"]);
    assert_eq!(err, "error: NE has no move 300 in the replayed game\n");
}

/// New-user test, 5: `contest`'s filing time, time zone, team and match (R43, R37).
#[test]
fn contest_errors_speak_italian() {
    let base = ["contest", "--lang", "it", P2, "--team", "Tigri"];
    let run = |extra: &[&str]| {
        let mut a = base.to_vec();
        a.extend(extra);
        failing(&a)
    };
    assert_eq!(
        run(&["--at", "25:99"]),
        (
            Some(2),
            "errore: `25:99` non è una data e un'ora: scrivi 18:14, 2026-10-17T18:14 o 2026-10-17T18:14+02:00\n".to_string()
        )
    );
    assert_eq!(
        run(&["--at", "18:14", "--tz", "Europe/Roma"]),
        (
            Some(2),
            "errore: `Europe/Roma` non è un fuso orario: scrivilo come Europe/Rome\n".to_string()
        )
    );
    assert_eq!(
        failing(&["contest", "--lang", "it", SVISTE, "--team", "Tigri", "--at", "18:14"]),
        (
            Some(2),
            "errore: `Tigri` non è una squadra di questa partita: le squadre sono `Orsi` e `Volpi`\n"
                .to_string()
        )
    );
    // The other game's error is a game's error: exit 1, as `match` gives (R37).
    assert_eq!(
        run(&["--at", "18:14", "--match", SVISTE]),
        (
            Some(1),
            format!(
                "errore: {SVISTE}: l'altra partita ha un errore, quindi la gara non ha un verdetto (R37)\n"
            )
        )
    );
}

/// New-user test, 6: where `render` and `convert` write, and what they refuse.
#[test]
fn output_targets_are_refused_in_italian() {
    let d = common::Scratch::new("italian", "targets");
    let folder = d.to_str().unwrap();
    assert_eq!(
        failing(&["render", "--lang", "it", P1]),
        (
            Some(2),
            "errore: di' dove scrivere: --out FILE.html e/o --svg FILE.svg\n".to_string()
        )
    );
    assert_eq!(
        failing(&["render", "--lang", "it", P1, "--out", folder]),
        (
            Some(2),
            format!(
                "errore: {folder} non viene scritto: esiste già e non è un file normale (è un collegamento, un dispositivo, una pipe o una cartella)\n"
            )
        )
    );
    let input = d.join("p.txt");
    std::fs::copy(
        root().join("samples/classical/handout-corretto.txt"),
        &input,
    )
    .unwrap();
    let i = input.to_str().unwrap();
    assert_eq!(
        failing(&["convert", "--lang", "it", "--to", "pgn", i, "--out", i]),
        (
            Some(2),
            format!("errore: {i} non viene sovrascritto: è un file di ingresso\n")
        )
    );
}

/// New-user test, 7: a `batch` report in a missing folder, or of an unknown kind.
#[test]
fn batch_report_targets_are_refused_in_italian() {
    let g = "samples/classical/handout-corretto.txt";
    assert_eq!(
        failing(&["batch", "--lang", "it", "-q", g, "--report", "/nonexistent/dir/r.csv"]),
        (
            Some(2),
            "errore: /nonexistent/dir: la cartella non esiste, quindi /nonexistent/dir/r.csv non si può scrivere\n".to_string()
        )
    );
    // In English, in plain words (no `os error`).
    assert_eq!(
        failing(&["batch", "-q", g, "--report", "/nonexistent/dir/r.csv"]).1,
        "error: /nonexistent/dir: the folder cannot be used (No such file or directory), so /nonexistent/dir/r.csv cannot be written\n"
    );
    assert_eq!(
        failing(&["batch", "--lang", "it", "-q", g, "--report", "r.xlsx"]),
        (
            Some(2),
            "errore: r.xlsx: il nome di un rapporto deve finire in .csv o .jsonl\n".to_string()
        )
    );
}

/// New-user test, 8: `scoring` without a choice, a file that is not a table, and the
/// built-in table with Italian comments and the same keys (R38–R41).
#[test]
fn scoring_speaks_italian() {
    assert_eq!(
        failing(&["scoring", "--lang", "it"]),
        (
            Some(2),
            "errore: scegli --print-default o --check FILE\n".to_string()
        )
    );
    assert_eq!(
        failing(&["scoring", "--lang", "it", "--check", P1]),
        (
            Some(2),
            format!(
                "errore: {P1}: tabella dei punteggi: riga 1, colonna 3: il testo non è TOML scritto correttamente (una parentesi, una virgoletta o un `=` mancante o di troppo)\n"
            )
        )
    );
    let it = stdout(&arbitro(
        &["scoring", "--lang", "it", "--print-default"],
        &[],
    ));
    let en = stdout(&arbitro(&["scoring", "--print-default"], &[]));
    assert!(it.starts_with("# La tabella dei punteggi di arbitro (superscacchi-rules.md R38–R41).\n# Materiale ed eventi sono punti guadagnati, le penalità punti persi (negativi).\n"), "{it}");
    assert!(en.starts_with("# arbitro's scoring table"), "{en}");
    let keys = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(keys(&it), keys(&en));
    let d = common::Scratch::new("italian", "scoring");
    let table = d.join("t.toml");
    std::fs::write(&table, it).unwrap();
    let o = arbitro(&["scoring", "--check", table.to_str().unwrap()], &[]);
    assert_eq!(o.status.code(), Some(0));
    std::fs::write(&table, en.replace("P = 1", "P = -1")).unwrap();
    let t = table.to_str().unwrap();
    assert_eq!(
        failing(&["scoring", "--lang", "it", "--check", t]),
        (
            Some(2),
            format!(
                "errore: {t}: tabella dei punteggi: material.P vale -1: un pezzo non può valere meno di niente\n"
            )
        )
    );
}

/// New-user test, 9: a tournament file with a key that does not belong or a syntax
/// error, and a plan for too many players.
#[test]
fn tournament_file_errors_speak_italian() {
    let d = common::Scratch::new("italian", "torneo");
    let torneo = d.join("t.toml");
    std::fs::write(&torneo, "giocatori = [\"a\", \"b\"]\nfoo = 1\n").unwrap();
    let t = torneo.to_str().unwrap();
    let (code, err) = failing(&[
        "tournament",
        "standings",
        "--lang",
        "it",
        t,
        "samples/torneo/partite",
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "errore: {t}:2:1: campo sconosciuto `foo`; quelli ammessi: `nome`, `giocatori`, `fase`, `sorteggio`\n"
        )
    );
    std::fs::write(&torneo, "giocatori = [\"a\", \"b\"\n").unwrap();
    let (code, err) = failing(&[
        "tournament",
        "standings",
        "--lang",
        "it",
        t,
        "samples/torneo/partite",
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!("errore: {t}:1:22: un elenco aperto con `[` non è chiuso da `]`\n")
    );
    assert_eq!(
        failing(&["tournament", "plan", "--lang", "it", "--players", "2000000"]),
        (
            Some(2),
            "errore: 2000000: troppi giocatori (al massimo 1000000)\n".to_string()
        )
    );
}

/// New-user test, 10: `reconcile` refuses a SuperScacchi file, and names a tag as the
/// sheets wrote it.
#[test]
fn reconcile_refuses_superscacchi_and_names_tags_as_written() {
    assert_eq!(
        failing(&["reconcile", "--lang", "it", P1, P2]),
        (
            Some(2),
            format!(
                "errore: {P1}: è una partita di SuperScacchi; reconcile legge i due formulari di una partita di scacchi classici\n"
            )
        )
    );
    let d = common::Scratch::new("italian", "reconcile-tags");
    let black = d.join("nero.txt");
    let text = std::fs::read_to_string(root().join("samples/classical/formulario-nero.txt"))
        .unwrap()
        .replace("[Nero \"Analisi\"]", "[Nero \"Analisi II\"]");
    std::fs::write(&black, text).unwrap();
    let o = arbitro(
        &[
            "reconcile",
            "--lang",
            "it",
            "samples/classical/formulario-bianco.txt",
            black.to_str().unwrap(),
        ],
        &[],
    );
    let out = stdout(&o);
    assert!(
        out.contains(
            "il tag Nero è diverso: formulario A \"Analisi\", formulario B \"Analisi II\""
        ),
        "{out}"
    );
}

/// New-user test, 11: a game with an error ends `show`, `render` and `contest --match`
/// with 1 (everything is still shown and written).
#[test]
fn a_game_with_an_error_ends_the_viewers_with_1() {
    let d = common::Scratch::new("italian", "exit");
    let html = d.join("o.html");
    let o = arbitro(&["show", "samples/classical/handout.txt"], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Dh4"));
    let o = arbitro(
        &[
            "render",
            "samples/classical/handout.txt",
            "--out",
            html.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(html.exists());
    let o = arbitro(&["show", "samples/classical/handout-corretto.txt"], &[]);
    assert_eq!(o.status.code(), Some(0));
    let m = arbitro(&["match", P2, SVISTE], &[]);
    let c = arbitro(
        &[
            "contest", P2, "--team", "Tigri", "--at", "18:14", "--match", SVISTE,
        ],
        &[],
    );
    assert_eq!((m.status.code(), c.status.code()), (Some(1), Some(1)));
}

/// New-user test, 12: one of a thing is singular in Italian.
#[test]
fn one_is_singular_in_italian() {
    let o = arbitro(
        &["tournament", "plan", "--lang", "it", "--players", "2"],
        &[],
    );
    assert!(
        stdout(&o).contains("Totale: 1 partita, 0 sotto supervisione\n"),
        "{}",
        stdout(&o)
    );
    let o = arbitro(
        &["tournament", "plan", "--lang", "it", "--players", "3"],
        &[],
    );
    assert!(stdout(&o).contains("Totale: 4 partite, "), "{}", stdout(&o));
    assert_eq!(arbitro::lang::count(1, "pezzo", "pezzi"), "1 pezzo");
    assert_eq!(arbitro::lang::count(2, "pezzo", "pezzi"), "2 pezzi");
}

/// New-user test, 13: a `batch` with no finding prints no table of finding codes.
#[test]
fn batch_without_findings_has_no_table_of_codes() {
    let o = arbitro(
        &[
            "batch",
            "--lang",
            "it",
            "-q",
            "samples/classical/handout-corretto.txt",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("valide"), "{out}");
    assert!(!out.contains("codice della segnalazione"), "{out}");
    let o = arbitro(&["batch", "-q", "samples/classical"], &[]);
    assert!(stdout(&o).contains("finding code"));
}
