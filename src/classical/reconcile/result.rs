//! The result of the reconciled game (issue 28 point 6): when the two sheets declare two
//! results and the board decides nothing (no mate, no stalemate: FIDE 5), the result is
//! unresolved, written `*`, until the arbiter gives it (`--result`).

use super::findings::result_span;
use super::{SheetFinding, SheetLetter};
use crate::finding::wording::classical::reconcile as wording;
use crate::notation::classical::{GameResult, RawGame};

/// Where the result of the reconciled game comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultSource {
    /// Both sheets declare it, or neither declares one (`*`).
    Agreed,
    /// Only this sheet declares one.
    OneSheet(SheetLetter),
    /// The sheets differ and the board decides (FIDE 5: mate, stalemate, dead position).
    Board,
    /// The arbiter gives it (`--result`).
    Given,
    /// The sheets declare two results and nothing decides: `*` is written.
    Unresolved,
}

/// The result of the reconciled game and the results the sheets declare (a `*` on a sheet
/// counts as none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettledResult {
    /// The result written in the reconciled game.
    pub result: GameResult,
    /// Where it comes from.
    pub source: ResultSource,
    /// Sheet A's declared result.
    pub a: Option<GameResult>,
    /// Sheet B's.
    pub b: Option<GameResult>,
}

impl SettledResult {
    /// The result is not settled.
    pub fn unresolved(&self) -> bool {
        self.source == ResultSource::Unresolved
    }
}

/// Settles the result from the sheets' declared results `a` and `b`, the result the board
/// gives (`board`, when the moves end the game) and the one the arbiter gives (`given`).
///
/// ```
/// use arbitro::classical::reconcile::{settle, ResultSource};
/// use arbitro::notation::classical::GameResult::*;
/// let s = settle(Some(WhiteWins), Some(Draw), None, None);
/// assert_eq!((s.result, s.source), (Unknown, ResultSource::Unresolved));
/// let s = settle(Some(WhiteWins), Some(Draw), None, Some(Draw));
/// assert_eq!((s.result, s.source), (Draw, ResultSource::Given));
/// let s = settle(Some(WhiteWins), Some(Draw), Some(WhiteWins), None);
/// assert_eq!((s.result, s.source), (WhiteWins, ResultSource::Board));
/// ```
pub fn settle(
    a: Option<GameResult>,
    b: Option<GameResult>,
    board: Option<GameResult>,
    given: Option<GameResult>,
) -> SettledResult {
    let known = |r: Option<GameResult>| r.filter(|r| *r != GameResult::Unknown);
    let (a, b) = (known(a), known(b));
    let (result, source) = match (given, a, b) {
        (Some(r), _, _) => (r, ResultSource::Given),
        (None, Some(x), Some(y)) if x != y => match board {
            Some(r) => (r, ResultSource::Board),
            None => (GameResult::Unknown, ResultSource::Unresolved),
        },
        (None, Some(x), None) => (x, ResultSource::OneSheet(SheetLetter::A)),
        (None, None, Some(y)) => (y, ResultSource::OneSheet(SheetLetter::B)),
        (None, x, _) => (x.unwrap_or(GameResult::Unknown), ResultSource::Agreed),
    };
    SettledResult {
        result,
        source,
        a,
        b,
    }
}

/// What is said about the result: `ambiguous-reconciliation` (an error) while it is
/// unresolved; `sheets-differ` (a warning) where the sheets differ and the board decides,
/// or the arbiter's result differs from a sheet's; nothing where they agree. On sheet B's
/// result, where it stands.
pub fn result_finding(s: &SettledResult, raw_b: &RawGame<'_>) -> Option<SheetFinding> {
    let name = |r: Option<GameResult>| r.map_or("-", GameResult::as_str);
    let (a, b, r) = (name(s.a), name(s.b), s.result.as_str());
    let differ = |r: GameResult| s.a.is_some_and(|x| x != r) || s.b.is_some_and(|y| y != r);
    let finding = match s.source {
        ResultSource::Unresolved => wording::result_unresolved(a, b),
        ResultSource::Board => wording::result_by_board(a, b, r),
        ResultSource::Given if differ(s.result) => wording::result_given(a, b, r),
        _ => return None,
    };
    let span = result_span(raw_b);
    Some(SheetFinding {
        side: span.map(|_| SheetLetter::B),
        finding: match span {
            Some(at) => finding.at(at),
            None => finding,
        },
    })
}
