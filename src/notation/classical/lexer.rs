//! The lexer's loop: the text walked once, byte class by byte class, tags, comments and
//! words cut out; what a plain word is goes to [`super::tokens`], a rare one to
//! [`super::odd_words`].

use super::lines::Lines;
use super::odd_words::{Flow, Word, delimiter_len, is_delimiter, lex_error, odd_word};
use super::tokens::{push_numbered, restarts};
use super::{
    KNOWN_SLOTS, NO_SLOT, NONE, RawGame, SpannedTag, Token, TokenKind, spare_buffers, tag_name,
};
use crate::finding::wording::notation;
use crate::notation::tags::{Tag, tag_pair};
use crate::span::Span;
use std::ops::ControlFlow;

/// Byte classes for the lexer's loops: a blank (space, tab, CR, form feed, and the `;` `,`
/// separators), a line end, a byte that ends a word, a non-ASCII byte.
pub(super) const BLANK: u8 = 1;
pub(super) const NEWLINE: u8 = 2;
pub(super) const ENDS_WORD: u8 = 4;
pub(super) const NON_ASCII: u8 = 8;
/// A byte of a plain tag name: ASCII letters and digits, `_`, `-`.
const NAME: u8 = 16;
/// A byte that starts a rare word: spaced dots (`1. ... Ca5`), web markup (`<br />`), a
/// stray `}`.
const RARE: u8 = 32;
/// `_`: an unreadable character (`formats.md` §8).
pub(super) const UNDERSCORE: u8 = 64;
/// A byte that ends a plain tag value or leaves it to the tag grammar: `"`, `\`, a line
/// end.
const VALUE_END: u8 = 128;
/// The classes a word's bytes are noted for ([`word_end`]'s `seen`).
pub(super) const NOTED: u8 = NON_ASCII | UNDERSCORE;

pub(super) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = match b {
            b' ' | b'\t' | b'\r' | b'\x0C' | b',' => BLANK | ENDS_WORD,
            b'\n' => NEWLINE | ENDS_WORD | VALUE_END,
            // A stray `}` is a word of its own, a rare one (the end of a nested comment).
            b'}' => ENDS_WORD | RARE,
            b'"' => ENDS_WORD | VALUE_END,
            b'\\' => VALUE_END,
            b'{' | b'(' | b')' | b'[' | b']' | b'$' | b';' => ENDS_WORD,
            0x80..=0xFF => NON_ASCII,
            b'_' => NAME | UNDERSCORE,
            b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z' | b'-' => NAME,
            b'.' | b'<' | b'/' => RARE,
            _ => 0,
        };
        i += 1;
    }
    t
};

/// `12.`, `12...`: the number, whether there were three dots (two or more), and the length
/// read. A bare number counts only when it is the whole word ("1 e4", common on hand-written
/// sheets); `None` when the word does not start with a move number.
pub(super) fn move_number(word: &[u8]) -> Option<(u32, bool, usize)> {
    // One pass over the digits; a number too large for u32 reads as u32::MAX.
    // Saturating: `u32::MAX` exactly when the number is larger.
    let mut number = 0u32;
    let mut digits = 0;
    while let Some(&d) = word.get(digits)
        && d.is_ascii_digit()
    {
        number = number
            .saturating_mul(10)
            .saturating_add(u32::from(d - b'0'));
        digits += 1;
    }
    let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
    if digits == 0 || (dots == 0 && digits < word.len()) {
        return None;
    }
    Some((number, dots >= 2, digits + dots))
}

/// Walks a text and yields its games one by one.
///
/// ```
/// use arbitro::notation::classical::{games, TokenKind};
/// let text = "[Bianco \"A\"]\n1.e4 e5; 2.Ac4 d6 1-0\n\n[Bianco \"B\"]\n1.d4 *";
/// let all: Vec<_> = games(text).collect();
/// assert_eq!(all.len(), 2);
/// assert_eq!(all[0].tag("White"), Some("A"));
/// let e4 = &all[0].tokens[1];
/// assert_eq!((e4.kind(), all[0].word(e4)), (TokenKind::Move, "e4"));
/// assert_eq!(all[0].span_of(e4).column, 3);
/// ```
pub fn games(text: &str) -> Games<'_> {
    Games {
        text,
        pos: 0,
        lines: Lines::new(text),
        number: 0,
        no_close_brace_after: usize::MAX,
        hit_end: false,
        blank_line: 0,
        quick: true,
    }
}

