//! The position, the moves of every piece (R11–R22) and attacks (R23).

use super::setup::Setup;
use crate::geometry::{
    Army, Camp, DIAGONAL, GREEN, KING_STEPS, KNIGHT, KNIGHT_JUMPS, NEIGHBOUR, NONE, ORDINARY,
    ORTHOGONAL, Piece, Role, Sq, progress, promotes,
};

/// Where an army's king is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KingState {
    /// On an ordinary square, in play.
    InPlay(Sq),
    /// On a red or green square for the rest of the game (R22).
    Sanctuary(Sq),
    /// Mated and taken off the board (R28–R30).
    Removed,
}

/// The right to capture en passant (R18).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnPassant {
    /// The square passed over (`s1`): where the capturing pawn lands.
    pub passed: Sq,
    /// Where the double-stepping pawn stands (`s2`).
    pub pawn: Sq,
    /// The only army that may capture: the next in turn order.
    pub army: Army,
}

/// A move of one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The army moving.
    pub army: Army,
    /// The piece moving (before promotion).
    pub role: Role,
    /// From.
    pub from: Sq,
    /// To.
    pub to: Sq,
    /// The piece captured and where it stood (not `to` for en passant).
    pub captured: Option<(Piece, Sq)>,
    /// The piece a pawn becomes (R19).
    pub promotion: Option<Role>,
    /// An en-passant capture (R18).
    pub en_passant: bool,
    /// A pawn's double step (R16).
    pub double: bool,
    /// A besieged king stepping onto a green corner (R21).
    pub liberation: bool,
}

impl Move {
    /// A move of `role` from `from` going nowhere yet: the base the generators fill in.
    pub fn start(army: Army, role: Role, from: Sq) -> Move {
        Move {
            army,
            role,
            from,
            to: from,
            captured: None,
            promotion: None,
            en_passant: false,
            double: false,
            liberation: false,
        }
    }
}

/// The whole state of a game between moves.
#[derive(Debug, Clone)]
pub struct Position {
    /// What stands on each square.
    pub board: [Option<Piece>; 256],
    /// Squares holding a pawn that has not moved yet (R16).
    pub unmoved: [bool; 256],
    /// Each army's king.
    pub kings: [KingState; 8],
    /// The en-passant right, if any.
    pub ep: Option<EnPassant>,
    /// Armies that lose their next turn (R28, R29).
    pub lost: [bool; 8],
    /// The turn order (R8).
    pub order: [Army; 8],
}

const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

impl Position {
    /// The position before the first move.
    pub fn new(setup: &Setup) -> Position {
        let mut p = Position {
            board: [None; 256],
            unmoved: [false; 256],
            kings: [KingState::Removed; 8],
            ep: None,
            lost: [false; 8],
            order: setup.order,
        };
        for &(sq, piece) in &setup.pieces {
            p.board[sq.0 as usize] = Some(piece);
            match piece.role {
                Role::Pawn => p.unmoved[sq.0 as usize] = true,
                Role::King => p.kings[piece.army.index()] = KingState::InPlay(sq),
                _ => {}
            }
        }
        p
    }

    /// An empty board with the given turn order (for positions built by hand).
    pub fn empty(order: [Army; 8]) -> Position {
        Position {
            board: [None; 256],
            unmoved: [false; 256],
            kings: [KingState::Removed; 8],
            ep: None,
            lost: [false; 8],
            order,
        }
    }

    /// Puts a piece on a square (a king is put in play; a pawn counts as not yet moved).
    pub fn put(&mut self, sq: Sq, piece: Piece) {
        self.board[sq.0 as usize] = Some(piece);
        match piece.role {
            Role::Pawn => self.unmoved[sq.0 as usize] = true,
            Role::King => self.kings[piece.army.index()] = KingState::InPlay(sq),
            _ => {}
        }
    }

