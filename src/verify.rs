//! The whole check of one file: decode, parse, replay, and a [`GameReport`] per game.

use crate::classical::{self, Options};
use crate::decode::{InputError, decode};
use crate::finding::{Code, Finding, Severity};
use crate::notation::classical::games;
use crate::notation::san::Notation;

/// Which game a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// 8×8 chess (Italian notation or PGN).
    Classical,
    /// The 16×16 game of eight armies.
    SuperScacchi,
}

impl Variant {
    /// The name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Classical => "classical",
            Variant::SuperScacchi => "superscacchi",
        }
    }

    /// `formats.md` section 6: a file holding an `[Esercito` tag is SuperScacchi.
    pub fn detect(text: &str) -> Variant {
        if text.contains("[Esercito") {
            Variant::SuperScacchi
        } else {
            Variant::Classical
        }
    }
}

/// Everything a report needs about one checked game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The file, as named on the command line.
    pub file: String,
    /// 1-based index within the file.
    pub game: usize,
    /// Which game.
    pub variant: Variant,
    /// Every finding, in the order met.
    pub findings: Vec<Finding>,
    /// Classical: the result the replay supports.
    pub result: Option<String>,
    /// Classical: White's name.
    pub white: Option<String>,
    /// Classical: Black's name.
    pub black: Option<String>,
    /// Moves replayed.
    pub plies: u32,
    /// How the board ended the game, if it did.
    pub ending: Option<String>,
    /// The notation the game was read in.
    pub notation: Option<Notation>,
}

impl GameReport {
    /// True iff no finding is an error.
    pub fn is_valid(&self) -> bool {
        self.count(Severity::Error) == 0
    }

    /// How many findings have this severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity() == severity)
            .count()
    }

    /// The first error finding.
    pub fn first_error(&self) -> Option<&Finding> {
        self.findings
            .iter()
            .find(|f| f.severity() == Severity::Error)
    }
}

/// Checks every classical game of a decoded text.
pub fn verify_classical(
    file: &str,
    text: &str,
    latin1: bool,
    options: &Options,
) -> Vec<GameReport> {
    games(text)
        .map(|raw| {
            let replay = classical::replay(&raw, options);
            let mut findings = replay.findings;
            if latin1 {
                findings.insert(
                    0,
                    Finding::new(
                        Code::Latin1Input,
                        "the file is not UTF-8; it was read as Latin-1",
                    ),
                );
            }
            GameReport {
                file: file.to_string(),
                game: raw.number,
                variant: Variant::Classical,
                findings,
                result: Some(replay.result.as_str().to_string()),
                white: raw.tag("White").map(str::to_string),
                black: raw.tag("Black").map(str::to_string),
                plies: replay.moves.len() as u32,
                ending: replay.ending.map(|(e, _)| e.describe().to_string()),
                notation: Some(replay.notation),
            }
        })
        .collect()
}

/// Why a file cannot be checked at all.
#[derive(Debug)]
pub enum VerifyError {
    /// The bytes are not a game file.
    Input(InputError),
    /// The variant is not supported yet.
    Unsupported(Variant),
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VerifyError::Input(e) => e.fmt(f),
            VerifyError::Unsupported(v) => write!(f, "{} games are not supported yet", v.as_str()),
        }
    }
}

impl std::error::Error for VerifyError {}

/// Checks a whole file given as bytes.
pub fn verify_bytes(
    file: &str,
    bytes: &[u8],
    options: &Options,
) -> Result<Vec<GameReport>, VerifyError> {
    let decoded = decode(bytes).map_err(VerifyError::Input)?;
    match Variant::detect(&decoded.text) {
        Variant::Classical => Ok(verify_classical(
            file,
            &decoded.text,
            decoded.latin1,
            options,
        )),
        v => Err(VerifyError::Unsupported(v)),
    }
}
