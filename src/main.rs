//! The `arbitro` command: clap commands → library calls → render → exit code.
//!
//! Exit codes: 0 every game valid, 1 some game has an error finding, 2 usage or I/O error.

use anyhow::{Context, Result, bail};
use arbitro::classical::{self, Options};
use arbitro::decode::decode;
use arbitro::finding::Severity;
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use arbitro::report::{self, human::Style, inert::inert, lang::Lang};
use arbitro::superscacchi::score::ScoringTable;
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

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
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
    /// Checks whole archives: folders of game files of both variants, in parallel.
    #[command(
        after_help = "Examples:\n  arbitro batch archivio/ --report risultati.csv\n  arbitro batch a.pgn b/ --report r.jsonl --fail-on warning --quiet\n\nExit codes: 0 nothing at or above --fail-on, 1 something is, 2 usage or I/O error."
    )]
    Batch {
        /// Files and folders (read recursively; hidden entries and other files are skipped).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Write a report: FILE.csv (formats.md section 6) or FILE.jsonl (section 4, one game a line).
        #[arg(long)]
        report: Vec<PathBuf>,
        /// The least severity that makes the exit code 1.
        #[arg(long, value_enum, default_value = "error")]
        fail_on: FailOn,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
        /// Worker threads (default: all cores).
        #[arg(long, short)]
        jobs: Option<usize>,
        /// Force the notation of classical games.
        #[arg(long, value_enum)]
        notation: Option<NotationArg>,
        /// The longest line read, in bytes; a longer line makes its part of the file a row
        /// with an error.
        #[arg(long, default_value_t = 16 << 20, hide = true)]
        max_line: usize,
    },
    /// Draws the board in the terminal at a given move (default: the end).
    #[command(
        after_help = "Examples:\n  arbitro show samples/superscacchi/leoni-tigri-partita1.txt --at N:12\n  arbitro show samples/classical/handout-corretto.txt --ply 5\n  NO_COLOR=1 arbitro show partita.txt"
    )]
    Show {
        /// The game file.
        file: PathBuf,
        /// After this army's move: ARMY:MOVE (S:12, NE:3; classical white:3, black:3).
        #[arg(long)]
        at: Option<String>,
        /// After this many plies (0: the first position).
        #[arg(long)]
        ply: Option<usize>,
        /// Which game of a classical file.
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// Colour.
        #[arg(long, value_enum, default_value = "auto")]
        color: ColorArg,
    },
    /// Writes a self-contained HTML viewer of a game (and/or one position as SVG).
    #[command(
        after_help = "Examples:\n  arbitro render samples/superscacchi/leoni-tigri-partita1.txt --out partita.html\n  arbitro render partita.txt --svg fine.svg --ply 120"
    )]
    Render {
        /// The game file.
        file: PathBuf,
        /// The HTML file to write (atomically).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// One position as a standalone SVG.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// With --svg: after this many plies (default: the end).
        #[arg(long)]
        ply: Option<usize>,
        /// Which game of a classical file.
        #[arg(long, default_value_t = 1)]
        game: usize,
    },
    /// The judge's register of a SuperScacchi game: material, events, penalties, totals, winner.
    #[command(
        after_help = "Examples:\n  arbitro score samples/superscacchi/leoni-tigri-partita1.txt\n  arbitro score --lang it --format json partita.txt"
    )]
    Score {
        /// The game file.
        file: PathBuf,
        /// Output format (csv: one row per team).
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        #[command(flatten)]
        common: SsArgs,
    },
    /// The verdict of a match: its two games (R42).
    #[command(
        name = "match",
        after_help = "Examples:\n  arbitro match samples/superscacchi/leoni-tigri-partita1.txt samples/superscacchi/leoni-tigri-partita2.txt"
    )]
    Match {
        /// Game 1.
        game1: PathBuf,
        /// Game 2.
        game2: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        #[command(flatten)]
        common: SsArgs,
    },
    /// A team's contest of the table's verdict (R43): admissible or not, and what differs.
    #[command(
        after_help = "Examples:\n  arbitro contest samples/superscacchi/leoni-tigri-partita2.txt --team Leoni --at 2026-10-17T18:12\n  arbitro contest partita.txt --team Tigri --out reclamo.txt --lang it"
    )]
    Contest {
        /// The game file.
        file: PathBuf,
        /// The contesting team.
        #[arg(long)]
        team: String,
        /// When the contest is filed (`2023-05-14T18:09` or `18:09` on the day of [Fine]); default now.
        #[arg(long)]
        at: Option<String>,
        /// Write the contest document here (atomically).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Output format (json: formats.md section 5).
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        #[command(flatten)]
        common: SsArgs,
    },
    /// The scoring table (R38–R41): print the default, or check a file.
    #[command(
        after_help = "Examples:\n  arbitro scoring --print-default > punteggi.toml\n  arbitro scoring --check punteggi.toml"
    )]
    Scoring {
        /// Print the built-in table as TOML.
        #[arg(long)]
        print_default: bool,
        /// Check a table file.
        #[arg(long)]
        check: Option<PathBuf>,
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

fn batch_cmd(
    paths: &[PathBuf],
    reports: &[PathBuf],
    fail_on: FailOn,
    quiet: bool,
    jobs: Option<usize>,
    options: Options,
    max_line: usize,
) -> Result<u8> {
    use arbitro::batch;
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    for r in reports {
        let ext = r.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "csv" | "jsonl") {
            bail!("{}: a report must end in .csv or .jsonl", r.display());
        }
    }
    if let Some(n) = jobs {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .ok();
    }
    let walk = batch::walk(paths);
    // A path named on the command line that cannot be read is a usage or I/O error.
    let mut missing = false;
    for (p, why) in &walk.skipped {
        if paths.contains(p) {
            eprintln!("error: {}", inert(&format!("{}: {why}", p.display())));
            missing = true;
        } else if !quiet {
            eprintln!("skipped {}", inert(&format!("{}: {why}", p.display())));
        }
    }
    if let Ok(victim) = std::env::var("ARBITRO_TEST_DELETE_AFTER_WALK") {
        // Test hook: a file disappears between the walk and the read.
        let _ = std::fs::remove_file(victim);
    }
    let total: u64 = walk
        .files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let bar = if quiet || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let b = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template("{bar:30} {bytes}/{total_bytes} {msg} ETA {eta}")
                .expect("a valid template"),
        );
        b
    };
    let games = std::sync::atomic::AtomicU64::new(0);
    let start = std::time::Instant::now();
    let hidden = bar.is_hidden();
    // The message is redrawn at most every 100 ms (and never when nobody sees it).
    let shown_at = std::sync::atomic::AtomicU64::new(0);
    let progress = |bytes: u64, n: u64| {
        use std::sync::atomic::Ordering::Relaxed;
        let g = games.fetch_add(n, Relaxed) + n;
        if hidden {
            return;
        }
        bar.inc(bytes);
        let now = start.elapsed();
        let ms = now.as_millis() as u64;
        if ms >= shown_at.load(Relaxed) + 100 {
            shown_at.store(ms, Relaxed);
            let rate = g as f64 / now.as_secs_f64().max(1e-3);
            bar.set_message(format!("{g} games, {rate:.0} games/s"));
        }
    };
    let opts = batch::BatchOptions {
        options,
        max_line,
        csv: reports
            .iter()
            .any(|r| r.extension().is_some_and(|e| e == "csv")),
        jsonl: reports
            .iter()
            .any(|r| r.extension().is_some_and(|e| e == "jsonl")),
    };
    let (s, rows) = batch::run(&walk.files, &opts, &progress);
    bar.finish_and_clear();
    let inputs: Vec<&Path> = walk.files.iter().map(PathBuf::as_path).collect();
    for r in reports {
        let text = if r.extension().is_some_and(|e| e == "csv") {
            batch::csv_report(&walk.files, &rows)
        } else {
            batch::jsonl_report(&rows)
        };
        write_atomically(r, text.as_bytes(), &inputs)?;
    }
    let secs = start.elapsed().as_secs_f64();
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED);
    t.set_header([
        "files",
        "games",
        "valid",
        "with errors",
        "with warnings",
        "seconds",
        "games/s",
    ]);
    t.add_row([
        s.files.to_string(),
        s.games.to_string(),
        s.valid.to_string(),
        s.with_errors.to_string(),
        s.with_warnings.to_string(),
        format!("{secs:.2}"),
        format!("{:.0}", s.games as f64 / secs.max(1e-6)),
    ]);
    let mut codes = comfy_table::Table::new();
    codes.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED);
    codes.set_header(["finding code", "count"]);
    for (c, n) in &s.by_code {
        codes.add_row([c.to_string(), n.to_string()]);
    }
    emit(&format!("{t}\n{codes}\n"));
    let failing = matches!(
        (fail_on, s.worst()),
        (_, Some(Severity::Error)) | (FailOn::Warning, Some(Severity::Warning))
    );
    Ok(if missing { 2 } else { u8::from(failing) })
}

