//! The classical game file (`formats.md` section 3): tag pairs, then movetext, several games
//! per file. The grammar is in `grammar/classical.ebnf`.
//!
//! [`games`] walks the text once and yields one [`RawGame`] at a time, so a large archive is
//! never held as tokens all at once. Moves are kept as raw text here; reading a move needs
//! the game's notation (Italian or English), which [`RawGame::notation`] decides from the
//! whole game.

use super::san::Notation;
use super::tags::{Tag, tag_pair};
use crate::finding::{Code, Finding};
use crate::span::{Locator, Span};
use std::ops::ControlFlow;

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

/// What a movetext token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind<'a> {
    /// `12.` or `12...`; `black` is true for the dots of a black move.
    MoveNumber {
        /// The number written.
        number: u32,
        /// Written with three dots.
        black: bool,
    },
    /// A move, as written (read by [`super::san::parse_move`]).
    Move(&'a str),
    /// A separate `e.p.` after an en-passant capture.
    EnPassant,
    /// `$12`.
    Nag(u16),
    /// `{...}`, without the braces.
    Comment(&'a str),
    /// `{jolly}`: the school tournament's take-back (seed 002).
    Jolly,
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// A result terminator.
    Result(GameResult),
}

/// A movetext token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// What it is.
    pub kind: TokenKind<'a>,
    /// Where it is.
    pub span: Span,
    /// Variation depth: 0 for the main line.
    pub depth: u32,
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
    /// Forms read as plain ones and already noted by an `info` finding (`FORM_*`).
    forms: u8,
    /// A `(` was met.
    variations: bool,
    /// A word held a `_` or a character outside ASCII (so a move may hold an unreadable
    /// character, `formats.md` §8): without it, no move does.
    underscores: bool,
    /// Which piece letters begin the moves ([`ITALIAN_LETTER`], [`ENGLISH_LETTER`]), noted
    /// by the lexer for [`RawGame::notation`].
    letters: u8,
    /// Where the tags every game is asked for stand in `tags` ([`known_slot`]; `NONE`:
    /// absent), noted by the lexer; good while `tags` holds `known_for` tags.
    known: [u32; 5],
    known_for: usize,
}

/// No such tag, in [`RawGame`]'s `known`.
const NONE: u32 = u32::MAX;

/// The tags every game is asked for (the start position, the result, the players), and the
/// event (a second one starts a new game), by PGN or Italian name: their place in
/// [`RawGame`]'s `known`.
fn known_slot(name: &str) -> Option<usize> {
    match name {
        "FEN" => Some(0),
        "Result" | "Risultato" => Some(1),
        "White" | "Bianco" => Some(2),
        "Black" | "Nero" => Some(3),
        "Event" | "Evento" => Some(4),
        _ => None,
    }
}

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

/// Italian tag names (`formats.md` section 3) and their PGN equivalents.
pub const TAG_NAMES: &[(&str, &str)] = &[
    ("Evento", "Event"),
    ("Luogo", "Site"),
    ("Data", "Date"),
    ("Turno", "Round"),
    ("Bianco", "White"),
    ("Nero", "Black"),
    ("Risultato", "Result"),
    ("Terminazione", "Termination"),
    ("Fase", "Phase"),
    ("Girone", "Group"),
];

/// The PGN name of an Italian tag name: [`TAG_NAMES`] read as a match, since tags are looked
/// up several times a game (a test holds the two together).
fn pgn_name(italian: &str) -> Option<&'static str> {
    Some(match italian {
        "Evento" => "Event",
        "Luogo" => "Site",
        "Data" => "Date",
        "Turno" => "Round",
        "Bianco" => "White",
        "Nero" => "Black",
        "Risultato" => "Result",
        "Terminazione" => "Termination",
        "Fase" => "Phase",
        "Girone" => "Group",
        _ => return None,
    })
}

/// The Italian name of a PGN tag name: [`TAG_NAMES`] the other way.
fn italian_name(pgn: &str) -> Option<&'static str> {
    Some(match pgn {
        "Event" => "Evento",
        "Site" => "Luogo",
        "Date" => "Data",
        "Round" => "Turno",
        "White" => "Bianco",
        "Black" => "Nero",
        "Result" => "Risultato",
        "Termination" => "Terminazione",
        "Phase" => "Fase",
        "Group" => "Girone",
        _ => return None,
    })
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
        match self.letters {
            ITALIAN_LETTER => (Notation::Italian, true),
            ENGLISH_LETTER => {
                // English letters: Italian tags still make the game Italian first.
                let italian_tags = self.tags.iter().any(|t| pgn_name(t.tag.name).is_some());
                if italian_tags {
                    (Notation::Italian, false)
                } else {
                    (Notation::English, true)
                }
            }
            _ => (Notation::Italian, false),
        }
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
        self.tag("Result")
            .and_then(GameResult::parse)
            .or_else(|| self.terminator().map(|(r, _)| r))
    }

    /// The result terminator at the end of the movetext, if any.
    pub fn terminator(&self) -> Option<(GameResult, Span)> {
        // Comments and NAGs after the result belong to the game.
        let last = self
            .tokens
            .iter()
            .rev()
            .find(|t| !matches!(t.kind, TokenKind::Comment(_) | TokenKind::Nag(_)));
        match last {
            Some(Token {
                kind: TokenKind::Result(r),
                span,
                depth: 0,
            }) => Some((*r, *span)),
            _ => None,
        }
    }
}

