//! `arbitro tournament`: the school tournament (seed 002, `torneo-rules.md` T1–T15).
//!
//! - `plan --players N`: T15's table;
//! - `new --players FILE --sorteggio SEED --out torneo.toml`: phase 1 drawn (T12, T13);
//! - `standings TORNEO.toml PATH...`: every group's standings from the games (T6–T14);
//! - `draw TORNEO.toml PATH... --sorteggio SEED --out FILE`: the next phase appended.

use crate::cmd::Exit;
use crate::io::{Output, diag, emit, emit_with, write_atomically};
use anyhow::{Context, Result, bail};
use arbitro::classical::ReplayOptions;
use arbitro::finding::{Code, Severity};
use arbitro::lang::{Lang, Say};
use arbitro::report::tournament::{self as report, toml as file_text};
use arbitro::tournament::assign::Noted;
use arbitro::tournament::file::Tournament;
use arbitro::tournament::games::{TournamentGame, read_games};
use arbitro::tournament::list::{self, ListError};
use arbitro::tournament::standings::{self, NextPhase, NoDraw, Standings};
use arbitro::tournament::{lot, plan};
use clap::{Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

mod sheet;
use sheet::sheet_cmd;

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
    /// A few plain lines per phase, to paste into an e-mail.
    Text,
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
        /// How the pairings are printed (T16): a table per group, or JSON.
        #[arg(long, value_enum, default_value = "human")]
        format: PlanFormat,
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
        /// Also write the notice-board page here (self-contained HTML, printable on A4).
        #[arg(long)]
        html: Option<PathBuf>,
        /// The page shows this phase only.
        #[arg(long, requires = "html")]
        fase: Option<u32>,
        /// The page is the arbiter's: every finding, file and code (not for the notice board).
        #[arg(long, requires = "html")]
        completo: bool,
        /// Also write a workbook here (FILE.xlsx): one sheet per phase, points as numbers.
        #[arg(long)]
        xlsx: Option<PathBuf>,
    },
    /// Writes a phase's results sheet (T17): its pairings in T16's order, a result to fill in
    /// on each line; the filled sheet is read among the game files.
    #[command(
        after_help = "Examples:\n  arbitro tournament sheet samples/torneo/torneo-fase1.toml --fase 1 --out risultati-fase1.txt\n  arbitro tournament sheet samples/torneo/torneo-fase1.toml --html risultati-fase1.html"
    )]
    Sheet {
        /// The tournament file.
        torneo: PathBuf,
        /// The phase (default: the last in the file).
        #[arg(long)]
        fase: Option<u32>,
        /// The sheet to write as text, to fill in (an existing file is replaced only with --force).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// The sheet as a printable A4 page.
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
        /// How the new phase's pairings are printed (T16): a table per group, or JSON.
        #[arg(long, value_enum, default_value = "human")]
        format: PlanFormat,
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
            format,
        } => new_cmd(players, *sorteggio, out, nome, *format, crate::cmd::lang()),
        Sub::Standings {
            torneo,
            paths,
            sorteggio,
            format,
            html,
            fase,
            completo,
            xlsx,
        } => standings_cmd(
            torneo,
            paths,
            *sorteggio,
            *format,
            html.as_deref().map(|out| Page {
                out,
                phase: *fase,
                full: *completo,
            }),
            xlsx.as_deref(),
            crate::cmd::lang(),
        ),
        Sub::Draw {
            torneo,
            paths,
            sorteggio,
            out,
            format,
        } => draw_cmd(torneo, paths, *sorteggio, out, *format, crate::cmd::lang()),
        Sub::Sheet {
            torneo,
            fase,
            out,
            html,
        } => sheet_cmd(
            torneo,
            *fase,
            out.as_deref(),
            html.as_deref(),
            crate::cmd::lang(),
        ),
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
/// An empty file is read as an empty text: the tournament file's reader says "no players
/// registered" and the list's "the list has no names", which fit better than "no game".
fn read_text(path: &Path) -> Result<String> {
    use arbitro::decode::InputError;
    use arbitro::load::LoadError;
    match arbitro::load::read_text(path, crate::cmd::limits()) {
        Err(LoadError::Input {
            error: InputError::Empty,
            ..
        }) => Ok(String::new()),
        r => Ok(r?),
    }
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

/// What the paths hold for the standings: the games (results sheets' lines among them,
/// T17), the findings of sheet lines that are no game, whether some path could not be read.
struct Loaded {
    games: Vec<TournamentGame>,
    lines: Vec<Noted>,
    failed: bool,
}

/// The games under the paths, as `batch` walks them, and the results sheets' lines.
fn load_games(paths: &[PathBuf]) -> Loaded {
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
    let options = ReplayOptions::default();
    let mut games = Vec::new();
    let mut lines = Vec::new();
    // A file named twice (or reached twice) is read once: its games are not played twice.
    let mut seen = std::collections::HashSet::new();
    // T17: the results sheets the walk passed over are the tournament's.
    let sheets = walk
        .passed_over
        .iter()
        .filter(|(_, why)| matches!(why, arbitro::batch::Reason::ResultsSheet))
        .map(|(p, _)| p);
    for path in walk.files.iter().chain(sheets) {
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
        // T17: a results sheet among the games, its lines read as games.
        if arbitro::tournament::sheet::is_sheet(&file.text) {
            let sheet = arbitro::tournament::sheet::read_sheet(&file.name, &file.text);
            games.extend(sheet.games);
            lines.extend(sheet.findings);
            continue;
        }
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
    Loaded {
        games,
        lines,
        failed,
    }
}

fn compute(
    torneo: &Path,
    paths: &[PathBuf],
    seed: Option<u64>,
    lang: Lang,
) -> Result<(Tournament, Vec<TournamentGame>, Standings, bool)> {
    let t = load_tournament(torneo, lang)?;
    let Loaded {
        games,
        lines,
        failed,
    } = load_games(paths);
    let mut s = standings::standings(
        &t,
        &games,
        standings::Options { seed },
        &torneo.display().to_string(),
    );
    // The sheets' lines that are no game belong to no group (T17).
    s.findings.splice(0..0, lines);
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

/// A whole phase before the last without a single game is most likely a wrong folder
/// (issue 25): said on standard error.
fn warn_empty_phases(s: &Standings, lang: Lang) {
    let Some((_, before)) = s.phases.split_last() else {
        return;
    };
    for p in before {
        let extra = p.extra.as_ref().is_some_and(|e| !e.games.is_empty());
        if !extra && p.groups.iter().all(|g| g.games.is_empty()) {
            diag!(
                "{}: {} {} {}",
                lang.t("warning", "attenzione"),
                lang.t("fase", "la fase"),
                p.number,
                lang.t(
                    "has no game at all: is it the right folder? (its standings are empty)",
                    "non ha nessuna partita: è la cartella giusta? (la sua classifica è vuota)"
                )
            );
        }
    }
}

/// `standings --html FILE [--fase N] [--completo]`.
struct Page<'a> {
    out: &'a Path,
    phase: Option<u32>,
    full: bool,
}

fn standings_cmd(
    torneo: &Path,
    paths: &[PathBuf],
    seed: Option<u64>,
    format: StandingsFormat,
    html: Option<Page<'_>>,
    xlsx: Option<&Path>,
    lang: Lang,
) -> Result<Exit> {
    let (_, games, s, failed) = compute(torneo, paths, seed, lang)?;
    warn_empty_phases(&s, lang);
    let files: Vec<(String, usize)> = games
        .iter()
        .map(|g| (g.report.file.clone(), g.report.game))
        .collect();
    if let Some(html) = html {
        if let Some(n) = html
            .phase
            .filter(|&n| s.phases.iter().all(|p| p.number != n))
        {
            bail!(
                "{}: {}",
                torneo.display(),
                crate::cmd::tr!(
                    "the tournament file has no fase {n}",
                    "il file del torneo non ha la fase {n}"
                )
            );
        }
        let page = if html.full {
            report::html::page(&s, &files, lang)
        } else {
            let now = jiff::Timestamp::now().to_zoned(crate::cmd::zone().clone());
            let notice = report::notice::Notice {
                phase: html.phase,
                updated: Some(now.datetime()),
            };
            report::notice::page(&s, &notice, lang)
        };
        let mut inputs: Vec<&Path> = vec![torneo];
        inputs.extend(paths.iter().map(PathBuf::as_path));
        write_atomically(html.out, page.as_bytes(), Output::Report, &inputs)?;
    }
    if let Some(out) = xlsx {
        // Issue 32: written as its rows come (constant-memory sheets), renamed at the end.
        let mut inputs: Vec<&Path> = vec![torneo];
        inputs.extend(paths.iter().map(PathBuf::as_path));
        let mut file = crate::io::AtomicFile::create(out, Output::Report, &inputs)?;
        arbitro::report::xlsx::write_standings(&mut file, &s, lang)
            .with_context(|| crate::io::cannot_write(out))?;
        file.commit()?;
    }
    // Written as produced (issue 25: a million players in bounded memory).
    emit_with(|w| match format {
        StandingsFormat::Human => report::term::write_human(w, &s, lang),
        StandingsFormat::Json => report::json::write_json(w, &s, &files, lang),
        StandingsFormat::Csv => report::csv::write_csv(w, &s, lang),
        StandingsFormat::Text => w.write_all(report::summary::text(&s, lang).as_bytes()),
    })?;
    Ok(exit_code(&s, failed))
}

/// Why a list of names (`tournament new --players`, `simul new --partecipanti`) cannot be
/// used, as an error of the run.
pub(crate) fn list_error(path: &Path, e: ListError, lang: Lang) -> anyhow::Error {
    match e {
        ListError::NoNames => anyhow::anyhow!(
            "{}: {}",
            path.display(),
            lang.t(
                "the list has no names (one name a line; `#` lines are comments)",
                "l'elenco non ha nomi (un nome per riga; le righe con `#` sono commenti)"
            )
        ),
        ListError::SameName {
            first,
            second,
            line,
        } => anyhow::anyhow!(
            "{}:{line}: `{first}` {} `{second}` {}",
            path.display(),
            lang.t("and", "e"),
            lang.t(
                "are the same name (T1: spaces at the ends and case do not count)",
                "sono lo stesso nome (T1: spazi ai lati e maiuscole non contano)"
            )
        ),
    }
}

/// Reads the list of players (issue 25: as spreadsheets export it) and says on standard
/// error how many names were read, from which columns, and the first three.
fn read_players(path: &Path, lang: Lang) -> Result<Vec<String>> {
    let text = read_text(path)?;
    let list = list::read_list(&text).map_err(|e| list_error(path, e, lang))?;
    if list.names.len() < 2 {
        bail!(
            "{}: {}",
            path.display(),
            lang.t(
                "a tournament needs at least 2 players (T1)",
                "un torneo richiede almeno 2 giocatori (T1)"
            )
        );
    }
    let mut how = Vec::new();
    if !list.columns.is_empty() {
        how.push(format!(
            "{} {}",
            lang.t("columns", "colonne"),
            list.columns.join(" + ")
        ));
    }
    if list.header.is_some() {
        how.push(
            lang.t("header row skipped", "riga d'intestazione saltata")
                .to_string(),
        );
    }
    let how = if how.is_empty() {
        String::new()
    } else {
        format!(" ({})", how.join("; "))
    };
    let first: Vec<&str> = list.names.iter().take(3).map(String::as_str).collect();
    let more = if list.names.len() > 3 { "; …" } else { "" };
    diag!(
        "{} {} {} {}{how}: {}{more}",
        lang.t("read", "letti"),
        list.names.len(),
        lang.t("names from", "nomi da"),
        path.display(),
        first.join("; ")
    );
    Ok(list.names)
}

/// T16: the pairings of the phase just written, on standard output.
fn print_pairings(
    p: &report::pairings::PhasePairings,
    format: PlanFormat,
    lang: Lang,
) -> Result<()> {
    emit(&match format {
        PlanFormat::Json => report::pairings::json(p),
        PlanFormat::Human => report::pairings::human(p, lang),
    })
}

fn new_cmd(
    players: &Path,
    seed: u64,
    out: &Path,
    nome: &str,
    format: PlanFormat,
    lang: Lang,
) -> Result<Exit> {
    let list = read_players(players, lang)?;
    let mut order: Vec<usize> = (0..list.len()).collect();
    lot::shuffle(&mut order, seed, &lot::draw_key(1));
    let groups = standings::cut(&order);
    let doc = file_text::new_file(nome, &list, seed, &groups);
    reads_back(&doc, lang)?;
    write_atomically(out, doc.as_bytes(), Output::Document, &[players])?;
    let pairings = report::pairings::PhasePairings {
        phase: 1,
        groups: &groups,
        names: &list,
        registered: true,
    };
    print_pairings(&pairings, format, lang)?;
    Ok(Exit::Valid)
}

/// The file arbitro is about to write reads back as a tournament file (it always should:
/// a failure here is a bug, said plainly and nothing written).
fn reads_back(doc: &str, lang: Lang) -> Result<Tournament> {
    Tournament::parse(doc).map_err(|e| {
        anyhow::anyhow!(
            "{}: {}",
            lang.t(
                "the tournament file to write does not read back, so nothing was written (a bug in arbitro: please report it with the files given)",
                "il file del torneo da scrivere non si rilegge, quindi non è stato scritto nulla (un errore di arbitro: segnalatelo con i file usati)"
            ),
            e.say(lang)
        )
    })
}

/// The tournament file extended by the program's lots and the next phase. Appending keeps
/// the organiser's comments; when the file's layout cannot be extended that way (an inline
/// array `fase = [{ … }]`, dotted keys), it is written anew from its data (issue 25).
fn extended_file(
    torneo: &Path,
    t: &Tournament,
    s: &Standings,
    next: Option<&NextPhase>,
    seed: u64,
    lang: Lang,
) -> Result<String> {
    let additions = |mut doc: String| {
        for (phase, group, l) in s.program_lots() {
            doc.push_str(&file_text::lot_toml(&t.players, seed, phase, group, l));
        }
        if let Some(next) = next {
            doc.push_str(&file_text::drawn_phase_toml(
                &t.players,
                seed,
                next.number,
                &next.groups,
            ));
        }
        doc
    };
    let mut doc = read_text(torneo)?;
    if !doc.ends_with('\n') {
        doc.push('\n');
    }
    let appended = additions(doc);
    let lots = t.lots.len() + s.program_lots().len();
    if let Ok(back) = Tournament::parse(&appended)
        && back.phases.len() == t.phases.len() + usize::from(next.is_some())
        && back.lots.len() == lots
    {
        return Ok(appended);
    }
    let doc = additions(file_text::rewritten_file(t, seed));
    reads_back(&doc, lang)?;
    diag!(
        "{}",
        lang.t(
            "note: the tournament file's layout cannot be extended by appending (an inline array or dotted keys): it was written anew from its data, in the usual layout, without its comments",
            "nota: il file del torneo non si può estendere aggiungendo in fondo (un elenco in linea o chiavi puntate): è stato riscritto dai suoi dati, nella forma solita, senza i suoi commenti"
        )
    );
    Ok(doc)
}

fn draw_cmd(
    torneo: &Path,
    paths: &[PathBuf],
    seed: u64,
    out: &Path,
    format: PlanFormat,
    lang: Lang,
) -> Result<Exit> {
    let (t, _, s, failed) = compute(torneo, paths, Some(seed), lang)?;
    let next = match &s.next_phase {
        Ok(n) => Some(n),
        // The final: no phase follows, but the program's lot for its tie is recorded
        // (issue 29 point 7, T12), as for other phases.
        Err(NoDraw::Final) if !s.program_lots().is_empty() => None,
        Err(why) => bail!("{}", why.say(lang)),
    };
    let doc = extended_file(torneo, &t, &s, next, seed, lang)?;
    let mut inputs: Vec<&Path> = vec![torneo];
    inputs.extend(paths.iter().map(PathBuf::as_path));
    let walk = arbitro::batch::walk(paths);
    inputs.extend(walk.files.iter().map(PathBuf::as_path));
    inputs.extend(walk.passed_over.iter().map(|(p, _)| p.as_path()));
    write_atomically(out, doc.as_bytes(), Output::Document, &inputs)?;
    let Some(next) = next else {
        diag!(
            "{} → {}",
            lang.t(
                "the final's lot drawn by the program, recorded as [[sorteggio]]",
                "il sorteggio della finale estratto dal programma, registrato come [[sorteggio]]"
            ),
            out.display()
        );
        return Ok(exit_code(&s, failed));
    };
    diag!(
        "{} {} → {}",
        lang.t("drawn: phase", "sorteggiata la fase"),
        next.number,
        out.display()
    );
    let pairings = report::pairings::PhasePairings {
        phase: next.number,
        groups: &next.groups,
        names: &t.players,
        registered: false,
    };
    print_pairings(&pairings, format, lang)?;
    let exit = exit_code(&s, failed);
    if exit == Exit::Findings {
        why_one(&s, lang);
    }
    Ok(exit)
}

/// Why `draw` ends with 1: the games with an error and those under review (T14), each with
/// its file and line; the draw counted their declared results.
fn why_one(s: &Standings, lang: Lang) {
    diag!(
        "{}",
        lang.t(
            "exit code 1: the draw counted the declared results, but these need the organiser (T14):",
            "codice di uscita 1: il sorteggio ha contato i risultati dichiarati, ma queste richiedono l'organizzazione (T14):"
        )
    );
    for n in s
        .all_findings()
        .filter(|n| n.finding.severity() == Severity::Error || n.finding.code == Code::UnderReview)
    {
        let f = &n.finding;
        let line = f.span.map(|sp| format!(":{}", sp.line)).unwrap_or_default();
        let game = n.game.map(|g| format!(" (#{g})")).unwrap_or_default();
        diag!(
            "  {}{line}{game}: [{}] {}",
            n.file,
            f.code,
            f.message_in(lang)
        );
    }
}
