//! The judge's register, the match verdict and the contest, for people (Italian or
//! English) and as JSON (formats.md §5).

use super::inert::inert;
use super::term::Table;
use crate::geometry::Role;
use crate::lang::date::Moment;
use crate::lang::{Lang, Say};
use crate::superscacchi::clock;
use crate::superscacchi::contest::{Contest, Item, MatchReason, MatchVerdict, declared_decision};
use crate::superscacchi::event::{Event, EventKind};
use crate::superscacchi::register::Register;
use crate::superscacchi::score::{Decision, PenaltyKind, Scored, Verdict};
use serde_json::{Value, json};
use std::fmt::Write;

fn table() -> Table {
    super::term::table()
}

/// A kind of piece, `n` of them ([`Pieces`]: the Italian names are the board's own).
fn role_name(lang: Lang, role: Role, n: u32) -> String {
    crate::superscacchi::words::Pieces(role, n)
        .say(lang)
        .into_owned()
}

/// An event's name, in the regulation's words ("Re imprigionato", "Re messo in fuga"):
/// every report names events from here.
pub fn event_name(lang: Lang, kind: EventKind) -> &'static str {
    match kind {
        EventKind::Mate => lang.t("mate", "scacco matto"),
        EventKind::Imprisonment => lang.t("imprisonment", "re imprigionato"),
        EventKind::Flight => lang.t("flight", "re messo in fuga"),
        EventKind::Liberation => lang.t("liberation", "re liberato"),
    }
}

/// Whose king an event took or freed, with its team when known: "NE (Tigri)".
pub fn victim(e: &Event, team: &str) -> String {
    if team.is_empty() {
        e.king_of.code().to_string()
    } else {
        format!("{} ({team})", e.king_of.code())
    }
}

/// The move an event comes from (army, number, line of the file), or, for a mate that no
/// move of its turn gave, why it is counted: R29, the king still attacked when the army's
/// turn began; R30, no legal move left; each after the last move played (issue 28).
pub fn event_move(lang: Lang, e: &Event) -> String {
    let after = e.after.map_or(String::new(), |(a, n)| match lang {
        Lang::En => format!(" after {a} {n}"),
        Lang::It => format!(" dopo {a} {n}"),
    });
    match (e.move_number, e.line) {
        (Some(n), Some(l)) => match lang {
            Lang::En => format!("{} {n}, line {l}", e.army),
            Lang::It => format!("{} {n}, riga {l}", e.army),
        },
        (Some(n), None) => format!("{} {n}", e.army),
        (None, _) if e.rule == "R30" => match lang {
            Lang::En => format!("no legal move left{after}"),
            Lang::It => format!("nessuna mossa legale{after}"),
        },
        (None, _) => match lang {
            Lang::En => format!("still attacked as {}'s turn began{after}", e.army),
            Lang::It => format!(
                "ancora sotto attacco all'inizio del turno di {}{after}",
                e.army
            ),
        },
    }
}

/// "the imprisonment by N at move 34 (R26, +50)"
pub fn describe_event(lang: Lang, scored: &Scored) -> String {
    let e = &scored.event;
    let at = match e.move_number {
        Some(n) => match lang {
            Lang::En => format!("by {} at move {n}", e.army),
            Lang::It => format!("da {} alla mossa {n}", e.army),
        },
        None => match lang {
            Lang::En => format!("credited to {} after ply {}", e.army, e.ply),
            Lang::It => format!("a favore di {} dopo la semimossa {}", e.army, e.ply),
        },
    };
    let the = match lang {
        Lang::En => "the ",
        Lang::It => "",
    };
    format!(
        "{the}{} {at} ({}, {:+})",
        event_name(lang, e.kind),
        e.rule,
        scored.points
    )
}

fn penalty_name(lang: Lang, kind: PenaltyKind) -> String {
    match kind {
        PenaltyKind::Warning(n) => match lang {
            Lang::En => format!("warning {n} (ammonimento)"),
            Lang::It => format!("{n}° ammonimento"),
        },
        PenaltyKind::TimeOut => lang.t("time-out", "tempo esaurito").to_string(),
        PenaltyKind::Resignation => lang
            .t("resignation in game 1", "abbandono nella prima partita")
            .to_string(),
    }
}

