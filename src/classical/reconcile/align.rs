//! The search for the way through the two sheets (see the parent module): the table of
//! positions, the ways through it, and the side-by-side rows of the way taken.

use super::{AlignedPly, BAND, PER_CELL, Sheet, SheetLetter, Why};
use crate::classical::fill::is_pattern;
use crate::classical::slip::fitting;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};
use std::collections::BTreeMap;
use std::rc::Rc;

/// How a step of the way was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Agree,
    Took(SheetLetter),
    /// This sheet's move, which the other sheet's word (with no legal reading) fits: an
    /// ambiguous move or a one-edit slip (issue 28 point 6).
    Read(SheetLetter),
    Skipped(SheetLetter),
    Ended(SheetLetter),
    /// This sheet has ended and the other's word names no legal move: it is read as one
    /// of the moves it fits (ambiguous, or one slip), as `verify` reads a slip on.
    ReadOn(SheetLetter),
    /// Neither sheet's word names a legal move and both fit this one (each ambiguous or
    /// one slip of the pen): a slip on both sheets at the same ply, read on.
    Both,
}

/// One step of a way through the table, newest first (shared between ways).
pub(super) struct Node {
    pub(super) mv: Move,
    pub(super) step: Step,
    /// The indices of the words used (A, B) before the step.
    pub(super) at: (usize, usize),
    pub(super) prev: Option<Rc<Node>>,
}

/// One position in a cell.
pub(super) struct Entry {
    pos: Chess,
    cost: u32,
    path: Option<Rc<Node>>,
    /// Another way to the same position with as many differences, through other moves
    /// (the two readings then go on alike: a tie the later moves cannot break).
    rival: Option<Rc<Node>>,
    /// How far the sheets replay from `pos` ([`reach`]), once a full cell must choose.
    reach: Option<u32>,
}

/// The moves of a way, newest first.
pub(super) fn moves_back(path: &Option<Rc<Node>>) -> impl Iterator<Item = Move> + '_ {
    std::iter::successors(path.as_deref(), |n| n.prev.as_deref()).map(|n| n.mv)
}

/// A way that can go no further.
pub(super) struct End {
    pub(super) used: usize,
    pub(super) cost: u32,
    pub(super) at: (usize, usize),
    pub(super) path: Option<Rc<Node>>,
    pub(super) rival: Option<Rc<Node>>,
}

pub(super) fn same(a: &Chess, b: &Chess) -> bool {
    a.turn() == b.turn() && a.board() == b.board()
}

/// How many plies the sheets replay from `pos`, each on its own from its next word (`cell`),
/// taking the first reading of a `_`: the better of the two, at most [`REACH`].
fn reach(a: &Sheet<'_>, b: &Sheet<'_>, pos: &Chess, (i, j): (usize, usize)) -> u32 {
    let one = |sheet: &Sheet<'_>, from: usize| {
        let mut pos = pos.clone();
        let mut n = 0;
        while n < REACH {
            let Some(&mv) = sheet.moves(&pos, from + n as usize).first() else {
                break;
            };
            pos.play_unchecked(mv);
            n += 1;
        }
        n
    };
    one(a, i).max(one(b, j))
}

/// How far [`reach`] looks ahead.
const REACH: u32 = 40;

/// The search over the table (see the module documentation).
pub(super) struct Table<'s, 'a> {
    pub(super) a: &'s Sheet<'a>,
    pub(super) b: &'s Sheet<'a>,
    pub(super) cells: BTreeMap<(usize, usize), Vec<Entry>>,
    pub(super) ends: Vec<End>,
}

