//! One move in algebraic notation, Italian (`R D T A C`) or English (`K Q R B N`).
//!
//! The grammar is in `grammar/classical.ebnf`. Marks are kept as written (capture `x` or `:`,
//! check `+`, mate `#` or the old `++`, `e.p.`), so that the replay can compare them with
//! what the move really does (seed 003: they are optional).

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::tag,
    character::complete::{char, one_of, satisfy},
    combinator::{map, opt, value},
};
use shakmaty::{CastlingSide, File, Rank, Role, Square};
use std::fmt;

/// Which piece letters a game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `R` re, `D` donna, `T` torre, `A` alfiere, `C` cavallo.
    Italian,
    /// `K` king, `Q` queen, `R` rook, `B` bishop, `N` knight.
    English,
}

impl Notation {
    /// The role a capital letter names, if any (`P` names the pawn in both).
    ///
    /// ```
    /// use arbitro::notation::san::Notation;
    /// use shakmaty::Role;
    /// assert_eq!(Notation::Italian.role(b'R'), Some(Role::King));
    /// assert_eq!(Notation::English.role(b'R'), Some(Role::Rook));
    /// ```
    #[inline]
    pub fn role(self, letter: u8) -> Option<Role> {
        match (self, letter) {
            (_, b'P') => Some(Role::Pawn),
            (Notation::Italian, b'R') => Some(Role::King),
            (Notation::Italian, b'D') => Some(Role::Queen),
            (Notation::Italian, b'T') => Some(Role::Rook),
            (Notation::Italian, b'A') => Some(Role::Bishop),
            (Notation::Italian, b'C') => Some(Role::Knight),
            (Notation::English, b'K') => Some(Role::King),
            (Notation::English, b'Q') => Some(Role::Queen),
            (Notation::English, b'R') => Some(Role::Rook),
            (Notation::English, b'B') => Some(Role::Bishop),
            (Notation::English, b'N') => Some(Role::Knight),
            _ => None,
        }
    }

    /// The letter of a role (empty for the pawn).
    pub fn letter(self, role: Role) -> &'static str {
        match (self, role) {
            (_, Role::Pawn) => "",
            (Notation::Italian, Role::King) => "R",
            (Notation::Italian, Role::Queen) => "D",
            (Notation::Italian, Role::Rook) => "T",
            (Notation::Italian, Role::Bishop) => "A",
            (Notation::Italian, Role::Knight) => "C",
            (Notation::English, Role::King) => "K",
            (Notation::English, Role::Queen) => "Q",
            (Notation::English, Role::Rook) => "R",
            (Notation::English, Role::Bishop) => "B",
            (Notation::English, Role::Knight) => "N",
        }
    }

    /// The piece letters, for messages: `R D T A C`.
    pub fn letters(self) -> &'static str {
        match self {
            Notation::Italian => "R D T A C",
            Notation::English => "K Q R B N",
        }
    }

    /// `it` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Notation::Italian => "it",
            Notation::English => "en",
        }
    }
}

/// The check mark written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CheckMark {
    /// Nothing written.
    #[default]
    None,
    /// `+`.
    Check,
    /// `#`, or `++` on old sheets.
    Mate,
}

/// What a move says it does, before looking at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// `0-0` or `0-0-0` (`O-O`, `O-O-O`).
    Castle(CastlingSide),
    /// Any other move. `file`/`rank` are the written origin hints.
    Normal {
        /// The piece moved.
        role: Role,
        /// The origin file, if written.
        file: Option<File>,
        /// The origin rank, if written.
        rank: Option<Rank>,
        /// The destination.
        to: Square,
        /// The promotion piece, if written.
        promotion: Option<Role>,
    },
}

/// One move as written, with its marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenMove {
    /// The move itself.
    pub kind: Written,
    /// The capture mark written (`x` or `:`), if any.
    pub capture: Option<char>,
    /// The check mark written.
    pub check: CheckMark,
    /// `e.p.` was written.
    pub ep: bool,
}

/// A move that cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SanSyntaxError {
    /// Byte offset in the move text where reading stopped.
    pub offset: usize,
}

