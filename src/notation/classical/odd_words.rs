//! The rare words of movetext, out of the lexer's loop: characters that look like plain
//! ones, spaced dots, words after the result, web markup; the lexer's syntax errors and
//! the forms it notes once a game.

use super::lexer::{Games, Reading, move_number};
use super::lines::Lines;
use super::result::{odd_result, result_token};
use super::tokens::push_numbered;
use super::{RawGame, Token, TokenKind, letter_class};
use crate::finding::Finding;
use crate::finding::wording::notation;
use crate::span::Span;

/// A finding of the lexer, said by `say` (a constructor of `finding::wording::notation`),
/// at `span`. Out of line: findings are rare, and the lexer's loop stays small.
#[cold]
#[inline(never)]
pub(super) fn lex_error(say: fn() -> Finding, span: Span) -> Finding {
    say().at(span)
}

/// A word of movetext with its place, for the lexer's rare paths.
#[derive(Clone, Copy)]
pub(super) struct Word<'a> {
    pub(super) text: &'a str,
    pub(super) span: Span,
    pub(super) depth: u32,
}

/// What the lexer does after a rare word.
pub(super) enum Flow {
    /// Go on with the game.
    Next,
    /// The word (or the piece of it from this offset) starts the next game: stop there.
    /// Always past the game's start: a result came first.
    NewGame(usize),
}

/// An `info` finding of the lexer on a form it read as a plain one, once per game and form.
#[cold]
#[inline(never)]
pub(super) fn note_form(game: &mut RawGame<'_>, form: u8, span: Span, say: fn() -> Finding) {
    if game.forms & form != 0 {
        return;
    }
    game.forms |= form;
    game.errors.push(say().at(span));
}

/// Forms the lexer notes once per game ([`RawGame`]'s `forms`).
const FORM_LOOKALIKE: u8 = 1;
const FORM_SPACED_DOTS: u8 = 2;
pub(super) const FORM_PAREN_NUMBER: u8 = 8;

/// The rare words: one holding a non-ASCII character, one after the result, spaced dots.
#[cold]
#[inline(never)]
pub(super) fn odd_word<'a>(
    game: &mut RawGame<'a>,
    word: Word<'a>,
    ended: &mut bool,
    letters: &mut u8,
) -> Flow {
    if !word.text.is_ascii() {
        return lookalike_word(game, word, ended, letters);
    }
    let Word { text, span, .. } = word;
    if text == "}" && game.open_braces > 0 {
        // The `}` a nested comment was meant to end with (PGN 5): said by `nested-brace`.
        game.open_braces -= 1;
        return Flow::Next;
    }
    if text.starts_with("<br") || text == "/>" {
        // A file saved from a web page, `<br />` for its line ends (chess.js reads it).
        return Flow::Next;
    }
    if text.bytes().all(|b| b == b'.') {
        // `1. ... Ca5`: the dots of a black move, written apart.
        let mut number = None;
        if let Some(Token {
            kind: TokenKind::MoveNumber { black, number: n },
            ..
        }) = game.tokens.last_mut()
        {
            *black = true;
            number = Some(*n);
        }
        if game.forms & FORM_SPACED_DOTS == 0 {
            // Issue 26 point 6: the message names the move's own number.
            game.forms |= FORM_SPACED_DOTS;
            game.errors.push(notation::spaced_dots(number).at(span));
        }
        return Flow::Next;
    }
    odd_word_ascii(game, word, ended, letters)
}

/// What a non-ASCII character of movetext is read as.
enum Plain {
    /// A blank: no-break and other spaces, a byte order mark (files put together).
    Blank,
    /// An annotation glyph (`±`, `⩲`, `∞`): dropped, as a NAG would be.
    Glyph,
    /// A dash: en dash, no-break hyphen, minus sign.
    Dash,
    /// Itself (`½`, a figurine, a letter).
    Keep,
}

fn plain(c: char) -> Plain {
    match c {
        '\u{a0}' | '\u{feff}' | '\u{2000}'..='\u{200b}' | '\u{202f}' | '\u{205f}' | '\u{3000}' => {
            Plain::Blank
        }
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe63}' | '\u{ff0d}' => Plain::Dash,
        '±' | '∓' | '∞' | '⩱' | '⩲' | '□' | '△' | '⇆' | '↑' | '→' | '⊕' | '⨀' | '○' | '⟳' | '⇄'
        | '∆' | '⌓' | '⊥' | '‼' | '⁇' | '⁉' | '⁈' => Plain::Glyph,
        _ => Plain::Keep,
    }
}

