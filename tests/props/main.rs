//! Property tests (proptest): the parsers, the batch reading paths, repetitions, generated SuperScacchi games, the tournament's
//! standings. Regressions proptest records for these modules go to
//! `tests/proptest-regressions/<module>.txt` (beside the folder holding this `main.rs`).

#[path = "../common/games.rs"]
mod games;

mod gap_sets;
mod italian;
mod merge;
mod parsers;
mod paths;
mod repetition;
mod sheet_slip_sets;
mod slip_sets;
mod slips;
mod smudge_sets;
mod superscacchi;
mod tournament;
