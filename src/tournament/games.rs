//! The games of a tournament: read from files and checked as `verify` checks them, with
//! the tags T14 reads (`[Fase]`, `[Girone]`, `[Terminazione]`) and the declared result.

use crate::classical::ReplayOptions;
use crate::finding::{Code, Finding, Severity};
use crate::notation::classical::{GameResult, games};
use crate::span::Span;
use crate::verify::{self, GameReport};

/// A game's outcome as declared (T6); `None` in [`TournamentGame::outcome`] is a game not
/// played yet (`*` or no result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl Outcome {
    /// Half-points for White and for Black.
    pub fn half_points(self) -> (u32, u32) {
        match self {
            Outcome::WhiteWins => (2, 0),
            Outcome::BlackWins => (0, 2),
            Outcome::Draw => (1, 1),
        }
    }

    /// The PGN form.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    fn from_result(r: GameResult) -> Option<Outcome> {
        match r {
            GameResult::WhiteWins => Some(Outcome::WhiteWins),
            GameResult::BlackWins => Some(Outcome::BlackWins),
            GameResult::Draw => Some(Outcome::Draw),
            GameResult::Unknown => None,
        }
    }
}

/// One game of a tournament.
#[derive(Debug, Clone)]
pub struct TournamentGame {
    /// What `verify` says of it (file, game number, players, findings); T14's check of
    /// `[Terminazione "tempo"]` is added to its findings.
    pub report: GameReport,
    /// `[Fase]`, as written.
    pub phase: Option<String>,
    /// `[Girone]`, as written.
    pub group: Option<String>,
    /// `[Terminazione]`, as written.
    pub termination: Option<String>,
    /// The declared result (T6): `None` when not played yet.
    pub outcome: Option<Outcome>,
    /// Where the game starts in its file.
    pub span: Span,
    /// Where `[Girone]` is.
    pub group_span: Option<Span>,
    /// Where `[Terminazione]` is.
    pub termination_span: Option<Span>,
}

impl TournamentGame {
    /// True when `[Terminazione]` says this (any case, spaces at the ends ignored).
    pub fn terminated_by(&self, what: &str) -> bool {
        self.termination
            .as_deref()
            .is_some_and(|t| t.trim().eq_ignore_ascii_case(what))
    }

    /// True when the game goes under review (T14): an error finding or a `result-mismatch`.
    pub fn needs_review(&self) -> bool {
        self.report
            .findings
            .iter()
            .any(|f| f.severity() == Severity::Error || f.code == Code::ResultMismatch)
    }

    /// `[Girone "spareggio"]` (any case): the final's extra game (T5).
    pub fn is_extra_game(&self) -> bool {
        self.group
            .as_deref()
            .is_some_and(|g| g.trim().eq_ignore_ascii_case("spareggio"))
    }
}

/// Reads every classical game of a decoded text and checks it as `verify` does.
pub fn read_games(
    file: &str,
    text: &str,
    latin1: bool,
    options: &ReplayOptions,
) -> Vec<TournamentGame> {
    games(text)
        .map(|raw| {
            let report = verify::classical_report(file, &raw, crate::classical::replay(&raw, options), latin1);
            let declared = raw.declared_result();
            let termination = raw.tag("Termination").map(str::to_string);
            let mut g = TournamentGame {
                report,
                phase: raw.tag("Phase").map(str::to_string),
                group: raw.tag("Group").map(str::to_string),
                termination,
                outcome: declared.and_then(Outcome::from_result),
                span: raw.span,
                group_span: raw.tag_span("Group"),
                termination_span: raw.tag_span("Termination"),
            };
            if g.terminated_by("tempo") && g.outcome == Some(Outcome::Draw) {
                let mut f = Finding::new(
                    Code::ResultMismatch,
                    "[Terminazione \"tempo\"]: the player whose time ran out loses, but the result is a draw",
                )
                .it("[Terminazione \"tempo\"]: perde il giocatore che ha esaurito il tempo, ma il risultato è una patta")
                .rule("T14");
                if let Some(s) = g.termination_span {
                    f = f.at(s);
                }
                g.report.findings.push(f);
            }
            g
        })
        .collect()
}
