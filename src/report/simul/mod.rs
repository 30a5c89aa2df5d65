//! The simultaneous exhibition's reports (S7): a table per board and the tally for people,
//! the JSON of formats.md §9, and CSV one row per board. The page for the room is
//! `html.rs`.

pub mod html;
use crate::finding::{Finding, Severity};
use crate::lang::{Lang, count};
use crate::report::game::csv::write_quoted;
use crate::report::game::human::severity_word;
use crate::report::game::json::finding_value;
use crate::report::inert::inert;
use crate::simul::{Board, Simul, SimulFinding, Standing, Tally};
use serde::Serialize;
use shakmaty::Color;
use std::fmt::Write;

/// The master's colour as the reports' keys write it.
pub fn colour_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The master's colour in words.
pub fn colour_word(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::White => lang.t("White", "Bianco"),
        Color::Black => lang.t("Black", "Nero"),
    }
}

/// Points as people write them: `1`, `½`, `13½`.
pub fn points_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// A board's result cell: the declared result, and why it does not count as it reads.
pub fn result_text(b: &Board, lang: Lang) -> String {
    if b.game.is_none() {
        return "—".to_string();
    }
    let r = b.result.as_str();
    if b.forfeit {
        format!("{r} ({})", lang.t("move not made", "mossa non eseguita"))
    } else if b.standing == Standing::Unfinished && r != "*" {
        format!("{r} ({})", lang.t("to settle", "da decidere"))
    } else {
        r.to_string()
    }
}

/// The codes of a board's findings, then of the simul's findings on it.
pub fn codes<'a>(b: &'a Board, on_simul: &'a [SimulFinding]) -> Vec<&'static str> {
    b.findings
        .iter()
        .chain(on_board(on_simul, b).map(|f| &f.finding))
        .map(|f| f.code.as_str())
        .collect()
}

/// The simul's findings on board `b` (the same number and file).
fn on_board<'a>(
    on_simul: &'a [SimulFinding],
    b: &'a Board,
) -> impl Iterator<Item = &'a SimulFinding> {
    on_simul.iter().filter(move |f| {
        f.board == Some(b.number) && f.file.as_deref() == Some(&b.file) && f.game == b.game
    })
}

/// The participant's cell: the opponent, else who plays (the master on no side).
pub fn participant(b: &Board) -> String {
    match (&b.opponent, b.master_colour) {
        (Some(o), _) => o.clone(),
        (None, Some(_)) => "?".to_string(),
        (None, None) if b.game.is_none() => String::new(),
        (None, None) => format!(
            "{} – {}",
            b.white.as_deref().unwrap_or("?"),
            b.black.as_deref().unwrap_or("?")
        ),
    }
}

/// The table of boards, for people.
fn boards_table(s: &Simul, lang: Lang) -> String {
    let mut t = crate::report::term::table();
    t.set_header(match lang {
        // Short headers: the table fits 80 columns without cutting a word.
        Lang::En => [
            "#",
            "participant",
            "master",
            "result",
            "points",
            "moves",
            "verdict",
            "codes",
        ],
        Lang::It => [
            "n.",
            "partecipante",
            "maestro",
            "risultato",
            "punti",
            "mosse",
            "esito",
            "codici",
        ],
    });
    // A name keeps a line of its own before the codes do.
    t.floor(1, 17);
    for b in &s.boards {
        let verdict = if b.valid {
            lang.t("valid", "valida")
        } else {
            lang.t("INVALID", "NON VALIDA")
        };
        let row = [
            b.number.to_string(),
            participant(b),
            b.master_colour
                .map_or("—", |c| colour_word(c, lang))
                .to_string(),
            result_text(b, lang),
            match b.standing {
                Standing::Counted(sc) => points_text(sc.halves()),
                _ => "—".to_string(),
            },
            b.plies.div_ceil(2).to_string(),
            verdict.to_string(),
            codes(b, &s.findings).join(" "),
        ];
        t.add_row(row.map(|c| inert(&c).into_owned()));
    }
    format!("{t}\n")
}

/// The percentage as people read it: `79.4%`, `—` with no board finished.
pub fn percentage_text(t: &Tally) -> String {
    t.percentage()
        .map_or("—".to_string(), |p| format!("{p:.1}%"))
}

