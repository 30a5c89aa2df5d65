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
use nom::{
    IResult, Parser,
    bytes::complete::{tag, take_while1},
    character::complete::char,
    multi::many0_count,
};

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
    pub depth: u16,
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

impl<'a> RawGame<'a> {
    /// The other name of a tag: `White` for `Bianco` and back.
    fn alias(name: &str) -> Option<&'static str> {
        TAG_NAMES.iter().find_map(|&(it, en)| {
            if name == it {
                Some(en)
            } else if name == en {
                Some(it)
            } else {
                None
            }
        })
    }

    /// The tag pair with this PGN or Italian name (names are case-sensitive, as in PGN).
    fn find_tag(&self, name: &str) -> Option<&SpannedTag<'a>> {
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
    pub fn notation(&self) -> Notation {
        let italian_tags = self
            .tags
            .iter()
            .any(|t| TAG_NAMES.iter().any(|&(it, _)| t.tag.name == it));
        let mut english = false;
        for t in &self.tokens {
            if let TokenKind::Move(m) = t.kind {
                match m.as_bytes()[0] {
                    b'D' | b'T' | b'A' | b'C' => return Notation::Italian,
                    b'K' | b'Q' | b'B' | b'N' => english = true,
                    _ => {}
                }
            }
        }
        if italian_tags || !english {
            Notation::Italian
        } else {
            Notation::English
        }
    }

    /// The declared result: the `Result`/`Risultato` tag, else the movetext terminator.
    pub fn declared_result(&self) -> Option<GameResult> {
        self.tag("Result")
            .and_then(GameResult::parse)
            .or_else(|| self.terminator().map(|(r, _)| r))
    }

    /// The result terminator at the end of the movetext, if any.
    pub fn terminator(&self) -> Option<(GameResult, Span)> {
        match self.tokens.last() {
            Some(Token {
                kind: TokenKind::Result(r),
                span,
                depth: 0,
            }) => Some((*r, *span)),
            _ => None,
        }
    }
}

/// Characters that end a move token.
fn ends_token(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\r'
            | b'\n'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'['
            | b']'
            | b';'
            | b','
            | b'$'
            | b'"'
    )
}

/// `12.`, `12...`, `12 ...`: returns the number and whether there were three dots.
fn move_number(input: &str) -> IResult<&str, (u32, bool)> {
    let (rest, (digits, dots)) = (
        take_while1(|c: char| c.is_ascii_digit()),
        many0_count(char('.')),
    )
        .parse(input)?;
    // A bare number ("1 e4", common on hand-written sheets) is a move number too.
    if dots == 0 && !rest.is_empty() {
        return Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Char,
        )));
    }
    let number = digits.parse().unwrap_or(u32::MAX);
    Ok((rest, (number, dots >= 2)))
}

fn result_token(input: &str) -> IResult<&str, GameResult> {
    use nom::branch::alt;
    use nom::combinator::value;
    alt((
        value(GameResult::Draw, alt((tag("1/2-1/2"), tag("½-½")))),
        value(GameResult::WhiteWins, tag("1-0")),
        value(GameResult::BlackWins, tag("0-1")),
        value(GameResult::Unknown, tag("*")),
    ))
    .parse(input)
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
        loc: Locator::new(text),
        number: 0,
        no_close_brace_after: usize::MAX,
    }
}

/// The iterator of [`games`].
#[derive(Debug, Clone)]
pub struct Games<'a> {
    text: &'a str,
    pos: usize,
    loc: Locator<'a>,
    number: usize,
    /// Known: no `}` at or after this offset (keeps unclosed comments linear).
    no_close_brace_after: usize,
}

impl<'a> Games<'a> {
    fn span(&mut self, start: usize, end: usize) -> Span {
        self.loc.span(start, end)
    }

    fn line_end(&self, from: usize) -> usize {
        self.text[from..]
            .find('\n')
            .map_or(self.text.len(), |i| from + i)
    }

