//! Parsers: text to tokens, every token with its [`Span`](crate::span::Span).
//!
//! - [`classical`]: game files in Italian notation or PGN (`formats.md` section 3).
//! - [`san`]: one move in Italian or English algebraic notation.
//! - [`tags`]: `[Name "value"]` tag pairs, shared by both game formats.
//! - [`lookalike`]: characters that look like those of a move but are not (named in hints).
//! - [`superscacchi`]: the eight score sheets of a SuperScacchi game (formats.md §1).
//! - [`marks`]: the pen (R34) and the marker (R33) beside a sheet's move, shared with the
//!   replay.

pub mod classical;
pub mod lookalike;
pub mod marks;
pub mod san;
pub mod superscacchi;
pub mod tags;
