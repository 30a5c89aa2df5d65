//! Which sheet to blame (R35, issue 17). A move that fails because its square is empty or
//! holds another piece is often right: the slip is on an earlier line, of any sheet, that
//! sent a piece one character away from where it went. This module says what the square
//! holds and which line last changed it, and looks for the one-character slip with which
//! the game replays past the failing move, so the judge corrects the sheet that is wrong.

use super::position::{Move, Position};
use crate::finding::wording::superscacchi as say;
use crate::geometry::{Army, Role, Sq};
use crate::lang::Bi;
use crate::notation::superscacchi::{SsGame, SsMove};

/// The line that last changed a square: its army, sheet number and file line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Touch {
    /// The army that moved.
    pub army: Army,
    /// Its sheet number.
    pub number: u32,
    /// The line of the file.
    pub line: u32,
    /// The piece that moved.
    pub role: Role,
    /// The move arrived on the square (else it left it, or took what stood there).
    pub arrived: bool,
}

/// For each square, the line that last changed it, kept as the replay goes.
#[derive(Debug, Clone)]
pub struct Touches(Vec<Option<Touch>>);

impl Default for Touches {
    fn default() -> Touches {
        Touches(vec![None; 256])
    }
}

impl Touches {
    /// Notes a played move.
    pub fn played(&mut self, m: &Move, number: u32, line: u32) {
        let t = |arrived| Touch {
            army: m.army,
            number,
            line,
            role: m.role,
            arrived,
        };
        if let Some((_, at)) = m.captured {
            self.0[usize::from(at.0)] = Some(t(false));
        }
        self.0[usize::from(m.from.0)] = Some(t(false));
        self.0[usize::from(m.to.0)] = Some(t(true));
    }

    /// What `sq` holds and how it came to: "e3 is empty (S's cavallo left it at S 5,
    /// line 20)", "e3 holds a torre of NE (put there at NE 7, line 99)".
    pub fn describe(&self, pos: &Position, sq: Sq) -> Bi {
        let touched =
            self.0[usize::from(sq.0)].map(|t| (t.army, t.number, t.line, t.role, t.arrived));
        say::square_history(sq, pos.at(sq), touched)
    }
}

/// The squares a written move needs as written: where it starts and, for a capture, the
/// square of the piece it takes.
pub fn needed(w: &SsMove) -> Vec<Sq> {
    let mut v = vec![w.from];
    if w.capture.is_some() && !w.ep {
        v.push(w.to);
    }
    v
}

/// Two squares written one character apart (`g3` for `e3`, `e13` for `e3`).
fn one_apart(a: Sq, b: Sq) -> bool {
    let (a, b) = (a.to_string(), b.to_string());
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() == b.len() {
        return a.iter().zip(b).filter(|(x, y)| x != y).count() == 1;
    }
    let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
    long.len() == short.len() + 1
        && (0..long.len()).any(|skip| {
            long.iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, c)| c)
                .eq(short.iter())
        })
}

/// An earlier line that, written one character differently, makes the game go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    /// The army whose sheet holds it.
    pub army: Army,
    /// Its sheet number.
    pub number: u32,
    /// Its line in the file.
    pub line: u32,
    /// As written.
    pub written: String,
    /// As it would make the game legal.
    pub instead: String,
}

/// Candidates tried at most: each costs a replay of the game up to the failing move.
const MAX_TRIES: usize = 24;

/// Looks for the slip: every line of any sheet (other than the failing one) whose
/// destination is one character from a square the failing move needs and does not find as
/// written (`targets`) is rewritten to
/// that square, and the game replayed (`plies_played`); the first rewrite with which more
/// than `failing_ply - 1` plies are played is the answer. Bounded by `MAX_TRIES` (24) replays.
pub fn earlier_slip(
    game: &SsGame<'_>,
    failing: (usize, usize),
    targets: &[Sq],
    failing_ply: u32,
    plies_played: impl Fn(&SsGame<'_>) -> u32,
) -> Option<Slip> {
    let mut tries = 0;
    for &target in targets {
        for (si, sheet) in game.sheets.iter().enumerate() {
            for (li, line) in sheet.lines.iter().enumerate() {
                if (si, li) == failing {
                    continue;
                }
                let Some(mut alt) = line.parsed else { continue };
                if alt.to == target || !one_apart(alt.to, target) {
                    continue;
                }
                tries += 1;
                if tries > MAX_TRIES {
                    return None;
                }
                let written = alt.to_text();
                alt.to = target;
                let mut fixed = game.clone();
                fixed.sheets[si].lines[li].parsed = Some(alt);
                if plies_played(&fixed) >= failing_ply {
                    return Some(Slip {
                        army: sheet.army,
                        number: line.number,
                        line: line.span.line,
                        written,
                        instead: alt.to_text(),
                    });
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_one_character_apart() {
        let sq = |s| Sq::parse(s).unwrap();
        assert!(one_apart(sq("e3"), sq("g3")));
        assert!(one_apart(sq("e3"), sq("e13")));
        assert!(one_apart(sq("e13"), sq("e3")));
        assert!(!one_apart(sq("e3"), sq("g4")));
        assert!(!one_apart(sq("e3"), sq("e3")));
    }
}
