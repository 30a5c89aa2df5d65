//! The replay of a SuperScacchi game: the merge of the eight sheets by turn order (R32),
//! each turn as R31 orders it, findings (R35, R36) and events (R26–R30, R21).

use super::event::Event;
use super::position::{Move, Position};
use super::setup::Setup;
use super::turn::{Game, SlotKind};
use crate::finding::{Code, Finding};
use crate::geometry::{Army, Role, Side, progress};
use crate::notation::marks::{Marker, Pen};
use crate::notation::superscacchi::{SheetLine, SsGame, SsMove};

/// One ply as a viewer replays it: what changed on the board since the previous ply
/// (kings taken off by R29/R30 at the turn's start included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyRecord {
    /// The army that moved.
    pub army: Army,
    /// Its sheet number.
    pub number: u32,
    /// The move as written.
    pub text: String,
    /// From and to (for highlighting).
    pub from: crate::geometry::Sq,
    /// To.
    pub to: crate::geometry::Sq,
    /// Squares that changed: (square, old code, new code); see [`piece_code`].
    pub changes: Vec<(u8, u8, u8)>,
    /// False for the line where the replay stopped (an error): nothing was played.
    pub played: bool,
}

/// A square's content as one byte: 0 empty, else 1 + army × 6 + role.
pub fn piece_code(p: Option<crate::geometry::Piece>) -> u8 {
    p.map_or(0, |p| 1 + p.army.index() as u8 * 6 + p.role as u8)
}

fn board_codes(pos: &Position) -> [u8; 256] {
    let mut b = [0u8; 256];
    for (i, p) in pos.board.iter().enumerate() {
        b[i] = piece_code(*p);
    }
    b
}

/// What the replay of one game found.
#[derive(Debug, Clone)]
pub struct SsReplay {
    /// Findings: parse errors first, then in the order met.
    pub findings: Vec<Finding>,
    /// Events in order.
    pub events: Vec<Event>,
    /// The position where the replay stopped.
    pub position: Position,
    /// Plies played.
    pub plies: u32,
    /// Every sheet was replayed without error.
    pub complete: bool,
    /// The board before the first move, as [`piece_code`]s (when recorded).
    pub initial: Vec<u8>,
    /// Ply by ply (when recorded), for viewers.
    pub timeline: Vec<PlyRecord>,
}

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

/// Replays a parsed game from a set-up: the eight sheets merged in turn order (R32), every
/// move checked (R10–R31), the discrepancies of the pens and markers noted (R33–R36).
///
/// ```
/// use arbitro::notation::superscacchi::{parse, prepare};
/// use arbitro::superscacchi::{replay::replay, setup::Setup};
/// let text = std::fs::read_to_string("samples/superscacchi/leoni-tigri-partita1.txt").unwrap();
/// let clean = prepare(&text);
/// let game = parse(&clean);
/// let r = replay(&game, &Setup::builtin("assedio-corto").unwrap());
/// assert!(r.complete && r.findings.is_empty());
/// assert_eq!(r.plies, 560);
/// ```
pub fn replay(game: &SsGame<'_>, setup: &Setup) -> SsReplay {
    replay_with(game, setup, false)
}

