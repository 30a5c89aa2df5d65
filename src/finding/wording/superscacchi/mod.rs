//! How the SuperScacchi findings are said (`superscacchi-rules.md`): why a move is not
//! legal (R5–R20, R35), the merge of the sheets (R32, R32a), the slips of a played line
//! (R33, R34, R36), the unreadable moves (formats.md §8) and the register (R40–R43).
//! One constructor per finding, in both languages; the engine passes the facts.

use crate::finding::{Code, Finding};
use crate::geometry::{Army, Piece, Role, Sq};
use crate::lang::Bi;
use crate::notation::marks::{Marker, Pen};

mod slip;
pub use slip::{misplaced_move, missing_move, would_score};

pub mod register;

// ---- piece names in sentences: the Italian names, with each language's articles ----

/// The Italian name with the English article: "a cavallo", "an alfiere".
fn a(role: Role) -> String {
    let name = role.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// The Italian name with the Italian indefinite article: "un cavallo", "una torre".
fn un(role: Role) -> &'static str {
    match role {
        Role::Pawn => "un pedone",
        Role::Knight => "un cavallo",
        Role::Bishop => "un alfiere",
        Role::Rook => "una torre",
        Role::Queen => "una regina",
        Role::King => "un re",
    }
}

/// The Italian name with the Italian definite article: "il cavallo", "l'alfiere".
fn the(role: Role) -> &'static str {
    match role {
        Role::Pawn => "il pedone",
        Role::Knight => "il cavallo",
        Role::Bishop => "l'alfiere",
        Role::Rook => "la torre",
        Role::Queen => "la regina",
        Role::King => "il re",
    }
}

/// "no piece of this kind" in Italian: "nessun cavallo", "nessuna torre".
fn none(role: Role) -> &'static str {
    match role {
        Role::Rook => "nessuna torre",
        Role::Queen => "nessuna regina",
        Role::Pawn => "nessun pedone",
        Role::Knight => "nessun cavallo",
        Role::Bishop => "nessun alfiere",
        Role::King => "nessun re",
    }
}

/// The Italian plural: "cavalli", "torri".
fn plural(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pedoni",
        Role::Knight => "cavalli",
        Role::Bishop => "alfieri",
        Role::Rook => "torri",
        Role::Queen => "regine",
        Role::King => "re",
    }
}

/// A finding on a sheet line: its message starts with the line (`S 5. P e2 - e3: …`).
pub fn on_line(mut f: Finding, army: Army, number: u32, text: &str) -> Finding {
    f.edit_message(|m| Some(format!("{army} {number}. {text}: {m}")));
    f
}

// ---- why a move is not legal (R35) ----

/// `wrong-piece` (R11): no `role` of `army` on `from`; `here` is what stands there (not
/// that piece), `places` where the army's pieces of that kind stand.
pub fn wrong_piece(
    army: Army,
    role: Role,
    from: Sq,
    here: Option<Piece>,
    places: &[Sq],
) -> Finding {
    let what: Bi = match here {
        None => Bi::new(format!("{from} is empty"), format!("{from} è vuota")),
        Some(p) if p.army != army => Bi::new(
            format!("{from} holds {} of {}", a(p.role), p.army),
            format!("in {from} c'è {} di {}", un(p.role), p.army),
        ),
        Some(p) => Bi::new(
            format!("{from} holds {army}'s {}, not {}", p.role.name(), a(role)),
            format!("in {from} c'è {} di {army}, non {}", the(p.role), un(role)),
        ),
    };
    let places: Vec<String> = places.iter().map(Sq::to_string).collect();
    let whereabouts: Bi = match places.as_slice() {
        [] => Bi::new(
            format!("{army} has no {} left", role.name()),
            format!("a {army} non resta {}", none(role)),
        ),
        [one] => Bi::new(
            format!("where {army} has {}: {one}", a(role)),
            format!("{} di {army} è in {one}", the(role)),
        ),
        _ => Bi::new(
            format!("where {army} has {}: {}", a(role), places.join(", ")),
            format!("{} di {army} sono in {}", plural(role), places.join(", ")),
        ),
    };
    Finding::said(
        Code::WrongPiece,
        Bi::new(
            format!(
                "no {} of {army} stands on {from} ({})",
                role.name(),
                whereabouts.en
            ),
            format!(
                "in {from} non c'è {} di {army} ({})",
                none(role),
                whereabouts.it
            ),
        ),
    )
    .labelled(what)
    .rule("R11")
}

