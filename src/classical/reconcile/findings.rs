//! The findings on a reconciliation: where the sheets differ, a gap, a smudge read, a
//! tie, different games, the tags (formats.md §8).

use super::{Outcome, Reconciliation, Row, Sheet, SheetFinding, Side, Why};
use crate::classical::fill::is_pattern;
use crate::finding::{Code, Finding, Severity};
use crate::notation::classical::{RawGame, TAG_NAMES};
use crate::notation::san::Notation;
use crate::span::Span;
use shakmaty::{Chess, Color, Position};

pub(super) fn mover(ply: u32, start: &Chess) -> (Color, u32) {
    let white_first = start.turn() == Color::White;
    let first = start.fullmoves().get();
    let k = ply - 1 + u32::from(!white_first);
    let color = if k.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    (color, first + k / 2)
}

/// `3.Cf3` or `3...Cf6` for ply `ply` of a game from `start`.
pub(super) fn label(ply: u32, start: &Chess, text: &str) -> String {
    let (color, n) = mover(ply, start);
    if color == Color::White {
        format!("{n}.{text}")
    } else {
        format!("{n}...{text}")
    }
}

pub(super) fn place(f: Finding, ply: u32, start: &Chess, span: Option<Span>) -> Finding {
    let (color, n) = mover(ply, start);
    let f = f.on_sheet(color, n, ply);
    match span {
        Some(s) => f.at(s),
        None => f,
    }
}

/// The findings on a reconciliation, in ply order.
pub(super) fn findings(a: &Sheet<'_>, b: &Sheet<'_>, rec: &Reconciliation) -> Vec<SheetFinding> {
    let mut out: Vec<SheetFinding> = [(Side::A, a), (Side::B, b)]
        .into_iter()
        .filter(|(_, s)| s.jolly)
        .map(|(side, _)| SheetFinding {
            side: Some(side),
            finding: Finding::new(
                Code::SheetsDiffer,
                format!(
                    "sheet {} plays a jolly: reconcile compares the moves as written, jolly left out",
                    side.name()
                ),
            )
            .it(format!(
                "il formulario {} gioca un jolly: reconcile confronta le mosse come sono scritte, senza il jolly",
                side.name()
            )),
        })
        .collect();
    if rec.outcome == Outcome::DifferentGames {
        out.push(SheetFinding {
            side: None,
            finding: different_games(a, b, rec),
        });
        return out;
    }
    let mut ended_noted = false;
    for r in &rec.rows {
        let span = |side: Side| word_span(a, b, rec, side, r.ply);
        if let Some((side, f)) = read_smudge(r, &rec.start, a.notation) {
            let f = place(f, r.ply, &rec.start, span(side));
            out.push(SheetFinding {
                side: Some(side),
                finding: f,
            });
        }
        if matches!(r.why, Why::Ended(_)) {
            if ended_noted {
                continue;
            }
            ended_noted = true;
        }
        if let Some((side, f)) = difference(r, &rec.start, a.notation) {
            let f = if f.rule.is_none() {
                f.rule("FIDE 8.1")
            } else {
                f
            };
            out.push(SheetFinding {
                side: Some(side),
                finding: place(f, r.ply, &rec.start, span(side)),
            });
        }
    }
    if rec.outcome == Outcome::Ambiguous {
        out.push(SheetFinding {
            side: None,
            finding: ambiguous(rec, a.notation),
        });
    }
    out.extend(stop(a, b, rec));
    out
}

/// The `different-games` finding.
pub(super) fn different_games(a: &Sheet<'_>, b: &Sheet<'_>, rec: &Reconciliation) -> Finding {
    let agreed = rec.rows.iter().filter(|r| r.why == Why::Agree).count();
    let both = rec
        .rows
        .iter()
        .filter(|r| r.a.is_some() && r.b.is_some())
        .count();
    fn first<'a>(s: &Sheet<'a>, none: &'a str) -> &'a str {
        s.words.first().map_or(none, |w| w.text)
    }
    Finding::new(
        Code::DifferentGames,
        format!(
            "the two sheets do not record the same game: they agree on {agreed} of {both} moves (A begins {}, B begins {})",
            first(a, "nothing"),
            first(b, "nothing")
        ),
    )
    .it(format!(
        "i due formulari non registrano la stessa partita: concordano su {agreed} mosse su {both} (A comincia con {}, B con {})",
        first(a, "niente"),
        first(b, "niente")
    ))
    .rule("FIDE 8.1")
    .hint2(
        "check that both sheets are of the same game and round",
        "controlla che i due formulari siano della stessa partita e dello stesso turno",
    )
}