fn penalty_rule(kind: PenaltyKind) -> &'static str {
    match kind {
        PenaltyKind::Warning(_) => "R40",
        _ => "R41",
    }
}

/// One recomputed item, as a captain reads it out.
pub fn describe_item(lang: Lang, item: &Item) -> String {
    match item {
        Item::Event(e) => describe_event(lang, e),
        Item::Pieces {
            role,
            count,
            points,
        } => match lang {
            Lang::En => format!(
                "the material: {count} {} (R38, {points:+})",
                role_name(lang, *role, *count)
            ),
            Lang::It => format!(
                "il materiale: {count} {} (R38, {points:+})",
                role_name(lang, *role, *count)
            ),
        },
        Item::Piece { role, points } => match lang {
            Lang::En => format!(
                "one {} of the material (R38, {points:+})",
                role_name(lang, *role, 1)
            ),
            Lang::It => format!(
                "un {} del materiale (R38, {points:+})",
                role_name(lang, *role, 1)
            ),
        },
        Item::Penalty(p) => format!(
            "{} ({}, {:+})",
            penalty_name(lang, p.kind),
            penalty_rule(p.kind),
            p.points
        ),
    }
}

/// The game's verdict as a sentence (R40–R42). Every report that shows a verdict
/// (the register, `verify`, the viewer) takes its words from here, so the outcome
/// cannot be told two ways. The text is raw: each writer makes it safe for its medium.
///
/// ```
/// use arbitro::notation::superscacchi::{parse, prepare};
/// use arbitro::{lang::Lang, report::verdict::outcome_sentence};
/// use arbitro::superscacchi::score::{score, ScoringTable};
/// use arbitro::superscacchi::{register, replay::replay, setup::Setup};
/// let text = std::fs::read_to_string("samples/superscacchi/leoni-tigri-partita1.txt").unwrap();
/// let clean = prepare(&text);
/// let game = parse(&clean);
/// let r = replay(&game, &Setup::builtin("assedio-corto").unwrap());
/// let v = score(&ScoringTable::default(), &r.position, &r.events, &register::read(&game));
/// assert_eq!(outcome_sentence(Lang::En, &v), "Winner: Tigri");
/// assert_eq!(outcome_sentence(Lang::It, &v), "Vincitore: Tigri");
/// ```
pub fn outcome_sentence(lang: Lang, v: &Verdict) -> String {
    match v.decision() {
        Decision::Winner(s) => format!(
            "{}: {}",
            lang.t("Winner", "Vincitore"),
            v.teams[s.index()].team
        ),
        Decision::Tie => lang
            .t(
                "Equal totals: a tie, for the judge to decide (R42)",
                "Totali uguali: parità, decide il giudice (R42)",
            )
            .to_string(),
        Decision::BothLose => lang
            .t(
                "No winner: both teams lose by rule (R40/R41)",
                "Nessun vincitore: entrambe le squadre perdono per regolamento (R40/R41)",
            )
            .to_string(),
    }
}

/// What a SuperScacchi game with an error gets instead of a verdict (R37), as a sentence.
pub fn no_scores_sentence(lang: Lang) -> &'static str {
    lang.t(
        "No scores: the game has an error (R37)",
        "Nessun punteggio: la partita ha un errore (R37)",
    )
}

/// The same in a few words, for a table cell.
pub fn no_scores_words(lang: Lang) -> &'static str {
    lang.t("no score (error, R37)", "nessun punteggio (errore, R37)")
}

/// An outcome in a few words, for a table cell or after a label: the recomputed one
/// (`v.decision()`) or the one a sheet declares, with the team names of `v`.
pub fn outcome_words(lang: Lang, o: Decision, v: &Verdict) -> String {
    match (o, lang) {
        (Decision::Winner(s), Lang::En) => format!("{} wins", v.teams[s.index()].team),
        (Decision::Winner(s), Lang::It) => format!("vince {}", v.teams[s.index()].team),
        (Decision::Tie, _) => lang
            .t(
                "a tie, for the judge to decide (R42)",
                "parità, decide il giudice (R42)",
            )
            .to_string(),
        (Decision::BothLose, _) => lang
            .t(
                "both teams lose by rule (R40/R41)",
                "entrambe le squadre perdono per regolamento (R40/R41)",
            )
            .to_string(),
    }
}

