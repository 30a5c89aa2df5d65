//! How the slips of R32a are said: one slip, one finding (`missing-move`,
//! `misplaced-move`), and the totals they would give.

use crate::finding::{Code, Finding};
use crate::geometry::Army;
use crate::lang::Bi;

/// The most moves a missing move's message names (R32a).
const LISTED: usize = 12;

/// `missing-move` (R32a): `army`'s move `number` is missing from its sheet; `fits` are
/// the moves with which the rest replays furthest (the first is read to go on);
/// `bounded` when the search spent its budget.
pub fn missing_move(army: Army, number: u32, fits: &[String], bounded: bool) -> Finding {
    let what: Bi = match fits {
        [] => Bi::new(
            format!("no move of {army} lets the game go on"),
            format!("nessuna mossa di {army} fa proseguire la partita"),
        ),
        [one] => Bi::new(
            format!("the move that fits is {one}"),
            format!("la mossa compatibile è {one}"),
        ),
        many => {
            // At most LISTED named; the finding's `proposed` keeps them all.
            let shown = many[..many.len().min(LISTED)].join(", ");
            let more = many.len().saturating_sub(LISTED);
            let (en, it) = match more {
                0 => (String::new(), String::new()),
                n => (format!(" and {n} more"), format!(" e altre {n}")),
            };
            Bi::new(
                format!("the moves that fit are {shown}{en} (the first is read to go on)"),
                format!("le mosse compatibili sono {shown}{it} (si prosegue con la prima)"),
            )
        }
    };
    let bound: Bi<&str> = if bounded {
        Bi::new(
            " (the search stopped at its limit of plies replayed: the best found so far)",
            " (la ricerca si è fermata al suo limite di semimosse rigiocate: le migliori trovate finora)",
        )
    } else {
        Bi::new("", "")
    };
    Finding::said(
        Code::MissingMove,
        Bi::new(
            format!(
                "{army}'s move {number} is missing from its sheet: {}{}",
                what.en, bound.en
            ),
            format!(
                "sul foglio di {army} manca la mossa {number}: {}{}",
                what.it, bound.it
            ),
        ),
    )
    .labelled(Bi::new(
        format!("{army} {number} is missing"),
        format!("manca {army} {number}"),
    ))
    .rule("R32a")
}

/// `misplaced-move` (R32a): the line written on `sheet`'s sheet is `army`'s move
/// `number`, and is read there.
pub fn misplaced_move(sheet: Army, army: Army, number: u32) -> Finding {
    Finding::said(
        Code::MisplacedMove,
        Bi::new(
            format!("this line on {sheet}'s sheet is {army}'s move {number}, and is read as such"),
            format!(
                "questa riga sul foglio di {sheet} è la mossa {number} di {army}, ed è letta così"
            ),
        ),
    )
    .labelled(Bi::new(
        format!("{army}'s move {number}"),
        format!("mossa {number} di {army}"),
    ))
    .rule("R32a")
}

/// Adds to a slip's message what the totals would be with every slip read as proposed
/// (R32a, R37: the scores stay withheld until the judge settles it).
pub fn would_score(mut f: Finding, totals: &[(&str, i32)]) -> Finding {
    let list: Vec<String> = totals.iter().map(|(t, n)| format!("{t} {n}")).collect();
    let list = list.join(", ");
    f.message = format!("{}; read so, the totals would be {list}", f.message);
    if let Some(i) = f.italian.as_deref_mut()
        && let Some(m) = &mut i.message
    {
        *m = format!("{m}; letta così, i totali sarebbero {list}");
    }
    f
}
