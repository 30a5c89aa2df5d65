//! The report of checked games ([`crate::verify::GameReport`]), one module per format:
//! rustc-style diagnostics and a summary table for people ([`human`]), JSON
//! (formats.md §4, [`json`]), CSV (formats.md §6, [`csv`]), and the self-contained HTML
//! viewer and SVG board ([`html`]); a SuperScacchi game's clock record in each ([`clock`]).

pub mod clock;
pub mod csv;
pub mod html;
pub mod human;
pub mod json;
