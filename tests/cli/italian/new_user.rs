//! The new-user test (issue 17), groups 1-13: what a newcomer meets first, each with its
//! exact Italian line and exit code.

use crate::common;
use common::{root, stderr, stdout, wide};

/// The run's exit code and standard error.
fn failing(args: &[&str]) -> (Option<i32>, String) {
    let o = wide(args);
    (o.status.code(), stderr(&o))
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
            "errore: `25:99` non è una data e un'ora: scrivi 18:14, 17/10/2026 18:14, 2026-10-17T18:14 o 2026-10-17T18:14+02:00\n".to_string()
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
        failing(&["batch", "--lang", "it", "-q", g, "--report", "r.ods"]),
        (
            Some(2),
            "errore: r.ods: il nome di un rapporto deve finire in .csv, .jsonl o .xlsx\n"
                .to_string()
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
    let it = stdout(&wide(&["scoring", "--lang", "it", "--print-default"]));
    let en = stdout(&wide(&["scoring", "--print-default"]));
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
    let o = wide(&["scoring", "--check", table.to_str().unwrap()]);
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
    let o = wide(&[
        "reconcile",
        "--lang",
        "it",
        "samples/classical/formulario-bianco.txt",
        black.to_str().unwrap(),
    ]);
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
    let o = wide(&["show", "samples/classical/handout.txt"]);
    assert_eq!(o.status.code(), Some(1));
    // The slip `3.Dh4` is read as Dh5 (issue 28 point 4): the whole game is shown.
    assert!(stdout(&o).contains("4.Dxf7#"), "{}", stdout(&o));
    let o = wide(&[
        "render",
        "samples/classical/handout.txt",
        "--out",
        html.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(html.exists());
    let o = wide(&["show", "samples/classical/handout-corretto.txt"]);
    assert_eq!(o.status.code(), Some(0));
    let m = wide(&["match", P2, SVISTE]);
    let c = wide(&[
        "contest", P2, "--team", "Tigri", "--at", "18:14", "--match", SVISTE,
    ]);
    assert_eq!((m.status.code(), c.status.code()), (Some(1), Some(1)));
}

/// New-user test, 12: one of a thing is singular in Italian.
#[test]
fn one_is_singular_in_italian() {
    let o = wide(&["tournament", "plan", "--lang", "it", "--players", "2"]);
    assert!(
        stdout(&o).contains("Totale: 1 partita, 0 sotto supervisione\n"),
        "{}",
        stdout(&o)
    );
    let o = wide(&["tournament", "plan", "--lang", "it", "--players", "3"]);
    assert!(stdout(&o).contains("Totale: 4 partite, "), "{}", stdout(&o));
    assert_eq!(
        arbitro::lang::count(arbitro::lang::Lang::It, 1, "pezzo", "pezzi"),
        "1 pezzo"
    );
    assert_eq!(
        arbitro::lang::count(arbitro::lang::Lang::It, 2, "pezzo", "pezzi"),
        "2 pezzi"
    );
}

/// Issue 32 point 3: counts in sentences are written in the language's form, a dot between
/// the thousands in Italian, a comma in English (T15's totals for 3,000 players).
#[test]
fn large_counts_are_grouped_in_each_language() {
    let o = wide(&["tournament", "plan", "--lang", "it", "--players", "3000"]);
    assert!(
        stdout(&o).contains("Totale: 6.007 partite, 3.007 sotto supervisione\n"),
        "{}",
        stdout(&o)
    );
    let o = wide(&["tournament", "plan", "--lang", "en", "--players", "3000"]);
    assert!(
        stdout(&o).contains("In all: 6,007 games, 3,007 under supervision\n"),
        "{}",
        stdout(&o)
    );
    use arbitro::lang::{Lang, count};
    assert_eq!(
        count(Lang::It, 1234, "scacchiera", "scacchiere"),
        "1.234 scacchiere"
    );
    assert_eq!(count(Lang::En, 1234, "board", "boards"), "1,234 boards");
}

/// New-user test, 13: a `batch` with no finding prints no table of finding codes.
#[test]
fn batch_without_findings_has_no_table_of_codes() {
    let o = wide(&[
        "batch",
        "--lang",
        "it",
        "-q",
        "samples/classical/handout-corretto.txt",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("valide"), "{out}");
    assert!(!out.contains("codice della segnalazione"), "{out}");
    let o = wide(&["batch", "-q", "samples/classical"]);
    assert!(stdout(&o).contains("finding code"));
}
