//! How the board ends a game (FIDE 5 and 9.6), a move played after the end, and the
//! result: the board's against the sheet's (PGN 8.2.6, FIDE 5).

use super::{MoveAt, Replayer};
use crate::classical::explain::numbered;
use crate::finding::wording::classical as wording;
use crate::lang::{Bi, Lang, Say};
use crate::notation::classical::GameResult;
use shakmaty::Color;
use std::borrow::Cow;

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
        let f =
            wording::move_after_end(&numbered(&self.pos, word), &ending.bi(), at, ending.rule());
        let f = self.at_move(f, move_at);
        self.findings.push(f);
    }

    /// The game's result: the board's when the game ended on it, else the declared one;
    /// a `result-mismatch` finding when the tag and the movetext's `terminator` differ
    /// (PGN 8.2.6), or the sheet and the board (FIDE 5).
    pub(super) fn check_result(
        &mut self,
        declared: Option<GameResult>,
        complete: bool,
        terminator: Option<(GameResult, crate::span::Span)>,
    ) -> GameResult {
        let raw = self.raw;
        let mut result = declared.unwrap_or(GameResult::Unknown);
        let result_span = terminator
            .map(|(_, s)| s)
            .or_else(|| raw.tag_span("Result"));
        if let (Some(tag), Some((term, span))) =
            (raw.tag("Result").and_then(GameResult::parse), terminator)
            && tag != term
        {
            let f = wording::result_tag_differs(tag.as_str(), term.as_str());
            self.findings.push(f.at(span));
        }
        if complete && let Some((ending, ply)) = self.ending {
            let board = ending.result();
            if let Some(d) = declared
                && d != board
                && d != GameResult::Unknown
            {
                let mut f = wording::result_against_board(
                    &ending.bi(),
                    ply,
                    board.as_str(),
                    d.as_str(),
                    ending.rule(),
                );
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

impl Ending {
    /// Its name in both languages, as "the game ended by …" says it.
    fn names(self) -> Bi<&'static str> {
        let (en, it) = match self {
            Ending::Checkmate { .. } => ("checkmate", "scacco matto"),
            Ending::Stalemate => ("stalemate", "stallo"),
            Ending::DeadPosition => ("a dead position", "posizione morta"),
            Ending::FivefoldRepetition => ("fivefold repetition", "quintupla ripetizione"),
            Ending::SeventyFiveMoves => ("the 75-move rule", "regola delle 75 mosse"),
        };
        Bi::new(en, it)
    }

    /// The English name, as the JSON report writes it ("checkmate").
    pub fn describe(self) -> &'static str {
        self.names().en
    }
}

impl Say for Ending {
    /// "checkmate", "scacco matto".
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        Cow::Borrowed(*self.names().get(lang))
    }
}