/// `missing-promotion` (R19): the pawn reaches `to` and the line names no piece.
pub fn missing_promotion(to: Sq) -> Finding {
    Finding::said(
        Code::MissingPromotion,
        Bi::new(
            format!("the pawn reaches {to} and must be promoted"),
            format!("il pedone arriva in {to} e deve essere promosso"),
        ),
    )
    .labelled(Bi::new(
        "which piece does it become?",
        "in quale pezzo si promuove?",
    ))
    .hinted(Bi::new(
        format!("write the piece, e.g. `=R` after {to}"),
        format!("scrivi il pezzo, per esempio `=R` dopo {to}"),
    ))
    .rule("R19")
}

/// `wrong-promotion` (R19): a promotion written on a move to `to`, which does not promote.
pub fn no_promotion_here(to: Sq) -> Finding {
    Finding::said(
        Code::WrongPromotion,
        Bi::new(
            format!("{to} is not a promotion square for this pawn"),
            format!("{to} non è una casa di promozione per questo pedone"),
        ),
    )
    .labelled(Bi::new("no promotion here", "qui non c'è promozione"))
    .rule("R19")
}

/// `wrong-promotion` (R19): a pawn promoted to `role`, which it cannot become.
pub fn cannot_become(role: Role) -> Finding {
    Finding::said(
        Code::WrongPromotion,
        Bi::new(
            format!("a pawn cannot become {}", a(role)),
            format!("un pedone non può diventare {}", un(role)),
        ),
    )
    .labelled(Bi::new(
        "promote to C, A, T or R",
        "si promuove a C, A, T o R",
    ))
    .rule("R19")
}

/// The hint naming the legal moves nearest to a written one (as the sheet writes them).
pub fn did_you_mean(moves: &[String]) -> Bi {
    let texts: Vec<String> = moves.iter().map(|m| format!("`{m}`")).collect();
    Bi::new(
        format!("did you mean {}?", texts.join(" or ")),
        format!("intendevi {}?", texts.join(" o ")),
    )
}

/// `forbidden-square` (R5): no piece stops on a red or green square.
pub fn red_or_green(to: Sq, red: bool) -> Finding {
    let colour: Bi<&str> = if red {
        Bi::new("red", "rossa")
    } else {
        Bi::new("green", "verde")
    };
    Finding::said(
        Code::ForbiddenSquare,
        Bi::new(
            format!("no piece may stop on {to}"),
            format!("nessun pezzo può fermarsi in {to}"),
        ),
    )
    .labelled(Bi::new(
        format!("{to} is a {} square", colour.en),
        format!("{to} è una casa {}", colour.it),
    ))
    .rule("R5")
}

/// `forbidden-square` (R13): no move lands on a king.
pub fn lands_on_king(to: Sq) -> Finding {
    Finding::said(
        Code::ForbiddenSquare,
        Bi::new(
            format!("{to} holds a king, and no move lands on a king"),
            format!("in {to} c'è un re, e nessuna mossa arriva sulla casa di un re"),
        ),
    )
    .labelled(Bi::new(
        "kings are never captured",
        "i re non si prendono mai",
    ))
    .rule("R13")
}