/// A game of any variant with its view, for `show` and `render`.
fn load_view(
    path: &Path,
    game: usize,
    setup: Option<&Path>,
) -> Result<(GameReport, arbitro::view::View)> {
    let name = display_name(path);
    let bytes = read_input(path)?;
    let decoded = decode(&bytes).with_context(|| name.clone())?;
    match Variant::detect(&decoded.text) {
        Variant::SuperScacchi => {
            let args = SsArgs {
                lang: None,
                scoring: None,
                setup: setup.map(Path::to_path_buf),
            };
            let mut r = load_game(path, &args, true)?;
            let view = r.view.take().context("no view")?;
            Ok((r, view))
        }
        Variant::Classical => {
            let options = Options::default();
            let raw = games(&decoded.text)
                .nth(game.saturating_sub(1))
                .with_context(|| format!("{name} has no game {game}"))?;
            let replay = classical::replay(&raw, &options);
            let mut view = arbitro::view::classical(&replay);
            // Show where the replay stopped, as for SuperScacchi.
            if let Some(f) = replay
                .findings
                .iter()
                .find(|f| f.severity() == Severity::Error)
                && let Some(span) = f.span
            {
                view.plies.push(arbitro::view::ViewPly {
                    label: decoded.text[span.start..span.end].to_string(),
                    mover: f.army.clone().unwrap_or_default(),
                    from: 0,
                    to: 0,
                    changes: Vec::new(),
                    played: false,
                });
            }
            let report = verify::verify_classical(&name, &decoded.text, decoded.latin1, &options)
                .into_iter()
                .nth(game.saturating_sub(1))
                .context("no such game")?;
            Ok((report, view))
        }
    }
}

