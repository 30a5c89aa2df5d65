//! Issue 26: a game the plain reading does not replay as valid is read again in the other
//! ways Italian texts are written (`notation::classical::rereadings`: typography, the end
//! of a game in words, the press style), and the reading that explains most is kept: valid
//! first, then the most plies replayed, then the fewest errors. A reading that replays
//! fewer plies than the plain one is never kept, so that no move is lost in silence.

use super::{Replay, ReplayOptions, replay_plain};
use crate::finding::Severity;
use crate::notation::classical::{RawGame, rereadings};

/// The best of `plain` and the game's other readings. Out of line: rare (invalid games).
#[cold]
#[inline(never)]
pub(super) fn better(raw: &RawGame<'_>, options: &ReplayOptions, plain: Replay) -> Replay {
    let mut best = plain;
    for reading in rereadings(raw) {
        let Some(game) = reading.game() else {
            continue;
        };
        let other = replay_plain(&game, options);
        if explains_more(&other, &best) {
            best = other;
        }
    }
    best
}

/// Whether `new` explains more of the text than `old`.
fn explains_more(new: &Replay, old: &Replay) -> bool {
    let errors = |r: &Replay| {
        r.findings
            .iter()
            .filter(|f| f.severity() == Severity::Error)
            .count()
    };
    let key = |r: &Replay| (r.is_valid(), r.moves.len(), std::cmp::Reverse(errors(r)));
    new.moves.len() >= old.moves.len() && key(new) > key(old)
}
