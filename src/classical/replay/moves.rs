//! The written move and the legal move it names: the quick matcher, shakmaty's candidates,
//! and the rare paths (another form of writing, a null move, a word that is no move, a
//! promotion missing or impossible, FIDE 3.7.5).

use super::{Ending, MoveAt, Replayer, Reread};
use crate::classical::explain::{self, numbered};
use crate::classical::matcher;
use crate::finding::wording::classical as wording;
use crate::finding::{Code, Finding};
use crate::lang::Say;
use crate::notation::classical::{Token, TokenKind};
use crate::notation::san::{Notation, Written, WrittenMove, parse_move};
use crate::span::Span;
use shakmaty::{Chess, Color, Move, Position, Role};

/// The legal move `written` names by shakmaty's candidates, or the finding that explains why
/// there is none (not legal, ambiguous, a promotion missing or impossible, FIDE 3.7.5).
fn shakmaty_move(
    pos: &Chess,
    written: &WrittenMove,
    word: &str,
    notation: Notation,
) -> Result<Move, Box<Finding>> {
    match written.kind {
        Written::Castle(side) => match pos.castling_moves(side).first() {
            Some(&m) => Ok(m),
            None => Err(Box::new(explain::illegal(pos, written, word, notation))),
        },
        Written::Normal {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            let mut cands = pos.san_candidates(role, to);
            cands.retain(|m| {
                let from = m.from().expect("board moves have an origin");
                file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
            });
            let promotes = cands.iter().any(|m| m.promotion().is_some());
            match promotion {
                Some(p) if !promotes || matches!(p, Role::King | Role::Pawn) => {
                    if cands.is_empty() {
                        Err(Box::new(explain::illegal(pos, written, word, notation)))
                    } else {
                        Err(Box::new(wrong_promotion(pos, word, p, promotes)))
                    }
                }
                Some(p) => {
                    cands.retain(|m| m.promotion() == Some(p));
                    explain::unique(pos, &cands, written, word, notation)
                }
                None if promotes => Err(Box::new(missing_promotion(pos, word, notation))),
                None => explain::unique(pos, &cands, written, word, notation),
            }
        }
    }
}

/// The `wrong-promotion` finding: a promotion written where none can be made, or to a
/// piece a pawn cannot become (FIDE 3.7.5).
fn wrong_promotion(pos: &Chess, word: &str, p: Role, promotes: bool) -> Finding {
    wording::wrong_promotion(&numbered(pos, word), promotes.then_some(p))
}

/// The `missing-promotion` finding: a pawn reaches the last rank and the piece it becomes
/// is not written (FIDE 3.7.5).
fn missing_promotion(pos: &Chess, word: &str, notation: Notation) -> Finding {
    let example = format!(
        "{}={}",
        word.trim_end_matches(['+', '#', '!', '?']),
        notation.letter(Role::Queen)
    );
    wording::missing_promotion(&numbered(pos, word), &example)
}

