//! A move missing from the sheet (R32a's classical twin, issue 28): the move numbers say
//! where one side's move should stand and the next word, written there, is not legal for
//! the side to move.
//!
//! - `3.Ac4 4.d3 d6`: the word after `4.` is White's, but Black is to move: Black's third
//!   move is missing.
//! - `4.d6 5.Cc3`: a single word between `4.` and `5.`, not legal for White: White's
//!   fourth move is missing, and the word is Black's; so too `4...d6` with White to move.
//!
//! The move taken for the gap is the legal move after which the written word is legal and
//! the rest of the game replays furthest (as a slip's reading, [`super::slip`]); readings
//! as good are listed. One finding, `missing-move` at the word's move number, instead of
//! the `move-number-mismatch` and the illegal move it would give; the replay goes on.
//! Runs only where a move failed, and only where the numbers show the gap.

use super::slip::{MIN_AFTER, Reach, WORK, marks_agree, reach};
use super::{MoveAt, Replayer};
use crate::classical::matcher::by_shakmaty;
use crate::classical::slip::any_move;
use crate::finding::Code;
use crate::finding::wording::classical as wording;
use crate::notation::classical::TokenKind;
use crate::notation::san::{WrittenMove, parse_move};
use crate::span::Span;
use shakmaty::{Color, Position};

/// Where the numbers show a move missing before a word.
pub(super) struct Slot {
    /// The word's token.
    pub(super) index: usize,
    /// The move number written before the word.
    pub(super) number: Span,
    /// The sheet's numbers less the position's before that number (it jumped by one for
    /// Black's missing move, `3.Ac4 4.d3`).
    pub(super) offset: i64,
}