/// Which ply `--at ARMY:MOVE` or `--ply N` names (default: the end).
fn pick_ply(view: &arbitro::view::View, at: Option<&str>, ply: Option<usize>) -> Result<usize> {
    let played = view.played();
    if let Some(n) = ply {
        if n > played {
            bail!("the game has {played} plies");
        }
        return Ok(n);
    }
    let Some(at) = at else { return Ok(played) };
    let (who, number) = at
        .split_once(':')
        .context("write --at ARMY:MOVE, e.g. --at N:12 or --at white:3")?;
    let who = match who.to_lowercase().as_str() {
        "bianco" | "w" => "white".to_string(),
        "nero" | "b" => "black".to_string(),
        w => w.to_string(),
    };
    let number: u32 = number
        .trim()
        .parse()
        .context("the move number must be a number")?;
    view.plies
        .iter()
        .take(played)
        .enumerate()
        .filter(|(_, p)| p.mover.eq_ignore_ascii_case(&who))
        .nth(number.saturating_sub(1) as usize)
        .map(|(i, _)| i + 1)
        .with_context(|| format!("{who} has no move {number} in the replayed game"))
}

fn show_cmd(
    path: &Path,
    at: Option<&str>,
    ply: Option<usize>,
    game: usize,
    color: ColorArg,
) -> Result<u8> {
    use arbitro::report::board::{Colors, draw};
    let (report, view) = load_view(path, game, None)?;
    let n = pick_ply(&view, at, ply)?;
    let colors = match color {
        ColorArg::Never => Colors::Plain,
        ColorArg::Auto if !io::stdout().is_terminal() || std::env::var_os("NO_COLOR").is_some() => {
            Colors::Plain
        }
        _ if std::env::var("COLORTERM")
            .is_ok_and(|v| v.contains("truecolor") || v.contains("24bit")) =>
        {
            Colors::TrueColor
        }
        _ => Colors::Ansi256,
    };
    let mut out = String::new();
    let title = match n {
        0 => "the first position".to_string(),
        n => format!("after ply {n}: {}", view.plies[n - 1].label),
    };
    out.push_str(&inert(&format!("{} — {title}\n", report.file)));
    out.push_str(&draw(&view, n, colors));
    let events: Vec<_> = report
        .events
        .iter()
        .filter(|e| e.ply as usize <= n)
        .collect();
    if !events.is_empty() {
        out.push_str("events so far:\n");
        for e in events {
            out.push_str(&inert(&format!(
                "  ply {:>4}  {:<12} {:<3} move {:<4} {} +{} ({})\n",
                e.ply,
                e.kind,
                e.army,
                e.move_number.map_or("—".into(), |m| m.to_string()),
                e.team,
                e.points,
                e.rule
            )));
        }
    }
    if n == view.played() && view.plies.len() > n {
        let bad = &view.plies[n];
        out.push_str(&inert(&format!(
            "the replay stops at the next move, {}: it is not legal\n",
            bad.label
        )));
    }
    emit(&out);
    Ok(0)
}

