//! The repetition window (FIDE 9.2): the positions since the last irreversible move, each
//! kept as a Zobrist key, and how many times the position just reached has been seen.
//!
//! Every move inside the window is reversible (shakmaty's `is_irreversible`: no pawn move,
//! capture, castling or change of castling rights, and no legal en-passant capture before
//! it), so castling rights are the same for every position in it, and only its first
//! position can hold an en-passant right (the next move then clears the window): two
//! positions of the window with the same side to move are the same position (FIDE 9.2.3)
//! exactly when their boards are the same. A key is the board's Zobrist key relative to the
//! window's first board (a reversible move changes it by two table reads), so equal boards
//! have equal keys; a key match is confirmed by taking the moves back to the earlier
//! position on a copy of the board (they capture nothing) and comparing the boards, so the
//! count is exact.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Board, Color, Move, Piece};

/// The keys of the positions since the last irreversible move (at most 151: the 75-move
/// rule ends the game, FIDE 9.6.2, and the window stops growing once the game is over).
#[derive(Clone, Default)]
pub(super) struct Window {
    keys: Vec<u64>,
    /// Plies played when the window's first position was reached.
    base: usize,
    /// For the positions at even and at odd places in the window (one side to move each),
    /// a bit for each key's top 6 bits: a new key whose bit is not set was not seen, and
    /// the keys are not looked at (most positions are new; windows are short).
    seen: [u64; 2],
}

impl Window {
    /// An empty window using `keys`' buffer.
    pub(super) fn with_buffer(mut keys: Vec<u64>) -> Self {
        keys.clear();
        Window {
            keys,
            base: 0,
            seen: [0; 2],
        }
    }

    /// The buffer, for the thread's next game.
    pub(super) fn into_buffer(self) -> Vec<u64> {
        self.keys
    }

    /// Forgets every position (after an irreversible move or a null move).
    pub(super) fn clear(&mut self) {
        self.keys.clear();
    }

    /// Adds the position reached by `m`, the last of `moves` (`board` after it, `mover`
    /// having played it), and returns how many times it has been seen in the window,
    /// itself included. In an empty window (the start, or after `clear`) it is the first
    /// position, and can be any position; after it, `m` must be reversible.
    #[inline(always)]
    pub(super) fn push(&mut self, m: Move, mover: Color, board: &Board, moves: &[Move]) -> usize {
        let (Some(&last), Move::Normal { role, from, to, .. }) = (self.keys.last(), m) else {
            // (A move other than a plain one is never reversible.)
            self.start(moves.len());
            return 1;
        };
        let piece = Piece { color: mover, role };
        let key = last
            ^ u64::from(Zobrist64::zobrist_for_piece(from, piece))
            ^ u64::from(Zobrist64::zobrist_for_piece(to, piece));
        let bit = 1u64 << (key >> 58);
        let filter = &mut self.seen[self.keys.len() & 1];
        let new = *filter & bit == 0;
        *filter |= bit;
        self.keys.push(key);
        if new { 1 } else { self.count(board, moves) }
    }

    /// The window begins again at the position reached after `plies` plies.
    #[inline(always)]
    pub(super) fn start(&mut self, plies: usize) {
        self.keys.clear();
        self.keys.push(0);
        self.base = plies;
        self.seen = [1, 0];
    }

    /// How many times the window's last position has been seen, itself included: the
    /// same position needs the same side to move, so every other key is looked at, and a
    /// key that matches has its board compared. Out of line: only where the filter could
    /// not tell.
    #[inline(never)]
    fn count(&self, board: &Board, moves: &[Move]) -> usize {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let mut seen = 1;
        let mut i = n;
        while i >= 2 {
            i -= 2;
            if self.keys[i] == key {
                seen += usize::from(self.same_board(i, board, moves));
            }
        }
        seen
    }

    /// Whether the board of the window's position `i` is `board` (the board after
    /// `moves`): the moves since are taken back on a copy. Out of line: a key match is
    /// rare.
    #[cold]
    #[inline(never)]
    fn same_board(&self, i: usize, board: &Board, moves: &[Move]) -> bool {
        if moves.len() != self.base + self.keys.len() - 1 {
            return false; // (never: the window follows every move played)
        }
        let Some(since) = moves.get(self.base + i..) else {
            return false;
        };
        let mut before = board.clone();
        for m in since.iter().rev() {
            let &Move::Normal {
                from,
                to,
                capture: None,
                promotion: None,
                ..
            } = m
            else {
                return false;
            };
            let Some(piece) = before.remove_piece_at(to) else {
                return false;
            };
            before.set_piece_at(from, piece);
        }
        before == *board
    }
}

#[cfg(test)]
mod tests {
    use super::Window;
    use shakmaty::{Chess, Position, Square};

    fn play(pos: &mut Chess, moves: &mut Vec<shakmaty::Move>, from: Square, to: Square) {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == Some(from) && m.to() == to)
            .expect("a legal move");
        pos.play_unchecked(m);
        moves.push(m);
    }

    /// Knights out and back twice: the start position is seen three times (FIDE 9.2).
    #[test]
    fn knights_out_and_back() {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        let mut w = Window::default();
        w.start(0);
        let mut seen = Vec::new();
        for _ in 0..2 {
            for (from, to) in [
                (Square::G1, Square::F3),
                (Square::G8, Square::F6),
                (Square::F3, Square::G1),
                (Square::F6, Square::G8),
            ] {
                play(&mut pos, &mut moves, from, to);
                let m = *moves.last().unwrap();
                seen.push(w.push(m, !pos.turn(), pos.board(), &moves));
            }
        }
        assert_eq!(seen, [1, 1, 1, 2, 2, 2, 2, 3]);
    }

    /// The same board reached by different knights is the same position; a clear starts
    /// again.
    #[test]
    fn transposition_and_clear() {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        let mut w = Window::default();
        w.start(0);
        let mut seen = Vec::new();
        for (from, to) in [
            (Square::G1, Square::F3),
            (Square::G8, Square::F6),
            (Square::B1, Square::C3),
            (Square::B8, Square::C6),
            (Square::F3, Square::G1),
            (Square::F6, Square::G8),
            (Square::C3, Square::B1),
            (Square::C6, Square::B8),
        ] {
            play(&mut pos, &mut moves, from, to);
            let m = *moves.last().unwrap();
            seen.push(w.push(m, !pos.turn(), pos.board(), &moves));
        }
        assert_eq!(seen, [1, 1, 1, 1, 1, 1, 1, 2]);
        w.clear();
        let m = *moves.last().unwrap();
        assert_eq!(w.push(m, !pos.turn(), pos.board(), &moves), 1);
    }
}
