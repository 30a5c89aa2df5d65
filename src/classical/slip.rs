//! The move a slip of the pen hides (issue 28 point 4, R32a's classical twin): the legal
//! moves a written move that is illegal, ambiguous or unreadable fits under one edit of its
//! text: a piece letter changed, added or dropped, one square character changed, a
//! disambiguation dropped or wrong, `x` and `:` confused. Which of them was meant is decided
//! by the replay (`replay::slip`), by how far the rest of the game replays with each.
//!
//! ```
//! use arbitro::classical::slip::fitting;
//! use arbitro::notation::san::Notation;
//! use shakmaty::Chess;
//! let texts: Vec<_> = fitting(&Chess::default(), "Cf4", Notation::Italian)
//!     .into_iter().map(|f| f.text).collect();
//! assert!(texts.contains(&"Cf3".to_string()));
//! assert!(!texts.contains(&"Cc3".to_string()));
//! ```

use super::fill::san_text;
use crate::notation::san::Notation;
use shakmaty::{CastlingSide, Chess, Move, Position, Role};

/// The most candidates one slip is looked at with (a short word fits many moves).
pub const MOST: usize = 24;

/// A legal move the written text fits under at most one edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitting {
    /// The move.
    pub mv: Move,
    /// As the sheet would write it, in the game's notation (`Cf3`, `Dxf7+`).
    pub text: String,
    /// Edits from the written text: 0 (the text fits several moves: ambiguous) or 1.
    pub edits: u8,
    /// Which slip it is, the likelier first: 0 none (ambiguous), 1 a letter's case (`cf3`
    /// for `Cf3`: the likeliest slip of all), 2 the piece's letter in the other notation
    /// (`Nf3` for `Cf3` in an Italian game, `Cf3` for `Nf3` in an English one), 3 the
    /// origin or the capture sign, 4 the piece letter, 5 a square character, 6 a pawn's
    /// move written with a piece letter or the other way round, 7 a word that is no move
    /// read as a whole move ([`any_move`]).
    pub kind: u8,
}

/// The written move without its marks of check, mate and comment (`Cf3+!` → `Cf3`).
fn core(word: &str) -> &str {
    word.trim_end_matches(['+', '#', '!', '?', ' '])
}

/// Every legal move in `pos`, each as a reading of a word that is no move at all, written
/// where the move numbers put a move (`4.oops Cf6 5.d3`): a whole move unreadable, as `_`
/// is ([`crate::classical::fill`]); kind 7, one edit each, in shakmaty's move order.
pub fn any_move(pos: &Chess, notation: Notation) -> Vec<Fitting> {
    crate::classical::fill::readings(pos, "_", notation)
        .into_iter()
        .map(|r| Fitting {
            mv: r.mv,
            text: r.text,
            edits: 1,
            kind: 7,
        })
        .collect()
}

/// Every legal move in `pos` that `word` fits under at most one edit, fewest edits first,
/// then in shakmaty's move order; at most [`MOST`].
pub fn fitting(pos: &Chess, word: &str, notation: Notation) -> Vec<Fitting> {
    let written = core(word).as_bytes();
    if written.is_empty() || written.len() > 12 {
        return Vec::new();
    }
    let first = written[0];
    // A letter's case alone may differ where it cannot name a piece: the first letter
    // small (`cf3` for `Cf3`), a later letter big (`CF3`), a capital that is a piece
    // letter in neither notation (`E4` for `e4`). Never a capital piece letter read as a
    // file written big: `Aa3` is the bishop, not the pawn's `a3` (`aa3`) with its file
    // big, and `Bxc5` in an Italian game the English bishop as much as the pawn's `bxc5`.
    let piece_letter = [Notation::Italian, Notation::English]
        .iter()
        .any(|n| n.role(first).is_some());
    let case_alone = |s: &[u8]| first.is_ascii_lowercase() || s[0] == first || !piece_letter;
    let mut out: Vec<Fitting> = Vec::new();
    let mut buf = String::with_capacity(16);
    for m in pos.legal_moves() {
        let mut best = u8::MAX;
        let mut case = false;
        spellings(m, notation, &mut buf, &mut |s| {
            best = best.min(within_one(written, s.as_bytes()));
            case |= s.as_bytes().eq_ignore_ascii_case(written) && case_alone(s.as_bytes());
            best == 0
        });
        if best <= 1 {
            out.push(Fitting {
                mv: m,
                text: san_text(pos, m, notation),
                edits: best,
                kind: if best == 1 && case {
                    1
                } else {
                    kind(best, m, written, notation)
                },
            });
        }
    }
    out.sort_by_key(|f| (f.edits, f.kind));
    out.truncate(MOST);
    out
}

