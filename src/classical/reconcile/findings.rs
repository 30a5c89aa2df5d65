//! The findings on a reconciliation: where the sheets differ, a gap, a smudge read, a
//! tie, different games, the tags (formats.md §8).

use super::{Agreement, AlignedPly, Reconciliation, Sheet, SheetFinding, SheetLetter, Why};
use crate::classical::fill::is_pattern;
use crate::classical::slip::edits_to;
use crate::finding::Finding;
use crate::finding::wording::classical::reconcile::{self as wording, Differing, Parting};
use crate::notation::classical::{RawGame, TAG_NAMES};
use crate::notation::san::Notation;
use crate::span::Span;
use shakmaty::{Chess, Color, Move, Position};

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
    let mut out: Vec<SheetFinding> = [(SheetLetter::A, a), (SheetLetter::B, b)]
        .into_iter()
        .filter(|(_, s)| s.jolly)
        .map(|(side, _)| SheetFinding {
            side: Some(side),
            finding: wording::sheet_plays_jolly(side.name()),
        })
        .collect();
    if rec.outcome == Agreement::DifferentGames {
        out.push(SheetFinding {
            side: None,
            finding: different_games(a, b, rec),
        });
        return out;
    }
    let mut ended_noted = false;
    // The rows of a run of moves one sheet skips, said once at its first row.
    let mut skipped_run = 0;
    for (k, r) in rec.rows.iter().enumerate() {
        let span = |side: SheetLetter| word_span(a, b, rec, side, r.ply);
        if let Some((side, f)) = read_smudge(r, &rec.start, a.notation) {
            let f = place(f, r.ply, &rec.start, span(side));
            out.push(SheetFinding {
                side: Some(side),
                finding: f,
            });
        }
        if matches!(r.why, Why::Ended(_) | Why::ReadOn(_)) {
            if let Why::ReadOn(side) = r.why
                && let Some(f) = read_on(r, &rec.start, (a, b), side)
            {
                out.push(SheetFinding {
                    side: Some(side),
                    finding: place(f, r.ply, &rec.start, span(side)),
                });
            }
            if ended_noted {
                continue;
            }
            ended_noted = true;
        }
        if let Why::Skipped(side) = r.why {
            if skipped_run > 0 {
                skipped_run -= 1;
                continue;
            }
            let run = skipped_run_at(&rec.rows[k..], side);
            skipped_run = run.len() - 1;
            let f = skipped(run, &rec.start, a.notation, side).rule("FIDE 8.1");
            out.push(SheetFinding {
                side: Some(side),
                finding: place(f, r.ply, &rec.start, span(side)),
            });
            continue;
        }
        if r.why == Why::BothSlip {
            // The move taken at this ply (rows and moves come from the same steps).
            let Some(&mv) = (r.ply as usize)
                .checked_sub(1)
                .and_then(|i| rec.moves.get(i))
            else {
                continue;
            };
            for side in [SheetLetter::A, SheetLetter::B] {
                let f = both_slipped(r, mv, &rec.start, (a, b), side);
                out.push(SheetFinding {
                    side: Some(side),
                    finding: place(f, r.ply, &rec.start, span(side)),
                });
            }
            continue;
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
    if rec.outcome == Agreement::Ambiguous {
        out.push(tie(a, b, rec));
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
    let (first_a, first_b) = (a.words.first(), b.words.first());
    wording::different_games(
        agreed,
        both,
        first_a.map(|w| w.text),
        first_b.map(|w| w.text),
    )
}

/// Where a sheet's move for `ply` stands in its file, when the sheet has one there.
pub(super) fn word_span(
    a: &Sheet<'_>,
    b: &Sheet<'_>,
    rec: &Reconciliation,
    side: SheetLetter,
    ply: u32,
) -> Option<Span> {
    let row = rec.rows.get(ply as usize - 1)?;
    let (i, j) = index_of(rec, ply);
    match side {
        SheetLetter::A => row.a.as_ref().and(a.words.get(i)).map(|w| w.span),
        SheetLetter::B => row.b.as_ref().and(b.words.get(j)).map(|w| w.span),
    }
}

/// A `filled-unreadable` finding when the move taken at a row was read from a smudge: from
/// the other sheet when they agree, else by how far the game replays.
pub(super) fn read_smudge(
    r: &AlignedPly,
    start: &Chess,
    notation: Notation,
) -> Option<(SheetLetter, Finding)> {
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let from = match r.why {
        Why::Agree => return filled(r, &at, &taken),
        Why::OnlyLegal(s)
        | Why::Ambiguous(s)
        | Why::Slip(s)
        | Why::LaterMoves(s)
        | Why::Tied(s)
        | Why::Skipped(s)
        | Why::Ended(s)
        | Why::ReadOn(s) => s,
        Why::BothSlip => return None,
    };
    let word = if from == SheetLetter::A { &r.a } else { &r.b };
    let w = word.as_deref().filter(|w| is_pattern(w))?;
    let f = wording::smudge_read_furthest(from.name(), w, &at, &taken);
    Some((from, f))
}

/// The finding on a row where the sheets differ (`sheets-differ`, `sheet-gap`), on the sheet
/// whose word it points at.
pub(super) fn difference(
    r: &AlignedPly,
    start: &Chess,
    notation: Notation,
) -> Option<(SheetLetter, Finding)> {
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let wa = r.a.as_deref().unwrap_or("-");
    let wb = r.b.as_deref().unwrap_or("-");
    let found = match r.why {
        Why::Agree | Why::Tied(_) | Why::BothSlip => return None,
        Why::OnlyLegal(side) | Why::Ambiguous(side) | Why::Slip(side) | Why::LaterMoves(side) => {
            let d = Differing {
                at: &at,
                a: wa,
                b: wb,
                taken: &taken,
            };
            (side.other(), sheets_differ(r, side, d, notation))
        }
        Why::Skipped(side) | Why::Ended(side) | Why::ReadOn(side) => {
            (side, sheet_gap(r, side, &at))
        }
    };
    Some(found)
}

/// The `sheets-differ` finding where the two sheets give two moves and one decides: the
/// only legal one (an info; the other sheet's move ambiguous or a slip, said so), or the
/// one the later moves go on with (a warning).
pub(super) fn sheets_differ(
    r: &AlignedPly,
    side: SheetLetter,
    d: Differing<'_>,
    notation: Notation,
) -> Finding {
    let other = side.other().name();
    match r.why {
        Why::OnlyLegal(_) => wording::only_one_legal(d, side.name()),
        Why::Ambiguous(_) => {
            wording::ambiguous_on_sheet(d, other, side.name(), &r.could_be_texts(notation))
        }
        Why::Slip(_) => wording::slip_on_sheet(d, other, side.name()),
        _ => wording::later_moves_decide(
            d,
            side.name(),
            side.other().name(),
            r.other_reach.unwrap_or(r.ply),
        ),
    }
}

/// The `sheet-gap` finding where one sheet goes on after the other stops (FIDE 8.4).
pub(super) fn sheet_gap(r: &AlignedPly, side: SheetLetter, at: &str) -> Finding {
    match r.why {
        Why::Skipped(_) => wording::sheet_skips(side.other().name(), side.name(), at, 1),
        _ => wording::sheet_stops(side.other().name(), side.name(), at),
    }
}

/// The finding on a move read on where the other sheet has ended (`ambiguous-move` or
/// `illegal-move`, an error proposing the move read, as `verify` says a slip read on).
fn read_on(
    r: &AlignedPly,
    start: &Chess,
    (a, b): (&Sheet<'_>, &Sheet<'_>),
    side: SheetLetter,
) -> Option<Finding> {
    let (word, notation) = match side {
        SheetLetter::A => (r.a.as_deref()?, a.notation),
        SheetLetter::B => (r.b.as_deref()?, b.notation),
    };
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let could_be = r.could_be_texts(notation);
    let said = wording::ReadOn {
        sheet: side.name(),
        stopped: side.other().name(),
        word,
        at: &at,
        taken: &taken,
    };
    Some(wording::read_on_alone(said, &could_be))
}

/// The finding on sheet `side`'s word where neither sheet's word is legal and both fit the
/// move taken, `mv` (`illegal-move`, or `ambiguous-move` where the word fits several moves as
/// written: an error proposing the move read, as `verify` says a slip read on).
fn both_slipped(
    r: &AlignedPly,
    mv: Move,
    start: &Chess,
    (a, b): (&Sheet<'_>, &Sheet<'_>),
    side: SheetLetter,
) -> Finding {
    let (word, notation) = match side {
        SheetLetter::A => (r.a.as_deref().unwrap_or("-"), a.notation),
        SheetLetter::B => (r.b.as_deref().unwrap_or("-"), b.notation),
    };
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let said = wording::BothSlipped {
        sheet: side.name(),
        word,
        other: side.other().name(),
        other_word: match side {
            SheetLetter::A => r.b.as_deref().unwrap_or("-"),
            SheetLetter::B => r.a.as_deref().unwrap_or("-"),
        },
        at: &at,
        taken: &taken,
    };
    let could_be = r.could_be_texts(notation);
    wording::both_slipped(said, &could_be, edits_to(word, mv, notation) == 0)
}

/// The rows from the first of `rows` on that the other sheet skips, all taken from `side`.
fn skipped_run_at(rows: &[AlignedPly], side: SheetLetter) -> &[AlignedPly] {
    let n = rows
        .iter()
        .take_while(|r| r.why == Why::Skipped(side))
        .count();
    &rows[..n.max(1)]
}

/// The `sheet-gap` finding on moves the other sheet skips, one or several in a row
/// (`4.0-0`, `4.0-0 Cce7`), all on sheet `side` (FIDE 8.1: every move is written).
fn skipped(run: &[AlignedPly], start: &Chess, notation: Notation, side: SheetLetter) -> Finding {
    let moves: Vec<String> = run
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let text = r.taken_text(notation);
            if k == 0 || mover(r.ply, start).0 == Color::White {
                label(r.ply, start, &text)
            } else {
                text
            }
        })
        .collect();
    wording::sheet_skips(
        side.other().name(),
        side.name(),
        &moves.join(" "),
        run.len(),
    )
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
        Some(w) => (SheetLetter::A, w),
        None => (SheetLetter::B, &b.words[ub]),
    };
    let at = label(ply, &rec.start, "?");
    let at = at.trim_end_matches('?');
    let f = wording::neither_legal(at, wa, wb, ply - 1);
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
pub(super) fn filled(r: &AlignedPly, at: &str, taken: &str) -> Option<(SheetLetter, Finding)> {
    let (side, word) = match (&r.a, &r.b) {
        // Issue 25: a `_` on both sheets is read by how far the game replays.
        (Some(x), Some(y)) if is_pattern(x) && is_pattern(y) => {
            let f = wording::smudge_on_both(x, y, at, taken);
            return Some((SheetLetter::A, f));
        }
        (Some(x), _) if is_pattern(x) => (SheetLetter::A, x),
        (_, Some(y)) if is_pattern(y) => (SheetLetter::B, y),
        _ => return None,
    };
    let f = wording::smudge_read_from_other(side.name(), side.other().name(), word, at);
    Some((side, f))
}