/// The iterator of [`games`].
#[derive(Debug, Clone)]
pub struct Games<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
    pub(super) lines: Lines<'a>,
    pub(super) number: usize,
    /// Known: no `}` at or after this offset (keeps unclosed comments linear).
    pub(super) no_close_brace_after: usize,
    /// Where the last empty line ended (a `1.` after it may start the next game).
    pub(super) blank_line: usize,
    /// Reading the current game looked as far as the end of the text (a comment never
    /// closed, a last line): a longer text could have been read otherwise.
    pub(super) hit_end: bool,
    /// Games of the common shape are read by the quick reader ([`super::quick`]) first.
    pub(super) quick: bool,
}

impl<'a> Games<'a> {
    pub(super) fn line_end(&mut self, from: usize) -> usize {
        match memchr::memchr(b'\n', &self.text.as_bytes()[from..]) {
            Some(i) => from + i,
            None => {
                self.hit_end = true;
                self.text.len()
            }
        }
    }

    /// Skips to the end of the line (its `\n` is left for the main loop) and returns
    /// where that is.
    pub(super) fn skip_line(&mut self, lines: &mut Lines<'a>, from: usize) -> usize {
        let end = self.line_end(from);
        lines.walked(from, &self.text.as_bytes()[from..end]);
        end
    }

    fn find_close_brace(&mut self, from: usize) -> Option<usize> {
        if from >= self.no_close_brace_after {
            self.hit_end = true;
            return None;
        }
        let bytes = self.text.as_bytes();
        match memchr::memchr(b'}', &bytes[from..]) {
            Some(i) => Some(from + i),
            None => {
                self.no_close_brace_after = from;
                self.hit_end = true;
                None
            }
        }
    }
}

/// `text.get(start..end)`, written as two splits (`None` in the same cases): the lexer's
/// loop, once split into helpers, no longer inlined `get` for [`quick_tag`], and inlines
/// this (measured: 0.5% of `batch`'s instructions).
#[inline(always)]
pub(super) fn str_get(text: &str, start: usize, end: usize) -> Option<&str> {
    Some(text.split_at_checked(end)?.0.split_at_checked(start)?.1)
}

/// A tag pair in its plain form, `[Name "value"]` with no escape, at byte `start` of
/// `text`, read without nom: its end, the tag, and whether it holds a non-ASCII byte.
/// `None` hands it to [`tag_pair`], which stays the definition (a test checks both agree).
pub(super) fn quick_tag(text: &str, start: usize) -> Option<(usize, Tag<'_>, bool)> {
    let b = text.as_bytes();
    let name_start = start + 1;
    let mut i = name_start;
    while i < b.len() && CLASS[usize::from(b[i])] & NAME != 0 {
        i += 1;
    }
    let name_end = i;
    if name_end == name_start || b.get(i) != Some(&b' ') || b.get(i + 1) != Some(&b'"') {
        return None;
    }
    let open = i + 2;
    let mut close = open;
    let mut high = 0;
    // The plain bytes first (what stops this loop is looked at below).
    while close < b.len() && CLASS[usize::from(b[close])] & (VALUE_END | NON_ASCII) == 0 {
        close += 1;
    }
    loop {
        let c = *b.get(close)?;
        match c {
            b'"' => break,
            b'\\' | b'\n' => return None,
            _ => high |= c,
        }
        close += 1;
    }
    if b.get(close + 1) != Some(&b']') {
        return None;
    }
    let tag = Tag {
        name: str_get(text, name_start, name_end)?,
        value: std::borrow::Cow::Borrowed(str_get(text, open, close)?),
    };
    Some((close + 2, tag, high >= 0x80))
}

