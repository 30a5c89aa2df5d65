//! The SuperScacchi game file (`formats.md` section 1) and the move notation of R33.
//! The grammar is in `grammar/superscacchi.ebnf`.

use super::classical::SpannedTag;
use super::tags::{Tag, tag_pair};
use crate::finding::Finding;
use crate::finding::wording::sheet::{self, SheetSyntax};
use crate::geometry::{Army, Role, Sq};
use crate::span::{Locator, Span};

pub use super::marks::{Marker, Pen};

/// A move as written on a sheet (R33).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SsMove {
    /// The piece written.
    pub role: Role,
    /// FROM.
    pub from: Sq,
    /// TO.
    pub to: Sq,
    /// `X` was written; with the captured piece's letter when written.
    pub capture: Option<Option<Role>>,
    /// The marker written (as separator or after the move).
    pub marker: Option<Marker>,
    /// A marker written after a quiet move (`P f2 - f3 +`).
    pub non_canonical: bool,
    /// `=R`.
    pub promotion: Option<Role>,
    /// `e.p.`.
    pub ep: bool,
}

impl SsMove {
    /// The move in R33's canonical form, as [`parse_move`] reads it back: `P f2 - f3`,
    /// `T l3 X Pl6 +`, `R h1 + h3`, `Re b1 0 a1`, `P g6 - g7 =R`, `P f5 X Pg4 e.p.`.
    ///
    /// ```
    /// use arbitro::notation::superscacchi::parse_move;
    /// for text in ["P f2 - f3", "T l3 X Pl6 +", "R h1 + h3", "P g6 - g7 =R", "P f5 X Pg4 e.p."] {
    ///     assert_eq!(parse_move(text).unwrap().to_text(), text);
    /// }
    /// ```
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut s = format!("{} {} ", self.role.letter(), self.from);
        match (self.capture, self.marker) {
            (Some(taken), marker) => {
                let _ = write!(s, "X {}{}", taken.map_or("", Role::letter), self.to);
                if let Some(mk) = marker {
                    let _ = write!(s, " {}", mk.text());
                }
            }
            (None, Some(mk)) => {
                let _ = write!(s, "{} {}", mk.text(), self.to);
            }
            (None, None) => {
                let _ = write!(s, "- {}", self.to);
            }
        }
        if let Some(r) = self.promotion {
            let _ = write!(s, " ={}", r.letter());
        }
        if self.ep {
            s.push_str(" e.p.");
        }
        s
    }
}

/// A move that cannot be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SsSyntaxError {
    /// Byte offset in the move text.
    pub offset: usize,
    /// What was expected there.
    pub kind: SheetSyntax,
}

fn syntax(offset: usize, kind: SheetSyntax) -> SsSyntaxError {
    SsSyntaxError { offset, kind }
}

struct Cursor<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Cursor<'a> {
    fn skip_spaces(&mut self) {
        while self
            .s
            .as_bytes()
            .get(self.i)
            .is_some_and(|b| *b == b' ' || *b == b'\t')
        {
            self.i += 1;
        }
    }
    fn rest(&self) -> &'a str {
        &self.s[self.i..]
    }
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.i).copied()
    }
    fn square(&mut self) -> Option<Sq> {
        let (sq, rest) = Sq::parse_prefix(self.rest())?;
        self.i = self.s.len() - rest.len();
        Some(sq)
    }
    /// A piece letter: `Re` when a square follows it, else one of `P C A T R`.
    fn piece(&mut self) -> Option<Role> {
        let r = self.rest();
        if r.len() >= 2 && r.as_bytes()[..2].eq_ignore_ascii_case(b"re") {
            let after = r[2..].trim_start_matches([' ', '\t']);
            if Sq::parse_prefix(after).is_some() {
                self.i += 2;
                return Some(Role::King);
            }
        }
        let role = Role::from_letter(self.peek()?)?;
        self.i += 1;
        Some(role)
    }
    /// A run of `+` (R33): `+` check, `++` mate, `+++` imprisonment, `+++++` flight;
    /// `++++` and six or more are errors with a hint.
    fn pluses(&mut self) -> Result<Option<Marker>, SsSyntaxError> {
        let start = self.i;
        let n = self.rest().bytes().take_while(|&b| b == b'+').count();
        self.i += n;
        match n {
            0 => Ok(None),
            1 => Ok(Some(Marker::Check)),
            2 => Ok(Some(Marker::Mate)),
            3 => Ok(Some(Marker::Imprisonment)),
            5 => Ok(Some(Marker::Flight)),
            4 => Err(syntax(start, SheetSyntax::FourPluses)),
            _ => Err(syntax(start, SheetSyntax::TooManyPluses)),
        }
    }
}

