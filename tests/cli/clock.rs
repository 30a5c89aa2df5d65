//! The clock and the players of a SuperScacchi game (issue 31, R44–R48): each condition of
//! R45 and R46 on its own, the boundaries that are not findings, the autumn night, R47
//! with and without the lead, R48 in both modes. Each game is a sample with its header
//! tags changed; the venue is in Rome (`--tz Europe/Rome`).

use crate::common;
use common::{Scratch, json, root, run, stderr, stdout, wide};
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};

const P1: &str = "samples/superscacchi/leoni-tigri-partita1.txt";
const P2: &str = "samples/superscacchi/leoni-tigri-partita2.txt";
const PAIRS: &str = "samples/superscacchi/aquile-falchi-2v2.txt";

/// The codes of the clock and the players, and `register` (a clock tag that cannot be read).
const CLOCK_CODES: [&str; 6] = [
    "sospensione",
    "over-time",
    "clock-mismatch",
    "time-run-out-ahead",
    "player-pairing",
    "register",
];

/// `sample` with header tags set (`Some`) or taken out (`None`): a tag already there is
/// replaced where it stands, a new one goes after `[Disposizione]`.
fn game(sample: &str, tags: &[(&str, Option<&str>)]) -> String {
    let mut text = std::fs::read_to_string(root().join(sample)).unwrap();
    for (tag, value) in tags {
        let open = format!("[{tag} \"");
        let line = text
            .find(&open)
            .map(|at| (at, at + text[at..].find('\n').unwrap() + 1));
        let new = value.map_or(String::new(), |v| format!("[{tag} \"{v}\"]\n"));
        match line {
            Some((a, b)) => text.replace_range(a..b, &new),
            None => {
                let at = text.find("[Disposizione").unwrap();
                let at = at + text[at..].find('\n').unwrap() + 1;
                text.insert_str(at, &new);
            }
        }
    }
    text
}

/// The game written to a scratch folder and verified in Rome: exit code and JSON report.
fn verify_in(text: &str, tz: &str) -> (Option<i32>, Value) {
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = Scratch::new("clock", &N.fetch_add(1, Ordering::Relaxed).to_string());
    let f = d.join("partita.txt");
    std::fs::write(&f, text).unwrap();
    let o = run(&[
        "verify",
        "--format",
        "json",
        "--tz",
        tz,
        f.to_str().unwrap(),
    ]);
    (o.status.code(), json(&o))
}

/// One clock finding as the JSON report gives it: code, message, line and column.
type Found = (String, String, u64, u64);

/// The clock findings of a game, in order; the game itself is valid: exit 0 (every clock
/// finding is a warning).
fn clock_findings(text: &str) -> Vec<Found> {
    clock_findings_in(text, "Europe/Rome")
}

