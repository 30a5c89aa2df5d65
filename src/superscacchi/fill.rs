//! Unreadable characters on SuperScacchi sheets (`formats.md` §8): a `_` in a move stands
//! for one character nobody could read (`P f_ - f3`, `_ f2 - f3`, `T e1 - _4`).
//!
//! Each `_` is replaced by every character a move can hold; the readings that parse and are
//! legal where the line is reached are the candidates. A candidate is judged by replaying
//! the whole game with it (all eight sheets: a candidate may capture or block a piece
//! another army moves later), looking past later smudges by trying their candidates too.
//!
//! # Bounds
//!
//! - at most [`MAX_UNREADABLE`] `_` in one move (more: the move is reported unreadable
//!   without a search);
//! - at most [`LOOKAHEAD`] later smudges are tried behind a candidate, and no more of a
//!   later smudge's readings once one replays the game to its end;
//! - at most [`BUDGET`] replays of the game in all; once spent, a smudge with several legal
//!   readings is reported with its candidates instead of being filled.
//!
//! So a file with hundreds of `_` costs at most [`BUDGET`] replays.

use super::explain::{find_move, written};
use super::replay::replay_probe;
use super::setup::Setup;
use crate::finding::wording::{common, superscacchi as say};
use crate::finding::{Code, Finding};
use crate::geometry::Army;
use crate::notation::superscacchi::{SsGame, SsMove, parse_move};

/// The most `_` read in one move.
pub const MAX_UNREADABLE: usize = 2;
/// The most later smudges tried behind a candidate.
pub const LOOKAHEAD: usize = 2;
/// The most replays of the game for all the smudges of a file.
pub const BUDGET: usize = 1000;

/// The characters a `_` may stand for.
const ALPHABET: &str = "abcdefghijklmnop0123456789PCATRXx-+=";

/// A smudged line: where it is and what it may be.
struct Smudge {
    sheet: usize,
    line: usize,
    army: Army,
    number: u32,
    /// Every reading that parses, with its text (distinct moves).
    readings: Vec<(String, SsMove)>,
    /// More `_` than [`MAX_UNREADABLE`].
    too_many: bool,
    /// The whole move is unreadable (`_`, or `_` for the piece and both squares): its
    /// readings are every legal move of the army where the line is reached.
    whole: bool,
}

/// A move unreadable as a whole: `_` alone, or nothing but `_`, spaces and `-` with the
/// piece and both squares unreadable (`_ _ - _`).
pub(crate) fn unreadable_whole(text: &str) -> bool {
    let t = text.trim();
    t == "_" || (t.matches('_').count() >= 3 && t.chars().all(|c| c == '_' || c == '-' || c == ' '))
}

/// Whether a legal move may be what a smudged line `text` stands for: any, for a move
/// unreadable as a whole; else one of its [`readings`].
pub(crate) fn smudge_fits(text: &str) -> impl Fn(&super::position::Move) -> bool {
    let whole = unreadable_whole(text);
    let readings = readings(text);
    move |m| {
        whole
            || readings.iter().any(|(_, w)| {
                (w.role, w.from, w.to, w.promotion) == (m.role, m.from, m.to, m.promotion)
            })
    }
}

/// The readings of a smudged move that parse, one per distinct move, each written as R33
/// writes it (`P l2 - l3`, never the lenient `p l2 - l3` that also parses); none when it
/// holds more than [`MAX_UNREADABLE`] `_`.
pub fn readings(text: &str) -> Vec<(String, SsMove)> {
    let holes: Vec<usize> = text.match_indices('_').map(|(i, _)| i).collect();
    if holes.len() > MAX_UNREADABLE {
        return Vec::new();
    }
    let mut out: Vec<(String, SsMove)> = Vec::new();
    let mut buf = text.as_bytes().to_vec();
    let letters = ALPHABET.as_bytes();
    let total = letters.len().pow(holes.len() as u32);
    for mut n in 0..total {
        for &h in &holes {
            buf[h] = letters[n % letters.len()];
            n /= letters.len();
        }
        let Ok(s) = std::str::from_utf8(&buf) else {
            continue;
        };
        if let Ok(m) = parse_move(s)
            && !out.iter().any(|(_, o)| {
                (o.role, o.from, o.to, o.promotion) == (m.role, m.from, m.to, m.promotion)
            })
        {
            out.push((m.to_text(), m));
        }
    }
    out
}

