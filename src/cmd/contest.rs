//! `arbitro contest`: a team's contest of the table's verdict (R43).

use crate::cmd::{SsArgs, load_superscacchi, no_verdict};
use crate::io::{check_target, emit, write_atomically};
use anyhow::{Context, Result, bail};
use arbitro::finding::{Code, Severity};
use arbitro::report;
use arbitro::superscacchi::clock::{self, Filed};
use arbitro::superscacchi::contest::contest;
use clap::ValueEnum;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Output format of the contest.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ContestFormat {
    /// The contest document, for people.
    Human,
    /// formats.md section 5.
    Json,
}

#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  arbitro contest samples/superscacchi/leoni-tigri-partita2.txt --team Tigri --at 18:14\n  arbitro contest samples/superscacchi/leoni-tigri-partita2.txt --team Tigri --at 18:14 --out reclamo.txt --lang it"
)]
pub struct Args {
    /// The game file.
    file: PathBuf,
    /// The contesting team.
    #[arg(long)]
    team: String,
    /// When the contest is filed, on the venue's clock: `18:14` (or `18.14`: the first such
    /// moment at or after [Fine]), `2026-10-17T18:14`, or with an offset
    /// `2026-10-17T18:14+02:00`; default now.
    #[arg(long)]
    at: Option<String>,
    /// The venue's time zone (default: this computer's), e.g. `Europe/Rome`.
    #[arg(long)]
    tz: Option<String>,
    /// Write the contest document here (atomically).
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// The other game of the match: also say what the contest does to the match (R42).
    #[arg(long = "match", value_name = "OTHER")]
    other: Option<PathBuf>,
    /// Output format (json: formats.md section 5).
    #[arg(long, value_enum, default_value = "human")]
    format: ContestFormat,
    #[command(flatten)]
    common: SsArgs,
}

/// The match verdict as the table declared the games and as recomputed (R42).
fn match_effect(
    r: &arbitro::verify::GameReport,
    other: &Path,
    common: &crate::cmd::SsArgs,
) -> Result<report::verdict::MatchEffect> {
    use arbitro::superscacchi::contest::{declared_verdict, match_verdict};
    let o = load_superscacchi(other, common, false)?;
    let (Some(reg), Some(v)) = (r.register(), r.verdict()) else {
        bail!("the contested game has no verdict");
    };
    let (Some(oreg), Some(ov)) = (o.register(), o.verdict()) else {
        bail!(
            "{}: the other game has an error, so the match has no verdict (R37)",
            o.file
        );
    };
    let lang = crate::cmd::lang();
    let fail =
        |e: arbitro::superscacchi::contest::MatchError| anyhow::anyhow!(e.in_lang(lang).join("; "));
    let recomputed = match_verdict((reg, v), (oreg, ov)).map_err(fail)?;
    let (dv, dov) = (declared_verdict(reg, v), declared_verdict(oreg, ov));
    let declared = match_verdict((reg, &dv), (oreg, &dov)).map_err(fail)?;
    Ok(report::verdict::MatchEffect {
        declared,
        recomputed,
    })
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let mut inputs: Vec<&Path> = vec![&args.file];
    inputs.extend(args.other.as_deref());
    inputs.extend(args.common.inputs());
    if let Some(out) = &args.out {
        check_target(out, &inputs)?;
    }
    let lang = crate::cmd::lang();
    let r = load_superscacchi(&args.file, &args.common, false)?;
    let Some(reg) = r.register() else {
        return Ok(no_verdict(&r, lang));
    };
    let Some(t) = reg.team_index(&args.team) else {
        bail!(
            "`{}` is not a team of this game: the teams are `{}` and `{}`",
            args.team,
            reg.teams[0],
            reg.teams[1]
        );
    };
    let tz = match &args.tz {
        Some(name) => jiff::tz::TimeZone::get(name)
            .with_context(|| format!("`{name}` is not a time zone (Europe/Rome)"))?,
        None => jiff::tz::TimeZone::system(),
    };
    let filed = match &args.at {
        Some(s) => Filed::parse(s)?,
        None => Filed::Now,
    };
    let filed = clock::filed_at(&filed, reg.end, &tz)?;
    let Some(v) = r.verdict() else {
        return Ok(no_verdict(&r, lang));
    };
    let c = contest(reg, v, t, filed)?;
    let warnings: Vec<String> = r
        .findings
        .iter()
        // The declared result is what the contest itself explains below.
        .filter(|f| f.severity() != Severity::Info && f.code != Code::ResultMismatch)
        .map(|f| f.message_in(lang).to_string())
        .collect();
    let in_match = match &args.other {
        Some(other) => Some(match_effect(&r, other, &args.common)?),
        None => None,
    };
    let doc = match args.format {
        ContestFormat::Human => {
            let mut text = report::verdict::contest_report(lang, &r.file, reg, v, &c, &warnings);
            if let Some(m) = &in_match {
                text.push_str(&report::verdict::match_effect_text(lang, m));
            }
            text
        }
        ContestFormat::Json => {
            let mut json =
                report::verdict::contest_json(report::json::to_value(&r, lang), reg, v, &c, lang);
            if let (Some(m), Some(obj)) = (&in_match, json.as_object_mut()) {
                obj.insert("match".into(), report::verdict::match_effect_json(m));
            }
            serde_json::to_string_pretty(&json)? + "\n"
        }
    };
    if let Some(path) = &args.out {
        write_atomically(path, doc.as_bytes(), &inputs)?;
    }
    emit(&doc)?;
    Ok(ExitCode::SUCCESS)
}
