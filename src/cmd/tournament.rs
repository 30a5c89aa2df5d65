//! `arbitro tournament`: the school tournament (seed 002, `torneo-rules.md` T1–T15).
//!
//! - `plan --players N`: T15's table;
//! - `new --players FILE --sorteggio SEED --out torneo.toml`: phase 1 drawn (T12, T13);
//! - `standings TORNEO.toml PATH...`: every group's standings from the games (T6–T14);
//! - `draw TORNEO.toml PATH... --sorteggio SEED --out FILE`: the next phase appended.

use crate::cmd::Exit;
use crate::io::{Output, diag, emit, write_atomically};
use anyhow::{Result, bail};
use arbitro::classical::Options;
use arbitro::finding::Severity;
use arbitro::lang::{Lang, Say};
use arbitro::report::tournament::{self as report, toml as file_text};
use arbitro::tournament::file::Tournament;
use arbitro::tournament::games::{TournamentGame, read_games};
use arbitro::tournament::standings::{self, Standings};
use arbitro::tournament::{lot, names, plan};
use clap::{Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

/// The school tournament: plan, first draw, standings, next draw.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

#[derive(Clone, Copy, ValueEnum)]
enum PlanFormat {
    /// A table for people.
    Human,
    /// `{"phases": [...]}`.
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum StandingsFormat {
    /// One table per group, then each phase's summary.
    Human,
    /// The standings JSON of formats.md §7.
    Json,
    /// One row per player and group.
    Csv,
}

#[derive(Subcommand)]
enum Sub {
    /// T15: phases, groups, games, games under supervision, players going on, for N players.
    #[command(after_help = "Example:\n  arbitro tournament plan --players 40")]
    Plan {
        /// How many players (at least 2).
        #[arg(long)]
        players: usize,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: PlanFormat,
    },
    /// Draws phase 1's groups from a list of names (one a line) and writes the tournament file.
    #[command(
        after_help = "Example:\n  arbitro tournament new --players samples/torneo/iscritti.lista --sorteggio 2026 --out torneo.toml"
    )]
    New {
        /// The registered players, one name a line (blank lines are skipped).
        #[arg(long)]
        players: PathBuf,
        /// The seed of the draw (T12, key F1draw).
        #[arg(long)]
        sorteggio: u64,
        /// The tournament file to write (atomically).
        #[arg(long, short)]
        out: PathBuf,
        /// The tournament's name (`nome`).
        #[arg(long, default_value = "Torneo")]
        nome: String,
    },
    /// Every group's standings: crosstable, points, places, who goes on, lots, missing games.
    #[command(
        after_help = "Examples:\n  arbitro tournament standings samples/torneo/torneo.toml samples/torneo/partite\n  arbitro tournament standings samples/torneo/torneo-fase1.toml samples/torneo/partite/fase1 --sorteggio 2026 --format json\n\nExit codes: 0 no error, 1 some game or lot has an error finding, 2 unusable file or usage error."
    )]
    Standings {
        /// The tournament file (formats.md §7).
        torneo: PathBuf,
        /// Game files and folders (read as `batch` reads them).
        paths: Vec<PathBuf>,
        /// Draw the lots still needed, and the next phase when possible (T12, T13).
        #[arg(long)]
        sorteggio: Option<u64>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: StandingsFormat,
        /// Also write a self-contained HTML page here (atomically).
        #[arg(long)]
        html: Option<PathBuf>,
    },
    /// Writes the tournament file with the next phase drawn and appended (T13).
    #[command(
        after_help = "Example:\n  arbitro tournament draw samples/torneo/torneo-fase1.toml samples/torneo/partite/fase1 --sorteggio 2026 --out torneo-fase2.toml"
    )]
    Draw {
        /// The tournament file.
        torneo: PathBuf,
        /// Game files and folders.
        paths: Vec<PathBuf>,
        /// The seed (T12): the program's lots and the draw.
        #[arg(long)]
        sorteggio: u64,
        /// Where to write the new tournament file (never over an input).
        #[arg(long, short)]
        out: PathBuf,
    },
}

