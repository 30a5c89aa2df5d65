//! The school tournament (torneo-rules.md T1–T15): standings computed by hand for every
//! case of T7–T10, the final and its extra game (T4, T5), the lots (T11, T12), the next
//! draw (T13), the checks on the games (T14), and bad tournament files.

use arbitro::report::tournament::{place_text, points_text};
use arbitro::tournament::file::{FileErrorKind, Tournament};
use arbitro::tournament::games::read_games;
use arbitro::tournament::rank::{DecidedBy, LotSource};
use arbitro::tournament::reading::Reading;
use arbitro::tournament::standings::{NoDraw, Options, PodiumBy, Standings, standings};

/// A game with no moves: only tags and the result.
fn game(phase: u32, group: &str, white: &str, black: &str, result: &str) -> String {
    format!(
        "[Fase \"{phase}\"]\n[Girone \"{group}\"]\n[Bianco \"{white}\"]\n[Nero \"{black}\"]\n[Risultato \"{result}\"]\n\n{result}\n\n"
    )
}

fn run_with(toml: &str, games: &str, seed: Option<u64>) -> Standings {
    let t = Tournament::parse(toml).expect("a valid tournament file");
    let g = read_games("partite.txt", games, false, &Default::default());
    standings(&t, &g, Options { seed }, "torneo.toml")
}

fn run(toml: &str, games: &str) -> Standings {
    run_with(toml, games, None)
}

/// A group's standings as `name points place goes_on decided_by` lines.
fn rows(s: &Standings, phase: usize, group: usize) -> Vec<String> {
    let g = &s.phases[phase - 1].groups[group - 1];
    g.ranking
        .entries
        .iter()
        .map(|e| {
            let on = match e.goes_on {
                Some(true) => "y",
                Some(false) => "n",
                None => "?",
            };
            format!(
                "{} {} {} {} {}",
                s.names[e.player],
                points_text(e.half_points),
                place_text(e),
                on,
                e.decided_by.as_str()
            )
        })
        .collect()
}

fn lots_needed(s: &Standings, phase: usize, group: usize) -> Vec<(Vec<String>, Vec<u32>)> {
    s.phases[phase - 1].groups[group - 1]
        .ranking
        .needed
        .iter()
        .map(|l| {
            (
                l.players.iter().map(|&p| s.names[p].clone()).collect(),
                l.places.clone(),
            )
        })
        .collect()
}

/// The findings' codes, sorted; every finding must also have its Italian text (issue 17).
fn codes(s: &Standings) -> Vec<&'static str> {
    for n in s.all_findings() {
        let f = &n.finding;
        assert_ne!(
            f.message_in(arbitro::lang::Lang::It),
            f.message,
            "no Italian text for {}",
            f.code
        );
    }
    let mut v: Vec<&str> = s.all_findings().map(|n| n.finding.code.as_str()).collect();
    v.sort();
    v
}

fn name(s: &Standings, p: Option<usize>) -> Option<&str> {
    p.map(|p| s.names[p].as_str())
}

/// Six players, phase 1: two groups of three (border 2).
const SIX: &str = r#"
nome = "Prova"
giocatori = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
[[fase]]
numero = 1
gironi = [["Anna", "Bruno", "Carla"], ["Dario", "Elena", "Fabio"]]
"#;

fn group2_done() -> String {
    game(1, "2", "Dario", "Elena", "1-0")
        + &game(1, "2", "Dario", "Fabio", "1-0")
        + &game(1, "2", "Elena", "Fabio", "1-0")
}

#[test]
fn t7_points_alone() {
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Carla", "Anna", "0-1")
        + &game(1, "1", "Bruno", "Carla", "1-0");
    let s = run(SIX, &g);
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 2 1 y points",
            "Bruno 1 2 y points",
            "Carla 0 3 n points"
        ]
    );
    assert!(s.phases[0].groups[0].complete);
    assert!(codes(&s).is_empty());
}

/// T8, T10: two tied, their game drawn, at no border (places 1–2, border 2): shared.
#[test]
fn t10_two_tied_drawn_not_at_border_share_the_place() {
    let g = game(1, "1", "Anna", "Bruno", "1/2-1/2")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0");
    let s = run(SIX, &g);
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 1½ 1–2 y shared",
            "Bruno 1½ 1–2 y shared",
            "Carla 0 3 n points"
        ]
    );
    assert!(lots_needed(&s, 1, 1).is_empty());
}

fn drawn_at_border() -> String {
    game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Carla", "½-½")
}

