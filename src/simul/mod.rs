//! The simultaneous exhibition (seed 001, `simul-rules.md` S1–S8): one master, many
//! boards, one classical game each. What happened is computed here as typed data; how it
//! is said is `finding::wording::simul` and `report::simul`.
//!
//! - `read.rs`: the boards from files and folders, walked and cut as `batch` does, each
//!   game verified as `verify` does (S4), in parallel;
//! - `check.rs`: the master (S1, S8), the board numbers (S1, S8) and the rules S2–S5;
//! - `tally.rs`: the master's result (S6, S8).

mod check;
mod read;
mod tally;

pub use tally::Tally;

use crate::classical::ReplayOptions;
use crate::finding::{Finding, Severity};
use crate::load::Limits;
use crate::notation::classical::GameResult;
use shakmaty::Color;
use std::path::PathBuf;

/// How a simul is read and checked.
#[derive(Debug, Clone)]
pub struct SimulOptions {
    /// `--maestro NAME`: the master; else the `[Maestro]` tags decide (S1, S8).
    pub maestro: Option<String>,
    /// `--colori-concordati`: the master may have Black on any board (S3).
    pub colours_agreed: bool,
    /// Classical options (the notation).
    pub options: ReplayOptions,
    /// The longest game read, in bytes (as `batch --max-game`).
    pub max_line: usize,
    /// How much a file read whole may hold (a UTF-16 board file).
    pub limits: Limits,
    /// Keep each board's final position (for the page shown in the room).
    pub positions: bool,
}

impl Default for SimulOptions {
    fn default() -> Self {
        SimulOptions {
            maestro: None,
            colours_agreed: false,
            options: ReplayOptions::default(),
            max_line: 16 << 20,
            limits: Limits::default(),
            positions: false,
        }
    }
}

/// A board's result from the master's side (S6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// 1 point.
    Won,
    /// ½ point.
    Drawn,
    /// 0 points.
    Lost,
}

impl Score {
    /// Half-points: 2, 1, 0.
    pub fn halves(self) -> u32 {
        match self {
            Score::Won => 2,
            Score::Drawn => 1,
            Score::Lost => 0,
        }
    }

    /// Points: 1, 0.5, 0.
    pub fn points(self) -> f64 {
        f64::from(self.halves()) / 2.0
    }
}

/// How a board counts in the tally (S6, S8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// A finished board: its score for the master.
    Counted(Score),
    /// `*`, or an end the replay decides that the declared result contradicts
    /// (`result-mismatch`) until the arbiter settles it.
    Unfinished,
    /// Not tallied: the master does not play it (S2, S8), or it could not be read.
    NotTallied,
}

/// One board of the simul, checked.
#[derive(Debug, Clone)]
pub struct Board {
    /// The board's number: `[Scacchiera]`, else after the highest tagged one (S8).
    pub number: u32,
    /// The file, as reached from the path given (as `batch` names it).
    pub file: String,
    /// 1-based game within the file; `None` for a file or part of one that could not be
    /// read (its one finding says why).
    pub game: Option<usize>,
    /// `[Bianco]` / `[White]` as written.
    pub white: Option<String>,
    /// `[Nero]` / `[Black]` as written.
    pub black: Option<String>,
    /// The master's colour; `None` when the master is neither player (S2).
    pub master_colour: Option<Color>,
    /// The master's opponent as written; `None` when not known.
    pub opponent: Option<String>,
    /// The declared result (`[Risultato]`, else the movetext's), `*` when none (S6).
    pub result: GameResult,
    /// How the board counts.
    pub standing: Standing,
    /// Moves replayed.
    pub plies: u32,
    /// `verify`'s findings with the simul's own (S3–S5), in the order met.
    pub findings: Vec<Finding>,
    /// `[Terminazione "mossa non eseguita"]` with the master winning (S5).
    pub forfeit: bool,
    /// The final position, one code per square from a1 (as [`crate::view::View`]), when
    /// asked for ([`SimulOptions::positions`]).
    pub position: Option<Vec<u8>>,
    /// No error among its findings nor among the simul's findings on it.
    pub valid: bool,
}

impl Board {
    /// The master's points on this board; `None` when it does not count (unfinished or
    /// not tallied).
    pub fn master_points(&self) -> Option<f64> {
        match self.standing {
            Standing::Counted(s) => Some(s.points()),
            Standing::Unfinished | Standing::NotTallied => None,
        }
    }

    /// Whether some finding of the board itself is an error.
    fn has_error(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.severity() == Severity::Error)
    }
}

/// A finding on the simul as a whole (`not-master`, `duplicate-board`, `two-masters`),
/// with the board it concerns and where that board is.
#[derive(Debug, Clone)]
pub struct SimulFinding {
    /// The board, where one applies.
    pub board: Option<u32>,
    /// Its file.
    pub file: Option<String>,
    /// Its game within the file.
    pub game: Option<usize>,
    /// The finding.
    pub finding: Finding,
}

/// A simul checked: the master, every board in board order, the tally and the findings on
/// the simul as a whole.
#[derive(Debug)]
pub struct Simul {
    /// The master's name (as `--maestro` or the `[Maestro]` tags write it).
    pub master: String,
    /// Every board, by number (two with one number: in reading order).
    pub boards: Vec<Board>,
    /// The master's result (S6).
    pub tally: Tally,
    /// Findings on the simul as a whole.
    pub findings: Vec<SimulFinding>,
    /// Some file or part of one could not be read (its row says why): exit code 2.
    pub unusable: bool,
    /// Entries the walk passed over by its own rules (a link out of the folders, a link
    /// loop), with why: said, never rows.
    pub passed_over: Vec<(PathBuf, crate::batch::Reason)>,
}

impl Simul {
    /// Whether some board or the simul has an error (exit code 1).
    pub fn has_error(&self) -> bool {
        self.boards.iter().any(|b| !b.valid)
            || self
                .findings
                .iter()
                .any(|f| f.finding.severity() == Severity::Error)
    }
}

/// Why a simul cannot be checked at all (exit code 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimulError {
    /// No game under the paths given; the files found that are no board, each with its
    /// one finding (why it could not be read, or that it is no classical game).
    NoBoards {
        /// File and finding.
        unreadable: Vec<(String, Finding)>,
    },
    /// Neither `--maestro` nor any `[Maestro]` tag; `likely`: the name on most boards.
    NoMaster {
        /// The player's name found on most boards, if one is.
        likely: Option<String>,
    },
    /// The master plays on no board.
    MasterOnNoBoard {
        /// The master as given.
        master: String,
        /// The player's name found on most boards, if one is.
        likely: Option<String>,
    },
}

impl std::fmt::Display for SimulError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::lang::{Lang, Say};
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for SimulError {}

/// Reads every game under `paths` as a board, checks the simul (S1–S5, S8) and tallies it
/// (S6).
pub fn run(paths: &[PathBuf], opts: &SimulOptions) -> Result<Simul, SimulError> {
    let read = read::read(paths, opts);
    check::check(read, opts)
}
