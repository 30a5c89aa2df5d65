//! Issue 28's bound on the slip diagnosis (R32a): "a 560-ply game with a slip is still
//! diagnosed in well under a second". The sample game of the issue
//! (`samples/superscacchi/leoni-tigri-partita1.txt`, 560 plies) with S's move 5 slipped
//! each way a judge meets it (deleted, deleted with the later lines renumbered, written on
//! SO's sheet, unreadable), and with two slips at once; and the slowest case of session
//! 16's audit (`../shared/conformance/superscacchi/g02-009.txt` with three lines deleted).
//! Each verified in process (best of `ROUNDS`, default 10) and by the whole `arbitro verify
//! --format json` process when the release binary is built. Fails loudly above half a
//! second.
//!
//! `cargo build --release && cargo bench --bench slips`

use arbitro::verify::verify_bytes;
use std::process::Command;
use std::time::{Duration, Instant};

/// Above this a case fails the bench: "well under a second".
const LIMIT: Duration = Duration::from_millis(500);

/// A slip: its kind, the army, the sheet's move number.
type Slip = (&'static str, &'static str, u32);

/// The lines of `army`'s sheet: (index in `lines`, its number).
fn sheet(lines: &[String], army: &str) -> Vec<(usize, u32)> {
    let head = format!("[Esercito \"{army}\"]");
    let start = lines.iter().position(|l| *l == head).expect("the sheet") + 1;
    lines[start..]
        .iter()
        .enumerate()
        .take_while(|(_, l)| !l.starts_with("[Esercito"))
        .filter_map(|(i, l)| Some((start + i, l.split('.').next()?.parse().ok()?)))
        .collect()
}

/// The game with `army`'s move `n` slipped as `kind` says.
fn slipped(text: &str, slips: &[Slip]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for &(kind, army, n) in slips {
        let own = sheet(&lines, army);
        let (at, _) = *own.iter().find(|x| x.1 == n).expect("the line");
        match kind {
            "deleted" => {
                lines.remove(at);
            }
            "renumbered" => {
                for &(i, k) in own.iter().filter(|x| x.1 > n) {
                    lines[i] = lines[i].replacen(&format!("{k}."), &format!("{}.", k - 1), 1);
                }
                lines.remove(at);
            }
            "on SO's sheet" => {
                let line = lines.remove(at);
                let other = sheet(&lines, "SO");
                let after = other.iter().rev().find(|x| x.1 <= n).expect("SO's line").0;
                lines.insert(after + 1, line);
            }
            _ => lines[at] = format!("{n}. nera  _"),
        }
    }
    lines.join("\n") + "\n"
}

fn main() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let sample = format!("{dir}/samples/superscacchi/leoni-tigri-partita1.txt");
    // The slowest case of session 16's audit of the slip diagnosis (issue 28): a
    // conformance game of 486 plies with three lines deleted (O 3, E 14, SE 9).
    let slowest = format!("{dir}/../shared/conformance/superscacchi/g02-009.txt");
    let cases: [(&str, &str, &[Slip]); 7] = [
        (&sample, "S 5 deleted", &[("deleted", "S", 5)]),
        (
            &sample,
            "S 5 deleted, renumbered",
            &[("renumbered", "S", 5)],
        ),
        (&sample, "S 5 on SO's sheet", &[("on SO's sheet", "S", 5)]),
        (&sample, "S 5 unreadable", &[("unreadable", "S", 5)]),
        (
            &sample,
            "S 5, N 40 deleted",
            &[("deleted", "S", 5), ("deleted", "N", 40)],
        ),
        (
            &sample,
            "S 5 renumbered, N 40 deleted",
            &[("renumbered", "S", 5), ("deleted", "N", 40)],
        ),
        (
            &slowest,
            "g02-009 (486 plies), O 3, E 14, SE 9 deleted",
            &[
                ("deleted", "O", 3),
                ("deleted", "E", 14),
                ("deleted", "SE", 9),
            ],
        ),
    ];
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(10);
    let exe = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/arbitro");
    let whole = std::path::Path::new(exe).exists();
    println!("slip diagnosis (R32a), best of {rounds}");
    let mut slow = Vec::new();
    for (file, name, slips) in cases {
        let Ok(text) = std::fs::read_to_string(file) else {
            println!("  {name}: skipped, {file} not found");
            continue;
        };
        let game = slipped(&text, slips);
        let mut best = Duration::MAX;
        let mut said = Vec::new();
        for _ in 0..rounds {
            let t = Instant::now();
            let r = verify_bytes("bench", game.as_bytes(), &Default::default()).expect("read");
            best = best.min(t.elapsed());
            said = r[0].findings.iter().map(|f| f.code.as_str()).collect();
            assert!(r[0].plies() > 0, "{name}: nothing replayed");
        }
        let mut line = format!("  {name}: {:.1} ms in process", best.as_secs_f64() * 1e3);
        let mut worst = best;
        if whole {
            let file = std::env::temp_dir().join("arbitro-bench-slip.txt");
            std::fs::write(&file, &game).expect("temp file");
            let mut best = Duration::MAX;
            for _ in 0..rounds {
                let t = Instant::now();
                let out = Command::new(exe)
                    .args(["verify", "--format", "json"])
                    .arg(&file)
                    .output()
                    .expect("runs");
                best = best.min(t.elapsed());
                assert!(matches!(out.status.code(), Some(0 | 1)), "{name}");
            }
            line += &format!(", {:.1} ms whole process", best.as_secs_f64() * 1e3);
            worst = worst.max(best);
        }
        println!("{line}; findings {said:?}");
        if worst > LIMIT {
            slow.push(name);
        }
    }
    if !whole {
        println!("  (build the release binary to time the whole process: cargo build --release)");
    }
    assert!(slow.is_empty(), "over {LIMIT:?}: {slow:?}");
}
