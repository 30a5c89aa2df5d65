//! The rare path of the replay: what real-world PGN writes besides plain algebraic
//! notation (coordinates, figurines, `Ke1-g1`, null moves), the `[Variant]` tag, tag names
//! written in another case, and the moves inside variations.
//!
//! Nothing here runs for a plain game: each function is reached only when a move cannot be
//! read or played as written, when a game has a `[Variant]` tag or variations.

use super::matcher;
use crate::finding::Finding;
use crate::finding::wording::classical as wording;
use crate::lang::{Bi, Lang, Say};
use crate::notation::classical::{RawGame, TokenKind, prose_word};
use crate::notation::san::{Notation, Written, WrittenMove, parse_move};
use crate::notation::tags::miscased;
use shakmaty::{Chess, Move, Position, Role, Square};
use std::borrow::Cow;

/// A way of writing a move other than the plain one, accepted with an `info` finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `g1f3`, `e1g1`, `e7e8q` (the UCI form).
    Coordinate,
    /// `Ke1-g1`: castling written as the king's move.
    KingCastling,
    /// `♘f3` (FIDE's figurine algebraic notation).
    Figurine,
    /// `o-o`.
    LowerCaseCastling,
}

impl Form {
    /// Its bit in the replay's set of forms already noted.
    pub fn bit(self) -> u8 {
        match self {
            Form::Coordinate => 1,
            Form::KingCastling => 2,
            Form::Figurine => 4,
            Form::LowerCaseCastling => 8,
        }
    }
}

impl Say for Form {
    /// The form's name, for messages: "figurine notation", "notazione con figurine".
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let (en, it) = match self {
            Form::Coordinate => ("coordinate notation", "notazione per coordinate"),
            Form::KingCastling => (
                "castling written as the king's move",
                "arrocco scritto come mossa del re",
            ),
            Form::Figurine => ("figurine notation", "notazione con figurine"),
            Form::LowerCaseCastling => ("lower-case castling", "arrocco in minuscolo"),
        };
        Cow::Borrowed(*Bi::<&str>::new(en, it).get(lang))
    }
}

/// The role a figurine names (white and black alike).
fn figurine(c: char) -> Option<Role> {
    Some(match c {
        '♔' | '♚' => Role::King,
        '♕' | '♛' => Role::Queen,
        '♖' | '♜' => Role::Rook,
        '♗' | '♝' => Role::Bishop,
        '♘' | '♞' => Role::Knight,
        '♙' | '♟' => Role::Pawn,
        _ => return None,
    })
}

/// A move written another way, spelled plainly in `notation`: figurines, lower-case
/// castling, a coordinate promotion with a lower-case letter (`e7e8q`).
///
/// ```
/// use arbitro::classical::forms::{other_spelling, Form};
/// use arbitro::notation::san::Notation;
/// assert_eq!(other_spelling("♘xf3+", Notation::Italian), Some(("Cxf3+".into(), Form::Figurine)));
/// assert_eq!(other_spelling("o-o-o", Notation::English), Some(("O-O-O".into(), Form::LowerCaseCastling)));
/// assert_eq!(other_spelling("e7e8q", Notation::English), Some(("e7e8Q".into(), Form::Coordinate)));
/// ```
pub fn other_spelling(word: &str, notation: Notation) -> Option<(String, Form)> {
    if word.chars().any(|c| figurine(c).is_some()) {
        let mut out = String::with_capacity(word.len());
        for c in word.chars() {
            match figurine(c) {
                Some(role) => out.push_str(notation.letter(role)),
                None => out.push(c),
            }
        }
        return Some((out, Form::Figurine));
    }
    if word.starts_with("o-o") {
        return Some((word.replace('o', "O"), Form::LowerCaseCastling));
    }
    let b = word.as_bytes();
    if let [
        f1 @ b'a'..=b'h',
        r1 @ b'1'..=b'8',
        f2 @ b'a'..=b'h',
        r2 @ b'1'..=b'8',
        p,
        rest @ ..,
    ] = b
        && rest.iter().all(|c| matches!(c, b'+' | b'#' | b'!' | b'?'))
    {
        let role = match p {
            b'q' => Role::Queen,
            b'r' => Role::Rook,
            b'b' => Role::Bishop,
            b'n' => Role::Knight,
            _ => return None,
        };
        let mut out = String::new();
        for c in [f1, r1, f2, r2] {
            out.push(char::from(*c));
        }
        out.push_str(notation.letter(role));
        out.push_str(std::str::from_utf8(rest).ok()?);
        return Some((out, Form::Coordinate));
    }
    None
}

