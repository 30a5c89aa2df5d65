//! Why a written move is not legal (FIDE 3): the `illegal-move`, `ambiguous-move` and
//! promotion findings, and the labels that say which rule the move breaks.

use super::{bi, no_piece, piece, pieces, said, side, the_piece};
use crate::finding::{Code, Finding};
use crate::lang::Bi;
use shakmaty::{CastlingSide, Color, Role, Square};

/// Why castling is not legal (FIDE 3.8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastleBar {
    /// The king or that rook has moved.
    NoRight,
    /// A square between king and rook is taken.
    PathTaken,
    /// The king is in check.
    InCheck,
    /// The king would pass through or land on an attacked square.
    Attacked,
}

/// Why a written move is not legal: what the label under the move says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// Castling on `side`, barred.
    Castle(CastlingSide, CastleBar),
    /// The side to move has no piece of the kind.
    NoPiece(Color, Role),
    /// No piece of the kind stands on the written origin.
    NoneThere(Role),
    /// The square is taken by one of the mover's own pieces (`None`: a piece of no kind
    /// known).
    OwnPiece(Color, Square, Option<Role>),
    /// A pawn that reaches the square is pinned, or the move leaves the king in check.
    PawnPinned(Square),
    /// A pawn moving sideways onto an empty square (`from`, `to`).
    PawnOntoEmpty(Square, Square),
    /// A pawn moving forward onto a piece (`from`, `to`).
    PawnOntoPiece(Square, Square),
    /// A pawn's double step over a piece.
    PawnJumps(Square),
    /// The piece on the square reaches it but does not parry the check (FIDE 3.9).
    NoParry(Role, Square),
    /// The piece on the square is pinned.
    Pinned(Role, Square),
    /// The piece (`role` on `from`) cannot pass the piece `by` on `at`.
    CannotPass(Role, Square, Role, Square),
    /// The path of the piece on the square is blocked.
    Blocked(Role, Square),
    /// No pawn can reach the square.
    NoPawnReaches(Square),
    /// The king, in check, cannot go to the square.
    KingCannotGo(Square),
    /// The pieces of the kind (on the origins listed) cannot reach the square, even on an
    /// empty board.
    OutOfReach(Role, Vec<Square>, Square),
}

impl Illegal {
    /// The label in both languages.
    fn label(&self) -> Bi {
        match *self {
            Illegal::Castle(cs, bar) => castle_label(cs, bar),
            Illegal::NoPiece(c, role) => bi(
                format!("{} has no {}", side(c).en, piece(role).en),
                format!("{} non ha {}", side(c).it, no_piece(role).it),
            ),
            Illegal::NoneThere(role) => bi(
                format!("no {} stands where the move says", piece(role).en),
                format!("{} si trova dove dice la mossa", no_piece(role).it),
            ),
            Illegal::OwnPiece(c, to, what) => bi(
                format!(
                    "{to} is occupied by {}'s own {}",
                    side(c).en,
                    what.map_or("piece", |r| piece(r).en)
                ),
                format!(
                    "in {to} c'è già {} dello stesso colore",
                    what.map_or("un pezzo", |r| the_piece(r).it)
                ),
            ),
            Illegal::PawnPinned(from) => bi(
                format!("the pawn on {from} is pinned or the move leaves the king in check"),
                format!("il pedone in {from} è inchiodato o la mossa lascia il re sotto scacco"),
            ),
            Illegal::PawnOntoEmpty(from, to) => bi(
                format!(
                    "the pawn on {from} captures only diagonally onto a piece, and {to} is empty"
                ),
                format!("il pedone in {from} prende solo in diagonale un pezzo, e {to} è vuota"),
            ),
            Illegal::PawnOntoPiece(from, to) => bi(
                format!("the pawn on {from} cannot move forward onto the piece on {to}"),
                format!("il pedone in {from} non può avanzare sul pezzo in {to}"),
            ),
            Illegal::PawnJumps(from) => bi(
                format!("the pawn on {from} cannot jump over the piece in front of it"),
                format!("il pedone in {from} non può scavalcare il pezzo che ha davanti"),
            ),
            ref other => piece_label(other),
        }
    }
}

/// The label of a piece (not a pawn, not castling) that cannot go where the move says.
fn piece_label(why: &Illegal) -> Bi {
    let name = |r: Role| piece(r).en;
    let the = |r: Role| the_piece(r).it;
    match *why {
        Illegal::NoParry(role, from) => bi(
            format!("the {} on {from} does not parry the check", name(role)),
            format!("{} in {from} non para lo scacco", the(role)),
        ),
        Illegal::Pinned(role, from) => bi(
            format!(
                "the {} on {from} is pinned: the move would leave the king in check",
                name(role)
            ),
            format!(
                "{} in {from} è inchiodat{}: la mossa lascerebbe il re sotto scacco",
                the(role),
                if matches!(role, Role::Rook | Role::Queen) {
                    "a"
                } else {
                    "o"
                }
            ),
        ),
        Illegal::CannotPass(role, from, by, at) => bi(
            format!(
                "the {} on {from} cannot pass the {} on {at}",
                name(role),
                name(by)
            ),
            format!(
                "{} in {from} non può scavalcare {} in {at}",
                the(role),
                the(by)
            ),
        ),
        Illegal::Blocked(role, from) => bi(
            format!("the path of the {} on {from} is blocked", name(role)),
            format!("{} in {from} ha la strada bloccata", the(role)),
        ),
        Illegal::NoPawnReaches(to) => bi(
            format!("no pawn can reach {to}"),
            format!("nessun pedone può arrivare in {to}"),
        ),
        Illegal::KingCannotGo(to) => bi(
            format!("the king cannot go to {to}"),
            format!("il re non può andare in {to}"),
        ),
        Illegal::OutOfReach(role, ref origins, to) => match origins.as_slice() {
            [one] => bi(
                format!("the {} on {one} cannot reach {to}", name(role)),
                format!("{} in {one} non può arrivare in {to}", the(role)),
            ),
            _ => {
                let on = origins
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", ");
                bi(
                    format!("no {} (on {on}) can reach {to}", name(role)),
                    format!("{} (in {on}) può arrivare in {to}", no_piece(role).it),
                )
            }
        },
        // The other labels are `Illegal::label`'s, which sends only these here.
        _ => why.label(),
    }
}

