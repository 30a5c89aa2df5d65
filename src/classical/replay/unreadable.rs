//! A move with unreadable characters (`_`, formats.md §8) where the plan made before the
//! replay ([`crate::classical::fill::plan`]) cannot say how to read it: it found several
//! readings, or none, or its reading is no legal move where the replay stands (an earlier
//! slip read as meant, or a missing move found, put the game elsewhere than the plan saw:
//! `3. Cd4 4.Cxd4 exd4 5.c_`).
//!
//! The readings are then weighed where the replay stands, as a slip's are
//! ([`super::slip`]): each is followed along the main line, later slips read past, and
//! the best is taken (the game replays furthest; then the fewest later findings; then the
//! marks written on the pattern, `C_3+`). One alone, with every other stopping sooner →
//! `filled-unreadable`; otherwise `unreadable-move` (an error) with the first read to go
//! on, so a later, independent slip is still found in the same run (issue 28 point 4),
//! unless another `_` follows (a sheet of `_` alone stops at the first) or, as the last
//! move, a reading as good would end the game; none → `illegal-move`, and the
//! replay stops. Of several readings the plan filled, its choice stands where it is among
//! the best weighed here. Each reading is shown with how far the game replays before a
//! move fails. In the look-ahead a `_` is read by the moves after it ([`super::slip`]).
//! Bounded by the game's look-ahead budget ([`super::slip::WORK`]): once it is spent, the
//! plan's reading stands where it is legal here, and otherwise the finding says the search
//! reached its limit.

