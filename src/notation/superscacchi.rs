//! The SuperScacchi game file (`formats.md` section 1) and the move notation of R33.
//! The grammar is in `grammar/superscacchi.ebnf`.

use super::classical::SpannedTag;
use super::tags::tag_pair;
use crate::finding::{Code, Finding};
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
    /// What was expected.
    pub message: String,
    /// A suggestion.
    pub hint: Option<String>,
    /// What was expected, in Italian.
    pub message_it: &'static str,
    /// The suggestion, in Italian.
    pub hint_it: Option<&'static str>,
}

fn syntax(
    offset: usize,
    [message, message_it]: [&'static str; 2],
    hint: Option<[&'static str; 2]>,
) -> SsSyntaxError {
    SsSyntaxError {
        offset,
        message: message.to_string(),
        hint: hint.map(|[h, _]| h.to_string()),
        message_it,
        hint_it: hint.map(|[_, h]| h),
    }
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
            4 => Err(syntax(
                start,
                ["`++++` is not a marker", "`++++` non è un segno"],
                Some([
                    "did you mean +++ (imprisonment) or +++++ (flight)?",
                    "intendevi +++ (imprigionamento) o +++++ (fuga)?",
                ]),
            )),
            _ => Err(syntax(
                start,
                ["too many `+`", "troppi `+`"],
                Some([
                    "markers are + check, ++ mate, +++ imprisonment, +++++ flight",
                    "i segni sono + scacco, ++ scacco matto, +++ imprigionamento, +++++ fuga",
                ]),
            )),
        }
    }
}

