//! The quick answer to "which legal move does this written move name?".
//!
//! Most moves on a sheet are plain: a piece or a pawn going to a square, one piece of that
//! kind able to get there. For those the origin can be read off shakmaty's attack tables
//! and the move checked for legality with one question to the board: does any enemy piece
//! attack our king once the move is made? [`quick`] does exactly that and answers `None`
//! whenever anything is less plain — en passant, a promotion without its piece, no
//! candidate or several legal ones, a written origin rank on a pawn — so that shakmaty's
//! `san_candidates` decides, and explains, every other case. Castling is read off
//! shakmaty's castling tables (rights, path), its squares checked as shakmaty checks them.
//!
//! This is not move generation: nothing is enumerated, and the rules themselves stay in
//! shakmaty. In debug builds (every `cargo test`) the replay compares each quick answer with
//! [`by_shakmaty`], over the 980 real games and the random games of the property tests.
//!
//! ```
//! use arbitro::classical::matcher::quick;
//! use arbitro::notation::san::{parse_move, Notation};
//! use shakmaty::{Chess, Position};
//! let pos = Chess::default();
//! let w = parse_move("Cf3", Notation::Italian).unwrap();
//! let m = quick(&pos, &w.kind, false).unwrap();
//! assert_eq!(m.to_string(), "Ng1-f3");
//! ```

use crate::notation::san::Written;
use shakmaty::attacks;
use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Position, Rank, Role, Square};

/// The legal move `written` names in `pos`, when the case is plain (see the module
/// documentation); `None` means "ask shakmaty", never "illegal".
///
/// `in_check` must say whether the side to move is in check (the caller knows it from the
/// last move's marks; `quick` does not look): out of check, a move off every line from the
/// king cannot expose it, which spares most of the looking.
#[inline]
pub fn quick(pos: &Chess, written: &Written, in_check: bool) -> Option<Move> {
    if let Written::Castle(side) = *written {
        return castle(pos, side);
    }
    let Written::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    } = *written
    else {
        return None;
    };
    let board = pos.board();
    let turn = pos.turn();
    let us = board.by_color(turn);
    if us.contains(to) {
        return None;
    }
    let occupied = board.occupied();
    let king = board.king_of(turn)?;
    let capture = board.role_at(to);
    // The written origin, as a set of squares.
    let origin = file.map_or(Bitboard::FULL, Bitboard::from_file)
        & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
    // Whether a move leaves our king safe ([`Safe::allows`]: a plain function, not a closure:
    // a closure called in two places was kept out of line, its captures written to memory
    // on every move; issue 33).
    let safe = Safe {
        board,
        them: !turn,
        snipers: board.by_color(!turn) & board.sliders(),
        in_check,
        king,
        to,
    };
    let normal = |from: Square, promotion: Option<Role>| Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    };
    match role {
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            if promotion.is_some() {
                return None;
            }
            let candidates = reach(role, to, occupied) & board.by_piece(role.of(turn)) & origin;
            only(candidates, |from| safe.allows(from)).map(|from| normal(from, None))
        }
        Role::King => {
            if promotion.is_some()
                || !origin.contains(king)
                || !attacks::king_attacks(king).contains(to)
            {
                return None;
            }
            board
                .attacks_to(to, !turn, occupied.without(king))
                .is_empty()
                .then(|| normal(king, None))
        }
        Role::Pawn => {
            if rank.is_some() {
                return None;
            }
            let promotion = pawn_promotion(turn, to, promotion)?;
            let from = pawn_origin(board, turn, file, to)?;
            safe.allows(from).then(|| normal(from, promotion))
        }
    }
}

/// What [`quick`] needs to know whether a piece of the side to move may leave its square for
/// `to` without exposing its king.
struct Safe<'b> {
    board: &'b Board,
    them: Color,
    /// The enemy line pieces.
    snipers: Bitboard,
    in_check: bool,
    king: Square,
    to: Square,
}

impl Safe<'_> {
    /// A move of a piece other than the king from `from` is legal when no enemy piece but
    /// the one taken attacks our king with `from` emptied and `to` filled. Out of check only
    /// a line through `from` can open, so when no enemy line piece (a sniper) stands on the
    /// line from the king through `from`, nothing needs looking at.
    #[inline(always)]
    fn allows(&self, from: Square) -> bool {
        (!self.in_check && (attacks::ray(self.king, from) & self.snipers).is_empty())
            || exposes_nothing(self.board, self.them, self.king, from, self.to)
    }
}

/// The squares from which a knight, bishop, rook or queen reaches `to`.
#[inline(always)]
fn reach(role: Role, to: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook => attacks::rook_attacks(to, occupied),
        _ => attacks::queen_attacks(to, occupied),
    }
}

/// The one square of `candidates` that passes `legal`; `None` when none does, or more than
/// one (ambiguous: shakmaty's answer explains it).
#[inline(always)]
fn only(candidates: Bitboard, legal: impl Fn(Square) -> bool) -> Option<Square> {
    let mut found = None;
    for from in candidates {
        if legal(from) {
            if found.is_some() {
                return None;
            }
            found = Some(from);
        }
    }
    found
}

