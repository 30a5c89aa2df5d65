//! Rendering: rustc-style diagnostics and tables for people, JSON and CSV for programs.

pub mod board;
pub mod contest_doc;
pub mod csv;
pub mod html;
pub mod human;
pub mod inert;
pub mod json;
pub mod lang;
pub mod page;
pub mod reconcile;
pub mod simul;
pub mod simul_html;
pub mod term;
pub mod tournament;
pub mod verdict;
