//! Classical chess: the replay of a parsed game on shakmaty's board.
//!
//! - [`replay`](mod@replay): legality, marks, end of game, claims, the jolly.
//! - [`matcher`]: the quick match of a plain written move, shakmaty deciding the rest.
//! - [`explain`]: why a move is illegal, and the nearest legal moves.
//! - [`forms`]: the rare path: other ways of writing a move, set-ups and variants, tag
//!   names, variations.
//! - [`write`](mod@write): the verified game as PGN or canonical Italian.

pub mod explain;
pub mod forms;
pub mod matcher;
pub mod replay;
pub mod write;

pub use replay::{Ending, Options, Replay, replay};
