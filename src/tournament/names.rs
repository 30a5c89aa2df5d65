//! T1: when two written names are the same player.
//!
//! Two names are equal when they are equal after trimming Unicode white space at both
//! ends and folding case with Unicode *simple* case folding (`CaseFolding.txt`, statuses
//! C and S). Inner spaces count.

/// The form two names are compared in (T1): trimmed, simple-case-folded.
///
/// ```
/// use arbitro::tournament::names::key;
/// assert_eq!(key(" Rossi, Anna"), key("ROSSI, ANNA"));
/// assert_ne!(key("Rossi,  Anna"), key("Rossi, Anna"));
/// ```
pub fn key(name: &str) -> String {
    let name = name.trim();
    if name.is_ascii() {
        // ASCII folds to its lowercase: the common name, without the Unicode tables.
        name.to_ascii_lowercase()
    } else {
        name.chars().map(fold).collect()
    }
}

/// True when two written names are the same player (T1).
pub fn same(a: &str, b: &str) -> bool {
    key(a) == key(b)
}

/// The trimmed name, as T12 step 1 sorts it (byte-wise on its UTF-8 text).
pub fn sort_key(name: &str) -> &str {
    name.trim()
}

/// The registered name clearly nearest to a written name that matches none (T17): the
/// fewest edits (Levenshtein, on characters) between the folded names, or between their
/// words in any order ("Luca Colombo" for "Colombo, Luca"); proposed only when it is within
/// a third of the name's length and no other name is as near.
///
/// ```
/// use arbitro::tournament::names::nearest;
/// let names = ["Colombo, Luca".to_string(), "Colombo, Sara".to_string(), "Rossi, Anna".to_string()];
/// assert_eq!(nearest("colombo, lucca", &names), Some(0));
/// assert_eq!(nearest("Luca Colombo", &names), Some(0));
/// assert_eq!(nearest("Colombo", &names), None);
/// assert_eq!(nearest("Verdi, Mario", &names), None);
/// ```
pub fn nearest(written: &str, names: &[String]) -> Option<usize> {
    // A school's list; a huge one (issue 25's million) is not searched for every misspelling.
    if names.len() > 20_000 {
        return None;
    }
    let key_w = key(written);
    let words_w = words(&key_w);
    let len = key_w.chars().count();
    // Names far longer than the written one cannot be near: no edit distance is computed.
    let mut best: Option<(usize, usize)> = None;
    let mut tie = false;
    for (i, n) in names.iter().enumerate() {
        let k = key(n);
        if k.chars().count().abs_diff(len) > len / 3 {
            continue;
        }
        let d = distance(&key_w, &k).min(distance(&words_w, &words(&k)));
        match best {
            Some((_, b)) if d > b => {}
            Some((_, b)) if d == b => tie = true,
            _ => {
                best = Some((i, d));
                tie = false;
            }
        }
    }
    let (i, d) = best?;
    (!tie && d <= len / 3).then_some(i)
}

/// A folded name's words (commas are spaces) sorted: the same for "Colombo, Luca" and
/// "Luca Colombo".
fn words(key: &str) -> String {
    let mut w: Vec<&str> = key.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    w.sort_unstable();
    w.join(" ")
}

/// The Levenshtein distance between two texts, on characters (two rows of memory).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let change = prev[j] + usize::from(ca != cb);
            row[j + 1] = change.min(prev[j + 1] + 1).min(row[j] + 1);
        }
        std::mem::swap(&mut prev, &mut row);
    }
    prev[b.len()]
}

/// Unicode simple case folding of one character.
///
/// The simple lowercase mapping gives the folding for every character except those
/// listed here (the C/S entries of `CaseFolding.txt` that are not a lowercase mapping),
/// and except characters whose full lowercase is several characters (U+0130 only), which
/// simple folding leaves alone.
pub fn fold(c: char) -> char {
    let special = match c {
        '\u{00B5}' => Some('\u{03BC}'),
        '\u{017F}' => Some('s'),
        '\u{0345}' | '\u{1FBE}' => Some('\u{03B9}'),
        '\u{03C2}' => Some('\u{03C3}'),
        '\u{03D0}' => Some('\u{03B2}'),
        '\u{03D1}' => Some('\u{03B8}'),
        '\u{03D5}' => Some('\u{03C6}'),
        '\u{03D6}' => Some('\u{03C0}'),
        '\u{03F0}' => Some('\u{03BA}'),
        '\u{03F1}' => Some('\u{03C1}'),
        '\u{03F5}' => Some('\u{03B5}'),
        '\u{1E9B}' => Some('\u{1E61}'),
        '\u{1C80}' => Some('\u{0432}'),
        '\u{1C81}' => Some('\u{0434}'),
        '\u{1C82}' => Some('\u{043E}'),
        '\u{1C83}' => Some('\u{0441}'),
        '\u{1C84}' | '\u{1C85}' => Some('\u{0442}'),
        '\u{1C86}' => Some('\u{044A}'),
        '\u{1C87}' => Some('\u{0463}'),
        '\u{1C88}' => Some('\u{A64B}'),
        // Cherokee folds to the capital letters.
        '\u{13A0}'..='\u{13F5}' => Some(c),
        '\u{13F8}'..='\u{13FD}' => char::from_u32(c as u32 - 8),
        '\u{AB70}'..='\u{ABBF}' => char::from_u32(c as u32 - 0xAB70 + 0x13A0),
        _ => None,
    };
    if let Some(f) = special {
        return f;
    }
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t1_examples() {
        assert!(same(" Rossi, Anna", "ROSSI, ANNA"));
        assert!(same("\u{3000}Rossi\t", "rossi"));
        assert!(!same("Rossi Anna", "Rossi  Anna"));
        // Simple folding, not full: ß is not "ss"; ẞ folds to ß; final sigma to sigma.
        assert!(!same("Weiß", "WEISS"));
        assert!(same("WEIẞ", "weiß"));
        assert!(same("ΟΔΥΣΣΕΥΣ", "οδυσσευς"));
        assert!(same("µ", "Μ"));
        // İ has no simple folding.
        assert!(!same("İ", "i"));
        assert!(same("Ꭰ", "ꭰ"));
    }
}
