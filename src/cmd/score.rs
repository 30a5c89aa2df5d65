//! `arbitro score`: the judge's register of one SuperScacchi game.

use crate::cmd::Exit;
use crate::cmd::args::Format;
use crate::cmd::{SsArgs, load_superscacchi, no_verdict};
use crate::io::emit;
use anyhow::Result;
use arbitro::report;
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro score samples/superscacchi/leoni-tigri-partita1.txt\n  arbitro score --lang it --format json samples/superscacchi/leoni-tigri-partita1.txt"
)]
pub struct Args {
    /// The game file.
    file: PathBuf,
    /// Output format (csv: one row per team).
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    #[command(flatten)]
    common: SsArgs,
}

pub fn run(args: &Args) -> Result<Exit> {
    let lang = crate::cmd::lang();
    let r = load_superscacchi(&args.file, &args.common, false)?;
    let Some(v) = r.verdict() else {
        if args.format == Format::Json {
            emit(&report::game::json::render(std::slice::from_ref(&r), lang))?;
        }
        return Ok(no_verdict(&r, lang));
    };
    match args.format {
        Format::Human => {
            let mut text = report::verdict::score_report(lang, &r.file, v);
            let ss = r.superscacchi();
            if let Some((clock, reg)) =
                ss.and_then(|s| Some((s.clock.as_ref()?, s.register.as_ref()?)))
            {
                // The time block (R44–R46), when the file records the clock.
                let block = report::game::clock::time_block(lang, clock, reg);
                if !block.is_empty() {
                    text.push('\n');
                    text.push_str(&block);
                }
            }
            emit(&text)?
        }
        Format::Json => emit(&report::game::json::render(std::slice::from_ref(&r), lang))?,
        Format::Csv => emit(&report::game::csv::score_rows(&r.file, v))?,
    }
    Ok(Exit::Valid)
}
