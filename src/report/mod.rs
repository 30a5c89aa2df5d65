//! Rendering: rustc-style diagnostics and tables for people, JSON and CSV for programs,
//! and self-contained HTML pages.
//!
//! - [`game`]: the report of checked games, in each format (human, JSON, CSV, the HTML
//!   viewer and SVG).
//! - [`contest`]: the contest document for the judge (R43).
//! - [`verdict`]: the judge's register, the match verdict and the contest (R37–R43).
//! - [`reconcile`]: the side-by-side table of two sheets.
//! - `torneo`, `torneo_html`: the tournament's standings.
//! - Shared by all: [`page`] (the one HTML shell), [`board`] (the board in the terminal),
//!   [`term`] (the terminal's width and tables), [`inert`] (text from a file made
//!   harmless).

pub mod board;
pub mod contest;
pub mod game;
pub mod grid;
pub mod inert;
pub mod page;
pub mod reconcile;
pub mod simul;
pub mod term;
pub mod tournament;
pub mod verdict;
pub mod xlsx;
