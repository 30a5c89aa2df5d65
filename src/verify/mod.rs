//! The whole check of one file: decode, parse, replay, and a [`GameReport`] per game
//! ([`report`]). Which variant a file holds is decided here, once ([`Variant::detect`]);
//! where a SuperScacchi game's set-up comes from is [`crate::load::setup`].

mod quick;
pub mod report;

pub use crate::load::SetupChoice;
pub use report::{
    ClassicalDetails, ClassicalTags, Details, GameReport, Listing, SuperScacchiDetails,
};

use crate::classical::{self, ReplayOptions};
use crate::decode::{InputError, decode};
use crate::finding::Finding;
use crate::finding::wording::input as wording;
use crate::load::{Limits, LoadError};
use crate::notation::classical::{RawGame, games};
use crate::notation::superscacchi::SsGame;
use crate::superscacchi::score::ScoringTable;
use crate::superscacchi::setup::Setup;
use crate::view::Heading;
use jiff::tz::TimeZone;
use std::path::Path;

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

    /// `formats.md` section 6: a file holding an `[Esercito` tag is SuperScacchi. The one
    /// rule, used by `verify`, `batch` and every command: the file's first game, as the
    /// classical lexer cuts it (so a `[Esercito` inside a comment is no tag), holds a tag
    /// pair named `Esercito` in any case (`[ Esercito "S"]`, `[esercito "S"]`): a
    /// SuperScacchi file opens with its tags and its first sheet.
    ///
    /// ```
    /// use arbitro::verify::Variant;
    /// assert_eq!(Variant::detect("[Evento \"x\"]\n[ esercito \"S\"]\n1. nera P h2 - h3"), Variant::SuperScacchi);
    /// assert_eq!(Variant::detect("[Event \"x\"]\n1. d4 {\n[Esercito \"S\"]} d5 *"), Variant::Classical);
    /// ```
    pub fn detect(text: &str) -> Variant {
        match games(text).next() {
            Some(first)
                if first
                    .tags
                    .iter()
                    .any(|t| t.tag.name.eq_ignore_ascii_case("Esercito")) =>
            {
                Variant::SuperScacchi
            }
            _ => Variant::Classical,
        }
    }
}

/// Checks every classical game of a decoded text.
pub fn verify_classical(
    file: &str,
    text: &str,
    latin1: bool,
    options: &ReplayOptions,
) -> Vec<GameReport> {
    classical_reports(file, text, latin1, options).collect()
}

/// [`verify_classical`] one game at a time, for callers that need not hold every report.
pub fn classical_reports<'a>(
    file: &'a str,
    text: &'a str,
    latin1: bool,
    options: &'a ReplayOptions,
) -> impl Iterator<Item = GameReport> + 'a {
    quick::replayed(text, options).map(move |game| {
        let (raw, replay) = *game;
        classical_report(file, &raw, replay, latin1)
    })
}

/// The report of one replayed classical game.
pub fn classical_report(
    file: &str,
    raw: &RawGame<'_>,
    replay: classical::Replay,
    latin1: bool,
) -> GameReport {
    GameReport {
        file: file.to_string(),
        game: raw.number,
        findings: with_input_findings(replay.findings, latin1),
        details: Details::Classical(ClassicalDetails {
            result: replay.result,
            plies: replay.moves.len() as u32,
            ending: replay.ending.map(|(e, _)| e),
            notation: replay.notation,
            tags: ClassicalTags::of(raw),
        }),
    }
}

/// The findings alone of every classical game of a decoded text, as in
/// [`classical_reports`]: what a summary needs, without the rest of a report.
pub fn classical_findings<'a>(
    text: &'a str,
    latin1: bool,
    options: &'a ReplayOptions,
) -> impl Iterator<Item = Vec<Finding>> + 'a {
    quick::replayed(text, options).map(move |game| with_input_findings(game.1.findings, latin1))
}

/// A game's findings, with what is to be said of the file it was read from first, in the
/// order of the sheet ([`crate::finding::in_sheet_order`]).
fn with_input_findings(mut findings: Vec<Finding>, latin1: bool) -> Vec<Finding> {
    if latin1 {
        findings.insert(0, wording::latin1_input());
    }
    crate::finding::in_sheet_order(&mut findings);
    findings
}