fn render_cmd(
    path: &Path,
    out: Option<&Path>,
    svg: Option<&Path>,
    ply: Option<usize>,
    game: usize,
) -> Result<u8> {
    let (report, view) = load_view(path, game, None)?;
    if out.is_none() && svg.is_none() {
        bail!("say where: --out FILE.html and/or --svg FILE.svg");
    }
    if let Some(o) = out {
        let title = format!("arbitro — {}", report.file);
        let html = report::html::page(&report, &view, &title);
        write_atomically(o, html.as_bytes(), &[path])?;
    }
    if let Some(s) = svg {
        let n = pick_ply(&view, None, ply)?;
        write_atomically(s, report::html::svg(&view, n).as_bytes(), &[path])?;
    }
    Ok(0)
}

/// Options shared by the SuperScacchi verdict commands.
#[derive(clap::Args)]
struct SsArgs {
    /// Report language (default: from LANG; it_* gives Italian).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
    /// A scoring table (TOML) instead of the built-in one.
    #[arg(long)]
    scoring: Option<PathBuf>,
    /// A set-up file instead of the [Disposizione] tag.
    #[arg(long)]
    setup: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum FailOn {
    Error,
    Warning,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    It,
    En,
}

impl SsArgs {
    fn lang(&self) -> Lang {
        match self.lang {
            Some(LangArg::It) => Lang::It,
            Some(LangArg::En) => Lang::En,
            None => Lang::from_env(),
        }
    }

