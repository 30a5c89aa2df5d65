//! What a sheet line says beside the move: the pen it is written with (R34) and the marker
//! (R33). Both the sheet parser and the replay use these; the rule for the pen a move
//! needs is written here, once.

use crate::geometry::Camp;

/// The pen a move is written with (R34).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pen {
    /// `blu` / `blue`: quiet moves of the besieged.
    Blue,
    /// `nera` / `black`: quiet moves of the besiegers.
    Black,
    /// `rossa` / `red`: captures and marked moves.
    Red,
}

impl Pen {
    /// Reads a pen word.
    pub fn parse(word: &str) -> Option<Pen> {
        match word.to_ascii_lowercase().as_str() {
            "blu" | "blue" => Some(Pen::Blue),
            "nera" | "nero" | "black" => Some(Pen::Black),
            "rossa" | "rosso" | "red" => Some(Pen::Red),
            _ => None,
        }
    }

    /// The Italian word.
    pub fn name(self) -> &'static str {
        match self {
            Pen::Blue => "blu",
            Pen::Black => "nera",
            Pen::Red => "rossa",
        }
    }
}

/// A marker (R33), from least to most worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Marker {
    /// `+`.
    Check,
    /// `++`.
    Mate,
    /// `+++`.
    Imprisonment,
    /// `+++++`.
    Flight,
    /// `0`.
    Liberation,
}

impl Marker {
    /// As written.
    pub fn text(self) -> &'static str {
        match self {
            Marker::Check => "+",
            Marker::Mate => "++",
            Marker::Imprisonment => "+++",
            Marker::Flight => "+++++",
            Marker::Liberation => "0",
        }
    }
}

impl Pen {
    /// The pen a move needs (R34): red for a capture or a move that carries a marker (the
    /// one it must carry, R33, or the optional `++` of R29), otherwise blue for the
    /// besieged and black for the besiegers. The replay checks sheets with it and the
    /// generator writes them with it.
    ///
    /// ```
    /// use arbitro::{geometry::Camp, notation::marks::{Marker, Pen}};
    /// assert_eq!(Pen::required(Camp::Besieged, false, None), Pen::Blue);
    /// assert_eq!(Pen::required(Camp::Besiegers, false, None), Pen::Black);
    /// assert_eq!(Pen::required(Camp::Besiegers, true, None), Pen::Red);
    /// assert_eq!(Pen::required(Camp::Besieged, false, Some(Marker::Check)), Pen::Red);
    /// ```
    pub fn required(camp: Camp, capture: bool, marker: Option<Marker>) -> Pen {
        if capture || marker.is_some() {
            Pen::Red
        } else if camp == Camp::Besieged {
            Pen::Blue
        } else {
            Pen::Black
        }
    }
}
