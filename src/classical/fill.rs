//! Unreadable characters (`formats.md` §8): a `_` in a move stands for one character the
//! transcriber could not read (`C_3`, `_xe5`, `Tf_`); a move written as `_` alone stands for
//! a whole unreadable move.
//!
//! - [`readings`]: the legal moves a pattern fits, each with the text it is read as.
//! - [`plan`]: every pattern of a game decided at once, by how far the rest of the game
//!   replays legally with each reading (a reading may only show itself wrong several moves
//!   later, or through another pattern).
//!
//! # Bounds
//!
//! The search is a beam: it follows the game ply by ply, holding at most [`BEAM`] readings of
//! the whole game at once (each a position and the choices that led to it). A written move
//! either plays on each reading or ends it; a pattern splits each reading into its candidate
//! moves, and the split stops once [`BEAM`] readings are held (the plan is then marked
//! `bounded`, every reach it reports is a lower bound, and only a pattern with a single
//! reading is filled: the reading that goes furthest may have been dropped). The work is therefore at most
//! plies × [`BEAM`] moves matched, whatever the number of `_`: a sheet with a lone `_` at every
//! ply ends as fast as any other, with the first pattern reported as unreadable and its
//! candidates listed.

use super::explain::numbered;
use super::matcher::by_shakmaty;
use crate::finding::Finding;
use crate::finding::wording::{classical as wording, common};
use crate::notation::classical::{RawGame, TokenKind};
use crate::notation::san::{Notation, parse_move, write_san};
use crate::span::Span;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingSide, Chess, Move, Position};
use std::rc::Rc;

/// The most readings of the game the search holds at once (see the module documentation).
pub const BEAM: usize = 128;

/// True when a written move holds an unreadable character.
pub fn is_pattern(word: &str) -> bool {
    // Words are a few bytes long: a plain loop beats a call to memchr.
    word.bytes().any(|b| b == b'_')
}

/// One legal move a pattern fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FittingMove {
    /// The pattern with its `_` filled in (for a lone `_`, the move in standard notation).
    pub text: String,
    /// The move.
    pub mv: Move,
}

/// The legal move `word` names in `pos`, if exactly one.
pub fn resolve(pos: &Chess, word: &str, notation: Notation) -> Option<Move> {
    let written = parse_move(word, notation).ok()?;
    by_shakmaty(pos, &written.kind)
}

/// The move in standard notation with its check mark: `Cc3`, `Dxf7#`.
pub fn san_text(pos: &Chess, m: Move, notation: Notation) -> String {
    let san = SanPlus::from_move(pos.clone(), m);
    let mut text = write_san(&san.san, notation);
    if let Some(s) = san.suffix {
        text.push(s.char());
    }
    text
}

/// Every legal move in `pos` that `pattern` fits, in shakmaty's move order.
///
/// A `_` matches any one character of some way of writing the move that the notation reads
/// as that very move: with or without the origin file or rank, `x` or `:` or no mark on a
/// capture, the long form `Cg1-f3`, `=D` or `D` on a promotion, any check mark.
///
/// ```
/// use arbitro::classical::fill::readings;
/// use arbitro::notation::san::Notation;
/// use shakmaty::Chess;
/// let texts: Vec<_> = readings(&Chess::default(), "C_3", Notation::Italian)
///     .into_iter().map(|r| r.text).collect();
/// assert_eq!(texts, ["Ca3", "Cc3", "Cf3", "Ch3"]);
/// assert_eq!(readings(&Chess::default(), "_", Notation::Italian).len(), 20);
/// ```
pub fn readings(pos: &Chess, pattern: &str, notation: Notation) -> Vec<FittingMove> {
    let pattern = pattern.trim_end_matches(['!', '?']);
    let legal = pos.legal_moves();
    if pattern == "_" {
        return legal
            .iter()
            .map(|&mv| FittingMove {
                text: san_text(pos, mv, notation),
                mv,
            })
            .collect();
    }
    let mut buf = String::with_capacity(16);
    legal
        .iter()
        .filter_map(|&mv| {
            spelled(pos, mv, notation, pattern.as_bytes(), &mut buf)
                .map(|text| FittingMove { text, mv })
        })
        .collect()
}

