//! Cutting a file into chunks of whole games, exactly where `verify` cuts it (issue 16,
//! class 1), reading it in blocks so that memory does not grow with the file.

use super::scan;
use crate::notation::classical::first_game_end;
use crate::verify::Variant;
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// A piece of a file holding one game or a few, with where it starts.
#[derive(Debug)]
pub struct Chunk {
    /// Index of the file in the walk.
    pub file: usize,
    /// Index of the chunk within the file.
    pub index: usize,
    /// 1-based line of the file where the chunk starts.
    pub first_line: u32,
    /// Characters on that line before the chunk starts.
    pub first_column: u32,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The variant (decided once per file).
    pub variant: Variant,
}

impl Chunk {
    /// A place in the chunk's text as the place in its file (the chunk starts at
    /// `first_line`, `first_column` characters into it).
    pub fn file_span(&self, mut s: crate::span::Span) -> crate::span::Span {
        if s.line == 1 {
            s.column += self.first_column;
        }
        s.line += self.first_line.saturating_sub(1);
        s
    }
}

/// Why a file or a chunk could not be used.
#[derive(Debug)]
pub struct InputProblem {
    /// Index of the file in the walk.
    pub file: usize,
    /// Index of the chunk, if the file was partly read.
    pub index: usize,
    /// What.
    pub problem: Problem,
}

/// What made part of a file unusable; each is a row with its finding code.
#[derive(Debug)]
pub enum Problem {
    /// The file, or a block of it, could not be read (`unreadable`).
    CannotRead(std::io::Error),
    /// A game longer than the longest line read (`unreadable`).
    TooLong {
        /// Where it starts.
        line: u32,
        /// The limit, in bytes.
        max: usize,
    },
    /// Empty or binary (`empty-input`, `binary-input`).
    Input(crate::decode::InputError),
    /// arbitro failed while checking it (`internal-error`).
    Internal,
    /// Not a regular file: a FIFO, a device, a socket (`not-a-regular-file`).
    NotAFile(crate::load::FileKind),
    /// More bytes than one input may hold (`--max-input`), unpacked for an archive
    /// (`too-large`).
    TooLarge(crate::load::stream::TooLarge),
    /// UTF-16 text, which `batch` does not cut (`unreadable`; `verify` reads it).
    Utf16,
}

impl Problem {
    /// The finding code of its row.
    pub fn code(&self) -> crate::finding::Code {
        use crate::decode::InputError;
        use crate::finding::Code;
        match self {
            Problem::CannotRead(_) | Problem::TooLong { .. } | Problem::Utf16 => Code::Unreadable,
            Problem::NotAFile(_) => Code::NotARegularFile,
            Problem::TooLarge(_) => Code::TooLarge,
            Problem::Input(InputError::Empty) => Code::EmptyInput,
            Problem::Input(InputError::Binary { .. }) => Code::BinaryInput,
            Problem::Internal => Code::InternalError,
        }
    }
}

/// Reads a file game by game, cut exactly where `verify` cuts it: by the classical lexer
/// itself ([`first_game_end`]), so that a `[` inside a comment, a comment after the result
/// or a stray result cut the file as they do everywhere else. A SuperScacchi file (one
/// game) is one chunk.
///
/// A game whose end is not within `max_line` bytes of its start is not read, whatever the
/// blocks it falls in: it becomes a [`Problem::TooLong`], and reading goes on at the next
/// line that starts with `[` after a line of moves (the next game's tags), so that the rest
/// of the long game is never taken for a game of its own. A SuperScacchi file longer than
/// `max_line` is one such problem. Memory holds at most `max_line` bytes and a block.
///
/// The file is read in blocks of `BLOCK` bytes into one buffer; a chunk is copied out of
/// it once, when its end is found. Memory holds a block and the game being read.
pub struct Chunks {
    file: usize,
    reader: Box<dyn Read + Send>,
    /// Every chunk one game ([`Chunks::games_of`]); else a chunk holds a block's games.
    one_game: bool,
    /// Decided by the first game ([`Variant::detect`] on it, as `verify` does on the file).
    variant: Option<Variant>,
    next_line: u32,
    /// Characters before the next chunk's start on its first line (a game may start in
    /// the middle of a line: `1-0 [Event …`).
    next_column: u32,
    index: usize,
    max_line: usize,
    /// Bytes read and not yet handed out: `buf[at..]`.
    buf: Vec<u8>,
    at: usize,
    eof: bool,
    done: bool,
}

