//! The set-up file parser (formats.md §2) on arbitrary text; a set-up it accepts is then
//! used for a real game, so that the replay starts from whatever it let through.
#![no_main]
use libfuzzer_sys::fuzz_target;

const GAME: &str = include_str!("../../samples/superscacchi/leoni-tigri-partita1.txt");

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(setup) = arbitro::superscacchi::setup::Setup::parse(&text) {
        let given = arbitro::verify::SetupChoice::Given(&setup);
        let r = arbitro::verify::verify_superscacchi("fuzz", GAME, false, given);
        let _ = arbitro::report::game::json::render(&[r], arbitro::lang::Lang::En);
    }
});
