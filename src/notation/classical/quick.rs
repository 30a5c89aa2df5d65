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
use super::tokens::nag_at;
use super::{
    GameResult, NO_SLOT, NONE, RawGame, SpannedTag, Token, TokenKind, letter_class, tag_name,
};
use crate::notation::san::Notation;
use crate::notation::tags::RESULT_SLOT;
use crate::span::Span;

/// What the quick reader hands a game's movetext to, token by token, in order (the
/// careful reader's tokens, as [`Games`] would push them).
pub trait Moves<'a> {
    /// A move number (`12.`, `12...`) at `span`.
    fn number(&mut self, number: u32, black: bool, span: Span);
    /// A move as written at `span`; `false` stops the reading (the quick reader gives up).
    fn word(&mut self, word: &'a str, span: Span) -> bool;
    /// A comment (`text` without its braces) or a NAG (`text` empty).
    fn other(&mut self, kind: TokenKind, text: &'a str, span: Span);
}

/// [`Moves`] as tokens pushed on a vector (what the careful reader builds).
struct Tokens<'v, 'a>(&'v mut Vec<Token<'a>>);

impl<'a> Moves<'a> for Tokens<'_, 'a> {
    #[inline(always)]
    fn number(&mut self, number: u32, black: bool, span: Span) {
        self.other(TokenKind::MoveNumber { number, black }, "", span);
    }

    #[inline(always)]
    fn word(&mut self, word: &'a str, span: Span) -> bool {
        self.other(TokenKind::Move, word, span);
        true
    }

    #[inline(always)]
    fn other(&mut self, kind: TokenKind, text: &'a str, span: Span) {
        self.0.push(Token {
            kind,
            text,
            span,
            depth: 0,
        });
    }
}

/// The quick reader's place in the text, once a game's tags are read: its movetext is
/// read by [`QuickMoves::read`], and [`Games::go_past`] goes on after it.
#[derive(Debug, Clone)]
pub struct QuickMoves<'a> {
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
    /// The movetext was read to its end.
    done: bool,
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

    /// The next game's tags, read by the quick reader: the game as the careful reader
    /// would read it but for its tokens (none yet), numbered, and the reader, at its
    /// movetext. `None` (nothing changed) when it is not a game of the common shape, or
    /// when no game is left.
    pub fn quick_tags(&self) -> Option<(RawGame<'a>, QuickMoves<'a>)> {
        if !self.quick || !self.lines.ascii {
            return None;
        }
        let mut q = QuickMoves {
            text: self.text,
            pos: self.pos,
            line: self.lines.line,
            line_start: self.lines.start,
            at_line_start: self.pos == self.lines.start,
            blank_line: self.blank_line,
            no_close_brace_after: self.no_close_brace_after,
            letters: 0,
            done: false,
        };
        q.blanks()?;
        let mut game = fresh_game(&q.text.as_bytes()[q.pos..]);
        game.span = q.span(q.pos, q.pos);
        q.tags(&mut game)?;
        let at = game.known[RESULT_SLOT];
        if at != NONE && result_token(&game.tags.get(at as usize)?.tag.value).is_none() {
            // A `Result` tag that holds no PGN result: the careful reader has a finding.
            return None;
        }
        game.known_for = if game.tags.len() < NONE as usize {
            game.tags.len()
        } else {
            usize::MAX
        };
        game.source = self.text;
        game.number = self.number + 1;
        Some((game, q))
    }

    /// The next game read whole by the quick reader, with its tokens, and the reader at
    /// its end.
    pub(super) fn quick_game(&self) -> Option<(RawGame<'a>, QuickMoves<'a>)> {
        let (mut game, mut q) = self.quick_tags()?;
        // The tokens in a local vector while they are read (its length and room stay in
        // registers), back in the game at the end.
        let mut tokens = std::mem::take(&mut game.tokens);
        let read = q.read(&mut Tokens(&mut tokens));
        game.tokens = tokens;
        q.end_game(&mut game, read?);
        Some((game, q))
    }

    /// Goes past the game the quick reader read whole (`q` at its end), as the careful
    /// reader would have. `game`, when given, is checked against the careful reader's
    /// reading in debug builds (the state after it always is).
    pub fn go_past(&mut self, q: &QuickMoves<'a>, game: Option<&RawGame<'a>>) {
        assert!(q.done, "the quick reader has not read the game to its end");
        #[cfg(debug_assertions)]
        self.check_quick(q, game);
        let _ = game;
        self.pos = q.pos;
        self.lines.line = q.line;
        self.lines.start = q.line_start;
        self.blank_line = q.blank_line;
        self.hit_end = false;
        self.number += 1;
    }

    /// Debug builds: the careful reader reads the game the quick reader read the same
    /// way (tags and tokens, when the quick reader kept them), and ends in the same state.
    #[cfg(debug_assertions)]
    fn check_quick(&self, quick: &QuickMoves<'a>, game: Option<&RawGame<'a>>) {
        let mut careful = self.clone();
        let Some(other) = careful.next_careful() else {
            panic!(
                "the quick reader read a game at {} where there is none",
                self.pos
            );
        };
        if let Some(q) = game {
            let same = q.tags == other.tags
                && q.tokens == other.tokens
                && q.errors == other.errors
                && (q.number, q.span, q.end) == (other.number, other.span, other.end)
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
        }
        assert!(other.errors.is_empty() && other.letters == quick.letters);
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

impl<'a> QuickMoves<'a> {
    /// The notation the careful reader's game would be read in first, and whether its
    /// letters settle it ([`RawGame::notation_guess`]), once the movetext is read.
    pub fn notation_guess(&self, game: &RawGame<'a>) -> (Notation, bool) {
        game.guess(self.letters)
    }

    /// The notation the careful reader's game would be read in first if its moves begin
    /// with English letters (`K Q B N`) only: English, or Italian under Italian tags.
    pub fn notation_if_english(&self, game: &RawGame<'a>) -> Notation {
        game.guess(super::ENGLISH_LETTER).0
    }

    /// What the careful reader's game holds once its movetext is read (`terminator`, as
    /// [`QuickMoves::read`] returned it): its result token last, its end, its letters.
    /// Its other tokens are there only if a [`Moves`] sink pushed them.
    pub fn end_game(&self, game: &mut RawGame<'a>, terminator: (GameResult, Span)) {
        let (result, span) = terminator;
        game.tokens.push(Token {
            kind: TokenKind::Result(result),
            text: "",
            span,
            depth: 0,
        });
        game.end = self.pos;
        game.letters = self.letters;
    }

    /// The movetext, token by token to `moves`, up to its result and the blanks after
    /// it: the result and where it stands; `None` when the quick reader gives up.
    #[inline(always)]
    pub fn read<M: Moves<'a>>(&mut self, moves: &mut M) -> Option<(GameResult, Span)> {
        let result = self.movetext(moves)?;
        // After the result: blanks, then the next game's tags or the end.
        let bytes = self.text.as_bytes();
        match self.blanks() {
            None => {}
            Some(b'[') if !is_delimiter(&bytes[self.pos..]) => {}
            Some(_) => return None,
        }
        self.done = true;
        Some(result)
    }

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

    /// Blanks and line ends, noted as the careful reader notes them: the first byte after
    /// them, or `None` at the end of the text.
    #[inline(always)]
    fn blanks(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        loop {
            let &b = bytes.get(self.pos)?;
            let class = CLASS[usize::from(b)];
            if class & NEWLINE != 0 {
                if self.at_line_start {
                    self.blank_line = self.pos;
                }
                self.line += 1;
                self.line_start = self.pos + 1;
                self.at_line_start = true;
            } else if class & BLANK == 0 {
                return Some(b);
            }
            self.pos += 1;
        }
    }

    /// The tag pairs, up to the movetext's first byte.
    #[inline(always)]
    fn tags(&mut self, game: &mut RawGame<'a>) -> Option<()> {
        // Tags and nothing else: the careful reader's.
        while self.blanks()? == b'[' {
            let start = self.pos;
            let (end, tag, high) = tag_at(self.text, start)?;
            if high {
                return None;
            }
            self.at_line_start = false;
            let name = tag_name(tag.name);
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
        Some(())
    }

    /// The movetext, token by token to `moves`, up to its result: the result and where
    /// it stands.
    #[inline(always)]
    fn movetext<M: Moves<'a>>(&mut self, moves: &mut M) -> Option<(GameResult, Span)> {
        let text = self.text;
        // Tokens before the one read: a `1.` opens the movetext only as the first.
        let mut count = 0usize;
        loop {
            let b = self.blanks()?;
            let start = self.pos;
            self.at_line_start = false;
            match b {
                b'a'..=b'z' | b'A'..=b'Z' => {
                    let end = word_end(text.as_bytes(), start + 1)?;
                    self.pos = end;
                    let word = text.get(start..end)?;
                    self.push_move(moves, word, self.span(start, end))?;
                }
                b'0'..=b'9' | b'*' => {
                    if let Some(result) = self.numbered(moves, start, count)? {
                        return Some(result);
                    }
                }
                b'{' => {
                    let (close, newlines) = comment_at(text, start, self.no_close_brace_after)?;
                    let span = self.span(start, close + 1);
                    if let Some((lines, last)) = newlines {
                        self.line += lines;
                        self.line_start = last + 1;
                    }
                    moves.other(TokenKind::Comment, text.get(start + 1..close)?, span);
                    self.pos = close + 1;
                }
                b'$' => {
                    let (end, n) = nag_at(text.as_bytes(), start);
                    moves.other(TokenKind::Nag(n?), "", self.span(start, end));
                    self.pos = end;
                }
                _ => return None,
            }
            count += 1;
        }
    }

    /// A move as written (not a separate `e.p.`, which the careful reader takes).
    #[inline(always)]
    fn push_move<M: Moves<'a>>(&mut self, moves: &mut M, word: &'a str, span: Span) -> Option<()> {
        let first = *word.as_bytes().first()?;
        if first == b'e' && matches!(word, "e.p." | "e.p" | "ep") {
            return None;
        }
        self.letters |= letter_class(first);
        moves.word(word, span).then_some(())
    }

    /// A word that starts with a digit or `*`, after `count` tokens: a move number (maybe
    /// with its move), the result (`Some(Some(…))`), or a move (`0-0`). As the careful
    /// reader's `push_numbered`, except that what would make it look again (`1.` after
    /// movetext, a bare `1` or `0`, a result in another form) gives up.
    #[inline(always)]
    fn numbered<M: Moves<'a>>(
        &mut self,
        moves: &mut M,
        start: usize,
        count: usize,
    ) -> Option<Option<(GameResult, Span)>> {
        // The number and its dots read on the way to the word's end, as `move_number`
        // reads them in the word (digits and dots never end a word): the same loop, kept
        // here so that the word's bytes are walked once; debug builds compare the two.
        let bytes = self.text.as_bytes();
        // (Saturating at `u32::MAX` as `move_number` does, by a bound on a wider number:
        // `min(10 n + d, MAX)` is `saturating_mul` then `saturating_add`, in fewer steps.)
        let mut wide = 0u64;
        let mut at = start;
        while let Some(&d) = bytes.get(at)
            && d.is_ascii_digit()
        {
            wide = (wide * 10 + u64::from(d - b'0')).min(u64::from(u32::MAX));
            at += 1;
        }
        let number = wide as u32;
        let digits = at - start;
        while bytes.get(at) == Some(&b'.') {
            at += 1;
        }
        let len = at - start;
        let end = word_end(bytes, at.max(start + 1))?;
        self.pos = end;
        let span = self.span(start, end);
        let black = len - digits >= 2;
        if digits == 0 || (len == digits && digits < end - start) {
            let word = self.text.get(start..end)?;
            debug_assert_eq!(move_number(word.as_bytes()), None);
            if let Some(r) = result_token(word) {
                return Some(Some((r, span)));
            }
            if odd_result(word).is_some() {
                return None;
            }
            self.push_move(moves, word, span)?;
            return Some(None);
        }
        // (A number: its word's bytes are looked at, and only the move glued on is sliced
        // out of the text, one slice a word; issue 33.)
        debug_assert_eq!(move_number(&bytes[start..end]), Some((number, black, len)));
        // The careful reader looks again at a `1.` (the next game may start there) unless
        // it opens the movetext, and at a bare `1` or `0` (`1 - 0`).
        if number <= 1
            && !black
            && !(number == 1 && count == 0 && start + 1 < end && bytes[start + 1] == b'.')
        {
            return None;
        }
        moves.number(
            number,
            black,
            Span {
                end: start + len,
                ..span
            },
        );
        if start + len < end {
            let at = Span {
                start: start + len,
                column: span.column + len as u32,
                ..span
            };
            self.push_move(moves, self.text.get(start + len..end)?, at)?;
        }
        Some(None)
    }
}

