//! Every example a person is shown runs: the `Examples:` of every `--help` and the
//! commands of the README and of `docs/*.md`. Each runs in a scratch folder that sees the samples, so that
//! the files the examples write land there; an example may find errors in a game (exit 1)
//! but never be a usage or input error (exit 2).

use std::path::Path;
use std::process::Stdio;

use crate::common;
use common::{Scratch, stderr, stdout};

fn scratch(name: &str) -> Scratch {
    let d = Scratch::new("examples", name);
    std::os::unix::fs::symlink(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples"),
        d.join("samples"),
    )
    .unwrap();
    d
}

/// Runs one example line (`[VAR=1] arbitro ARGS [> FILE]` or `cat FILE | arbitro ARGS`).
fn run(dir: &Path, line: &str) -> i32 {
    let (input, line) = match line.split_once(" | ") {
        Some((cat, rest)) => (cat.strip_prefix("cat ").map(str::trim), rest),
        None => (None, line),
    };
    let (line, redirect) = match line.split_once(" > ") {
        Some((l, f)) => (l, Some(f.trim())),
        None => (line, None),
    };
    let mut words: Vec<&str> = line.split_whitespace().collect();
    let mut c = common::bin();
    c.current_dir(dir);
    while let Some((k, v)) = words.first().and_then(|w| w.split_once('=')) {
        c.env(k, v);
        words.remove(0);
    }
    assert_eq!(words.first(), Some(&"arbitro"), "{line}");
    c.args(&words[1..]);
    c.stdin(match input {
        Some(f) => Stdio::from(std::fs::File::open(dir.join(f)).unwrap()),
        None => Stdio::null(),
    });
    let o = c.output().unwrap();
    if let Some(f) = redirect {
        std::fs::write(dir.join(f), &o.stdout).unwrap();
    }
    let code = o.status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 1,
        "`{line}` exited with {code}: {}",
        stderr(&o)
    );
    code
}

fn examples_of(help: &str) -> Vec<String> {
    help.split("Examples:")
        .nth(1)
        .or_else(|| help.split("Example:").nth(1))
        .map(|rest| {
            rest.lines()
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .map(|l| l.trim().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The commands listed under `Commands:` in a help text (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.split("Commands:")
        .nth(1)
        .map(|rest| {
            rest.lines()
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .filter_map(|l| l.split_whitespace().next().map(str::to_string))
                .filter(|c| c != "help")
                .collect()
        })
        .unwrap_or_default()
}

fn help_of(path: &[String]) -> String {
    let o = common::bin().args(path).arg("--help").output().unwrap();
    stdout(&o)
}

#[test]
fn every_help_example_runs() {
    let dir = scratch("help");
    let mut ran = 0;
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(path) = todo.pop() {
        let help = help_of(&path);
        let subs = subcommands(&help);
        let examples = examples_of(&help);
        // A command with subcommands may leave the examples to them.
        assert!(
            !examples.is_empty() || !subs.is_empty(),
            "`arbitro {} --help` shows no example",
            path.join(" ")
        );
        for e in examples {
            run(&dir, &e);
            ran += 1;
        }
        for sub in subs {
            let mut p = path.clone();
            p.push(sub);
            todo.push(p);
        }
    }
    assert!(ran >= 20, "{ran} examples");
}

/// The command lines of a Markdown file's `sh` blocks: `arbitro …` (optionally after
/// `VAR=value`) and `cargo run --release -- …`, the latter as `arbitro …`. Other lines
/// (`cargo test`, `cargo install …`) are not arbitro's examples.
fn shell_examples(markdown: &str) -> Vec<String> {
    let mut in_sh = false;
    let mut lines = Vec::new();
    for line in markdown.lines() {
        let line = line.trim();
        if line.starts_with("```") {
            in_sh = !in_sh && line == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(args) = line.strip_prefix("cargo run --release -- ") {
            lines.push(format!("arbitro {args}"));
        } else if line
            .split_whitespace()
            .find(|w| !w.contains('='))
            .is_some_and(|w| w == "arbitro")
        {
            lines.push(line.to_string());
        }
    }
    lines
}

/// Every command of the README and of the documents in `docs/` runs, in order, each file's
/// in its own scratch folder (so a later line can read what an earlier one wrote).
#[test]
fn every_documented_command_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let mut ran = Vec::new();
    for file in &files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = scratch(&format!("doc-{name}"));
        let text = std::fs::read_to_string(file).unwrap();
        let examples = shell_examples(&text);
        for e in &examples {
            run(&dir, e);
        }
        ran.push((name, examples.len()));
    }
    let count = |n: &str| ran.iter().find(|(f, _)| f == n).map_or(0, |(_, c)| *c);
    assert!(count("README") >= 5, "{ran:?}");
    assert!(count("guide") >= 25, "{ran:?}");
}

fn help_in_italian(path: &[String]) -> String {
    let o = common::bin()
        .env("LANG", "it_IT.UTF-8")
        .args(path)
        .arg("--help")
        .output()
        .unwrap();
    stdout(&o)
}

/// The indented lines after the examples' heading, in either language.
fn example_lines(help: &str, heading: &[&str]) -> Vec<String> {
    heading
        .iter()
        .find_map(|h| help.split(h).nth(1))
        .map(|rest| {
            rest.lines()
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .map(|l| l.trim().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Issue 17: with LANG=it_IT the examples of every `--help` have their words in Italian
/// and the very same command lines.
#[test]
fn every_help_example_reads_in_italian_with_the_same_commands() {
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    let mut seen = 0;
    while let Some(path) = todo.pop() {
        let en = help_of(&path);
        let it = help_in_italian(&path);
        let en_examples = example_lines(&en, &["Examples:", "Example:"]);
        let it_examples = example_lines(&it, &["Esempi:", "Esempio:"]);
        assert_eq!(en_examples, it_examples, "arbitro {}", path.join(" "));
        for english in ["Examples:", "Example:", "Exit codes", "Then fill in"] {
            assert!(
                !it.contains(english),
                "`arbitro {} --help` in Italian still says {english:?}",
                path.join(" ")
            );
        }
        seen += usize::from(!en_examples.is_empty());
        for sub in subcommands(&en) {
            let mut p = path.clone();
            p.push(sub);
            todo.push(p);
        }
    }
    assert!(seen >= 15, "{seen} help texts with examples");
}
