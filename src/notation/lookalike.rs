//! Characters that look like the letters, digits and signs of a move but are not them
//! (a Cyrillic `е`, a zero-width space, an en dash): named, so that a person can see what
//! the eye cannot.
//!
//! ```
//! use arbitro::notation::lookalike::first_unusual;
//! assert_eq!(
//!     first_unusual("P l2 - l\u{435}3").unwrap(),
//!     arbitro::lang::Bi::new(
//!         "U+0435 CYRILLIC SMALL LETTER IE looks like `e`",
//!         "U+0435 CYRILLIC SMALL LETTER IE, che sembra `e`"
//!     )
//! );
//! assert_eq!(first_unusual("P l2 - l3"), None);
//! ```

use crate::finding::wording::notation::{Unusual, unusual_char};
use crate::lang::Bi;

/// Characters seen on sheets typed on phones and copied from documents, with their names
/// and the plain character they pass for.
const TABLE: &[(char, &str, &str)] = &[
    ('\u{00A0}', "NO-BREAK SPACE", " "),
    ('\u{00AD}', "SOFT HYPHEN", ""),
    ('\u{00D7}', "MULTIPLICATION SIGN", "x"),
    ('\u{0391}', "GREEK CAPITAL LETTER ALPHA", "A"),
    ('\u{0392}', "GREEK CAPITAL LETTER BETA", "B"),
    ('\u{0395}', "GREEK CAPITAL LETTER EPSILON", "E"),
    ('\u{039A}', "GREEK CAPITAL LETTER KAPPA", "K"),
    ('\u{039F}', "GREEK CAPITAL LETTER OMICRON", "O"),
    ('\u{03A1}', "GREEK CAPITAL LETTER RHO", "P"),
    ('\u{03A4}', "GREEK CAPITAL LETTER TAU", "T"),
    ('\u{03A7}', "GREEK CAPITAL LETTER CHI", "X"),
    ('\u{03BF}', "GREEK SMALL LETTER OMICRON", "o"),
    ('\u{0410}', "CYRILLIC CAPITAL LETTER A", "A"),
    ('\u{0412}', "CYRILLIC CAPITAL LETTER VE", "B"),
    ('\u{0415}', "CYRILLIC CAPITAL LETTER IE", "E"),
    ('\u{041A}', "CYRILLIC CAPITAL LETTER KA", "K"),
    ('\u{041C}', "CYRILLIC CAPITAL LETTER EM", "M"),
    ('\u{041D}', "CYRILLIC CAPITAL LETTER EN", "H"),
    ('\u{041E}', "CYRILLIC CAPITAL LETTER O", "O"),
    ('\u{0420}', "CYRILLIC CAPITAL LETTER ER", "P"),
    ('\u{0421}', "CYRILLIC CAPITAL LETTER ES", "C"),
    ('\u{0422}', "CYRILLIC CAPITAL LETTER TE", "T"),
    ('\u{0425}', "CYRILLIC CAPITAL LETTER HA", "X"),
    ('\u{0430}', "CYRILLIC SMALL LETTER A", "a"),
    ('\u{0435}', "CYRILLIC SMALL LETTER IE", "e"),
    ('\u{043E}', "CYRILLIC SMALL LETTER O", "o"),
    ('\u{0440}', "CYRILLIC SMALL LETTER ER", "p"),
    ('\u{0441}', "CYRILLIC SMALL LETTER ES", "c"),
    ('\u{0443}', "CYRILLIC SMALL LETTER U", "y"),
    ('\u{0445}', "CYRILLIC SMALL LETTER HA", "x"),
    (
        '\u{0456}',
        "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I",
        "i",
    ),
    ('\u{0458}', "CYRILLIC SMALL LETTER JE", "j"),
    ('\u{2010}', "HYPHEN", "-"),
    ('\u{2011}', "NON-BREAKING HYPHEN", "-"),
    ('\u{2012}', "FIGURE DASH", "-"),
    ('\u{2013}', "EN DASH", "-"),
    ('\u{2014}', "EM DASH", "-"),
    ('\u{2212}', "MINUS SIGN", "-"),
    ('\u{200B}', "ZERO WIDTH SPACE", ""),
    ('\u{200C}', "ZERO WIDTH NON-JOINER", ""),
    ('\u{200D}', "ZERO WIDTH JOINER", ""),
    ('\u{2060}', "WORD JOINER", ""),
    (
        '\u{FEFF}',
        "ZERO WIDTH NO-BREAK SPACE (a byte order mark)",
        "",
    ),
    ('\u{2032}', "PRIME", "'"),
    ('\u{FF0B}', "FULLWIDTH PLUS SIGN", "+"),
    ('\u{FF03}', "FULLWIDTH NUMBER SIGN", "#"),
];

/// The plain character `c` passes for, when it is one of the known look-alikes.
pub fn plain(c: char) -> Option<&'static str> {
    if let Some(d) = fullwidth_digit(c) {
        return Some(DIGITS[d]);
    }
    TABLE.iter().find(|e| e.0 == c).map(|e| e.2)
}

const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

fn fullwidth_digit(c: char) -> Option<usize> {
    ('\u{FF10}'..='\u{FF19}')
        .contains(&c)
        .then(|| c as usize - 0xFF10)
}

/// What `c` is, for its description.
fn unusual(c: char) -> Unusual<'static> {
    if let Some(digit) = fullwidth_digit(c) {
        const NAMES: [&str; 10] = [
            "ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
        ];
        return Unusual::FullwidthDigit {
            name: NAMES[digit],
            digit,
        };
    }
    match TABLE.iter().find(|e| e.0 == c) {
        Some(&(_, name, looks)) => Unusual::LookAlike { name, looks },
        None if c.is_control() => Unusual::Control,
        None => Unusual::Other,
    }
}

/// `c` in words, in both languages: its code point, its name when known, and what it
/// looks like.
pub fn describe(c: char) -> Bi {
    unusual_char(c, unusual(c))
}

/// The first character of `s` that is not plain ASCII, in words.
pub fn first_unusual(s: &str) -> Option<Bi> {
    s.chars()
        .find(|c| !c.is_ascii() || (c.is_ascii_control() && *c != '\t'))
        .map(describe)
}
