//! Every file arbitro opens, by one policy (formats.md §1–§2; README, "Reliability").
//!
//! - What is named is read: a regular file, or standard input when `-` is named. A folder,
//!   a device, a FIFO or a socket named on the command line is refused with a clear error;
//!   met while walking a folder it is skipped and counted (see [`crate::batch::walk`]).
//! - No more than [`Limits::max_bytes`] bytes are ever read from one input, so `/dev/zero`
//!   on standard input or a sparse file of many gigabytes ends at once with a message.
//! - A name written inside a file is never a path: `[Disposizione "NAME"]` names a built-in
//!   set-up, or the file `NAME.setup` in the game file's own folder ([`setup_file`]).
//!
//! ```
//! use arbitro::load::{setup_file, SetupName};
//! use std::path::Path;
//! assert!(matches!(setup_file(Some(Path::new("g")), "assedio-corto"), Ok(SetupName::Builtin(_))));
//! assert!(setup_file(Some(Path::new("g")), "../../etc/passwd").is_err());
//! assert!(setup_file(Some(Path::new("g")), "/proc/self/environ").is_err());
//! ```

use crate::decode::{InputError, decode};
use crate::lang::Lang;
use crate::superscacchi::setup::{Setup, SetupError};
use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// How much arbitro reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes read from one input (a file or standard input).
    pub max_bytes: u64,
}

/// 1 GiB: some ten times the largest archive file seen (105 MB).
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

/// Why an input cannot be read.
#[derive(Debug)]
pub enum LoadError {
    /// The operating system refused (missing file, no permission, …).
    Io {
        /// The input as named.
        path: String,
        /// The system's error.
        error: io::Error,
    },
    /// Not a regular file: a folder, a device, a FIFO, a socket.
    NotAFile {
        /// The input as named.
        path: String,
        /// What it is instead.
        kind: &'static str,
    },
    /// Larger than the limit.
    TooLarge {
        /// The input as named.
        path: String,
        /// The limit, in bytes.
        max: u64,
    },
    /// The bytes are not text (binary, empty).
    Input {
        /// The input as named.
        path: String,
        /// Why.
        error: InputError,
    },
}

impl LoadError {
    /// What went wrong, in a language.
    pub fn text_in(&self, lang: Lang) -> String {
        match (self, lang) {
            (LoadError::Io { path, error }, Lang::En) => {
                format!("{path}: cannot read: {}", plain_io(error))
            }
            (LoadError::Io { path, error }, Lang::It) => {
                format!("{path}: non si può leggere: {}", plain_io_it(error))
            }
            (LoadError::NotAFile { path, kind }, Lang::En) => {
                format!("{path}: is {kind}, not a file arbitro can read")
            }
            (LoadError::NotAFile { path, kind }, Lang::It) => format!(
                "{path}: è {}, non un file che arbitro possa leggere",
                kind_it(kind)
            ),
            (LoadError::TooLarge { path, max }, Lang::En) => format!(
                "{path}: larger than {} MiB, the most arbitro reads from one input (--max-input)",
                max >> 20
            ),
            (LoadError::TooLarge { path, max }, Lang::It) => format!(
                "{path}: più grande di {} MiB, il massimo che arbitro legge da un ingresso (--max-input)",
                max >> 20
            ),
            (LoadError::Input { path, error }, lang) => {
                format!("{path}: {}", crate::lang::Say::say(error, lang))
            }
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(Lang::En))
    }
}

/// What [`not_a_file`] says an input is, in Italian.
pub fn kind_it(kind: &str) -> &'static str {
    match kind {
        "a folder" => "una cartella",
        "a FIFO (named pipe)" => "una FIFO (pipe con nome)",
        "a socket" => "un socket",
        "a device" => "un dispositivo",
        _ => "qualcosa che non è un file normale",
    }
}

/// An I/O error in Italian words, for the kinds a user meets; the system's words otherwise.
pub fn plain_io_it(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "il file non esiste".to_string(),
        io::ErrorKind::PermissionDenied => "permesso negato".to_string(),
        io::ErrorKind::IsADirectory => "è una cartella".to_string(),
        io::ErrorKind::InvalidData => "i dati non si possono leggere".to_string(),
        io::ErrorKind::NotADirectory => "una parte del percorso non è una cartella".to_string(),
        io::ErrorKind::ReadOnlyFilesystem => "il disco è di sola lettura".to_string(),
        io::ErrorKind::StorageFull => "il disco è pieno".to_string(),
        io::ErrorKind::AlreadyExists => "esiste già".to_string(),
        _ => plain_io(e),
    }
}

impl std::error::Error for LoadError {}

/// An I/O error in words, without the `(os error N)` tail.
pub fn plain_io(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The name an input is shown by: its path, or `<stdin>` for `-`.
pub fn display_name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// `-` names standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// What a file system entry is, in words, when it is not a regular file.
pub fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some("a folder")
    } else if t.is_fifo() {
        Some("a FIFO (named pipe)")
    } else if t.is_socket() {
        Some("a socket")
    } else if t.is_char_device() || t.is_block_device() {
        Some("a device")
    } else {
        Some("not a regular file")
    }
}

