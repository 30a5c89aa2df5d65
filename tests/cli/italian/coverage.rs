//! Every finding arbitro gives on the inputs it is tested with (bad inputs, samples, the
//! SuperScacchi conformance games, the real games and a set of slips of the pen) has its
//! message, label and hint in Italian as well, each different from the English one. A new
//! finding site without Italian text fails here.

use arbitro::classical::ReplayOptions;
use arbitro::decode::decode;
use arbitro::finding::{Code, Finding};
use arbitro::lang::Lang;
use arbitro::load::Limits;
use arbitro::verify::{self, GameReport, SetupChoice, Variant};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::root;

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
            verify::classical_reports(name, &d.text, d.latin1, &ReplayOptions::default()).collect()
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
    ("[Fine \"2026-10-17T15:12\"]", "[Fine \"alle sei\"]"),
    // The clock and the players (R44-R48).
    ("[Modalita \"4v4\"]", "[Modalita \"3v3\"]"),
    ("[Inizio \"2026-10-17T12:30\"]", "[Inizio \"mezzogiorno\"]"),
    (
        "[Inizio \"2026-10-17T12:30\"]",
        "[Inizio \"2026-10-17T09:00\"]",
    ),
    (
        "[Inizio \"2026-10-17T12:30\"]",
        "[Inizio \"2026-10-17T16:00\"]",
    ),
    (
        "[Sospensioni \"Leoni: 13:40-13:46; Tigri: 14:20-14:28\"]",
        "[Sospensioni \"Leoni: 13:40-13:50, 14:00-14:05, 14:10-14:12; Orsi: 13:00-13:05; Tigri: 14:20-14:28, 14:25-14:30, 12:00-11:00\"]",
    ),
    (
        "[Sospensioni \"Leoni: 13:40-13:46; Tigri: 14:20-14:28\"]",
        "[Sospensioni \"Leoni 13 e 40\"]",
    ),
    (
        "[Orologio \"Leoni: 0:19:10, Tigri: 0:14:30\"]",
        "[Orologio \"Leoni: 0:00:00, Tigri: 2:00:00, Orsi: 0:10:00, Tigri: 0:01:00\"]\n[TempoEsaurito \"Tigri\"]",
    ),
    (
        "[Orologio \"Leoni: 0:19:10, Tigri: 0:14:30\"]",
        "[Orologio \"Leoni: 0:01:10, Tigri: 0:01:30\"]",
    ),
    (
        "[Orologio \"Leoni: 0:19:10, Tigri: 0:14:30\"]",
        "[Orologio \"Leoni: un'ora\"]",
    ),
    (
        "[Giocatore \"Luca Ferri\"]",
        "[Giocatore \"Marco Rinaldi\"]",
    ),
    ("[Modalita \"4v4\"]", "[Modalita \"2v2\"]"),
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
        Code::Sospensione,
        Code::OverTime,
        Code::ClockMismatch,
        Code::TimeRunOutAhead,
        Code::PlayerPairing,
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
        &ReplayOptions::default(),
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
    // Issue 28 point 4: the slip is read as the move meant, and the replay goes on.
    assert_eq!(f.hint_in(Lang::It), Some("letta come Dh5 per proseguire"));
    assert_eq!(f.hint.as_deref(), Some("read as Dh5 to go on"));
}
