//! The contest document for the judge (`arbitro contest --out FILE`, R43): one A4 page a
//! captain hands the judge. At the top, in large type, whether the contest is admissible
//! (the ten minutes of R43) and whether the table's verdict stands; then who contests
//! which game (Evento, Data, Gara, Partita, the teams), the captain's grounds in their own
//! box (`--motivo`), the game's findings as a table in sheet order, the scores (the
//! table's and the recomputed ones) as a table, every sheet line the differences rest on,
//! quoted, and room for the captain's and the judge's signatures. Plain text
//! ([`text::text`]), or an HTML page that prints on A4 ([`html::html`]): self-contained
//! and inert (no script, no link, every text from the file escaped and made inert). No
//! file path, no finding code: the rule column's R-number is the only code shown.

pub mod html;
pub mod text;
pub(crate) mod words;

pub use html::html;
pub use text::text;

use super::grounds::Grounds;
use crate::finding::Finding;
use crate::geometry::Camp;
use crate::lang::date::TagDate;
use crate::lang::{Lang, Say};
use crate::notation::superscacchi::{SsGame, parse, prepare};
use crate::report::verdict::outcome_words;
use crate::report::verdict::{MatchEffect, describe_item, explanation, match_effect_text};
use crate::superscacchi::contest::{Contest, Item, Timing, declared_decision};
use crate::superscacchi::register::Register;
use crate::superscacchi::score::{PenaltyKind, Verdict};
use jiff::civil::DateTime;

/// The findings the page has room for; beyond them the table says how many more there are
/// and sends the reader to the full report.
pub const MAX_FINDINGS: usize = 8;

/// The sheet lines the page has room for (the declared totals, then each item's line).
pub const MAX_CITED: usize = 4;

/// A finding's message is cut after this many characters (with `…`), so that each row is
/// one printed line: the full report has it whole.
pub const MESSAGE_CHARS: usize = 110;

/// A tag's value in the head of the page is cut after this many characters (with `…`).
pub const TAG_CHARS: usize = 60;

/// A quoted sheet line is cut after this many characters (with `…`).
pub const QUOTE_CHARS: usize = 80;

/// A line of the game file a difference rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cited {
    /// The team whose total differs.
    pub team: String,
    /// What the line stands for ("the declared totals", an event, a penalty).
    pub what: String,
    /// 1-based line number in the file.
    pub line: u32,
    /// The line as written (cut at [`QUOTE_CHARS`]).
    pub text: String,
}

/// One finding of the game, as the document's table shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The army's sheet (`NE`), when the finding is on one.
    pub army: Option<&'static str>,
    /// The move number written on the sheet.
    pub move_number: Option<u32>,
    /// The line of the game file.
    pub line: Option<u32>,
    /// The rule (`R47`).
    pub rule: Option<&'static str>,
    /// The finding's message in the document's language (cut at [`MESSAGE_CHARS`]).
    pub what: String,
}

/// One team's scores: the table's and the recomputed one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// The team.
    pub team: String,
    /// Besiegers or besieged.
    pub camp: Camp,
    /// From `[Risultato]`, when declared.
    pub declared: Option<i32>,
    /// Recomputed (R38–R42).
    pub computed: i32,
    /// What explains the difference, when there is one.
    pub difference: Option<String>,
}

/// Whether the table's verdict stands, as the document's second large line says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// The recomputed verdict is the declared one.
    Upheld,
    /// The recomputed verdict differs from the declared one.
    Overturned,
    /// The recomputed verdict differs, but the contest is late: the table's verdict
    /// stands (R43), the recomputed one is for the record.
    UpheldLate,
    /// The sheet declares no result (`[Risultato]`): nothing to uphold.
    NotDeclared,
}

