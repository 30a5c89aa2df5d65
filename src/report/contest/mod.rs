//! What the contest of a SuperScacchi game (R43) produces for people besides the verdict's
//! words ([`crate::report::verdict`]): the document for the judge ([`doc`]) and the
//! captain's grounds it prints ([`grounds`]).

pub mod doc;
pub mod grounds;

use crate::finding::{Code, Finding, Severity};

/// The findings a contest shows (in the terminal and on the document): the game's
/// warnings and errors, less the declared result, which the contest itself explains.
pub fn shown_findings(findings: &[Finding]) -> impl Iterator<Item = &Finding> {
    findings
        .iter()
        .filter(|f| f.severity() != Severity::Info && f.code != Code::ResultMismatch)
}

/// The captain's grounds under the contest in the terminal (and in the text document): a
/// heading, then each line of the text (already inert) after a bar.
pub fn grounds_text(lang: crate::lang::Lang, g: &grounds::Grounds) -> String {
    let mut out = format!("\n{}:\n", doc::words::grounds_heading(lang));
    for line in g.text().split('\n') {
        out.push_str("  | ");
        out.push_str(line);
        out.push('\n');
    }
    out
}
