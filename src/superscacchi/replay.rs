//! The replay of a SuperScacchi game: the merge of the eight sheets by turn order (R32),
//! each turn as R31 orders it, findings (R35, R36) and events (R26–R30, R21).

use super::event::Event;
use super::explain::{Failure, blame, find_move, wrong_squares};
use super::merge::{sheet_ends, sheets_by_army};
use super::position::{Move, Position};
use super::setup::Setup;
use super::slips::{Said, discrepancies};
use super::turn::{Game, SlotKind};
use crate::finding::Finding;
use crate::finding::wording::superscacchi as say;
use crate::geometry::Army;
use crate::notation::marks::Marker;
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

/// [`replay`], also recording the board ply by ply when `record` is set (for `show` and
/// `render`). The turn loop: each slot as R31 orders it, each army's next line merged in
/// by turn order (R32), the replay stopping at the first error (R35), and each played
/// line compared with what the move did (R33, R34, R36).
pub fn replay_with(game: &SsGame<'_>, setup: &Setup, record: bool) -> SsReplay {
    let (mut r, failure) = run(game, setup, record);
    if let Some(fail) = failure {
        blame(game, &mut r, &fail, |g| run(g, setup, false).0.plies);
    }
    r
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
        f: Finding,
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
        let f = say::on_line(f, army, line.number, line.text);
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
