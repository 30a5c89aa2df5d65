//! The slips of a played line (R33, R34, R36): the marker, the capture, `e.p.` and the pen
//! written against what the move really did. Each is a warning: the game stands (R37).

use super::explain::written;
use super::position::Move;
use crate::finding::{Code, Finding};
use crate::geometry::Army;
use crate::notation::marks::{Marker, Pen};
use crate::notation::superscacchi::{SheetLine, SsMove};

/// A played line, as the discrepancy checks see it.
pub(super) struct Said<'a> {
    pub(super) army: Army,
    pub(super) line: &'a SheetLine<'a>,
    pub(super) w: &'a SsMove,
    pub(super) ply: u32,
}

impl Said<'_> {
    /// A warning on this line: the sheet stands, the slip is recorded (R36, R37).
    fn warn(
        &self,
        code: Code,
        [msg, msg_it]: [String; 2],
        [label, label_it]: [&str; 2],
        rule: &'static str,
    ) -> Finding {
        let (army, line) = (self.army, self.line);
        Finding::new2(
            code,
            format!("{army} {}. {}: {msg}", line.number, line.text),
            format!("{army} {}. {}: {msg_it}", line.number, line.text),
        )
        .at(line.span)
        .label2(label, label_it)
        .rule(rule)
        .on_sheet(army, line.number, self.ply)
    }
}

/// Every way the line differs from what its move did: markers (R33), captures and
/// `e.p.` (R36), pens (R34). `expected` is the marker the move needs.
pub(super) fn discrepancies(
    said: &Said<'_>,
    m: &Move,
    expected: Option<Marker>,
    optional_r29: bool,
) -> Vec<Finding> {
    let mut out = Vec::new();
    out.extend(marker_slip(said, m, expected, optional_r29));
    out.extend(capture_slip(said, m));
    if m.en_passant != said.w.ep {
        out.push(said.warn(
            Code::WrongEp,
            if m.en_passant {
                [
                    "the move is an en-passant capture: write `e.p.`".into(),
                    "la mossa è una presa en passant: scrivi `e.p.`".into(),
                ]
            } else {
                [
                    "`e.p.` is written, but the move is not en passant".into(),
                    "è scritto `e.p.`, ma la mossa non è en passant".into(),
                ]
            },
            ["e.p.", "e.p. (en passant)"],
            "R36",
        ));
    }
    // The optional R29 `++` makes the move a marked one.
    let marker = expected.or(optional_r29.then_some(Marker::Mate));
    let pen = Pen::required(said.army.side(), m.captured.is_some(), marker);
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
        out.push(said.warn(
            Code::NonCanonicalMarker,
            [
                "the marker is written after a quiet move".to_string(),
                "il segno è scritto dopo una mossa semplice".to_string(),
            ],
            [
                "write the marker as the separator",
                "scrivi il segno al posto del separatore",
            ],
            "R33",
        ));
    }
    if w.marker == expected || optional_r29 {
        return out;
    }
    let (code, msg) = match (w.marker, expected) {
        (Some(wm), None) => (
            Code::SuperfluousMarker,
            [
                format!(
                    "`{}` is written, but the move has no such outcome",
                    wm.text()
                ),
                format!("è scritto `{}`, ma la mossa non ha questo esito", wm.text()),
            ],
        ),
        (None, Some(e)) => (
            Code::MissingMarker,
            [
                format!("the move needs the marker `{}`", e.text()),
                format!("la mossa richiede il segno `{}`", e.text()),
            ],
        ),
        (Some(wm), Some(e)) => (
            Code::WrongMarker,
            [
                format!(
                    "`{}` is written, but the move needs `{}`",
                    wm.text(),
                    e.text()
                ),
                format!(
                    "è scritto `{}`, ma la mossa richiede `{}`",
                    wm.text(),
                    e.text()
                ),
            ],
        ),
        (None, None) => return out,
    };
    let canonical = written(m, expected).to_text();
    out.push(said.warn(code, msg, ["marker", "segno"], "R33").hint2(
        format!("write `{canonical}`"),
        format!("scrivi `{canonical}`"),
    ));
    out
}

/// R36: `X` and the captured piece's letter against what the move took.
fn capture_slip(said: &Said<'_>, m: &Move) -> Option<Finding> {
    match (m.captured, said.w.capture) {
        (Some((p, _)), None) => Some(said.warn(
            Code::CaptureWrittenQuiet,
            [
                format!(
                    "the move captures {} of {}, but is written without X",
                    p.role.a_name(),
                    p.army
                ),
                format!(
                    "la mossa prende {} di {}, ma è scritta senza X",
                    p.role.un_name(),
                    p.army
                ),
            ],
            ["a capture", "una presa"],
            "R36",
        )),
        (None, Some(_)) => Some(said.warn(
            Code::QuietWrittenCapture,
            [
                "X is written, but the move captures nothing".into(),
                "è scritto X, ma la mossa non prende nulla".into(),
            ],
            ["nothing to capture", "niente da prendere"],
            "R36",
        )),
        (Some((p, _)), Some(letter)) if letter != Some(p.role) => Some(said.warn(
            Code::WrongCapturedPiece,
            match letter {
                Some(l) => [
                    format!(
                        "the piece captured is {} ({}), not {} ({})",
                        p.role.a_name(),
                        p.role.letter(),
                        l.a_name(),
                        l.letter()
                    ),
                    format!(
                        "il pezzo preso è {} ({}), non {} ({})",
                        p.role.un_name(),
                        p.role.letter(),
                        l.un_name(),
                        l.letter()
                    ),
                ],
                None => [
                    format!("the piece captured ({}) is not written", p.role.letter()),
                    format!("il pezzo preso ({}) non è scritto", p.role.letter()),
                ],
            },
            ["captured piece", "pezzo preso"],
            "R36",
        )),
        _ => None,
    }
}

/// R34: the pen written against the pen the move needs (a line without a pen is not
/// checked).
fn pen_slip(said: &Said<'_>, needed: Pen) -> Option<Finding> {
    let pen = said.line.pen.filter(|&p| p != needed)?;
    Some(said.warn(
        Code::WrongPen,
        [
            format!(
                "written in {}, but {} is written in {}",
                pen.name(),
                match needed {
                    Pen::Red => "a capture or a marked move",
                    Pen::Blue => "a quiet move of the besieged",
                    Pen::Black => "a quiet move of the besiegers",
                },
                needed.name()
            ),
            format!(
                "scritta con la penna {}, ma {} si scrive con la penna {}",
                pen.name(),
                match needed {
                    Pen::Red => "una presa o una mossa con segno",
                    Pen::Blue => "una mossa semplice degli assediati",
                    Pen::Black => "una mossa semplice degli assedianti",
                },
                needed.name()
            ),
        ],
        ["pen", "penna"],
        "R34",
    ))
}