/// How far `word` is from some way of writing the legal move `m`: 0 (a way of writing it,
/// perhaps one that fits other moves too: ambiguous), 1 (one edit, a slip of the pen) or 2
/// (more). For `reconcile`, which asks of one move only (the other sheet's).
pub fn edits_to(word: &str, m: Move, notation: Notation) -> u8 {
    let written = core(word).as_bytes();
    if written.is_empty() || written.len() > 12 {
        return 2;
    }
    let mut best = 2;
    let mut buf = String::with_capacity(16);
    spellings(m, notation, &mut buf, &mut |s| {
        best = best.min(within_one(written, s.as_bytes()));
        best == 0
    });
    best
}

/// Which slip turns the move `m` into the text `written` (see [`Fitting::kind`]).
fn kind(edits: u8, m: Move, written: &[u8], notation: Notation) -> u8 {
    if edits == 0 {
        return 0;
    }
    let to = m.to().to_string();
    let same_to = written.ends_with(to.as_bytes());
    let capital = written.first().filter(|c| c.is_ascii_uppercase());
    // A letter this notation does not have but the other one does (`N` in an Italian
    // game): the writer's other alphabet, a likely slip when it names the piece moved.
    let other = match notation {
        Notation::Italian => Notation::English,
        Notation::English => Notation::Italian,
    };
    if let Some(&c) = capital
        && notation.role(c).is_none()
        && other.role(c) == Some(m.role())
        && same_to
    {
        return 2;
    }
    let role = capital
        .and_then(|&c| notation.role(c))
        .unwrap_or(Role::Pawn);
    match (role == m.role(), same_to) {
        (true, true) => 3,
        (false, true) if role != Role::Pawn && m.role() != Role::Pawn => 4,
        (true, false) => 5,
        _ => 6,
    }
}

/// The edit distance of `a` and `b` when it is 0 or 1, else 2 (one character changed,
/// added or dropped; case counts).
fn within_one(a: &[u8], b: &[u8]) -> u8 {
    if a == b {
        return 0;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => u8::from(a.iter().zip(b).filter(|(x, y)| x != y).count() != 1) + 1,
        1 => {
            let k = short.iter().zip(long).take_while(|(x, y)| x == y).count();
            if short[k..] == long[k + 1..] { 1 } else { 2 }
        }
        _ => 2,
    }
}

