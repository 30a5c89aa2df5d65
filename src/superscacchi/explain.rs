//! Why a written move is not legal (R35): the finding that names what is wrong with it
//! (wrong piece, forbidden square, pawn going back, blocked path, promotion), the legal
//! moves nearest to it, and, when the replay stops on it, what its squares hold and which
//! earlier line may be the slip (the blame, [`super::blame`]).

use super::position::{Move, Position};
use super::replay::SsReplay;
use crate::finding::{Code, Finding};
use crate::geometry::{Army, Role, Side, progress};
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
        if let Some((h, h_it)) = nearest(pos, army, w) {
            f = f.hint2(h, h_it);
        }
        return Err(Box::new(f));
    }
    promoted(moves, w)
}

/// The `wrong-piece` finding when the square a move starts from does not hold the army's
/// piece (R11): what is there, and where the army's pieces of that kind are.
fn wrong_piece(pos: &Position, army: Army, w: &SsMove) -> Option<Finding> {
    let here = pos.at(w.from);
    if here.is_some_and(|p| p.army == army && p.role == w.role) {
        return None;
    }
    let (what, what_it) = match here {
        None => (
            format!("{} is empty", w.from),
            format!("{} è vuota", w.from),
        ),
        Some(p) if p.army != army => (
            format!("{} holds {} of {}", w.from, p.role.a_name(), p.army),
            format!("in {} c'è {} di {}", w.from, p.role.un_name(), p.army),
        ),
        Some(p) => (
            format!(
                "{} holds {army}'s {}, not {}",
                w.from,
                p.role.name(),
                w.role.a_name()
            ),
            format!(
                "in {} c'è {} di {army}, non {}",
                w.from,
                p.role.the_name(),
                w.role.un_name()
            ),
        ),
    };
    let places: Vec<String> = (0..=255u8)
        .map(crate::geometry::Sq)
        .filter(|&sq| {
            pos.at(sq)
                .is_some_and(|p| p.army == army && p.role == w.role)
        })
        .map(|sq| sq.to_string())
        .collect();
    let (whereabouts, whereabouts_it) = match places.as_slice() {
        [] => (
            format!("{army} has no {} left", w.role.name()),
            format!("a {army} non resta {}", w.role.none_name()),
        ),
        [one] => (
            format!("where {army} has {}: {one}", w.role.a_name()),
            format!("{} di {army} è in {one}", w.role.the_name()),
        ),
        _ => (
            format!(
                "where {army} has {}: {}",
                w.role.a_name(),
                places.join(", ")
            ),
            format!(
                "{} di {army} sono in {}",
                w.role.plural_it(),
                places.join(", ")
            ),
        ),
    };
    Some(
        Finding::new(
            Code::WrongPiece,
            format!(
                "no {} of {army} stands on {} ({whereabouts})",
                w.role.name(),
                w.from
            ),
        )
        .it(format!(
            "in {} non c'è {} di {army} ({whereabouts_it})",
            w.from,
            w.role.none_name()
        ))
        .label2(what, what_it)
        .rule("R11"),
    )
}

/// Of the legal moves of the piece to the square, the one the written promotion names
/// (R19): a pawn reaching its last rank must say what it becomes, and only then.
fn promoted(moves: Vec<Move>, w: &SsMove) -> Result<Move, Box<Finding>> {
    let promotes = moves.iter().any(|m| m.promotion.is_some());
    match (promotes, w.promotion) {
        (true, None) => Err(Box::new(
            Finding::new(
                Code::MissingPromotion,
                format!("the pawn reaches {} and must be promoted", w.to),
            )
            .it(format!(
                "il pedone arriva in {} e deve essere promosso",
                w.to
            ))
            .label2("which piece does it become?", "in quale pezzo si promuove?")
            .hint2(
                format!("write the piece, e.g. `=R` after {}", w.to),
                format!("scrivi il pezzo, per esempio `=R` dopo {}", w.to),
            )
            .rule("R19"),
        )),
        (false, Some(_)) => Err(Box::new(
            Finding::new(
                Code::WrongPromotion,
                format!("{} is not a promotion square for this pawn", w.to),
            )
            .it(format!(
                "{} non è una casa di promozione per questo pedone",
                w.to
            ))
            .label2("no promotion here", "qui non c'è promozione")
            .rule("R19"),
        )),
        (true, Some(r)) => moves
            .into_iter()
            .find(|m| m.promotion == Some(r))
            .ok_or_else(|| {
                Box::new(
                    Finding::new(
                        Code::WrongPromotion,
                        format!("a pawn cannot become {}", r.a_name()),
                    )
                    .it(format!("un pedone non può diventare {}", r.un_name()))
                    .label2("promote to C, A, T or R", "si promuove a C, A, T o R")
                    .rule("R19"),
                )
            }),
        (false, None) => Ok(moves[0]),
    }
}

