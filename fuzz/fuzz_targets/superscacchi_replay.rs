//! The SuperScacchi replay: a real game's header and sheets with the fuzzer's bytes
//! spliced into one sheet, so that the merge and the replay are reached.
#![no_main]
use libfuzzer_sys::fuzz_target;

const GAME: &str = include_str!("../../samples/superscacchi/leoni-tigri-partita1.txt");

fuzz_target!(|data: &[u8]| {
    let noise = String::from_utf8_lossy(data);
    let at = GAME.find("[Esercito \"N\"]").unwrap_or(GAME.len());
    let text = format!("{}{}\n{}", &GAME[..at], noise, &GAME[at..]);
    let r = arbitro::verify::verify_superscacchi("fuzz", &text, false, arbitro::verify::SetupChoice::BUILTIN);
    let _ = arbitro::report::game::json::render(&[r], arbitro::lang::Lang::En);
});
