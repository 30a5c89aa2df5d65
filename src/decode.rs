//! Bytes to text: BOM, UTF-8, the Latin-1 fallback, and unusable input.

use std::borrow::Cow;
use std::fmt;

/// Why a file's bytes cannot be used as a game file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// The file holds nothing but white space.
    Empty,
    /// The file holds NUL bytes: it is binary, not a score sheet.
    Binary {
        /// Byte offset of the first NUL byte.
        offset: usize,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Empty => write!(f, "the file is empty: there is no game to check"),
            InputError::Binary { offset } => write!(
                f,
                "the file is binary (a NUL byte at offset {offset}), not a game file"
            ),
        }
    }
}

impl std::error::Error for InputError {}

/// Decoded text and how it was read.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    /// The text, without a BOM.
    pub text: Cow<'a, str>,
    /// The bytes were not UTF-8 and were read as Latin-1.
    pub latin1: bool,
}

/// Decodes a game file: a UTF-8 BOM is dropped, bytes that are not UTF-8 are read as
/// Latin-1, and empty or binary files are refused.
///
/// ```
/// use arbitro::decode::{decode, InputError};
/// assert_eq!(decode(b"\xEF\xBB\xBF1.e4").unwrap().text, "1.e4");
/// let d = decode(b"[Bianco \"Nicol\xF2\"]").unwrap();
/// assert!(d.latin1 && d.text.contains("Nicolò"));
/// assert_eq!(decode(b" \n").unwrap_err(), InputError::Empty);
/// ```
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, InputError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Some(offset) = memchr::memchr(0, bytes) {
        return Err(InputError::Binary { offset });
    }
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(InputError::Empty);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Decoded {
            text: Cow::Borrowed(text),
            latin1: false,
        }),
        Err(_) => Ok(Decoded {
            text: Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
            latin1: true,
        }),
    }
}
