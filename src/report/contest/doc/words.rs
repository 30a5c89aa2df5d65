//! The document's words, in both languages: the two large lines at the top and the
//! sentences under them, the headings, the table heads and the signature lines. Both the
//! text and the HTML form say them from here.

use super::{Document, Filing, Standing};
use crate::geometry::Camp;
use crate::lang::date::{Day, Hour, Moment};
use crate::lang::{Lang, Say};
use crate::superscacchi::contest::Timing;
use jiff::civil::DateTime;

pub fn title(lang: Lang) -> &'static str {
    lang.t(
        "CONTEST — DOCUMENT FOR THE JUDGE",
        "RECLAMO — DOCUMENTO PER IL GIUDICE",
    )
}

/// The first large line: whether the contest is admissible (R43's ten minutes).
pub fn admissibility(lang: Lang, timing: Timing) -> &'static str {
    match timing {
        Timing::Early | Timing::InTime => lang.t("ADMISSIBLE", "AMMISSIBILE"),
        Timing::Late => lang.t("NOT ADMISSIBLE", "NON AMMISSIBILE"),
        Timing::Unknown => lang.t("ADMISSIBILITY FOR THE JUDGE", "AMMISSIBILITÀ DA DECIDERE"),
    }
}

/// The second large line: whether the table's verdict stands.
pub fn standing(lang: Lang, standing: Standing) -> &'static str {
    match standing {
        Standing::Upheld | Standing::UpheldLate => lang.t("VERDICT UPHELD", "VERDETTO CONFERMATO"),
        Standing::Overturned => lang.t("VERDICT OVERTURNED", "VERDETTO RIBALTATO"),
        Standing::NotDeclared => lang.t("NO VERDICT DECLARED", "NESSUN VERDETTO DICHIARATO"),
    }
}

/// `at 18:05` on the day of the filing, `on 2026-10-18 at 00:05` on another day.
fn at(lang: Lang, dt: DateTime, filed: DateTime) -> String {
    let hour = Hour(dt.time()).say(lang).into_owned();
    if dt.date() == filed.date() {
        format!("{} {hour}", lang.t("at", "alle"))
    } else {
        let day = Day(dt.date()).say(lang).into_owned();
        match lang {
            Lang::En => format!("on {day} at {hour}"),
            Lang::It => format!("il {day} alle {hour}"),
        }
    }
}

/// The sentence under the first large line: who filed when, against the end of the game.
pub fn filing_note(lang: Lang, team: &str, f: &Filing) -> String {
    let day = Day(f.at.date()).say(lang).into_owned();
    let hour = Hour(f.at.time()).say(lang).into_owned();
    let filed = match lang {
        Lang::En => format!("filed by {team} on {day} at {hour}"),
        Lang::It => format!("presentato da {team} il {day} alle {hour}"),
    };
    let end = f.end.map(|e| at(lang, e, f.at)).unwrap_or_default();
    let deadline = f.deadline.map(|d| at(lang, d, f.at)).unwrap_or_default();
    let why = match (f.timing, lang) {
        (Timing::InTime, Lang::En) => {
            format!("within ten minutes of the end of the game (end {end}, deadline {deadline})")
        }
        (Timing::InTime, Lang::It) => {
            format!("entro dieci minuti dalla fine della partita (fine {end}, termine {deadline})")
        }
        (Timing::Late, Lang::En) => format!(
            "after the ten minutes from the end of the game (end {end}, deadline {deadline}): the table's verdict stands"
        ),
        (Timing::Late, Lang::It) => format!(
            "oltre i dieci minuti dalla fine della partita (fine {end}, termine {deadline}): il verdetto del tavolo resta valido"
        ),
        (Timing::Early, Lang::En) => format!(
            "before the end of the game written on the sheet ({end}): not late; check the time of the contest"
        ),
        (Timing::Early, Lang::It) => format!(
            "prima della fine della partita scritta sul foglio ({end}): non è in ritardo; controllare l'ora del reclamo"
        ),
        (Timing::Unknown, _) => lang
            .t(
                "the sheet does not say when the game ended, so the judge decides",
                "il foglio non dice quando è finita la partita, quindi decide il giudice",
            )
            .to_string(),
    };
    let sep = if f.timing == Timing::Unknown {
        "; "
    } else {
        ", "
    };
    format!("{filed}{sep}{why}")
}

