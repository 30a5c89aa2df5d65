//! The scoring table (TOML, R38–R41) on arbitrary text; a table it accepts must write
//! itself back as the same table, and scores a real game (every event, and the warnings
//! and penalties of the sheet's tags) without overflow.
#![no_main]
use arbitro::superscacchi::score::ScoringTable;
use libfuzzer_sys::fuzz_target;

const GAME: &str = include_str!("../../samples/superscacchi/leoni-tigri-partita1.txt");

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(table) = ScoringTable::from_toml(&text) {
        assert_eq!(ScoringTable::from_toml(&table.to_toml()), Ok(table.clone()));
        let game = GAME.replace(
            "[Ammonimenti \"Leoni: 1, Tigri: 0\"]",
            "[Ammonimenti \"Leoni: 3, Tigri: 2\"]\n[TempoEsaurito \"Tigri\"]\n[Abbandono \"Leoni\"]",
        );
        for text in [GAME, &game] {
            let r =
                arbitro::verify::verify_superscacchi_with(
                "fuzz",
                text,
                false,
                arbitro::verify::SetupChoice::BUILTIN,
                &table,
                &arbitro::superscacchi::time::TimeZone::UTC,
                false,
            );
            let _ = arbitro::report::game::json::render(&[r], arbitro::lang::Lang::En);
        }
    }
});
