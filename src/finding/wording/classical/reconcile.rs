//! How the findings on two sheets of one classical game are said (`formats.md` §8,
//! FIDE 8.1, 8.4). Sheets are named by their letter (`A`, `B`); moves are passed as the
//! sheets write them and as the game labels them (`3.Cf3`).

use super::bi;
use crate::finding::{Code, Finding, Severity};
use crate::lang::Bi;

/// `sheets-differ`: sheet `sheet` plays a jolly, left out of the comparison.
pub fn sheet_plays_jolly(sheet: &str) -> Finding {
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!(
                "sheet {sheet} plays a jolly: reconcile compares the moves as written, jolly left out"
            ),
            format!(
                "il formulario {sheet} gioca un jolly: reconcile confronta le mosse come sono scritte, senza il jolly"
            ),
        ),
    )
}

/// `different-games`: the sheets agree on `agreed` of the `both` plies where both give a
/// move; each sheet's first move, if any (FIDE 8.1).
pub fn different_games(agreed: usize, both: usize, a: Option<&str>, b: Option<&str>) -> Finding {
    let (a_en, b_en) = (a.unwrap_or("nothing"), b.unwrap_or("nothing"));
    let (a_it, b_it) = (a.unwrap_or("niente"), b.unwrap_or("niente"));
    Finding::said(
        Code::DifferentGames,
        bi(
            format!(
                "the two sheets do not record the same game: they agree on {agreed} of {both} moves (A begins {a_en}, B begins {b_en})"
            ),
            format!(
                "i due formulari non registrano la stessa partita: concordano su {agreed} mosse su {both} (A comincia con {a_it}, B con {b_it})"
            ),
        ),
    )
    .rule("FIDE 8.1")
    .hinted(bi(
        "check that both sheets are of the same game and round",
        "controlla che i due formulari siano della stessa partita e dello stesso turno",
    ))
}

/// `filled-unreadable`: sheet `sheet`'s `word` is read as `at` (`3.Cf3`), `taken` the move
/// alone: the reading with which the game replays furthest (FIDE 8.1).
pub fn smudge_read_furthest(sheet: &str, word: &str, at: &str, taken: &str) -> Finding {
    Finding::said(
        Code::FilledUnreadable,
        bi(
            format!(
                "sheet {sheet}'s {word} is read as {at}: the reading with which the game replays furthest"
            ),
            format!(
                "{word} del formulario {sheet} è letta come {at}: la lettura con cui la partita si rigioca più a lungo"
            ),
        ),
    )
    .labelled(bi(format!("read as {taken}"), format!("letta come {taken}")))
    .rule("FIDE 8.1")
}

/// `filled-unreadable`: sheet `sheet`'s `word` is read as `at`, as sheet `other` has it.
pub fn smudge_read_from_other(sheet: &str, other: &str, word: &str, at: &str) -> Finding {
    Finding::said(
        Code::FilledUnreadable,
        bi(
            format!("sheet {sheet}'s {word} is read as {at}, as sheet {other} has it"),
            format!("{word} del formulario {sheet} è letta come {at}, come la riporta il formulario {other}"),
        ),
    )
    .labelled(bi("read from the other sheet", "letta dall'altro formulario"))
}

/// `filled-unreadable`: both sheets have a pattern at one ply (`word_a`, `word_b`), read as
/// `at`, the reading with which the game replays furthest (issue 25).
pub fn smudge_on_both(word_a: &str, word_b: &str, at: &str, taken: &str) -> Finding {
    Finding::said(
        Code::FilledUnreadable,
        bi(
            format!(
                "both sheets are unreadable here (A: {word_a}, B: {word_b}); read as {at}: the reading with which the game replays furthest"
            ),
            format!(
                "entrambi i formulari sono illeggibili qui (A: {word_a}, B: {word_b}); letta come {at}: la lettura con cui la partita si rigioca più a lungo"
            ),
        ),
    )
    .labelled(bi(format!("read as {taken}"), format!("letta come {taken}")))
    .rule("FIDE 8.1")
}