/// Reads one move of R33.
///
/// ```
/// use arbitro::notation::superscacchi::{parse_move, Marker};
/// use arbitro::geometry::Role;
/// let m = parse_move("T l3 X Pl6 +").unwrap();
/// assert_eq!((m.role, m.from.to_string(), m.to.to_string()), (Role::Rook, "l3".into(), "l6".into()));
/// assert_eq!((m.capture, m.marker), (Some(Some(Role::Pawn)), Some(Marker::Check)));
/// let m = parse_move("Re11-b11").unwrap(); // the queen (R) on e11
/// assert_eq!((m.role, m.from.to_string()), (Role::Queen, "e11".into()));
/// let m = parse_move("Rea8 - a9").unwrap(); // the king (Re) on a8
/// assert_eq!(m.role, Role::King);
/// assert!(parse_move("P f2 ++++ f3").unwrap_err().kind.hint().unwrap().en.contains("+++++"));
/// ```
pub fn parse_move(text: &str) -> Result<SsMove, SsSyntaxError> {
    let mut c = Cursor { s: text, i: 0 };
    c.skip_spaces();
    let (role, from) = c.piece_and_square()?;
    c.skip_spaces();
    let sep = c.separator()?;
    c.skip_spaces();
    let (capture, to) = c.destination(sep.capture)?;
    let mut m = SsMove {
        role,
        from,
        to,
        capture,
        marker: sep.marker,
        non_canonical: false,
        promotion: None,
        ep: false,
    };
    c.suffixes(&mut m, sep.quiet)?;
    Ok(m)
}

/// What the separator between FROM and TO says (R33).
struct Separator {
    /// `X`: a capture, its piece letter not read yet.
    capture: Option<Option<Role>>,
    /// `+ ++ +++ +++++ 0`.
    marker: Option<Marker>,
    /// `-`: a quiet move.
    quiet: bool,
}

