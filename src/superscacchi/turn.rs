//! One game turn by turn (R31): the engine shared by the replay of written sheets and by
//! the self-play generator, so that both follow the same rules in the same order.

use super::check::{self, KingFate};
use super::position::{Move, Position};
use super::setup::Setup;
use crate::geometry::{Army, Role, Sq};
use crate::notation::marks::Marker;

use super::event::{Event, EventKind};

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
    pub outcomes: Vec<(Army, KingFate)>,
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
    /// Which kings in play are in check in `pos` (R24), kept up to date so that each ply
    /// tests every king once.
    checked: [bool; 8],
    /// A move buffer to reuse.
    buf: Vec<Move>,
    /// Per army, the square of the piece it last moved: tried first when asking whether the
    /// army has a move at all (it nearly always has, and that piece usually can).
    last_moved: [Option<Sq>; 8],
}

impl Game {
    /// A game at its start.
    pub fn new(setup: &Setup) -> Game {
        Game::from_position(Position::new(setup))
    }

    fn quick_has_move(&mut self, army: Army) -> bool {
        let Some(sq) = self.last_moved[army.index()] else {
            return false;
        };
        if self
            .pos
            .at(sq)
            .is_none_or(|p| p.army != army || p.role == Role::King)
        {
            return false;
        }
        self.buf.clear();
        self.pos.piece_moves(army, sq, &mut self.buf);
        !self.buf.is_empty()
    }

    /// After a move touching only `squares`, update the check status of the kings that
    /// could see one of them (same line or a knight's jump away); the others keep theirs.
    fn refresh_checks_near(&mut self, squares: &[Sq]) {
        for a in Army::ALL {
            let Some(k) = self.pos.king_in_play(a) else {
                self.checked[a.index()] = false;
                continue;
            };
            let near = squares.iter().any(|&s| {
                let df = s.file().abs_diff(k.file());
                let dr = s.rank().abs_diff(k.rank());
                df == 0 || dr == 0 || df == dr || (df.min(dr) == 1 && df.max(dr) == 2)
            });
            if near {
                self.checked[a.index()] = self.pos.in_check(a);
            }
        }
    }

    fn refresh_checks(&mut self) {
        for a in Army::ALL {
            self.checked[a.index()] = self.pos.in_check(a);
        }
    }

    /// A game from a position built by hand, the first army of its order to move.
    pub fn from_position(pos: Position) -> Game {
        let mut g = Game {
            pos,
            ply: 0,
            slot: 0,
            checked: [false; 8],
            buf: Vec::with_capacity(64),
            last_moved: [None; 8],
        };
        g.refresh_checks();
        g
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
        if self.pos.ep.is_some_and(|e| e.army != army) {
            self.pos.ep = None;
        }
        let checked = self.checked;
        let r29 = check::unparried_among(&self.pos, army, |a| checked[a.index()]);
        for &k in &r29 {
            self.pos.remove_king(k);
            self.pos.lost[k.index()] = true;
        }
        let mut removed = !r29.is_empty();
        let kind = if self.pos.lost[army.index()] {
            self.pos.lost[army.index()] = false;
            SlotKind::Lost
        } else if !self.quick_has_move(army) && !self.pos.has_move_with(army, &mut self.buf) {
            let mated = check::has_king(&self.pos, army).then(|| {
                self.pos.remove_king(army);
                army
            });
            removed |= mated.is_some();
            SlotKind::Passed(mated)
        } else {
            SlotKind::Move
        };
        if removed {
            // A king taken off the board may open lines to others.
            self.refresh_checks();
        }
        Slot { army, r29, kind }
    }

    /// Plays a legal move of the slot's army: the move, liberation, then R25–R28.
    pub fn play(&mut self, m: &Move) -> Played {
        self.ply += 1;
        let army = m.army;
        let before = self.checked;
        self.last_moved[army.index()] = Some(m.to);
        self.pos.play(m);
        let captured_at = m.captured.map_or(m.to, |(_, sq)| sq);
        self.refresh_checks_near(&[m.from, m.to, captured_at]);
        let enemies = self
            .pos
            .order
            .into_iter()
            .filter(|a| a.camp() != army.camp());
        let mut expected = m.liberation.then_some(Marker::Liberation);
        let in_check: Vec<Army> = enemies.filter(|a| self.checked[a.index()]).collect();
        if in_check.iter().any(|a| !before[a.index()]) {
            expected = expected.max(Some(Marker::Check));
        }
        let classified = check::classify_kings(&self.pos, &in_check);
        let outcomes = check::apply(&mut self.pos, &classified);
        let mut changed = false;
        for &(_, o) in &outcomes {
            changed |= o != KingFate::Check;
            expected = expected.max(match o {
                KingFate::Check => None,
                KingFate::Mate => Some(Marker::Mate),
                KingFate::Imprisonment => Some(Marker::Imprisonment),
                KingFate::Flight => Some(Marker::Flight),
            });
        }
        if changed {
            self.refresh_checks();
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
                rule: "R29",
                line: None,
                after: None,
            })
            .collect();
        if let SlotKind::Passed(Some(k)) = slot.kind {
            out.push(Event {
                kind: EventKind::Mate,
                army: self.pos.previous_army(slot.army),
                move_number: None,
                ply,
                king_of: k,
                rule: "R30",
                line: None,
                after: None,
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
            rule,
            line: None,
            after: None,
        };
        if m.liberation {
            out.push(event(EventKind::Liberation, m.army, "R21"));
        }
        for &(k, o) in &played.outcomes {
            match o {
                KingFate::Check => {}
                KingFate::Mate => out.push(event(EventKind::Mate, k, "R28")),
                KingFate::Imprisonment => out.push(event(EventKind::Imprisonment, k, "R26")),
                KingFate::Flight => out.push(event(EventKind::Flight, k, "R27")),
            }
        }
        out
    }
}
