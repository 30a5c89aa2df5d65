//! Dates and times for people, by language: the one place they are written (issue 32).
//! Italian writes the day first (`17/10/2026`) and the time with a colon (`18:05`);
//! English keeps ISO 8601 (`2026-10-17 18:05`). Machine outputs (JSON, CSV, the files
//! arbitro writes) keep ISO and do not come here.
//!
//! ```
//! use arbitro::lang::{Lang, Say};
//! use arbitro::lang::date::{Day, Moment, TagDate};
//! let dt = jiff::civil::date(2026, 10, 17).at(18, 5, 0, 0);
//! assert_eq!(Moment(dt).say(Lang::It), "17/10/2026 18:05");
//! assert_eq!(Moment(dt).say(Lang::En), "2026-10-17 18:05");
//! assert_eq!(Day(dt.date()).say(Lang::It), "17/10/2026");
//! assert_eq!(TagDate("2026.10.??").say(Lang::It), "??/10/2026");
//! ```

use super::{Lang, Say};
use jiff::civil::{Date, DateTime, Time};
use std::borrow::Cow;

/// A day: `17/10/2026` (Italian), `2026-10-17` (English).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day(pub Date);

/// A time of day on the venue's clock: `18:05`, or `18:05:30` when the seconds are not
/// zero (both languages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hour(pub Time);

/// A day and a time (to the minute, the seconds when not zero): `17/10/2026 18:05`
/// (Italian), `2026-10-17 18:05` (English).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment(pub DateTime);

/// A day and a time with the month in words, where the order of day and month must not
/// be guessed: `17 ottobre 2026, 18:05`, `17 October 2026, 18:05`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LongMoment(pub DateTime);

/// A date as a game's tag writes it (`2026.10.17`, `2026-10-17`, PGN's `2026.??.??`):
/// in Italian day first (`17/10/2026`, `??/??/2026`); in English and whenever it is not
/// such a date, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagDate<'a>(pub &'a str);

impl Say for Day {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let d = self.0;
        match lang {
            Lang::En => format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day()),
            Lang::It => format!("{:02}/{:02}/{:04}", d.day(), d.month(), d.year()),
        }
        .into()
    }
}

impl Say for Hour {
    fn say(&self, _lang: Lang) -> Cow<'_, str> {
        let t = self.0;
        if t.second() == 0 {
            format!("{:02}:{:02}", t.hour(), t.minute())
        } else {
            format!("{:02}:{:02}:{:02}", t.hour(), t.minute(), t.second())
        }
        .into()
    }
}

impl Say for Moment {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        format!(
            "{} {}",
            Day(self.0.date()).say(lang),
            Hour(self.0.time()).say(lang)
        )
        .into()
    }
}

const MONTHS: [(&str, &str); 12] = [
    ("January", "gennaio"),
    ("February", "febbraio"),
    ("March", "marzo"),
    ("April", "aprile"),
    ("May", "maggio"),
    ("June", "giugno"),
    ("July", "luglio"),
    ("August", "agosto"),
    ("September", "settembre"),
    ("October", "ottobre"),
    ("November", "novembre"),
    ("December", "dicembre"),
];

impl Say for LongMoment {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let d = self.0.date();
        let (en, it) = MONTHS[usize::from(d.month().unsigned_abs()).clamp(1, 12) - 1];
        format!(
            "{} {} {}, {}",
            d.day(),
            lang.t(en, it),
            d.year(),
            Hour(self.0.time()).say(lang)
        )
        .into()
    }
}

impl Say for TagDate<'_> {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let s = self.0.trim();
        if lang == Lang::En {
            return s.into();
        }
        // Year, month, day: four, two and two digits or question marks, cut by `.` or `-`.
        let part =
            |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit() || b == b'?');
        let parts: Vec<&str> = s.split(['.', '-']).collect();
        match parts[..] {
            [y, m, d] if part(y, 4) && part(m, 2) && part(d, 2) => format!("{d}/{m}/{y}").into(),
            _ => s.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn italian_puts_the_day_first_english_keeps_iso() {
        let dt = jiff::civil::date(2023, 5, 4).at(9, 2, 30, 0);
        assert_eq!(Moment(dt).say(Lang::It), "04/05/2023 09:02:30");
        assert_eq!(Moment(dt).say(Lang::En), "2023-05-04 09:02:30");
        assert_eq!(Hour(dt.time()).say(Lang::It), "09:02:30");
        assert_eq!(LongMoment(dt).say(Lang::It), "4 maggio 2023, 09:02:30");
        assert_eq!(LongMoment(dt).say(Lang::En), "4 May 2023, 09:02:30");
    }

    #[test]
    fn a_tag_date_is_turned_only_when_it_is_one() {
        assert_eq!(TagDate("2026-10-17").say(Lang::It), "17/10/2026");
        assert_eq!(TagDate("2026.??.??").say(Lang::It), "??/??/2026");
        assert_eq!(TagDate("2026.10.17").say(Lang::En), "2026.10.17");
        for odd in ["17 ottobre", "2026", "", "20260.1.17", "2026-1-17"] {
            assert_eq!(TagDate(odd).say(Lang::It), odd);
        }
    }
}
