//! One game turn by turn (R31): the engine shared by the replay of written sheets and by
//! the self-play generator, so that both follow the same rules in the same order.

use super::check::{self, Outcome};
use super::geometry::Army;
use super::position::{Move, Position};
use super::score::ScoringTable;
use super::setup::Setup;
use crate::notation::superscacchi::Marker;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// R28, R29, R30.
    Mate,
    /// R26.
    Imprisonment,
    /// R27.
    Flight,
    /// R21.
    Liberation,
}

impl EventKind {
    /// The report name.
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Mate => "mate",
            EventKind::Imprisonment => "imprisonment",
            EventKind::Flight => "flight",
            EventKind::Liberation => "liberation",
        }
    }

    /// Points (R39).
    pub fn points(self, t: &ScoringTable) -> i32 {
        match self {
            EventKind::Mate => t.mate,
            EventKind::Imprisonment => t.imprisonment,
            EventKind::Flight => t.flight,
            EventKind::Liberation => t.liberation,
        }
    }
}

/// An event and whom it credits (formats.md §4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// What.
    pub kind: EventKind,
    /// The army credited.
    pub army: Army,
    /// Its sheet number for the move that caused it (`None` for R30, or R29 without a move).
    pub move_number: Option<u32>,
    /// Plies played so far.
    pub ply: u32,
    /// The army whose king it was.
    pub king_of: Army,
    /// Points (R39).
    pub points: i32,
    /// The rule.
    pub rule: &'static str,
}

/// How a turn slot goes before any move (R31's first part).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlotKind {
    /// The army lost this turn (R28, R29): no move.
    Lost,
    /// The army has no move at all (R30); `Some(army)` when its king was mated d'ufficio.
    Passed(Option<Army>),
    /// The army plays a move now.
    Move,
}

/// The start of a turn slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// Whose turn.
    pub army: Army,
    /// Enemy kings mated by R29 at the start of the turn.
    pub r29: Vec<Army>,
    /// What the slot holds.
    pub kind: SlotKind,
}

/// What one move did (R31's second part).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Outcomes applied to enemy kings in check (R25–R28), in order.
    pub outcomes: Vec<(Army, Outcome)>,
    /// The marker the move needs (R33): the outcome worth most.
    pub expected: Option<Marker>,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    /// The position.
    pub pos: Position,
    /// Plies played.
    pub ply: u32,
    slot: usize,
    table: ScoringTable,
}

impl Game {
    /// A game at its start.
    pub fn new(setup: &Setup, table: &ScoringTable) -> Game {
        Game {
            pos: Position::new(setup),
            ply: 0,
            slot: 0,
            table: table.clone(),
        }
    }

    /// A game from a position built by hand, the first army of its order to move.
    pub fn from_position(pos: Position, table: &ScoringTable) -> Game {
        Game {
            pos,
            ply: 0,
            slot: 0,
            table: table.clone(),
        }
    }

    /// Whose turn slot comes next.
    pub fn next_army(&self) -> Army {
        self.pos.order[self.slot % 8]
    }

    /// Opens the next turn slot: the en-passant right lapses unless it is this army's, R29
    /// mates, then a lost turn or an R30 pass (R31).
    pub fn start_slot(&mut self) -> Slot {
        let army = self.next_army();
        self.slot += 1;
        let pos = &mut self.pos;
        if pos.ep.is_some_and(|e| e.army != army) {
            pos.ep = None;
        }
        let r29 = check::unparried(pos, army);
        for &k in &r29 {
            pos.remove_king(k);
            pos.lost[k.index()] = true;
        }
        let kind = if pos.lost[army.index()] {
            pos.lost[army.index()] = false;
            SlotKind::Lost
        } else if !pos.has_move(army) {
            let mated = check::has_king(pos, army).then(|| {
                pos.remove_king(army);
                army
            });
            SlotKind::Passed(mated)
        } else {
            SlotKind::Move
        };
        Slot { army, r29, kind }
    }

    /// Plays a legal move of the slot's army: the move, liberation, then R25–R28.
    pub fn play(&mut self, m: &Move) -> Played {
        self.ply += 1;
        let army = m.army;
        let pos = &mut self.pos;
        let enemies: Vec<Army> = pos
            .order
            .iter()
            .copied()
            .filter(|a| a.side() != army.side())
            .collect();
        let before: Vec<bool> = enemies.iter().map(|&a| pos.in_check(a)).collect();
        pos.play(m);
        let mut expected = m.liberation.then_some(Marker::Liberation);
        if enemies
            .iter()
            .zip(&before)
            .any(|(&a, &was)| !was && pos.in_check(a))
        {
            expected = expected.max(Some(Marker::Check));
        }
        let classified = check::classify_all(pos, army);
        let outcomes = check::apply(pos, &classified);
        for &(_, o) in &outcomes {
            expected = expected.max(match o {
                Outcome::Check => None,
                Outcome::Mate => Some(Marker::Mate),
                Outcome::Imprisonment => Some(Marker::Imprisonment),
                Outcome::Flight => Some(Marker::Flight),
            });
        }
        Played {
            mv: *m,
            outcomes,
            expected,
        }
    }

    /// The events of a slot's start (R29, R30). `number` is the sheet number of the move the
    /// army then plays, if any.
    pub fn slot_events(&self, slot: &Slot, number: Option<u32>, ply: u32) -> Vec<Event> {
        let mut out: Vec<Event> = slot
            .r29
            .iter()
            .map(|&k| Event {
                kind: EventKind::Mate,
                army: slot.army,
                move_number: number,
                ply,
                king_of: k,
                points: self.table.mate,
                rule: "R29",
            })
            .collect();
        if let SlotKind::Passed(Some(k)) = slot.kind {
            out.push(Event {
                kind: EventKind::Mate,
                army: self.pos.previous_army(slot.army),
                move_number: None,
                ply,
                king_of: k,
                points: self.table.mate,
                rule: "R30",
            });
        }
        out
    }

    /// The events of a move (R21, R26–R28).
    pub fn move_events(&self, played: &Played, number: u32) -> Vec<Event> {
        let m = &played.mv;
        let mut out = Vec::new();
        let event = |kind: EventKind, king_of: Army, rule| Event {
            kind,
            army: m.army,
            move_number: Some(number),
            ply: self.ply,
            king_of,
            points: kind.points(&self.table),
            rule,
        };
        if m.liberation {
            out.push(event(EventKind::Liberation, m.army, "R21"));
        }
        for &(k, o) in &played.outcomes {
            match o {
                Outcome::Check => {}
                Outcome::Mate => out.push(event(EventKind::Mate, k, "R28")),
                Outcome::Imprisonment => out.push(event(EventKind::Imprisonment, k, "R26")),
                Outcome::Flight => out.push(event(EventKind::Flight, k, "R27")),
            }
        }
        out
    }
}
