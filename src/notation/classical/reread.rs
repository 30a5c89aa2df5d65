//! The other readings of a game (issue 26: Italian notation as the press, club sites and
//! manuals write it), tried only on a game the plain reading does not replay as valid.
//!
//! A rereading writes the game's text again, byte for byte the same length, with the forms
//! the plain lexer does not read put in plain ones: `…` as `...`, `5)...e5` as `5....e5`,
//! a sentence's full stop after a move as a blank, `Cf6??4.` as `Cf6? 4.`, an end of game
//! in words as a result or a mate mark ([`super::end_words`]), and in a second reading the
//! press style's pairs `e4-e5` as `e4 e5` ([`super::press`]). The plain lexer reads it;
//! every span is then put back on the text as written, so that findings point where the
//! words stand. The replay (`classical::replay`) keeps the reading that explains most.

use super::{GameResult, RawGame, Token, TokenKind, games};
use crate::finding::Finding;
use crate::notation::san::{Notation, parse_move};
use crate::span::{Locator, Span};

/// One other reading of a game: its text written again, and what it read in other forms.
#[derive(Debug, Clone)]
pub struct Rereading<'a> {
    /// The whole text the game was read from.
    source: &'a str,
    /// Where the game's text starts in `source`.
    base: usize,
    /// The game's text written again (as long as `source[base..end]`).
    text: String,
    /// Findings on the forms read (spans on `source`).
    notes: Vec<Finding>,
    /// Results written in words: where the `*` put for each stands in `text`, where the
    /// words end, and the result.
    results: Vec<(usize, usize, GameResult)>,
    /// The game's number in its file.
    number: usize,
    /// The game's first line.
    line: u32,
    /// Where the runs of prose read as comments stand (point 5).
    prose: Vec<Span>,
}

/// A rereading being written: the game's bytes, changed in place.
#[derive(Clone)]
pub(super) struct Draft<'a> {
    source: &'a str,
    pub(super) base: usize,
    buf: Vec<u8>,
    pub(super) notes: Vec<Finding>,
    pub(super) results: Vec<(usize, usize, GameResult)>,
    pub(super) changed: bool,
    /// The runs of prose read as comments ([`super::prose`]).
    pub(super) prose: Vec<Span>,
}

impl<'a> Draft<'a> {
    /// Writes `bytes` over the text from offset `at` of the source.
    pub(super) fn set(&mut self, at: usize, bytes: &[u8]) {
        let from = at - self.base;
        if let Some(dst) = self.buf.get_mut(from..from + bytes.len()) {
            dst.copy_from_slice(bytes);
            self.changed = true;
        }
    }

    /// Blanks the text from `from` to `to` (offsets of the source), line ends kept.
    pub(super) fn blank(&mut self, from: usize, to: usize) {
        let (a, b) = (from - self.base, to - self.base);
        if let Some(part) = self.buf.get_mut(a..b) {
            for c in part.iter_mut().filter(|c| **c != b'\n') {
                *c = b' ';
            }
            self.changed = true;
        }
    }

    /// The byte at offset `at` of the text as it stands now.
    pub(super) fn byte(&self, at: usize) -> Option<u8> {
        self.buf.get(at.checked_sub(self.base)?).copied()
    }

    fn done(self, raw: &RawGame<'a>) -> Option<Rereading<'a>> {
        let text = String::from_utf8(self.buf).ok()?;
        Some(Rereading {
            source: self.source,
            base: self.base,
            text,
            notes: self.notes,
            results: self.results,
            number: raw.number,
            line: raw.span.line,
            prose: self.prose,
        })
    }
}

/// A word is a move in one of the two alphabets.
pub(super) fn is_move(word: &str) -> bool {
    !word.is_empty()
        && (parse_move(word, Notation::Italian).is_ok()
            || parse_move(word, Notation::English).is_ok())
}

/// The other readings of a game the plain reading leaves words unread in, best first: the
/// typography and the end of game in words; then the same with the press style's pairs.
/// Empty when no form of issue 26 stands in the game. Out of line: rare.
#[cold]
#[inline(never)]
pub fn rereadings<'a>(raw: &RawGame<'a>) -> Vec<Rereading<'a>> {
    let end = raw.end.min(raw.source.len());
    let base = raw.span.start;
    if raw.tokens.is_empty() || base >= end || !raw.source.is_char_boundary(base) {
        return Vec::new();
    }
    let mut draft = Draft {
        source: raw.source,
        base,
        buf: raw.source.as_bytes()[base..end].to_vec(),
        notes: Vec::new(),
        results: Vec::new(),
        changed: false,
        prose: Vec::new(),
    };
    typography(&mut draft, raw);
    let main: Vec<&Token<'_>> = raw.tokens.iter().filter(|t| t.depth() == 0).collect();
    let mut press = draft.clone();
    let mut prose = draft.clone();
    super::end_words::read(&mut draft, raw, &main, false);
    let mut out = Vec::new();
    if draft.changed {
        out.extend(draft.done(raw));
    }
    if super::press::read(&mut press, raw) {
        let mut both = press.clone();
        super::end_words::read(&mut press, raw, &main, true);
        out.extend(press.done(raw));
        // Point 5 on the press style's pairs.
        if let Some((kept, runs)) = super::prose::read(&mut both, raw, &main) {
            super::end_words::read(&mut both, raw, &kept, true);
            both.prose = runs;
            out.extend(both.done(raw));
        }
    }
    // Point 5: the runs of prose between the moves as comments, last, so that a reading
    // without them wins where it explains as much.
    if let Some((kept, runs)) = super::prose::read(&mut prose, raw, &main) {
        super::end_words::read(&mut prose, raw, &kept, false);
        prose.prose = runs;
        out.extend(prose.done(raw));
    }
    out
}

