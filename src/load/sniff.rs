//! What a file that is already there reads as, before arbitro writes over it: a person's
//! document (a game file, a set-up, a tournament file), one of arbitro's own reports, or
//! something else. The write policy of the binary (`io::OutputTarget`) never replaces a
//! person's document with a report (README, "Your files are safe").
//!
//! ```
//! use arbitro::load::sniff::{Reads, reads_as};
//! assert_eq!(reads_as(b"[Event \"x\"]\n1. e4 e5 *\n"), Reads::Game);
//! assert_eq!(reads_as(b"1.e4 e5; 2.Ac4 d6\n"), Reads::Game);
//! assert_eq!(reads_as(b"nome = \"T\"\ngiocatori = [\"a\", \"b\"]\n"), Reads::Tournament);
//! assert_eq!(reads_as(b"<!DOCTYPE html>\n<html lang=\"it\">"), Reads::Report);
//! assert_eq!(reads_as(b"appunti della giornata\n"), Reads::Other);
//! ```

use crate::classical::{self, ReplayOptions};
use crate::decode::decode;
use crate::notation::classical::games;
use crate::superscacchi::setup::Setup;
use crate::verify::Variant;

/// How much of an existing file is read to tell what it is.
pub const SNIFF_BYTES: usize = 64 << 10;

/// What an existing file reads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    /// A game file: SuperScacchi sheets, or a classical game with a tag or a legal move.
    Game,
    /// A SuperScacchi set-up file (formats.md §2).
    Setup,
    /// A tournament file (formats.md §7: `giocatori`, `[[fase]]`).
    Tournament,
    /// A results sheet (T17: `[Risultati "…"]`), printed by `tournament sheet` and filled
    /// in by hand.
    ResultsSheet,
    /// A page, a table or a document arbitro writes (HTML, SVG, JSON, CSV, the contest
    /// document).
    Report,
    /// Anything else (empty, binary, notes).
    Other,
}

impl Reads {
    /// True for a document a person wrote or fills in.
    pub fn is_persons(self) -> bool {
        matches!(
            self,
            Reads::Game | Reads::Setup | Reads::Tournament | Reads::ResultsSheet
        )
    }
}

/// How arbitro's own reports begin (after a BOM and blank space).
const REPORT_STARTS: [&str; 8] = [
    "<!DOCTYPE html",
    "<svg",
    "<?xml",
    "{",
    "file,game,variant,",
    "phase,group,place,",
    "CONTEST — DOCUMENT FOR THE JUDGE",
    "RECLAMO — DOCUMENTO PER IL GIUDICE",
];

/// What the first [`SNIFF_BYTES`] of a file read as.
pub fn reads_as(bytes: &[u8]) -> Reads {
    let bytes = &bytes[..bytes.len().min(SNIFF_BYTES)];
    let Ok(decoded) = decode(bytes) else {
        return Reads::Other;
    };
    let text = decoded.text.trim_start_matches('\u{feff}').trim_start();
    if REPORT_STARTS.iter().any(|s| text.starts_with(s)) {
        return Reads::Report;
    }
    if is_tournament(text) {
        return Reads::Tournament;
    }
    if crate::tournament::sheet::is_sheet(text) {
        return Reads::ResultsSheet;
    }
    if Setup::parse(text).is_ok() {
        return Reads::Setup;
    }
    if is_game(text) {
        return Reads::Game;
    }
    Reads::Other
}

/// A TOML table with the keys of a tournament file.
fn is_tournament(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("giocatori") || t.contains_key("fase"))
}

/// SuperScacchi sheets, or a first classical game with a tag or a legal first move.
fn is_game(text: &str) -> bool {
    if Variant::detect(text) == Variant::SuperScacchi {
        return true;
    }
    games(text).next().is_some_and(|g| {
        !g.tags.is_empty()
            || !classical::replay(&g, &ReplayOptions::default())
                .moves
                .is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_read_as_what_they_are() {
        let read = |p: &str| reads_as(&std::fs::read(p).unwrap());
        assert_eq!(
            read("samples/superscacchi/leoni-tigri-partita1.txt"),
            Reads::Game
        );
        assert_eq!(read("samples/classical/handout.txt"), Reads::Game);
        assert_eq!(read("samples/classical/philidor.pgn"), Reads::Game);
        assert_eq!(
            read("samples/superscacchi/assedio-corto.setup"),
            Reads::Setup
        );
        assert_eq!(read("samples/torneo/torneo.toml"), Reads::Tournament);
        assert_eq!(read("samples/torneo/torneo-fase1.toml"), Reads::Tournament);
        assert_eq!(
            read("samples/torneo/risultati-fase1.txt"),
            Reads::ResultsSheet
        );
        assert_eq!(reads_as(b""), Reads::Other);
        assert_eq!(reads_as(b"\0\0\0binary"), Reads::Other);
        assert_eq!(reads_as(b"<svg xmlns=\"\">"), Reads::Report);
    }
}
