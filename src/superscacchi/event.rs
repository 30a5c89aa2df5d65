//! The events of a game (R21, R26–R30) and whom they credit. A leaf: an event carries no
//! points; the scoring table gives them ([`super::score::scored`], R39).

use crate::geometry::Army;

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
    /// The rule.
    pub rule: &'static str,
    /// The line of the file where the move `move_number` is written, when it is.
    pub line: Option<u32>,
    /// The move played last before the turn the event starts (R29, R30): the army and its
    /// sheet number (why a mate that no move of its turn gave is counted).
    pub after: Option<(Army, u32)>,
}