impl Table<'_, '_> {
    fn push(&mut self, cell: (usize, usize), entry: Entry) {
        let (i, j) = cell;
        if i < self.a.words.len() && j < self.b.words.len() && i.abs_diff(j) > BAND {
            return;
        }
        let v = self.cells.entry((i + j, i)).or_default();
        if let Some(e) = v.iter_mut().find(|e| same(&e.pos, &entry.pos)) {
            if entry.cost < e.cost {
                *e = entry;
            } else if entry.cost == e.cost
                && e.rival.is_none()
                && moves_back(&e.path).ne(moves_back(&entry.path))
            {
                e.rival = entry.path;
            }
            return;
        }
        v.push(entry);
        if v.len() > PER_CELL {
            // Issue 25: positions with as many differences (a `_` on both sheets gives
            // twenty) are ranked by how far the sheets replay from them, as `verify`'s fill
            // ranks its readings, never by the order moves are generated in.
            for e in v.iter_mut().filter(|e| e.reach.is_none()) {
                e.reach = Some(reach(self.a, self.b, &e.pos, cell));
            }
            v.sort_by_key(|e| (e.cost, std::cmp::Reverse(e.reach)));
            v.truncate(PER_CELL);
        } else {
            v.sort_by_key(|e| e.cost);
        }
    }

    fn step(
        &mut self,
        (i, j): (usize, usize),
        e: &Entry,
        mv: Move,
        step: Step,
        to: (usize, usize),
    ) {
        let cost = e.cost + step_cost(step);
        let mut pos = e.pos.clone();
        pos.play_unchecked(mv);
        let node = |prev: &Option<Rc<Node>>| {
            Some(Rc::new(Node {
                mv,
                step,
                at: (i, j),
                prev: prev.clone(),
            }))
        };
        let path = node(&e.path);
        let rival = e.rival.as_ref().and_then(|r| node(&Some(r.clone())));
        self.push(
            to,
            Entry {
                pos,
                cost,
                path,
                rival,
                reach: None,
            },
        );
    }

    /// Every way on from entry `e` of cell `(i, j)`; none: the way ends there.
    fn expand(&mut self, (i, j): (usize, usize), e: Entry) {
        let (na, nb) = (self.a.words.len(), self.b.words.len());
        let mut ma = self.a.moves(&e.pos, i);
        let mut mb = self.b.moves(&e.pos, j);
        let cell = (i, j);
        if i < na && j < nb {
            for &m in &ma {
                let step = if mb.contains(&m) {
                    Step::Agree
                } else if mb.is_empty() && self.b.fits(j, m) {
                    Step::Read(SheetLetter::A)
                } else {
                    Step::Took(SheetLetter::A)
                };
                self.step(cell, &e, m, step, (i + 1, j + 1));
                self.step(cell, &e, m, Step::Skipped(SheetLetter::B), (i + 1, j));
            }
            for &m in mb.iter().filter(|m| !ma.contains(m)) {
                let step = if ma.is_empty() && self.a.fits(i, m) {
                    Step::Read(SheetLetter::B)
                } else {
                    Step::Took(SheetLetter::B)
                };
                self.step(cell, &e, m, step, (i + 1, j + 1));
            }
            for &m in &mb {
                self.step(cell, &e, m, Step::Skipped(SheetLetter::A), (i, j + 1));
            }
            // A slip on both sheets at the same ply: the moves both words fit, each a
            // reading the later moves choose among; the way also ends here (below), and
            // goes on only if the rest aligns.
            if ma.is_empty() && mb.is_empty() {
                for m in both_fit(self.a, self.b, &e.pos, cell) {
                    self.step(cell, &e, m, Step::Both, (i + 1, j + 1));
                }
            }
        } else if i < na {
            let (meant, step) = alone(self.a, &e.pos, i, std::mem::take(&mut ma), SheetLetter::B);
            for &m in &meant {
                self.step(cell, &e, m, step, (i + 1, j));
            }
            ma = meant;
        } else {
            let (meant, step) = alone(self.b, &e.pos, j, std::mem::take(&mut mb), SheetLetter::A);
            for &m in &meant {
                self.step(cell, &e, m, step, (i, j + 1));
            }
            mb = meant;
        }
        if ma.is_empty() && mb.is_empty() {
            self.ends.push(End {
                used: i + j,
                cost: e.cost,
                at: cell,
                path: e.path,
                rival: e.rival,
            });
        }
    }

