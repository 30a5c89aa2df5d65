//! What each plain token of movetext pushes: moves, move numbers, results, variations,
//! NAGs; and the end of a game's reading.

use super::lexer::{Movetext, NON_ASCII, Reading, UNDERSCORE, move_number};
use super::odd_words::{FORM_PAREN_NUMBER, lex_error, note_form};
use super::result::{check_result_tag, odd_result, result_token};
use super::{NONE, RawGame, Token, TokenKind, letter_class};
use crate::finding::wording::notation;
use crate::notation::tags::RESULT_SLOT;
use crate::span::Span;

impl<'a> Reading<'_, 'a> {
    /// The end of [`Games::next_raw`], the game read up to `pos`: a variation never
    /// closed is noted, and the game gets what the lexer noted on the way.
    #[inline(always)]
    pub(super) fn finish(self, pos: usize) {
        let game = self.game;
        if self.depth > 0 {
            let at = pos;
            let span = self.lines.span(at, at);
            game.errors
                .push(lex_error(notation::unclosed_variation, span));
        }
        // Issue 25: a result tag in another form is named, one that is no result reported.
        let at = game.known[RESULT_SLOT];
        if at != NONE
            && let Some(t) = game.tags.get(at as usize)
            && result_token(&t.tag.value).is_none()
        {
            check_result_tag(game, at as usize);
        }
        game.end = pos;
        game.source = self.text;
        game.letters = *self.letters;
        game.underscores = self.seen_all & (UNDERSCORE | NON_ASCII) != 0;
        game.known_for = if game.tags.len() < NONE as usize {
            game.tags.len()
        } else {
            usize::MAX
        };
    }

    /// A word that is a move (or a separate `e.p.`): the common case.
    #[inline(always)]
    pub(super) fn plain_move(&mut self, b: u8, word: &'a str, span: Span) {
        let kind = if b == b'e' && matches!(word, "e.p." | "e.p" | "ep") {
            TokenKind::EnPassant
        } else {
            *self.letters |= letter_class(b);
            TokenKind::Move
        };
        self.game.tokens.push(Token {
            kind,
            text: word,
            span,
            depth: self.depth,
        });
    }

    /// `(`: a variation starts, one level deeper. Returns where to go on.
    #[inline(always)]
    pub(super) fn variation_start(&mut self, start: usize) -> usize {
        let span = self.lines.span(start, start + 1);
        self.depth = self.depth.saturating_add(1);
        self.game.variations = true;
        self.game.tokens.push(Token {
            kind: TokenKind::VariationStart,
            text: "",
            span,
            depth: self.depth,
        });
        start + 1
    }

    /// `)`: a variation ends; at depth 0, right after a move number, the number's own
    /// parenthesis (`1) e4`, noted once), otherwise a `parse-error`. Returns where to go on.
    #[inline(always)]
    pub(super) fn variation_end(&mut self, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        let span = self.lines.span(start, start + 1);
        let after_number = start > 0
            && bytes[start - 1].is_ascii_digit()
            && self.game.tokens.last().is_some_and(|t| {
                t.span.end == start && matches!(t.kind, TokenKind::MoveNumber { .. })
            });
        if self.depth == 0 && after_number {
            // `1) e4`: a move number written with a parenthesis.
            note_form(self.game, FORM_PAREN_NUMBER, span, notation::paren_number);
        } else if self.depth == 0 {
            self.game
                .errors
                .push(lex_error(notation::unmatched_paren, span));
        } else {
            self.game.tokens.push(Token {
                kind: TokenKind::VariationEnd,
                text: "",
                span,
                depth: self.depth,
            });
            self.depth -= 1;
        }
        start + 1
    }

    /// `$12`: a NAG (a number too large reads as `u16::MAX`); a `$` without a number is a
    /// `parse-error`. Returns where to go on.
    #[inline(always)]
    pub(super) fn nag(&mut self, start: usize) -> usize {
        let (end, n) = nag_at(self.text.as_bytes(), start);
        let span = self.lines.span(start, end);
        if let Some(n) = n {
            self.game.tokens.push(Token {
                kind: TokenKind::Nag(n),
                text: "",
                span,
                depth: self.depth,
            });
        } else {
            self.game
                .errors
                .push(lex_error(notation::dollar_without_number, span));
        }
        end
    }
}