/// The judge's register for one game: a breakdown per team, totals, the winner. Like
/// every report here, its text is made inert for a terminal ([`inert`]).
pub fn score_report(lang: Lang, file: &str, v: &Verdict) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}\n",
        file,
        lang.t(
            "the judge's register (R37–R42)",
            "registro del giudice (R37–R42)"
        )
    );
    for (i, t) in v.teams.iter().enumerate() {
        let tb = team_table(lang, t, v);
        let mark = if v.winner() == Some(i) { " ★" } else { "" };
        let _ = writeln!(out, "{} ({}){mark}\n{tb}\n", t.team, t.camp.name());
        if t.loses {
            let _ = writeln!(out, "{}\n", loses_by_rule(lang, t));
        }
    }
    let verdict = outcome_sentence(lang, v);
    let _ = writeln!(out, "{verdict}");
    inert(&out).into_owned()
}

/// One team's items in the register: material (R38), events, penalties and the total.
fn team_table(lang: Lang, t: &crate::superscacchi::score::TeamScore, v: &Verdict) -> Table {
    let mut tb = table();
    tb.set_header([
        lang.t("item", "voce"),
        lang.t("detail", "dettaglio"),
        lang.t("points", "punti"),
    ]);
    for &(role, n, p) in &t.pieces {
        tb.add_row([
            lang.t("material (R38)", "materiale (R38)").to_string(),
            format!("{n} {}", role_name(lang, role, n)),
            p.to_string(),
        ]);
    }
    for scored in &t.events {
        let e = &scored.event;
        tb.add_row([
            format!("{} ({})", event_name(lang, e.kind), e.rule),
            {
                let team = v.teams.iter().find(|t| t.camp == e.king_of.camp());
                format!(
                    "{} {}: {}, {} {}",
                    lang.t("king of", "re di"),
                    victim(e, team.map_or("", |t| t.team.as_str())),
                    event_move(lang, e),
                    lang.t("ply", "semimossa"),
                    e.ply
                )
            },
            format!("{:+}", scored.points),
        ]);
    }
    for p in &t.penalties {
        tb.add_row([
            format!("{} ({})", penalty_name(lang, p.kind), penalty_rule(p.kind)),
            String::new(),
            p.points.to_string(),
        ]);
    }
    tb.add_row([
        lang.t("TOTAL", "TOTALE").to_string(),
        format!(
            "{} {} + {} {} {:+} {}",
            t.material,
            lang.t("material", "materiale"),
            t.event_points,
            lang.t("events", "eventi"),
            t.penalty_points,
            lang.t("penalties", "penalità")
        ),
        t.total.to_string(),
    ]);
    tb
}

/// Why a team loses by rule, whatever its points: the third warning (R40) or the
/// resignation in game 1 (R41).
fn loses_by_rule(lang: Lang, t: &crate::superscacchi::score::TeamScore) -> String {
    // Which rule: the third warning (R40) or the resignation in game 1 (R41).
    let why: Vec<&str> = t
        .penalties
        .iter()
        .filter_map(|p| match p.kind {
            PenaltyKind::Warning(n) if n >= 3 => {
                Some(lang.t("third warning, R40", "terzo ammonimento, R40"))
            }
            PenaltyKind::Resignation => Some(lang.t(
                "resignation in game 1, R41",
                "abbandono nella prima partita, R41",
            )),
            _ => None,
        })
        .collect();
    let why = if why.is_empty() {
        lang.t("R40/R41", "R40/R41").to_string()
    } else {
        why.join("; ")
    };
    match lang {
        Lang::En => format!("this team loses the game by rule ({why}), whatever its points"),
        Lang::It => format!(
            "questa squadra perde la partita per regolamento ({why}), qualunque sia il punteggio"
        ),
    }
}