    pub(super) fn run(mut self, start: &Chess) -> Vec<End> {
        self.push(
            (0, 0),
            Entry {
                pos: start.clone(),
                cost: 0,
                path: None,
                rival: None,
                reach: None,
            },
        );
        while let Some(((d, i), entries)) = self.cells.pop_first() {
            for e in entries {
                self.expand((i, d - i), e);
            }
        }
        self.ends
    }
}

/// The moves a sheet's word `i` gives once the other sheet (`ended`) has ended (FIDE 8.4):
/// its legal move; where it has none, the moves its text fits (ambiguous, or one slip of the
/// pen), each a reading the later moves choose among, as `verify` reads a slip on (issue
/// 28 point 4).
fn alone(
    sheet: &Sheet<'_>,
    pos: &Chess,
    i: usize,
    legal: Vec<Move>,
    ended: SheetLetter,
) -> (Vec<Move>, Step) {
    if !legal.is_empty() {
        return (legal, Step::Ended(ended));
    }
    (sheet.meant(pos, i), Step::ReadOn(ended))
}

/// The legal moves that both sheets' words at `(i, j)`, neither naming a legal move, fit
/// (as written, ambiguous, or with one slip of the pen each), in shakmaty's order.
pub(super) fn both_fit(
    a: &Sheet<'_>,
    b: &Sheet<'_>,
    pos: &Chess,
    (i, j): (usize, usize),
) -> Vec<Move> {
    a.fitting(pos, i)
        .into_iter()
        .filter(|&m| b.fits(j, m))
        .collect()
}

/// What a step costs: two for a difference (two moves that name different moves, or a move
/// one sheet skips), one for a move the other sheet's word fits without naming it (an
/// ambiguous move or a one-edit slip: a smaller difference, so that "B skipped 4.0-0 and
/// wrote 4...Ce7 for Cce7" beats "B wrote Ce7 for 0-0 and skipped Cce7", issue 28
/// point 6), three for a move both words fit (one each, and a move no sheet writes: more
/// than the two words it uses, so the way goes on through it only when a later move
/// aligns), none where the sheets agree or one has ended (FIDE 8.4).
fn step_cost(step: Step) -> u32 {
    match step {
        Step::Agree | Step::Ended(_) => 0,
        Step::Read(_) | Step::ReadOn(_) => 1,
        Step::Took(_) | Step::Skipped(_) => 2,
        Step::Both => 3,
    }
}

/// How good a way is: the written moves it uses, less its cost (two for each difference: a
/// ply where the sheets differ uses two moves and gains nothing, so that a cascade of
/// differences never beats stopping where no sheet has a legal move).
pub(super) fn score(e: &End) -> i64 {
    e.used as i64 - i64::from(e.cost)
}

/// The steps of a way, oldest first.
pub(super) fn steps(path: &Option<Rc<Node>>) -> Vec<&Node> {
    let mut out = Vec::new();
    let mut at = path.as_deref();
    while let Some(n) = at {
        out.push(n);
        at = n.prev.as_deref();
    }
    out.reverse();
    out
}

pub(super) fn rows_of(
    a: &Sheet<'_>,
    b: &Sheet<'_>,
    start: &Chess,
    path: &Option<Rc<Node>>,
) -> Vec<AlignedPly> {
    rows(a, b, start, &steps(path))
}

