//! The JSON report of `formats.md` section 4.

use crate::finding::Finding;
use crate::lang::Lang;
use crate::superscacchi::score::TeamScore;
use crate::verify::{ClassicalTags, EventLine, GameReport};
use serde::Serialize;

#[derive(Serialize)]
struct JsonFinding<'a> {
    severity: &'static str,
    code: &'static str,
    rule: Option<&'static str>,
    army: Option<&'a str>,
    #[serde(rename = "move")]
    move_number: Option<u32>,
    ply: Option<u32>,
    line: Option<u32>,
    column: Option<u32>,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
}

impl<'a> JsonFinding<'a> {
    /// The finding with its texts in `lang` (the keys never change).
    fn new(f: &'a Finding, lang: Lang) -> Self {
        JsonFinding {
            severity: f.severity().as_str(),
            code: f.code.as_str(),
            rule: f.rule,
            army: f.army.as_deref(),
            move_number: f.move_number,
            ply: f.ply,
            line: f.span.map(|s| s.line),
            column: f.span.map(|s| s.column),
            message: f.message_in(lang),
            hint: f.hint_in(lang),
        }
    }
}

/// One finding as the JSON report writes it (formats.md §4), its texts in `lang`.
pub fn finding_value(f: &Finding, lang: Lang) -> serde_json::Value {
    serde_json::to_value(JsonFinding::new(f, lang)).unwrap_or_default()
}

/// One game as formats.md §4 lays it out, borrowed from its [`GameReport`]: the events and
/// scores serialize themselves ([`EventLine`], [`TeamScore`]).
#[derive(Serialize)]
struct JsonGame<'a> {
    file: &'a str,
    game: usize,
    variant: &'static str,
    valid: bool,
    findings: Vec<JsonFinding<'a>>,
    events: &'a [EventLine],
    scores: &'a [TeamScore],
    winner: Option<&'a str>,
    /// SuperScacchi: `winner`, `tie` (for the judge) or `both-lose` (R40/R41).
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notation: Option<&'static str>,
    plies: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    ending: Option<&'static str>,
    /// Classical: `white`, `black`, `phase`, `group`, `declared_result`.
    #[serde(flatten)]
    tags: Option<&'a ClassicalTags>,
}

fn json_game(r: &GameReport, lang: Lang) -> JsonGame<'_> {
    let verdict = r.verdict();
    JsonGame {
        file: &r.file,
        game: r.game,
        variant: r.variant().as_str(),
        valid: r.is_valid(),
        findings: r
            .findings
            .iter()
            .map(|f| JsonFinding::new(f, lang))
            .collect(),
        events: r.events(),
        scores: verdict.map_or(&[], |v| &v.teams),
        winner: r.winner(),
        outcome: verdict.map(|v| v.outcome().code()),
        result: r.result(),
        notation: r.notation().map(|n| n.code()),
        plies: r.plies(),
        ending: r.ending(),
        tags: r.classical().map(|c| &c.tags),
    }
}

/// One game as a JSON value; the findings' `message` and `hint` are in `lang`.
pub fn to_value(r: &GameReport, lang: Lang) -> serde_json::Value {
    serde_json::to_value(json_game(r, lang)).expect("plain data serializes")
}

/// The report for several games: one object for one game, an array for more. The keys are
/// formats.md §4's; the findings' `message` and `hint` are in `lang`.
pub fn render(reports: &[GameReport], lang: Lang) -> String {
    let out = if reports.len() == 1 {
        serde_json::to_string_pretty(&json_game(&reports[0], lang))
    } else {
        serde_json::to_string_pretty(
            &reports
                .iter()
                .map(|r| json_game(r, lang))
                .collect::<Vec<_>>(),
        )
    };
    let mut out = out.expect("plain data serializes");
    out.push('\n');
    out
}

/// One line of JSON Lines, with another game number (batch numbers games per file only
/// once the parallel work is ordered).
pub fn render_line_as(r: &GameReport, game: usize, lang: Lang) -> String {
    let mut g = json_game(r, lang);
    g.game = game;
    let mut s = serde_json::to_string(&g).expect("plain data serializes");
    s.push('\n');
    s
}
