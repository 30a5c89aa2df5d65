//! Every slip in one run (issue 28 point 4, R32a's classical twin): after a move that is
//! illegal, ambiguous or unreadable, the move that was meant is the legal move the text
//! fits under one edit ([`crate::classical::slip::fitting`]) with which the rest of the
//! game replays furthest. The error is reported with that reading ("read as Cf3 to go
//! on") and the replay goes on with it, so a later, independent slip is found in the same
//! run. With no fitting move the replay stops there, as before, and the finding says so.
//!
//! Runs only where the plain replay failed. Bounded: each candidate is followed at most
//! [`HORIZON`] plies, and a game spends at most [`WORK`] plies of looking ahead in all (a
//! sheet full of slips stays fast); past that the replay stops at the next slip and says
//! the search reached its limit.

use super::{MoveAt, Replayer};
use crate::classical::fill::is_pattern;
use crate::classical::matcher::by_shakmaty;
use crate::classical::{forms, slip};
use crate::finding::Finding;
use crate::finding::wording::classical as wording;
use crate::notation::classical::{RawGame, TokenKind};
use crate::notation::san::{Notation, WrittenMove, parse_move};
use crate::span::Span;
use shakmaty::{Chess, Move, Position};

/// The most plies one candidate is followed.
pub const HORIZON: u32 = 160;
/// The most plies of looking ahead one game may spend on its slips.
pub const WORK: u32 = 40_000;
/// A reading is taken only if the game then replays at least this many more of its
/// written moves (or to its end): a guess the next move refutes is no reading.
const MIN_AFTER: u32 = 4;

/// The most other readings a finding lists as also possible (those the rest of the game
/// cannot tell from the one taken).
const ALSO: usize = 3;

/// What the search found for one slip.
pub(super) enum Meant {
    /// Play `mv`; `texts` are the readings that fit as well as it, it first.
    Move { mv: Move, texts: Vec<String> },
    /// No legal move fits the text under one edit (or none lets the game go on).
    None,
    /// The game spent its search: the replay stops here.
    Limit,
}

impl Replayer<'_, '_> {
    /// The move meant by `word`, written at `span` where the position is `self.pos`.
    /// Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn meant(&mut self, word: &str, span: Span) -> Meant {
        if self.slip_work >= WORK {
            return Meant::Limit;
        }
        // The main line goes on after the word's token.
        let next = self
            .raw
            .tokens
            .iter()
            .position(|t| t.span.start == span.start && t.depth == 0)
            .map_or(self.raw.tokens.len(), |i| i + 1);
        let found = slip::fitting(&self.pos, word, self.notation);
        // The marks written (`x`, `+`) that the reading's move does not bear.
        let capture = word.contains(['x', ':']);
        let check = word.ends_with(['+', '#']);
        let mut scored: Vec<(Reach, [u8; 3], usize)> = Vec::with_capacity(found.len());
        for (k, f) in found.iter().enumerate() {
            let mut pos = self.pos.clone();
            pos.play_unchecked(f.mv);
            let marks = u8::from(capture != f.mv.is_capture()) + u8::from(check != pos.is_check());
            let reach = reach(self.raw, next, pos, self.notation);
            self.slip_work = self.slip_work.saturating_add(reach.total);
            scored.push((reach, [f.edits, marks, f.kind], k));
        }
        // Furthest first (to the next failure, then past it), then the fewest edits, the
        // marks that agree, the likelier slip, shakmaty's order.
        scored.sort_by_key(|&(reach, like, k)| (std::cmp::Reverse(reach), like, k));
        let Some(&(reach, _, _)) = scored.first() else {
            return Meant::None;
        };
        if !reach.clean && reach.first < MIN_AFTER {
            return Meant::None;
        }
        let texts: Vec<String> = scored
            .iter()
            .take_while(|s| s.0 == reach)
            .take(ALSO + 1)
            .map(|s| found[s.2].text.clone())
            .collect();
        Meant::Move {
            mv: found[scored[0].2].mv,
            texts,
        }
    }

    /// The finding `f` on a slip, with what the search found; the move to play, if any.
    #[cold]
    #[inline(never)]
    pub(super) fn read_on(&mut self, f: Finding, at: &MoveAt<'_>) -> (Finding, Option<Move>) {
        match self.meant(at.word, at.span) {
            Meant::Move { mv, texts } => (wording::read_as(f, &texts), Some(mv)),
            Meant::None => (wording::no_reading(f, false), None),
            Meant::Limit => (wording::no_reading(f, true), None),
        }
    }

    /// A word that is no move (a parse error) read as the move meant: the move written
    /// plainly, with the word's own check mark, to be played as any other.
    #[cold]
    #[inline(never)]
    pub(super) fn reread_slip(
        &mut self,
        f: Finding,
        at: &MoveAt<'_>,
    ) -> (Finding, Option<WrittenMove>) {
        let word = at.word;
        let (f, mv) = self.read_on(f, at);
        let written = mv.and_then(|mv| {
            let mut text = crate::notation::san::write_san(
                &shakmaty::san::San::from_move(&self.pos, mv),
                self.notation,
            );
            let marks = word.len() - word.trim_end_matches(['+', '#']).len();
            text.push_str(&word[word.len() - marks..]);
            parse_move(&text, self.notation).ok()
        });
        (f, written)
    }
}