/// `forbidden-square` (R10): `to` holds `piece`, of the mover's own team.
pub fn own_team(to: Sq, piece: Piece) -> Finding {
    Finding::said(
        Code::ForbiddenSquare,
        Bi::new(
            format!(
                "{to} holds {} of {}, of the same team",
                a(piece.role),
                piece.army
            ),
            format!(
                "in {to} c'è {} di {}, della stessa squadra",
                un(piece.role),
                piece.army
            ),
        ),
    )
    .labelled(Bi::new("own team", "stessa squadra"))
    .rule("R10")
}

/// `pawn-backwards` (R14).
pub fn pawn_backwards(from: Sq, to: Sq) -> Finding {
    Finding::said(
        Code::PawnBackwards,
        Bi::new(
            format!("the pawn on {from} would go back to {to}"),
            format!("il pedone in {from} tornerebbe indietro in {to}"),
        ),
    )
    .labelled(Bi::new(
        "a pawn never lowers its progress",
        "un pedone non torna mai indietro",
    ))
    .rule("R14")
}

/// `blocked-path` (R5): the path from `from` to `to` crosses the red or green square `sq`.
pub fn path_crosses(from: Sq, to: Sq, sq: Sq) -> Finding {
    Finding::said(
        Code::BlockedPath,
        Bi::new(
            format!("the path from {from} to {to} crosses the red or green square {sq}"),
            format!("la strada da {from} a {to} attraversa la casa rossa o verde {sq}"),
        ),
    )
    .labelled(Bi::new(
        "no sliding move passes a red or green square",
        "nessuna mossa lunga attraversa una casa rossa o verde",
    ))
    .rule("R5")
}

/// `blocked-path` (R12): a `role` on `sq` stands in the way.
pub fn path_blocked(sq: Sq, role: Role) -> Finding {
    Finding::said(
        Code::BlockedPath,
        Bi::new(
            format!("the {} on {sq} stands in the way", role.name()),
            format!("{} in {sq} sbarra la strada", the(role)),
        ),
    )
    .labelled(Bi::new("blocked", "strada bloccata"))
    .rule("R12")
}

/// `illegal-move` (R12, R15, R20): the `role` on `from` cannot go to `to`.
pub fn cannot_reach(role: Role, from: Sq, to: Sq) -> Finding {
    let (rule, why) = match role {
        Role::King => (
            "R20",
            Bi::new(
                format!(
                    "the king cannot go to {to}: it would stand attacked, or it is not one step away"
                ),
                format!("il re non può andare in {to}: sarebbe attaccato, o non è a un passo"),
            ),
        ),
        Role::Pawn => (
            "R15",
            Bi::new(
                format!("the pedone on {from} cannot go to {to}"),
                format!("il pedone in {from} non può andare in {to}"),
            ),
        ),
        r => (
            "R12",
            Bi::new(
                format!("the {} on {from} cannot go to {to}", r.name()),
                format!("{} in {from} non può andare in {to}", the(r)),
            ),
        ),
    };
    Finding::said(
        Code::IllegalMove,
        Bi::new(
            format!("{} {from} - {to} is not a legal move", role.letter()),
            format!("{} {from} - {to} non è una mossa legale", role.letter()),
        ),
    )
    .labelled(why)
    .rule(rule)
}

// ---- the blame of a failing line (R35) ----