/// T8, T11: two tied at the border (places 2–3, border 2), their game drawn: a lot is
/// needed and the two stay provisional.
#[test]
fn t8_two_tied_drawn_at_border_need_a_lot() {
    let s = run(SIX, &drawn_at_border());
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 2 1 y points",
            "Bruno ½ 2–3 ? pending",
            "Carla ½ 2–3 ? pending"
        ]
    );
    assert_eq!(
        lots_needed(&s, 1, 1),
        [(vec!["Bruno".to_string(), "Carla".to_string()], vec![2, 3])]
    );
    // No draw of phase 2 while a lot is pending (T13).
    let s = run_with(SIX, &(drawn_at_border() + &group2_done()), None);
    assert_eq!(s.next_phase, Err(NoDraw::NotAsked));
}

/// T11: the lot written in the file decides.
#[test]
fn t11_recorded_lot_decides() {
    let toml =
        format!("{SIX}\n[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\" CARLA\", \"bruno \"]\n");
    let s = run(&toml, &drawn_at_border());
    assert_eq!(
        rows(&s, 1, 1),
        ["Anna 2 1 y points", "Carla ½ 2 y lot", "Bruno ½ 3 n lot"]
    );
    // `½-½` (tag and movetext) is read, each with an info naming the form (issue 25).
    assert_eq!(codes(&s), ["normalized-character", "normalized-character"]);
    // A recorded lot overrides --sorteggio.
    let s = run_with(&toml, &drawn_at_border(), Some(7));
    assert_eq!(
        s.phases[0].groups[0].ranking.applied[0].source,
        Some(LotSource::Recorded(0))
    );
}

/// T12: the program's lot, key F1G1P2, seed 7: [Bruno, Carla] shuffled gives [Carla, Bruno]
/// (computed independently of the program).
#[test]
fn t12_program_lot() {
    let s = run_with(SIX, &drawn_at_border(), Some(7));
    assert_eq!(
        rows(&s, 1, 1),
        ["Anna 2 1 y points", "Carla ½ 2 y lot", "Bruno ½ 3 n lot"]
    );
    assert_eq!(s.program_lots().len(), 1);
}

/// T11: a recorded lot naming players who are not the tied ones is `lot-mismatch`.
#[test]
fn t11_lot_naming_the_wrong_players() {
    let toml =
        format!("{SIX}\n[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\"Anna\", \"Bruno\"]\n");
    let s = run(&toml, &drawn_at_border());
    // `½-½` is read, with an info naming the form, in the tag and the movetext (issue 25).
    assert_eq!(
        codes(&s),
        [
            "lot-mismatch",
            "normalized-character",
            "normalized-character"
        ]
    );
    let f = s.phases[0].groups[0]
        .findings
        .iter()
        .find(|n| n.finding.code.as_str() == "lot-mismatch")
        .unwrap();
    assert_eq!(f.file, "torneo.toml");
    assert_eq!(f.finding.span.map(|s| s.line), Some(8));
    // The tie still needs its lot.
    assert_eq!(lots_needed(&s, 1, 1).len(), 1);
    // A lot for a group with no tie, or a group that does not exist.
    let toml = format!(
        "{SIX}\n[[sorteggio]]\nfase = 1\ngirone = 2\nordine = [\"Dario\", \"Elena\"]\n[[sorteggio]]\nfase = 3\ngirone = 1\nordine = [\"Dario\", \"Elena\"]\n"
    );
    let s = run(&toml, &(drawn_at_border() + &group2_done()));
    assert_eq!(
        codes(&s),
        [
            "lot-mismatch",
            "lot-mismatch",
            "normalized-character",
            "normalized-character"
        ]
    );
}

/// T9: three tied at a border: one lot among all three, for places 1, 2, 3.
#[test]
fn t9_three_tied_at_border() {
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0")
        + &game(1, "1", "Carla", "Anna", "1-0");
    let s = run(SIX, &g);
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 1 1–3 ? pending",
            "Bruno 1 1–3 ? pending",
            "Carla 1 1–3 ? pending"
        ]
    );
    assert_eq!(
        lots_needed(&s, 1, 1),
        [(
            vec!["Anna".to_string(), "Bruno".to_string(), "Carla".to_string()],
            vec![1, 2, 3]
        )]
    );
    // Seed 7, key F1G1P1: [Anna, Bruno, Carla] → [Bruno, Anna, Carla].
    let s = run_with(SIX, &g, Some(7));
    assert_eq!(
        rows(&s, 1, 1),
        ["Bruno 1 1 y lot", "Anna 1 2 y lot", "Carla 1 3 n lot"]
    );
    assert!(!s.readings.contains(&Reading::FourTied));
}

