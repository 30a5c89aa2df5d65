//! Scores, the register, the match verdict and the contest, with hand-computed numbers
//! (R37–R43).

use arbitro::geometry::{Army, Piece, Role, Sq};
use arbitro::lang::{Lang, Say};
use arbitro::superscacchi::clock::{at_venue, parse_civil};
use arbitro::superscacchi::contest::{MatchReason, Timing, contest, match_verdict};
use arbitro::superscacchi::event::{Event, EventKind};
use arbitro::superscacchi::position::Position;
use arbitro::superscacchi::register::Register;
use arbitro::superscacchi::score::{Decision, ScoringTable, Verdict, score};
use jiff::{ToSpan, tz::TimeZone};

fn register(game: u8) -> Register {
    Register {
        teams: ["Leoni".into(), "Tigri".into()],
        game: Some(game),
        match_id: Some("Leoni-Tigri".into()),
        end: parse_civil("2023-05-14T18:02"),
        ..Register::default()
    }
}

/// S (Leoni, besiegers) keeps a queen that was a pawn, a rook and two pawns (9+5+2 = 16);
/// SO (Tigri, besieged) a knight and a bishop (6).
fn position() -> Position {
    let mut pos = Position::empty(Army::ALL);
    let mut put = |army, role, s: &str| pos.put(Sq::parse(s).unwrap(), Piece { army, role });
    put(Army::S, Role::Pawn, "e5");
    put(Army::S, Role::Rook, "a3");
    put(Army::S, Role::Pawn, "b4");
    put(Army::N, Role::Pawn, "c14");
    put(Army::SO, Role::Knight, "f6");
    put(Army::NE, Role::Bishop, "k11");
    put(Army::S, Role::King, "i1");
    // A promoted pawn counts as its new piece (R38).
    let mut m = Vec::new();
    pos.put(
        Sq::parse("g6").unwrap(),
        Piece {
            army: Army::O,
            role: Role::Pawn,
        },
    );
    pos.unmoved[Sq::parse("g6").unwrap().0 as usize] = false;
    pos.piece_moves(Army::O, Sq::parse("g6").unwrap(), &mut m);
    let promo = *m.iter().find(|m| m.promotion == Some(Role::Queen)).unwrap();
    pos.play(&promo);
    pos
}

/// An event of the replay (the scoring table, not the event, says its points).
fn event(kind: EventKind, army: Army) -> Event {
    Event {
        kind,
        army,
        move_number: Some(3),
        ply: 20,
        king_of: Army::N,
        rule: "R28",
        line: None,
        after: None,
    }
}

fn verdict(reg: &Register, events: &[Event]) -> Verdict {
    score(&ScoringTable::default(), &position(), events, reg)
}

#[test]
fn material_counts_promoted_pieces_and_ignores_kings() {
    let v = verdict(&register(1), &[]);
    assert_eq!(v.teams[0].material, 9 + 5 + 1 + 1 + 1); // queen (promoted), rook, 3 pawns
    assert_eq!(v.teams[1].material, 3 + 3);
    assert_eq!(v.teams[0].pieces[0], (Role::Queen, 1, 9));
}

#[test]
fn each_event_bonus() {
    let events = [
        event(EventKind::Mate, Army::S),
        event(EventKind::Imprisonment, Army::N),
        event(EventKind::Flight, Army::SE),
        event(EventKind::Liberation, Army::NO),
    ];
    let v = verdict(&register(1), &events);
    assert_eq!(v.teams[0].event_points, 40 + 50);
    assert_eq!(v.teams[1].event_points, 60 + 80);
    assert_eq!((v.teams[0].total, v.teams[1].total), (17 + 90, 6 + 140));
}

#[test]
fn warnings_are_cumulative_and_the_third_loses() {
    for (n, penalty) in [(0, 0), (1, -5), (2, -15), (3, -255)] {
        let mut reg = register(1);
        reg.warnings = [n, 0];
        let v = verdict(&reg, &[]);
        assert_eq!(v.teams[0].penalty_points, penalty, "{n} warnings");
        assert_eq!(v.teams[0].loses, n == 3);
        // 17 − 5 = 12 beats 6; 17 − 15 = 2 does not; on the third warning Leoni lose
        // whatever the points.
        let winner = if n <= 1 { "Leoni" } else { "Tigri" };
        assert_eq!(v.winner_name(), Some(winner));
    }
}

#[test]
fn time_out_and_resignation() {
    let mut reg = register(1);
    reg.timeout = [true, false];
    let v = verdict(&reg, &[]);
    assert_eq!(v.teams[0].penalty_points, -40);
    assert_eq!(v.teams[0].total, 17 - 40);
    // Resigning game 1: −160 and the game lost.
    let mut reg = register(1);
    reg.resigned = [true, false];
    let v = verdict(&reg, &[]);
    assert_eq!(
        (v.teams[0].penalty_points, v.winner_name()),
        (-160, Some("Tigri"))
    );
    // Resigning game 2: no −160, but the game (and the match) lost.
    let mut reg = register(2);
    reg.resigned = [true, false];
    let v = verdict(&reg, &[]);
    assert_eq!(
        (v.teams[0].penalty_points, v.winner_name()),
        (0, Some("Tigri"))
    );
    // Both resign: no winner.
    let mut reg = register(1);
    reg.resigned = [true, true];
    let v = verdict(&reg, &[]);
    assert_eq!(v.winner(), None);
    assert_eq!(v.decision(), Decision::BothLose);
}

