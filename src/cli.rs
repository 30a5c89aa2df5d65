//! The command line: clap's types, nothing else. Each command's own options live beside
//! its code in `cmd/<command>.rs`.

use crate::cmd;
use clap::{Arg, ArgAction, Parser, Subcommand, ValueEnum};

mod errors_it;
mod help_it;

pub use errors_it::{Italian, italian_usage};

#[derive(Parser)]
#[command(
    name = "arbitro",
    version,
    about = "The arbiter's tool for SuperScacchi and for classical chess in Italian notation",
    after_help = "Examples:\n  arbitro verify samples/superscacchi/leoni-tigri-partita1.txt\n  arbitro verify samples/classical/handout.txt\n  arbitro verify --format json samples/classical/torneo-scuola.txt\n  arbitro convert samples/classical/handout-corretto.txt --to pgn\n\nExit codes: 0 all games valid, 1 some game has an error, 2 unusable input or usage error."
)]
pub struct Cli {
    /// Language of reports and messages (default: from LC_ALL, LC_MESSAGES or LANG; it_*
    /// gives Italian).
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
    /// The most mebibytes read from one input (file or standard input).
    #[arg(long, global = true, value_name = "MIB", default_value_t = 1024)]
    pub max_input: u64,
    /// Replace an existing file when a command creates a document (new, tournament new,
    /// draw, convert --out, reconcile --out, selfplay --out). Never an input; a report
    /// never replaces a game, set-up or tournament file.
    #[arg(long, global = true)]
    pub force: bool,
    /// The venue's time zone (default: this computer's), e.g. `Europe/Rome`: a game's
    /// times are its clock (R43's ten minutes, R46's length of play).
    #[arg(long, global = true, value_name = "ZONE")]
    pub tz: Option<String>,
    #[command(subcommand)]
    pub command: Command,
}

/// Every command; each runs from its own module.
#[derive(Subcommand)]
pub enum Command {
    /// Replays every game of the files and reports each illegal move and each slip of the pen.
    Verify(cmd::verify::Args),
    /// Writes verified classical games as standard PGN or canonical Italian.
    Convert(cmd::convert::Args),
    /// Aligns the two players' sheets of one classical game and writes the game they record.
    Reconcile(cmd::reconcile::Args),
    /// Checks whole archives: folders of game files of both variants, in parallel.
    Batch(cmd::batch::Args),
    /// The judge's register of a SuperScacchi game: material, events, penalties, totals, winner.
    Score(cmd::score::Args),
    /// The verdict of a match: its two games (R42).
    #[command(name = "match")]
    Match(cmd::matches::Args),
    /// A team's contest of the table's verdict (R43): admissible or not, and what differs.
    Contest(cmd::contest::Args),
    /// The scoring table (R38–R41): print the default, or check a file.
    Scoring(cmd::scoring::Args),
    /// Draws the board in the terminal at a given move (default: the end).
    Show(cmd::show::Args),
    /// Writes a self-contained HTML viewer of a game (and/or one position as SVG).
    Render(cmd::render::Args),
    /// Plays a random legal SuperScacchi game and writes its eight sheets.
    Selfplay(cmd::selfplay::Args),
    /// Writes an empty game file to fill in: every tag, and a line of each kind.
    New(cmd::new::Args),
    /// The school tournament: plan, first draw, standings, next draw (torneo-rules.md).
    Tournament(cmd::tournament::Args),
    /// The simultaneous exhibition: every board checked, the master's result tallied (simul-rules.md).
    Simul(cmd::simul::Args),
    /// What a finding code means, its severity and its rule; without a code, every code.
    Explain(cmd::explain::Args),
    /// Writes the completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions(cmd::shell::CompletionsArgs),
    /// Writes the manual page (roff), made from the command line's own definition.
    Man(cmd::shell::ManArgs),
}

/// The report language.
#[derive(Clone, Copy, ValueEnum)]
pub enum LangArg {
    /// Italian.
    It,
    /// English.
    En,
}

impl LangArg {
    /// The language: the option, else the environment (`LANG=it_*` gives Italian).
    pub fn lang(arg: Option<LangArg>) -> arbitro::lang::Lang {
        use arbitro::lang::Lang;
        match arg {
            Some(LangArg::It) => Lang::It,
            Some(LangArg::En) => Lang::En,
            None => Lang::from_env(),
        }
    }
}

/// Italian for the prose lines of the `--help` examples; the command lines stay as written
/// (one copy of each example, tested by `tests/cli/examples.rs`).
const HELP_IT: &[(&str, &str)] = &[
    ("Examples:", "Esempi:"),
    ("Example:", "Esempio:"),
    (
        "Exit codes: 0 all games valid, 1 some game has an error, 2 unusable input or usage error.",
        "Codici di uscita: 0 tutte le partite valide, 1 qualche partita ha un errore, 2 input inutilizzabile o errore d'uso.",
    ),
    (
        "Exit codes: 0 nothing at or above --fail-on, 1 something is, 2 usage or I/O error (a path, a file or a part of a file that could not be read or checked).",
        "Codici di uscita: 0 nulla al livello di --fail-on o sopra, 1 qualcosa sì, 2 errore d'uso o di I/O (un percorso, un file o una parte di un file che non si è potuta leggere o controllare).",
    ),
    (
        "Exit codes: 0 nothing at or above --fail-on, 1 something is, 2 a part that cannot be used (cut short, of another run, a shard missing) or a part of a file that could not be checked.",
        "Codici di uscita: 0 nulla al livello di --fail-on o sopra, 1 qualcosa sì, 2 una parte che non si può usare (incompleta, di un altro controllo, una porzione mancante) o una parte di un file che non si è potuta controllare.",
    ),
    (
        "Exit codes: 0 the sheets give one valid game, 1 an error or something unresolved (a tie, the result, different games, no legal move on either sheet), 2 unusable input or usage error.",
        "Codici di uscita: 0 i formulari danno una partita valida, 1 un errore o qualcosa da stabilire (una parità, il risultato, partite diverse, nessuna mossa legale su nessuno dei due formulari), 2 input inutilizzabile o errore d'uso.",
    ),
    (
        "Exit codes: 0 no error, 1 some game or lot has an error finding, 2 unusable file or usage error.",
        "Codici di uscita: 0 nessun errore, 1 qualche partita o sorteggio ha un errore, 2 file inutilizzabile o errore d'uso.",
    ),
    (
        "Then fill in the tags and the sheets, and run: arbitro verify gara.txt",
        "Poi compila i tag e i fogli, ed esegui: arbitro verify gara.txt",
    ),
];

