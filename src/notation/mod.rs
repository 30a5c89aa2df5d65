//! Parsers: text to tokens, every token with its [`Span`](crate::span::Span).
//!
//! - [`classical`]: game files in Italian notation or PGN (`formats.md` section 3).
//! - [`san`]: one move in Italian or English algebraic notation.
//! - [`tags`]: `[Name "value"]` tag pairs, shared by both game formats.

pub mod classical;
pub mod lookalike;
pub mod san;
pub mod superscacchi;
pub mod tags;
