//! `arbitro batch merge PART.jsonl… --report FILE`: the part reports of `batch --shard
//! K/N` put together into the reports of one run (issue 33), the summary counted again.

use crate::cmd::Exit;
use crate::cmd::batch::{FailOn, Problems, report_kind, summary_text, tell_no_game};
use crate::io::{AtomicFile, Output, check_target, emit};
use anyhow::{Result, bail};
use arbitro::batch::{self, CsvSink, JsonlSink, MergeOutput, Sink};
use arbitro::finding::Severity;
use arbitro::lang::Say;
use arbitro::report::inert::inert;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The part reports, one per shard (`batch --shard K/N --report PART.jsonl`), in any order.
    #[arg(required = true, value_name = "PART")]
    parts: Vec<PathBuf>,
    /// Write the report of the whole run: FILE.csv or FILE.jsonl (as `batch --report` writes them).
    #[arg(long)]
    report: Vec<PathBuf>,
    /// CSV reports for a spreadsheet under an Italian or other European locale: `;` between
    /// cells and a UTF-8 byte order mark (as `batch --csv-excel`).
    #[arg(long)]
    csv_excel: bool,
    /// The least severity that makes the exit code 1.
    #[arg(long, value_enum, default_value = "error")]
    fail_on: FailOn,
}

pub fn run(args: &Args) -> Result<Exit> {
    let lang = crate::cmd::lang();
    let start = Instant::now();
    let inputs: Vec<&Path> = args.parts.iter().map(PathBuf::as_path).collect();
    for r in &args.report {
        if !matches!(report_kind(r), Some("csv" | "jsonl")) {
            let r = r.display();
            bail!(
                "{}",
                crate::cmd::tr!(
                    "{r}: the merged report must end in .csv or .jsonl",
                    "{r}: il nome del rapporto riunito deve finire in .csv o .jsonl"
                )
            );
        }
        check_target(r, Output::Report, &inputs)?;
    }
    let mut targets = args
        .report
        .iter()
        .map(|r| AtomicFile::create(r, Output::Report, &inputs))
        .collect::<Result<Vec<_>>>()?;
    let mut boxes: Vec<Box<dyn Sink + Send + '_>> = Vec::with_capacity(targets.len() + 1);
    for (t, r) in targets.iter_mut().zip(&args.report) {
        boxes.push(match report_kind(r) {
            Some("csv") if args.csv_excel => Box::new(CsvSink::for_excel(t)?),
            Some("csv") => Box::new(CsvSink::new(t)?),
            _ => Box::new(JsonlSink::new(t)),
        });
    }
    boxes.push(Box::new(Problems));
    let mut sinks: Vec<&mut (dyn Sink + Send)> = boxes
        .iter_mut()
        .map(|s| -> &mut (dyn Sink + Send) { &mut **s })
        .collect();
    let output = MergeOutput {
        csv_delimiter: if args.csv_excel { b';' } else { b',' },
    };
    let merged = match batch::merge(&args.parts, output, &mut sinks) {
        Ok(m) => m,
        Err(batch::MergeError::Sink(e)) => {
            return Err(
                anyhow::Error::new(e.error).context(crate::io::cannot_write(&args.report[e.sink]))
            );
        }
        Err(e) => bail!("{}", e.say(lang)),
    };
    drop(sinks);
    drop(boxes);
    for t in targets {
        t.commit()?;
    }
    let s = &merged.summary;
    emit(&summary_text(s, 0, start.elapsed().as_secs_f64(), lang))?;
    let failing = matches!(
        (args.fail_on, s.worst()),
        (_, Some(Severity::Error)) | (FailOn::Warning, Some(Severity::Warning))
    );
    let no_game: Vec<PathBuf> = merged
        .no_game
        .iter()
        .map(|f| PathBuf::from(inert(f).into_owned()))
        .collect();
    let unusable = tell_no_game(&no_game, lang) || s.unusable > 0;
    Ok(if unusable {
        Exit::Unusable
    } else {
        Exit::from_errors(failing)
    })
}