/// The side-by-side table of a way.
pub(super) fn rows(
    a: &Sheet<'_>,
    b: &Sheet<'_>,
    start: &Chess,
    steps: &[&Node],
) -> Vec<AlignedPly> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(steps.len());
    for (k, n) in steps.iter().enumerate() {
        let (i, j) = n.at;
        let text = |s: &Sheet<'_>, i: usize| s.words.get(i).map(|w| w.text.to_string());
        let (wa, wb) = match n.step {
            Step::Agree | Step::Took(_) | Step::Read(_) | Step::Both => (text(a, i), text(b, j)),
            Step::Skipped(SheetLetter::B)
            | Step::Ended(SheetLetter::B)
            | Step::ReadOn(SheetLetter::B) => (text(a, i), None),
            Step::Skipped(SheetLetter::A)
            | Step::Ended(SheetLetter::A)
            | Step::ReadOn(SheetLetter::A) => (None, text(b, j)),
        };
        let mut other_reach = None;
        let mut could_be = Vec::new();
        let why = match n.step {
            Step::Agree => Why::Agree,
            Step::Took(side) | Step::Read(side) => {
                let (sheet, idx) = match side {
                    SheetLetter::A => (b, j),
                    SheetLetter::B => (a, i),
                };
                match sheet.moves(&pos, idx).first() {
                    None => {
                        let (why, readings) = misread(sheet, idx, &pos, n.mv, side);
                        could_be = readings;
                        why
                    }
                    Some(&other) => {
                        other_reach = Some(reach_with(&pos, other, &steps[k + 1..], k as u32 + 1));
                        Why::LaterMoves(side)
                    }
                }
            }
            Step::Skipped(missing) => Why::Skipped(missing.other()),
            Step::Ended(ended) => Why::Ended(ended.other()),
            Step::ReadOn(ended) => {
                let (sheet, idx) = match ended {
                    SheetLetter::A => (b, j),
                    SheetLetter::B => (a, i),
                };
                if let (Why::Ambiguous(_), readings) = misread(sheet, idx, &pos, n.mv, ended) {
                    could_be = readings;
                }
                Why::ReadOn(ended.other())
            }
            Step::Both => {
                let fit = both_fit(a, b, &pos, (i, j));
                if fit.len() >= 2 {
                    could_be = fit
                        .into_iter()
                        .map(|m| SanPlus::from_move(pos.clone(), m))
                        .collect();
                }
                Why::BothSlip
            }
        };
        let taken = SanPlus::from_move_and_play_unchecked(&mut pos, n.mv);
        out.push(AlignedPly {
            ply: k as u32 + 1,
            a: wa,
            b: wb,
            taken,
            why,
            other_reach,
            could_be,
        });
    }
    out
}

/// Why the other sheet's word at `idx`, which names no legal move in `pos`, lost to sheet
/// `side`'s move `taken`: it fits several legal moves (ambiguous: those moves), it is a
/// slip of one edit for `taken`, or it is simply not legal (FIDE 8.1).
fn misread(
    sheet: &Sheet<'_>,
    idx: usize,
    pos: &Chess,
    taken: Move,
    side: SheetLetter,
) -> (Why, Vec<SanPlus>) {
    let Some(word) = sheet.words.get(idx).filter(|w| !is_pattern(w.text)) else {
        return (Why::OnlyLegal(side), Vec::new());
    };
    let fits = fitting(pos, word.text, sheet.notation);
    let exact: Vec<SanPlus> = fits
        .iter()
        .filter(|f| f.edits == 0)
        .map(|f| SanPlus::from_move(pos.clone(), f.mv))
        .collect();
    if exact.len() >= 2 {
        (Why::Ambiguous(side), exact)
    } else if fits.iter().any(|f| f.mv == taken && f.edits == 1) {
        (Why::Slip(side), Vec::new())
    } else {
        (Why::OnlyLegal(side), Vec::new())
    }
}

/// The last ply the moves `after` stay legal when `other` is played at ply `ply` from `pos`.
pub(super) fn reach_with(pos: &Chess, other: Move, after: &[&Node], ply: u32) -> u32 {
    let mut p = pos.clone();
    p.play_unchecked(other);
    let mut reach = ply;
    for n in after {
        if !p.is_legal(n.mv) {
            break;
        }
        p.play_unchecked(n.mv);
        reach += 1;
    }
    reach
}
