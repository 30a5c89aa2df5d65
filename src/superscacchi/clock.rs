//! The venue's clock (R43): `[Fine]` is civil time at the venue, with no zone; a contest's
//! filing time is read as the venue's local time too, and the ten minutes are counted in
//! real elapsed time in the venue's time zone, so a change of daylight saving time between
//! the two is counted right.
//!
//! ```
//! use arbitro::superscacchi::clock::{filed_at, parse_civil, Filed};
//! use jiff::tz::TimeZone;
//! let rome = TimeZone::get("Europe/Rome").unwrap();
//! let fine = parse_civil("2026-12-31T23:55").unwrap();
//! // A bare time is the moment nearest Fine the clock showed it: past midnight, the next day;
//! let at = filed_at(&Filed::parse("00:03").unwrap(), Some(fine), &rome).unwrap();
//! assert_eq!(at.datetime().to_string(), "2027-01-01T00:03:00");
//! // a minute before Fine, a minute before (a watch a minute off).
//! let at = filed_at(&Filed::parse("23:54").unwrap(), Some(fine), &rome).unwrap();
//! assert_eq!(at.datetime().to_string(), "2026-12-31T23:54:00");
//! // The way Italians write a date.
//! assert_eq!(parse_civil("31/12/2026 ore 23.55"), Some(fine));
//! assert!(parse_civil("2026-02-30T10:00").is_none());
//! ```

use jiff::civil::{DateTime, Time};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan, Zoned};
use std::fmt;

/// Reads a civil date and time as the register writes it: `2023-05-14T18:02`,
/// `2023-05-14 18:02` or with seconds, or as Italians write it: `14/05/2023 18:02`,
/// `14/05/2023 ore 18.02` ([`italian_civil`]). Impossible dates (`2026-02-30`) and years
/// out of range are refused.
pub fn parse_civil(s: &str) -> Option<DateTime> {
    iso_civil(s).or_else(|| italian_civil(s))
}

/// [`parse_civil`] for the ISO forms only.
pub fn iso_civil(s: &str) -> Option<DateTime> {
    let s = s.trim().replacen(' ', "T", 1);
    let (date, time) = s.split_once('T')?;
    // No zone, no offset: the register is the venue's clock.
    if s.len() > 32 || date.len() != 10 || time.contains(['+', '-', 'Z', 'z', '[']) {
        return None;
    }
    s.parse::<DateTime>().ok()
}

/// A date and time as Italians write it: `17/10/2026 23:58`, `17/10/2026 ore 23.58`,
/// `17/10/2026, 23:58` (day first; `-` or `.` between the numbers too; seconds allowed).
pub fn italian_civil(s: &str) -> Option<DateTime> {
    let (day, month, year, time) = italian_parts(s)?;
    let year = year?;
    jiff::civil::Date::new(year, month, day)
        .ok()
        .map(|d| d.to_datetime(time))
}

/// Day, month, year if written, and time of `DD/MM[/YYYY][,] [ore] HH:MM`.
fn italian_parts(s: &str) -> Option<(i8, i8, Option<i16>, Time)> {
    let s = s.trim();
    if s.len() > 40 {
        return None;
    }
    let (date, rest) = s.split_once([' ', ','])?;
    let rest = rest.trim_start_matches([',', ' ']);
    let rest = rest.strip_prefix("ore ").unwrap_or(rest).trim();
    let time = parse_time(rest)?;
    let parts: Vec<&str> = date.split(['/', '-', '.']).collect();
    let num = |p: &str, len: std::ops::RangeInclusive<usize>| -> Option<i32> {
        (len.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse().ok())
            .flatten()
    };
    let (day, month, year) = match parts.as_slice() {
        [d, m] => (num(d, 1..=2)?, num(m, 1..=2)?, None),
        [d, m, y] => (num(d, 1..=2)?, num(m, 1..=2)?, Some(num(y, 4..=4)?)),
        _ => return None,
    };
    Some((
        i8::try_from(day).ok()?,
        i8::try_from(month).ok()?,
        year.and_then(|y| i16::try_from(y).ok()),
        time,
    ))
}

/// A time as written in a register or on the command line: `HH:MM`, `HH.MM`, `HH:MM:SS`.
fn parse_time(s: &str) -> Option<Time> {
    let s = s.trim().replace('.', ":");
    let parts: Vec<&str> = s.split(':').collect();
    let number = |p: &str, max: i8| -> Option<i8> {
        (p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse::<i8>().ok())
            .flatten()
            .filter(|n| *n <= max)
    };
    match parts.as_slice() {
        [h, m] => Time::new(number(h, 23)?, number(m, 59)?, 0, 0).ok(),
        [h, m, sec] => Time::new(number(h, 23)?, number(m, 59)?, number(sec, 59)?, 0).ok(),
        _ => None,
    }
}

