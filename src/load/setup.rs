//! Where a SuperScacchi game's set-up comes from, in one place (formats.md §2, R7):
//! `--setup FILE` on the command line, or the game's own `[Disposizione]` tag, naming a
//! built-in set-up or the file `NAME.setup` beside the game file. A name written inside a
//! file is never a path.
//!
//! ```
//! use arbitro::load::{setup_file, SetupName};
//! use std::path::Path;
//! assert!(matches!(setup_file(Some(Path::new("g")), "assedio-corto"), Ok(SetupName::Builtin(_))));
//! assert!(setup_file(Some(Path::new("g")), "../../etc/passwd").is_err());
//! ```

use super::{DEFAULT_MAX_BYTES, Limits, LoadError, display_name, read_text};
use crate::lang::{Lang, Say};
use crate::superscacchi::setup::{Setup, SetupError};
use std::fmt;
use std::path::{Path, PathBuf};

/// What a `[Disposizione]` value names.
#[derive(Debug)]
pub enum SetupName {
    /// A built-in set-up.
    Builtin(Setup),
    /// The file `NAME.setup` beside the game file.
    File(PathBuf),
}

/// Why a `[Disposizione]` value names no usable set-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupNameError {
    /// The value is not a plain name (a separator, `..`, an absolute path, a drive, …).
    NotAName,
    /// Not built in, and the game has no folder to look in (it came from standard input).
    NoFolder,
}

impl fmt::Display for SetupNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

/// Resolves a `[Disposizione]` value: a built-in set-up, or `NAME.setup` (the value may
/// already end in `.setup`) in `folder`, the game file's own folder. The value is a name,
/// never a path (formats.md §2).
pub fn setup_file(folder: Option<&Path>, value: &str) -> Result<SetupName, SetupNameError> {
    let value = value.trim();
    if let Some(s) = Setup::builtin(value) {
        return Ok(SetupName::Builtin(s));
    }
    let plain = !value.is_empty()
        && !value.starts_with('.')
        && !value.starts_with('-')
        && value.len() <= 100
        && value
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' '));
    if !plain || value.contains("..") {
        return Err(SetupNameError::NotAName);
    }
    let folder = folder.ok_or(SetupNameError::NoFolder)?;
    let file = if value.ends_with(".setup") {
        value.to_string()
    } else {
        format!("{value}.setup")
    };
    Ok(SetupName::File(folder.join(file)))
}

/// Why a set-up file cannot be used.
#[derive(Debug)]
pub enum SetupFileError {
    /// It cannot be read.
    Load(LoadError),
    /// It is read, and wrong.
    Invalid {
        /// The file as named.
        path: String,
        /// What is wrong, and on which line.
        error: SetupError,
    },
}

impl fmt::Display for SetupFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for SetupFileError {}

/// Reads and checks a set-up file (`--setup FILE`, or one a `[Disposizione]` names).
pub fn read_setup(path: &Path, limits: Limits) -> Result<Setup, SetupFileError> {
    let text = read_text(path, limits).map_err(SetupFileError::Load)?;
    Setup::parse(&text).map_err(|error| SetupFileError::Invalid {
        path: display_name(path),
        error,
    })
}

/// Where a SuperScacchi game's set-up comes from.
#[derive(Debug, Clone, Copy)]
pub enum SetupChoice<'a> {
    /// `--setup FILE` on the command line, already read and checked by the caller.
    Given(&'a Setup),
    /// The game's own `[Disposizione]` tag (default `assedio-corto`): a built-in set-up,
    /// or `NAME.setup` read from `folder`, the game file's folder ([`setup_file`]).
    /// `None`: built-in set-ups only (standard input).
    Tag {
        /// The game file's folder.
        folder: Option<&'a Path>,
        /// How much is read.
        limits: Limits,
    },
}

impl<'a> SetupChoice<'a> {
    /// The built-in set-ups only: what a game read from memory may name.
    pub const BUILTIN: SetupChoice<'static> = SetupChoice::Tag {
        folder: None,
        limits: Limits {
            max_bytes: DEFAULT_MAX_BYTES,
        },
    };

    /// `--setup`, when given; else the game's own `[Disposizione]`, looked for in
    /// `folder` (the game file's folder).
    pub fn new(given: Option<&'a Setup>, folder: Option<&'a Path>, limits: Limits) -> Self {
        match given {
            Some(s) => SetupChoice::Given(s),
            None => SetupChoice::Tag { folder, limits },
        }
    }

    /// The set-up a game whose `[Disposizione]` is `tag` (`None`: not written, so
    /// `assedio-corto`) is played from, or why there is none (R7).
    pub fn resolve(self, tag: Option<&str>) -> Result<Setup, SetupProblem> {
        let (folder, limits) = match self {
            SetupChoice::Given(s) => return Ok(s.clone()),
            SetupChoice::Tag { folder, limits } => (folder, limits),
        };
        let value = tag.unwrap_or("assedio-corto");
        let why = match setup_file(folder, value) {
            Ok(SetupName::Builtin(s)) => return Ok(s),
            Ok(SetupName::File(path)) => match read_setup(&path, limits) {
                Ok(s) => return Ok(s),
                Err(SetupFileError::Load(LoadError::Io { error, .. }))
                    if error.kind() == std::io::ErrorKind::NotFound =>
                {
                    let file = path
                        .file_name()
                        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
                    SetupWhy::NoFile(file)
                }
                Err(e) => SetupWhy::File(e),
            },
            Err(e) => SetupWhy::Name(e),
        };
        Err(SetupProblem {
            value: value.to_string(),
            why,
        })
    }
}

/// Why a game's `[Disposizione]` gives no set-up to play from (R7; said by
/// [`crate::finding::wording::input::bad_setup`]).
#[derive(Debug)]
pub struct SetupProblem {
    /// The tag's value as written (`assedio-corto` when the tag is missing).
    pub value: String,
    /// Why.
    pub why: SetupWhy,
}

/// Why a `[Disposizione]` value gives no set-up.
#[derive(Debug)]
pub enum SetupWhy {
    /// Not built in, and no file of that name (`NAME.setup`, given here) beside the game.
    NoFile(String),
    /// The file is there and cannot be used (its own error names its line).
    File(SetupFileError),
    /// The value is not a name a set-up can have.
    Name(SetupNameError),
}