/// The `ambiguous-reconciliation` finding of two readings as good, placed where they part:
/// on sheet B's word there (the sheet that carries what concerns both sheets, as the
/// result's tie does), or A's where B has none; with no parting ply, on no sheet.
fn tie(a: &Sheet<'_>, b: &Sheet<'_>, rec: &Reconciliation) -> SheetFinding {
    let f = ambiguous(rec, a.notation);
    let parting = rec
        .rows
        .iter()
        .zip(&rec.alternative)
        .find(|(x, y)| x.taken != y.taken)
        .map(|(x, _)| x.ply);
    let Some(ply) = parting else {
        return SheetFinding {
            side: None,
            finding: f,
        };
    };
    let on = [SheetLetter::B, SheetLetter::A]
        .into_iter()
        .find_map(|side| word_span(a, b, rec, side, ply).map(|s| (side, s)));
    SheetFinding {
        side: on.map(|(side, _)| side),
        finding: place(f, ply, &rec.start, on.map(|(_, s)| s)),
    }
}

/// The `ambiguous-reconciliation` finding: both ways, with how far each goes.
pub(super) fn ambiguous(rec: &Reconciliation, notation: Notation) -> Finding {
    let first = rec
        .rows
        .iter()
        .zip(&rec.alternative)
        .find(|(x, y)| x.taken != y.taken);
    let from = |r: &AlignedPly| match r.why {
        Why::Tied(s)
        | Why::LaterMoves(s)
        | Why::OnlyLegal(s)
        | Why::Ambiguous(s)
        | Why::Slip(s) => Some(s.name()),
        _ => None,
    };
    let labels = first.map(|(x, y)| {
        (
            label(x.ply, &rec.start, &x.taken_text(notation)),
            label(y.ply, &rec.start, &y.taken_text(notation)),
        )
    });
    let parting = first
        .zip(labels.as_ref())
        .map(|((x, y), (lx, ly))| Parting {
            ply: x.ply,
            one: lx,
            one_from: from(x),
            other: ly,
            other_from: from(y),
        });
    wording::ambiguous_reconciliation(rec.rows.len(), rec.alternative.len(), parting)
}