/// One `--help` examples text in a language: its prose lines from [`HELP_IT`], its
/// command lines (indented) as they are.
pub fn after_help_in(en: &str, lang: arbitro::lang::Lang) -> String {
    use arbitro::lang::Lang;
    if lang == Lang::En {
        return en.to_string();
    }
    en.lines()
        .map(|line| {
            HELP_IT
                .iter()
                .find(|(e, _)| *e == line)
                .map_or(line, |(_, it)| it)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The command line in `lang`: its `--help` examples, and under Italian every command's
/// description, every option's help, the headings and the usage line (issue 32 point 5).
pub fn localized(cmd: clap::Command, lang: arbitro::lang::Lang) -> clap::Command {
    localize(cmd, lang, "")
}

fn localize(cmd: clap::Command, lang: arbitro::lang::Lang, path: &str) -> clap::Command {
    let mut cmd = match cmd.get_after_help().map(ToString::to_string) {
        Some(h) => cmd.after_help(after_help_in(&h, lang)),
        None => cmd,
    };
    if lang == arbitro::lang::Lang::It {
        cmd = italian(cmd, path);
    }
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names.into_iter().fold(cmd, |c, n| {
        let sub = if path.is_empty() {
            n.clone()
        } else {
            format!("{path} {n}")
        };
        c.mut_subcommand(n, |s| localize(s, lang, &sub))
    })
}

/// clap's help laid out as its default template, with the Italian heading of the usage.
const TEMPLATE_IT: &str =
    "{before-help}{about-with-newline}\nUso: {usage}\n\n{all-args}{after-help}";

/// One command in Italian: description, headings, `--help` and `--version`, its options.
fn italian(cmd: clap::Command, path: &str) -> clap::Command {
    let mut cmd = cmd
        .help_template(TEMPLATE_IT)
        .subcommand_help_heading("Comandi")
        .subcommand_value_name("COMANDO")
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(help_it::arg("", "help"))
                .help_heading("Opzioni"),
        );
    if path.is_empty() {
        cmd = cmd.disable_version_flag(true).arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help(help_it::arg("", "version"))
                .help_heading("Opzioni"),
        );
    }
    if let Some(about) = help_it::about(path) {
        cmd = cmd.about(about).long_about(None);
    }
    let ids: Vec<clap::Id> = cmd
        .get_arguments()
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .map(|a| a.get_id().clone())
        .collect();
    ids.into_iter()
        .fold(cmd, |c, id| c.mut_arg(id, |a| italian_arg(a, path)))
}

/// One option in Italian: its help (what the person gets, rule codes in brackets), its
/// default and its values said in Italian, under the heading `Opzioni` or `Argomenti`.
fn italian_arg(a: Arg, path: &str) -> Arg {
    let english = a.get_help().map(ToString::to_string).unwrap_or_default();
    let mut help = help_it::arg(path, a.get_id().as_str()).map_or(english, str::to_string);
    if a.get_action().takes_values() {
        let values: Vec<String> = a
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| v.get_name().to_string())
            .collect();
        if !values.is_empty() && !a.is_hide_possible_values_set() {
            help.push_str(&format!(" [valori: {}]", values.join(", ")));
        }
        let defaults: Vec<String> = a
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        if !defaults.is_empty() && !a.is_hide_default_value_set() {
            help.push_str(&format!(" [predefinito: {}]", defaults.join(", ")));
        }
    }
    let heading = if a.is_positional() {
        "Argomenti"
    } else {
        "Opzioni"
    };
    let english = a
        .get_value_names()
        .and_then(|v| v.first())
        .map_or_else(|| a.get_id().as_str().to_uppercase(), ToString::to_string);
    let a = match help_it::value_name(a.get_id().as_str())
        .or_else(|| help_it::value_name_of(path, &english))
    {
        Some(name) if a.get_action().takes_values() => a.value_name(name),
        _ => a,
    };
    let a = a.help(help).long_help(None).help_heading(heading);
    if a.get_action().takes_values() {
        a.hide_default_value(true).hide_possible_values(true)
    } else {
        a
    }
}

/// The language asked for on the command line (`--lang it`, `--lang=en`), else the
/// environment's: known before clap reads the arguments, for `--help`.
pub fn lang_of_args(args: &[std::ffi::OsString]) -> arbitro::lang::Lang {
    use arbitro::lang::Lang;
    let mut given = None;
    for (i, a) in args.iter().enumerate() {
        let value = match a.to_str() {
            Some("--lang") => args.get(i + 1).and_then(|v| v.to_str()),
            Some(s) => s.strip_prefix("--lang="),
            None => None,
        };
        match value {
            Some("it") => given = Some(Lang::It),
            Some("en") => given = Some(Lang::En),
            _ => {}
        }
    }
    given.unwrap_or_else(Lang::from_env)
}