/// What a square holds and which line last changed it (`touched`: the army, its sheet
/// number, the file line, the piece that moved, and whether it arrived there).
pub fn square_history(
    sq: Sq,
    holds: Option<Piece>,
    touched: Option<(Army, u32, u32, Role, bool)>,
) -> Bi {
    let h: Bi = match holds {
        None => Bi::new(format!("{sq} is empty"), format!("{sq} è vuota")),
        Some(p) => Bi::new(
            format!("{sq} holds {} of {}", a(p.role), p.army),
            format!("in {sq} c'è {} di {}", un(p.role), p.army),
        ),
    };
    match touched {
        None if holds.is_none() => Bi::new(
            format!("{}: no piece has stood there since the start", h.en),
            format!("{}: nessun pezzo ci è stato dall'inizio", h.it),
        ),
        None => Bi::new(
            format!("{}, as at the start", h.en),
            format!("{}, come all'inizio", h.it),
        ),
        Some((army, number, line, role, true)) => Bi::new(
            format!(
                "{}: {army}'s {} went there at {army} {number} (line {line})",
                h.en,
                role.name(),
            ),
            format!(
                "{}: {} di {army} ci è andat{} a {army} {number} (riga {line})",
                h.it,
                the(role),
                if matches!(role, Role::Rook | Role::Queen) {
                    "a"
                } else {
                    "o"
                },
            ),
        ),
        Some((army, number, line, role, false)) => Bi::new(
            format!(
                "{}: {army}'s {} left it at {army} {number} (line {line})",
                h.en,
                role.name(),
            ),
            format!(
                "{}: {} di {army} l'ha lasciata a {army} {number} (riga {line})",
                h.it,
                the(role),
            ),
        ),
    }
}

/// Adds to a failing move's message what its squares hold ([`square_history`]).
pub fn with_squares(mut f: Finding, squares: &[Bi]) -> Finding {
    if squares.is_empty() {
        return f;
    }
    let en: Vec<&str> = squares.iter().map(|s| s.en.as_str()).collect();
    let it: Vec<&str> = squares.iter().map(|s| s.it.as_str()).collect();
    let (en, it) = (en.join("; "), it.join("; "));
    f.message = format!("{}; {en}", f.message);
    if let Some(i) = f.italian.as_deref_mut()
        && let Some(m) = &mut i.message
    {
        *m = format!("{m}; {it}");
    }
    f
}

/// Puts first on a failing move's hint the earlier line that, written `instead` of
/// `written`, makes the game go on (the hint it had follows as "otherwise").
pub fn earlier_slip(
    mut f: Finding,
    (army, number, line): (Army, u32, u32),
    instead: &str,
    written: &str,
) -> Finding {
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
        "the slip may be on an earlier line: {army} {number} (line {line}) `{instead}` instead of `{written}` makes the game go on{also}"
    ));
    if let Some(i) = f.italian.as_deref_mut() {
        i.hint = Some(format!(
            "lo sbaglio può essere su una riga precedente: {army} {number} (riga {line}) `{instead}` invece di `{written}` fa proseguire la partita{also_it}"
        ));
    }
    f
}

// ---- the merge of the sheets (R32) ----

/// `sheet-merge` (R32): `army` has a second sheet.
pub fn two_sheets(army: Army) -> Finding {
    Finding::said(
        Code::SheetMerge,
        Bi::new(
            format!("army {army} has two sheets"),
            format!("l'esercito {army} ha due fogli"),
        ),
    )
    .labelled(Bi::new("second sheet", "secondo foglio"))
    .rule("R32")
}

/// `sheet-merge` (R32): a game without a sheet for the `missing` armies, or (none missing)
/// with every sheet empty; `first` is where the sheets start, when there is one.
pub fn no_game(missing: &[Army], first: Option<crate::span::Span>) -> Finding {
    let codes: Vec<&str> = missing.iter().map(|a| a.code()).collect();
    let message: Bi = if missing.is_empty() {
        Bi::new(
            "every sheet is empty: there is no game to check",
            "tutti i fogli sono vuoti: non c'è nessuna partita da controllare",
        )
    } else {
        Bi::new(
            format!(
                "no sheet for {} {}: a game has eight sheets, one per army ([Esercito \"S\"] … [Esercito \"SE\"])",
                if missing.len() == 1 { "army" } else { "armies" },
                codes.join(", ")
            ),
            format!(
                "{} {}: una partita ha otto fogli, uno per esercito ([Esercito \"S\"] … [Esercito \"SE\"])",
                if missing.len() == 1 {
                    "manca il foglio dell'esercito"
                } else {
                    "mancano i fogli degli eserciti"
                },
                codes.join(", ")
            ),
        )
    };
    let f = Finding::said(Code::SheetMerge, message).rule("R32");
    match first {
        Some(span) => f
            .at(span)
            .labelled(Bi::new("the sheets start here", "qui cominciano i fogli")),
        None => f,
    }
}