/// Bytes read from a file at a time (tiny in unit tests, so that they cross blocks often).
/// Small enough to leave the caches to the replay's tables.
#[cfg(not(test))]
const BLOCK: usize = 64 << 10;
#[cfg(test)]
const BLOCK: usize = 61;

/// The first window of text the lexer looks at for a game's end; doubled until it holds
/// the game (a game is usually a kilobyte or two).
#[cfg(not(test))]
const WINDOW: usize = 4 << 10;
#[cfg(test)]
const WINDOW: usize = 16;

/// Where the first game of `bytes` ends, as the classical lexer cuts it (`eof`: nothing
/// follows the bytes); `None` when more bytes are needed to know. The lexer reads windows
/// that end at a line end, doubling from `WINDOW`, so that finding a short game's end
/// costs little in a large buffer. Bytes that are not UTF-8 are read as Latin-1, one by
/// one, as [`decode`](crate::decode::decode) reads them.
pub fn game_end(bytes: &[u8], eof: bool) -> Option<usize> {
    let mut window = WINDOW.min(bytes.len());
    loop {
        let whole = window == bytes.len() && eof;
        let part = if whole {
            bytes
        } else {
            match memchr::memrchr(b'\n', &bytes[..window]) {
                Some(i) => &bytes[..=i],
                None if window == bytes.len() => return None,
                None => {
                    window = (window * 2).min(bytes.len());
                    continue;
                }
            }
        };
        let end = match std::str::from_utf8(part) {
            Ok(text) => first_game_end(text, whole),
            Err(_) => {
                let text = crate::decode::utf8_or_latin1(part);
                first_game_end(&text, whole).map(|end| crate::decode::text_to_byte(part, end))
            }
        };
        if end.is_some() || window == bytes.len() {
            return end;
        }
        window = (window * 2).min(bytes.len());
    }
}

/// The end of the first games of `bytes` found without the lexer, where the lexer cuts
/// too: the start of the first line that begins with `[` after a line that begins with a
/// word (a letter, a digit or `*`: a move, a move number or a result), when nothing before
/// it opens a comment or a variation (no `{`, no `(`) and every `[` before it begins a
/// line. Only `{…}` and `(…)` span lines in the lexer; `;` and `%` comments end with their
/// line. So the lexer meets that `[` at depth 0 after movetext, where it starts a new game
/// (the chunk may hold several games: the lexer cuts them again, as `verify` does). `None`
/// leaves the cut to [`game_end`]. In debug builds (every test) the lexer checks every cut
/// made here.
///
/// Lines are found with `memchr` and only their first byte is looked at; the rest of the
/// text before a cut is searched once, with `memchr`'s vector code.
fn quick_cut(bytes: &[u8]) -> Option<usize> {
    let mut words = false;
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', bytes) {
        match bytes[start..end].first() {
            Some(b'[') if words => {
                let before = &bytes[..start];
                if is_delimiter_line(&bytes[start..end])
                    || memchr::memchr2(b'{', b'(', before).is_some()
                    || memchr::memchr_iter(b'[', before).any(|i| i > 0 && before[i - 1] != b'\n')
                {
                    return None;
                }
                debug_assert!(
                    lexer_cuts_at(&bytes[..=end], start),
                    "{start} {:?}",
                    String::from_utf8_lossy(bytes)
                );
                return Some(start);
            }
            Some(&b) if b.is_ascii_alphanumeric() || b == b'*' => words = true,
            _ => {}
        }
        start = end + 1;
    }
    None
}

