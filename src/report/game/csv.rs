//! The CSV report: one row per game, the header of `formats.md` section 6. A text cell a
//! spreadsheet would run as a formula is neutralised ([`neutral`]).

use crate::finding::Severity;
use crate::lang::Lang;
use crate::notation::classical::GameResult;
use crate::verify::GameReport;
use serde::{Serialize, Serializer};
use std::borrow::Cow;

/// The header of `formats.md` section 6, then the columns added at its end (a school's
/// spreadsheet: the players, `[Fase]`, `[Girone]` and the declared result; a SuperScacchi
/// game's clock record, R44–R46: the mode, the minutes of play, each team's time-outs and
/// time left; then what people look a game up by, issue 32: the PGN roster's event, date,
/// site, round and ratings, the plies, every finding code and the first error's words):
/// `file`, `game` and the field list of [`Cells`] (a unit test holds them together).
pub const HEADER: [&str; 35] = [
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
    "white",
    "black",
    "phase",
    "group",
    "declared_result",
    "mode",
    "play_min",
    "besiegers_sospensioni",
    "besieged_sospensioni",
    "besiegers_time_left",
    "besieged_time_left",
    "event",
    "date",
    "site",
    "round",
    "white_elo",
    "black_elo",
    "plies",
    "codes",
    "first_error_message",
];

/// A text cell, written [`neutral`] (a spreadsheet shows it and does not run it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Text<'a>(pub &'a str);

impl<'a> From<&'a str> for Text<'a> {
    fn from(s: &'a str) -> Self {
        Text(s)
    }
}

impl Serialize for Text<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&neutral(self.0))
    }
}

/// A date cell: ISO `YYYY-MM-DD` when the tag is a whole date ([`civil_date`]), else the
/// text as written ([`neutral`]: `2023.??.??` stays).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DateText<'a>(pub &'a str);

impl Serialize for DateText<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match civil_date(self.0) {
            Some(d) => s.collect_str(&d),
            None => s.serialize_str(&neutral(self.0)),
        }
    }
}

