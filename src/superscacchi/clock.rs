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
//! // A bare time is the first such moment at or after Fine: past midnight, the next day.
//! let at = filed_at(&Filed::parse("00:03").unwrap(), Some(fine), &rome).unwrap();
//! assert_eq!(at.datetime().to_string(), "2027-01-01T00:03:00");
//! assert!(parse_civil("2026-02-30T10:00").is_none());
//! ```

use jiff::civil::{DateTime, Time};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan, Zoned};
use std::fmt;

/// Reads a civil date and time as the register writes it: `2023-05-14T18:02`,
/// `2023-05-14 18:02` or with seconds. Impossible dates (`2026-02-30`) and years out of
/// range are refused.
pub fn parse_civil(s: &str) -> Option<DateTime> {
    let s = s.trim().replacen(' ', "T", 1);
    let (date, time) = s.split_once('T')?;
    // No zone, no offset: the register is the venue's clock.
    if s.len() > 32 || date.len() != 10 || time.contains(['+', '-', 'Z', 'z', '[']) {
        return None;
    }
    s.parse::<DateTime>().ok()
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
    /// A time of day on the venue's clock: the first such moment at or after `Fine`.
    Time(Time),
    /// An instant with an explicit offset (`2026-10-17T18:14+02:00`, `…Z`).
    Instant(Timestamp),
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

/// The moment a contest was filed, on the venue's clock.
pub fn filed_at(filed: &Filed, fine: Option<DateTime>, tz: &TimeZone) -> Result<Zoned, ClockError> {
    match filed {
        Filed::Now => Ok(Timestamp::now().to_zoned(tz.clone())),
        Filed::Instant(ts) => Ok(ts.to_zoned(tz.clone())),
        Filed::Civil(dt) => at_venue(*dt, tz),
        Filed::Time(t) => {
            let fine = fine.ok_or(ClockError::NoFine)?;
            let mut day = fine.date();
            if *t < fine.time() {
                day = day
                    .tomorrow()
                    .map_err(|e| ClockError::OutOfRange(e.to_string()))?;
            }
            at_venue(day.to_datetime(*t), tz)
        }
    }
}

/// `Fine` plus `minutes` of real time, on the venue's clock.
pub fn deadline(fine: DateTime, minutes: i64, tz: &TimeZone) -> Result<Zoned, ClockError> {
    at_venue(fine, tz)?
        .checked_add(minutes.minutes())
        .map_err(|e| ClockError::OutOfRange(e.to_string()))
}

/// A moment as people at the venue read it: `2026-10-17 18:14` (seconds when not zero).
pub fn show(z: &Zoned) -> String {
    let dt = z.datetime();
    if dt.second() == 0 {
        dt.strftime("%Y-%m-%d %H:%M").to_string()
    } else {
        dt.strftime("%Y-%m-%d %H:%M:%S").to_string()
    }
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
        assert_eq!(show(&z), "2026-10-17 18:14");
    }

    #[test]
    fn a_bare_time_needs_fine() {
        assert_eq!(
            filed_at(&Filed::parse("18.14").unwrap(), None, &rome()),
            Err(ClockError::NoFine)
        );
    }
}