/// Where a replay stopped.
struct Probe {
    /// The smudge that stopped it, if one did.
    at: Option<usize>,
    plies: u32,
    /// It replayed the game to its end: no reading goes further.
    complete: bool,
    position: super::position::Position,
}

struct Filler<'g, 'a> {
    game: &'g mut SsGame<'a>,
    base_errors: Vec<Finding>,
    smudges: Vec<Smudge>,
    assigned: Vec<Option<SsMove>>,
    setup: &'g Setup,
    budget: usize,
}

impl Filler<'_, '_> {
    /// Replays the game with the smudges assigned so far; an unassigned smudge stops it.
    fn probe(&mut self) -> Probe {
        self.budget = self.budget.saturating_sub(1);
        let mut errors = self.base_errors.clone();
        for (k, s) in self.smudges.iter().enumerate() {
            self.game.sheets[s.sheet].lines[s.line].parsed = self.assigned[k];
            if self.assigned[k].is_none() {
                errors.push(
                    Finding::new(Code::UnreadableMove, String::new()).on_sheet(s.army, s.number, 0),
                );
            }
        }
        self.game.errors = errors;
        let r = replay_probe(self.game, self.setup);
        let at = r
            .findings
            .iter()
            .find(|f| f.code == Code::UnreadableMove && f.ply.is_some_and(|p| p > 0))
            .and_then(|f| {
                self.smudges
                    .iter()
                    .position(|s| Some(s.army.into()) == f.army && Some(s.number) == f.move_number)
            });
        Probe {
            at,
            plies: r.plies,
            complete: r.complete,
            position: r.position,
        }
    }

    /// The candidates of smudge `k` legal in the position where it stands (for a whole
    /// unreadable move, every legal move of its army there).
    fn legal(&mut self, k: usize, probe: &Probe) -> Vec<usize> {
        if self.smudges[k].whole {
            let mut moves = Vec::new();
            probe.position.moves(self.smudges[k].army, &mut moves);
            self.smudges[k].readings = moves
                .iter()
                .map(|m| {
                    let w = written(m, None);
                    (w.to_text(), w)
                })
                .collect();
        }
        let s = &self.smudges[k];
        (0..s.readings.len())
            .filter(|&i| find_move(&probe.position, s.army, &s.readings[i].1).is_ok())
            .collect()
    }

    /// How far the game replays with reading `i` of smudge `k`, trying the readings of up
    /// to `depth` later smudges, and whether that is to the game's end.
    fn reach(&mut self, k: usize, i: usize, depth: usize) -> (u32, bool) {
        self.assigned[k] = Some(self.smudges[k].readings[i].1);
        let p = self.probe();
        let mut best = (p.plies, p.complete);
        if let Some(q) = p.at
            && depth > 0
        {
            for j in self.legal(q, &p) {
                // A reading of the later smudge that replays to the end cannot be beaten.
                if self.budget == 0 || best.1 {
                    break;
                }
                best = best.max(self.reach(q, j, depth - 1));
            }
            self.assigned[q] = None;
        }
        self.assigned[k] = None;
        best
    }
}