/// The moves two sheets give at one ply: `at` the move taken, labelled (`3.Cf3`); `a` and
/// `b` as written (`-` for none); `taken` the move taken alone.
#[derive(Debug, Clone, Copy)]
pub struct Differing<'a> {
    /// The move taken with its number.
    pub at: &'a str,
    /// Sheet A's move.
    pub a: &'a str,
    /// Sheet B's move.
    pub b: &'a str,
    /// The move taken.
    pub taken: &'a str,
}

/// `sheets-differ` (an info): at `d.at` only sheet `sheet`'s move is legal.
pub fn only_one_legal(d: Differing<'_>, sheet: &str) -> Finding {
    let Differing { at, a, b, taken } = d;
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!(
                "at {at} the sheets differ (A: {a}, B: {b}); only sheet {sheet}'s move is legal"
            ),
            format!(
                "a {at} i formulari differiscono (A: {a}, B: {b}); è legale solo la mossa del formulario {sheet}"
            ),
        ),
    )
    .with_severity(Severity::Info)
    .labelled(taken_from(sheet, taken))
}

/// `Cbd2 or Cfd2`, `Cbd2, Cfd2 o Cd2`: a list closed by the language's "or".
fn either(moves: &[String]) -> Bi {
    let or = |word: &str| match moves {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    };
    bi(or("or"), or("o"))
}

/// `sheets-differ` (an info): at `d.at` sheet `ambiguous`'s move fits several legal moves
/// (`could_be`); sheet `taken_from`'s reading is taken (issue 28 point 6, FIDE 8.1).
pub fn ambiguous_on_sheet(
    d: Differing<'_>,
    ambiguous: &str,
    taken_from: &str,
    could_be: &[String],
) -> Finding {
    let Differing { at, a, b, taken } = d;
    let word = if ambiguous == "A" { a } else { b };
    let list = either(could_be);
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!(
                "at {at} the sheets differ (A: {a}, B: {b}): {word} is ambiguous on sheet {ambiguous} (could be {}); {taken_from}'s reading taken",
                list.en
            ),
            format!(
                "a {at} i formulari differiscono (A: {a}, B: {b}): {word} è ambigua sul formulario {ambiguous} (può essere {}); presa la lettura di {taken_from}",
                list.it
            ),
        ),
    )
    .with_severity(Severity::Info)
    .labelled(bi(
        format!("ambiguous: read as {taken}"),
        format!("ambigua: letta come {taken}"),
    ))
    .proposing(vec![taken.to_string()])
}

/// `sheets-differ` (an info): at `d.at` sheet `slipped`'s move is not legal and is sheet
/// `taken_from`'s move with one slip of the pen; read as that move (issue 28 points 4 and
/// 6, FIDE 8.1).
pub fn slip_on_sheet(d: Differing<'_>, slipped: &str, taken_from: &str) -> Finding {
    let Differing { at, a, b, taken } = d;
    let word = if slipped == "A" { a } else { b };
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!(
                "at {at} the sheets differ (A: {a}, B: {b}): a slip on sheet {slipped}, whose {word} is not legal; read as {taken}, as sheet {taken_from} has it"
            ),
            format!(
                "a {at} i formulari differiscono (A: {a}, B: {b}): una svista sul formulario {slipped}, la cui {word} non è legale; letta come {taken}, come la riporta il formulario {taken_from}"
            ),
        ),
    )
    .with_severity(Severity::Info)
    .labelled(bi(format!("read as {taken}"), format!("letta come {taken}")))
    .proposing(vec![taken.to_string()])
}

/// A move read on where the other sheet no longer writes: `word` on sheet `sheet`, read as
/// `taken` (`at` with its number); sheet `stopped` has ended.
#[derive(Debug, Clone, Copy)]
pub struct ReadOn<'a> {
    /// The sheet whose word is read.
    pub sheet: &'a str,
    /// The sheet that has ended.
    pub stopped: &'a str,
    /// The word as written.
    pub word: &'a str,
    /// The move read, with its number.
    pub at: &'a str,
    /// The move read.
    pub taken: &'a str,
}

