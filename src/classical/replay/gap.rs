//! A move missing from the sheet (R32a's classical twin, issue 28): the move numbers say
//! where one side's move should stand and the next word, written there, is not legal for
//! the side to move.
//!
//! - `3.Ac4 4.d3 d6`: the word after `4.` is White's, but Black is to move: Black's third
//!   move is missing.
//! - `4.d6 5.Cc3`: a single word between `4.` and `5.`, not legal for White: White's
//!   fourth move is missing, and the word is Black's.
//!
//! The move taken for the gap is the legal move after which the written word is legal and
//! the rest of the game replays furthest (as a slip's reading, [`super::slip`]); readings
//! as good are listed. One finding, `missing-move` at the word's move number, instead of
//! the `move-number-mismatch` and the illegal move it would give; the replay goes on.
//! Runs only where a move failed, and only where the numbers show the gap.

use super::slip::{MIN_AFTER, Reach, WORK, reach};
use super::{MoveAt, Replayer};
use crate::classical::matcher::by_shakmaty;
use crate::classical::slip::any_move;
use crate::finding::Code;
use crate::finding::wording::classical as wording;
use crate::notation::classical::TokenKind;
use crate::notation::san::WrittenMove;
use crate::span::Span;
use shakmaty::{Color, Position};

/// Where the numbers show a move missing before a word.
struct Slot {
    /// The word's token.
    index: usize,
    /// The move number written before the word.
    number: Span,
    /// The sheet's numbers less the position's before that number (it jumped by one for
    /// Black's missing move, `3.Ac4 4.d3`).
    offset: i64,
}

impl<'a> Replayer<'_, 'a> {
    /// The word `at` right after a move number, where the numbers leave the side to move
    /// without its move: Black to move after a white number (`3.Ac4 4.d3`), or White to
    /// move with the word alone before the next number (`4.d6 5.Cc3`).
    fn gap_slot(&self, at: &MoveAt<'_>) -> Option<Slot> {
        let tokens = &self.raw.tokens;
        let index = tokens
            .iter()
            .position(|t| t.depth() == 0 && self.raw.range_of(t).start == at.span.start)?;
        let main = |t: &&crate::notation::classical::Token<'_>| t.depth() == 0;
        let before = tokens[..index]
            .iter()
            .rev()
            .filter(main)
            .find(|t| !matches!(t.kind(), TokenKind::Comment | TokenKind::Nag(_)))?;
        let TokenKind::MoveNumber {
            number,
            black: false,
        } = before.kind()
        else {
            return None;
        };
        let mut slot = Slot {
            index,
            number: self.raw.span_of(before),
            offset: self.offset,
        };
        if self.pos.turn() == Color::Black {
            // The number jumped by one, there: Black's move of the pair before is missing.
            let (at, old) = self.renumbered?;
            slot.offset = old;
            return (at == slot.number.start && self.offset == old + 1).then_some(slot);
        }
        if number != self.sheet_number() {
            return None;
        }
        let after = tokens[index + 1..]
            .iter()
            .filter(main)
            .find(|t| !matches!(t.kind(), TokenKind::Comment | TokenKind::Nag(_)))?;
        let next = matches!(after.kind(), TokenKind::MoveNumber { number: m, .. } if m == number.saturating_add(1));
        next.then_some(slot)
    }

    /// Where `written` (at `at`) failed: if the numbers show a move missing before it and
    /// a legal move there makes it legal and lets the game go on, the `missing-move`
    /// finding is given and that move is kept for [`Self::fill_gap`]. Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn find_gap(&mut self, written: &WrittenMove, at: &MoveAt<'_>) -> bool {
        if self.slip_work >= WORK {
            return false;
        }
        let Some(slot) = self.gap_slot(at) else {
            return false;
        };
        if self.last_gap == Some(slot.index) {
            return false; // one gap a word: the word after it failed for another reason
        }
        let mut scored: Vec<(Reach, usize)> = Vec::new();
        let found = any_move(&self.pos, self.notation);
        for (k, f) in found.iter().enumerate() {
            let mut pos = self.pos.clone();
            pos.play_unchecked(f.mv);
            let Some(m) = by_shakmaty(&pos, &written.kind) else {
                continue;
            };
            pos.play_unchecked(m);
            let r = reach(
                self.raw,
                slot.index + 1,
                pos,
                self.notation,
                &mut self.slip_work,
            );
            scored.push((r, k));
        }
        scored.sort_by_key(|&(r, k)| (std::cmp::Reverse(r), k));
        let Some(&(best, k)) = scored.first() else {
            return false;
        };
        if !best.alive && best.first < MIN_AFTER {
            return false;
        }
        let texts: Vec<String> = scored
            .iter()
            .take_while(|s| s.0 == best)
            .map(|s| found[s.1].text.clone())
            .collect();
        // The jump the number seemed to make was this gap: said once, by the gap.
        if let Some(i) = self.findings.iter().rposition(|f| {
            f.code == Code::MoveNumberMismatch
                && f.span.is_some_and(|s| s.start == slot.number.start)
        }) {
            self.findings.remove(i);
            self.jumped = false;
        }
        // The sheet's numbers as they were before the number that seemed to jump.
        self.offset = slot.offset;
        let mover = self.pos.turn();
        let number = self.sheet_number();
        let f = wording::missing_move(mover, number, &texts)
            .at(slot.number)
            .on_sheet(mover, number, self.ply() + 1);
        self.findings.push(f);
        self.gap = Some((found[k].mv, slot.number));
        self.last_gap = Some(slot.index);
        true
    }

    /// Plays the move kept by [`Self::find_gap`] (its marks as they are: none is written),
    /// with the sheet's numbers put back where they were; `false` when there is none.
    /// Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn fill_gap(&mut self, at: &MoveAt<'a>) -> bool {
        let Some((m, span)) = self.gap.take() else {
            return false;
        };
        let mut pos = self.pos.clone();
        pos.play_unchecked(m);
        let check = if pos.is_checkmate() {
            crate::notation::san::CheckMark::Mate
        } else if pos.is_check() {
            crate::notation::san::CheckMark::Check
        } else {
            crate::notation::san::CheckMark::None
        };
        let gap_at = MoveAt {
            span,
            mover: self.pos.turn(),
            number: self.sheet_number(),
            ply: self.ply() + 1,
            check,
            ..*at
        };
        self.play_move(m, &gap_at);
        true
    }
}