/// When a contest is filed, as the user wrote it.
#[derive(Debug, Clone, PartialEq)]
pub enum Filed {
    /// Not said: now.
    Now,
    /// A date and time on the venue's clock.
    Civil(DateTime),
    /// A day of the year (`17/10 23:58`) on the venue's clock: the year is `Fine`'s, or
    /// the next or the last where that is nearer.
    DayOfYear {
        /// 1 to 31.
        day: i8,
        /// 1 to 12.
        month: i8,
        /// The time of day.
        time: Time,
    },
    /// A time of day on the venue's clock: the moment nearest `Fine` (within twelve hours
    /// either side) that the clock showed it (issue 25: a watch a minute off is before
    /// `Fine`, not the next day).
    Time(Time),
    /// An instant with an explicit offset (`2026-10-17T18:14+02:00`, `…Z`).
    Instant(Timestamp),
}

/// When a contest was filed, read: the moment, and what the reading had to choose.
#[derive(Debug, Clone, PartialEq)]
pub struct Filing {
    /// The moment, on the venue's clock.
    pub at: Zoned,
    /// The time written falls in the hour the clocks repeat when they go back: the
    /// occurrence nearest `Fine` was taken (its offset is `at`'s).
    pub repeated_hour: bool,
}

/// Why a filing time cannot be used (said by [`Say`](crate::lang::Say), in `super::words`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockError {
    /// Not a date and time.
    NotATime(String),
    /// A bare time needs the day of `[Fine]`, and the sheet has none.
    NoFine,
    /// The moment does not exist in the venue's time zone, or is out of range.
    OutOfRange(String),
    /// The clocks skip this time (spring): the wall clock never showed it.
    Skipped(DateTime),
    /// A day of the year (`17/10`) that does not exist.
    NoSuchDay(String),
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::lang::Say::say(self, crate::lang::Lang::En))
    }
}

impl std::error::Error for ClockError {}

impl Filed {
    /// Reads `--at`.
    pub fn parse(s: &str) -> Result<Filed, ClockError> {
        let t = s.trim();
        if let Some(time) = parse_time(t) {
            return Ok(Filed::Time(time));
        }
        if let Some(dt) = parse_civil(t) {
            return Ok(Filed::Civil(dt));
        }
        if let Some((day, month, None, time)) = italian_parts(t) {
            return Ok(Filed::DayOfYear { day, month, time });
        }
        if t.len() <= 40
            && let Ok(ts) = t.parse::<Timestamp>()
        {
            return Ok(Filed::Instant(ts));
        }
        Err(ClockError::NotATime(s.chars().take(40).collect()))
    }
}

/// A civil time on the venue's clock as an instant (an hour that occurs twice when the
/// clocks go back is taken the first time, as the clock on the wall first shows it).
pub fn at_venue(dt: DateTime, tz: &TimeZone) -> Result<Zoned, ClockError> {
    dt.to_zoned(tz.clone())
        .map_err(|e| ClockError::OutOfRange(format!("{dt}: {e}")))
}

/// The moment a contest was filed, on the venue's clock ([`filing`] without what it chose).
pub fn filed_at(filed: &Filed, fine: Option<DateTime>, tz: &TimeZone) -> Result<Zoned, ClockError> {
    filing(filed, fine, tz).map(|f| f.at)
}

/// The moment a contest was filed, on the venue's clock (R43). A time of day is the moment
/// nearest `Fine` that the clock showed it; a time the clocks skip is an error that says
/// so; in the hour the clocks repeat, the occurrence nearest `Fine` is taken and
/// [`Filing::repeated_hour`] says so.
pub fn filing(filed: &Filed, fine: Option<DateTime>, tz: &TimeZone) -> Result<Filing, ClockError> {
    let plain = |at| Filing {
        at,
        repeated_hour: false,
    };
    match filed {
        Filed::Now => Ok(plain(Timestamp::now().to_zoned(tz.clone()))),
        Filed::Instant(ts) => Ok(plain(ts.to_zoned(tz.clone()))),
        Filed::Civil(dt) => on_wall(*dt, fine, tz),
        Filed::DayOfYear { day, month, time } => {
            let fine = fine.ok_or(ClockError::NoFine)?;
            let year = fine.year();
            let dt = [year, year - 1, year + 1]
                .into_iter()
                .filter_map(|y| jiff::civil::Date::new(y, *month, *day).ok())
                .map(|d| d.to_datetime(*time))
                .min_by_key(|dt| civil_distance(*dt, fine))
                .ok_or_else(|| ClockError::NoSuchDay(format!("{day:02}/{month:02}")))?;
            on_wall(dt, Some(fine), tz)
        }
        Filed::Time(t) => {
            let fine = fine.ok_or(ClockError::NoFine)?;
            let day = fine.date();
            let dt = [day.yesterday().ok(), Some(day), day.tomorrow().ok()]
                .into_iter()
                .flatten()
                .map(|d| d.to_datetime(*t))
                // Nearest Fine; of two equally near (twelve hours), the later.
                .min_by_key(|dt| (civil_distance(*dt, fine), *dt < fine))
                .ok_or_else(|| ClockError::OutOfRange(fine.to_string()))?;
            on_wall(dt, Some(fine), tz)
        }
    }
}