/// `ambiguous-move` (when `could_be` lists the moves the word fits) or `illegal-move` (a
/// slip of one edit): the only record left names no legal move and is read as `r.taken` to
/// go on, the reading with which the game replays furthest (FIDE 8.4, issue 28 point 4).
pub fn read_on_alone(r: ReadOn<'_>, could_be: &[String]) -> Finding {
    let ReadOn {
        sheet,
        stopped,
        word,
        at,
        taken,
    } = r;
    let (code, what) = if could_be.len() >= 2 {
        let list = either(could_be);
        (
            Code::AmbiguousMove,
            bi(
                format!("is ambiguous (could be {})", list.en),
                format!("è ambigua (può essere {})", list.it),
            ),
        )
    } else {
        (Code::IllegalMove, bi("is not legal", "non è legale"))
    };
    Finding::said(
        code,
        bi(
            format!(
                "at {at} sheet {sheet}'s {word} {} and sheet {stopped} no longer writes: read as {taken} to go on, the reading with which the game replays furthest",
                what.en
            ),
            format!(
                "a {at} {word} del formulario {sheet} {} e il formulario {stopped} non scrive più: letta come {taken} per proseguire, la lettura con cui la partita si rigioca più a lungo",
                what.it
            ),
        ),
    )
    .rule("FIDE 8.4")
    .labelled(bi(format!("read as {taken}"), format!("letta come {taken}")))
    .proposing(vec![taken.to_string()])
}

/// A slip on both sheets at one ply: sheet `sheet`'s `word` and sheet `other`'s
/// `other_word`, neither legal, both fit `taken` (`at` with its number).
#[derive(Debug, Clone, Copy)]
pub struct BothSlipped<'a> {
    /// The sheet the finding is on.
    pub sheet: &'a str,
    /// Its word as written.
    pub word: &'a str,
    /// The other sheet.
    pub other: &'a str,
    /// The other sheet's word as written.
    pub other_word: &'a str,
    /// The move read, with its number.
    pub at: &'a str,
    /// The move read.
    pub taken: &'a str,
}

/// `illegal-move` (or `ambiguous-move` when `ambiguous`: the word fits several legal moves
/// as written) on one sheet where neither sheet's word is legal and both fit the move read
/// (`could_be`: the moves both could be, when several; the later moves chose): read on as
/// `verify` reads a slip (issue 28 point 4, FIDE 8.1).
pub fn both_slipped(s: BothSlipped<'_>, could_be: &[String], ambiguous: bool) -> Finding {
    let BothSlipped {
        sheet,
        word,
        other,
        other_word,
        at,
        taken,
    } = s;
    let (code, what) = if ambiguous {
        (Code::AmbiguousMove, bi("is ambiguous", "è ambigua"))
    } else {
        (Code::IllegalMove, bi("is not legal", "non è legale"))
    };
    let also = if could_be.len() >= 2 {
        let list = either(could_be);
        bi(
            format!(" (both could be {})", list.en),
            format!(" (entrambe possono essere {})", list.it),
        )
    } else {
        bi("", "")
    };
    Finding::said(
        code,
        bi(
            format!(
                "at {at} sheet {sheet}'s {word} {}, and sheet {other}'s {other_word} names no legal move either: read as {taken} to go on, a move both fit{}, the reading with which the game replays furthest",
                what.en, also.en
            ),
            format!(
                "a {at} {word} del formulario {sheet} {}, e neanche {other_word} del formulario {other} è una mossa legale: letta come {taken} per proseguire, una mossa che entrambe possono essere{}, la lettura con cui la partita si rigioca più a lungo",
                what.it, also.it
            ),
        ),
    )
    .rule("FIDE 8.1")
    .labelled(bi(format!("read as {taken}"), format!("letta come {taken}")))
    .proposing(vec![taken.to_string()])
}

/// `sheets-differ`: at `d.at` both moves are legal and the later moves decide for sheet
/// `sheet`; with sheet `other`'s move they stop being legal after ply `reach`.
pub fn later_moves_decide(d: Differing<'_>, sheet: &str, other: &str, reach: u32) -> Finding {
    let Differing { at, a, b, taken } = d;
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!(
                "at {at} the sheets differ (A: {a}, B: {b}) and both moves are legal; the later moves decide for sheet {sheet}: with sheet {other}'s the moves that follow stop being legal after ply {reach}"
            ),
            format!(
                "a {at} i formulari differiscono (A: {a}, B: {b}) e le due mosse sono legali; decidono le mosse successive, per il formulario {sheet}: con quella del formulario {other} le mosse che seguono smettono di essere legali dopo la semimossa {reach}"
            ),
        ),
    )
    .labelled(taken_from(sheet, taken))
}

