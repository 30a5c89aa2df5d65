//! Issue 26: a game the plain reading does not replay as valid is read again in the other
//! ways Italian texts are written (`notation::classical::rereadings`: typography, the end
//! of a game in words, the press style), and the reading that explains most is kept: valid
//! first, then the most plies replayed, then the fewest errors. A reading that replays
//! fewer plies than the plain one is never kept, so that no move is lost in silence.

use super::{Replay, ReplayOptions, replay_plain};
use crate::finding::Severity;
use crate::notation::classical::{RawGame, rereadings};
use crate::span::Span;

/// The best of `plain` and the game's other readings. Out of line: rare (invalid games).
#[cold]
#[inline(never)]
pub(super) fn better(raw: &RawGame<'_>, options: &ReplayOptions, plain: Replay) -> Replay {
    let mut best = plain;
    let mut prose = Vec::new();
    for reading in rereadings(raw) {
        let Some(game) = reading.game() else {
            continue;
        };
        let other = replay_plain(&game, options);
        if explains_more(&other, &best) {
            best = other;
            prose = reading.prose().to_vec();
        }
    }
    if !prose.is_empty() && !best.is_valid() {
        among_prose(raw.source, &prose, &mut best);
    }
    best
}

/// Issue 26 point 5: a text too mixed to read. The first error of a reading that took runs
/// of prose as comments, on a word right after one of them (`… prepara d4 con calma`),
/// says what was expected there.
fn among_prose(source: &str, prose: &[Span], best: &mut Replay) {
    let Some(f) = best
        .findings
        .iter_mut()
        .find(|f| f.severity() == Severity::Error)
    else {
        return;
    };
    // A finding that proposes a reading says how to go on already (a gap, a slip).
    let Some(at) = f.span.filter(|_| f.proposal.is_none()) else {
        return;
    };
    let blank =
        |a: usize, b: usize| a <= b && source.get(a..b).is_some_and(|s| s.trim().is_empty());
    if prose.iter().any(|run| blank(run.end, at.start)) {
        *f = f
            .clone()
            .hinted(crate::finding::wording::notation::among_prose());
    }
}

/// Whether `new` explains more of the text than `old`.
fn explains_more(new: &Replay, old: &Replay) -> bool {
    let errors = |r: &Replay| {
        r.findings
            .iter()
            .filter(|f| f.severity() == Severity::Error)
            .count()
    };
    // Last, between readings alike in all that: the one whose first error stands further
    // on in the text (it read more before it).
    let first_error = |r: &Replay| {
        r.findings
            .iter()
            .filter(|f| f.severity() == Severity::Error)
            .filter_map(|f| f.span.map(|s| s.start))
            .min()
    };
    let key = |r: &Replay| {
        (
            r.is_valid(),
            r.moves.len(),
            std::cmp::Reverse(errors(r)),
            first_error(r),
        )
    };
    new.moves.len() >= old.moves.len() && key(new) > key(old)
}
