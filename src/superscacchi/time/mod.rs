//! The clock and the judge's time record of a game (R44–R47, seed 004 "Svolgimento"):
//! the mode (`[Modalita]`: each team's time), the time-outs (`[Sospensioni]`), the length
//! of play (`[Inizio]`, `[Fine]`), the clocks at the end (`[Orologio]`), and the team that
//! let its time run out while ahead (`[TempoEsaurito]`). Every finding is a warning for
//! the judge: none changes a score (R41's −40 comes from `[TempoEsaurito]` alone).
//!
//! Times are the venue's clock (`--tz`, as for R43): lengths of play are real minutes, so
//! a night when the clocks go back has an hour more; a time-out's length is "by the
//! minutes written" (R45's reading).
//!
//! - [`civil`]: dates and times as a judge writes them (ISO and Italian forms).
//! - `tags`: the values of the clock tags.
//! - [`record`]: the record and its findings (R44–R46, and the players, R48).
//! - [`run_out_ahead`]: R47, once the game is scored.

pub mod civil;
mod tags;

use super::players;
use super::register::Register;
use super::score::{PenaltyKind, Verdict};
use crate::finding::Finding;
use crate::finding::wording::clock as say;
use crate::notation::superscacchi::SsGame;
use civil::When;
use jiff::civil::DateTime;
/// The venue's time zone, as the clock functions take it (jiff's).
pub use jiff::tz::TimeZone;

/// R44: how many players a team has, which sets each team's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Eight players, one army each: 1 h 30 min a team, a game of 3 h.
    #[default]
    FourVsFour,
    /// Four players, two armies each (R7's pairs): 2 h a team, a game of 4 h.
    TwoVsTwo,
}

impl Mode {
    /// `4v4` or `2v2`, as `[Modalita]` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::FourVsFour => "4v4",
            Mode::TwoVsTwo => "2v2",
        }
    }

    /// Each team's time, in seconds (R44).
    pub fn allowance(self) -> i64 {
        match self {
            Mode::FourVsFour => 90 * 60,
            Mode::TwoVsTwo => 120 * 60,
        }
    }

    /// The longest game, both teams' time, in seconds (R44).
    pub fn game(self) -> i64 {
        2 * self.allowance()
    }
}

/// One time-out as the register records it (R45).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOut {
    /// The team that called it (0 the besiegers, 1 the besieged).
    pub team: usize,
    /// As written (`15:40-15:48`).
    pub written: String,
    /// Its start on the venue's clock.
    pub from: DateTime,
    /// Its end on the venue's clock.
    pub to: DateTime,
    /// Its length by the minutes written (negative when it ends before it starts).
    pub minutes: i64,
}

/// A game's time record: what the clock tags say, with the length of play (R44–R46).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClockRecord {
    /// `[Modalita]` (absent or unreadable: 4v4).
    pub mode: Mode,
    /// `[Inizio]`: when the clock was started.
    pub start: Option<DateTime>,
    /// `[Fine]`: when the game ended.
    pub end: Option<DateTime>,
    /// `[Sospensioni]` of the game's teams, in the order written.
    pub time_outs: Vec<TimeOut>,
    /// `[Orologio]`: each team's time left at the end, in seconds.
    pub left: [Option<i64>; 2],
    /// `[Fine]` − `[Inizio]` less the time-outs, in real seconds (R46).
    pub play: Option<i64>,
    /// The time-outs within play, in real seconds (what `play` leaves out).
    pub stopped: i64,
    /// Whether the file has any clock tag (`Modalita`, `Inizio`, `Sospensioni`,
    /// `Orologio`).
    pub recorded: bool,
}

impl ClockRecord {
    /// Each team's time-outs, in the order written.
    pub fn time_outs_of(&self, team: usize) -> impl Iterator<Item = &TimeOut> {
        self.time_outs.iter().filter(move |t| t.team == team)
    }
}

/// The clock tags.
const TAGS: [&str; 4] = ["Modalita", "Inizio", "Sospensioni", "Orologio"];

/// Reads a game's time record and checks it (R44–R46), and the players of its armies
/// (R48, which depends on the mode): the record and its findings, each at its tag. `tz`
/// is the venue's time zone.
pub fn record(
    game: &SsGame<'_>,
    register: &Register,
    tz: &TimeZone,
) -> (ClockRecord, Vec<Finding>) {
    let mut r = Reader {
        game,
        register,
        tz,
        rec: ClockRecord {
            recorded: TAGS.iter().any(|t| game.tag(t).is_some()),
            end: register.end,
            ..ClockRecord::default()
        },
        findings: Vec::new(),
    };
    r.mode();
    r.start();
    r.time_outs();
    r.play();
    r.clocks();
    let mut findings = r.findings;
    findings.extend(players::check(game, r.rec.mode));
    (r.rec, findings)
}

