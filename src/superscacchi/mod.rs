//! SuperScacchi "Assedio corto" (`superscacchi-rules.md`, R1–R43).
//!
//! Data flows one way: the leaves first, then the engine, then what scores it.
//!
//! Below it, shared with the sheet parser: [`crate::geometry`] (the board, armies, teams,
//! pieces, R1–R9) and [`crate::notation::marks`] (the pen, R34, and the marker, R33).
//!
//! - [`setup`]: the built-in set-up and set-up files (formats.md §2).
//! - [`position`]: moves and attacks (R11–R24).
//! - [`check`]: check, imprisonment, flight, mate (R25–R30).
//! - [`event`]: what a game's events are (R21, R26–R30) and whom they credit; no points.
//! - [`turn`]: one game turn by turn (R31), the events as they happen.
//! - [`replay`]: the turn loop: each army's next line played in turn order (R31, R32).
//! - [`merge`]: which sheet is each army's, and where the merge breaks (R32).
//! - [`plan`]: each army's moves as the merge reads them, with the slips the numbering
//!   shows (R32a).
//! - [`diagnose`]: the search for the move that fits where one is missing (R32a).
//! - [`explain`]: why a written move is not legal (R35), and the moves nearest to it.
//! - [`slips`]: the discrepancies between a played line and its move (R33, R34, R36).
//! - [`selfplay`]: random legal games, written as sheets (for tests and benchmarks).
//! - [`register`]: the register tags (formats.md §1).
//! - [`score`]: material, events and penalties (R37–R42).
//! - [`clock`]: the venue's clock, for the ten minutes of R43.
//! - [`contest`]: the match verdict (R42) and the contest (R43).
//! - [`time`]: the clock and the judge's time record (R44–R47).
//! - [`players`]: the players of the armies (R48).
//! - [`fill`]: unreadable characters (`_`) on the sheets, filled by replaying the game.
//! - [`blame`]: which sheet to blame when a move finds the wrong piece (R35).
//! - [`words`]: the words for errors and counted pieces (`Say`); findings are worded in
//!   `finding::wording::superscacchi`.

pub mod blame;
pub mod check;
pub mod clock;
pub mod contest;
pub mod diagnose;
pub mod event;
pub mod explain;
pub mod fill;
pub mod merge;
pub mod plan;
pub mod players;
pub mod position;
pub mod register;
pub mod replay;
pub mod score;
pub mod selfplay;
pub mod setup;
pub mod slips;
pub mod time;
pub mod turn;
pub mod words;
