//! T16: the playing order and colours of a group, from the Berger tables.
//!
//! Players are numbered 1…k in the group's order (`gironi`); for k odd the tables for
//! k + 1 are used, the highest number being a rest. In round r the highest number n meets
//! p = ((r − 1)·n/2 mod (n − 1)) + 1, with Black in odd rounds and White in even ones;
//! the other tables pair p + j (White) with p − j, counted round 1…n − 1. This gives
//! T16's k = 3 (`2–3`, `1–2`, `3–1`) and k = 4 (`1–4 2–3`, `4–3 1–2`, `2–4 3–1`).

/// One game of a group's round robin: indices into the group (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The round, from 1.
    pub round: usize,
    /// The index in the group of the player proposed White.
    pub white: usize,
    /// The index in the group of the player proposed Black.
    pub black: usize,
}

/// Every game of a group of `k` players in T16's order: round 1 first, within a round
/// the table of the highest number first (left out when it is the rest, k odd).
pub fn pairings(k: usize) -> Vec<Pairing> {
    if k < 2 {
        return Vec::new();
    }
    let n = if k.is_multiple_of(2) { k } else { k + 1 };
    let m = n - 1;
    // 1-based number on the circle 1…m, from any offset.
    let wrap = |x: usize| (x % m) + 1;
    let mut out = Vec::with_capacity(k * (k - 1) / 2);
    for r in 1..n {
        let p = wrap((r - 1) * (n / 2));
        let (w, b) = if !r.is_multiple_of(2) { (p, n) } else { (n, p) };
        let mut push = |w: usize, b: usize| {
            if w <= k && b <= k {
                out.push(Pairing {
                    round: r,
                    white: w - 1,
                    black: b - 1,
                });
            }
        };
        push(w, b);
        for j in 1..n / 2 {
            // p + j and p − j on the circle 1…m.
            push(wrap(p - 1 + j), wrap(p - 1 + m - j));
        }
    }
    out
}

/// How many rounds a group of `k` plays (k odd: one rest each).
pub fn rounds(k: usize) -> usize {
    match k {
        0 | 1 => 0,
        k if k.is_multiple_of(2) => k - 1,
        k => k,
    }
}
