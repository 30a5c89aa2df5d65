//! The merge of the eight sheets by turn order (R32): which sheet is each army's, and the
//! error when a sheet ends while others go on.

use crate::finding::{Code, Finding};
use crate::geometry::Army;
use crate::notation::superscacchi::SsGame;

/// Which sheet is each army's (R32): one sheet per army, eight in all, and some move
/// written; otherwise the finding that says why the sheets cannot be merged.
pub(super) fn sheets_by_army(game: &SsGame<'_>) -> Result<[usize; 8], Box<Finding>> {
    let mut sheets: [Option<usize>; 8] = [None; 8];
    for (i, s) in game.sheets.iter().enumerate() {
        if sheets[s.army.index()].is_some() {
            return Err(Box::new(
                Finding::new2(
                    Code::SheetMerge,
                    format!("army {} has two sheets", s.army),
                    format!("l'esercito {} ha due fogli", s.army),
                )
                .at(s.span)
                .label2("second sheet", "secondo foglio")
                .rule("R32"),
            ));
        }
        sheets[s.army.index()] = Some(i);
    }
    // A missing sheet or a game of empty sheets has no verdict (a scored 0-ply game would
    // hand out the set-up's points).
    let missing: Vec<&str> = Army::ALL
        .iter()
        .filter(|a| sheets[a.index()].is_none())
        .map(|a| a.code())
        .collect();
    let (message, message_it) = if !missing.is_empty() {
        (
            format!(
                "no sheet for {} {}: a game has eight sheets, one per army ([Esercito \"S\"] … [Esercito \"SE\"])",
                if missing.len() == 1 { "army" } else { "armies" },
                missing.join(", ")
            ),
            format!(
                "{} {}: una partita ha otto fogli, uno per esercito ([Esercito \"S\"] … [Esercito \"SE\"])",
                if missing.len() == 1 {
                    "manca il foglio dell'esercito"
                } else {
                    "mancano i fogli degli eserciti"
                },
                missing.join(", ")
            ),
        )
    } else if game.sheets.iter().all(|s| s.lines.is_empty()) {
        (
            "every sheet is empty: there is no game to check".to_string(),
            "tutti i fogli sono vuoti: non c'è nessuna partita da controllare".to_string(),
        )
    } else {
        return Ok(sheets.map(|s| s.unwrap_or_default()));
    };
    let mut f = Finding::new2(Code::SheetMerge, message, message_it).rule("R32");
    if let Some(s) = game.sheets.first() {
        f = f
            .at(s.span)
            .label2("the sheets start here", "qui cominciano i fogli");
    }
    Err(Box::new(f))
}

/// The sheet has no line for its army's turn while other sheets go on (R32).
pub(super) fn sheet_ends(game: &SsGame<'_>, sheet: usize, army: Army, ply: u32) -> Finding {
    let s = &game.sheets[sheet];
    let span = s.lines.last().map_or(s.span, |l| l.span);
    let mut f = Finding::new(
        Code::SheetMerge,
        format!(
            "it is {army}'s turn (ply {}), but its sheet has no more moves while other sheets do",
            ply + 1
        ),
    )
    .it(format!(
        "tocca a {army} (semimossa {}), ma il suo foglio non ha più mosse mentre altri fogli ne hanno",
        ply + 1
    ))
    .label2("the sheet ends here", "qui finisce il foglio")
    .rule("R32")
    .at(span);
    f.army = Some(army.into());
    f.ply = Some(ply + 1);
    f
}
