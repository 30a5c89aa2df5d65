//! The whole classical check (decode, parse, replay, reports) on arbitrary bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(reports) = arbitro::verify::verify_bytes("fuzz", data, &Default::default()) {
        let _ = arbitro::report::game::json::render(&reports, arbitro::lang::Lang::En);
        let _ = arbitro::report::game::csv::render(&reports);
    }
});
