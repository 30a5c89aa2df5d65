//! The jolly (seed 002, section 3): a player takes back their own last move and the
//! opponent's reply, once per game, in phase 1 only, never a mate.

use super::{Ending, Replayer};
use crate::finding::wording::classical::{self as wording, JollyMisuse};
use crate::notation::classical::RawGame;
use crate::span::Span;
use shakmaty::{Chess, Color, Position};

/// A position to go back to when a jolly takes moves back.
#[derive(Clone)]
pub(super) struct Snapshot {
    pos: Chess,
    window: super::repetition::Window,
    ending: Option<(Ending, u32)>,
    gave_mate: bool,
}

impl<'a> Replayer<'_, 'a> {
    /// Keeps the position for a jolly to go back to.
    #[cold]
    #[inline(never)]
    pub(super) fn snapshot(&mut self) {
        self.snapshots.push(Snapshot {
            pos: self.pos.clone(),
            window: self.window.clone(),
            ending: self.ending,
            gave_mate: self.gave_mate,
        });
    }

    pub(super) fn jolly(&mut self, span: Span) {
        self.settle(false);
        // The jolly is played by the side to move: it takes back its own last move and
        // the opponent's reply (seed 002, section 3).
        let player = self.pos.turn();
        let number = self.pos.fullmoves().get();
        let ply = self.ply();
        let misuse = |why: JollyMisuse<'_>| {
            wording::jolly_misuse(why)
                .at(span)
                .on_sheet(player, number, ply)
        };
        if self.moves.len() < 2 || self.snapshots.len() < 2 {
            self.findings.push(misuse(JollyMisuse::NothingToTakeBack));
            return;
        }
        let raw = self.raw;
        for why in self.jolly_misuses(raw, player) {
            self.findings.push(misuse(why));
        }
        self.snapshots.pop();
        let s = self.snapshots.pop().expect("two snapshots");
        self.moves.truncate(self.moves.len() - 2);
        self.pos = s.pos;
        self.window = s.window;
        self.ending = s.ending;
        self.gave_mate = s.gave_mate;
        self.in_check = self.pos.is_check();
    }

    /// What is wrong with a jolly that has two moves to take back (seed 002, section 3): it
    /// is allowed in phase 1 only, once per player and game, and cannot take back a mate.
    /// Notes the jolly as used.
    fn jolly_misuses<'r>(&mut self, raw: &'r RawGame<'_>, player: Color) -> Vec<JollyMisuse<'r>> {
        let mut out = Vec::new();
        let phase = raw.tag("Fase");
        if phase.map(str::trim) != Some("1") {
            out.push(JollyMisuse::NotPhaseOne(player, phase));
        }
        if std::mem::replace(&mut self.jolly_used[player as usize], true) {
            out.push(JollyMisuse::Second(player));
        }
        if self.gave_mate {
            out.push(JollyMisuse::TakesBackMate(player));
        }
        out
    }
}