/// Ten players: phase 1 of 3 + 3 + 4; phase 2 of 7 players: a group of 3 and one of 4
/// (border 1).
const TEN: &str = r#"
giocatori = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gino", "Ugo", "Vera", "Zoe"]
[[fase]]
numero = 1
gironi = [["Ugo", "Vera", "Zoe"], ["Anna", "Bruno", "Carla"], ["Dario", "Elena", "Fabio", "Gino"]]
[[fase]]
numero = 2
gironi = [["Anna", "Bruno", "Carla"], ["Dario", "Elena", "Fabio", "Gino"]]
"#;

/// Dario 2, Elena 2 (Dario beat Elena), Fabio 1, Gino 1 (Fabio beat Gino).
fn four(phase: u32, group: &str) -> String {
    game(phase, group, "Dario", "Elena", "1-0")
        + &game(phase, group, "Gino", "Dario", "1-0")
        + &game(phase, group, "Dario", "Fabio", "1-0")
        + &game(phase, group, "Elena", "Gino", "1-0")
        + &game(phase, group, "Elena", "Fabio", "1-0")
        + &game(phase, group, "Fabio", "Gino", "1-0")
}

/// T8, T10 in a group of 4: two pairs tied, each game won. In phase 1 (border 3) the tie
/// at 3–4 is at the border, the one at 1–2 is not; in phase 2 (border 1) the other way
/// round. Both are ordered by head-to-head.
#[test]
fn t8_won_head_to_head_at_border_and_not_group_of_four() {
    let s = run(TEN, &(four(1, "3") + &four(2, "2")));
    let expected_1 = [
        "Dario 2 1 y head-to-head",
        "Elena 2 2 y head-to-head",
        "Fabio 1 3 y head-to-head",
        "Gino 1 4 n head-to-head",
    ];
    assert_eq!(rows(&s, 1, 3), expected_1);
    assert_eq!(
        rows(&s, 2, 2),
        [
            "Dario 2 1 y head-to-head",
            "Elena 2 2 n head-to-head",
            "Fabio 1 3 n head-to-head",
            "Gino 1 4 n head-to-head",
        ]
    );
    // No finding about the games; the fixture's phase 2 holds Gino, who did not go on
    // from phase 1: T13's `phase-players` (issue 25) says so, and only that.
    assert_eq!(codes(&s), ["phase-players"]);
    assert!(s.readings.contains(&Reading::GroupsOfFour));
}

/// T10: three tied at no border (places 1–3 in a group of 4, border 3) share the place.
#[test]
fn t10_three_tied_not_at_border() {
    let g = game(1, "3", "Dario", "Elena", "1-0")
        + &game(1, "3", "Elena", "Fabio", "1-0")
        + &game(1, "3", "Fabio", "Dario", "1-0")
        + &game(1, "3", "Dario", "Gino", "1-0")
        + &game(1, "3", "Elena", "Gino", "1-0")
        + &game(1, "3", "Fabio", "Gino", "1-0");
    let s = run(TEN, &g);
    assert_eq!(
        rows(&s, 1, 3),
        [
            "Dario 2 1–3 y shared",
            "Elena 2 1–3 y shared",
            "Fabio 2 1–3 y shared",
            "Gino 0 4 n points"
        ]
    );
}

/// T9 [reading]: four tied at a border, one lot among all four.
#[test]
fn t9_four_tied() {
    let mut g = String::new();
    let p = ["Dario", "Elena", "Fabio", "Gino"];
    for i in 0..4 {
        for j in i + 1..4 {
            g += &game(2, "2", p[i], p[j], "1/2-1/2");
        }
    }
    let s = run(TEN, &g);
    assert_eq!(lots_needed(&s, 2, 2)[0].1, vec![1, 2, 3, 4]);
    assert!(s.readings.contains(&Reading::FourTied));
}

/// T10: an incomplete group is provisional: by points, ties sharing their range, all
/// pending, nobody goes on yet, no lot; the missing pairs in the group's order.
#[test]
fn t10_incomplete_group() {
    let toml = r#"
giocatori = ["Zeno", "Alba", "Milo", "Dario", "Elena", "Fabio"]
[[fase]]
numero = 1
gironi = [["Zeno", "Alba", "Milo"], ["Dario", "Elena", "Fabio"]]
"#;
    let s = run(toml, &game(1, "1", "Milo", "Alba", "1-0"));
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Milo 1 1 ? pending",
            "Alba 0 2–3 ? pending",
            "Zeno 0 2–3 ? pending"
        ]
    );
    let g = &s.phases[0].groups[0];
    assert!(!g.complete);
    assert!(g.ranking.needed.is_empty());
    let missing: Vec<(&str, &str)> = g
        .missing
        .iter()
        .map(|&(a, b)| (s.names[a].as_str(), s.names[b].as_str()))
        .collect();
    assert_eq!(missing, [("Alba", "Zeno"), ("Milo", "Zeno")]);
    // A game not played yet (`*`) is no result.
    let s = run(
        toml,
        &(game(1, "1", "Milo", "Alba", "1-0") + &game(1, "1", "Zeno", "Alba", "*")),
    );
    assert_eq!(s.phases[0].groups[0].missing.len(), 2);
}

