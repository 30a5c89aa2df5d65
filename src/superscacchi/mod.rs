//! SuperScacchi "Assedio corto" (`superscacchi-rules.md`, R1–R43).
//!
//! - [`geometry`]: the board, armies, teams, pieces (R1–R9).
//! - [`setup`]: the built-in set-up and set-up files (formats.md §2).
//! - [`position`]: moves and attacks (R11–R24).
//! - [`check`]: check, imprisonment, flight, mate (R25–R30).
//! - [`replay`]: the merge of the eight sheets, findings and events (R31–R36).
//! - [`score`]: material, events and penalties (R37–R41).
//! - [`fill`]: unreadable characters (`_`) on the sheets, filled by replaying the game.

pub mod check;
pub mod contest;
pub mod fill;
pub mod geometry;
pub mod position;
pub mod register;
pub mod replay;
pub mod score;
pub mod selfplay;
pub mod setup;
pub mod turn;
