//! Line and column of what the lexer walks past.

use crate::span::{Locator, Span};

/// Line and column of the bytes the lexer has walked past.
///
/// The lexer sees every line end outside comments and tags itself and reports the rest, so
/// on a line of ASCII a column is a subtraction; on a line holding a non-ASCII character
/// the [`Locator`] counts characters, walking forward only, so even one enormous line costs
/// linear time in all.
#[derive(Debug, Clone)]
pub(super) struct Lines<'a> {
    /// 1-based number of the current line.
    pub(super) line: u32,
    /// Offset of the current line's first byte.
    pub(super) start: usize,
    /// No byte at or above 0x80 walked past on the current line.
    pub(super) ascii: bool,
    /// For the lines that are not plain ASCII.
    slow: Locator<'a>,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lines {
            line: 1,
            start: 0,
            ascii: true,
            slow: Locator::new(text),
        }
    }

    /// A line end at byte `at`.
    pub(super) fn newline(&mut self, at: usize) {
        self.line += 1;
        self.start = at + 1;
        self.ascii = true;
    }

    /// The lexer walked past `bytes`, which start at offset `from` (line ends included).
    pub(super) fn walked(&mut self, from: usize, bytes: &[u8]) {
        let mut rest = bytes;
        let mut at = from;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            self.newline(at + i);
            at += i + 1;
            rest = &rest[i + 1..];
        }
        if !rest.is_ascii() {
            self.ascii = false;
        }
    }

    /// The span of bytes `start..end`.
    #[inline]
    pub(super) fn span(&mut self, start: usize, end: usize) -> Span {
        let (line, column) = if self.ascii {
            (self.line, (start - self.start + 1) as u32)
        } else {
            self.slow.locate(start)
        };
        Span {
            start,
            end,
            line,
            column,
        }
    }
}
