//! One module per command, each with its clap `Args` and `run(&Args) -> Result<Exit>`;
//! here, what several commands share: the input limits, the SuperScacchi options and
//! loading a game for the verdict commands and the viewers.

pub mod args;
pub mod batch;
mod batch_merge;
pub mod contest;
pub mod convert;
pub mod explain;
pub mod matches;
pub mod new;
pub mod reconcile;
pub mod render;
pub mod score;
pub mod scoring;
pub mod selfplay;
pub mod shell;
pub mod show;
pub mod simul;
pub mod tournament;
pub mod verify;

use crate::io::diag;
use anyhow::{Result, bail};
use arbitro::lang::{Lang, Say};
use arbitro::load::{self, Limits};
use arbitro::superscacchi::score::ScoringTable;
use arbitro::superscacchi::setup::Setup;
use arbitro::verify::{GameReport, SetupChoice, Variant, verify_superscacchi_with};
use jiff::tz::TimeZone;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;

static LIMITS: OnceLock<Limits> = OnceLock::new();
static ZONE: OnceLock<TimeZone> = OnceLock::new();

pub(crate) use crate::say::tr;
pub use crate::say::{error_word, lang, set_lang};

/// An error that ends the run, in the run's language: the library's errors say themselves
/// in Italian too; the binary's own errors are written in the run's language ([`tr!`]).
pub fn error_text(e: &anyhow::Error) -> String {
    let lang = lang();
    if let Some(c) = e.downcast_ref::<arbitro::superscacchi::clock::ClockError>() {
        c.say(lang).into_owned()
    } else if let Some(t) = e.downcast_ref::<arbitro::superscacchi::score::TableError>() {
        t.say(lang).into_owned()
    } else if let Some(l) = e.downcast_ref::<load::LoadError>() {
        l.say(lang).into_owned()
    } else if let Some(s) = e.downcast_ref::<load::SetupFileError>() {
        s.say(lang).into_owned()
    } else if let Some(i) = e.downcast_ref::<arbitro::decode::InputError>() {
        arbitro::lang::Say::say(i, lang).into_owned()
    } else {
        // The error and the context added to it; an I/O error in plain words.
        e.chain()
            .map(|c| match c.downcast_ref::<std::io::Error>() {
                Some(io) => io.say(lang).into_owned(),
                None => c.to_string(),
            })
            .collect::<Vec<_>>()
            .join(": ")
    }
}

/// Sets the input limits for the run (once, from the command line).
pub fn set_limits(limits: Limits) {
    let _ = LIMITS.set(limits);
}

/// The input limits of this run.
pub fn limits() -> Limits {
    LIMITS.get().copied().unwrap_or_default()
}

/// Sets the venue's time zone for the run (once, from `--tz`; without it this computer's).
pub fn set_zone(name: Option<&str>) -> Result<()> {
    let tz = match name {
        Some(name) => match TimeZone::get(name) {
            Ok(tz) => tz,
            Err(e) => bail!(tr!(
                "`{name}` is not a time zone (Europe/Rome): {e}",
                "`{name}` non è un fuso orario: scrivilo come Europe/Rome"
            )),
        },
        // This computer's zone is looked up when first needed ([`zone`]).
        None => return Ok(()),
    };
    let _ = ZONE.set(tz);
    Ok(())
}

/// The zone `--tz` named, if any (without it, a command that needs one asks [`zone`]).
pub fn given_zone() -> Option<TimeZone> {
    ZONE.get().cloned()
}

/// The venue's time zone of this run.
pub fn zone() -> &'static TimeZone {
    ZONE.get_or_init(TimeZone::system)
}

/// How a run ends. This is the one place exit codes are numbered (README, "Exit codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: every game valid; or nothing to judge (help, a file written, a table shown).
    Valid,
    /// 1: some game has an error finding (for `batch --fail-on warning`, a warning too).
    Findings,
    /// 2: a usage or I/O error, or an input that could not be used (after the run went
    /// on with the rest).
    Unusable,
}

