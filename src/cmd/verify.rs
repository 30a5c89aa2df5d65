//! `arbitro verify`: every game of the files, reported as it is checked (memory does not
//! grow with the number of games).

use crate::cmd::Exit;
use crate::cmd::args::{ColorArg, Format, NotationArg};
use crate::cmd::{given_setup, limits};
use crate::io::{diag, emit};
use anyhow::Result;
use arbitro::classical::ReplayOptions;
use arbitro::finding::Severity;
use arbitro::load;
use arbitro::report::{self, game::human::Style};
use arbitro::verify::{self, GameReport, Variant};
use clap::ValueEnum;
use std::path::PathBuf;

/// The least severity shown.
#[derive(Clone, Copy, ValueEnum)]
pub enum Level {
    /// Everything.
    Info,
    /// Warnings and errors.
    Warning,
    /// Errors only.
    Error,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro verify samples/superscacchi/leoni-tigri-partita1.txt\n  arbitro verify samples/classical/handout.txt\n  arbitro verify --format json samples/classical/handout.txt samples/superscacchi/orsi-volpi-sviste.txt\n  cat samples/classical/handout.txt | arbitro verify -\n\nExit codes: 0 all games valid, 1 some game has an error, 2 unusable input or usage error."
)]
pub struct Args {
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
}

/// The summary keeps a row for this many games; past them it counts.
const SUMMARY_ROWS: usize = 1000;

/// Where the reports go, one game at a time.
struct Sink {
    format: Format,
    style: Style,
    /// Human: the summary's rows so far; JSON: the first game, held back until it is known
    /// whether the report is one object or an array.
    rows: Vec<Vec<String>>,
    left_out: usize,
    first_json: Option<String>,
    games: usize,
    any_error: bool,
}

impl Sink {
    fn game(&mut self, text: &str, r: &GameReport) -> Result<()> {
        self.games += 1;
        self.any_error |= !r.is_valid();
        match self.format {
            Format::Human => {
                let d = report::game::human::diagnostics(text, r, &self.style);
                if !d.is_empty() {
                    emit(&d)?;
                }
                if r.variant() == Variant::SuperScacchi {
                    emit(&report::game::human::superscacchi_tables(
                        r,
                        self.style.lang,
                    ))?;
                }
                if self.rows.len() < SUMMARY_ROWS {
                    self.rows
                        .push(report::game::human::summary_row(r, self.style.lang));
                } else {
                    self.left_out += 1;
                }
            }
            Format::Json => {
                let one = report::game::json::render(std::slice::from_ref(r), self.style.lang);
                match self.games {
                    1 => self.first_json = Some(one),
                    2 => {
                        let first = self.first_json.take().unwrap_or_default();
                        emit("[\n")?;
                        emit(&indent(&first))?;
                        emit(",\n")?;
                        emit(&indent(&one))?;
                    }
                    _ => {
                        emit(",\n")?;
                        emit(&indent(&one))?;
                    }
                }
            }
            Format::Csv => {
                if self.games == 1 {
                    emit(&report::game::csv::header_line())?;
                }
                emit(&report::game::csv::row_line(r, self.style.lang))?;
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<()> {
        match self.format {
            Format::Human if self.games > 0 => emit(&report::game::human::summary_table(
                &self.rows,
                self.left_out,
                self.style.lang,
            )),
            Format::Json if self.games == 1 => emit(&self.first_json.unwrap_or_default()),
            Format::Json if self.games > 1 => emit("\n]\n"),
            Format::Json => emit("[]\n"),
            _ => Ok(()),
        }
    }
}

/// A pretty-printed JSON object as an element of a pretty-printed array, so that games are
/// written as they are checked. Each line moves two columns right; no line break is ever
/// inside a value, since serde_json writes a line end in a string as `\n`.
fn indent(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + json.len() / 8);
    for (i, line) in json.trim_end().lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str("  ");
        out.push_str(line);
    }
    out
}

pub fn run(args: &Args) -> Result<Exit> {
    let options = ReplayOptions {
        notation: NotationArg::notation(args.notation),
    };
    let given = given_setup(args.setup.as_deref())?;
    let mut sink = Sink {
        format: args.format,
        style: Style {
            color: args.color.on(),
            min: match args.level {
                Level::Info => Severity::Info,
                Level::Warning => Severity::Warning,
                Level::Error => Severity::Error,
            },
            lang: crate::cmd::lang(),
        },
        rows: Vec::new(),
        left_out: 0,
        first_json: None,
        games: 0,
        any_error: false,
    };
    let mut unusable_input = false;
    for path in &args.files {
        let usable = match read_decoded(path) {
            Some(load::GameFile {
                name,
                text,
                latin1,
                folder,
            }) => {
                let games_before = sink.games;
                match Variant::detect(&text) {
                    Variant::Classical => {
                        for r in verify::classical_reports(&name, &text, latin1, &options) {
                            sink.game(&text, &r)?;
                        }
                    }
                    Variant::SuperScacchi => {
                        let choice =
                            verify::SetupChoice::new(given.as_ref(), folder.as_deref(), limits());
                        let table = arbitro::superscacchi::score::ScoringTable::default();
                        let tz = crate::cmd::zone();
                        let r = verify::verify_superscacchi_with(
                            &name, &text, latin1, choice, &table, tz, false,
                        );
                        sink.game(&text, &r)?;
                    }
                }
                if sink.games == games_before {
                    say_no_game(&name);
                }
                sink.games > games_before
            }
            None => false,
        };
        unusable_input |= !usable;
    }
    let any_error = sink.any_error;
    sink.finish()?;
    Ok(if unusable_input {
        Exit::Unusable
    } else {
        Exit::from_errors(any_error)
    })
}

/// A game file, read and decoded; `None`, said on standard error, when it cannot be read
/// or is no text.
fn read_decoded(path: &std::path::Path) -> Option<load::GameFile> {
    match load::GameFile::open(path, limits()) {
        Ok(f) => Some(f),
        Err(e) => {
            let lang = crate::cmd::lang();
            diag!(
                "{}: {}",
                crate::cmd::error_word(),
                arbitro::lang::Say::say(&e, lang)
            );
            None
        }
    }
}

/// A file that holds no game, said on standard error.
fn say_no_game(name: &str) {
    let lang = crate::cmd::lang();
    diag!(
        "{}: {name}: {}",
        lang.t("error", "errore"),
        lang.t(
            "no game found in the file",
            "nel file non c'è nessuna partita"
        )
    );
}
