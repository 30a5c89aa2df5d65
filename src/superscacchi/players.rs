//! The players of the armies (R48, R7): in 4v4 each army has its own player; in 2v2 each
//! player holds two armies, S+N and O+E for the besiegers, SO+NE and NO+SE for the
//! besieged. The names are the sheets' `[Giocatore]`; empty names are not checked, and
//! names compare without regard to case or spaces.

use super::time::Mode;
use crate::finding::Finding;
use crate::finding::wording::clock as say;
use crate::geometry::Army;
use crate::notation::superscacchi::SsGame;
use crate::span::Span;

/// R7: the armies one player holds in 2v2.
pub const PAIRS: [(Army, Army); 4] = [
    (Army::S, Army::N),
    (Army::O, Army::E),
    (Army::SO, Army::NE),
    (Army::NO, Army::SE),
];

/// A name as compared: lower case, one space between words.
fn key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The `player-pairing` warnings of a game in `mode` (R48), each at the `[Esercito]` of the
/// later sheet it names.
pub fn check(game: &SsGame<'_>, mode: Mode) -> Vec<Finding> {
    // Each army's player (the first sheet of an army: a second one is a merge error).
    let mut players: Vec<(Army, &str, Span)> = Vec::new();
    for s in &game.sheets {
        let name = s.player.as_deref().map_or("", str::trim);
        if !name.is_empty() && !players.iter().any(|p| p.0 == s.army) {
            players.push((s.army, name, s.span));
        }
    }
    let of = |army: Army| players.iter().find(|p| p.0 == army);
    let mut out = Vec::new();
    match mode {
        Mode::TwoVsTwo => {
            for (a, b) in PAIRS {
                if let (Some(pa), Some(pb)) = (of(a), of(b))
                    && key(pa.1) != key(pb.1)
                {
                    let later = if pa.2.start > pb.2.start { pa.2 } else { pb.2 };
                    out.push(say::pair_differs((a, pa.1), (b, pb.1)).at(later));
                }
            }
        }
        Mode::FourVsFour => {
            let mut seen: Vec<String> = Vec::new();
            for (i, p) in players.iter().enumerate() {
                let k = key(p.1);
                if seen.contains(&k) {
                    continue;
                }
                let same: Vec<&(Army, &str, Span)> =
                    players[i..].iter().filter(|q| key(q.1) == k).collect();
                if same.len() > 1 {
                    let armies: Vec<Army> = same.iter().map(|q| q.0).collect();
                    let later = same.iter().map(|q| q.2).max_by_key(|s| s.start);
                    let f = say::one_player_many_armies(p.1, &armies);
                    out.push(later.map_or(f.clone(), |s| f.at(s)));
                }
                seen.push(k);
            }
        }
    }
    out
}