    fn find_close_brace(&mut self, from: usize) -> Option<usize> {
        if from >= self.no_close_brace_after {
            return None;
        }
        match self.text[from..].find('}') {
            Some(i) => Some(from + i),
            None => {
                self.no_close_brace_after = from;
                None
            }
        }
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = RawGame<'a>;

    fn next(&mut self) -> Option<RawGame<'a>> {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut game = RawGame {
            tags: Vec::with_capacity(16),
            tokens: Vec::with_capacity(256),
            ..RawGame::default()
        };
        let mut depth: u16 = 0;
        let mut started = false;
        let mut at_line_start =
            self.pos == 0 || bytes.get(self.pos.wrapping_sub(1)) == Some(&b'\n');
        while self.pos < bytes.len() {
            let start = self.pos;
            let b = bytes[start];
            if b == b'\n' {
                self.pos += 1;
                at_line_start = true;
                continue;
            }
            if b.is_ascii_whitespace() || b == b';' || b == b',' {
                self.pos += 1;
                continue;
            }
            let line_start = at_line_start;
            at_line_start = false;
            if !started {
                started = true;
                game.span = self.span(start, start);
            }
            match b {
                b'%' if line_start => {
                    self.pos = self.line_end(start);
                }
                b'[' => {
                    if !game.tokens.is_empty() && depth == 0 {
                        // A tag after movetext: the next game begins.
                        break;
                    }
                    match tag_pair(&text[start..]) {
                        Ok((rest, tag)) => {
                            let end = text.len() - rest.len();
                            let span = self.span(start, end);
                            game.tags.push(SpannedTag { tag, span });
                            self.pos = end;
                        }
                        Err(_) => {
                            let end = self.line_end(start);
                            let span = self.span(start, end);
                            game.errors.push(
                                Finding::new(Code::ParseError, "this tag pair cannot be read")
                                    .at(span)
                                    .label("expected [Name \"value\"]")
                                    .rule("PGN 8.1"),
                            );
                            self.pos = end;
                        }
                    }
                }
                b'{' => match self.find_close_brace(start + 1) {
                    Some(close) => {
                        let body = &text[start + 1..close];
                        let span = self.span(start, close + 1);
                        let kind = if body.trim().eq_ignore_ascii_case("jolly") {
                            TokenKind::Jolly
                        } else {
                            TokenKind::Comment(body)
                        };
                        game.tokens.push(Token { kind, span, depth });
                        self.pos = close + 1;
                    }
                    None => {
                        let end = self.line_end(start);
                        let span = self.span(start, start + 1);
                        game.errors.push(
                            Finding::new(Code::ParseError, "this comment is never closed")
                                .at(span)
                                .label("`{` without a matching `}`")
                                .hint("close the comment with `}`"),
                        );
                        self.pos = end;
                    }
                },
                b'(' => {
                    let span = self.span(start, start + 1);
                    depth = depth.saturating_add(1);
                    game.tokens.push(Token {
                        kind: TokenKind::VariationStart,
                        span,
                        depth,
                    });
                    self.pos += 1;
                }
                b')' => {
                    let span = self.span(start, start + 1);
                    if depth == 0 {
                        game.errors.push(
                            Finding::new(Code::ParseError, "`)` closes no variation")
                                .at(span)
                                .label("unmatched `)`"),
                        );
                    } else {
                        game.tokens.push(Token {
                            kind: TokenKind::VariationEnd,
                            span,
                            depth,
                        });
                        depth -= 1;
                    }
                    self.pos += 1;
                }
                b'$' => {
                    let digits = text[start + 1..]
                        .bytes()
                        .take_while(u8::is_ascii_digit)
                        .count();
                    let end = start + 1 + digits;
                    let span = self.span(start, end);
                    if digits == 0 {
                        game.errors.push(
                            Finding::new(Code::ParseError, "`$` must be followed by a number")
                                .at(span)
                                .label("not a NAG"),
                        );
                    } else {
                        let n = text[start + 1..end].parse().unwrap_or(u16::MAX);
                        game.tokens.push(Token {
                            kind: TokenKind::Nag(n),
                            span,
                            depth,
                        });
                    }
                    self.pos = end;
                }
                _ => {
                    let len = bytes[start..]
                        .iter()
                        .position(|&c| ends_token(c))
                        .unwrap_or(bytes.len() - start);
                    let len = len.max(1);
                    // Never split a UTF-8 character.
                    let mut end = start + len;
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    let word = &text[start..end];
                    self.pos = end;
                    if matches!(b, b'0' | b'1' | b'*' | 0xC2)
                        && let Ok((rest, r)) = result_token(word)
                        && rest.is_empty()
                    {
                        let span = self.span(start, end);
                        game.tokens.push(Token {
                            kind: TokenKind::Result(r),
                            span,
                            depth,
                        });
                        if depth == 0 {
                            break;
                        }
                        continue;
                    }
                    let mut word_start = start;
                    let mut word = word;
                    if b.is_ascii_digit()
                        && let Ok((rest, (number, black))) = move_number(word)
                    {
                        let num_end = end - rest.len();
                        let span = self.span(start, num_end);
                        game.tokens.push(Token {
                            kind: TokenKind::MoveNumber { number, black },
                            span,
                            depth,
                        });
                        word_start = num_end;
                        word = rest;
                        if word.is_empty() {
                            continue;
                        }
                    }
                    let span = self.span(word_start, end);
                    let kind = if matches!(word, "e.p." | "e.p" | "ep") {
                        TokenKind::EnPassant
                    } else {
                        TokenKind::Move(word)
                    };
                    game.tokens.push(Token { kind, span, depth });
                }
            }
        }
        if depth > 0 {
            let at = self.pos;
            let span = self.span(at, at);
            game.errors.push(
                Finding::new(Code::ParseError, "a variation is never closed")
                    .at(span)
                    .label("`(` without a matching `)`")
                    .hint("close the variation with `)`"),
            );
        }
        if !started {
            return None;
        }
        self.number += 1;
        game.number = self.number;
        Some(game)
    }
}