/// A word holding non-ASCII characters: look-alikes read as their plain forms (one `info`
/// finding per game), the pieces between blanks and glyphs read as words.
fn lookalike_word<'a>(
    game: &mut RawGame<'a>,
    word: Word<'a>,
    ended: &mut bool,
    letters: &mut u8,
) -> Flow {
    let Word { text, span, depth } = word;
    let (pieces, changed) = lookalike_pieces(text);
    if changed {
        note_form(game, FORM_LOOKALIKE, span, notation::lookalikes_read);
    }
    let column_of = |at: usize| span.column + text[..at].chars().count() as u32;
    for (a, b, dashed) in pieces {
        let piece = Word {
            text: &text[a..b],
            span: Span {
                start: span.start + a,
                end: span.start + b,
                line: span.line,
                column: column_of(a),
            },
            depth,
        };
        let read = if dashed {
            dashed_piece(game, piece, ended)
        } else {
            None
        };
        let flow = read.unwrap_or_else(|| odd_word_ascii(game, piece, ended, letters));
        if let Flow::NewGame(at) = flow {
            return Flow::NewGame(at);
        }
    }
    Flow::Next
}

/// The pieces of a word with look-alikes, between its blanks and glyphs: their byte
/// ranges, and whether they hold a look-alike dash; and whether the word held any
/// look-alike at all.
fn lookalike_pieces(text: &str) -> (Vec<(usize, usize, bool)>, bool) {
    let mut pieces = Vec::new();
    let mut from = 0;
    let mut dashed = false;
    let mut changed = false;
    for (i, c) in text.char_indices() {
        match plain(c) {
            Plain::Blank | Plain::Glyph => {
                if i > from {
                    pieces.push((from, i, dashed));
                }
                from = i + c.len_utf8();
                dashed = false;
                changed = true;
            }
            Plain::Dash => {
                dashed = true;
                changed = true;
            }
            _ => {}
        }
    }
    if from < text.len() {
        pieces.push((from, text.len(), dashed));
    }
    (pieces, changed)
}

/// A piece of a word that holds a look-alike dash, read with plain dashes: a result or
/// castling ([`dashed_word`]), pushed as a token (a result after the result is dropped,
/// castling after it starts the next game); `None` when it is neither, for
/// [`odd_word_ascii`].
fn dashed_piece<'a>(game: &mut RawGame<'a>, piece: Word<'a>, ended: &mut bool) -> Option<Flow> {
    let Word { text, span, depth } = piece;
    let dashes: String = text
        .chars()
        .map(|c| match plain(c) {
            Plain::Dash => '-',
            _ => c,
        })
        .collect();
    let (kind, text, span) = match dashed_word(&dashes) {
        Some((kind, text)) => (kind, text, span),
        None => {
            // `4.O–O`: the move number written against a castling with a look-alike dash.
            // The number is ASCII, so its bytes are the same in `text` and `dashes`.
            let (number, black, len) = move_number(text.as_bytes())?;
            let (kind, plain) = dashed_word(dashes.get(len..)?)?;
            if *ended && depth == 0 {
                return Some(Flow::NewGame(span.start));
            }
            let cut = span.start + len;
            game.tokens.push(Token {
                kind: TokenKind::MoveNumber { number, black },
                text: "",
                span: Span { end: cut, ..span },
                depth,
            });
            let rest = Span {
                start: cut,
                column: span.column + len as u32,
                ..span
            };
            (kind, plain, rest)
        }
    };
    if let TokenKind::Result(_) = kind {
        if *ended && depth == 0 {
            return Some(Flow::Next);
        }
        if depth == 0 {
            *ended = true;
        }
    } else if *ended && depth == 0 {
        return Some(Flow::NewGame(span.start));
    }
    game.tokens.push(Token {
        kind,
        text,
        span,
        depth,
    });
    Some(Flow::Next)
}

