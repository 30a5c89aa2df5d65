//! `arbitro batch`: whole archives, in parallel, with a progress bar and reports.

use crate::cmd::Exit;
use crate::cmd::args::NotationArg;
use crate::io::{AtomicFile, Output, check_target, diag, emit};
use anyhow::{Context, Result, bail};
use arbitro::batch::{self, CsvSink, JsonlSink, Sink, Summary, XlsxSink};
use arbitro::classical::ReplayOptions;
use arbitro::finding::Severity;
use arbitro::lang::{Dec, Int, Lang, Say};
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// The least severity that fails the run.
#[derive(Clone, Copy, ValueEnum)]
pub enum FailOn {
    /// Games with an error.
    Error,
    /// Games with a warning or an error.
    Warning,
}

#[derive(clap::Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    disable_help_subcommand = true,
    after_help = "Examples:\n  arbitro batch samples --report risultati.csv\n  arbitro batch samples/classical samples/superscacchi --report r.jsonl --fail-on warning --quiet\n  arbitro batch samples --shard 1/2 --report parte-1.jsonl\n  arbitro batch samples --shard 2/2 --report parte-2.jsonl\n\nExit codes: 0 nothing at or above --fail-on, 1 something is, 2 usage or I/O error (a path, a file or a part of a file that could not be read or checked)."
)]
pub struct Args {
    #[command(subcommand)]
    sub: Option<Sub>,
    /// Files and folders (read recursively; hidden entries and other files are skipped).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Write a report: FILE.csv (formats.md section 6), FILE.jsonl (section 4, one game a
    /// line) or FILE.xlsx (a workbook: the games of each variant and the findings, one sheet each).
    #[arg(long)]
    report: Vec<PathBuf>,
    /// CSV reports for a spreadsheet (Excel, LibreOffice) under an Italian or other
    /// European locale: `;` between cells and a UTF-8 byte order mark, so that each cell
    /// has its column and accented names show right (the batch CSV holds no decimals).
    #[arg(long)]
    csv_excel: bool,
    /// The least severity that makes the exit code 1.
    #[arg(long, value_enum, default_value = "error")]
    fail_on: FailOn,
    /// No progress bar, and no list of skipped files (they are still counted).
    #[arg(long, short)]
    quiet: bool,
    /// Worker threads (default and most: the machine's cores).
    #[arg(long, short, value_parser = clap::value_parser!(u64).range(1..))]
    jobs: Option<u64>,
    /// Force the notation of classical games.
    #[arg(long, value_enum)]
    notation: Option<NotationArg>,
    /// The longest game read, in bytes (16 MiB): a game whose end is further from its start
    /// is not read (an `unreadable` row, up to the next game's tags) and the exit code is 2.
    #[arg(long = "max-game", alias = "max-line", default_value_t = 16 << 20, value_name = "BYTES")]
    max_line: usize,
    /// Check only part K of N of the inputs (files by a hash of their path, a very large
    /// file by its games) and write a part report, FILE.jsonl, that `arbitro batch merge`
    /// puts together with the other parts into the report of one run. Start every shard
    /// with the same paths, from the same folder.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// With --shard: a file of this many bytes or more is shared by its games among the
    /// shards (64 MiB); a smaller file goes whole to one shard.
    #[arg(long, value_name = "BYTES", requires = "shard")]
    shard_split: Option<u64>,
}

/// `arbitro batch merge`.
#[derive(clap::Subcommand)]
enum Sub {
    /// Puts the part reports of `batch --shard K/N` together into the reports of one run,
    /// with the summary counted again.
    #[command(
        after_help = "Example:\n  arbitro batch merge parte-1.jsonl parte-2.jsonl --report tutto.csv\n\nExit codes: 0 nothing at or above --fail-on, 1 something is, 2 a part that cannot be used (cut short, of another run, a shard missing) or a part of a file that could not be checked."
    )]
    Merge(super::batch_merge::Args),
}

/// The report's kind, from its file name.
pub(super) fn report_kind(path: &Path) -> Option<&'static str> {
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("csv") => Some("csv"),
        Some(e) if e.eq_ignore_ascii_case("jsonl") => Some("jsonl"),
        Some(e) if e.eq_ignore_ascii_case("xlsx") => Some("xlsx"),
        _ => None,
    }
}

/// A progress bar on standard error when a person watches it.
fn progress_bar(quiet: bool, total: Option<u64>) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // The bar counts unpacked bytes (issue 32): its total is the inputs' unpacked sizes
    // where their formats record them; without one (a bzip2 archive), no total is claimed.
    let b = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
    let template = match total {
        Some(_) => format!(
            "{{bar:30}} {{bytes}}/{{total_bytes}} {{msg}} {} {{eta}}",
            crate::cmd::lang().t("ETA", "tempo restante")
        ),
        None => "{spinner} {bytes} {msg}".to_string(),
    };
    if let Ok(style) = ProgressStyle::with_template(&template) {
        b.set_style(style);
    }
    b
}