/// Runs `arbitro tournament`.
pub fn run(args: &Args) -> Result<Exit> {
    match &args.command {
        Sub::Plan { players, format } => plan_cmd(*players, *format, crate::cmd::lang()),
        Sub::New {
            players,
            sorteggio,
            out,
            nome,
        } => new_cmd(players, *sorteggio, out, nome, crate::cmd::lang()),
        Sub::Standings {
            torneo,
            paths,
            sorteggio,
            format,
            html,
        } => standings_cmd(
            torneo,
            paths,
            *sorteggio,
            *format,
            html.as_deref(),
            crate::cmd::lang(),
        ),
        Sub::Draw {
            torneo,
            paths,
            sorteggio,
            out,
        } => draw_cmd(torneo, paths, *sorteggio, out, crate::cmd::lang()),
    }
}

fn plan_cmd(players: usize, format: PlanFormat, lang: Lang) -> Result<Exit> {
    if players < 2 {
        bail!(
            "{}",
            lang.t(
                "a tournament needs at least 2 players (T1)",
                "un torneo richiede almeno 2 giocatori (T1)"
            )
        );
    }
    if players > 1_000_000 {
        bail!(
            "{}",
            crate::cmd::tr!(
                "{players}: too many players",
                "{players}: troppi giocatori (al massimo 1000000)"
            )
        );
    }
    let p = plan::plan(players);
    emit(&match format {
        PlanFormat::Json => report::json::plan_json(&p),
        PlanFormat::Human => report::term::plan_human(&p, lang),
    })?;
    Ok(Exit::Valid)
}

/// A text file the user named (a BOM dropped, Latin-1 read), by the input policy.
fn read_text(path: &Path) -> Result<String> {
    Ok(arbitro::load::read_text(path, crate::cmd::limits())?)
}

fn load_tournament(path: &Path, lang: Lang) -> Result<Tournament> {
    let text = read_text(path)?;
    Tournament::parse(&text).map_err(|e| {
        let at = match (e.line, e.column) {
            (Some(l), Some(c)) => format!(":{l}:{c}"),
            _ => String::new(),
        };
        anyhow::anyhow!("{}{at}: {}", path.display(), e.say(lang))
    })
}

/// The games under the paths, as `batch` walks them; `Err` lists what could not be read.
fn load_games(paths: &[PathBuf]) -> (Vec<TournamentGame>, bool) {
    let walk = arbitro::batch::walk(paths);
    let mut failed = false;
    for (p, why) in &walk.skipped {
        if paths.contains(p) {
            diag!(
                "{}: {}: {}",
                crate::cmd::error_word(),
                p.display(),
                arbitro::lang::Say::say(why, crate::cmd::lang())
            );
            failed = true;
        }
    }
    let options = Options::default();
    let mut games = Vec::new();
    // A file named twice (or reached twice) is read once: its games are not played twice.
    let mut seen = std::collections::HashSet::new();
    for path in &walk.files {
        if !seen.insert(path.canonicalize().unwrap_or_else(|_| path.clone())) {
            continue;
        }
        let lang = crate::cmd::lang();
        let file = match arbitro::load::GameFile::open(path, crate::cmd::limits()) {
            Ok(f) => f,
            Err(e) => {
                diag!(
                    "{}: {}",
                    crate::cmd::error_word(),
                    arbitro::lang::Say::say(&e, lang)
                );
                failed = true;
                continue;
            }
        };
        if arbitro::verify::Variant::detect(&file.text) != arbitro::verify::Variant::Classical {
            diag!(
                "{} {}: {}",
                lang.t("skipped", "saltato"),
                file.name,
                lang.t(
                    "a SuperScacchi game is not a tournament game",
                    "una partita di SuperScacchi non è una partita del torneo"
                )
            );
            continue;
        }
        games.extend(read_games(&file.name, &file.text, file.latin1, &options));
    }
    (games, failed)
}

fn compute(
    torneo: &Path,
    paths: &[PathBuf],
    seed: Option<u64>,
    lang: Lang,
) -> Result<(Tournament, Vec<TournamentGame>, Standings, bool)> {
    let t = load_tournament(torneo, lang)?;
    let (games, failed) = load_games(paths);
    let s = standings::standings(
        &t,
        &games,
        standings::Options { seed },
        &torneo.display().to_string(),
    );
    Ok((t, games, s, failed))
}

