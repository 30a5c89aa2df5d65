//! The SuperScacchi file parser and the R33 move parser on arbitrary text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = arbitro::notation::superscacchi::parse_move(&text);
    let clean = arbitro::notation::superscacchi::prepare(&text);
    let _ = arbitro::notation::superscacchi::parse(&clean);
});