/// `$12` at `start`: where it ends, and its number (one too large reads as `u16::MAX`);
/// no number for a `$` alone. The careful reader's and the quick reader's.
pub(super) fn nag_at(bytes: &[u8], start: usize) -> (usize, Option<u16>) {
    let digits = bytes
        .get(start + 1..)
        .unwrap_or_default()
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let end = start + 1 + digits;
    let n = (digits > 0).then(|| {
        bytes[start + 1..end]
            .iter()
            .try_fold(0u16, |n, &d| {
                n.checked_mul(10)?.checked_add(u16::from(d - b'0'))
            })
            .unwrap_or(u16::MAX)
    });
    (end, n)
}

/// The move number `1.` just read starts the next game (PGN written without tags or
/// results, games apart by an empty line): an empty line (at `blank`) stands between it and
/// the game's last move before it, and what stands before is more than a title (issue 26:
/// `Spassky – Fischer, Reykjavík 1972`, an empty line, `1.c4` is one game).
#[cold]
#[inline(never)]
pub(super) fn restarts(
    game: &RawGame<'_>,
    n: usize,
    blank: usize,
    movetext: &mut Movetext,
) -> bool {
    let before = &game.tokens[..n];
    before.last().is_some_and(|prev| prev.span.end <= blank)
        && movetext.seen(before)
        && !super::prose::title_only(game, before)
}

/// A word that starts with a digit or `*`: a move number (maybe with its move glued on,
/// `12.Cf3`), a result, or a move. Inline: half the words of a game go this way (a result,
/// once a game, goes out of line). When the word is the move number `1.` (maybe with its
/// move), which may start the next game, a bare `1` or `0`, or a result in a form other
/// than PGN's, which may go on (`1 - 0`, `1/2 - 1/2`), the number of tokens before it: the
/// caller decides, and takes the tokens back.
#[inline(always)]
pub(super) fn push_numbered<'a>(
    game: &mut RawGame<'a>,
    word: &'a str,
    span: Span,
    depth: u32,
    ended: &mut bool,
    letters: &mut u8,
) -> Option<usize> {
    let start = span.start;
    let count = game.tokens.len();
    // A move number first: forty to a game, against one result (no word is both).
    let number = move_number(word.as_bytes());
    if number.is_none()
        && let Some((r, plain)) = result_token(word)
            .map(|r| (r, true))
            .or_else(|| odd_result(word).map(|r| (r, false)))
    {
        game.tokens.push(Token {
            kind: TokenKind::Result(r),
            text: "",
            span,
            depth,
        });
        if depth == 0 {
            *ended = true;
        }
        // A result in another form (`1:0`, `1/2`): the lexer names it, and looks whether
        // it goes on (`1/2 - 1/2`).
        return (!plain).then_some(count);
    }
    let mut span = span;
    let mut word = word;
    if let Some((number, black, len)) = number {
        game.tokens.push(Token {
            kind: TokenKind::MoveNumber { number, black },
            text: "",
            span: Span {
                end: start + len,
                ..span
            },
            depth,
        });
        // `1.`, and a bare `1` or `0` (`1 - 0`, `0,5-0,5`): the lexer looks again.
        let restart = (number <= 1 && !black).then_some(count);
        if len == word.len() {
            return restart;
        }
        word = &word[len..];
        span = Span {
            start: start + len,
            column: span.column + len as u32,
            ..span
        };
        if word.starts_with('.') {
            return restart;
        }
        push_move(game, word, span, depth, letters);
        return restart;
    }
    push_move(game, word, span, depth, letters);
    None
}

/// A move (or a separate `e.p.`) after a move number, for [`push_numbered`].
#[inline(always)]
fn push_move<'a>(game: &mut RawGame<'a>, word: &'a str, span: Span, depth: u32, letters: &mut u8) {
    let kind = if word.starts_with('e') && matches!(word, "e.p." | "e.p" | "ep") {
        TokenKind::EnPassant
    } else {
        *letters |= letter_class(word.as_bytes()[0]);
        TokenKind::Move
    };
    game.tokens.push(Token {
        kind,
        text: word,
        span,
        depth,
    });
}