/// The legal moves closest to what was written: the same piece to a square near the one
/// written, else another piece of the same kind to that square.
fn nearest(pos: &Position, army: Army, w: &SsMove) -> Option<(String, String)> {
    let dist = |a: crate::geometry::Sq, b: crate::geometry::Sq| {
        a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
    };
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
        .map(|m| format!("`{}`", written(m, None).to_text()))
        .collect();
    (!texts.is_empty()).then(|| {
        (
            format!("did you mean {}?", texts.join(" or ")),
            format!("intendevi {}?", texts.join(" o ")),
        )
    })
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
    let liberation = w.role == Role::King && army.side() == Side::Besieged;
    let red = matches!(to.kind(), crate::geometry::SquareKind::Red);
    if !to.is_ordinary() && (!liberation || red) {
        let (colour, colour_it) = if red {
            ("red", "rossa")
        } else {
            ("green", "verde")
        };
        return Some(
            Finding::new2(
                Code::ForbiddenSquare,
                format!("no piece may stop on {to}"),
                format!("nessun pezzo può fermarsi in {to}"),
            )
            .label2(
                format!("{to} is a {colour} square"),
                format!("{to} è una casa {colour_it}"),
            )
            .rule("R5"),
        );
    }
    if let Some(p) = pos.at(to) {
        if p.role == Role::King {
            return Some(
                Finding::new(
                    Code::ForbiddenSquare,
                    format!("{to} holds a king, and no move lands on a king"),
                )
                .it(format!(
                    "in {to} c'è un re, e nessuna mossa arriva sulla casa di un re"
                ))
                .label2("kings are never captured", "i re non si prendono mai")
                .rule("R13"),
            );
        }
        if p.army.side() == army.side() {
            return Some(
                Finding::new(
                    Code::ForbiddenSquare,
                    format!(
                        "{to} holds {} of {}, of the same team",
                        p.role.a_name(),
                        p.army
                    ),
                )
                .it(format!(
                    "in {to} c'è {} di {}, della stessa squadra",
                    p.role.un_name(),
                    p.army
                ))
                .label2("own team", "stessa squadra")
                .rule("R10"),
            );
        }
    }
    if w.role == Role::Pawn && progress(army.side(), to) < progress(army.side(), w.from) {
        return Some(
            Finding::new(
                Code::PawnBackwards,
                format!("the pawn on {} would go back to {to}", w.from),
            )
            .it(format!(
                "il pedone in {} tornerebbe indietro in {to}",
                w.from
            ))
            .label2(
                "a pawn never lowers its progress",
                "un pedone non torna mai indietro",
            )
            .rule("R14"),
        );
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
                return Some(
                    Finding::new(
                        Code::BlockedPath,
                        format!(
                            "the path from {} to {to} crosses the red or green square {s}",
                            w.from
                        ),
                    )
                    .it(format!(
                        "la strada da {} a {to} attraversa la casa rossa o verde {s}",
                        w.from
                    ))
                    .label2(
                        "no sliding move passes a red or green square",
                        "nessuna mossa lunga attraversa una casa rossa o verde",
                    )
                    .rule("R5"),
                );
            }
            if let Some(p) = pos.at(s) {
                return Some(
                    Finding::new(
                        Code::BlockedPath,
                        format!("the {} on {s} stands in the way", p.role.name()),
                    )
                    .it(format!("{} in {s} sbarra la strada", p.role.the_name()))
                    .label2("blocked", "strada bloccata")
                    .rule("R12"),
                );
            }
            cur = s;
        }
    }
    None
}

/// A move its piece cannot make (R12, R15, R20).
fn reach_reason(w: &SsMove) -> Finding {
    let to = w.to;
    let (rule, why, why_it) = match w.role {
        Role::King => (
            "R20",
            format!(
                "the king cannot go to {to}: it would stand attacked, or it is not one step away"
            ),
            format!("il re non può andare in {to}: sarebbe attaccato, o non è a un passo"),
        ),
        Role::Pawn => (
            "R15",
            format!("the pedone on {} cannot go to {to}", w.from),
            format!("il pedone in {} non può andare in {to}", w.from),
        ),
        r => (
            "R12",
            format!("the {} on {} cannot go to {to}", r.name(), w.from),
            format!("{} in {} non può andare in {to}", r.the_name(), w.from),
        ),
    };
    Finding::new(
        Code::IllegalMove,
        format!("{} {} - {to} is not a legal move", w.role.letter(), w.from),
    )
    .it(format!(
        "{} {} - {to} non è una mossa legale",
        w.role.letter(),
        w.from
    ))
    .label2(why, why_it)
    .rule(rule)
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
pub(super) fn wrong_squares(pos: &Position, army: Army, w: &SsMove) -> Vec<crate::geometry::Sq> {
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
    pub(super) wrong: Vec<crate::geometry::Sq>,
    /// What they hold, and how they came to (English, Italian).
    pub(super) squares: Vec<(String, String)>,
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
    let Some(f) = r.findings.last_mut() else {
        return;
    };
    if !fail.squares.is_empty() {
        let en: Vec<&str> = fail.squares.iter().map(|(e, _)| e.as_str()).collect();
        let it: Vec<&str> = fail.squares.iter().map(|(_, i)| i.as_str()).collect();
        let (en, it) = (en.join("; "), it.join("; "));
        f.message = format!("{}; {en}", f.message);
        if let Some(i) = f.italian.as_deref_mut()
            && let Some(m) = &mut i.message
        {
            *m = format!("{m}; {it}");
        }
    }
    if let Some(s) = slip {
        let also = f
            .hint
            .take()
            .map_or(String::new(), |h| format!("; otherwise, {h}"));
        let also_it = f
            .italian
            .as_deref_mut()
            .and_then(|i| i.hint.take())
            .map_or(String::new(), |h| format!("; altrimenti, {h}"));
        f.hint = Some(format!(
            "the slip may be on an earlier line: {} {} (line {}) `{}` instead of `{}` makes the game go on{also}",
            s.army, s.number, s.line, s.instead, s.written
        ));
        if let Some(i) = f.italian.as_deref_mut() {
            i.hint = Some(format!(
                "lo sbaglio può essere su una riga precedente: {} {} (riga {}) `{}` invece di `{}` fa proseguire la partita{also_it}",
                s.army, s.number, s.line, s.instead, s.written
            ));
        }
    }
}