/// A final of three (a single group): Anna wins both games; Bruno–Carla drawn.
const FINAL3: &str = r#"
giocatori = ["Anna", "Bruno", "Carla"]
[[fase]]
numero = 1
gironi = [["Anna", "Bruno", "Carla"]]
"#;

fn final3() -> String {
    game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Carla", "Anna", "0-1")
        + &game(1, "1", "Bruno", "Carla", "1/2-1/2")
}

/// T5: the extra game won: its winner is second, the loser third; no lot for 2–3 (the
/// border 2 is gone), the group's own places are shared.
#[test]
fn t5_final_of_three_extra_game_won() {
    let s = run(
        FINAL3,
        &(final3() + &game(1, "spareggio", "Bruno", "Carla", "0-1")),
    );
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 2 1 n points",
            "Bruno ½ 2–3 n shared",
            "Carla ½ 2–3 n shared"
        ]
    );
    assert_eq!(
        (name(&s, s.winner), name(&s, s.second), name(&s, s.third)),
        (Some("Anna"), Some("Carla"), Some("Bruno"))
    );
    assert!(lots_needed(&s, 1, 1).is_empty());
    assert!(codes(&s).is_empty());
    assert!(s.readings.contains(&Reading::FinalPodium));
    assert!(!s.readings.contains(&Reading::ExtraNotWon));
}

/// T5 [reading]: the extra game drawn: the group's places decide, here by lot.
#[test]
fn t5_final_of_three_extra_game_drawn() {
    let s = run(
        FINAL3,
        &(final3() + &game(1, "SPAREGGIO", "Bruno", "Carla", "1/2-1/2")),
    );
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 2 1 n points",
            "Bruno ½ 2–3 n pending",
            "Carla ½ 2–3 n pending"
        ]
    );
    assert_eq!(lots_needed(&s, 1, 1)[0].1, vec![2, 3]);
    assert_eq!(
        (name(&s, s.winner), name(&s, s.second), name(&s, s.third)),
        (Some("Anna"), None, None)
    );
    assert!(s.readings.contains(&Reading::ExtraNotWon));
}

/// T5 [reading]: the extra game not played: the group's places decide (a recorded lot).
#[test]
fn t5_final_of_three_extra_game_not_played() {
    let toml =
        format!("{FINAL3}\n[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\"Carla\", \"Bruno\"]\n");
    let s = run(&toml, &final3());
    assert_eq!(
        rows(&s, 1, 1),
        ["Anna 2 1 n points", "Carla ½ 2 n lot", "Bruno ½ 3 n lot"]
    );
    assert_eq!(
        (name(&s, s.winner), name(&s, s.second), name(&s, s.third)),
        (Some("Anna"), Some("Carla"), Some("Bruno"))
    );
    // With the extra game won, the same lot matches no tie at a border.
    let s = run(
        &toml,
        &(final3() + &game(1, "spareggio", "Bruno", "Carla", "1-0")),
    );
    assert_eq!(codes(&s), ["lot-mismatch"]);
    assert_eq!(name(&s, s.second), Some("Bruno"));
    // Places decided by points: no lot, no extra game needed.
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0");
    let s = run(FINAL3, &g);
    assert_eq!(
        (name(&s, s.winner), name(&s, s.second), name(&s, s.third)),
        (Some("Anna"), Some("Bruno"), Some("Carla"))
    );
}

/// A player's podium place and how it was decided, by name.
fn podium(s: &Standings, player: &str) -> Option<(u32, PodiumBy)> {
    s.podium_place(
        s.names
            .iter()
            .position(|n| n == player)
            .expect("registered"),
    )
}

