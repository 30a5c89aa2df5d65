//! The result words: `1-0`, `0-1`, `1/2-1/2`, `*`, and the forms read as them.

use super::RawGame;
use super::odd_words::{FORM_COLON_RESULT, note_form};
use crate::span::Span;

/// A game result, as declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2` (or `½-½`).
    Draw,
    /// `*`: unknown or unfinished.
    Unknown,
}

impl GameResult {
    /// The PGN form.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a result as written in a tag or in movetext.
    ///
    /// ```
    /// use arbitro::notation::classical::GameResult;
    /// assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("0-0"), None);
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" | "1/2" | "½" | "0.5-0.5" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// A whole word that is a result terminator.
pub(super) fn result_token(word: &str) -> Option<GameResult> {
    match word {
        "1/2-1/2" | "½-½" | "1/2" | "½" => Some(GameResult::Draw),
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// A result written with a colon (`1:0`, `0:1`, `1/2:1/2`), as school sheets write it:
/// read as the result, with one `non-standard-notation` info. Out of line: rare.
#[cold]
#[inline(never)]
pub(super) fn colon_result(game: &mut RawGame<'_>, word: &str, span: Span) -> Option<GameResult> {
    let r = match word {
        "1:0" => GameResult::WhiteWins,
        "0:1" => GameResult::BlackWins,
        "1/2:1/2" | "½:½" => GameResult::Draw,
        _ => return None,
    };
    note_form(
        game,
        FORM_COLON_RESULT,
        span,
        [
            "a result written with a colon is read as the PGN result (1-0, 0-1, 1/2-1/2)",
            "un risultato scritto con i due punti è letto come il risultato PGN (1-0, 0-1, 1/2-1/2)",
        ],
    );
    Some(r)
}
