//! Why a written move is not legal, and which legal moves it was probably meant to be.
//! The reasons are typed ([`Illegal`]); they are said in
//! [`finding::wording::classical`](crate::finding::wording::classical).

use crate::finding::Finding;
use crate::finding::wording::classical::{
    self as wording, CastleBar, Illegal, Misread, Suggestion,
};
use crate::notation::san::{Notation, Written, WrittenMove, write_san};
use shakmaty::attacks::{attacks, between};
use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Role, Square};

/// The FIDE article on how a role moves.
pub fn role_rule(role: Role) -> &'static str {
    match role {
        Role::Bishop => "FIDE 3.2",
        Role::Rook => "FIDE 3.3",
        Role::Queen => "FIDE 3.4",
        Role::Knight => "FIDE 3.6",
        Role::Pawn => "FIDE 3.7",
        Role::King => "FIDE 3.8",
    }
}

/// Picks the one legal move among `cands`, or says why there is none or more than one.
pub fn unique(
    pos: &Chess,
    cands: &MoveList,
    written: &WrittenMove,
    word: &str,
    notation: Notation,
) -> Result<Move, Box<Finding>> {
    match cands.as_slice() {
        [m] => Ok(*m),
        [] => Err(Box::new(illegal(pos, written, word, notation))),
        many => {
            let origins: Vec<Square> = many.iter().filter_map(|m| m.from()).collect();
            let spelled: Vec<String> = many
                .iter()
                .map(|&m| write_san(&San::from_move(pos, m), notation))
                .collect();
            Err(Box::new(wording::ambiguous_move(
                &numbered(pos, word),
                many[0].role(),
                &origins,
                &spelled,
            )))
        }
    }
}

/// Why `written` matches no legal move, and the rule it breaks.
pub fn why_illegal(pos: &Chess, written: &WrittenMove) -> (Illegal, &'static str) {
    let us = pos.turn();
    match written.kind {
        Written::Castle(cs) => (Illegal::Castle(cs, castle_bar(pos, cs)), "FIDE 3.8.2"),
        Written::Normal {
            role,
            file,
            rank,
            to,
            ..
        } => {
            let pieces = pos.our(role)
                & file.map_or(Bitboard::FULL, Bitboard::from_file)
                & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
            let why = if pos.our(role).is_empty() {
                Illegal::NoPiece(us, role)
            } else if pieces.is_empty() {
                Illegal::NoneThere(role)
            } else {
                piece_reason(pos, role, pieces, to)
            };
            (why, role_rule(role))
        }
    }
}

/// A finding for a move that matches no legal move: why, and the nearest legal moves.
pub fn illegal(pos: &Chess, written: &WrittenMove, word: &str, notation: Notation) -> Finding {
    let (why, rule) = why_illegal(pos, written);
    let suggestion = match capital_reading(pos, word, notation) {
        Some(capital) => Suggestion::Capital(capital, notation.letters()),
        None => match nearest(pos, written, notation) {
            near if near.is_empty() => Suggestion::None,
            near => Suggestion::Nearest(near),
        },
    };
    wording::illegal_move(&numbered(pos, word), pos.turn(), &why, rule, suggestion)
}

/// A move written with its piece letter in lower case (`cf3` for `Cf3`), when the capital
/// reading is the one legal move it can be.
fn capital_reading(pos: &Chess, word: &str, notation: Notation) -> Option<String> {
    let first = *word.as_bytes().first()?;
    let upper = first.to_ascii_uppercase();
    if !first.is_ascii_lowercase() || upper == b'P' || notation.role(upper).is_none() {
        return None;
    }
    let capital = format!("{}{}", upper as char, &word[1..]);
    let w = crate::notation::san::parse_move(&capital, notation).ok()?;
    let Written::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    } = w.kind
    else {
        return None;
    };
    let mut fits = pos.legal_moves().into_iter().filter(|m| {
        m.role() == role
            && m.to() == to
            && m.promotion() == promotion
            && file.is_none_or(|f| m.from().is_some_and(|s| s.file() == f))
            && rank.is_none_or(|r| m.from().is_some_and(|s| s.rank() == r))
    });
    let m = fits.next()?;
    fits.next()
        .is_none()
        .then(|| write_san(&San::from_move(pos, m), notation))
}

fn castle_bar(pos: &Chess, cs: CastlingSide) -> CastleBar {
    let us = pos.turn();
    let castles = pos.castles();
    if !castles.has(us, cs) {
        CastleBar::NoRight
    } else if (castles.path(us, cs) & pos.board().occupied()).any() {
        CastleBar::PathTaken
    } else if pos.is_check() {
        CastleBar::InCheck
    } else {
        CastleBar::Attacked
    }
}

fn piece_reason(pos: &Chess, role: Role, pieces: Bitboard, to: Square) -> Illegal {
    let us = pos.turn();
    let board = pos.board();
    let (reaches, blocked) = reach_of(pos, role, pieces, to);
    if board.by_color(us).contains(to) {
        return Illegal::OwnPiece(us, to, board.role_at(to));
    }
    if let Some(from) = reaches {
        return if role == Role::Pawn {
            pawn_reason(pos, from, to)
        } else if pos.is_check() {
            // It reaches the square, and still may not go: it does not parry the check
            // (FIDE 3.9), or it is pinned.
            Illegal::NoParry(role, from)
        } else {
            Illegal::Pinned(role, from)
        };
    }
    if let Some((from, blocker)) = blocked {
        return match blocker.and_then(|b| board.role_at(b).map(|r| (b, r))) {
            Some((b, r)) => Illegal::CannotPass(role, from, r, b),
            None => Illegal::Blocked(role, from),
        };
    }
    out_of_reach(pos, role, pieces, to)
}