/// T4, T5: the podium beside the final group's own places. The extra game gives 2nd and
/// 3rd (`extra-game`) while the group leaves the two tied (2–3 shared); it does so even
/// against the group's order by points; without it the group's places decide, and a
/// finalist off a decided podium has no podium place.
#[test]
fn t5_podium_places_say_how_they_were_decided() {
    let s = run(
        FINAL3,
        &(final3() + &game(1, "spareggio", "Bruno", "Carla", "0-1")),
    );
    assert_eq!(
        podium(&s, "Anna"),
        Some((1, PodiumBy::Group(DecidedBy::Points)))
    );
    assert_eq!(podium(&s, "Carla"), Some((2, PodiumBy::ExtraGame)));
    assert_eq!(podium(&s, "Bruno"), Some((3, PodiumBy::ExtraGame)));
    assert_eq!(PodiumBy::ExtraGame.as_str(), "extra-game");
    assert!(s.podium_decided());
    // Bruno is 2nd in the group by points, Carla wins the extra game: Carla is 2nd.
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0")
        + &game(1, "spareggio", "Carla", "Bruno", "1-0");
    let s = run(FINAL3, &g);
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 2 1 n points",
            "Bruno 1 2 n points",
            "Carla 0 3 n points"
        ]
    );
    assert_eq!(podium(&s, "Carla"), Some((2, PodiumBy::ExtraGame)));
    assert_eq!(podium(&s, "Bruno"), Some((3, PodiumBy::ExtraGame)));
    // The extra game drawn, the tie at 2–3 still to be drawn by lot: only 1st decided.
    let s = run(
        FINAL3,
        &(final3() + &game(1, "spareggio", "Bruno", "Carla", "1/2-1/2")),
    );
    assert_eq!(podium(&s, "Bruno"), None);
    assert!(!s.podium_decided());
    // The extra game not played, the lot recorded: the group's places, by lot.
    let toml =
        format!("{FINAL3}\n[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\"Carla\", \"Bruno\"]\n");
    let s = run(&toml, &final3());
    assert_eq!(
        podium(&s, "Carla"),
        Some((2, PodiumBy::Group(DecidedBy::Lot)))
    );
    // A final of four: the 4th has no podium place once 1st–3rd are decided.
    let toml = "giocatori = [\"Anna\", \"Bruno\", \"Carla\", \"Dario\"]\n[[fase]]\nnumero = 1\ngironi = [[\"Anna\", \"Bruno\", \"Carla\", \"Dario\"]]\n";
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Anna", "Dario", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Dario", "1-0")
        + &game(1, "1", "Carla", "Dario", "1-0");
    let s = run(toml, &g);
    assert_eq!(podium(&s, "Dario"), None);
    assert!(s.podium_decided());
    // Not a final: no podium.
    let s = run(SIX, &group2_done());
    assert_eq!(podium(&s, "Dario"), None);
    assert!(!s.podium_decided());
}

/// T5: an extra game with the winner in it, or before the group is complete, is
/// `not-in-group` and does not count.
#[test]
fn t5_extra_game_by_the_wrong_players() {
    let s = run(
        FINAL3,
        &(final3() + &game(1, "spareggio", "Anna", "Carla", "1-0")),
    );
    assert_eq!(codes(&s), ["not-in-group"]);
    assert_eq!(name(&s, s.second), None);
    let g = game(1, "1", "Anna", "Bruno", "1-0") + &game(1, "spareggio", "Bruno", "Carla", "1-0");
    let s = run(FINAL3, &g);
    assert_eq!(codes(&s), ["not-in-group"]);
    assert_eq!(s.winner, None);
}

/// T4: a final of two: one game.
#[test]
fn t4_final_of_two() {
    let toml = "giocatori = [\"Anna\", \"Bruno\"]\n[[fase]]\nnumero = 1\ngironi = [[\"Anna\", \"Bruno\"]]\n";
    let s = run(toml, &game(1, "1", "Bruno", "Anna", "1-0"));
    assert_eq!(rows(&s, 1, 1), ["Bruno 1 1 n points", "Anna 0 2 n points"]);
    assert_eq!(
        (name(&s, s.winner), name(&s, s.second), name(&s, s.third)),
        (Some("Bruno"), Some("Anna"), None)
    );
    let s = run(toml, &game(1, "1", "Bruno", "Anna", "1/2-1/2"));
    assert_eq!(lots_needed(&s, 1, 1)[0].1, vec![1, 2]);
    assert_eq!(s.winner, None);
    assert_eq!(
        rows(&s, 1, 1),
        ["Anna ½ 1–2 n pending", "Bruno ½ 1–2 n pending"]
    );
}