impl fmt::Display for SanSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unreadable move (stopped at byte {})", self.offset)
    }
}

fn file(input: &str) -> IResult<&str, File> {
    map(satisfy(|c| ('a'..='h').contains(&c)), |c| {
        File::new(u32::from(c) - u32::from('a'))
    })
    .parse(input)
}

fn rank(input: &str) -> IResult<&str, Rank> {
    map(satisfy(|c| ('1'..='8').contains(&c)), |c| {
        Rank::new(u32::from(c) - u32::from('1'))
    })
    .parse(input)
}

/// A capture mark (`x`, `X`, `:`) or the long form's `-`; `-` gives `None`.
fn separator(input: &str) -> IResult<&str, Option<char>> {
    alt((
        map(one_of("xX:"), |c| Some(if c == 'X' { 'x' } else { c })),
        value(None, char('-')),
    ))
    .parse(input)
}

type Origin = (Option<File>, Option<Rank>, Option<char>, Square);

/// Origin hints, separator and destination: `g1-f3`, `bxd2`, `1d2`, `xf3`, `f3`.
///
/// One pass without backtracking: up to two coordinates, a separator, two more; the last
/// complete square is the destination and whatever stands before it the origin.
fn origin_and_target(input: &str) -> IResult<&str, Origin> {
    let (rest, (f1, r1, sep, f2, r2)) =
        (opt(file), opt(rank), opt(separator), opt(file), opt(rank)).parse(input)?;
    match (f1, r1, sep, f2, r2) {
        (f1, r1, sep, Some(f2), Some(r2)) => {
            Ok((rest, (f1, r1, sep.flatten(), Square::from_coords(f2, r2))))
        }
        (Some(f1), Some(r1), None, None, None) => {
            Ok((rest, (None, None, None, Square::from_coords(f1, r1))))
        }
        _ => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Verify,
        ))),
    }
}

fn castle(input: &str) -> IResult<&str, Written> {
    alt((
        value(
            Written::Castle(CastlingSide::QueenSide),
            alt((tag("0-0-0"), tag("O-O-O"))),
        ),
        value(
            Written::Castle(CastlingSide::KingSide),
            alt((tag("0-0"), tag("O-O"))),
        ),
    ))
    .parse(input)
}

/// A piece letter of the notation.
fn role_letter(notation: Notation) -> impl Fn(&str) -> IResult<&str, Role> + Copy {
    move |input: &str| match input.as_bytes().first().and_then(|&b| notation.role(b)) {
        Some(role) => Ok((&input[1..], role)),
        None => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Char,
        ))),
    }
}

/// Parses one move. Annotation glyphs (`!`, `?`) are skipped.
///
/// ```
/// use arbitro::notation::san::{parse_move, Notation, Written, CheckMark};
/// use shakmaty::{Role, Square};
/// let m = parse_move("Dxf7#", Notation::Italian).unwrap();
/// assert!(matches!(m.kind, Written::Normal { role: Role::Queen, to: Square::F7, .. }));
/// assert_eq!((m.capture, m.check), (Some('x'), CheckMark::Mate));
/// let m = parse_move("exd6e.p.", Notation::Italian).unwrap();
/// assert!(m.ep);
/// assert!(parse_move("Zf3", Notation::Italian).is_err());
/// ```
#[inline(always)]
pub fn parse_move(text: &str, notation: Notation) -> Result<WrittenMove, SanSyntaxError> {
    // The commonest shapes, `e4`, `Cf3` and (a fifth of the moves) `exd5`, `Cxe5`, `Cbd2`,
    // read inline where the move is replayed; the rest by the quick reader, then the
    // grammar (a property test holds this to the grammar).
    // (Plain functions, not a closure: a closure called in five places is kept out of line.)
    match *text.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => inline_move(Role::Pawn, None, None, f, r),
        [p @ b'A'..=b'Z', f @ b'a'..=b'h', r @ b'1'..=b'8'] if p != b'P' => {
            match notation.role(p) {
                Some(role) => inline_move(role, None, None, f, r),
                None => parse_move_nom(text, notation),
            }
        }
        [c @ b'a'..=b'h', b'x', f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            inline_move(Role::Pawn, Some(file_of(c)), Some('x'), f, r)
        }
        [p @ b'A'..=b'Z', c, f @ b'a'..=b'h', r @ b'1'..=b'8']
            if p != b'P' && matches!(c, b'x' | b'a'..=b'h') =>
        {
            match (notation.role(p), c) {
                (Some(role), b'x') => inline_move(role, None, Some('x'), f, r),
                (Some(role), c) => inline_move(role, Some(file_of(c)), None, f, r),
                (None, _) => read_move(text, notation),
            }
        }
        _ => read_move(text, notation),
    }
}

