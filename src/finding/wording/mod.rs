//! How every finding is said, in English and in Italian: one constructor per finding,
//! taking typed data, in one file per family of findings. The engines call these; they
//! never write a sentence themselves, so changing a message is one edit here, in both
//! languages.
//!
//! A constructor returns a [`Finding`](super::Finding) with its code, rule, message,
//! label and hint set; the caller adds where it is ([`Finding::at`](super::Finding::at),
//! [`Finding::on_sheet`](super::Finding::on_sheet)). Words shared by several findings
//! (piece and side names) are [`Say`](crate::lang::Say) implementations on the values
//! themselves.

pub mod classical;
pub mod clock;
pub mod codes;
pub mod common;
pub mod input;
pub mod notation;
pub mod sheet;
pub mod simul;
pub mod superscacchi;
pub mod tournament;
