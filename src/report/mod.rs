//! Rendering: rustc-style diagnostics and tables for people, JSON and CSV for programs.

pub mod csv;
pub mod human;
pub mod json;
pub mod lang;
pub mod verdict;