/// Checks a SuperScacchi game file with the default scoring table.
///
/// ```
/// use arbitro::verify::{verify_superscacchi, SetupChoice};
/// let text = std::fs::read_to_string("samples/superscacchi/leoni-tigri-partita1.txt").unwrap();
/// let r = verify_superscacchi("partita1.txt", &text, false, SetupChoice::BUILTIN);
/// assert!(r.is_valid());
/// ```
pub fn verify_superscacchi(
    file: &str,
    text: &str,
    latin1: bool,
    setup: SetupChoice<'_>,
) -> GameReport {
    let (table, tz) = (ScoringTable::default(), TimeZone::system());
    verify_superscacchi_with(file, text, latin1, setup, &table, &tz, false)
}

/// The set-up a game is played from, or the finding that says why there is none (R7).
fn resolve_setup(game: &SsGame<'_>, choice: SetupChoice<'_>) -> Result<Setup, Box<Finding>> {
    choice.resolve(game.tag("Disposizione")).map_err(|p| {
        let mut f = wording::bad_setup(&p);
        if let Some(span) = game.tag_span("Disposizione") {
            f = f.at(span);
        }
        Box::new(f)
    })
}

/// [`verify_superscacchi`] with a scoring table and the venue's time zone (R43–R46: the
/// clock record's real minutes); `view` also records the game ply by ply for `show` and
/// `render` (nobody else pays for it).
pub fn verify_superscacchi_with(
    file: &str,
    text: &str,
    latin1: bool,
    setup: SetupChoice<'_>,
    table: &ScoringTable,
    tz: &TimeZone,
    view: bool,
) -> GameReport {
    superscacchi(file, text, latin1, setup, (table, tz), view).0
}

/// [`verify_superscacchi_with`] recording the game ply by ply, with the heading of its page
/// (`None` when the game has no set-up to be played from): what [`crate::view::load`]
/// shows, from one reading of the sheets.
pub fn superscacchi_shown(
    file: &str,
    text: &str,
    latin1: bool,
    setup: SetupChoice<'_>,
    table: &ScoringTable,
    tz: &TimeZone,
) -> (GameReport, Option<Heading>) {
    superscacchi(file, text, latin1, setup, (table, tz), true)
}

fn superscacchi(
    file: &str,
    text: &str,
    latin1: bool,
    setup: SetupChoice<'_>,
    (table, tz): (&ScoringTable, &TimeZone),
    view: bool,
) -> (GameReport, Option<Heading>) {
    use crate::notation::superscacchi::{parse, prepare};
    use crate::superscacchi::{register, replay::replay_with, score, time};
    let clean = prepare(text);
    let mut game = parse(&clean);
    let mut report = GameReport::new(file, 1, Details::SuperScacchi(Box::default()));
    if latin1 {
        report.findings.push(wording::latin1_input());
    }
    let setup = match resolve_setup(&game, setup) {
        Ok(s) => s,
        Err(f) => {
            report.findings.push(*f);
            return (report, None);
        }
    };
    let reg = register::read(&game);
    let heading = view.then(|| Heading::superscacchi(&game, &reg, file.to_string()));
    let filled = crate::superscacchi::fill::fill(&mut game, &setup);
    let r = replay_with(&game, &setup, view);
    report.findings.extend(r.findings);
    report.findings.extend(filled);
    report.findings.extend(reg.findings.iter().cloned());
    // The clock record and the players (R44–R48): warnings for the judge.
    let (clock, clock_findings) = time::record(&game, &reg, tz);
    report.findings.extend(clock_findings);
    let mut ss = SuperScacchiDetails {
        plies: r.plies,
        events: score::scored(table, &r.events),
        view: view.then(|| crate::view::superscacchi(&r.initial, &r.timeline)),
        ..SuperScacchiDetails::default()
    };
    if report.is_valid() {
        let verdict = score::score(table, &r.position, &r.events, &reg);
        report
            .findings
            .extend(declared_result(&game, &reg, &verdict));
        report
            .findings
            .extend(time::run_out_ahead(&game, &reg, &verdict));
        ss.verdict = Some(verdict);
    } else if r.complete && crate::superscacchi::diagnose::all_proposed(&report.findings) {
        // R32a: the scores stay withheld (R37); the slips say what they would be.
        let verdict = score::score(table, &r.position, &r.events, &reg);
        crate::superscacchi::diagnose::say_totals(&mut report.findings, &verdict);
        ss.proposed = Some(verdict);
    }
    ss.register = Some(reg);
    ss.clock = Some(clock);
    crate::finding::in_sheet_order(&mut report.findings);
    report.details = Details::SuperScacchi(Box::new(ss));
    (report, heading)
}