impl<'a> Replayer<'_, 'a> {
    /// An `info` finding on a move written in another form than the plain one, once per
    /// game and form.
    #[cold]
    #[inline(never)]
    pub(super) fn note_form(
        &mut self,
        form: crate::classical::forms::Form,
        span: Span,
        word: &str,
    ) {
        if self.forms & form.bit() != 0 {
            return;
        }
        self.forms |= form.bit();
        let f = wording::other_form(word, &form.bi()).at(span);
        self.findings.push(f);
    }

    /// A move the notation cannot read: another spelling of a move (figurines, lower-case
    /// castling or promotion), a null move, a word that is no move at all (skipped, so the
    /// rest is still checked), or a move that cannot be read (the replay stops). Out of
    /// line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn reread(&mut self, at: &MoveAt<'_>, offset: usize) -> Reread {
        use crate::classical::forms;
        let (word, span) = (at.word, at.span);
        if let Some((plain, form)) = forms::other_spelling(word, self.notation)
            && let Ok(w) = parse_move(&plain, self.notation)
        {
            self.note_form(form, span, word);
            return Reread::Move(w);
        }
        if forms::is_null_move(word) {
            return self.null_move(at);
        }
        if forms::is_ascii_glyph(word) {
            return Reread::Skip;
        }
        if matches!(word, "++" | "#") && self.mate_word(span, word) {
            return Reread::Skip;
        }
        let punctuation = forms::is_punctuation(word);
        let junk = !forms::looks_like_move(word);
        if junk && self.in_move_slot(at) {
            // A word that is no move where the move numbers put one (`4.oops Cf6 5.d3`):
            // a whole move unreadable, read as the move with which the game goes on
            // furthest (R32a's classical twin: one slip, one finding). Where no move lets
            // it go on, the word is passed over as any stray word.
            // Punctuation there too (`4.??? Ae7`): a whole move nobody could read.
            let f = self.unreadable_finding(at, offset);
            if let (f, Some(w)) = self.reread_slip(f, at, true) {
                self.findings.push(f);
                return Reread::Move(w);
            }
        }
        if punctuation {
            self.findings.push(wording::no_move_at_all(word).at(span));
            return Reread::Skip;
        }
        if junk && self.junk_line == Some(span.line) {
            return Reread::Skip;
        }
        if junk {
            self.unreadable(at, offset);
            self.junk_line = Some(span.line);
            return Reread::Skip;
        }
        // Issue 28 point 4: a slip of the pen may have made the move unreadable.
        let f = self.unreadable_finding(at, offset);
        let (f, meant) = self.reread_slip(f, at, false);
        self.findings.push(f);
        match meant {
            Some(w) => Reread::Move(w),
            None => Reread::Stop,
        }
    }

    /// `++` (or `#`) written apart after a move that gives mate (issue 26: `23.Dh7 ++`):
    /// the mate mark, an `info` `result-in-words` in place of the move's `missing-mate-mark`
    /// (FIDE C.12). False when the move before gives no mate: then it is no move at all.
    fn mate_word(&mut self, span: Span, word: &str) -> bool {
        self.settle(false);
        if !self.gave_mate {
            return false;
        }
        self.findings.retain(|f| f.code != Code::MissingMateMark);
        let f = crate::finding::wording::notation::end_in_words(word, None).at(span);
        self.findings.push(f);
        true
    }

    /// A null move (`--`, `Z0`): an error, since a player must move (FIDE 1.2); the turn
    /// passes, so that the rest of the sheet is still checked.
    pub(super) fn null_move(&mut self, at: &MoveAt<'_>) -> Reread {
        let word = at.word;
        self.settle(false);
        let f = self.at_move(wording::null_move(word), at);
        self.findings.push(f);
        match self.pos.clone().swap_turn() {
            Ok(pos) => {
                self.pos = pos;
                if at.mover == Color::Black {
                    self.offset += 1; // the position's number did not move on
                }
                self.in_check = false;
                self.window.clear();
                Reread::Skip
            }
            Err(_) => Reread::Stop,
        }
    }

    /// Whether the word `at` stands where the move numbers put a move of the side to
    /// move: one of exactly two moves between `n.` and `n+1.`, or the one move between
    /// `n...` and `n+1.`, with `n` the sheet's move number. A stray word beside a move
    /// (`12.Cf3 forte Cc6 13.d4`) makes three and is not in a slot. Out of line: rare.
    #[cold]
    #[inline(never)]
    fn in_move_slot(&self, at: &MoveAt<'_>) -> bool {
        let tokens = &self.raw.tokens;
        let Some(i) = self.main_token_at(at.span.start) else {
            return false;
        };
        let main = |t: &&Token<'_>| t.depth() == 0;
        // The moves before the word back to its number, and that number.
        let mut before = 0;
        let mut number = None;
        for t in tokens[..i].iter().rev().filter(main) {
            match t.kind() {
                TokenKind::Move => before += 1,
                TokenKind::MoveNumber { number: n, black } => {
                    number = Some((n, black));
                    break;
                }
                TokenKind::Comment | TokenKind::Nag(_) => {}
                _ => return false,
            }
        }
        // The moves after it up to the next number.
        let mut after = 0;
        let mut next = None;
        for t in tokens[i + 1..].iter().filter(main) {
            match t.kind() {
                TokenKind::Move => after += 1,
                TokenKind::MoveNumber { number: n, .. } => {
                    next = Some(n);
                    break;
                }
                TokenKind::Comment | TokenKind::Nag(_) => {}
                _ => return false,
            }
        }
        let (Some((n, black)), Some(m)) = (number, next) else {
            return false;
        };
        let white = self.pos.turn() == Color::White;
        let fits = if black {
            !white && before == 0 && after == 0
        } else {
            before + after == 1 && white == (before == 0)
        };
        fits && m == n.saturating_add(1) && self.sheet_number() == n
    }

    /// The `parse-error` finding on a move that cannot be read (stopped at byte `offset`
    /// of `word`). Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn unreadable(&mut self, move_at: &MoveAt<'_>, offset: usize) {
        let f = self.unreadable_finding(move_at, offset);
        self.findings.push(f);
    }

    /// The `parse-error` finding of [`Self::unreadable`], not yet pushed.
    #[cold]
    #[inline(never)]
    fn unreadable_finding(&mut self, move_at: &MoveAt<'_>, offset: usize) -> Finding {
        let (word, span) = (move_at.word, move_at.span);
        let at = Span {
            start: span.start + offset,
            end: span.end,
            line: span.line,
            column: span.column + word[..offset].chars().count() as u32,
        };
        let f = wording::not_a_move(word, self.notation, explain::misread(word, self.notation));
        let f = self.at_move(
            f,
            &MoveAt {
                span: at,
                ..*move_at
            },
        );
        self.settle(false);
        f
    }

    pub(super) fn find_move(&mut self, written: &WrittenMove, at: &MoveAt<'_>) -> Option<Move> {
        if let Some(m) = matcher::quick(&self.pos, &written.kind, self.in_check) {
            debug_assert_eq!(
                Some(m),
                matcher::by_shakmaty(&self.pos, &written.kind),
                "{}",
                at.word
            );
            return Some(m);
        }
        self.find_move_by_shakmaty(written, at)
    }

    /// [`Self::find_move`] when the quick matcher does not answer: shakmaty's candidates,
    /// and the finding that explains a move that is not legal. Out of line: rare.
    #[inline(never)]
    pub(super) fn find_move_by_shakmaty(
        &mut self,
        written: &WrittenMove,
        at: &MoveAt<'_>,
    ) -> Option<Move> {
        let (word, span) = (at.word, at.span);
        let found = shakmaty_move(&self.pos, written, word, self.notation);
        match found {
            Ok(m) => Some(m),
            Err(f)
                if f.code == Code::IllegalMove
                    && let Some((m, form)) =
                        crate::classical::forms::other_move(&self.pos, written) =>
            {
                let _ = f;
                self.note_form(form, span, word);
                Some(m)
            }
            Err(mut f) => {
                self.settle(false);
                let mut meant = None;
                if f.code == Code::IllegalMove && self.pos.legal_moves().is_empty() {
                    let (ending, at) = self.ending.unwrap_or_else(|| {
                        let ending = if self.pos.is_check() {
                            Ending::Checkmate {
                                winner: !self.pos.turn(),
                            }
                        } else {
                            Ending::Stalemate
                        };
                        (ending, self.moves.len() as u32)
                    });
                    let written = numbered(&self.pos, word);
                    *f = wording::move_after_mate(&written, &ending.bi(), at, ending.rule());
                } else if matches!(f.code, Code::IllegalMove | Code::AmbiguousMove)
                    && self.find_gap(written, at)
                {
                    // A move missing before this one: said by the gap's own finding.
                    return None;
                } else if matches!(
                    f.code,
                    Code::IllegalMove
                        | Code::AmbiguousMove
                        | Code::WrongPromotion
                        | Code::MissingPromotion
                ) {
                    // Issue 28 point 4: the move meant, and the replay goes on with it.
                    let (g, m) = self.read_on(*f, at);
                    *f = g;
                    meant = m;
                    self.slipped = meant.is_some();
                }
                let f = self.at_move(*f, at);
                self.findings.push(f);
                meant
            }
        }
    }
}
