//! Every slip in one run (issue 28 point 4, R32a's classical twin): after a move that is
//! illegal, ambiguous or unreadable, the move that was meant is the legal move the text
//! fits under one edit ([`crate::classical::slip::fitting`]) with which the rest of the
//! game replays furthest. The error is reported with that reading ("read as Cf3 to go
//! on") and the replay goes on with it, so a later, independent slip is found in the same
//! run. With no fitting move the replay stops there, as before, and the finding says so.
//!
//! Runs only where the plain replay failed. Bounded: each candidate is followed at most
//! [`HORIZON`] plies, and a game spends at most [`WORK`] plies of looking ahead in all (a
//! sheet full of slips stays fast); past that the replay stops at the next slip and says
//! the search reached its limit.

use super::{MoveAt, Replayer};
use crate::classical::fill::is_pattern;
use crate::classical::matcher::by_shakmaty;
use crate::classical::{forms, slip};
use crate::finding::Finding;
use crate::finding::wording::classical as wording;
use crate::notation::classical::{RawGame, TokenKind};
use crate::notation::san::{Notation, WrittenMove, parse_move};
use crate::span::Span;
use shakmaty::{Chess, Move, Position};

/// The most plies one candidate is followed.
pub const HORIZON: u32 = 160;
/// The most plies of looking ahead one game may spend on its slips.
pub const WORK: u32 = 40_000;
/// A reading is taken only if the game then replays at least this many more of its
/// written moves (or to its end): a guess the next move refutes is no reading.
pub(super) const MIN_AFTER: u32 = 4;

/// How near a reading is to the text, the nearest first (after how far the game replays).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Likely {
    /// Edits from the text (0: the text fits several moves).
    edits: u8,
    /// Not a letter's case alone.
    case: bool,
    /// Marks written (`x`, `+`) that the reading does not bear.
    marks: u8,
    /// [`slip::Fitting::kind`].
    kind: u8,
}

/// What the search found for one slip.
pub(super) enum Meant {
    /// Play `mv`; `texts` are the readings the game cannot tell from it, it first, the
    /// first `near` as near the text as it; `case`: it differs from the text only in a
    /// letter's case (`cf3` for `Cf3`).
    Move {
        mv: Move,
        texts: Vec<String>,
        near: usize,
        case: bool,
    },
    /// No legal move fits the text under one edit (or none lets the game go on).
    None,
    /// The game spent its search: the replay stops here.
    Limit,
}

impl Replayer<'_, '_> {
    /// The move meant by `word`, written at `span` where the position is `self.pos`;
    /// `whole`: the word is no move at all, and any legal move may be the one meant.
    /// Out of line: rare.
    #[cold]
    #[inline(never)]
    pub(super) fn meant(&mut self, word: &str, span: Span, whole: bool) -> Meant {
        if self.slip_work >= WORK {
            return Meant::Limit;
        }
        // The main line goes on after the word's token.
        let next = self
            .main_token_at(span.start)
            .map_or(self.raw.tokens.len(), |i| i + 1);
        let found = if whole {
            slip::any_move(&self.pos, self.notation)
        } else {
            slip::fitting(&self.pos, word, self.notation)
        };
        // The marks written (`x`, `+`) that the reading's move does not bear.
        let capture = word.contains(['x', ':']);
        let check = word.ends_with(['+', '#']);
        let mut scored: Vec<(Reach, Likely, usize)> = Vec::with_capacity(found.len());
        for (k, f) in found.iter().enumerate() {
            let mut pos = self.pos.clone();
            pos.play_unchecked(f.mv);
            let marks = u8::from(capture != f.mv.is_capture()) + u8::from(check != pos.is_check());
            let reach = reach(self.raw, next, pos, self.notation, &mut self.slip_work);
            let likely = Likely {
                edits: f.edits,
                case: f.kind != 1,
                marks,
                kind: f.kind,
            };
            scored.push((reach, likely, k));
        }
        // Furthest first ([`Reach::key`]), then the fewest edits, a letter's case (the
        // likeliest slip), the marks that agree, the likelier slip, the latest later
        // slip, shakmaty's order.
        scored.sort_by_key(|&(reach, like, k)| {
            (
                std::cmp::Reverse(reach),
                like,
                std::cmp::Reverse(reach.first),
                k,
            )
        });
        let Some(&(reach, like, _)) = scored.first() else {
            return Meant::None;
        };
        if !reach.alive && reach.first < MIN_AFTER {
            return Meant::None;
        }
        // The readings the game cannot tell apart from the one taken (as far), the nearest
        // the text first.
        let texts: Vec<String> = scored
            .iter()
            .take_while(|s| s.0 == reach)
            .map(|s| found[s.2].text.clone())
            .collect();
        let near = scored
            .iter()
            .take_while(|s| s.0 == reach && s.1.edits == like.edits && s.1.case == like.case)
            .count();
        Meant::Move {
            mv: found[scored[0].2].mv,
            texts,
            near,
            case: !like.case,
        }
    }

