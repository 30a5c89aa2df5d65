//! Tests that call the library (verify, replay, reconcile, score, the tournament) and check
//! its typed results; one module per subject.

#[path = "../common/games.rs"]
mod games;

#[path = "../common/mod.rs"]
mod common;

mod classical;
mod classical_slips;
mod conformance;
mod grammar;
mod italian_texts;
mod pgn_real_world;
mod published_texts;
mod real_games;
mod reconcile;
mod reconcile_both;
mod reconcile_fixes;
mod superscacchi_rules;
mod superscacchi_slips;
mod tokens;
mod tournament;
mod verdict;