/// The summary tables.
pub(super) fn summary_text(s: &Summary, skipped: usize, secs: f64, lang: Lang) -> String {
    let mut t = arbitro::report::term::table();
    t.set_header(match lang {
        Lang::En => [
            "files",
            "skipped",
            "games",
            "valid",
            "with errors",
            "with warnings",
            "seconds",
            "games/s",
        ],
        Lang::It => [
            "file",
            "saltati",
            "partite",
            "valide",
            "con errori",
            "con avvertimenti",
            "secondi",
            "partite/s",
        ],
    });
    // Numbers in the language's form (issue 32: `0,01`, `1.234` in Italian).
    let int = |n: u64| Int(n).say(lang).into_owned();
    t.add_row([
        int(s.files as u64),
        int(skipped as u64),
        int(s.games as u64),
        int(s.valid as u64),
        int(s.with_errors as u64),
        int(s.with_warnings as u64),
        Dec(secs, 2).say(lang).into_owned(),
        Dec(s.games as f64 / secs.max(1e-6), 0)
            .say(lang)
            .into_owned(),
    ]);
    if s.by_code.is_empty() {
        // No finding: no table of them.
        return format!("{t}\n");
    }
    let mut codes = arbitro::report::term::table();
    codes.set_header([
        lang.t("finding code", "codice della segnalazione"),
        lang.t("count", "quante"),
        lang.t("meaning", "significato"),
    ]);
    for (c, n) in &s.by_code {
        // The code's one-line gloss (issue 32: `arbitro explain CODE` says more).
        let meaning = arbitro::finding::Code::from_name(c)
            .map(|code| *arbitro::finding::wording::codes::gloss(code).text.get(lang))
            .unwrap_or_default();
        codes.add_row([c.to_string(), int(*n as u64), meaning.to_string()]);
    }
    format!("{t}\n{codes}\n")
}

pub fn run(args: &Args) -> Result<Exit> {
    if let Some(Sub::Merge(m)) = &args.sub {
        return super::batch_merge::run(m);
    }
    let lang = crate::cmd::lang();
    let inputs: Vec<&Path> = args.paths.iter().map(PathBuf::as_path).collect();
    let shard = shard_of(args)?;
    for r in &args.report {
        if report_kind(r).is_none() {
            let r = r.display();
            bail!(
                "{}",
                crate::cmd::tr!(
                    "{r}: a report must end in .csv, .jsonl or .xlsx",
                    "{r}: il nome di un rapporto deve finire in .csv, .jsonl o .xlsx"
                )
            );
        }
        check_target(r, Output::Report, &inputs)?;
    }
    let pool = pool(args.jobs)?;
    let walk = batch::walk(&args.paths);
    tell_walk(&walk, args, lang);
    // Unpacked sizes (issue 32): a packed archive's size on disk would make the bar overrun.
    let total: Option<u64> = if args.quiet || !std::io::stderr().is_terminal() {
        None
    } else {
        walk.inputs
            .iter()
            .map(|f| arbitro::load::stream::unpacked_len(f))
            .sum()
    };
    let progress = Progress::new(progress_bar(args.quiet, total), lang);
    let opts = batch::BatchOptions {
        options: ReplayOptions {
            notation: NotationArg::notation(args.notation),
        },
        max_line: args.max_line,
        // A shard's part carries each row's CSV cells, for the merge.
        csv: shard.is_some() || args.report.iter().any(|r| report_kind(r) == Some("csv")),
        csv_delimiter: if args.csv_excel { b';' } else { b',' },
        jsonl: args.report.iter().any(|r| report_kind(r) == Some("jsonl")),
        xlsx: args.report.iter().any(|r| report_kind(r) == Some("xlsx")),
        lang,
        limits: crate::cmd::limits(),
        tz: crate::cmd::given_zone(),
        shard,
    };
    // The reports are written as the games are checked, each into a temporary file
    // renamed over its target once the run is over.
    let mut targets = args
        .report
        .iter()
        .map(|r| AtomicFile::create(r, Output::Report, &inputs))
        .collect::<Result<Vec<_>>>()?;
    // Every input has its rows, a file that cannot be read too (issue 32).
    let s = pool.install(|| {
        check_into(
            &walk.inputs,
            (&opts, args.csv_excel),
            &progress,
            &mut targets,
            &args.report,
        )
    })?;
    progress.bar.finish_and_clear();
    let no_game = files_without_game(&s, &walk, shard);
    if let Some(shard) = shard {
        // The part's last line: which shard of which run (the merge checks it).
        let trailer = batch::TrailerLine {
            arbitro_part: batch::Trailer {
                shard: shard.k(),
                of: shard.n(),
                files: walk.inputs.len(),
                inputs: batch::inputs_fingerprint(&walk.inputs),
                split: shard.split(),
                max_game: args.max_line,
                no_game: no_game.iter().map(|f| f.display().to_string()).collect(),
            },
        };
        for (t, r) in targets.iter_mut().zip(&args.report) {
            use std::io::Write;
            let line = serde_json::to_string(&trailer)?;
            writeln!(t, "{line}").with_context(|| crate::io::cannot_write(r))?;
        }
    }
    for t in targets {
        t.commit()?;
    }
    emit(&summary_text(
        &s,
        skipped_folders(&walk).count(),
        progress.start.elapsed().as_secs_f64(),
        lang,
    ))?;
    let failing = matches!(
        (args.fail_on, s.worst()),
        (_, Some(Severity::Error)) | (FailOn::Warning, Some(Severity::Warning))
    );
    let unusable = tell_no_game(&no_game, lang) || s.unusable > 0;
    Ok(if walk.skipped.is_empty() && !unusable {
        Exit::from_errors(failing)
    } else {
        Exit::Unusable
    })
}