/// The first way of writing `m` that `pattern` fits and that reads back as `m`.
fn spelled(
    pos: &Chess,
    m: Move,
    notation: Notation,
    pattern: &[u8],
    buf: &mut String,
) -> Option<String> {
    let suffixes = suffixes(pos, m, pattern);
    let fits = |buf: &str| {
        buf.len() == pattern.len()
            && buf.bytes().zip(pattern).all(|(c, &p)| p == b'_' || p == c)
            && resolve(pos, buf, notation) == Some(m)
    };
    if let Some(side) = m.castling_side() {
        let bodies = match side {
            CastlingSide::KingSide => ["0-0", "O-O"],
            CastlingSide::QueenSide => ["0-0-0", "O-O-O"],
        };
        for body in bodies {
            for suffix in suffixes {
                buf.clear();
                buf.push_str(body);
                buf.push_str(suffix);
                if fits(buf) {
                    return Some(buf.clone());
                }
            }
        }
        return None;
    }
    let origins = origins(m)?;
    let separators: &[&str] = if m.is_capture() {
        &["x", ":", "", "-"]
    } else {
        &["", "-"]
    };
    let promotions: Vec<String> = match m.promotion() {
        Some(p) => vec![
            format!("={}", notation.letter(p)),
            notation.letter(p).to_string(),
        ],
        None => vec![String::new()],
    };
    let letter = notation.letter(m.role());
    let to = m.to().to_string();
    for origin in &origins {
        for &sep in separators {
            if sep == "-" && origin.len() != 2 {
                continue;
            }
            for promotion in &promotions {
                for suffix in suffixes {
                    buf.clear();
                    for part in [letter, origin, sep, &to, promotion, suffix] {
                        buf.push_str(part);
                    }
                    if fits(buf) {
                        return Some(buf.clone());
                    }
                }
            }
        }
    }
    None
}

/// The check marks a move may be written with, the one it really takes first when the
/// pattern may end in one.
fn suffixes(pos: &Chess, m: Move, pattern: &[u8]) -> [&'static str; 4] {
    if pattern.last() != Some(&b'_') {
        return ["", "+", "#", "++"];
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    match (
        after.is_check(),
        after.is_check() && after.legal_moves().is_empty(),
    ) {
        (_, true) => ["#", "+", "++", ""],
        (true, false) => ["+", "", "#", "++"],
        _ => ["", "+", "#", "++"],
    }
}

/// The ways the origin of a move that is not castling may be written: none, the file, the
/// rank, both (a pawn: the file when it takes, else none or both).
fn origins(m: Move) -> Option<Vec<String>> {
    let from = m.from()?;
    let (file, rank) = (from.file().char(), from.rank().char());
    let full = format!("{file}{rank}");
    Some(match (m.role() == shakmaty::Role::Pawn, m.is_capture()) {
        (true, true) => vec![file.to_string(), full],
        (true, false) => vec![String::new(), full],
        (false, _) => vec![String::new(), file.to_string(), rank.to_string(), full],
    })
}

/// A candidate for one pattern, with how far the game replays with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The move as read (`Cc3`).
    pub text: String,
    /// The last ply the game replays to with this reading (the best over the readings of
    /// the other patterns).
    pub ply: u32,
    /// Moves of the sheet played with it (the measure of "furthest"; equal to `ply` unless a
    /// jolly took moves back).
    played: u32,
}

/// What a pattern of the main line is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Exactly one reading lets the game replay furthest: play `text`.
    Filled {
        /// The move to play.
        text: String,
        /// Every candidate, furthest first.
        candidates: Vec<Candidate>,
    },
    /// Several readings let the game replay equally far: every candidate, furthest first.
    Unresolved(Vec<Candidate>),
    /// No legal move fits the pattern.
    NoReading,
}

