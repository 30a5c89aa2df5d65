//! Scans of a whole block of an archive (issue 33): every byte of the archive goes through
//! them, so they look at `SCAN` bytes at a time with no early exit inside, which the
//! compiler turns into vector code, rather than byte by byte or by a search that stops at
//! every match.

/// Bytes a block's scans look at together: enough for the compiler's vector loop to run
/// long between the summing up of its lanes, few enough to stop soon after a match.
const SCAN: usize = 256;

/// Bytes counted together: a count in a byte cannot pass 255.
const COUNT: usize = 224;

/// Whether `bytes` are all ASCII (then UTF-8), `SCAN` bytes at a time.
pub(super) fn is_ascii(bytes: &[u8]) -> bool {
    bytes
        .chunks(SCAN)
        .all(|c| c.iter().fold(0u8, |high, &b| high | b) < 0x80)
}

/// The first `[` of `bytes` that does not begin a line (neither the first byte nor after a
/// line end): each byte and the one before it, `SCAN` pairs at a time (`memchr` stopped at
/// every tag's `[`, about fifty instructions each).
pub(super) fn bracket_in_line(bytes: &[u8]) -> Option<usize> {
    let inside = |before: u8, b: u8| u8::from(b == b'[') & u8::from(before != b'\n');
    let mut start = 1;
    while start < bytes.len() {
        let end = (start + SCAN).min(bytes.len());
        let (before, here) = (&bytes[start - 1..end - 1], &bytes[start..end]);
        let any = before
            .iter()
            .zip(here)
            .fold(0u8, |any, (&a, &b)| any | inside(a, b));
        if any != 0 {
            let at = before
                .iter()
                .zip(here)
                .position(|(&a, &b)| inside(a, b) != 0);
            return at.map(|i| start + i);
        }
        start = end;
    }
    None
}

/// How many line ends `bytes` hold, `COUNT` bytes at a time (`memchr` stopped at each).
pub(super) fn line_ends(bytes: &[u8]) -> usize {
    bytes
        .chunks(COUNT)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The scans say what the plain loops say, on bytes rich in what they look for.
        #[test]
        fn as_the_plain_loops(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b'['), Just(b'\n'), Just(b'a'), Just(0xC3u8), any::<u8>()],
                0..700,
            )
        ) {
            prop_assert_eq!(is_ascii(&bytes), bytes.is_ascii());
            let plain = (1..bytes.len()).find(|&i| bytes[i] == b'[' && bytes[i - 1] != b'\n');
            prop_assert_eq!(bracket_in_line(&bytes), plain);
            prop_assert_eq!(line_ends(&bytes), bytes.iter().filter(|&&b| b == b'\n').count());
        }
    }
}