/// Says on standard error, as the rows pass, each part of a file that could not be
/// checked (unreadable, empty, binary, an internal error): the row in the reports has the
/// code, this line has the file and why. `batch merge` says them too, from the part
/// reports: each is shown inert (a part is a file like any other).
pub(super) struct Problems;

impl Sink for Problems {
    fn row(&mut self, file: &str, row: &batch::Row) -> std::io::Result<()> {
        use arbitro::report::inert::inert;
        if let Some(why) = &row.problem {
            let (file, why) = (inert(file), inert(why));
            diag!("{}: {file}: {why}", crate::cmd::error_word());
        }
        Ok(())
    }
}

/// Runs the batch with a report sink on each target, and [`Problems`].
fn check_into(
    files: &[PathBuf],
    (opts, excel): (&batch::BatchOptions, bool),
    progress: &Progress,
    targets: &mut [AtomicFile],
    reports: &[PathBuf],
) -> Result<Summary> {
    let mut boxes: Vec<Box<dyn Sink + Send + '_>> = Vec::with_capacity(targets.len());
    for (t, r) in targets.iter_mut().zip(reports) {
        boxes.push(match report_kind(r) {
            Some("csv") => {
                let sink = if excel {
                    CsvSink::for_excel(t)
                } else {
                    CsvSink::new(t)
                };
                Box::new(sink.with_context(|| crate::io::cannot_write(r))?)
            }
            Some("xlsx") => Box::new(XlsxSink::new(t, opts.lang)),
            _ if opts.shard.is_some() => Box::new(JsonlSink::part(t)),
            _ => Box::new(JsonlSink::new(t)),
        });
    }
    boxes.push(Box::new(Problems));
    let mut sinks: Vec<&mut (dyn Sink + Send)> = boxes
        .iter_mut()
        .map(|s| -> &mut (dyn Sink + Send) { &mut **s })
        .collect();
    batch::run(
        files,
        opts,
        &|bytes, games| progress.tick(bytes, games),
        &mut sinks,
    )
    .map_err(|e| anyhow::Error::new(e.error).context(crate::io::cannot_write(&reports[e.sink])))
}

/// The threads: `--jobs`, at most the cores there are.
fn pool(jobs: Option<u64>) -> Result<rayon::ThreadPool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = jobs.map_or(cores, |n| usize::try_from(n).unwrap_or(cores).min(cores));
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?)
}

/// What the walk skipped that is not one of its inputs: a folder that cannot be listed (a
/// file that cannot be used is an input: its row says why).
fn skipped_folders(walk: &batch::Walk) -> impl Iterator<Item = &(PathBuf, batch::Reason)> {
    // Every other reason is a file's, and the file is one of the inputs.
    walk.skipped
        .iter()
        .filter(|(_, r)| matches!(r, batch::Reason::CannotReadFolder(_)))
}

/// What the walk could not use or passed over. A path named on the command line that cannot
/// be read is an I/O error; a folder that cannot be listed inside a folder is listed and
/// counted, and makes the exit code 2 too. A file that cannot be used is a row, said as the
/// rows pass ([`Problems`]).
fn tell_walk(walk: &batch::Walk, args: &Args, lang: Lang) {
    for (p, why) in skipped_folders(walk) {
        let why = why.say(lang);
        if args.paths.contains(p) {
            diag!("{}: {}: {why}", crate::cmd::error_word(), p.display());
        } else if !args.quiet {
            diag!("{} {}: {why}", lang.t("skipped", "saltato"), p.display());
        }
    }
    if !args.quiet {
        for (p, why) in &walk.passed_over {
            diag!(
                "{} {}: {}",
                lang.t("passed over", "tralasciato"),
                p.display(),
                why.say(lang)
            );
        }
    }
}

