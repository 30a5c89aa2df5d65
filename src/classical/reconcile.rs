//! Two sheets of one classical game (`formats.md` §8): in a classical game each player
//! writes both sides' moves, and when the two sheets differ the arbiter must work out which
//! reading is the game that was played.
//!
//! The sheets are aligned ply by ply as an edit distance is computed, with the board as
//! referee. A cell `(i, j)` of the table holds the positions reached once `i` moves of sheet
//! A and `j` of sheet B are used up, each with the number of differences on the way; from a
//! position the next ply is one of:
//!
//! - a move both sheets write (no difference);
//! - A's move where B writes another (one difference), or B's where A writes another;
//! - A's move that B skipped (B's later moves stand one ply on: one difference, not a
//!   cascade), or B's move that A skipped;
//! - once one sheet has ended (FIDE 8.4: in the last minutes a player need not write), the
//!   other sheet's moves (no difference).
//!
//! A move is taken only when it is legal. Of all ways through, the one that replays legally
//! furthest wins: measured as the written moves it uses up, less two for each difference
//! (so a cascade of differences that happens to stay legal never beats the plain reading
//! that stops where neither sheet has a legal move), then the most moves used, then the
//! fewest differences; two ways that tie and give different games are an honest tie
//! (`ambiguous-reconciliation`). A `_` (unreadable character, [`super::fill`]) on a sheet
//! stands for every legal move it fits.
//!
//! # Bounds
//!
//! The table is a band: while both sheets go on, one may be at most [`BAND`] moves ahead of
//! the other, and a cell keeps at most [`PER_CELL`] positions (the fewest differences). The
//! work is at most (moves of A + moves of B) × (2 × [`BAND`] + 1) × [`PER_CELL`] steps, each
//! matching two written moves.

use super::fill::{is_pattern, readings, resolve};
use crate::finding::{Code, Finding, Severity};
use crate::notation::classical::{RawGame, TAG_NAMES, TokenKind};
use crate::notation::san::{Notation, write_san};
use crate::span::Span;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The most moves one sheet may be ahead of the other while both go on (skipped moves).
pub const BAND: usize = 6;
/// The most positions a cell of the table keeps.
pub const PER_CELL: usize = 8;

/// Which sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first sheet named.
    A,
    /// The second.
    B,
}

impl Side {
    /// `A` or `B`.
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }

    /// The other sheet.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// One move as a sheet writes it.
#[derive(Debug, Clone, Copy)]
pub struct Word<'a> {
    /// The text.
    pub text: &'a str,
    /// Where it stands in the sheet's file.
    pub span: Span,
}

/// One sheet: the moves of its main line, in its own notation.
#[derive(Debug, Clone)]
pub struct Sheet<'a> {
    /// The moves.
    pub words: Vec<Word<'a>>,
    /// The notation the sheet is read in.
    pub notation: Notation,
    /// The sheet uses a jolly (not followed here: a finding says so).
    pub jolly: bool,
}

impl<'a> Sheet<'a> {
    /// The main line of a parsed game; `notation` forces the notation.
    pub fn from_raw(raw: &RawGame<'a>, notation: Option<Notation>) -> Sheet<'a> {
        let words = raw
            .tokens
            .iter()
            .filter(|t| t.depth == 0)
            .filter_map(|t| match t.kind {
                TokenKind::Move(text) => Some(Word { text, span: t.span }),
                _ => None,
            })
            .collect();
        Sheet {
            words,
            notation: notation.unwrap_or_else(|| raw.notation()),
            jolly: raw.tokens.iter().any(|t| t.kind == TokenKind::Jolly),
        }
    }

    /// The legal moves a written move names in `pos`: one, none, or (for a `_`) several.
    fn moves(&self, pos: &Chess, i: usize) -> Vec<Move> {
        let Some(w) = self.words.get(i) else {
            return Vec::new();
        };
        if is_pattern(w.text) {
            readings(pos, w.text, self.notation)
                .into_iter()
                .map(|r| r.mv)
                .collect()
        } else {
            resolve(pos, w.text, self.notation).into_iter().collect()
        }
    }
}

/// Why a move of the reconciled game was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Both sheets write it.
    Agree,
    /// Only this sheet's move is legal (the other's is not, or fits no legal move).
    OnlyLegal(Side),
    /// Both moves are legal; with this sheet's the game replays further.
    LaterMoves(Side),
    /// Both moves are legal and the game replays as far with either: this sheet's was
    /// followed here, the other reading is the alternative (an honest tie).
    Tied(Side),
    /// The other sheet skips this move (its later moves stand one ply on).
    Skipped(Side),
    /// The other sheet has ended (FIDE 8.4); the move is this sheet's.
    Ended(Side),
}