    /// The finding `f` on a slip, with what the search found; the move to play, if any.
    #[cold]
    #[inline(never)]
    pub(super) fn read_on(&mut self, f: Finding, at: &MoveAt<'_>) -> (Finding, Option<Move>) {
        self.read_on_as(f, at, false)
    }

    /// [`Self::read_on`]; `whole`: as [`Self::meant`].
    fn read_on_as(&mut self, f: Finding, at: &MoveAt<'_>, whole: bool) -> (Finding, Option<Move>) {
        match self.meant(at.word, at.span, whole) {
            Meant::Move {
                mv,
                texts,
                near,
                case,
            } => {
                let capitals = case.then(|| self.notation.letters());
                (wording::read_as(f, &texts, near, capitals), Some(mv))
            }
            Meant::None => (wording::no_reading(f, false), None),
            Meant::Limit => (wording::no_reading(f, true), None),
        }
    }

    /// A word that is no move (a parse error) read as the move meant: the move written
    /// plainly, with the word's own check mark, to be played as any other.
    #[cold]
    #[inline(never)]
    pub(super) fn reread_slip(
        &mut self,
        f: Finding,
        at: &MoveAt<'_>,
        whole: bool,
    ) -> (Finding, Option<WrittenMove>) {
        let word = at.word;
        let (f, mv) = self.read_on_as(f, at, whole);
        let written = mv.and_then(|mv| {
            let mut text = crate::notation::san::write_san(
                &shakmaty::san::San::from_move(&self.pos, mv),
                self.notation,
            );
            let marks = word.len() - word.trim_end_matches(['+', '#']).len();
            text.push_str(&word[word.len() - marks..]);
            parse_move(&text, self.notation).ok()
        });
        (f, written)
    }
}

/// The most later slips a candidate's look-ahead reads past (each by its likeliest
/// reading), to tell apart candidates that replay equally far to the next slip.
const FIXES: u32 = 3;

/// How far the main line replays after a candidate.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reach {
    /// The line was followed to its end (or a `_` or a jolly, which their own searches
    /// decide, or the horizon), later slips read past; not stopped by a move that no
    /// reading explains.
    pub(super) alive: bool,
    /// Plies replayed before the first move that fails.
    pub(super) first: u32,
    /// Plies replayed in all, later slips read past.
    pub(super) total: u32,
    /// Later slips read past, counted down (fewer is better).
    pub(super) spare: u32,
    /// Later slips read past that are rough (more than a letter's case or the other
    /// notation's letter), counted down.
    pub(super) smooth: u32,
    /// Plies whose written marks (`x`, `+`, `#`) agree with the move: the last word
    /// between readings that replay equally far (a pawn on g3 or g4 may both let the game
    /// go on, one of them only by reading a later `g3` as a capture written without `x`).
    pub(super) agree: u32,
}

impl Reach {
    /// The order of readings: a line followed to its end beats one a later move stops
    /// (a wrong reading may make a later slip's text legal, then die where the game goes
    /// on); of those followed to the end, the fewest later findings (the slips read past
    /// and the marks that do not agree, each a finding: `16.Bc4` read as `Nc4` with no
    /// later slip but two later `x` that take nothing loses to `Bc1` with one later slip),
    /// then the fewest later slips, the fewest rough ones (a later `af6` read as `Af6`
    /// beats one read as `f6`), the most marks that agree; of those stopped, the latest
    /// first failure, then the most plies. Readings equal in this are ones the game
    /// cannot tell apart (two ways of reading the sheet with as many slips).
    fn key(&self) -> (bool, u32, u32, u32, u32, u32) {
        if self.alive {
            // Later findings: the slips read past, the marks that do not agree.
            let findings = (FIXES - self.spare) + (self.total - self.agree);
            (
                true,
                u32::MAX - findings,
                self.spare,
                self.smooth,
                self.agree,
                self.total,
            )
        } else {
            (
                false,
                self.first,
                self.total,
                self.spare,
                self.smooth,
                self.agree,
            )
        }
    }
}

