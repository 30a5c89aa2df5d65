//! Property tests for the school tournament: the standings do not depend on the order of
//! the games, on how they are split over files, on the colours, or on how the names are
//! written (T1).

use arbitro::tournament::file::Tournament;
use arbitro::tournament::games::{TournamentGame, read_games};
use arbitro::tournament::standings::{Options, Standings, standings};
use proptest::prelude::*;

/// Ten players: phase 1 of 3 + 3 + 4, and phase 2 of a group of 3 and one of 4.
const TOML: &str = r#"
giocatori = ["Anna", "Bruno", "Carla", "Dario", "Élodie", "Fabio", "Gino", "Ugo", "Vera", "Zoe"]
[[fase]]
numero = 1
gironi = [["Ugo", "Vera", "Zoe"], ["Anna", "Bruno", "Carla"], ["Dario", "Élodie", "Fabio", "Gino"]]
[[fase]]
numero = 2
gironi = [["Anna", "Bruno", "Carla"], ["Dario", "Élodie", "Fabio", "Gino"]]
[[sorteggio]]
fase = 1
girone = 2
ordine = ["Carla", "Anna"]
"#;

/// Every pair of every group: (phase, group, white, black).
fn pairs(t: &Tournament) -> Vec<(u32, usize, usize, usize)> {
    let mut v = Vec::new();
    for p in &t.phases {
        for (g, players) in p.groups.iter().enumerate() {
            for (i, &a) in players.iter().enumerate() {
                for &b in &players[i + 1..] {
                    v.push((p.number, g + 1, a, b));
                }
            }
        }
    }
    v
}

/// One game's text. `result`: 0 loss, 1 draw, 2 win for the first player, 3 not played.
fn game_text(phase: u32, group: usize, white: &str, black: &str, result: u8) -> String {
    let r = ["0-1", "1/2-1/2", "1-0", "*"][result as usize];
    format!(
        "[Fase \"{phase}\"]\n[Girone \"{group}\"]\n[Bianco \"{white}\"]\n[Nero \"{black}\"]\n[Risultato \"{r}\"]\n\n{r}\n\n"
    )
}

/// A name as someone might write it on a sheet (T1): spaces at the ends, another case.
fn written(name: &str, style: u8) -> String {
    match style % 4 {
        0 => name.to_string(),
        1 => format!("  {}", name.to_uppercase()),
        2 => format!("{}\t", name.to_lowercase()),
        _ => format!(" {name} "),
    }
}

/// What must not change: every entry, lot, missing pair, the podium and the draw.
fn summary(s: &Standings) -> String {
    let mut out = String::new();
    for p in &s.phases {
        for g in &p.groups {
            out += &format!(
                "{:?} {:?} {:?} {}\n",
                g.ranking.entries, g.ranking.needed, g.missing, g.complete
            );
        }
    }
    out + &format!(
        "{:?} {:?} {:?} {:?}",
        s.winner, s.second, s.third, s.next_phase
    )
}

fn compute(t: &Tournament, files: &[(String, String)]) -> Standings {
    let games: Vec<TournamentGame> = files
        .iter()
        .flat_map(|(name, text)| read_games(name, text, false, &Default::default()))
        .collect();
    standings(t, &games, Options { seed: Some(11) }, "torneo.toml")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn standings_do_not_depend_on_order_files_colours_or_spelling(
        results in prop::collection::vec(0u8..4, 21),
        order in Just((0..21usize).collect::<Vec<_>>()).prop_shuffle(),
        cuts in prop::collection::vec(0usize..4, 21),
        swaps in prop::collection::vec(any::<bool>(), 21),
        styles in prop::collection::vec(any::<u8>(), 42),
    ) {
        let t = Tournament::parse(TOML).unwrap();
        let all = pairs(&t);
        prop_assert_eq!(all.len(), 21);
        // Canonical: one file, in order, names as registered, the first player White.
        let text: String = all
            .iter()
            .zip(&results)
            .map(|(&(f, g, a, b), &r)| game_text(f, g, &t.players[a], &t.players[b], r))
            .collect();
        let plain = compute(&t, &[("a.txt".to_string(), text)]);
        // Shuffled over up to four files, colours swapped, names written otherwise.
        let mut files = vec![String::new(); 4];
        for &i in &order {
            let (f, g, a, b) = all[i];
            let (wa, wb) = (written(&t.players[a], styles[2 * i]), written(&t.players[b], styles[2 * i + 1]));
            let r = results[i];
            let text = if swaps[i] {
                game_text(f, g, &wb, &wa, if r == 3 { 3 } else { 2 - r })
            } else {
                game_text(f, g, &wa, &wb, r)
            };
            files[cuts[i]].push_str(&text);
        }
        let files: Vec<(String, String)> = files
            .into_iter()
            .enumerate()
            .map(|(i, t)| (format!("f{i}.txt"), t))
            .collect();
        let mixed = compute(&t, &files);
        prop_assert_eq!(summary(&plain), summary(&mixed));
        prop_assert_eq!(plain.all_findings().count(), mixed.all_findings().count());
    }

    /// T1: a name matches itself however it is trimmed or cased.
    #[test]
    fn names_match_by_t1(name in "[A-Za-zÀ-ÿ ,']{1,20}", pre in "[ \t\u{3000}]{0,3}", post in "[ \t]{0,3}", upper in any::<bool>()) {
        use arbitro::tournament::names::same;
        prop_assume!(!name.trim().is_empty());
        let cased = if upper { name.to_uppercase() } else { name.to_lowercase() };
        // Full case mapping may change the length (ß → SS): only simple mappings are equal.
        prop_assume!(cased.chars().count() == name.chars().count());
        let other = format!("{pre}{cased}{post}");
        prop_assert!(same(&name, &other));
    }
}
