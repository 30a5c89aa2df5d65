//! Throughput of classical verification, single thread, against the reference
//! pgn-reader + shakmaty, in one run on the same 980 real games:
//!
//! - reference: pgn-reader's validating visitor (SAN → move → play), as in its examples;
//! - arbitro, PGN form: `verify_classical` on the same bytes (decode, parse with spans,
//!   replay, marks, repetition and end-of-game rules, findings);
//! - arbitro, Italian form: the same games converted to Italian notation first.
//!
//! `cargo bench --bench classical` prints games/s and the ratios.

use arbitro::classical::{ReplayOptions, replay, write::write_game};
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use arbitro::verify::verify_classical;
use pgn_reader::Reader;
use std::hint::black_box;
use std::time::{Duration, Instant};

mod reference;
use reference::Validator;

fn reference(files: &[Vec<u8>]) -> usize {
    let mut n = 0;
    for bytes in files {
        let mut reader = Reader::new(&bytes[..]);
        while let Some(ok) = reader.read_game(&mut Validator).expect("in memory") {
            n += usize::from(ok);
        }
    }
    n
}

fn arbitro_run(files: &[String]) -> usize {
    let options = ReplayOptions::default();
    files
        .iter()
        .map(|t| {
            verify_classical("bench", t, false, &options)
                .iter()
                .filter(|r| r.is_valid())
                .count()
        })
        .sum()
}

/// Best of `rounds` timings of `f`, and its result.
fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..rounds {
        let t = Instant::now();
        let r = black_box(f());
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (best, out.expect("at least one round"))
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("shared/data/pgn beside the repository")
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    let bytes: Vec<Vec<u8>> = paths
        .iter()
        .map(|p| std::fs::read(p).expect("read"))
        .collect();
    let texts: Vec<String> = bytes
        .iter()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect();
    let italian: Vec<String> = texts
        .iter()
        .map(|t| {
            games(t)
                .map(|raw| {
                    write_game(
                        &raw,
                        &replay(&raw, &ReplayOptions::default()),
                        Notation::Italian,
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    let mb = |v: usize| v as f64 / 1e6;
    let pgn_bytes: usize = texts.iter().map(String::len).sum();
    let it_bytes: usize = italian.iter().map(String::len).sum();
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);

    // Interleave the three measurements so that machine noise hits all of them alike.
    let (mut t_ref, mut t_pgn, mut t_it) = (Duration::MAX, Duration::MAX, Duration::MAX);
    let (mut n_ref, mut n_pgn, mut n_it) = (0, 0, 0);
    for _ in 0..3 {
        let (t, n) = time(rounds / 3 + 1, || reference(&bytes));
        (t_ref, n_ref) = (t_ref.min(t), n);
        let (t, n) = time(rounds / 3 + 1, || arbitro_run(&texts));
        (t_pgn, n_pgn) = (t_pgn.min(t), n);
        let (t, n) = time(rounds / 3 + 1, || arbitro_run(&italian));
        (t_it, n_it) = (t_it.min(t), n);
    }
    // Where arbitro's time goes: the parser alone, the replay alone.
    let (t_lex, n_tokens) = time(rounds, || {
        texts
            .iter()
            .map(|t| games(t).map(|g| g.tokens.len()).sum::<usize>())
            .sum::<usize>()
    });
    let parsed: Vec<Vec<_>> = texts.iter().map(|t| games(t).collect()).collect();
    let (t_replay, _) = time(rounds, || {
        parsed
            .iter()
            .flatten()
            .map(|g| replay(g, &ReplayOptions::default()).moves.len())
            .sum::<usize>()
    });
    let games_s = |n: usize, t: Duration| n as f64 / t.as_secs_f64();
    println!("classical verification, one thread, best of {rounds} rounds");
    println!(
        "  reference pgn-reader+shakmaty  {n_ref} games  {:>8.2} ms  {:>9.0} games/s  {:>6.1} MB/s",
        t_ref.as_secs_f64() * 1e3,
        games_s(n_ref, t_ref),
        mb(pgn_bytes) / t_ref.as_secs_f64()
    );
    println!(
        "  arbitro, PGN form              {n_pgn} games  {:>8.2} ms  {:>9.0} games/s  {:>6.1} MB/s",
        t_pgn.as_secs_f64() * 1e3,
        games_s(n_pgn, t_pgn),
        mb(pgn_bytes) / t_pgn.as_secs_f64()
    );
    println!(
        "  arbitro, Italian form          {n_it} games  {:>8.2} ms  {:>9.0} games/s  {:>6.1} MB/s",
        t_it.as_secs_f64() * 1e3,
        games_s(n_it, t_it),
        mb(it_bytes) / t_it.as_secs_f64()
    );
    println!(
        "  arbitro PGN / reference: {:.2}x   Italian / PGN time: {:.2}",
        t_ref.as_secs_f64() / t_pgn.as_secs_f64(),
        t_it.as_secs_f64() / t_pgn.as_secs_f64()
    );
    println!(
        "  breakdown (PGN form): parse {:.2} ms ({n_tokens} tokens), replay {:.2} ms",
        t_lex.as_secs_f64() * 1e3,
        t_replay.as_secs_f64() * 1e3
    );
    assert_eq!(n_pgn, 980);
    assert_eq!(n_it, 980);
}
