//! Where the game starts and how the sheet numbers it: the `FEN` tag's position (PGN 9.7,
//! X-FEN and Shredder-FEN castling), and the move numbers written on the sheet (FIDE C.3).

use super::Replayer;
use crate::finding::{Code, Finding};
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
        let bad = |why: String| {
            Box::new(
                Finding::new(
                    Code::ParseError,
                    format!("the FEN tag is not a legal position: {why}"),
                )
                .it(format!("il tag FEN non dà una posizione legale: {why}"))
                .at(span)
                .rule("PGN 9.7"),
            )
        };
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
                        self.findings.push(
                            Finding::new(
                                Code::CastlingRightsDropped,
                                "the FEN tag gives castling rights the position cannot have (no king or rook on its square): they are dropped",
                            )
                            .it("il tag FEN dà diritti di arrocco che la posizione non può avere (re o torre non sulla casa d'origine): non se ne tiene conto")
                            .at(span)
                            .label2("castling rights dropped", "diritti di arrocco tolti")
                            .rule("FIDE 3.8.2"),
                        );
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
        let n = i64::from(self.pos.fullmoves().get()) + self.offset;
        n.clamp(1, i64::from(u32::MAX)) as u32
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
        let first = !std::mem::replace(&mut self.numbered, true);
        let expected = self.sheet_number();
        if number == expected {
            return;
        }
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
            Finding::new(
                Code::MoveNumberMismatch,
                format!("the game starts at move {number} from the initial position"),
            )
            .it(format!(
                "la partita comincia alla mossa {number} dalla posizione iniziale"
            ))
            .label2(
                format!("move {number}, not 1"),
                format!("mossa {number}, non 1"),
            )
            .hint2(
                "a [FEN] / [SetUp] tag is missing?",
                "manca un tag [FEN] / [SetUp]?",
            )
        } else {
            Finding::new(
                Code::MoveNumberMismatch,
                format!("move {number} is written where move {expected} was due"),
            )
            .it(format!(
                "è scritta la mossa {number} dove toccava la mossa {expected}"
            ))
            .label2("the numbering jumps", "la numerazione salta")
        };
        let f = f.rule("FIDE C.3").at(span).on_sheet(color, number, ply);
        self.findings.push(f);
    }
}