/// The file of a letter from `a` to `h`, for [`parse_move`].
#[inline(always)]
fn file_of(c: u8) -> File {
    File::new(u32::from(c - b'a'))
}

/// A move of [`parse_move`]'s inline shapes: `role` to the square of file letter `f` and
/// rank digit `r`, from file `from` if written, with the capture mark written.
#[inline(always)]
fn inline_move(
    role: Role,
    from: Option<File>,
    capture: Option<char>,
    f: u8,
    r: u8,
) -> Result<WrittenMove, SanSyntaxError> {
    Ok(WrittenMove {
        kind: Written::Normal {
            role,
            file: from,
            rank: None,
            to: Square::from_coords(file_of(f), Rank::new(u32::from(r - b'1'))),
            promotion: None,
        },
        capture,
        check: CheckMark::None,
        ep: false,
    })
}

/// [`parse_move`] past its commonest shapes.
#[inline(never)]
fn read_move(text: &str, notation: Notation) -> Result<WrittenMove, SanSyntaxError> {
    match quick(text, notation) {
        Some(m) => Ok(m),
        None => parse_move_nom(text, notation),
    }
}

/// The check mark at the start of `rest`: `++` and `#` are mate, `+` check.
fn check_mark(rest: &str) -> (&str, CheckMark) {
    if let Some(r) = rest.strip_prefix("++") {
        (r, CheckMark::Mate)
    } else if let Some(r) = rest.strip_prefix('#') {
        (r, CheckMark::Mate)
    } else if let Some(r) = rest.strip_prefix('+') {
        (r, CheckMark::Check)
    } else {
        (rest, CheckMark::None)
    }
}

/// The common shapes (`e4`, `exd5`, `Cf3`, `Cbd2`, `Dxf7#`, `e8=D+`, `0-0`), read by looking at
/// both ends of the word, without backtracking; `None` hands the move to the full nom
/// grammar, which stays the definition (a test checks both agree wherever this one answers).
fn quick(text: &str, notation: Notation) -> Option<WrittenMove> {
    let b = text.as_bytes();
    let first = *b.first()?;
    if first == b'0' || first == b'O' {
        return quick_castle(b);
    }
    let (role, body) = if first.is_ascii_uppercase() {
        if first == b'P' {
            return None;
        }
        (notation.role(first)?, &b[1..])
    } else {
        (Role::Pawn, b)
    };
    let (body, check) = marks(body);
    let (body, promotion) = match body {
        [rest @ .., b'=', p] if role == Role::Pawn => (rest, Some(notation.role(*p)?)),
        [rest @ .., p] if role == Role::Pawn && p.is_ascii_uppercase() => {
            (rest, Some(notation.role(*p)?))
        }
        _ => (body, None),
    };
    let file = |c: u8| {
        (b'a'..=b'h')
            .contains(&c)
            .then(|| File::new(u32::from(c - b'a')))
    };
    let rank = |c: u8| {
        (b'1'..=b'8')
            .contains(&c)
            .then(|| Rank::new(u32::from(c - b'1')))
    };
    let mark = |c: u8| matches!(c, b'x' | b':').then_some(c as char);
    let [origin @ .., f, r] = body else {
        return None;
    };
    let to = Square::from_coords(file(*f)?, rank(*r)?);
    let (from_file, from_rank, capture) = match *origin {
        [] => (None, None, None),
        [x] if mark(x).is_some() => (None, None, mark(x)),
        [c] => match (file(c), rank(c)) {
            (None, None) => return None,
            (f, r) => (f, r, None),
        },
        [c, x] if mark(x).is_some() => match (file(c), rank(c)) {
            (None, None) => return None,
            (f, r) => (f, r, mark(x)),
        },
        [c, d] => (Some(file(c)?), Some(rank(d)?), None),
        [c, d, x] => (Some(file(c)?), Some(rank(d)?), Some(mark(x)?)),
        _ => return None,
    };
    Some(WrittenMove {
        kind: Written::Normal {
            role,
            file: from_file,
            rank: from_rank,
            to,
            promotion,
        },
        capture,
        check,
        ep: false,
    })
}

