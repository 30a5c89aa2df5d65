//! The command line: clap's types, nothing else. Each command's own options live beside
//! its code in `cmd/<command>.rs`.

use crate::cmd;
use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(
    name = "arbitro",
    version,
    about = "The arbiter's tool for SuperScacchi and for classical chess in Italian notation",
    after_help = "Examples:\n  arbitro verify samples/superscacchi/leoni-tigri-partita1.txt\n  arbitro verify samples/classical/handout.txt\n  arbitro verify --format json samples/classical/torneo-scuola.txt\n  arbitro convert samples/classical/handout-corretto.txt --to pgn\n\nExit codes: 0 all games valid, 1 some game has an error, 2 unusable input or usage error."
)]
pub struct Cli {
    /// Language of reports and messages (default: from LC_ALL, LC_MESSAGES or LANG; it_*
    /// gives Italian).
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
    /// The most mebibytes read from one input (file or standard input).
    #[arg(long, global = true, value_name = "MIB", default_value_t = 1024)]
    pub max_input: u64,
    #[command(subcommand)]
    pub command: Command,
}

/// Every command; each runs from its own module.
#[derive(Subcommand)]
pub enum Command {
    /// Replays every game of the files and reports each illegal move and each slip of the pen.
    Verify(cmd::verify::Args),
    /// Writes verified classical games as standard PGN or canonical Italian.
    Convert(cmd::convert::Args),
    /// Aligns the two players' sheets of one classical game and writes the game they record.
    Reconcile(cmd::reconcile::Args),
    /// Checks whole archives: folders of game files of both variants, in parallel.
    Batch(cmd::batch::Args),
    /// The judge's register of a SuperScacchi game: material, events, penalties, totals, winner.
    Score(cmd::score::Args),
    /// The verdict of a match: its two games (R42).
    #[command(name = "match")]
    Match(cmd::matches::Args),
    /// A team's contest of the table's verdict (R43): admissible or not, and what differs.
    Contest(cmd::contest::Args),
    /// The scoring table (R38–R41): print the default, or check a file.
    Scoring(cmd::scoring::Args),
    /// Draws the board in the terminal at a given move (default: the end).
    Show(cmd::show::Args),
    /// Writes a self-contained HTML viewer of a game (and/or one position as SVG).
    Render(cmd::render::Args),
    /// Plays a random legal SuperScacchi game and writes its eight sheets.
    Selfplay(cmd::selfplay::Args),
    /// Writes an empty game file to fill in: every tag, and a line of each kind.
    New(cmd::new::Args),
    /// The school tournament: plan, first draw, standings, next draw (torneo-rules.md).
    Tournament(cmd::tournament::Args),
}

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

/// The report language.
#[derive(Clone, Copy, ValueEnum)]
pub enum LangArg {
    /// Italian.
    It,
    /// English.
    En,
}

impl LangArg {
    /// The language: the option, else the environment (`LANG=it_*` gives Italian).
    pub fn lang(arg: Option<LangArg>) -> arbitro::report::lang::Lang {
        use arbitro::report::lang::Lang;
        match arg {
            Some(LangArg::It) => Lang::It,
            Some(LangArg::En) => Lang::En,
            None => Lang::from_env(),
        }
    }
}