/// `sheet-merge` (R32): it is `army`'s turn at `ply` and its sheet has no line left.
pub fn sheet_ends(army: Army, ply: u32) -> Finding {
    Finding::said(
        Code::SheetMerge,
        Bi::new(
            format!(
                "it is {army}'s turn (ply {ply}), but its sheet has no more moves while other sheets do"
            ),
            format!(
                "tocca a {army} (semimossa {ply}), ma il suo foglio non ha più mosse mentre altri fogli ne hanno"
            ),
        ),
    )
    .labelled(Bi::new("the sheet ends here", "qui finisce il foglio"))
    .rule("R32")
}

// ---- the slips of a played line (R33, R34, R36): warnings, the game stands ----

fn slip(code: Code, message: Bi, label: Bi<&'static str>, rule: &'static str) -> Finding {
    Finding::said(code, message)
        .labelled(label.owned())
        .rule(rule)
}

/// `wrong-ep` (R36): `e.p.` missing on an en-passant capture (`is_ep`), or written on a
/// move that is none.
pub fn wrong_ep(is_ep: bool) -> Finding {
    let message: Bi = if is_ep {
        Bi::new(
            "the move is an en-passant capture: write `e.p.`",
            "la mossa è una presa en passant: scrivi `e.p.`",
        )
    } else {
        Bi::new(
            "`e.p.` is written, but the move is not en passant",
            "è scritto `e.p.`, ma la mossa non è en passant",
        )
    };
    slip(
        Code::WrongEp,
        message,
        Bi::new("e.p.", "e.p. (en passant)"),
        "R36",
    )
}

/// `non-canonical-marker` (R33): a marker after a quiet move.
pub fn non_canonical_marker() -> Finding {
    slip(
        Code::NonCanonicalMarker,
        Bi::new(
            "the marker is written after a quiet move",
            "il segno è scritto dopo una mossa semplice",
        ),
        Bi::new(
            "write the marker as the separator",
            "scrivi il segno al posto del separatore",
        ),
        "R33",
    )
}

/// `superfluous-marker`, `missing-marker` or `wrong-marker` (R33): the marker `written`
/// against the one the move needs; `canonical` is the move written right. None when
/// they agree.
pub fn marker(
    written: Option<Marker>,
    expected: Option<Marker>,
    canonical: &str,
) -> Option<Finding> {
    let (code, message) = match (written, expected) {
        (Some(w), None) => (
            Code::SuperfluousMarker,
            Bi::new(
                format!(
                    "`{}` is written, but the move has no such outcome",
                    w.text()
                ),
                format!("è scritto `{}`, ma la mossa non ha questo esito", w.text()),
            ),
        ),
        (None, Some(e)) => (
            Code::MissingMarker,
            Bi::new(
                format!("the move needs the marker `{}`", e.text()),
                format!("la mossa richiede il segno `{}`", e.text()),
            ),
        ),
        (Some(w), Some(e)) if w != e => (
            Code::WrongMarker,
            Bi::new(
                format!(
                    "`{}` is written, but the move needs `{}`",
                    w.text(),
                    e.text()
                ),
                format!(
                    "è scritto `{}`, ma la mossa richiede `{}`",
                    w.text(),
                    e.text()
                ),
            ),
        ),
        _ => return None,
    };
    Some(
        slip(code, message, Bi::new("marker", "segno"), "R33").hinted(Bi::new(
            format!("write `{canonical}`"),
            format!("scrivi `{canonical}`"),
        )),
    )
}

