//! How the board ends a game (FIDE 5 and 9.6), a move played after the end, and the
//! result: the board's against the sheet's (PGN 8.2.6, FIDE 5).

use super::{MoveAt, Replayer};
use crate::classical::explain::numbered;
use crate::finding::{Code, Finding};
use crate::notation::classical::GameResult;
use shakmaty::Color;

/// How the board ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is mated; the other colour wins (Article 5.1.1).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check (Article 5.2.1).
    Stalemate,
    /// Neither side can mate (Article 5.2.2; shakmaty's insufficient material).
    DeadPosition,
    /// The same position for the fifth time (Article 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or a pawn move (Article 9.6.2).
    SeventyFiveMoves,
}

impl Ending {
    /// The result the board gives.
    pub fn result(self) -> GameResult {
        match self {
            Ending::Checkmate {
                winner: Color::White,
            } => GameResult::WhiteWins,
            Ending::Checkmate {
                winner: Color::Black,
            } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }

    /// A short description.
    pub fn describe(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::DeadPosition => "a dead position",
            Ending::FivefoldRepetition => "fivefold repetition",
            Ending::SeventyFiveMoves => "the 75-move rule",
        }
    }

    /// How the game ended, in Italian ("scacco matto", "stallo", …).
    pub fn describe_it(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "scacco matto",
            Ending::Stalemate => "stallo",
            Ending::DeadPosition => "posizione morta",
            Ending::FivefoldRepetition => "quintupla ripetizione",
            Ending::SeventyFiveMoves => "regola delle 75 mosse",
        }
    }

    /// The FIDE article.
    pub fn rule(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "FIDE 5.1.1",
            Ending::Stalemate => "FIDE 5.2.1",
            Ending::DeadPosition => "FIDE 5.2.2",
            Ending::FivefoldRepetition => "FIDE 9.6.1",
            Ending::SeventyFiveMoves => "FIDE 9.6.2",
        }
    }
}

impl<'a> Replayer<'_, 'a> {
    /// The warning on the first move played after the game ended (other than by mate or
    /// stalemate, which make every later move illegal). Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn after_end(&mut self, ending: Ending, at: u32, move_at: &MoveAt<'_>) {
        let word = move_at.word;
        self.after_end_warned = true;
        let f = Finding::new(
            Code::MoveAfterEnd,
            format!(
                "{} is played after the game ended by {} at ply {at}",
                numbered(&self.pos, word),
                ending.describe()
            ),
        )
        .it(format!(
            "{} è giocata dopo che la partita era finita per {} alla semimossa {at}",
            numbered(&self.pos, word),
            ending.describe_it()
        ))
        .label2("the game was already over", "la partita era già finita")
        .rule(ending.rule());
        let f = self.at_move(f, move_at);
        self.findings.push(f);
    }

    /// The game's result: the board's when the game ended on it, else the declared one;
    /// a `result-mismatch` finding when the tag and the movetext differ (PGN 8.2.6), or the
    /// sheet and the board (FIDE 5).
    pub(super) fn check_result(
        &mut self,
        declared: Option<GameResult>,
        complete: bool,
    ) -> GameResult {
        let raw = self.raw;
        let mut result = declared.unwrap_or(GameResult::Unknown);
        let result_span = raw
            .terminator()
            .map(|(_, s)| s)
            .or_else(|| raw.tag_span("Result"));
        if let (Some(tag), Some((term, span))) = (
            raw.tag("Result").and_then(GameResult::parse),
            raw.terminator(),
        ) && tag != term
        {
            self.findings.push(
                Finding::new(
                    Code::ResultMismatch,
                    format!(
                        "the result tag says {} but the movetext ends with {}",
                        tag.as_str(),
                        term.as_str()
                    ),
                )
                .it(format!(
                    "il tag del risultato dice {} ma le mosse finiscono con {}",
                    tag.as_str(),
                    term.as_str()
                ))
                .at(span)
                .label2("differs from the tag", "diverso dal tag")
                .rule("PGN 8.2.6"),
            );
        }
        if complete && let Some((ending, ply)) = self.ending {
            let board = ending.result();
            if let Some(d) = declared
                && d != board
                && d != GameResult::Unknown
            {
                let mut f = Finding::new(
                    Code::ResultMismatch,
                    format!(
                        "the game ended by {} at ply {ply} ({}), but the sheet says {}",
                        ending.describe(),
                        board.as_str(),
                        d.as_str()
                    ),
                )
                .it(format!(
                    "la partita è finita per {} alla semimossa {ply} ({}), ma il formulario dice {}",
                    ending.describe_it(),
                    board.as_str(),
                    d.as_str()
                ))
                .label2(
                    format!("the board says {}", board.as_str()),
                    format!("la scacchiera dice {}", board.as_str()),
                )
                .rule(ending.rule());
                if let Some(s) = result_span {
                    f = f.at(s);
                }
                self.findings.push(f);
            }
            result = board;
        }
        result
    }
}