/// The decisions for every pattern of a game's main line.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// (token index, decision), in token order.
    pub decisions: Vec<(usize, Decision)>,
    /// The search held [`BEAM`] readings at some point: reaches are lower bounds.
    pub bounded: bool,
    /// The main line holds a pattern at all (false for nearly every game: the replay then
    /// looks at no word for `_`).
    pub any: bool,
}

impl Plan {
    /// The decision for the pattern at token `index`.
    pub fn get(&self, index: usize) -> Option<&Decision> {
        self.decisions
            .binary_search_by_key(&index, |(i, _)| *i)
            .ok()
            .map(|i| &self.decisions[i].1)
    }
}

/// One step of the main line.
enum Step<'a> {
    Word(usize, &'a str),
    Jolly,
}

/// The choices a reading of the game made, newest first (shared between readings).
struct Choice {
    step: u32,
    candidate: u32,
    prev: Option<Rc<Choice>>,
}

/// One reading of the game being followed.
struct Line {
    pos: Chess,
    played: u32,
    /// Moves in the main line now (a jolly takes two back).
    ply: u32,
    /// Positions before each move, kept only for games with a jolly.
    back: Vec<Chess>,
    choices: Option<Rc<Choice>>,
}

/// Decides every pattern of `raw`'s main line, the game starting at `start` (see the module
/// documentation for how, and its bounds). Empty when the main line holds no `_`.
pub fn plan(raw: &RawGame<'_>, notation: Notation, start: &Chess) -> Plan {
    // Nearly every game has no `_`: the lexer says so, or a look at the words.
    if !raw.may_hold_underscores()
        || !raw
            .tokens
            .iter()
            .any(|t| t.depth() == 0 && t.kind() == TokenKind::Move && is_pattern(raw.word(t)))
    {
        return Plan::default();
    }
    let steps: Vec<Step<'_>> = raw
        .tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.depth() == 0)
        .filter_map(|(i, t)| match t.kind() {
            TokenKind::Move => Some(Step::Word(i, raw.word(t))),
            TokenKind::Jolly => Some(Step::Jolly),
            _ => None,
        })
        .collect();
    Search::new(steps.len()).run(&steps, notation, start)
}

/// The beam search behind [`plan`].
struct Search {
    /// Per step: the candidates met (text, best moves played, ply then).
    table: Vec<Vec<Candidate>>,
    bounded: bool,
}

impl Search {
    fn new(steps: usize) -> Search {
        Search {
            table: vec![Vec::new(); steps],
            bounded: false,
        }
    }