/// Calls `each` with every usual way of writing `m` (with or without its origin, with `x`,
/// `:`, `-` or nothing between, `=D` or `D` for a promotion, `P` before a pawn's move) until
/// it returns true.
fn spellings(m: Move, notation: Notation, buf: &mut String, each: &mut dyn FnMut(&str) -> bool) {
    if let Some(side) = m.castling_side() {
        let bodies: &[&str] = match side {
            CastlingSide::KingSide => &["0-0", "O-O"],
            CastlingSide::QueenSide => &["0-0-0", "O-O-O"],
        };
        for b in bodies {
            if each(b) {
                return;
            }
        }
        return;
    }
    let Some(from) = m.from() else {
        return;
    };
    let (file, rank) = (from.file().char(), from.rank().char());
    let full = [file, rank];
    let origins: [&[char]; 4] = [&[], &full[..1], &full[1..], &full];
    let letters: &[&str] = if m.role() == Role::Pawn {
        &["", "P"]
    } else {
        &[notation.letter(m.role())]
    };
    let promotion = m.promotion().map(|p| notation.letter(p));
    let to = m.to().to_string();
    for letter in letters {
        for origin in origins {
            for sep in ["", "x", ":", "-"] {
                for eq in ["", "="] {
                    if promotion.is_none() && !eq.is_empty() {
                        continue;
                    }
                    buf.clear();
                    buf.push_str(letter);
                    buf.extend(origin.iter());
                    buf.push_str(sep);
                    buf.push_str(&to);
                    if let Some(p) = promotion {
                        buf.push_str(eq);
                        buf.push_str(p);
                    }
                    if each(buf) {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(pos: &Chess, word: &str) -> Vec<String> {
        fitting(pos, word, Notation::Italian)
            .into_iter()
            .map(|f| f.text)
            .collect()
    }

    #[test]
    fn one_edit_only() {
        assert_eq!(within_one(b"Cf3", b"Cf3"), 0);
        assert_eq!(within_one(b"Cf3", b"Af3"), 1);
        assert_eq!(within_one(b"Cf3", b"Cbf3"), 1);
        assert_eq!(within_one(b"e4", b"Ce4"), 1);
        assert_eq!(within_one(b"Cf3", b"Cg4"), 2);
        assert_eq!(within_one(b"Cf3", b"C3f"), 2);
    }

    #[test]
    fn the_slips_of_the_issue() {
        let pos = Chess::default();
        // A piece letter changed (the knight) or added (the pawn).
        assert_eq!(texts(&pos, "Af3"), ["Cf3", "f3"]);
        // A square character: rank or file, never both.
        let t = texts(&pos, "Cf4");
        assert!(t.contains(&"Cf3".into()) && !t.contains(&"Ch3".into()));
        // An ambiguous move: both knights, no edit.
        let mut p = Chess::default();
        for w in ["Cf3", "d5", "d3", "e5"] {
            let m = crate::classical::fill::resolve(&p, w, Notation::Italian).unwrap();
            p.play_unchecked(m);
        }
        let f = fitting(&p, "Cd2", Notation::Italian);
        assert_eq!((f[0].edits, f[1].edits), (0, 0));
        assert_eq!(texts(&p, "Cd2")[..2], ["Cbd2", "Cfd2"]);
    }

    #[test]
    fn the_other_notations_letter_names_its_piece() {
        // `Nf3` in an Italian game: the English knight, before the pawn's f3.
        let mut p = Chess::default();
        for w in ["e4", "e5"] {
            let m = crate::classical::fill::resolve(&p, w, Notation::Italian).unwrap();
            p.play_unchecked(m);
        }
        let f = fitting(&p, "Nf3", Notation::Italian);
        assert_eq!((f[0].text.as_str(), f[0].kind), ("Cf3", 2));
        // `Cf3` in an English game: the Italian knight, before the pawn's f3.
        let f = fitting(&p, "Cf3", Notation::English);
        assert_eq!((f[0].text.as_str(), f[0].kind), ("Nf3", 2));
        // `R` is a letter of both: the king in Italian, never read as the rook here.
        let f = fitting(&p, "Rf3", Notation::Italian);
        assert!(f.iter().all(|f| f.kind != 2), "{f:?}");
    }

    #[test]
    fn a_small_piece_letter_is_the_likeliest_slip() {
        let mut p = Chess::default();
        for w in ["e4", "e5"] {
            let m = crate::classical::fill::resolve(&p, w, Notation::Italian).unwrap();
            p.play_unchecked(m);
        }
        let f = fitting(&p, "cf3", Notation::Italian);
        assert_eq!((f[0].text.as_str(), f[0].kind), ("Cf3", 1));
        assert!(f[1..].iter().all(|f| f.kind > 1), "{f:?}");
        // A capital is never a file written big: `Aa3` is the bishop, not the pawn's `a3`
        // (`aa3`) with a letter's case alone.
        let f = fitting(&Chess::default(), "Aa3", Notation::Italian);
        let a3 = f.iter().find(|f| f.text == "a3").expect("a3 fits");
        assert_eq!(a3.kind, 6, "{f:?}");
        assert_eq!(f[0].text, "Ca3", "{f:?}");
    }

    #[test]
    fn a_square_letter_written_big_is_a_letters_case() {
        // `CF3` for `Cf3`: the case of the file alone, before `Cc3` (a file changed).
        let f = fitting(&Chess::default(), "CF3", Notation::Italian);
        assert_eq!((f[0].text.as_str(), f[0].kind), ("Cf3", 1), "{f:?}");
        assert!(f[1..].iter().all(|f| f.kind > 1), "{f:?}");
        // `E4` for `e4`: `E` names no piece, so it is the file written big, before `d4`.
        for notation in [Notation::Italian, Notation::English] {
            let f = fitting(&Chess::default(), "E4", notation);
            assert_eq!((f[0].text.as_str(), f[0].kind), ("e4", 1), "{f:?}");
        }
    }
}