/// Where a sheet's move for `ply` stands in its file, when the sheet has one there.
pub(super) fn word_span(
    a: &Sheet<'_>,
    b: &Sheet<'_>,
    rec: &Reconciliation,
    side: Side,
    ply: u32,
) -> Option<Span> {
    let row = rec.rows.get(ply as usize - 1)?;
    let (i, j) = index_of(rec, ply);
    match side {
        Side::A => row.a.as_ref().and(a.words.get(i)).map(|w| w.span),
        Side::B => row.b.as_ref().and(b.words.get(j)).map(|w| w.span),
    }
}

/// A `filled-unreadable` finding when the move taken at a row was read from a smudge: from
/// the other sheet when they agree, else by how far the game replays.
pub(super) fn read_smudge(r: &Row, start: &Chess, notation: Notation) -> Option<(Side, Finding)> {
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let from = match r.why {
        Why::Agree => return filled(r, &at),
        Why::OnlyLegal(s) | Why::LaterMoves(s) | Why::Tied(s) | Why::Skipped(s) | Why::Ended(s) => {
            s
        }
    };
    let word = if from == Side::A { &r.a } else { &r.b };
    let w = word.as_deref().filter(|w| is_pattern(w))?;
    let f = Finding::new(
        Code::FilledUnreadable,
        format!(
            "sheet {}'s {w} is read as {at}: the reading with which the game replays furthest",
            from.name()
        ),
    )
    .it(format!(
        "{w} del formulario {} è letta come {at}: la lettura con cui la partita si rigioca più a lungo",
        from.name()
    ))
    .label2(format!("read as {taken}"), format!("letta come {taken}"))
    .rule("FIDE 8.1");
    Some((from, f))
}

/// The finding on a row where the sheets differ (`sheets-differ`, `sheet-gap`), on the sheet
/// whose word it points at.
pub(super) fn difference(r: &Row, start: &Chess, notation: Notation) -> Option<(Side, Finding)> {
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let wa = r.a.as_deref().unwrap_or("-");
    let wb = r.b.as_deref().unwrap_or("-");
    let found = match r.why {
        Why::Agree | Why::Tied(_) => return None,
        Why::OnlyLegal(side) | Why::LaterMoves(side) => {
            (side.other(), sheets_differ(r, side, &at, (wa, wb), &taken))
        }
        Why::Skipped(side) | Why::Ended(side) => (side, sheet_gap(r, side, &at)),
    };
    Some(found)
}

/// The `sheets-differ` finding where the two sheets give two moves and one decides: the
/// only legal one (an info), or the one the later moves go on with (a warning).
pub(super) fn sheets_differ(
    r: &Row,
    side: Side,
    at: &str,
    (wa, wb): (&str, &str),
    taken: &str,
) -> Finding {
    match r.why {
        Why::OnlyLegal(_) => Finding::new(
            Code::SheetsDiffer,
            format!(
                "at {at} the sheets differ (A: {wa}, B: {wb}); only sheet {}'s move is legal",
                side.name()
            ),
        )
        .it(format!(
            "a {at} i formulari differiscono (A: {wa}, B: {wb}); è legale solo la mossa del formulario {}",
            side.name()
        ))
        .with_severity(Severity::Info)
        .label2(
            format!("sheet {} says {taken}", side.name()),
            format!("il formulario {} dice {taken}", side.name()),
        ),
        _ => Finding::new(
            Code::SheetsDiffer,
            format!(
                "at {at} the sheets differ (A: {wa}, B: {wb}) and both moves are legal; the later moves decide for sheet {}: with sheet {}'s the moves that follow stop being legal after ply {}",
                side.name(),
                side.other().name(),
                r.other_reach.unwrap_or(r.ply)
            ),
        )
        .it(format!(
            "a {at} i formulari differiscono (A: {wa}, B: {wb}) e le due mosse sono legali; decidono le mosse successive, per il formulario {}: con quella del formulario {} le mosse che seguono smettono di essere legali dopo la semimossa {}",
            side.name(),
            side.other().name(),
            r.other_reach.unwrap_or(r.ply)
        ))
        .label2(
            format!("sheet {} says {taken}", side.name()),
            format!("il formulario {} dice {taken}", side.name()),
        ),
    }
}

