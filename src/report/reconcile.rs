//! The report of `arbitro reconcile`: the side-by-side table for people, the JSON object
//! for programs.

use crate::classical::reconcile::{Agreement, AlignedPly, Reconciliation, SheetLetter, Why};
use crate::lang::Lang;
use crate::notation::san::Notation;
use crate::report::game::json::finding_value;
use serde_json::{Value, json};

/// Why a move was taken, in words.
pub fn why_text(lang: Lang, why: Why) -> String {
    let s = |side: SheetLetter| side.name();
    match (why, lang) {
        (Why::Agree, _) => lang.t("both sheets", "entrambi i formulari").to_string(),
        (Why::OnlyLegal(x), Lang::En) => format!("only {}'s move is legal", s(x)),
        (Why::OnlyLegal(x), Lang::It) => format!("solo la mossa di {} è legale", s(x)),
        (Why::LaterMoves(x), Lang::En) => {
            format!("both legal; the later moves choose {}", s(x))
        }
        (Why::LaterMoves(x), Lang::It) => {
            format!("entrambe legali; le mosse seguenti scelgono {}", s(x))
        }
        (Why::Tied(x), Lang::En) => format!("both legal, a tie: {} followed here", s(x)),
        (Why::Tied(x), Lang::It) => format!("entrambe legali, pari: qui si segue {}", s(x)),
        (Why::Skipped(x), Lang::En) => format!("skipped on {}", s(x.other())),
        (Why::Skipped(x), Lang::It) => format!("saltata su {}", s(x.other())),
        (Why::Ended(x), Lang::En) => format!("{} no longer writes (FIDE 8.4)", s(x.other())),
        (Why::Ended(x), Lang::It) => format!("{} non scrive più (FIDE 8.4)", s(x.other())),
    }
}

/// The side-by-side table: ply, A's move, B's move, the move taken, why.
pub fn table(rows: &[AlignedPly], lang: Lang, notation: Notation) -> String {
    let mut t = super::term::table();
    t.set_header(vec![
        lang.t("ply", "semimossa"),
        "A",
        "B",
        lang.t("taken", "mossa giocata"),
        lang.t("why", "perché"),
    ]);
    for r in rows {
        t.add_row(vec![
            r.ply.to_string(),
            r.a.clone().unwrap_or_else(|| "-".into()),
            r.b.clone().unwrap_or_else(|| "-".into()),
            r.taken_text(notation),
            why_text(lang, r.why),
        ]);
    }
    format!("{t}\n")
}

/// One line on how it came out.
pub fn summary(rec: &Reconciliation, result: &str, lang: Lang) -> String {
    let differ = rec.rows.iter().filter(|r| r.differs()).count();
    match (rec.outcome, lang) {
        (Agreement::DifferentGames, Lang::En) => {
            "The two sheets are not of the same game: nothing to reconcile.\n".into()
        }
        (Agreement::DifferentGames, Lang::It) => {
            "I due formulari non sono della stessa partita: niente da riconciliare.\n".into()
        }
        (Agreement::Ambiguous, Lang::En) => format!(
            "Two readings go equally far ({} and {} plies): the sheets do not decide.\n",
            rec.rows.len(),
            rec.alternative.len()
        ),
        (Agreement::Ambiguous, Lang::It) => format!(
            "Due letture arrivano ugualmente lontano ({} e {} semimosse): i formulari non decidono.\n",
            rec.rows.len(),
            rec.alternative.len()
        ),
        (Agreement::Reconciled, Lang::En) => format!(
            "Reconciled game: {} plies, {differ} where the sheets differ, result {result}.\n",
            rec.rows.len()
        ),
        (Agreement::Reconciled, Lang::It) => format!(
            "Partita riconciliata: {}, {differ} dove i formulari differiscono, risultato {result}.\n",
            crate::lang::count(Lang::It, rec.rows.len(), "semimossa", "semimosse")
        ),
    }
}

fn outcome_name(o: Agreement) -> &'static str {
    match o {
        Agreement::Reconciled => "reconciled",
        Agreement::Ambiguous => "ambiguous",
        Agreement::DifferentGames => "different-games",
    }
}

fn why_code(w: Why) -> (&'static str, Option<&'static str>) {
    match w {
        Why::Agree => ("agree", None),
        Why::OnlyLegal(s) => ("only-legal", Some(s.name())),
        Why::LaterMoves(s) => ("later-moves", Some(s.name())),
        Why::Tied(s) => ("tied", Some(s.name())),
        Why::Skipped(s) => ("skipped", Some(s.name())),
        Why::Ended(s) => ("ended", Some(s.name())),
    }
}

fn rows_json(rows: &[AlignedPly], notation: Notation) -> Vec<Value> {
    rows.iter()
        .map(|r| {
            let (why, from) = why_code(r.why);
            json!({"ply": r.ply, "a": r.a, "b": r.b, "taken": r.taken_text(notation),
                   "why": why, "from": from, "other_reach": r.other_reach})
        })
        .collect()
}

/// The JSON object: the files, `valid`, the findings (each with `sheet`: `A`, `B` or
/// null), the rows, the outcome and the result the reconciled game supports.
pub fn json(
    rec: &Reconciliation,
    files: (&str, &str),
    result: Option<&str>,
    notation: Notation,
    lang: Lang,
) -> Value {
    let findings: Vec<Value> = rec
        .findings
        .iter()
        .map(|f| {
            let mut v = finding_value(&f.finding, lang);
            v["sheet"] = json!(f.side.map(SheetLetter::name));
            v
        })
        .collect();
    let valid = !rec
        .findings
        .iter()
        .any(|f| f.finding.severity() == crate::finding::Severity::Error);
    json!({
        "file_a": files.0,
        "file_b": files.1,
        "variant": "classical",
        "valid": valid,
        "outcome": outcome_name(rec.outcome),
        "findings": findings,
        "rows": rows_json(&rec.rows, notation),
        "alternative": rows_json(&rec.alternative, notation),
        "plies": rec.rows.len(),
        "result": result,
    })
}