impl Cursor<'_> {
    /// The piece and the square it leaves, `T l3` (R33: `Re` is the king only when a
    /// square follows it).
    fn piece_and_square(&mut self) -> Result<(Role, Sq), SsSyntaxError> {
        let role = self
            .piece()
            .ok_or_else(|| syntax(self.i, SheetSyntax::ExpectedPiece))?;
        self.skip_spaces();
        let from = self
            .square()
            .ok_or_else(|| syntax(self.i, SheetSyntax::ExpectedFrom))?;
        Ok((role, from))
    }

    /// The separator (R33): `-` quiet, `X` capture, a marker `+ ++ +++ +++++`, or the
    /// liberation `0`.
    fn separator(&mut self) -> Result<Separator, SsSyntaxError> {
        let mut sep = Separator {
            capture: None,
            marker: None,
            quiet: false,
        };
        match self.peek() {
            Some(b'-') => {
                self.i += 1;
                sep.quiet = true;
            }
            Some(b'x' | b'X') => {
                self.i += 1;
                sep.capture = Some(None);
            }
            Some(b'+') => sep.marker = self.pluses()?,
            Some(b'0') => {
                self.i += 1;
                sep.marker = Some(Marker::Liberation);
            }
            _ => {
                return Err(syntax(self.i, SheetSyntax::ExpectedSeparator));
            }
        }
        Ok(sep)
    }

    /// TO, and after `X` the captured piece's letter when written (`X Cg3`, R33); the
    /// king is never taken, so `X Re…` reads as a bare square.
    fn destination(
        &mut self,
        capture: Option<Option<Role>>,
    ) -> Result<(Option<Option<Role>>, Sq), SsSyntaxError> {
        if capture.is_none() {
            let to = self
                .square()
                .ok_or_else(|| syntax(self.i, SheetSyntax::ExpectedTo))?;
            return Ok((None, to));
        }
        let save = self.i;
        let letter = self.piece().filter(|r| *r != Role::King);
        if let (Some(r), Some(sq)) = (letter, self.square()) {
            return Ok((Some(Some(r)), sq));
        }
        self.i = save;
        let to = self
            .square()
            .ok_or_else(|| syntax(self.i, SheetSyntax::ExpectedCaptured))?;
        Ok((capture, to))
    }

    /// The optional parts after TO, in any order (R33): `=PROMOTION`, a marker after a
    /// capture (or, after a quiet move, the non-canonical one), `e.p.`. Anything else,
    /// or a second promotion or marker, is an error.
    fn suffixes(&mut self, m: &mut SsMove, quiet: bool) -> Result<(), SsSyntaxError> {
        loop {
            self.skip_spaces();
            let at = self.i;
            match self.peek() {
                None => return Ok(()),
                Some(b'=') => {
                    let r = self.promotion()?;
                    if m.promotion.replace(r).is_some() {
                        return Err(syntax(at, SheetSyntax::TwoPromotions));
                    }
                }
                Some(b'+') => {
                    let marker = self.pluses()?;
                    if m.marker.is_some() {
                        return Err(syntax(at, SheetSyntax::TwoMarkers));
                    }
                    m.non_canonical = quiet;
                    m.marker = marker;
                }
                Some(b'e' | b'E') => {
                    self.i += self
                        .ep()
                        .ok_or_else(|| syntax(at, SheetSyntax::AfterTheMove))?;
                    m.ep = true;
                }
                _ => return Err(syntax(at, SheetSyntax::AfterTheMove)),
            }
        }
    }

    /// `=` and the promotion piece (R33), the cursor on the `=`.
    fn promotion(&mut self) -> Result<Role, SsSyntaxError> {
        self.i += 1;
        self.skip_spaces();
        self.piece()
            .ok_or_else(|| syntax(self.i, SheetSyntax::ExpectedPromotion))
    }

    /// The length of the en passant mark at the cursor (R33): `e.p.`, or as often written
    /// `e.p` or `ep`, in either case.
    fn ep(&self) -> Option<usize> {
        let b = self.rest().as_bytes();
        if b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"e.p.") {
            Some(4)
        } else if b.len() >= 3 && b[..3].eq_ignore_ascii_case(b"e.p") {
            Some(3)
        } else if b.len() >= 2 && b[..2].eq_ignore_ascii_case(b"ep") {
            Some(2)
        } else {
            None
        }
    }
}

/// One numbered line of a sheet.
#[derive(Debug, Clone)]
pub struct SheetLine<'a> {
    /// The number written.
    pub number: u32,
    /// The pen written, if any.
    pub pen: Option<Pen>,
    /// The move text as written.
    pub text: &'a str,
    /// Where the move text stands.
    pub span: Span,
    /// The move, or why it cannot be read (already reported as a finding).
    pub parsed: Option<SsMove>,
}

/// One army's sheet.
#[derive(Debug, Clone)]
pub struct Sheet<'a> {
    /// Whose.
    pub army: Army,
    /// Where its `[Esercito]` tag stands.
    pub span: Span,
    /// The player, from `[Giocatore]`.
    pub player: Option<String>,
    /// The lines in order.
    pub lines: Vec<SheetLine<'a>>,
}