/// One ply of the side-by-side table.
#[derive(Debug, Clone)]
pub struct Row {
    /// 1-based.
    pub ply: u32,
    /// Sheet A's move for this ply, as written.
    pub a: Option<String>,
    /// Sheet B's.
    pub b: Option<String>,
    /// The move taken.
    pub taken: SanPlus,
    /// Why.
    pub why: Why,
    /// Where both moves were legal: the last ply the moves taken after this one stay legal
    /// with the other sheet's move instead.
    pub other_reach: Option<u32>,
}

impl Row {
    /// The move taken, in a notation.
    pub fn taken_text(&self, notation: Notation) -> String {
        let mut s = write_san(&self.taken.san, notation);
        if let Some(suffix) = self.taken.suffix {
            s.push(suffix.char());
        }
        s
    }

    /// The sheets differ at this ply.
    pub fn differs(&self) -> bool {
        self.why != Why::Agree && !matches!(self.why, Why::Ended(_))
    }
}

/// How the two sheets came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// One game: the rows say how.
    Reconciled,
    /// Two readings replay equally far: `alternative` holds the other.
    Ambiguous,
    /// The sheets do not record the same game.
    DifferentGames,
}

/// A finding about one sheet (its span is in that sheet's file) or about both.
#[derive(Debug, Clone)]
pub struct SheetFinding {
    /// The sheet the span points into, if any.
    pub side: Option<Side>,
    /// The finding.
    pub finding: Finding,
}

/// The result of [`reconcile`].
#[derive(Debug, Clone)]
pub struct Reconciliation {
    /// The starting position.
    pub start: Chess,
    /// The reconciled game.
    pub moves: Vec<Move>,
    /// Ply by ply.
    pub rows: Vec<Row>,
    /// The other way through, when the outcome is [`Outcome::Ambiguous`].
    pub alternative: Vec<Row>,
    /// What was found, in ply order.
    pub findings: Vec<SheetFinding>,
    /// How it came out.
    pub outcome: Outcome,
    /// Moves of A and of B the reconciled game uses.
    pub used: (usize, usize),
    /// Moves written on A and on B.
    pub written: (usize, usize),
}

/// How a step of the way was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Agree,
    Took(Side),
    Skipped(Side),
    Ended(Side),
}

/// One step of a way through the table, newest first (shared between ways).
struct Node {
    mv: Move,
    step: Step,
    /// The indices of the words used (A, B) before the step.
    at: (usize, usize),
    prev: Option<Rc<Node>>,
}

/// One position in a cell.
struct Entry {
    pos: Chess,
    cost: u32,
    path: Option<Rc<Node>>,
    /// Another way to the same position with as many differences, through other moves
    /// (the two readings then go on alike: a tie the later moves cannot break).
    rival: Option<Rc<Node>>,
}

/// The moves of a way, newest first.
fn moves_back(path: &Option<Rc<Node>>) -> impl Iterator<Item = Move> + '_ {
    std::iter::successors(path.as_deref(), |n| n.prev.as_deref()).map(|n| n.mv)
}

/// A way that can go no further.
struct End {
    used: usize,
    cost: u32,
    at: (usize, usize),
    path: Option<Rc<Node>>,
    rival: Option<Rc<Node>>,
}

fn same(a: &Chess, b: &Chess) -> bool {
    a.turn() == b.turn() && a.board() == b.board()
}