/// The `sheet-gap` finding where one sheet has a move the other skipped, or goes on after
/// the other stops (FIDE 8.4).
pub(super) fn sheet_gap(r: &Row, side: Side, at: &str) -> Finding {
    match r.why {
        Why::Skipped(_) => Finding::new(
            Code::SheetGap,
            format!(
                "sheet {} skips {at}, which sheet {} has; its later moves stand one ply on",
                side.other().name(),
                side.name()
            ),
        )
        .it(format!(
            "il formulario {} salta {at}, che il formulario {} riporta; le sue mosse successive sono spostate di una semimossa",
            side.other().name(),
            side.name()
        ))
        .label2(
            format!("missing on sheet {}", side.other().name()),
            format!("manca sul formulario {}", side.other().name()),
        ),
        _ => Finding::new(
            Code::SheetGap,
            format!(
                "sheet {} stops before {at}; from there on the moves are sheet {}'s alone (FIDE 8.4: in the last minutes a player need not write)",
                side.other().name(),
                side.name()
            ),
        )
        .it(format!(
            "il formulario {} si ferma prima di {at}; da lì in poi le mosse sono solo del formulario {} (FIDE 8.4: negli ultimi minuti un giocatore può non scrivere)",
            side.other().name(),
            side.name()
        ))
        .rule("FIDE 8.4")
        .label2(
            format!("sheet {} goes on", side.name()),
            format!("il formulario {} prosegue", side.name()),
        ),
    }
}

/// The `illegal-move` finding where neither sheet has a legal move and moves are left.
pub(super) fn stop(a: &Sheet<'_>, b: &Sheet<'_>, rec: &Reconciliation) -> Option<SheetFinding> {
    let (ua, ub) = rec.used;
    if ua >= a.words.len() && ub >= b.words.len() {
        return None;
    }
    let ply = rec.rows.len() as u32 + 1;
    let wa = a.words.get(ua).map_or("-", |w| w.text);
    let wb = b.words.get(ub).map_or("-", |w| w.text);
    let (side, word) = match a.words.get(ua) {
        Some(w) => (Side::A, w),
        None => (Side::B, &b.words[ub]),
    };
    let at = label(ply, &rec.start, "?");
    let at = at.trim_end_matches('?');
    let f = Finding::new(
        Code::IllegalMove,
        format!(
            "at {at} neither sheet has a legal move (A: {wa}, B: {wb}); the game stops after ply {}",
            ply - 1
        ),
    )
    .it(format!(
        "a {at} nessuno dei due formulari ha una mossa legale (A: {wa}, B: {wb}); la partita si ferma dopo la semimossa {}",
        ply - 1
    ))
    .label2("not legal here", "qui non è legale")
    .rule("FIDE 3");
    Some(SheetFinding {
        side: Some(side),
        finding: place(f, ply, &rec.start, Some(word.span)),
    })
}

/// The indices of the words the step at `ply` used.
pub(super) fn index_of(rec: &Reconciliation, ply: u32) -> (usize, usize) {
    // Rows are built from the path in order; recount the words used before `ply`.
    let (mut i, mut j) = (0, 0);
    for r in rec.rows.iter().take(ply as usize - 1) {
        i += usize::from(r.a.is_some());
        j += usize::from(r.b.is_some());
    }
    (i, j)
}

/// A `filled-unreadable` finding when a pattern on one sheet was read as the other's move.
pub(super) fn filled(r: &Row, at: &str) -> Option<(Side, Finding)> {
    let (side, word) = match (&r.a, &r.b) {
        (Some(x), _) if is_pattern(x) => (Side::A, x),
        (_, Some(y)) if is_pattern(y) => (Side::B, y),
        _ => return None,
    };
    let f = Finding::new(
        Code::FilledUnreadable,
        format!(
            "sheet {}'s {word} is read as {at}, as sheet {} has it",
            side.name(),
            side.other().name()
        ),
    )
    .it(format!(
        "{word} del formulario {} è letta come {at}, come la riporta il formulario {}",
        side.name(),
        side.other().name()
    ))
    .label2("read from the other sheet", "letta dall'altro formulario");
    Some((side, f))
}

