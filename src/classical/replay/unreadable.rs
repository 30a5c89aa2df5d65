//! A move with unreadable characters (`_`, formats.md §8) where the plan made before the
//! replay ([`crate::classical::fill::plan`]) cannot say how to read it: it found several
//! readings, or none, or its reading is no legal move where the replay stands (an earlier
//! slip read as meant, or a missing move found, put the game elsewhere than the plan saw:
//! `3. Cd4 4.Cxd4 exd4 5.c_`).
//!
//! The readings are then weighed where the replay stands, as a slip's are
//! ([`super::slip`]): each is followed along the main line, later slips read past, and
//! the one with which the game replays furthest is taken. One alone → `filled-unreadable`;
//! several as far → `unreadable-move` (an error) with the first read to go on, so a later,
//! independent slip is still found in the same run (issue 28 point 4), unless the next
//! move is unreadable too (a sheet of `_` alone stops at the first); none →
//! `illegal-move`, and the replay stops. Of several readings the plan filled, its choice
//! stands where it is among the best weighed here. In the look-ahead a `_` is read by the
//! moves after it ([`super::slip`]). Bounded by the game's look-ahead budget
//! ([`super::slip::WORK`]): once it is spent, the plan's word stands.

use super::Replayer;
use super::slip::{WORK, reach};
use crate::classical::explain::numbered;
use crate::classical::fill::{self, Decision, Plan};
use crate::finding::wording::{classical as wording, common};
use crate::notation::classical::TokenKind;
use crate::notation::san::CheckMark;
use crate::span::Span;
use shakmaty::{Move, Position};

impl<'a> Replayer<'_, 'a> {
    /// Plays the move written as the pattern `word` (token `index`, at `span`), read as
    /// `plan` decides where that reading is legal here, otherwise as weighed here (see
    /// the module documentation); `false` when no reading is left (the replay stops).
    /// Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn play_pattern(
        &mut self,
        plan: &'a Plan,
        index: usize,
        word: &'a str,
        span: Span,
        ep_after: bool,
    ) -> bool {
        let ply = self.ply() + 1;
        let (text, f) = fill::decide(plan, index, word, span, &self.pos, ply);
        // The plan saw the position the replay is in where its candidates are the
        // readings here; one alone is that move.
        let (seen, only) = match plan.get(index) {
            Some(Decision::Filled { candidates, .. }) => {
                let here = fill::readings(&self.pos, word, self.notation);
                let seen = here.len() == candidates.len()
                    && here
                        .iter()
                        .all(|r| candidates.iter().any(|c| c.text == r.text));
                (seen, candidates.len() == 1)
            }
            _ => (false, false),
        };
        // Of several, the plan's stands where it is among the best weighed here: the plan
        // stops at a later slip, where a wrong reading may make the slip's text legal or
        // a later `x` take nothing.
        let weighed = if seen && only {
            None
        } else {
            self.weigh(word, index)
        };
        if let Some(text) = text
            && seen
            && weighed
                .as_ref()
                .is_none_or(|(readings, top)| readings[..*top].iter().any(|w| w.text == text))
        {
            self.findings.push(f);
            return self.play_written(text, span, ep_after);
        }
        match weighed {
            Some((readings, top)) => {
                let shown: Vec<(&str, u32)> = readings
                    .iter()
                    .map(|w| (w.text.as_str(), ply + w.plies))
                    .collect();
                let at = numbered(&self.pos, word);
                // Several as good: the first is read to go on where the next written move
                // can then be checked (a sheet of `_` alone stops at the first).
                let go_on = top == 1 || !self.pattern_next(index);
                let f = if top == 1 {
                    common::filled_unreadable(&at, &shown, false)
                } else if go_on {
                    wording::unreadable_read_on(&at, &shown, top)
                } else {
                    wording::unreadable_move(&at, &shown, false)
                };
                let number = self.sheet_number();
                let f = f
                    .rule("FIDE 8.1")
                    .at(span)
                    .on_sheet(self.pos.turn(), number, ply);
                self.findings.push(f);
                if go_on {
                    self.play_reading(readings[0].mv, word, span);
                }
                go_on
            }
            None => {
                self.findings.push(f);
                match text {
                    Some(text) => self.play_written(text, span, ep_after),
                    None => false,
                }
            }
        }
    }

    /// The readings of the pattern `word` (token `index`) where the replay stands, best
    /// first, each with how many plies the game then replays (later slips read past), and
    /// how many are as good as the first (shown as far); `None` when none is legal or the
    /// game's look-ahead is spent.
    fn weigh(&mut self, word: &str, index: usize) -> Option<(Vec<Weighed>, usize)> {
        if self.slip_work >= WORK {
            return None;
        }
        let mut weighed: Vec<_> = fill::readings(&self.pos, word, self.notation)
            .into_iter()
            .enumerate()
            .map(|(k, r)| {
                let mut pos = self.pos.clone();
                pos.play_unchecked(r.mv);
                let reach = reach(self.raw, index + 1, pos, self.notation, &mut self.slip_work);
                (reach, k, r)
            })
            .collect();
        // Furthest first ([`super::slip::Reach`]), then shakmaty's order.
        weighed.sort_by_key(|(reach, k, _)| (std::cmp::Reverse(*reach), *k));
        let best = weighed.first()?.0;
        // Filled only where the one taken is shown to go further than every other.
        let top = weighed
            .iter()
            .take_while(|(r, _, _)| *r == best || r.total >= best.total)
            .count();
        let readings = weighed
            .into_iter()
            .map(|(r, _, f)| Weighed {
                mv: f.mv,
                text: f.text,
                plies: r.total,
            })
            .collect();
        Some((readings, top))
    }

    /// Whether the main line's next move after token `index` is unreadable too.
    fn pattern_next(&self, index: usize) -> bool {
        self.raw.tokens[index + 1..]
            .iter()
            .find(|t| t.depth() == 0 && t.kind() == TokenKind::Move)
            .is_some_and(|t| fill::is_pattern(self.raw.word(t)))
    }

    /// Plays `m`, read for the pattern `word` at `span`: as a filled `_` (its marks are
    /// none: nothing is written to check them against).
    fn play_reading(&mut self, m: Move, word: &'a str, span: Span) {
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        let check = if after.is_checkmate() {
            CheckMark::Mate
        } else if after.is_check() {
            CheckMark::Check
        } else {
            CheckMark::None
        };
        let at = super::MoveAt {
            word,
            span,
            mover: self.pos.turn(),
            number: self.sheet_number(),
            ply: self.ply() + 1,
            check,
        };
        self.settle(true);
        self.play_move(m, &at);
    }
}

/// A reading of a `_` weighed where the replay stands.
struct Weighed {
    mv: Move,
    /// The move as read (`Cc3`).
    text: String,
    /// The plies the game replays after it, later slips read past.
    plies: u32,
}
