//! White's move missing before a word the replay read as White's (FIDE 8.1, R32a's
//! classical twin; issue 28): in
//! `2.Cf3 Cc6 3. Cd4 4.Cxd4 exd4` the word after `3.` stands alone before `4.`, and is
//! legal for White (the knight of f3), so the replay plays it as White's third move; `4.`
//! then comes with Black to move. Where the game replays strictly further with a White
//! move missing before that word (the word Black's: `3.? Cd4 4.Cxd4 exd4`) than read as
//! written or with Black's move missing after it ([`super::gap`]), the move taken back is
//! one the replay has already played: the replay is run again from the start, told to take
//! the gap there ([`Restart`]). Runs only after a move number that jumped by one with
//! Black to move.

use super::Replayer;
use super::gap::Slot;
use super::slip::{MIN_AFTER, Reach, marks_agree, reach};
use crate::classical::forms::Variant;
use crate::classical::matcher::by_shakmaty;
use crate::notation::classical::TokenKind;
use crate::notation::san::parse_move;
use crate::span::Span;
use shakmaty::{Chess, Color, Move, Position};

/// How many times one game's replay is run again for a missing move (so at most nine
/// runs in all).
pub(super) const RESTARTS: usize = 8;

/// A White move missing before the word of token `index`, found by a replay that had
/// already played past it: the next run takes it there.
#[derive(Debug, Clone)]
pub(super) struct Restart {
    /// The word's token (the word is Black's move).
    pub(super) index: usize,
    /// The move taken for the gap.
    pub(super) mv: Move,
    /// The move number written before the word.
    pub(super) number: Span,
    /// The moves that fit the gap as well, the one taken first.
    pub(super) texts: Vec<String>,
}

/// `r` with one more word before it, played, its marks agreeing or not.
fn with_one_more(mut r: Reach, agree: bool) -> Reach {
    r.total += 1;
    r.first += 1;
    r.agree += u32::from(agree);
    r
}

impl<'a> Replayer<'_, 'a> {
    /// At the white move number `n` (a token) that jumped by one with Black to move: the
    /// restart that takes a White move missing before the lone word just played as White's,
    /// where the game then replays strictly further than otherwise. Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn gap_one_back(&mut self, n: usize) -> Option<Restart> {
        if self.restarts >= RESTARTS {
            return None; // no run after this one would take it
        }
        let tokens = &self.raw.tokens;
        let lone = self.main_neighbour(n, false)?;
        if tokens[lone].kind() != TokenKind::Move || self.last_gap == Some(lone) {
            return None;
        }
        let before = self.main_neighbour(lone, false)?;
        let TokenKind::MoveNumber { black: false, .. } = tokens[before].kind() else {
            return None;
        };
        let word_index = self.main_neighbour(n, true)?;
        if tokens[word_index].kind() != TokenKind::Move {
            return None;
        }
        let &last = self.moves.last()?;
        let back = self.position_back(1)?;
        let lone_word = self.raw.word(&tokens[lone]);
        let written = parse_move(lone_word, self.notation).ok()?;
        // The lone word is the move just played, White's.
        if back.turn() != Color::White || by_shakmaty(&back, &written.kind) != Some(last) {
            return None;
        }
        let (best, texts, mv) = self.gap_readings_from(&back, &written, lone)?;
        // As for a gap found where the word fails (`find_gap`): the game goes on to its
        // end, or far enough past the word (a later slip of another kind may stop it).
        if !best.alive && best.first < MIN_AFTER + 1 {
            return None;
        }
        // The word as White's, as it was played, then the game as written on.
        let agree = marks_agree(lone_word, last.is_capture(), &self.pos);
        let plain = reach(
            self.raw,
            word_index,
            self.pos.clone(),
            self.notation,
            &mut self.slip_work,
        );
        if best <= with_one_more(plain, agree) {
            return None;
        }
        // The word as White's, Black's move missing after it (`super::gap`).
        let next = self.raw.word(&tokens[word_index]);
        if let Ok(next) = parse_move(next, self.notation)
            && let Some((after, ..)) = self.gap_readings_from(&self.pos.clone(), &next, word_index)
            && best <= with_one_more(after, agree)
        {
            return None;
        }
        Some(Restart {
            index: lone,
            mv,
            number: self.raw.span_of(&tokens[before]),
            texts,
        })
    }

    /// The position `plies` plies before this one, replayed from the start (counted in
    /// the game's look-ahead work, which bounds how often a game can do it).
    fn position_back(&mut self, plies: usize) -> Option<Chess> {
        let mut fresh = Replayer::new(self.raw, self.notation);
        let chess960 = crate::classical::forms::variant(self.raw) == Variant::Chess960;
        fresh.start_position(chess960).ok()?;
        let mut pos = fresh.pos.clone();
        let upto = self.moves.len().checked_sub(plies)?;
        self.slip_work = self
            .slip_work
            .saturating_add(u32::try_from(upto).unwrap_or(u32::MAX));
        for &m in &self.moves[..upto] {
            pos.play_unchecked(m);
        }
        Some(pos)
    }

    /// Takes the gap a restart found before the word `word` (at `span`): the
    /// `missing-move` finding, and the move played. Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn take_restart(&mut self, gap: &Restart, word: &'a str) {
        if !self.pos.is_legal(gap.mv) {
            return;
        }
        // The numbers follow here (the run found the gap one number later): nothing to
        // put back.
        let slot = Slot {
            index: gap.index,
            number: gap.number,
            offset: self.offset,
        };
        self.take_gap(&slot, &gap.texts, gap.mv);
        self.fill_gap(word);
    }
}
