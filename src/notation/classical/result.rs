//! The result words: `1-0`, `0-1`, `1/2-1/2`, `*`, and the forms read as them.

use super::lexer::{Games, Reading};
use super::{RawGame, Token, TokenKind};
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

    /// Reads a result as written in a tag or in movetext, blanks at its ends ignored: the
    /// one reading of a result ([`result_at`]), so that a tag, the movetext and a
    /// tournament never read the same text two ways.
    ///
    /// ```
    /// use arbitro::notation::classical::GameResult;
    /// assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse(" 1 – 0 "), Some(GameResult::WhiteWins));
    /// assert_eq!(GameResult::parse("0-0"), None);
    /// assert_eq!(GameResult::parse("1-0F"), None);
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        let s = s.trim();
        result_token(s).or_else(|| odd_result(s))
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

/// The result words in their PGN form: a whole word that is a result, in a tag or as the
/// movetext's terminator (the common case, read inline by the lexer). Every other way of
/// writing a result goes through [`result_at`].
pub(super) fn result_token(word: &str) -> Option<GameResult> {
    match word {
        "1/2-1/2" => Some(GameResult::Draw),
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// One side of a result as written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    One,
    Zero,
    Half,
}

/// The side of a result `s` starts with, and its length: `1`, `0`, or a half written
/// `1/2`, `½`, `0.5` or `0,5`.
fn side(s: &str) -> Option<(Side, usize)> {
    const SIDES: [(&str, Side); 6] = [
        ("1/2", Side::Half),
        ("0.5", Side::Half),
        ("0,5", Side::Half),
        ("\u{bd}", Side::Half),
        ("1", Side::One),
        ("0", Side::Zero),
    ];
    SIDES
        .iter()
        .find(|(w, _)| s.starts_with(w))
        .map(|&(w, side)| (side, w.len()))
}

/// The sign between the two sides: a hyphen, a dash that looks like one (en dash, em dash,
/// minus sign, …), or `:`.
fn sign(c: char) -> bool {
    matches!(
        c,
        '-' | ':' | '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe63}' | '\u{ff0d}'
    )
}

/// The blanks read around the sign, on one line.
const BLANKS: [char; 4] = [' ', '\t', '\u{a0}', '\u{202f}'];

/// The one reading of a result written at the start of `s`, in any of the forms a person
/// writes (issue 25): the PGN forms, a look-alike dash or `:` for the sign, blanks around
/// it, a half written `½`, `1/2`, `0.5` or `0,5`, a lone `½` or `1/2` for a draw. The
/// result and the bytes read; what follows is the caller's to check.
///
/// ```
/// use arbitro::notation::classical::{GameResult, result_at};
/// assert_eq!(result_at("1 – 0 {ok}"), Some((GameResult::WhiteWins, 7)));
/// assert_eq!(result_at("½:½"), Some((GameResult::Draw, 5)));
/// assert_eq!(result_at("0,5-0,5"), Some((GameResult::Draw, 7)));
/// assert_eq!(result_at("0-0"), None);
/// assert_eq!(result_at("1. e4"), None);
/// ```
pub fn result_at(s: &str) -> Option<(GameResult, usize)> {
    if s.starts_with('*') {
        return Some((GameResult::Unknown, 1));
    }
    let (first, len) = side(s)?;
    let gap = |from: usize| s.len() - s[from..].trim_start_matches(BLANKS).len();
    let at = gap(len);
    match s[at..].chars().next() {
        Some(c) if sign(c) => {
            let from = gap(at + c.len_utf8());
            let (second, len2) = side(&s[from..])?;
            let result = match (first, second) {
                (Side::One, Side::Zero) => GameResult::WhiteWins,
                (Side::Zero, Side::One) => GameResult::BlackWins,
                (Side::Half, Side::Half) => GameResult::Draw,
                _ => return None,
            };
            Some((result, from + len2))
        }
        // A lone half: a draw (`1/2`, `½`).
        _ if first == Side::Half && (s.starts_with("1/2") || s.starts_with('\u{bd}')) => {
            Some((GameResult::Draw, len))
        }
        _ => None,
    }
}

/// A whole word (or tag value, blanks at its ends ignored) that is a result in any form
/// [`result_at`] reads.
pub(super) fn result_word(word: &str) -> Option<GameResult> {
    let word = word.trim();
    result_at(word).and_then(|(r, len)| (len == word.len()).then_some(r))
}

/// The byte after a result written in movetext ends it: the end of the text, a blank, a
/// line end, a bracket, a separator.
fn ends_result(rest: &[u8]) -> bool {
    rest.first()
        .is_none_or(|b| b" \t\r\n\x0c{}()[];,$\"".contains(b))
}

/// A result written at byte `start` of the text, in a form other than PGN's (`1 - 0`,
/// `½:½`, `0,5-0,5`, `1–0`): its result and where it ends, when the text after it ends a
/// word. Out of line: rare.
#[cold]
#[inline(never)]
pub(super) fn odd_result_at(text: &str, start: usize) -> Option<(GameResult, usize)> {
    let (r, len) = result_at(&text[start..])?;
    let end = start + len;
    let one_line = !text[start..end].contains('\n');
    (one_line && ends_result(&text.as_bytes()[end..])).then_some((r, end))
}

/// A word of movetext that is a result in a form other than PGN's, read whole (the lexer
/// then looks whether it goes on, `1/2 - 1/2`). Out of line: rare.
#[cold]
#[inline(never)]
pub(super) fn odd_result(word: &str) -> Option<GameResult> {
    result_word(word)
}

/// The result tag of a game read, once the game is: a value in a form other than PGN's is
/// an `info` naming the form, one that is no result a `warning` quoting it (issue 25).
/// Out of line: once a game.
#[cold]
#[inline(never)]
pub(super) fn check_result_tag(game: &mut RawGame<'_>, at: usize) {
    let Some(t) = game.tags.get(at) else {
        return;
    };
    let value = &*t.tag.value;
    if result_token(value).is_some() {
        return;
    }
    let f = match result_word(value) {
        Some(r) => notation::result_lookalike(value.trim(), r.as_str()),
        None => notation::unreadable_result(t.tag.name, value),
    };
    let f = f.at(t.span);
    game.errors.push(f);
}

impl<'a> Games<'a> {
    /// A result in a form other than PGN's written from `span.start` on (`1 - 0`, `½:½`,
    /// `0,5-0,5`, `1–0`), reaching at least to the end of the word at `span`: the tokens
    /// pushed from `n` on are taken back (and the piece letters noted before them,
    /// `letters`), the result is pushed with an `info` naming the form, and where to go on
    /// is returned. `None`: no such result, nothing changed. Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn odd_result(
        &mut self,
        r: &mut Reading<'_, 'a>,
        span: Span,
        n: usize,
        letters: u8,
    ) -> Option<usize> {
        let text = r.text;
        let (result, end) = odd_result_at(text, span.start)?;
        if end < span.end {
            return None;
        }
        r.game.tokens.truncate(n);
        *r.letters = letters;
        let at = Span { end, ..span };
        r.game.tokens.push(Token {
            kind: TokenKind::Result(result),
            text: "",
            span: at,
            depth: r.depth,
        });
        if r.depth == 0 {
            *r.ended = true;
        }
        let written = &text[span.start..end];
        r.game
            .errors
            .push(notation::result_lookalike(written, result.as_str()).at(at));
        if !written.is_ascii() {
            r.lines.ascii = false;
        }
        let bytes = text.as_bytes();
        Some(if bytes.get(end) == Some(&b' ') {
            end + 1
        } else {
            end
        })
    }
}