/// Byte classes for the lexer's loops: a blank (space, tab, CR, form feed, and the `;` `,`
/// separators), a line end, a byte that ends a word, a non-ASCII byte.
const BLANK: u8 = 1;
const NEWLINE: u8 = 2;
const ENDS_WORD: u8 = 4;
const NON_ASCII: u8 = 8;
/// A byte of a plain tag name: ASCII letters and digits, `_`, `-`.
const NAME: u8 = 16;
/// A byte that starts a rare word: spaced dots (`1. ... Ca5`), web markup (`<br />`).
const RARE: u8 = 32;
/// `_`: an unreadable character (`formats.md` §8).
const UNDERSCORE: u8 = 64;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = match b {
            b' ' | b'\t' | b'\r' | b'\x0C' | b',' => BLANK | ENDS_WORD,
            b'\n' => NEWLINE | ENDS_WORD,
            b'{' | b'}' | b'(' | b')' | b'[' | b']' | b'$' | b'"' | b';' => ENDS_WORD,
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
fn move_number(word: &[u8]) -> Option<(u32, bool, usize)> {
    // One pass over the digits; a number too large for u32 reads as u32::MAX.
    let mut number = Some(0u32);
    let mut digits = 0;
    while let Some(&d) = word.get(digits)
        && d.is_ascii_digit()
    {
        number = number.and_then(|n| n.checked_mul(10)?.checked_add(u32::from(d - b'0')));
        digits += 1;
    }
    let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
    if digits == 0 || (dots == 0 && digits < word.len()) {
        return None;
    }
    Some((number.unwrap_or(u32::MAX), dots >= 2, digits + dots))
}

/// A `parse-error` finding of the lexer. Out of line: errors are rare, and the lexer's
/// loop stays small.
#[cold]
#[inline(never)]
fn syntax_error(
    span: Span,
    [message, message_it]: [&'static str; 2],
    [label, label_it]: [&'static str; 2],
    hint: Option<[&'static str; 2]>,
) -> Finding {
    let f = Finding::new2(Code::ParseError, message, message_it)
        .at(span)
        .label2(label, label_it);
    match hint {
        Some([h, h_it]) => f.hint2(h, h_it),
        None => f,
    }
}

/// A whole word that is a result terminator.
fn result_token(word: &str) -> Option<GameResult> {
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
fn colon_result(game: &mut RawGame<'_>, word: &str, span: Span) -> Option<GameResult> {
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

/// Walks a text and yields its games one by one.
///
/// ```
/// use arbitro::notation::classical::{games, TokenKind};
/// let text = "[Bianco \"A\"]\n1.e4 e5; 2.Ac4 d6 1-0\n\n[Bianco \"B\"]\n1.d4 *";
/// let all: Vec<_> = games(text).collect();
/// assert_eq!(all.len(), 2);
/// assert_eq!(all[0].tag("White"), Some("A"));
/// assert!(matches!(all[0].tokens[1].kind, TokenKind::Move("e4")));
/// assert_eq!(all[0].tokens[1].span.column, 3);
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
    }
}

/// Line and column of the bytes the lexer has walked past.
///
/// The lexer sees every line end outside comments and tags itself and reports the rest, so
/// on a line of ASCII a column is a subtraction; on a line holding a non-ASCII character
/// the [`Locator`] counts characters, walking forward only, so even one enormous line costs
/// linear time in all.
#[derive(Debug, Clone)]
struct Lines<'a> {
    /// 1-based number of the current line.
    line: u32,
    /// Offset of the current line's first byte.
    start: usize,
    /// No byte at or above 0x80 walked past on the current line.
    ascii: bool,
    /// For the lines that are not plain ASCII.
    slow: Locator<'a>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines {
            line: 1,
            start: 0,
            ascii: true,
            slow: Locator::new(text),
        }
    }

    /// A line end at byte `at`.
    fn newline(&mut self, at: usize) {
        self.line += 1;
        self.start = at + 1;
        self.ascii = true;
    }

    /// The lexer walked past `bytes`, which start at offset `from` (line ends included).
    fn walked(&mut self, from: usize, bytes: &[u8]) {
        let mut rest = bytes;
        let mut at = from;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            self.newline(at + i);
            at += i + 1;
            rest = &rest[i + 1..];
        }
        if !rest.is_ascii() {
            self.ascii = false;
        }
    }

    /// The span of bytes `start..end`.
    #[inline]
    fn span(&mut self, start: usize, end: usize) -> Span {
        let (line, column) = if self.ascii {
            (self.line, (start - self.start + 1) as u32)
        } else {
            self.slow.locate(start)
        };
        Span {
            start,
            end,
            line,
            column,
        }
    }
}