/// `capture-written-quiet` (R36): the move takes `taken`, the line has no `X`.
pub fn capture_written_quiet(taken: Piece) -> Finding {
    slip(
        Code::CaptureWrittenQuiet,
        Bi::new(
            format!(
                "the move captures {} of {}, but is written without X",
                a(taken.role),
                taken.army
            ),
            format!(
                "la mossa prende {} di {}, ma è scritta senza X",
                un(taken.role),
                taken.army
            ),
        ),
        Bi::new("a capture", "una presa"),
        "R36",
    )
}

/// `quiet-written-capture` (R36): `X` on a move that takes nothing.
pub fn quiet_written_capture() -> Finding {
    slip(
        Code::QuietWrittenCapture,
        Bi::new(
            "X is written, but the move captures nothing",
            "è scritto X, ma la mossa non prende nulla",
        ),
        Bi::new("nothing to capture", "niente da prendere"),
        "R36",
    )
}

/// `wrong-captured-piece` (R36): the move takes a `taken`; the line names `written` (or
/// no piece).
pub fn wrong_captured_piece(taken: Role, written: Option<Role>) -> Finding {
    let message: Bi = match written {
        Some(l) => Bi::new(
            format!(
                "the piece captured is {} ({}), not {} ({})",
                a(taken),
                taken.letter(),
                a(l),
                l.letter()
            ),
            format!(
                "il pezzo preso è {} ({}), non {} ({})",
                un(taken),
                taken.letter(),
                un(l),
                l.letter()
            ),
        ),
        None => Bi::new(
            format!("the piece captured ({}) is not written", taken.letter()),
            format!("il pezzo preso ({}) non è scritto", taken.letter()),
        ),
    };
    slip(
        Code::WrongCapturedPiece,
        message,
        Bi::new("captured piece", "pezzo preso"),
        "R36",
    )
}

/// `wrong-pen` (R34): written with `pen`, where the move needs `needed`.
pub fn wrong_pen(pen: Pen, needed: Pen) -> Finding {
    let what: Bi<&str> = match needed {
        Pen::Red => Bi::new(
            "a capture or a marked move",
            "una presa o una mossa che dà scacco (o un altro segno: ++, +++, +++++, 0)",
        ),
        Pen::Blue => Bi::new(
            "a quiet move of the besieged",
            "una mossa semplice degli assediati",
        ),
        Pen::Black => Bi::new(
            "a quiet move of the besiegers",
            "una mossa semplice degli assedianti",
        ),
    };
    slip(
        Code::WrongPen,
        Bi::new(
            format!(
                "written in {}, but {} is written in {}",
                pen.name(),
                what.en,
                needed.name()
            ),
            format!(
                "scritta con la penna {}, ma {} si scrive con la penna {}",
                pen.name(),
                what.it,
                needed.name()
            ),
        ),
        Bi::new("pen", "penna"),
        "R34",
    )
}

// ---- unreadable moves (formats.md §8): filled-unreadable and unreadable-move are in
// `super::common`, shared with classical ----

/// The move `text` of `army`'s line `number` fits no legal move (`illegal-move`), or holds
/// more than `max` unreadable characters (`unreadable-move`, `max` given).
pub fn cannot_fill(army: Army, number: u32, text: &str, too_many: Option<usize>) -> Finding {
    let (code, why): (Code, Bi) = match too_many {
        Some(max) => (
            Code::UnreadableMove,
            Bi::new(
                format!("more than {max} unreadable characters in one move"),
                format!("più di {max} caratteri illeggibili in una mossa"),
            ),
        ),
        None => (
            Code::IllegalMove,
            Bi::new(
                "it fits no legal move".to_string(),
                "non corrisponde a nessuna mossa legale".to_string(),
            ),
        ),
    };
    Finding::said(
        code,
        Bi::new(
            format!("{army} {number}. {text}: {}", why.en),
            format!("{army} {number}. {text}: {}", why.it),
        ),
    )
    .labelled(Bi::new("cannot be filled in", "non si può completare"))
}