/// Of `pieces`, the first that reaches `to` on the board as it stands, and the first that
/// would reach it on an empty board, with what stands in its way.
fn reach_of(
    pos: &Chess,
    role: Role,
    pieces: Bitboard,
    to: Square,
) -> (Option<Square>, Option<(Square, Option<Square>)>) {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    let piece = role.of(us);
    let mut blocked = None;
    let mut reaches = None;
    for from in pieces {
        let geometric = if role == Role::Pawn {
            pawn_reach(us, from, pos)
        } else {
            attacks(from, piece, Bitboard::EMPTY)
        };
        if !geometric.contains(to) {
            continue;
        }
        let real = if role == Role::Pawn {
            geometric
        } else {
            attacks(from, piece, occupied)
        };
        if real.contains(to) {
            reaches.get_or_insert(from);
        } else {
            let blocker = (between(from, to) & occupied).first();
            blocked.get_or_insert((from, blocker));
        }
    }
    (reaches, blocked)
}

/// No piece of the kind reaches the square, even on an empty board.
fn out_of_reach(pos: &Chess, role: Role, pieces: Bitboard, to: Square) -> Illegal {
    if role == Role::Pawn {
        Illegal::NoPawnReaches(to)
    } else if role == Role::King && pos.is_check() {
        Illegal::KingCannotGo(to)
    } else {
        Illegal::OutOfReach(role, pieces.into_iter().collect(), to)
    }
}

/// Squares a pawn could go to by its moves, ignoring what stands in the way.
fn pawn_reach(us: Color, from: Square, pos: &Chess) -> Bitboard {
    let dir: i32 = if us == Color::White { 8 } else { -8 };
    let mut b = shakmaty::attacks::pawn_attacks(us, from);
    let one = from as i32 + dir;
    if (0..64).contains(&one) {
        b.add(Square::new(one as u32));
        let start_rank = if us == Color::White { 1 } else { 6 };
        if from.rank() as u32 == start_rank {
            b.add(Square::new((one + dir) as u32));
        }
    }
    let _ = pos;
    b
}

fn pawn_reason(pos: &Chess, from: Square, to: Square) -> Illegal {
    let occupied = pos.board().occupied();
    if from.file() != to.file() {
        if occupied.contains(to) {
            return Illegal::PawnPinned(from);
        }
        return Illegal::PawnOntoEmpty(from, to);
    }
    if occupied.contains(to) {
        return Illegal::PawnOntoPiece(from, to);
    }
    if (between(from, to) & occupied).any() {
        return Illegal::PawnJumps(from);
    }
    Illegal::PawnPinned(from)
}

fn distance(a: Square, b: Square) -> u32 {
    let df = (a.file() as i32 - b.file() as i32).unsigned_abs();
    let dr = (a.rank() as i32 - b.rank() as i32).unsigned_abs();
    df + dr
}

/// The legal moves closest to what was written: same piece to a near square (a slip of the
/// rank first, then of the file), or another piece to the same square.
fn nearest(pos: &Chess, written: &WrittenMove, notation: Notation) -> Vec<String> {
    let legal = pos.legal_moves();
    let mut scored: Vec<(u32, Move)> = Vec::new();
    match written.kind {
        Written::Castle(_) => {
            for &m in &legal {
                if m.is_castle() {
                    scored.push((1, m));
                }
            }
        }
        Written::Normal { role, to, .. } => {
            for &m in &legal {
                let d = distance(m.to(), to);
                let score = if m.role() == role && !m.is_castle() {
                    if d == 0 {
                        1
                    } else if d <= 2 {
                        2 * d + u32::from(m.to().file() != to.file())
                    } else {
                        continue;
                    }
                } else if d == 0 {
                    4
                } else {
                    continue;
                };
                scored.push((score, m));
            }
        }
    }
    scored.sort_by_key(|&(s, _)| s);
    let Some(&(best, _)) = scored.first() else {
        return Vec::new();
    };
    let mut out: Vec<String> = scored
        .iter()
        .filter(|&&(s, _)| s == best)
        .map(|&(_, m)| write_san(&San::from_move(pos, m), notation))
        .collect();
    out.dedup();
    out.truncate(3);
    out
}

/// Why a move cannot be read at all, when a hint can say: a piece letter of the other
/// notation, or a capital that is no piece letter.
pub fn misread(word: &str, notation: Notation) -> Option<Misread> {
    let first = *word.as_bytes().first()?;
    let other = match notation {
        Notation::Italian => Notation::English,
        Notation::English => Notation::Italian,
    };
    if let Some(role) = other.role(first)
        && notation.role(first).is_none()
    {
        return Some(Misread::OtherAlphabet {
            letter: first as char,
            other,
            role,
            here: notation.letter(role),
        });
    }
    first
        .is_ascii_uppercase()
        .then(|| Misread::PieceLetters(notation.letters()))
}

/// How a move is numbered on the sheet: `3.Dh4` or `3...Cf6`.
pub fn numbered(pos: &Chess, text: &str) -> String {
    let n = pos.fullmoves();
    match pos.turn() {
        Color::White => format!("{n}.{text}"),
        Color::Black => format!("{n}...{text}"),
    }
}
