//! Findings both variants raise in the same words: the unreadable characters of a sheet
//! filled in by search (formats.md §8). One constructor each; classical and SuperScacchi
//! call the same one.

use crate::finding::{Code, Finding};
use crate::lang::Bi;

/// The most readings a message names.
const LISTED: usize = 12;

/// `Cc3 (replays to ply 40), Ce3 (replays to ply 12)`: each reading and how far the game
/// replays with it, at most twelve of them.
pub fn readings_list(readings: &[(&str, u32)]) -> Bi {
    let one = |f: &dyn Fn(&str, u32) -> String| {
        readings
            .iter()
            .take(LISTED)
            .map(|&(t, p)| f(t, p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut list: Bi = Bi::new(
        one(&|t, p| format!("{t} (replays to ply {p})")),
        one(&|t, p| format!("{t} (si rigioca fino alla semimossa {p})")),
    );
    if readings.len() > LISTED {
        let more = readings.len() - LISTED;
        list.en.push_str(&format!(" and {more} more"));
        list.it.push_str(&format!(" e altre {more}"));
    }
    list
}

/// " (the search was bounded: these are lower bounds)", when it was.
fn bound(bounded: bool) -> Bi<&'static str> {
    if bounded {
        Bi::new(
            " (the search was bounded: these are lower bounds)",
            " (la ricerca era limitata: sono valori minimi)",
        )
    } else {
        Bi::new("", "")
    }
}

/// `filled-unreadable` (formats.md §8): the move `what` (as the sheet has it, with its
/// number) is read as the first of `readings` (best first, each with how far the game
/// replays with it); `bounded` when the search was cut short.
pub fn filled_unreadable(what: &str, readings: &[(&str, u32)], bounded: bool) -> Finding {
    let text = readings.first().map_or("", |r| r.0);
    let why: Bi = match readings {
        [] | [_] => Bi::new(
            "the only legal move that fits".to_string(),
            "l'unica mossa legale compatibile".to_string(),
        ),
        [best, others @ ..] => {
            let (list, b) = (readings_list(others), bound(bounded));
            Bi::new(
                format!(
                    "the game replays furthest with it (to ply {}); the other readings stop sooner: {}{}",
                    best.1, list.en, b.en
                ),
                format!(
                    "con questa la partita si rigioca più a lungo (fino alla semimossa {}); le altre letture si fermano prima: {}{}",
                    best.1, list.it, b.it
                ),
            )
        }
    };
    Finding::said(
        Code::FilledUnreadable,
        Bi::new(
            format!("{what} is read as {text}: {}", why.en),
            format!("{what} è letta come {text}: {}", why.it),
        ),
    )
    .labelled(Bi::new(
        format!("read as {text}"),
        format!("letta come {text}"),
    ))
    .proposing(vec![text.to_string()])
}

/// `unreadable-move` (formats.md §8): several `readings` of `what` fit equally well.
pub fn unreadable_move(what: &str, readings: &[(&str, u32)], bounded: bool) -> Finding {
    let (list, b) = (readings_list(readings), bound(bounded));
    Finding::said(
        Code::UnreadableMove,
        Bi::new(
            format!(
                "{what} cannot be filled in: {} readings fit: {}{}",
                readings.len(),
                list.en,
                b.en
            ),
            format!(
                "{what} non si può completare: si adattano {} letture: {}{}",
                readings.len(),
                list.it,
                b.it
            ),
        ),
    )
    .labelled(Bi::new("several moves fit", "si adattano più mosse"))
    .proposing(readings.iter().map(|r| r.0.to_string()).collect())
}
