//! Why a written move is not legal, and which legal moves it was probably meant to be.

use crate::finding::{Code, Finding};
use crate::notation::san::{Notation, Written, WrittenMove, write_san};
use shakmaty::attacks::{attacks, between};
use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Role, Square};

/// The English name of a role, as used in messages.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The Italian name of a role, as an arbiter says it (`donna`, not `regina`).
pub fn role_name_it(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pedone",
        Role::Knight => "cavallo",
        Role::Bishop => "alfiere",
        Role::Rook => "torre",
        Role::Queen => "donna",
        Role::King => "re",
    }
}

/// The Italian name with its article: `il pedone`, `l'alfiere`, `la torre`.
pub fn the_it(role: Role) -> &'static str {
    match role {
        Role::Pawn => "il pedone",
        Role::Knight => "il cavallo",
        Role::Bishop => "l'alfiere",
        Role::Rook => "la torre",
        Role::Queen => "la donna",
        Role::King => "il re",
    }
}

/// "no piece of this kind" in Italian: `nessun alfiere`, `nessuna torre`.
fn none_it(role: Role) -> &'static str {
    match role {
        Role::Pawn => "nessun pedone",
        Role::Knight => "nessun cavallo",
        Role::Bishop => "nessun alfiere",
        Role::Rook => "nessuna torre",
        Role::Queen => "nessuna donna",
        Role::King => "nessun re",
    }
}

/// The Italian plural: `cavalli`, `torri`, `donne`.
fn plural_it(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pedoni",
        Role::Knight => "cavalli",
        Role::Bishop => "alfieri",
        Role::Rook => "torri",
        Role::Queen => "donne",
        Role::King => "re",
    }
}

/// A text in English and in Italian.
type Both = (String, String);

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

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The side in Italian, as a sentence names it after a preposition ("il Bianco").
fn side_it(c: Color) -> &'static str {
    match c {
        Color::White => "il Bianco",
        Color::Black => "il Nero",
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
            let role = many[0].role();
            let origins: Vec<String> = many
                .iter()
                .filter_map(|m| m.from())
                .map(|s| s.to_string())
                .collect();
            let spelled: Vec<String> = many
                .iter()
                .map(|&m| write_san(&San::from_move(pos, m), notation))
                .collect();
            Err(Box::new(
                Finding::new(
                    Code::AmbiguousMove,
                    format!(
                        "{} fits {} {}s (on {})",
                        numbered(pos, word),
                        many.len(),
                        role_name(role),
                        origins.join(", ")
                    ),
                )
                .it(format!(
                    "{} può essere giocata da {} {} (in {})",
                    numbered(pos, word),
                    many.len(),
                    plural_it(role),
                    origins.join(", ")
                ))
                .label2("which piece moves?", "quale pezzo si muove?")
                .hint2(
                    format!("write {}", spelled.join(" or ")),
                    format!("scrivi {}", spelled.join(" o ")),
                )
                .rule("FIDE C.9"),
            ))
        }
    }
}