/// `…` as `...`; `5)...e5` and `5)…e5` as `5....e5`; a full stop or a colon after a move
/// (`Cf6.`, `Ag6#.`, `e5:`) as a blank; an annotation glued to the next move number
/// (`Cf6??4.`) apart; a list's bullets (`•`) as blanks.
fn typography(d: &mut Draft<'_>, raw: &RawGame<'_>) {
    let mut bullets = false;
    for t in raw.tokens.iter() {
        let start = raw.range_of(t).start;
        match t.kind() {
            TokenKind::Move if raw.word(t).chars().all(|c| BULLETS.contains(&c)) => {
                // An encyclopaedia's or a web page's list: the bullet is layout.
                let (word, span) = (raw.word(t), raw.span_of(t));
                d.blank(start, span.end);
                if !std::mem::replace(&mut bullets, true) {
                    d.notes
                        .push(crate::finding::wording::notation::bullets_read(word).at(span));
                }
            }
            TokenKind::Move => {
                let word = raw.word(t);
                for (i, _) in word.match_indices('…') {
                    d.set(start + i, b"...");
                }
                let plain = word.replace('…', "...");
                if let Some(body) = plain.strip_suffix(['.', ':'])
                    && !body.is_empty()
                    && !body.ends_with('.')
                    && !matches!(body, "e.p" | "ep")
                    && (is_move(body) || super::result::result_word(body).is_some())
                {
                    d.set(start + plain.len() - 1, b" ");
                }
                if let Some(at) = glued_number(&plain) {
                    d.set(start + at - 1, b" ");
                }
            }
            TokenKind::MoveNumber { .. } => {
                let end = raw.range_of(t).end;
                let after = &raw.source.as_bytes()[end.min(raw.source.len())..];
                if after.first() == Some(&b')')
                    && (after.get(1) == Some(&b'.') || after[1..].starts_with("…".as_bytes()))
                {
                    d.set(end, b".");
                }
            }
            _ => {}
        }
    }
}

/// The bullets of a list (`•`, `▪`, `►`), written before the moves of a line.
const BULLETS: &[char] = &['•', '◦', '▪', '▫', '■', '►', '▸', '‣', '⁃', '●', '○'];

/// Where the move number starts in a word whose move is followed by annotations and then
/// the next move number (`Cf6??4.` → 5): the annotations end before it.
fn glued_number(word: &str) -> Option<usize> {
    let b = word.as_bytes();
    let at = b.iter().position(|c| matches!(c, b'!' | b'?'))?;
    let digits = b[at..].iter().position(u8::is_ascii_digit)? + at;
    let marks = &b[at..digits];
    let number = &b[digits..];
    (marks.iter().all(|c| matches!(c, b'!' | b'?'))
        && number.contains(&b'.')
        && super::lexer::move_number(number).is_some()
        && is_move(&word[..at]))
    .then_some(digits)
}

impl<'a> Rereading<'a> {
    /// Where the runs of prose this reading reads as comments stand (issue 26 point 5):
    /// empty for the other readings.
    pub fn prose(&self) -> &[Span] {
        &self.prose
    }

    /// The game as this reading reads it, every span on the text as written; `None` when
    /// the reading does not read as one game.
    pub fn game(&self) -> Option<RawGame<'_>> {
        let mut all = games(&self.text);
        let mut g = all.next()?;
        if all.next().is_some() {
            return None;
        }
        for t in g.tokens.iter_mut().filter(|t| t.depth == 0) {
            if let TokenKind::Result(_) = t.kind
                && let Some(&(_, end, r)) = self.results.iter().find(|x| x.0 == t.span.start)
            {
                t.kind = TokenKind::Result(r);
                t.span.end = end;
            }
        }
        self.place(&mut g);
        g.errors.extend(self.notes.iter().cloned());
        g.errors.sort_by_key(|f| f.span.map_or(0, |s| s.start));
        g.number = self.number;
        g.source = self.source;
        Some(g)
    }

    /// Puts every span of `g` (read from `text`) on the text as written.
    fn place(&self, g: &mut RawGame<'_>) {
        let mut spans: Vec<&mut Span> = Vec::with_capacity(g.tokens.len() + g.tags.len() + 1);
        spans.push(&mut g.span);
        spans.extend(g.tags.iter_mut().map(|t| &mut t.span));
        spans.extend(g.tokens.iter_mut().map(|t| &mut t.span));
        spans.extend(g.errors.iter_mut().filter_map(|f| f.span.as_mut()));
        spans.sort_by_key(|s| s.start);
        let line0 = self.source[..self.base].rfind('\n').map_or(0, |i| i + 1);
        let mut at = Locator::new(&self.source[line0..]);
        for s in spans {
            s.start += self.base;
            s.end += self.base;
            let (line, column) = at.locate(s.start - line0);
            s.line = line + self.line - 1;
            s.column = column;
        }
    }
}
