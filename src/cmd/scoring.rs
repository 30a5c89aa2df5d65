//! `arbitro scoring`: the scoring table (R38–R41), printed or checked.

use crate::cmd::Exit;
use crate::cmd::limits;
use crate::io::emit;
use anyhow::{Result, bail};
use arbitro::load;
use arbitro::superscacchi::score::ScoringTable;
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro scoring --print-default > punteggi.toml\n  arbitro scoring --check punteggi.toml"
)]
pub struct Args {
    /// Print the built-in table as TOML.
    #[arg(long)]
    print_default: bool,
    /// Check a table file.
    #[arg(long)]
    check: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<Exit> {
    if let Some(p) = &args.check {
        let text = load::read_text(p, limits())?;
        ScoringTable::from_toml(&text).map_err(|e| {
            anyhow::anyhow!(
                "{}: {}",
                p.display(),
                arbitro::lang::Say::say(&e, crate::cmd::lang())
            )
        })?;
        emit(&format!(
            "{}: {}\n",
            p.display(),
            crate::cmd::lang().t("a valid scoring table", "una tabella dei punteggi valida")
        ))?;
    } else if args.print_default {
        emit(&ScoringTable::default().to_toml_in(crate::cmd::lang()))?;
    } else {
        bail!(
            "{}",
            crate::cmd::tr!(
                "say --print-default or --check FILE",
                "scegli --print-default o --check FILE"
            )
        );
    }
    Ok(Exit::Valid)
}
