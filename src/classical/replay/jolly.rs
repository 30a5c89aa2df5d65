//! The jolly (seed 002, section 3): a player takes back their own last move and the
//! opponent's reply, once per game, in phase 1 only, never a mate.

use super::{Ending, Replayer};
use crate::finding::{Code, Finding};
use crate::span::Span;
use shakmaty::{Board, Chess, Color, Position};

/// A position to go back to when a jolly takes moves back.
#[derive(Clone)]
pub(super) struct Snapshot {
    pos: Chess,
    window: Vec<Board>,
    ending: Option<(Ending, u32)>,
    gave_mate: bool,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The side in Italian, as a sentence names it ("il Bianco").
fn side_name_it(c: Color) -> &'static str {
    match c {
        Color::White => "il Bianco",
        Color::Black => "il Nero",
    }
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
        let misuse = |why: String, it: String| {
            Finding::new2(Code::JollyMisuse, why, it)
                .at(span)
                .rule("Reg. 3 Jolly")
                .on_sheet(player, number, ply)
        };
        if self.moves.len() < 2 || self.snapshots.len() < 2 {
            let f = misuse(
                "a jolly takes back two moves, and there are not two to take back".into(),
                "il jolly ritira due mosse, e non ce ne sono due da ritirare".into(),
            )
            .label2("nothing to take back", "niente da ritirare");
            self.findings.push(f);
            return;
        }
        for [why, why_it, label, label_it] in self.jolly_misuses(player) {
            let f = misuse(why, why_it).label2(label, label_it);
            self.findings.push(f);
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

    /// What is wrong with a jolly that has two moves to take back (seed 002, section 3): it is
    /// allowed in phase 1 only, once per player and game, and cannot take back a mate; each
    /// as its message and label, in English and in Italian. Notes the jolly as used.
    pub(super) fn jolly_misuses(&mut self, player: Color) -> Vec<[String; 4]> {
        let mut out = Vec::new();
        let phase = self.raw.tag("Fase");
        if phase.map(str::trim) != Some("1") {
            out.push([
                format!(
                    "{} plays a jolly, but the jolly is allowed only in phase 1",
                    side_name(player)
                ),
                format!(
                    "{} gioca un jolly, ma il jolly è ammesso solo nella fase 1",
                    side_name_it(player)
                ),
                match phase {
                    Some(p) => format!("this game is in phase {p}"),
                    None => "this game has no [Fase \"1\"] tag".to_string(),
                },
                match phase {
                    Some(p) => format!("questa partita è della fase {p}"),
                    None => "questa partita non ha il tag [Fase \"1\"]".to_string(),
                },
            ]);
        }
        let idx = player as usize;
        if std::mem::replace(&mut self.jolly_used[idx], true) {
            out.push([
                format!(
                    "{} plays a second jolly in the same game (one per player per game)",
                    side_name(player)
                ),
                format!(
                    "{} gioca un secondo jolly nella stessa partita (uno per giocatore per partita)",
                    side_name_it(player)
                ),
                "second jolly".into(),
                "secondo jolly".into(),
            ]);
        }
        if self.gave_mate {
            out.push([
                format!(
                    "{} takes back a reply that gave mate, which the jolly cannot do",
                    side_name(player)
                ),
                format!(
                    "{} ritira una risposta che dava scacco matto, e il jolly non lo può fare",
                    side_name_it(player)
                ),
                "the reply was mate".into(),
                "la risposta era scacco matto".into(),
            ]);
        }
        out
    }
}