/// Splits the marks off the end of a move: annotations (`!`, `?`), then the check mark.
fn marks(word: &[u8]) -> (&[u8], CheckMark) {
    let mut end = word.len();
    while end > 0 && matches!(word[end - 1], b'!' | b'?') {
        end -= 1;
    }
    match &word[..end] {
        [rest @ .., b'+', b'+'] | [rest @ .., b'#'] => (rest, CheckMark::Mate),
        [rest @ .., b'+'] => (rest, CheckMark::Check),
        rest => (rest, CheckMark::None),
    }
}

/// `0-0`, `O-O-O` and the like, for [`quick`].
fn quick_castle(word: &[u8]) -> Option<WrittenMove> {
    let (body, check) = marks(word);
    let side = match body {
        b"0-0" | b"O-O" => CastlingSide::KingSide,
        b"0-0-0" | b"O-O-O" => CastlingSide::QueenSide,
        _ => return None,
    };
    Some(WrittenMove {
        kind: Written::Castle(side),
        capture: None,
        check,
        ep: false,
    })
}

/// The full grammar (`grammar/classical.ebnf`), in nom.
pub fn parse_move_nom(text: &str, notation: Notation) -> Result<WrittenMove, SanSyntaxError> {
    let role_letter = role_letter(notation);
    let piece = map(
        (role_letter, origin_and_target),
        |(role, (file, rank, capture, to))| {
            (
                Written::Normal {
                    role,
                    file,
                    rank,
                    to,
                    promotion: None,
                },
                capture,
            )
        },
    );
    let promotion = alt((
        map((char('='), role_letter), |(_, r)| r),
        map((char('('), role_letter, char(')')), |(_, r, _)| r),
        role_letter,
    ));
    let pawn = map(
        (origin_and_target, opt(promotion)),
        |((file, rank, capture, to), promotion)| {
            (
                Written::Normal {
                    role: Role::Pawn,
                    file,
                    rank,
                    to,
                    promotion,
                },
                capture,
            )
        },
    );
    let err = |rest: &str| SanSyntaxError {
        offset: text.len() - rest.len(),
    };
    // Dispatch on the first byte rather than trying every alternative: this runs once per
    // move of every game of an archive.
    let parsed = match text.as_bytes().first() {
        Some(b'O' | b'0') => map(castle, |c| (c, None)).parse(text),
        Some(b) if b.is_ascii_uppercase() && *b != b'P' => {
            let mut piece = piece;
            piece.parse(text)
        }
        Some(b'P') => alt((piece, pawn)).parse(text),
        _ => {
            let mut pawn = pawn;
            pawn.parse(text)
        }
    };
    let (rest, (kind, capture)) = parsed.map_err(|e| match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => err(e.input),
        nom::Err::Incomplete(_) => err(""),
    })?;
    let (rest, ep) = if rest.starts_with('e') {
        let ep_mark: IResult<&str, Option<&str>> =
            opt(alt((tag("e.p."), tag("e.p"), tag("ep")))).parse(rest);
        match ep_mark {
            Ok((rest, ep)) => (rest, ep.is_some()),
            Err(_) => (rest, false),
        }
    } else {
        (rest, false)
    };
    let (rest, check) = check_mark(rest);
    let rest = rest.trim_start_matches(['!', '?']);
    if !rest.is_empty() {
        return Err(err(rest));
    }
    Ok(WrittenMove {
        kind,
        capture,
        check,
        ep,
    })
}