/// The end of the last game of `bytes` that the reading of [`quick_cut`] can prove, so that
/// one chunk holds every whole game of a block and the text is cut once a block, not once a
/// game (issue 33). The cut is the first line that begins with `[` after the last line
/// that begins with a word and has such a line after it, found walking back from the
/// block's end; what comes before it must be read by the lexer line by line as
/// [`quick_cut`] needs (no `{`, no `(`, every `[` at a line's start, no `[pgn]` line
/// between the word and the cut), and must decode to the same text whether the games are
/// decoded together or one by one: UTF-8, no NUL (a byte read as Latin-1 would add the
/// `latin1-input` finding to every game of the chunk). `None` leaves the cut to
/// [`quick_cut`], game by game. In debug builds the lexer checks every cut made here.
fn block_cut(bytes: &[u8]) -> Option<usize> {
    let mut limit = memchr::memchr3(b'{', b'(', 0, bytes).unwrap_or(bytes.len());
    if !scan::is_ascii(&bytes[..limit])
        && let Err(e) = std::str::from_utf8(&bytes[..limit])
    {
        limit = e.valid_up_to();
    }
    if let Some(i) = scan::bracket_in_line(&bytes[..limit]) {
        limit = i;
    }
    let bytes = &bytes[..limit];
    // The lines that end before the limit, last first.
    let mut end = memchr::memrchr(b'\n', bytes)?;
    let mut cut = None;
    loop {
        let start = memchr::memrchr(b'\n', &bytes[..end]).map_or(0, |i| i + 1);
        match bytes[start..end].first() {
            Some(b'[') if is_delimiter_line(&bytes[start..end]) => cut = None,
            Some(b'[') => cut = Some((start, end)),
            Some(&b) if b.is_ascii_alphanumeric() || b == b'*' => {
                if let Some((cut, line_end)) = cut {
                    debug_assert!(
                        lexer_cuts_at(&bytes[..=line_end], cut),
                        "{cut} {:?}",
                        String::from_utf8_lossy(bytes)
                    );
                    return Some(cut);
                }
            }
            _ => {}
        }
        end = start.checked_sub(1)?;
    }
}

/// A line `[pgn]` or `[/pgn]`: the lexer passes over it (web pages wrap games in them).
fn is_delimiter_line(line: &[u8]) -> bool {
    line.len() >= 5
        && (line[..5].eq_ignore_ascii_case(b"[pgn]")
            || line.len() >= 6 && line[..6].eq_ignore_ascii_case(b"[/pgn]"))
}

/// The lexer starts a game at byte `at` of `bytes` (which starts at a game's start): the
/// check of [`quick_cut`] in debug builds.
/// Bytes that are not UTF-8 are read as Latin-1, as [`game_end`] reads them.
fn lexer_cuts_at(bytes: &[u8], at: usize) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let text = match text {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(_) => crate::decode::utf8_or_latin1(bytes).into(),
    };
    let mut at_end = 0;
    let mut games = crate::notation::classical::games(&text);
    while at_end < at {
        match games.next() {
            Some(g) => at_end = crate::decode::text_to_byte(bytes, g.end),
            None => return false,
        }
    }
    at_end == at
}

impl Chunks {
    /// Opens a file.
    pub fn open(file: usize, path: &Path, max_line: usize) -> Result<Chunks, InputProblem> {
        let reader = File::open(path).map_err(|e| InputProblem {
            file,
            index: 0,
            problem: Problem::CannotRead(e),
        })?;
        Ok(Chunks::of_reader(
            file,
            Box::new(reader),
            Vec::new(),
            max_line,
        ))
    }

    /// Opens a file as `batch` reads it (issue 32): plain or packed (gzip, zstd, bzip2,
    /// unpacked as it is read: [`crate::load::stream`]), at most `max_bytes` bytes
    /// unpacked; a special, binary, UTF-16 or too large file is one problem.
    pub fn open_stream(
        file: usize,
        path: &Path,
        max_line: usize,
        max_bytes: u64,
    ) -> Result<Chunks, InputProblem> {
        use crate::load::stream::{self, Refusal};
        let s = stream::open(path, max_bytes).map_err(|r| InputProblem {
            file,
            index: 0,
            problem: match r {
                Refusal::NotAFile(kind) => Problem::NotAFile(kind),
                Refusal::Io(e) => Problem::CannotRead(e),
                Refusal::TooLarge(t) => Problem::TooLarge(t),
                Refusal::Binary { offset } => {
                    Problem::Input(crate::decode::InputError::Binary { offset })
                }
                Refusal::Utf16 => Problem::Utf16,
            },
        })?;
        Ok(Chunks::of_reader(file, s.reader, s.head, max_line))
    }

