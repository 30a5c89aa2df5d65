//! The values of the clock tags as a judge writes them (formats.md §1): per team, a list
//! of time-outs (`[Sospensioni "Leoni: 15:40-15:48, 16:30-16:37; Tigri: 16:05-16:13"]`)
//! or a time left on the clock (`[Orologio "Leoni: 0:00:00, Tigri: 0:12:31"]`), and the
//! mode (`[Modalita "4v4"]`). Forgiving: `;`, `,` or a line end between entries, `.` for
//! `:`, an en or em dash between two times.

use super::Mode;
use super::civil::{self, When};

/// The mode of `[Modalita]`: `4v4` or `2v2`, in any case, with spaces, `x`, `vs` or
/// `contro` between the numbers.
pub fn mode(value: &str) -> Option<Mode> {
    let v: String = value
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let v = v
        .replace("contro", "v")
        .replace("vs", "v")
        .replace('x', "v");
    match v.as_str() {
        "4v4" => Some(Mode::FourVsFour),
        "2v2" => Some(Mode::TwoVsTwo),
        _ => None,
    }
}

/// A team's entry that says "none": `-`, `nessuna`, `0`.
fn says_none(item: &str) -> bool {
    matches!(
        item.to_lowercase().as_str(),
        "-" | "–" | "—" | "0" | "nessuna" | "nessuno" | "none"
    )
}

/// `NAME: rest` where NAME holds a letter (a time such as `15:40` is no name).
fn team_prefix(item: &str) -> Option<(&str, &str)> {
    let p = item.find(':')?;
    let name = item[..p].trim();
    name.chars()
        .any(char::is_alphabetic)
        .then(|| (name, item[p + 1..].trim()))
}

/// The entries of a per-team value, team by team in the order written: each team's name
/// as written and its entries (`None`: an entry before any team's name, or no team).
pub fn per_team(value: &str) -> Option<Vec<(&str, Vec<&str>)>> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for item in value.split([';', ',', '\n']).map(str::trim) {
        if item.is_empty() {
            continue;
        }
        if let Some((name, rest)) = team_prefix(item) {
            let entries = if rest.is_empty() || says_none(rest) {
                Vec::new()
            } else {
                vec![rest]
            };
            out.push((name, entries));
        } else {
            out.last_mut()?.1.push(item);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// A time-out as written: two moments with a dash between them (`15:40-15:48`,
/// `15.40 – 15.48`, `2023-05-14T15:40-2023-05-14T15:48`).
pub fn range(s: &str) -> Option<(When, When)> {
    s.char_indices()
        .filter(|&(_, c)| matches!(c, '-' | '–' | '—'))
        .find_map(|(i, c)| {
            let (a, b) = (&s[..i], &s[i + c.len_utf8()..]);
            Some((civil::when(a)?, civil::when(b)?))
        })
}

/// A time left on a clock, in seconds: `H:MM:SS` (also `H.MM.SS`) or `H:MM`.
pub fn left(s: &str) -> Option<i64> {
    let parts: Vec<&str> = s.trim().split([':', '.']).collect();
    let n = |p: &str, digits: usize| -> Option<i64> {
        (!p.is_empty() && p.len() <= digits && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse().ok())
            .flatten()
    };
    let sixty = |p: &str| n(p, 2).filter(|&v| v < 60 && p.len() == 2);
    match parts.as_slice() {
        [h, m, sec] => Some(n(h, 3)? * 3600 + sixty(m)? * 60 + sixty(sec)?),
        [h, m] => Some(n(h, 3)? * 3600 + sixty(m)? * 60),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_team_entries_in_the_forms_judges_write() {
        let v = per_team("Leoni: 15:40-15:48, 16:30-16:37; Tigri: 16:05-16:13").unwrap();
        assert_eq!(
            v,
            vec![
                ("Leoni", vec!["15:40-15:48", "16:30-16:37"]),
                ("Tigri", vec!["16:05-16:13"])
            ]
        );
        let v = per_team("Leoni Rossi: 15.40 – 15.48, Tigri: nessuna").unwrap();
        assert_eq!(
            v,
            vec![("Leoni Rossi", vec!["15.40 – 15.48"]), ("Tigri", vec![])]
        );
        assert!(per_team("15:40-15:48").is_none());
        assert!(per_team("").is_none());
    }

    #[test]
    fn ranges_and_times_left() {
        assert!(range("15:40-15:48").is_some());
        assert!(range("15.40 – 15.48").is_some());
        assert!(range("2023-05-14T15:40-2023-05-14T15:48").is_some());
        assert!(range("15:40").is_none());
        assert!(range("15:40-").is_none());
        assert_eq!(left("0:12:31"), Some(751));
        assert_eq!(left("1:30"), Some(5400));
        assert_eq!(left("0:60:00"), None);
        assert_eq!(left("abc"), None);
    }

    #[test]
    fn modes() {
        assert_eq!(mode("4v4"), Some(Mode::FourVsFour));
        assert_eq!(mode(" 2 V 2 "), Some(Mode::TwoVsTwo));
        assert_eq!(mode("2 contro 2"), Some(Mode::TwoVsTwo));
        assert_eq!(mode("3v3"), None);
    }
}
