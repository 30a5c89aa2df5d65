//! The speed guard (issue 33): instructions per game of `arbitro batch --quiet --jobs 1`
//! on the 980 real games of `../shared/data/pgn` (files in name order, CR removed, as in
//! `benches/measure.sh`), counted by callgrind over the whole process, against the figure
//! recorded in `benches/guard.txt`. More than 5% above it fails, loudly.
//!
//! `cargo bench --bench guard` (needs valgrind). Instruction counts do not depend on what
//! else the machine runs, so the guard holds on a busy machine too.
//!
//! To record a new figure on purpose (a change that must cost, or one that saved and should
//! be held to it): `GUARD_RECORD=1 cargo bench --bench guard`, and commit `benches/guard.txt`
//! with the reason in the message.

use std::path::{Path, PathBuf};
use std::process::Command;

const GAMES: u64 = 980;
const TOLERANCE: f64 = 1.05;

fn archive(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).expect("target/guard");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
    let mut paths: Vec<_> = std::fs::read_dir(src)
        .expect("../shared/data/pgn")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut one = Vec::new();
    for p in paths {
        one.extend(
            std::fs::read(p)
                .expect("read")
                .into_iter()
                .filter(|&b| b != b'\r'),
        );
        one.extend(b"\n\n");
    }
    let pgn = dir.join("one.pgn");
    std::fs::write(&pgn, one).expect("write the archive");
    pgn
}

/// Instructions of the whole run under callgrind.
fn instructions(dir: &Path, pgn: &Path) -> u64 {
    let out = dir.join("callgrind.out");
    let run = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(env!("CARGO_BIN_EXE_arbitro"))
        .args(["batch", "--quiet", "--jobs", "1"])
        .arg(pgn)
        .output()
        .unwrap_or_else(|e| panic!("SPEED GUARD: cannot run valgrind ({e}); install it"));
    assert!(
        matches!(run.status.code(), Some(0 | 1)),
        "SPEED GUARD: arbitro batch failed under valgrind: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).expect("callgrind's output");
    text.lines()
        .find_map(|l| {
            l.strip_prefix("totals: ")
                .or_else(|| l.strip_prefix("summary: "))
        })
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("callgrind's total")
}

fn recorded(text: &str) -> u64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix("instructions_per_game = "))
        .and_then(|v| v.trim().parse().ok())
        .expect("benches/guard.txt: a line `instructions_per_game = N`")
}

fn main() {
    // `cargo bench` passes `--bench`; a filter that does not name the guard skips it.
    if std::env::args()
        .skip(1)
        .any(|a| !a.starts_with('-') && !"guard".contains(&a))
    {
        return;
    }
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/guard"));
    let pgn = archive(&dir);
    let per_game = instructions(&dir, &pgn) / GAMES;
    let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/guard.txt"));
    let text = std::fs::read_to_string(file).expect("benches/guard.txt");
    if std::env::var_os("GUARD_RECORD").is_some() {
        let kept: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
        let new = format!("{}\ninstructions_per_game = {per_game}\n", kept.join("\n"));
        std::fs::write(file, new).expect("write benches/guard.txt");
        println!("speed guard: recorded {per_game} instructions per game in benches/guard.txt");
        return;
    }
    let figure = recorded(&text);
    let ratio = per_game as f64 / figure as f64;
    println!(
        "speed guard: {per_game} instructions per game, {:+.1}% against the recorded {figure}",
        (ratio - 1.0) * 100.0
    );
    if ratio > TOLERANCE {
        eprintln!(
            "\n!!! SPEED GUARD FAILED: arbitro batch now takes {per_game} instructions per game, \
             {:.1}% above the {figure} recorded in benches/guard.txt (at most 5% is allowed).\n\
             !!! Find the change that costs (benches/measure.sh stages), or, if the cost is \
             meant, record it: GUARD_RECORD=1 cargo bench --bench guard, and say why in the \
             commit.\n",
            (ratio - 1.0) * 100.0
        );
        std::process::exit(1);
    }
    if ratio < 1.0 / TOLERANCE {
        println!(
            "speed guard: more than 5% below the figure; hold the gain: GUARD_RECORD=1 cargo \
             bench --bench guard"
        );
    }
}
