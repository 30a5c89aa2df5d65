//! Where the game starts and how the sheet numbers it: the `FEN` tag's position (PGN 9.7,
//! X-FEN and Shredder-FEN castling), and the move numbers written on the sheet (FIDE C.3).

use super::Replayer;
use crate::finding::Finding;
use crate::finding::wording::classical as wording;
use crate::span::Span;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position, PositionErrorKinds};

impl<'a> Replayer<'_, 'a> {
    /// The starting position: the `FEN` tag's (PGN 9.7), in Chess960's castling mode for a
    /// Chess960 game or a FEN whose castling rights name rooks off the corners (X-FEN,
    /// Shredder-FEN). Castling rights the position cannot have are dropped, with a warning.
    pub(super) fn start_position(&mut self, chess960: bool) -> Result<(), Box<Finding>> {
        let Some(fen) = self.raw.tag("FEN") else {
            return Ok(());
        };
        let span = self.raw.tag_span("FEN").unwrap_or_default();
        let bad = |why: String| Box::new(wording::bad_fen(&why).at(span));
        let fen: Fen = fen.trim().parse().map_err(|e| bad(format!("{e}")))?;
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let pos = match fen.clone().into_position::<Chess>(mode) {
            Ok(pos) => pos,
            Err(e) => {
                let castling = e
                    .kinds()
                    .contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS);
                match fen.into_position::<Chess>(CastlingMode::Chess960) {
                    Ok(pos) if castling => pos,
                    _ => {
                        // An en-passant square no pawn could take on is dropped quietly,
                        // as FEN writers often give one after every double step.
                        let e = match e.ignore_invalid_ep_square() {
                            Ok(pos) => {
                                self.pos = pos;
                                return Ok(());
                            }
                            Err(e) => e,
                        };
                        let pos = e
                            .ignore_invalid_castling_rights()
                            .map_err(|e| bad(format!("{e}")))?;
                        self.findings
                            .push(wording::castling_rights_dropped().at(span));
                        pos
                    }
                }
            }
        };
        self.pos = pos;
        Ok(())
    }

    /// The move number written on the sheet for the move about to be played: the
    /// position's own number moved by the sheet's numbering (formats.md section 4).
    #[inline]
    pub(super) fn sheet_number(&self) -> u32 {
        let own = self.pos.fullmoves().get();
        if self.offset == 0 {
            // Most sheets number as the position does: a test, not a clamp (every move
            // and move number asks; issue 33).
            return own;
        }
        (i64::from(own) + self.offset).clamp(1, i64::from(u32::MAX)) as u32
    }

    /// A move number in the main line: checked against the moves played.
    #[inline]
    pub(super) fn move_number(&mut self, number: u32, span: Span) {
        if !self.numbered || number != self.sheet_number() {
            self.renumber(number, span);
        }
    }

    /// The first move number, or one that does not follow: a game that starts past move 1
    /// without a FEN, a jump (a `move-number-mismatch` warning each); the sheet's numbering is
    /// followed from there. Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn renumber(&mut self, number: u32, span: Span) {
        self.renumber_only(number, span);
        // A jump by one with Black to move may be Black's move missing (`gap`).
        self.gap_at_jump(span);
    }

    /// [`Self::renumber`] less the look for a missing move.
    fn renumber_only(&mut self, number: u32, span: Span) {
        let first = !std::mem::replace(&mut self.numbered, true);
        let expected = self.sheet_number();
        if number == expected {
            return;
        }
        // Kept for a move the numbers show missing (`gap`): the jump may be its doing.
        self.renumbered = Some((span.start, self.offset));
        self.offset = i64::from(number) - i64::from(self.pos.fullmoves().get());
        let ply = self.ply();
        let color = self.pos.turn();
        if std::mem::replace(&mut self.jumped, true) {
            return; // one jump reported a game: the sheet's numbering is followed anyway
        }
        let f = if first && ply == 0 {
            if self.raw.tag("FEN").is_some() {
                return; // the sheet numbers from its own position
            }
            wording::starts_past_one(number)
        } else {
            wording::number_jumps(number, expected)
        };
        let f = f.at(span).on_sheet(color, number, ply);
        self.findings.push(f);
    }
}
