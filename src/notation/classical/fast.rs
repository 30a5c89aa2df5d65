//! The lexer's fast path (issue 33): a game of the common shape, read in one tight loop
//! with everything in locals: plain tag pairs, moves, move numbers, results, comments
//! without a nested `{`, NAGs and variations, on lines of ASCII. The first thing it does
//! not read the common way (a `%` line, a `;`, a tag pair in another form, a word after the
//! result or with a character outside ASCII, a comment never closed, a `)` at depth 0, …)
//! hands the whole game back to the careful path ([`Games::next_raw`]), which starts it
//! again from the same place: the fast path changes nothing until it has read the whole
//! game. For every text both give the same games, tokens, spans and findings (a property
//! test holds them to it: `tests.rs`).

use super::lexer::{
    CLASS, ENDS_WORD, Games, Movetext, NAME, NON_ASCII, RARE, UNDERSCORE, fresh_game,
};
use super::odd_words::is_delimiter;
use super::tokens::{push_numbered, restarts};
use super::{NONE, RawGame, SpannedTag, Token, TokenKind, known_slot, letter_class};
use crate::notation::tags::{Tag, tag_pair};
use crate::span::Span;

/// Where the fast path stands in the text: the line it is on.
struct At {
    line: u32,
    /// Offset of the line's first byte.
    start: usize,
    /// Only blanks since the line began.
    blank: bool,
}

impl At {
    #[inline(always)]
    fn span(&self, start: usize, end: usize) -> Span {
        Span {
            start,
            end,
            line: self.line,
            column: (start - self.start + 1) as u32,
        }
    }
}

impl<'a> Games<'a> {
    /// The next game read the fast way, or `None`: the careful path must read it (nothing
    /// was changed).
    #[inline(never)]
    pub(super) fn fast_raw(&mut self) -> Option<RawGame<'a>> {
        if !self.lines.ascii || !self.fast {
            return None;
        }
        let text = self.text;
        let bytes = text.as_bytes();
        let len = bytes.len();
        let mut at = At {
            line: self.lines.line,
            start: self.lines.start,
            blank: self.pos == self.lines.start,
        };
        let mut blank_line = self.blank_line;
        let mut pos = self.pos;
        // The blanks and line ends before the game's first token.
        loop {
            match *bytes.get(pos)? {
                b'\n' => {
                    if at.blank {
                        blank_line = pos;
                    }
                    (at.line, at.start, at.blank) = (at.line + 1, pos + 1, true);
                }
                b' ' | b'\t' | b'\r' | b'\x0C' | b',' => {}
                _ => break,
            }
            pos += 1;
        }
        let mut game = fresh_game(&bytes[pos..]);
        game.span = at.span(pos, pos);
        let mut movetext = Movetext::default();
        let (mut ended, mut letters, mut depth, mut seen_all) = (false, 0u8, 0u32, 0u8);
        // The current line is ASCII so far (a tag pair with a character outside ASCII ends
        // that: a later token on its line needs the careful path's columns).
        let mut ascii = true;
        let end = loop {
            let Some(&b) = bytes.get(pos) else {
                break len;
            };
            let class = CLASS[usize::from(b)];
            if class & ENDS_WORD != 0 && matches!(b, b' ' | b'\t' | b'\r' | b'\x0C' | b',') {
                pos += 1;
                continue;
            }
            if b == b'\n' {
                if at.blank {
                    blank_line = pos;
                }
                (at.line, at.start, at.blank, ascii) = (at.line + 1, pos + 1, true, true);
                pos += 1;
                continue;
            }
            if !ascii {
                return None;
            }
            let first_on_line = std::mem::replace(&mut at.blank, false);
            let start = pos;
            match b {
                b'[' => {
                    if is_delimiter(&bytes[start..]) {
                        return None;
                    }
                    if depth == 0 && movetext.seen(&game.tokens) {
                        break start;
                    }
                    let (tag_end, tag, high) =
                        plain_tag(text, start).or_else(|| escaped_tag(text, start))?;
                    if let Some(slot) = known_slot(tag.name) {
                        let held = game.known[slot];
                        if held == NONE {
                            game.known[slot] = game.tags.len() as u32;
                        } else if game.tags[held as usize].tag.name == tag.name {
                            break start;
                        }
                    }
                    game.tags.push(SpannedTag {
                        tag,
                        span: at.span(start, tag_end),
                    });
                    ascii = !high;
                    pos = tag_end;
                }
                b'{' => {
                    let close = self.fast_close_brace(start + 1)?;
                    let body = &text[start + 1..close];
                    let span = at.span(start, close + 1);
                    // Line ends inside the comment.
                    let inside = &bytes[start..=close];
                    if let Some(last) = memchr::memrchr(b'\n', inside) {
                        at.line += memchr::memchr_iter(b'\n', inside).count() as u32;
                        at.start = start + last + 1;
                        ascii = inside[last + 1..].is_ascii();
                    } else {
                        ascii = inside.is_ascii();
                    }
                    let kind = if body.trim().eq_ignore_ascii_case("jolly") {
                        TokenKind::Jolly
                    } else {
                        TokenKind::Comment(body)
                    };
                    game.tokens.push(Token { kind, span, depth });
                    pos = close + 1;
                }
                b'(' => {
                    depth = depth.saturating_add(1);
                    game.variations = true;
                    game.tokens.push(Token {
                        kind: TokenKind::VariationStart,
                        span: at.span(start, start + 1),
                        depth,
                    });
                    pos += 1;
                }
                b')' if depth > 0 => {
                    game.tokens.push(Token {
                        kind: TokenKind::VariationEnd,
                        span: at.span(start, start + 1),
                        depth,
                    });
                    depth -= 1;
                    pos += 1;
                }
                b'$' => {
                    let digits = bytes[start + 1..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    if digits == 0 {
                        return None;
                    }
                    let nag_end = start + 1 + digits;
                    game.tokens.push(Token {
                        kind: TokenKind::Nag(text[start + 1..nag_end].parse().unwrap_or(u16::MAX)),
                        span: at.span(start, nag_end),
                        depth,
                    });
                    pos = nag_end;
                }
                b')' | b';' => return None,
                b'%' if first_on_line => return None,
                _ => {
                    let (word_end, seen) = word_end(bytes, start, class);
                    if (seen & NON_ASCII) | (class & RARE) != 0 || ended {
                        return None;
                    }
                    seen_all |= seen;
                    let word = text.get(start..word_end)?;
                    let span = at.span(start, word_end);
                    pos = word_end;
                    if !matches!(b, b'0'..=b'9' | b'*') {
                        let kind = if b == b'e' && matches!(word, "e.p." | "e.p" | "ep") {
                            TokenKind::EnPassant
                        } else {
                            letters |= letter_class(b);
                            TokenKind::Move(word)
                        };
                        game.tokens.push(Token { kind, span, depth });
                        continue;
                    }
                    let before = letters;
                    if let Some(n) =
                        push_numbered(&mut game, word, span, depth, &mut ended, &mut letters)
                        && depth == 0
                        && blank_line > game.span.start
                        && restarts(&game.tokens[..n], blank_line, &mut movetext)
                    {
                        game.tokens.truncate(n);
                        letters = before;
                        break start;
                    }
                }
            }
        };
        if depth > 0 {
            return None;
        }
        game.end = end;
        game.letters = letters;
        game.underscores = seen_all & (UNDERSCORE | NON_ASCII) != 0;
        game.known_for = if game.tags.len() < NONE as usize {
            game.tags.len()
        } else {
            usize::MAX
        };
        self.pos = end;
        self.blank_line = blank_line;
        self.hit_end = false;
        self.lines.line = at.line;
        self.lines.start = at.start;
        self.lines.ascii = ascii;
        Some(game)
    }

