//! The games of a tournament: read from files and checked as `verify` checks them, with
//! the tags T14 reads (`[Fase]`, `[Girone]`, `[Terminazione]`) and the declared result.

use crate::classical::ReplayOptions;
use crate::finding::{Code, Severity, wording::tournament as say};
use crate::notation::classical::{GameResult, games};
use crate::span::Span;
use crate::verify::{self, GameReport};

/// Half-points for White and for Black of a result (T6); `None` for `*`, a game not played
/// yet.
pub fn half_points(r: GameResult) -> Option<(u32, u32)> {
    match r {
        GameResult::WhiteWins => Some((2, 0)),
        GameResult::BlackWins => Some((0, 2)),
        GameResult::Draw => Some((1, 1)),
        GameResult::Unknown => None,
    }
}

/// How a game ended, as `[Terminazione]` says (T14). Defined here, where T14 reads it: the
/// classical replay does not read the tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Termination {
    /// `tempo`: the time of the player who lost ran out (T14).
    Time,
    /// `ritardo`: a player more than 15 minutes late, a forfeit (T14).
    Late,
    /// `abbandono`: a resignation.
    Resignation,
    /// Anything else, as written.
    Other(String),
}

impl Termination {
    /// Reads the tag's value (any case, spaces at the ends ignored).
    ///
    /// ```
    /// use arbitro::tournament::games::Termination;
    /// assert_eq!(Termination::read(" Tempo "), Termination::Time);
    /// assert_eq!(Termination::read("pioggia"), Termination::Other("pioggia".into()));
    /// ```
    pub fn read(tag: &str) -> Termination {
        let t = tag.trim();
        let is = |w: &str| t.eq_ignore_ascii_case(w);
        if is("tempo") {
            Termination::Time
        } else if is("ritardo") {
            Termination::Late
        } else if is("abbandono") {
            Termination::Resignation
        } else {
            Termination::Other(tag.to_string())
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
    /// `[Terminazione]`.
    pub termination: Option<Termination>,
    /// The declared result (T6): `None` when not played yet (`*` or no result), never
    /// `Some(GameResult::Unknown)`.
    pub result: Option<GameResult>,
    /// Where the game starts in its file.
    pub span: Span,
    /// Where `[Risultato]` stands when it is no result and the movetext gives none either
    /// (issue 25): the game is "result not readable", never "not played".
    pub unreadable_result: Option<Span>,
    /// Where `[Girone]` is.
    pub group_span: Option<Span>,
    /// Where `[Terminazione]` is.
    pub termination_span: Option<Span>,
    /// The line of a results sheet the game was read from (T17); `None` for a game file.
    pub sheet_line: Option<u32>,
}

impl TournamentGame {
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

    /// Where the game is, for people: `file:line` for a line of a results sheet (T17),
    /// `file #n` for a game of a game file.
    pub fn place_text(&self) -> String {
        match self.sheet_line {
            Some(line) => format!("{}:{line}", self.report.file),
            None => format!("{} #{}", self.report.file, self.report.game),
        }
    }
}

/// T14: `[Terminazione "tempo"]` with a drawn result: the player whose time ran out loses
/// (`result-mismatch`, at the tag).
pub fn check_time_out(g: &mut TournamentGame) {
    if g.termination == Some(Termination::Time) && g.result == Some(GameResult::Draw) {
        let f = say::time_out_drawn();
        g.report.findings.push(match g.termination_span {
            Some(s) => f.at(s),
            None => f,
        });
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
            let report = verify::classical_report(
                file,
                &raw,
                crate::classical::replay(&raw, options),
                latin1,
            );
            let mut g = TournamentGame {
                report,
                phase: raw.tag("Phase").map(str::to_string),
                group: raw.tag("Group").map(str::to_string),
                termination: raw.tag("Termination").map(Termination::read),
                result: raw.declared_result().filter(|&r| r != GameResult::Unknown),
                unreadable_result: raw.unreadable_result().filter(|_| {
                    raw.terminator()
                        .is_none_or(|(r, _)| r == GameResult::Unknown)
                }),
                span: raw.span,
                group_span: raw.tag_span("Group"),
                termination_span: raw.tag_span("Termination"),
                sheet_line: None,
            };
            check_time_out(&mut g);
            g
        })
        .collect()
}
