//! Issue 25, point 1: one rule for every file arbitro writes (`io::Output`). Never over an
//! input (named, or found inside an input folder; by device and inode); a document a
//! person fills in (`new`, `tournament new`, `draw`, `convert --out`, `reconcile --out`,
//! `selfplay --out`, `contest --out`) never over an existing file without `--force`; a
//! report (`--html`, `--report`, `--svg`, `render --out`) over an earlier report, never over
//! a game, set-up or tournament file. Every refusal exits 2 and leaves the file byte for
//! byte as it was.

use crate::common::{Scratch, bin};
use std::path::{Path, PathBuf};
use std::process::Output;

const SS: &str = "samples/superscacchi/leoni-tigri-partita1.txt";
const SS2: &str = "samples/superscacchi/leoni-tigri-partita2.txt";
const HANDOUT: &str = "samples/classical/handout-corretto.txt";
const WHITE: &str = "samples/classical/formulario-bianco.txt";
const BLACK: &str = "samples/classical/formulario-nero.txt";

fn run(dir: &Path, args: &[&str]) -> Output {
    bin()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("arbitro runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch folder holding copies of the samples the tests write beside.
fn scratch(name: &str) -> Scratch {
    let d = Scratch::new("safe", name);
    for f in [
        SS,
        SS2,
        HANDOUT,
        WHITE,
        BLACK,
        "samples/superscacchi/assedio-corto.setup",
    ] {
        let to = d.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(f, to).unwrap();
    }
    let torneo = d.join("samples/torneo");
    std::fs::create_dir_all(&torneo).unwrap();
    for f in ["torneo.toml", "torneo-fase1.toml", "iscritti.lista"] {
        std::fs::copy(Path::new("samples/torneo").join(f), torneo.join(f)).unwrap();
    }
    copy_tree(Path::new("samples/torneo/partite"), &torneo.join("partite"));
    d
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// Runs `args` in `dir` and checks that it is refused (exit 2, `why` in the message) and
/// that `file` is byte for byte what it was.
fn refused(dir: &Path, args: &[&str], file: &str, why: &str) {
    let path: PathBuf = dir.join(file);
    let before = std::fs::read(&path).unwrap();
    let o = run(dir, args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
    assert_eq!(std::fs::read(&path).unwrap(), before, "{file} was changed");
    // Nothing left behind: no temporary file beside it.
    let folder = path.parent().unwrap();
    assert!(
        std::fs::read_dir(folder).unwrap().all(|e| !e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with(".arbitro-")),
        "a temporary file was left in {}",
        folder.display()
    );
}

const PERSONS: &str = "and a report never replaces a person's file";
const EXISTS: &str = "already exists";

#[test]
fn a_report_never_replaces_an_input_named_or_linked() {
    let d = scratch("input");
    // The same file under another name: a hard link is the same inode.
    std::fs::hard_link(d.join(SS), d.join("link.csv")).unwrap();
    refused(
        &d,
        &["batch", SS, "--report", "link.csv"],
        SS,
        "refusing to write over the input file",
    );
    refused(
        &d,
        &["render", SS, "--out", SS],
        SS,
        "refusing to write over the input file",
    );
    refused(
        &d,
        &["render", SS, "--svg", SS],
        SS,
        "refusing to write over the input file",
    );
}

#[test]
fn a_report_never_replaces_a_game_found_inside_an_input_folder() {
    let d = scratch("folder");
    let game = "samples/torneo/partite/fase1/girone1.txt";
    assert!(d.join(game).exists(), "the sample {game}");
    refused(
        &d,
        &[
            "tournament",
            "standings",
            "samples/torneo/torneo.toml",
            "samples/torneo/partite",
            "--html",
            game,
        ],
        game,
        "is inside the input folder samples/torneo/partite",
    );
    // A report's own extension inside the folder: not read by the walk, but a game.
    let copy = "samples/torneo/partite/fase1/girone1.csv";
    std::fs::copy(d.join(game), d.join(copy)).unwrap();
    refused(
        &d,
        &["batch", "samples/torneo/partite", "--report", copy],
        copy,
        PERSONS,
    );
}

#[test]
fn a_report_never_replaces_a_game_a_set_up_or_a_tournament_file() {
    let d = scratch("persons");
    refused(&d, &["render", SS, "--out", HANDOUT], HANDOUT, PERSONS);
    refused(&d, &["render", SS, "--svg", SS2], SS2, PERSONS);
    std::fs::copy(d.join("samples/torneo/torneo.toml"), d.join("torneo.csv")).unwrap();
    refused(
        &d,
        &["batch", SS, "--report", "torneo.csv"],
        "torneo.csv",
        PERSONS,
    );
    refused(
        &d,
        &[
            "tournament",
            "standings",
            "samples/torneo/torneo.toml",
            "samples/torneo/partite",
            "--html",
            HANDOUT,
        ],
        HANDOUT,
        "it reads as a game file",
    );
    // --force changes nothing for a report.
    refused(
        &d,
        &["--force", "render", SS, "--out", HANDOUT],
        HANDOUT,
        PERSONS,
    );
}

#[test]
fn a_report_replaces_an_earlier_report() {
    let d = scratch("again");
    for args in [
        vec!["batch", SS, "--report", "r.csv"],
        vec!["render", SS, "--out", "p.html", "--svg", "p.svg"],
        vec![
            "tournament",
            "standings",
            "samples/torneo/torneo.toml",
            "samples/torneo/partite",
            "--html",
            "t.html",
        ],
    ] {
        let first = run(&d, &args);
        let again = run(&d, &args);
        assert_eq!(
            first.status.code(),
            again.status.code(),
            "{args:?}: {}",
            stderr(&again)
        );
        assert!(
            !stderr(&again).contains("refusing"),
            "{args:?}: {}",
            stderr(&again)
        );
    }
    // A file that is no one's document (notes) may be replaced by a report too.
    std::fs::write(d.join("note.html"), "appunti\n").unwrap();
    let o = run(&d, &["render", SS, "--out", "note.html"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(d.join("note.html"))
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

#[test]
fn a_document_never_replaces_an_existing_file_without_force() {
    let d = scratch("documents");
    std::fs::write(d.join("vuoto.txt"), "").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["new", "classical", "--out", HANDOUT], HANDOUT),
        (vec!["new", "superscacchi", "--out", SS], SS),
        (vec!["new", "classical", "--out", "vuoto.txt"], "vuoto.txt"),
        (
            vec![
                "tournament",
                "new",
                "--players",
                "samples/torneo/iscritti.lista",
                "--sorteggio",
                "7",
                "--out",
                "samples/torneo/torneo.toml",
            ],
            "samples/torneo/torneo.toml",
        ),
        (
            vec![
                "tournament",
                "draw",
                "samples/torneo/torneo-fase1.toml",
                "samples/torneo/partite/fase1",
                "--sorteggio",
                "2026",
                "--out",
                "samples/torneo/torneo.toml",
            ],
            "samples/torneo/torneo.toml",
        ),
        (vec!["convert", HANDOUT, "--to", "pgn", "--out", SS2], SS2),
        (vec!["reconcile", WHITE, BLACK, "--out", HANDOUT], HANDOUT),
        (vec!["selfplay", "--seed", "7", "--out", SS2], SS2),
        // The contest document holds the captain's grounds: a person's document, never
        // written over an earlier one without --force (issue 32 point 7).
        (
            vec![
                "contest",
                SS2,
                "--team",
                "Tigri",
                "--at",
                "18:14",
                "--out",
                "samples/superscacchi/assedio-corto.setup",
            ],
            "samples/superscacchi/assedio-corto.setup",
        ),
    ];
    for (args, file) in &cases {
        refused(&d, args, file, EXISTS);
        refused(&d, args, file, "add --force to replace it");
    }
    // With --force the document is written (never over an input, though).
    let o = run(&d, &["--force", "new", "classical", "--out", HANDOUT]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(d.join(HANDOUT))
            .unwrap()
            .contains("[Bianco \"Cognome, Nome\"]")
    );
    refused(
        &d,
        &[
            "--force", "convert", HANDOUT, "--to", "pgn", "--out", HANDOUT,
        ],
        HANDOUT,
        "refusing to write over the input file",
    );
    // A new name is written at once.
    let o = run(&d, &["new", "classical", "--out", "nuova.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn the_refusal_says_what_the_file_is_in_italian() {
    let d = scratch("italiano");
    let o = run(&d, &["--lang", "it", "new", "classical", "--out", HANDOUT]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "errore: {HANDOUT} non viene sovrascritto: esiste già (un file di partite); scegliere un altro nome, o aggiungere --force per sostituirlo\n"
        )
    );
    let o = run(&d, &["--lang", "it", "render", SS, "--out", HANDOUT]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "errore: {HANDOUT} non viene sovrascritto: è un file di partite, e un resoconto non prende mai il posto di un file scritto da una persona; scrivere il resoconto con un altro nome\n"
        )
    );
}
