//! The classical parser (tags, tokens, moves) on arbitrary bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(d) = arbitro::decode::decode(data) {
        for g in arbitro::notation::classical::games(&d.text) {
            for t in &g.tokens {
                if t.kind() == arbitro::notation::classical::TokenKind::Move {
                    let m = g.word(t);
                    let _ = arbitro::notation::san::parse_move(m, arbitro::notation::san::Notation::Italian);
                    let _ = arbitro::notation::san::parse_move(m, arbitro::notation::san::Notation::English);
                }
            }
        }
    }
});
