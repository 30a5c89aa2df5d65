//! `arbitro render`: a self-contained HTML viewer of a game, or one position as SVG.

use crate::cmd::Exit;
use crate::cmd::show::{load_view, pick_ply};
use crate::io::{Output, check_target, write_atomically};
use anyhow::{Result, bail};
use arbitro::report;
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro render samples/superscacchi/leoni-tigri-partita1.txt --out partita.html\n  arbitro render samples/superscacchi/leoni-tigri-partita1.txt --lang it --out partita-it.html\n  arbitro render samples/superscacchi/leoni-tigri-partita1.txt --svg fine.svg --ply 120"
)]
pub struct Args {
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
    /// Which game of a classical file (1 is the first).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    game: u64,
}

pub fn run(args: &Args) -> Result<Exit> {
    if args.out.is_none() && args.svg.is_none() {
        bail!(
            "{}",
            crate::cmd::tr!(
                "say where: --out FILE.html and/or --svg FILE.svg",
                "di' dove scrivere: --out FILE.html e/o --svg FILE.svg"
            )
        );
    }
    for target in args.out.iter().chain(&args.svg) {
        check_target(target, Output::Report, &[&args.file])?;
    }
    let (report, view, heading) = load_view(&args.file, args.game)?;
    if let Some(o) = &args.out {
        let html = report::game::html::page(&report, &view, &heading, crate::cmd::lang());
        write_atomically(o, html.as_bytes(), Output::Report, &[&args.file])?;
    }
    if let Some(s) = &args.svg {
        let n = pick_ply(&view, None, args.ply)?;
        write_atomically(
            s,
            report::game::html::svg(&view, n, crate::cmd::lang()).as_bytes(),
            Output::Report,
            &[&args.file],
        )?;
    }
    // Everything is written; a game with an error still ends the run with 1.
    Ok(Exit::from_errors(report.first_error().is_some()))
}
