//! Text from a file, made inert for a terminal.
//!
//! A score sheet, a team name or a file name can hold characters a terminal acts on:
//! escape sequences (clear the screen, set the window title, write the clipboard with
//! OSC 52, colour text to hide it), a carriage return or backspaces that write over what
//! was shown, a bell, C1 controls (`U+009B` is a second way to start a sequence), and
//! bidirectional overrides that show a line in another order than it is read. Every human
//! output (diagnostics, tables, `show`, the registers and error messages) passes the text
//! it takes from a file through [`inert`], whatever `--color` says, so such a character
//! is shown as what it is (`\x1b`, `\u{202e}`) and does nothing.

use std::borrow::Cow;

/// Whether a terminal could act on `c` (new lines and tabs excepted: they only move on).
pub fn is_active(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        // Bidirectional marks, embeddings, overrides and isolates.
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        // Line and paragraph separators.
        | '\u{2028}' | '\u{2029}')
}

/// How `c` is shown: `\x1b` below U+0080, `\u{9b}` above; `None` when it is shown as is.
fn escaped(c: char) -> Option<String> {
    if !is_active(c) {
        None
    } else if u32::from(c) < 0x80 {
        Some(format!("\\x{:02x}", u32::from(c)))
    } else {
        Some(format!("\\u{{{:x}}}", u32::from(c)))
    }
}

/// How many columns `c` takes once shown (1 for an ordinary character).
pub fn shown_width(c: char) -> usize {
    escaped(c).map_or(1, |s| s.len())
}

/// `text` with every character a terminal could act on shown visibly:
///
/// ```
/// use arbitro::report::inert::inert;
/// assert_eq!(inert("Leoni\u{1b}]52;c;aGk=\u{7}"), r"Leoni\x1b]52;c;aGk=\x07");
/// assert_eq!(inert("a\rb\u{202e}c\u{9b}2J"), r"a\x0db\u{202e}c\u{9b}2J");
/// assert_eq!(inert("Re e1 – città\n"), "Re e1 – città\n"); // unchanged, not copied
/// ```
pub fn inert(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_active) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match escaped(c) {
            Some(e) => out.push_str(&e),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Text as HTML element content or as a quoted attribute value (either quote): the one
/// escaping every page arbitro writes uses (the viewer, the contest document, the
/// tournament's standings).
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_control_is_shown() {
        let hostile = "\u{1b}[2J\u{1b}]0;title\u{7}\u{8}\r\u{0}\u{7f}\u{85}\u{9b}31m\u{202e}\u{2066}\u{200f}\u{61c}\u{2028}\u{2029}";
        assert_eq!(
            inert(hostile),
            r"\x1b[2J\x1b]0;title\x07\x08\x0d\x00\x7f\u{85}\u{9b}31m\u{202e}\u{2066}\u{200f}\u{61c}\u{2028}\u{2029}"
        );
        assert!(!inert(hostile).chars().any(is_active));
    }

    #[test]
    fn tabs_new_lines_and_letters_stay() {
        let plain = "1.\te4 e5\nTigri: città, ½-½ ★ —";
        assert!(matches!(inert(plain), Cow::Borrowed(_)));
        assert_eq!(shown_width('é'), 1);
        assert_eq!(shown_width('\u{1b}'), 4);
        assert_eq!(shown_width('\u{202e}'), 8);
    }
}
