//! Classical chess: the replay of a parsed game on shakmaty's board.
//!
//! - [`replay`](mod@replay): legality, marks, end of game, claims, the jolly.
//! - [`matcher`]: the quick match of a plain written move, shakmaty deciding the rest.
//! - [`explain`]: why a move is illegal, and the nearest legal moves.
//! - [`write`](mod@write): the verified game as PGN or canonical Italian.

pub mod explain;
pub mod matcher;
pub mod replay;
pub mod write;

pub use replay::{Ending, Options, Replay, replay};