/// How far apart two times on the wall clock are, in seconds.
fn civil_distance(a: DateTime, b: DateTime) -> i64 {
    a.duration_since(b).as_secs().abs()
}

/// The moment the venue's clock showed `dt`: an error if it never did (spring), the
/// occurrence nearest `fine` if it did twice (autumn; the first without `fine`).
fn on_wall(dt: DateTime, fine: Option<DateTime>, tz: &TimeZone) -> Result<Filing, ClockError> {
    use jiff::tz::AmbiguousOffset;
    let amb = tz.to_ambiguous_zoned(dt);
    match amb.offset() {
        AmbiguousOffset::Unambiguous { .. } => Ok(Filing {
            at: at_venue(dt, tz)?,
            repeated_hour: false,
        }),
        AmbiguousOffset::Gap { .. } => Err(ClockError::Skipped(dt)),
        AmbiguousOffset::Fold { before, after } => {
            let both = [before, after].map(|o| o.to_timestamp(dt).ok());
            let end = match fine {
                Some(f) => Some(at_venue(f, tz)?.timestamp()),
                None => None,
            };
            let pick = both
                .into_iter()
                .flatten()
                .min_by_key(|ts| end.map_or(0, |e| ts.duration_since(e).as_secs().abs()))
                .ok_or_else(|| ClockError::OutOfRange(dt.to_string()))?;
            Ok(Filing {
                at: pick.to_zoned(tz.clone()),
                repeated_hour: true,
            })
        }
    }
}

/// `Fine` plus `minutes` of real time, on the venue's clock.
pub fn deadline(fine: DateTime, minutes: i64, tz: &TimeZone) -> Result<Zoned, ClockError> {
    at_venue(fine, tz)?
        .checked_add(minutes.minutes())
        .map_err(|e| ClockError::OutOfRange(e.to_string()))
}

/// A moment as the contest JSON writes it (formats.md §5): `2023-05-14T18:09:30`.
pub fn iso(z: &Zoned) -> String {
    z.datetime().strftime("%Y-%m-%dT%H:%M:%S").to_string()
}

/// The name of a time zone, for reports (`Europe/Rome`, or its offset when unnamed).
pub fn zone_name(tz: &TimeZone) -> String {
    tz.iana_name().map_or_else(
        || Timestamp::now().to_zoned(tz.clone()).offset().to_string(),
        str::to_string,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rome() -> TimeZone {
        TimeZone::get("Europe/Rome").expect("the time zone database")
    }

    #[test]
    fn impossible_and_huge_dates_are_refused() {
        assert!(parse_civil("2026-02-30T10:00").is_none());
        assert!(parse_civil("99999-01-01T10:00").is_none());
        assert!(Filed::parse("2026-02-30T10:00").is_err());
        assert!(Filed::parse("25:00").is_err());
        assert!(Filed::parse("S:0").is_err());
    }

    #[test]
    fn the_ten_minutes_are_real_minutes_across_a_change_of_clock() {
        // 25 October 2026: at 03:00 CEST the clocks in Rome go back to 02:00 CET.
        let fine = parse_civil("2026-10-25T02:55").unwrap();
        let d = deadline(fine, 10, &rome()).unwrap();
        // Ten real minutes after the first 02:55 is 02:05 on the wall, the second time round.
        assert_eq!(d.datetime().to_string(), "2026-10-25T02:05:00");
        assert_eq!(d.offset().to_string(), "+01");
        // And in spring, 02:00 does not exist: 01:55 + 10 minutes is 03:05.
        let fine = parse_civil("2026-03-29T01:55").unwrap();
        assert_eq!(
            deadline(fine, 10, &rome()).unwrap().datetime().to_string(),
            "2026-03-29T03:05:00"
        );
    }

    #[test]
    fn an_offset_is_converted_to_the_venue_clock() {
        let z = filed_at(&Filed::parse("2026-10-17T16:14Z").unwrap(), None, &rome()).unwrap();
        assert_eq!(z.datetime().to_string(), "2026-10-17T18:14:00");
    }

    #[test]
    fn a_bare_time_needs_fine() {
        assert_eq!(
            filed_at(&Filed::parse("18.14").unwrap(), None, &rome()),
            Err(ClockError::NoFine)
        );
    }
}