    /// A reader of `reader`, whose first bytes `head` were read already.
    fn of_reader(
        file: usize,
        reader: Box<dyn Read + Send>,
        head: Vec<u8>,
        max_line: usize,
    ) -> Chunks {
        Chunks {
            file,
            reader,
            one_game: false,
            variant: None,
            next_line: 1,
            next_column: 0,
            index: 0,
            max_line,
            buf: head,
            at: 0,
            eof: false,
            done: false,
        }
    }

    /// The games of a chunk, one chunk each, at their places in the file: how `batch`
    /// checks again, game by game, a chunk of several games on which it met a bug, so that
    /// the bug costs one game's row (issue 14), not the block's.
    pub fn games_of(chunk: &Chunk, max_line: usize) -> Chunks {
        Chunks {
            file: chunk.file,
            reader: Box::new(std::io::Cursor::new(chunk.bytes.clone())),
            one_game: true,
            variant: Some(chunk.variant),
            next_line: chunk.first_line,
            next_column: chunk.first_column,
            index: chunk.index,
            max_line,
            buf: Vec::new(),
            at: 0,
            eof: false,
            done: false,
        }
    }

    /// Reads the next block onto the end of the buffer, first dropping what was handed
    /// out. Sets `eof` at the end.
    fn fill(&mut self) -> std::io::Result<()> {
        self.buf.drain(..self.at);
        self.at = 0;
        let want = BLOCK.max(self.buf.len());
        let old = self.buf.len();
        self.buf.resize(old + want, 0);
        // One read of the whole room (issue 33), not `read_to_end`'s reads of growing size
        // from 8 KiB: a plain file's `BufReader` reads a request as large as its buffer
        // straight into it when it holds nothing, where it copied every smaller one (and a
        // read that empties it leaves it empty for the next).
        let read = loop {
            match self.reader.read(&mut self.buf[old..]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                read => break read,
            }
        };
        self.buf.truncate(old + read.as_ref().map_or(0, |&n| n));
        let n = read?;
        if n == 0 {
            self.eof = true;
        }
        Ok(())
    }

    /// A read failed: the problem row, and the end of this file (an archive that unpacks
    /// past the limit is `too-large`).
    fn cannot_read(&mut self, e: std::io::Error) -> InputProblem {
        self.done = true;
        InputProblem {
            file: self.file,
            index: self.index,
            problem: match crate::load::stream::too_large(&e) {
                Some(t) => Problem::TooLarge(t),
                None => Problem::CannotRead(e),
            },
        }
    }