impl PartialEq for Reach {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Reach {}

impl PartialOrd for Reach {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Reach {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// How many readings of a later slip are looked at.
const FIX_READINGS: usize = 8;

/// How many slips further on, met by every reading of a later slip at once, the readings
/// are followed past (each line by its own likeliest reading of it).
const COMMON: u32 = 2;

/// A later slip read past: the move, and whether it is a rough one (more than a letter's
/// case or the other notation's letter, [`slip::Fitting::kind`] above 2).
#[derive(Clone, Copy)]
struct Fix {
    mv: Move,
    rough: bool,
}

impl Fix {
    fn of(f: &slip::Fitting) -> Fix {
        Fix {
            mv: f.mv,
            rough: f.kind > 2,
        }
    }
}

/// The reading of a later slip (`word`, read where `line` stands, just past it) with
/// which the line replays furthest, at most `most` plies on; of those that replay as far,
/// the one whose marks (its own and the later moves') agree most. The readings are
/// followed side by side until one alone is left, so readings that stay alike for long are
/// still told apart; a slip further on that stops all of them at once (it is none of
/// theirs) is read past in each, at most [`COMMON`] times. `work` counts the plies read.
fn best_fix(
    raw: &RawGame<'_>,
    line: &Line,
    word: &str,
    notation: Notation,
    most: u32,
    work: &mut u32,
) -> Option<Fix> {
    struct Follow {
        line: Line,
        fix: Fix,
        key: (u32, u32),
        alive: bool,
    }
    let mut lines: Vec<Follow> = slip::fitting(&line.pos, word, notation)
        .iter()
        .take(FIX_READINGS)
        .map(|f| {
            let mut l = line.clone();
            l.pos.play_unchecked(f.mv);
            let own = u32::from(marks_agree(word, f.mv.is_capture(), &l.pos));
            Follow {
                line: l,
                fix: Fix::of(f),
                key: (0, own),
                alive: true,
            }
        })
        .collect();
    let mut alive = lines.len();
    let (mut steps, mut common) = (0, 0);
    while alive > 1 && steps < most {
        steps += 1;
        let mut failed: Vec<(usize, &str)> = Vec::new();
        for (i, x) in lines.iter_mut().enumerate().filter(|(_, x)| x.alive) {
            match x.line.step(raw, notation) {
                Ahead::Played(agree) => {
                    x.key.0 += 1;
                    x.key.1 += u32::from(agree);
                    *work = work.saturating_add(1);
                }
                Ahead::Fail(w) => failed.push((i, w)),
                Ahead::Stop => {
                    x.alive = false;
                    alive -= 1;
                }
            }
        }
        // A slip that stops every line still followed is read past in each, by its own
        // likeliest reading; otherwise the lines it stops are out.
        let all = failed.len() == alive && common < COMMON;
        common += u32::from(all);
        for (i, w) in failed {
            let x = &mut lines[i];
            let past = all
                .then(|| {
                    slip::fitting(&x.line.pos, w, notation)
                        .first()
                        .map(|f| f.mv)
                })
                .flatten();
            if let Some(m) = past {
                x.line.pos.play_unchecked(m);
                x.key.0 += 1;
            } else {
                x.alive = false;
                alive -= 1;
            }
        }
    }
    for x in &lines {
        // The looks nested in each line (a `_`'s readings), read since it left `line`.
        *work = work.saturating_add(x.line.spent.saturating_sub(line.spent));
    }
    let mut best: Option<&Follow> = None;
    for x in &lines {
        if best.is_none_or(|b| x.key > b.key) {
            best = Some(x);
        }
    }
    best.map(|b| b.fix)
}

/// Where a look-ahead stands: a position, and the main line's next token.
#[derive(Clone)]
struct Line {
    pos: Chess,
    next: usize,
    /// A look within a look (at a `_`'s readings): a `_` with several readings stops it.
    nested: bool,
    /// Plies read by the looks nested in this one.
    spent: u32,
}

/// How far a `_`'s readings are followed to choose among them in a look-ahead.
const PEEK: u32 = 16;

/// What reading a `_` in a look-ahead counts for in the game's budget ([`WORK`]), in
/// plies: matching a pattern against every legal move costs about a hundred plies
/// replayed (callgrind, issue 28 audit: 190,000 instructions a pattern).
const PATTERN_COST: u32 = 100;

/// What the main line's next move does in a look-ahead.
enum Ahead<'a> {
    /// Played; whether its marks agree with it ([`marks_agree`]).
    Played(bool),
    /// The word names no move here.
    Fail(&'a str),
    /// The line ends, or a `_` that fits several moves or a jolly comes, which their own
    /// searches decide.
    Stop,
}

impl Line {
    fn new(pos: Chess, next: usize) -> Line {
        Line {
            pos,
            next,
            nested: false,
            spent: 0,
        }
    }