/// Which sheet is each army's (R32): one sheet per army, eight in all, and some move
/// written; otherwise the finding that says why the sheets cannot be merged.
fn sheets_by_army(game: &SsGame<'_>) -> Result<[usize; 8], Box<Finding>> {
    let mut sheets: [Option<usize>; 8] = [None; 8];
    for (i, s) in game.sheets.iter().enumerate() {
        if sheets[s.army.index()].is_some() {
            return Err(Box::new(
                Finding::new2(
                    Code::SheetMerge,
                    format!("army {} has two sheets", s.army),
                    format!("l'esercito {} ha due fogli", s.army),
                )
                .at(s.span)
                .label2("second sheet", "secondo foglio")
                .rule("R32"),
            ));
        }
        sheets[s.army.index()] = Some(i);
    }
    // A missing sheet or a game of empty sheets has no verdict (a scored 0-ply game would
    // hand out the set-up's points).
    let missing: Vec<&str> = Army::ALL
        .iter()
        .filter(|a| sheets[a.index()].is_none())
        .map(|a| a.code())
        .collect();
    let (message, message_it) = if !missing.is_empty() {
        (
            format!(
                "no sheet for {} {}: a game has eight sheets, one per army ([Esercito \"S\"] … [Esercito \"SE\"])",
                if missing.len() == 1 { "army" } else { "armies" },
                missing.join(", ")
            ),
            format!(
                "{} {}: una partita ha otto fogli, uno per esercito ([Esercito \"S\"] … [Esercito \"SE\"])",
                if missing.len() == 1 {
                    "manca il foglio dell'esercito"
                } else {
                    "mancano i fogli degli eserciti"
                },
                missing.join(", ")
            ),
        )
    } else if game.sheets.iter().all(|s| s.lines.is_empty()) {
        (
            "every sheet is empty: there is no game to check".to_string(),
            "tutti i fogli sono vuoti: non c'è nessuna partita da controllare".to_string(),
        )
    } else {
        return Ok(sheets.map(|s| s.unwrap_or_default()));
    };
    let mut f = Finding::new2(Code::SheetMerge, message, message_it).rule("R32");
    if let Some(s) = game.sheets.first() {
        f = f
            .at(s.span)
            .label2("the sheets start here", "qui cominciano i fogli");
    }
    Err(Box::new(f))
}

/// The board ply by ply, for viewers (only when asked for: nobody else pays for it).
struct Recorder {
    initial: Vec<u8>,
    last: [u8; 256],
    timeline: Vec<PlyRecord>,
}

impl Recorder {
    fn new(pos: &Position) -> Recorder {
        let last = board_codes(pos);
        Recorder {
            initial: last.to_vec(),
            last,
            timeline: Vec::new(),
        }
    }

    /// A line played (`Some(m)`, the board after it in `pos`) or where the replay stopped.
    fn line(
        &mut self,
        pos: &Position,
        army: Army,
        line: &SheetLine<'_>,
        w: &SsMove,
        m: Option<&Move>,
    ) {
        let changes = match m {
            Some(_) => {
                let now = board_codes(pos);
                let changes = (0..256)
                    .filter(|&i| now[i] != self.last[i])
                    .map(|i| (i as u8, self.last[i], now[i]))
                    .collect();
                self.last = now;
                changes
            }
            None => Vec::new(),
        };
        self.timeline.push(PlyRecord {
            army,
            number: line.number,
            text: line.text.to_string(),
            from: m.map_or(w.from, |m| m.from),
            to: m.map_or(w.to, |m| m.to),
            changes,
            played: m.is_some(),
        });
    }
}

/// The sheet has no line for its army's turn while other sheets go on (R32).
fn sheet_ends(game: &SsGame<'_>, sheet: usize, army: Army, ply: u32) -> Finding {
    let s = &game.sheets[sheet];
    let span = s.lines.last().map_or(s.span, |l| l.span);
    let mut f = Finding::new(
        Code::SheetMerge,
        format!(
            "it is {army}'s turn (ply {}), but its sheet has no more moves while other sheets do",
            ply + 1
        ),
    )
    .it(format!(
        "tocca a {army} (semimossa {}), ma il suo foglio non ha più mosse mentre altri fogli ne hanno",
        ply + 1
    ))
    .label2("the sheet ends here", "qui finisce il foglio")
    .rule("R32")
    .at(span);
    f.army = Some(army.into());
    f.ply = Some(ply + 1);
    f
}

/// [`replay`], also recording the board ply by ply when `record` is set (for `show` and
/// `render`). The turn loop: each slot as R31 orders it, each army's next line merged in
/// by turn order (R32), the replay stopping at the first error (R35), and each played
/// line compared with what the move did (R33, R34, R36).
pub fn replay_with(game: &SsGame<'_>, setup: &Setup, record: bool) -> SsReplay {
    let (mut r, failure) = run(game, setup, record);
    if let Some(fail) = failure {
        blame(game, setup, &mut r, &fail);
    }
    r
}

/// Where the replay stopped on a move that no piece can play as written (R35).
struct Failure {
    /// The sheet and line indexes of the failing line.
    at: (usize, usize),
    /// Its ply.
    ply: u32,
    /// The squares it needs that do not hold what it says.
    wrong: Vec<crate::geometry::Sq>,
    /// What they hold, and how they came to (English, Italian).
    squares: Vec<(String, String)>,
}

