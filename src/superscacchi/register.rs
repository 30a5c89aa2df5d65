//! The judge's register: the header tags that score a game (formats.md §1): `Assedianti`,
//! `Assediati`, `Ammonimenti`, `TempoEsaurito`, `Abbandono`, `Partita`, `Gara`, `Fine`,
//! `Risultato`.

use crate::finding::{Code, Finding};
use crate::notation::superscacchi::SsGame;
use crate::span::Span;
use std::fmt;

/// A moment, to the second, as written in the register (`2023-05-14T18:02`), with no time
/// zone: the venue's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stamp(pub i64);

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

impl Stamp {
    /// Reads `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` (a space may stand for `T`), or
    /// `HH:MM[:SS]` on the day of `day` when given.
    ///
    /// ```
    /// use arbitro::superscacchi::register::Stamp;
    /// let fine = Stamp::parse("2023-05-14T18:02", None).unwrap();
    /// assert_eq!(fine.plus_minutes(10).to_string(), "2023-05-14T18:12:00");
    /// assert_eq!(Stamp::parse("18:09:30", Some(fine)).unwrap().to_string(), "2023-05-14T18:09:30");
    /// ```
    pub fn parse(s: &str, day: Option<Stamp>) -> Option<Stamp> {
        let s = s.trim();
        let (date, time) = match s.split_once(['T', ' ']) {
            Some((d, t)) => (Some(d), t),
            None if s.contains(':') => (None, s),
            None => return None,
        };
        let days = match date {
            Some(d) => {
                let mut it = d.split('-').map(|p| p.parse::<i64>().ok());
                let (y, m, dd) = (it.next()??, it.next()??, it.next()??);
                if it.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&dd) {
                    return None;
                }
                days_from_civil(y, m, dd)
            }
            None => day?.0.div_euclid(86_400),
        };
        let mut it = time.split(':').map(|p| p.parse::<i64>().ok());
        let (h, mi) = (it.next()??, it.next()??);
        let sec = match it.next() {
            Some(v) => v?,
            None => 0,
        };
        if it.next().is_some()
            || !(0..24).contains(&h)
            || !(0..60).contains(&mi)
            || !(0..60).contains(&sec)
        {
            return None;
        }
        Some(Stamp(days * 86_400 + h * 3600 + mi * 60 + sec))
    }

    /// Now, by the system clock (UTC).
    pub fn now() -> Stamp {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Stamp(secs)
    }

    /// Some minutes later.
    pub fn plus_minutes(self, m: i64) -> Stamp {
        Stamp(self.0 + 60 * m)
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = civil_from_days(self.0.div_euclid(86_400));
        let t = self.0.rem_euclid(86_400);
        write!(
            f,
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
            t / 3600,
            t / 60 % 60,
            t % 60
        )
    }
}

