//! The finding codes: one table, the codes of `formats.md` section 4 (kebab-case, stable),
//! each with the severity it always has.

use super::Severity;
use serde::Serialize;
use std::fmt;

macro_rules! codes {
    ($($variant:ident => $name:literal, $severity:ident;)*) => {
        /// A stable finding code. The kebab-case names are part of the report format and are
        /// never renamed.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $($variant,)* }

        impl Code {
            /// Every code, in table order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The kebab-case name.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity this code always has.
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }

            /// The code with this kebab-case name.
            pub fn from_name(name: &str) -> Option<Code> {
                match name { $($name => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
    ParseError => "parse-error", Error;
    IllegalMove => "illegal-move", Error;
    WrongPiece => "wrong-piece", Error;
    ForbiddenSquare => "forbidden-square", Error;
    PawnBackwards => "pawn-backwards", Error;
    BlockedPath => "blocked-path", Error;
    AmbiguousMove => "ambiguous-move", Error;
    MissingPromotion => "missing-promotion", Error;
    WrongPromotion => "wrong-promotion", Error;
    SheetMerge => "sheet-merge", Error;
    SheetNumbering => "sheet-numbering", Error;
    JollyMisuse => "jolly-misuse", Error;
    BadSetup => "bad-setup", Error;
    UnsupportedVariant => "unsupported-variant", Error;
    MissingMarker => "missing-marker", Warning;
    WrongMarker => "wrong-marker", Warning;
    SuperfluousMarker => "superfluous-marker", Warning;
    NonCanonicalMarker => "non-canonical-marker", Warning;
    WrongCapturedPiece => "wrong-captured-piece", Warning;
    CaptureWrittenQuiet => "capture-written-quiet", Warning;
    QuietWrittenCapture => "quiet-written-capture", Warning;
    WrongEp => "wrong-ep", Warning;
    WrongPen => "wrong-pen", Warning;
    WrongCheckMark => "wrong-check-mark", Warning;
    WrongMateMark => "wrong-mate-mark", Warning;
    WrongCaptureMark => "wrong-capture-mark", Warning;
    ResultMismatch => "result-mismatch", Warning;
    MoveAfterEnd => "move-after-end", Warning;
    Register => "register", Warning;
    NoPhase => "no-phase", Error;
    NotInGroup => "not-in-group", Error;
    DuplicatePair => "duplicate-pair", Error;
    LotMismatch => "lot-mismatch", Error;
    WrongGroupTag => "wrong-group-tag", Warning;
    LateInPhase1 => "late-in-phase-1", Warning;
    UnderReview => "under-review", Warning;
    GroupSize => "group-size", Warning;
    StrayResult => "stray-result", Warning;
    BadTag => "bad-tag", Warning;
    MoveNumberMismatch => "move-number-mismatch", Warning;
    CastlingRightsDropped => "castling-rights-dropped", Warning;
    TagCase => "tag-case", Warning;
    IllegalMoveInVariation => "illegal-move-in-variation", Warning;
    MissingCaptureMark => "missing-capture-mark", Info;
    MissingCheckMark => "missing-check-mark", Info;
    MissingMateMark => "missing-mate-mark", Info;
    ClaimPossible => "claim-possible", Info;
    Latin1Input => "latin1-input", Info;
    Unreadable => "unreadable", Error;
    EmptyInput => "empty-input", Error;
    BinaryInput => "binary-input", Error;
    InternalError => "internal-error", Error;
    NormalizedCharacter => "normalized-character", Info;
    NonStandardNotation => "non-standard-notation", Info;
    // formats.md §8: two sheets of one game, unreadable characters.
    SheetsDiffer => "sheets-differ", Warning;
    SheetGap => "sheet-gap", Info;
    FilledUnreadable => "filled-unreadable", Info;
    AmbiguousReconciliation => "ambiguous-reconciliation", Error;
    UnreadableMove => "unreadable-move", Error;
    DifferentGames => "different-games", Error;
    // formats.md §4, input policy.
    NotARegularFile => "not-a-regular-file", Error;
    TooLarge => "too-large", Error;
    // R32a: one slip, one finding.
    MissingMove => "missing-move", Error;
    MisplacedMove => "misplaced-move", Error;
    // Results, comments and words of real texts (issues 25, 26).
    UnreadableResult => "unreadable-result", Warning;
    NestedBrace => "nested-brace", Warning;
    ProseInMovetext => "prose-in-movetext", Warning;
    ResultInWords => "result-in-words", Info;
    // Tournaments (T4, T13, T17).
    PhasePlayers => "phase-players", Error;
    RecordedTwice => "recorded-twice", Info;
    // SuperScacchi clock and players (R44-R48).
    Sospensione => "sospensione", Warning;
    OverTime => "over-time", Warning;
    ClockMismatch => "clock-mismatch", Warning;
    TimeRunOutAhead => "time-run-out-ahead", Warning;
    PlayerPairing => "player-pairing", Warning;
    // The simultaneous exhibition (S1-S8); `master-black` is info with the colours agreed.
    NotMaster => "not-master", Error;
    DuplicateBoard => "duplicate-board", Error;
    TakeBackInSimul => "take-back-in-simul", Error;
    TwoMasters => "two-masters", Error;
    NoMoveResult => "no-move-result", Warning;
    MasterBlack => "master-black", Warning;
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
