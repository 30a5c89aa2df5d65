//! One file per command (the rest of the commands still live in `main.rs`).

pub mod tournament;