/// A whole game file.
#[derive(Debug, Clone, Default)]
pub struct SsGame<'a> {
    /// Tags before the first sheet.
    pub tags: Vec<SpannedTag<'a>>,
    /// The sheets, in file order.
    pub sheets: Vec<Sheet<'a>>,
    /// Parse errors (and sheet-numbering errors), in file order.
    pub errors: Vec<Finding>,
}

impl SsGame<'_> {
    /// A header tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.tag.name.eq_ignore_ascii_case(name))
            .map(|t| &*t.tag.value)
    }

    /// A header tag's place.
    pub fn tag_span(&self, name: &str) -> Option<Span> {
        self.tags
            .iter()
            .find(|t| t.tag.name.eq_ignore_ascii_case(name))
            .map(|t| t.span)
    }
}

/// Blanks out `{...}` and `%...` comments, keeping every other byte (and line ends) where it
/// is, so that spans stay true. The quoted value of a tag pair is no comment: a `%` or a
/// `{…}` inside it stays (`[Evento "Torneo 100% SuperScacchi"]`).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_brace = false;
    let mut in_percent = false;
    // On a tag line (its first character `[`), inside the quotes; after a backslash.
    let mut tag_line = false;
    let mut line_start = true;
    let mut in_quote = false;
    let mut escaped = false;
    for ch in text.chars() {
        if line_start && !ch.is_whitespace() {
            line_start = false;
            tag_line = ch == '[' && !in_brace;
        }
        let quoted = in_quote;
        if tag_line && !in_brace && !in_percent {
            if in_quote && ch == '\\' && !escaped {
                escaped = true;
            } else {
                if ch == '"' && !escaped {
                    in_quote = !in_quote;
                }
                escaped = false;
            }
        }
        let keep = match ch {
            '\n' => {
                in_percent = false;
                line_start = true;
                tag_line = false;
                in_quote = false;
                true
            }
            _ if quoted => true,
            '{' if !in_percent => {
                in_brace = true;
                false
            }
            '}' if in_brace => {
                in_brace = false;
                false
            }
            '%' if !in_brace => {
                in_percent = true;
                false
            }
            _ => !in_brace && !in_percent,
        };
        if !ch.is_whitespace() {
            line_start = false;
        }
        if keep {
            out.push(ch);
        } else {
            for _ in 0..ch.len_utf8() {
                out.push(' ');
            }
        }
    }
    out
}

/// Parses a game file. `text` must outlive the result; comments are blanked in a copy
/// that the result borrows, so pass the copy returned by [`prepare`].
pub fn parse(text: &str) -> SsGame<'_> {
    let mut p = Parser {
        text,
        loc: Locator::new(text),
        game: SsGame::default(),
    };
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        p.line(start, raw);
    }
    p.game
}

/// The game read so far, and where its lines stand in the text.
struct Parser<'a> {
    /// The whole (prepared) text.
    text: &'a str,
    /// Line and column of byte offsets, met in order.
    loc: Locator<'a>,
    /// The tags, sheets and errors so far.
    game: SsGame<'a>,
}

impl<'a> Parser<'a> {
    /// Where `part`, a slice of the text, starts in it.
    fn offset(&self, part: &str) -> usize {
        part.as_ptr() as usize - self.text.as_ptr() as usize
    }

    /// One line starting at byte `start`: blank, or tag pairs, or a move line, or tag
    /// pairs and then (on the same line, as some editors leave it) a move line.
    fn line(&mut self, start: usize, raw: &'a str) {
        let line = raw.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim_start();
        if trimmed.trim().is_empty() {
            return;
        }
        let (at, rest) = self.tags(start + line.len() - trimmed.len(), trimmed);
        if rest.trim().is_empty() {
            return;
        }
        if let Some(entry) = self.move_line(at, rest)
            && let Some(sheet) = self.game.sheets.last_mut()
        {
            sheet.lines.push(entry);
        }
    }

