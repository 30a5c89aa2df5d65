//! `batch merge` reads files from the outside like any input: a part of random bytes, or a
//! real part with one byte changed, cut short or with lines swapped, is refused or merged,
//! never a panic, and a part that merges gives rows in the run's order.

use arbitro::batch::{
    self, BatchOptions, JsonlSink, MergeOutput, Row, Shard, Sink, Trailer, TrailerLine,
};
use proptest::prelude::*;
use std::path::PathBuf;

/// The one part of a 1/1 shard run over the classical samples, trailer included.
fn real_part() -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples/classical");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let shard: Shard = "1/1".parse().unwrap();
    let opts = BatchOptions {
        jsonl: true,
        shard: Some(shard),
        ..BatchOptions::default()
    };
    let mut out = Vec::new();
    {
        let mut sink = JsonlSink::part(&mut out);
        let mut sinks: Vec<&mut (dyn Sink + Send)> = vec![&mut sink];
        batch::run(&files, &opts, &|_, _| {}, &mut sinks).unwrap();
    }
    let trailer = TrailerLine {
        arbitro_part: Trailer {
            shard: 1,
            of: 1,
            files: files.len(),
            inputs: batch::inputs_fingerprint(&files),
            split: shard.split(),
            max_game: opts.max_line,
            no_game: Vec::new(),
        },
    };
    out.extend(serde_json::to_string(&trailer).unwrap().bytes());
    out.push(b'\n');
    out
}

/// Merges `bytes` as the one part: the rows, or `None` when refused.
fn merged(bytes: &[u8], name: &str) -> Option<Vec<Row>> {
    let path = std::env::temp_dir().join(format!("arbitro-merge-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let mut rows: Vec<Row> = Vec::new();
    let result = {
        let mut sinks: Vec<&mut (dyn Sink + Send)> = vec![&mut rows];
        batch::merge(
            std::slice::from_ref(&path),
            MergeOutput {
                csv_delimiter: b';',
            },
            &mut sinks,
        )
    };
    let _ = std::fs::remove_file(&path);
    result.ok().map(|_| rows)
}

fn in_order(rows: &[Row]) -> bool {
    rows.windows(2)
        .all(|w| (w[0].file_index, w[0].chunk) <= (w[1].file_index, w[1].chunk))
}

#[test]
fn the_real_part_merges_whole() {
    let part = real_part();
    let rows = merged(&part, "whole").expect("a real part merges");
    assert_eq!(rows.len(), part.iter().filter(|&&b| b == b'\n').count() - 1);
    assert!(in_order(&rows));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_bytes_are_refused_not_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        prop_assert!(merged(&bytes, "random").is_none_or(|r| r.is_empty()));
    }

    #[test]
    fn a_damaged_part_is_refused_or_merged_in_order(at in any::<prop::sample::Index>(), byte in any::<u8>(), cut in any::<prop::sample::Index>(), swap in any::<prop::sample::Index>()) {
        let part = real_part();
        let mut changed = part.clone();
        let i = at.index(changed.len());
        changed[i] = byte;
        if let Some(rows) = merged(&changed, "byte") {
            prop_assert!(in_order(&rows));
        }
        let short = &part[..cut.index(part.len())];
        prop_assert!(merged(short, "cut").is_none());
        let mut lines: Vec<&[u8]> = part.split_inclusive(|&b| b == b'\n').collect();
        let j = swap.index(lines.len() - 2);
        lines.swap(j, j + 1);
        let swapped: Vec<u8> = lines.concat();
        prop_assert!(merged(&swapped, "swap").is_none());
    }
}