/// A date tag as a calendar date, when it names a whole one: PGN `2023.05.14`, ISO
/// `2023-05-14`, `2023/05/14`, or Italian `14/05/2023` (`14.05.2023`, `14-05-2023`).
///
/// ```
/// use arbitro::report::game::csv::civil_date;
/// assert_eq!(civil_date("2023.05.14").unwrap().to_string(), "2023-05-14");
/// assert_eq!(civil_date("14/05/2023").unwrap().to_string(), "2023-05-14");
/// assert!(civil_date("2023.??.??").is_none());
/// assert!(civil_date("2023.02.30").is_none());
/// ```
pub fn civil_date(text: &str) -> Option<jiff::civil::Date> {
    let parts: Vec<&str> = text.trim().split(['.', '-', '/']).collect();
    let [a, b, c] = parts[..] else { return None };
    let num = |s: &str| {
        (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<i16>().ok())
            .flatten()
    };
    let (y, m, d) = if a.len() == 4 {
        (num(a)?, num(b)?, num(c)?)
    } else if c.len() == 4 {
        (num(c)?, num(b)?, num(a)?)
    } else {
        return None;
    };
    jiff::civil::Date::new(y, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok()
}

/// One game's cells after `file` and `game`: its fields are the columns of [`HEADER`]
/// from the third on, in order, and the csv crate writes them, so the header and the rows
/// cannot drift apart (a unit test holds them together). Empty cells are `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Cells<'a> {
    /// `classical` or `superscacchi`; empty for a part of a file that could not be read.
    pub variant: Option<&'static str>,
    /// No finding is an error.
    pub valid: bool,
    /// Error findings.
    pub errors: usize,
    /// Warning findings.
    pub warnings: usize,
    /// The first error's code.
    pub first_error_code: Option<&'static str>,
    /// Its army (SuperScacchi sheet, or classical `white`/`black`).
    pub first_error_army: Option<Text<'a>>,
    /// Its move number on the sheet.
    pub first_error_move: Option<u32>,
    /// Its ply.
    pub first_error_ply: Option<u32>,
    /// SuperScacchi: the besiegers' team.
    pub besiegers: Option<Text<'a>>,
    /// Their total (empty when the game has an error).
    pub besiegers_total: Option<i32>,
    /// SuperScacchi: the besieged team.
    pub besieged: Option<Text<'a>>,
    /// Their total.
    pub besieged_total: Option<i32>,
    /// Classical: the result the replay supports; SuperScacchi: the winning team.
    pub winner: Option<Text<'a>>,
    /// Classical: `[White]` / `[Bianco]`.
    pub white: Option<Text<'a>>,
    /// Classical: `[Black]` / `[Nero]`.
    pub black: Option<Text<'a>>,
    /// Classical: `[Phase]` / `[Fase]`.
    pub phase: Option<Text<'a>>,
    /// Classical: `[Group]` / `[Girone]`.
    pub group: Option<Text<'a>>,
    /// Classical: `[Result]` / `[Risultato]`, the result the sheet declares.
    pub declared_result: Option<Text<'a>>,
    /// SuperScacchi: `4v4` or `2v2` (R44).
    pub mode: Option<&'static str>,
    /// SuperScacchi: whole minutes of play, `[Inizio]` to `[Fine]` less the time-outs (R46).
    pub play_min: Option<i64>,
    /// SuperScacchi: time-outs the besiegers called (R45).
    pub besiegers_sospensioni: Option<usize>,
    /// SuperScacchi: time-outs the besieged called.
    pub besieged_sospensioni: Option<usize>,
    /// SuperScacchi: the besiegers' time left, `H:MM:SS` (`[Orologio]`).
    pub besiegers_time_left: Option<String>,
    /// SuperScacchi: the besieged's time left.
    pub besieged_time_left: Option<String>,
    /// `[Event]` / `[Evento]`.
    pub event: Option<Text<'a>>,
    /// `[Date]` / `[Data]` ([`DateText`]: ISO when whole).
    pub date: Option<DateText<'a>>,
    /// `[Site]` / `[Luogo]`.
    pub site: Option<Text<'a>>,
    /// Classical: `[Round]` / `[Turno]`.
    pub round: Option<Text<'a>>,
    /// Classical: `[WhiteElo]` / `[EloBianco]`, as written.
    pub white_elo: Option<Text<'a>>,
    /// Classical: `[BlackElo]` / `[EloNero]`.
    pub black_elo: Option<Text<'a>>,
    /// Moves replayed (empty for a part of a file that could not be read).
    pub plies: Option<u32>,
    /// Every finding code of the game, each once, in the order met, `;`-joined.
    pub codes: Option<String>,
    /// The first error's message, in the run's language.
    pub first_error_message: Option<Text<'a>>,
}

