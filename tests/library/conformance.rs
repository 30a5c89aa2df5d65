//! The 30 SuperScacchi conformance games of `../shared/conformance/superscacchi`, read in
//! place: arbitro must agree with every verdict (events, scores, winner, first error,
//! warnings).

use arbitro::finding::{Code, Severity};
use arbitro::verify::verify_bytes;
use serde_json::Value;
use std::path::PathBuf;

/// The findings of the clock and the players (R44–R48): the games were worked out under
/// R1–R43, so their `warnings` do not list these; [`r47_in_the_conformance_games`] checks
/// the one they raise.
const CLOCK: [Code; 5] = [
    Code::Sospensione,
    Code::OverTime,
    Code::ClockMismatch,
    Code::TimeRunOutAhead,
    Code::PlayerPairing,
];

fn dir() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/superscacchi");
    assert!(
        d.is_dir(),
        "conformance games are read in place from {}",
        d.display()
    );
    d
}

fn check(expected_path: &std::path::Path) -> Vec<String> {
    let e: Value = serde_json::from_str(&std::fs::read_to_string(expected_path).unwrap()).unwrap();
    let game = expected_path
        .to_string_lossy()
        .replace(".expected.json", ".txt");
    let bytes = std::fs::read(&game).unwrap();
    let r = verify_bytes("g", &bytes, &Default::default())
        .unwrap()
        .remove(0);
    let mut problems = Vec::new();
    if r.is_valid() != e["valid"].as_bool().unwrap() {
        problems.push(format!("valid: {} vs {}", r.is_valid(), e["valid"]));
    }
    let first = r.first_error();
    if let Some(fe) = e.get("first_error") {
        let got = first.map(|f| (f.army_name().map(String::from), f.move_number, f.ply));
        let want = (
            fe["army"].as_str().map(String::from),
            fe["move"].as_u64().map(|n| n as u32),
            fe["ply"].as_u64().map(|n| n as u32),
        );
        if got != Some(want.clone()) {
            problems.push(format!("first error {got:?} vs {want:?}"));
        }
    } else if let Some(f) = first {
        problems.push(format!("unexpected error {:?}", f.message));
    }
    if let Some(events) = e.get("events").and_then(Value::as_array) {
        let got: Vec<_> = r
            .events()
            .iter()
            .map(|s| {
                let x = &s.event;
                (
                    x.kind.as_str().to_string(),
                    x.army.code().to_string(),
                    x.move_number,
                    x.ply,
                    r.team_of(x.army).to_string(),
                    s.points,
                )
            })
            .collect();
        let want: Vec<_> = events
            .iter()
            .map(|x| {
                (
                    x["kind"].as_str().unwrap().to_string(),
                    x["army"].as_str().unwrap().to_string(),
                    x["move"].as_u64().map(|n| n as u32),
                    x["ply"].as_u64().unwrap() as u32,
                    x["team"].as_str().unwrap().to_string(),
                    x["points"].as_i64().unwrap() as i32,
                )
            })
            .collect();
        if got != want {
            problems.push(format!("events differ: {got:?}\n vs {want:?}"));
        }
    }
    if e["valid"].as_bool() == Some(true) {
        if let Some(scores) = e.get("scores").and_then(Value::as_array) {
            let got: Vec<_> = r
                .verdict()
                .map_or(&[][..], |v| &v.teams[..])
                .iter()
                .map(|s| {
                    (
                        s.team.clone(),
                        s.camp.name().to_string(),
                        s.material,
                        s.event_points,
                        s.penalty_points,
                        s.total,
                    )
                })
                .collect();
            let want: Vec<_> = scores
                .iter()
                .map(|s| {
                    (
                        s["team"].as_str().unwrap().to_string(),
                        s["role"].as_str().unwrap().to_string(),
                        s["material"].as_i64().unwrap() as i32,
                        s["events"].as_i64().unwrap() as i32,
                        s["penalties"].as_i64().unwrap() as i32,
                        s["total"].as_i64().unwrap() as i32,
                    )
                })
                .collect();
            if got != want {
                problems.push(format!("scores {got:?} vs {want:?}"));
            }
        }
        if e.get("winner").is_some() && r.winner() != e["winner"].as_str() {
            problems.push(format!("winner {:?} vs {}", r.winner(), e["winner"]));
        }
        let got: Vec<_> = r
            .findings
            .iter()
            .filter(|f| f.severity() == Severity::Warning && !CLOCK.contains(&f.code))
            .map(|f| {
                (
                    f.army_name().unwrap_or_default().to_string(),
                    f.move_number,
                    f.ply,
                    f.code.as_str().to_string(),
                )
            })
            .collect();
        let want: Vec<_> = e
            .get("warnings")
            .and_then(Value::as_array)
            .map(|w| {
                w.iter()
                    .map(|x| {
                        (
                            x["army"].as_str().unwrap().to_string(),
                            x["move"].as_u64().map(|n| n as u32),
                            x["ply"].as_u64().map(|n| n as u32),
                            x["code"].as_str().unwrap().to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        if got != want {
            problems.push(format!("warnings {got:?} vs {want:?}"));
        }
    }
    problems
}

#[test]
fn all_thirty_conformance_games_agree() {
    let mut files: Vec<_> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".expected.json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 30);
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let p = check(f);
            (!p.is_empty()).then(|| format!("{}: {}", f.display(), p.join("; ")))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// R47 in the conformance games: g02-002's Tigri let their time run out with 200 before
/// the −40, ahead of Squali's 161 (the only such game); its sheet-slip twin says it too,
/// and the scores stand (checked above).
#[test]
fn r47_in_the_conformance_games() {
    let mut flagged = Vec::new();
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let r = verify_bytes("g", &std::fs::read(&path).unwrap(), &Default::default())
            .unwrap()
            .remove(0);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for f in r.findings.iter().filter(|f| CLOCK.contains(&f.code)) {
            flagged.push((name.clone(), f.code.as_str(), f.message.clone()));
        }
    }
    flagged.sort();
    let said =
        "Tigri's time ran out while it was ahead: Tigri 200, Squali 161 before the -40 of R41";
    let want: Vec<_> = ["g02-002-f2-marker-missing.txt", "g02-002.txt"]
        .map(|n| (n.to_string(), "time-run-out-ahead", said.to_string()))
        .into();
    assert_eq!(flagged, want);
}
