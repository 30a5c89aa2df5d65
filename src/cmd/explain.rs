//! `arbitro explain [CODE]`: what a finding code means, its severity and the rule it rests
//! on, in the run's language (issue 32 point 4; the words are `finding::wording::codes`).
//! Without a code, every code in one table.

use crate::cmd::{Exit, tr};
use crate::io::emit;
use anyhow::{Result, bail};
use arbitro::finding::Code;
use arbitro::finding::wording::codes::gloss;
use arbitro::lang::Lang;

/// `arbitro explain`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  arbitro explain wrong-pen\n  arbitro explain --lang it claim-possible\n  arbitro explain"
)]
pub struct Args {
    /// A finding code as reports write it (`wrong-pen`); none: every code.
    code: Option<String>,
}

/// A severity as every report names it.
fn severity(code: Code, lang: Lang) -> &'static str {
    arbitro::report::game::human::severity_word(code.severity(), lang)
}

pub fn run(args: &Args) -> Result<Exit> {
    let lang = crate::cmd::lang();
    let Some(name) = &args.code else {
        let mut t = arbitro::report::term::table();
        t.set_header([
            lang.t("code", "codice"),
            lang.t("severity", "gravità"),
            lang.t("rule", "regola"),
            lang.t("meaning", "significato"),
        ]);
        for &c in Code::ALL {
            let g = gloss(c);
            t.add_row([c.as_str(), severity(c, lang), g.rule, *g.text.get(lang)]);
        }
        emit(&format!("{t}\n"))?;
        return Ok(Exit::Valid);
    };
    let key = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    let Some(code) = Code::from_name(&key) else {
        // The codes holding every word of the name, else any of them.
        let words: Vec<&str> = key.split('-').filter(|w| w.len() > 2).collect();
        let having = |all: bool| -> Vec<&str> {
            Code::ALL
                .iter()
                .map(|c| c.as_str())
                .filter(|c| {
                    let has = |w: &&str| c.contains(*w);
                    !words.is_empty()
                        && if all {
                            words.iter().all(has)
                        } else {
                            words.iter().any(has)
                        }
                })
                .collect()
        };
        let mut near = having(true);
        if near.is_empty() {
            near = having(false);
        }
        let near = if near.is_empty() {
            String::new()
        } else {
            let near = near.join(", ");
            tr!("; perhaps: {near}", "; forse: {near}")
        };
        bail!(tr!(
            "`{name}` is not a finding code{near} (arbitro explain lists them all)",
            "`{name}` non è un codice di segnalazione{near} (arbitro explain li elenca tutti)"
        ));
    };
    let g = gloss(code);
    emit(&format!(
        "{} ({}, {}): {}\n",
        code.as_str(),
        severity(code, lang),
        g.rule,
        g.text.get(lang)
    ))?;
    Ok(Exit::Valid)
}
