//! `arbitro batch` on an archive of the 980 real games repeated to at least 100 MB (plus
//! generated SuperScacchi games), timed in one run against pgn-reader + shakmaty (one
//! thread, in process) and `pgn-extract -r` (Debian package `pgn-extract`) on the same PGN,
//! with arbitro's peak memory; and the same archive packed with zstd, against the plain one
//! (issue 32: a `.zst` archive within 15% of the plain one).
//!
//! `cargo build --release && cargo bench --bench batch`

use pgn_reader::Reader;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod reference;
use reference::Validator;

fn archive(dir: &Path) -> PathBuf {
    let pgn = dir.join("archive.pgn");
    if pgn.metadata().is_ok_and(|m| m.len() >= 100 << 20) {
        return pgn;
    }
    std::fs::create_dir_all(dir.join("superscacchi")).expect("bench dir");
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
    let mut paths: Vec<_> = std::fs::read_dir(src)
        .expect("shared/data/pgn")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut one = Vec::new();
    for p in paths {
        one.extend(std::fs::read(p).expect("read"));
        one.extend(b"\n\n");
    }
    let mut f = std::io::BufWriter::new(std::fs::File::create(&pgn).expect("create"));
    let mut written = 0;
    while written < 100 << 20 {
        f.write_all(&one).expect("write");
        written += one.len();
    }
    f.flush().expect("flush");
    let setup = arbitro::superscacchi::setup::Setup::builtin("assedio-corto").expect("built in");
    for seed in 0..40 {
        let g = arbitro::superscacchi::selfplay::generate(&setup, seed, 800);
        let text = g.to_text(&arbitro::superscacchi::selfplay::header(seed));
        std::fs::write(dir.join(format!("superscacchi/g{seed:03}.txt")), text).expect("write");
    }
    pgn
}

/// Runs a command under /usr/bin/time -v: wall time and peak memory (KiB).
fn timed(cmd: &mut Command) -> (Duration, Option<u64>, bool) {
    let t = Instant::now();
    let out = cmd.output().expect("runs");
    let wall = t.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    let rss = err
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok());
    (
        wall,
        rss,
        out.status.success() || out.status.code() == Some(1),
    )
}

/// The archive packed with zstd (level 3, a 256 KiB window: the 980 games repeat every
/// 0.65 MB, which a larger window would fold into a few hundred KB, unlike a real
/// archive), in a folder beside the bench's, so that the run on the whole folder stays
/// the plain archive's.
fn packed(pgn: &Path, dir: &Path) -> PathBuf {
    let folder = dir.with_file_name("bench-archive-packed");
    let zst = folder.join("archive.pgn.zst");
    if zst.exists() {
        return zst;
    }
    std::fs::create_dir_all(&folder).expect("bench dir");
    let mut plain = std::fs::File::open(pgn).expect("archive");
    let out = std::fs::File::create(&zst).expect("create");
    let mut enc = zstd::stream::Encoder::new(out, 3).expect("zstd");
    enc.window_log(18).expect("zstd window");
    std::io::copy(&mut plain, &mut enc).expect("zstd");
    enc.finish().expect("zstd");
    zst
}