impl<'a> Cells<'a> {
    /// The cells of one game; the message in `lang`.
    pub fn of(r: &'a GameReport, lang: Lang) -> Cells<'a> {
        let first = r.first_error();
        let text = |v: Option<&'a str>| v.map(Text::from);
        let teams = r.teams();
        let totals = r.verdict().map(|v| [v.teams[0].total, v.teams[1].total]);
        let tags = r.classical().map(|c| &c.tags);
        let tag = |f: fn(&'a crate::verify::ClassicalTags) -> &'a Option<String>| {
            tags.and_then(|t| f(t).as_deref()).map(Text::from)
        };
        let clock = super::clock::ClockCells::of(r);
        let register = r.register();
        let listing = tags.and_then(|t| t.listing.as_deref());
        let listed =
            |c: fn(&'a crate::verify::Listing) -> &'a Option<String>,
             s: fn(&'a crate::superscacchi::register::Register) -> &'a Option<String>| {
                listing
                    .and_then(|l| c(l).as_deref())
                    .or_else(|| register.and_then(|r| s(r).as_deref()))
            };
        let only = |c: fn(&'a crate::verify::Listing) -> &'a Option<String>| {
            listing.and_then(|l| c(l).as_deref()).map(Text)
        };
        let [besiegers_left, besieged_left] = clock.time_left;
        Cells {
            variant: Some(r.variant().as_str()),
            valid: r.is_valid(),
            errors: r.count(Severity::Error),
            warnings: r.count(Severity::Warning),
            first_error_code: first.map(|f| f.code.as_str()),
            first_error_army: text(first.and_then(|f| f.army_name())),
            first_error_move: first.and_then(|f| f.move_number),
            first_error_ply: first.and_then(|f| f.ply),
            besiegers: text(teams.map(|t| t[0].as_str())),
            besiegers_total: totals.map(|t| t[0]),
            besieged: text(teams.map(|t| t[1].as_str())),
            besieged_total: totals.map(|t| t[1]),
            winner: text(r.result().map(GameResult::as_str).or(r.winner())),
            white: tag(|t| &t.white),
            black: tag(|t| &t.black),
            phase: tag(|t| &t.phase),
            group: tag(|t| &t.group),
            declared_result: tags
                .and_then(|t| t.declared_result)
                .map(|d| Text::from(d.as_str())),
            mode: clock.mode,
            play_min: clock.play_min,
            besiegers_sospensioni: clock.sospensioni[0],
            besieged_sospensioni: clock.sospensioni[1],
            besiegers_time_left: besiegers_left,
            besieged_time_left: besieged_left,
            event: listed(|t| &t.event, |r| &r.event).map(Text),
            date: listed(|t| &t.date, |r| &r.date).map(DateText),
            site: listed(|t| &t.site, |r| &r.site).map(Text),
            round: only(|l| &l.round),
            white_elo: only(|l| &l.white_elo),
            black_elo: only(|l| &l.black_elo),
            plies: Some(r.plies()),
            codes: codes_of(&r.findings),
            first_error_message: first.map(|f| Text(f.message_in(lang))),
        }
    }

    /// The cells of a part of a file that could not be read: no game, no variant, one
    /// error, the input problem's `code` and `message`.
    pub fn problem(code: &'static str, message: &'a str) -> Cells<'a> {
        Cells {
            errors: 1,
            first_error_code: Some(code),
            codes: Some(code.to_string()),
            first_error_message: Some(Text(message)),
            ..Cells::default()
        }
    }
}

/// Every code of `findings`, each once, in the order met, `;`-joined; `None` for none.
fn codes_of(findings: &[crate::finding::Finding]) -> Option<String> {
    let mut out = String::new();
    let mut seen: Vec<&str> = Vec::new();
    for f in findings {
        let code = f.code.as_str();
        if !seen.contains(&code) {
            seen.push(code);
            if !out.is_empty() {
                out.push(';');
            }
            out.push_str(code);
        }
    }
    (!out.is_empty()).then_some(out)
}

/// A CSV writer of rows (no header: [`header_line`] is written once, when wanted).
fn writer<W: std::io::Write>(out: W) -> csv::Writer<W> {
    csv::WriterBuilder::new()
        .has_headers(false)
        .buffer_capacity(256)
        .from_writer(out)
}

/// Writes one row: `file`, `game` (empty when `None`), then the cells.
fn write_record<W: std::io::Write>(
    w: &mut csv::Writer<W>,
    file: &str,
    game: Option<usize>,
    cells: &Cells<'_>,
) {
    w.serialize((Text::from(file), game, cells))
        .expect("writing to memory");
}

/// Appends the cells after `file,game` (joined by commas, quoted by the csv crate, no
/// line end) to `out`: the batch writes them per game, and the file and the game number
/// once the rows are ordered.
pub fn write_cells(cells: &Cells<'_>, out: &mut String) {
    write_cells_with(cells, b',', out);
}

/// [`write_cells`] with `delimiter` between the cells (`;` for a spreadsheet under a
/// locale whose decimal mark is the comma: `batch --csv-excel`).
pub fn write_cells_with(cells: &Cells<'_>, delimiter: u8, out: &mut String) {
    let mut bytes = Vec::with_capacity(128);
    {
        let mut w = csv::WriterBuilder::new()
            .delimiter(delimiter)
            .has_headers(false)
            .buffer_capacity(256)
            .from_writer(&mut bytes);
        w.serialize(cells).expect("writing to memory");
        w.flush().expect("writing to memory");
    }
    let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
    out.push_str(std::str::from_utf8(line).expect("CSV of UTF-8 is UTF-8"));
}

/// A text cell as a spreadsheet will show it and not run it. A cell starting with `=`,
/// `+`, `-`, `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google
/// Sheets (a team named `=HYPERLINK(…)` would run), so it gets the usual neutraliser, a
/// leading `'`. A plain number (`-135`, `+3`, `2.5`) stays as it is: it is no formula, and
/// a negative score must stay a number.
///
/// ```
/// use arbitro::report::game::csv::neutral;
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
    write_quoted_with(text, b',', out);
}

/// [`write_quoted`] for cells separated by `delimiter`.
pub fn write_quoted_with(text: &str, delimiter: u8, out: &mut String) {
    let text = neutral(text);
    if text
        .bytes()
        .any(|c| c == delimiter || matches!(c, b'"' | b'\n' | b'\r'))
    {
        out.push('"');
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(&text);
    }
}

/// The header line, as [`render`] writes it.
pub fn header_line() -> String {
    let mut s = HEADER.join(",");
    s.push('\n');
    s
}

/// One game's line, as [`render`] writes it; its message in `lang`.
pub fn row_line(r: &GameReport, lang: Lang) -> String {
    let mut w = writer(Vec::new());
    write_record(&mut w, &r.file, Some(r.game), &Cells::of(r, lang));
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("CSV of UTF-8 is UTF-8")
}

/// The whole CSV text: header and one row per game; the messages in `lang`.
pub fn render(reports: &[GameReport], lang: Lang) -> String {
    let mut w = writer(header_line().into_bytes());
    for r in reports {
        write_record(&mut w, &r.file, Some(r.game), &Cells::of(r, lang));
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
            t.camp.name(),
            t.material,
            t.event_points,
            t.penalty_points,
            t.total,
            v.winner() == Some(i)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Cells, HEADER, Text, neutral, write_cells, write_quoted};

    #[test]
    fn the_header_is_the_cells_field_list() {
        // What the csv crate writes as the header of serialized cells is HEADER after
        // `file,game`: the two cannot drift apart.
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(Cells::default()).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert_eq!(
            format!("file,game,{}", text.lines().next().unwrap()),
            HEADER.join(",")
        );
        // formats.md section 6: the first fifteen columns, exactly; more only at the end.
        assert_eq!(
            HEADER[..15].join(","),
            "file,game,variant,valid,errors,warnings,first_error_code,first_error_army,first_error_move,first_error_ply,besiegers,besiegers_total,besieged,besieged_total,winner"
        );
    }

    #[test]
    fn a_text_cell_is_neutralised_and_quoted_by_the_csv_crate() {
        let cells = Cells {
            winner: Some(Text::from("=cmd,\"x\"")),
            white: Some(Text::from("-135")),
            ..Cells::problem("unreadable", "cannot read")
        };
        let mut out = String::new();
        write_cells(&cells, &mut out);
        out.push('|');
        write_cells(&Cells::default(), &mut out);
        assert_eq!(
            out,
            ",false,1,0,unreadable,,,,,,,,\"'=cmd,\"\"x\"\"\",-135,,,,,,,,,,,,,,,,,,unreadable,cannot read|,false,0,0,,,,,,,,,,,,,,,,,,,,,,,,,,,,,"
        );
    }

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