    /// A game whose end is not within `max_line` bytes: it is dropped up to the next line
    /// that starts with `[` after a line of moves (the next game's tags), reading on and
    /// dropping as it goes; the problem row.
    fn skip_oversized(&mut self) -> InputProblem {
        let first_line = self.next_line;
        let (mut line_start, mut moves) = (true, false);
        'skip: loop {
            while self.at < self.buf.len() {
                if line_start {
                    // As `quick_cut` reads lines: a word (a move, a number, a result)
                    // is movetext; a tag, a comment or a blank line is not.
                    match self.buf[self.at] {
                        b'[' if moves => break 'skip,
                        b if b.is_ascii_alphanumeric() || b == b'*' => moves = true,
                        _ => {}
                    }
                }
                match memchr::memchr(b'\n', &self.buf[self.at..]) {
                    Some(i) => {
                        self.at += i + 1;
                        self.next_line += 1;
                        line_start = true;
                    }
                    None => {
                        self.at = self.buf.len();
                        line_start = false;
                    }
                }
            }
            match self.fill() {
                Ok(()) if !self.eof => {}
                Ok(()) => {
                    self.done = true;
                    break;
                }
                Err(e) => return self.cannot_read(e),
            }
        }
        self.next_column = 0;
        self.too_long(first_line)
    }

    /// A SuperScacchi file longer than `max_line` bytes: its one game is not read.
    fn skip_file(&mut self) -> InputProblem {
        self.done = true;
        self.too_long(self.next_line)
    }

    /// The problem of a game too long, starting at `line`.
    fn too_long(&mut self, line: u32) -> InputProblem {
        let index = self.index;
        self.index += 1;
        InputProblem {
            file: self.file,
            index,
            problem: Problem::TooLong {
                line,
                max: self.max_line,
            },
        }
    }

    /// The chunk `buf[at..at + len]`, handed out.
    fn take(&mut self, len: usize, variant: Variant) -> Chunk {
        let bytes = if self.at == 0 && len >= BLOCK / 2 {
            // A block's games (issue 33): the buffer itself is handed out, and only what
            // follows them (part of a game) is copied, into a buffer with room for the
            // next block.
            let mut rest = Vec::with_capacity(2 * BLOCK);
            rest.extend_from_slice(&self.buf[len..]);
            let mut bytes = std::mem::replace(&mut self.buf, rest);
            bytes.truncate(len);
            bytes
        } else {
            let bytes = self.buf[self.at..self.at + len].to_vec();
            self.at += len;
            bytes
        };
        let first_line = self.next_line;
        let first_column = self.next_column;
        let chars = |b: &[u8]| b.iter().filter(|&&c| c & 0xC0 != 0x80).count() as u32;
        match memchr::memrchr(b'\n', &bytes) {
            Some(i) => {
                self.next_line += scan::line_ends(&bytes) as u32;
                self.next_column = chars(&bytes[i + 1..]);
            }
            None => self.next_column += chars(&bytes),
        }
        let index = self.index;
        self.index += 1;
        Chunk {
            file: self.file,
            index,
            first_line,
            first_column,
            bytes,
            variant,
        }
    }
}

