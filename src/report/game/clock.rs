//! A SuperScacchi game's clock record (R44–R46) in the reports: the JSON `clock` object
//! (formats.md §4), the register's time block (`score`), the CSV columns (formats.md §6)
//! and the viewer's lines.

use crate::finding::wording::clock::{clock_time, hour, length};
use crate::lang::Lang;
use crate::report::inert::inert;
use crate::superscacchi::register::Register;
use crate::superscacchi::time::{ClockRecord, TimeOut};
use crate::verify::GameReport;
use serde::Serialize;
use std::fmt::Write;

/// The JSON `clock` object: the mode, each team's time, the length of play and, per team,
/// the time-outs and the time left.
#[derive(Serialize)]
pub struct JsonClock<'a> {
    mode: &'static str,
    allowance_min: i64,
    start: Option<String>,
    end: Option<String>,
    /// Whole minutes; `null` without both `[Inizio]` and `[Fine]`.
    play_min: Option<i64>,
    teams: Vec<JsonClockTeam<'a>>,
}

/// One team's part of the clock record.
#[derive(Serialize)]
struct JsonClockTeam<'a> {
    team: &'a str,
    role: &'static str,
    sospensioni: Vec<JsonTimeOut<'a>>,
    /// `H:MM:SS`; `null` when `[Orologio]` does not say.
    time_left: Option<String>,
}

/// One time-out: as written, its start and end on the venue's clock, its minutes.
#[derive(Serialize)]
struct JsonTimeOut<'a> {
    written: &'a str,
    from: String,
    to: String,
    minutes: i64,
}

/// A moment as the JSON writes it: `2026-10-17T12:30:00`.
fn iso(dt: jiff::civil::DateTime) -> String {
    dt.strftime("%Y-%m-%dT%H:%M:%S").to_string()
}

/// The `clock` object of a SuperScacchi game played from a set-up (`None` otherwise).
pub fn json(r: &GameReport) -> Option<JsonClock<'_>> {
    let ss = r.superscacchi()?;
    let (clock, register) = (ss.clock.as_ref()?, ss.register.as_ref()?);
    let roles = ["assedianti", "assediati"];
    Some(JsonClock {
        mode: clock.mode.name(),
        allowance_min: clock.mode.allowance() / 60,
        start: clock.start.map(iso),
        end: clock.end.map(iso),
        play_min: clock.play.map(|p| p.div_euclid(60)),
        teams: (0..2)
            .map(|i| JsonClockTeam {
                team: &register.teams[i],
                role: roles[i],
                sospensioni: clock
                    .time_outs_of(i)
                    .map(|t| JsonTimeOut {
                        written: &t.written,
                        from: hour(t.from),
                        to: hour(t.to),
                        minutes: t.minutes,
                    })
                    .collect(),
                time_left: clock.left[i].map(clock_time),
            })
            .collect(),
    })
}

/// A team's time-outs as the time block lists them: `13:40-13:46 (6 min), …`.
fn time_outs(lang: Lang, list: &[&TimeOut]) -> String {
    if list.is_empty() {
        return lang.t("no time-outs", "nessuna sospensione").to_string();
    }
    let each: Vec<String> = list
        .iter()
        .map(|t| format!("{} ({} min)", t.written, t.minutes))
        .collect();
    format!("{} {}", lang.t("time-outs", "sospensioni"), each.join(", "))
}

/// The register's time block (`score`): the mode and each team's time, the length of play,
/// each team's time-outs and time left. Empty when the file records no clock.
pub fn time_block(lang: Lang, clock: &ClockRecord, register: &Register) -> String {
    if !clock.recorded {
        return String::new();
    }
    let mut out = String::new();
    let _ = writeln!(out, "{} (R44–R46)", lang.t("Time", "Tempo"));
    let mode = clock.mode;
    let _ = writeln!(
        out,
        "  {}: {} {}",
        mode.name(),
        length(mode.allowance()),
        lang.t("a team", "a squadra")
    );
    if let (Some(play), Some(s), Some(e)) = (clock.play, clock.start, clock.end) {
        let _ = writeln!(
            out,
            "  {} {} ({}–{} {} {} {})",
            lang.t("play", "gioco"),
            length(play),
            hour(s),
            hour(e),
            lang.t("less", "meno"),
            length(clock.stopped),
            lang.t("of time-outs", "di sospensioni"),
        );
    }
    for (i, team) in register.teams.iter().enumerate() {
        let list: Vec<&TimeOut> = clock.time_outs_of(i).collect();
        let mut line = format!("  {team}: {}", time_outs(lang, &list));
        if let Some(left) = clock.left[i] {
            let _ = write!(
                line,
                "; {} {}",
                lang.t("time left", "tempo residuo"),
                clock_time(left)
            );
        }
        let _ = writeln!(out, "{line}");
    }
    inert(&out).into_owned()
}

/// The CSV cells of the clock record (formats.md §6, at the end of a row): the mode, the
/// minutes of play, each team's number of time-outs and time left.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClockCells {
    /// `4v4` or `2v2`.
    pub mode: Option<&'static str>,
    /// Whole minutes of play.
    pub play_min: Option<i64>,
    /// Time-outs called by the besiegers and by the besieged.
    pub sospensioni: [Option<usize>; 2],
    /// Time left on each clock, `H:MM:SS`.
    pub time_left: [Option<String>; 2],
}

impl ClockCells {
    /// The cells of a game (empty for a classical game or one without a set-up).
    pub fn of(r: &GameReport) -> ClockCells {
        let Some(clock) = r.superscacchi().and_then(|ss| ss.clock.as_ref()) else {
            return ClockCells::default();
        };
        ClockCells {
            mode: Some(clock.mode.name()),
            play_min: clock.play.map(|p| p.div_euclid(60)),
            sospensioni: [0, 1].map(|i| Some(clock.time_outs_of(i).count())),
            time_left: [0, 1].map(|i| clock.left[i].map(clock_time)),
        }
    }
}

/// The viewer's clock record (R44–R46): the time block under a heading, escaped; empty
/// when the game records no clock.
pub fn html(r: &GameReport, lang: Lang) -> String {
    let Some(ss) = r.superscacchi() else {
        return String::new();
    };
    let (Some(clock), Some(register)) = (ss.clock.as_ref(), ss.register.as_ref()) else {
        return String::new();
    };
    let block = time_block(lang, clock, register);
    let Some((title, rest)) = block.split_once('\n') else {
        return String::new();
    };
    let esc = crate::report::inert::html_escape;
    format!(
        "<h2>{}</h2><pre id=\"clock\">{}</pre>\n",
        esc(title),
        esc(rest.trim_end())
    )
}

/// The findings of a game that matter for the championship (R47's `time-run-out-ahead`),
/// one `! message` line each, for `match` beside each game's register.
pub fn championship_lines(r: &GameReport, lang: Lang) -> String {
    r.findings
        .iter()
        .filter(|f| f.code == crate::finding::Code::TimeRunOutAhead)
        .map(|f| format!("! {}\n", f.message_in(lang)))
        .collect()
}