/// Fills the smudged lines of `game` (see the module documentation): a filled line gets
/// its reading as `parsed`; a line that cannot be filled keeps none and gets its error
/// (`unreadable-move`, or `illegal-move` when no legal move fits) in `game.errors`, where
/// the replay stops. Returns the `filled-unreadable` findings, to add after the replay's.
pub fn fill(game: &mut SsGame<'_>, setup: &Setup) -> Vec<Finding> {
    let smudges = smudges(game);
    if smudges.is_empty() {
        return Vec::new();
    }
    let n = smudges.len();
    let mut f = Filler {
        base_errors: game.errors.clone(),
        game,
        smudges,
        assigned: vec![None; n],
        setup,
        budget: BUDGET,
    };
    let mut filled = Vec::new();
    let mut stuck: Option<Finding> = None;
    loop {
        let p = f.probe();
        let Some(k) = p.at else { break };
        let legal = f.legal(k, &p);
        let ply = p.plies + 1;
        if legal.len() == 1 || (legal.len() > 1 && f.budget > 0) {
            let mut reach: Vec<(usize, u32)> = if legal.len() == 1 {
                vec![(legal[0], ply)]
            } else {
                legal
                    .iter()
                    .map(|&i| (i, f.reach(k, i, LOOKAHEAD).0))
                    .collect()
            };
            reach.sort_by_key(|r| std::cmp::Reverse(r.1));
            let top = reach.iter().filter(|r| r.1 == reach[0].1).count();
            if top == 1 && (legal.len() == 1 || f.budget > 0) {
                f.assigned[k] = Some(f.smudges[k].readings[reach[0].0].1);
                filled.push(filled_finding(&f.smudges[k], &reach, ply, f.game));
                continue;
            }
            stuck = Some(unresolved(
                &f.smudges[k],
                &reach,
                ply,
                f.budget == 0,
                f.game,
            ));
        } else if legal.is_empty() {
            stuck = Some(no_reading(&f.smudges[k], ply, f.game));
        } else {
            let reach: Vec<(usize, u32)> = legal.iter().map(|&i| (i, ply)).collect();
            stuck = Some(unresolved(&f.smudges[k], &reach, ply, true, f.game));
        }
        break;
    }
    // The lines as decided; the replay stops at the one left stuck (the smudges after it
    // are never reached, and say nothing).
    for (k, s) in f.smudges.iter().enumerate() {
        f.game.sheets[s.sheet].lines[s.line].parsed = f.assigned[k];
    }
    let mut errors = f.base_errors.clone();
    if let Some(mut e) = stuck {
        e.ply = None;
        errors.push(e);
    }
    f.game.errors = errors;
    filled
}

/// The lines of every sheet that hold a `_` and do not read as a move, with the readings
/// each may have (none when it holds too many `_`).
fn smudges(game: &SsGame<'_>) -> Vec<Smudge> {
    let mut smudges = Vec::new();
    for (si, sheet) in game.sheets.iter().enumerate() {
        for (li, line) in sheet.lines.iter().enumerate() {
            if line.parsed.is_none() && line.text.contains('_') {
                let whole = unreadable_whole(line.text);
                let too_many = !whole && line.text.matches('_').count() > MAX_UNREADABLE;
                smudges.push(Smudge {
                    sheet: si,
                    line: li,
                    army: sheet.army,
                    number: line.number,
                    readings: if too_many || whole {
                        Vec::new()
                    } else {
                        readings(line.text)
                    },
                    too_many,
                    whole,
                });
            }
        }
    }
    smudges
}

fn text_of(s: &Smudge, game: &SsGame<'_>) -> String {
    let line = &game.sheets[s.sheet].lines[s.line];
    format!("{} {}. {}", s.army, s.number, line.text)
}

fn place(f: Finding, s: &Smudge, ply: u32, game: &SsGame<'_>) -> Finding {
    let span = game.sheets[s.sheet].lines[s.line].span;
    f.at(span).rule("R33").on_sheet(s.army, s.number, ply)
}

/// The readings, best first, with how far the game replays with each.
fn readings_of<'s>(s: &'s Smudge, reach: &[(usize, u32)]) -> Vec<(&'s str, u32)> {
    reach
        .iter()
        .map(|&(i, p)| (s.readings[i].0.as_str(), p))
        .collect()
}

fn filled_finding(s: &Smudge, reach: &[(usize, u32)], ply: u32, game: &SsGame<'_>) -> Finding {
    let f = common::filled_unreadable(&text_of(s, game), &readings_of(s, reach), false);
    place(f, s, ply, game)
}

fn unresolved(
    s: &Smudge,
    reach: &[(usize, u32)],
    ply: u32,
    bounded: bool,
    game: &SsGame<'_>,
) -> Finding {
    let f = common::unreadable_move(&text_of(s, game), &readings_of(s, reach), bounded);
    place(f, s, ply, game)
}

fn no_reading(s: &Smudge, ply: u32, game: &SsGame<'_>) -> Finding {
    let line = &game.sheets[s.sheet].lines[s.line];
    let too_many = s.too_many.then_some(MAX_UNREADABLE);
    let f = say::cannot_fill(s.army, s.number, line.text, too_many);
    place(f, s, ply, game)
}