/// A null move: `--`, `Z0` (ChessBase), `@@@@`, `null`.
pub fn is_null_move(word: &str) -> bool {
    matches!(
        word.trim_end_matches(['+', '#', '!', '?']),
        "--" | "Z0" | "z0" | "@@@@" | "null" | "<>" | "pass"
    )
}

/// An evaluation glyph written in ASCII, standing alone (`!?`, `+-`, `=`, `+/-`): an
/// annotation, passed over as a NAG would be.
pub fn is_ascii_glyph(word: &str) -> bool {
    matches!(
        word,
        "!" | "?"
            | "!!"
            | "??"
            | "!?"
            | "?!"
            | "+-"
            | "-+"
            | "+="
            | "=+"
            | "+/-"
            | "-/+"
            | "+/="
            | "=/+"
            | "="
            | "+--"
            | "--+"
            | "-/+-"
            | "+-/-+"
            | "N"
            | "TN"
            | "RR"
    )
}

/// A word of punctuation alone (`+------`, a forfeit written across the sheet): no move.
pub fn is_punctuation(word: &str) -> bool {
    word != "--"
        && word
            .bytes()
            .all(|b| matches!(b, b'+' | b'-' | b'/' | b':' | b'=' | b'!' | b'?'))
}

/// A word that is meant as a move: it names a square, or is castling. Anything else (a
/// stray word, a line of junk) is reported and passed over.
pub fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    b.windows(2)
        .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
        || looks_like_castling(word)
}

/// Castling however written (`O-O`, `0-0-0`, `o-o`, `OO`, with its marks): letters O or
/// zeros and dashes only. A word that merely begins with an `o` (`ottimo` written beside
/// a move) is no move.
fn looks_like_castling(word: &str) -> bool {
    let core = word.trim_end_matches(['+', '#', '!', '?']);
    core.len() >= 2
        && core.starts_with(['O', '0', 'o'])
        && core.bytes().all(|b| matches!(b, b'O' | b'o' | b'0' | b'-'))
}

