//! Random legal classical games for the property tests (`tests/props`, `tests/library`):
//! one generator and one writer, so that every property draws its games the same way.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use arbitro::notation::san::{Notation, write_san};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

/// A legal game from the start: at each ply the move `choices[i] % legal moves`, until
/// the choices or the legal moves run out.
pub fn random_game(choices: &[u16]) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// Each move as a sheet writes it (with its check or mate mark), in `notation`; no move
/// numbers.
pub fn sheet_words(moves: &[Move], notation: Notation) -> Vec<String> {
    let mut pos = Chess::default();
    moves
        .iter()
        .map(|&m| {
            let sp = SanPlus::from_move_and_play_unchecked(&mut pos, m);
            let mut t = write_san(&sp.san, notation);
            if let Some(s) = sp.suffix {
                t.push(s.char());
            }
            t
        })
        .collect()
}