impl Exit {
    /// [`Exit::Findings`] when some game has an error, else [`Exit::Valid`].
    pub fn from_errors(any_error: bool) -> Exit {
        if any_error {
            Exit::Findings
        } else {
            Exit::Valid
        }
    }

    /// The process's exit code.
    pub fn code(self) -> ExitCode {
        ExitCode::from(match self {
            Exit::Valid => 0,
            Exit::Findings => 1,
            Exit::Unusable => 2,
        })
    }
}

/// Options shared by the SuperScacchi verdict commands.
#[derive(clap::Args)]
pub struct SsArgs {
    /// A scoring table (TOML) instead of the built-in one.
    #[arg(long)]
    pub scoring: Option<PathBuf>,
    /// A set-up file instead of the [Disposizione] tag.
    #[arg(long)]
    pub setup: Option<PathBuf>,
}

impl SsArgs {
    /// The scoring table: the file named, or the built-in one.
    pub fn table(&self) -> Result<ScoringTable> {
        match &self.scoring {
            None => Ok(ScoringTable::default()),
            Some(p) => {
                let text = load::read_text(p, limits())?;
                ScoringTable::from_toml(&text)
                    .map_err(|e| anyhow::anyhow!("{}: {}", p.display(), e.say(lang())))
            }
        }
    }

    /// The input files these options name (never written over).
    pub fn inputs(&self) -> Vec<&Path> {
        self.scoring
            .iter()
            .chain(&self.setup)
            .map(PathBuf::as_path)
            .collect()
    }
}

/// The set-up named by `--setup FILE`, read and checked (an unusable one is exit 2).
pub fn given_setup(path: Option<&Path>) -> Result<Option<Setup>> {
    path.map(|p| {
        load::read_setup(p, limits()).map_err(|e| anyhow::anyhow!(e.say(lang()).into_owned()))
    })
    .transpose()
}

/// Reads a game file named by the user, by the library's one input policy
/// ([`load::GameFile`]): the commands read every game this way.
pub fn open_game(path: &Path) -> Result<load::GameFile> {
    Ok(load::GameFile::open(path, limits())?)
}

/// Reads and verifies one SuperScacchi game for the verdict commands and the viewers.
pub fn load_superscacchi(path: &Path, args: &SsArgs, view: bool) -> Result<GameReport> {
    load_superscacchi_text(path, args, view).map(|(r, _)| r)
}

/// [`load_superscacchi`], with the file's decoded text (for what quotes the file).
pub fn load_superscacchi_text(
    path: &Path,
    args: &SsArgs,
    view: bool,
) -> Result<(GameReport, String)> {
    let file = open_game(path)?;
    let r = verify_game_file(&file, args, view)?;
    Ok((r, file.text))
}

/// Verifies a SuperScacchi game already read, with the options' set-up and scoring table.
pub fn verify_game_file(file: &load::GameFile, args: &SsArgs, view: bool) -> Result<GameReport> {
    if Variant::detect(&file.text) != Variant::SuperScacchi {
        let name = &file.name;
        bail!(tr!(
            "{name} is not a SuperScacchi game (no [Esercito] sheet)",
            "{name} non è una partita di SuperScacchi (manca il foglio [Esercito])"
        ));
    }
    let given = given_setup(args.setup.as_deref())?;
    let table = args.table()?;
    Ok(verify_superscacchi_with(
        &file.name,
        &file.text,
        file.latin1,
        SetupChoice::new(given.as_ref(), file.folder.as_deref(), limits()),
        &table,
        zone(),
        view,
    ))
}

/// Says why a game has no verdict (its first error) on standard error; exit code 1.
pub fn no_verdict(r: &GameReport, lang: Lang) -> Exit {
    let first = r
        .first_error()
        .map_or(String::new(), |f| f.message_in(lang).to_string());
    diag!(
        "{}: {}. {}: {first}",
        r.file,
        arbitro::report::verdict::no_scores_sentence(lang),
        lang.t("Settle it first", "Va risolto prima")
    );
    Exit::from_errors(true)
}