/// The legal move a written move names in another form: coordinates (`g1f3`: the origin
/// written, the piece letter left out), castling written as the king's move (`Ke1-g1`,
/// `e1g1`, and `e1h1` in Chess960). `None` when no single legal move fits.
pub fn other_move(pos: &Chess, written: &WrittenMove) -> Option<(Move, Form)> {
    let Written::Normal {
        role,
        file: Some(file),
        rank: Some(rank),
        to,
        promotion,
    } = written.kind
    else {
        return None;
    };
    let from = Square::from_coords(file, rank);
    let piece = pos.board().piece_at(from)?;
    if piece.color != pos.turn() || (role != Role::Pawn && role != piece.role) {
        return None;
    }
    let turn = pos.turn();
    let mut found = None;
    for m in pos.legal_moves() {
        let lands = match m {
            Move::Castle { rook, .. } => {
                let side = m.castling_side()?;
                to == side.king_to(turn) || to == rook
            }
            _ => m.to() == to,
        };
        if m.from() == Some(from) && lands && m.promotion() == promotion {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    let m = found?;
    let form = if m.is_castle() {
        Form::KingCastling
    } else if role != piece.role {
        Form::Coordinate
    } else {
        return None;
    };
    Some((m, form))
}

/// Tag names are case-sensitive (PGN 8.1.1): `[fEn "…"]` is not a FEN, but a warning says
/// which tag it looks like.
pub fn check_tag_names(raw: &RawGame<'_>, findings: &mut Vec<Finding>) {
    if !raw.may_hold_miscased_tags() {
        return;
    }
    for t in &raw.tags {
        if let Some(known) = miscased(t.tag.name) {
            findings.push(case_finding(t.tag.name, known, t.span));
        }
    }
}

#[cold]
#[inline(never)]
fn case_finding(name: &str, known: &str, span: crate::span::Span) -> Finding {
    wording::tag_case(name, known).at(span)
}

/// What the `[Variant]` tag says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant<'a> {
    /// Chess, from the initial position or a FEN.
    Standard,
    /// Chess960 (FIDE Laws, Guidelines III, Chess960 rules).
    Chess960,
    /// Another game (crazyhouse, atomic, …): its rules are not checked.
    Other(&'a str),
}

/// The game's variant, from its `[Variant]` tag.
pub fn variant<'a>(raw: &'a RawGame<'_>) -> Variant<'a> {
    let Some(v) = raw.tag("Variant") else {
        return Variant::Standard;
    };
    let lower = v.trim().to_ascii_lowercase();
    match lower.as_str() {
        "" | "standard" | "chess" | "normal" | "classical" | "from position" | "fromposition"
        | "from_position" | "orthodox" | "international" => Variant::Standard,
        l if l.contains("960") || l.contains("fischer") || l == "frc" => Variant::Chess960,
        _ => Variant::Other(v.trim()),
    }
}

/// The one finding on a game of another variant: no move of it is judged.
pub fn unsupported(raw: &RawGame<'_>, name: &str) -> Finding {
    let mut f = wording::unsupported_variant(name);
    if let Some(span) = raw.tag_span("Variant") {
        f = f.at(span);
    }
    f
}

/// Variations nested deeper are not checked: no analysis goes so deep, and each level
/// keeps two boards.
const MAX_DEPTH: usize = 256;

/// One line being replayed while the variations are checked.
struct Line {
    /// The position before the line's last move (where a variation branches off).
    before: Chess,
    /// The position now.
    pos: Chess,
    /// A move of the line could not be played: the rest of it is not checked.
    dead: bool,
}

/// Replays the moves inside `( … )` from their branch point, the position before the move
/// they replace (PGN 8.2.5); a move there that cannot be read or played is a `illegal-move-in-variation`
/// warning, and the rest of that variation is passed over. Stops at a jolly or where the
/// main line cannot be played (the main line's own findings say why).
pub fn check_variations(
    raw: &RawGame<'_>,
    start: &Chess,
    notation: Notation,
    findings: &mut Vec<Finding>,
) {
    let mut lines = vec![Line {
        before: start.clone(),
        pos: start.clone(),
        dead: false,
    }];
    // Variations opened deeper than MAX_DEPTH, not yet closed.
    let mut skipped = 0usize;
    for t in &raw.tokens {
        let depth = t.depth() as usize;
        if skipped > 0
            && !matches!(
                t.kind(),
                TokenKind::VariationStart | TokenKind::VariationEnd
            )
        {
            continue;
        }
        match t.kind() {
            TokenKind::VariationStart if depth > MAX_DEPTH => {
                // Too deep to be analysis: not checked (and no board kept for it).
                skipped += 1;
            }
            TokenKind::VariationStart => {
                let parent = &lines[lines.len() - 1];
                let branch = parent.before.clone();
                let dead = parent.dead;
                lines.push(Line {
                    before: branch.clone(),
                    pos: branch,
                    dead,
                });
            }
            TokenKind::VariationEnd if skipped > 0 => skipped -= 1,
            TokenKind::VariationEnd if lines.len() > 1 => {
                lines.pop();
            }
            TokenKind::Jolly if depth == 0 => return,
            // Issue 26 point 5: a word of prose is no move (`(variante classica)`, `(meglio
            // era 12.Cf3)`): in a variation, a remark, as `{…}` would be.
            TokenKind::Move if prose_word(raw.word(t)) => {}
            TokenKind::Move => {
                let word = raw.word(t);
                let main = lines.len() == 1;
                let Some(line) = lines.last_mut() else { return };
                if line.dead {
                    continue;
                }
                if is_null_move(word) {
                    match line.pos.clone().swap_turn() {
                        Ok(p) => {
                            line.before = std::mem::replace(&mut line.pos, p);
                        }
                        Err(_) => line.dead = true,
                    }
                    continue;
                }
                match play_in_variation(&line.pos, word, notation) {
                    Some(m) => {
                        let mut next = line.pos.clone();
                        next.play_unchecked(m);
                        line.before = std::mem::replace(&mut line.pos, next);
                    }
                    None if depth == 0 || main => return,
                    None => {
                        line.dead = true;
                        findings.push(variation_error(&line.pos, word, raw.span_of(t)));
                    }
                }
            }
            _ => {}
        }
    }
}

/// The warning on a move of a variation that is not legal in `pos` (PGN 8.2.5): a
/// variation is not the game, but a wrong one is a transcription mistake.
fn variation_error(pos: &Chess, word: &str, span: crate::span::Span) -> Finding {
    let mut f = wording::illegal_in_variation(word).at(span);
    // The sheet and move; no ply: a variation is not the game.
    f.army = Some(pos.turn().into());
    f.move_number = Some(pos.fullmoves().get());
    f
}

/// The legal move a written move names in a variation, if exactly one.
fn play_in_variation(pos: &Chess, word: &str, notation: Notation) -> Option<Move> {
    let written = match parse_move(word, notation) {
        Ok(w) => w,
        Err(_) => {
            let (plain, _) = other_spelling(word, notation)?;
            parse_move(&plain, notation).ok()?
        }
    };
    matcher::by_shakmaty(pos, &written.kind).or_else(|| other_move(pos, &written).map(|(m, _)| m))
}
