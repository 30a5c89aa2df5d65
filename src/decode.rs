//! Bytes to text: BOM, UTF-8, the Latin-1 fallback, and unusable input.

use crate::lang::{Lang, Say};
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

impl Say for InputError {
    /// Why the file cannot be used.
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match (self, lang) {
            (InputError::Empty, Lang::En) => "the file is empty: there is no game to check".into(),
            (InputError::Empty, Lang::It) => {
                "il file è vuoto: non c'è nessuna partita da controllare".into()
            }
            (InputError::Binary { offset }, Lang::En) => {
                format!("the file is binary (a NUL byte at offset {offset}), not a game file")
                    .into()
            }
            (InputError::Binary { offset }, Lang::It) => format!(
                "il file è binario (un byte NUL alla posizione {offset}), non un file di partite"
            )
            .into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for InputError {}

/// Decoded text and how it was read.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    /// The text, without a BOM.
    pub text: Cow<'a, str>,
    /// Some bytes were not UTF-8 and were read as Latin-1.
    pub latin1: bool,
}

/// Decodes a game file: a UTF-8 BOM is dropped, UTF-16 with a BOM is read, bytes that are
/// not UTF-8 are read as Latin-1 one by one (a file pasted together from a UTF-8 and a
/// Latin-1 source keeps both right: [`utf8_or_latin1`]), a CR alone ends a line, and empty
/// or binary files are refused.
///
/// ```
/// use arbitro::decode::{decode, InputError};
/// assert_eq!(decode(b"\xEF\xBB\xBF1.e4").unwrap().text, "1.e4");
/// let d = decode(b"[Bianco \"Nicol\xF2\"]").unwrap();
/// assert!(d.latin1 && d.text.contains("Nicolò"));
/// assert_eq!(decode(b" \n").unwrap_err(), InputError::Empty);
/// assert_eq!(decode(b"\xFF\xFE1\0.\0e\x004\0").unwrap().text, "1.e4");
/// assert_eq!(decode(b"[A \"1\"]\r1.e4\r\n").unwrap().text, "[A \"1\"]\n1.e4\r\n");
/// let d = decode(b"[W \"Nicol\xC3\xB2\"] [B \"Nicol\xF2\"]").unwrap();
/// assert!(d.latin1 && d.text == "[W \"Nicolò\"] [B \"Nicolò\"]");
/// ```
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, InputError> {
    if let Some(text) = utf16(bytes) {
        return check_text(Cow::Owned(text?), false);
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Some(offset) = memchr::memchr(0, bytes) {
        return Err(InputError::Binary { offset });
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => check_text(Cow::Borrowed(text), false),
        Err(_) => check_text(Cow::Owned(utf8_or_latin1(bytes)), true),
    }
}

/// The bytes as text: UTF-8 where they are UTF-8, each other byte as its Latin-1 character.
/// `batch` cuts a file on this reading too ([`text_to_byte`] maps a place back).
pub fn utf8_or_latin1(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        text.extend(chunk.invalid().iter().map(|&b| char::from(b)));
    }
    text
}

/// The byte of `bytes` at which character boundary `at` of [`utf8_or_latin1`]`(bytes)`
/// falls (a byte read as Latin-1 takes one byte there and two in the text).
pub fn text_to_byte(bytes: &[u8], at: usize) -> usize {
    let (mut text, mut byte) = (0, 0);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().len();
        if at <= text + valid {
            return byte + (at - text);
        }
        text += valid;
        byte += valid;
        for &b in chunk.invalid() {
            if at <= text {
                return byte;
            }
            text += char::from(b).len_utf8();
            byte += 1;
        }
    }
    byte
}

/// Refuses text that is only blanks; old Mac line ends (a CR alone) become line feeds, so
/// that every later stage sees lines (the text keeps its length: spans stay true).
fn check_text(text: Cow<'_, str>, latin1: bool) -> Result<Decoded<'_>, InputError> {
    if text.bytes().all(|b| b.is_ascii_whitespace()) {
        return Err(InputError::Empty);
    }
    let bytes = text.as_bytes();
    let text = if has_lone_cr(bytes) {
        let mut fixed = String::with_capacity(text.len());
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            fixed.push(if c == '\r' && chars.peek() != Some(&'\n') {
                '\n'
            } else {
                c
            });
        }
        Cow::Owned(fixed)
    } else {
        text
    };
    Ok(Decoded { text, latin1 })
}

/// Whether a CR stands alone, not before a LF. Files from Windows hold a CR on every line:
/// they are compared in blocks without a branch, which the compiler turns into vector code
/// (one `memchr` a line cost 1% of `batch`'s instructions on such files; issue 33).
fn has_lone_cr(bytes: &[u8]) -> bool {
    if memchr::memchr(b'\r', bytes).is_none() {
        return false;
    }
    let mut i = 0;
    while i + 1 < bytes.len() {
        let end = (i + 256).min(bytes.len() - 1);
        let (this, next) = (&bytes[i..end], &bytes[i + 1..=end]);
        let lone = this
            .iter()
            .zip(next)
            .fold(false, |lone, (&a, &b)| lone | ((a == b'\r') & (b != b'\n')));
        if lone {
            return true;
        }
        i = end;
    }
    bytes.last() == Some(&b'\r')
}

/// UTF-16 text with a byte order mark (what some Windows editors save), as UTF-8; `None`
/// when the bytes do not start with a UTF-16 mark.
fn utf16(bytes: &[u8]) -> Option<Result<String, InputError>> {
    let little = match bytes {
        [0xFF, 0xFE, ..] => true,
        [0xFE, 0xFF, ..] => false,
        _ => return None,
    };
    let units = bytes[2..].chunks_exact(2).map(|p| {
        if little {
            u16::from_le_bytes([p[0], p[1]])
        } else {
            u16::from_be_bytes([p[0], p[1]])
        }
    });
    let mut text = String::with_capacity(bytes.len() / 2);
    for (i, c) in char::decode_utf16(units).enumerate() {
        match c {
            Ok('\0') | Err(_) => return Some(Err(InputError::Binary { offset: 2 + 2 * i })),
            Ok(c) => text.push(c),
        }
    }
    Some(Ok(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The block-wise search for a CR alone finds one exactly when there is one, at
        /// any place (block ends included).
        #[test]
        fn a_lone_cr_is_found_wherever_it_is(
            pieces in proptest::collection::vec(
                prop::sample::select(&["\r\n", "\r\n", "ab", "\n"][..]), 0..400,
            ),
            cr in proptest::option::of(any::<prop::sample::Index>()),
        ) {
            let mut bytes = pieces.concat().into_bytes();
            if let Some(at) = cr {
                bytes.insert(at.index(bytes.len() + 1), b'\r');
            }
            let lone = (0..bytes.len())
                .any(|i| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            prop_assert_eq!(has_lone_cr(&bytes), lone);
        }

        /// Every character boundary of the text maps back to the byte whose prefix reads
        /// as the text's prefix: `batch` cuts the bytes where the lexer cut the text.
        #[test]
        fn places_in_the_text_map_back_to_the_bytes(bytes in proptest::collection::vec(
            prop_oneof![Just(b'['), Just(b'\n'), Just(0xC3u8), Just(0xB2u8), Just(0xF2u8), Just(0xE2), Just(0x80), Just(0x93), any::<u8>()],
            0..40,
        )) {
            let text = utf8_or_latin1(&bytes);
            for at in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                let b = text_to_byte(&bytes, at);
                prop_assert_eq!(utf8_or_latin1(&bytes[..b]), &text[..at]);
            }
        }
    }
}
