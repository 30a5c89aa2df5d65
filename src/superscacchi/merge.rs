//! The merge of the eight sheets by turn order (R32): which sheet is each army's, and the
//! error when a sheet ends while others go on.

use crate::finding::Finding;
use crate::finding::wording::superscacchi as say;
use crate::geometry::Army;
use crate::notation::superscacchi::SsGame;

/// Which sheet is each army's (R32): one sheet per army, eight in all, and some move
/// written; otherwise the finding that says why the sheets cannot be merged.
pub(super) fn sheets_by_army(game: &SsGame<'_>) -> Result<[usize; 8], Box<Finding>> {
    let mut sheets: [Option<usize>; 8] = [None; 8];
    for (i, s) in game.sheets.iter().enumerate() {
        if sheets[s.army.index()].is_some() {
            return Err(Box::new(say::two_sheets(s.army).at(s.span)));
        }
        sheets[s.army.index()] = Some(i);
    }
    // A missing sheet or a game of empty sheets has no verdict (a scored 0-ply game would
    // hand out the set-up's points).
    let missing: Vec<Army> = Army::ALL
        .into_iter()
        .filter(|a| sheets[a.index()].is_none())
        .collect();
    if missing.is_empty() && game.sheets.iter().any(|s| !s.lines.is_empty()) {
        return Ok(sheets.map(|s| s.unwrap_or_default()));
    }
    Err(Box::new(say::no_game(
        &missing,
        game.sheets.first().map(|s| s.span),
    )))
}

/// The sheet has no line for its army's turn while other sheets go on (R32).
pub(super) fn sheet_ends(game: &SsGame<'_>, sheet: usize, army: Army, ply: u32) -> Finding {
    let s = &game.sheets[sheet];
    let span = s.lines.last().map_or(s.span, |l| l.span);
    let mut f = say::sheet_ends(army, ply + 1).at(span);
    f.army = Some(army.into());
    f.ply = Some(ply + 1);
    f
}
