//! What a check leads to (R25–R30): check, imprisonment, flight or mate.

use super::position::{KingState, Position};
use crate::geometry::{Army, Camp, GREEN, RED, Sq};

/// What becomes of a king left in check after a move (R25): its fate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum KingFate {
    /// It has an escape or a parry.
    Check,
    /// R28: no escape, parry or sanctuary.
    Mate,
    /// R26: a besieged king forced onto a red square.
    Imprisonment,
    /// R27: a besieger king forced onto a green corner.
    Flight,
}

fn adjacent(a: Sq, b: Sq) -> bool {
    a != b && a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
}

/// The refuge squares next to `king` that are empty: red for a besieged king, green for a
/// besieger king (R25's sanctuary), in R26's order.
pub fn refuges(pos: &Position, army: Army, king: Sq) -> Vec<Sq> {
    let squares: &[Sq] = match army.camp() {
        Camp::Besieged => &RED,
        Camp::Besiegers => &GREEN,
    };
    squares
        .iter()
        .copied()
        .filter(|&s| adjacent(s, king) && pos.at(s).is_none())
        .collect()
}

/// R25: can any army of the king's team, by a move not of that king, end the check?
/// En passant counts only for `ep_army`, the army that moves next.
fn parried(pos: &Position, army: Army, king: Sq) -> bool {
    let enemy = army.camp().other();
    let mut moves = Vec::new();
    let mut scratch = pos.clone();
    for &b in pos.order.iter().filter(|b| b.camp() == army.camp()) {
        moves.clear();
        pos.moves(b, &mut moves);
        for m in &moves {
            if m.from != king && !scratch.with_move(m, |p| p.attacked(king, enemy)) {
                return true;
            }
        }
    }
    false
}

/// R25: the outcome for one king in play that is in check.
pub fn classify(pos: &Position, army: Army) -> KingFate {
    let Some(king) = pos.king_in_play(army) else {
        return KingFate::Check;
    };
    if pos.king_can_move(army) || parried(pos, army, king) {
        return KingFate::Check;
    }
    if refuges(pos, army, king).is_empty() {
        KingFate::Mate
    } else {
        match army.camp() {
            Camp::Besieged => KingFate::Imprisonment,
            Camp::Besiegers => KingFate::Flight,
        }
    }
}

/// After a move by `mover`: every enemy king in play that is in check, classified in this
/// position, in turn order from the order's first army (R25).
pub fn classify_all(pos: &Position, mover: Army) -> Vec<(Army, KingFate)> {
    let enemy = mover.camp().other();
    let checked: Vec<Army> = pos
        .order
        .iter()
        .copied()
        .filter(|&a| a.camp() == enemy && pos.in_check(a))
        .collect();
    classify_kings(pos, &checked)
}

/// R25 for kings already known to be in check, given in turn order.
pub fn classify_kings(pos: &Position, checked: &[Army]) -> Vec<(Army, KingFate)> {
    checked.iter().map(|&a| (a, classify(pos, a))).collect()
}

/// Applies classified outcomes in order (R26–R28). A king whose refuge was just taken by
/// another king is mated instead. Returns what really happened.
pub fn apply(pos: &mut Position, outcomes: &[(Army, KingFate)]) -> Vec<(Army, KingFate)> {
    let mut done = Vec::with_capacity(outcomes.len());
    for &(army, outcome) in outcomes {
        let Some(king) = pos.king_in_play(army) else {
            continue;
        };
        let real = match outcome {
            KingFate::Check => KingFate::Check,
            KingFate::Imprisonment | KingFate::Flight => match refuges(pos, army, king).first() {
                Some(&to) => {
                    pos.send_to_sanctuary(army, to);
                    outcome
                }
                None => KingFate::Mate,
            },
            KingFate::Mate => KingFate::Mate,
        };
        if real == KingFate::Mate {
            pos.remove_king(army);
            pos.lost[army.index()] = true;
        }
        done.push((army, real));
    }
    done
}

/// R29: the enemy kings in play that `army`'s own pieces attack at the start of its turn,
/// looking only at the kings `maybe` lets through (those known to be in check: a king no
/// enemy attacks cannot be attacked by one army).
pub fn unparried_among(pos: &Position, army: Army, maybe: impl Fn(Army) -> bool) -> Vec<Army> {
    pos.order
        .iter()
        .copied()
        .filter(|&a| a.camp() != army.camp() && maybe(a))
        .filter(|&a| {
            pos.king_in_play(a)
                .is_some_and(|k| pos.attacked_by(k, |b| b == army))
        })
        .collect()
}

/// Is the king of `army` still in play?
pub fn has_king(pos: &Position, army: Army) -> bool {
    matches!(pos.kings[army.index()], KingState::InPlay(_))
}