#[test]
fn equal_totals_are_a_tie_for_the_judge() {
    let reg = register(1);
    // A table where both teams' material is worth the same.
    let mut t = ScoringTable::default();
    t.material.queen = 0;
    t.material.rook = 0;
    t.material.pawn = 2; // Leoni: 3 pawns = 6; Tigri: knight + bishop = 6
    let v = score(&t, &position(), &[], &reg);
    assert_eq!((v.teams[0].total, v.teams[1].total), (6, 6));
    assert_eq!(v.decision(), Decision::Tie);
    assert_eq!(v.winner(), None);
}

/// A game in which Leoni mate once (R39: +40).
fn game(reg: &Register) -> Verdict {
    let events = [event(
        EventKind::Mate,
        if reg.teams[0] == "Leoni" {
            Army::S
        } else {
            Army::SO
        },
    )];
    verdict(reg, &events)
}

#[test]
fn match_one_all_is_decided_by_the_point_sum() {
    let g1 = register(1); // Leoni besiege: 17 + 40 = 57 v 6 → Leoni win
    let mut g2 = register(2);
    g2.teams = ["Tigri".into(), "Leoni".into()]; // Tigri besiege: 17 v 6 + 0 → Tigri win
    let v1 = game(&g1);
    let v2 = verdict(&g2, &[]);
    let m = match_verdict((&g1, &v1), (&g2, &v2)).unwrap();
    assert_eq!(m.wins, [1, 1]);
    assert_eq!(m.sums, [57 + 6, 6 + 17]);
    assert_eq!((m.winner, m.reason), (Some(0), MatchReason::PointSum));
    // Given in the other order, the same verdict.
    let m2 = match_verdict((&g2, &v2), (&g1, &v1)).unwrap();
    assert_eq!(m, m2);
}

#[test]
fn match_two_wins_and_resignation_in_game_two() {
    let g1 = register(1);
    let mut g2 = register(2);
    g2.teams = ["Tigri".into(), "Leoni".into()];
    let v1 = game(&g1);
    // Game 2: Leoni (besieged) get two mates: 6 + 80 v 17.
    let v2 = verdict(
        &g2,
        &[
            event(EventKind::Mate, Army::SO),
            event(EventKind::Mate, Army::NO),
        ],
    );
    let m = match_verdict((&g1, &v1), (&g2, &v2)).unwrap();
    assert_eq!(
        (m.wins, m.winner, m.reason),
        ([2, 0], Some(0), MatchReason::MoreGamesWon)
    );
    // The same, but Leoni resign game 2: they lose the match.
    let mut g2r = g2.clone();
    g2r.resigned = [false, true];
    let v2r = verdict(&g2r, &[]);
    let m = match_verdict((&g1, &v1), (&g2r, &v2r)).unwrap();
    assert_eq!(
        (m.winner, m.reason),
        (Some(1), MatchReason::ResignationInGame2)
    );
}

#[test]
fn match_checks_the_two_games_belong_together() {
    let g1 = register(1);
    let v1 = game(&g1);
    let same_roles = register(2);
    let v = verdict(&same_roles, &[]);
    let e = match_verdict((&g1, &v1), (&same_roles, &v)).unwrap_err();
    assert!(e.0[0].say(Lang::En).contains("swap roles"), "{e:?}");
    let mut other = register(2);
    other.teams = ["Tigri".into(), "Leoni".into()];
    other.match_id = Some("Orsi-Volpi".into());
    assert!(
        match_verdict((&g1, &v1), (&other, &v)).unwrap_err().0[0]
            .say(Lang::En)
            .contains("different matches")
    );
    let e = match_verdict((&g1, &v1), (&g1, &v1)).unwrap_err();
    assert!(e.0[0].say(Lang::En).contains("Partita"));
}

#[test]
fn contest_admissible_until_exactly_ten_minutes() {
    let mut reg = register(1);
    reg.declared = Some([17, 6]);
    let v = verdict(&reg, &[]);
    let fine = at_venue(reg.end.unwrap(), &TimeZone::UTC).unwrap();
    // A contest filed before the game's end is not late (formats.md §5: filed_at <=
    // deadline), so admissible; its timing says it was early.
    for (secs, ok) in [
        (-1, true),
        (0, true),
        (9 * 60 + 59, true),
        (10 * 60, true),
        (10 * 60 + 1, false),
    ] {
        let at = fine.checked_add(secs.seconds()).unwrap();
        let c = contest(&reg, &v, 1, at).unwrap();
        assert_eq!(c.admissible(), Some(ok), "{secs} s after Fine");
        let timing = match secs {
            ..0 => Timing::Early,
            0..=600 => Timing::InTime,
            _ => Timing::Late,
        };
        assert_eq!(c.timing, timing, "{secs} s after Fine");
        assert_eq!(
            arbitro::superscacchi::clock::iso(c.deadline.as_ref().unwrap()),
            "2023-05-14T18:12:00"
        );
        assert!(c.differences.is_empty());
    }
}