/// The match verdict (R42).
pub fn match_report(lang: Lang, m: &MatchVerdict) -> String {
    let mut tb = table();
    tb.set_header([
        lang.t("team", "squadra"),
        lang.t("games won", "partite vinte"),
        lang.t("points, both games", "punti nelle due partite"),
    ]);
    for i in 0..2 {
        tb.add_row([
            inert(&m.teams[i]).into_owned(),
            m.wins[i].to_string(),
            m.sums[i].to_string(),
        ]);
    }
    let why = match m.reason {
        MatchReason::ResignationInGame2 => lang
            .t(
                "a team resigned the second game (R41)",
                "una squadra ha abbandonato la seconda partita (R41)",
            )
            .to_string(),
        MatchReason::MoreGamesWon => lang
            .t("more games won (R42)", "più partite vinte (R42)")
            .to_string(),
        MatchReason::PointSum => match (lang, m.wins[0]) {
            (Lang::En, 0) => "neither team won a game: the higher sum of points decides (R42)".to_string(),
            (Lang::It, 0) => "nessuna squadra ha vinto una partita: decide la somma dei punti più alta (R42)".to_string(),
            (Lang::En, n) => format!("{n} game won each: the higher sum of points decides (R42)"),
            (Lang::It, n) => format!("{n} partita vinta a testa: decide la somma dei punti (R42)"),
        },
        MatchReason::Tie => lang
            .t(
                "as many games won and the same sum of points: a tie, FOR THE JUDGE TO DECIDE (R42)",
                "stesse partite vinte e stessa somma dei punti: parità, DECIDE IL GIUDICE (R42)",
            )
            .to_string(),
    };
    let winner = format!(
        "{}: {}",
        lang.t("Match winner", "Vince la gara"),
        match_winner(lang, m)
    );
    inert(&format!("{tb}\n{winner} — {why}\n")).into_owned()
}

/// The explanation of one difference.
pub fn explanation(lang: Lang, d: &crate::superscacchi::contest::Difference) -> String {
    let e = &d.explanation;
    let amount = e.difference.unsigned_abs();
    let head = if e.difference > 0 {
        match lang {
            Lang::En => format!("{amount} short"),
            Lang::It => format!(
                "{} in meno",
                crate::lang::count(lang, amount as usize, "punto", "punti")
            ),
        }
    } else {
        match lang {
            Lang::En => format!("{amount} over"),
            Lang::It => format!(
                "{} in più",
                crate::lang::count(lang, amount as usize, "punto", "punti")
            ),
        }
    };
    let list = |set: &Vec<Item>| {
        set.iter()
            .map(|i| describe_item(lang, i))
            .collect::<Vec<_>>()
            .join(lang.t(" and ", " e "))
    };
    match e.sets.as_slice() {
        [] => format!(
            "{head}: {}",
            lang.t(
                "no combination of the recomputed items accounts for it; check the addition",
                "nessuna combinazione delle voci ricalcolate lo spiega; controllare la somma"
            )
        ),
        [one] => {
            // The items add up to the difference: with a negative difference they are
            // penalties the table did not deduct.
            let verb = if e.difference > 0 {
                ""
            } else {
                lang.t(": not deducted by the table", ": non detratto dal tavolo")
            };
            format!("{head}: {}{verb}", list(one))
        }
        many => format!(
            "{head}, {}: {}",
            lang.t("one of", "una di queste"),
            many.iter().take(4).map(list).collect::<Vec<_>>().join("; ")
        ),
    }
}

/// The contest as a document a captain can read out.
pub fn contest_report(
    lang: Lang,
    file: &str,
    register: &Register,
    v: &Verdict,
    c: &Contest,
    errors: &[String],
) -> String {
    let mut out = String::new();
    let team = &register.teams[c.team];
    let _ = writeln!(out, "{} — {}", lang.t("CONTEST", "RECLAMO"), file);
    let _ = writeln!(out, "{}: {team}", lang.t("Filed by", "Presentato da"));
    let _ = writeln!(
        out,
        "{}: {} ({})",
        lang.t("Filed at", "Presentato il"),
        Moment(c.filed_at.datetime()).say(lang),
        c.zone
    );
    if let Some(d) = &c.deadline {
        let _ = writeln!(
            out,
            "{}: {}",
            lang.t(
                "Deadline (Fine + 10 minutes, R43)",
                "Termine (Fine + 10 minuti, R43)"
            ),
            Moment(d.datetime()).say(lang)
        );
    }
    out.push_str(admissibility(lang, c));
    out.push_str("\n\n");
    for e in errors {
        let _ = writeln!(out, "! {e}");
    }
    totals(&mut out, lang, register, v, c);
    verdicts(&mut out, lang, register, v);
    inert(&out).into_owned()
}

