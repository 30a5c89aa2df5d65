//! The classical game file (`formats.md` section 3): tag pairs, then movetext, several games
//! per file. The grammar is in `grammar/classical.ebnf`.
//!
//! [`games`] walks the text once and yields one [`RawGame`] at a time, so a large archive is
//! never held as tokens all at once. Moves are kept as raw text here; reading a move needs
//! the game's notation (Italian or English), which [`RawGame::notation`] decides from the
//! whole game.
//!
//! The reader is cut by job: [`lexer`] walks the text (its loop, tags, comments, words),
//! [`tokens`] pushes what each plain token is, [`lines`] keeps line and column, [`result`]
//! holds the result words, [`odd_words`] the rare words (look-alikes, spaced dots, words
//! after the result), [`semicolon`] the two meanings of `;`, and [`cut`] answers the batch
//! cutter where a game ends.

mod cut;
mod end_words;
mod lexer;
mod lines;
mod odd_words;
mod press;
mod prose;
mod quick;
#[cfg(test)]
mod quick_tests;
mod reread;
mod result;
mod semicolon;
#[cfg(test)]
mod tests;
mod tokens;

pub use cut::first_game_end;
pub use lexer::{Games, games};
pub use prose::prose_word;
pub use quick::{Moves, QuickMoves};
pub use reread::{Rereading, rereadings};
pub use result::{GameResult, result_at};

use super::san::Notation;
pub use super::tags::TAG_NAMES;
use super::tags::{KNOWN_SLOTS, NO_SLOT, Tag, italian_name, known_slot, pgn_name, tag_name};
use crate::finding::Finding;
use crate::span::Span;

/// What a movetext token is. The words themselves are read through the game
/// ([`RawGame::word`]), and their places too ([`RawGame::span_of`]), so that a token can
/// stay small.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// `12.` or `12...`; `black` is true for the dots of a black move.
    MoveNumber {
        /// The number written.
        number: u32,
        /// Written with three dots.
        black: bool,
    },
    /// A move, as written (its text is [`RawGame::word`], read by
    /// [`super::san::parse_move`]).
    Move,
    /// A separate `e.p.` after an en-passant capture.
    EnPassant,
    /// `$12`.
    Nag(u16),
    /// `{...}` (its text without the braces is [`RawGame::word`]).
    Comment,
    /// `{jolly}`: the school tournament's take-back (seed 002).
    Jolly,
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// A result terminator.
    Result(GameResult),
}

/// A movetext token. Its fields are the lexer's: read it through [`Token::kind`],
/// [`Token::depth`] and the game it belongs to ([`RawGame::word`], [`RawGame::span_of`],
/// [`RawGame::range_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// What it is.
    kind: TokenKind,
    /// The move's text, the comment's text without its braces; empty otherwise.
    text: &'a str,
    /// Where it is.
    span: Span,
    /// Variation depth: 0 for the main line.
    depth: u32,
}

impl Token<'_> {
    /// What the token is.
    #[inline(always)]
    pub fn kind(&self) -> TokenKind {
        self.kind
    }

    /// Variation depth: 0 for the main line.
    #[inline(always)]
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

/// A tag pair with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpannedTag<'a> {
    /// The tag.
    pub tag: Tag<'a>,
    /// Where it is.
    pub span: Span,
}

/// One game as written: tags, tokens and the syntax errors met.
#[derive(Debug, Clone, Default)]
pub struct RawGame<'a> {
    /// 1-based index of the game in its file.
    pub number: usize,
    /// Tag pairs in order.
    pub tags: Vec<SpannedTag<'a>>,
    /// Movetext tokens (main line and variations).
    pub tokens: Vec<Token<'a>>,
    /// `parse-error` findings.
    pub errors: Vec<Finding>,
    /// Where the game starts.
    pub span: Span,
    /// Byte offset where the game ends: where the next game starts, or the end of the text.
    pub end: usize,
    /// The whole text the game was read from (its spans are offsets into it): the other
    /// readings of issue 26 read the game's part of it again.
    pub(crate) source: &'a str,
    /// Forms read as plain ones and already noted by an `info` finding (`FORM_*`).
    forms: u8,
    /// A `(` was met.
    variations: bool,
    /// `{` met inside comments (`nested-brace`) and not yet matched by a stray `}`.
    open_braces: u32,
    /// A word held a `_` or a character outside ASCII (so a move may hold an unreadable
    /// character, `formats.md` §8): without it, no move does.
    underscores: bool,
    /// Which piece letters begin the moves ([`ITALIAN_LETTER`], [`ENGLISH_LETTER`]), noted
    /// by the lexer for [`RawGame::notation`].
    letters: u8,
    /// Where the tags every game is asked for stand in `tags` ([`known_slot`]; `NONE`:
    /// absent), noted by the lexer; good while `tags` holds `known_for` tags.
    known: [u32; KNOWN_SLOTS],
    known_for: usize,
    /// A tag has an Italian name ([`pgn_name`]), noted by the lexer ([`tag_name`]); good
    /// while `tags` holds `known_for` tags.
    italian_tags: bool,
    /// A tag has a known name in another case ([`miscased`](super::tags::miscased)),
    /// noted as `italian_tags` is.
    miscased_tags: bool,
}