    /// The tag pairs that start a line at byte `at`; returns where the rest of the line
    /// starts, and the rest. A tag pair that cannot be read is an error and ends the line.
    fn tags(&mut self, mut at: usize, mut trimmed: &'a str) -> (usize, &'a str) {
        while trimmed.starts_with('[') {
            let Ok((rest, tag)) = tag_pair(trimmed) else {
                let span = self.loc.span(at, at + trimmed.len());
                self.game.errors.push(sheet::bad_tag().at(span));
                return (at, "");
            };
            let span = self.loc.span(at, at + (trimmed.len() - rest.len()));
            let after = rest.trim_start();
            at += trimmed.len() - after.len();
            trimmed = after;
            self.tag(tag, span);
        }
        (at, trimmed)
    }

    /// One tag pair: `[Esercito]` starts a sheet (R7, R32), `[Giocatore]` names the
    /// player of the sheet it follows, other tags in a sheet are ignored, and the tags
    /// before the first sheet are the game's header.
    fn tag(&mut self, tag: Tag<'a>, span: Span) {
        if tag.name.eq_ignore_ascii_case("Esercito") {
            match Army::parse(&tag.value) {
                Some(army) => self.game.sheets.push(Sheet {
                    army,
                    span,
                    player: None,
                    lines: Vec::new(),
                }),
                None => self
                    .game
                    .errors
                    .push(sheet::not_an_army(&tag.value).at(span)),
            }
        } else if let Some(sheet) = self.game.sheets.last_mut() {
            if tag.name.eq_ignore_ascii_case("Giocatore") {
                sheet.player = Some(tag.value.to_string());
            }
        } else {
            self.game.tags.push(SpannedTag { tag, span });
        }
    }

    /// A move line `NUMBER. [PEN] MOVE` at byte `at`, for the last sheet (R32-R34).
    /// `None` (and an error) when no `[Esercito]` tag came before it. Every error is
    /// reported and the line kept, so that the sheet's numbering goes on.
    fn move_line(&mut self, at: usize, trimmed: &'a str) -> Option<SheetLine<'a>> {
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        let after_num = trimmed[digits..].trim_start();
        let Some(sheet) = self.game.sheets.last() else {
            let span = self.loc.span(at, at + trimmed.len());
            self.game
                .errors
                .push(sheet::move_before_any_sheet().at(span));
            return None;
        };
        let (army, expected) = (sheet.army, sheet.lines.len() as u32 + 1);
        if digits == 0 || !after_num.starts_with('.') {
            return Some(self.unnumbered(at, trimmed, digits, after_num, army));
        }
        let number = self.number(at, &trimmed[..digits], army, expected);
        let (pen, mv) = self.pen(after_num[1..].trim_start(), army, number);
        let mv = mv.trim_end();
        let mv_at = self.offset(mv);
        let span = self.loc.span(mv_at, mv_at + mv.len());
        if number != expected {
            let at_number = loc_fixed(span, mv_at - at, at);
            self.game
                .errors
                .push(misnumbered(army, number, expected, at_number));
        }
        let parsed = self.read_move(mv, span, army, number);
        Some(SheetLine {
            number,
            pen,
            text: mv,
            span,
            parsed,
        })
    }

    /// A line of a sheet without `NUMBER.` (R32): an error, and a line numbered 0 with
    /// no move, kept in its place. `digits` digits stand before `after_num`.
    fn unnumbered(
        &mut self,
        at: usize,
        trimmed: &'a str,
        digits: usize,
        after_num: &str,
        army: Army,
    ) -> SheetLine<'a> {
        let span = self.loc.span(at, at + trimmed.len());
        let f = if digits > 0 {
            // `2 blu P …`, `2) blu P …`: the number is there, its dot is not.
            let rest = after_num.trim_start_matches([')', ':', '-']).trim_start();
            let number = &trimmed[..digits];
            sheet::number_without_dot(number, rest)
        } else {
            sheet::unnumbered_line()
        };
        self.game.errors.push(f.at(span).on_sheet(army, 0, 0));
        SheetLine {
            number: 0,
            pen: None,
            text: trimmed.trim_end(),
            span,
            parsed: None,
        }
    }

