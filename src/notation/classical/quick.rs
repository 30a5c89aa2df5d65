//! The quick reader (issue 33): a game of the common shape read in one lean pass, before
//! the careful reader ([`super::lexer`]) is asked.
//!
//! What it reads, all of it ASCII:
//! - blanks and line ends, then plain tag pairs `[Name "value"]` (no escape, each name
//!   once, a `Result` tag holding a PGN result);
//! - then movetext of move numbers (`12.`, `12...`, maybe with the move glued on:
//!   `12.Nf3`), words that start with a letter (moves as written, read later by the
//!   replay), words of digits that are neither a number nor a result (`0-0`), comments
//!   `{…}` with no `{` inside (not `{jolly}`), NAGs `$12`;
//! - one PGN result (`1-0`, `0-1`, `1/2-1/2`, `*`), then only blanks up to the next `[`
//!   (the next game's tags) or the end of the text.
//!
//! Anything else gives up: no tag pair, a tag pair or a character the careful reader
//! takes another way (variations, `;`, `%`, `_`, `[pgn]`, a non-ASCII byte, a separate
//! `e.p.`, a `1.` after movetext, a bare number, a result in another form, a game with no
//! result or a word after it, a game starting on a line the careful reader counts by
//! characters). The quick reader then returns nothing and has changed nothing, and the
//! careful reader reads the game.
//!
//! What it reads is exactly what the careful reader would read: the same tags, tokens and
//! spans, the same notes (letters, known tags), the same end; and [`Games`] goes on from
//! the same state (offset, line, the last empty line). Debug builds (every test run) read
//! each game the quick reader takes with the careful reader too and compare them whole.
//! It is quicker because it does less: one loop over bytes it knows, no line tracker, no
//! rare word looked for, no out-of-line helper.

use super::lexer::{BLANK, CLASS, ENDS_WORD, Games, NEWLINE, NOTED, fresh_game, move_number};
use super::odd_words::is_delimiter;
use super::result::{odd_result, result_token};
use super::{NO_SLOT, NONE, RawGame, SpannedTag, Token, TokenKind, letter_class, tag_name};
use crate::notation::tags::RESULT_SLOT;
use crate::span::Span;

/// A game the quick reader read, and where the careful reader goes on after it.
pub(super) struct QuickGame<'a> {
    game: RawGame<'a>,
    /// Where the game ends (the next one starts).
    pos: usize,
    /// The line at `pos`, and where it starts.
    line: u32,
    line_start: usize,
    /// Where the last empty line ended.
    blank_line: usize,
}

/// The quick reader's place in the text.
struct Quick<'a> {
    text: &'a str,
    pos: usize,
    /// 1-based line of `pos`, and the offset where that line starts.
    line: u32,
    line_start: usize,
    /// Only blanks since the line began.
    at_line_start: bool,
    /// Where the last empty line ended.
    blank_line: usize,
    /// No `}` at or after this offset ([`Games`]' own note).
    no_close_brace_after: usize,
    /// Which piece letters begin the moves.
    letters: u8,
}

impl<'a> Games<'a> {
    /// The same games, every one read by the careful reader alone (the quick reader left
    /// out: tests compare the two).
    ///
    /// ```
    /// use arbitro::notation::classical::games;
    /// let text = "[White \"A\"]\n1.e4 e5 1-0\n";
    /// let quick: Vec<_> = games(text).map(|g| g.tokens.len()).collect();
    /// let careful: Vec<_> = games(text).careful().map(|g| g.tokens.len()).collect();
    /// assert_eq!(quick, careful);
    /// ```
    pub fn careful(mut self) -> Self {
        self.quick = false;
        self
    }