/// The tally's lists of boards, each with what it is: unfinished, to check, not tallied.
pub fn tally_lists(t: &Tally, lang: Lang) -> [(&[u32], &'static str); 3] {
    [
        (
            &t.unfinished_boards,
            lang.t(
                "Unfinished boards (not counted)",
                "Scacchiere non finite (non contate)",
            ),
        ),
        (
            &t.to_check,
            lang.t(
                "Boards to check (an error; counted as declared)",
                "Scacchiere da controllare (un errore; contate come dichiarate)",
            ),
        ),
        (
            &t.not_tallied,
            lang.t("Boards not tallied", "Scacchiere non conteggiate"),
        ),
    ]
}

/// A list of board numbers: `3, 7, 12`.
pub fn numbers(ns: &[u32]) -> String {
    ns.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// The tally's headings: won, drawn, lost, unfinished, points, finished, percentage.
pub fn tally_heads(lang: Lang) -> [&'static str; 7] {
    match lang {
        Lang::En => [
            "won",
            "drawn",
            "lost",
            "unfinished",
            "points",
            "finished",
            "percentage",
        ],
        Lang::It => [
            "vinte",
            "patte",
            "perse",
            "non finite",
            "punti",
            "finite",
            "percentuale",
        ],
    }
}

/// The tally, for people.
fn tally_text(t: &Tally, lang: Lang) -> String {
    let mut table = crate::report::term::table();
    table.set_header(tally_heads(lang));
    table.add_row([
        t.won.to_string(),
        t.drawn.to_string(),
        t.lost.to_string(),
        t.unfinished.to_string(),
        points_text(t.halves),
        t.finished().to_string(),
        percentage_text(t),
    ]);
    let mut out = format!("{table}\n");
    for (ns, what) in tally_lists(t, lang) {
        if !ns.is_empty() {
            let _ = writeln!(out, "{what}: {}", numbers(ns));
        }
    }
    out
}

/// One finding on one line: `board 3 (file:12:5) error[illegal-move]: message`.
fn finding_line(number: u32, file: &str, f: &Finding, lang: Lang) -> String {
    let place = match f.span {
        Some(s) => format!("{file}:{}:{}", s.line, s.column),
        None => file.to_string(),
    };
    let line = format!(
        "{} {number} ({place}) {}[{}]: {}",
        lang.t("board", "scacchiera"),
        severity_word(f.severity(), lang),
        f.code.as_str(),
        f.message_in(lang)
    );
    inert(&line).into_owned()
}

/// The whole report for people: the heading, the boards, the tally, then the simul's
/// findings and every board's errors and warnings in words.
pub fn human(s: &Simul, lang: Lang) -> String {
    let mut out = format!(
        "{} {} — {}\n",
        lang.t("Simul by", "Simultanea del maestro"),
        inert(&s.master),
        match lang {
            Lang::En => count(lang, s.boards.len(), "board", "boards"),
            Lang::It => count(lang, s.boards.len(), "scacchiera", "scacchiere"),
        }
    );
    out.push_str(&boards_table(s, lang));
    out.push('\n');
    out.push_str(&tally_text(&s.tally, lang));
    if !s.findings.is_empty() {
        let _ = writeln!(out, "\n{}:", lang.t("The simul", "La simultanea"));
        for f in &s.findings {
            let file = f.file.as_deref().unwrap_or("");
            let _ = writeln!(
                out,
                "  {}",
                finding_line(f.board.unwrap_or(0), file, &f.finding, lang)
            );
        }
    }
    let worth = |f: &&Finding| f.severity() >= Severity::Warning;
    if s.boards
        .iter()
        .any(|b| b.findings.iter().any(|f| worth(&f)))
    {
        let _ = writeln!(out, "\n{}:", lang.t("The boards", "Le scacchiere"));
        for b in &s.boards {
            for f in b.findings.iter().filter(worth) {
                let _ = writeln!(out, "  {}", finding_line(b.number, &b.file, f, lang));
            }
        }
    }
    out
}

/// One board as formats.md §9 lays it out.
#[derive(Serialize)]
struct JsonBoard<'a> {
    board: u32,
    file: &'a str,
    game: Option<usize>,
    opponent: Option<&'a str>,
    master_colour: Option<&'static str>,
    result: Option<&'static str>,
    master_points: Option<f64>,
    plies: u32,
    valid: bool,
    findings: Vec<serde_json::Value>,
    white: Option<&'a str>,
    black: Option<&'a str>,
    forfeit: bool,
}

/// The tally as formats.md §9 and S8 lay it out.
#[derive(Serialize)]
struct JsonTally<'a> {
    won: usize,
    drawn: usize,
    lost: usize,
    unfinished: usize,
    points: f64,
    finished: usize,
    percentage: Option<f64>,
    unfinished_boards: &'a [u32],
    to_check: &'a [u32],
    not_tallied: &'a [u32],
}