    /// The move number written at byte `at` (R32). One too large for a number is an
    /// error, reported once: the line is numbered `expected`, so the lines after it are
    /// not all misnumbered.
    fn number(&mut self, at: usize, written: &str, army: Army, expected: u32) -> u32 {
        if let Ok(n) = written.parse() {
            return n;
        }
        let span = self.loc.span(at, at + written.len());
        self.game.errors.push(
            sheet::number_too_large(written)
                .at(span)
                .on_sheet(army, 0, 0),
        );
        expected
    }

    /// The pen written before the move, if any, and the move text after it (R34). A
    /// lower-case word that is no pen (`verde`) is a `wrong-pen` error and is skipped.
    fn pen(&mut self, body: &'a str, army: Army, number: u32) -> (Option<Pen>, &'a str) {
        let Some((w, rest)) = body.split_once([' ', '\t']) else {
            return (None, body);
        };
        if let Some(pen) = Pen::parse(w) {
            return (Some(pen), rest.trim_start());
        }
        if !looks_like_a_pen(w) {
            return (None, body);
        }
        let w_at = self.offset(w);
        let span = self.loc.span(w_at, w_at + w.len());
        self.game
            .errors
            .push(sheet::not_a_pen(w).at(span).on_sheet(army, number, 0));
        (None, rest.trim_start())
    }

    /// The move of a line, at `span` (R33). A move that cannot be read is an error,
    /// unless it holds an unreadable character `_`, filled in before the replay
    /// (formats.md §8, `superscacchi::fill`).
    fn read_move(&mut self, mv: &str, span: Span, army: Army, number: u32) -> Option<SsMove> {
        match parse_move(mv) {
            Ok(m) => Some(m),
            Err(_) if mv.contains('_') => None,
            Err(e) => {
                let f = move_error(mv, span, e).on_sheet(army, number, 0);
                self.game.errors.push(f);
                None
            }
        }
    }
}

/// A sheet line numbered `number` where `expected` was due (R32), at the number's `span`.
fn misnumbered(army: Army, number: u32, expected: u32, span: Span) -> Finding {
    sheet::misnumbered(army, number, expected)
        .at(span)
        .on_sheet(army, number, 0)
}

/// The error for a move `mv` at `span` that [`parse_move`] cannot read (R33), from where
/// it stops to the end of the move; the hint names a look-alike character if the move
/// holds one (`–` for `-`), else it is the parser's.
fn move_error(mv: &str, span: Span, e: SsSyntaxError) -> Finding {
    let col = span.column + mv[..e.offset.min(mv.len())].chars().count() as u32;
    sheet::unreadable_move(mv, e.kind, crate::notation::lookalike::first_unusual(mv)).at(Span {
        start: span.start + e.offset,
        end: span.end,
        line: span.line,
        column: col,
    })
}

/// A word where a pen is written that is no pen: a lower-case word of three letters or
/// more (pieces are capitals: `P`, `Re`), e.g. `verde`.
fn looks_like_a_pen(word: &str) -> bool {
    word.chars().count() >= 3 && word.chars().all(|c| c.is_alphabetic() && c.is_lowercase())
}

/// The span of the line start for a numbering finding (the number, not the move).
fn loc_fixed(mv: Span, back: usize, at: usize) -> Span {
    Span {
        start: at,
        end: at + back,
        line: mv.line,
        column: mv.column.saturating_sub(back as u32),
    }
}

/// Blanks the comments of a game file (see [`parse`]).
pub fn prepare(text: &str) -> String {
    strip_comments(text)
}