impl<'a> Iterator for Games<'a> {
    type Item = RawGame<'a>;

    fn next(&mut self) -> Option<RawGame<'a>> {
        // Issue 33: the common game is read by the quick reader; what it reads is what the
        // careful reader below would (debug builds check it on every game).
        if let Some((game, q)) = self.quick_game() {
            self.go_past(&q, Some(&game));
            return Some(game);
        }
        self.next_careful()
    }
}

impl<'a> Games<'a> {
    /// The next game, read by the careful reader (the quick reader not asked: it has just
    /// given up on this game).
    pub fn next_careful(&mut self) -> Option<RawGame<'a>> {
        loop {
            let mut game = self.next_raw()?;
            // Only comments (a `%` line, a `{…}`): no game; read on.
            let comments_only = game
                .tokens
                .iter()
                .all(|t| matches!(t.kind, TokenKind::Comment));
            if game.tags.is_empty() && comments_only && game.errors.is_empty() {
                continue;
            }
            self.number += 1;
            game.number = self.number;
            return Some(game);
        }
    }
}

/// What the lexer knows of the game it is reading, for the inlined helpers of
/// [`Games::next_raw`]. What out-of-line functions change (the game, the line tracker, the
/// movetext seen, the result seen, the letters) lives in locals of `next_raw` and is held
/// by reference: the compiler then keeps the rest (the text, the depth, the byte classes)
/// in registers, as it cannot for a local whose address reaches a function not inlined.
pub(super) struct Reading<'g, 'a> {
    /// The text (a copy of [`Games`]' own).
    pub(super) text: &'a str,
    /// The game so far.
    pub(super) game: &'g mut RawGame<'a>,
    /// The line tracker, back in [`Games`] at the end.
    pub(super) lines: &'g mut Lines<'a>,
    /// Whether the game holds movetext yet.
    pub(super) movetext: &'g mut Movetext,
    /// A result stands at depth 0: from here on a move or a move number starts the next
    /// game, and a further result is stray.
    pub(super) ended: &'g mut bool,
    /// Which piece letters begin the moves (`RawGame::letters`).
    pub(super) letters: &'g mut u8,
    /// Variation depth: 0 for the main line.
    pub(super) depth: u32,
    /// The [`NOTED`] classes of every byte of every word, for `underscores`.
    pub(super) seen_all: u8,
}

/// What the lexer's loop does after a token: `Continue` at this offset, or `Break`: the
/// game ends at this offset, where the next one starts.
type Step = ControlFlow<usize, usize>;

