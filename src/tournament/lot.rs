//! T12: the program's lot, which anyone can re-run.
//!
//! A SplitMix64 generator seeded with `SEED XOR fnv1a64(key)` shuffles the players by
//! Fisher–Yates from the end. The key names what is drawn: `F<phase>G<group>P<place>`
//! for a tie, `F<phase>draw` for the groups of a phase (T13).

/// 64-bit FNV-1a of a byte string (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
///
/// ```
/// assert_eq!(arbitro::tournament::lot::fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The SplitMix64 generator of T12.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator with this state.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next number.
    ///
    /// ```
    /// let mut g = arbitro::tournament::lot::SplitMix64::new(0);
    /// assert_eq!(g.next_u64(), 0xe220a8397b1dcdaf);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The key of a tie's lot: `F<phase>G<group>P<place>`, `place` the best place at stake.
pub fn tie_key(phase: u32, group: u32, place: u32) -> String {
    format!("F{phase}G{group}P{place}")
}

/// The key of a phase's draw: `F<phase>draw`.
pub fn draw_key(phase: u32) -> String {
    format!("F{phase}draw")
}

/// Shuffles `items` in place (T12 steps 2 and 3): the generator is seeded with
/// `seed XOR fnv1a64(key)`; for i = m−1 down to 1, j = next() mod (i+1), swap i and j.
pub fn shuffle<T>(items: &mut [T], seed: u64, key: &str) {
    let mut g = SplitMix64::new(seed ^ fnv1a64(key.as_bytes()));
    for i in (1..items.len()).rev() {
        let j = (g.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_vectors() {
        assert_eq!(SplitMix64::new(0).next_u64(), 0xe220a8397b1dcdaf);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
    }

    /// One draw by hand: with SEED = fnv1a64("a") and key "a" the generator starts from 0;
    /// its first numbers are 0xe220a8397b1dcdaf (mod 3 = 1) and 0x6e789e6aa1b965f4
    /// (mod 2 = 0): [A, B, C] → swap 2 and 1 → [A, C, B] → swap 1 and 0 → [C, A, B].
    #[test]
    fn shuffle_by_hand() {
        let mut g = SplitMix64::new(0);
        assert_eq!(g.next_u64(), 0xe220a8397b1dcdaf);
        assert_eq!(g.next_u64(), 0x6e789e6aa1b965f4);
        let mut v = ["A", "B", "C"];
        shuffle(&mut v, fnv1a64(b"a"), "a");
        assert_eq!(v, ["C", "A", "B"]);
    }
}
