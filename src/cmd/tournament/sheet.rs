//! `arbitro tournament sheet`: a phase's results sheet (T17).

use super::load_tournament;
use crate::cmd::Exit;
use crate::io::{Output, write_atomically};
use anyhow::{Result, bail};
use arbitro::lang::Lang;
use arbitro::report::tournament as report;
use std::path::Path;

/// T17: a phase's results sheet, as text to fill in (a person's document) and as a page to
/// print.
pub(super) fn sheet_cmd(
    torneo: &Path,
    fase: Option<u32>,
    out: Option<&Path>,
    html: Option<&Path>,
    lang: Lang,
) -> Result<Exit> {
    if out.is_none() && html.is_none() {
        bail!(
            "{}",
            lang.t(
                "say where to write the sheet: --out FILE.txt (to fill in) or --html FILE.html (to print)",
                "indicare dove scrivere il foglio: --out FILE.txt (da compilare) o --html FILE.html (da stampare)"
            )
        );
    }
    let t = load_tournament(torneo, lang)?;
    let phase = match fase {
        Some(n) => t.phase(n),
        None => t.phases.last(),
    };
    let Some(phase) = phase else {
        bail!(
            "{}: {}",
            torneo.display(),
            match fase {
                Some(n) => crate::cmd::tr!(
                    "the tournament file has no fase {n}",
                    "il file del torneo non ha la fase {n}"
                ),
                None => lang
                    .t(
                        "the tournament file has no phase",
                        "il file del torneo non ha fasi"
                    )
                    .to_string(),
            }
        );
    };
    // A name that holds `|` or a line end cannot stand in a cell of the sheet (formats.md §7).
    let players = phase.groups.iter().flatten();
    if let Some(&bad) = players
        .into_iter()
        .find(|&&p| t.players[p].contains(['|', '\n', '\r']))
    {
        bail!(
            "{}: `{}`: {}",
            torneo.display(),
            t.players[bad].escape_debug(),
            lang.t(
                "a name on a results sheet cannot hold `|` or a line end",
                "un nome sul foglio dei risultati non può contenere `|` né un a capo"
            )
        );
    }
    let sheet = report::sheet::PhaseSheet {
        tournament: &t.name,
        phase: phase.number,
        groups: &phase.groups,
        names: &t.players,
    };
    if let Some(out) = out {
        let text = report::sheet::text(&sheet, lang);
        write_atomically(out, text.as_bytes(), Output::Document, &[torneo])?;
    }
    if let Some(html) = html {
        let page = report::sheet::html(&sheet, lang);
        write_atomically(html, page.as_bytes(), Output::Report, &[torneo])?;
    }
    Ok(Exit::Valid)
}