    fn table(&self) -> Result<ScoringTable> {
        match &self.scoring {
            None => Ok(ScoringTable::default()),
            Some(p) => {
                let bytes = read_input(p)?;
                ScoringTable::from_toml(&String::from_utf8_lossy(&bytes))
                    .with_context(|| p.display().to_string())
            }
        }
    }
}

/// Reads and verifies one SuperScacchi game for the verdict commands.
fn load_game(path: &Path, args: &SsArgs, view: bool) -> Result<GameReport> {
    let name = display_name(path);
    let bytes = read_input(path)?;
    let decoded = decode(&bytes).with_context(|| name.clone())?;
    if Variant::detect(&decoded.text) != Variant::SuperScacchi {
        bail!("{name} is not a SuperScacchi game (no [Esercito] sheet)");
    }
    let setup_path = args.setup.clone().or_else(|| {
        verify::setup_file_named(&decoded.text)
            .map(|p| path.parent().unwrap_or(Path::new(".")).join(p))
    });
    let setup_text = match setup_path {
        Some(p) => Some(String::from_utf8_lossy(&read_input(&p)?).into_owned()),
        None => None,
    };
    let table = args.table()?;
    Ok(verify::verify_superscacchi_with(
        &name,
        &decoded.text,
        decoded.latin1,
        setup_text.as_deref(),
        &table,
        view,
    ))
}

/// Says why a game has no verdict (its first error) on standard error.
fn no_verdict(r: &GameReport, lang: Lang) -> u8 {
    let first = r.first_error().map_or(String::new(), |f| f.message.clone());
    eprintln!(
        "{}: {}: {first}",
        r.file,
        lang.t(
            "the game has an error, so no scores are given (R37); settle it first",
            "la partita ha un errore, quindi non si danno punteggi (R37): va risolto prima"
        )
    );
    1
}

fn score_cmd(file: &Path, format: Format, args: &SsArgs) -> Result<u8> {
    let lang = args.lang();
    let r = load_game(file, args, false)?;
    let Some(v) = &r.verdict else {
        if let Format::Json = format {
            emit(&report::json::render(std::slice::from_ref(&r)));
        }
        return Ok(no_verdict(&r, lang));
    };
    match format {
        Format::Human => emit(&report::verdict::score_report(lang, &r.file, v)),
        Format::Json => emit(&report::json::render(std::slice::from_ref(&r))),
        Format::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record([
                "file",
                "team",
                "role",
                "material",
                "events",
                "penalties",
                "total",
                "winner",
            ])?;
            for t in &v.teams {
                w.write_record([
                    report::csv::neutral(&r.file).into_owned(),
                    report::csv::neutral(&t.team).into_owned(),
                    t.side.name().to_string(),
                    t.material.to_string(),
                    t.event_points.to_string(),
                    t.penalty_points.to_string(),
                    t.total.to_string(),
                    (v.winner_name() == Some(t.team.as_str())).to_string(),
                ])?;
            }
            emit(&String::from_utf8(w.into_inner()?)?);
        }
    }
    Ok(0)
}

fn match_cmd(g1: &Path, g2: &Path, format: Format, args: &SsArgs) -> Result<u8> {
    use arbitro::superscacchi::contest::match_verdict;
    let lang = args.lang();
    let a = load_game(g1, args, false)?;
    let b = load_game(g2, args, false)?;
    for r in [&a, &b] {
        if r.verdict.is_none() {
            return Ok(no_verdict(r, lang));
        }
    }
    let (ra, va) = (
        a.register.as_ref().expect("superscacchi"),
        a.verdict.as_ref().expect("checked"),
    );
    let (rb, vb) = (
        b.register.as_ref().expect("superscacchi"),
        b.verdict.as_ref().expect("checked"),
    );
    let m = match match_verdict((ra, va), (rb, vb)) {
        Ok(m) => m,
        Err(e) => {
            for p in e.0 {
                eprintln!("error: {}", inert(&p.to_string()));
            }
            return Ok(2);
        }
    };
    match format {
        Format::Json | Format::Csv => {
            let v = serde_json::json!({
                "teams": m.teams,
                "wins": m.wins,
                "sums": m.sums,
                "winner": m.winner.map(|w| m.teams[w].clone()),
                "reason": format!("{:?}", m.reason),
                "games": [report::json::to_value(&a), report::json::to_value(&b)],
            });
            emit(&(serde_json::to_string_pretty(&v)? + "\n"));
        }
        Format::Human => {
            emit(&report::verdict::score_report(lang, &a.file, va));
            emit("\n");
            emit(&report::verdict::score_report(lang, &b.file, vb));
            emit("\n");
            emit(&report::verdict::match_report(lang, &m));
        }
    }
    Ok(0)
}

