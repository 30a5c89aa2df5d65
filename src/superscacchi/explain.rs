//! Why a written move is not legal (R35): the finding that names what is wrong with it
//! (wrong piece, forbidden square, pawn going back, blocked path, promotion), the legal
//! moves nearest to it, and, when the replay stops on it, what its squares hold and which
//! earlier line may be the slip (the blame, [`super::blame`]).

use super::position::{Move, Position};
use super::replay::SsReplay;
use crate::finding::Finding;
use crate::finding::wording::superscacchi as say;
use crate::geometry::{Army, Camp, Role, Sq, progress};
use crate::lang::Bi;
use crate::notation::marks::Marker;
use crate::notation::superscacchi::{SsGame, SsMove};

/// Finds the legal move a written line stands for, or says why there is none (R35).
pub fn find_move(pos: &Position, army: Army, w: &SsMove) -> Result<Move, Box<Finding>> {
    if let Some(f) = wrong_piece(pos, army, w) {
        return Err(Box::new(f));
    }
    let mut moves = Vec::new();
    pos.piece_moves_to(army, w.from, w.to, &mut moves);
    if moves.is_empty() {
        let mut f = why_illegal(pos, army, w);
        if let Some(h) = nearest(pos, army, w) {
            f = f.hinted(h);
        }
        return Err(Box::new(f));
    }
    promoted(moves, w)
}

/// The legal move a written line stands for, if there is one: [`find_move`] without the
/// finding (for the searches, which try many lines).
pub fn legal_move(pos: &Position, army: Army, w: &SsMove) -> Option<Move> {
    if pos
        .at(w.from)
        .is_none_or(|p| p.army != army || p.role != w.role)
    {
        return None;
    }
    let mut moves = Vec::new();
    pos.piece_moves_to(army, w.from, w.to, &mut moves);
    match (moves.iter().any(|m| m.promotion.is_some()), w.promotion) {
        (false, None) => moves.first().copied(),
        (true, Some(r)) => moves.into_iter().find(|m| m.promotion == Some(r)),
        _ => None,
    }
}

/// The `wrong-piece` finding when the square a move starts from does not hold the army's
/// piece (R11): what is there, and where the army's pieces of that kind are.
fn wrong_piece(pos: &Position, army: Army, w: &SsMove) -> Option<Finding> {
    let here = pos.at(w.from);
    if here.is_some_and(|p| p.army == army && p.role == w.role) {
        return None;
    }
    let places: Vec<Sq> = (0..=255u8)
        .map(Sq)
        .filter(|&sq| {
            pos.at(sq)
                .is_some_and(|p| p.army == army && p.role == w.role)
        })
        .collect();
    Some(say::wrong_piece(army, w.role, w.from, here, &places))
}

/// Of the legal moves of the piece to the square, the one the written promotion names
/// (R19): a pawn reaching its last rank must say what it becomes, and only then.
fn promoted(moves: Vec<Move>, w: &SsMove) -> Result<Move, Box<Finding>> {
    let promotes = moves.iter().any(|m| m.promotion.is_some());
    match (promotes, w.promotion) {
        (true, None) => Err(Box::new(say::missing_promotion(w.to))),
        (false, Some(_)) => Err(Box::new(say::no_promotion_here(w.to))),
        (true, Some(r)) => moves
            .into_iter()
            .find(|m| m.promotion == Some(r))
            .ok_or_else(|| Box::new(say::cannot_become(r))),
        (false, None) => Ok(moves[0]),
    }
}

/// The legal moves closest to what was written: the same piece to a square near the one
/// written, else another piece of the same kind to that square.
fn nearest(pos: &Position, army: Army, w: &SsMove) -> Option<Bi> {
    let dist = |a: Sq, b: Sq| a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()));
    let mut moves = Vec::new();
    pos.piece_moves(army, w.from, &mut moves);
    let mut best: Vec<Move> = Vec::new();
    if let Some(d) = moves
        .iter()
        .map(|m| dist(m.to, w.to))
        .min()
        .filter(|&d| d <= 2)
    {
        best = moves
            .into_iter()
            .filter(|m| dist(m.to, w.to) == d)
            .collect();
    } else {
        let mut all = Vec::new();
        pos.moves(army, &mut all);
        best.extend(all.into_iter().filter(|m| m.role == w.role && m.to == w.to));
    }
    best.dedup_by_key(|m| (m.from, m.to));
    let texts: Vec<String> = best
        .iter()
        .take(3)
        .map(|m| written(m, None).to_text())
        .collect();
    (!texts.is_empty()).then(|| say::did_you_mean(&texts))
}