/// Whether the contest is admissible (R43), in one sentence.
fn admissibility(lang: Lang, c: &Contest) -> &'static str {
    use crate::superscacchi::contest::Timing;
    match c.timing {
        Timing::Early => lang.t(
            "ADMISSIBLE: filed before the end of the game ([Fine]), so not late (R43); a watch a little off, or check the time given with --at.",
            "AMMISSIBILE: presentato prima della fine della partita ([Fine]), quindi non in ritardo (R43); un orologio un po' avanti o indietro, oppure controllare l'ora data con --at.",
        ),
        Timing::InTime => lang.t(
            "ADMISSIBLE: filed within ten minutes of the end of the game.",
            "AMMISSIBILE: presentato entro dieci minuti dalla fine della partita.",
        ),
        Timing::Late => lang.t(
            "NOT ADMISSIBLE: filed after the ten minutes (R43). The table's verdict stands; what follows is for the record.",
            "NON AMMISSIBILE: presentato oltre i dieci minuti (R43). Il verdetto del tavolo resta valido; quanto segue è solo per memoria."
        ),
        Timing::Unknown => lang.t(
            "CANNOT DECIDE ADMISSIBILITY: the sheet has no [Fine], so the ten minutes of R43 have no start. The judge decides; what follows is the recomputed verdict.",
            "AMMISSIBILITÀ NON DECIDIBILE: il foglio non ha [Fine], quindi i dieci minuti della R43 non hanno un inizio. Decide il giudice; segue il verdetto ricalcolato."
        ),
    }
}

/// The declared and recomputed totals of each team, and what differs (R43).
fn totals(out: &mut String, lang: Lang, register: &Register, v: &Verdict, c: &Contest) {
    let declared = register.declared;
    for i in 0..2 {
        let t = &v.teams[i];
        let d = declared.map_or("—".to_string(), |d| d[i].to_string());
        let _ = writeln!(
            out,
            "{} ({}): {} {d}, {} {}",
            t.team,
            t.camp.name(),
            lang.t("declared", "dichiarato"),
            lang.t("recomputed", "ricalcolato"),
            t.total
        );
    }
    let _ = writeln!(out);
    if declared.is_none() {
        let _ = writeln!(
            out,
            "{}",
            lang.t(
                "The sheet declares no result ([Risultato]): nothing to compare.",
                "Il foglio non dichiara il risultato ([Risultato]): niente da confrontare."
            )
        );
    } else if c.differences.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            lang.t(
                "The declared totals agree with the recomputed ones.",
                "I totali dichiarati coincidono con quelli ricalcolati."
            )
        );
    } else {
        let _ = writeln!(out, "{}:", lang.t("Differences", "Differenze"));
        for d in &c.differences {
            let _ = writeln!(out, "- {}: {}", v.teams[d.team].team, explanation(lang, d));
        }
    }
}

/// The recomputed verdict (R42), and the declared one beside it: confirmed or overturned.
fn verdicts(out: &mut String, lang: Lang, register: &Register, v: &Verdict) {
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{}: {}",
        lang.t("Recomputed verdict", "Verdetto ricalcolato"),
        outcome_words(lang, v.decision(), v)
    );
    if let Some(declared) = declared_decision(register, v) {
        let _ = writeln!(
            out,
            "{}: {} — {}",
            lang.t("Declared verdict", "Verdetto dichiarato"),
            outcome_words(lang, declared, v),
            if declared == v.decision() {
                lang.t("VERDICT UPHELD", "VERDETTO CONFERMATO")
            } else {
                lang.t("VERDICT OVERTURNED", "VERDETTO RIBALTATO")
            }
        );
    }
}