/// The most later slips a candidate's look-ahead reads past (each by its likeliest
/// reading), to tell apart candidates that replay equally far to the next slip.
const FIXES: u32 = 3;

/// How far the main line replays after a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Reach {
    /// Plies replayed before the first move that fails.
    pub(super) first: u32,
    /// Nothing failed: the line ended (or a `_` or a jolly, which their own searches
    /// decide, or the horizon).
    pub(super) clean: bool,
    /// Plies replayed in all, later slips read past.
    pub(super) total: u32,
    /// Later slips read past, counted down (fewer is better).
    pub(super) spare: u32,
}

/// How far a later slip's readings are followed to pick one (without fixes of their own).
const FIX_HORIZON: u32 = 24;
/// How many readings of a later slip are looked at.
const FIX_READINGS: usize = 8;

/// The reading of a later slip (`word` at byte `at`) with which the line replays
/// furthest, up to [`FIX_HORIZON`] plies without reading past another slip.
fn best_fix(
    raw: &RawGame<'_>,
    at: usize,
    pos: &Chess,
    word: &str,
    notation: Notation,
) -> Option<Move> {
    let from = raw.tokens.iter().position(|t| t.span.start == at)? + 1;
    let mut best: Option<(u32, Move)> = None;
    for f in slip::fitting(pos, word, notation)
        .into_iter()
        .take(FIX_READINGS)
    {
        let mut p = pos.clone();
        p.play_unchecked(f.mv);
        let n = plain_reach(raw, from, p, notation, FIX_HORIZON);
        if best.is_none_or(|(b, _)| n > b) {
            best = Some((n, f.mv));
        }
    }
    best.map(|(_, m)| m)
}

/// The plies the main line replays from token `from` on, stopping at the first that
/// fails, at most `most`.
fn plain_reach(
    raw: &RawGame<'_>,
    from: usize,
    mut pos: Chess,
    notation: Notation,
    most: u32,
) -> u32 {
    let mut n = 0;
    for t in raw.tokens.iter().skip(from).filter(|t| t.depth == 0) {
        if n >= most {
            break;
        }
        let TokenKind::Move(word) = t.kind else {
            continue;
        };
        match next_move(&pos, word, notation) {
            Step::Play(m) => {
                pos.play_unchecked(m);
                n += 1;
            }
            Step::Skip => {}
            Step::Fail => break,
        }
    }
    n
}

/// What a written word is in the look-ahead.
enum Step {
    Play(Move),
    /// No move at all (a glyph, punctuation): the replay skips it.
    Skip,
    Fail,
}

/// The move `word` names in `pos`, read as the replay reads it.
fn next_move(pos: &Chess, word: &str, notation: Notation) -> Step {
    let m = match parse_move(word, notation) {
        Ok(w) => by_shakmaty(pos, &w.kind).or_else(|| forms::other_move(pos, &w).map(|(m, _)| m)),
        Err(_) => match forms::other_spelling(word, notation)
            .and_then(|(plain, _)| parse_move(&plain, notation).ok())
        {
            Some(w) => by_shakmaty(pos, &w.kind),
            None if !forms::looks_like_move(word)
                || forms::is_punctuation(word)
                || forms::is_ascii_glyph(word) =>
            {
                return Step::Skip;
            }
            None => None,
        },
    };
    m.map_or(Step::Fail, Step::Play)
}

/// How many of the main line's moves from token `from` on replay from `pos` (see
/// [`Reach`]), at most [`HORIZON`].
fn reach(raw: &RawGame<'_>, from: usize, mut pos: Chess, notation: Notation) -> Reach {
    let mut r = Reach {
        first: 0,
        clean: false,
        total: 0,
        spare: FIXES,
    };
    let mut failed = false;
    for t in raw.tokens.iter().skip(from).filter(|t| t.depth == 0) {
        if r.total >= HORIZON {
            break;
        }
        let word = match t.kind {
            TokenKind::Move(w) => w,
            TokenKind::Jolly => break,
            _ => continue,
        };
        if is_pattern(word) {
            break;
        }
        let m = match next_move(&pos, word, notation) {
            Step::Play(m) => Some(m),
            Step::Skip => continue,
            Step::Fail => None,
        };
        let m = match m {
            Some(m) => m,
            None => {
                if !failed {
                    failed = true;
                    r.first = r.total;
                }
                if r.spare == 0 {
                    return r;
                }
                r.spare -= 1;
                match best_fix(raw, t.span.start, &pos, word, notation) {
                    Some(m) => m,
                    None => return r,
                }
            }
        };
        pos.play_unchecked(m);
        r.total += 1;
    }
    if !failed {
        r.first = r.total;
        r.clean = true;
    }
    r
}
