//! The result words: `1-0`, `0-1`, `1/2-1/2`, `*`, and the forms read as them.

use super::RawGame;
use super::odd_words::{FORM_COLON_RESULT, note_form};
use crate::finding::wording::notation;
use crate::span::Span;

/// A game's result, as a sheet declares it or as the board decides it: the one result type
/// of arbitro (classical games, tournaments, reports). It is written, serialized and
/// displayed in its PGN form (`1-0`, `0-1`, `1/2-1/2`, `*`), the same in both languages.
///
/// ```
/// use arbitro::notation::classical::GameResult;
/// let r = GameResult::parse("½-½").unwrap();
/// assert_eq!((r.to_string(), r.half_points()), ("1/2-1/2".to_string(), Some((1, 1))));
/// assert_eq!(serde_json::to_string(&GameResult::WhiteWins).unwrap(), "\"1-0\"");
/// ```
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

    /// Half-points for White and for Black (a win is 2, a draw 1 each); `None` for `*`.
    pub fn half_points(self) -> Option<(u32, u32)> {
        match self {
            GameResult::WhiteWins => Some((2, 0)),
            GameResult::BlackWins => Some((0, 2)),
            GameResult::Draw => Some((1, 1)),
            GameResult::Unknown => None,
        }
    }

    /// Reads a result as written in a tag or in movetext: a result word ([`result_token`],
    /// spaces around it ignored) or `0.5-0.5`.
    ///
    /// ```
    /// use arbitro::notation::classical::GameResult;
    /// assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("0-0"), None);
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        let s = s.trim();
        result_token(s).or((s == "0.5-0.5").then_some(GameResult::Draw))
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The result words: a whole word that is a result, in a tag or as the movetext's
/// terminator. Every reading of a result starts here.
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
    note_form(game, FORM_COLON_RESULT, span, notation::colon_result);
    Some(r)
}