/// T13: the next phase drawn once phase 1 is complete: the players who go on, group by
/// group, shuffled with key F2draw. Seed 7: [Anna, Bruno, Dario, Elena] → [Bruno, Anna,
/// Elena, Dario], a single group of 4 (the final).
#[test]
fn t13_next_draw() {
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0")
        + &group2_done();
    let s = run_with(SIX, &g, Some(7));
    let next = s.next_phase.clone().expect("drawn");
    assert_eq!(next.number, 2);
    let names: Vec<Vec<&str>> = next
        .groups
        .iter()
        .map(|g| g.iter().map(|&p| s.names[p].as_str()).collect())
        .collect();
    assert_eq!(names, [["Bruno", "Anna", "Elena", "Dario"]]);
    let s = run_with(SIX, &(g.clone() + ""), None);
    assert_eq!(s.next_phase, Err(NoDraw::NotAsked));
    let s = run_with(SIX, &group2_done(), Some(7));
    assert_eq!(s.next_phase, Err(NoDraw::Incomplete(1)));
}

/// T14: every check on the games.
#[test]
fn t14_checks_on_games() {
    let no_phase = "[Bianco \"Anna\"]\n[Nero \"Bruno\"]\n[Risultato \"1-0\"]\n\n1-0\n\n";
    let s = run(SIX, no_phase);
    assert_eq!(codes(&s), ["no-phase"]);
    let s = run(SIX, &game(1, "1", "Anna", "Dario", "1-0"));
    assert_eq!(codes(&s), ["not-in-group"]);
    let s = run(SIX, &game(1, "1", "Anna", "Nessuno", "1-0"));
    assert_eq!(codes(&s), ["not-in-group"]);
    let s = run(SIX, &game(2, "1", "Anna", "Bruno", "1-0"));
    assert_eq!(codes(&s), ["not-in-group"]);
    // Played twice: neither game counts; a game not played is no second game.
    let g = game(1, "1", "Anna", "Bruno", "1-0") + &game(1, "1", "Bruno", "Anna", "1-0");
    let s = run(SIX, &g);
    assert_eq!(codes(&s), ["duplicate-pair"]);
    assert_eq!(s.phases[0].groups[0].missing.len(), 3);
    let g = game(1, "1", "Anna", "Bruno", "1-0") + &game(1, "1", "Bruno", "Anna", "*");
    assert!(codes(&run(SIX, &g)).is_empty());
    // The group tag names another group.
    let s = run(SIX, &game(1, "2", "Anna", "Bruno", "1-0"));
    assert_eq!(codes(&s), ["wrong-group-tag"]);
    let f = &s.phases[0].groups[0].findings[0];
    assert_eq!((f.file.as_str(), f.game), ("partite.txt", Some(1)));
    assert_eq!(f.finding.span.map(|s| (s.line, s.column)), Some((2, 1)));
    // It still counts in its group.
    assert_eq!(s.phases[0].groups[0].result(0, 1), Some((2, false)));
    // Late in phase 1.
    let late = "[Fase \"1\"]\n[Girone \"1\"]\n[Bianco \"Anna\"]\n[Nero \"Bruno\"]\n[Risultato \"1-0\"]\n[Terminazione \"ritardo\"]\n\n1-0\n\n";
    assert_eq!(codes(&run(SIX, late)), ["late-in-phase-1"]);
    // An illegal move: the declared result counts, under review.
    let bad = "[Fase \"1\"]\n[Girone \"1\"]\n[Bianco \"Anna\"]\n[Nero \"Bruno\"]\n[Risultato \"0-1\"]\n\n1.e5 0-1\n\n";
    let s = run(SIX, bad);
    assert_eq!(codes(&s), ["illegal-move", "under-review"]);
    assert_eq!(s.phases[0].groups[0].result(1, 0), Some((2, true)));
    // Time forfeit with a draw: result-mismatch, under review.
    let tempo = "[Fase \"1\"]\n[Girone \"1\"]\n[Bianco \"Anna\"]\n[Nero \"Bruno\"]\n[Risultato \"1/2-1/2\"]\n[Terminazione \"tempo\"]\n\n1.e4 e5 1/2-1/2\n\n";
    assert_eq!(codes(&run(SIX, tempo)), ["result-mismatch", "under-review"]);
}

/// T1: names in games match the register after trimming and folding case.
#[test]
fn t1_names_in_games() {
    let g = game(1, "1", "  anna ", "BRUNO", "1-0");
    let s = run(SIX, &g);
    assert!(codes(&s).is_empty());
    assert_eq!(s.phases[0].groups[0].result(0, 1), Some((2, false)));
    assert_eq!(rows(&s, 1, 1)[0], "Anna 1 1 ? pending");
    // Inner spaces count.
    assert_eq!(
        codes(&run(SIX, &game(1, "1", "An na", "Bruno", "1-0"))),
        ["not-in-group"]
    );
}

fn file_error(toml: &str) -> (FileErrorKind, Option<u32>, Option<u32>) {
    let e = Tournament::parse(toml).expect_err("an unusable file");
    (e.kind, e.line, e.column)
}