    /// The next game, read by the quick reader; `None` (nothing changed) when it is not a
    /// game of the common shape, or when no game is left.
    pub(super) fn quick_game(&self) -> Option<QuickGame<'a>> {
        if !self.quick || !self.lines.ascii {
            return None;
        }
        let mut q = Quick {
            text: self.text,
            pos: self.pos,
            line: self.lines.line,
            line_start: self.lines.start,
            at_line_start: self.pos == self.lines.start,
            blank_line: self.blank_line,
            no_close_brace_after: self.no_close_brace_after,
            letters: 0,
        };
        q.blanks();
        if q.pos >= q.text.len() {
            return None;
        }
        let mut game = fresh_game(&q.text.as_bytes()[q.pos..]);
        game.span = q.span(q.pos, q.pos);
        q.tags(&mut game)?;
        q.movetext(&mut game)?;
        q.finish(&mut game)?;
        Some(QuickGame {
            game,
            pos: q.pos,
            line: q.line,
            line_start: q.line_start,
            blank_line: q.blank_line,
        })
    }

    /// Goes past a game the quick reader read, as the careful reader would have, and
    /// numbers it.
    pub(super) fn go_on(&mut self, quick: QuickGame<'a>) -> RawGame<'a> {
        #[cfg(debug_assertions)]
        self.check_quick(&quick);
        let QuickGame {
            mut game,
            pos,
            line,
            line_start,
            blank_line,
        } = quick;
        self.pos = pos;
        self.lines.line = line;
        self.lines.start = line_start;
        self.blank_line = blank_line;
        self.hit_end = false;
        self.number += 1;
        game.number = self.number;
        game
    }

    /// Debug builds: the careful reader reads the game the quick reader read the same
    /// way, and ends in the same state.
    #[cfg(debug_assertions)]
    fn check_quick(&self, quick: &QuickGame<'a>) {
        let mut careful = self.clone();
        careful.quick = false;
        let other = careful.next();
        let Some(other) = other else {
            panic!(
                "the quick reader read a game at {} where there is none",
                self.pos
            );
        };
        let q = &quick.game;
        let same = q.tags == other.tags
            && q.tokens == other.tokens
            && q.errors == other.errors
            && q.span == other.span
            && q.end == other.end
            && (
                q.forms,
                q.variations,
                q.open_braces,
                q.underscores,
                q.letters,
            ) == (
                other.forms,
                other.variations,
                other.open_braces,
                other.underscores,
                other.letters,
            )
            && (q.known, q.known_for, q.italian_tags, q.miscased_tags)
                == (
                    other.known,
                    other.known_for,
                    other.italian_tags,
                    other.miscased_tags,
                );
        assert!(
            same,
            "the quick reader read the game at {} otherwise",
            self.pos
        );
        let state = (quick.pos, quick.line, quick.line_start, quick.blank_line);
        let careful_state = (
            careful.pos,
            careful.lines.line,
            careful.lines.start,
            careful.blank_line,
        );
        assert_eq!(state, careful_state, "the quick reader ends elsewhere");
        assert!(careful.lines.ascii && !careful.hit_end);
    }
}

impl<'a> Quick<'a> {
    /// Where `start..end` stands (every line the quick reader reads is ASCII).
    #[inline(always)]
    fn span(&self, start: usize, end: usize) -> Span {
        Span {
            start,
            end,
            line: self.line,
            column: (start - self.line_start + 1) as u32,
        }
    }

