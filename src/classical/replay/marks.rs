//! What a move's marks say against what it does (`x`, `e.p.`, `+`, `#`: FIDE C.9, C.12),
//! mate (FIDE 5.1.1), and the draws a position allows or imposes (FIDE 9.2, 9.3, 9.6).

use super::{Ending, MoveAt, Replayer};
use crate::classical::explain::numbered;
use crate::classical::matcher::has_legal_move;
use crate::finding::wording::classical::{self as wording, CaptureMark, CheckMark as Wrong, Claim};
use crate::notation::san::{CheckMark, Written, WrittenMove};
use shakmaty::{Move, Position};

impl<'a> Replayer<'_, 'a> {
    /// The capture marks written (`x`, `e.p.`) against what `m` does (FIDE C.9). Nothing to
    /// say where an `x` is written exactly on a capture and no `e.p.`: one test on every
    /// move (issue 33: telling the cases apart cost every move about fifteen instructions),
    /// the cases told apart out of line.
    #[inline(always)]
    pub(super) fn check_capture_mark(&mut self, written: &WrittenMove, m: Move, at: &MoveAt<'_>) {
        if written.capture.is_some() != m.is_capture() || written.ep {
            self.capture_marks(written, m, at);
        }
    }

    /// [`Self::check_capture_mark`] where a mark may not fit. Out of line: rare.
    #[cold]
    #[inline(never)]
    fn capture_marks(&mut self, written: &WrittenMove, m: Move, at: &MoveAt<'_>) {
        let what = match (written.capture.is_some(), m.is_capture()) {
            (true, false) => Some(CaptureMark::TakesNothing),
            (false, true) if !matches!(written.kind, Written::Castle(_)) => {
                Some(CaptureMark::Missing)
            }
            _ => None,
        };
        let what = what
            .or_else(|| (written.ep && !m.is_en_passant()).then_some(CaptureMark::NotEnPassant));
        if let Some(what) = what {
            self.capture_mark(what, at);
        }
    }

    /// The finding on a capture mark that does not fit the move. Out of line: rare, and
    /// its wording kept out of the replay's hot path (issue 33).
    #[cold]
    #[inline(never)]
    fn capture_mark(&mut self, what: CaptureMark, at: &MoveAt<'_>) {
        let f = wording::capture_mark(&numbered(&self.pos, at.word), what);
        let f = self.at_move(f, at);
        self.findings.push(f);
    }

    /// What follows move `m`: its check marks, mate, the repetition window, dead positions
    /// and draw claims. Inlined into the per-move path by force: with two callers (the
    /// move played, and a missing move filled in) it had been left out of line, which cost
    /// every move about 30 instructions (issue 33).
    #[inline(always)]
    pub(super) fn after_move(&mut self, m: Move, irreversible: bool, at: &MoveAt<'a>) {
        let check = self.pos.is_check();
        self.in_check = check;
        if !check && at.check == CheckMark::None {
            // The common case: nothing to say about marks, no mate.
            self.gave_mate = false;
        } else if check && self.pos.halfmoves() < 100 {
            // Is it mate? A legal reply will say no without generating every legal move;
            // otherwise `settle` asks shakmaty. (From 100 half-moves on, the claims below
            // must know now.)
            self.pending = Some((self.findings.len(), *at));
            self.gave_mate = false;
        } else {
            let mate = check && self.pos.legal_moves().is_empty();
            let over = self.ending.is_some();
            self.mark(at, check, mate, None);
            if mate && !over {
                return;
            }
        }
        // Over already (`ending`): claims and ends no longer matter, and the window could
        // grow without bound (keeps long lines linear). The move's kind is looked at once
        // (issue 33): captures and promotions, after which a position may be dead, are
        // irreversible, and after an irreversible move the window begins again, as `push`
        // begins it in an empty window.
        let seen = if irreversible {
            if (m.is_capture() || m.is_promotion()) && self.pos.is_insufficient_material() {
                self.ending.get_or_insert((Ending::DeadPosition, at.ply));
            }
            if self.ending.is_some() {
                self.window.clear();
                return;
            }
            self.window.start(self.moves.len());
            1
        } else {
            if self.ending.is_some() {
                return;
            }
            self.window
                .push(m, !self.pos.turn(), self.pos.board(), &self.moves)
        };
        let halfmoves = self.pos.halfmoves();
        if seen >= 3 || halfmoves >= 100 {
            self.claims(at, seen, halfmoves);
        }
    }

    /// The draw claims a position allows (FIDE 9.2, 9.3), each reported once, and the
    /// draws that need no claim (9.6: fivefold repetition, 75 moves). Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn claims(&mut self, at: &MoveAt<'a>, seen: usize, halfmoves: u32) {
        if seen >= 3 && !self.threefold_reported {
            self.threefold_reported = true;
            let f = wording::claim_possible(&at.label(), Claim::Threefold);
            self.findings.push(at.place(f));
        }
        if seen >= 5 {
            self.ending
                .get_or_insert((Ending::FivefoldRepetition, at.ply));
        }
        if halfmoves >= 100 && !self.fifty_reported {
            self.fifty_reported = true;
            let f = wording::claim_possible(&at.label(), Claim::FiftyMoves);
            self.findings.push(at.place(f));
        }
        if halfmoves >= 150 {
            self.ending
                .get_or_insert((Ending::SeventyFiveMoves, at.ply));
        }
    }

    /// The finding on a move's check mark, if any, at `index` in the findings (or last);
    /// a mate also ends the game (FIDE 5.1.1).
    pub(super) fn mark(&mut self, at: &MoveAt<'a>, check: bool, mate: bool, index: Option<usize>) {
        self.gave_mate = mate;
        if mate && self.ending.is_none() {
            self.ending = Some((Ending::Checkmate { winner: at.mover }, at.ply));
        }
        let mark = match (at.check, check, mate) {
            (CheckMark::Mate, _, true) | (CheckMark::Check, true, false) => None,
            (CheckMark::None, true, false) => Some(Wrong::MissingCheck),
            (_, _, true) => Some(Wrong::MissingMate),
            (CheckMark::Mate, true, false) => Some(Wrong::MateNotMate),
            (CheckMark::Mate, false, _) => Some(Wrong::MateNoCheck),
            (CheckMark::Check, false, _) => Some(Wrong::CheckNoCheck),
            (CheckMark::None, false, _) => None,
        };
        if let Some(wrong) = mark {
            let f = at.place(wording::check_mark(&at.label(), wrong));
            let index = index.unwrap_or(self.findings.len());
            self.findings.insert(index, f);
        }
    }

    /// Decides a check whose mate test was left for later: `replied` when a legal reply was
    /// found (so it was not mate), else by asking shakmaty. Must run before the position
    /// after the checking move changes. (Looked at before it is taken: most moves find
    /// none, and `take` would write it back on every move; issue 33.)
    #[inline(always)]
    pub(super) fn settle(&mut self, replied: bool) {
        if self.pending.is_some()
            && let Some((index, at)) = self.pending.take()
        {
            let mate = !replied && !has_legal_move(&self.pos);
            self.mark(&at, true, mate, Some(index));
        }
    }
}