#[test]
fn contest_explains_a_missed_event_and_a_missed_warning() {
    let mut reg = register(1);
    reg.warnings = [1, 0];
    reg.declared = Some([17, 6]); // the table forgot Leoni's warning and Tigri's flight
    let events = [event(EventKind::Flight, Army::NE)];
    let v = verdict(&reg, &events);
    let c = contest(
        &reg,
        &v,
        1,
        at_venue(reg.end.unwrap(), &TimeZone::UTC).unwrap(),
    )
    .unwrap();
    let lang = arbitro::lang::Lang::En;
    let texts: Vec<String> = c
        .differences
        .iter()
        .map(|d| arbitro::report::verdict::explanation(lang, d))
        .collect();
    assert_eq!(
        texts,
        [
            "5 over: warning 1 (ammonimento) (R40, -5): not deducted by the table",
            "60 short: the flight by NE at move 3 (R28, +60)",
        ]
    );
}

#[test]
fn scoring_table_round_trips_and_is_validated() {
    let t = ScoringTable::default();
    let text = t.to_toml();
    assert!(text.contains("[material]") && text.contains("Re = 0") && text.contains("mate = 40"));
    assert_eq!(ScoringTable::from_toml(&text).unwrap(), t);
    let bad = text.replace("mate = 40", "mate = -40");
    assert!(
        ScoringTable::from_toml(&bad)
            .unwrap_err()
            .to_string()
            .contains("events.mate")
    );
    let bad = text.replace("time_out = -40", "time_out = 40");
    assert!(
        ScoringTable::from_toml(&bad)
            .unwrap_err()
            .to_string()
            .contains("penalties.time_out")
    );
    let bad = text.replace("mate = 40", "mate = 40\nstalemate = 20");
    assert!(
        ScoringTable::from_toml(&bad)
            .unwrap_err()
            .to_string()
            .contains("stalemate")
    );
}

#[test]
fn scoring_tables_beyond_the_bound_are_refused_and_none_overflows() {
    let text = ScoringTable::default().to_toml();
    // Found by reading, kept in tests/fuzz-regressions/: 5 pawns at 2,000,000,000 points
    // overflowed (a panic in debug builds, a wrong total in release ones).
    for (from, to, message) in [
        ("P = 1\n", "P = 2000000000\n", "material.P is 2000000000"),
        ("mate = 40", "mate = 100001", "events.mate is 100001"),
        (
            "resignation = -160",
            "resignation = -2147483648",
            "penalties.resignation is -2147483648",
        ),
    ] {
        assert_eq!(
            ScoringTable::from_toml(&text.replace(from, to))
                .unwrap_err()
                .to_string(),
            format!(
                "scoring table: {message}: every number of the table lies between -100000 and 100000"
            )
        );
    }
    // At the bound every value is accepted, and a real game's sums are exact: the
    // besiegers keep one king (R38) and have three events and three warnings; the
    // besieged keep 17 pieces and a king, five events and two warnings.
    let mut edge = text.clone();
    for (name, v) in [
        ("P", 1),
        ("C", 3),
        ("A", 3),
        ("T", 5),
        ("R", 9),
        ("Re", 0),
        ("mate", 40),
        ("imprisonment", 50),
        ("flight", 60),
        ("liberation", 80),
    ] {
        edge = edge.replace(
            &format!("\n{name} = {v}\n"),
            &format!("\n{name} = 100000\n"),
        );
    }
    for v in [-5, -10, -240, -40, -160] {
        edge = edge.replace(&format!("= {v}\n"), "= -100000\n");
    }
    let table = ScoringTable::from_toml(&edge).unwrap();
    let game = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples/superscacchi/leoni-tigri-partita1.txt"),
    )
    .unwrap()
    .replace("Leoni: 1, Tigri: 0", "Leoni: 3, Tigri: 2");
    let r = arbitro::verify::verify_superscacchi_with(
        "g",
        &game,
        false,
        arbitro::verify::SetupChoice::BUILTIN,
        &table,
        &arbitro::superscacchi::time::TimeZone::UTC,
        false,
    );
    let totals: Vec<_> = r
        .verdict()
        .unwrap()
        .teams
        .iter()
        .map(|s| (s.material, s.event_points, s.penalty_points, s.total))
        .collect();
    assert_eq!(
        totals,
        [
            (100_000, 300_000, -300_000, 100_000),
            (1_800_000, 500_000, -200_000, 2_100_000)
        ]
    );
}
