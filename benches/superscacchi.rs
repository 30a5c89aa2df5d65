//! SuperScacchi replay speed, one thread, over generated games (event classification
//! included), and the whole `arbitro verify` process on a 100-round game.
//!
//! `cargo bench --bench superscacchi`

use arbitro::notation::superscacchi::{parse, prepare};
use arbitro::superscacchi::replay::replay;
use arbitro::superscacchi::selfplay::{generate, header};
use arbitro::superscacchi::setup::Setup;
use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

fn main() {
    let setup = Setup::builtin("assedio-corto").expect("built in");
    let games: Vec<String> = (0..24)
        .map(|seed| generate(&setup, seed, 800).to_text(&header(seed)))
        .collect();
    let prepared: Vec<String> = games.iter().map(|g| prepare(g)).collect();
    let parsed: Vec<_> = prepared.iter().map(|t| parse(t)).collect();
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let mut best = Duration::MAX;
    let mut plies = 0u64;
    for _ in 0..rounds {
        let t = Instant::now();
        plies = parsed
            .iter()
            .map(|g| u64::from(black_box(replay(g, &setup)).plies))
            .sum();
        best = best.min(t.elapsed());
    }
    println!(
        "superscacchi replay, one thread, {} generated games, best of {rounds}",
        parsed.len()
    );
    println!(
        "  {plies} plies in {:.1} ms: {:.0} plies/s",
        best.as_secs_f64() * 1e3,
        plies as f64 / best.as_secs_f64()
    );
    // The whole process on one 100-round game (800 plies), as a judge runs it.
    let exe = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/arbitro");
    if std::path::Path::new(exe).exists() {
        let file = std::env::temp_dir().join("arbitro-bench-100-rounds.txt");
        std::fs::write(&file, &games[0]).expect("temp file");
        let mut best = Duration::MAX;
        for _ in 0..20 {
            let t = Instant::now();
            let out = Command::new(exe)
                .args(["verify", "--format", "json"])
                .arg(&file)
                .output()
                .expect("runs");
            best = best.min(t.elapsed());
            assert!(out.status.success());
        }
        println!(
            "  arbitro verify (whole process, 800 plies): {:.1} ms",
            best.as_secs_f64() * 1e3
        );
        // The contest, from command to written document (issue 4: under 50 ms).
        let text = games[0].replacen(
            "[Disposizione",
            "[Fine \"2026-10-17T18:05\"]\n[Risultato \"Leoni: 100, Tigri: 100\"]\n[Disposizione",
            1,
        );
        std::fs::write(&file, text).expect("temp file");
        // arbitro never writes over an existing file: each run writes a new document, taken
        // away before the next (and a name of this process, so that two benches can run).
        let doc =
            std::env::temp_dir().join(format!("arbitro-bench-contest-{}.txt", std::process::id()));
        let mut best = Duration::MAX;
        for _ in 0..20 {
            let _ = std::fs::remove_file(&doc);
            let t = Instant::now();
            let out = Command::new(exe)
                .args(["contest", "--team", "Tigri", "--at", "18:10", "--out"])
                .arg(&doc)
                .arg(&file)
                .output()
                .expect("runs");
            best = best.min(t.elapsed());
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let _ = std::fs::remove_file(&doc);
        println!(
            "  arbitro contest (whole process, 800 plies, document written): {:.1} ms",
            best.as_secs_f64() * 1e3
        );
    } else {
        println!("  (build the release binary to time the whole process: cargo build --release)");
    }
}
