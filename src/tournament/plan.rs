//! T3 (group sizes) and T15 (the plan of a whole tournament from the number of players).

use serde::Serialize;

/// T3: the group sizes of a phase of `n` players, girone 1 first. Groups of 3; n mod 3 = 1
/// gives one group of 4, n mod 3 = 2 two groups of 4 (at the end) **[reading]**; n ≤ 5 is
/// a single group of n.
///
/// ```
/// use arbitro::tournament::plan::group_sizes;
/// assert_eq!(group_sizes(7), vec![3, 4]);
/// assert_eq!(group_sizes(8), vec![4, 4]);
/// assert_eq!(group_sizes(5), vec![5]);
/// ```
pub fn group_sizes(n: usize) -> Vec<usize> {
    if n <= 5 {
        return vec![n];
    }
    let fours = match n % 3 {
        0 => 0,
        1 => 1,
        _ => 2,
    };
    let threes = (n - 4 * fours) / 3;
    let mut sizes = vec![3; threes];
    sizes.extend(std::iter::repeat_n(4, fours));
    sizes
}

/// True when T3's [reading] for sizes other than 3 applies to a phase of `n` players.
pub fn sizes_use_reading(n: usize) -> bool {
    group_sizes(n).iter().any(|&k| k != 3)
}

/// Games of a round robin of `k` players (T2).
pub fn round_robin_games(k: usize) -> usize {
    k * k.saturating_sub(1) / 2
}

/// T4: how many of a group of `k` go on: k − 1 in phase 1, 1 from phase 2 on, none in the
/// final.
pub fn going_on(k: usize, phase: u32, is_final: bool) -> usize {
    if is_final {
        0
    } else if phase == 1 {
        k.saturating_sub(1)
    } else {
        1.min(k)
    }
}

/// One phase of the plan (T15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlannedPhase {
    /// 1, 2, …
    pub phase: u32,
    /// Players in the phase.
    pub players: usize,
    /// Group sizes, girone 1 first.
    pub groups: Vec<usize>,
    /// Games of the phase, with the final's extra game (T5).
    pub games: usize,
    /// Games under supervision (every game of phase 2 and later, seed §4).
    pub supervised: usize,
    /// Players going on to the next phase (0 in the final).
    pub goes_on: usize,
    /// True for the final (a single group).
    #[serde(rename = "final")]
    pub is_final: bool,
    /// The final's extra game for second and third place (T5): 1 or 0.
    pub extra_game: usize,
}

/// T15: the whole plan for `n` players (n ≥ 2), phase 1 to the final.
///
/// ```
/// let p = arbitro::tournament::plan::plan(40);
/// let games: Vec<usize> = p.iter().map(|f| f.games).collect();
/// assert_eq!(games, vec![42, 27, 9, 4]);
/// ```
pub fn plan(n: usize) -> Vec<PlannedPhase> {
    let mut phases = Vec::new();
    let mut players = n;
    let mut number = 1u32;
    while players >= 2 {
        let groups = group_sizes(players);
        let is_final = groups.len() == 1;
        let extra_game = usize::from(is_final && groups[0] == 3);
        let games = groups.iter().map(|&k| round_robin_games(k)).sum::<usize>() + extra_game;
        let goes_on = groups.iter().map(|&k| going_on(k, number, is_final)).sum();
        phases.push(PlannedPhase {
            phase: number,
            players,
            groups,
            games,
            supervised: if number == 1 { 0 } else { games },
            goes_on,
            is_final,
            extra_game,
        });
        if is_final {
            break;
        }
        players = goes_on;
        number += 1;
    }
    phases
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's table for 40 players: 42, 27, 9, 3 + 1 games; 82 in all, 40 supervised.
    #[test]
    fn forty_players_is_the_seeds_table() {
        let p = plan(40);
        assert_eq!(p.len(), 4);
        let mut sizes = vec![3; 12];
        sizes.push(4);
        assert_eq!(p[0].groups, sizes);
        assert_eq!(
            p.iter().map(|f| f.players).collect::<Vec<_>>(),
            [40, 27, 9, 3]
        );
        assert_eq!(
            p.iter().map(|f| f.games).collect::<Vec<_>>(),
            [42, 27, 9, 4]
        );
        assert_eq!(
            p.iter().map(|f| f.supervised).collect::<Vec<_>>(),
            [0, 27, 9, 4]
        );
        assert_eq!(
            p.iter().map(|f| f.goes_on).collect::<Vec<_>>(),
            [27, 9, 3, 0]
        );
        assert_eq!(p[3].extra_game, 1);
        assert_eq!(p.iter().map(|f| f.games).sum::<usize>(), 82);
        assert_eq!(p.iter().map(|f| f.supervised).sum::<usize>(), 40);
    }

    #[test]
    fn small_tournaments() {
        assert_eq!(plan(2).len(), 1);
        assert_eq!(plan(2)[0].games, 1);
        assert_eq!(plan(3)[0].games, 4);
        assert_eq!(plan(5)[0].groups, vec![5]);
        // 6 → two groups of 3 → 4 go on → a final of 4.
        let p = plan(6);
        assert_eq!(p[1].groups, vec![4]);
        assert_eq!(p[1].games, 6);
        assert!(plan(1).is_empty());
    }

    #[test]
    fn sizes_add_up() {
        for n in 2..200 {
            let s = group_sizes(n);
            assert_eq!(s.iter().sum::<usize>(), n);
            assert!(s.windows(2).all(|w| w[0] <= w[1]));
        }
    }
}
