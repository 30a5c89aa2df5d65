//! The slips of a played line (R33, R34, R36): the marker, the capture, `e.p.` and the pen
//! written against what the move really did. Each is a warning: the game stands (R37).

use super::explain::written;
use super::position::Move;
use super::turn::{Played, Slot};
use crate::finding::Finding;
use crate::finding::wording::superscacchi as say;
use crate::geometry::Army;
use crate::notation::marks::{Marker, Pen};
use crate::notation::superscacchi::{SheetLine, SsMove};

/// A played line, as the discrepancy checks see it.
struct Said<'a> {
    army: Army,
    line: &'a SheetLine<'a>,
    w: &'a SsMove,
    ply: u32,
}

impl Said<'_> {
    /// A warning on this line: the sheet stands, the slip is recorded (R36, R37).
    fn warn(&self, f: Finding) -> Finding {
        let (army, line) = (self.army, self.line);
        say::on_line(f, army, line.number, line.text)
            .at(line.span)
            .on_sheet(army, line.number, self.ply)
    }
}

/// Every way a played line differs from what its move did (R33, R34, R36): `played` is
/// what the move did in `slot`, its turn; `ply` its ply.
#[inline]
pub(super) fn line_slips(
    slot: &Slot,
    line: &SheetLine<'_>,
    w: &SsMove,
    played: &Played,
    ply: u32,
) -> Vec<Finding> {
    let said = Said {
        army: slot.army,
        line,
        w,
        ply,
    };
    // R33: an R29 mate of this turn may be marked `++` on this move, or not.
    let optional_r29 = !slot.r29.is_empty()
        && played.expected <= Some(Marker::Check)
        && w.marker == Some(Marker::Mate);
    discrepancies(&said, &played.mv, played.expected, optional_r29)
}

/// Every way the line differs from what its move did: markers (R33), captures and
/// `e.p.` (R36), pens (R34). `expected` is the marker the move needs.
fn discrepancies(
    said: &Said<'_>,
    m: &Move,
    expected: Option<Marker>,
    optional_r29: bool,
) -> Vec<Finding> {
    let mut out = Vec::new();
    out.extend(marker_slip(said, m, expected, optional_r29));
    out.extend(capture_slip(said, m));
    if m.en_passant != said.w.ep {
        out.push(said.warn(say::wrong_ep(m.en_passant)));
    }
    // The optional R29 `++` makes the move a marked one.
    let marker = expected.or(optional_r29.then_some(Marker::Mate));
    let pen = Pen::required(said.army.camp(), m.captured.is_some(), marker);
    out.extend(pen_slip(said, pen));
    out
}

/// R33: the marker written against the marker the move needs (`++` is also right where an
/// R29 mate of the turn comes with a move that only gives check).
fn marker_slip(
    said: &Said<'_>,
    m: &Move,
    expected: Option<Marker>,
    optional_r29: bool,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let w = said.w;
    if w.non_canonical {
        out.push(said.warn(say::non_canonical_marker()));
    }
    if w.marker == expected || optional_r29 {
        return out;
    }
    let canonical = written(m, expected).to_text();
    out.extend(say::marker(w.marker, expected, &canonical).map(|f| said.warn(f)));
    out
}

/// R36: `X` and the captured piece's letter against what the move took.
fn capture_slip(said: &Said<'_>, m: &Move) -> Option<Finding> {
    let f = match (m.captured, said.w.capture) {
        (Some((p, _)), None) => say::capture_written_quiet(p),
        (None, Some(_)) => say::quiet_written_capture(),
        (Some((p, _)), Some(letter)) if letter != Some(p.role) => {
            say::wrong_captured_piece(p.role, letter)
        }
        _ => return None,
    };
    Some(said.warn(f))
}

/// R34: the pen written against the pen the move needs (a line without a pen is not
/// checked).
fn pen_slip(said: &Said<'_>, needed: Pen) -> Option<Finding> {
    let pen = said.line.pen.filter(|&p| p != needed)?;
    Some(said.warn(say::wrong_pen(pen, needed)))
}