fn castle_label(cs: CastlingSide, bar: CastleBar) -> Bi {
    let (name, it) = match cs {
        CastlingSide::KingSide => ("short castling", "l'arrocco corto"),
        CastlingSide::QueenSide => ("long castling", "l'arrocco lungo"),
    };
    match bar {
        CastleBar::NoRight => bi(
            format!("{name} is no longer allowed: the king or that rook has moved"),
            format!("{it} non è più possibile: il re o quella torre si sono mossi"),
        ),
        CastleBar::PathTaken => bi(
            format!("{name}: the squares between king and rook are not empty"),
            format!("{it}: le case tra re e torre non sono libere"),
        ),
        CastleBar::InCheck => bi(
            format!("{name} is not allowed while the king is in check"),
            format!("{it} non è ammesso quando il re è sotto scacco"),
        ),
        CastleBar::Attacked => bi(
            format!("{name}: the king would pass through or land on an attacked square"),
            format!("{it}: il re passerebbe o arriverebbe su una casa attaccata"),
        ),
    }
}

/// What an `illegal-move` finding suggests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Suggestion {
    /// Nothing.
    None,
    /// The move with its piece letter in capitals (`cf3` → `Cf3`), and the notation's
    /// piece letters.
    Capital(String, &'static str),
    /// The nearest legal moves.
    Nearest(Vec<String>),
}

/// `illegal-move`: the move `at` (`3.Dh4`) is not legal for `mover`, `why`, citing `rule`.
pub fn illegal_move(
    at: &str,
    mover: Color,
    why: &Illegal,
    rule: &'static str,
    suggestion: Suggestion,
) -> Finding {
    let f = said(
        Code::IllegalMove,
        format!("{at} is not a legal move for {}", side(mover).en),
        format!("{at} non è una mossa legale per {}", side(mover).it),
    )
    .labelled(why.label())
    .rule(rule);
    match suggestion {
        Suggestion::None => f,
        Suggestion::Capital(capital, letters) => f.hinted(bi(
            format!(
                "did you mean {capital}? Piece letters are capitals ({letters}); a small letter is a file"
            ),
            format!(
                "intendevi {capital}? Le lettere dei pezzi sono maiuscole ({letters}); una minuscola è una colonna"
            ),
        )),
        Suggestion::Nearest(near) => f.hinted(bi(
            format!("did you mean {}?", near.join(" or ")),
            format!("intendevi {}?", near.join(" o ")),
        )),
    }
}

/// `ambiguous-move`: `at` fits the pieces of kind `role` on `origins`; `spelled` are the
/// moves written in full (FIDE C.9).
pub fn ambiguous_move(at: &str, role: Role, origins: &[Square], spelled: &[String]) -> Finding {
    let on = origins
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let n = origins.len();
    said(
        Code::AmbiguousMove,
        format!("{at} fits {n} {} (on {on})", pieces(role).en),
        format!(
            "{at} può essere giocata da {n} {} (in {on})",
            pieces(role).it
        ),
    )
    .labelled(bi("which piece moves?", "quale pezzo si muove?"))
    .hinted(bi(
        format!("write {}", spelled.join(" or ")),
        format!("scrivi {}", spelled.join(" o ")),
    ))
    .rule("FIDE C.9")
}

/// `wrong-promotion`: `at` names a promotion it cannot make: to `Some(role)`, a piece a
/// pawn cannot become; `None`, the move does not reach the last rank (FIDE 3.7.5).
pub fn wrong_promotion(at: &str, to: Option<Role>) -> Finding {
    let why = match to {
        Some(p) => bi(
            format!("a pawn cannot be promoted to a {}", piece(p).en),
            format!("un pedone non può essere promosso a {}", piece(p).it),
        ),
        None => bi(
            "this move does not reach the last rank",
            "questa mossa non arriva all'ultima traversa",
        ),
    };
    said(
        Code::WrongPromotion,
        format!("{at} names a promotion it cannot make"),
        format!("{at} indica una promozione impossibile"),
    )
    .labelled(why)
    .rule("FIDE 3.7.5")
}

/// `missing-promotion`: `at` reaches the last rank and names no piece; `example` is the
/// move with a queen written (`e8=D`) (FIDE 3.7.5).
pub fn missing_promotion(at: &str, example: &str) -> Finding {
    said(
        Code::MissingPromotion,
        format!("{at} reaches the last rank but names no piece"),
        format!("{at} arriva all'ultima traversa ma non dice il pezzo"),
    )
    .labelled(bi(
        "which piece does the pawn become?",
        "in quale pezzo si promuove il pedone?",
    ))
    .hinted(bi(
        format!("write the piece, e.g. {example}"),
        format!("scrivi il pezzo, per esempio {example}"),
    ))
    .rule("FIDE 3.7.5")
}
