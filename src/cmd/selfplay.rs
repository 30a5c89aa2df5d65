//! `arbitro selfplay`: a random legal SuperScacchi game, written as its eight sheets.

use crate::cmd::Exit;
use crate::io::{Output, emit, write_atomically};
use anyhow::Result;
use arbitro::superscacchi::{selfplay, setup::Setup};
use std::path::PathBuf;

/// The most plies a generated game may ask for: far more than any game lasts (the armies
/// run out of pieces long before), so memory stays bounded.
const MAX_PLIES: u32 = 20_000;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro selfplay --seed 7\n  arbitro selfplay --seed 42 --plies 800 --out casuale.txt"
)]
pub struct Args {
    /// The random seed: the same seed gives the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// About how many moves to play (all armies together; at most 20000).
    #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PLIES)))]
    plies: u32,
    /// Write here (atomically) instead of standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<Exit> {
    let setup = Setup::builtin("assedio-corto")
        .ok_or_else(|| anyhow::anyhow!("the built-in set-up is missing"))?;
    let text =
        selfplay::generate(&setup, args.seed, args.plies).to_text(&selfplay::header(args.seed));
    match &args.out {
        Some(path) => write_atomically(path, text.as_bytes(), Output::Document, &[])?,
        None => emit(&text)?,
    }
    Ok(Exit::Valid)
}
