//! Dates and times on the venue's clock as a judge writes them in a register (R43–R46):
//! ISO (`2023-05-14T15:00`, `2023-05-14 15:00`), Italian (`14/05/2023 15:00`,
//! `14/05/2023 ore 15.00`, `14.05.2023 15:00`, `14-05-2023 15:00`), seconds or not, and a
//! time of day alone (`15:40`, `15.40`, `9:05`). No zone and no offset: the venue's clock.
//!
//! ```
//! use arbitro::superscacchi::time::civil::{datetime, time, when, When};
//! assert_eq!(datetime("14/05/2023 ore 15.40").unwrap().to_string(), "2023-05-14T15:40:00");
//! assert_eq!(datetime("2023-05-14T15:40").unwrap().to_string(), "2023-05-14T15:40:00");
//! assert_eq!(time("9.05").unwrap().to_string(), "09:05:00");
//! assert!(matches!(when("15:40"), Some(When::Time(_))));
//! assert!(datetime("30/02/2026 10:00").is_none());
//! ```

use jiff::civil::{Date, DateTime, Time};

/// A moment as written: a date and a time, or a time of day whose day the reader supplies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// A date and a time.
    At(DateTime),
    /// A time of day alone.
    Time(Time),
}

/// The longest text read as a moment (anything longer is no date and no time).
const MAX_LEN: usize = 40;

/// A number of one to `max_digits` ASCII digits.
fn number(s: &str, max_digits: usize) -> Option<i16> {
    (!s.is_empty() && s.len() <= max_digits && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// A time of day: `HH:MM`, `H:MM`, `HH.MM`, with `:SS` or `.SS`.
pub fn time(s: &str) -> Option<Time> {
    let s = s.trim();
    if s.len() > MAX_LEN {
        return None;
    }
    let parts: Vec<&str> = s.split([':', '.']).collect();
    let two = |p: &str| (p.len() == 2).then(|| number(p, 2)).flatten();
    let (h, m, sec) = match parts.as_slice() {
        [h, m] => (number(h, 2)?, two(m)?, 0),
        [h, m, sec] => (number(h, 2)?, two(m)?, two(sec)?),
        _ => return None,
    };
    Time::new(
        i8::try_from(h).ok()?,
        i8::try_from(m).ok()?,
        i8::try_from(sec).ok()?,
        0,
    )
    .ok()
}

/// A date: `2023-05-14` (ISO), or day, month and year as Italians write them:
/// `14/05/2023`, `14.05.2023`, `14-05-2023` (one or two digits for the day and the month).
pub fn date(s: &str) -> Option<Date> {
    let s = s.trim();
    if s.len() > MAX_LEN {
        return None;
    }
    let sep = s.chars().find(|c| matches!(c, '-' | '/' | '.'))?;
    let parts: Vec<&str> = s.split(sep).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let (y, m, d) = if a.len() == 4 && sep == '-' {
        (number(a, 4)?, number(b, 2)?, number(c, 2)?)
    } else if c.len() == 4 {
        (number(c, 4)?, number(b, 2)?, number(a, 2)?)
    } else {
        return None;
    };
    Date::new(y, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok()
}

/// A date and a time: the date, then `T`, a space or ` ore `, then the time.
pub fn datetime(s: &str) -> Option<DateTime> {
    let s = s.trim();
    if s.len() > MAX_LEN {
        return None;
    }
    let (d, t) = match s.split_once(['T', ' ']) {
        Some((d, t)) => (d, t.trim()),
        None => return None,
    };
    let t = t
        .strip_prefix("ore ")
        .or_else(|| t.strip_prefix("h "))
        .unwrap_or(t);
    Some(date(d)?.to_datetime(time(t)?))
}

/// A moment as written: a date and a time, or a time of day alone.
pub fn when(s: &str) -> Option<When> {
    time(s)
        .map(When::Time)
        .or_else(|| datetime(s).map(When::At))
}

/// `t` on the day of `anchor`, or the next day when `t` comes before it on the clock: a
/// time written after `[Inizio]` that is earlier than `[Inizio]` is past midnight (R45).
pub fn after(anchor: DateTime, t: Time) -> Option<DateTime> {
    let day = if t < anchor.time() {
        anchor.date().tomorrow().ok()?
    } else {
        anchor.date()
    };
    Some(day.to_datetime(t))
}

/// `t` on the day of `anchor`, or the day before when `t` comes after it on the clock: a
/// time written before `[Fine]` that is later than `[Fine]` is from before midnight.
pub fn before(anchor: DateTime, t: Time) -> Option<DateTime> {
    let day = if t > anchor.time() {
        anchor.date().yesterday().ok()?
    } else {
        anchor.date()
    };
    Some(day.to_datetime(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_a_judge_writes() {
        for s in [
            "2023-05-14T15:40",
            "2023-05-14 15:40",
            "2023-05-14T15:40:00",
            "14/05/2023 15:40",
            "14/5/2023 15.40",
            "14/05/2023 ore 15.40",
            "14.05.2023 15:40",
            "14-05-2023 15:40",
        ] {
            assert_eq!(
                datetime(s).map(|d| d.to_string()).as_deref(),
                Some("2023-05-14T15:40:00"),
                "{s}"
            );
        }
        for s in ["15:40", "15.40", "15:40:00"] {
            assert_eq!(time(s).unwrap().to_string(), "15:40:00", "{s}");
        }
    }

    #[test]
    fn what_is_no_date_or_time() {
        for s in [
            "",
            "25:00",
            "15:4",
            "15:400",
            "2023-14-05 15:40",
            "31/04/2023 10:00",
            "15",
            "x:00",
            "2023/05/14 15:40",
            "99999-01-01T10:00",
        ] {
            assert!(when(s).is_none(), "{s}");
        }
    }

    #[test]
    fn a_bare_time_past_midnight_is_the_next_day() {
        let start = datetime("2023-05-14 23:30").unwrap();
        let t = time("00:10").unwrap();
        assert_eq!(after(start, t).unwrap().to_string(), "2023-05-15T00:10:00");
        let end = datetime("2023-05-15 00:20").unwrap();
        let t = time("23:50").unwrap();
        assert_eq!(before(end, t).unwrap().to_string(), "2023-05-14T23:50:00");
    }
}