/// No such tag, in [`RawGame`]'s `known`.
const NONE: u32 = u32::MAX;

impl Drop for RawGame<'_> {
    /// Keeps the game's token and tag buffers for the thread's next game: they are the
    /// lexer's largest allocations, and an archive holds a great many games.
    fn drop(&mut self) {
        let tokens = recycle(std::mem::take(&mut self.tokens));
        let tags = recycle(std::mem::take(&mut self.tags));
        if tokens.capacity() > 0 {
            SPARE.set(Some((tokens, tags)));
        }
    }
}

/// The buffers [`RawGame`]'s `drop` keeps.
type Buffers = (Vec<Token<'static>>, Vec<SpannedTag<'static>>);

thread_local! {
    static SPARE: std::cell::Cell<Option<Buffers>> = const { std::cell::Cell::new(None) };
}

/// Empty token and tag vectors with room for a long game.
fn spare_buffers<'a>() -> (Vec<Token<'a>>, Vec<SpannedTag<'a>>) {
    match SPARE.take() {
        Some((tokens, tags)) => (recycle(tokens), recycle(tags)),
        None => (Vec::with_capacity(512), Vec::with_capacity(16)),
    }
}

/// An emptied vector of `T<'a>` as a vector of `T<'b>`, keeping its allocation: the two
/// have the same layout, so the standard library collects in place (a test checks that
/// the room is kept). Safe whatever the library does: at worst it allocates anew.
fn recycle<A, B>(mut v: Vec<A>) -> Vec<B> {
    v.clear();
    v.into_iter().filter_map(|_| None).collect()
}

/// A move begins with `D T A C`.
const ITALIAN_LETTER: u8 = 1;
/// A move begins with `K Q B N`.
const ENGLISH_LETTER: u8 = 2;

/// What the first byte of a move says of the notation.
fn letter_class(b: u8) -> u8 {
    match b {
        b'D' | b'T' | b'A' | b'C' => ITALIAN_LETTER,
        b'K' | b'Q' | b'B' | b'N' => ENGLISH_LETTER,
        _ => 0,
    }
}