fn why_illegal(pos: &Position, army: Army, w: &SsMove) -> Finding {
    target_reason(pos, army, w)
        .or_else(|| path_reason(pos, w))
        .unwrap_or_else(|| reach_reason(w))
}

/// What is wrong with the square a move goes to: red or green (R5), a king (R13), a piece
/// of the same team (R10), behind a pawn (R14).
fn target_reason(pos: &Position, army: Army, w: &SsMove) -> Option<Finding> {
    let to = w.to;
    let liberation = w.role == Role::King && army.camp() == Camp::Besieged;
    let red = matches!(to.kind(), crate::geometry::SquareKind::Red);
    if !to.is_ordinary() && (!liberation || red) {
        return Some(say::red_or_green(to, red));
    }
    if let Some(p) = pos.at(to) {
        if p.role == Role::King {
            return Some(say::lands_on_king(to));
        }
        if p.army.camp() == army.camp() {
            return Some(say::own_team(to, p));
        }
    }
    if w.role == Role::Pawn && progress(army.camp(), to) < progress(army.camp(), w.from) {
        return Some(say::pawn_backwards(w.from, to));
    }
    None
}

/// A sliding move whose path crosses a red or green square (R5) or a piece (R12).
fn path_reason(pos: &Position, w: &SsMove) -> Option<Finding> {
    let to = w.to;
    let (df, dr) = (
        to.file() as i8 - w.from.file() as i8,
        to.rank() as i8 - w.from.rank() as i8,
    );
    let line = df == 0 || dr == 0 || df.abs() == dr.abs();
    let fits = match w.role {
        Role::Rook => df == 0 || dr == 0,
        Role::Bishop => df.abs() == dr.abs(),
        Role::Queen => line,
        _ => false,
    };
    if fits && (df, dr) != (0, 0) {
        let (sf, sr) = (df.signum(), dr.signum());
        let mut cur = w.from;
        while let Some(s) = cur.offset(sf, sr) {
            if s == to {
                break;
            }
            if !s.is_ordinary() {
                return Some(say::path_crosses(w.from, to, s));
            }
            if let Some(p) = pos.at(s) {
                return Some(say::path_blocked(s, p.role));
            }
            cur = s;
        }
    }
    None
}

/// A move its piece cannot make (R12, R15, R20).
fn reach_reason(w: &SsMove) -> Finding {
    say::cannot_reach(w.role, w.from, w.to)
}

/// A played move as a sheet line writes it (R33), with this marker.
pub fn written(m: &Move, marker: Option<Marker>) -> SsMove {
    SsMove {
        role: m.role,
        from: m.from,
        to: m.to,
        capture: m.captured.map(|(p, _)| Some(p.role)),
        marker,
        non_canonical: false,
        promotion: m.promotion,
        ep: m.en_passant,
    }
}

/// The squares a move needs (its origin, what it takes) that do not hold what the line
/// says: where the blame of a failing line looks (R11).
pub(super) fn wrong_squares(pos: &Position, army: Army, w: &SsMove) -> Vec<Sq> {
    super::blame::needed(w)
        .into_iter()
        .filter(|&sq| {
            let want = if sq == w.from {
                Some(w.role)
            } else {
                w.capture.flatten()
            };
            match pos.at(sq) {
                None => true,
                Some(p) => (sq == w.from && p.army != army) || want.is_some_and(|r| r != p.role),
            }
        })
        .collect()
}

/// Where the replay stopped on a move that no piece can play as written (R35).
pub(super) struct Failure {
    /// The sheet and line indexes of the failing line.
    pub(super) at: (usize, usize),
    /// Its ply.
    pub(super) ply: u32,
    /// The squares it needs that do not hold what it says.
    pub(super) wrong: Vec<Sq>,
    /// What they hold, and how they came to.
    pub(super) squares: Vec<Bi>,
}

/// Says on the failing move's finding what its squares hold and which lines put them so,
/// and, when an earlier line one character off would make the game go on, names it first
/// (blame the right sheet).
/// `plies_played` replays a game and says how far it went.
pub(super) fn blame(
    game: &SsGame<'_>,
    r: &mut SsReplay,
    fail: &Failure,
    plies_played: impl Fn(&SsGame<'_>) -> u32,
) {
    let slip = super::blame::earlier_slip(game, fail.at, &fail.wrong, fail.ply, plies_played);
    let Some(f) = r.findings.pop() else {
        return;
    };
    let mut f = say::with_squares(f, &fail.squares);
    if let Some(s) = slip {
        f = say::earlier_slip(f, (s.army, s.number, s.line), &s.instead, &s.written);
    }
    r.findings.push(f);
}