/// A finding for a move that matches no legal move: why, and the nearest legal moves.
pub fn illegal(pos: &Chess, written: &WrittenMove, word: &str, notation: Notation) -> Finding {
    let us = pos.turn();
    let ((label, label_it), rule) = match written.kind {
        Written::Castle(cs) => (castle_reason(pos, cs), "FIDE 3.8.2"),
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
            let reason = if pos.our(role).is_empty() {
                (
                    format!("{} has no {}", side(us), role_name(role)),
                    format!("{} non ha {}", side_it(us), none_it(role)),
                )
            } else if pieces.is_empty() {
                (
                    format!("no {} stands where the move says", role_name(role)),
                    format!("{} si trova dove dice la mossa", none_it(role)),
                )
            } else {
                piece_reason(pos, role, pieces, to)
            };
            (reason, role_rule(role))
        }
    };
    let mut f = Finding::new(
        Code::IllegalMove,
        format!(
            "{} is not a legal move for {}",
            numbered(pos, word),
            side(us)
        ),
    )
    .it(format!(
        "{} non è una mossa legale per {}",
        numbered(pos, word),
        side_it(us)
    ))
    .label2(label, label_it)
    .rule(rule);
    if let Some(capital) = capital_reading(pos, word, notation) {
        return f.hint2(
            format!(
                "did you mean {capital}? Piece letters are capitals ({}); a small letter is a file",
                notation.letters()
            ),
            format!(
                "intendevi {capital}? Le lettere dei pezzi sono maiuscole ({}); una minuscola è una colonna",
                notation.letters()
            ),
        );
    }
    let near = nearest(pos, written, notation);
    if !near.is_empty() {
        f = f.hint2(
            format!("did you mean {}?", near.join(" or ")),
            format!("intendevi {}?", near.join(" o ")),
        );
    }
    f
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

fn castle_reason(pos: &Chess, cs: CastlingSide) -> Both {
    let us = pos.turn();
    let (name, it) = match cs {
        CastlingSide::KingSide => ("short castling", "l'arrocco corto"),
        CastlingSide::QueenSide => ("long castling", "l'arrocco lungo"),
    };
    let castles = pos.castles();
    if !castles.has(us, cs) {
        return (
            format!("{name} is no longer allowed: the king or that rook has moved"),
            format!("{it} non è più possibile: il re o quella torre si sono mossi"),
        );
    }
    if (castles.path(us, cs) & pos.board().occupied()).any() {
        return (
            format!("{name}: the squares between king and rook are not empty"),
            format!("{it}: le case tra re e torre non sono libere"),
        );
    }
    if pos.is_check() {
        return (
            format!("{name} is not allowed while the king is in check"),
            format!("{it} non è ammesso quando il re è sotto scacco"),
        );
    }
    (
        format!("{name}: the king would pass through or land on an attacked square"),
        format!("{it}: il re passerebbe o arriverebbe su una casa attaccata"),
    )
}

