//! `arbitro contest`: a team's contest of the table's verdict (R43).

use crate::cmd::Exit;
use crate::cmd::tr;
use crate::cmd::{SsArgs, load_superscacchi, load_superscacchi_text, no_verdict};
use crate::io::{Output, check_target, emit, write_atomically};
use anyhow::{Result, bail};
use arbitro::lang::Say;
use arbitro::lang::date::Moment;
use arbitro::report;
use arbitro::report::contest::doc::{self, Document};
use arbitro::report::contest::grounds::Grounds;
use arbitro::report::contest::shown_findings;
use arbitro::superscacchi::clock::{self, Filed};
use arbitro::superscacchi::contest::{contest, filing};
use clap::ValueEnum;
use std::path::{Path, PathBuf};

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
    after_help = "Examples:\n  arbitro contest samples/superscacchi/leoni-tigri-partita2.txt --team Tigri --at 18:14\n  arbitro contest samples/superscacchi/leoni-tigri-partita2.txt --team Tigri --at 18:14 --out reclamo.html --lang it"
)]
pub struct Args {
    /// The game file.
    file: PathBuf,
    /// The contesting team.
    #[arg(long)]
    team: String,
    /// When the contest is filed, on the venue's clock: `18:14` (or `18.14`: the moment
    /// nearest [Fine] the clock showed it), `17/10 18:14`, `17/10/2026 18:14` (or `ore
    /// 18.14`), `2026-10-17T18:14`, or with an offset `2026-10-17T18:14+02:00`; default now.
    #[arg(long)]
    at: Option<String>,
    /// Write the document for the judge here (atomically, never over an existing file
    /// without --force): the verdict in large type, the game, the captain's grounds, the
    /// findings and the scores as tables, the sheet lines the differences rest on and room
    /// for the signatures. An HTML page that prints on one A4 page when FILE ends in
    /// `.html`, plain text otherwise.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// The captain's grounds, in the captain's words: printed in their own box on the
    /// document (`--out`) and below the contest. At most 15 printed lines of 100
    /// characters (1,500 characters in one paragraph), so the document stays one A4 page.
    #[arg(long, alias = "grounds", value_name = "TEXT")]
    motivo: Option<String>,
    /// The other game of the match: also say what the contest does to the match (R42).
    #[arg(long = "match", value_name = "OTHER")]
    other: Option<PathBuf>,
    /// Output format (json: formats.md section 5).
    #[arg(long, value_enum, default_value = "human")]
    format: ContestFormat,
    #[command(flatten)]
    common: SsArgs,
}

/// The other game of the match has an error, so the match has no verdict (R37): a
/// finding of a game (exit 1), not an unusable input.
#[derive(Debug)]
struct OtherGameError(String);

impl std::fmt::Display for OtherGameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = &self.0;
        f.write_str(&tr!(
            "{file}: the other game has an error, so the match has no verdict (R37)",
            "{file}: l'altra partita ha un errore, quindi la gara non ha un verdetto (R37)"
        ))
    }
}

impl std::error::Error for OtherGameError {}

/// The match verdict as the table declared the games and as recomputed (R42).
fn match_effect(
    r: &arbitro::verify::GameReport,
    other: &Path,
    common: &crate::cmd::SsArgs,
) -> Result<report::verdict::MatchEffect> {
    use arbitro::superscacchi::contest::{declared_verdict, match_verdict};
    let o = load_superscacchi(other, common, false)?;
    let (Some(reg), Some(v)) = (r.register(), r.verdict()) else {
        bail!(tr!(
            "the contested game has no verdict",
            "la partita reclamata non ha un verdetto"
        ));
    };
    let (Some(oreg), Some(ov)) = (o.register(), o.verdict()) else {
        return Err(OtherGameError(o.file.clone()).into());
    };
    let lang = crate::cmd::lang();
    let fail =
        |e: arbitro::superscacchi::contest::MatchError| anyhow::anyhow!(e.say(lang).into_owned());
    let recomputed = match_verdict((reg, v), (oreg, ov)).map_err(fail)?;
    let (dv, dov) = (declared_verdict(reg, v), declared_verdict(oreg, ov));
    let declared = match_verdict((reg, &dv), (oreg, &dov)).map_err(fail)?;
    Ok(report::verdict::MatchEffect {
        declared,
        recomputed,
    })
}