/// The contest JSON of formats.md §5: the game object plus the contest's keys. A game with
/// an error has no verdict (R37): `computed` is null and there are no differences.
pub fn contest_json(
    game: Value,
    register: &Register,
    v: Option<&Verdict>,
    c: &Contest,
    lang: Lang,
) -> Value {
    let mut obj = match game {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    let names = &register.teams;
    obj.insert("team".into(), json!(names[c.team]));
    obj.insert("filed_at".into(), json!(clock::iso(&c.filed_at)));
    obj.insert(
        "deadline".into(),
        json!(c.deadline.as_ref().map(clock::iso)),
    );
    obj.insert("admissible".into(), json!(c.admissible()));
    obj.insert("timing".into(), json!(c.timing.code()));
    obj.insert("time_zone".into(), json!(c.zone));
    if let Some((d, v)) = v.and_then(|v| Some((declared_decision(register, v)?, v))) {
        obj.insert("verdict_changes".into(), json!(d != v.decision()));
    }
    obj.insert(
        "declared".into(),
        match register.declared {
            Some(d) => json!({ names[0].clone(): d[0], names[1].clone(): d[1] }),
            None => Value::Null,
        },
    );
    obj.insert(
        "computed".into(),
        v.map_or(
            Value::Null,
            |v| json!({ names[0].clone(): v.teams[0].total, names[1].clone(): v.teams[1].total }),
        ),
    );
    obj.insert(
        "differences".into(),
        Value::Array(
            c.differences
                .iter()
                .map(|d| {
                    json!({
                        "team": names[d.team],
                        "declared": d.declared,
                        "computed": d.computed,
                        "explanation": explanation(lang, d),
                    })
                })
                .collect(),
        ),
    );
    Value::Object(obj)
}

/// The match verdict as the table declared its games and as recomputed (`contest --match`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchEffect {
    /// From the declared totals.
    pub declared: MatchVerdict,
    /// From the recomputed ones.
    pub recomputed: MatchVerdict,
}

/// The match's winner in words (R42): the team, or nobody when the judge decides. The
/// match report and the contest's effect on the match both say it from here.
fn match_winner(lang: Lang, m: &MatchVerdict) -> String {
    m.winner_name().map_or_else(
        || {
            lang.t(
                "nobody (a tie, for the judge)",
                "nessuno (parità, decide il giudice)",
            )
            .to_string()
        },
        str::to_string,
    )
}

/// The match as JSON: the teams, the games won, the sums, the winner and why, then the two
/// games' own objects (formats.md §4).
pub fn match_json(m: &MatchVerdict, games: [Value; 2]) -> Value {
    json!({
        "teams": m.teams,
        "wins": m.wins,
        "sums": m.sums,
        "winner": m.winner_name(),
        "reason": m.reason.as_str(),
        "games": games,
    })
}

/// What the contest does to the match, in words.
pub fn match_effect_text(lang: Lang, e: &MatchEffect) -> String {
    format!(
        "{}: {} {}; {} {} — {}\n",
        lang.t("Match (R42)", "Gara (R42)"),
        lang.t("as declared, winner", "come dichiarata, vince"),
        match_winner(lang, &e.declared),
        lang.t("as recomputed, winner", "ricalcolata, vince"),
        match_winner(lang, &e.recomputed),
        if e.declared.winner == e.recomputed.winner {
            lang.t("MATCH VERDICT UPHELD", "VERDETTO DELLA GARA CONFERMATO")
        } else {
            lang.t("MATCH VERDICT OVERTURNED", "VERDETTO DELLA GARA RIBALTATO")
        }
    )
}

/// What the contest does to the match, as JSON.
pub fn match_effect_json(e: &MatchEffect) -> Value {
    json!({
        "declared_winner": e.declared.winner_name(),
        "recomputed_winner": e.recomputed.winner_name(),
        "reason": e.recomputed.reason.as_str(),
        "changes": e.declared.winner != e.recomputed.winner,
    })
}