/// When the contest was filed, against the game's end (R43).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filing {
    /// Filed at, on the venue's clock.
    pub at: DateTime,
    /// The game's end (`[Fine]`), when written.
    pub end: Option<DateTime>,
    /// The end plus ten minutes, when the end is known.
    pub deadline: Option<DateTime>,
    /// Early, in time, late or unknown.
    pub timing: Timing,
}

/// Everything the document shows.
#[derive(Debug, Clone)]
pub struct Document {
    /// The language.
    pub lang: Lang,
    /// `[Evento]`, `[Data]` (day first in Italian), `[Gara]`, `[Partita]`, as written
    /// (absent ones left out; cut at [`TAG_CHARS`]).
    pub tags: Vec<(&'static str, String)>,
    /// Besiegers' and besieged team.
    pub teams: [String; 2],
    /// The contesting team.
    pub team: String,
    /// When it was filed.
    pub filing: Filing,
    /// Whether the table's verdict stands.
    pub standing: Standing,
    /// The declared outcome in words (`vince Leoni`), when declared.
    pub declared: Option<String>,
    /// The recomputed outcome in words.
    pub recomputed: String,
    /// The captain's grounds.
    pub grounds: Option<Grounds>,
    /// The game's findings, in sheet order, at most [`MAX_FINDINGS`].
    pub findings: Vec<Row>,
    /// How many more findings the game has than the table shows.
    pub more_findings: usize,
    /// Both teams' scores.
    pub scores: [Score; 2],
    /// The lines the differences rest on, at most [`MAX_CITED`].
    pub cited: Vec<Cited>,
    /// How many more lines there are than the table shows.
    pub more_cited: usize,
    /// With `--match`: what the contest does to the match (R42).
    pub match_line: Option<String>,
}

/// What the document is made from.
pub struct Input<'a> {
    /// The language.
    pub lang: Lang,
    /// The game file's decoded text.
    pub text: &'a str,
    /// The game's register.
    pub register: &'a Register,
    /// The recomputed verdict.
    pub verdict: &'a Verdict,
    /// The contest.
    pub contest: &'a Contest,
    /// The findings to show (`super::shown_findings`).
    pub findings: Vec<&'a Finding>,
    /// The captain's grounds.
    pub grounds: Option<Grounds>,
    /// With `--match`: the match as declared and as recomputed.
    pub match_effect: Option<&'a MatchEffect>,
}

impl Document {
    /// The document of a contest.
    pub fn new(input: Input<'_>) -> Document {
        let Input {
            lang,
            text,
            register,
            verdict: v,
            contest: c,
            ..
        } = input;
        let clean = prepare(text);
        let game = parse(&clean);
        let tags = ["Evento", "Data", "Gara", "Partita"]
            .into_iter()
            .filter_map(|t| match (t, game.tag(t)) {
                ("Data", Some(v)) => Some((t, cut(&TagDate(v).say(lang), TAG_CHARS))),
                (_, v) => v.map(|v| (t, cut(v, TAG_CHARS))),
            })
            .collect();
        let declared = declared_decision(register, v);
        let standing = match declared {
            None => Standing::NotDeclared,
            Some(d) if d == v.decision() => Standing::Upheld,
            Some(_) if c.timing == Timing::Late => Standing::UpheldLate,
            Some(_) => Standing::Overturned,
        };
        let (findings, more_findings) = rows(lang, &input.findings);
        let mut cited = cited(lang, text, &game, register, c);
        let more_cited = cited.len().saturating_sub(MAX_CITED);
        cited.truncate(MAX_CITED);
        Document {
            lang,
            tags,
            teams: register.teams.clone(),
            team: register.teams[c.team].clone(),
            filing: Filing {
                at: c.filed_at.datetime(),
                end: register.end,
                deadline: c.deadline.as_ref().map(jiff::Zoned::datetime),
                timing: c.timing,
            },
            standing,
            declared: declared.map(|d| outcome_words(lang, d, v)),
            recomputed: outcome_words(lang, v.decision(), v),
            grounds: input.grounds,
            findings,
            more_findings,
            scores: [0, 1].map(|i| score(lang, register, v, c, i)),
            cited,
            more_cited,
            match_line: input
                .match_effect
                .map(|m| match_effect_text(lang, m).trim_end().to_string()),
        }
    }
}

