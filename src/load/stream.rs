//! An input read as a stream, plain or packed (issue 32 point 8): archives come as
//! `.pgn.gz`, `.pgn.zst` or `.pgn.bz2` (how lichess, TWIC and federations publish them), and
//! arbitro unpacks them as it reads, told by their first bytes, not by their name.
//!
//! The limit on what one input may hold ([`super::Limits::max_bytes`], `--max-input`)
//! counts the unpacked bytes: a decompression bomb (a few kilobytes that unpack to
//! gigabytes) stops at the limit with [`TooLarge`], and memory never holds more than a
//! block of it. A packed stream that cannot be unpacked (cut short, damaged, or garbage
//! after a gzip magic) fails its read with [`Damaged`].
//!
//! The decoders: `flate2` on `zlib-rs` (gzip), the `zstd` crate on libzstd's own C source
//! (zstd: the pure-Rust `ruzstd` cost about 50 instructions an unpacked byte, as much again
//! as checking the games, so a `.zst` archive was read 40 % slower than the plain text;
//! libzstd costs about one), `bzip2` on `libbz2-rs-sys` (bzip2). docs/speed.md has the
//! figures.
//!
//! ```
//! use arbitro::load::stream::{Packing, unpack};
//! // "abc", gzipped.
//! let packed = [31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 75, 76, 74, 6, 0, 194, 65, 36, 53, 3, 0, 0, 0];
//! assert_eq!(Packing::of(&packed), Packing::Gzip);
//! assert_eq!(unpack(&packed, 100).unwrap(), b"abc");
//! assert!(unpack(&packed, 2).is_err());
//! ```

use super::FileKind;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// How an input's bytes are packed, from its first bytes (the formats' magic numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packing {
    /// Not packed: the text itself.
    Plain,
    /// gzip (RFC 1952): `1f 8b`.
    Gzip,
    /// Zstandard (RFC 8878): `28 b5 2f fd`.
    Zstd,
    /// bzip2: `BZh` and a block size digit.
    Bzip2,
}

impl Packing {
    /// The packing the first bytes of an input announce.
    pub fn of(head: &[u8]) -> Packing {
        if head.starts_with(&[0x1f, 0x8b]) {
            Packing::Gzip
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Packing::Zstd
        } else if head.len() >= 4 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
            Packing::Bzip2
        } else {
            Packing::Plain
        }
    }

    /// The format's name (`gzip`, `zstd`, `bzip2`; `plain`).
    pub fn name(self) -> &'static str {
        match self {
            Packing::Plain => "plain",
            Packing::Gzip => "gzip",
            Packing::Zstd => "zstd",
            Packing::Bzip2 => "bzip2",
        }
    }
}

/// The file name endings of packed archives a folder walk reads (`games.pgn.gz`).
pub const PACKED_EXTENSIONS: [&str; 3] = ["gz", "zst", "bz2"];

/// Unpacking went past the limit on one input's bytes (`--max-input`): carried inside the
/// [`io::Error`] of the read that met it ([`too_large`] finds it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The limit, in bytes.
    pub max: u64,
    /// The limit was met unpacking an archive (a decompression bomb?), not in plain text.
    pub unpacked: bool,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unpacked = if self.unpacked { " once unpacked" } else { "" };
        write!(
            f,
            "larger than {} MiB{unpacked}, the most arbitro reads from one input (--max-input)",
            self.max >> 20
        )
    }
}

impl std::error::Error for TooLarge {}

/// A packed stream that cannot be unpacked: carried inside the [`io::Error`] of the read
/// that met it ([`damaged`] finds it).
#[derive(Debug)]
pub struct Damaged {
    /// The packing its first bytes announced.
    pub packing: Packing,
    /// Cut short (the stream ends inside a packed block), rather than unreadable data.
    pub cut_short: bool,
}

impl fmt::Display for Damaged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.packing.name();
        if self.cut_short {
            write!(
                f,
                "the {name} archive is cut short (an incomplete download?)"
            )
        } else {
            write!(f, "the {name} archive is damaged: it cannot be unpacked")
        }
    }
}

impl std::error::Error for Damaged {}

/// The [`TooLarge`] an I/O error carries, if it does.
pub fn too_large(e: &io::Error) -> Option<TooLarge> {
    e.get_ref()?.downcast_ref::<TooLarge>().copied()
}

/// The [`Damaged`] an I/O error carries, if it does.
pub fn damaged(e: &io::Error) -> Option<&Damaged> {
    e.get_ref()?.downcast_ref::<Damaged>()
}

/// Why an input cannot be read as a stream at all.
#[derive(Debug)]
pub enum Refusal {
    /// Not a regular file (never opened: a FIFO would block).
    NotAFile(FileKind),
    /// The system refused, or the first bytes could not be unpacked ([`damaged`]).
    Io(io::Error),
    /// Larger than the limit: a plain file by its size, a packed one once unpacked.
    TooLarge(TooLarge),
    /// NUL bytes in the first block (unpacked): binary content, not a game file.
    Binary {
        /// Byte offset of the first NUL byte.
        offset: usize,
    },
    /// UTF-16 text (a byte order mark).
    Utf16,
}

/// An input opened as a stream: its first bytes (unpacked) already read, and the rest.
pub struct Stream {
    /// The first bytes, up to [`HEAD`].
    pub head: Vec<u8>,
    /// The bytes after `head`, unpacked as they are read, within the limit.
    pub reader: Box<dyn Read + Send>,
    /// How the file is packed.
    pub packing: Packing,
}

/// The first bytes looked at for NUL bytes and a UTF-16 mark.
pub const HEAD: usize = 4096;