#[test]
fn bad_tournament_files() {
    let (k, line, col) = file_error("giocatori = [\"A\", \"B\"\n[[fase]]\n");
    assert!(matches!(k, FileErrorKind::Toml(_)));
    assert_eq!((line, col), (Some(2), Some(1)));
    let (k, line, _) = file_error("giocatori = [\"A\", \"B\"]\nsquadra = 1\n");
    assert!(matches!(k, FileErrorKind::Toml(m) if m.contains("squadra")));
    assert_eq!(line, Some(2));
    let (k, line, col) =
        file_error("giocatori = [\"A\", \"B\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"C\"]]\n");
    assert_eq!(
        k,
        FileErrorKind::Unregistered {
            name: "C".into(),
            phase: Some(1)
        }
    );
    assert_eq!((line, col), (Some(4), Some(17)));
    let (k, _, _) = file_error(
        "giocatori = [\"A\", \"B\", \"C\", \"D\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\"], [\"c\", \" a\"]]\n",
    );
    assert_eq!(
        k,
        FileErrorKind::TwiceInPhase {
            name: "A".into(),
            phase: 1
        }
    );
    let (k, line, _) = file_error("giocatori = [\"Rossi, Anna\", \" ROSSI, ANNA\"]\n");
    assert_eq!(
        k,
        FileErrorKind::SameName("Rossi, Anna".into(), "ROSSI, ANNA".into())
    );
    assert_eq!(line, Some(1));
    let (k, _, _) = file_error(
        "giocatori = [\"A\", \"B\", \"C\", \"D\"]\n[[fase]]\nnumero = 2\ngironi = [[\"A\", \"B\"], [\"C\", \"D\"]]\n",
    );
    assert_eq!(
        k,
        FileErrorKind::PhaseOrder {
            expected: 1,
            found: 2
        }
    );
    let (k, _, _) = file_error(
        "giocatori = [\"A\", \"B\"]\n[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\"A\", \"X\"]\n",
    );
    assert!(matches!(k, FileErrorKind::Unregistered { phase: None, .. }));
    let (k, _, _) = file_error("giocatori = [\"A\"]\n");
    assert_eq!(k, FileErrorKind::TooFewPlayers);
    // Group sizes that differ from T3: a warning only.
    let t = Tournament::parse(
        "giocatori = [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\"], [\"C\", \"D\", \"E\", \"F\"]]\n",
    )
    .expect("usable");
    assert_eq!(t.size_warnings().len(), 1);
    let s = standings(&t, &[], Options::default(), "t.toml");
    assert_eq!(codes(&s), ["group-size"]);
}

/// T13: players sharing a place go into the draw in name order (T12 step 1), whatever the
/// group's list order. Seed 3, key F2draw: [Anna, Bruno, Dario, Elena] → [Elena, Dario,
/// Bruno, Anna].
#[test]
fn t13_shared_place_in_name_order() {
    let toml = r#"
giocatori = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
[[fase]]
numero = 1
gironi = [["Bruno", "Anna", "Carla"], ["Dario", "Elena", "Fabio"]]
"#;
    let g = game(1, "1", "Anna", "Bruno", "1/2-1/2")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0")
        + &group2_done();
    let s = run_with(toml, &g, Some(3));
    assert_eq!(
        rows(&s, 1, 1)[..2],
        ["Anna 1½ 1–2 y shared", "Bruno 1½ 1–2 y shared"]
    );
    let next = s.next_phase.clone().expect("drawn");
    let names: Vec<&str> = next.groups[0]
        .iter()
        .map(|&p| s.names[p].as_str())
        .collect();
    assert_eq!(names, ["Elena", "Dario", "Bruno", "Anna"]);
    assert!(s.readings.contains(&Reading::GroupsOfFour));
}

/// T5, T9: a final of three all tied: the lot (seed 9, key F1G1P1: [Anna, Bruno, Carla] →
/// [Anna, Carla, Bruno]) orders all three; the extra game then counts between the other
/// two. Without the lot, first place is undecided and the extra game is `not-in-group`.
#[test]
fn t5_final_of_three_all_tied() {
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0")
        + &game(1, "1", "Carla", "Anna", "1-0")
        + &game(1, "spareggio", "Bruno", "Carla", "1-0");
    let s = run_with(FINAL3, &g, Some(9));
    assert_eq!(
        rows(&s, 1, 1),
        ["Anna 1 1 n lot", "Carla 1 2 n lot", "Bruno 1 3 n lot"]
    );
    assert_eq!(
        (name(&s, s.winner), name(&s, s.second), name(&s, s.third)),
        (Some("Anna"), Some("Bruno"), Some("Carla"))
    );
    assert!(codes(&s).is_empty());
    let s = run(FINAL3, &g);
    assert_eq!(codes(&s), ["not-in-group"]);
    assert_eq!((s.winner, s.second, s.third), (None, None, None));
    // Two extra games with a result: neither counts.
    let twice = final3()
        + &game(1, "spareggio", "Bruno", "Carla", "1-0")
        + &game(1, "spareggio", "Carla", "Bruno", "1-0");
    let s = run(FINAL3, &twice);
    assert_eq!(codes(&s), ["duplicate-pair"]);
    assert_eq!(name(&s, s.second), None);
}