    /// What stands on `sq`.
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.board[sq.0 as usize]
    }

    /// The square of an army's king, if in play.
    pub fn king_in_play(&self, army: Army) -> Option<Sq> {
        match self.kings[army.index()] {
            KingState::InPlay(sq) => Some(sq),
            _ => None,
        }
    }

    /// The army after `army` in turn order.
    pub fn next_army(&self, army: Army) -> Army {
        let i = self.order.iter().position(|&a| a == army).unwrap_or(0);
        self.order[(i + 1) % 8]
    }

    /// The army before `army` in turn order.
    pub fn previous_army(&self, army: Army) -> Army {
        let i = self.order.iter().position(|&a| a == army).unwrap_or(0);
        self.order[(i + 7) % 8]
    }

    /// R23: is the ordinary square `sq` attacked by a piece of an army that `by` accepts?
    /// Red and green squares are never attacked.
    pub fn attacked_by(&self, sq: Sq, by: impl Fn(Army) -> bool) -> bool {
        self.attacked_by_vacating(sq, by, None)
    }

    /// [`Position::attacked_by`] as if the square `vacated` were empty: a king's square
    /// once it has left it (R20). The piece on `sq` itself never matters.
    pub fn attacked_by_vacating(
        &self,
        sq: Sq,
        by: impl Fn(Army) -> bool,
        vacated: Option<Sq>,
    ) -> bool {
        if !sq.is_ordinary() {
            return false;
        }
        let vacated = vacated.map_or(NONE, |v| u16::from(v.0));
        for &j in &KNIGHT[sq.0 as usize] {
            if j != NONE
                && j != vacated
                && let Some(p) = self.board[j as usize]
                && p.role == Role::Knight
                && by(p.army)
            {
                return true;
            }
        }
        for (d, &(df, dr)) in KING_STEPS.iter().enumerate() {
            let diagonal = df != 0 && dr != 0;
            let mut cur = u16::from(sq.0);
            let mut first = true;
            loop {
                let s = NEIGHBOUR[cur as usize][d];
                if s == NONE || !ORDINARY[s as usize] {
                    break;
                }
                if s == vacated {
                    first = false;
                    cur = s;
                    continue;
                }
                if let Some(p) = self.board[s as usize] {
                    if by(p.army) {
                        let hit = match p.role {
                            Role::Queen => true,
                            Role::Bishop => diagonal,
                            Role::Rook => !diagonal,
                            Role::King => {
                                first
                                    && self.kings[p.army.index()] == KingState::InPlay(Sq(s as u8))
                            }
                            Role::Pawn => {
                                first
                                    && diagonal
                                    && progress(p.army.camp(), sq)
                                        >= progress(p.army.camp(), Sq(s as u8))
                            }
                            Role::Knight => false,
                        };
                        if hit {
                            return true;
                        }
                    }
                    break;
                }
                first = false;
                cur = s;
            }
        }
        false
    }

    /// R23 for a team.
    pub fn attacked(&self, sq: Sq, camp: Camp) -> bool {
        self.attacked_by(sq, |a| a.camp() == camp)
    }

    /// Is this army's king in play attacked by the enemy team (R24)?
    pub fn in_check(&self, army: Army) -> bool {
        self.king_in_play(army)
            .is_some_and(|k| self.attacked(k, army.camp().other()))
    }

    /// Can a piece of `army` end on `to` (R5, R10, R11)? Returns the piece captured.
    fn landing(&self, army: Army, to: Sq) -> Result<Option<Piece>, ()> {
        if !to.is_ordinary() {
            return Err(());
        }
        match self.at(to) {
            None => Ok(None),
            Some(p) if p.army.camp() == army.camp() || p.role == Role::King => Err(()),
            Some(p) => Ok(Some(p)),
        }
    }

    fn push_pawn(&self, out: &mut Vec<Move>, m: Move) {
        if promotes(m.army.camp(), m.to) {
            for role in PROMOTIONS {
                out.push(Move {
                    promotion: Some(role),
                    ..m
                });
            }
        } else {
            out.push(m);
        }
    }

    /// Every legal move of the piece of `army` on `from` (R11–R22). En passant is
    /// generated only when the right belongs to `army`.
    pub fn piece_moves(&self, army: Army, from: Sq, out: &mut Vec<Move>) {
        let Some(piece) = self.at(from) else { return };
        if piece.army != army {
            return;
        }
        let base = Move::start(army, piece.role, from);
        match piece.role {
            Role::Knight => {
                for (df, dr) in KNIGHT_JUMPS {
                    if let Some(to) = from.offset(df, dr)
                        && let Ok(cap) = self.landing(army, to)
                    {
                        out.push(Move {
                            to,
                            captured: cap.map(|p| (p, to)),
                            ..base
                        });
                    }
                }
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                for (df, dr) in KING_STEPS {
                    let diagonal = df != 0 && dr != 0;
                    if (piece.role == Role::Bishop && !diagonal)
                        || (piece.role == Role::Rook && diagonal)
                    {
                        continue;
                    }
                    let mut cur = from;
                    while let Some(to) = cur.offset(df, dr) {
                        if !to.is_ordinary() {
                            break;
                        }
                        match self.landing(army, to) {
                            Ok(None) => out.push(Move { to, ..base }),
                            Ok(Some(p)) => {
                                out.push(Move {
                                    to,
                                    captured: Some((p, to)),
                                    ..base
                                });
                                break;
                            }
                            Err(()) => break,
                        }
                        cur = to;
                    }
                }
            }
            Role::Pawn => self.pawn_moves(base, out),
            Role::King => self.king_moves(base, out),
        }
    }

    fn pawn_moves(&self, base: Move, out: &mut Vec<Move>) {
        let (army, from) = (base.army, base.from);
        let camp = army.camp();
        let p0 = progress(camp, from);
        for (df, dr) in ORTHOGONAL {
            let Some(to) = from.offset(df, dr) else {
                continue;
            };
            if !to.is_ordinary() || self.at(to).is_some() || progress(camp, to) < p0 {
                continue;
            }
            self.push_pawn(out, Move { to, ..base });
            if self.unmoved[from.0 as usize]
                && let Some(to2) = to.offset(df, dr)
                && to2.is_ordinary()
                && self.at(to2).is_none()
                && progress(camp, to2) >= progress(camp, to)
            {
                self.push_pawn(
                    out,
                    Move {
                        to: to2,
                        double: true,
                        ..base
                    },
                );
            }
        }
        for (df, dr) in DIAGONAL {
            let Some(to) = from.offset(df, dr) else {
                continue;
            };
            if progress(camp, to) < p0 {
                continue;
            }
            if let Ok(Some(p)) = self.landing(army, to) {
                self.push_pawn(
                    out,
                    Move {
                        to,
                        captured: Some((p, to)),
                        ..base
                    },
                );
            }
        }
        if let Some(ep) = self.ep
            && ep.army == army
            && self.at(ep.passed).is_none()
            && from.file().abs_diff(ep.passed.file()) == 1
            && from.rank().abs_diff(ep.passed.rank()) == 1
            && from.file().abs_diff(ep.pawn.file()) + from.rank().abs_diff(ep.pawn.rank()) == 1
            && progress(camp, ep.passed) >= p0
            && let Some(p) = self.at(ep.pawn)
            && p.role == Role::Pawn
            && p.army.camp() != camp
        {
            self.push_pawn(
                out,
                Move {
                    to: ep.passed,
                    captured: Some((p, ep.pawn)),
                    en_passant: true,
                    ..base
                },
            );
        }
    }

    fn king_moves(&self, base: Move, out: &mut Vec<Move>) {
        self.king_moves_to(base, None, out);
    }

    /// Has the king of `army`, in play, a move (R20, R21)? Stops at the first one.
    pub fn king_can_move(&self, army: Army) -> bool {
        let Some(from) = self.king_in_play(army) else {
            return false;
        };
        let enemy = army.camp().other();
        (0..8).any(|d| {
            from.step(d).is_some_and(|to| {
                if GREEN.contains(&to) {
                    army.camp() == Camp::Besieged && self.at(to).is_none()
                } else {
                    self.landing(army, to).is_ok()
                        && !self.attacked_by_vacating(to, |a| a.camp() == enemy, Some(from))
                }
            })
        })
    }

    /// The king's moves (R20, R21), all or only those to `only`.
    fn king_moves_to(&self, base: Move, only: Option<Sq>, out: &mut Vec<Move>) {
        let (army, from) = (base.army, base.from);
        if self.kings[army.index()] != KingState::InPlay(from) {
            return; // R22: a king in sanctuary never moves.
        }
        let enemy = army.camp().other();
        for d in 0..8 {
            let Some(to) = from.step(d) else { continue };
            if only.is_some_and(|o| o != to) {
                continue;
            }
            if GREEN.contains(&to) {
                if army.camp() == Camp::Besieged && self.at(to).is_none() {
                    out.push(Move {
                        to,
                        liberation: true,
                        ..base
                    });
                }
                continue;
            }
            let Ok(cap) = self.landing(army, to) else {
                continue;
            };
            // R20: never onto a square attacked once the move is made: attacks are judged
            // with the king gone from its old square (the piece on the target does not
            // matter).
            if !self.attacked_by_vacating(to, |a| a.camp() == enemy, Some(from)) {
                out.push(Move {
                    to,
                    captured: cap.map(|p| (p, to)),
                    ..base
                });
            }
        }
    }

    /// The legal moves of the piece of `army` on `from` that go to `to`.
    pub fn piece_moves_to(&self, army: Army, from: Sq, to: Sq, out: &mut Vec<Move>) {
        match self.at(from) {
            Some(p) if p.army == army && p.role == Role::King => {
                self.king_moves_to(Move::start(army, Role::King, from), Some(to), out);
            }
            _ => {
                self.piece_moves(army, from, out);
                out.retain(|m| m.to == to);
            }
        }
    }

    /// Calls `f` on the board as it stands after `m`, then puts the board back. Only the
    /// board and the kings change (not the en-passant right or the unmoved pawns): enough
    /// for attack tests, and much cheaper than a copy of the position.
    pub fn with_move<R>(&mut self, m: &Move, f: impl FnOnce(&Position) -> R) -> R {
        let (from, to) = (m.from.0 as usize, m.to.0 as usize);
        let moving = self.board[from];
        let at_to = self.board[to];
        let cap = m.captured.map(|(p, sq)| (sq.0 as usize, p));
        let king = self.kings[m.army.index()];
        if let Some((sq, _)) = cap {
            self.board[sq] = None;
        }
        self.board[from] = None;
        self.board[to] = moving.map(|p| Piece {
            role: m.promotion.unwrap_or(p.role),
            ..p
        });
        if m.role == Role::King {
            self.kings[m.army.index()] = if m.liberation {
                KingState::Sanctuary(m.to)
            } else {
                KingState::InPlay(m.to)
            };
        }
        let r = f(self);
        self.kings[m.army.index()] = king;
        self.board[to] = at_to;
        self.board[from] = moving;
        if let Some((sq, p)) = cap {
            self.board[sq] = Some(p);
        }
        r
    }

    /// Every legal move of `army`.
    pub fn moves(&self, army: Army, out: &mut Vec<Move>) {
        for i in 0..256 {
            if self.board[i].is_some_and(|p| p.army == army) {
                self.piece_moves(army, Sq(i as u8), out);
            }
        }
    }

    /// Has `army` any legal move (R30)? Pieces other than the king first: their moves need
    /// no attack test. `out` is a buffer to reuse.
    pub fn has_move_with(&self, army: Army, out: &mut Vec<Move>) -> bool {
        out.clear();
        let mut king = None;
        for i in 0..256 {
            if let Some(p) = self.board[i]
                && p.army == army
            {
                if p.role == Role::King {
                    king = Some(Sq(i as u8));
                    continue;
                }
                self.piece_moves(army, Sq(i as u8), out);
                if !out.is_empty() {
                    return true;
                }
            }
        }
        king.is_some() && self.king_can_move(army)
    }

    /// Plays a move: capture, en passant, promotion, liberation (R31's middle part).
    pub fn play(&mut self, m: &Move) {
        let from = m.from.0 as usize;
        let piece = self.board[from].take();
        self.unmoved[from] = false;
        if let Some((_, sq)) = m.captured {
            self.board[sq.0 as usize] = None;
            self.unmoved[sq.0 as usize] = false;
        }
        let role = m.promotion.unwrap_or(m.role);
        self.board[m.to.0 as usize] = piece.map(|p| Piece { role, ..p });
        if m.role == Role::King {
            self.kings[m.army.index()] = if m.liberation {
                KingState::Sanctuary(m.to)
            } else {
                KingState::InPlay(m.to)
            };
        }
        self.ep = m.double.then(|| EnPassant {
            passed: Sq::new(
                ((m.from.file() as u16 + m.to.file() as u16) / 2) as u8,
                ((m.from.rank() as u16 + m.to.rank() as u16) / 2) as u8,
            ),
            pawn: m.to,
            army: self.next_army(m.army),
        });
    }

    /// Takes a mated king off the board (R28).
    pub fn remove_king(&mut self, army: Army) {
        if let KingState::InPlay(sq) = self.kings[army.index()] {
            self.board[sq.0 as usize] = None;
        }
        self.kings[army.index()] = KingState::Removed;
    }

    /// Moves a king into sanctuary (R26, R27).
    pub fn send_to_sanctuary(&mut self, army: Army, to: Sq) {
        if let KingState::InPlay(sq) = self.kings[army.index()] {
            let king = self.board[sq.0 as usize].take();
            self.board[to.0 as usize] = king;
            self.kings[army.index()] = KingState::Sanctuary(to);
        }
    }
}
