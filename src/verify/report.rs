//! The report of one checked game: what every writer (human, JSON, CSV, HTML) renders.

use crate::finding::{Finding, Severity};
use crate::geometry::{Army, Camp};
use crate::notation::classical::{GameResult, RawGame};
use crate::notation::san::Notation;
use crate::superscacchi::register::Register;
use crate::superscacchi::score::{Scored, Verdict};
use crate::view::View;
use serde::Serialize;

use super::Variant;

/// Everything a report needs about one checked game: every writer (human, JSON, CSV,
/// HTML) renders this one value, so a verdict cannot be drawn two ways.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The file, as named on the command line.
    pub file: String,
    /// 1-based index within the file.
    pub game: usize,
    /// Every finding, in the order met.
    pub findings: Vec<Finding>,
    /// What the replay (and for SuperScacchi the scoring) made of the game.
    pub details: Details,
}

/// What the replay (and for SuperScacchi the scoring) made of a game: the part of its
/// report that depends on the variant.
#[derive(Debug, Clone)]
pub enum Details {
    /// An 8×8 game.
    Classical(ClassicalDetails),
    /// A 16×16 game.
    SuperScacchi(Box<SuperScacchiDetails>),
}

/// A classical game: the result the board supports and the tags a spreadsheet needs.
#[derive(Debug, Clone)]
pub struct ClassicalDetails {
    /// The result the replay supports.
    pub result: GameResult,
    /// Moves replayed.
    pub plies: u32,
    /// How the board ended the game, if it did.
    pub ending: Option<crate::classical::Ending>,
    /// The notation the game was read in.
    pub notation: Notation,
    /// The tags as written.
    pub tags: ClassicalTags,
}

/// The tags of a classical game a school's spreadsheet is built from, as written (PGN or
/// Italian names, formats.md §3 and §7).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ClassicalTags {
    /// `[White]` / `[Bianco]`.
    pub white: Option<String>,
    /// `[Black]` / `[Nero]`.
    pub black: Option<String>,
    /// `[Phase]` / `[Fase]`.
    pub phase: Option<String>,
    /// `[Group]` / `[Girone]`.
    pub group: Option<String>,
    /// The result the sheet declares (`[Result]` / `[Risultato]`, else the movetext's
    /// terminator), as [`RawGame::declared_result`] reads it; written in PGN form.
    #[serde(serialize_with = "pgn_form")]
    pub declared_result: Option<GameResult>,
    /// The tags a spreadsheet lists the game by (the batch report's columns, issue 32; not
    /// in the JSON, whose keys formats.md §4 fixes); boxed, `None` when the game has none
    /// (a report's size matters to an archive's run).
    #[serde(skip)]
    pub listing: Option<Box<Listing>>,
}

/// The tags of the PGN roster a spreadsheet lists a game by, as written (PGN or Italian
/// names).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    /// `[Event]` / `[Evento]`.
    pub event: Option<String>,
    /// `[Date]` / `[Data]`, as written.
    pub date: Option<String>,
    /// `[Site]` / `[Luogo]`.
    pub site: Option<String>,
    /// `[Round]` / `[Turno]`.
    pub round: Option<String>,
    /// `[WhiteElo]` / `[EloBianco]`, as written.
    pub white_elo: Option<String>,
    /// `[BlackElo]` / `[EloNero]`.
    pub black_elo: Option<String>,
}

impl ClassicalTags {
    /// The tags of one game, each the first of its PGN or Italian name as
    /// [`RawGame::tag`] finds it, in one pass over the tags (every report of an archive
    /// pays for it).
    ///
    /// ```
    /// use arbitro::notation::classical::games;
    /// use arbitro::verify::ClassicalTags;
    /// let g = games("[Fase \"2\"]\n[Girone \"1\"]\n[Bianco \"Rossi\"]\n[White \"x\"]\n1.e4 1-0").next().unwrap();
    /// let t = ClassicalTags::of(&g);
    /// assert_eq!((t.white.as_deref(), t.black.as_deref()), (g.tag("White"), None));
    /// assert_eq!((t.phase.as_deref(), t.group.as_deref()), (Some("2"), Some("1")));
    /// assert_eq!(t.declared_result.map(|r| r.as_str()), Some("1-0"));
    /// ```
    pub fn of(raw: &RawGame<'_>) -> ClassicalTags {
        let mut t = ClassicalTags {
            declared_result: raw.declared_result(),
            ..ClassicalTags::default()
        };
        let mut l = Listing::default();
        for pair in &raw.tags {
            let field = match pair.tag.name {
                "White" | "Bianco" => &mut t.white,
                "Black" | "Nero" => &mut t.black,
                "Phase" | "Fase" => &mut t.phase,
                "Group" | "Girone" => &mut t.group,
                "Event" | "Evento" => &mut l.event,
                "Date" | "Data" => &mut l.date,
                "Site" | "Luogo" => &mut l.site,
                "Round" | "Turno" => &mut l.round,
                "WhiteElo" | "EloBianco" => &mut l.white_elo,
                "BlackElo" | "EloNero" => &mut l.black_elo,
                _ => continue,
            };
            if field.is_none() {
                *field = Some(pair.tag.value.to_string());
            }
        }
        if l != Listing::default() {
            t.listing = Some(Box::new(l));
        }
        t
    }
}