/// Reads `Leoni: 1, Tigri: 0`, `Leoni:1 Tigri:0` or `Leoni 131 - Tigri 130`.
///
/// ```
/// use arbitro::superscacchi::register::team_numbers;
/// assert_eq!(team_numbers("Leoni 131 - Tigri 130"), Some(vec![("Leoni".into(), 131), ("Tigri".into(), 130)]));
/// assert_eq!(team_numbers("Leoni Rossi: -5, Tigri: 0"), Some(vec![("Leoni Rossi".into(), -5), ("Tigri".into(), 0)]));
/// ```
pub fn team_numbers(value: &str) -> Option<Vec<(String, i32)>> {
    let mut out = Vec::new();
    if value.contains(':') {
        let mut rest = value.trim();
        while !rest.is_empty() {
            let colon = rest.find(':')?;
            let name = rest[..colon].trim().trim_start_matches(',').trim();
            let after = rest[colon + 1..].trim_start();
            let len = after
                .char_indices()
                .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')))
                .count();
            let n = after[..len].parse().ok()?;
            out.push((name.to_string(), n));
            rest = after[len..]
                .trim_start()
                .trim_start_matches(',')
                .trim_start();
        }
    } else {
        for part in value.split(" - ") {
            let mut words: Vec<&str> = part.split_whitespace().collect();
            let n = words.pop()?.parse().ok()?;
            out.push((words.join(" "), n));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// What the register says, by team (index 0 the besiegers, 1 the besieged).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Register {
    /// Team names.
    pub teams: [String; 2],
    /// Warnings per team (R40).
    pub warnings: [u32; 2],
    /// Clock ran out (R41).
    pub timeout: [bool; 2],
    /// Resigned (R41).
    pub resigned: [bool; 2],
    /// 1 or 2: which game of the match.
    pub game: Option<u8>,
    /// The match id (`Gara`).
    pub match_id: Option<String>,
    /// When the game ended (`Fine`).
    pub end: Option<Stamp>,
    /// The table's declared totals (`Risultato`).
    pub declared: Option<[i32; 2]>,
    /// `register` findings: unknown teams, contradictions.
    pub findings: Vec<Finding>,
}

impl Register {
    /// The index of a team by name.
    pub fn team_index(&self, name: &str) -> Option<usize> {
        self.teams.iter().position(|t| t == name.trim())
    }
}

/// Reads the register tags of a game.
pub fn read(game: &SsGame<'_>) -> Register {
    let mut r = Register {
        teams: [
            game.tag("Assedianti")
                .unwrap_or("assedianti")
                .trim()
                .to_string(),
            game.tag("Assediati")
                .unwrap_or("assediati")
                .trim()
                .to_string(),
        ],
        ..Register::default()
    };
    let span = |name: &str| game.tag_span(name).unwrap_or_default();
    let warn = |r: &mut Register, tag: &str, msg: String, hint: Option<String>| {
        let mut f = Finding::new(Code::Register, msg).rule("R40");
        let s: Span = span(tag);
        if s != Span::default() {
            f = f.at(s).label(format!("[{tag}]"));
        }
        if let Some(h) = hint {
            f = f.hint(h);
        }
        r.findings.push(f);
    };
    if r.teams[0] == r.teams[1] {
        let msg = format!("both teams are called `{}`", r.teams[0]);
        warn(&mut r, "Assediati", msg, None);
    }
    let known = format!("the teams are `{}` and `{}`", r.teams[0], r.teams[1]);
    if let Some(v) = game.tag("Ammonimenti") {
        match team_numbers(v) {
            Some(list) => {
                for (name, n) in list {
                    match r.team_index(&name) {
                        Some(i) if n >= 0 => r.warnings[i] = n as u32,
                        Some(_) => warn(
                            &mut r,
                            "Ammonimenti",
                            format!("{name} has {n} warnings"),
                            None,
                        ),
                        None => warn(
                            &mut r,
                            "Ammonimenti",
                            format!("`{name}` is not a team of this game"),
                            Some(known.clone()),
                        ),
                    }
                }
            }
            None => warn(
                &mut r,
                "Ammonimenti",
                format!("`{v}` cannot be read"),
                Some("write `Leoni: 1, Tigri: 0`".into()),
            ),
        }
    }
    for (tag, is_timeout) in [("TempoEsaurito", true), ("Abbandono", false)] {
        if let Some(v) = game.tag(tag) {
            match r.team_index(v) {
                Some(i) if is_timeout => r.timeout[i] = true,
                Some(i) => r.resigned[i] = true,
                None => warn(
                    &mut r,
                    tag,
                    format!("`{}` is not a team of this game", v.trim()),
                    Some(known.clone()),
                ),
            }
        }
    }
    if r.resigned[0] && r.resigned[1] {
        warn(&mut r, "Abbandono", "both teams resigned".into(), None);
    }
    if let Some(v) = game.tag("Partita") {
        match v.trim() {
            "1" => r.game = Some(1),
            "2" => r.game = Some(2),
            other => warn(
                &mut r,
                "Partita",
                format!("`{other}` is not game 1 or 2 of a match"),
                None,
            ),
        }
    }
    r.match_id = game.tag("Gara").map(|s| s.trim().to_string());
    if let Some(v) = game.tag("Fine") {
        r.end = Stamp::parse(v, None);
        if r.end.is_none() {
            warn(
                &mut r,
                "Fine",
                format!("`{v}` is not a date and time"),
                Some("write `2023-05-14T18:02`".into()),
            );
        }
    }
    if let Some(v) = game.tag("Risultato") {
        match team_numbers(v) {
            Some(list) => {
                let mut declared = [None, None];
                for (name, n) in list {
                    match r.team_index(&name) {
                        Some(i) => declared[i] = Some(n),
                        None => warn(
                            &mut r,
                            "Risultato",
                            format!("`{name}` is not a team of this game"),
                            Some(known.clone()),
                        ),
                    }
                }
                if let [Some(a), Some(b)] = declared {
                    r.declared = Some([a, b]);
                }
            }
            None => warn(
                &mut r,
                "Risultato",
                format!("`{v}` cannot be read"),
                Some("write `Leoni: 131, Tigri: 130`".into()),
            ),
        }
    }
    r
}