/// R47: `[TempoEsaurito]` names a team whose total before R41's −40 was higher than the
/// other team's: a `time-run-out-ahead` warning quoting both (the scores stand).
pub fn run_out_ahead(game: &SsGame<'_>, register: &Register, verdict: &Verdict) -> Option<Finding> {
    let [i] = [0, 1]
        .into_iter()
        .filter(|&i| register.timeout[i])
        .collect::<Vec<_>>()[..]
    else {
        return None;
    };
    let (team, other) = (&verdict.teams[i], &verdict.teams[1 - i]);
    let penalty: i32 = team
        .penalties
        .iter()
        .filter(|p| p.kind == PenaltyKind::TimeOut)
        .map(|p| p.points)
        .sum();
    let before = team.total.saturating_sub(penalty);
    (before > other.total).then(|| {
        let f = say::run_out_ahead(&team.team, before, penalty, &other.team, other.total);
        at(game, "TempoEsaurito", f)
    })
}

/// `f` at `[tag]`, when the tag is in the file.
fn at(game: &SsGame<'_>, tag: &str, f: Finding) -> Finding {
    match game.tag_span(tag) {
        Some(s) => f.at(s),
        None => f,
    }
}

/// The record being read from a game's tags, with its findings.
struct Reader<'g, 'a> {
    game: &'g SsGame<'a>,
    register: &'g Register,
    tz: &'g TimeZone,
    rec: ClockRecord,
    findings: Vec<Finding>,
}

impl Reader<'_, '_> {
    /// A finding at `[tag]`.
    fn find(&mut self, tag: &str, f: Finding) {
        self.findings.push(at(self.game, tag, f));
    }

    /// A tag's value, when it says something.
    fn value(&self, tag: &str) -> Option<String> {
        self.game
            .tag(tag)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    }

    /// `[Modalita]` (R44): absent means 4v4; anything else is a `register` warning.
    fn mode(&mut self) {
        if let Some(v) = self.value("Modalita") {
            match tags::mode(&v) {
                Some(m) => self.rec.mode = m,
                None => self.find("Modalita", say::unknown_mode(&v)),
            }
        }
    }

    /// The day a time of day alone falls on when there is neither `[Inizio]` nor `[Fine]`:
    /// `[Data]`'s, else any (only lengths and order are then checked).
    fn day(&self) -> jiff::civil::Date {
        self.game
            .tag("Data")
            .and_then(civil::date)
            .unwrap_or_else(|| jiff::civil::date(2000, 1, 1))
    }

    /// A moment as written, placed: a time of day alone is on `[Inizio]`'s day (the next
    /// day past midnight), else on `[Fine]`'s (the day before when later than `[Fine]`).
    fn place(&self, w: When) -> Option<DateTime> {
        match (w, self.rec.start, self.rec.end) {
            (When::At(dt), _, _) => Some(dt),
            (When::Time(t), Some(s), _) => civil::after(s, t),
            (When::Time(t), None, Some(e)) => civil::before(e, t),
            (When::Time(t), None, None) => Some(self.day().to_datetime(t)),
        }
    }

    /// `[Inizio]`: a date and time, or a time alone on `[Fine]`'s or `[Data]`'s day.
    fn start(&mut self) {
        let Some(v) = self.value("Inizio") else {
            return;
        };
        self.rec.start = match civil::when(&v) {
            Some(When::At(dt)) => Some(dt),
            Some(When::Time(t)) => match self.rec.end {
                Some(e) => civil::before(e, t),
                None => Some(self.day().to_datetime(t)),
            },
            None => None,
        };
        if self.rec.start.is_none() {
            self.find("Inizio", say::unreadable("Inizio", &v, "2023-05-14T15:00"));
        }
    }

    /// `[Sospensioni]` (R45): read, then each time-out checked.
    fn time_outs(&mut self) {
        let Some(v) = self.value("Sospensioni") else {
            return;
        };
        let example = "Leoni: 15:40-15:48, 16:30-16:37; Tigri: 16:05-16:13";
        let Some(teams) = tags::per_team(&v) else {
            return self.find("Sospensioni", say::unreadable("Sospensioni", &v, example));
        };
        let mut read = Vec::new();
        for (name, entries) in teams {
            for e in entries {
                let placed =
                    tags::range(e).and_then(|(a, b)| Some((self.place(a)?, self.place(b)?)));
                let Some((from, to)) = placed else {
                    return self.find("Sospensioni", say::unreadable("Sospensioni", &v, example));
                };
                read.push((name, e.to_string(), from, to));
            }
        }
        let mut count = [0usize; 2];
        for (name, written, from, to) in read {
            let Some(team) = self.register.team_index(name) else {
                let f = say::time_out_of_unknown_team(name, &written, &self.register.teams);
                self.find("Sospensioni", f);
                continue;
            };
            count[team] += 1;
            let t = TimeOut {
                team,
                written,
                from,
                to,
                minutes: from.duration_until(to).as_secs().div_euclid(60),
            };
            self.check_time_out(&t, count[team]);
            self.rec.time_outs.push(t);
        }
        self.overlaps();
    }

