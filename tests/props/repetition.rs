//! Repetitions (FIDE 9.2, 9.6.1): the replay's window of Zobrist keys against a plain
//! count of every earlier position with the same pieces, side to move, castling rights and
//! legal en-passant capture, on random games that shuffle their pieces often.

use arbitro::classical::{Ending, ReplayOptions, replay};
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use proptest::prelude::*;
use shakmaty::san::SanPlus;
use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Square};

/// A random game where, when `shuffle` says so, a piece move that captures nothing is
/// preferred, above all the one that takes back the side's last move (so positions come
/// back).
fn shuffling_game(choices: &[(u16, bool)]) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for &(c, shuffle) in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let quiet: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.role() != shakmaty::Role::Pawn && !m.is_capture())
            .collect();
        let from = if shuffle && !quiet.is_empty() {
            &quiet[..]
        } else {
            &legal[..]
        };
        let back = moves.len().checked_sub(2).and_then(|i| {
            let last: Move = moves[i];
            quiet
                .iter()
                .copied()
                .find(|m| m.from() == Some(last.to()) && Some(m.to()) == last.from())
        });
        let m = match back {
            Some(m) if shuffle && c != 0 => m,
            _ => from[c as usize % from.len()],
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

type Key = (Board, Color, Bitboard, Option<Square>);

fn key(pos: &Chess) -> Key {
    (
        pos.board().clone(),
        pos.turn(),
        pos.castles().castling_rights(),
        pos.legal_ep_square(),
    )
}

/// The plies where a position is seen for the third and for the fifth time, counted the
/// plain way.
fn plain_count(moves: &[Move]) -> (Option<u32>, Option<u32>) {
    let mut pos = Chess::default();
    let mut seen: Vec<Key> = vec![key(&pos)];
    let (mut third, mut fifth) = (None, None);
    for (i, &m) in moves.iter().enumerate() {
        pos.play_unchecked(m);
        let k = key(&pos);
        let n = 1 + seen.iter().filter(|s| **s == k).count();
        seen.push(k);
        let ply = i as u32 + 1;
        if n >= 3 && third.is_none() {
            third = Some(ply);
        }
        if n >= 5 {
            fifth = Some(ply);
            break;
        }
    }
    (third, fifth)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn repetitions_counted_exactly(
        choices in proptest::collection::vec((0u16..6, prop::bool::weighted(0.95)), 1..98),
    ) {
        let moves = shuffling_game(&choices);
        let mut pos = Chess::default();
        let mut text = String::new();
        for (i, &m) in moves.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
            text.push(' ');
        }
        let raw = games(&text).next().unwrap();
        let r = replay(&raw, &ReplayOptions { notation: Some(Notation::English) });
        prop_assume!(!matches!(r.ending, Some((Ending::DeadPosition, _))));
        let (third, fifth) = plain_count(&moves);
        // Under 100 plies no 50-move claim: every claim is a threefold repetition (9.2).
        let claim = r.findings.iter().find(|f| f.code.as_str() == "claim-possible");
        prop_assert_eq!(claim.and_then(|f| f.ply), third, "{}", text);
        let fivefold = match r.ending {
            Some((Ending::FivefoldRepetition, ply)) => Some(ply),
            _ => None,
        };
        prop_assert_eq!(fivefold, fifth, "{}", text);
    }
}

/// The games above do repeat positions (else the property would say little).
#[test]
fn shuffling_games_repeat() {
    let mut state = 12345u32;
    let mut repeated = 0;
    for _ in 0..100 {
        let choices: Vec<(u16, bool)> = (0..97)
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (
                    ((state >> 16) % 6) as u16,
                    !(state >> 20).is_multiple_of(10),
                )
            })
            .collect();
        repeated += usize::from(plain_count(&shuffling_game(&choices)).0.is_some());
    }
    assert!(
        repeated >= 20,
        "{repeated} of 100 games repeat a position three times"
    );
}
