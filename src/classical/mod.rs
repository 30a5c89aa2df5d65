//! Classical chess: the replay of a parsed game on shakmaty's board.
//!
//! - [`replay`](mod@replay): legality, marks, end of game, claims, the jolly.
//! - [`matcher`]: the quick match of a plain written move, shakmaty deciding the rest.
//! - [`explain`]: why a move is illegal, and the nearest legal moves.
//! - [`fill`]: unreadable characters (`_`): the moves they may be, the one the game keeps.
//! - [`slip`]: the moves a slip of the pen may hide (one edit of the text).
//! - [`forms`]: the rare path: other ways of writing a move, set-ups and variants, tag
//!   names, variations.
//! - [`reconcile`]: the two players' sheets of one game, aligned ply by ply.
//! - [`write`](mod@write): the verified game as PGN or canonical Italian.

pub mod explain;
pub mod fill;
pub mod forms;
pub mod matcher;
pub mod reconcile;
pub mod replay;
pub mod slip;
pub mod write;

pub use replay::{Ending, Replay, ReplayOptions, Stream, replay};
