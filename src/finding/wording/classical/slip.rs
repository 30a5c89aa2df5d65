//! A slip of the pen read as the move meant (issue 28 point 4, R32a's classical twin): the
//! hint of an `illegal-move`, `ambiguous-move` or `parse-error` finding says which move the
//! replay went on with, or that none fits and the replay stops there.

use super::bi;
use crate::finding::Finding;
use crate::lang::{Bi, Lang};

/// The most readings a hint lists in each group (the finding proposes them all).
const ALSO: usize = 3;

/// `Cfd2, Ad2, Dd2` and how many more.
fn listed(moves: &[String]) -> (String, usize) {
    let shown = moves.len().min(ALSO);
    (moves[..shown].join(", "), moves.len() - shown)
}

/// `e un'altra`, `e altre 2`.
fn altre(n: usize) -> String {
    if n == 1 {
        "e un'altra".to_string()
    } else {
        format!("e altre {n}")
    }
}

/// The finding `f` on a slip, read as `meant[0]` to go on; `meant[1..near]` fit the text as
/// nearly and the game as well, `meant[near..]` fit the game as well but the text less
/// nearly (a one-edit reading of a move that is ambiguous as written). The finding
/// proposes them all (formats.md §4 `proposed`). `capitals`: the notation's piece
/// letters, when the reading differs from the text only in a letter's case (`cf3`).
pub fn read_as(f: Finding, meant: &[String], near: usize, capitals: Option<&str>) -> Finding {
    let Some(first) = meant.first() else {
        return f;
    };
    let near = near.clamp(1, meant.len());
    let mut en = Vec::new();
    let mut it = Vec::new();
    if near > 1 {
        let (list, more) = listed(&meant[1..near]);
        en.push(match more {
            0 => format!("also possible: {list}"),
            n => format!("also possible: {list} and {n} more"),
        });
        it.push(match more {
            0 => format!("possibile anche: {list}"),
            n => format!("possibile anche: {list} {}", altre(n)),
        });
    }
    if meant.len() > near {
        let (list, more) = listed(&meant[near..]);
        en.push(match more {
            0 => format!("less likely: {list}"),
            n => format!("less likely: {list} and {n} more"),
        });
        it.push(match more {
            0 => format!("meno probabili: {list}"),
            n => format!("meno probabili: {list} {}", altre(n)),
        });
    }
    let also = if en.is_empty() {
        bi("", "")
    } else {
        bi(
            format!(" ({})", en.join("; ")),
            format!(" ({})", it.join("; ")),
        )
    };
    let why = match capitals {
        Some(letters) => bi(
            format!(": piece letters are capitals ({letters}), a small letter is a file"),
            format!(
                ": le lettere dei pezzi sono maiuscole ({letters}), una minuscola è una colonna"
            ),
        ),
        None => bi("", ""),
    };
    let hint = bi(
        format!("read as {first} to go on{}{}", also.en, why.en),
        format!("letta come {first} per proseguire{}{}", also.it, why.it),
    );
    f.hinted(hint).proposing(meant.to_vec())
}

/// `missing-move` (R32a's classical twin): `mover`'s move `number` is not on the sheet
/// (`3.Ac4 4.d3 d6`: Black's third move), and the game goes on with `meant[0]`, the
/// others fitting as well.
pub fn missing_move(mover: shakmaty::Color, number: u32, meant: &[String]) -> Finding {
    let (en, it) = match mover {
        shakmaty::Color::White => ("White", "del Bianco"),
        shakmaty::Color::Black => ("Black", "del Nero"),
    };
    let f = super::said(
        crate::finding::Code::MissingMove,
        format!("{en}'s move {number} is missing from the sheet"),
        format!("la mossa {number} {it} manca dal formulario"),
    )
    .labelled(bi("a move is missing here", "qui manca una mossa"))
    .rule("FIDE 8.1");
    read_as(f, meant, meant.len(), None)
}

/// A whole row missing from the sheet (issue 28): White's and Black's move `number`,
/// `meant` the pairs that fit (`11.c4 c6`), the one taken first.
pub fn missing_pair(number: u32, meant: &[String]) -> Finding {
    let f = super::said(
        crate::finding::Code::MissingMove,
        format!("White's and Black's moves {number} are missing from the sheet"),
        format!("le mosse {number} del Bianco e del Nero mancano dal formulario"),
    )
    .labelled(bi("two moves are missing here", "qui mancano due mosse"))
    .rule("FIDE 8.1");
    read_as(f, meant, meant.len(), None)
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