/// A result as JSON writes it: its PGN form (`1-0`, `1/2-1/2`), or `null`.
fn pgn_form<S: serde::Serializer>(r: &Option<GameResult>, s: S) -> Result<S::Ok, S::Error> {
    r.map(GameResult::as_str).serialize(s)
}

/// A SuperScacchi game: its events, its register and, when it has no error, its verdict.
#[derive(Debug, Clone, Default)]
pub struct SuperScacchiDetails {
    /// Moves replayed.
    pub plies: u32,
    /// Events in order, with their points (those before the first error when there is
    /// one); [`SuperScacchiDetails::team_of`] names the team credited.
    pub events: Vec<Scored>,
    /// The register tags as read; `None` when the game has no set-up to be played from.
    pub register: Option<Register>,
    /// The verdict item by item (R37–R42); `None` when the game has an error.
    pub verdict: Option<Verdict>,
    /// The clock record (R44–R46); `None` when the game has no set-up to be played from.
    pub clock: Option<crate::superscacchi::time::ClockRecord>,
    /// The verdict with every slip read as proposed (R32a), when every error of the game
    /// is a slip with a proposal: what the scores would be once the judge settles it.
    pub proposed: Option<Verdict>,
    /// The game ply by ply, for viewers (when asked for).
    pub view: Option<View>,
}

impl SuperScacchiDetails {
    /// The name of the team an army plays for: the besiegers' or the besieged team's
    /// (empty without a register).
    pub fn team_of(&self, army: Army) -> &str {
        let i = usize::from(army.camp() == Camp::Besieged);
        self.register.as_ref().map_or("", |r| r.teams[i].as_str())
    }
}

impl GameReport {
    /// A report with nothing in it yet.
    pub fn new(file: &str, game: usize, details: Details) -> GameReport {
        GameReport {
            file: file.to_string(),
            game,
            findings: Vec::new(),
            details,
        }
    }

    /// Which game.
    pub fn variant(&self) -> Variant {
        match self.details {
            Details::Classical(_) => Variant::Classical,
            Details::SuperScacchi(_) => Variant::SuperScacchi,
        }
    }

    /// Moves replayed.
    pub fn plies(&self) -> u32 {
        match &self.details {
            Details::Classical(c) => c.plies,
            Details::SuperScacchi(s) => s.plies,
        }
    }

    /// The classical part, if the game is classical.
    pub fn classical(&self) -> Option<&ClassicalDetails> {
        match &self.details {
            Details::Classical(c) => Some(c),
            Details::SuperScacchi(_) => None,
        }
    }

    /// The SuperScacchi part, if the game is SuperScacchi.
    pub fn superscacchi(&self) -> Option<&SuperScacchiDetails> {
        match &self.details {
            Details::Classical(_) => None,
            Details::SuperScacchi(s) => Some(s),
        }
    }

    /// Classical: the result the replay supports.
    pub fn result(&self) -> Option<GameResult> {
        self.classical().map(|c| c.result)
    }

    /// Classical: how the board ended the game, if it did.
    pub fn ending(&self) -> Option<&'static str> {
        self.classical()
            .and_then(|c| c.ending.map(|e| e.describe()))
    }

    /// Classical: the notation the game was read in.
    pub fn notation(&self) -> Option<Notation> {
        self.classical().map(|c| c.notation)
    }

    /// Classical: `[White]` / `[Bianco]`.
    pub fn white(&self) -> Option<&str> {
        self.classical().and_then(|c| c.tags.white.as_deref())
    }

    /// Classical: `[Black]` / `[Nero]`.
    pub fn black(&self) -> Option<&str> {
        self.classical().and_then(|c| c.tags.black.as_deref())
    }

    /// SuperScacchi: the events in order, with their points (none for a classical game).
    pub fn events(&self) -> &[Scored] {
        self.superscacchi().map_or(&[], |s| &s.events)
    }

    /// SuperScacchi: the name of the team an army plays for (empty without a register).
    pub fn team_of(&self, army: Army) -> &str {
        self.superscacchi().map_or("", |s| s.team_of(army))
    }

    /// SuperScacchi: the register tags as read.
    pub fn register(&self) -> Option<&Register> {
        self.superscacchi().and_then(|s| s.register.as_ref())
    }

    /// SuperScacchi: the verdict, when the game has no error.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.superscacchi().and_then(|s| s.verdict.as_ref())
    }

    /// SuperScacchi: the verdict with every slip read as proposed (R32a), while the slips
    /// withhold the real one.
    pub fn proposed_verdict(&self) -> Option<&Verdict> {
        self.superscacchi().and_then(|s| s.proposed.as_ref())
    }

    /// SuperScacchi: the besiegers' and the besieged team's names.
    pub fn teams(&self) -> Option<&[String; 2]> {
        self.register().map(|r| &r.teams)
    }

    /// SuperScacchi: the winning team's name (`None`: a tie, both lose, or no verdict).
    pub fn winner(&self) -> Option<&str> {
        self.verdict().and_then(Verdict::winner_name)
    }

    /// SuperScacchi: takes the game's view out of the report (for the viewers).
    pub fn take_view(&mut self) -> Option<View> {
        match &mut self.details {
            Details::SuperScacchi(s) => s.view.take(),
            Details::Classical(_) => None,
        }
    }

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