/// The promotion a pawn move to `to` makes: `Some(None)` off the last rank, `None` when
/// the written promotion does not fit (missing on the last rank, or written elsewhere).
#[inline(always)]
fn pawn_promotion(turn: Color, to: Square, promotion: Option<Role>) -> Option<Option<Role>> {
    let last_rank = match turn {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    };
    if to.rank() == last_rank {
        match promotion {
            Some(p @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(Some(p)),
            _ => None,
        }
    } else if promotion.is_some() {
        None
    } else {
        Some(None)
    }
}

/// The square of the pawn that moves to `to` (from `file` when written: a capture), if a
/// pawn of ours stands there; en passant is left to shakmaty.
#[inline(always)]
fn pawn_origin(board: &Board, turn: Color, file: Option<File>, to: Square) -> Option<Square> {
    let back = match turn {
        Color::White => -8,
        Color::Black => 8,
    };
    let pawns = board.by_piece(Role::Pawn.of(turn));
    let capture = board.role_at(to);
    let from = match file {
        // A capture: an enemy piece on `to`.
        Some(f) if f != to.file() => {
            if capture.is_none() || f.distance(to.file()) != 1 {
                return None;
            }
            Square::from_coords(f, to.rank()).offset(back)?
        }
        _ => {
            if capture.is_some() {
                return None;
            }
            let one = to.offset(back)?;
            if pawns.contains(one) {
                one
            } else {
                let double_rank = match turn {
                    Color::White => Rank::Fourth,
                    Color::Black => Rank::Fifth,
                };
                if to.rank() != double_rank || board.occupied().contains(one) {
                    return None;
                }
                one.offset(back)?
            }
        }
    };
    pawns.contains(from).then_some(from)
}

/// Castling on `side`, when the castling rights, the empty path and the safe squares allow
/// it (FIDE 3.8.2), read off shakmaty's castling tables just as its own castling moves are
/// (`Castles::rook`, `Castles::path`); asking shakmaty for its castling moves builds a
/// whole move list, which costs more than a move's whole replay. Out of line: two moves in
/// a hundred are castling.
#[inline(never)]
fn castle(pos: &Chess, side: shakmaty::CastlingSide) -> Option<Move> {
    if pos.castles().mode() == shakmaty::CastlingMode::Chess960 {
        // King and rook may stand on each other's way: shakmaty decides.
        return None;
    }
    let board = pos.board();
    let turn = pos.turn();
    let king = board.king_of(turn)?;
    let rook = pos.castles().rook(turn, side)?;
    let occupied = board.occupied();
    if (pos.castles().path(turn, side) & occupied).any() {
        return None;
    }
    // The king's square after castling, with the king and the rook already moved; then
    // its own square and every square it crosses.
    let king_to = side.king_to(turn);
    let after = occupied ^ king ^ rook ^ side.rook_to(turn);
    if board.attacks_to(king_to, !turn, after).any() {
        return None;
    }
    let lifted = occupied ^ king;
    let safe = attacks::between(king, king_to)
        .with(king)
        .into_iter()
        .all(|sq| board.attacks_to(sq, !turn, lifted).is_empty());
    safe.then_some(Move::Castle { king, rook })
}

/// True when no piece of `them`, but one standing on `to`, attacks `king` once the piece on
/// `from` has moved to `to`. Kept out of line: it is the rare, slow part of [`quick`].
#[inline(never)]
fn exposes_nothing(
    board: &shakmaty::Board,
    them: Color,
    king: Square,
    from: Square,
    to: Square,
) -> bool {
    let after = board.occupied().without(from).with(to);
    (board.attacks_to(king, them, after) & !Bitboard::from_square(to)).is_empty()
}

/// The move shakmaty's `san_candidates` names for `written`, if exactly one: what [`quick`]
/// must agree with wherever it answers.
pub fn by_shakmaty(pos: &Chess, written: &Written) -> Option<Move> {
    if let Written::Castle(side) = *written {
        return pos.castling_moves(side).first().copied();
    }
    let Written::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    } = *written
    else {
        return None;
    };
    let mut cands = pos.san_candidates(role, to);
    cands.retain(|m| {
        let from = m.from().expect("board moves have an origin");
        file.is_none_or(|f| f == from.file())
            && rank.is_none_or(|r| r == from.rank())
            && m.promotion() == promotion
    });
    match cands.as_slice() {
        [m] => Some(*m),
        _ => None,
    }
}

/// True when the side to move has a legal move, proved quickly where a king move is safe;
/// otherwise shakmaty generates the legal moves. A king step to a square no enemy piece
/// attacks, with the king lifted off its own square, is always legal (FIDE 3.9), in check
/// or not; at the end of most games such a square exists.
///
/// ```
/// use arbitro::classical::matcher::has_legal_move;
/// use shakmaty::{fen::Fen, CastlingMode, Chess};
/// let mate: Chess = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
///     .parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
/// assert!(!has_legal_move(&mate));
/// assert!(has_legal_move(&Chess::default()));
/// ```
pub fn has_legal_move(pos: &Chess) -> bool {
    let board = pos.board();
    let turn = pos.turn();
    if let Some(king) = board.king_of(turn) {
        let lifted = board.occupied().without(king);
        let steps = attacks::king_attacks(king) & !board.by_color(turn);
        if steps
            .into_iter()
            .any(|sq| board.attacks_to(sq, !turn, lifted).is_empty())
        {
            debug_assert!(!pos.legal_moves().is_empty());
            return true;
        }
    }
    !pos.legal_moves().is_empty()
}