/// The search over the table (see the module documentation).
struct Table<'s, 'a> {
    a: &'s Sheet<'a>,
    b: &'s Sheet<'a>,
    cells: BTreeMap<(usize, usize), Vec<Entry>>,
    ends: Vec<End>,
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
        v.sort_by_key(|e| e.cost);
        v.truncate(PER_CELL);
    }

    fn step(
        &mut self,
        (i, j): (usize, usize),
        e: &Entry,
        mv: Move,
        step: Step,
        to: (usize, usize),
    ) {
        let cost = e.cost + u32::from(matches!(step, Step::Took(_) | Step::Skipped(_)));
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
            },
        );
    }

    /// Every way on from entry `e` of cell `(i, j)`; none: the way ends there.
    fn expand(&mut self, (i, j): (usize, usize), e: Entry) {
        let (na, nb) = (self.a.words.len(), self.b.words.len());
        let ma = self.a.moves(&e.pos, i);
        let mb = self.b.moves(&e.pos, j);
        let cell = (i, j);
        if i < na && j < nb {
            for &m in &ma {
                let step = if mb.contains(&m) {
                    Step::Agree
                } else {
                    Step::Took(Side::A)
                };
                self.step(cell, &e, m, step, (i + 1, j + 1));
                self.step(cell, &e, m, Step::Skipped(Side::B), (i + 1, j));
            }
            for &m in mb.iter().filter(|m| !ma.contains(m)) {
                self.step(cell, &e, m, Step::Took(Side::B), (i + 1, j + 1));
            }
            for &m in &mb {
                self.step(cell, &e, m, Step::Skipped(Side::A), (i, j + 1));
            }
        } else if i < na {
            for &m in &ma {
                self.step(cell, &e, m, Step::Ended(Side::B), (i + 1, j));
            }
        } else {
            for &m in &mb {
                self.step(cell, &e, m, Step::Ended(Side::A), (i, j + 1));
            }
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

    fn run(mut self, start: &Chess) -> Vec<End> {
        self.push(
            (0, 0),
            Entry {
                pos: start.clone(),
                cost: 0,
                path: None,
                rival: None,
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

/// How good a way is: the written moves it uses, less two for each difference (a ply where
/// the sheets differ uses two moves and gains nothing, so that a cascade of differences
/// never beats stopping where no sheet has a legal move).
fn score(e: &End) -> i64 {
    e.used as i64 - 2 * i64::from(e.cost)
}

/// The steps of a way, oldest first.
fn steps(path: &Option<Rc<Node>>) -> Vec<&Node> {
    let mut out = Vec::new();
    let mut at = path.as_deref();
    while let Some(n) = at {
        out.push(n);
        at = n.prev.as_deref();
    }
    out.reverse();
    out
}

/// Aligns sheet A and sheet B of one game from `start`.
///
/// ```
/// use arbitro::classical::reconcile::{reconcile, Sheet, Outcome};
/// use arbitro::notation::classical::games;
/// use shakmaty::Chess;
/// let a = games("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6").next().unwrap();
/// let b = games("1.e4 e5 2.Cf3 Cc6 3.Ab4 a6").next().unwrap(); // a slip: Ab4 is illegal
/// let r = reconcile(&Sheet::from_raw(&a, None), &Sheet::from_raw(&b, None), &Chess::default());
/// assert_eq!(r.outcome, Outcome::Reconciled);
/// assert_eq!(r.moves.len(), 6);
/// assert_eq!(r.findings[0].finding.code.as_str(), "sheets-differ");
/// ```
pub fn reconcile(a: &Sheet<'_>, b: &Sheet<'_>, start: &Chess) -> Reconciliation {
    let table = Table {
        a,
        b,
        cells: BTreeMap::new(),
        ends: Vec::new(),
    };
    let mut ends = table.run(start);
    if ends.is_empty() {
        // Cannot happen (every way ends somewhere), but never index an empty list.
        ends.push(End {
            used: 0,
            cost: 0,
            at: (0, 0),
            path: None,
            rival: None,
        });
    }
    ends.sort_by(|x, y| {
        score(y)
            .cmp(&score(x))
            .then(y.used.cmp(&x.used))
            .then(x.cost.cmp(&y.cost))
    });
    let best = &ends[0];
    let best_steps = steps(&best.path);
    let moves: Vec<Move> = best_steps.iter().map(|n| n.mv).collect();
    let rival = match &best.rival {
        Some(r) => Some(Some(r.clone())),
        None => ends
            .iter()
            .skip(1)
            .take_while(|e| score(e) == score(best) && e.used == best.used && e.cost == best.cost)
            .find(|e| {
                steps(&e.path)
                    .iter()
                    .map(|n| n.mv)
                    .ne(moves.iter().copied())
            })
            .map(|e| e.path.clone()),
    };
    let mut rows = rows(a, b, start, &best_steps);
    let outcome = outcome_of(&rows, rival.is_some());
    let mut alternative = match rival {
        Some(r) if outcome == Outcome::Ambiguous => rows_of(a, b, start, &r),
        _ => Vec::new(),
    };
    mark_ties(&mut rows, &mut alternative);
    let mut rec = Reconciliation {
        start: start.clone(),
        moves,
        rows,
        alternative,
        findings: Vec::new(),
        outcome,
        used: best.at,
        written: (a.words.len(), b.words.len()),
    };
    rec.findings = findings(a, b, &rec);
    rec
}

/// Different games when most plies where both sheets give a move disagree; otherwise one
/// game, read one way or (with a rival reading as good) two.
fn outcome_of(rows: &[Row], rival: bool) -> Outcome {
    let agreed = rows.iter().filter(|r| r.why == Why::Agree).count();
    let both = rows
        .iter()
        .filter(|r| r.a.is_some() && r.b.is_some())
        .count();
    if both >= 2 && agreed * 2 < both {
        Outcome::DifferentGames
    } else if rival {
        Outcome::Ambiguous
    } else {
        Outcome::Reconciled
    }
}

/// Where the two readings take different moves, the later moves decide nothing: the rows
/// say the sheets are tied there.
fn mark_ties(rows: &mut [Row], alternative: &mut [Row]) {
    for (x, y) in rows.iter_mut().zip(alternative.iter_mut()) {
        if x.taken != y.taken {
            for r in [x, y] {
                if let Why::LaterMoves(side) = r.why {
                    r.why = Why::Tied(side);
                }
            }
        }
    }
}

fn rows_of(a: &Sheet<'_>, b: &Sheet<'_>, start: &Chess, path: &Option<Rc<Node>>) -> Vec<Row> {
    rows(a, b, start, &steps(path))
}

/// The side-by-side table of a way.
fn rows(a: &Sheet<'_>, b: &Sheet<'_>, start: &Chess, steps: &[&Node]) -> Vec<Row> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(steps.len());
    for (k, n) in steps.iter().enumerate() {
        let (i, j) = n.at;
        let text = |s: &Sheet<'_>, i: usize| s.words.get(i).map(|w| w.text.to_string());
        let (wa, wb) = match n.step {
            Step::Agree | Step::Took(_) => (text(a, i), text(b, j)),
            Step::Skipped(Side::B) | Step::Ended(Side::B) => (text(a, i), None),
            Step::Skipped(Side::A) | Step::Ended(Side::A) => (None, text(b, j)),
        };
        let mut other_reach = None;
        let why = match n.step {
            Step::Agree => Why::Agree,
            Step::Took(side) => {
                let (sheet, idx) = match side {
                    Side::A => (b, j),
                    Side::B => (a, i),
                };
                match sheet.moves(&pos, idx).first() {
                    None => Why::OnlyLegal(side),
                    Some(&other) => {
                        other_reach = Some(reach_with(&pos, other, &steps[k + 1..], k as u32 + 1));
                        Why::LaterMoves(side)
                    }
                }
            }
            Step::Skipped(missing) => Why::Skipped(missing.other()),
            Step::Ended(ended) => Why::Ended(ended.other()),
        };
        let taken = SanPlus::from_move_and_play_unchecked(&mut pos, n.mv);
        out.push(Row {
            ply: k as u32 + 1,
            a: wa,
            b: wb,
            taken,
            why,
            other_reach,
        });
    }
    out
}

/// The last ply the moves `after` stay legal when `other` is played at ply `ply` from `pos`.
fn reach_with(pos: &Chess, other: Move, after: &[&Node], ply: u32) -> u32 {
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

fn mover(ply: u32, start: &Chess) -> (Color, u32) {
    let white_first = start.turn() == Color::White;
    let first = start.fullmoves().get();
    let k = ply - 1 + u32::from(!white_first);
    let color = if k.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    (color, first + k / 2)
}

/// `3.Cf3` or `3...Cf6` for ply `ply` of a game from `start`.
fn label(ply: u32, start: &Chess, text: &str) -> String {
    let (color, n) = mover(ply, start);
    if color == Color::White {
        format!("{n}.{text}")
    } else {
        format!("{n}...{text}")
    }
}

fn place(f: Finding, ply: u32, start: &Chess, span: Option<Span>) -> Finding {
    let (color, n) = mover(ply, start);
    let f = f.on_sheet(color, n, ply);
    match span {
        Some(s) => f.at(s),
        None => f,
    }
}

/// The findings on a reconciliation, in ply order.
fn findings(a: &Sheet<'_>, b: &Sheet<'_>, rec: &Reconciliation) -> Vec<SheetFinding> {
    let mut out: Vec<SheetFinding> = [(Side::A, a), (Side::B, b)]
        .into_iter()
        .filter(|(_, s)| s.jolly)
        .map(|(side, _)| SheetFinding {
            side: Some(side),
            finding: Finding::new(
                Code::SheetsDiffer,
                format!(
                    "sheet {} plays a jolly: reconcile compares the moves as written, jolly left out",
                    side.name()
                ),
            )
            .it(format!(
                "il formulario {} gioca un jolly: reconcile confronta le mosse come sono scritte, senza il jolly",
                side.name()
            )),
        })
        .collect();
    if rec.outcome == Outcome::DifferentGames {
        out.push(SheetFinding {
            side: None,
            finding: different_games(a, b, rec),
        });
        return out;
    }
    let mut ended_noted = false;
    for r in &rec.rows {
        let span = |side: Side| word_span(a, b, rec, side, r.ply);
        if let Some((side, f)) = read_smudge(r, &rec.start, a.notation) {
            let f = place(f, r.ply, &rec.start, span(side));
            out.push(SheetFinding {
                side: Some(side),
                finding: f,
            });
        }
        if matches!(r.why, Why::Ended(_)) {
            if ended_noted {
                continue;
            }
            ended_noted = true;
        }
        if let Some((side, f)) = difference(r, &rec.start, a.notation) {
            let f = if f.rule.is_none() {
                f.rule("FIDE 8.1")
            } else {
                f
            };
            out.push(SheetFinding {
                side: Some(side),
                finding: place(f, r.ply, &rec.start, span(side)),
            });
        }
    }
    if rec.outcome == Outcome::Ambiguous {
        out.push(SheetFinding {
            side: None,
            finding: ambiguous(rec, a.notation),
        });
    }
    out.extend(stop(a, b, rec));
    out
}

/// The `different-games` finding.
fn different_games(a: &Sheet<'_>, b: &Sheet<'_>, rec: &Reconciliation) -> Finding {
    let agreed = rec.rows.iter().filter(|r| r.why == Why::Agree).count();
    let both = rec
        .rows
        .iter()
        .filter(|r| r.a.is_some() && r.b.is_some())
        .count();
    fn first<'a>(s: &Sheet<'a>, none: &'a str) -> &'a str {
        s.words.first().map_or(none, |w| w.text)
    }
    Finding::new(
        Code::DifferentGames,
        format!(
            "the two sheets do not record the same game: they agree on {agreed} of {both} moves (A begins {}, B begins {})",
            first(a, "nothing"),
            first(b, "nothing")
        ),
    )
    .it(format!(
        "i due formulari non registrano la stessa partita: concordano su {agreed} mosse su {both} (A comincia con {}, B con {})",
        first(a, "niente"),
        first(b, "niente")
    ))
    .rule("FIDE 8.1")
    .hint2(
        "check that both sheets are of the same game and round",
        "controlla che i due formulari siano della stessa partita e dello stesso turno",
    )
}

/// Where a sheet's move for `ply` stands in its file, when the sheet has one there.
fn word_span(
    a: &Sheet<'_>,
    b: &Sheet<'_>,
    rec: &Reconciliation,
    side: Side,
    ply: u32,
) -> Option<Span> {
    let row = rec.rows.get(ply as usize - 1)?;
    let (i, j) = index_of(rec, ply);
    match side {
        Side::A => row.a.as_ref().and(a.words.get(i)).map(|w| w.span),
        Side::B => row.b.as_ref().and(b.words.get(j)).map(|w| w.span),
    }
}

/// A `filled-unreadable` finding when the move taken at a row was read from a smudge: from
/// the other sheet when they agree, else by how far the game replays.
fn read_smudge(r: &Row, start: &Chess, notation: Notation) -> Option<(Side, Finding)> {
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let from = match r.why {
        Why::Agree => return filled(r, &at),
        Why::OnlyLegal(s) | Why::LaterMoves(s) | Why::Tied(s) | Why::Skipped(s) | Why::Ended(s) => {
            s
        }
    };
    let word = if from == Side::A { &r.a } else { &r.b };
    let w = word.as_deref().filter(|w| is_pattern(w))?;
    let f = Finding::new(
        Code::FilledUnreadable,
        format!(
            "sheet {}'s {w} is read as {at}: the reading with which the game replays furthest",
            from.name()
        ),
    )
    .it(format!(
        "{w} del formulario {} è letta come {at}: la lettura con cui la partita si rigioca più a lungo",
        from.name()
    ))
    .label2(format!("read as {taken}"), format!("letta come {taken}"))
    .rule("FIDE 8.1");
    Some((from, f))
}

/// The finding on a row where the sheets differ (`sheets-differ`, `sheet-gap`), on the sheet
/// whose word it points at.
fn difference(r: &Row, start: &Chess, notation: Notation) -> Option<(Side, Finding)> {
    let taken = r.taken_text(notation);
    let at = label(r.ply, start, &taken);
    let wa = r.a.as_deref().unwrap_or("-");
    let wb = r.b.as_deref().unwrap_or("-");
    let found = match r.why {
        Why::Agree | Why::Tied(_) => return None,
        Why::OnlyLegal(side) | Why::LaterMoves(side) => {
            (side.other(), sheets_differ(r, side, &at, (wa, wb), &taken))
        }
        Why::Skipped(side) | Why::Ended(side) => (side, sheet_gap(r, side, &at)),
    };
    Some(found)
}

/// The `sheets-differ` finding where the two sheets give two moves and one decides: the
/// only legal one (an info), or the one the later moves go on with (a warning).
fn sheets_differ(r: &Row, side: Side, at: &str, (wa, wb): (&str, &str), taken: &str) -> Finding {
    match r.why {
        Why::OnlyLegal(_) => Finding::new(
            Code::SheetsDiffer,
            format!(
                "at {at} the sheets differ (A: {wa}, B: {wb}); only sheet {}'s move is legal",
                side.name()
            ),
        )
        .it(format!(
            "a {at} i formulari differiscono (A: {wa}, B: {wb}); è legale solo la mossa del formulario {}",
            side.name()
        ))
        .with_severity(Severity::Info)
        .label2(
            format!("sheet {} says {taken}", side.name()),
            format!("il formulario {} dice {taken}", side.name()),
        ),
        _ => Finding::new(
            Code::SheetsDiffer,
            format!(
                "at {at} the sheets differ (A: {wa}, B: {wb}) and both moves are legal; the later moves decide for sheet {}: with sheet {}'s the moves that follow stop being legal after ply {}",
                side.name(),
                side.other().name(),
                r.other_reach.unwrap_or(r.ply)
            ),
        )
        .it(format!(
            "a {at} i formulari differiscono (A: {wa}, B: {wb}) e le due mosse sono legali; decidono le mosse successive, per il formulario {}: con quella del formulario {} le mosse che seguono smettono di essere legali dopo la semimossa {}",
            side.name(),
            side.other().name(),
            r.other_reach.unwrap_or(r.ply)
        ))
        .label2(
            format!("sheet {} says {taken}", side.name()),
            format!("il formulario {} dice {taken}", side.name()),
        ),
    }
}

/// The `sheet-gap` finding where one sheet has a move the other skipped, or goes on after
/// the other stops (FIDE 8.4).
fn sheet_gap(r: &Row, side: Side, at: &str) -> Finding {
    match r.why {
        Why::Skipped(_) => Finding::new(
            Code::SheetGap,
            format!(
                "sheet {} skips {at}, which sheet {} has; its later moves stand one ply on",
                side.other().name(),
                side.name()
            ),
        )
        .it(format!(
            "il formulario {} salta {at}, che il formulario {} riporta; le sue mosse successive sono spostate di una semimossa",
            side.other().name(),
            side.name()
        ))
        .label2(
            format!("missing on sheet {}", side.other().name()),
            format!("manca sul formulario {}", side.other().name()),
        ),
        _ => Finding::new(
            Code::SheetGap,
            format!(
                "sheet {} stops before {at}; from there on the moves are sheet {}'s alone (FIDE 8.4: in the last minutes a player need not write)",
                side.other().name(),
                side.name()
            ),
        )
        .it(format!(
            "il formulario {} si ferma prima di {at}; da lì in poi le mosse sono solo del formulario {} (FIDE 8.4: negli ultimi minuti un giocatore può non scrivere)",
            side.other().name(),
            side.name()
        ))
        .rule("FIDE 8.4")
        .label2(
            format!("sheet {} goes on", side.name()),
            format!("il formulario {} prosegue", side.name()),
        ),
    }
}

/// The `illegal-move` finding where neither sheet has a legal move and moves are left.
fn stop(a: &Sheet<'_>, b: &Sheet<'_>, rec: &Reconciliation) -> Option<SheetFinding> {
    let (ua, ub) = rec.used;
    if ua >= a.words.len() && ub >= b.words.len() {
        return None;
    }
    let ply = rec.rows.len() as u32 + 1;
    let wa = a.words.get(ua).map_or("-", |w| w.text);
    let wb = b.words.get(ub).map_or("-", |w| w.text);
    let (side, word) = match a.words.get(ua) {
        Some(w) => (Side::A, w),
        None => (Side::B, &b.words[ub]),
    };
    let at = label(ply, &rec.start, "?");
    let at = at.trim_end_matches('?');
    let f = Finding::new(
        Code::IllegalMove,
        format!(
            "at {at} neither sheet has a legal move (A: {wa}, B: {wb}); the game stops after ply {}",
            ply - 1
        ),
    )
    .it(format!(
        "a {at} nessuno dei due formulari ha una mossa legale (A: {wa}, B: {wb}); la partita si ferma dopo la semimossa {}",
        ply - 1
    ))
    .label2("not legal here", "qui non è legale")
    .rule("FIDE 3");
    Some(SheetFinding {
        side: Some(side),
        finding: place(f, ply, &rec.start, Some(word.span)),
    })
}

/// The indices of the words the step at `ply` used.
fn index_of(rec: &Reconciliation, ply: u32) -> (usize, usize) {
    // Rows are built from the path in order; recount the words used before `ply`.
    let (mut i, mut j) = (0, 0);
    for r in rec.rows.iter().take(ply as usize - 1) {
        i += usize::from(r.a.is_some());
        j += usize::from(r.b.is_some());
    }
    (i, j)
}

/// A `filled-unreadable` finding when a pattern on one sheet was read as the other's move.
fn filled(r: &Row, at: &str) -> Option<(Side, Finding)> {
    let (side, word) = match (&r.a, &r.b) {
        (Some(x), _) if is_pattern(x) => (Side::A, x),
        (_, Some(y)) if is_pattern(y) => (Side::B, y),
        _ => return None,
    };
    let f = Finding::new(
        Code::FilledUnreadable,
        format!(
            "sheet {}'s {word} is read as {at}, as sheet {} has it",
            side.name(),
            side.other().name()
        ),
    )
    .it(format!(
        "{word} del formulario {} è letta come {at}, come la riporta il formulario {}",
        side.name(),
        side.other().name()
    ))
    .label2("read from the other sheet", "letta dall'altro formulario");
    Some((side, f))
}

/// The `ambiguous-reconciliation` finding: both ways, with how far each goes.
fn ambiguous(rec: &Reconciliation, notation: Notation) -> Finding {
    let first = rec
        .rows
        .iter()
        .zip(&rec.alternative)
        .find(|(x, y)| x.taken != y.taken);
    let from = |r: &Row, sheet: &str| match r.why {
        Why::Tied(s) | Why::LaterMoves(s) | Why::OnlyLegal(s) => {
            format!(" ({sheet} {})", s.name())
        }
        _ => String::new(),
    };
    let (detail, detail_it) = match first {
        Some((x, y)) => {
            let (lx, ly) = (
                label(x.ply, &rec.start, &x.taken_text(notation)),
                label(y.ply, &rec.start, &y.taken_text(notation)),
            );
            (
                format!(
                    "at ply {} one reading plays {lx}{}, the other {ly}{}",
                    x.ply,
                    from(x, "sheet"),
                    from(y, "sheet")
                ),
                format!(
                    "alla semimossa {} una lettura gioca {lx}{}, l'altra {ly}{}",
                    x.ply,
                    from(x, "formulario"),
                    from(y, "formulario")
                ),
            )
        }
        None => (
            "the two readings differ in length".to_string(),
            "le due letture hanno lunghezze diverse".to_string(),
        ),
    };
    Finding::new(
        Code::AmbiguousReconciliation,
        format!(
            "two readings of the sheets replay equally far (one to ply {}, the other to ply {}) with as many differences: {detail}",
            rec.rows.len(),
            rec.alternative.len()
        ),
    )
    .it(format!(
        "due letture dei formulari si rigiocano fino allo stesso punto (una fino alla semimossa {}, l'altra fino alla {}) con altrettante differenze: {detail_it}",
        rec.rows.len(),
        rec.alternative.len()
    ))
    .rule("FIDE 8.1")
    .hint2(
        "ask the players, or look for a third record (the clock's move counter, a spectator's sheet)",
        "chiedi ai giocatori, o cerca una terza registrazione (il contamosse dell'orologio, il formulario di uno spettatore)",
    )
}

/// The tags the two sheets give differently, as `sheets-differ` warnings (on sheet B).
pub fn tag_differences(a: &RawGame<'_>, b: &RawGame<'_>) -> Vec<SheetFinding> {
    let canonical = |name: &str| -> String {
        TAG_NAMES
            .iter()
            .find(|(it, en)| name.eq_ignore_ascii_case(it) || name.eq_ignore_ascii_case(en))
            .map_or(name.to_string(), |(_, en)| (*en).to_string())
    };
    let mut out = Vec::new();
    for t in &b.tags {
        let name = canonical(t.tag.name);
        let other = a
            .tags
            .iter()
            .find(|u| canonical(u.tag.name) == name)
            .map(|u| &*u.tag.value);
        if let Some(v) = other
            && v.trim() != t.tag.value.trim()
        {
            out.push(SheetFinding {
                side: Some(Side::B),
                finding: Finding::new(
                    Code::SheetsDiffer,
                    format!(
                        "the tag {name} differs: sheet A \"{v}\", sheet B \"{}\"",
                        t.tag.value
                    ),
                )
                // In Italian, the tag as the sheet names it (`Evento`, `Nero`).
                .it(format!(
                    "il tag {} è diverso: formulario A \"{v}\", formulario B \"{}\"",
                    t.tag.name, t.tag.value
                ))
                .at(t.span)
                .label2("differs from sheet A", "diverso dal formulario A"),
            });
        }
    }
    if let (Some(x), Some(y)) = (a.declared_result(), b.declared_result())
        && x != y
        && !out.iter().any(|f| f.finding.message.contains("tag Result"))
    {
        out.push(SheetFinding {
            side: None,
            finding: Finding::new(
                Code::SheetsDiffer,
                format!(
                    "the sheets declare different results: A {}, B {}",
                    x.as_str(),
                    y.as_str()
                ),
            )
            .it(format!(
                "i formulari dichiarano risultati diversi: A {}, B {}",
                x.as_str(),
                y.as_str()
            )),
        });
    }
    out
}

/// The reconciled game as a PGN text (English SAN): sheet A's tags, the moves, sheet A's
/// declared result. Read it back with [`crate::notation::classical::games`] and replay it
/// for the result the board gives.
pub fn game_text(rec: &Reconciliation, a: &RawGame<'_>) -> String {
    let mut out = String::new();
    let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    for t in &a.tags {
        out.push_str(&format!("[{} \"{}\"]\n", t.tag.name, escape(&t.tag.value)));
    }
    out.push('\n');
    for r in &rec.rows {
        if r.ply > 1 || rec.start.turn() == Color::White {
            out.push_str(&label(r.ply, &rec.start, &r.taken_text(Notation::English)));
        } else {
            out.push_str(&r.taken_text(Notation::English));
        }
        out.push(' ');
    }
    let result = a.declared_result().map_or("*", |r| r.as_str());
    out.push_str(result);
    out.push('\n');
    out
}

/// The `{A: …, B: …}` comment of every ply where the sheets differ.
pub fn comments(rec: &Reconciliation) -> Vec<(u32, String)> {
    rec.rows
        .iter()
        .filter(|r| {
            r.differs()
                || r.a.as_deref().is_some_and(is_pattern)
                || r.b.as_deref().is_some_and(is_pattern)
        })
        .map(|r| {
            (
                r.ply,
                format!(
                    "A: {}, B: {}",
                    r.a.as_deref().unwrap_or("-"),
                    r.b.as_deref().unwrap_or("-")
                ),
            )
        })
        .collect()
}
