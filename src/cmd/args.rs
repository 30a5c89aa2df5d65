//! The option values several commands share (`--format`, `--notation`, `--color`). They
//! live beside the commands, so that [`crate::cli`] imports the commands and no command
//! imports it back.

use clap::ValueEnum;

/// An output format.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Diagnostics and a summary table, for people.
    Human,
    /// The JSON report of formats.md section 4.
    Json,
    /// CSV (formats.md section 6).
    Csv,
}

/// The notation of classical games.
#[derive(Clone, Copy, ValueEnum)]
pub enum NotationArg {
    /// Italian letters: R D T A C.
    It,
    /// English letters: K Q R B N.
    En,
}

impl NotationArg {
    /// The library's notation.
    pub fn notation(arg: Option<NotationArg>) -> Option<arbitro::notation::san::Notation> {
        use arbitro::notation::san::Notation;
        arg.map(|n| match n {
            NotationArg::It => Notation::Italian,
            NotationArg::En => Notation::English,
        })
    }
}

/// Colour in the terminal.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour when standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorArg {
    /// Whether to colour standard output.
    pub fn on(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}