/// The end of the word whose bytes from `from` on are still to be looked at (its first
/// byte is a letter, a digit or `*`); `None` for a word holding a `_` or a non-ASCII byte.
#[inline(always)]
fn word_end(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    match rest
        .iter()
        .position(|&c| CLASS[usize::from(c)] & (ENDS_WORD | NOTED) != 0)
    {
        None => Some(bytes.len()),
        Some(n) => (CLASS[usize::from(rest[n])] & NOTED == 0).then_some(from + n),
    }
}

/// The plain tag pair at `start` (not `[pgn]`): its end, the tag, whether it holds a
/// non-ASCII byte.
fn tag_at(text: &str, start: usize) -> Option<(usize, crate::notation::tags::Tag<'_>, bool)> {
    // (`[pgn]` and `[/pgn]` looked for only where they can begin: most tags are not.)
    let bytes = text.as_bytes();
    if matches!(bytes.get(start + 1), Some(b'p' | b'P' | b'/')) && is_delimiter(&bytes[start..]) {
        return None;
    }
    super::lexer::quick_tag(text, start)
}

/// The comment `{…}` at `start` with no `{` inside, not the jolly, closed: where its `}`
/// stands, and how many line ends it holds and where the last one is.
fn comment_at(
    text: &str,
    start: usize,
    no_close_brace_after: usize,
) -> Option<(usize, Option<(u32, usize)>)> {
    if start + 1 >= no_close_brace_after {
        return None;
    }
    let body_at = start + 1;
    let close = body_at + memchr::memchr(b'}', text.as_bytes().get(body_at..)?)?;
    let body = text.get(body_at..close)?;
    if !body.is_ascii()
        || memchr::memchr(b'{', body.as_bytes()).is_some()
        || body.trim().eq_ignore_ascii_case("jolly")
    {
        return None;
    }
    let newlines = memchr::memrchr(b'\n', body.as_bytes()).map(|last| {
        let count = memchr::memchr_iter(b'\n', body.as_bytes()).count();
        (count as u32, body_at + last)
    });
    Some((close, newlines))
}