/// The sentence under the second large line: the table's verdict and the recomputed one.
pub fn standing_note(doc: &Document) -> String {
    let lang = doc.lang;
    let (declared, recomputed) = (doc.declared.as_deref().unwrap_or(""), &doc.recomputed);
    let note = match (doc.standing, lang) {
        (Standing::Upheld, Lang::En) => {
            format!("the table and the recomputation agree: {recomputed}")
        }
        (Standing::Upheld, Lang::It) => {
            format!("il tavolo e il ricalcolo danno lo stesso verdetto: {recomputed}")
        }
        (Standing::Overturned, Lang::En) => {
            format!("the table gave: {declared}; recomputed: {recomputed}")
        }
        (Standing::Overturned, Lang::It) => {
            format!("il tavolo ha dato: {declared}; il ricalcolo dà: {recomputed}")
        }
        (Standing::UpheldLate, Lang::En) => format!(
            "the contest is late, so the table's verdict stands ({declared}); recomputed, for the record only: {recomputed}"
        ),
        (Standing::UpheldLate, Lang::It) => format!(
            "il reclamo è fuori tempo, quindi resta il verdetto del tavolo ({declared}); il ricalcolo, solo per memoria, dà: {recomputed}"
        ),
        (Standing::NotDeclared, Lang::En) => {
            format!("the sheet declares no result; recomputed: {recomputed}")
        }
        (Standing::NotDeclared, Lang::It) => {
            format!("il foglio non dichiara il risultato; il ricalcolo dà: {recomputed}")
        }
    };
    if doc.standing == Standing::Overturned && doc.filing.timing == Timing::Unknown {
        format!(
            "{note} ({})",
            lang.t(
                "if the judge admits the contest",
                "se il giudice ammette il reclamo"
            )
        )
    } else {
        note
    }
}

/// The first column of the head table: the contesting team, and when.
pub fn filed_by(lang: Lang) -> &'static str {
    lang.t("Contest by", "Reclamo di")
}

pub fn filed_at(lang: Lang, f: &Filing) -> (&'static str, String) {
    (
        lang.t("Filed", "Presentato"),
        Moment(f.at).say(lang).into_owned(),
    )
}

pub fn camps(lang: Lang) -> [&'static str; 2] {
    [
        lang.t("Besiegers", "Assedianti"),
        lang.t("Besieged", "Assediati"),
    ]
}

/// A team's camp in a table cell: `assedianti`, `besieged`.
pub fn camp(lang: Lang, camp: Camp) -> String {
    let [a, b] = camps(lang);
    match camp {
        Camp::Besiegers => a,
        Camp::Besieged => b,
    }
    .to_lowercase()
}

pub fn grounds_heading(lang: Lang) -> &'static str {
    lang.t(
        "The captain's grounds",
        "Motivo del reclamo (parole del capitano)",
    )
}

pub fn no_grounds(lang: Lang) -> &'static str {
    lang.t(
        "(none given: the captain may write them here by hand)",
        "(non indicato: il capitano può scriverlo qui a mano)",
    )
}

pub fn findings_heading(lang: Lang) -> &'static str {
    lang.t("Findings on the game", "Rilievi sulla partita")
}

pub fn findings_head(lang: Lang) -> [&'static str; 5] {
    [
        lang.t("army", "armata"),
        lang.t("move", "mossa"),
        lang.t("line", "riga"),
        lang.t("rule", "regola"),
        lang.t("finding", "rilievo"),
    ]
}

pub fn no_findings(lang: Lang) -> &'static str {
    lang.t("No findings on the game.", "Nessun rilievo sulla partita.")
}

/// The last row when the table could not hold every finding.
pub fn more_findings(lang: Lang, n: usize) -> String {
    let n = crate::lang::number(lang, n);
    match lang {
        Lang::En => format!("… and {n} more: see the full report"),
        Lang::It => format!("… e altri {n} rilievi: vedi il rapporto completo"),
    }
}

pub fn scores_heading(lang: Lang) -> &'static str {
    lang.t("Scores", "Punteggi")
}

pub fn scores_head(lang: Lang) -> [&'static str; 4] {
    [
        lang.t("team", "squadra"),
        lang.t("table's", "dichiarato dal tavolo"),
        lang.t("recomputed", "ricalcolato"),
        lang.t("difference", "differenza"),
    ]
}

pub fn cited_heading(lang: Lang) -> &'static str {
    lang.t(
        "Sheet lines the differences rest on",
        "Righe del foglio su cui poggiano le differenze",
    )
}

pub fn cited_head(lang: Lang) -> [&'static str; 4] {
    [
        lang.t("team", "squadra"),
        lang.t("item", "voce"),
        lang.t("line", "riga"),
        lang.t("as written", "come scritta"),
    ]
}

/// The last row when the table could not hold every line.
pub fn more_cited(lang: Lang, n: usize) -> String {
    let n = crate::lang::number(lang, n);
    match lang {
        Lang::En => format!("… and {n} more lines: see the full report"),
        Lang::It => format!("… e altre {n} righe: vedi il rapporto completo"),
    }
}

/// The signature lines: the captain's, the judge's, then the decision.
pub fn signatures(lang: Lang, team: &str) -> [String; 3] {
    [
        format!(
            "{} ({team})",
            lang.t("Captain's signature", "Firma del capitano")
        ),
        lang.t("Judge's signature", "Firma del giudice").to_string(),
        lang.t(
            "Judge's decision (accepted / rejected), date and time",
            "Decisione del giudice (accolto / respinto), data e ora",
        )
        .to_string(),
    ]
}