fn clock_findings_in(text: &str, tz: &str) -> Vec<Found> {
    let (code, v) = verify_in(text, tz);
    assert_eq!(code, Some(0), "{v}");
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| CLOCK_CODES.contains(&f["code"].as_str().unwrap()))
        .map(|f| {
            assert_eq!(f["severity"], "warning", "{f}");
            (
                f["code"].as_str().unwrap().to_string(),
                f["message"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Exactly one finding, of `code`, at `(line, column)` (the tag it is about), whose
/// message holds `words`.
fn one(findings: &[Found], code: &str, at: (u64, u64), words: &str) {
    assert_eq!(findings.len(), 1, "{findings:?}");
    let (c, m, line, column) = &findings[0];
    assert_eq!(c, code, "{findings:?}");
    assert_eq!((*line, *column), at, "{findings:?}");
    assert!(m.contains(words), "{findings:?}");
}

// ---- the samples: a clock record without a finding ----

#[test]
fn the_sample_games_have_clean_clock_records() {
    for sample in [P1, PAIRS] {
        let text = std::fs::read_to_string(root().join(sample)).unwrap();
        assert_eq!(clock_findings(&text), vec![], "{sample}");
    }
    // Game 2's record is clean; R47 flags Tigri, ahead before the −40 (below).
    let text = std::fs::read_to_string(root().join(P2)).unwrap();
    let f = clock_findings(&text);
    assert!(f.iter().all(|(c, ..)| c == "time-run-out-ahead"), "{f:?}");
}

// ---- R45: the time-outs, each condition on its own ----

#[test]
fn r45_a_third_time_out() {
    let f = clock_findings(&game(
        P1,
        &[
            (
                "Sospensioni",
                Some("Leoni: 13:00-13:05, 13:40-13:46, 14:00-14:02; Tigri: 14:20-14:28"),
            ),
            ("Orologio", None),
        ],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "Leoni's third time-out 14:00-14:02: a team may call at most two per game",
    );
}

#[test]
fn r45_nine_minutes_is_too_long_and_eight_is_not() {
    let f = clock_findings(&game(
        P1,
        &[
            (
                "Sospensioni",
                Some("Leoni: 13:40-13:49; Tigri: 14:20-14:28"),
            ),
            ("Orologio", None),
        ],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "Leoni's time-out 13:40-13:49 lasts 9 minutes: at most 8 are allowed",
    );
    // Tigri's 14:20-14:28 is 8 minutes by the minutes written: allowed.
    let f = clock_findings(&game(
        P1,
        &[(
            "Sospensioni",
            Some("Leoni: 13:40-13:48; Tigri: 14:20-14:28"),
        )],
    ));
    assert_eq!(f, vec![]);
}

#[test]
fn r45_two_time_outs_that_overlap_and_two_that_touch() {
    let f = clock_findings(&game(
        P1,
        &[(
            "Sospensioni",
            Some("Leoni: 14:25-14:30; Tigri: 14:20-14:28"),
        )],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "Leoni's time-out 14:25-14:30 overlaps Tigri's time-out 14:20-14:28",
    );
    // One team's own two.
    let f = clock_findings(&game(
        P1,
        &[("Sospensioni", Some("Leoni: 13:40-13:46, 13:45-13:47"))],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "overlaps Leoni's time-out 13:45-13:47",
    );
    // 14:20-14:28 and 14:28-14:36 touch: each runs up to, not including, its end.
    let f = clock_findings(&game(
        P1,
        &[(
            "Sospensioni",
            Some("Leoni: 14:28-14:36; Tigri: 14:20-14:28"),
        )],
    ));
    assert_eq!(f, vec![]);
}

#[test]
fn r45_a_time_out_that_ends_before_it_starts() {
    let f = clock_findings(&game(
        P1,
        &[(
            "Sospensioni",
            Some("Leoni: 13:46-13:40; Tigri: 14:20-14:28"),
        )],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "Leoni's time-out 13:46-13:40 ends before it starts",
    );
}

#[test]
fn r45_a_time_out_outside_play() {
    // Fine is 15:12: 15:10-15:16 ends after it.
    let f = clock_findings(&game(
        P1,
        &[(
            "Sospensioni",
            Some("Leoni: 15:10-15:16; Tigri: 14:20-14:28"),
        )],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "Leoni's time-out 15:10-15:16 is outside play (12:30–15:12, [Inizio]–[Fine])",
    );
    // Inizio is 12:30: a bare 12:00 is the next day's, after Fine.
    let f = clock_findings(&game(
        P1,
        &[(
            "Sospensioni",
            Some("Leoni: 12:00-12:05; Tigri: 14:20-14:28"),
        )],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "Leoni's time-out 12:00-12:05 is outside play",
    );
}

#[test]
fn r45_a_time_out_of_a_team_not_in_the_game() {
    let f = clock_findings(&game(
        P1,
        &[("Sospensioni", Some("Orsi: 13:40-13:46; Tigri: 14:20-14:28"))],
    ));
    one(
        &f,
        "sospensione",
        (12, 1),
        "[Sospensioni]: Orsi's time-out 13:40-13:46: `Orsi` is not a team of this game",
    );
}

#[test]
fn r45_a_bare_time_past_midnight_is_the_next_day() {
    let f = clock_findings(&game(
        P1,
        &[
            ("Inizio", Some("2026-10-17T22:00")),
            ("Fine", Some("2026-10-18T00:45")),
            (
                "Sospensioni",
                Some("Leoni: 23:58-00:04; Tigri: 00:10-00:15"),
            ),
            ("Orologio", None),
        ],
    ));
    assert_eq!(f, vec![]);
}

#[test]
fn r45_italian_forms_and_dashes_are_read() {
    let f = clock_findings(&game(
        P1,
        &[
            ("Inizio", Some("17/10/2026 ore 12.30")),
            (
                "Sospensioni",
                Some("Leoni: 13.40 – 13.46; Tigri: 14.20–14.28"),
            ),
        ],
    ));
    assert_eq!(f, vec![]);
}

// ---- R46: the length of play and the clocks at the end ----

#[test]
fn r46_over_time_quotes_the_three_figures() {
    let f = clock_findings(&game(
        P1,
        &[("Inizio", Some("2026-10-17T11:00")), ("Orologio", None)],
    ));
    one(
        &f,
        "over-time",
        (10, 1),
        "play 3 h 58 min = 11:00–15:12 less 14 min of time-outs; a 4v4 game lasts at most 3 h",
    );
}

#[test]
fn r46_play_of_the_limit_and_a_minute_is_no_finding_and_a_minute_more_is() {
    // Fine 15:12, 14 minutes of time-outs: from 11:57, play is 181 minutes.
    let f = clock_findings(&game(P1, &[("Inizio", Some("2026-10-17T11:57"))]));
    assert_eq!(f, vec![]);
    let f = clock_findings(&game(P1, &[("Inizio", Some("2026-10-17T11:56"))]));
    one(&f, "over-time", (10, 1), "play 3 h 2 min");
}

#[test]
fn r46_a_2v2_game_lasts_4_hours() {
    // Fine 12:35, 15 minutes of time-outs: from 08:19, play is 4 h 1 min.
    let text = game(PAIRS, &[("Inizio", Some("2026-11-14T08:19"))]);
    assert_eq!(clock_findings(&text), vec![]);
    let text = game(PAIRS, &[("Inizio", Some("2026-11-14T08:18"))]);
    one(
        &clock_findings(&text),
        "over-time",
        (11, 1),
        "a 2v2 game lasts at most 4 h",
    );
    // The same times in 4v4 are over time.
    let text = game(
        PAIRS,
        &[
            ("Inizio", Some("2026-11-14T08:19")),
            ("Modalita", Some("4v4")),
        ],
    );
    let f = clock_findings(&text);
    assert!(
        f.iter()
            .any(|(c, m, ..)| c == "over-time" && m.contains("a 4v4 game lasts at most 3 h")),
        "{f:?}"
    );
}

#[test]
fn r46_the_autumn_night_has_an_hour_more() {
    // 25 October 2026: at 03:00 the clocks in Rome go back to 02:00. From 00:30 to 03:20
    // on the wall is 3 h 50 min of play.
    let text = game(
        P1,
        &[
            ("Inizio", Some("2026-10-25T00:30")),
            ("Fine", Some("2026-10-25T03:20")),
            ("Sospensioni", None),
            ("Orologio", None),
        ],
    );
    one(
        &clock_findings(&text),
        "over-time",
        (10, 1),
        "play 3 h 50 min = 00:30–03:20 less 0 min of time-outs",
    );
    // In a zone without summer time the same wall clock is 2 h 50 min: no finding.
    assert_eq!(clock_findings_in(&text, "UTC"), vec![]);
}

#[test]
fn r46_a_clock_at_zero_not_named_by_tempo_esaurito() {
    let f = clock_findings(&game(
        P1,
        &[
            ("Inizio", None),
            ("Orologio", Some("Leoni: 0:00:00, Tigri: 0:14:30")),
        ],
    ));
    one(
        &f,
        "clock-mismatch",
        (12, 1),
        "[Orologio]: Leoni's clock shows 0:00:00, but [TempoEsaurito] does not name Leoni",
    );
}

#[test]
fn r46_a_team_named_by_tempo_esaurito_with_time_left() {
    let f = clock_findings(&game(P1, &[("TempoEsaurito", Some("Leoni"))]));
    one(
        &f,
        "clock-mismatch",
        (14, 1),
        "[TempoEsaurito] names Leoni, but [Orologio] leaves Leoni 0:19:10",
    );
}

#[test]
fn r46_time_left_above_the_allowance() {
    let f = clock_findings(&game(
        P1,
        &[("Orologio", Some("Leoni: 1:35:00, Tigri: 0:14:30"))],
    ));
    one(
        &f,
        "clock-mismatch",
        (13, 1),
        "[Orologio]: Leoni has 1:35:00 left, more than a team's 1 h 30 min in 4v4",
    );
}

#[test]
fn r46_used_times_longer_than_play() {
    let f = clock_findings(&game(
        P1,
        &[("Orologio", Some("Leoni: 0:01:10, Tigri: 0:01:30"))],
    ));
    one(
        &f,
        "clock-mismatch",
        (13, 1),
        "[Orologio]: Leoni used 1 h 28 min 50 s and Tigri 1 h 28 min 30 s, 2 h 57 min 20 s in all, more than the 2 h 28 min of play",
    );
    // Play is 148 minutes: 75 + 74 used is play and a minute, no finding.
    let f = clock_findings(&game(
        P1,
        &[("Orologio", Some("Leoni: 0:15:00, Tigri: 0:16:00"))],
    ));
    assert_eq!(f, vec![]);
}

// ---- the tags that cannot be read ----

#[test]
fn r44_an_unknown_mode_and_unreadable_clock_tags_are_quoted() {
    let f = clock_findings(&game(P1, &[("Modalita", Some("3v3"))]));
    one(
        &f,
        "register",
        (6, 1),
        "[Modalita \"3v3\"] is neither 4v4 nor 2v2; the game is checked as 4v4",
    );
    for (tag, value) in [
        ("Inizio", "mezzogiorno"),
        ("Sospensioni", "Leoni 13 e 40"),
        ("Orologio", "Leoni: un'ora"),
    ] {
        let f = clock_findings(&game(P1, &[(tag, Some(value))]));
        assert!(
            f.iter()
                .any(|(c, m, ..)| c == "register"
                    && m == &format!("[{tag} \"{value}\"] cannot be read")),
            "{tag}: {f:?}"
        );
    }
}

// ---- R47: a team that lets its time run out while ahead ----

#[test]
fn r47_time_run_out_ahead_quotes_both_totals_and_the_scores_stand() {
    let text = game(P1, &[("TempoEsaurito", Some("Tigri")), ("Orologio", None)]);
    one(
        &clock_findings(&text),
        "time-run-out-ahead",
        (10, 1),
        "Tigri's time ran out while it was ahead: Tigri 305, Leoni 115 before the -40 of R41",
    );
    let (_, v) = verify_in(&text, "Europe/Rome");
    assert_eq!(v["scores"][1]["team"], "Tigri");
    assert_eq!(v["scores"][1]["total"], 265);
    assert_eq!(v["winner"], "Tigri");
}

#[test]
fn r47_a_team_behind_is_not_flagged_and_game_two_is() {
    // Game 1: Leoni ran out of time with 115 before the −40, behind Tigri's 305.
    let text = game(P1, &[("TempoEsaurito", Some("Leoni")), ("Orologio", None)]);
    assert_eq!(clock_findings(&text), vec![]);
    // Game 2: Tigri ran out of time with 138 before the −40, ahead of Leoni's 125: the
    // warning, and Leoni still wins by the scores (98 to 125).
    let text = std::fs::read_to_string(root().join(P2)).unwrap();
    one(
        &clock_findings(&text),
        "time-run-out-ahead",
        (15, 1),
        "Tigri's time ran out while it was ahead: Tigri 138, Leoni 125 before the -40 of R41",
    );
    let (_, v) = verify_in(&text, "Europe/Rome");
    assert_eq!(v["winner"], "Leoni");
}

// ---- R48: the players of the armies ----

#[test]
fn r48_in_4v4_one_name_on_two_armies() {
    let text = std::fs::read_to_string(root().join(P1)).unwrap().replace(
        "[Giocatore \"Luca Ferri\"]",
        "[Giocatore \"marco  RINALDI\"]",
    );
    one(
        &clock_findings(&text),
        "player-pairing",
        (152, 1),
        "Marco Rinaldi plays S, O: in 4v4 each army has its own player",
    );
}

#[test]
fn r48_in_2v2_paired_armies_with_different_players() {
    let text = std::fs::read_to_string(root().join(PAIRS)).unwrap();
    // N is S's partner (R7): another name is a finding.
    let other = text.replacen(
        "[Esercito \"N\"]\n[Giocatore \"Marco Rinaldi\"]",
        "[Esercito \"N\"]\n[Giocatore \"Paolo Marini\"]",
        1,
    );
    one(
        &clock_findings(&other),
        "player-pairing",
        (287, 1),
        "in 2v2 S and N are one player's armies, but S is played by Marco Rinaldi and N by Paolo Marini",
    );
    // The same name in another case and spacing, or an empty name, is no finding.
    for name in ["MARCO rinaldi ", ""] {
        let same = text.replacen(
            "[Esercito \"N\"]\n[Giocatore \"Marco Rinaldi\"]",
            &format!("[Esercito \"N\"]\n[Giocatore \"{name}\"]"),
            1,
        );
        assert_eq!(clock_findings(&same), vec![], "{name:?}");
    }
}

// ---- where the record is shown ----

#[test]
fn score_shows_the_time_block_and_json_the_clock_object() {
    let o = run(&["score", "--tz", "Europe/Rome", P1]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for words in [
        "Time (R44–R46)",
        "4v4: 1 h 30 min a team",
        "play 2 h 28 min (12:30–15:12 less 14 min of time-outs)",
        "Leoni: time-outs 13:40-13:46 (6 min); time left 0:19:10",
        "Tigri: time-outs 14:20-14:28 (8 min); time left 0:14:30",
    ] {
        assert!(out.contains(words), "{words}\n{out}");
    }
    let (_, v) = verify_in(
        &std::fs::read_to_string(root().join(P1)).unwrap(),
        "Europe/Rome",
    );
    let c = &v["clock"];
    assert_eq!(c["mode"], "4v4");
    assert_eq!(c["allowance_min"], 90);
    assert_eq!(c["play_min"], 148);
    assert_eq!(c["teams"][0]["team"], "Leoni");
    assert_eq!(c["teams"][0]["sospensioni"][0]["from"], "13:40");
    assert_eq!(c["teams"][0]["sospensioni"][0]["to"], "13:46");
    assert_eq!(c["teams"][0]["sospensioni"][0]["minutes"], 6);
    assert_eq!(c["teams"][0]["time_left"], "0:19:10");
    assert_eq!(c["teams"][1]["time_left"], "0:14:30");
}

/// `text` written to a scratch folder of its own: the file's path.
fn written(name: &str, text: &str) -> (Scratch, String) {
    let d = Scratch::new("clock", name);
    let f = d.join("partita.txt");
    std::fs::write(&f, text).unwrap();
    let path = f.to_str().unwrap().to_string();
    (d, path)
}

#[test]
fn verify_says_a_clock_finding_at_its_tag_in_both_languages() {
    let text = game(
        P1,
        &[("Inizio", Some("2026-10-17T11:00")), ("Orologio", None)],
    );
    let (_d, path) = written("human", &text);
    let o = run(&["verify", "--tz", "Europe/Rome", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o) + &stderr(&o);
    for words in [
        "warning[over-time]: play 3 h 58 min = 11:00–15:12 less 14 min of time-outs; a 4v4 game lasts at most 3 h".to_string(),
        format!("{path}:10:1"),
        "= rule: R46".to_string(),
    ] {
        assert!(out.contains(&words), "{words}\n{out}");
    }
    let o = run(&["verify", "--lang", "it", "--tz", "Europe/Rome", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o) + &stderr(&o);
    for words in [
        "avvertimento[over-time]: gioco 3 h 58 min = 11:00–15:12 meno 14 min di sospensioni; una partita 4v4 dura al massimo 3 h".to_string(),
        format!("{path}:10:1"),
        "= regola: R46".to_string(),
    ] {
        assert!(out.contains(&words), "{words}\n{out}");
    }
}

#[test]
fn a_zone_that_does_not_exist_is_unusable_input() {
    let o = run(&["verify", "--tz", "Europe/Atlantide", P1]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`Europe/Atlantide` is not a time zone (Europe/Rome)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn match_and_contest_show_the_time_run_out_ahead() {
    // R47: game 2's Tigri ran out of time while ahead; the match verdict stands.
    let o = wide(&["match", "--tz", "Europe/Rome", P1, P2]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let line =
        "! Tigri's time ran out while it was ahead: Tigri 138, Leoni 125 before the -40 of R41";
    assert_eq!(out.matches(line).count(), 1, "{out}");
    // Beside game 2's register, not game 1's.
    let game2 = out.find("leoni-tigri-partita2.txt").unwrap();
    assert!(out.find(line).unwrap() > game2, "{out}");
    let o = wide(&["match", "--lang", "it", "--tz", "Europe/Rome", P1, P2]);
    assert!(
        stdout(&o).contains(
            "! il tempo di Tigri è finito mentre era in vantaggio: Tigri 138, Leoni 125 prima del -40 di R41"
        ),
        "{}",
        stdout(&o)
    );
    let o = run(&[
        "contest",
        P2,
        "--team",
        "Leoni",
        "--at",
        "18:14",
        "--tz",
        "Europe/Rome",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains(line), "{}", stdout(&o));
}

#[test]
fn batch_csv_ends_with_the_clock_columns() {
    let d = Scratch::new("clock", "batch");
    let games = d.join("games");
    std::fs::create_dir(&games).unwrap();
    for sample in [P1, PAIRS] {
        let name = std::path::Path::new(sample).file_name().unwrap();
        std::fs::copy(root().join(sample), games.join(name)).unwrap();
    }
    let csv = d.join("r.csv");
    let o = run(&[
        "batch",
        "-q",
        "--tz",
        "Europe/Rome",
        games.to_str().unwrap(),
        "--report",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert!(
        lines.next().unwrap().ends_with(
            ",declared_result,mode,play_min,besiegers_sospensioni,besieged_sospensioni,besiegers_time_left,besieged_time_left,event,date,site,round,white_elo,black_elo,plies,codes,first_error_message"
        ),
        "{text}"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 2, "{text}");
    let row = |file: &str| *rows.iter().find(|r| r.contains(file)).unwrap();
    assert!(
        row("aquile-falchi-2v2.txt").contains(",2v2,200,1,1,0:21:00,0:19:30,"),
        "{text}"
    );
    assert!(
        row("leoni-tigri-partita1.txt").contains(",4v4,148,1,1,0:19:10,0:14:30,"),
        "{text}"
    );
}

#[test]
fn the_form_holds_the_clock_tags_empty() {
    let d = Scratch::new("clock", "new");
    let f = d.join("gara.txt");
    let o = run(&["new", "superscacchi", "--out", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let form = std::fs::read_to_string(&f).unwrap();
    for tag in [
        "[Modalita \"4v4\"]\n",
        "[Inizio \"\"]\n",
        "[Sospensioni \"\"]\n",
        "[Orologio \"\"]\n",
    ] {
        assert!(form.contains(tag), "{tag}\n{form}");
    }
    // Empty, they are no finding.
    let v = json(&run(&["verify", "--format", "json", f.to_str().unwrap()]));
    let clock: Vec<&Value> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| CLOCK_CODES.contains(&f["code"].as_str().unwrap()))
        .collect();
    assert!(clock.is_empty(), "{clock:?}");
}

#[test]
fn the_viewer_shows_the_clock_record() {
    let d = Scratch::new("clock", "render");
    let out = d.join("partita.html");
    let o = run(&[
        "render",
        "--tz",
        "Europe/Rome",
        "--lang",
        "it",
        PAIRS,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(&out).unwrap();
    for words in [
        "<h2>Tempo (R44–R46)</h2><pre id=\"clock\">",
        "  2v2: 2 h a squadra\n  gioco 3 h 20 min (09:00–12:35 meno 15 min di sospensioni)\n",
        "Aquile: sospensioni 10:00-10:07 (7 min); tempo residuo 0:21:00",
        "Falchi: sospensioni 11:00-11:08 (8 min); tempo residuo 0:19:30",
    ] {
        assert!(page.contains(words), "{words}");
    }
}
