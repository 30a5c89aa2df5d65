//! `arbitro convert`: verified classical games written as standard PGN or canonical Italian.

use crate::cmd::Exit;
use crate::cmd::args::NotationArg;
use crate::cmd::tr;
use crate::io::{Output, check_target, diag, emit, write_atomically};
use anyhow::{Result, bail};
use arbitro::classical::{self, ReplayOptions};
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use arbitro::verify::Variant;
use clap::ValueEnum;
use std::path::PathBuf;

/// The notation written.
#[derive(Clone, Copy, ValueEnum)]
pub enum Target {
    /// Standard PGN, English SAN.
    Pgn,
    /// Canonical Italian notation.
    It,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro convert samples/classical/handout-corretto.txt --to pgn\n  arbitro convert samples/classical/torneo-scuola.txt --to pgn --out torneo.pgn"
)]
pub struct Args {
    /// The game file (`-` reads standard input).
    file: PathBuf,
    /// The notation to write.
    #[arg(long, value_enum)]
    to: Target,
    /// Force the notation of the input.
    #[arg(long, value_enum)]
    notation: Option<NotationArg>,
    /// Write here (atomically) instead of standard output; nothing is written when no game
    /// can be converted.
    #[arg(long, short)]
    out: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<Exit> {
    if let Some(out) = &args.out {
        check_target(out, Output::Document, &[&args.file])?;
    }
    let options = ReplayOptions {
        notation: NotationArg::notation(args.notation),
    };
    let decoded = crate::cmd::open_game(&args.file)?;
    let name = decoded.name.as_str();
    if Variant::detect(&decoded.text) != Variant::Classical {
        bail!(tr!(
            "{name}: only classical games can be converted",
            "{name}: si possono convertire solo partite di scacchi classici"
        ));
    }
    let target = match args.to {
        Target::Pgn => Notation::English,
        Target::It => Notation::Italian,
    };
    let mut text = String::new();
    let mut failed = 0;
    for raw in games(&decoded.text) {
        let replay = classical::replay(&raw, &options);
        if let Some(first) = replay
            .findings
            .iter()
            .find(|f| f.severity() == arbitro::finding::Severity::Error)
        {
            let lang = crate::cmd::lang();
            diag!(
                "arbitro: {name}: {} {} {}: {}",
                lang.t("game", "partita"),
                raw.number,
                lang.t("not converted", "non convertita"),
                first.message_in(lang)
            );
            failed += 1;
            continue;
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&classical::write::write_game_annotated(
            &raw,
            &replay,
            target,
            &decoded.text,
        ));
    }
    match &args.out {
        Some(_) if text.is_empty() => {
            diag!(
                "{}",
                tr!(
                    "arbitro: nothing written: no game of {name} could be converted",
                    "arbitro: niente scritto: nessuna partita di {name} si è potuta convertire"
                )
            );
        }
        Some(path) => write_atomically(path, text.as_bytes(), Output::Document, &[&args.file])?,
        None => emit(&text)?,
    }
    Ok(Exit::from_errors(failed > 0))
}