    /// Blanks and line ends, noted as the careful reader notes them.
    #[inline(always)]
    fn blanks(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            let class = CLASS[usize::from(b)];
            if class & NEWLINE != 0 {
                if self.at_line_start {
                    self.blank_line = self.pos;
                }
                self.line += 1;
                self.line_start = self.pos + 1;
                self.at_line_start = true;
            } else if class & BLANK == 0 {
                return;
            }
            self.pos += 1;
        }
    }

    /// The tag pairs, up to the movetext's first byte.
    fn tags(&mut self, game: &mut RawGame<'a>) -> Option<()> {
        loop {
            self.blanks();
            let start = self.pos;
            let at = &self.text.as_bytes()[start..];
            match at.first() {
                Some(b'[') => {}
                Some(_) => return Some(()),
                // Tags and nothing else.
                None => return None,
            }
            if is_delimiter(at) {
                return None;
            }
            self.at_line_start = false;
            let (end, tag, high) = super::lexer::quick_tag(self.text, start)?;
            let name = tag_name(tag.name);
            if high {
                return None;
            }
            if name.slot != NO_SLOT {
                let slot = usize::from(name.slot);
                if game.known[slot] != NONE {
                    // A name again, or its other name: the careful reader decides.
                    return None;
                }
                game.known[slot] = game.tags.len() as u32;
            }
            game.italian_tags |= name.italian;
            game.miscased_tags |= name.miscased;
            let span = self.span(start, end);
            game.tags.push(SpannedTag { tag, span });
            self.pos = end;
        }
    }

    /// The movetext, up to its result and the blanks after it.
    #[inline(always)]
    fn movetext(&mut self, game: &mut RawGame<'a>) -> Option<()> {
        let bytes = self.text.as_bytes();
        loop {
            self.blanks();
            let start = self.pos;
            let &b = bytes.get(start)?;
            self.at_line_start = false;
            match b {
                b'a'..=b'z' | b'A'..=b'Z' => {
                    let end = self.word_end(start)?;
                    let word = self.text.get(start..end)?;
                    self.push_move(game, word, self.span(start, end))?;
                    self.pos = end;
                }
                b'0'..=b'9' | b'*' => {
                    if self.numbered(game, start)? {
                        break;
                    }
                }
                b'{' => self.comment(game, start)?,
                b'$' => self.nag(game, start)?,
                _ => return None,
            }
        }
        // After the result: blanks, then the next game's tags or the end.
        self.blanks();
        match bytes.get(self.pos) {
            None => Some(()),
            Some(b'[') if !is_delimiter(&bytes[self.pos..]) => Some(()),
            Some(_) => None,
        }
    }

    /// The end of the word at `start` (whose first byte is a letter, a digit or `*`);
    /// `None` for a word holding a `_` or a non-ASCII byte.
    #[inline(always)]
    fn word_end(&self, start: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut end = start + 1;
        while let Some(&c) = bytes.get(end) {
            let class = CLASS[usize::from(c)];
            if class & (ENDS_WORD | NOTED) != 0 {
                return (class & NOTED == 0).then_some(end);
            }
            end += 1;
        }
        Some(end)
    }

    /// A move as written (not a separate `e.p.`, which the careful reader takes).
    #[inline(always)]
    fn push_move(&mut self, game: &mut RawGame<'a>, word: &'a str, span: Span) -> Option<()> {
        let first = *word.as_bytes().first()?;
        if first == b'e' && matches!(word, "e.p." | "e.p" | "ep") {
            return None;
        }
        self.letters |= letter_class(first);
        game.tokens.push(Token {
            kind: TokenKind::Move,
            text: word,
            span,
            depth: 0,
        });
        Some(())
    }

    /// A word that starts with a digit or `*`: a move number (maybe with its move), the
    /// result (`Some(true)`), or a move (`0-0`). As the careful reader's `push_numbered`,
    /// except that what would make it look again (`1.` after movetext, a bare `1` or `0`,
    /// a result in another form) gives up.
    #[inline(always)]
    fn numbered(&mut self, game: &mut RawGame<'a>, start: usize) -> Option<bool> {
        let end = self.word_end(start)?;
        let word = self.text.get(start..end)?;
        let span = self.span(start, end);
        self.pos = end;
        let count = game.tokens.len();
        let Some((number, black, len)) = move_number(word.as_bytes()) else {
            if let Some(r) = result_token(word) {
                game.tokens.push(Token {
                    kind: TokenKind::Result(r),
                    text: "",
                    span,
                    depth: 0,
                });
                return Some(true);
            }
            if odd_result(word).is_some() {
                return None;
            }
            self.push_move(game, word, span)?;
            return Some(false);
        };
        // The careful reader looks again at a `1.` (the next game may start there) unless
        // it opens the movetext, and at a bare `1` or `0` (`1 - 0`).
        if number <= 1
            && !black
            && !(number == 1 && count == 0 && word.as_bytes().get(1) == Some(&b'.'))
        {
            return None;
        }
        game.tokens.push(Token {
            kind: TokenKind::MoveNumber { number, black },
            text: "",
            span: Span {
                end: start + len,
                ..span
            },
            depth: 0,
        });
        if let Some(rest) = word.get(len..)
            && !rest.is_empty()
        {
            let at = Span {
                start: start + len,
                column: span.column + len as u32,
                ..span
            };
            self.push_move(game, rest, at)?;
        }
        Some(false)
    }

    /// `{…}`: a comment with no `{` inside, not the jolly, closed.
    fn comment(&mut self, game: &mut RawGame<'a>, start: usize) -> Option<()> {
        let bytes = self.text.as_bytes();
        if start + 1 >= self.no_close_brace_after {
            return None;
        }
        let close = start + 1 + memchr::memchr(b'}', bytes.get(start + 1..)?)?;
        let body = self.text.get(start + 1..close)?;
        if !body.is_ascii()
            || memchr::memchr(b'{', body.as_bytes()).is_some()
            || body.trim().eq_ignore_ascii_case("jolly")
        {
            return None;
        }
        let span = self.span(start, close + 1);
        for i in memchr::memchr_iter(b'\n', body.as_bytes()) {
            self.line += 1;
            self.line_start = start + 1 + i + 1;
        }
        game.tokens.push(Token {
            kind: TokenKind::Comment,
            text: body,
            span,
            depth: 0,
        });
        self.pos = close + 1;
        Some(())
    }

    /// `$12`, with its number.
    fn nag(&mut self, game: &mut RawGame<'a>, start: usize) -> Option<()> {
        let bytes = self.text.as_bytes();
        let digits = bytes
            .get(start + 1..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return None;
        }
        let end = start + 1 + digits;
        let n = self.text.get(start + 1..end)?.parse().unwrap_or(u16::MAX);
        game.tokens.push(Token {
            kind: TokenKind::Nag(n),
            text: "",
            span: self.span(start, end),
            depth: 0,
        });
        self.pos = end;
        Some(())
    }

    /// What the careful reader notes at the end of a game; `None` for a `Result` tag that
    /// holds no PGN result (the careful reader has a finding for it).
    fn finish(&self, game: &mut RawGame<'a>) -> Option<()> {
        let at = game.known[RESULT_SLOT];
        if at != NONE && result_token(&game.tags.get(at as usize)?.tag.value).is_none() {
            return None;
        }
        game.end = self.pos;
        game.source = self.text;
        game.letters = self.letters;
        game.known_for = if game.tags.len() < NONE as usize {
            game.tags.len()
        } else {
            usize::MAX
        };
        Some(())
    }
}