fn exit_code(s: &Standings, failed: bool) -> Exit {
    if failed {
        Exit::Unusable
    } else if s
        .all_findings()
        .any(|n| n.finding.severity() == Severity::Error)
    {
        Exit::Findings
    } else {
        Exit::Valid
    }
}

fn standings_cmd(
    torneo: &Path,
    paths: &[PathBuf],
    seed: Option<u64>,
    format: StandingsFormat,
    html: Option<&Path>,
    lang: Lang,
) -> Result<Exit> {
    let (_, games, s, failed) = compute(torneo, paths, seed, lang)?;
    let files: Vec<(String, usize)> = games
        .iter()
        .map(|g| (g.report.file.clone(), g.report.game))
        .collect();
    if let Some(out) = html {
        let page = report::html::page(&s, &files, lang);
        let mut inputs: Vec<&Path> = vec![torneo];
        inputs.extend(paths.iter().map(PathBuf::as_path));
        write_atomically(out, page.as_bytes(), Output::Report, &inputs)?;
    }
    emit(&match format {
        StandingsFormat::Human => report::term::human(&s, lang),
        StandingsFormat::Json => report::json::json(&s, &files, lang),
        StandingsFormat::Csv => report::csv::csv(&s),
    })?;
    Ok(exit_code(&s, failed))
}

fn new_cmd(players: &Path, seed: u64, out: &Path, nome: &str, lang: Lang) -> Result<Exit> {
    let text = read_text(players)?;
    let list: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let mut seen: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
    for a in &list {
        if let Some(b) = seen.insert(names::key(a), a) {
            bail!(
                "{}: `{b}` {} `{a}` {}",
                players.display(),
                lang.t("and", "e"),
                lang.t(
                    "are the same name (T1: spaces at the ends and case do not count)",
                    "sono lo stesso nome (T1: spazi ai lati e maiuscole non contano)"
                )
            );
        }
    }
    if list.len() < 2 {
        bail!(
            "{}: {}",
            players.display(),
            lang.t(
                "a tournament needs at least 2 players (T1)",
                "un torneo richiede almeno 2 giocatori (T1)"
            )
        );
    }
    let mut order: Vec<usize> = (0..list.len()).collect();
    lot::shuffle(&mut order, seed, &lot::draw_key(1));
    let groups = standings::cut(&order);
    let doc = file_text::new_file(nome, &list, seed, &groups);
    Tournament::parse(&doc).map_err(|e| anyhow::anyhow!("internal error: {e}"))?;
    write_atomically(out, doc.as_bytes(), Output::Document, &[players])?;
    Ok(Exit::Valid)
}

fn draw_cmd(torneo: &Path, paths: &[PathBuf], seed: u64, out: &Path, lang: Lang) -> Result<Exit> {
    let (t, _, s, failed) = compute(torneo, paths, Some(seed), lang)?;
    let next = match &s.next_phase {
        Ok(n) => n,
        Err(why) => bail!("{}", why.say(lang)),
    };
    let mut doc = read_text(torneo)?;
    if !doc.ends_with('\n') {
        doc.push('\n');
    }
    for (phase, group, l) in s.program_lots() {
        doc.push_str(&file_text::lot_toml(&t.players, seed, phase, group, l));
    }
    doc.push_str(&file_text::drawn_phase_toml(
        &t.players,
        seed,
        next.number,
        &next.groups,
    ));
    Tournament::parse(&doc).map_err(|e| anyhow::anyhow!("internal error: {e}"))?;
    let mut inputs: Vec<&Path> = vec![torneo];
    inputs.extend(paths.iter().map(PathBuf::as_path));
    let walk = arbitro::batch::walk(paths);
    inputs.extend(walk.files.iter().map(PathBuf::as_path));
    write_atomically(out, doc.as_bytes(), Output::Document, &inputs)?;
    diag!(
        "{} {} → {}",
        lang.t("drawn: fase", "sorteggiata la fase"),
        next.number,
        out.display()
    );
    Ok(exit_code(&s, failed))
}
