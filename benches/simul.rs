//! `arbitro simul` on an exhibition of 1,000 boards against `arbitro batch` on the same
//! games (issue 30: a simul runs in about the time `batch` takes). The boards are the real
//! games of `../shared/data/pgn` (repeated to 1,000), one file each, the master's name
//! written as White on every board; both commands read the same folder.
//!
//! `cargo build --release && cargo bench --bench simul`
//!
//! Each command runs `ROUNDS` times (default 5) and the fastest run counts (the machine may
//! be shared). With `CALLGRIND=1` each also runs once under `valgrind --tool=callgrind`,
//! whose instruction counts do not depend on what else the machine is doing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const BOARDS: usize = 1000;
const MASTER: &str = "Rossi, Mario";

/// The real games, each as its own text (cut at `[Event `).
fn real_games() -> Vec<String> {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
    let mut paths: Vec<_> = std::fs::read_dir(src)
        .expect("shared/data/pgn")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut games = Vec::new();
    for p in paths {
        let bytes = std::fs::read(p).expect("read");
        let text = String::from_utf8_lossy(&bytes).replace("\r\n", "\n");
        for g in text.split("\n[Event ").filter(|g| !g.trim().is_empty()) {
            let g = if g.starts_with("[Event ") {
                g.to_string()
            } else {
                format!("[Event {g}")
            };
            games.push(g);
        }
    }
    games
}

/// One board: the game with the master as White and its board number.
fn as_board(game: &str, n: usize) -> String {
    let mut out = format!("[Maestro \"{MASTER}\"]\n[Scacchiera \"{n}\"]\n");
    for line in game.lines() {
        if line.starts_with("[White ") {
            out.push_str(&format!("[White \"{MASTER}\"]\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn exhibition(dir: &Path) -> PathBuf {
    let boards = dir.join("boards");
    if boards.join(format!("{BOARDS}.pgn")).exists() {
        return boards;
    }
    std::fs::create_dir_all(&boards).expect("bench dir");
    let games = real_games();
    for n in 1..=BOARDS {
        let g = &games[(n - 1) % games.len()];
        std::fs::write(boards.join(format!("{n}.pgn")), as_board(g, n)).expect("write");
    }
    boards
}

fn fastest(rounds: usize, cmd: &mut dyn FnMut() -> Command) -> Duration {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            let out = cmd().output().expect("runs");
            let code = out.status.code();
            assert!(
                matches!(code, Some(0 | 1)),
                "{code:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Instructions counted by callgrind for one run (all threads).
fn instructions(args: &[&str], exe: &str) -> Option<u64> {
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null", exe])
        .args(args)
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&out.stderr);
    err.lines()
        .find_map(|l| {
            l.split_once("Collected : ")
                .map(|(_, n)| n.trim().to_string())
        })
        .and_then(|n| n.parse().ok())
}

fn main() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/bench-simul"));
    let boards = exhibition(&dir);
    let exe = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/arbitro");
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let b = boards.to_str().expect("a UTF-8 path");
    let report = dir.join("batch.jsonl");
    let r = report.to_str().expect("a UTF-8 path");
    // batch's summary alone, batch writing every game's report, and the simul's JSON.
    let runs: [(&str, Vec<&str>); 3] = [
        ("batch", vec!["batch", b, "--quiet"]),
        (
            "batch --report jsonl",
            vec!["batch", b, "--quiet", "--report", r],
        ),
        ("simul --format json", vec!["simul", b, "--format", "json"]),
    ];
    println!("exhibition: {BOARDS} boards, one file each ({b})");
    let times: Vec<Duration> = runs
        .iter()
        .map(|(_, args)| {
            fastest(rounds, &mut || {
                let mut c = Command::new(exe);
                c.args(args);
                c
            })
        })
        .collect();
    let base = times[0].as_secs_f64().max(1e-9);
    for ((name, _), t) in runs.iter().zip(&times) {
        println!(
            "{name:22} {:.3} s (fastest of {rounds}; {:.2} × batch)",
            t.as_secs_f64(),
            t.as_secs_f64() / base
        );
    }
    if std::env::var_os("CALLGRIND").is_some() {
        let counts: Vec<Option<u64>> = runs.iter().map(|(_, a)| instructions(a, exe)).collect();
        let base = counts[0].unwrap_or(1) as f64;
        for ((name, _), n) in runs.iter().zip(counts) {
            match n {
                Some(n) => println!(
                    "{name:22} {n} instructions ({:.2} × batch)",
                    n as f64 / base
                ),
                None => println!("{name:22} valgrind did not run"),
            }
        }
    }
}