    fn run(mut self, steps: &[Step<'_>], notation: Notation, start: &Chess) -> Plan {
        let keep_back = steps.iter().any(|s| matches!(s, Step::Jolly));
        let mut lines = vec![Line {
            pos: start.clone(),
            played: 0,
            ply: 0,
            back: Vec::new(),
            choices: None,
        }];
        for (si, step) in steps.iter().enumerate() {
            let mut next = Vec::with_capacity(lines.len());
            for mut line in lines {
                match *step {
                    Step::Jolly => {
                        if line.back.len() >= 2 {
                            line.back.pop();
                            line.pos = line.back.pop().expect("two positions");
                            line.ply -= 2;
                        }
                        next.push(line);
                    }
                    Step::Word(_, w) if is_pattern(w) => {
                        self.split(si, line, w, notation, keep_back, &mut next)
                    }
                    Step::Word(_, w) => match resolve(&line.pos, w, notation) {
                        Some(m) => {
                            if keep_back {
                                line.back.push(line.pos.clone());
                            }
                            line.pos.play_unchecked(m);
                            line.played += 1;
                            line.ply += 1;
                            next.push(line);
                        }
                        None => self.finish(&line),
                    },
                }
            }
            lines = next;
        }
        for line in &lines {
            self.finish(line);
        }
        self.decide(steps)
    }

    /// Follows each reading of the pattern `w` at step `si` from `line`, while room is left.
    fn split(
        &mut self,
        si: usize,
        line: Line,
        w: &str,
        notation: Notation,
        keep_back: bool,
        next: &mut Vec<Line>,
    ) {
        if next.len() >= BEAM {
            // No room left: this reading of the game is not followed.
            self.bounded = true;
            return;
        }
        let found = readings(&line.pos, w, notation);
        if found.is_empty() {
            self.finish(&line);
            return;
        }
        for r in found {
            if next.len() >= BEAM {
                self.bounded = true;
                return;
            }
            let played = line.played + 1;
            let ply = line.ply + 1;
            let cands = &mut self.table[si];
            let k = match cands.iter().position(|c| c.text == r.text) {
                Some(k) => k,
                None => {
                    cands.push(Candidate {
                        text: r.text,
                        ply,
                        played,
                    });
                    cands.len() - 1
                }
            };
            let mut pos = line.pos.clone();
            pos.play_unchecked(r.mv);
            let mut back = line.back.clone();
            if keep_back {
                back.push(line.pos.clone());
            }
            next.push(Line {
                pos,
                played,
                ply,
                back,
                choices: Some(Rc::new(Choice {
                    step: si as u32,
                    candidate: k as u32,
                    prev: line.choices.clone(),
                })),
            });
        }
    }

    /// A reading of the game ends: every choice it made reaches at least this far.
    fn finish(&mut self, line: &Line) {
        let ply = line.ply;
        let mut at = line.choices.as_deref();
        while let Some(c) = at {
            let cand = &mut self.table[c.step as usize][c.candidate as usize];
            if line.played > cand.played {
                cand.played = line.played;
                cand.ply = ply;
            }
            at = c.prev.as_deref();
        }
    }

    fn decide(self, steps: &[Step<'_>]) -> Plan {
        let best = self
            .table
            .iter()
            .flatten()
            .map(|c| c.played)
            .max()
            .unwrap_or(0);
        let mut decisions = Vec::new();
        for (step, mut cands) in steps.iter().zip(self.table) {
            let Step::Word(index, w) = *step else {
                continue;
            };
            if !is_pattern(w) {
                continue;
            }
            cands.sort_by_key(|c| std::cmp::Reverse(c.played));
            let top = cands.iter().filter(|c| c.played == best).count();
            // A bounded search may have dropped the reading that goes furthest: then only a
            // pattern with a single reading is filled.
            let trusted = !self.bounded || cands.len() == 1;
            let decision = match (cands.is_empty(), top) {
                (true, _) => Decision::NoReading,
                (false, 1) if trusted => Decision::Filled {
                    text: cands[0].text.clone(),
                    candidates: cands,
                },
                _ => Decision::Unresolved(cands),
            };
            decisions.push((index, decision));
        }
        Plan {
            any: true,
            decisions,
            bounded: self.bounded,
        }
    }
}

/// The move to play for the pattern `word` at token `index` (none: the replay stops there),
/// and the finding about it: `filled-unreadable`, `unreadable-move` or `illegal-move`.
/// `pos` is the position before the move, `ply` its ply.
pub fn decide<'p>(
    plan: &'p Plan,
    index: usize,
    word: &str,
    span: Span,
    pos: &Chess,
    ply: u32,
) -> (Option<&'p str>, Finding) {
    let mover = pos.turn();
    let number = pos.fullmoves().get();
    let at = numbered(pos, word);
    let listed = |cands: &'p [Candidate]| -> Vec<(&'p str, u32)> {
        cands.iter().map(|c| (c.text.as_str(), c.ply)).collect()
    };
    let (text, f) = match plan.get(index) {
        Some(Decision::Filled { text, candidates }) => {
            let f = common::filled_unreadable(&at, &listed(candidates), plan.bounded);
            (Some(text.as_str()), f)
        }
        Some(Decision::Unresolved(cands)) => {
            let f = wording::unreadable_move(&at, &listed(cands), plan.bounded);
            (None, f)
        }
        _ => (None, wording::fits_no_legal_move(&at)),
    };
    (
        text,
        f.rule("FIDE 8.1").at(span).on_sheet(mover, number, ply),
    )
}