/// "sheet A says Cf3".
fn taken_from(sheet: &str, taken: &str) -> Bi {
    bi(
        format!("sheet {sheet} says {taken}"),
        format!("il formulario {sheet} dice {taken}"),
    )
}

/// `sheet-gap`: sheet `missing` skips `at` (`4.0-0`, or `4.0-0 Cce7` for `plies` moves in
/// a row), which sheet `has` has; its later moves stand that many plies on (FIDE 8.1).
pub fn sheet_skips(missing: &str, has: &str, at: &str, plies: usize) -> Finding {
    let (on_en, on_it) = match plies {
        1 => ("one ply".to_string(), "una semimossa".to_string()),
        n => (format!("{n} plies"), format!("{n} semimosse")),
    };
    Finding::said(
        Code::SheetGap,
        bi(
            format!(
                "sheet {missing} skips {at}, which sheet {has} has; its later moves stand {on_en} on"
            ),
            format!(
                "il formulario {missing} salta {at}, che il formulario {has} riporta; le sue mosse successive sono spostate di {on_it}"
            ),
        ),
    )
    .labelled(bi(
        format!("missing on sheet {missing}"),
        format!("manca sul formulario {missing}"),
    ))
}

/// `sheet-gap`: sheet `stopped` stops before `at`; from there on the moves are sheet
/// `goes_on`'s alone (FIDE 8.4).
pub fn sheet_stops(stopped: &str, goes_on: &str, at: &str) -> Finding {
    Finding::said(
        Code::SheetGap,
        bi(
            format!(
                "sheet {stopped} stops before {at}; from there on the moves are sheet {goes_on}'s alone (FIDE 8.4: in the last minutes a player need not write)"
            ),
            format!(
                "il formulario {stopped} si ferma prima di {at}; da lì in poi le mosse sono solo del formulario {goes_on} (FIDE 8.4: negli ultimi minuti un giocatore può non scrivere)"
            ),
        ),
    )
    .rule("FIDE 8.4")
    .labelled(bi(
        format!("sheet {goes_on} goes on"),
        format!("il formulario {goes_on} prosegue"),
    ))
}

/// `illegal-move`: at `at` (`12.` or `12...`) neither sheet has a legal move (`a`, `b` as
/// written); the game stops after ply `last` (FIDE 3).
pub fn neither_legal(at: &str, a: &str, b: &str, last: u32) -> Finding {
    Finding::said(
        Code::IllegalMove,
        bi(
            format!(
                "at {at} neither sheet has a legal move (A: {a}, B: {b}); the game stops after ply {last}"
            ),
            format!(
                "a {at} nessuno dei due formulari ha una mossa legale (A: {a}, B: {b}); la partita si ferma dopo la semimossa {last}"
            ),
        ),
    )
    .labelled(bi("not legal here", "qui non è legale"))
    .rule("FIDE 3")
}

/// Where two readings of the sheets part: at `ply` one plays `one` (from sheet `one_from`,
/// when a sheet decided), the other `other`.
#[derive(Debug, Clone, Copy)]
pub struct Parting<'a> {
    /// The ply.
    pub ply: u32,
    /// One reading's move, labelled.
    pub one: &'a str,
    /// The sheet it follows.
    pub one_from: Option<&'a str>,
    /// The other reading's move, labelled.
    pub other: &'a str,
    /// The sheet it follows.
    pub other_from: Option<&'a str>,
}

