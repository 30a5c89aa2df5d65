//! The report of `arbitro reconcile`: the side-by-side table for people, the JSON object
//! for programs.

use crate::classical::fill::is_pattern;
use crate::classical::reconcile::{
    Agreement, AlignedPly, Reconciliation, ResultSource, SettledResult, SheetLetter, Why,
};
use crate::lang::Lang;
use crate::notation::classical::GameResult;
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
        (Why::Ambiguous(x), Lang::En) => {
            format!("ambiguous on {}; {}'s reading", s(x.other()), s(x))
        }
        (Why::Ambiguous(x), Lang::It) => {
            format!("ambigua su {}; lettura di {}", s(x.other()), s(x))
        }
        (Why::Slip(x), Lang::En) => format!("a slip on {}; {}'s move", s(x.other()), s(x)),
        (Why::Slip(x), Lang::It) => format!("svista su {}; mossa di {}", s(x.other()), s(x)),
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
        (Why::ReadOn(x), Lang::En) => format!("{}'s move read on (FIDE 8.4)", s(x)),
        (Why::ReadOn(x), Lang::It) => format!("mossa di {} letta per proseguire (FIDE 8.4)", s(x)),
        (Why::BothSlip, Lang::En) => "a slip on both; a move both fit".to_string(),
        (Why::BothSlip, Lang::It) => {
            "svista su entrambi; una mossa che entrambe possono essere".to_string()
        }
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

/// The result in the summary: `1-0`, `1-0 (given with --result)`, or unresolved with the
/// sheets' two results.
fn result_words(settled: &SettledResult, result: &str, lang: Lang) -> String {
    let name = |r: Option<GameResult>| r.map_or("-", GameResult::as_str);
    let (a, b) = (name(settled.a), name(settled.b));
    match (settled.source, lang) {
        (ResultSource::Unresolved, Lang::En) => format!("result unresolved (A {a}, B {b})"),
        (ResultSource::Unresolved, Lang::It) => {
            format!("risultato da stabilire (A {a}, B {b})")
        }
        (ResultSource::Given, Lang::En) => format!("result {result} (given with --result)"),
        (ResultSource::Given, Lang::It) => {
            format!("risultato {result} (indicato con --result)")
        }
        (_, Lang::En) => format!("result {result}"),
        (_, Lang::It) => format!("risultato {result}"),
    }
}

/// One line on how it came out.
pub fn summary(rec: &Reconciliation, settled: &SettledResult, result: &str, lang: Lang) -> String {
    let differ = rec.rows.iter().filter(|r| r.differs()).count();
    let result = result_words(settled, result, lang);
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
            "Reconciled game: {} plies, {differ} where the sheets differ, {result}.\n",
            rec.rows.len()
        ),
        (Agreement::Reconciled, Lang::It) => format!(
            "Partita riconciliata: {}, {differ} dove i formulari differiscono, {result}.\n",
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
        Why::Ambiguous(s) => ("ambiguous", Some(s.name())),
        Why::Slip(s) => ("slip", Some(s.name())),
        Why::LaterMoves(s) => ("later-moves", Some(s.name())),
        Why::Tied(s) => ("tied", Some(s.name())),
        Why::Skipped(s) => ("skipped", Some(s.name())),
        Why::Ended(s) => ("ended", Some(s.name())),
        Why::ReadOn(s) => ("read-on", Some(s.name())),
        Why::BothSlip => ("both-slip", None),
    }
}

fn rows_json(rows: &[AlignedPly], notation: Notation) -> Vec<Value> {
    rows.iter()
        .map(|r| {
            let (why, from) = why_code(r.why);
            json!({"ply": r.ply, "a": r.a, "b": r.b, "taken": r.taken_text(notation),
                   "why": why, "from": from, "other_reach": r.other_reach,
                   "could_be": r.could_be_texts(notation)})
        })
        .collect()
}

/// The JSON object: the files, `valid`, the findings (each with `sheet`: `A`, `B` or
/// null), the rows, the outcome, the result the reconciled game supports (`*` while
/// unresolved), and (added by issue 28) `result_unresolved` and `declared_results`.
pub fn json(
    rec: &Reconciliation,
    files: (&str, &str),
    (result, settled): (Option<&str>, &SettledResult),
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
        "result_unresolved": settled.unresolved(),
        "declared_results": {"A": settled.a, "B": settled.b},
    })
}

/// The words after `A: …, B: …` in the game's comment at a ply where the sheets differ.
fn note(why: Why, lang: Lang) -> Option<String> {
    let s = |side: SheetLetter| side.other().name();
    let said = match (why, lang) {
        (Why::Skipped(x), Lang::En) => format!("missing on sheet {}", s(x)),
        (Why::Skipped(x), Lang::It) => format!("manca sul formulario {}", s(x)),
        (Why::Ambiguous(x), Lang::En) => format!("ambiguous on sheet {}", s(x)),
        (Why::Ambiguous(x), Lang::It) => format!("ambigua sul formulario {}", s(x)),
        (Why::Slip(x), Lang::En) => format!("a slip on sheet {}", s(x)),
        (Why::Slip(x), Lang::It) => format!("svista sul formulario {}", s(x)),
        (Why::ReadOn(x), Lang::En) => format!("read on, sheet {} alone", x.name()),
        (Why::ReadOn(x), Lang::It) => format!("letta per proseguire, solo formulario {}", x.name()),
        (Why::BothSlip, Lang::En) => "a slip on both sheets".to_string(),
        (Why::BothSlip, Lang::It) => "svista su entrambi i formulari".to_string(),
        _ => return None,
    };
    Some(said)
}

/// The comments of the reconciled game (formats.md §8): `{A: …, B: …}` at every ply where
/// the sheets differ or a sheet has a `_`, saying which sheet skipped, slipped or was
/// ambiguous; at the last ply, the two results while the result is unresolved.
pub fn comments(rec: &Reconciliation, settled: &SettledResult, lang: Lang) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = rec
        .rows
        .iter()
        .filter(|r| {
            r.differs()
                || matches!(r.why, Why::ReadOn(_) | Why::BothSlip)
                || r.a.as_deref().is_some_and(is_pattern)
                || r.b.as_deref().is_some_and(is_pattern)
        })
        .map(|r| {
            let both = format!(
                "A: {}, B: {}",
                r.a.as_deref().unwrap_or("-"),
                r.b.as_deref().unwrap_or("-")
            );
            let text = match note(r.why, lang) {
                Some(n) => format!("{both} ({n})"),
                None => both,
            };
            (r.ply, text)
        })
        .collect();
    if settled.unresolved() {
        let name = |r: Option<GameResult>| r.map_or("-", GameResult::as_str);
        let (a, b) = (name(settled.a), name(settled.b));
        out.push((
            rec.rows.len() as u32,
            match lang {
                Lang::En => format!("result unresolved: A {a}, B {b}"),
                Lang::It => format!("risultato da stabilire: A {a}, B {b}"),
            },
        ));
    }
    out
}