/// R43: the totals the table declared in `[Risultato]` against the recomputed ones, a
/// warning per team that differs (`arbitro contest` explains the difference item by item).
fn declared_result(
    game: &SsGame<'_>,
    reg: &crate::superscacchi::register::Register,
    verdict: &crate::superscacchi::score::Verdict,
) -> Vec<Finding> {
    let Some(declared) = reg.declared else {
        return Vec::new();
    };
    let span = game.tag_span("Risultato");
    (0..2)
        .filter(|&i| declared[i] != verdict.teams[i].total)
        .map(|i| {
            let t = &verdict.teams[i];
            let mut f = wording::result_mismatch(&t.team, declared[i], t.total);
            if let Some(s) = span {
                f = f.at(s);
            }
            f
        })
        .collect()
}

/// Why a file cannot be checked at all.
#[derive(Debug)]
pub enum VerifyError {
    /// The bytes are not a game file.
    Input(InputError),
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VerifyError::Input(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for VerifyError {}

/// Checks every game of a file read by the input policy ([`crate::load::GameFile`]): a
/// report for each classical game, or the one SuperScacchi game with the set-up its
/// `[Disposizione]` names, built in or beside the file.
///
/// ```
/// use arbitro::{load::Limits, verify::verify_file};
/// let reports = verify_file("samples/classical/handout.txt".as_ref(), &Default::default(), Limits::default()).unwrap();
/// // The handout's third move for White is illegal (FIDE 3): the first error names it.
/// assert!(!reports[0].is_valid());
/// assert_eq!(reports[0].first_error().unwrap().code.as_str(), "illegal-move");
///
/// let reports = verify_file("samples/superscacchi/leoni-tigri-partita1.txt".as_ref(), &Default::default(), Limits::default()).unwrap();
/// assert_eq!(reports[0].winner(), Some("Tigri"));
/// ```
pub fn verify_file(
    path: &Path,
    options: &ReplayOptions,
    limits: Limits,
) -> Result<Vec<GameReport>, LoadError> {
    let file = crate::load::GameFile::open(path, limits)?;
    let setup = SetupChoice::Tag {
        folder: file.folder.as_deref(),
        limits,
    };
    Ok(verify_text(
        &file.name,
        &file.text,
        file.latin1,
        options,
        setup,
    ))
}

/// Every game of a decoded text, of whichever variant it holds: each classical game, or
/// the one SuperScacchi game from `setup`.
fn verify_text(
    file: &str,
    text: &str,
    latin1: bool,
    options: &ReplayOptions,
    setup: SetupChoice<'_>,
) -> Vec<GameReport> {
    match Variant::detect(text) {
        Variant::Classical => verify_classical(file, text, latin1, options),
        Variant::SuperScacchi => vec![verify_superscacchi(file, text, latin1, setup)],
    }
}

/// Checks a whole file given as bytes; a SuperScacchi game may name built-in set-ups only
/// (bytes have no folder).
///
/// ```
/// let reports = arbitro::verify::verify_bytes("g.pgn", b"1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.Dxf7# 1-0", &Default::default()).unwrap();
/// assert!(reports[0].is_valid());
/// assert_eq!(reports[0].ending(), Some("checkmate"));
/// assert_eq!(reports[0].result().map(|r| r.as_str()), Some("1-0"));
/// ```
pub fn verify_bytes(
    file: &str,
    bytes: &[u8],
    options: &ReplayOptions,
) -> Result<Vec<GameReport>, VerifyError> {
    let decoded = decode(bytes).map_err(VerifyError::Input)?;
    Ok(verify_text(
        file,
        &decoded.text,
        decoded.latin1,
        options,
        SetupChoice::BUILTIN,
    ))
}
