//! The 980 real master games of `../shared/data/pgn`, read in place.

use arbitro::finding::Severity;
use arbitro::verify::{GameReport, verify_bytes};
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pgn");
    assert!(
        dir.is_dir(),
        "the real games are read in place from {}; clone arbitro beside shared/",
        dir.display()
    );
    dir
}

fn all_games() -> Vec<GameReport> {
    let mut files: Vec<_> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    let mut all = Vec::new();
    for f in files {
        let bytes = std::fs::read(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        all.extend(verify_bytes(&name, &bytes, &Default::default()).unwrap());
    }
    all
}

#[test]
fn all_980_real_games_are_valid_and_agree_with_the_board() {
    let games = all_games();
    assert_eq!(games.len(), 980);
    let invalid: Vec<_> = games
        .iter()
        .filter(|g| !g.is_valid())
        .map(|g| (&g.file, g.game, g.first_error().map(|f| f.message.clone())))
        .collect();
    assert!(invalid.is_empty(), "{invalid:?}");
    // The four zero-move forfeits are valid.
    let forfeits: Vec<_> = games.iter().filter(|g| g.plies() == 0).collect();
    assert_eq!(forfeits.len(), 4);
    assert!(forfeits.iter().all(|g| g.is_valid()));
    // Where the board decides by mate or stalemate, the sheet agrees.
    let mates = games
        .iter()
        .filter(|g| g.ending() == Some("checkmate"))
        .count();
    assert!(mates > 20, "{mates} games end in mate");
    let mismatches: Vec<_> = games
        .iter()
        .filter(|g| {
            g.findings
                .iter()
                .any(|f| f.code.as_str() == "result-mismatch")
        })
        .map(|g| (g.file.as_str(), g.game, g.ending()))
        .collect();
    // One exception, under today's rules only: Zukertort-Steinitz 1886, game 11, repeats
    // the position five times (29...Kf8, ply 57) and plays on; FIDE 9.6.1 (2014) would
    // have ended it as a draw.
    assert_eq!(
        mismatches,
        vec![("WorldChamp1886.pgn", 11, Some("fivefold repetition"))]
    );
    let warnings: usize = games.iter().map(|g| g.count(Severity::Warning)).sum();
    assert_eq!(
        warnings, 2,
        "the 1886 game's move-after-end and result-mismatch"
    );
}
