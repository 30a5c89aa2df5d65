//! Where a game ends, for the batch cutter (`batch/cut.rs`), which must cut a file exactly
//! where [`games`] does.

use super::lexer::games;

/// Where the first game of `text` ends (the offset where the next game starts), when the
/// text is enough to know it: `whole` says `text` is all there is; otherwise the answer
/// is given only when the game ended before the end of `text` without the lexer having to
/// look at the end (an unclosed comment, the last line). `batch` cuts files with it, so that
/// it cuts them exactly as [`games`] does.
///
/// ```
/// use arbitro::notation::classical::first_game_end;
/// let text = "1.e4 e5 1-0\n[Event \"b\"]\n1.d4 *\n";
/// assert_eq!(first_game_end(text, false), Some(12));
/// assert_eq!(first_game_end("1.e4 e5 1-0\n{more", false), None);
/// ```
pub fn first_game_end(text: &str, whole: bool) -> Option<usize> {
    let mut g = games(text);
    match g.next() {
        Some(game) if whole || (game.end < text.len() && !g.hit_end) => Some(game.end),
        Some(_) => None,
        None => whole.then_some(text.len()),
    }
}
