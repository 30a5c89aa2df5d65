//! The `arbitro` command: clap commands → library calls → render → exit code.
//!
//! Exit codes: 0 every game valid, 1 some game has an error finding, 2 usage or I/O error.

use anyhow::{Context, Result, bail};
use arbitro::classical::{self, Options};
use arbitro::decode::decode;
use arbitro::finding::Severity;
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use arbitro::report::{self, human::Style};
use arbitro::verify::{self, GameReport, Variant};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "arbitro",
    version,
    about = "The arbiter's tool for SuperScacchi and for classical chess in Italian notation",
    after_help = "Examples:\n  arbitro verify samples/classical/scuola-fase1.txt\n  arbitro verify --format json partita.pgn\n  arbitro convert samples/classical/handout-corretto.txt --to pgn"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// Diagnostics and a summary table, for people.
    Human,
    /// The JSON report of formats.md section 4.
    Json,
    /// One CSV row per game (formats.md section 6).
    Csv,
}

#[derive(Clone, Copy, ValueEnum)]
enum NotationArg {
    /// Italian letters: R D T A C.
    It,
    /// English letters: K Q R B N.
    En,
}

#[derive(Clone, Copy, ValueEnum)]
enum Target {
    /// Standard PGN, English SAN.
    Pgn,
    /// Canonical Italian notation.
    It,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, ValueEnum)]
enum Level {
    Info,
    Warning,
    Error,
}

#[derive(Subcommand)]
enum Command {
    /// Replays every game of the files and reports each illegal move and each slip of the pen.
    #[command(
        after_help = "Examples:\n  arbitro verify samples/classical/handout.txt\n  arbitro verify --format json a.pgn b.txt\n  cat partita.txt | arbitro verify -\n\nExit codes: 0 all games valid, 1 some game has an error, 2 unusable input or usage error."
    )]
    Verify {
        /// Game files (`-` reads standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Force the notation instead of detecting it per game.
        #[arg(long, value_enum)]
        notation: Option<NotationArg>,
        /// The least severity shown in human output.
        #[arg(long, value_enum, default_value = "info")]
        level: Level,
        /// Colour in human output.
        #[arg(long, value_enum, default_value = "auto")]
        color: ColorArg,
        /// SuperScacchi: a set-up file (formats.md §2) instead of the [Disposizione] tag.
        #[arg(long)]
        setup: Option<PathBuf>,
    },
    /// Plays a random legal SuperScacchi game and writes its eight sheets.
    #[command(
        after_help = "Examples:\n  arbitro selfplay --seed 7\n  arbitro selfplay --seed 42 --plies 800 --out partita.txt"
    )]
    Selfplay {
        /// The random seed: the same seed gives the same game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// About how many moves to play (all armies together).
        #[arg(long, default_value_t = 480)]
        plies: u32,
        /// Write here (atomically) instead of standard output.
        #[arg(long, short)]
        out: Option<PathBuf>,
    },
    /// Writes verified classical games as standard PGN or canonical Italian.
    #[command(
        after_help = "Examples:\n  arbitro convert samples/classical/handout-corretto.txt --to pgn\n  arbitro convert archive.pgn --to it --out archivio.txt"
    )]
    Convert {
        /// The game file (`-` reads standard input).
        file: PathBuf,
        /// The notation to write.
        #[arg(long, value_enum)]
        to: Target,
        /// Force the notation of the input.
        #[arg(long, value_enum)]
        notation: Option<NotationArg>,
        /// Write here (atomically) instead of standard output.
        #[arg(long, short)]
        out: Option<PathBuf>,
    },
}

/// Writes to standard output; a closed pipe ends the run quietly, as ripgrep does.
fn emit(s: &str) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(s.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("arbitro: cannot write the report: {e}");
        std::process::exit(2);
    }
}

fn read_input(path: &Path) -> Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        io::stdin()
            .read_to_end(&mut buf)
            .context("cannot read standard input")?;
        return Ok(buf);
    }
    if path.is_dir() {
        bail!("{} is a directory, not a game file", path.display());
    }
    std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// Writes `data` to `path` through a temporary file in the same directory and a rename, so