const AFTER_THE_MOVE: [&str; 2] = [
    "unexpected text after the move",
    "testo inatteso dopo la mossa",
];

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
/// assert!(parse_move("P f2 ++++ f3").unwrap_err().hint.unwrap().contains("+++++"));
/// ```
pub fn parse_move(text: &str) -> Result<SsMove, SsSyntaxError> {
    let mut c = Cursor { s: text, i: 0 };
    c.skip_spaces();
    let role = c.piece().ok_or_else(|| {
        syntax(
            c.i,
            [
                "expected a piece: P C A T R or Re",
                "atteso un pezzo: P C A T R o Re",
            ],
            None,
        )
    })?;
    c.skip_spaces();
    let from = c.square().ok_or_else(|| {
        syntax(
            c.i,
            [
                "expected the square the piece leaves (a1 … p16)",
                "attesa la casa da cui parte il pezzo (a1 … p16)",
            ],
            None,
        )
    })?;
    c.skip_spaces();
    let mut capture = None;
    let mut marker = None;
    let mut quiet = false;
    match c.peek() {
        Some(b'-') => {
            c.i += 1;
            quiet = true;
        }
        Some(b'x' | b'X') => {
            c.i += 1;
            capture = Some(None);
        }
        Some(b'+') => marker = c.pluses()?,
        Some(b'0') => {
            c.i += 1;
            marker = Some(Marker::Liberation);
        }
        _ => {
            return Err(syntax(
                c.i,
                [
                    "expected a separator: - X + ++ +++ +++++ or 0",
                    "atteso un separatore: - X + ++ +++ +++++ o 0",
                ],
                None,
            ));
        }
    }
    c.skip_spaces();
    let to = if capture.is_some() {
        let save = c.i;
        let letter = c.piece().filter(|r| *r != Role::King);
        match (letter, c.square()) {
            (Some(r), Some(sq)) => {
                capture = Some(Some(r));
                sq
            }
            _ => {
                c.i = save;
                c.square().ok_or_else(|| {
                    syntax(
                        c.i,
                        [
                            "expected the captured piece and its square (Cg3)",
                            "attesi il pezzo preso e la sua casa (Cg3)",
                        ],
                        None,
                    )
                })?
            }
        }
    } else {
        c.square().ok_or_else(|| {
            syntax(
                c.i,
                [
                    "expected the square the piece goes to",
                    "attesa la casa dove va il pezzo",
                ],
                None,
            )
        })?
    };
    let mut promotion = None;
    let mut ep = false;
    let mut non_canonical = false;
    loop {
        c.skip_spaces();
        let at = c.i;
        match c.peek() {
            None => break,
            Some(b'=') => {
                c.i += 1;
                c.skip_spaces();
                let r = c.piece().ok_or_else(|| {
                    syntax(
                        c.i,
                        [
                            "expected the promotion piece: C A T R",
                            "atteso il pezzo della promozione: C A T R",
                        ],
                        None,
                    )
                })?;
                if promotion.replace(r).is_some() {
                    return Err(syntax(
                        at,
                        ["two promotions on one move", "due promozioni in una mossa"],
                        None,
                    ));
                }
            }
            Some(b'+') => {
                let m = c.pluses()?;
                if marker.is_some() {
                    return Err(syntax(
                        at,
                        ["two markers on one move", "due segni in una mossa"],
                        None,
                    ));
                }
                non_canonical = quiet;
                marker = m;
            }
            Some(b'e' | b'E') => {
                let r = c.rest();
                let b = r.as_bytes();
                let n = if b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"e.p.") {
                    4
                } else if b.len() >= 3 && b[..3].eq_ignore_ascii_case(b"e.p") {
                    3
                } else if b.len() >= 2 && b[..2].eq_ignore_ascii_case(b"ep") {
                    2
                } else {
                    return Err(syntax(at, AFTER_THE_MOVE, None));
                };
                c.i += n;
                ep = true;
            }
            _ => return Err(syntax(at, AFTER_THE_MOVE, None)),
        }
    }
    Ok(SsMove {
        role,
        from,
        to,
        capture,
        marker,
        non_canonical,
        promotion,
        ep,
    })
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
    let mut game = SsGame::default();
    let mut loc = Locator::new(text);
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim_start();
        if trimmed.trim().is_empty() {
            continue;
        }
        let lead = line.len() - trimmed.len();
        let mut at = start + lead;
        let mut trimmed = trimmed;
        // Tags, then (on the same line, as some editors leave it) a move line.
        while trimmed.starts_with('[') {
            match tag_pair(trimmed) {
                Ok((rest, tag)) => {
                    let span = loc.span(at, at + (trimmed.len() - rest.len()));
                    let after = rest.trim_start();
                    at += trimmed.len() - after.len();
                    trimmed = after;
                    if tag.name.eq_ignore_ascii_case("Esercito") {
                        match Army::parse(&tag.value) {
                            Some(army) => game.sheets.push(Sheet {
                                army,
                                span,
                                player: None,
                                lines: Vec::new(),
                            }),
                            None => game.errors.push(
                                Finding::new(
                                    Code::ParseError,
                                    format!("`{}` is not an army", tag.value),
                                )
                                .it(format!("`{}` non è un esercito", tag.value))
                                .at(span)
                                .label2("not an army", "non è un esercito")
                                .hint2(
                                    "armies are S O N E SO NO NE SE",
                                    "gli eserciti sono S O N E SO NO NE SE",
                                )
                                .rule("R7"),
                            ),
                        }
                    } else if let Some(sheet) = game.sheets.last_mut() {
                        if tag.name.eq_ignore_ascii_case("Giocatore") {
                            sheet.player = Some(tag.value.to_string());
                        }
                    } else {
                        game.tags.push(SpannedTag { tag, span });
                    }
                }
                Err(_) => {
                    let span = loc.span(at, at + trimmed.len());
                    game.errors.push(
                        Finding::new2(
                            Code::ParseError,
                            "this tag pair cannot be read",
                            "questa coppia di tag non si legge",
                        )
                        .at(span)
                        .label2("expected [Name \"value\"]", "atteso [Nome \"valore\"]"),
                    );
                    trimmed = "";
                }
            }
        }
        if trimmed.trim().is_empty() {
            continue;
        }
        // NUMBER. [PEN] MOVE
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        let after_num = trimmed[digits..].trim_start();
        let Some(sheet) = game.sheets.last_mut() else {
            let span = loc.span(at, at + trimmed.len());
            game.errors.push(
                Finding::new2(
                    Code::ParseError,
                    "a move line before any [Esercito] tag",
                    "una riga di mossa prima di ogni tag [Esercito]",
                )
                .at(span)
                .label2("whose sheet is this?", "di quale foglio è?")
                .hint2(
                    "start each sheet with [Esercito \"S\"] (or O N E SO NO NE SE)",
                    "comincia ogni foglio con [Esercito \"S\"] (o O N E SO NO NE SE)",
                )
                .rule("R32"),
            );
            continue;
        };
        if digits == 0 || !after_num.starts_with('.') {
            let span = loc.span(at, at + trimmed.len());
            let f = if digits > 0 {
                // `2 blu P …`, `2) blu P …`: the number is there, its dot is not.
                let rest = after_num.trim_start_matches([')', ':', '-']).trim_start();
                Finding::new(
                    Code::ParseError,
                    format!(
                        "a move number is written with a dot: `{}. {rest}`",
                        &trimmed[..digits]
                    ),
                )
                .it(format!(
                    "il numero di mossa si scrive con il punto: `{}. {rest}`",
                    &trimmed[..digits]
                ))
                .label2("the number needs a dot", "al numero manca il punto")
            } else {
                Finding::new2(
                    Code::ParseError,
                    "expected a numbered move line: `12. rossa T l3 X Pl6 +`",
                    "attesa una riga di mossa numerata: `12. rossa T l3 X Pl6 +`",
                )
                .label2("no move number", "manca il numero di mossa")
            };
            game.errors
                .push(f.at(span).rule("R32").on_sheet(sheet.army.code(), 0, 0));
            sheet.lines.push(SheetLine {
                number: 0,
                pen: None,
                text: trimmed.trim_end(),
                span,
                parsed: None,
            });
            continue;
        }
        let written_number = &trimmed[..digits];
        let number: u32 = match written_number.parse() {
            Ok(n) => n,
            Err(_) => {
                let span = loc.span(at, at + digits);
                game.errors.push(
                    Finding::new(
                        Code::SheetNumbering,
                        format!("`{written_number}` is too large to be a move number"),
                    )
                    .it(format!(
                        "`{written_number}` è troppo grande per essere un numero di mossa"
                    ))
                    .at(span)
                    .label2("not a move number", "non è un numero di mossa")
                    .rule("R32")
                    .on_sheet(sheet.army.code(), 0, 0),
                );
                // Reported once: numbered as expected from here on.
                sheet.lines.len() as u32 + 1
            }
        };
        let body = after_num[1..].trim_start();
        let (pen, mv) = match body.split_once([' ', '\t']) {
            Some((w, rest)) if Pen::parse(w).is_some() => (Pen::parse(w), rest.trim_start()),
            Some((w, rest)) if looks_like_a_pen(w) => {
                let w_at = start + (w.as_ptr() as usize - raw.as_ptr() as usize);
                game.errors.push(
                    Finding::new(
                        Code::WrongPen,
                        format!("`{w}` is not a pen: the pens are blu, nera, rossa (R34)"),
                    )
                    .it(format!(
                        "`{w}` non è una penna: le penne sono blu, nera, rossa (R34)"
                    ))
                    .at(loc.span(w_at, w_at + w.len()))
                    .label2(
                        "unknown pen (blu, nera, rossa)",
                        "penna sconosciuta (blu, nera, rossa)",
                    )
                    .rule("R34")
                    .on_sheet(sheet.army.code(), number, 0),
                );
                (None, rest.trim_start())
            }
            _ => (None, body),
        };
        let mv = mv.trim_end();
        let mv_at = start + (mv.as_ptr() as usize - raw.as_ptr() as usize);
        let span = loc.span(mv_at, mv_at + mv.len());
        let expected = sheet.lines.len() as u32 + 1;
        let mut line_entry = SheetLine {
            number,
            pen,
            text: mv,
            span,
            parsed: None,
        };
        if number != expected {
            game.errors.push(
                Finding::new(
                    Code::SheetNumbering,
                    format!(
                        "sheet {} numbers this move {number}, but it is move {expected}",
                        sheet.army
                    ),
                )
                .it(format!(
                    "il foglio {} numera questa mossa {number}, ma è la mossa {expected}",
                    sheet.army
                ))
                .at(loc_fixed(span, mv_at - at, at))
                .label2(
                    format!("expected {expected}."),
                    format!("atteso {expected}."),
                )
                .rule("R32")
                .on_sheet(sheet.army.code(), number, 0)
                .hint2(
                    if number == 1 && expected > 1 {
                        "the numbering starts again: does a new sheet begin here without its [Esercito \"…\"] line?".to_string()
                    } else {
                        format!("number the sheet's moves 1, 2, 3, …: this is its move {expected}")
                    },
                    if number == 1 && expected > 1 {
                        "la numerazione ricomincia: qui inizia un nuovo foglio senza la sua riga [Esercito \"…\"]?".to_string()
                    } else {
                        format!("numera le mosse del foglio 1, 2, 3, …: questa è la sua mossa {expected}")
                    },
                ),
            );
        }
        match parse_move(mv) {
            Ok(m) => line_entry.parsed = Some(m),
            // An unreadable character (formats.md §8): filled in before the replay
            // (`superscacchi::fill`).
            Err(_) if mv.contains('_') => {}
            Err(e) => {
                let col = span.column + mv[..e.offset.min(mv.len())].chars().count() as u32;
                let mut f = Finding::new(Code::ParseError, format!("`{mv}`: {}", e.message))
                    .it(format!("`{mv}`: {}", e.message_it))
                    .at(Span {
                        start: mv_at + e.offset,
                        end: mv_at + mv.len(),
                        line: span.line,
                        column: col,
                    })
                    .label2(e.message.clone(), e.message_it)
                    .rule("R33")
                    .on_sheet(sheet.army.code(), number, 0);
                if let Some((odd, odd_it)) = crate::notation::lookalike::first_unusual(mv) {
                    f = f.hint2(
                        format!("the move holds {odd}: retype it"),
                        format!("la mossa contiene {odd_it}: riscrivila"),
                    );
                } else if let Some(h) = e.hint {
                    f = f.hint(h);
                    if let Some(h) = e.hint_it {
                        f = f.hint_it(h);
                    }
                }
                game.errors.push(f);
            }
        }
        sheet.lines.push(line_entry);
    }
    game
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
