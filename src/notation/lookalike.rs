//! Characters that look like the letters, digits and signs of a move but are not them
//! (a Cyrillic `е`, a zero-width space, an en dash): named, so that a person can see what
//! the eye cannot.
//!
//! ```
//! use arbitro::notation::lookalike::first_unusual;
//! assert_eq!(
//!     first_unusual("P l2 - l\u{435}3").unwrap(),
//!     (
//!         "U+0435 CYRILLIC SMALL LETTER IE looks like `e`".to_string(),
//!         "U+0435 CYRILLIC SMALL LETTER IE, che sembra `e`".to_string()
//!     )
//! );
//! assert_eq!(first_unusual("P l2 - l3"), None);
//! ```

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

/// `c` in words: its code point, its name when known, and what it looks like.
pub fn describe(c: char) -> String {
    if let Some(d) = fullwidth_digit(c) {
        return format!(
            "U+{:04X} FULLWIDTH DIGIT {} looks like `{d}`",
            c as u32,
            [
                "ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"
            ][d]
        );
    }
    match TABLE.iter().find(|e| e.0 == c) {
        Some((_, name, "")) => format!("U+{:04X} {name}, an invisible character", c as u32),
        Some((_, name, looks)) => format!("U+{:04X} {name} looks like `{looks}`", c as u32),
        None if c.is_control() => format!("U+{:04X}, a control character", c as u32),
        None => format!(
            "U+{:04X} `{c}`, which is not a letter, digit or sign of the notation",
            c as u32
        ),
    }
}

/// The first character of `s` that is not plain ASCII, in words (English, Italian).
pub fn first_unusual(s: &str) -> Option<(String, String)> {
    s.chars()
        .find(|c| !c.is_ascii() || (c.is_ascii_control() && *c != '\t'))
        .map(|c| (describe(c), describe_it(c)))
}

/// [`describe`] in Italian (the Unicode name stays as Unicode gives it).
pub fn describe_it(c: char) -> String {
    if let Some(d) = fullwidth_digit(c) {
        return format!("U+{:04X}, una cifra larga che sembra `{d}`", c as u32);
    }
    match TABLE.iter().find(|e| e.0 == c) {
        Some((_, name, "")) => format!("U+{:04X} {name}, un carattere invisibile", c as u32),
        Some((_, name, looks)) => format!("U+{:04X} {name}, che sembra `{looks}`", c as u32),
        None if c.is_control() => format!("U+{:04X}, un carattere di controllo", c as u32),
        None => format!(
            "U+{:04X} `{c}`, che non è una lettera, una cifra o un segno della notazione",
            c as u32
        ),
    }
}