pub fn run(args: &Args) -> Result<Exit> {
    let mut inputs: Vec<&Path> = vec![&args.file];
    inputs.extend(args.other.as_deref());
    inputs.extend(args.common.inputs());
    let lang = crate::cmd::lang();
    let grounds = match args.motivo.as_deref().map(Grounds::new) {
        None => None,
        Some(Ok(g)) => g,
        Some(Err(too_long)) => bail!(too_long.say(lang)),
    };
    if let Some(out) = &args.out {
        check_target(out, Output::Document, &inputs)?;
    }
    let (r, text) = load_superscacchi_text(&args.file, &args.common, false)?;
    let Some(reg) = r.register() else {
        // No set-up to play the game from: the game's findings, as JSON when asked.
        if args.format == ContestFormat::Json {
            emit(&report::game::json::render(std::slice::from_ref(&r), lang))?;
        }
        return Ok(no_verdict(&r, lang));
    };
    let t = contesting_team(&args.team, reg)?;
    let filed = filed_at(args, reg.end)?;
    let Some(v) = r.verdict() else {
        // A game with an error has no verdict (R37): the contest's JSON still says so,
        // with the game's findings, its timing and no recomputed totals.
        if args.format == ContestFormat::Json {
            let c = filing(reg, t, filed)?;
            let json = report::verdict::contest_json(
                report::game::json::to_value(&r, lang),
                reg,
                None,
                &c,
                lang,
            );
            emit(&(serde_json::to_string_pretty(&json)? + "\n"))?;
        }
        return Ok(no_verdict(&r, lang));
    };
    let c = contest(reg, v, t, filed)?;
    let warnings: Vec<String> = shown_findings(&r.findings)
        .map(|f| f.message_in(lang).to_string())
        .collect();
    let in_match = match the_match(args, &r)? {
        Ok(m) => m,
        Err(exit) => return Ok(exit),
    };
    let mut text_report = report::verdict::contest_report(lang, &r.file, reg, v, &c, &warnings);
    if let Some(m) = &in_match {
        text_report.push_str(&report::verdict::match_effect_text(lang, m));
    }
    if let Some(g) = &grounds {
        text_report.push_str(&report::contest::grounds_text(lang, g));
    }
    if let Some(path) = &args.out {
        let doc = Document::new(doc::Input {
            lang,
            text: &text,
            register: reg,
            verdict: v,
            contest: &c,
            findings: shown_findings(&r.findings).collect(),
            grounds,
            match_effect: in_match.as_ref(),
        });
        write_document(path, &doc, &inputs)?;
    }
    match args.format {
        ContestFormat::Human => emit(&text_report)?,
        ContestFormat::Json => {
            let mut json = report::verdict::contest_json(
                report::game::json::to_value(&r, lang),
                reg,
                Some(v),
                &c,
                lang,
            );
            if let (Some(m), Some(obj)) = (&in_match, json.as_object_mut()) {
                obj.insert("match".into(), report::verdict::match_effect_json(m));
            }
            emit(&(serde_json::to_string_pretty(&json)? + "\n"))?;
        }
    }
    Ok(Exit::Valid)
}

/// The contesting team's index in the register (`--team`, any case).
fn contesting_team(team: &str, reg: &arbitro::superscacchi::register::Register) -> Result<usize> {
    let Some(t) = reg.team_index(team) else {
        let (a, b) = (&reg.teams[0], &reg.teams[1]);
        bail!(tr!(
            "`{team}` is not a team of this game: the teams are `{a}` and `{b}`",
            "`{team}` non è una squadra di questa partita: le squadre sono `{a}` e `{b}`"
        ));
    };
    Ok(t)
}

/// With `--match OTHER`, what the contest does to the match (R42); `Err(exit)` when the
/// other game has an error: a finding of a game, exit 1, as `match` says it.
fn the_match(
    args: &Args,
    r: &arbitro::verify::GameReport,
) -> Result<Result<Option<report::verdict::MatchEffect>, Exit>> {
    let Some(other) = &args.other else {
        return Ok(Ok(None));
    };
    match match_effect(r, other, &args.common) {
        Ok(m) => Ok(Ok(Some(m))),
        Err(e) if e.downcast_ref::<OtherGameError>().is_some() => {
            crate::io::diag!(
                "{}: {}",
                crate::cmd::error_word(),
                crate::cmd::error_text(&e)
            );
            Ok(Err(Exit::Findings))
        }
        Err(e) => Err(e),
    }
}

/// When the contest was filed: `--at` (the venue's local time, or an offset) or now, in
/// `--tz` or the system's zone, read against the game's end (R43).
fn filed_at(args: &Args, end: Option<jiff::civil::DateTime>) -> Result<jiff::Zoned> {
    let tz = crate::cmd::zone();
    let filed = match &args.at {
        Some(s) => Filed::parse(s)?,
        None => Filed::Now,
    };
    let filing = clock::filing(&filed, end, tz)?;
    if filing.repeated_hour {
        // Issue 25: the hour the clocks repeat when they go back; say which one was taken.
        let at = Moment(filing.at.datetime())
            .say(crate::say::lang())
            .into_owned();
        let offset = filing.at.offset();
        crate::io::diag!(
            "{}",
            tr!(
                "note: {at} came twice on the venue's clock that night (the clocks went back); taken the time nearest the end of the game, at offset {offset}",
                "nota: quella notte l'orologio della sede ha segnato {at} due volte (le lancette sono tornate indietro); si è presa quella più vicina alla fine della partita, con scarto {offset}"
            )
        );
    }
    Ok(filing.at)
}

/// The document for the judge, written atomically: an A4 page for an HTML name, plain
/// text otherwise.
fn write_document(path: &Path, doc: &Document, inputs: &[&Path]) -> Result<()> {
    let page = if is_html(path) {
        doc::html(doc)
    } else {
        doc::text(doc)
    };
    write_atomically(path, page.as_bytes(), Output::Document, inputs)
}

/// `--out` names an HTML page (`.html`, `.htm`, any case); anything else is plain text.
fn is_html(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}