use super::slip::{HORIZON, WORK, marks_agree, reach};
use super::{MoveAt, Replayer};
use crate::classical::fill::{self, Decision, Plan};
use crate::finding::Finding;
use crate::finding::wording::{classical as wording, common};
use crate::notation::classical::TokenKind;
use crate::notation::san::{CheckMark, parse_move};
use crate::span::Span;
use shakmaty::{Chess, Move, Position};

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
        let here = fill::readings(&self.pos, word, self.notation);
        let (seen, only) = match plan.get(index) {
            Some(Decision::Filled { candidates, .. }) => {
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
        let none_here = here.is_empty();
        let weighed = if (seen && only) || none_here {
            None
        } else {
            self.weigh(word, index, &here)
        };
        let stands = text.is_some_and(|text| {
            seen && weighed
                .as_ref()
                .is_none_or(|w| w.readings[..w.best].iter().any(|r| r.text == text))
        });
        let at = MoveAt {
            word,
            span,
            mover: self.pos.turn(),
            number: self.sheet_number(),
            ply,
            check: CheckMark::None,
        };
        let Some(w) = weighed.filter(|_| !stands) else {
            if let Some(text) = text.filter(|_| stands) {
                self.findings.push(f);
                return self.play_written(text, span, ep_after);
            }
            // Nothing fits here, or the search is spent: the replay stops.
            let f = if none_here {
                let f = wording::fits_no_legal_move(&at.label()).rule("FIDE 8.1");
                self.at_move(f, &at)
            } else {
                self.at_limit(&here, &at)
            };
            self.findings.push(f);
            return false;
        };
        let shown: Vec<(&str, u32)> = w
            .readings
            .iter()
            .map(|r| (r.text.as_str(), ply + r.plies))
            .collect();
        // Filled where one reading is the best and every other is shown to stop sooner;
        // otherwise the first is read to go on where a written move after it can then be
        // checked (a sheet of `_` alone stops at the first).
        let filled = w.best == 1 && w.as_far == 1;
        let go_on = filled || self.goes_on(index, &w);
        let said = at.label();
        let f = if filled {
            common::filled_unreadable(&said, &shown, w.bounded)
        } else if go_on {
            wording::unreadable_read_on(&said, &shown, w.bounded)
        } else {
            wording::unreadable_move(&said, &shown, w.bounded)
        };
        let f = self.at_move(f.rule("FIDE 8.1"), &at);
        self.findings.push(f);
        if go_on {
            let first = &w.readings[0];
            self.play_reading(first.mv, &first.text, at, ep_after);
        }
        go_on
    }

    /// The finding on a pattern the plan could not read where the game's look-ahead is
    /// spent: the moves that fit it `here`, and the search says it reached its limit.
    fn at_limit(&mut self, here: &[fill::FittingMove], at: &MoveAt<'_>) -> Finding {
        let texts: Vec<String> = here.iter().map(|r| r.text.clone()).collect();
        let f = wording::unreadable_at_limit(&at.label(), &texts);
        self.at_move(f.rule("FIDE 8.1"), at)
    }

    /// The readings `here` of the pattern `word` (token `index`) weighed where the replay
    /// stands, best first; `None` when the game's look-ahead is spent.
    fn weigh(&mut self, word: &str, index: usize, here: &[fill::FittingMove]) -> Option<Weighing> {
        if self.slip_work >= WORK {
            return None;
        }
        let mut weighed: Vec<_> = here
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let mut pos = self.pos.clone();
                pos.play_unchecked(r.mv);
                // The marks written on the pattern (`C_3+`), agreeing or not.
                let marks = marks_agree(word, r.mv.is_capture(), &pos) || word == "_";
                let reach = reach(self.raw, index + 1, pos, self.notation, &mut self.slip_work);
                (reach, marks, k, r)
            })
            .collect();
        // Best first ([`super::slip::Reach`]: furthest, later slips read past, then the
        // fewest later findings), then the marks written on it, then shakmaty's order.
        weighed.sort_by_key(|(reach, marks, k, _)| (std::cmp::Reverse(*reach), !marks, *k));
        let (top, top_marks) = weighed.first().map(|w| (w.0, w.1))?;
        let best = weighed
            .iter()
            .filter(|(r, m, _, _)| *r == top && *m == top_marks)
            .count();
        let as_far = weighed
            .iter()
            .filter(|(r, _, _, _)| r.first >= top.first)
            .count();
        let bounded = weighed.iter().any(|(r, _, _, _)| r.total >= HORIZON);
        let readings = weighed
            .into_iter()
            .map(|(r, _, _, f)| Weighed {
                mv: f.mv,
                text: f.text.clone(),
                plies: r.first,
            })
            .collect();
        Some(Weighing {
            readings,
            best,
            as_far,
            bounded,
        })
    }

    /// Whether the first of several readings of the pattern at token `index` is read to go
    /// on: where the main line's next move is no `_` too, or where there is none and no
    /// reading as good ends the game (mate, stalemate: the ending and the result would be a
    /// guess).
    fn goes_on(&self, index: usize, w: &Weighing) -> bool {
        let next = self.raw.tokens[index + 1..]
            .iter()
            .find(|t| t.depth() == 0 && t.kind() == TokenKind::Move);
        match next {
            Some(t) => !fill::is_pattern(self.raw.word(t)),
            None => w.readings[..w.best.max(w.as_far)].iter().all(|r| {
                let mut after = self.pos.clone();
                after.play_unchecked(r.mv);
                !after.is_game_over()
            }),
        }
    }

    /// Plays `m`, the pattern `at` read as `text` (the pattern filled in: its marks are
    /// the ones written, checked as a written move's are; a lone `_` has none of its own).
    fn play_reading(&mut self, m: Move, text: &str, mut at: MoveAt<'a>, ep_after: bool) {
        let written = parse_move(text, self.notation).ok().map(|mut w| {
            w.ep |= ep_after;
            w
        });
        at.check = match &written {
            Some(w) if at.word != "_" => w.check,
            _ => check_of(&self.pos, m),
        };
        if let Some((ending, ended_at)) = self.ending
            && !self.after_end_warned
            && !matches!(
                ending,
                super::Ending::Checkmate { .. } | super::Ending::Stalemate
            )
        {
            self.after_end(ending, ended_at, &at);
        }
        self.settle(true);
        if let Some(w) = &written {
            self.check_capture_mark(w, m, &at);
        }
        self.play_move(m, &at);
    }
}

/// The check mark `m` earns in `pos`: what a move nobody wrote is taken to say.
pub(super) fn check_of(pos: &Chess, m: Move) -> CheckMark {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        CheckMark::Mate
    } else if after.is_check() {
        CheckMark::Check
    } else {
        CheckMark::None
    }
}

/// The readings of a `_` weighed where the replay stands.
struct Weighing {
    /// Best first.
    readings: Vec<Weighed>,
    /// How many are as good as the first (the game cannot tell them apart).
    best: usize,
    /// How many replay as far as the first before a move fails (shown as far).
    as_far: usize,
    /// Some reading was followed to the look-ahead's horizon: how far it goes is a lower
    /// bound.
    bounded: bool,
}

/// A reading of a `_` weighed where the replay stands.
struct Weighed {
    mv: Move,
    /// The move as read (`Cc3`).
    text: String,
    /// The plies the game replays after it before a move fails.
    plies: u32,
}
