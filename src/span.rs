//! Positions in the input text.
//!
//! Every token the parsers produce carries a [`Span`]: its byte range in the decoded text and
//! the 1-based line and column (in characters) where it starts, so that a finding can point
//! at the exact place on the sheet.

/// Where a token stands in the decoded text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
}

impl Span {
    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// True for a zero-length span.
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

/// Turns byte offsets into line and column, walking forward only.
///
/// Offsets must be asked for in increasing order; each call costs the distance walked since
/// the previous one, so locating every token of a text is linear in its length, even for a
/// single enormous line.
///
/// ```
/// use arbitro::span::Locator;
/// let text = "ab\ncé d";
/// let mut loc = Locator::new(text);
/// assert_eq!(loc.span(0, 2).line, 1);
/// let s = loc.span(7, 8); // "d", after a two-byte 'é'
/// assert_eq!((s.line, s.column), (2, 4));
/// ```
#[derive(Debug, Clone)]
pub struct Locator<'a> {
    text: &'a str,
    offset: usize,
    line: u32,
    column: u32,
}

impl<'a> Locator<'a> {
    /// A locator at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Locator {
            text,
            offset: 0,
            line: 1,
            column: 1,
        }
    }

    /// Moves to `offset` (which must not be behind the current one) and returns its
    /// line and column.
    pub fn locate(&mut self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.text.len());
        if offset < self.offset {
            // Not expected; restart rather than panic.
            self.offset = 0;
            self.line = 1;
            self.column = 1;
        }
        let bytes = &self.text.as_bytes()[self.offset..offset];
        // Characters, not UTF-8 continuation bytes.
        let chars = |b: &[u8]| b.iter().filter(|&&c| (c & 0xC0) != 0x80).count() as u32;
        match bytes.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                self.line += bytes.iter().filter(|&&b| b == b'\n').count() as u32;
                self.column = 1 + chars(&bytes[last + 1..]);
            }
            None => self.column += chars(bytes),
        }
        self.offset = offset;
        (self.line, self.column)
    }

    /// The span of bytes `start..end`.
    pub fn span(&mut self, start: usize, end: usize) -> Span {
        let (line, column) = self.locate(start);
        Span {
            start,
            end,
            line,
            column,
        }
    }
}

/// The text of the line that holds byte `offset`, without its line end.
pub fn line_text(text: &str, offset: usize) -> &str {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    text[start..end].trim_end_matches('\r')
}