/// Writes a move in the given notation: `San` from shakmaty with our letters.
///
/// ```
/// use arbitro::notation::san::{write_san, Notation};
/// use shakmaty::san::San;
/// let san: San = "Nbd2".parse().unwrap();
/// assert_eq!(write_san(&san, Notation::Italian), "Cbd2");
/// ```
pub fn write_san(san: &shakmaty::san::San, notation: Notation) -> String {
    use shakmaty::san::San;
    let mut out = String::with_capacity(8);
    match *san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            out.push_str(notation.letter(role));
            if let Some(f) = file {
                out.push(f.char());
            }
            if let Some(r) = rank {
                out.push(r.char());
            }
            if capture {
                out.push('x');
            }
            out.push_str(&to.to_string());
            if let Some(p) = promotion {
                out.push('=');
                out.push_str(notation.letter(p));
            }
        }
        San::Castle(side) => out.push_str(match (notation, side) {
            (Notation::Italian, CastlingSide::KingSide) => "0-0",
            (Notation::Italian, CastlingSide::QueenSide) => "0-0-0",
            (Notation::English, CastlingSide::KingSide) => "O-O",
            (Notation::English, CastlingSide::QueenSide) => "O-O-O",
        }),
        San::Put { role, to } => {
            out.push_str(notation.letter(role));
            out.push('@');
            out.push_str(&to.to_string());
        }
        San::Null => out.push_str("--"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

        /// Wherever the quick reader answers, it answers as the nom grammar does; and
        /// `parse_move`, with its inline shapes in front, always does.
        #[test]
        fn quick_reader_agrees_with_the_grammar(s in "[a-hRDTACKQBNPO0x:=+#!?1-8.-]{1,9}") {
            for notation in [Notation::Italian, Notation::English] {
                if let Some(q) = quick(&s, notation) {
                    prop_assert_eq!(Ok(q), parse_move_nom(&s, notation), "{}", s);
                }
                prop_assert_eq!(parse_move(&s, notation), parse_move_nom(&s, notation), "{}", s);
            }
        }
    }

    /// Every word of two to four bytes over the letters the inline shapes look at (and
    /// their neighbours): `parse_move` answers as the grammar does.
    #[test]
    fn inline_shapes_agree_with_the_grammar() {
        let first = b"abcdefghiKQRBNDTACPZxO0";
        let second = b"abcdefghix:12890-";
        let last = b"abcdefghi012345789+#";
        for notation in [Notation::Italian, Notation::English] {
            for &a in first {
                for &b in second {
                    for &c in last {
                        for &d in last {
                            for word in [vec![a, b], vec![a, b, c], vec![a, b, c, d]] {
                                let s = String::from_utf8(word).unwrap();
                                assert_eq!(
                                    parse_move(&s, notation),
                                    parse_move_nom(&s, notation),
                                    "{s}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn quick_reader_takes_the_common_shapes() {
        for m in [
            "e4", "exd5", "Cf3", "Cbd2", "T1e2", "Dxf7#", "e8=D+", "bxc8C", "Ag1xf2", "e4!?",
            "Dh5++",
        ] {
            let q = quick(m, Notation::Italian);
            assert!(q.is_some(), "{m}");
            assert_eq!(q.map(Ok), Some(parse_move_nom(m, Notation::Italian)), "{m}");
        }
        for m in ["0-0", "O-O-O+", "0-0-0#"] {
            let q = quick(m, Notation::Italian);
            assert!(q.is_some(), "{m}");
            assert_eq!(q.map(Ok), Some(parse_move_nom(m, Notation::Italian)), "{m}");
        }
        for m in ["Cg1-f3", "exd6e.p.", "Pe4", "e2-e4"] {
            assert!(
                quick(m, Notation::Italian).is_none(),
                "{m} goes to the grammar"
            );
            assert!(parse_move(m, Notation::Italian).is_ok(), "{m}");
        }
    }
}
