//! The whole check of one file: decode, parse, replay, and a [`GameReport`] per game.

use crate::classical::{self, ReplayOptions};
use crate::decode::{InputError, decode};
use crate::finding::{Code, Finding, Severity};
use crate::geometry::{Army, Side};
use crate::load::{Limits, LoadError, SetupFileError, SetupName, read_setup, setup_file};
use crate::notation::classical::{RawGame, games};
use crate::notation::san::Notation;
use crate::notation::superscacchi::SsGame;
use crate::superscacchi::score::{Scored, ScoringTable, Verdict};
use crate::superscacchi::setup::Setup;
use serde::Serialize;
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
    pub outcome: Outcome,
}

/// What a game came to, by variant.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// An 8×8 game.
    Classical(ClassicalOutcome),
    /// A 16×16 game.
    SuperScacchi(Box<SuperScacchiOutcome>),
}

/// A classical game: the result the board supports and the tags a spreadsheet needs.
#[derive(Debug, Clone)]
pub struct ClassicalOutcome {
    /// The result the replay supports (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: &'static str,
    /// Moves replayed.
    pub plies: u32,
    /// How the board ended the game, if it did.
    pub ending: Option<&'static str>,
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
    /// terminator), in PGN form, as [`RawGame::declared_result`] reads it.
    pub declared_result: Option<&'static str>,
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
    /// assert_eq!(t.declared_result, Some("1-0"));
    /// ```
    pub fn of(raw: &RawGame<'_>) -> ClassicalTags {
        let mut t = ClassicalTags {
            declared_result: raw.declared_result().map(|r| r.as_str()),
            ..ClassicalTags::default()
        };
        for pair in &raw.tags {
            let field = match pair.tag.name {
                "White" | "Bianco" => &mut t.white,
                "Black" | "Nero" => &mut t.black,
                "Phase" | "Fase" => &mut t.phase,
                "Group" | "Girone" => &mut t.group,
                _ => continue,
            };
            if field.is_none() {
                *field = Some(pair.tag.value.to_string());
            }
        }
        t
    }
}

/// A SuperScacchi game: its events, its register and, when it has no error, its verdict.
#[derive(Debug, Clone, Default)]
pub struct SuperScacchiOutcome {
    /// Moves replayed.
    pub plies: u32,
    /// Events in order, with their points (those before the first error when there is
    /// one); [`SuperScacchiOutcome::team_of`] names the team credited.
    pub events: Vec<Scored>,
    /// The register tags as read; `None` when the game has no set-up to be played from.
    pub register: Option<crate::superscacchi::register::Register>,
    /// The verdict item by item (R37–R42); `None` when the game has an error.
    pub verdict: Option<Verdict>,
    /// The game ply by ply, for viewers (when asked for).
    pub view: Option<crate::view::View>,
}

impl SuperScacchiOutcome {
    /// The name of the team an army plays for: the besiegers' or the besieged team's
    /// (empty without a register).
    pub fn team_of(&self, army: Army) -> &str {
        let i = usize::from(army.side() == Side::Besieged);
        self.register.as_ref().map_or("", |r| r.teams[i].as_str())
    }
}

impl GameReport {
    /// A report with nothing in it yet.
    pub fn new(file: &str, game: usize, outcome: Outcome) -> GameReport {
        GameReport {
            file: file.to_string(),
            game,
            findings: Vec::new(),
            outcome,
        }
    }

    /// Which game.
    pub fn variant(&self) -> Variant {
        match self.outcome {
            Outcome::Classical(_) => Variant::Classical,
            Outcome::SuperScacchi(_) => Variant::SuperScacchi,
        }
    }

    /// Moves replayed.
    pub fn plies(&self) -> u32 {
        match &self.outcome {
            Outcome::Classical(c) => c.plies,
            Outcome::SuperScacchi(s) => s.plies,
        }
    }