impl<'a> Games<'a> {
    /// The next stretch of the text a game would hold, which may hold only comments.
    pub(super) fn next_raw(&mut self) -> Option<RawGame<'a>> {
        let bytes = self.text.as_bytes();
        self.hit_end = false;
        let mut game = fresh_game(&bytes[self.pos.min(bytes.len())..]);
        // The line tracker lives in a local while the game is read, and goes back at the
        // end.
        let mut lines = self.lines.clone();
        // Only blanks since the line began (a `%` there escapes the line, PGN 6).
        let mut at_line_start = self.pos == lines.start;
        let mut pos = self.blank_lines(&mut lines, self.pos, &mut at_line_start);
        if pos == bytes.len() {
            // Nothing but blanks: no game.
            self.pos = pos;
            self.lines = lines;
            return None;
        }
        game.span = lines.span(pos, pos);
        let (mut movetext, mut ended, mut letters) = (Movetext::default(), false, 0);
        let mut r = Reading {
            text: self.text,
            game: &mut game,
            lines: &mut lines,
            movetext: &mut movetext,
            ended: &mut ended,
            letters: &mut letters,
            depth: 0,
            seen_all: 0,
        };
        while pos < bytes.len() {
            let start = pos;
            let b = bytes[start];
            let class = CLASS[usize::from(b)];
            // Every path that goes on sets `pos` here, so that the loop has one back edge
            // (with several, the compiler made the blanks a loop of their own, re-entered
            // after every token at a cost).
            pos = if class & BLANK != 0 {
                start + 1
            } else if class & NEWLINE != 0 {
                if at_line_start {
                    // An empty line: a `1.` after it may start the next game.
                    self.blank_line = start;
                }
                r.lines.newline(start);
                at_line_start = true;
                start + 1
            } else {
                let line_start = std::mem::replace(&mut at_line_start, false);
                match self.token(&mut r, start, b, class, line_start) {
                    Step::Continue(next) => next,
                    Step::Break(end) => {
                        pos = end;
                        break;
                    }
                }
            };
        }
        self.pos = pos;
        r.finish(pos);
        self.lines = lines;
        Some(game)
    }

    /// The blanks and line ends before a game's first token, from `from`: where that token
    /// starts, or the end of the text. Noted on the way as the lexer's loop notes them.
    #[inline(always)]
    fn blank_lines(
        &mut self,
        lines: &mut Lines<'a>,
        from: usize,
        at_line_start: &mut bool,
    ) -> usize {
        let bytes = self.text.as_bytes();
        let mut pos = from;
        while pos < bytes.len() {
            let class = CLASS[usize::from(bytes[pos])];
            if class & NEWLINE != 0 {
                if *at_line_start {
                    self.blank_line = pos;
                }
                lines.newline(pos);
                *at_line_start = true;
            } else if class & BLANK == 0 {
                break;
            }
            pos += 1;
        }
        pos
    }

    /// The token that starts at `start` with byte `b` of class `class`, the first of its
    /// line when `line_start`: what the lexer's loop does after it.
    #[inline(always)]
    pub(super) fn token(
        &mut self,
        r: &mut Reading<'_, 'a>,
        start: usize,
        b: u8,
        class: u8,
        line_start: bool,
    ) -> Step {
        let bytes = r.text.as_bytes();
        match b {
            b'%' if line_start => Step::Continue(self.skip_line(r.lines, start)),
            b'[' if is_delimiter(&bytes[start..]) => {
                Step::Continue(start + delimiter_len(&bytes[start..]))
            }
            b'[' => self.tag(r, start),
            b'{' => Step::Continue(self.comment(r, start)),
            b';' => Step::Continue(self.semicolon(r.game, r.lines, start, r.depth)),
            b'(' => Step::Continue(r.variation_start(start)),
            b')' => Step::Continue(r.variation_end(start)),
            b'$' => Step::Continue(r.nag(start)),
            _ => self.word(r, start, b, class),
        }
    }

    /// `[`: a tag pair (an unreadable one is a [`Games::bad_tag`]), or the first tag of the
    /// next game: after movetext, or a tag the game already holds (`Break` at `start`).
    #[inline(always)]
    pub(super) fn tag(&mut self, r: &mut Reading<'_, 'a>, start: usize) -> Step {
        if r.depth == 0 && r.movetext.seen(&r.game.tokens) {
            // A tag after movetext: the next game begins.
            return Step::Break(start);
        }
        let text = r.text;
        let read = quick_tag(text, start).or_else(|| {
            tag_pair(&text[start..]).ok().map(|(rest, tag)| {
                let end = text.len() - rest.len();
                (end, tag, !text.as_bytes()[start..end].is_ascii())
            })
        });
        let Some((end, tag, high)) = read else {
            return Step::Continue(self.bad_tag(r.game, r.lines, start));
        };
        let name = tag_name(tag.name);
        r.game.italian_tags |= name.italian;
        r.game.miscased_tags |= name.miscased;
        if name.slot != NO_SLOT {
            let slot = usize::from(name.slot);
            let at = r.game.known[slot];
            if at == NONE {
                r.game.known[slot] = r.game.tags.len() as u32;
            } else if r.game.tags[at as usize].tag.name == tag.name {
                // The same tag again before any move: a new tag section, the next game (a
                // list of forfeits).
                return Step::Break(start);
            }
        }
        let span = r.lines.span(start, end);
        // A tag pair is on one line (neither reader takes a line end).
        if high {
            r.lines.ascii = false;
        }
        r.game.tags.push(SpannedTag { tag, span });
        Step::Continue(end)
    }

    /// `{`: a comment up to its `}` (`{jolly}` is the take-back), or one never closed
    /// ([`Games::unclosed_comment`]). Returns where to go on.
    #[inline(always)]
    pub(super) fn comment(&mut self, r: &mut Reading<'_, 'a>, start: usize) -> usize {
        let Some(close) = self.find_close_brace(start + 1) else {
            return self.unclosed_comment(r.game, r.lines, start);
        };
        let text = r.text;
        let body = &text[start + 1..close];
        let span = r.lines.span(start, close + 1);
        if memchr::memchr(b'{', body.as_bytes()).is_some() {
            // PGN 5: comments do not nest; the first `}` ends this one.
            r.nested_braces(start, close);
        } else {
            r.lines.walked(start, &text.as_bytes()[start..=close]);
        }
        let kind = if body.trim().eq_ignore_ascii_case("jolly") {
            TokenKind::Jolly
        } else {
            TokenKind::Comment
        };
        r.game.tokens.push(Token {
            kind,
            text: body,
            span,
            depth: r.depth,
        });
        close + 1
    }

    /// A `{` never closed: a `parse-error`, and the rest of its line is passed over.
    /// Returns where to go on. Out of line: rare.
    #[cold]
    #[inline(never)]
    fn unclosed_comment(
        &mut self,
        game: &mut RawGame<'a>,
        lines: &mut Lines<'a>,
        start: usize,
    ) -> usize {
        let span = lines.span(start, start + 1);
        game.errors
            .push(lex_error(notation::unclosed_comment, span));
        self.skip_line(lines, start)
    }

    /// A word starting with byte `b` of class `class`: a move (the common case, read here), a move number or a result
    /// ([`Games::numbered`]), or a rare word ([`odd_word`]), which may start the next game.
    #[inline(always)]
    pub(super) fn word(&mut self, r: &mut Reading<'_, 'a>, start: usize, b: u8, class: u8) -> Step {
        let text = r.text;
        let bytes = text.as_bytes();
        let (end, seen) = word_end(bytes, start, class);
        let span = r.lines.span(start, end);
        // The blank after a word is skipped here, not by another turn.
        let next = if bytes.get(end) == Some(&b' ') {
            end + 1
        } else {
            end
        };
        let word = &text[start..end];
        r.seen_all |= seen;
        if (seen & NON_ASCII) | (class & RARE) != 0 || *r.ended {
            // Rare: a character that looks like a plain one, a word after the result,
            // spaced dots (`1. ... Ca5`), web markup.
            if !*r.ended
                && (b.is_ascii_digit() || b == 0xC2)
                && let Some(end) = self.odd_result(r, span, r.game.tokens.len(), *r.letters)
            {
                // `1–0`, `½:½`, `½ - ½`: a result in another form.
                return Step::Continue(end);
            }
            if seen & NON_ASCII != 0 {
                r.lines.ascii = false;
            }
            let at = Word {
                text: word,
                span,
                depth: r.depth,
            };
            return match odd_word(r.game, at, r.ended, r.letters) {
                Flow::Next => Step::Continue(next),
                Flow::NewGame(at) => Step::Break(at),
            };
        }
        if !matches!(b, b'0'..=b'9' | b'*') {
            r.plain_move(b, word, span);
            return Step::Continue(next);
        }
        self.numbered(r, word, span, next)
    }

    /// A word that starts with a digit or `*` ([`push_numbered`]), `next` the offset after
    /// it; a `1.`, a bare `1` or `0`, a result in another form go on in
    /// [`Games::low_number`].
    #[inline(always)]
    fn numbered(
        &mut self,
        r: &mut Reading<'_, 'a>,
        word: &'a str,
        span: Span,
        next: usize,
    ) -> Step {
        let before = *r.letters;
        if let Some(n) = push_numbered(r.game, word, span, r.depth, r.ended, r.letters) {
            return self.low_number(r, span, n, before, next);
        }
        Step::Continue(next)
    }

    /// After [`push_numbered`] pushed from token `n` on a `1.`, a bare `1` or `0`, or a
    /// result in another form: a result written in another form (`1 - 0`, `0,5-0,5`,
    /// `1/2 - 1/2`) is read whole ([`Games::odd_result`]); the move number `1.` that starts
    /// the next game after an empty line ([`restarts`]) is taken back, and the game ends
    /// before it. Out of line: once a game.
    #[cold]
    #[inline(never)]
    fn low_number(
        &mut self,
        r: &mut Reading<'_, 'a>,
        span: Span,
        n: usize,
        before: u8,
        next: usize,
    ) -> Step {
        let first = r.game.tokens[n].kind;
        let one = first
            == (TokenKind::MoveNumber {
                number: 1,
                black: false,
            });
        // `1.` starts no result; a bare `1` may (`1 - 0`).
        let dotted = one && r.text.as_bytes().get(span.start + 1) == Some(&b'.');
        if !dotted && let Some(end) = self.odd_result(r, span, n, before) {
            return Step::Continue(end);
        }
        if one
            && r.depth == 0
            && self.blank_line > r.game.span.start
            && restarts(r.game, n, self.blank_line, r.movetext)
        {
            r.game.tokens.truncate(n);
            *r.letters = before;
            return Step::Break(span.start);
        }
        Step::Continue(next)
    }
}