/// A tag's PGN name (`Risultato` → `Result`).
fn canonical(name: &str) -> String {
    TAG_NAMES
        .iter()
        .find(|(it, en)| name.eq_ignore_ascii_case(it) || name.eq_ignore_ascii_case(en))
        .map_or(name.to_string(), |(_, en)| (*en).to_string())
}

/// The tags the two sheets give differently, as `sheets-differ` warnings (on sheet B). The
/// result is not among them: [`super::result_finding`] says what becomes of it.
pub fn tag_differences(a: &RawGame<'_>, b: &RawGame<'_>) -> Vec<SheetFinding> {
    let mut out = Vec::new();
    for t in &b.tags {
        let name = canonical(t.tag.name);
        if name == "Result" {
            continue;
        }
        let other = a
            .tags
            .iter()
            .find(|u| canonical(u.tag.name) == name)
            .map(|u| &*u.tag.value);
        if let Some(v) = other
            && v.trim() != t.tag.value.trim()
        {
            out.push(SheetFinding {
                side: Some(SheetLetter::B),
                finding: wording::tag_differs(&name, t.tag.name, v, &t.tag.value).at(t.span),
            });
        }
    }
    out
}

/// Where a sheet declares its result: its `Result`/`Risultato` tag, else the result ending
/// its moves.
pub(super) fn result_span(raw: &RawGame<'_>) -> Option<Span> {
    raw.tags
        .iter()
        .find(|t| canonical(t.tag.name) == "Result")
        .map(|t| t.span)
        .or_else(|| raw.terminator().map(|(_, span)| span))
}