/// Reads at most `limits.max_bytes` from an input named by the user.
pub fn read(path: &Path, limits: Limits) -> Result<Vec<u8>, LoadError> {
    let name = display_name(path);
    let io_err = |error| LoadError::Io {
        path: name.clone(),
        error,
    };
    let mut bytes = Vec::new();
    if is_stdin(path) {
        // A binary stream (`< /dev/zero`) is refused from its first block, not after the cap.
        let mut stdin = io::stdin().lock().take(limits.max_bytes + 1);
        (&mut stdin)
            .take(64 << 10)
            .read_to_end(&mut bytes)
            .map_err(io_err)?;
        if let Some(offset) = memchr::memchr(0, &bytes)
            && !bytes.starts_with(b"\xFF\xFE")
            && !bytes.starts_with(b"\xFE\xFF")
        {
            return Err(LoadError::Input {
                path: name,
                error: InputError::Binary { offset },
            });
        }
        stdin.read_to_end(&mut bytes).map_err(io_err)?;
    } else {
        let meta = std::fs::metadata(path).map_err(io_err)?;
        if let Some(kind) = not_a_file(&meta) {
            return Err(LoadError::NotAFile { path: name, kind });
        }
        if meta.len() > limits.max_bytes {
            return Err(LoadError::TooLarge {
                path: name,
                max: limits.max_bytes,
            });
        }
        std::fs::File::open(path)
            .and_then(|f| f.take(limits.max_bytes + 1).read_to_end(&mut bytes))
            .map_err(io_err)?;
    }
    if bytes.len() as u64 > limits.max_bytes {
        return Err(LoadError::TooLarge {
            path: name,
            max: limits.max_bytes,
        });
    }
    Ok(bytes)
}

/// Reads a text file named by the user (a set-up, a scoring table, a tournament file): the
/// input policy, then decoding (a BOM is dropped, Latin-1 accepted).
pub fn read_text(path: &Path, limits: Limits) -> Result<String, LoadError> {
    let bytes = read(path, limits)?;
    decode(&bytes)
        .map(|d| d.text.into_owned())
        .map_err(|error| LoadError::Input {
            path: display_name(path),
            error,
        })
}

/// A game file as every command reads it: by the input policy ([`read`]), decoded (a BOM
/// dropped, UTF-16 with a BOM read, Latin-1 accepted), with the name the reports show and
/// the folder where the set-up files it names are looked for.
///
/// ```
/// use arbitro::load::{GameFile, Limits};
/// let f = GameFile::open("samples/classical/handout.txt".as_ref(), Limits::default()).unwrap();
/// assert_eq!(f.name, "samples/classical/handout.txt");
/// assert!(f.text.contains("[Evento \"Dispensa"));
/// assert!(!f.latin1);
/// ```
#[derive(Debug, Clone)]
pub struct GameFile {
    /// The name reports show: the path as given, or `<stdin>`.
    pub name: String,
    /// The text.
    pub text: String,
    /// Read as Latin-1 (not UTF-8): said as a finding.
    pub latin1: bool,
    /// Where a `[Disposizione]` set-up file is looked for ([`folder_of`]).
    pub folder: Option<PathBuf>,
}

impl GameFile {
    /// Reads and decodes `path` (`-`: standard input).
    pub fn open(path: &Path, limits: Limits) -> Result<GameFile, LoadError> {
        let name = display_name(path);
        let bytes = read(path, limits)?;
        let d = decode(&bytes).map_err(|error| LoadError::Input {
            path: name.clone(),
            error,
        })?;
        Ok(GameFile {
            name,
            latin1: d.latin1,
            text: d.text.into_owned(),
            folder: folder_of(path),
        })
    }
}

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

impl SetupNameError {
    /// Why, in `lang`.
    pub fn text_in(&self, lang: Lang) -> &'static str {
        match self {
            SetupNameError::NotAName => lang.t(
                "a set-up is named, not given as a path: a built-in set-up (assedio-corto) or NAME for a file NAME.setup beside the game file (formats.md §2)",
                "una disposizione si indica per nome, non con un percorso: una disposizione predefinita (assedio-corto) o NOME per un file NOME.setup accanto alla partita (formats.md §2)",
            ),
            SetupNameError::NoFolder => lang.t(
                "not a built-in set-up (assedio-corto), and a game read from standard input has no folder to find NAME.setup in: use --setup FILE",
                "non è una disposizione predefinita (assedio-corto), e una partita letta dallo standard input non ha una cartella in cui cercare NOME.setup: usare --setup FILE",
            ),
        }
    }
}

impl fmt::Display for SetupNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text_in(Lang::En))
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

impl SetupFileError {
    /// What is wrong, in a language (a file that cannot be read is said in English).
    pub fn text_in(&self, lang: crate::lang::Lang) -> String {
        match self {
            SetupFileError::Load(e) => e.text_in(lang),
            SetupFileError::Invalid { path, error } => {
                format!("{path}:{}: {}", error.line, error.message_in(lang))
            }
        }
    }
}

impl fmt::Display for SetupFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(crate::lang::Lang::En))
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

/// The folder of a game file, where the set-up files it names are looked for (`None` for
/// standard input).
pub fn folder_of(path: &Path) -> Option<PathBuf> {
    if is_stdin(path) {
        return None;
    }
    Some(
        path.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf(),
    )
}