/// The iterator of [`games`].
#[derive(Debug, Clone)]
pub struct Games<'a> {
    text: &'a str,
    pos: usize,
    lines: Lines<'a>,
    number: usize,
    /// Known: no `}` at or after this offset (keeps unclosed comments linear).
    no_close_brace_after: usize,
    /// Where the last empty line ended (a `1.` after it may start the next game).
    blank_line: usize,
    /// Reading the current game looked as far as the end of the text (a comment never
    /// closed, a last line): a longer text could have been read otherwise.
    hit_end: bool,
}

impl<'a> Games<'a> {
    fn line_end(&mut self, from: usize) -> usize {
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
    fn skip_line(&mut self, lines: &mut Lines<'a>, from: usize) -> usize {
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
            Some(i) if memchr::memchr(b'{', &bytes[from..from + i]).is_some() => {
                Some(self.nested_close(from, from + i).unwrap_or(from + i))
            }
            Some(i) => Some(from + i),
            None => {
                self.no_close_brace_after = from;
                self.hit_end = true;
                None
            }
        }
    }
}

impl Games<'_> {
    /// A comment holding `{` (its first `}` at `first`): the `}` that balances it, if any
    /// near (comments do not nest in PGN, but some files nest them and pgn-extract reads
    /// them so); `None` keeps the first `}`. The search goes a few times the comment's
    /// length further, so that it stays linear on any text. Out of line: rare.
    #[cold]
    #[inline(never)]
    fn nested_close(&mut self, from: usize, first: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let limit = from + 4 * (first - from) + 256;
        if limit >= bytes.len() {
            self.hit_end = true;
        }
        let mut depth = 1u32;
        for (i, &b) in bytes[from..limit.min(bytes.len())].iter().enumerate() {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(from + i);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// `text.get(start..end)`, written as two splits (`None` in the same cases): the lexer's
/// loop, once split into helpers, no longer inlined `get` for [`quick_tag`], and inlines
/// this (measured: 0.5% of `batch`'s instructions).
#[inline(always)]
fn str_get(text: &str, start: usize, end: usize) -> Option<&str> {
    Some(text.split_at_checked(end)?.0.split_at_checked(start)?.1)
}

/// A tag pair in its plain form, `[Name "value"]` with no escape, at byte `start` of
/// `text`, read without nom: its end, the tag, and whether it holds a non-ASCII byte.
/// `None` hands it to [`tag_pair`], which stays the definition (a test checks both agree).
fn quick_tag(text: &str, start: usize) -> Option<(usize, Tag<'_>, bool)> {
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
        loop {
            let mut game = self.next_raw()?;
            // Only comments (a `%` line, a `{…}`): no game; read on.
            let comments_only = game
                .tokens
                .iter()
                .all(|t| matches!(t.kind, TokenKind::Comment(_)));
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
struct Reading<'g, 'a> {
    /// The text (a copy of [`Games`]' own).
    text: &'a str,
    /// The game so far.
    game: &'g mut RawGame<'a>,
    /// The line tracker, back in [`Games`] at the end.
    lines: &'g mut Lines<'a>,
    /// Whether the game holds movetext yet.
    movetext: &'g mut Movetext,
    /// A result stands at depth 0: from here on a move or a move number starts the next
    /// game, and a further result is stray.
    ended: &'g mut bool,
    /// Which piece letters begin the moves (`RawGame::letters`).
    letters: &'g mut u8,
    /// Variation depth: 0 for the main line.
    depth: u32,
    /// The classes of every byte of every word, for `underscores`.
    seen_all: u8,
}

/// What the lexer's loop does after a token: `Continue` at this offset, or `Break`: the
/// game ends at this offset, where the next one starts.
type Step = ControlFlow<usize, usize>;

impl<'a> Games<'a> {
    /// The next stretch of the text a game would hold, which may hold only comments.
    fn next_raw(&mut self) -> Option<RawGame<'a>> {
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
    fn token(
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
    fn tag(&mut self, r: &mut Reading<'_, 'a>, start: usize) -> Step {
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
        if let Some(slot) = known_slot(tag.name) {
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
    fn comment(&mut self, r: &mut Reading<'_, 'a>, start: usize) -> usize {
        let Some(close) = self.find_close_brace(start + 1) else {
            return self.unclosed_comment(r.game, r.lines, start);
        };
        let text = r.text;
        let body = &text[start + 1..close];
        let span = r.lines.span(start, close + 1);
        r.lines.walked(start, &text.as_bytes()[start..=close]);
        let kind = if body.trim().eq_ignore_ascii_case("jolly") {
            TokenKind::Jolly
        } else {
            TokenKind::Comment(body)
        };
        r.game.tokens.push(Token {
            kind,
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
        game.errors.push(syntax_error(
            span,
            [
                "this comment is never closed",
                "questo commento non viene mai chiuso",
            ],
            [
                "`{` without a matching `}`",
                "`{` senza la `}` che lo chiude",
            ],
            Some(["close the comment with `}`", "chiudi il commento con `}`"]),
        ));
        self.skip_line(lines, start)
    }

    /// A word starting with byte `b` of class `class`: a move (the common case, read here), a move number or a result
    /// ([`Games::numbered`]), or a rare word ([`odd_word`]), which may start the next game.
    #[inline(always)]
    fn word(&mut self, r: &mut Reading<'_, 'a>, start: usize, b: u8, class: u8) -> Step {
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
    /// it: the move number `1.` that starts the next game after an empty line
    /// ([`restarts`]) is taken back, and the game ends before it.
    #[inline(always)]
    fn numbered(
        &mut self,
        r: &mut Reading<'_, 'a>,
        word: &'a str,
        span: Span,
        next: usize,
    ) -> Step {
        let before = *r.letters;
        if let Some(n) = push_numbered(r.game, word, span, r.depth, r.ended, r.letters)
            && r.depth == 0
            && self.blank_line > r.game.span.start
            && restarts(&r.game.tokens[..n], self.blank_line, r.movetext)
        {
            r.game.tokens.truncate(n);
            *r.letters = before;
            return Step::Break(span.start);
        }
        Step::Continue(next)
    }
}

impl<'a> Reading<'_, 'a> {
    /// The end of [`Games::next_raw`], the game read up to `pos`: a variation never
    /// closed is noted, and the game gets what the lexer noted on the way.
    #[inline(always)]
    fn finish(self, pos: usize) {
        let game = self.game;
        if self.depth > 0 {
            let at = pos;
            let span = self.lines.span(at, at);
            game.errors.push(syntax_error(
                span,
                [
                    "a variation is never closed",
                    "una variante non viene mai chiusa",
                ],
                [
                    "`(` without a matching `)`",
                    "`(` senza la `)` che la chiude",
                ],
                Some(["close the variation with `)`", "chiudi la variante con `)`"]),
            ));
        }
        game.end = pos;
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
    fn plain_move(&mut self, b: u8, word: &'a str, span: Span) {
        let kind = if b == b'e' && matches!(word, "e.p." | "e.p" | "ep") {
            TokenKind::EnPassant
        } else {
            *self.letters |= letter_class(b);
            TokenKind::Move(word)
        };
        self.game.tokens.push(Token {
            kind,
            span,
            depth: self.depth,
        });
    }

    /// `(`: a variation starts, one level deeper. Returns where to go on.
    #[inline(always)]
    fn variation_start(&mut self, start: usize) -> usize {
        let span = self.lines.span(start, start + 1);
        self.depth = self.depth.saturating_add(1);
        self.game.variations = true;
        self.game.tokens.push(Token {
            kind: TokenKind::VariationStart,
            span,
            depth: self.depth,
        });
        start + 1
    }

    /// `)`: a variation ends; at depth 0, right after a move number, the number's own
    /// parenthesis (`1) e4`, noted once), otherwise a `parse-error`. Returns where to go on.
    #[inline(always)]
    fn variation_end(&mut self, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        let span = self.lines.span(start, start + 1);
        let after_number = start > 0
            && bytes[start - 1].is_ascii_digit()
            && self.game.tokens.last().is_some_and(|t| {
                t.span.end == start && matches!(t.kind, TokenKind::MoveNumber { .. })
            });
        if self.depth == 0 && after_number {
            // `1) e4`: a move number written with a parenthesis.
            note_form(
                self.game,
                FORM_PAREN_NUMBER,
                span,
                [
                    "a move number written `1)` is read as `1.`",
                    "un numero di mossa scritto `1)` è letto come `1.`",
                ],
            );
        } else if self.depth == 0 {
            self.game.errors.push(syntax_error(
                span,
                ["`)` closes no variation", "`)` non chiude nessuna variante"],
                ["unmatched `)`", "`)` senza `(`"],
                None,
            ));
        } else {
            self.game.tokens.push(Token {
                kind: TokenKind::VariationEnd,
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
    fn nag(&mut self, start: usize) -> usize {
        let text = self.text;
        let digits = text.as_bytes()[start + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = start + 1 + digits;
        let span = self.lines.span(start, end);
        if digits == 0 {
            self.game.errors.push(syntax_error(
                span,
                [
                    "`$` must be followed by a number",
                    "`$` deve essere seguito da un numero",
                ],
                ["not a NAG", "non è un NAG"],
                None,
            ));
        } else {
            let n = text[start + 1..end].parse().unwrap_or(u16::MAX);
            self.game.tokens.push(Token {
                kind: TokenKind::Nag(n),
                span,
                depth: self.depth,
            });
        }
        end
    }
}

/// An empty game for [`Games::next_raw`], with room for a long game's tokens, so that few
/// games grow the vector: the buffers of the thread's last game, or new ones; nothing when
/// only blanks are left in `rest` (the call that ends a one-game text).
#[inline(always)]
fn fresh_game<'a>(rest: &[u8]) -> RawGame<'a> {
    let mut game = RawGame::default();
    if !rest.iter().all(u8::is_ascii_whitespace) {
        (game.tokens, game.tags) = spare_buffers();
    }
    game.known = [NONE; 5];
    game
}

/// The end of the word at `start`, whose first byte is of class `class`, and the classes
/// of its bytes. Word ends are ASCII, so a word never splits a UTF-8 character; a stray
/// `}`, `]` or `"` is a word of its own.
#[inline(always)]
fn word_end(bytes: &[u8], start: usize, class: u8) -> (usize, u8) {
    let mut end = start + 1;
    let mut seen = class;
    if class & ENDS_WORD == 0 {
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
struct Movetext {
    /// Tokens looked at.
    checked: usize,
    /// One of them was movetext.
    seen: bool,
}

impl Movetext {
    fn seen(&mut self, tokens: &[Token<'_>]) -> bool {
        while !self.seen && self.checked < tokens.len() {
            self.seen = !matches!(
                tokens[self.checked].kind,
                TokenKind::Comment(_) | TokenKind::Nag(_)
            );
            self.checked += 1;
        }
        self.seen
    }
}

/// A word of movetext with its place, for the lexer's rare paths.
#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    span: Span,
    depth: u32,
}

/// What the lexer does after a rare word.
enum Flow {
    /// Go on with the game.
    Next,
    /// The word (or the piece of it from this offset) starts the next game: stop there.
    /// Always past the game's start: a result came first.
    NewGame(usize),
}

/// The move number `1.` just read starts the next game (PGN written without tags or
/// results, games apart by an empty line): an empty line (at `blank`) stands between it and
/// the game's last move before it.
#[cold]
#[inline(never)]
fn restarts(before: &[Token<'_>], blank: usize, movetext: &mut Movetext) -> bool {
    before.last().is_some_and(|prev| prev.span.end <= blank) && movetext.seen(before)
}

/// A word that starts with a digit or `*`: a move number (maybe with its move glued on,
/// `12.Cf3`), a result, or a move. Inline: half the words of a game go this way (a result,
/// once a game, goes out of line). When the word is the move number `1.` (maybe with its
/// move), which may start the next game, the number of tokens before it: the caller
/// decides, and takes the tokens back.
#[inline(always)]
fn push_numbered<'a>(
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
        && let Some(r) = result_token(word).or_else(|| colon_result(game, word, span))
    {
        game.tokens.push(Token {
            kind: TokenKind::Result(r),
            span,
            depth,
        });
        if depth == 0 {
            *ended = true;
        }
        return None;
    }
    let mut span = span;
    let mut word = word;
    if let Some((number, black, len)) = number {
        game.tokens.push(Token {
            kind: TokenKind::MoveNumber { number, black },
            span: Span {
                end: start + len,
                ..span
            },
            depth,
        });
        let restart = (number == 1 && !black).then_some(count);
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
    let kind = if matches!(word, "e.p." | "e.p" | "ep") {
        TokenKind::EnPassant
    } else {
        *letters |= letter_class(word.as_bytes()[0]);
        TokenKind::Move(word)
    };
    game.tokens.push(Token { kind, span, depth });
}

/// An `info` finding of the lexer on a form it read as a plain one, once per game and form.
#[cold]
#[inline(never)]
fn note_form(game: &mut RawGame<'_>, form: u8, span: Span, [en, it]: [&'static str; 2]) {
    if game.forms & form != 0 {
        return;
    }
    game.forms |= form;
    let code = if form == FORM_LOOKALIKE {
        Code::NormalizedCharacter
    } else {
        Code::NonStandardNotation
    };
    game.errors
        .push(Finding::new2(code, en, it).at(span).rule("FIDE C"));
}

/// Forms the lexer notes once per game ([`RawGame`]'s `forms`).
const FORM_LOOKALIKE: u8 = 1;
const FORM_SPACED_DOTS: u8 = 2;
const FORM_COLON_RESULT: u8 = 4;
const FORM_PAREN_NUMBER: u8 = 8;

/// The rare words: one holding a non-ASCII character, one after the result, spaced dots.
#[cold]
#[inline(never)]
fn odd_word<'a>(
    game: &mut RawGame<'a>,
    word: Word<'a>,
    ended: &mut bool,
    letters: &mut u8,
) -> Flow {
    if !word.text.is_ascii() {
        return lookalike_word(game, word, ended, letters);
    }
    let Word { text, span, .. } = word;
    if text.starts_with("<br") || text == "/>" {
        // A file saved from a web page, `<br />` for its line ends (chess.js reads it).
        return Flow::Next;
    }
    if text.bytes().all(|b| b == b'.') {
        // `1. ... Ca5`: the dots of a black move, written apart.
        if let Some(Token {
            kind: TokenKind::MoveNumber { black, .. },
            ..
        }) = game.tokens.last_mut()
        {
            *black = true;
        }
        note_form(
            game,
            FORM_SPACED_DOTS,
            span,
            [
                "`...` written apart from the move number: read as `12...`",
                "`...` staccato dal numero di mossa: letto come `12...`",
            ],
        );
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
        note_form(
            game,
            FORM_LOOKALIKE,
            span,
            [
                "characters that look like plain ones (a no-break space, a dash, a glyph) were read as their plain forms",
                "caratteri simili a quelli semplici (uno spazio indivisibile, un trattino, un glifo) sono stati letti come quelli semplici",
            ],
        );
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
    let kind = dashed_word(&dashes)?;
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
    game.tokens.push(Token { kind, span, depth });
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
        if result_token(text).is_some() && move_number(text.as_bytes()).is_none() {
            game.errors.push(
                Finding::new(
                    Code::StrayResult,
                    format!("`{text}` follows the game's result"),
                )
                .it(format!("`{text}` segue il risultato della partita"))
                .at(span)
                .label2("a second result", "un secondo risultato")
                .rule("PGN 8.2.6"),
            );
            return Flow::Next;
        }
        return Flow::NewGame(span.start);
    }
    match text.as_bytes()[0] {
        b'0'..=b'9' | b'*' => {
            push_numbered(game, text, span, depth, ended, letters);
        }
        0xC2 if result_token(text).is_some() => {
            push_numbered(game, text, span, depth, ended, letters);
        }
        b'.' if text.bytes().all(|b| b == b'.') => {
            return odd_word(game, word, ended, letters);
        }
        b => {
            *letters |= letter_class(b);
            game.tokens.push(Token {
                kind: TokenKind::Move(text),
                span,
                depth,
            });
        }
    }
    Flow::Next
}

/// A word written with look-alike dashes, read with plain ones: a result, or castling
/// (the move text is then a plain one of the program's own).
fn dashed_word(plain: &str) -> Option<TokenKind<'static>> {
    if let Some(r) = result_token(plain) {
        return Some(TokenKind::Result(r));
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
        .map(|&c| TokenKind::Move(c))
}

/// `[pgn]` and `[/pgn]`: the forum markup around a game pasted from the web, passed over.
fn is_delimiter(at: &[u8]) -> bool {
    at.len() >= 5
        && (at[..5].eq_ignore_ascii_case(b"[pgn]")
            || at.len() >= 6 && at[..6].eq_ignore_ascii_case(b"[/pgn]"))
}

fn delimiter_len(at: &[u8]) -> usize {
    if at[1] == b'/' { 6 } else { 5 }
}

impl<'a> Games<'a> {
    /// A tag pair that cannot be read (`[Event "Broken tag]`): a `bad-tag` warning, and the
    /// rest of its line is passed over; the game is still read and replayed. Out of line:
    /// rare.
    #[cold]
    #[inline(never)]
    fn bad_tag(&mut self, game: &mut RawGame<'a>, lines: &mut Lines<'a>, start: usize) -> usize {
        let span = lines.span(start, self.line_end(start));
        game.errors.push(
            Finding::new(
                Code::BadTag,
                "this tag pair cannot be read: its line is passed over",
            )
            .it("questa coppia di tag non si legge: la sua riga viene saltata")
            .at(span)
            .label2("expected [Name \"value\"]", "atteso [Nome \"valore\"]")
            .rule("PGN 8.1"),
        );
        self.skip_line(lines, start)
    }

    /// `;` in movetext (`formats.md` section 3): a separator when the rest of the line
    /// reads entirely as movetext (`1.e4 e5; 2.Ac4 d6;`), otherwise PGN's comment to the
    /// end of the line (`1. e4 ; the usual reply`). Returns where to go on.
    #[inline(never)]
    fn semicolon(
        &mut self,
        game: &mut RawGame<'a>,
        lines: &mut Lines<'a>,
        start: usize,
        depth: u32,
    ) -> usize {
        let end = self.line_end(start);
        let text = self.text;
        if reads_as_movetext(&text[start + 1..end]) {
            return start + 1;
        }
        let body = &text[start + 1..end];
        let span = lines.span(start, end);
        lines.walked(start, &text.as_bytes()[start..end]);
        game.tokens.push(Token {
            kind: TokenKind::Comment(body),
            span,
            depth,
        });
        end
    }
}

/// The rest of a line after `;` is movetext: every word a move (in either alphabet), a move
/// number, a result, a NAG, `e.p.`, a variation mark; `{...}` comments are passed over.
fn reads_as_movetext(rest: &str) -> bool {
    let mut rest = rest;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ';' || c == ',');
        if rest.is_empty() {
            return true;
        }
        if let Some(after) = rest.strip_prefix('{') {
            match after.find('}') {
                Some(i) => {
                    rest = &after[i + 1..];
                    continue;
                }
                None => return true,
            }
        }
        let len = rest
            .find(|c: char| c.is_whitespace() || matches!(c, ';' | ',' | '{' | '(' | ')'))
            .unwrap_or(rest.len());
        let (word, after) = rest.split_at(len.max(1));
        rest = after;
        if !movetext_word(word) {
            return false;
        }
    }
}

/// One word of [`reads_as_movetext`].
fn movetext_word(word: &str) -> bool {
    use super::san::parse_move;
    if matches!(word, "(" | ")" | "e.p." | "e.p" | "ep" | "--")
        || result_token(word).is_some()
        || word.bytes().all(|b| b == b'.')
    {
        return true;
    }
    if let Some(n) = word.strip_prefix('$') {
        return !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
    }
    let word = match move_number(word.as_bytes()) {
        Some((_, _, len)) => &word[len..],
        None => word,
    };
    // A word naming a square is meant as a move, even a misspelt one (`2.Zf3`): the
    // replay reports it, rather than a comment swallowing it.
    // A move with an unreadable character (`C_3`, a lone `_`; formats.md §8) is a move too.
    let smudged = word.contains('_')
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-x:=+#".contains(&b));
    word.is_empty()
        || smudged
        || parse_move(word, Notation::Italian).is_ok()
        || parse_move(word, Notation::English).is_ok()
        || word
            .as_bytes()
            .windows(2)
            .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
}

/// Where the first game of `text` ends (the offset where the next game starts), when the
/// text is enough to know it: `whole` says `text` is all there is; otherwise the answer
/// is given only when the game ended before the end of `text` without the lexer having to
/// look at the end (an unclosed comment, the last line). `batch` cuts files with it, so that
/// it cuts them exactly as [`games`] does.
///
/// ```
/// use arbitro::notation::classical::first_game_end;
/// let text = "1.e4 e5 1-0\n[Event \"b\"]\n1.d4 *\n";
/// assert_eq!(first_game_end(text, false), Some(12));
/// assert_eq!(first_game_end("1.e4 e5 1-0\n{more", false), None);
/// ```
pub fn first_game_end(text: &str, whole: bool) -> Option<usize> {
    let mut g = games(text);
    match g.next() {
        Some(game) if whole || (game.end < text.len() && !g.hit_end) => Some(game.end),
        Some(_) => None,
        None => whole.then_some(text.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

        /// Wherever the quick tag reader answers, it answers as the nom grammar does.
        #[test]
        fn quick_tag_agrees_with_the_grammar(s in r#"\[ ?[A-Za-z_-]{0,6} {0,2}"[a-zé \\"\n]{0,6}"? ?\]?.{0,3}"#) {
            if let Some((len, tag, high)) = quick_tag(&s, 0) {
                let (rest, t) = tag_pair(&s).expect("the grammar reads it too");
                prop_assert_eq!(t, tag);
                prop_assert_eq!(s.len() - rest.len(), len);
                prop_assert_eq!(high, !s[..len].is_ascii());
            }
        }

        /// `str_get` is `str::get` on a range.
        #[test]
        fn str_get_is_get(s in "[aé½ -]{0,6}", start in 0usize..12, end in 0usize..12) {
            prop_assert_eq!(str_get(&s, start, end), s.get(start..end));
        }
    }

    #[test]
    fn a_game_hands_its_buffers_to_the_next() {
        let text = String::from("[White \"a\"]\n1.e4 e5 1-0\n");
        let first = games(&text).next().unwrap();
        let (tokens, tags) = (first.tokens.as_ptr(), first.tags.as_ptr());
        drop(first);
        let other = String::from("1.d4 d5 *");
        let second = games(&other).next().unwrap();
        assert_eq!(second.tokens.as_ptr(), tokens, "the token buffer is reused");
        assert_eq!(second.tags.as_ptr(), tags, "the tag buffer is reused");
        assert_eq!(second.tokens.len(), 4);
        let v: Vec<Token<'static>> = recycle(Vec::<Token<'_>>::with_capacity(100));
        assert!(v.capacity() >= 100, "recycling keeps the room");
    }

    #[test]
    fn known_tags_are_found_as_the_others_are() {
        let text = "[Risultato \"1-0\"]\n[White \"a\"]\n[Bianco \"b\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1.e4";
        let mut g = games(text).next().unwrap();
        assert_eq!(g.tag("Result"), Some("1-0"));
        assert_eq!(g.tag("Bianco"), Some("a"), "the first of either name");
        assert_eq!(g.tag("Black"), None);
        assert_eq!(g.tag_span("FEN").map(|s| s.line), Some(4));
        // Tags added by hand are looked for one by one.
        let extra = g.tags[1].clone();
        g.tags.insert(
            0,
            SpannedTag {
                tag: Tag {
                    name: "Nero",
                    ..extra.tag
                },
                span: extra.span,
            },
        );
        assert_eq!(g.tag("Black"), Some("a"));
        assert_eq!(g.tag("White"), Some("a"));
    }

    #[test]
    fn tag_name_matches_follow_the_table() {
        for &(it, en) in TAG_NAMES {
            assert_eq!(pgn_name(it), Some(en));
            assert_eq!(italian_name(en), Some(it));
            assert_eq!((pgn_name(en), italian_name(it)), (None, None));
        }
        assert_eq!(RawGame::alias("ECO"), None);
        assert_eq!(pgn_name("bianco"), None, "names are case-sensitive");
    }

    #[test]
    fn move_numbers_and_results_are_told_apart() {
        assert_eq!(move_number(b"12."), Some((12, false, 3)));
        assert_eq!(move_number(b"12...Cf6"), Some((12, true, 5)));
        assert_eq!(move_number(b"7"), Some((7, false, 1)));
        assert_eq!(move_number(b"99999999999."), Some((u32::MAX, false, 12)));
        for word in ["12e4", "e4", ".", ""] {
            assert_eq!(move_number(word.as_bytes()), None, "{word}");
        }
        // No result terminator reads as a move number, so either may be tried first.
        for word in ["1-0", "0-1", "1/2-1/2", "\u{bd}-\u{bd}", "*"] {
            assert_eq!(move_number(word.as_bytes()), None, "{word}");
            assert!(result_token(word).is_some(), "{word}");
        }
    }

    #[test]
    fn quick_tag_takes_the_plain_form_only() {
        let (len, tag, high) = quick_tag("1.e4 [Bianco \"Rossi, Mario\"] 1.e4", 5).unwrap();
        assert_eq!(
            (len, tag.name, &*tag.value, high),
            (28, "Bianco", "Rossi, Mario", false)
        );
        for t in [
            "[Nero \"a\\\"b\"]",
            "[ Nero \"a\"]",
            "[Nero  \"a\"]",
            "[Nero \"a\" ]",
        ] {
            assert!(quick_tag(t, 0).is_none(), "{t} goes to the grammar");
            assert!(tag_pair(t).is_ok(), "{t}");
        }
    }

    #[test]
    fn spans_count_characters_after_non_ascii() {
        let text = "[Bianco \"Müller\"]\n{è} 1.e4 {a\nbé} e5\n  2.Cf3";
        let g = games(text).next().unwrap();
        let at: Vec<_> = g
            .tokens
            .iter()
            .map(|t| (t.span.line, t.span.column))
            .collect();
        // {è}, 1., e4, {a..bé}, e5, 2., Cf3
        assert_eq!(
            at,
            [(2, 1), (2, 5), (2, 7), (2, 10), (3, 5), (4, 3), (4, 5)]
        );
    }
}