/// T4 [reading]: a final of four decides places 1, 2 and 3; a tie at 3–4 needs a lot.
#[test]
fn t4_final_of_four() {
    let toml = r#"
giocatori = ["Anna", "Bruno", "Carla", "Dario"]
[[fase]]
numero = 1
gironi = [["Anna", "Bruno", "Carla", "Dario"]]
"#;
    let g = game(1, "1", "Anna", "Bruno", "1-0")
        + &game(1, "1", "Anna", "Carla", "1-0")
        + &game(1, "1", "Anna", "Dario", "1-0")
        + &game(1, "1", "Bruno", "Carla", "1-0")
        + &game(1, "1", "Bruno", "Dario", "1-0")
        + &game(1, "1", "Carla", "Dario", "1/2-1/2");
    let s = run(toml, &g);
    assert_eq!(
        rows(&s, 1, 1),
        [
            "Anna 3 1 n points",
            "Bruno 2 2 n points",
            "Carla ½ 3–4 n pending",
            "Dario ½ 3–4 n pending"
        ]
    );
    assert_eq!(lots_needed(&s, 1, 1)[0].1, vec![3, 4]);
    assert_eq!(
        (name(&s, s.winner), name(&s, s.second), name(&s, s.third)),
        (Some("Anna"), Some("Bruno"), None)
    );
    let toml =
        format!("{toml}[[sorteggio]]\nfase = 1\ngirone = 1\nordine = [\"Dario\", \"Carla\"]\n");
    let s = run(&toml, &g);
    assert_eq!(name(&s, s.third), Some("Dario"));
    // A spareggio is only for a final of three.
    let s = run(&toml, &(g + &game(1, "spareggio", "Carla", "Dario", "1-0")));
    assert_eq!(codes(&s), ["not-in-group"]);
}

/// T16: the Berger order and colours for groups of 2 to 6, as (round, White, Black) with
/// players numbered from 1.
#[test]
fn berger_order_and_colours() {
    use arbitro::tournament::berger::{pairings, rounds};
    let table = |k: usize| -> Vec<(usize, usize, usize)> {
        pairings(k)
            .into_iter()
            .map(|p| (p.round, p.white + 1, p.black + 1))
            .collect()
    };
    assert_eq!(table(2), [(1, 1, 2)]);
    assert_eq!(table(3), [(1, 2, 3), (2, 1, 2), (3, 3, 1)]);
    assert_eq!(
        table(4),
        [
            (1, 1, 4),
            (1, 2, 3),
            (2, 4, 3),
            (2, 1, 2),
            (3, 2, 4),
            (3, 3, 1)
        ]
    );
    let six = [
        (1, 1, 6),
        (1, 2, 5),
        (1, 3, 4),
        (2, 6, 4),
        (2, 5, 3),
        (2, 1, 2),
        (3, 2, 6),
        (3, 3, 1),
        (3, 4, 5),
        (4, 6, 5),
        (4, 1, 4),
        (4, 2, 3),
        (5, 3, 6),
        (5, 4, 2),
        (5, 5, 1),
    ];
    assert_eq!(table(6), six);
    // k = 5: as k = 6 with player 6 resting.
    let five: Vec<_> = six
        .iter()
        .copied()
        .filter(|&(_, w, b)| w != 6 && b != 6)
        .collect();
    assert_eq!(table(5), five);
    assert_eq!(rounds(5), 5);
    assert_eq!(rounds(6), 5);
    // Every pair once, for every size read (T3 and the file's limit).
    for k in 2..=arbitro::tournament::file::MAX_GROUP {
        let t = table(k);
        assert_eq!(t.len(), k * (k - 1) / 2);
        let mut seen = std::collections::HashSet::new();
        for &(r, w, b) in &t {
            assert!(r >= 1 && r <= rounds(k) && w != b && w <= k && b <= k);
            assert!(seen.insert((w.min(b), w.max(b))), "k = {k}: {w}–{b} twice");
        }
    }
}
