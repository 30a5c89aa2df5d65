//! `reference FILE...`: every game of the PGN files parsed by pgn-reader and each SAN
//! played with shakmaty (benches/reference/mod.rs); prints how many games were read and
//! how many replayed legally.

use pgn_reader::Reader;

#[path = "../../reference/mod.rs"]
mod reference;

fn main() {
    let (mut games, mut valid) = (0u64, 0u64);
    for path in std::env::args_os().skip(1) {
        let file = std::fs::File::open(&path).unwrap_or_else(|e| {
            eprintln!("{}: {e}", path.to_string_lossy());
            std::process::exit(2)
        });
        let mut reader = Reader::new(file);
        while let Some(ok) = reader.read_game(&mut reference::Validator).unwrap_or_else(|e| {
            eprintln!("{}: {e}", path.to_string_lossy());
            std::process::exit(2)
        }) {
            games += 1;
            valid += u64::from(ok);
        }
    }
    println!("{games} games, {valid} replayed legally");
}