    /// The `}` closing the comment whose body starts at `from`, when it is near and holds
    /// no `{`; `None` leaves the comment to the careful path.
    #[inline(always)]
    fn fast_close_brace(&self, from: usize) -> Option<usize> {
        if from >= self.no_close_brace_after {
            return None;
        }
        let bytes = self.text.as_bytes();
        let i = memchr::memchr(b'}', &bytes[from..])?;
        if memchr::memchr(b'{', &bytes[from..from + i]).is_some() {
            return None;
        }
        Some(from + i)
    }
}

/// The end of the word at `start`, whose first byte is of class `class`, and the classes
/// of its bytes (as the careful path's `word_end`).
#[inline(always)]
fn word_end(bytes: &[u8], start: usize, class: u8) -> (usize, u8) {
    let mut end = start + 1;
    let mut seen = class;
    if class & ENDS_WORD == 0 {
        while let Some(&b) = bytes.get(end) {
            let c = CLASS[usize::from(b)];
            if c & ENDS_WORD != 0 {
                break;
            }
            seen |= c;
            end += 1;
        }
    }
    (end, seen)
}

/// A tag pair in its plain form at `start` (as the careful path's `quick_tag`), its value
/// found with `memchr`: the end, the tag, and whether it holds a byte outside ASCII.
#[inline(always)]
fn plain_tag(text: &str, start: usize) -> Option<(usize, Tag<'_>, bool)> {
    let b = text.as_bytes();
    let name_start = start + 1;
    let mut i = name_start;
    while b.get(i).is_some_and(|&c| CLASS[usize::from(c)] & NAME != 0) {
        i += 1;
    }
    if i == name_start || b.get(i) != Some(&b' ') || b.get(i + 1) != Some(&b'"') {
        return None;
    }
    let open = i + 2;
    let close = open + memchr::memchr3(b'"', b'\\', b'\n', &b[open..])?;
    if b[close] != b'"' || b.get(close + 1) != Some(&b']') {
        return None;
    }
    let value = text.get(open..close)?;
    let tag = Tag {
        name: text.get(name_start..i)?,
        value: std::borrow::Cow::Borrowed(value),
    };
    Some((close + 2, tag, !value.is_ascii()))
}

/// A tag pair in another form (an escaped quote or backslash in its value), read by the
/// grammar as the careful path reads it. Out of line: rare.
#[cold]
#[inline(never)]
fn escaped_tag(text: &str, start: usize) -> Option<(usize, Tag<'_>, bool)> {
    let (rest, tag) = tag_pair(&text[start..]).ok()?;
    let end = text.len() - rest.len();
    Some((end, tag, !text.as_bytes()[start..end].is_ascii()))
}