    /// The classical part, if the game is classical.
    pub fn classical(&self) -> Option<&ClassicalOutcome> {
        match &self.outcome {
            Outcome::Classical(c) => Some(c),
            Outcome::SuperScacchi(_) => None,
        }
    }

    /// The SuperScacchi part, if the game is SuperScacchi.
    pub fn superscacchi(&self) -> Option<&SuperScacchiOutcome> {
        match &self.outcome {
            Outcome::Classical(_) => None,
            Outcome::SuperScacchi(s) => Some(s),
        }
    }

    /// Classical: the result the replay supports.
    pub fn result(&self) -> Option<&'static str> {
        self.classical().map(|c| c.result)
    }

    /// Classical: how the board ended the game, if it did.
    pub fn ending(&self) -> Option<&'static str> {
        self.classical().and_then(|c| c.ending)
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
    pub fn register(&self) -> Option<&crate::superscacchi::register::Register> {
        self.superscacchi().and_then(|s| s.register.as_ref())
    }

    /// SuperScacchi: the verdict, when the game has no error.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.superscacchi().and_then(|s| s.verdict.as_ref())
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
    pub fn take_view(&mut self) -> Option<crate::view::View> {
        match &mut self.outcome {
            Outcome::SuperScacchi(s) => s.view.take(),
            Outcome::Classical(_) => None,
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
    games(text).map(move |raw| {
        let replay = classical::replay(&raw, options);
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
        outcome: Outcome::Classical(ClassicalOutcome {
            result: replay.result.as_str(),
            plies: replay.moves.len() as u32,
            ending: replay.ending.map(|(e, _)| e.describe()),
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
    games(text)
        .map(move |raw| with_input_findings(classical::replay(&raw, options).findings, latin1))
}

/// A game's findings, with what is to be said of the file it was read from first.
fn with_input_findings(mut findings: Vec<Finding>, latin1: bool) -> Vec<Finding> {
    if latin1 {
        findings.insert(
            0,
            Finding::new2(
                Code::Latin1Input,
                "the file is not UTF-8; it was read as Latin-1",
                "il file non è UTF-8: è stato letto come Latin-1",
            ),
        );
    }
    findings
}

/// Where a SuperScacchi game's set-up comes from.
#[derive(Debug, Clone, Copy)]
pub enum SetupChoice<'a> {
    /// `--setup FILE` on the command line, already read and checked by the caller.
    Given(&'a Setup),
    /// The game's own `[Disposizione]` tag (default `assedio-corto`): a built-in set-up,
    /// or `NAME.setup` read from `folder`, the game file's folder (formats.md §2; see
    /// [`crate::load::setup_file`]). `None`: built-in set-ups only (standard input).
    Tag {
        /// The game file's folder.
        folder: Option<&'a Path>,
        /// How much is read.
        limits: Limits,
    },
}

impl SetupChoice<'_> {
    /// The built-in set-ups only: what a game read from memory may name.
    pub const BUILTIN: SetupChoice<'static> = SetupChoice::Tag {
        folder: None,
        limits: Limits {
            max_bytes: crate::load::DEFAULT_MAX_BYTES,
        },
    };
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
    verify_superscacchi_with(file, text, latin1, setup, &ScoringTable::default(), false)
}

/// The set-up a game is played from, or the finding that says why there is none (R7).
fn resolve_setup(game: &SsGame<'_>, choice: SetupChoice<'_>) -> Result<Setup, Box<Finding>> {
    let (folder, limits) = match choice {
        SetupChoice::Given(s) => return Ok(s.clone()),
        SetupChoice::Tag { folder, limits } => (folder, limits),
    };
    let value = game.tag("Disposizione").unwrap_or("assedio-corto");
    let (problem, problem_it) = match setup_file(folder, value) {
        Ok(SetupName::Builtin(s)) => return Ok(s),
        Ok(SetupName::File(path)) => match read_setup(&path, limits) {
            Ok(s) => return Ok(s),
            Err(SetupFileError::Load(LoadError::Io { error, .. }))
                if error.kind() == std::io::ErrorKind::NotFound =>
            {
                let name = path
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into_owned());
                (
                    format!(
                        "`{value}` is not a built-in set-up (assedio-corto), and there is no file {name} beside the game"
                    ),
                    format!(
                        "`{value}` non è una disposizione predefinita (assedio-corto), e accanto alla partita non c'è il file {name}"
                    ),
                )
            }
            // The set-up file's own error names its line.
            Err(e) => (
                e.to_string(),
                format!(
                    "la disposizione [Disposizione \"{value}\"] non si può usare: {}",
                    e.text_in(crate::lang::Lang::It)
                ),
            ),
        },
        Err(e) => (
            format!(
                "[Disposizione \"{value}\"]: {}",
                e.text_in(crate::lang::Lang::En)
            ),
            format!(
                "[Disposizione \"{value}\"] non valida: {}",
                e.text_in(crate::lang::Lang::It)
            ),
        ),
    };
    let mut f = Finding::new2(Code::BadSetup, problem, problem_it).rule("R7");
    if let Some(span) = game.tag_span("Disposizione") {
        f = f.at(span);
    }
    Err(Box::new(f))
}

/// [`verify_superscacchi`] with a scoring table; `view` also records the game ply by ply
/// for `show` and `render` (nobody else pays for it).
pub fn verify_superscacchi_with(
    file: &str,
    text: &str,
    latin1: bool,
    setup: SetupChoice<'_>,
    table: &ScoringTable,
    view: bool,
) -> GameReport {
    use crate::notation::superscacchi::{parse, prepare};
    use crate::superscacchi::{register, replay::replay_with, score};
    let clean = prepare(text);
    let mut game = parse(&clean);
    let mut report = GameReport::new(file, 1, Outcome::SuperScacchi(Box::default()));
    if latin1 {
        report.findings.push(Finding::new2(
            Code::Latin1Input,
            "the file is not UTF-8; it was read as Latin-1",
            "il file non è UTF-8: è stato letto come Latin-1",
        ));
    }
    let setup = match resolve_setup(&game, setup) {
        Ok(s) => s,
        Err(f) => {
            report.findings.push(*f);
            return report;
        }
    };
    let reg = register::read(&game);
    let filled = crate::superscacchi::fill::fill(&mut game, &setup);
    let r = replay_with(&game, &setup, view);
    report.findings.extend(r.findings);
    report.findings.extend(filled);
    report.findings.extend(reg.findings.iter().cloned());
    let mut ss = SuperScacchiOutcome {
        plies: r.plies,
        events: score::scored(table, &r.events),
        view: view.then(|| crate::view::superscacchi(&r.initial, &r.timeline)),
        ..SuperScacchiOutcome::default()
    };
    if report.is_valid() {
        let verdict = score::score(table, &r.position, &r.events, &reg);
        report
            .findings
            .extend(declared_result(&game, &reg, &verdict));
        ss.verdict = Some(verdict);
    }
    ss.register = Some(reg);
    report.outcome = Outcome::SuperScacchi(Box::new(ss));
    report
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
            let mut f = Finding::new(
                Code::ResultMismatch,
                format!(
                    "[Risultato] declares {} {}, but the recomputed total is {} ({:+})",
                    t.team,
                    declared[i],
                    t.total,
                    i64::from(t.total) - i64::from(declared[i])
                ),
            )
            .it(format!(
                "[Risultato] dichiara {} {}, ma il totale ricalcolato è {} ({:+})",
                t.team,
                declared[i],
                t.total,
                i64::from(t.total) - i64::from(declared[i])
            ))
            .rule("R43")
            .label2("the declared totals", "i totali dichiarati")
            .hint2(
                format!(
                    "`arbitro score` shows the recomputed register; `arbitro contest --team {}` explains the difference item by item",
                    t.team
                ),
                format!(
                    "`arbitro score` mostra il registro ricalcolato; `arbitro contest --team {}` spiega la differenza voce per voce",
                    t.team
                ),
            );
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
