//! A tournament's results sheet (T17, issue 29): arbitrary text with the sheet's first tag
//! read the way `tournament standings` reads it (`read_sheet`: tags, `girone | bianco | nero
//! | risultato` lines, names matched to the nearest registered one), then ranked in a fixed
//! two-group tournament, so that whatever the reader lets through reaches the standings,
//! the lots, the JSON and the human report.
#![no_main]
use libfuzzer_sys::fuzz_target;

const TOURNAMENT: &str = "nome = \"Fuzz\"\nsorteggio = 7\ngiocatori = [\"Rossi Anna\", \"Bianchi Luca\", \"Verdi Marco\", \"Neri Sara\"]\n";

fuzz_target!(|data: &[u8]| {
    use arbitro::tournament::{file::Tournament, sheet, standings};
    let body = String::from_utf8_lossy(data);
    let text = format!("[Risultati \"Fuzz\"]\n{body}");
    let Ok(t) = Tournament::parse(TOURNAMENT) else {
        return;
    };
    let read = sheet::read_sheet("fuzz.txt", &text);
    let opts = standings::Options { seed: Some(7) };
    let s = standings::standings(&t, &read.games, opts, "fuzz.toml");
    let _ = arbitro::report::tournament::json::json(&s, &[], arbitro::lang::Lang::It);
    let _ = arbitro::report::tournament::term::human(&s, arbitro::lang::Lang::En);
});