/// Says on the failing move's finding what its squares hold and which lines put them so,
/// and, when an earlier line one character off would make the game go on, names it first
/// (blame the right sheet).
fn blame(game: &SsGame<'_>, setup: &Setup, r: &mut SsReplay, fail: &Failure) {
    let slip = super::blame::earlier_slip(game, fail.at, &fail.wrong, fail.ply, |g| {
        run(g, setup, false).0.plies
    });
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

/// The turn loop, and where it stopped on an unplayable move (for [`blame`]).
fn run(game: &SsGame<'_>, setup: &Setup, record: bool) -> (SsReplay, Option<Failure>) {
    let engine = Game::new(setup);
    let mut findings = game.errors.clone();
    for f in &mut findings {
        f.ply = None;
    }
    let mut turns = Turns {
        recorder: record.then(|| Recorder::new(&engine.pos)),
        engine,
        touches: super::blame::Touches::default(),
        findings,
        events: Vec::new(),
        failure: None,
    };
    let complete = match sheets_by_army(game) {
        Ok(sheets) => turns.play(game, &sheets),
        Err(f) => {
            turns.findings.push(*f);
            false
        }
    };
    turns.finish(complete)
}

/// The replay under way: the engine, and what the turns gather.
struct Turns {
    engine: Game,
    /// Which line last changed each square, for the blame of a failing line.
    touches: super::blame::Touches,
    recorder: Option<Recorder>,
    findings: Vec<Finding>,
    events: Vec<Event>,
    failure: Option<Failure>,
}

impl Turns {
    /// Plays the sheets in turn order (R32) to their end; false when the replay stopped
    /// (a sheet ends early, a line cannot be read, a move is not legal).
    fn play(&mut self, game: &SsGame<'_>, sheets: &[usize; 8]) -> bool {
        let lines_of = |a: Army| &game.sheets[sheets[a.index()]].lines[..];
        let error_at: Vec<(Army, u32)> = game
            .errors
            .iter()
            .filter_map(|f| Some((f.army?.army()?, f.move_number?)))
            .collect();
        let mut cursor = [0usize; 8];
        while Army::ALL
            .iter()
            .any(|&a| cursor[a.index()] < lines_of(a).len())
        {
            let slot = self.engine.start_slot();
            let army = slot.army;
            let ply = self.engine.ply;
            if slot.kind != SlotKind::Move {
                let events = self.engine.slot_events(&slot, None, ply);
                self.events.extend(events);
                continue;
            }
            let Some(line) = lines_of(army).get(cursor[army.index()]) else {
                self.findings
                    .push(sheet_ends(game, sheets[army.index()], army, ply));
                return false;
            };
            cursor[army.index()] += 1;
            let ply = ply + 1;
            let Some(w) = line
                .parsed
                .filter(|_| !error_at.contains(&(army, line.number)))
            else {
                self.stop_at_reported(army, line.number, ply);
                return false;
            };
            match find_move(&self.engine.pos, army, &w) {
                Ok(m) => self.played(&slot, line, &w, &m, ply),
                Err(f) => {
                    let at = (sheets[army.index()], cursor[army.index()] - 1);
                    self.fail(*f, army, at, line, &w, ply);
                    return false;
                }
            }
        }
        true
    }

    /// The line's parse or numbering error is already reported, and the replay stops
    /// there: those findings get the ply.
    fn stop_at_reported(&mut self, army: Army, number: u32, ply: u32) {
        for f in &mut self.findings {
            if f.army == Some(army.into()) && f.move_number == Some(number) {
                f.ply = Some(ply);
            }
        }
    }

    /// A line whose move is not legal: its finding, named by the line, and what the blame
    /// of the squares needs.
    fn fail(
        &mut self,
        mut f: Finding,
        army: Army,
        at: (usize, usize),
        line: &SheetLine,
        w: &SsMove,
        ply: u32,
    ) {
        let pos = &self.engine.pos;
        if let Some(r) = &mut self.recorder {
            r.line(pos, army, line, w, None);
        }
        let wrong = wrong_squares(pos, army, w);
        let squares = wrong
            .iter()
            .map(|&sq| self.touches.describe(pos, sq))
            .collect();
        self.failure = Some(Failure {
            at,
            ply,
            wrong,
            squares,
        });
        f.edit_message(|m| Some(format!("{army} {}. {}: {m}", line.number, line.text)));
        self.findings
            .push(f.at(line.span).on_sheet(army, line.number, ply));
    }

    /// A legal move played: its events, and the discrepancies between the line and the
    /// move (R33, R34, R36).
    fn played(
        &mut self,
        slot: &super::turn::Slot,
        line: &SheetLine,
        w: &SsMove,
        m: &Move,
        ply: u32,
    ) {
        let army = slot.army;
        let played = self.engine.play(m);
        self.touches.played(m, line.number, line.span.line);
        if let Some(r) = &mut self.recorder {
            r.line(&self.engine.pos, army, line, w, Some(m));
        }
        let events = self.engine.slot_events(slot, Some(line.number), ply);
        self.events.extend(events);
        self.events
            .extend(self.engine.move_events(&played, line.number));
        let said = Said { army, line, w, ply };
        // R33: an R29 mate of this turn may be marked `++` on this move, or not.
        let optional_r29 = !slot.r29.is_empty()
            && played.expected <= Some(Marker::Check)
            && w.marker == Some(Marker::Mate);
        self.findings
            .extend(discrepancies(&said, m, played.expected, optional_r29));
    }

    /// The replay, and where it failed.
    fn finish(self, complete: bool) -> (SsReplay, Option<Failure>) {
        let (initial, timeline) = self
            .recorder
            .map_or((Vec::new(), Vec::new()), |r| (r.initial, r.timeline));
        let r = SsReplay {
            findings: self.findings,
            events: self.events,
            plies: self.engine.ply,
            position: self.engine.pos,
            complete,
            initial,
            timeline,
        };
        (r, self.failure)
    }
}

/// The squares a move needs (its origin, what it takes) that do not hold what the line
/// says: where the blame of a failing line looks (R11).
fn wrong_squares(pos: &Position, army: Army, w: &SsMove) -> Vec<crate::geometry::Sq> {
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

/// A played line, as the discrepancy checks see it.
struct Said<'a> {
    army: Army,
    line: &'a SheetLine<'a>,
    w: &'a SsMove,
    ply: u32,
}

impl Said<'_> {
    /// A warning on this line: the sheet stands, the slip is recorded (R36, R37).
    fn warn(
        &self,
        code: Code,
        [msg, msg_it]: [String; 2],
        [label, label_it]: [&str; 2],
        rule: &'static str,
    ) -> Finding {
        let (army, line) = (self.army, self.line);
        Finding::new2(
            code,
            format!("{army} {}. {}: {msg}", line.number, line.text),
            format!("{army} {}. {}: {msg_it}", line.number, line.text),
        )
        .at(line.span)
        .label2(label, label_it)
        .rule(rule)
        .on_sheet(army, line.number, self.ply)
    }
}

