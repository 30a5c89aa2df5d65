//! The captain's grounds (`contest --motivo TEXT`, R43): the contest in the captain's own
//! words, printed in a box of the document. The document is one A4 page, so the grounds
//! are bounded by the lines they take once printed: a line of the text holds
//! [`LINE_CHARS`] characters (a longer one takes two or more; a capital letter counts one
//! and a half, a wide character two, since they take that room on paper), and
//! [`MAX_LINES`] fit (so [`MAX_LINES`] × [`LINE_CHARS`] = 1,500 characters in one
//! paragraph).

use crate::lang::Lang;
use crate::report::inert::inert;
use unicode_width::UnicodeWidthChar;

/// The characters one printed line of the grounds' box holds (a capital letter counts one
/// and a half, a wide character two, a control character as many as it is shown with:
/// the page holds about 125 small letters a line, so the count keeps a margin).
pub const LINE_CHARS: usize = 100;

/// The printed lines the grounds' box holds on the one-page document.
pub const MAX_LINES: usize = 15;

/// The captain's grounds: the text as given (line ends made `\n`, blank lines at both
/// ends dropped), inert, and known to fit the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grounds(String);

/// Grounds that do not fit the one-page document: the printed lines they take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong {
    /// The printed lines the text takes.
    pub lines: usize,
    /// Its characters.
    pub chars: usize,
}

impl Grounds {
    /// The grounds of `text`, `None` when it is blank; [`TooLong`] when they take more than
    /// [`MAX_LINES`] printed lines, or hold more than [`MAX_LINES`] × [`LINE_CHARS`]
    /// characters whatever their width (marks that take no room still take the reader's).
    pub fn new(text: &str) -> Result<Option<Grounds>, TooLong> {
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let text = text.trim_matches(|c: char| c == '\n' || c.is_whitespace());
        if text.is_empty() {
            return Ok(None);
        }
        let shown = inert(text).into_owned();
        let lines = printed_lines(&shown);
        let chars = text.chars().count();
        if lines > MAX_LINES || chars > MAX_LINES * LINE_CHARS {
            return Err(TooLong { lines, chars });
        }
        Ok(Some(Grounds(shown)))
    }

    /// The text, inert (line breaks kept).
    pub fn text(&self) -> &str {
        &self.0
    }
}

/// The printed lines `text` takes in the box: each of its lines at least one, a longer
/// one one per [`LINE_CHARS`] columns begun.
pub fn printed_lines(text: &str) -> usize {
    text.split('\n')
        .map(|l| halves(l).div_ceil(2 * LINE_CHARS).max(1))
        .sum()
}

/// The room `line` takes, in half characters: a capital letter three, a wide character
/// four, a tab sixteen (eight spaces), any other two.
fn halves(line: &str) -> usize {
    line.chars()
        .map(|c| match c.width().unwrap_or(0) {
            _ if c == '\t' => 16,
            2.. => 4,
            _ if c.is_uppercase() => 3,
            w => 2 * w,
        })
        .sum()
}

impl TooLong {
    /// Why the grounds are refused, in `lang`.
    pub fn say(&self, lang: Lang) -> String {
        let lines = self.lines;
        let (max, per) = (MAX_LINES, LINE_CHARS);
        let chars = crate::lang::number(lang, self.chars);
        let all = crate::lang::number(lang, MAX_LINES * LINE_CHARS);
        match lang {
            Lang::En => format!(
                "the grounds (--motivo) are too long for the one-page document: {chars} characters in {lines} printed lines, where at most {all} characters in {max} lines fit (a line holds {per} characters; a capital counts one and a half); shorten them, or write them by hand on the printed document"
            ),
            Lang::It => format!(
                "il motivo (--motivo) è troppo lungo per il documento di una pagina: {chars} caratteri in {lines} righe stampate, dove ne entrano al massimo {all} in {max} righe (una riga tiene {per} caratteri; una maiuscola conta una e mezza); accorciarlo, o scriverlo a mano sul documento stampato"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_counts_printed_lines() {
        let at_bound = "a".repeat(MAX_LINES * LINE_CHARS);
        assert_eq!(printed_lines(&at_bound), MAX_LINES);
        assert!(Grounds::new(&at_bound).unwrap().is_some());
        let over = format!("{at_bound}b");
        assert_eq!(
            Grounds::new(&over),
            Err(TooLong {
                lines: MAX_LINES + 1,
                chars: 1501
            })
        );
        // Sixteen short lines are over too; CR LF ends are one line end.
        let short = vec!["no"; MAX_LINES + 1].join("\r\n");
        assert_eq!(Grounds::new(&short).unwrap_err().lines, MAX_LINES + 1);
        assert_eq!(Grounds::new("  \n\n ").unwrap(), None);
        // Capitals count one and a half: 66 fill a line, 67 take two.
        assert_eq!(printed_lines(&"A".repeat(66)), 1);
        assert_eq!(printed_lines(&"A".repeat(67)), 2);
        assert_eq!(printed_lines(&"城".repeat(50)), 1);
        assert_eq!(printed_lines(&"城".repeat(51)), 2);
        // A tab takes eight places; marks that take none still count as characters.
        assert_eq!(printed_lines(&"\t".repeat(13)), 2);
        let marks = format!("a{}", "\u{301}".repeat(MAX_LINES * LINE_CHARS));
        assert_eq!(printed_lines(&marks), 1);
        assert_eq!(Grounds::new(&marks).unwrap_err().chars, 1501);
        // A control character counts as shown (`\x1b`, four columns) and is kept inert.
        let g = Grounds::new("a\u{1b}[2Jb\r\nc").unwrap().unwrap();
        assert_eq!(g.text(), "a\\x1b[2Jb\nc");
    }
}
