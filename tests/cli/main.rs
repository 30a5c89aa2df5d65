//! Tests that run the binary (`common::bin()`) and check its exit codes, reports and files;
//! one module per subject.

#[path = "../common/mod.rs"]
mod common;

mod batch;
mod clock;
mod commands;
mod contest;
mod contest_doc;
mod csv_injection;
mod examples;
mod files_are_safe;
mod inert_output;
mod italian;
mod judge;
mod notation;
mod one_slip;
mod permissions;
mod several_slips;
mod shard;
mod sheets;
mod show;
mod simul;
mod terminal_width;
mod tournament;
mod tournament_day;
mod tournament_notice;
mod tournament_sheet;
