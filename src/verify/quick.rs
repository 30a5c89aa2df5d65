//! Issue 33: the quick lane of [`super::classical_findings`] (what `batch` counts when it
//! writes no report) and of [`super::classical_reports`] (`verify`, `batch --report`). A
//! game of the common shape ([`QuickMoves`](crate::notation::classical::QuickMoves)) is
//! replayed as its moves are read, with no tokens kept; when the replay finds no error,
//! its replay (findings: none, or warnings such as a mate written without its `#`) is the
//! game's, and the lane is done. Otherwise, or when the quick reader gives up, the careful
//! path reads and replays the game as before. A report reads the game's tags and declared
//! result besides its replay: the lane's game holds the same tags and, last, the same
//! result token.
//!
//! Why the lane's findings are the careful path's: the replay fed by the lane is the
//! replay of the careful path ([`Stream`], which `replay` feeds from the tokens), in the
//! notation the careful path reads the game in first
//! ([`notation_guess`](crate::notation::classical::QuickMoves::notation_guess)), given the
//! same tags, the same moves and move numbers at the same places in the same order (the
//! quick reader's tokens and spans are the careful reader's: debug builds compare them on
//! every game `Games` reads quickly) and the same result terminator. A game that replays
//! with no error is all the careful path replays (the other alphabet and issue 26's other
//! readings are tried only for a game that is not valid), and what the careful path has
//! and the lane lacks, the tokens themselves, is read only by the slip search, which
//! starts only from an error, and by the look for a move missing where a move number did
//! not follow: the lane leaves every game with such a number to the careful path. Debug
//! builds also replay every game the lane takes by the careful path and compare the
//! findings.

use crate::classical::{Replay, ReplayOptions, Stream};
use crate::notation::classical::{Games, Moves, RawGame, TokenKind};
use crate::span::Span;

impl<'a> Moves<'a> for Stream<'_, 'a> {
    #[inline(always)]
    fn number(&mut self, number: u32, _black: bool, span: Span) {
        Stream::number(self, number, span);
    }

    /// Stops at the first error: the careful path will read the game.
    #[inline(always)]
    fn word(&mut self, word: &'a str, span: Span) -> bool {
        Stream::word(self, word, span) && self.is_valid()
    }

