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
//!
//! - `align`: the search and the rows of the way taken.
//! - `findings`: what is said about the sheets.

mod align;
mod findings;
mod result;

pub use findings::tag_differences;
pub use result::{ResultSource, SettledResult, result_finding, settle};

use self::align::{End, Table, rows, rows_of, score, steps};
use self::findings::label;

use super::fill::{is_pattern, readings, resolve};
use super::slip::{edits_to, fitting};
use crate::finding::Finding;
use crate::notation::classical::{GameResult, RawGame, TokenKind};
use crate::notation::san::{Notation, write_san};
use crate::span::Span;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};
use std::collections::BTreeMap;

/// The most moves one sheet may be ahead of the other while both go on (skipped moves).
pub const BAND: usize = 6;
/// The most positions a cell of the table keeps.
pub const PER_CELL: usize = 8;

/// Which sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SheetLetter {
    /// The first sheet named.
    A,
    /// The second.
    B,
}

impl SheetLetter {
    /// `A` or `B`.
    pub fn name(self) -> &'static str {
        match self {
            SheetLetter::A => "A",
            SheetLetter::B => "B",
        }
    }

    /// The other sheet.
    pub fn other(self) -> SheetLetter {
        match self {
            SheetLetter::A => SheetLetter::B,
            SheetLetter::B => SheetLetter::A,
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
            .filter(|t| t.depth() == 0)
            .filter_map(|t| match t.kind() {
                TokenKind::Move => Some(Word {
                    text: raw.word(t),
                    span: raw.span_of(t),
                }),
                _ => None,
            })
            .collect();
        Sheet {
            words,
            notation: notation.unwrap_or_else(|| raw.notation()),
            jolly: raw.tokens.iter().any(|t| t.kind() == TokenKind::Jolly),
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

    /// The legal moves the written move `i`, which names none, is meant as: those it fits as
    /// written (ambiguous), else those it fits with one slip of the pen; none for a `_`.
    fn meant(&self, pos: &Chess, i: usize) -> Vec<Move> {
        let Some(w) = self.words.get(i).filter(|w| !is_pattern(w.text)) else {
            return Vec::new();
        };
        let fits = fitting(pos, w.text, self.notation);
        let best = fits.first().map_or(0, |f| f.edits);
        fits.into_iter()
            .take_while(|f| f.edits == best)
            .map(|f| f.mv)
            .collect()
    }

    /// Every legal move the written move `i` fits as written (ambiguous) or with one slip
    /// of the pen; none for a `_`.
    fn fitting(&self, pos: &Chess, i: usize) -> Vec<Move> {
        self.words
            .get(i)
            .filter(|w| !is_pattern(w.text))
            .map(|w| {
                fitting(pos, w.text, self.notation)
                    .into_iter()
                    .map(|f| f.mv)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The written move `i`, which names no legal move, fits the legal move `m` all the
    /// same: it is ambiguous and `m` is one of its readings, or it is `m` with one slip of
    /// the pen ([`crate::classical::slip`]). A `_` fits through [`Sheet::moves`] instead.
    fn fits(&self, i: usize, m: Move) -> bool {
        self.words
            .get(i)
            .is_some_and(|w| !is_pattern(w.text) && edits_to(w.text, m, self.notation) <= 1)
    }
}

/// Why a move of the reconciled game was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Both sheets write it.
    Agree,
    /// Only this sheet's move is legal (the other's is not, or fits no legal move).
    OnlyLegal(SheetLetter),
    /// The other sheet's move is ambiguous (it fits several legal moves, listed in
    /// [`AlignedPly::could_be`]); this sheet's reading is taken.
    Ambiguous(SheetLetter),
    /// The other sheet's move is not legal and is this sheet's move with one slip of the pen
    /// (a letter, a square character, a disambiguation, `x`/`:`; issue 28 point 4).
    Slip(SheetLetter),
    /// Both moves are legal; with this sheet's the game replays further.
    LaterMoves(SheetLetter),
    /// Both moves are legal and the game replays as far with either: this sheet's was
    /// followed here, the other reading is the alternative (an honest tie).
    Tied(SheetLetter),
    /// The other sheet skips this move (its later moves stand one ply on).
    Skipped(SheetLetter),
    /// The other sheet has ended (FIDE 8.4); the move is this sheet's.
    Ended(SheetLetter),
    /// The other sheet has ended and this sheet's word names no legal move: it is read as
    /// the move taken, one it fits (ambiguous: [`AlignedPly::could_be`] lists its readings;
    /// else one slip of the pen), the one with which the game replays furthest.
    ReadOn(SheetLetter),
    /// Neither sheet's word names a legal move and both fit the move taken (a slip on both
    /// sheets at the same ply, or an ambiguous move on both: [`AlignedPly::could_be`] then
    /// lists what both could be); the later moves agree with it.
    BothSlip,
}

/// One ply of the side-by-side table.
#[derive(Debug, Clone)]
pub struct AlignedPly {
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
    /// Where [`Why::Ambiguous`]: the moves the other sheet's word could be; where
    /// [`Why::BothSlip`], the moves both words could be, when more than one.
    pub could_be: Vec<SanPlus>,
}

impl AlignedPly {
    /// The move taken, in a notation.
    pub fn taken_text(&self, notation: Notation) -> String {
        san_plus_text(&self.taken, notation)
    }

    /// The moves the other sheet's ambiguous word could be ([`Why::Ambiguous`]), in a
    /// notation.
    pub fn could_be_texts(&self, notation: Notation) -> Vec<String> {
        self.could_be
            .iter()
            .map(|m| san_plus_text(m, notation))
            .collect()
    }

    /// The sheets differ at this ply (a slip on both is a difference only where the two
    /// words differ).
    pub fn differs(&self) -> bool {
        match self.why {
            Why::Agree | Why::Ended(_) | Why::ReadOn(_) => false,
            Why::BothSlip => self.a != self.b,
            _ => true,
        }
    }
}

/// A move with its check mark, in a notation.
fn san_plus_text(m: &SanPlus, notation: Notation) -> String {
    let mut s = write_san(&m.san, notation);
    if let Some(suffix) = m.suffix {
        s.push(suffix.char());
    }
    s
}

/// How the two sheets came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
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
    pub side: Option<SheetLetter>,
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
    pub rows: Vec<AlignedPly>,
    /// The other way through, when the outcome is [`Agreement::Ambiguous`].
    pub alternative: Vec<AlignedPly>,
    /// What was found, in ply order.
    pub findings: Vec<SheetFinding>,
    /// How it came out.
    pub outcome: Agreement,
    /// Moves of A and of B the reconciled game uses.
    pub used: (usize, usize),
    /// Moves written on A and on B.
    pub written: (usize, usize),
}

/// Aligns sheet A and sheet B of one game from `start`.
///
/// ```
/// use arbitro::classical::reconcile::{reconcile, Sheet, Agreement};
/// use arbitro::notation::classical::games;
/// use shakmaty::Chess;
/// let a = games("1.e4 e5 2.Cf3 Cc6 3.Ab5 a6").next().unwrap();
/// let b = games("1.e4 e5 2.Cf3 Cc6 3.Ab4 a6").next().unwrap(); // a slip: Ab4 is illegal
/// let r = reconcile(&Sheet::from_raw(&a, None), &Sheet::from_raw(&b, None), &Chess::default());
/// assert_eq!(r.outcome, Agreement::Reconciled);
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
        Some(r) if outcome == Agreement::Ambiguous => rows_of(a, b, start, &r),
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
    rec.findings = findings::findings(a, b, &rec);
    rec
}

/// Different games when most plies where both sheets give a move disagree; otherwise one
/// game, read one way or (with a rival reading as good) two.
fn outcome_of(rows: &[AlignedPly], rival: bool) -> Agreement {
    let agreed = rows.iter().filter(|r| r.why == Why::Agree).count();
    let both = rows
        .iter()
        .filter(|r| r.a.is_some() && r.b.is_some())
        .count();
    if both >= 2 && agreed * 2 < both {
        Agreement::DifferentGames
    } else if rival {
        Agreement::Ambiguous
    } else {
        Agreement::Reconciled
    }
}

/// Where the two readings take different moves, the later moves decide nothing: the rows
/// say the sheets are tied there.
fn mark_ties(rows: &mut [AlignedPly], alternative: &mut [AlignedPly]) {
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

/// The reconciled game as a PGN text (English SAN): sheet A's tags but its result, the
/// moves, `result` (see [`settle`]). Read it back with
/// [`crate::notation::classical::games`] and replay it for the result the board gives.
pub fn game_text(rec: &Reconciliation, a: &RawGame<'_>, result: GameResult) -> String {
    let mut out = String::new();
    let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    let is_result = |name: &str| {
        ["Result", "Risultato"]
            .iter()
            .any(|r| name.eq_ignore_ascii_case(r))
    };
    out.push_str(&format!("[Result \"{}\"]\n", result.as_str()));
    for t in a.tags.iter().filter(|t| !is_result(t.tag.name)) {
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
    out.push_str(result.as_str());
    out.push('\n');
    out
}