fn main() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/bench-archive"));
    let pgn = archive(&dir);
    let mb = pgn.metadata().unwrap().len() as f64 / 1e6;
    let exe = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/arbitro");
    println!(
        "archive: {mb:.0} MB of PGN ({}), plus 40 SuperScacchi games",
        pgn.display()
    );

    // The machine may be shared: each contender runs ROUNDS times (default 5), the runs
    // interleaved so that noise hits all alike, and the best run of each counts; the
    // one-thread ratio of each round is printed too (its median, and the rounds won).
    // pgn-extract, ten times slower, runs twice at most.
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let reference = || {
        let t = Instant::now();
        let mut games = 0;
        let mut reader = Reader::new(std::fs::File::open(&pgn).unwrap());
        while let Some(ok) = reader.read_game(&mut Validator).unwrap() {
            games += usize::from(ok);
        }
        (t.elapsed(), games)
    };
    let report = dir.join("report.csv");
    let arbitro = |jobs: &str, with_report: bool| {
        let mut cmd = Command::new("/usr/bin/time");
        cmd.args(["-v", exe, "batch", "--quiet", "--jobs", jobs]);
        if with_report {
            cmd.arg("--report").arg(&report);
        }
        let (wall, rss, ok) = timed(cmd.arg(&pgn));
        assert!(ok, "arbitro batch failed");
        (wall, rss.unwrap_or(0))
    };
    let (mut t_ref, mut games) = (Duration::MAX, 0);
    let mut best = [(Duration::MAX, 0u64); 2];
    let mut with_csv = (Duration::MAX, 0u64);
    let mut ratios = Vec::new();
    for _ in 0..rounds {
        let (r, g) = reference();
        (t_ref, games) = (t_ref.min(r), g);
        for (i, jobs) in ["1", "2"].into_iter().enumerate() {
            let (t, rss) = arbitro(jobs, false);
            best[i] = (best[i].0.min(t), best[i].1.max(rss));
            if i == 0 {
                ratios.push(r.as_secs_f64() / t.as_secs_f64());
            }
        }
        let (t, rss) = arbitro("1", true);
        with_csv = (with_csv.0.min(t), with_csv.1.max(rss));
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "  pgn-reader + shakmaty, 1 thread : {:>7.2} s  {:>8.0} games/s  ({games} games; best of {rounds})",
        t_ref.as_secs_f64(),
        games as f64 / t_ref.as_secs_f64()
    );
    let mut rows = Vec::new();
    for (jobs, (wall, rss)) in ["1", "2"].into_iter().zip(best) {
        println!(
            "  arbitro batch, {jobs} thread(s)     : {:>7.2} s  {:>8.0} games/s  peak {:.0} MB  ({:.2}x the reference)",
            wall.as_secs_f64(),
            games as f64 / wall.as_secs_f64(),
            rss as f64 / 1024.0,
            t_ref.as_secs_f64() / wall.as_secs_f64()
        );
        rows.push(wall);
    }
    println!(
        "  1 thread, round by round        : median {:.2}x the reference, faster in {} of {} rounds",
        ratios[ratios.len() / 2],
        ratios.iter().filter(|&&r| r > 1.0).count(),
        ratios.len()
    );
    println!(
        "  arbitro 2 threads / 1 thread    : {:.2}x",
        rows[0].as_secs_f64() / rows[1].as_secs_f64()
    );
    println!(
        "  arbitro batch, 1 thread, --report FILE.csv: {:.2} s  peak {:.0} MB  ({:.2}x the reference)",
        with_csv.0.as_secs_f64(),
        with_csv.1 as f64 / 1024.0,
        t_ref.as_secs_f64() / with_csv.0.as_secs_f64()
    );
    let zst = packed(&pgn, &dir);
    let mut t_zst = Duration::MAX;
    for _ in 0..rounds.min(3) {
        let (t, _, ok) = timed(
            Command::new("/usr/bin/time")
                .args(["-v", exe, "batch", "--quiet", "--jobs", "1"])
                .arg(&zst),
        );
        assert!(ok, "arbitro batch failed on the packed archive");
        t_zst = t_zst.min(t);
    }
    println!(
        "  arbitro batch, 1 thread, .pgn.zst ({:.1} MB): {:.2} s  ({:+.0}% against the plain archive)",
        zst.metadata().unwrap().len() as f64 / 1e6,
        t_zst.as_secs_f64(),
        (t_zst.as_secs_f64() / rows[0].as_secs_f64() - 1.0) * 100.0
    );
    let extract = Path::new("/usr/games/pgn-extract");
    if extract.exists() {
        let mut wall = Duration::MAX;
        for _ in 0..rounds.min(2) {
            let t = Instant::now();
            let out = Command::new(extract)
                .args(["-r", "-s"])
                .arg(&pgn)
                .output()
                .expect("pgn-extract runs");
            wall = wall.min(t.elapsed());
            let _ = out;
        }
        println!(
            "  pgn-extract -r                  : {:>7.2} s  (arbitro, 2 threads, is {:.1}x faster)",
            wall.as_secs_f64(),
            wall.as_secs_f64() / rows[1].as_secs_f64()
        );
    } else {
        println!("  pgn-extract: not installed (apt-get install pgn-extract)");
    }
    let (wall, rss, _) = timed(
        Command::new("/usr/bin/time")
            .args(["-v", exe, "batch", "--quiet"])
            .arg(&dir),
    );
    println!(
        "  arbitro batch on the whole folder (both variants): {:.2} s, peak {:.0} MB",
        wall.as_secs_f64(),
        rss.unwrap_or(0) as f64 / 1024.0
    );
}