/// The `ambiguous-reconciliation` finding: both ways, with how far each goes.
pub(super) fn ambiguous(rec: &Reconciliation, notation: Notation) -> Finding {
    let first = rec
        .rows
        .iter()
        .zip(&rec.alternative)
        .find(|(x, y)| x.taken != y.taken);
    let from = |r: &Row, sheet: &str| match r.why {
        Why::Tied(s) | Why::LaterMoves(s) | Why::OnlyLegal(s) => {
            format!(" ({sheet} {})", s.name())
        }
        _ => String::new(),
    };
    let (detail, detail_it) = match first {
        Some((x, y)) => {
            let (lx, ly) = (
                label(x.ply, &rec.start, &x.taken_text(notation)),
                label(y.ply, &rec.start, &y.taken_text(notation)),
            );
            (
                format!(
                    "at ply {} one reading plays {lx}{}, the other {ly}{}",
                    x.ply,
                    from(x, "sheet"),
                    from(y, "sheet")
                ),
                format!(
                    "alla semimossa {} una lettura gioca {lx}{}, l'altra {ly}{}",
                    x.ply,
                    from(x, "formulario"),
                    from(y, "formulario")
                ),
            )
        }
        None => (
            "the two readings differ in length".to_string(),
            "le due letture hanno lunghezze diverse".to_string(),
        ),
    };
    Finding::new(
        Code::AmbiguousReconciliation,
        format!(
            "two readings of the sheets replay equally far (one to ply {}, the other to ply {}) with as many differences: {detail}",
            rec.rows.len(),
            rec.alternative.len()
        ),
    )
    .it(format!(
        "due letture dei formulari si rigiocano fino allo stesso punto (una fino alla semimossa {}, l'altra fino alla {}) con altrettante differenze: {detail_it}",
        rec.rows.len(),
        rec.alternative.len()
    ))
    .rule("FIDE 8.1")
    .hint2(
        "ask the players, or look for a third record (the clock's move counter, a spectator's sheet)",
        "chiedi ai giocatori, o cerca una terza registrazione (il contamosse dell'orologio, il formulario di uno spettatore)",
    )
}

/// The tags the two sheets give differently, as `sheets-differ` warnings (on sheet B).
pub fn tag_differences(a: &RawGame<'_>, b: &RawGame<'_>) -> Vec<SheetFinding> {
    let canonical = |name: &str| -> String {
        TAG_NAMES
            .iter()
            .find(|(it, en)| name.eq_ignore_ascii_case(it) || name.eq_ignore_ascii_case(en))
            .map_or(name.to_string(), |(_, en)| (*en).to_string())
    };
    let mut out = Vec::new();
    for t in &b.tags {
        let name = canonical(t.tag.name);
        let other = a
            .tags
            .iter()
            .find(|u| canonical(u.tag.name) == name)
            .map(|u| &*u.tag.value);
        if let Some(v) = other
            && v.trim() != t.tag.value.trim()
        {
            out.push(SheetFinding {
                side: Some(Side::B),
                finding: Finding::new(
                    Code::SheetsDiffer,
                    format!(
                        "the tag {name} differs: sheet A \"{v}\", sheet B \"{}\"",
                        t.tag.value
                    ),
                )
                // In Italian, the tag as the sheet names it (`Evento`, `Nero`).
                .it(format!(
                    "il tag {} è diverso: formulario A \"{v}\", formulario B \"{}\"",
                    t.tag.name, t.tag.value
                ))
                .at(t.span)
                .label2("differs from sheet A", "diverso dal formulario A"),
            });
        }
    }
    if let (Some(x), Some(y)) = (a.declared_result(), b.declared_result())
        && x != y
        && !out.iter().any(|f| f.finding.message.contains("tag Result"))
    {
        out.push(SheetFinding {
            side: None,
            finding: Finding::new(
                Code::SheetsDiffer,
                format!(
                    "the sheets declare different results: A {}, B {}",
                    x.as_str(),
                    y.as_str()
                ),
            )
            .it(format!(
                "i formulari dichiarano risultati diversi: A {}, B {}",
                x.as_str(),
                y.as_str()
            )),
        });
    }
    out
}
