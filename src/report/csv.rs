//! The CSV report: one row per game, the header of `formats.md` section 6. A text cell a
//! spreadsheet would run as a formula is neutralised ([`neutral`]).

use crate::finding::Severity;
use crate::verify::GameReport;
use std::borrow::Cow;

/// The exact header of `formats.md` section 6.
pub const HEADER: [&str; 15] = [
    "file",
    "game",
    "variant",
    "valid",
    "errors",
    "warnings",
    "first_error_code",
    "first_error_army",
    "first_error_move",
    "first_error_ply",
    "besiegers",
    "besiegers_total",
    "besieged",
    "besieged_total",
    "winner",
];

/// One field of a row, before it is written.
enum Field<'a> {
    Text(&'a str),
    Number(i64),
    Empty,
}

/// The fields of one game's row, in the order of [`HEADER`].
fn fields<'a>(r: &'a GameReport) -> [Field<'a>; 15] {
    use Field::{Empty, Number, Text};
    let first = r.first_error();
    let text = |v: Option<&'a str>| v.map_or(Empty, Text);
    let number = |v: Option<u32>| v.map_or(Empty, |n| Number(i64::from(n)));
    [
        Text(&r.file),
        Number(r.game as i64),
        Text(r.variant.as_str()),
        Text(if r.is_valid() { "true" } else { "false" }),
        Number(r.count(Severity::Error) as i64),
        Number(r.count(Severity::Warning) as i64),
        text(first.map(|f| f.code.as_str())),
        text(first.and_then(|f| f.army.as_deref())),
        number(first.and_then(|f| f.move_number)),
        number(first.and_then(|f| f.ply)),
        text(r.teams.as_ref().map(|t| t.0.as_str())),
        r.scores
            .first()
            .map_or(Empty, |s| Number(i64::from(s.total))),
        text(r.teams.as_ref().map(|t| t.1.as_str())),
        r.scores
            .get(1)
            .map_or(Empty, |s| Number(i64::from(s.total))),
        text(r.result.or(r.winner.as_deref())),
    ]
}

/// The row of one game.
pub fn row(r: &GameReport) -> Vec<String> {
    fields(r)
        .iter()
        .map(|f| {
            let mut s = String::new();
            write_field(f, &mut s, false);
            s
        })
        .collect()
}

fn write_field(f: &Field<'_>, out: &mut String, quote: bool) {
    match f {
        Field::Text(t) if quote => write_quoted(t, out),
        Field::Text(t) => out.push_str(&neutral(t)),
        Field::Number(n) => {
            use std::fmt::Write;
            let _ = write!(out, "{n}");
        }
        Field::Empty => {}
    }
}

/// A text cell as a spreadsheet will show it and not run it. A cell starting with `=`,
/// `+`, `-`, `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google
/// Sheets (a team named `=HYPERLINK(…)` would run), so it gets the usual neutraliser, a
/// leading `'`. A plain number (`-135`, `+3`, `2.5`) stays as it is: it is no formula, and
/// a negative score must stay a number.
///
/// ```
/// use arbitro::report::csv::neutral;
/// assert_eq!(neutral("=HYPERLINK(x)"), "'=HYPERLINK(x)");
/// assert_eq!(neutral("-135"), "-135");
/// assert_eq!(neutral("Leoni"), "Leoni");
/// ```
pub fn neutral(text: &str) -> Cow<'_, str> {
    let active = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if active && !is_plain_number(text) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// An optional sign, digits, and optionally a point and more digits.
fn is_plain_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all(whole) && all(fraction)
}

/// Appends `text` as one CSV field: neutralised ([`neutral`]), then quoted as RFC 4180
/// says (as the csv crate writes it) when it holds a comma, a quote or a line end.
pub fn write_quoted(text: &str, out: &mut String) {
    let text = neutral(text);
    if text
        .bytes()
        .any(|c| matches!(c, b',' | b'"' | b'\n' | b'\r'))
    {
        out.push('"');
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(&text);
    }
}

/// Appends the fields of one game's row from column `from` on (0 for all of them), quoted
/// as RFC 4180 says (as the csv crate writes them) and joined by commas, without building
/// a string per field: the batch writes a row per game of an archive.
pub fn write_row(r: &GameReport, from: usize, out: &mut String) {
    for (i, f) in fields(r).iter().enumerate().skip(from) {
        if i > from {
            out.push(',');
        }
        write_field(f, out, true);
    }
}

/// The header line, as [`render`] writes it.
pub fn header_line() -> String {
    let mut s = HEADER.join(",");
    s.push('\n');
    s
}

/// One game's line, as [`render`] writes it.
pub fn row_line(r: &GameReport) -> String {
    let mut s = String::new();
    write_row(r, 0, &mut s);
    s.push('\n');
    s
}

/// The whole CSV text: header and one row per game.
pub fn render(reports: &[GameReport]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(HEADER).expect("writing to memory");
    for r in reports {
        w.write_record(row(r)).expect("writing to memory");
    }
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("CSV of UTF-8 is UTF-8")
}

/// The judge's register of one SuperScacchi game as CSV: one row per team (`score --format csv`).
pub fn score_rows(file: &str, v: &crate::superscacchi::score::Verdict) -> String {
    let mut out = String::from("file,team,role,material,events,penalties,total,winner\n");
    for (i, t) in v.teams.iter().enumerate() {
        write_quoted(file, &mut out);
        out.push(',');
        write_quoted(&t.team, &mut out);
        use std::fmt::Write;
        let _ = writeln!(
            out,
            ",{},{},{},{},{},{}",
            t.side.name(),
            t.material,
            t.event_points,
            t.penalty_points,
            t.total,
            v.winner == Some(i)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{neutral, write_quoted};

    #[test]
    fn formulas_are_neutralised_and_numbers_stay_numbers() {
        for (cell, shown) in [
            (
                "=HYPERLINK(\"http://x\",\"y\")",
                "'=HYPERLINK(\"http://x\",\"y\")",
            ),
            ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("-", "'-"),
            ("-.5", "'-.5"),
            ("-135", "-135"),
            ("+3", "+3"),
            ("2.5", "2.5"),
            ("Leoni", "Leoni"),
            ("1-0", "1-0"),
            ("", ""),
        ] {
            assert_eq!(neutral(cell), shown, "{cell:?}");
        }
    }

    #[test]
    fn a_neutralised_cell_is_quoted_as_rfc_4180_says() {
        let mut out = String::new();
        write_quoted("=HYPERLINK(\"http://x\",\"y\")", &mut out);
        assert_eq!(out, r#""'=HYPERLINK(""http://x"",""y"")""#);
        out.clear();
        write_quoted("\r=1", &mut out);
        assert_eq!(out, "\"'\r=1\"");
    }
}
