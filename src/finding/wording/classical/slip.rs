//! A slip of the pen read as the move meant (issue 28 point 4, R32a's classical twin): the
//! hint of an `illegal-move`, `ambiguous-move` or `parse-error` finding says which move the
//! replay went on with, or that none fits and the replay stops there.

use super::bi;
use crate::finding::Finding;
use crate::lang::{Bi, Lang};

/// The finding `f` on a slip, read as `meant[0]` to go on (`meant[1..]` fit as well); the
/// finding proposes them (formats.md §4 `proposed`).
pub fn read_as(f: Finding, meant: &[String]) -> Finding {
    let Some((first, others)) = meant.split_first() else {
        return f;
    };
    let also = if others.is_empty() {
        bi("", "")
    } else {
        bi(
            format!(" (also possible: {})", others.join(", ")),
            format!(" (possibile anche: {})", others.join(", ")),
        )
    };
    let hint = bi(
        format!("read as {first} to go on{}", also.en),
        format!("letta come {first} per proseguire{}", also.it),
    );
    f.hinted(hint).proposing(meant.to_vec())
}

/// The finding `f` on a slip no move fits: the replay stops here (`limit`: the search for
/// the move meant reached its bound in this game).
pub fn no_reading(f: Finding, limit: bool) -> Finding {
    let said = if limit {
        bi(
            "the search for the move meant reached its limit in this game: the replay stops here",
            "la ricerca della mossa voluta ha raggiunto il suo limite in questa partita: la verifica si ferma qui",
        )
    } else {
        bi(
            "no legal move fits the text with one slip: the replay stops here",
            "nessuna mossa legale corrisponde al testo con una sola svista: la verifica si ferma qui",
        )
    };
    let hint = Bi::new(
        joined(f.hint_in(Lang::En), &said.en),
        joined(f.hint_in(Lang::It), &said.it),
    );
    f.hinted(hint)
}

/// `before; after`, or `after` alone.
fn joined(before: Option<&str>, after: &str) -> String {
    match before {
        Some(b) => format!("{b}; {after}"),
        None => after.to_string(),
    }
}
