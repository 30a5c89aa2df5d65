//! `arbitro match`: the verdict of a match from its two games (R42).

use crate::cmd::Exit;
use crate::cmd::{SsArgs, load_superscacchi, no_verdict};
use crate::io::{diag, emit};
use anyhow::{Result, bail};
use arbitro::lang::Say;
use arbitro::report;
use arbitro::superscacchi::contest::match_verdict;
use clap::ValueEnum;
use std::path::PathBuf;

/// Output format of the match verdict.
#[derive(Clone, Copy, ValueEnum)]
pub enum MatchFormat {
    /// Both registers and the match verdict, for people.
    Human,
    /// One JSON object: the match verdict and both games (formats.md §4).
    Json,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro match samples/superscacchi/leoni-tigri-partita1.txt samples/superscacchi/leoni-tigri-partita2.txt"
)]
pub struct Args {
    /// Game 1.
    game1: PathBuf,
    /// Game 2.
    game2: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: MatchFormat,
    #[command(flatten)]
    common: SsArgs,
}

pub fn run(args: &Args) -> Result<Exit> {
    let lang = crate::cmd::lang();
    let a = load_superscacchi(&args.game1, &args.common, false)?;
    let b = load_superscacchi(&args.game2, &args.common, false)?;
    let (Some(va), Some(vb)) = (a.verdict(), b.verdict()) else {
        let bad = if a.verdict().is_none() { &a } else { &b };
        return Ok(no_verdict(bad, lang));
    };
    let (Some(ra), Some(rb)) = (a.register(), b.register()) else {
        bail!(
            "{}",
            crate::cmd::tr!(
                "the games have no register",
                "le partite non hanno un registro"
            )
        );
    };
    let m = match match_verdict((ra, va), (rb, vb)) {
        Ok(m) => m,
        Err(e) => {
            for p in &e.0 {
                diag!("{}: {}", crate::cmd::error_word(), p.say(lang));
            }
            return Ok(Exit::Unusable);
        }
    };
    match args.format {
        MatchFormat::Json => {
            let games = [
                report::game::json::to_value(&a, lang),
                report::game::json::to_value(&b, lang),
            ];
            let v = report::verdict::match_json(&m, games);
            emit(&(serde_json::to_string_pretty(&v)? + "\n"))?;
        }
        MatchFormat::Human => {
            // Each game's register, then R47's warning when a team let its time run out
            // while ahead (it matters for the championship).
            for (r, v) in [(&a, va), (&b, vb)] {
                emit(&report::verdict::score_report(lang, &r.file, v))?;
                let lines = report::game::clock::championship_lines(r, lang);
                let width = usize::from(report::term::width());
                emit(&report::term::fit_lines(&lines, width))?;
                emit("\n")?;
            }
            emit(&report::verdict::match_report(lang, &m))?;
        }
    }
    Ok(Exit::Valid)
}