/// that an interrupted run never leaves half a file. Refuses to write over an input.
fn write_atomically(path: &Path, data: &[u8], inputs: &[&Path]) -> Result<()> {
    for input in inputs {
        if let (Ok(a), Ok(b)) = (path.canonicalize(), input.canonicalize())
            && a == b
        {
            bail!("refusing to write over the input file {}", input.display());
        }
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .context("the output path has no file name")?;
    let tmp = dir.join(format!(
        ".{}.arbitro-{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> Result<()> {
        let mut f = std::fs::File::create(&tmp)
            .with_context(|| format!("cannot create {}", tmp.display()))?;
        f.write_all(data)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

fn notation(n: Option<NotationArg>) -> Option<Notation> {
    n.map(|n| match n {
        NotationArg::It => Notation::Italian,
        NotationArg::En => Notation::English,
    })
}

fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn verify_cmd(
    files: &[PathBuf],
    format: Format,
    options: &Options,
    style: &Style,
    setup: Option<&Path>,
) -> u8 {
    let mut all: Vec<GameReport> = Vec::new();
    let mut code = 0u8;
    for path in files {
        let name = display_name(path);
        let bytes = match read_input(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e:#}");
                code = 2;
                continue;
            }
        };
        let decoded = match decode(&bytes) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                code = 2;
                continue;
            }
        };
        let reports = match Variant::detect(&decoded.text) {
            Variant::Classical => {
                verify::verify_classical(&name, &decoded.text, decoded.latin1, options)
            }
            Variant::SuperScacchi => {
                let setup_path = setup.map(Path::to_path_buf).or_else(|| {
                    verify::setup_file_named(&decoded.text)
                        .map(|p| path.parent().unwrap_or(Path::new(".")).join(p))
                });
                let setup_text = match setup_path.as_deref().map(read_input) {
                    None => None,
                    Some(Ok(bytes)) => Some(String::from_utf8_lossy(&bytes).into_owned()),
                    Some(Err(e)) => {
                        eprintln!("error: {name}: the set-up: {e:#}");
                        code = 2;
                        continue;
                    }
                };
                vec![verify::verify_superscacchi(
                    &name,
                    &decoded.text,
                    decoded.latin1,
                    setup_text.as_deref(),
                )]
            }
        };
        if reports.is_empty() {
            eprintln!("error: {name}: no game found in the file");
            code = 2;
            continue;
        }
        if let Format::Human = format {
            for r in &reports {
                let d = report::human::diagnostics(&decoded.text, r, style);
                if !d.is_empty() {
                    emit(&d);
                }
                if r.variant == Variant::SuperScacchi {
                    emit(&report::human::superscacchi_tables(r));
                }
            }
        }
        all.extend(reports);
    }
    match format {
        Format::Human if !all.is_empty() => emit(&report::human::summary(&all)),
        Format::Human => {}
        Format::Json => emit(&report::json::render(&all)),
        Format::Csv => emit(&report::csv::render(&all)),
    }
    if code == 0 && all.iter().any(|r| !r.is_valid()) {
        code = 1;
    }
    code
}

fn convert_cmd(file: &Path, to: Target, options: &Options, out: Option<&Path>) -> Result<u8> {
    let name = display_name(file);
    let bytes = read_input(file)?;
    let decoded = decode(&bytes).with_context(|| name.clone())?;
    if Variant::detect(&decoded.text) != Variant::Classical {
        bail!("{name}: only classical games can be converted");
    }
    let target = match to {
        Target::Pgn => Notation::English,
        Target::It => Notation::Italian,
    };
    let mut text = String::new();
    let mut code = 0;
    for raw in games(&decoded.text) {
        let replay = classical::replay(&raw, options);
        if !replay.is_valid() {
            let first = replay
                .findings
                .iter()
                .find(|f| f.severity() == Severity::Error)
                .expect("invalid means an error");
            eprintln!(
                "arbitro: {name}: game {} not converted: {}",
                raw.number, first.message
            );
            code = 1;
            continue;
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&classical::write::write_game(&raw, &replay, target));
    }
    match out {
        Some(path) => write_atomically(path, text.as_bytes(), &[file])?,
        None => emit(&text),
    }
    Ok(code)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let code = match cli.command {
        Command::Verify {
            files,
            format,
            notation: n,
            level,
            color,
            setup,
        } => {
            let color = match color {
                ColorArg::Always => true,
                ColorArg::Never => false,
                ColorArg::Auto => {
                    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
                }
            };
            let style = Style {
                color,
                min: match level {
                    Level::Info => Severity::Info,
                    Level::Warning => Severity::Warning,
                    Level::Error => Severity::Error,
                },
            };
            let options = Options {
                notation: notation(n),
            };
            verify_cmd(&files, format, &options, &style, setup.as_deref())
        }
        Command::Selfplay { seed, plies, out } => {
            use arbitro::superscacchi::{selfplay, setup::Setup};
            let setup = Setup::builtin("assedio-corto").expect("built in");
            let text = selfplay::generate(&setup, seed, plies).to_text(&selfplay::header(seed));
            match out {
                Some(path) => match write_atomically(&path, text.as_bytes(), &[]) {
                    Ok(()) => 0,
                    Err(e) => {
                        eprintln!("error: {e:#}");
                        2
                    }
                },
                None => {
                    emit(&text);
                    0
                }
            }
        }
        Command::Convert {
            file,
            to,
            notation: n,
            out,
        } => {
            let options = Options {
                notation: notation(n),
            };
            match convert_cmd(&file, to, &options, out.as_deref()) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("error: {e:#}");
                    2
                }
            }
        }
    };
    ExitCode::from(code)
}