impl Iterator for Chunks {
    type Item = Result<Chunk, InputProblem>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let avail = &self.buf[self.at..];
            // A game ends within `max_line` bytes of its start, or it is too long: the cut
            // is looked for there only, so the answer does not depend on the blocks.
            let (window, eof) = if avail.len() > self.max_line {
                (&avail[..self.max_line], false)
            } else {
                (avail, self.eof)
            };
            let end = match self.variant {
                Some(Variant::SuperScacchi) if avail.len() > self.max_line => {
                    return Some(Err(self.skip_file()));
                }
                Some(Variant::SuperScacchi) => self.eof.then_some(avail.len()),
                _ if avail.is_empty() && !self.eof => None,
                Some(Variant::Classical) => (!self.one_game)
                    .then(|| block_cut(window))
                    .flatten()
                    .or_else(|| quick_cut(window))
                    .or_else(|| game_end(window, eof)),
                None => game_end(window, eof),
            };
            if let Some(len) = end {
                let variant = match self.variant {
                    Some(v) => v,
                    None => {
                        let head = String::from_utf8_lossy(&avail[..len]);
                        *self.variant.insert(Variant::detect(&head))
                    }
                };
                if variant == Variant::SuperScacchi && !self.eof {
                    // One game: the whole file.
                    if let Err(e) = self.fill() {
                        return Some(Err(self.cannot_read(e)));
                    }
                    continue;
                }
                if len == avail.len() && self.eof {
                    self.done = true;
                }
                if avail[..len].iter().all(u8::is_ascii_whitespace) && self.index > 0 {
                    self.at += len;
                    if self.done {
                        return None;
                    }
                    continue;
                }
                return Some(Ok(self.take(len, variant)));
            }
            if self.eof {
                self.done = true;
                return None;
            }
            if avail.len() > self.max_line {
                let head = String::from_utf8_lossy(&avail[..self.max_line]);
                let variant = *self.variant.get_or_insert_with(|| Variant::detect(&head));
                return Some(Err(match variant {
                    Variant::SuperScacchi => self.skip_file(),
                    Variant::Classical => self.skip_oversized(),
                }));
            }
            if let Err(e) = self.fill() {
                return Some(Err(self.cannot_read(e)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What a reader hands out, comparable: a chunk (index, first line, bytes) or a
    /// problem (index, message).
    #[derive(Debug, PartialEq, Eq)]
    enum Out {
        Chunk(usize, u32, Vec<u8>),
        Problem(usize, String),
    }

    fn by_blocks(text: &[u8], max_line: usize) -> Vec<Out> {
        let path = std::env::temp_dir().join(format!(
            "arbitro-chunks-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&path, text).unwrap();
        let out = Chunks::open(0, &path, max_line)
            .unwrap()
            .map(|c| match c {
                Ok(c) => Out::Chunk(c.index, c.first_line, c.bytes),
                Err(p) => Out::Problem(
                    p.index,
                    crate::lang::Say::say(&p.problem, crate::lang::Lang::En).into_owned(),
                ),
            })
            .collect();
        let _ = std::fs::remove_file(&path);
        out
    }

    /// What `verify` sees in a text: each game's tags and tokens, as text.
    fn lexed(text: &str) -> Vec<String> {
        crate::notation::classical::games(text)
            .map(|g| {
                let tags: Vec<_> = g
                    .tags
                    .iter()
                    .map(|t| (t.tag.name, t.tag.value.to_string()))
                    .collect();
                let tokens: Vec<_> = g
                    .tokens
                    .iter()
                    .map(|t| format!("{:?}{:?}@{}", t.kind(), g.word(t), t.depth()))
                    .collect();
                format!("{tags:?} {tokens:?} {}", g.errors.len())
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// The block reader cuts every file into the games `verify` reads, across block
        /// ends, comments holding `[`, results followed by comments, stray results,
        /// files without a last line end (issue 16 class 1); every quick cut is checked
        /// by the lexer too (a debug assertion).
        #[test]
        fn batch_cuts_as_verify_does(
            lines in proptest::collection::vec(prop_oneof![
                Just("[Event \"x\"]\n".to_string()),
                Just("  [Site \"y\"]\r\n".to_string()),
                Just("\u{feff}[White \"z\"]\n".to_string()),
                Just("1.e4 e5 2.Cf3 Cc6\n".to_string()),
                Just("1-0\n".to_string()),
                Just("1-0 0-1 * {after}\n".to_string()),
                Just("{ a comment\n[#] with a tag line }\n".to_string()),
                Just("2. c4 {\n".to_string()),
                Just("}\n".to_string()),
                Just("1. e4 ; the usual reply\n".to_string()),
                Just("(1.d4 [x] d5)\n".to_string()),
                Just("\n".to_string()),
                Just("   \t\n".to_string()),
                Just("% escaped\n".to_string()),
                Just("Caff\u{e8} \u{a0}1\u{2013}0\n".to_string()),
                (1usize..200).prop_map(|n| format!("{}\n", "x".repeat(n))),
                Just("[Result \"*\"]".to_string()),
                Just("1. e4 * [Event \"w\"]\n".to_string()),
                Just("[Event \"a\"] 1. d4\n".to_string()),
                Just("1. e4 (1... c5\n".to_string()),
                Just("\u{a0}[Site \"q\"]\n".to_string()),
                Just("[pgn]\n".to_string()),
                Just("*\n".to_string()),
                Just("1. e4 $1 ; note [x]\n".to_string()),
            ], 0..40),
        ) {
            let text = lines.concat();
            let chunks = by_blocks(text.as_bytes(), 1 << 20);
            let mut whole = Vec::new();
            let mut joined = Vec::new();
            for c in &chunks {
                let Out::Chunk(_, _, bytes) = c else { panic!("{c:?}") };
                joined.extend_from_slice(bytes);
                let t = std::str::from_utf8(bytes).unwrap();
                let t = t.strip_prefix('\u{feff}').filter(|_| whole.is_empty()).unwrap_or(t);
                // A chunk may hold several games (a quick cut): the lexer cuts them again.
                whole.extend(lexed(t));
            }
            let joined = String::from_utf8(joined).unwrap();
            prop_assert_eq!(joined.trim_end(), text.trim_end());
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            prop_assert_eq!(whole, lexed(text));
        }
    }

    /// Plain games (no comment, no variation, UTF-8) are handed out a block at a time, as
    /// many as end in the block (issue 33); a game of Latin-1 text is a chunk of its own
    /// (the `latin1-input` finding is the game's, not its neighbours').
    #[test]
    fn plain_games_come_a_block_at_a_time() {
        let game = |n: u32| format!("[Event \"{n}\"]\n1.d4 *\n");
        let text: String = (1..=40).map(game).collect();
        let out = by_blocks(text.as_bytes(), 1 << 20);
        let games_in = |o: &Out| match o {
            Out::Chunk(_, _, b) => memchr::memmem::find_iter(b, b"[Event").count(),
            Out::Problem(..) => 0,
        };
        assert!(out.len() < 20, "{}", out.len());
        assert_eq!(out.iter().map(games_in).sum::<usize>(), 40);
        // Each chunk starts on the line of its first game.
        for o in &out {
            let Out::Chunk(_, line, b) = o else { panic!() };
            let n: u32 = String::from_utf8_lossy(&b[8..10])
                .trim_matches('"')
                .parse()
                .unwrap();
            assert_eq!(*line, 2 * n - 1);
        }
        let mut latin = text.clone().into_bytes();
        let at = memchr::memmem::find(&latin, b"[Event \"20\"]").unwrap();
        latin.insert(at + 10, 0xE8);
        let out = by_blocks(&latin, 1 << 20);
        assert!(
            out.iter()
                .any(|o| matches!(o, Out::Chunk(_, 39, b) if games_in(o) == 1 && b.len() == 21)),
            "{out:?}"
        );
    }

    #[test]
    fn a_game_too_long_is_a_problem_and_the_next_is_read() {
        let text = format!(
            "[Event \"x\"]\n{}\n[Event \"y\"]\n1.e4 *\n",
            "1.Cf3 Cf6 2.Cg1 Cg8 ".repeat(20)
        );
        let out = by_blocks(text.as_bytes(), 100);
        assert!(
            matches!(&out[0], Out::Problem(0, m) if m.contains("line 1 is longer than 100")),
            "{out:?}"
        );
        assert!(
            matches!(&out[1], Out::Chunk(1, 3, b) if b.starts_with(b"[Event \"y\"]")),
            "{out:?}"
        );
    }

    /// A game of many lines, longer than the limit: it is dropped up to the next game's
    /// tags, never read in part as a game of its own; a game of the same size that fits is
    /// read whole; the answer is the same whatever the blocks (61 bytes here).
    #[test]
    fn a_long_game_of_many_lines_is_one_problem_and_nothing_of_it_is_read() {
        let moves = "1.Cf3 Cf6 2.Cg1 Cg8\n".repeat(12); // 240 bytes on 12 lines
        let long = format!("% a comment\n[Event \"x\"]\n[Site \"?\"]\n\n{moves}*\n\n");
        let text = format!("[Event \"a\"]\n1.e4 *\n\n{long}[Event \"y\"]\n1.d4 *\n");
        let out = by_blocks(text.as_bytes(), 200);
        assert_eq!(out.len(), 3, "{out:?}");
        assert!(matches!(&out[0], Out::Chunk(0, 1, b) if b.starts_with(b"[Event \"a\"]")));
        assert!(
            matches!(&out[1], Out::Problem(1, m) if m.contains("line 5 is longer than 200")),
            "{out:?}"
        );
        assert!(
            matches!(&out[2], Out::Chunk(2, 22, b) if b == b"[Event \"y\"]\n1.d4 *\n"),
            "{out:?}"
        );
        // With room for it, the long game is read whole (the chunks may hold several games).
        let out = by_blocks(text.as_bytes(), 400);
        assert!(out.iter().all(|o| matches!(o, Out::Chunk(..))), "{out:?}");
        let all: Vec<u8> = out
            .into_iter()
            .flat_map(|o| match o {
                Out::Chunk(_, _, b) => b,
                Out::Problem(..) => Vec::new(),
            })
            .collect();
        assert_eq!(all, text.as_bytes());
    }

    #[test]
    fn a_superscacchi_file_longer_than_the_limit_is_one_problem() {
        let text = format!("[Esercito \"S\"]\n{}", "1. nera P a2 - a3\n".repeat(20));
        let out = by_blocks(text.as_bytes(), 100);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(matches!(&out[0], Out::Problem(0, m) if m.contains("line 1 is longer than 100")));
    }
}