/// Every way the line differs from what its move did: markers (R33), captures and
/// `e.p.` (R36), pens (R34). `expected` is the marker the move needs.
fn discrepancies(
    said: &Said<'_>,
    m: &Move,
    expected: Option<Marker>,
    optional_r29: bool,
) -> Vec<Finding> {
    let mut out = Vec::new();
    out.extend(marker_slip(said, m, expected, optional_r29));
    out.extend(capture_slip(said, m));
    if m.en_passant != said.w.ep {
        out.push(said.warn(
            Code::WrongEp,
            if m.en_passant {
                [
                    "the move is an en-passant capture: write `e.p.`".into(),
                    "la mossa è una presa en passant: scrivi `e.p.`".into(),
                ]
            } else {
                [
                    "`e.p.` is written, but the move is not en passant".into(),
                    "è scritto `e.p.`, ma la mossa non è en passant".into(),
                ]
            },
            ["e.p.", "e.p. (en passant)"],
            "R36",
        ));
    }
    // The optional R29 `++` makes the move a marked one.
    let marker = expected.or(optional_r29.then_some(Marker::Mate));
    let pen = Pen::required(said.army.side(), m.captured.is_some(), marker);
    out.extend(pen_slip(said, pen));
    out
}

/// R33: the marker written against the marker the move needs (`++` is also right where an
/// R29 mate of the turn comes with a move that only gives check).
fn marker_slip(
    said: &Said<'_>,
    m: &Move,
    expected: Option<Marker>,
    optional_r29: bool,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let w = said.w;
    if w.non_canonical {
        out.push(said.warn(
            Code::NonCanonicalMarker,
            [
                "the marker is written after a quiet move".to_string(),
                "il segno è scritto dopo una mossa semplice".to_string(),
            ],
            [
                "write the marker as the separator",
                "scrivi il segno al posto del separatore",
            ],
            "R33",
        ));
    }
    if w.marker == expected || optional_r29 {
        return out;
    }
    let (code, msg) = match (w.marker, expected) {
        (Some(wm), None) => (
            Code::SuperfluousMarker,
            [
                format!(
                    "`{}` is written, but the move has no such outcome",
                    wm.text()
                ),
                format!("è scritto `{}`, ma la mossa non ha questo esito", wm.text()),
            ],
        ),
        (None, Some(e)) => (
            Code::MissingMarker,
            [
                format!("the move needs the marker `{}`", e.text()),
                format!("la mossa richiede il segno `{}`", e.text()),
            ],
        ),
        (Some(wm), Some(e)) => (
            Code::WrongMarker,
            [
                format!(
                    "`{}` is written, but the move needs `{}`",
                    wm.text(),
                    e.text()
                ),
                format!(
                    "è scritto `{}`, ma la mossa richiede `{}`",
                    wm.text(),
                    e.text()
                ),
            ],
        ),
        (None, None) => return out,
    };
    let canonical = written(m, expected).to_text();
    out.push(said.warn(code, msg, ["marker", "segno"], "R33").hint2(
        format!("write `{canonical}`"),
        format!("scrivi `{canonical}`"),
    ));
    out
}

