//! `batch --shard K/N` and `batch merge` (issue 33, direction 7): the parts of a run shared
//! among shards put together give exactly the reports of one run, and a part that is not
//! one of them is refused with nothing written.

use crate::common::{Arbitro, Scratch, stderr, stdout};
use std::path::Path;

/// An archive of both variants: the samples, the 980 master games in one file (shared by
/// its games when the split size is small), and files that cannot be checked: binary,
/// empty, truncated, a file of comments only.
fn archive(dir: &Path) {
    let root = crate::common::root();
    for sub in ["classical", "superscacchi"] {
        let to = dir.join(sub);
        std::fs::create_dir_all(&to).unwrap();
        for e in std::fs::read_dir(root.join("samples").join(sub)).unwrap() {
            let e = e.unwrap();
            if e.file_type().unwrap().is_file() {
                std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
            }
        }
    }
    let mut all = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(root.join("../shared/data/pgn"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for p in names {
        all.extend(std::fs::read(p).unwrap());
        all.extend(b"\n\n");
    }
    std::fs::write(dir.join("maestri.pgn"), all).unwrap();
    for bad in ["archive.pgn", "empty.pgn", "truncated.pgn"] {
        std::fs::copy(root.join("tests/bad-inputs").join(bad), dir.join(bad)).unwrap();
    }
    std::fs::write(dir.join("note.pgn"), "% solo commenti\n% nessuna partita\n").unwrap();
}

fn arbitro(dir: &Path, args: &[&str]) -> std::process::Output {
    Arbitro::new().dir(dir).run(args)
}

/// Runs the N shards with `split`, then the merge into CSV and JSON Lines.
fn shards_and_merge(dir: &Path, n: u32, split: &str) -> std::process::Output {
    for k in 1..=n {
        let part = format!("parte-{k}.jsonl");
        let o = arbitro(
            dir,
            &[
                "batch",
                "archivio",
                "--shard",
                &format!("{k}/{n}"),
                "--shard-split",
                split,
                "--report",
                &part,
                "--quiet",
                "--jobs",
                "2",
            ],
        );
        // Which shard meets the broken files depends on their paths' hash: 1 or 2.
        assert!(matches!(o.status.code(), Some(0..=2)), "{}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    }
    let mut args = vec!["batch", "merge"];
    let parts: Vec<String> = (1..=n).rev().map(|k| format!("parte-{k}.jsonl")).collect();
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--report", "tutto.csv", "--report", "tutto.jsonl"]);
    arbitro(dir, &args)
}

#[test]
fn four_shards_merged_are_one_run() {
    let dir = Scratch::new("shard", "four");
    archive(&dir.join("archivio"));
    let one = arbitro(
        &dir,
        &[
            "batch",
            "archivio",
            "--report",
            "uno.csv",
            "--report",
            "uno.jsonl",
            "--quiet",
        ],
    );
    assert_eq!(one.status.code(), Some(2), "{}", stderr(&one));
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    // The master games' file is shared by its games (split 64 KiB), then kept whole.
    for split in ["65536", "67108864"] {
        let merged = shards_and_merge(&dir, 4, split);
        assert_eq!(
            merged.status.code(),
            one.status.code(),
            "{}",
            stderr(&merged)
        );
        assert_eq!(read("tutto.csv"), read("uno.csv"), "split {split}");
        assert_eq!(read("tutto.jsonl"), read("uno.jsonl"), "split {split}");
        // The same summary table, but for the time it took.
        let table = |o: &std::process::Output| {
            stdout(o)
                .lines()
                .map(|l| l.split('┆').take(6).collect::<String>())
                .collect::<Vec<_>>()
        };
        assert_eq!(table(&merged), table(&one));
        // The same problems said on standard error, the file of comments among them.
        let said = |o: &std::process::Output| {
            let mut l: Vec<String> = stderr(o).lines().map(str::to_string).collect();
            l.sort();
            l
        };
        assert_eq!(said(&merged), said(&one));
        assert!(stderr(&merged).contains("archivio/note.pgn: no game found"));
    }
    // With a 64 KiB split the 980 games really were shared: rows of that file in 4 parts.
    let merged = shards_and_merge(&dir, 4, "65536");
    assert_eq!(merged.status.code(), Some(2));
    let with_masters = (1..=4)
        .filter(|k| read(&format!("parte-{k}.jsonl")).contains("\"file\":\"archivio/maestri.pgn\""))
        .count();
    assert_eq!(with_masters, 4);
    // The merged CSV for a spreadsheet is the one run's, with `;` and a BOM.
    let o = arbitro(
        &dir,
        &[
            "batch",
            "merge",
            "parte-1.jsonl",
            "parte-2.jsonl",
            "parte-3.jsonl",
            "parte-4.jsonl",
            "--report",
            "excel-tutto.csv",
            "--csv-excel",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    let o = arbitro(
        &dir,
        &[
            "batch",
            "archivio",
            "--report",
            "excel-uno.csv",
            "--csv-excel",
            "--quiet",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(read("excel-tutto.csv"), read("excel-uno.csv"));
}

#[test]
fn parts_that_are_not_the_shards_of_one_run_are_refused() {
    let dir = Scratch::new("shard", "refused");
    archive(&dir.join("archivio"));
    let o = shards_and_merge(&dir, 3, "65536");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let merge = |parts: &[&str]| {
        let mut args = vec!["batch", "merge"];
        args.extend(parts);
        args.extend(["--report", "r.csv"]);
        let o = arbitro(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{parts:?}");
        assert!(!dir.join("r.csv").exists(), "{parts:?}: nothing is written");
        stderr(&o)
    };
    assert!(merge(&["parte-1.jsonl", "parte-3.jsonl"]).contains("shards missing: 2/3"));
    assert!(
        merge(&[
            "parte-1.jsonl",
            "parte-2.jsonl",
            "parte-2.jsonl",
            "parte-3.jsonl"
        ])
        .contains("shard 2 is given twice")
    );
    // A part cut short: its trailer line is missing.
    let text = std::fs::read_to_string(dir.join("parte-2.jsonl")).unwrap();
    let cut: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("corta.jsonl"), cut).unwrap();
    assert!(
        merge(&["parte-1.jsonl", "corta.jsonl", "parte-3.jsonl"])
            .contains("corta.jsonl: the part is cut short")
    );
    // A plain report is not a part.
    let o = arbitro(
        &dir,
        &["batch", "archivio", "--report", "piano.jsonl", "--quiet"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(merge(&["piano.jsonl"]).contains("piano.jsonl:1: not a line of a part report"));
    // Another run: other inputs.
    let o = arbitro(
        &dir,
        &[
            "batch",
            "archivio/classical",
            "--shard",
            "1/3",
            "--report",
            "altro.jsonl",
            "--quiet",
        ],
    );
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    let said = merge(&["parte-1.jsonl", "altro.jsonl", "parte-3.jsonl"]);
    assert!(
        said.contains("altro.jsonl: not a shard of the same run"),
        "{said}"
    );
    // Rows edited out of order; binary garbage; a folder.
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.len() > 3 {
        lines.swap(0, 1);
    }
    std::fs::write(dir.join("disordine.jsonl"), lines.join("\n") + "\n").unwrap();
    assert!(
        merge(&["parte-1.jsonl", "disordine.jsonl", "parte-3.jsonl"])
            .contains("disordine.jsonl:2: the rows are not in the order")
    );
    std::fs::write(dir.join("rotta.jsonl"), b"\x00\xff\xfe{\n").unwrap();
    assert!(merge(&["rotta.jsonl"]).contains("rotta.jsonl:1: not a line of a part report"));
    assert!(merge(&["archivio"]).contains("archivio: not a regular file"));
    // In Italian.
    let o = arbitro(
        &dir,
        &[
            "--lang",
            "it",
            "batch",
            "merge",
            "parte-1.jsonl",
            "--report",
            "r.csv",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("mancano porzioni: 2/3, 3/3"),
        "{}",
        stderr(&o)
    );
    // Usage: a bad K/N; a shard writes one .jsonl part only; merge writes no workbook.
    for (args, want) in [
        (
            vec!["batch", "archivio", "--shard", "5/4", "--report", "p.jsonl"],
            "--shard 5/4: write K/N",
        ),
        (
            vec!["batch", "archivio", "--shard", "1/2", "--report", "p.csv"],
            "--shard writes one part report",
        ),
        (
            vec!["batch", "merge", "parte-1.jsonl", "--report", "r.xlsx"],
            "must end in .csv or .jsonl",
        ),
    ] {
        let o = arbitro(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
    // A part is never written over an input, and the merge never over a part.
    let o = arbitro(
        &dir,
        &[
            "batch",
            "merge",
            "parte-1.jsonl",
            "parte-2.jsonl",
            "parte-3.jsonl",
            "--report",
            "parte-1.jsonl",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("refusing to write over the input file"),
        "{}",
        stderr(&o)
    );
}
