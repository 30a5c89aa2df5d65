//! One file per command: `Args` (clap) and `run`.

pub mod reconcile;