fn contest_cmd(
    file: &Path,
    team: &str,
    at: Option<&str>,
    out: Option<&Path>,
    format: Format,
    args: &SsArgs,
) -> Result<u8> {
    use arbitro::superscacchi::{contest::contest, register::Stamp};
    let lang = args.lang();
    let r = load_game(file, args, false)?;
    let reg = r.register.as_ref().expect("superscacchi");
    let Some(t) = reg.team_index(team) else {
        bail!(
            "`{team}` is not a team of this game: the teams are `{}` and `{}`",
            reg.teams[0],
            reg.teams[1]
        );
    };
    let filed = match at {
        Some(s) => Stamp::parse(s, reg.end)
            .with_context(|| format!("`{s}` is not a date and time (2023-05-14T18:09)"))?,
        None => Stamp::now(),
    };
    let Some(v) = &r.verdict else {
        return Ok(no_verdict(&r, lang));
    };
    let c = contest(reg, v, t, filed);
    let warnings: Vec<String> = r
        .findings
        .iter()
        .filter(|f| f.severity() != Severity::Info)
        .map(|f| f.message.clone())
        .collect();
    let text = report::verdict::contest_report(lang, &r.file, reg, v, &c, &warnings);
    let json = report::verdict::contest_json(report::json::to_value(&r), reg, v, &c, lang);
    let json_text = serde_json::to_string_pretty(&json)? + "\n";
    if let Some(path) = out {
        let doc = match format {
            Format::Json => &json_text,
            _ => &text,
        };
        write_atomically(path, doc.as_bytes(), &[file])?;
    }
    match format {
        Format::Json => emit(&json_text),
        _ => emit(&text),
    }
    Ok(0)
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
                eprintln!("error: {}", inert(&format!("{e:#}")));
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
                        eprintln!("error: {}", inert(&format!("{name}: the set-up: {e:#}")));
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
                raw.number,
                inert(&first.message)
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

/// An error at the binary's edge: printed, exit code 2.
fn run(r: Result<u8>) -> u8 {
    match r {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {}", inert(&format!("{e:#}")));
            2
        }
    }
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
        Command::Show {
            file,
            at,
            ply,
            game,
            color,
        } => run(show_cmd(&file, at.as_deref(), ply, game, color)),
        Command::Render {
            file,
            out,
            svg,
            ply,
            game,
        } => run(render_cmd(&file, out.as_deref(), svg.as_deref(), ply, game)),
        Command::Batch {
            paths,
            report,
            fail_on,
            quiet,
            jobs,
            notation: n,
            max_line,
        } => run(batch_cmd(
            &paths,
            &report,
            fail_on,
            quiet,
            jobs,
            Options {
                notation: notation(n),
            },
            max_line,
        )),
        Command::Score {
            file,
            format,
            common,
        } => run(score_cmd(&file, format, &common)),
        Command::Match {
            game1,
            game2,
            format,
            common,
        } => run(match_cmd(&game1, &game2, format, &common)),
        Command::Contest {
            file,
            team,
            at,
            out,
            format,
            common,
        } => run(contest_cmd(
            &file,
            &team,
            at.as_deref(),
            out.as_deref(),
            format,
            &common,
        )),
        Command::Scoring {
            print_default,
            check,
        } => {
            if let Some(p) = check {
                run((|| {
                    let bytes = read_input(&p)?;
                    ScoringTable::from_toml(&String::from_utf8_lossy(&bytes))
                        .with_context(|| p.display().to_string())?;
                    emit(&format!("{}: a valid scoring table\n", p.display()));
                    Ok(0)
                })())
            } else if print_default {
                emit(&ScoringTable::default().to_toml());
                0
            } else {
                eprintln!("error: say --print-default or --check FILE");
                2
            }
        }
        Command::Selfplay { seed, plies, out } => {
            use arbitro::superscacchi::{selfplay, setup::Setup};
            let setup = Setup::builtin("assedio-corto").expect("built in");
            let text = selfplay::generate(&setup, seed, plies).to_text(&selfplay::header(seed));
            match out {
                Some(path) => match write_atomically(&path, text.as_bytes(), &[]) {
                    Ok(()) => 0,
                    Err(e) => {
                        eprintln!("error: {}", inert(&format!("{e:#}")));
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
                    eprintln!("error: {}", inert(&format!("{e:#}")));
                    2
                }
            }
        }
    };
    ExitCode::from(code)
}