    /// Of a `_`'s `readings` here, the one with which the main line's next moves replay
    /// furthest, at most [`PEEK`] plies on, the first of those as far: a guess where
    /// several go as far, but one that lets the look go on (stopping there would leave a
    /// slip's readings before the `_` untold apart: on real games with a `_` and two
    /// slips, 21 and 22 cascades in 1,000 against 1 and 7).
    fn likeliest(
        &mut self,
        raw: &RawGame<'_>,
        readings: &[Move],
        notation: Notation,
    ) -> Option<Move> {
        let mut best = (0, Some(readings[0]));
        for &r in readings {
            let mut pos = self.pos.clone();
            pos.play_unchecked(r);
            let mut peek = Line {
                pos,
                next: self.next,
                nested: true,
                spent: 0,
            };
            let mut n = 0;
            while n < PEEK && matches!(peek.step(raw, notation), Ahead::Played(_)) {
                n += 1;
            }
            self.spent = self.spent.saturating_add(n);
            if n > best.0 {
                best = (n, Some(r));
            }
        }
        best.1
    }

    /// Reads and plays the main line's next move.
    fn step<'a>(&mut self, raw: &RawGame<'a>, notation: Notation) -> Ahead<'a> {
        while let Some(t) = raw.tokens.get(self.next) {
            self.next += 1;
            if t.depth() > 0 {
                continue;
            }
            let word = match t.kind() {
                TokenKind::Move => raw.word(t),
                TokenKind::Jolly => return Ahead::Stop,
                _ => continue,
            };
            if is_pattern(word) {
                // A `_` (formats.md §8) with one reading here is that move; with several,
                // the one the next moves follow furthest (within a look nested once), if
                // one alone; with none, the line is wrong.
                let lone = word.trim_end_matches(['!', '?']) == "_";
                if lone && self.nested {
                    return Ahead::Stop;
                }
                // Matching a pattern against every legal move costs as much as playing
                // many plies: counted so in the game's look-ahead budget.
                self.spent = self.spent.saturating_add(PATTERN_COST);
                let moves: Vec<Move> = if lone {
                    self.pos.legal_moves().into_iter().collect()
                } else {
                    crate::classical::fill::readings(&self.pos, word, notation)
                        .into_iter()
                        .map(|r| r.mv)
                        .collect()
                };
                let m = match moves.len() {
                    0 => return Ahead::Fail(word),
                    1 => moves[0],
                    _ if self.nested => return Ahead::Stop,
                    _ => match self.likeliest(raw, &moves, notation) {
                        Some(m) => m,
                        None => return Ahead::Stop,
                    },
                };
                self.pos.play_unchecked(m);
                return Ahead::Played(true);
            }
            match next_move(&self.pos, word, notation) {
                Step::Play(m) => {
                    let capture = m.is_capture();
                    let origin = origin_agrees(&self.pos, m, word);
                    self.pos.play_unchecked(m);
                    return Ahead::Played(origin && marks_agree(word, capture, &self.pos));
                }
                Step::Skip => {}
                Step::Fail => return Ahead::Fail(word),
            }
        }
        Ahead::Stop
    }
}

/// What a written word is in the look-ahead.
enum Step {
    Play(Move),
    /// No move at all (a glyph, punctuation): the replay skips it.
    Skip,
    Fail,
}

/// The move `word` names in `pos`, read as the replay reads it.
fn next_move(pos: &Chess, word: &str, notation: Notation) -> Step {
    let m = match parse_move(word, notation) {
        Ok(w) => by_shakmaty(pos, &w.kind).or_else(|| forms::other_move(pos, &w).map(|(m, _)| m)),
        Err(_) => match forms::other_spelling(word, notation)
            .and_then(|(plain, _)| parse_move(&plain, notation).ok())
        {
            Some(w) => by_shakmaty(pos, &w.kind),
            None if !forms::looks_like_move(word)
                || forms::is_punctuation(word)
                || forms::is_ascii_glyph(word) =>
            {
                return Step::Skip;
            }
            None => None,
        },
    };
    m.map_or(Step::Fail, Step::Play)
}

/// Whether `word`'s capture, check and mate marks agree with the move just played
/// (`capture`: it took a piece; `pos`: the position after it). A `#` agrees only with a
/// mate and a mate only with a `#` (FIDE C.12; the replay's `missing-mate-mark`): of two
/// readings of an earlier slip that replay as far, the one that leaves the written marks
/// true is the one meant.
pub(super) fn marks_agree(word: &str, capture: bool, pos: &Chess) -> bool {
    let marks = word.trim_end_matches(['!', '?']);
    let checked = marks.ends_with(['+', '#']);
    if word.contains(['x', ':']) != capture || checked != pos.is_check() {
        return false;
    }
    // Only a check asks for the legal moves (rare: the look-ahead stays cheap).
    !checked || marks.ends_with('#') == pos.legal_moves().is_empty()
}

/// Whether the origin written on a piece's move (`Tfe1`, `C1d2`) is one the position
/// needs (FIDE C.10: only where two pieces could go there): of two readings of an earlier
/// slip that replay as far, the one under which the written origins are needed is the one
/// the writer saw. A move written without one agrees (had it been needed, the move would
/// not have been read).
fn origin_agrees(pos: &Chess, m: Move, word: &str) -> bool {
    if m.role() == shakmaty::Role::Pawn || m.is_castle() {
        return true;
    }
    // The letter, the origin and the square, without `x`, `:`, `-` and the marks.
    let body = word
        .bytes()
        .filter(|&c| c.is_ascii_alphanumeric() && c != b'x')
        .count();
    if body <= 3 {
        return true;
    }
    match shakmaty::san::San::from_move(pos, m) {
        shakmaty::san::San::Normal { file, rank, .. } => file.is_some() || rank.is_some(),
        _ => true,
    }
}

/// How many plies the main line replays from token `from` in `pos` before a word names no
/// move, at most `limit`, reading no slip past, and how many of them have marks that agree
/// ([`marks_agree`]): a quick first look that tells apart many candidates before [`reach`]
/// weighs the best of them.
pub(super) fn plain_run(
    raw: &RawGame<'_>,
    from: usize,
    pos: Chess,
    notation: Notation,
    limit: u32,
) -> (u32, u32) {
    let mut line = Line::new(pos, from);
    let (mut n, mut agree) = (0, 0);
    while n < limit {
        let Ahead::Played(a) = line.step(raw, notation) else {
            break;
        };
        n += 1;
        agree += u32::from(a);
    }
    (n, agree)
}

/// How many of the main line's moves from token `from` on replay from `pos` (see
/// [`Reach`]), at most [`HORIZON`]; `work` counts the plies read.
pub(super) fn reach(
    raw: &RawGame<'_>,
    from: usize,
    pos: Chess,
    notation: Notation,
    work: &mut u32,
) -> Reach {
    let mut r = Reach {
        alive: false,
        first: 0,
        total: 0,
        spare: FIXES,
        smooth: FIXES,
        agree: 0,
    };
    let mut line = Line::new(pos, from);
    let mut failed = false;
    while r.total < HORIZON {
        let agree = match line.step(raw, notation) {
            Ahead::Played(agree) => agree,
            Ahead::Stop => break,
            Ahead::Fail(word) => {
                if !failed {
                    failed = true;
                    r.first = r.total;
                }
                let fix = if r.spare == 0 {
                    None
                } else {
                    best_fix(raw, &line, word, notation, HORIZON - r.total, work)
                };
                let Some(Fix { mv: m, rough }) = fix else {
                    *work = work.saturating_add(r.total).saturating_add(line.spent);
                    return r;
                };
                r.spare -= 1;
                r.smooth -= u32::from(rough);
                let capture = m.is_capture();
                line.pos.play_unchecked(m);
                marks_agree(word, capture, &line.pos)
            }
        };
        r.total += 1;
        r.agree += u32::from(agree);
    }
    if !failed {
        r.first = r.total;
    }
    r.alive = true;
    *work = work.saturating_add(r.total).saturating_add(line.spent);
    r
}