    #[inline(always)]
    fn other(&mut self, _kind: TokenKind, _text: &'a str, _span: Span) {}
}

/// Every game of `text` with its replay: by the quick lane where it takes the game, else
/// read and replayed by the careful path (boxed: the common game's comes so from the lane).
pub(super) fn replayed<'a>(
    text: &'a str,
    options: &'a ReplayOptions,
) -> impl Iterator<Item = Box<(RawGame<'a>, Replay)>> + 'a {
    let mut all = crate::notation::classical::games(text);
    std::iter::from_fn(move || {
        let raw = match clean_game(&mut all, options) {
            Lane::Done(done) => return Some(done),
            Lane::Replay => all.next()?,
            Lane::Careful => all.next_careful()?,
        };
        let replay = crate::classical::replay(&raw, options);
        Some(Box::new((raw, replay)))
    })
}

/// What the quick lane made of a game.
pub(super) enum Lane<'a> {
    /// The game (its tags and its result token: what a report reads of it) and its
    /// replay (no error among its findings); `games` has gone past it.
    Done(Box<(RawGame<'a>, Replay)>),
    /// The quick reader reads the game, but the replay finds an error (or the game's
    /// notation is another): the careful path replays it.
    Replay,
    /// Not a game of the common shape: the careful reader reads it.
    Careful,
}

/// The next game of `games` by the quick lane; nothing changed unless it is
/// [`Lane::Done`].
pub(super) fn clean_game<'a>(games: &mut Games<'a>, options: &ReplayOptions) -> Lane<'a> {
    let Some((mut raw, mut q)) = games.quick_tags() else {
        return Lane::Careful;
    };
    // The notation the careful path reads a game in whose moves begin with English
    // letters (Italian ones, or none, go to the careful path below), or the one asked
    // for.
    let notation = options
        .notation
        .unwrap_or_else(|| q.notation_if_english(&raw));
    let mut stream = Stream::new(&raw, notation);
    if !stream.is_valid() {
        return Lane::Replay;
    }
    let Some(terminator) = q.read(&mut stream) else {
        return if stream.is_valid() {
            Lane::Careful
        } else {
            Lane::Replay
        };
    };
    if options.notation.is_none() && q.notation_guess(&raw).0 != notation {
        return Lane::Replay;
    }
    // A number that did not follow may show a move missing, which the careful path looks
    // for with the game's tokens (issue 28): it may read such a game otherwise.
    if stream.renumbered() {
        return Lane::Replay;
    }
    let replay = stream.finish(Some(terminator));
    if !replay.is_valid() {
        return Lane::Replay;
    }
    q.end_game(&mut raw, terminator);
    #[cfg(debug_assertions)]
    {
        // What a report reads: the replay whole, the tags, the declared result.
        let careful = games
            .clone()
            .next_careful()
            .expect("the careful reader's game");
        let replay_of = |r: &Replay| format!("{r:?}");
        let careful_replay = crate::classical::replay(&careful, options);
        assert_eq!(
            replay_of(&careful_replay),
            replay_of(&replay),
            "the lane's replay"
        );
        assert_eq!(careful.tags, raw.tags, "the lane's tags");
        assert_eq!(careful.number, raw.number);
        assert_eq!(careful.declared_result(), raw.declared_result());
    }
    games.go_past(&q, None);
    Lane::Done(Box::new((raw, replay)))
}

#[cfg(test)]
mod tests {
    use super::{Lane, clean_game};
    use crate::classical::ReplayOptions;
    use crate::notation::classical::games;
    use crate::notation::san::Notation;

    /// What the lane makes of the first game of `text`, and how many games are left.
    fn lane(text: &str, notation: Option<Notation>) -> (&'static str, usize) {
        let mut all = games(text);
        let lane = match clean_game(&mut all, &ReplayOptions { notation }) {
            Lane::Done(done) if done.1.findings.is_empty() => "clean",
            Lane::Done(_) => "warned",
            Lane::Replay => "replay",
            Lane::Careful => "careful",
        };
        (lane, all.count())
    }

    #[test]
    fn a_clean_game_is_said_by_the_lane() {
        let text = "[White \"a\"]\n1.e4 e5 2.Nf3 Nc6 1/2-1/2\n\n[White \"b\"]\n1.d4 *\n";
        assert_eq!(lane(text, None), ("clean", 1));
        // Italian letters under Italian tags, or the notation asked for.
        let it = "[Bianco \"a\"]\n1.e4 e5 2.Cf3 Cc6 *";
        assert_eq!(lane(it, None), ("clean", 0));
        assert_eq!(
            lane("1.e4 e5 2.Cf3 Cc6 *", Some(Notation::Italian)),
            ("clean", 0)
        );
    }

    #[test]
    fn the_careful_path_says_the_rest() {
        // A warning (a mate written without its `#`, FIDE 5.1.1) is the lane's.
        let mate = "1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7 1-0";
        assert_eq!(lane(mate, None), ("warned", 0));
        // An error (an illegal move, FIDE 3), and a notation the letters do not settle
        // (pawns only; Italian letters under PGN tags).
        for text in [
            "1.e4 e5 2.Ke3 *",
            "1.e4 e5 2.d4 d5 *",
            "1.e4 e5 2.Cf3 Cc6 *",
        ] {
            assert_eq!(lane(text, None), ("replay", 1), "{text}");
        }
        // Not of the common shape.
        assert_eq!(lane("1.e4 (1.d4) e5 *", None), ("careful", 1));
    }
}
