//! The command line: clap's types, nothing else. Each command's own options live beside
//! its code in `cmd/<command>.rs`.

use crate::cmd;
use clap::{Parser, Subcommand, ValueEnum};

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
        "Exit codes: 0 the sheets give one valid game, 1 an error (a tie, different games, no legal move on either sheet), 2 unusable input or usage error.",
        "Codici di uscita: 0 i formulari danno una partita valida, 1 un errore (una parità, partite diverse, nessuna mossa legale su nessuno dei due formulari), 2 input inutilizzabile o errore d'uso.",
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

/// The command line with its `--help` examples in `lang` (clap's own words and the
/// options' help stay English).
pub fn localized(cmd: clap::Command, lang: arbitro::lang::Lang) -> clap::Command {
    let cmd = match cmd.get_after_help().map(ToString::to_string) {
        Some(h) => cmd.after_help(after_help_in(&h, lang)),
        None => cmd,
    };
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names
        .into_iter()
        .fold(cmd, |c, n| c.mut_subcommand(n, |s| localized(s, lang)))
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
