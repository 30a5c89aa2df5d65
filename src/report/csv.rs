//! The CSV report: one row per game, the header of `formats.md` section 6.

use crate::finding::Severity;
use crate::verify::GameReport;

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

/// The row of one game.
pub fn row(r: &GameReport) -> Vec<String> {
    let first = r.first_error();
    let opt = |v: Option<String>| v.unwrap_or_default();
    vec![
        r.file.clone(),
        r.game.to_string(),
        r.variant.as_str().to_string(),
        r.is_valid().to_string(),
        r.count(Severity::Error).to_string(),
        r.count(Severity::Warning).to_string(),
        opt(first.map(|f| f.code.as_str().to_string())),
        opt(first.and_then(|f| f.army.clone())),
        opt(first.and_then(|f| f.move_number.map(|n| n.to_string()))),
        opt(first.and_then(|f| f.ply.map(|n| n.to_string()))),
        opt(r.teams.as_ref().map(|t| t.0.clone())),
        opt(r.scores.first().map(|s| s.total.to_string())),
        opt(r.teams.as_ref().map(|t| t.1.clone())),
        opt(r.scores.get(1).map(|s| s.total.to_string())),
        opt(r.result.clone().or_else(|| r.winner.clone())),
    ]
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
