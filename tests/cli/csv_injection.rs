//! CSV cells a spreadsheet would run (`=`, `+`, `-`, `@`, tab, CR first) get a leading
//! `'`; numbers, negative scores included, stay numbers (issue 14, item 12).

use crate::common;
use common::{Arbitro, Scratch, stdout};
use std::path::Path;

/// The first sample with formulas for team names, and three warnings for the besiegers:
/// 0 + 120 − 5 − 10 − 240 = −135 (R38–R41).
fn game() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join("samples/superscacchi/leoni-tigri-partita1.txt"))
        .unwrap()
        .replace("Leoni", "=HYPERLINK(x)")
        .replace("Tigri", "@SUM(A1)")
        .replace(
            "[Ammonimenti \"=HYPERLINK(x): 1, @SUM(A1): 0\"]",
            "[Ammonimenti \"=HYPERLINK(x): 3, @SUM(A1): 0\"]",
        )
        .replace(
            "[Risultato \"=HYPERLINK(x): 115,",
            "[Risultato \"=HYPERLINK(x): -135,",
        )
}

const HEADER: &str = "file,game,variant,valid,errors,warnings,first_error_code,first_error_army,first_error_move,first_error_ply,besiegers,besiegers_total,besieged,besieged_total,winner,white,black,phase,group,declared_result,mode,play_min,besiegers_sospensioni,besieged_sospensioni,besiegers_time_left,besieged_time_left,event,date,site,round,white_elo,black_elo,plies,codes,first_error_message";

#[test]
fn formulas_in_team_and_file_names_are_neutralised_and_scores_stay_numbers() {
    let d = Scratch::new("csv", "injection");
    std::fs::write(d.join("=cmd.txt"), game()).unwrap();
    let row = "'=cmd.txt,1,superscacchi,true,0,0,,,,,'=HYPERLINK(x),-135,'@SUM(A1),305,'@SUM(A1),,,,,,4v4,148,1,1,0:19:10,0:14:30,Campionato regionale SuperScacchi 2026,2026-10-17,,,,,560,,";
    let o = Arbitro::new()
        .dir(&d)
        .run(&["verify", "--format", "csv", "=cmd.txt"]);
    assert_eq!(stdout(&o), format!("{HEADER}\n{row}\n"));
    let o = Arbitro::new()
        .dir(&d)
        .run(&["batch", "-q", "=cmd.txt", "--report", "r.csv"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(d.join("r.csv")).unwrap(),
        format!("{HEADER}\n{row}\n")
    );
    let o = Arbitro::new()
        .dir(&d)
        .run(&["score", "--format", "csv", "=cmd.txt"]);
    assert_eq!(
        stdout(&o),
        "file,team,role,material,events,penalties,total,winner\n\
         '=cmd.txt,'=HYPERLINK(x),assedianti,0,120,-255,-135,false\n\
         '=cmd.txt,'@SUM(A1),assediati,45,260,0,305,true\n"
    );
}

#[test]
fn a_problem_row_of_a_file_named_as_a_formula_is_neutral() {
    // A game longer than --max-game makes its part of the file a row with an error.
    let d = Scratch::new("csv", "problem");
    std::fs::write(
        d.join("+cmd.pgn"),
        "[Event \"x\"]\n\n1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 *\n",
    )
    .unwrap();
    let o = Arbitro::new().dir(&d).run(&[
        "batch",
        "-q",
        "+cmd.pgn",
        "--max-game",
        "16",
        "--report",
        "r.csv",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let text = std::fs::read_to_string(d.join("r.csv")).unwrap();
    assert_eq!(
        text.lines().nth(1),
        Some(
            "'+cmd.pgn,,,false,1,0,unreadable,,,,,,,,,,,,,,,,,,,,,,,,,,,unreadable,the game at line 1 is longer than 16 bytes (--max-game): it is not read"
        )
    );
}

#[test]
fn player_phase_and_group_cells_are_neutralised_too() {
    // Issue 17: the school's columns are text from the file, and a spreadsheet would run a
    // name written as a formula.
    let d = Scratch::new("csv", "players");
    std::fs::write(
        d.join("g.pgn"),
        "[Bianco \"=1+1\"]\n[Nero \"@x, y\"]\n[Fase \"+1\"]\n[Girone \"-A\"]\n[Risultato \"1-0\"]\n\n1.e4 e5 1-0\n",
    )
    .unwrap();
    let row = "g.pgn,1,classical,true,0,0,,,,,,,,,1-0,'=1+1,\"'@x, y\",+1,'-A,1-0,,,,,,,,,,,,,2,,";
    let o = Arbitro::new()
        .dir(&d)
        .run(&["verify", "--format", "csv", "g.pgn"]);
    assert_eq!(stdout(&o), format!("{HEADER}\n{row}\n"));
    let o = Arbitro::new()
        .dir(&d)
        .run(&["batch", "-q", "g.pgn", "--report", "r.csv"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(d.join("r.csv")).unwrap(),
        format!("{HEADER}\n{row}\n")
    );
}
