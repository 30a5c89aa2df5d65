//! A whole row missing from the sheet (issue 28, FIDE 8.1): `3.Ab5 a6 5.O-O Cf6`, where
//! White's and Black's fourth moves were never written. The number jumped by one with
//! White to move; read as written, the game may go on for a while (`5.O-O` is legal
//! without `4.Aa4 Cf6`) and fail later. Where a White move and a Black reply missing
//! before the number let the game replay strictly further, that is the finding: one
//! `missing-move` naming both, the pair that replays furthest played, the others as good
//! listed. Runs only at such a number.

use super::Replayer;
use super::slip::{HORIZON, MIN_AFTER, Reach, WORK, plain_run, reach};
use crate::classical::fill::san_text;
use crate::classical::matcher::by_shakmaty;
use crate::classical::slip::any_move;
use crate::finding::wording::classical as wording;
use crate::span::Span;
use shakmaty::{Color, Move, Position};

/// Pairs weighed in full after the quick first look.
const WEIGHED: usize = 16;

/// Plies of the quick first look.
const GLANCE: u32 = 24;

impl<'a> Replayer<'_, 'a> {
    /// At the white move number `number` that jumped by one with White to move: the row
    /// before it missing, if a pair of moves there lets the game replay strictly further
    /// than the sheet as written. Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn pair_at_jump(&mut self, number: Span, old: i64) {
        let Some((index, word, written)) = self
            .white_number_at(number)
            .and_then(|n| self.move_after(n))
        else {
            return;
        };
        let glanced = self.glance_pairs(&written, index);
        if glanced.is_empty() {
            return;
        }
        let plain = reach(
            self.raw,
            index,
            self.pos.clone(),
            self.notation,
            &mut self.slip_work,
        );
        let mut scored: Vec<(Reach, Move, Move)> = Vec::new();
        for &(_, w, b) in glanced.iter().take(WEIGHED) {
            if self.slip_work >= WORK {
                break;
            }
            let mut pos = self.pos.clone();
            pos.play_unchecked(w);
            pos.play_unchecked(b);
            let r = reach(self.raw, index, pos, self.notation, &mut self.slip_work);
            scored.push((r, w, b));
        }
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        let Some(&(best, w, b)) = scored.first() else {
            return;
        };
        if best <= plain || (!best.alive && best.first < MIN_AFTER) {
            return;
        }
        // The pairs as good, then those the quick look could not tell from them and that
        // were not weighed in full.
        let tied = scored
            .iter()
            .take_while(|s| s.0 == best)
            .map(|&(_, w, b)| (w, b));
        let top = glanced[0].0;
        let unweighed = glanced
            .iter()
            .skip(WEIGHED)
            .take_while(|g| g.0 == top)
            .map(|&(_, w, b)| (w, b));
        let texts: Vec<String> = tied
            .chain(unweighed)
            .map(|(w, b)| self.pair_text(w, b, old))
            .collect();
        self.take_pair(number, old, &texts, word, w, b);
    }

    /// The quick look: every pair of moves after which the word of token `index` is a
    /// move, by how far the game then goes with no slip read past (and how many marks
    /// agree), the furthest first; pairs as good in shakmaty's order.
    fn glance_pairs(
        &mut self,
        written: &crate::notation::san::WrittenMove,
        index: usize,
    ) -> Vec<((u32, u32), Move, Move)> {
        let mut glanced: Vec<((u32, u32), Move, Move)> = Vec::new();
        for w in any_move(&self.pos, self.notation) {
            let mut after_w = self.pos.clone();
            after_w.play_unchecked(w.mv);
            for b in after_w.legal_moves() {
                let mut after_b = after_w.clone();
                after_b.play_unchecked(b);
                if by_shakmaty(&after_b, &written.kind).is_some() {
                    let run = plain_run(self.raw, index, after_b, self.notation, GLANCE);
                    glanced.push((run, w.mv, b));
                }
            }
        }
        self.slip_work = self
            .slip_work
            .saturating_add(u32::try_from(glanced.len()).unwrap_or(u32::MAX));
        // Those that went as far as the quick look went, looked at again to the horizon
        // (a quiet reply that changes nothing for a while ties with many others).
        let far = glanced.iter().map(|g| g.0.0).max().unwrap_or(0);
        if far == GLANCE {
            for g in glanced.iter_mut().filter(|g| g.0.0 == GLANCE) {
                let mut pos = self.pos.clone();
                pos.play_unchecked(g.1);
                pos.play_unchecked(g.2);
                g.0 = plain_run(self.raw, index, pos, self.notation, HORIZON);
                self.slip_work = self.slip_work.saturating_add(g.0.0 / 8);
            }
        }
        // Stable: pairs as good keep shakmaty's order.
        glanced.sort_by_key(|g| std::cmp::Reverse(g.0));
        glanced
    }

    /// `11.c4 c6`, in the sheet's notation, numbered as the sheet was before the jump
    /// (`old`).
    fn pair_text(&self, w: Move, b: Move, old: i64) -> String {
        let mut pos = self.pos.clone();
        let white = san_text(&pos, w, self.notation);
        pos.play_unchecked(w);
        let black = san_text(&pos, b, self.notation);
        let row = i64::from(self.pos.fullmoves().get()) + old;
        format!("{row}.{white} {black}")
    }

    /// Takes the missing row: the finding instead of the jump, the two moves played.
    fn take_pair(
        &mut self,
        number: Span,
        old: i64,
        texts: &[String],
        word: &'a str,
        w: Move,
        b: Move,
    ) {
        self.forget_jump(number, old);
        let row = self.sheet_number();
        let f = wording::missing_pair(row, texts).at(number).on_sheet(
            Color::White,
            row,
            self.ply() + 1,
        );
        self.findings.push(f);
        for m in [w, b] {
            self.gap = Some((m, number));
            self.fill_gap(word);
        }
    }
}