fn piece_reason(pos: &Chess, role: Role, pieces: Bitboard, to: Square) -> Both {
    let us = pos.turn();
    let board = pos.board();
    let (reaches, blocked) = reach_of(pos, role, pieces, to);
    let name = role_name(role);
    let the = the_it(role);
    if board.by_color(us).contains(to) {
        let what = board.role_at(to).map_or("piece", role_name);
        let what_it = board.role_at(to).map_or("un pezzo", the_it);
        return (
            format!("{to} is occupied by {}'s own {what}", side(us)),
            format!("in {to} c'è già {what_it} dello stesso colore"),
        );
    }
    if let Some(from) = reaches {
        return if role == Role::Pawn {
            pawn_reason(pos, from, to)
        } else {
            pinned_or_check(pos, role, from)
        };
    }
    if let Some((from, blocker)) = blocked {
        return match blocker.and_then(|b| board.piece_at(b).map(|p| (b, p))) {
            Some((b, p)) => (
                format!(
                    "the {name} on {from} cannot pass the {} on {b}",
                    role_name(p.role)
                ),
                format!(
                    "{the} in {from} non può scavalcare {} in {b}",
                    the_it(p.role)
                ),
            ),
            None => (
                format!("the path of the {name} on {from} is blocked"),
                format!("{the} in {from} ha la strada bloccata"),
            ),
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

/// A piece that reaches the square, and still may not go: it does not parry the check
/// (FIDE 3.9), or it is pinned.
fn pinned_or_check(pos: &Chess, role: Role, from: Square) -> Both {
    let name = role_name(role);
    let the = the_it(role);
    if pos.is_check() {
        (
            format!("the {name} on {from} does not parry the check"),
            format!("{the} in {from} non para lo scacco"),
        )
    } else {
        (
            format!("the {name} on {from} is pinned: the move would leave the king in check"),
            format!(
                "{the} in {from} è inchiodat{}: la mossa lascerebbe il re sotto scacco",
                if matches!(role, Role::Rook | Role::Queen) {
                    "a"
                } else {
                    "o"
                }
            ),
        )
    }
}

/// No piece of the kind reaches the square, even on an empty board.
fn out_of_reach(pos: &Chess, role: Role, pieces: Bitboard, to: Square) -> Both {
    let name = role_name(role);
    let the = the_it(role);
    if role == Role::Pawn {
        return (
            format!("no pawn can reach {to}"),
            format!("nessun pedone può arrivare in {to}"),
        );
    }
    if role == Role::King && pos.is_check() {
        return (
            format!("the king cannot go to {to}"),
            format!("il re non può andare in {to}"),
        );
    }
    let origins: Vec<String> = pieces.into_iter().map(|s| s.to_string()).collect();
    match origins.as_slice() {
        [one] => (
            format!("the {name} on {one} cannot reach {to}"),
            format!("{the} in {one} non può arrivare in {to}"),
        ),
        _ => (
            format!("no {name} (on {}) can reach {to}", origins.join(", ")),
            format!(
                "{} (in {}) può arrivare in {to}",
                none_it(role),
                origins.join(", ")
            ),
        ),
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

fn pawn_reason(pos: &Chess, from: Square, to: Square) -> Both {
    let board = pos.board();
    let pinned = || {
        (
            format!("the pawn on {from} is pinned or the move leaves the king in check"),
            format!("il pedone in {from} è inchiodato o la mossa lascia il re sotto scacco"),
        )
    };
    if from.file() != to.file() {
        if board.occupied().contains(to) {
            return pinned();
        }
        return (
            format!("the pawn on {from} captures only diagonally onto a piece, and {to} is empty"),
            format!("il pedone in {from} prende solo in diagonale un pezzo, e {to} è vuota"),
        );
    }
    if board.occupied().contains(to) {
        return (
            format!("the pawn on {from} cannot move forward onto the piece on {to}"),
            format!("il pedone in {from} non può avanzare sul pezzo in {to}"),
        );
    }
    if (between(from, to) & board.occupied()).any() {
        return (
            format!("the pawn on {from} cannot jump over the piece in front of it"),
            format!("il pedone in {from} non può scavalcare il pezzo che ha davanti"),
        );
    }
    pinned()
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

/// A hint for a move that cannot be read at all, in English and in Italian.
pub fn syntax_hint(word: &str, notation: Notation) -> Option<Both> {
    let first = *word.as_bytes().first()?;
    let other = match notation {
        Notation::Italian => Notation::English,
        Notation::English => Notation::Italian,
    };
    if let Some(role) = other.role(first)
        && notation.role(first).is_none()
    {
        return Some((
            format!(
                "`{}` is the {} letter for the {}; in this game's notation it is `{}` (or force the notation with --notation)",
                first as char,
                match other {
                    Notation::Italian => "Italian",
                    Notation::English => "English",
                },
                role_name(role),
                notation.letter(role)
            ),
            format!(
                "`{}` è la lettera {} per {}; nella notazione di questa partita è `{}` (oppure imponi la notazione con --notation)",
                first as char,
                match other {
                    Notation::Italian => "italiana",
                    Notation::English => "inglese",
                },
                the_it(role),
                notation.letter(role)
            ),
        ));
    }
    if first.is_ascii_uppercase() {
        return Some((
            format!("piece letters are {}", notation.letters()),
            format!("le lettere dei pezzi sono {}", notation.letters()),
        ));
    }
    None
}

/// How a move is numbered on the sheet: `3.Dh4` or `3...Cf6`.
pub fn numbered(pos: &Chess, text: &str) -> String {
    let n = pos.fullmoves();
    match pos.turn() {
        Color::White => format!("{n}.{text}"),
        Color::Black => format!("{n}...{text}"),
    }
}
