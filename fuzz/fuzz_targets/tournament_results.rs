//! A tournament's games with their results (issue 25): arbitrary text as a game file read
//! the way `tournament standings` reads it (`read_games`: tags, [Risultato], [Terminazione]),
//! then ranked in a fixed two-group tournament, so that a result the reader lets through
//! reaches the standings, the lots and the JSON.
#![no_main]
use libfuzzer_sys::fuzz_target;

const TOURNAMENT: &str = "nome = \"Fuzz\"\nsorteggio = 7\ngiocatori = [\"Rossi Anna\", \"Bianchi Luca\", \"Verdi Marco\", \"Neri Sara\"]\n";

fuzz_target!(|data: &[u8]| {
    use arbitro::classical::ReplayOptions;
    use arbitro::tournament::{file::Tournament, games, standings};
    let text = String::from_utf8_lossy(data);
    let Ok(t) = Tournament::parse(TOURNAMENT) else {
        return;
    };
    let read = games::read_games("fuzz.pgn", &text, false, &ReplayOptions::default());
    let opts = standings::Options { seed: Some(7) };
    let s = standings::standings(&t, &read, opts, "fuzz.toml");
    let _ = arbitro::report::tournament::json::json(&s, &[], arbitro::lang::Lang::It);
});