/// The progress bar and its message: games so far and the rate, redrawn at most every
/// 100 ms (and never when nobody sees it).
struct Progress {
    bar: ProgressBar,
    /// Nobody sees the bar (asked once: the bar's own answer takes a lock).
    hidden: bool,
    lang: Lang,
    games: AtomicU64,
    start: Instant,
    shown_at: AtomicU64,
}

impl Progress {
    fn new(bar: ProgressBar, lang: Lang) -> Progress {
        Progress {
            hidden: bar.is_hidden(),
            bar,
            lang,
            games: AtomicU64::new(0),
            start: Instant::now(),
            shown_at: AtomicU64::new(0),
        }
    }

    /// `bytes` more read and `n` more games checked.
    fn tick(&self, bytes: u64, n: u64) {
        let g = self.games.fetch_add(n, Relaxed) + n;
        if self.hidden {
            return;
        }
        self.bar.inc(bytes);
        // A recorded size can be short (a gzip archive of several members records only
        // its last one's): the bar grows rather than run past its end.
        if self
            .bar
            .length()
            .is_some_and(|len| self.bar.position() > len)
        {
            self.bar.set_length(self.bar.position());
        }
        let now = self.start.elapsed();
        let ms = now.as_millis() as u64;
        if ms >= self.shown_at.load(Relaxed) + 100 {
            self.shown_at.store(ms, Relaxed);
            let rate = Dec(g as f64 / now.as_secs_f64().max(1e-3), 0)
                .say(self.lang)
                .into_owned();
            let (one, n) = (g == 1, Int(g).say(self.lang).into_owned());
            self.bar.set_message(match (self.lang, one) {
                (Lang::En, true) => format!("{n} game, {rate} games/s"),
                (Lang::En, false) => format!("{n} games, {rate} games/s"),
                (Lang::It, true) => format!("{n} partita, {rate} partite/s"),
                (Lang::It, false) => format!("{n} partite, {rate} partite/s"),
            });
        }
    }
}

/// The files that held no game (only comments); with `--shard`, of this shard's files
/// only (a file of another shard has no rows here).
fn files_without_game<'w>(
    s: &batch::Summary,
    walk: &'w batch::Walk,
    shard: Option<batch::Shard>,
) -> Vec<&'w PathBuf> {
    walk.inputs
        .iter()
        .enumerate()
        .filter(|(i, _)| !s.files_with_rows.contains(i))
        .map(|(_, f)| f)
        .filter(|f| {
            shard.is_none_or(|shard| {
                let size = std::fs::metadata(f).map_or(0, |m| m.len());
                shard.owns_file(&f.display().to_string(), size)
            })
        })
        .collect()
}

/// Says on standard error each file that held no game. True when there is any: the exit
/// code is then 2.
pub(super) fn tell_no_game(files: &[impl AsRef<Path>], lang: Lang) -> bool {
    for f in files {
        diag!(
            "{}: {}: {}",
            lang.t("error", "errore"),
            f.as_ref().display(),
            lang.t(
                "no game found in the file (only comments)",
                "nel file non c'è nessuna partita (solo commenti)"
            )
        );
    }
    !files.is_empty()
}

/// `--shard K/N` read and checked: a part report is one `.jsonl` file.
fn shard_of(args: &Args) -> Result<Option<batch::Shard>> {
    let Some(text) = &args.shard else {
        return Ok(None);
    };
    let Ok(shard) = text.parse::<batch::Shard>() else {
        bail!(
            "{}",
            crate::cmd::tr!(
                "--shard {text}: write K/N, with 1 ≤ K ≤ N (for example 2/4: the second of four shards)",
                "--shard {text}: scrivere K/N, con 1 ≤ K ≤ N (per esempio 2/4: la seconda di quattro porzioni)"
            )
        );
    };
    if args.report.len() != 1 || report_kind(&args.report[0]) != Some("jsonl") || args.csv_excel {
        bail!(
            "{}",
            crate::cmd::tr!(
                "--shard writes one part report, FILE.jsonl (--report PART.jsonl); `arbitro batch merge` then writes the CSV, JSON Lines or --csv-excel report of the whole run",
                "--shard scrive un solo rapporto parziale, FILE.jsonl (--report PARTE.jsonl); poi `arbitro batch merge` scrive il rapporto CSV, JSON Lines o --csv-excel di tutto il controllo"
            )
        );
    }
    Ok(Some(match args.shard_split {
        Some(bytes) => shard.with_split(bytes),
        None => shard,
    }))
}
