//! One run of `batch` shared among many (issue 33, direction 7): `--shard K/N` checks the
//! K-th of N deterministic parts of the inputs, and writes a *part* report that
//! [`merge`](super::merge) puts together with the others into the report of one run.
//!
//! - A file goes to one shard by a stable hash of its path as the walk names it (FNV-1a:
//!   the same on every machine and every Rust version), so every shard must be started
//!   with the same paths, from the same folder.
//! - A file of [`Shard::split`] bytes or more is shared by its games: its chunks (a block
//!   of games, or one game; cut as in a plain run, so the same on every machine) go to
//!   the shards in slices ([`Shard::slice`]: 16 chunks, about 1 MiB of plain games; fewer
//!   when the split size is under 16 MiB), round the shards. Each shard still reads and
//!   cuts the whole file, and checks only its slices.
//! - A part is a JSON Lines report (formats.md §4) whose rows carry one more key,
//!   `"shard"`: the row's place in the whole run (`file`, `chunk`, `row`) and its CSV
//!   cells (`csv`, formats.md §6, after `file,game`). Its last line is the part's
//!   [`Trailer`]: which shard it is, of how many, over which inputs. A part without it
//!   was cut short, and the merge refuses it.
//!
//! ```
//! use arbitro::batch::Shard;
//! let s: Shard = "2/4".parse().unwrap();
//! assert_eq!((s.k(), s.n()), (2, 4));
//! assert!("0/4".parse::<Shard>().is_err() && "5/4".parse::<Shard>().is_err());
//! // Every file belongs to exactly one shard.
//! let owners = (1..=4)
//!     .filter(|k| format!("{k}/4").parse::<Shard>().unwrap().owns_file("a/b.pgn", 10))
//!     .count();
//! assert_eq!(owners, 1);
//! ```

use serde::{Deserialize, Serialize};
use std::path::Path;

/// Chunks of a shared file that go to one shard in a row, at most (a slice: about 1 MiB
/// of plain games).
pub const SLICE_CHUNKS: usize = 16;

/// Files at least this large are shared by their games (`--shard-split`, 64 MiB).
pub const DEFAULT_SPLIT: u64 = 64 << 20;

/// The K-th of N shards of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 1-based.
    k: u32,
    n: u32,
    /// Files of this many bytes or more are shared by their games.
    split: u64,
}

/// Why `--shard` cannot be read: it is `K/N` with 1 ≤ K ≤ N.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadShard(pub String);

impl std::str::FromStr for Shard {
    type Err = BadShard;