/// R36: `X` and the captured piece's letter against what the move took.
fn capture_slip(said: &Said<'_>, m: &Move) -> Option<Finding> {
    match (m.captured, said.w.capture) {
        (Some((p, _)), None) => Some(said.warn(
            Code::CaptureWrittenQuiet,
            [
                format!(
                    "the move captures {} of {}, but is written without X",
                    p.role.a_name(),
                    p.army
                ),
                format!(
                    "la mossa prende {} di {}, ma è scritta senza X",
                    p.role.un_name(),
                    p.army
                ),
            ],
            ["a capture", "una presa"],
            "R36",
        )),
        (None, Some(_)) => Some(said.warn(
            Code::QuietWrittenCapture,
            [
                "X is written, but the move captures nothing".into(),
                "è scritto X, ma la mossa non prende nulla".into(),
            ],
            ["nothing to capture", "niente da prendere"],
            "R36",
        )),
        (Some((p, _)), Some(letter)) if letter != Some(p.role) => Some(said.warn(
            Code::WrongCapturedPiece,
            match letter {
                Some(l) => [
                    format!(
                        "the piece captured is {} ({}), not {} ({})",
                        p.role.a_name(),
                        p.role.letter(),
                        l.a_name(),
                        l.letter()
                    ),
                    format!(
                        "il pezzo preso è {} ({}), non {} ({})",
                        p.role.un_name(),
                        p.role.letter(),
                        l.un_name(),
                        l.letter()
                    ),
                ],
                None => [
                    format!("the piece captured ({}) is not written", p.role.letter()),
                    format!("il pezzo preso ({}) non è scritto", p.role.letter()),
                ],
            },
            ["captured piece", "pezzo preso"],
            "R36",
        )),
        _ => None,
    }
}

/// R34: the pen written against the pen the move needs (a line without a pen is not
/// checked).
fn pen_slip(said: &Said<'_>, needed: Pen) -> Option<Finding> {
    let pen = said.line.pen.filter(|&p| p != needed)?;
    Some(said.warn(
        Code::WrongPen,
        [
            format!(
                "written in {}, but {} is written in {}",
                pen.name(),
                match needed {
                    Pen::Red => "a capture or a marked move",
                    Pen::Blue => "a quiet move of the besieged",
                    Pen::Black => "a quiet move of the besiegers",
                },
                needed.name()
            ),
            format!(
                "scritta con la penna {}, ma {} si scrive con la penna {}",
                pen.name(),
                match needed {
                    Pen::Red => "una presa o una mossa con segno",
                    Pen::Blue => "una mossa semplice degli assediati",
                    Pen::Black => "una mossa semplice degli assedianti",
                },
                needed.name()
            ),
        ],
        ["pen", "penna"],
        "R34",
    ))
}