/// The findings in sheet order (line, then column; those about the whole file first), the
/// first [`MAX_FINDINGS`] of them as rows, and how many are left out.
fn rows(lang: Lang, findings: &[&Finding]) -> (Vec<Row>, usize) {
    let mut sorted = findings.to_vec();
    sorted.sort_by_key(|f| f.span.map(|s| (s.line, s.column)));
    let more = sorted.len().saturating_sub(MAX_FINDINGS);
    let rows = sorted
        .into_iter()
        .take(MAX_FINDINGS)
        .map(|f| Row {
            army: f.army_name(),
            move_number: f.move_number,
            line: f.span.map(|s| s.line),
            rule: f.rule,
            what: cut(f.message_in(lang), MESSAGE_CHARS),
        })
        .collect();
    (rows, more)
}

/// `s` cut after `n` characters, with `…` when it was longer.
fn cut(s: &str, n: usize) -> String {
    match s.char_indices().nth(n) {
        Some((i, _)) => format!("{}…", s[..i].trim_end()),
        None => s.to_string(),
    }
}

/// Team `i`'s scores, and what explains its difference.
fn score(lang: Lang, register: &Register, v: &Verdict, c: &Contest, i: usize) -> Score {
    let t = &v.teams[i];
    Score {
        team: t.team.clone(),
        camp: t.camp,
        declared: register.declared.map(|d| d[i]),
        computed: t.total,
        difference: c
            .differences
            .iter()
            .find(|d| d.team == i)
            .map(|d| explanation(lang, d)),
    }
}

/// Every line a difference rests on: the declared totals, then the moves of the events
/// and the tags of the penalties its explanation names (material has no line: it is the
/// final position).
fn cited(
    lang: Lang,
    text: &str,
    game: &SsGame<'_>,
    register: &Register,
    c: &Contest,
) -> Vec<Cited> {
    let line_text = |n: u32| {
        let line = text.lines().nth(n.saturating_sub(1) as usize).unwrap_or("");
        cut(line.trim(), QUOTE_CHARS)
    };
    let mut out: Vec<Cited> = Vec::new();
    for d in &c.differences {
        let team = &register.teams[d.team];
        let mut push = |what: String, line: u32| {
            if !out.iter().any(|q| q.line == line && &q.team == team) {
                out.push(Cited {
                    team: team.clone(),
                    what,
                    line,
                    text: line_text(line),
                });
            }
        };
        if let Some(s) = game.tag_span("Risultato") {
            push(
                lang.t("the declared totals", "i totali dichiarati")
                    .to_string(),
                s.line,
            );
        }
        for item in d.explanation.sets.iter().flatten() {
            if let Some(line) = item_line(game, item) {
                push(cut(&describe_item(lang, item), QUOTE_CHARS), line);
            }
        }
    }
    out
}

/// The line of the file an item stands on: the move of an event, the tag of a penalty.
fn item_line(game: &SsGame<'_>, item: &Item) -> Option<u32> {
    match item {
        Item::Event(e) => {
            let n = e.event.move_number?;
            let sheet = game.sheets.iter().find(|s| s.army == e.event.army)?;
            sheet
                .lines
                .iter()
                .find(|l| l.number == n)
                .map(|l| l.span.line)
        }
        Item::Penalty(p) => {
            let tag = match p.kind {
                PenaltyKind::Warning(_) => "Ammonimenti",
                PenaltyKind::TimeOut => "TempoEsaurito",
                PenaltyKind::Resignation => "Abbandono",
            };
            game.tag_span(tag).map(|s| s.line)
        }
        Item::Pieces { .. } | Item::Piece { .. } => None,
    }
}