#[derive(Serialize)]
struct JsonSimul<'a> {
    master: &'a str,
    boards: Vec<JsonBoard<'a>>,
    tally: JsonTally<'a>,
    findings: Vec<serde_json::Value>,
}

fn json_board(b: &Board, lang: Lang) -> JsonBoard<'_> {
    JsonBoard {
        board: b.number,
        file: &b.file,
        game: b.game,
        opponent: b.opponent.as_deref(),
        master_colour: b.master_colour.map(colour_key),
        result: b.game.map(|_| b.result.as_str()),
        master_points: b.master_points(),
        plies: b.plies,
        valid: b.valid,
        findings: b.findings.iter().map(|f| finding_value(f, lang)).collect(),
        white: b.white.as_deref(),
        black: b.black.as_deref(),
        forfeit: b.forfeit,
    }
}

/// A simul-level finding: the finding's keys (formats.md §4) with `board`, `file` and
/// `game` where one applies (S8).
fn json_simul_finding(f: &SimulFinding, lang: Lang) -> serde_json::Value {
    let mut v = finding_value(&f.finding, lang);
    if let Some(o) = v.as_object_mut() {
        o.insert("board".into(), f.board.into());
        o.insert("file".into(), f.file.as_deref().into());
        o.insert("game".into(), f.game.into());
    }
    v
}

fn json_simul<'a>(s: &'a Simul, lang: Lang) -> JsonSimul<'a> {
    let t = &s.tally;
    JsonSimul {
        master: &s.master,
        boards: s.boards.iter().map(|b| json_board(b, lang)).collect(),
        tally: JsonTally {
            won: t.won,
            drawn: t.drawn,
            lost: t.lost,
            unfinished: t.unfinished,
            points: t.points(),
            finished: t.finished(),
            percentage: t.percentage(),
            unfinished_boards: &t.unfinished_boards,
            to_check: &t.to_check,
            not_tallied: &t.not_tallied,
        },
        findings: s
            .findings
            .iter()
            .map(|f| json_simul_finding(f, lang))
            .collect(),
    }
}

/// The simul as one JSON value (formats.md §9); messages in `lang`, keys never.
pub fn json_value(s: &Simul, lang: Lang) -> serde_json::Value {
    serde_json::to_value(json_simul(s, lang)).expect("plain data serializes")
}

/// The JSON report (formats.md §9), pretty-printed, keys in the order of §9, with a
/// final line end.
pub fn json(s: &Simul, lang: Lang) -> String {
    let mut out = serde_json::to_string_pretty(&json_simul(s, lang)).expect("plain data");
    out.push('\n');
    out
}

/// The CSV header: formats.md §9's board keys, then more.
pub const CSV_HEADER: &str = "board,file,game,opponent,master_colour,result,master_points,plies,valid,findings,white,black,forfeit";

/// The CSV report: one row per board (S8: booleans `true`/`false`, null an empty cell;
/// `findings` the board's codes then the simul's on it, joined by `;`).
pub fn csv(s: &Simul) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for b in &s.boards {
        let cells = [
            b.number.to_string(),
            b.file.clone(),
            b.game.map_or(String::new(), |g| g.to_string()),
            b.opponent.clone().unwrap_or_default(),
            b.master_colour.map_or("", colour_key).to_string(),
            b.game.map_or("", |_| b.result.as_str()).to_string(),
            b.master_points()
                .map_or(String::new(), |p| format!("{p:.1}")),
            b.plies.to_string(),
            b.valid.to_string(),
            codes(b, &s.findings).join(";"),
            b.white.clone().unwrap_or_default(),
            b.black.clone().unwrap_or_default(),
            b.forfeit.to_string(),
        ];
        for (i, c) in cells.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_quoted(c, &mut out);
        }
        out.push('\n');
    }
    out
}
