//! The tournament file (formats.md §7, TOML) on arbitrary text; a file it accepts is then
//! ranked with no games and with the lots drawn, so that the standings, the lots and the
//! next draw see whatever it let through.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    use arbitro::tournament::{file::Tournament, standings};
    let text = String::from_utf8_lossy(data);
    if let Ok(t) = Tournament::parse(&text) {
        let opts = standings::Options { seed: Some(7) };
        let s = standings::standings(&t, &[], opts, "fuzz.toml");
        let _ = arbitro::report::tournament::json::json(&s, &[], arbitro::lang::Lang::En);
    }
});