/// `ambiguous-reconciliation`: two readings replay equally far (to ply `one` and to ply
/// `other`) with as many differences; where they part, if they do before one ends
/// (FIDE 8.1).
pub fn ambiguous_reconciliation(one: usize, other: usize, parting: Option<Parting<'_>>) -> Finding {
    let detail = match parting {
        Some(p) => {
            let from = |s: Option<&str>, sheet: &str| {
                s.map_or(String::new(), |s| format!(" ({sheet} {s})"))
            };
            bi(
                format!(
                    "at ply {} one reading plays {}{}, the other {}{}",
                    p.ply,
                    p.one,
                    from(p.one_from, "sheet"),
                    p.other,
                    from(p.other_from, "sheet")
                ),
                format!(
                    "alla semimossa {} una lettura gioca {}{}, l'altra {}{}",
                    p.ply,
                    p.one,
                    from(p.one_from, "formulario"),
                    p.other,
                    from(p.other_from, "formulario")
                ),
            )
        }
        None => bi(
            "the two readings differ in length",
            "le due letture hanno lunghezze diverse",
        ),
    };
    Finding::said(
        Code::AmbiguousReconciliation,
        bi(
            format!(
                "two readings of the sheets replay equally far (one to ply {one}, the other to ply {other}) with as many differences: {}",
                detail.en
            ),
            format!(
                "due letture dei formulari si rigiocano fino allo stesso punto (una fino alla semimossa {one}, l'altra fino alla {other}) con altrettante differenze: {}",
                detail.it
            ),
        ),
    )
    .rule("FIDE 8.1")
    .hinted(bi(
        "ask the players, or look for a third record (the clock's move counter, a spectator's sheet)",
        "chiedi ai giocatori, o cerca una terza registrazione (il contamosse dell'orologio, il formulario di uno spettatore)",
    ))
}

/// `sheets-differ`: the tag `name` (its PGN name; `written` as sheet B names it) is `a` on
/// sheet A and `b` on sheet B.
pub fn tag_differs(name: &str, written: &str, a: &str, b: &str) -> Finding {
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!("the tag {name} differs: sheet A \"{a}\", sheet B \"{b}\""),
            // In Italian, the tag as the sheet names it (`Evento`, `Nero`).
            format!("il tag {written} è diverso: formulario A \"{a}\", formulario B \"{b}\""),
        ),
    )
    .labelled(bi("differs from sheet A", "diverso dal formulario A"))
}

/// `ambiguous-reconciliation`: the sheets declare different results, `a` and `b`, and the
/// moves do not end the game: the result is unresolved and `*` is written (FIDE 8.1, 8.7:
/// both players sign the result; issue 28 point 6).
pub fn result_unresolved(a: &str, b: &str) -> Finding {
    Finding::said(
        Code::AmbiguousReconciliation,
        bi(
            format!(
                "the sheets declare different results (A {a}, B {b}) and the moves do not decide: the result is unresolved, * is written"
            ),
            format!(
                "i formulari dichiarano risultati diversi (A {a}, B {b}) e le mosse non decidono: il risultato resta da stabilire, si scrive *"
            ),
        ),
    )
    .rule("FIDE 8.7")
    .labelled(bi("differs from sheet A", "diverso dal formulario A"))
    .hinted(bi(
        "ask the players, then give the result with --result",
        "chiedi ai giocatori, poi indica il risultato con --result",
    ))
}

/// `sheets-differ`: the sheets declare different results, `a` and `b`; the board decides
/// `result` (FIDE 5: the game ends on the board).
pub fn result_by_board(a: &str, b: &str, result: &str) -> Finding {
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!(
                "the sheets declare different results (A {a}, B {b}); the moves end the game: {result}"
            ),
            format!(
                "i formulari dichiarano risultati diversi (A {a}, B {b}); le mosse chiudono la partita: {result}"
            ),
        ),
    )
    .rule("FIDE 5")
    .labelled(bi("differs from sheet A", "diverso dal formulario A"))
}

/// `sheets-differ`: the arbiter gives `result` (`--result`), which differs from a sheet's
/// declared result (`a`, `b`; `-` for none).
pub fn result_given(a: &str, b: &str, result: &str) -> Finding {
    Finding::said(
        Code::SheetsDiffer,
        bi(
            format!("result {result} as given with --result (the sheets declare A {a}, B {b})"),
            format!(
                "risultato {result} come indicato con --result (i formulari dichiarano A {a}, B {b})"
            ),
        ),
    )
    .labelled(bi("replaced by --result", "sostituito da --result"))
}