impl<'a> Replayer<'_, 'a> {
    /// The main line's token that starts at byte `start` of the text.
    pub(super) fn main_token_at(&self, start: usize) -> Option<usize> {
        self.raw
            .tokens
            .iter()
            .position(|t| t.depth() == 0 && self.raw.range_of(t).start == start)
    }

    /// The main line's nearest token before (`forward` false) or after token `index`,
    /// comments and NAGs passed over.
    pub(super) fn main_neighbour(&self, index: usize, forward: bool) -> Option<usize> {
        let tokens = &self.raw.tokens;
        let wanted = |&i: &usize| {
            let t = &tokens[i];
            t.depth() == 0 && !matches!(t.kind(), TokenKind::Comment | TokenKind::Nag(_))
        };
        if forward {
            (index + 1..tokens.len()).find(wanted)
        } else {
            (0..index).rev().find(wanted)
        }
    }

    /// The main line's token of the white move number at `number`.
    pub(super) fn white_number_at(&self, number: Span) -> Option<usize> {
        let n = self.main_token_at(number.start)?;
        let white = matches!(
            self.raw.tokens[n].kind(),
            TokenKind::MoveNumber { black: false, .. }
        );
        white.then_some(n)
    }

    /// The main line's move right after token `n`, if it is a move: its token, its word
    /// and the move the word reads as.
    pub(super) fn move_after(&self, n: usize) -> Option<(usize, &'a str, WrittenMove)> {
        let index = self.main_neighbour(n, true)?;
        let t = &self.raw.tokens[index];
        if t.kind() != TokenKind::Move {
            return None;
        }
        let word = self.raw.word(t);
        let written = parse_move(word, self.notation).ok()?;
        Some((index, word, written))
    }

    /// The word `at` right after a move number, where the numbers leave the side to move
    /// without its move: Black to move after a white number (`3.Ac4 4.d3`), or White to
    /// move with the word alone before the next number (`4.d6 5.Cc3`).
    fn gap_slot(&self, at: &MoveAt<'_>) -> Option<Slot> {
        let tokens = &self.raw.tokens;
        let index = self.main_token_at(at.span.start)?;
        let before = &tokens[self.main_neighbour(index, false)?];
        let TokenKind::MoveNumber { number, black } = before.kind() else {
            return None;
        };
        let mut slot = Slot {
            index,
            number: self.raw.span_of(before),
            offset: self.offset,
        };
        if black {
            // `3.Ac4 Ac5 4...d6`: the dots say Black's, White is to move: White's is missing.
            let white = self.pos.turn() == Color::White;
            return (white && number == self.sheet_number()).then_some(slot);
        }
        if self.pos.turn() == Color::Black {
            // The number jumped by one, there: Black's move of the pair before is missing.
            let (at, old) = self.renumbered?;
            slot.offset = old;
            return (at == slot.number.start && self.offset == old + 1).then_some(slot);
        }
        if number != self.sheet_number() {
            return None;
        }
        let after = &tokens[self.main_neighbour(index, true)?];
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
        let Some((best, texts, mv)) = self.gap_readings(written, slot.index) else {
            return false;
        };
        if !best.alive && best.first < MIN_AFTER {
            return false;
        }
        self.take_gap(&slot, &texts, mv);
        true
    }

    /// The moves of the side to move after which `written` (token `index`) is legal,
    /// scored by how far the game then replays: the best reach, the texts of the moves
    /// that reach as far (the first taken), and that move.
    fn gap_readings(
        &mut self,
        written: &WrittenMove,
        index: usize,
    ) -> Option<(Reach, Vec<String>, shakmaty::Move)> {
        let pos = self.pos.clone();
        self.gap_readings_from(&pos, written, index)
    }

    /// [`Self::gap_readings`] with the gap in `from` instead of the replay's position.
    pub(super) fn gap_readings_from(
        &mut self,
        from: &shakmaty::Chess,
        written: &WrittenMove,
        index: usize,
    ) -> Option<(Reach, Vec<String>, shakmaty::Move)> {
        let mut scored: Vec<(Reach, usize)> = Vec::new();
        let found = any_move(from, self.notation);
        for (k, f) in found.iter().enumerate() {
            let mut pos = from.clone();
            pos.play_unchecked(f.mv);
            let Some(m) = by_shakmaty(&pos, &written.kind) else {
                continue;
            };
            let word = self.raw.word(&self.raw.tokens[index]);
            let r = self.reach_with(word, m, pos, index);
            scored.push((r, k));
        }
        scored.sort_by_key(|&(r, k)| (std::cmp::Reverse(r), k));
        let &(best, k) = scored.first()?;
        let texts: Vec<String> = scored
            .iter()
            .take_while(|s| s.0 == best)
            .map(|s| found[s.1].text.clone())
            .collect();
        Some((best, texts, found[k].mv))
    }

    /// [`with_word`] from `pos`, on this game, counted in this game's look-ahead work.
    fn reach_with(
        &mut self,
        word: &str,
        m: shakmaty::Move,
        pos: shakmaty::Chess,
        index: usize,
    ) -> Reach {
        with_word(
            word,
            m,
            pos,
            self.raw,
            index,
            self.notation,
            &mut self.slip_work,
        )
    }

    /// Takes the gap at `slot`: the `missing-move` finding instead of the jump the number
    /// seemed to make, and `mv` kept for [`Self::fill_gap`].
    pub(super) fn take_gap(&mut self, slot: &Slot, texts: &[String], mv: shakmaty::Move) {
        self.forget_jump(slot.number, slot.offset);
        let mover = self.pos.turn();
        let number = self.sheet_number();
        let f = wording::missing_move(mover, number, texts)
            .at(slot.number)
            .on_sheet(mover, number, self.ply() + 1);
        self.findings.push(f);
        self.gap = Some((mv, slot.number));
        self.last_gap = Some(slot.index);
    }

    /// The jump the number at `number` seemed to make was a gap: said once, by the gap,
    /// and the sheet's numbers (`offset`) put back as they were before it.
    pub(super) fn forget_jump(&mut self, number: Span, offset: i64) {
        if let Some(i) = self.findings.iter().rposition(|f| {
            f.code == Code::MoveNumberMismatch && f.span.is_some_and(|s| s.start == number.start)
        }) {
            self.findings.remove(i);
            self.jumped = false;
        }
        self.offset = offset;
    }

    /// A white move number that jumped by one with Black to move (`2.d4 3.e5 c5`), where
    /// the word after it is legal for Black too: the word is read as Black's unless a
    /// Black move missing before it (then the word is White's) lets the game replay
    /// strictly further. Taken, the missing move is played at once. Out of line: rare
    /// (only after such a jump).
    #[cold]
    #[inline(never)]
    pub(super) fn gap_at_jump(&mut self, number: Span) {
        if self.slip_work >= WORK {
            return;
        }
        let Some((old_at, old)) = self.renumbered else {
            return;
        };
        if old_at != number.start || self.offset != old + 1 {
            return;
        }
        if self.pos.turn() == Color::White {
            // With White to move, a whole row may be missing (`gap_pair`).
            self.pair_at_jump(number, old);
            return;
        }
        let Some(n) = self.white_number_at(number) else {
            return;
        };
        // White's move missing before the word just played as White's: the replay is
        // run again to take it there (`gap_back`); this run looks for no more slips.
        if let Some(restart) = self.gap_one_back(n) {
            self.restart = Some(Box::new(restart));
            self.slip_work = WORK;
            return;
        }
        let Some((index, word, written)) = self.move_after(n) else {
            return;
        };
        // Illegal for Black, the word fails and `find_gap` looks there.
        let Some(m) = by_shakmaty(&self.pos, &written.kind) else {
            return;
        };
        let pos = self.pos.clone();
        let plain = self.reach_with(word, m, pos, index);
        let Some((best, texts, mv)) = self.gap_readings(&written, index) else {
            return;
        };
        if best <= plain {
            return;
        }
        let slot = Slot {
            index,
            number,
            offset: old,
        };
        self.take_gap(&slot, &texts, mv);
        self.fill_gap(word);
    }

    /// Plays the move kept by [`Self::find_gap`] (its marks as they are: none is written),
    /// with the sheet's numbers put back where they were; `false` when there is none.
    /// Out of line: rare.
    #[cold]
    #[inline(never)]
    /// `word` is the word the gap was found before (the move's findings name it).
    pub(super) fn fill_gap(&mut self, word: &'a str) -> bool {
        let Some((m, span)) = self.gap.take() else {
            return false;
        };
        let check = super::unreadable::check_of(&self.pos, m);
        let gap_at = MoveAt {
            word,
            span,
            mover: self.pos.turn(),
            number: self.sheet_number(),
            ply: self.ply() + 1,
            check,
        };
        self.play_move(m, &gap_at);
        true
    }
}

/// How far the main line replays from `pos` with the word of token `index` played as
/// `m`: the word counted as a ply, its own marks (`x`, `+`, `#`) agreeing or not with `m`
/// (`3.e5` read as `dxe5` does not), then the moves after it.
fn with_word(
    word: &str,
    m: shakmaty::Move,
    mut pos: shakmaty::Chess,
    raw: &crate::notation::classical::RawGame<'_>,
    index: usize,
    notation: crate::notation::san::Notation,
    work: &mut u32,
) -> Reach {
    pos.play_unchecked(m);
    let agree = marks_agree(word, m.is_capture(), &pos);
    let mut r = reach(raw, index + 1, pos, notation, work);
    r.total += 1;
    r.first += 1;
    r.agree += u32::from(agree);
    r
}