/// Opens `path` as a stream of at most `max_bytes` (unpacked) bytes: a regular file, plain
/// or packed ([`Packing`]), that does not start as binary or UTF-16 text.
pub fn open(path: &Path, max_bytes: u64) -> Result<Stream, Refusal> {
    let meta = std::fs::metadata(path).map_err(Refusal::Io)?;
    if let Some(kind) = super::not_a_file(&meta) {
        return Err(Refusal::NotAFile(kind));
    }
    let mut file = BufReader::with_capacity(64 << 10, File::open(path).map_err(Refusal::Io)?);
    let packing = Packing::of(file.fill_buf().map_err(Refusal::Io)?);
    if packing == Packing::Plain && meta.len() > max_bytes {
        return Err(Refusal::TooLarge(TooLarge {
            max: max_bytes,
            unpacked: false,
        }));
    }
    let mut reader = unpacking(file, packing, max_bytes);
    let mut head = Vec::with_capacity(HEAD);
    (&mut reader)
        .take(HEAD as u64)
        .read_to_end(&mut head)
        .map_err(|e| match too_large(&e) {
            Some(t) => Refusal::TooLarge(t),
            None => Refusal::Io(e),
        })?;
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return Err(Refusal::Utf16);
    }
    if let Some(offset) = memchr::memchr(0, &head) {
        return Err(Refusal::Binary { offset });
    }
    Ok(Stream {
        head,
        reader,
        packing,
    })
}

/// `packed` unpacked, within `max_bytes` (the whole-file readers: `verify`, `standings`):
/// an error carrying [`TooLarge`] or [`Damaged`] when it cannot be.
pub fn unpack(packed: &[u8], max_bytes: u64) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    unpacking(packed, Packing::of(packed), max_bytes).read_to_end(&mut out)?;
    Ok(out)
}

/// A reader of `source` unpacked as `packing` says, that fails with [`TooLarge`] past
/// `max_bytes` and with [`Damaged`] when the packed bytes cannot be unpacked.
pub fn unpacking<'a, R: BufRead + Send + 'a>(
    source: R,
    packing: Packing,
    max_bytes: u64,
) -> Box<dyn Read + Send + 'a> {
    let inner: Box<dyn Read + Send + 'a> = match packing {
        Packing::Plain => Box::new(source),
        Packing::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(source)),
        Packing::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(source)),
        // Every frame, one after the other (`zstd` writes one frame, `cat a.zst b.zst` two;
        // both unpack to the texts one after the other). libzstd's window limit stays at its
        // default (128 MiB): a frame that asks for more is refused, not allocated.
        Packing::Zstd => match zstd::stream::read::Decoder::with_buffer(source) {
            Ok(d) => Box::new(d),
            Err(e) => Box::new(Failed(Some(e))),
        },
    };
    Box::new(Limited {
        inner,
        packing,
        left: max_bytes,
        max: max_bytes,
    })
}

/// The unpacked bytes, counted against the limit, and the decoders' errors made
/// [`Damaged`].
struct Limited<'a> {
    inner: Box<dyn Read + Send + 'a>,
    packing: Packing,
    left: u64,
    max: u64,
}

impl Read for Limited<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // One byte more than the limit allows tells a stream at the limit from one past it.
        let room = usize::try_from(self.left.saturating_add(1)).unwrap_or(usize::MAX);
        let want = buf.len().min(room);
        let n = match self.inner.read(&mut buf[..want]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Err(e),
            Err(e) if self.packing == Packing::Plain => return Err(e),
            Err(e) => {
                let cut_short = e.kind() == io::ErrorKind::UnexpectedEof;
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    Damaged {
                        packing: self.packing,
                        cut_short,
                    },
                ));
            }
        };
        if n as u64 > self.left {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                TooLarge {
                    max: self.max,
                    unpacked: self.packing != Packing::Plain,
                },
            ));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

/// A decoder that could not be made (libzstd out of memory): its one read fails.
struct Failed(Option<io::Error>);

impl Read for Failed {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(self
            .0
            .take()
            .unwrap_or_else(|| io::Error::other("no decoder")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gzip(text: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(text).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn the_packing_is_told_by_the_first_bytes() {
        assert_eq!(Packing::of(&gzip(b"x")), Packing::Gzip);
        assert_eq!(Packing::of(b"BZh91AY&SY"), Packing::Bzip2);
        assert_eq!(Packing::of(b"BZhx"), Packing::Plain);
        assert_eq!(Packing::of(&[0x28, 0xb5, 0x2f, 0xfd, 0]), Packing::Zstd);
        assert_eq!(Packing::of(b"[Event \"x\"]"), Packing::Plain);
        assert_eq!(Packing::of(b""), Packing::Plain);
    }

    #[test]
    fn a_bomb_stops_at_the_limit() {
        let bomb = gzip(&vec![b' '; 1 << 20]);
        assert!(bomb.len() < 2048, "{}", bomb.len());
        let e = unpack(&bomb, 1000).unwrap_err();
        assert_eq!(
            too_large(&e),
            Some(TooLarge {
                max: 1000,
                unpacked: true
            })
        );
        assert_eq!(unpack(&bomb, 1 << 20).unwrap().len(), 1 << 20);
    }

    #[test]
    fn a_cut_archive_and_garbage_are_damaged() {
        let whole = gzip(&b"1.e4 e5 2.Cf3 Cc6 *\n".repeat(200));
        let e = unpack(&whole[..whole.len() / 2], 1 << 20).unwrap_err();
        let d = damaged(&e).unwrap();
        assert_eq!((d.packing, d.cut_short), (Packing::Gzip, true));
        let mut garbage = vec![0x1f, 0x8b];
        garbage.extend(b"not a gzip stream at all, only words".repeat(4));
        let e = unpack(&garbage, 1 << 20).unwrap_err();
        assert_eq!(damaged(&e).unwrap().packing, Packing::Gzip);
    }
}
