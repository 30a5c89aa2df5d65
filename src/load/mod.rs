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

pub mod setup;
pub mod sniff;
pub mod stream;

pub use setup::{SetupChoice, SetupFileError, SetupName, SetupNameError, read_setup, setup_file};

use crate::decode::{InputError, decode};
use crate::lang::{Lang, Say};
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
        kind: FileKind,
    },
    /// Larger than the limit.
    TooLarge {
        /// The input as named.
        path: String,
        /// The limit, and whether it was met unpacking an archive.
        limit: stream::TooLarge,
    },
    /// The bytes are not text (binary, empty).
    Input {
        /// The input as named.
        path: String,
        /// Why.
        error: InputError,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
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

/// What a file system entry is when it is not a regular file (said in words by its
/// [`Say`] implementation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A folder.
    Folder,
    /// A FIFO (named pipe).
    Fifo,
    /// A socket.
    Socket,
    /// A character or block device.
    Device,
    /// Anything else that is not a regular file.
    Other,
}

/// What a file system entry is, when it is not a regular file.
pub fn not_a_file(meta: &std::fs::Metadata) -> Option<FileKind> {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some(FileKind::Folder)
    } else if t.is_fifo() {
        Some(FileKind::Fifo)
    } else if t.is_socket() {
        Some(FileKind::Socket)
    } else if t.is_char_device() || t.is_block_device() {
        Some(FileKind::Device)
    } else {
        Some(FileKind::Other)
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
            && stream::Packing::of(&bytes) == stream::Packing::Plain
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
                limit: stream::TooLarge {
                    max: limits.max_bytes,
                    unpacked: false,
                },
            });
        }
        std::fs::File::open(path)
            .and_then(|f| f.take(limits.max_bytes + 1).read_to_end(&mut bytes))
            .map_err(io_err)?;
    }
    if bytes.len() as u64 > limits.max_bytes {
        return Err(LoadError::TooLarge {
            path: name,
            limit: stream::TooLarge {
                max: limits.max_bytes,
                unpacked: false,
            },
        });
    }
    if stream::Packing::of(&bytes) != stream::Packing::Plain {
        // A packed archive (issue 32): unpacked within the same limit, which counts the
        // unpacked bytes (a decompression bomb stops there).
        return stream::unpack(&bytes, limits.max_bytes).map_err(|error| {
            match stream::too_large(&error) {
                Some(limit) => LoadError::TooLarge { path: name, limit },
                None => LoadError::Io { path: name, error },
            }
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