    fn from_str(s: &str) -> Result<Shard, BadShard> {
        let bad = || BadShard(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u32 = k.trim().parse().map_err(|_| bad())?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard {
            k,
            n,
            split: DEFAULT_SPLIT,
        })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// FNV-1a, 64 bits: a hash that never changes with the platform or the Rust version.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Shard {
    /// K, from 1.
    pub fn k(self) -> u32 {
        self.k
    }

    /// N.
    pub fn n(self) -> u32 {
        self.n
    }

    /// The same shard, sharing by their games the files of `bytes` or more.
    pub fn with_split(self, bytes: u64) -> Shard {
        Shard {
            split: bytes.max(1),
            ..self
        }
    }

    /// The size from which a file is shared by its games.
    pub fn split(self) -> u64 {
        self.split
    }

    /// The shard, 0-based, a path's hash starts from.
    fn home(self, path: &str) -> u64 {
        fnv(path.as_bytes()) % u64::from(self.n)
    }

    /// True when a file of `size` bytes is shared by its games.
    pub fn shares(self, size: u64) -> bool {
        self.n > 1 && size >= self.split
    }

    /// True when this shard checks the whole file `path` (named as the walk names it) of
    /// `size` bytes; false for a file of another shard, and for a shared file.
    pub fn owns_file(self, path: &str, size: u64) -> bool {
        !self.shares(size) && self.home(path) == u64::from(self.k - 1)
    }

    /// Chunks of a shared file that go to one shard in a row: [`SLICE_CHUNKS`], or one
    /// per MiB of the split size when that is smaller (a small split size asks for a fine
    /// share).
    pub fn slice(self) -> usize {
        usize::try_from(self.split >> 20)
            .unwrap_or(SLICE_CHUNKS)
            .clamp(1, SLICE_CHUNKS)
    }

    /// True when this shard checks chunk `index` of the shared file `path`.
    pub fn owns_chunk(self, path: &str, index: usize) -> bool {
        let slice = (index / self.slice()) as u64;
        (self.home(path) + slice) % u64::from(self.n) == u64::from(self.k - 1)
    }
}

/// A stable fingerprint of the walked inputs, in order: every shard of one run walks the
/// same files, and the merge checks that they did.
pub fn inputs_fingerprint(names: &[impl AsRef<Path>]) -> String {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for n in names {
        for &b in n
            .as_ref()
            .as_os_str()
            .as_encoded_bytes()
            .iter()
            .chain(b"\n")
        {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}-{}", names.len())
}

/// The `"shard"` key of a part's row: where the row stands in the whole run, and its CSV
/// cells.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RowPlace {
    /// The file's index in the walk.
    pub file: usize,
    /// The chunk's index in the file.
    pub chunk: usize,
    /// The row's index among the chunk's rows.
    pub row: usize,
    /// The row's CSV cells after `file,game` (`,` between them).
    pub csv: String,
}

/// The last line of a part: `{"arbitro_part": {…}}`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Trailer {
    /// K, from 1.
    pub shard: u32,
    /// N.
    pub of: u32,
    /// Files the walk found (in every shard).
    pub files: usize,
    /// [`inputs_fingerprint`] of the walked files.
    pub inputs: String,
    /// The file size from which files were shared by their games.
    pub split: u64,
    /// The longest game read (`--max-game`): the chunks depend on it.
    pub max_game: usize,
    /// Files of this shard that held no game (only comments): one run says so, and so
    /// does the merge.
    pub no_game: Vec<String>,
}

/// The line that holds a [`Trailer`].
#[derive(Debug, Serialize, Deserialize)]
pub struct TrailerLine {
    /// The trailer.
    pub arbitro_part: Trailer,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fixed_forever() {
        // FNV-1a test vectors: a shard's files must not move with a new Rust.
        assert_eq!(fnv(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn every_chunk_of_a_shared_file_has_one_shard_and_slices_take_turns() {
        let shards: Vec<Shard> = (1..=3)
            .map(|k| {
                format!("{k}/3")
                    .parse::<Shard>()
                    .unwrap()
                    .with_split(100 << 20)
            })
            .collect();
        assert!(shards[0].shares(100 << 20) && !shards[0].shares((100 << 20) - 1));
        assert_eq!(shards[0].slice(), SLICE_CHUNKS);
        assert_eq!(shards[0].with_split(3000).slice(), 1);
        let mut counts = [0; 3];
        for index in 0..SLICE_CHUNKS * 30 {
            let owners: Vec<usize> = (0..3)
                .filter(|&i| shards[i].owns_chunk("big.pgn", index))
                .collect();
            assert_eq!(owners.len(), 1, "chunk {index}");
            counts[owners[0]] += 1;
            // No shard checks a shared file whole.
            assert!(!shards[owners[0]].owns_file("big.pgn", 100 << 20));
        }
        assert_eq!(counts, [SLICE_CHUNKS * 10; 3]);
        // One shard: nothing is shared.
        let one: Shard = "1/1".parse().unwrap();
        assert!(one.owns_file("big.pgn", u64::MAX));
    }

    #[test]
    fn bad_shards_are_refused() {
        for bad in ["", "1", "1/0", "0/0", "3/2", "-1/2", "a/b", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(" 2 / 3 ".parse::<Shard>().unwrap().to_string(), "2/3");
    }
}
