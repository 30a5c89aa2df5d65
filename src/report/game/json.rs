//! The JSON report of `formats.md` section 4.

use crate::finding::Finding;
use crate::lang::Lang;
use crate::superscacchi::score::Scored;
use crate::superscacchi::score::TeamScore;
use crate::verify::{ClassicalTags, GameReport};
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
    /// The moves the finding proposes (R32a, formats.md §4).
    #[serde(skip_serializing_if = "Option::is_none")]
    proposed: Option<&'a [String]>,
    /// Whose move a misplaced line is (R32a).
    #[serde(skip_serializing_if = "Option::is_none")]
    belongs_to: Option<BelongsTo>,
}

/// `{"army": "S", "move": 5}`: whose move a line written on the wrong sheet is.
#[derive(Serialize)]
struct BelongsTo {
    army: &'static str,
    #[serde(rename = "move")]
    move_number: u32,
}

impl<'a> JsonFinding<'a> {
    /// The finding with its texts in `lang` (the keys never change).
    fn new(f: &'a Finding, lang: Lang) -> Self {
        JsonFinding {
            severity: f.severity().as_str(),
            code: f.code.as_str(),
            rule: f.rule,
            army: f.army_name(),
            move_number: f.move_number,
            ply: f.ply,
            line: f.span.map(|s| s.line),
            column: f.span.map(|s| s.column),
            message: f.message_in(lang),
            hint: f.hint_in(lang),
            proposed: f
                .proposal
                .as_deref()
                .filter(|p| p.belongs_to.is_none())
                .map(|p| p.moves.as_slice()),
            belongs_to: f.proposal.as_deref().and_then(|p| p.belongs_to).map(
                |(army, move_number)| BelongsTo {
                    army: army.as_str(),
                    move_number,
                },
            ),
        }
    }
}

/// One finding as the JSON report writes it (formats.md §4), its texts in `lang`.
pub fn finding_value(f: &Finding, lang: Lang) -> serde_json::Value {
    serde_json::to_value(JsonFinding::new(f, lang)).unwrap_or_default()
}

/// An event as formats.md §4 lays it out: the replay's event, the team it is credited to
/// and its points (R39).
#[derive(Serialize)]
struct JsonEvent<'a> {
    kind: &'static str,
    army: &'static str,
    #[serde(rename = "move")]
    move_number: Option<u32>,
    ply: u32,
    team: &'a str,
    points: i32,
    rule: &'static str,
}

impl<'a> JsonEvent<'a> {
    fn new(s: &Scored, r: &'a GameReport) -> Self {
        let e = &s.event;
        JsonEvent {
            kind: e.kind.as_str(),
            army: e.army.code(),
            move_number: e.move_number,
            ply: e.ply,
            team: r.team_of(e.army),
            points: s.points,
            rule: e.rule,
        }
    }
}

/// One game as formats.md §4 lays it out, borrowed from its [`GameReport`]: where it is
/// (file and game number), then what it is ([`JsonBody`]).
#[derive(Serialize)]
struct JsonGame<'a> {
    file: &'a str,
    game: usize,
    #[serde(flatten)]
    body: JsonBody<'a>,
}

/// A game's keys after `file` and `game`; the scores serialize themselves ([`TeamScore`]).
#[derive(Serialize)]
struct JsonBody<'a> {
    variant: &'static str,
    valid: bool,
    findings: Vec<JsonFinding<'a>>,
    events: Vec<JsonEvent<'a>>,
    scores: &'a [TeamScore],
    /// SuperScacchi, R32a: the scores with every slip read as proposed.
    #[serde(skip_serializing_if = "Option::is_none")]
    proposed_scores: Option<&'a [TeamScore]>,
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
    /// SuperScacchi: the clock record (R44–R46).
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<super::clock::JsonClock<'a>>,
    /// Classical: `white`, `black`, `phase`, `group`, `declared_result`.
    #[serde(flatten)]
    tags: Option<&'a ClassicalTags>,
}

fn json_game(r: &GameReport, lang: Lang) -> JsonGame<'_> {
    JsonGame {
        file: &r.file,
        game: r.game,
        body: json_body(r, lang),
    }
}

fn json_body(r: &GameReport, lang: Lang) -> JsonBody<'_> {
    let verdict = r.verdict();
    JsonBody {
        variant: r.variant().as_str(),
        valid: r.is_valid(),
        findings: r
            .findings
            .iter()
            .map(|f| JsonFinding::new(f, lang))
            .collect(),
        events: r.events().iter().map(|s| JsonEvent::new(s, r)).collect(),
        scores: verdict.map_or(&[], |v| &v.teams),
        proposed_scores: r.proposed_verdict().map(|v| &v.teams[..]),
        winner: r.winner(),
        outcome: verdict.map(|v| v.decision().code()),
        result: r.result().map(|g| g.as_str()),
        notation: r.notation().map(|n| n.code()),
        plies: r.plies(),
        ending: r.ending(),
        clock: super::clock::json(r),
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

/// A part of a file that could not be checked (unreadable, empty, binary, an internal
/// error), as a batch row writes it: the game keys of formats.md §4 with no variant, not
/// valid, its one finding, nothing else.
#[derive(Serialize)]
struct JsonProblem<'a> {
    variant: Option<&'static str>,
    valid: bool,
    findings: [JsonFinding<'a>; 1],
    events: [(); 0],
    scores: [(); 0],
    winner: Option<&'a str>,
}

/// A problem row's JSON object without its `file` and `game` keys ([`json_line`] adds
/// them), its message in `lang`.
pub fn problem_body(f: &Finding, lang: Lang) -> String {
    let p = JsonProblem {
        variant: None,
        valid: false,
        findings: [JsonFinding::new(f, lang)],
        events: [],
        scores: [],
        winner: None,
    };
    serde_json::to_string(&p).expect("plain data serializes")
}

/// A game's JSON object without its `file` and `game` keys (formats.md §4), for a writer
/// that knows them only later: [`json_line`] puts the three together.
pub fn body_of(r: &GameReport, lang: Lang) -> String {
    serde_json::to_string(&json_body(r, lang)).expect("plain data serializes")
}

/// One line of JSON Lines: the object with `file` and `game` (none for a part of a file
/// that could not be read), then the keys of `body`, an object [`body_of`] wrote.
pub fn json_line(out: &mut String, file: &str, game: Option<usize>, body: &str) {
    let keys = body
        .strip_prefix('{')
        .filter(|k| k.len() > 1)
        .expect("a game's body is a JSON object with keys");
    out.push_str("{\"file\":");
    out.push_str(&serde_json::to_string(file).expect("a string serializes"));
    out.push_str(",\"game\":");
    match game {
        Some(g) => out.push_str(&g.to_string()),
        None => out.push_str("null"),
    }
    out.push(',');
    out.push_str(keys);
    out.push('\n');
}