/// [`odd_word`] for a piece of a word without look-alikes.
fn odd_word_ascii<'a>(
    game: &mut RawGame<'a>,
    word: Word<'a>,
    ended: &mut bool,
    letters: &mut u8,
) -> Flow {
    let Word { text, span, depth } = word;
    if *ended && depth == 0 {
        let result = result_token(text).or_else(|| odd_result(text));
        if result.is_some() && move_number(text.as_bytes()).is_none() {
            game.errors.push(notation::stray_result(text).at(span));
            return Flow::Next;
        }
        if super::prose::after_result(text) {
            // Issue 26: words after the result (`1-0 Il nero abbandona`) are the game's,
            // not a new game: the replay reports them, the rereadings read them.
            game.tokens.push(Token {
                kind: TokenKind::Move,
                text,
                span,
                depth,
            });
            return Flow::Next;
        }
        return Flow::NewGame(span.start);
    }
    match text.as_bytes()[0] {
        b'0'..=b'9' | b'*' => {
            push_numbered(game, text, span, depth, ended, letters);
        }
        0xC2 if odd_result(text).is_some() => {
            push_numbered(game, text, span, depth, ended, letters);
        }
        b'.' if text.bytes().all(|b| b == b'.') => {
            return odd_word(game, word, ended, letters);
        }
        b => {
            *letters |= letter_class(b);
            game.tokens.push(Token {
                kind: TokenKind::Move,
                text,
                span,
                depth,
            });
        }
    }
    Flow::Next
}

/// A word written with look-alike dashes, read with plain ones: a result, or castling
/// (the move text is then a plain one of the program's own): its kind and text.
fn dashed_word(plain: &str) -> Option<(TokenKind, &'static str)> {
    if let Some(r) = result_token(plain) {
        return Some((TokenKind::Result(r), ""));
    }
    const CASTLES: [&str; 24] = [
        "O-O", "O-O+", "O-O#", "O-O-O", "O-O-O+", "O-O-O#", "0-0", "0-0+", "0-0#", "0-0-0",
        "0-0-0+", "0-0-0#", "o-o", "o-o+", "o-o#", "o-o-o", "o-o-o+", "o-o-o#", "O-O++", "0-0++",
        "O-O-O++", "0-0-0++", "o-o++", "o-o-o++",
    ];
    let body = plain.trim_end_matches(['!', '?']);
    CASTLES
        .iter()
        .find(|&&c| c == body)
        .map(|&c| (TokenKind::Move, c))
}

/// `[pgn]` and `[/pgn]`: the forum markup around a game pasted from the web, passed over.
pub(super) fn is_delimiter(at: &[u8]) -> bool {
    at.len() >= 5
        && (at[..5].eq_ignore_ascii_case(b"[pgn]")
            || at.len() >= 6 && at[..6].eq_ignore_ascii_case(b"[/pgn]"))
}

pub(super) fn delimiter_len(at: &[u8]) -> usize {
    if at[1] == b'/' { 6 } else { 5 }
}

impl Reading<'_, '_> {
    /// A comment from `start` to its first `}` at `close` that holds `{` (PGN 5: comments
    /// do not nest): a `nested-brace` warning at each inner `{`, with its line and column,
    /// and the lines walked past. A `}` left over later is the one each was meant to
    /// close ([`odd_word`] passes over as many). Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn nested_braces(&mut self, start: usize, close: usize) {
        let bytes = self.text.as_bytes();
        let mut from = start;
        for i in memchr::memchr_iter(b'{', &bytes[start + 1..close]) {
            let at = start + 1 + i;
            self.lines.walked(from, &bytes[from..at]);
            let span = self.lines.span(at, at + 1);
            self.game.errors.push(notation::nested_brace().at(span));
            self.game.open_braces = self.game.open_braces.saturating_add(1);
            from = at;
        }
        self.lines.walked(from, &bytes[from..=close]);
    }
}

impl<'a> Games<'a> {
    /// A tag pair that cannot be read (`[Event "Broken tag]`): a `bad-tag` warning, and the
    /// rest of its line is passed over; the game is still read and replayed. Out of line:
    /// rare.
    #[cold]
    #[inline(never)]
    pub(super) fn bad_tag(
        &mut self,
        game: &mut RawGame<'a>,
        lines: &mut Lines<'a>,
        start: usize,
    ) -> usize {
        let span = lines.span(start, self.line_end(start));
        game.errors.push(notation::bad_tag().at(span));
        self.skip_line(lines, start)
    }
}