    /// One time-out of a known team, its team's `n`-th (R45).
    fn check_time_out(&mut self, t: &TimeOut, n: usize) {
        let team = self.register.teams[t.team].clone();
        if n > 2 {
            self.find("Sospensioni", say::extra_time_out(&team, &t.written, n));
        }
        if t.to < t.from {
            self.find(
                "Sospensioni",
                say::time_out_ends_before_start(&team, &t.written),
            );
        } else if t.minutes > 8 {
            let f = say::time_out_too_long(&team, &t.written, t.minutes);
            self.find("Sospensioni", f);
        }
        let (start, end) = (self.rec.start, self.rec.end);
        if start.is_some_and(|s| t.from < s) || end.is_some_and(|e| t.to > e) {
            let f = say::time_out_outside_play(&team, &t.written, start, end);
            self.find("Sospensioni", f);
        }
    }

    /// R45: any two time-outs that overlap, of one team or of both; each runs from its
    /// start up to, not including, its end.
    fn overlaps(&mut self) {
        let outs = self.rec.time_outs.clone();
        for (i, a) in outs.iter().enumerate() {
            for b in &outs[i + 1..] {
                if a.from < b.to && b.from < a.to {
                    let f = say::time_outs_overlap(
                        (&self.register.teams[a.team], &a.written),
                        (&self.register.teams[b.team], &b.written),
                    );
                    self.find("Sospensioni", f);
                }
            }
        }
    }

    /// A moment on the venue's clock as an instant, in seconds.
    fn instant(&self, dt: DateTime) -> Option<i64> {
        super::clock::at_venue(dt, self.tz)
            .ok()
            .map(|z| z.timestamp().as_second())
    }

    /// R46: play = `[Fine]` − `[Inizio]` less the time-outs, in real seconds; longer than
    /// the mode's game by more than a minute is `over-time`.
    fn play(&mut self) {
        let (Some(start), Some(end)) = (self.rec.start, self.rec.end) else {
            return;
        };
        if end < start {
            return self.find("Fine", say::end_before_start(start, end));
        }
        let (Some(s), Some(e)) = (self.instant(start), self.instant(end)) else {
            return;
        };
        // The time-outs within play, each second once (overlaps are findings already).
        let mut spans: Vec<(i64, i64)> = (self.rec.time_outs.iter())
            .filter(|t| t.from < t.to)
            .filter_map(|t| Some((self.instant(t.from)?.max(s), self.instant(t.to)?.min(e))))
            .filter(|(a, b)| a < b)
            .collect();
        spans.sort_unstable();
        let mut stopped = 0;
        let mut reached = s;
        for (a, b) in spans {
            stopped += (b - reached.max(a)).max(0);
            reached = reached.max(b);
        }
        let play = e - s - stopped;
        self.rec.stopped = stopped;
        self.rec.play = Some(play);
        let mode = self.rec.mode;
        if play > mode.game() + 60 {
            let f = say::over_time(play, (start, end), stopped, mode.name(), mode.game());
            self.find("Inizio", f);
        }
    }

    /// `[Orologio]` (R46): each team's time left, checked against `[TempoEsaurito]`, the
    /// allowance and the length of play (`clock-mismatch`).
    fn clocks(&mut self) {
        let Some(v) = self.value("Orologio") else {
            return;
        };
        let example = "Leoni: 0:00:00, Tigri: 0:12:31";
        let read: Option<Vec<(&str, i64)>> = tags::per_team(&v).and_then(|teams| {
            teams
                .into_iter()
                .map(|(name, entries)| match entries[..] {
                    [one] => Some((name, tags::left(one)?)),
                    _ => None,
                })
                .collect()
        });
        let Some(read) = read else {
            return self.find("Orologio", say::unreadable("Orologio", &v, example));
        };
        for (name, left) in read {
            match self.register.team_index(name) {
                None => {
                    let f = say::clock_of_unknown_team(name, &self.register.teams);
                    self.find("Orologio", f);
                }
                Some(i) if self.rec.left[i].is_some() => {
                    let f = say::clock_named_twice(&self.register.teams[i]);
                    self.find("Orologio", f);
                }
                Some(i) => self.rec.left[i] = Some(left),
            }
        }
        self.check_clocks();
    }

    /// The `clock-mismatch` checks of R46 on the times left.
    fn check_clocks(&mut self) {
        let mode = self.rec.mode;
        for i in 0..2 {
            let Some(left) = self.rec.left[i] else {
                continue;
            };
            let team = self.register.teams[i].clone();
            let timed_out = self.register.timeout[i];
            if left == 0 && !timed_out {
                self.find("Orologio", say::zero_not_named(&team));
            }
            if left > 0 && timed_out {
                self.find("Orologio", say::named_with_time_left(&team, left));
            }
            if left > mode.allowance() {
                let f = say::left_above_allowance(&team, left, mode.allowance(), mode.name());
                self.find("Orologio", f);
            }
        }
        if let ([Some(a), Some(b)], Some(play)) = (self.rec.left, self.rec.play) {
            let used = [mode.allowance() - a, mode.allowance() - b];
            if used[0] + used[1] > play + 60 {
                let teams = &self.register.teams;
                let f =
                    say::used_more_than_play([(&teams[0], used[0]), (&teams[1], used[1])], play);
                self.find("Orologio", f);
            }
        }
    }
}