impl<'a> RawGame<'a> {
    /// The other name of a tag: `White` for `Bianco` and back.
    fn alias(name: &str) -> Option<&'static str> {
        pgn_name(name).or_else(|| italian_name(name))
    }

    /// The tag pair with this PGN or Italian name (names are case-sensitive, as in PGN).
    fn find_tag(&self, name: &str) -> Option<&SpannedTag<'a>> {
        if let Some(slot) = known_slot(name)
            && self.tags.len() == self.known_for
        {
            return self.tags.get(self.known[slot] as usize);
        }
        let alias = Self::alias(name);
        self.tags
            .iter()
            .find(|t| t.tag.name == name || Some(t.tag.name) == alias)
    }

    /// The value of a tag, by its PGN or Italian name.
    ///
    /// ```
    /// use arbitro::notation::classical::games;
    /// let g = games("[Bianco \"Rossi\"]\n1.e4").next().unwrap();
    /// assert_eq!(g.tag("White"), Some("Rossi"));
    /// assert_eq!(g.tag("Bianco"), Some("Rossi"));
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find_tag(name).map(|t| &*t.tag.value)
    }

    /// Where the tag pair stands, by PGN or Italian name.
    pub fn tag_span(&self, name: &str) -> Option<Span> {
        self.find_tag(name).map(|t| t.span)
    }

    /// The game's notation, as `formats.md` section 3 says: Italian if the movetext uses
    /// `D T A C` or the tags are Italian; English if it uses `K Q B N`; otherwise Italian.
    /// (The replay tries the other alphabet when [`RawGame::notation_guess`] is not sure.)
    pub fn notation(&self) -> Notation {
        self.notation_guess().0
    }

    /// The notation to read the game in first, and whether the letters settle it: only
    /// `D T A C` (Italian), or only `K Q B N` and PGN tags (English). Otherwise (only `R`
    /// and pawn moves, letters of both, English letters under Italian tags) the replay
    /// tries the other alphabet when the first does not replay legally.
    pub fn notation_guess(&self) -> (Notation, bool) {
        self.guess(self.letters)
    }

    /// [`RawGame::notation_guess`] with these letters.
    fn guess(&self, letters: u8) -> (Notation, bool) {
        match letters {
            ITALIAN_LETTER => (Notation::Italian, true),
            ENGLISH_LETTER => {
                // English letters: Italian tags still make the game Italian first.
                let italian_tags = if self.tags.len() == self.known_for {
                    self.italian_tags
                } else {
                    self.tags.iter().any(|t| pgn_name(t.tag.name).is_some())
                };
                if italian_tags {
                    (Notation::Italian, false)
                } else {
                    (Notation::English, true)
                }
            }
            _ => (Notation::Italian, false),
        }
    }

    /// Some tag name may be a known one in another case (`fen`, PGN 8.1.1): false when the
    /// lexer saw none (and no tag was added since), so that nothing needs to look.
    pub fn may_hold_miscased_tags(&self) -> bool {
        self.miscased_tags || self.tags.len() != self.known_for
    }

    /// The game holds variations (`( … )`).
    pub fn has_variations(&self) -> bool {
        self.variations
    }

    /// Some move may hold an unreadable character `_` (`formats.md` §8); false means none
    /// does, and nothing needs to look (noted by the lexer as it reads the words).
    pub fn may_hold_underscores(&self) -> bool {
        self.underscores
    }

    /// The declared result: the `Result`/`Risultato` tag, else the movetext terminator.
    pub fn declared_result(&self) -> Option<GameResult> {
        self.declared_result_given(self.terminator())
    }

    /// [`RawGame::declared_result`] with the movetext's terminator given (as
    /// [`RawGame::terminator`] finds it, or as the quick reader read it).
    pub fn declared_result_given(
        &self,
        terminator: Option<(GameResult, Span)>,
    ) -> Option<GameResult> {
        self.tag("Result")
            .and_then(GameResult::parse)
            .or_else(|| terminator.map(|(r, _)| r))
    }

    /// Where the `Result`/`Risultato` tag stands when its value is no result in any form
    /// [`GameResult::parse`] reads (`+--`, `1-0F`): an `unreadable-result` warning says so,
    /// and a tournament lists the game as "result not readable", never as not played.
    ///
    /// ```
    /// use arbitro::notation::classical::games;
    /// let g = games("[Risultato \"+--\"]\n1.e4 e5").next().unwrap();
    /// assert_eq!(g.unreadable_result().map(|s| s.line), Some(1));
    /// assert_eq!(g.declared_result(), None);
    /// let g = games("[Risultato \"1 – 0\"]\n1.e4 e5").next().unwrap();
    /// assert_eq!((g.unreadable_result(), g.declared_result().map(|r| r.as_str())), (None, Some("1-0")));
    /// ```
    pub fn unreadable_result(&self) -> Option<Span> {
        let t = self.find_tag("Result")?;
        GameResult::parse(&t.tag.value).is_none().then_some(t.span)
    }

    /// The result terminator at the end of the movetext, if any.
    pub fn terminator(&self) -> Option<(GameResult, Span)> {
        // The common case first: the result is the last token.
        let last = self.tokens.last()?;
        if let TokenKind::Result(r) = last.kind()
            && last.depth() == 0
        {
            return Some((r, self.span_of(last)));
        }
        self.terminator_before_words()
    }

    /// [`RawGame::terminator`] when the result is not the last token. Out of line: rare.
    #[cold]
    #[inline(never)]
    fn terminator_before_words(&self) -> Option<(GameResult, Span)> {
        // Comments and NAGs after the result belong to the game; so do words and remarks
        // in parentheses after it (issue 26: `1-0 Il nero abbandona`, `0-1 (abbandona)`),
        // which the lexer never reads as moves after a result.
        let last = self.tokens.iter().rev().find(|t| {
            !(matches!(t.kind(), TokenKind::Comment | TokenKind::Nag(_))
                || t.depth() > 0
                || (t.kind() == TokenKind::Move && prose::after_result(self.word(t))))
        })?;
        match last.kind() {
            TokenKind::Result(r) if last.depth() == 0 => Some((r, self.span_of(last))),
            _ => None,
        }
    }

    /// The text of token `t` of this game: a move as written, a comment without its
    /// braces; empty for the other kinds.
    #[inline(always)]
    pub fn word(&self, t: &Token<'a>) -> &'a str {
        t.text
    }

    /// Where token `t` of this game stands: its bytes, line and column.
    #[inline(always)]
    pub fn span_of(&self, t: &Token<'a>) -> Span {
        t.span
    }

    /// The bytes of token `t` of this game (offsets in the text it was read from).
    #[inline(always)]
    pub fn range_of(&self, t: &Token<'a>) -> std::ops::Range<usize> {
        t.span.start..t.span.end
    }
}
