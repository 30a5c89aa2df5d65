//! `arbitro simul`: the simultaneous exhibition (seed 001, `simul-rules.md` S1–S8): every
//! game under the paths is a board, checked and tallied from the master's side.

use crate::cmd::Exit;
use crate::cmd::args::Format;
use crate::io::{diag, emit, write_atomically};
use anyhow::Result;
use arbitro::lang::Say;
use arbitro::report::simul as report;
use arbitro::simul::{self, SimulOptions};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro simul samples/simul\n  arbitro simul samples/simul --format json\n  arbitro simul samples/simul --out simultanea.html\n\nExit codes: 0 all games valid, 1 some game has an error, 2 unusable input or usage error."
)]
pub struct Args {
    /// Game files and folders: every game is a board (read as `batch` reads them).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The master (else the [Maestro] tag of the games).
    #[arg(long, value_name = "NAME")]
    maestro: Option<String>,
    /// The master may have Black on any board (S3: the colours were agreed).
    #[arg(long)]
    colori_concordati: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Also write the page to show the room here (self-contained HTML, atomically).
    #[arg(long, value_name = "FILE.html")]
    out: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<Exit> {
    let lang = crate::cmd::lang();
    let opts = SimulOptions {
        maestro: args.maestro.clone(),
        colours_agreed: args.colori_concordati,
        limits: crate::cmd::limits(),
        positions: args.out.is_some(),
        ..SimulOptions::default()
    };
    let s =
        simul::run(&args.paths, &opts).map_err(|e| anyhow::anyhow!(e.say(lang).into_owned()))?;
    for (p, why) in &s.passed_over {
        diag!("{}: {}", p.display(), why.text_in(lang));
    }
    match args.format {
        Format::Human => emit(&report::human(&s, lang))?,
        Format::Json => emit(&report::json(&s, lang))?,
        Format::Csv => emit(&report::csv(&s))?,
    }
    if let Some(out) = &args.out {
        let page = arbitro::report::simul_html::page(&s, lang);
        let mut inputs: Vec<&Path> = args.paths.iter().map(PathBuf::as_path).collect();
        let files: Vec<PathBuf> = s.boards.iter().map(|b| PathBuf::from(&b.file)).collect();
        inputs.extend(files.iter().map(PathBuf::as_path));
        write_atomically(out, page.as_bytes(), &inputs)?;
    }
    Ok(if s.unusable {
        Exit::Unusable
    } else {
        Exit::from_errors(s.has_error())
    })
}