/// An empty game for [`Games::next_raw`], with room for a long game's tokens, so that few
/// games grow the vector: the buffers of the thread's last game, or new ones; nothing when
/// only blanks are left in `rest` (the call that ends a one-game text).
#[inline(always)]
pub(super) fn fresh_game<'a>(rest: &[u8]) -> RawGame<'a> {
    let mut game = RawGame::default();
    if !rest.iter().all(u8::is_ascii_whitespace) {
        (game.tokens, game.tags) = spare_buffers();
    }
    game.known = [NONE; KNOWN_SLOTS];
    game
}

/// The end of the word at `start`, whose first byte is of class `class`, and the classes
/// of its bytes (all of them for [`NOTED`] ones, the first byte's in full). Word ends are ASCII, so a word never splits a UTF-8 character; a stray
/// `}`, `]` or `"` is a word of its own.
#[inline(always)]
fn word_end(bytes: &[u8], start: usize, class: u8) -> (usize, u8) {
    let mut end = start + 1;
    let mut seen = class;
    if class & ENDS_WORD == 0 {
        // The bytes of a plain word first, without noting their classes (what `seen` is
        // asked for, a `_` or a non-ASCII byte, stops this loop); then, rarely, the rest.
        while end < bytes.len() && CLASS[usize::from(bytes[end])] & (ENDS_WORD | NOTED) == 0 {
            end += 1;
        }
        while end < bytes.len() {
            let c = CLASS[usize::from(bytes[end])];
            if c & ENDS_WORD != 0 {
                break;
            }
            seen |= c;
            end += 1;
        }
    }
    (end, seen)
}

/// Whether the game holds movetext: a token other than a comment or a NAG (a tag pair
/// after it starts the next game; a comment between two tag sections does not). Each
/// token is looked at once, however many times the question is asked.
#[derive(Default)]
pub(super) struct Movetext {
    /// Tokens looked at.
    checked: usize,
    /// One of them was movetext.
    pub(super) seen: bool,
}

impl Movetext {
    pub(super) fn seen(&mut self, tokens: &[Token<'_>]) -> bool {
        while !self.seen && self.checked < tokens.len() {
            self.seen = !matches!(
                tokens[self.checked].kind,
                TokenKind::Comment | TokenKind::Nag(_)
            );
            self.checked += 1;
        }
        self.seen
    }
}
