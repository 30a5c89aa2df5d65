//! Replays a classical game and reports what is wrong with it.
//!
//! Each written move must match exactly one legal move (FIDE Laws, Article 3); the marks
//! `x`, `+`, `#` are optional (seed 003) and are checked against what the move does. The
//! board decides the end of the game (Articles 5 and 9): checkmate, stalemate, dead
//! position, fivefold repetition and the 75-move rule end it; threefold repetition and the
//! 50-move rule only allow a claim, reported at the first ply where it was possible.
//!
//! - `start`: the starting position and the sheet's move numbers.
//! - `moves`: the written move and the legal move it names.
//! - `marks`: capture, check and mate marks; mate; draw claims.
//! - `jolly`: the jolly.
//! - `ending`: how the board ends the game, and the result.
//! - `unreadable`: a `_` the plan made before the replay cannot decide where the replay
//!   stands (formats.md §8).

mod ending;
mod gap;
mod gap_back;
mod gap_pair;
mod jolly;
mod marks;
mod moves;
mod repetition;
mod reread;
mod slip;
mod start;
mod unreadable;

pub use ending::Ending;

use self::jolly::Snapshot;
use super::matcher::has_legal_move;
use crate::finding::Finding;
use crate::notation::classical::{GameResult, RawGame, TokenKind};
use crate::notation::san::{CheckMark, Notation, WrittenMove, parse_move};
use crate::span::Span;
use shakmaty::{Chess, Color, Move, Position};

/// What the replay does after a word the notation cannot read.
enum Reread {
    /// It is a move after all, written another way.
    Move(WrittenMove),
    /// Reported; the replay goes on.
    Skip,
    /// Reported; the replay stops.
    Stop,
}

/// How to read a game.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReplayOptions {
    /// Force the notation instead of detecting it per game.
    pub notation: Option<Notation>,
}

/// What the replay of one game found.
#[derive(Debug, Clone)]
pub struct Replay {
    /// 1-based index of the game in its file.
    pub number: usize,
    /// The notation the game was read in.
    pub notation: Notation,
    /// The starting position.
    pub start: Chess,
    /// The main line as replayed (moves taken back by a jolly removed).
    pub moves: Vec<Move>,
    /// The position after the last replayed move.
    pub position: Chess,
    /// Every finding, in the order met.
    pub findings: Vec<Finding>,
    /// How the board ended the game, if it did, and after how many plies.
    pub ending: Option<(Ending, u32)>,
    /// The result declared by the sheet.
    pub declared: Option<GameResult>,
    /// The result the replay supports: the board's decision, else the declared result.
    pub result: GameResult,
    /// The replay went through the whole main line (no error stopped it).
    pub complete: bool,
}

impl Replay {
    /// True iff no finding is an error.
    pub fn is_valid(&self) -> bool {
        !self
            .findings
            .iter()
            .any(|f| f.severity() == crate::finding::Severity::Error)
    }
}

thread_local! {
    /// The repetition window's buffer, kept for the thread's next game (an archive holds a
    /// great many games).
    static WINDOW: std::cell::Cell<Vec<u64>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The room for moves a replay starts with when the game's tokens do not say.
const MOVES_ROOM: usize = 160;

/// A move just played, as the findings on it name it.
#[derive(Debug, Clone, Copy)]
struct MoveAt<'a> {
    word: &'a str,
    span: Span,
    mover: Color,
    number: u32,
    ply: u32,
    /// The check mark written.
    check: CheckMark,
}

impl MoveAt<'_> {
    /// A finding about this move, placed on it (sheet, move number, ply, span).
    fn place(&self, f: Finding) -> Finding {
        f.at(self.span).on_sheet(self.mover, self.number, self.ply)
    }

    /// `3.Dh5` or `3...Cf6`; built only when a finding needs it.
    fn label(&self) -> String {
        if self.mover == Color::White {
            format!("{}.{}", self.number, self.word)
        } else {
            format!("{}...{}", self.number, self.word)
        }
    }
}

struct Replayer<'r, 'a> {
    raw: &'r RawGame<'a>,
    notation: Notation,
    pos: Chess,
    /// The positions since the last irreversible move (FIDE 9.2.3: a position can only
    /// repeat among these), by key.
    window: repetition::Window,
    snapshots: Vec<Snapshot>,
    moves: Vec<Move>,
    findings: Vec<Finding>,
    ending: Option<(Ending, u32)>,
    after_end_warned: bool,
    threefold_reported: bool,
    fifty_reported: bool,
    gave_mate: bool,
    /// The side to move is in check (kept from the last move's marks).
    in_check: bool,
    /// A check whose mate test waits for the next move: where its mark finding goes, and
    /// the move.
    pending: Option<(usize, MoveAt<'a>)>,
    jolly_used: [bool; 2],
    /// Positions are kept for a jolly only in games that use one.
    keep_snapshots: bool,
    /// The sheet's move number less the position's (formats.md section 4).
    offset: i64,
    /// A move number was seen in the main line.
    numbered: bool,
    /// A `move-number-mismatch` finding was given.
    jumped: bool,
    /// Other forms already noted (`forms::Form::bit`).
    forms: u8,
    /// The line of the last word skipped as no move at all (one finding a line).
    junk_line: Option<u32>,
    /// Plies of looking ahead spent on slips so far (`slip::WORK`).
    slip_work: u32,
    /// The move being played is a slip read as the move meant.
    slipped: bool,
    /// A move missing from the sheet, to play before the word that showed it, and where
    /// its number stands (`gap`).
    gap: Option<(Move, Span)>,
    /// The token of the last word a missing move was found before.
    last_gap: Option<usize>,
    /// The last move number that did not follow: where it stands, and the offset before.
    renumbered: Option<(usize, i64)>,
    /// A move missing before a word already played, for the next run to take (`gap_back`).
    restart: Option<Box<gap_back::Restart>>,
    /// The runs of this game's replay before this one (`gap_back`).
    restarts: usize,
}

impl<'a> Replayer<'_, 'a> {
    fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// A finding about the move about to be played (or just played, `done`).
    fn at_move(&self, mut f: Finding, at: &MoveAt<'_>) -> Finding {
        if self.offset != 0 {
            self.renumber_message(&mut f, at.number);
        }
        at.place(f)
    }

    /// A message that names the move by the position's number (`2.Ke3`) names it by the
    /// sheet's (`18.Ke3`). Out of line: only sheets numbered from elsewhere.
    #[cold]
    #[inline(never)]
    fn renumber_message(&self, f: &mut Finding, number: u32) {
        let own = format!("{}.", i64::from(number) - self.offset);
        f.edit_message(|m| m.strip_prefix(&own).map(|rest| format!("{number}.{rest}")));
    }

    fn play_written(&mut self, word: &'a str, span: Span, ep_after: bool) -> bool {
        let mut at = MoveAt {
            word,
            span,
            mover: self.pos.turn(),
            number: self.sheet_number(),
            ply: self.ply() + 1,
            check: CheckMark::None,
        };
        let mut written = match parse_move(word, self.notation) {
            Ok(w) => w,
            Err(e) => match self.reread(&at, e.offset) {
                Reread::Move(w) => w,
                Reread::Skip => return true,
                Reread::Stop => return false,
            },
        };
        written.ep |= ep_after;
        at.check = written.check;
        if let Some((ending, ended_at)) = self.ending
            && !self.after_end_warned
            && !matches!(ending, Ending::Checkmate { .. } | Ending::Stalemate)
        {
            self.after_end(ending, ended_at, &at);
        }
        let m = match self.find_move(&written, &at) {
            Some(m) => m,
            // A move missing before the word (`gap`): played, then the word again.
            None => return self.after_gap(&at, written.ep),
        };
        self.settle(true);
        if !self.slipped {
            self.check_capture_mark(&written, m, &at);
        }
        // A slip read as the move meant: its marks were written for that move, and the
        // capture mark of the text as written says nothing more (issue 28 point 4).
        self.slipped = false;
        self.play_move(m, &at);
        true
    }

    /// Where the move `at` could not be played: the move missing before it, if one was
    /// found (`gap`), then the move again (`ep`: written as an en-passant capture). Out of
    /// line, and given only what `play_written` keeps anyway (`at`, the move read), so that
    /// its hot path keeps nothing more alive across the search for the move (issue 33:
    /// +1.3 % instructions when it kept the word, its place and the `e.p.` after it).
    #[cold]
    #[inline(never)]
    fn after_gap(&mut self, at: &MoveAt<'a>, ep: bool) -> bool {
        self.fill_gap(at.word) && self.play_written(at.word, at.span, ep)
    }

    /// Plays `m`, the move `at`, and looks at what it did (marks, ends, claims).
    #[inline(always)]
    fn play_move(&mut self, m: Move, at: &MoveAt<'a>) {
        if self.keep_snapshots {
            self.snapshot();
        }
        let irreversible = is_irreversible(&self.pos, m);
        self.pos.play_unchecked(m);
        self.moves.push(m);
        self.after_move(m, irreversible, at);
    }
}

/// shakmaty's `is_irreversible` (FIDE 9.2.3: a pawn move, a capture, castling, a change of
/// castling rights, or a move that gives up a legal en-passant capture), its en-passant test
/// asked only where the last move was a pawn's double step: that test is a call (about 20
/// instructions) on every move shakmaty does not otherwise find irreversible, and after
/// most moves there is no en-passant square at all (issue 33).
#[inline(always)]
fn is_irreversible(pos: &Chess, m: Move) -> bool {
    if pos.maybe_ep_square().is_some() {
        return pos.is_irreversible(m);
    }
    let quick = match m {
        Move::Normal {
            role: shakmaty::Role::Pawn,
            ..
        }
        | Move::Normal {
            capture: Some(_), ..
        }
        | Move::Castle { .. }
        | Move::EnPassant { .. }
        | Move::Put { .. } => true,
        Move::Normal { role, from, to, .. } => {
            let rights = pos.castles().castling_rights();
            rights.contains(from)
                || rights.contains(to)
                || (role == shakmaty::Role::King && pos.castles().has_color(pos.turn()))
        }
    };
    debug_assert_eq!(quick, pos.is_irreversible(m));
    quick
}

/// Replays one parsed game.
///
/// ```
/// use arbitro::classical::{replay, ReplayOptions};
/// use arbitro::notation::classical::games;
/// let game = games("1.e4 e5; 2.Ac4 d6; 3.Dh4 Cf6; 4.Dxf7#").next().unwrap();
/// let r = replay(&game, &ReplayOptions::default());
/// let f = &r.findings[0];
/// assert_eq!((f.code.as_str(), f.ply, f.span.unwrap().column), ("illegal-move", Some(5), Some(22).unwrap()));
/// assert!(f.hint.as_deref().unwrap().contains("Dh5"));
/// ```
pub fn replay(raw: &RawGame<'_>, options: &ReplayOptions) -> Replay {
    let plain = replay_plain(raw, options);
    if plain.is_valid() {
        return plain;
    }
    // Issue 26: words the plain reading leaves unread may be Italian typography, an end
    // in words or the press style (rare: only games that are not valid look).
    reread::better(raw, options, plain)
}

/// [`replay`] with the plain reading only.
fn replay_plain(raw: &RawGame<'_>, options: &ReplayOptions) -> Replay {
    if let Some(n) = options.notation {
        return replay_in(raw, n);
    }
    let (notation, sure) = raw.notation_guess();
    let first = replay_in(raw, notation);
    if sure || first.is_valid() {
        return first;
    }
    other_alphabet(raw, first)
}

/// A game whose letters leave both alphabets open and that does not replay legally in
/// the first one: the other one wins when the game replays legally in it.
/// Out of line: rare.
#[cold]
#[inline(never)]
fn other_alphabet(raw: &RawGame<'_>, first: Replay) -> Replay {
    let other = match first.notation {
        Notation::Italian => Notation::English,
        Notation::English => Notation::Italian,
    };
    let second = replay_in(raw, other);
    if second.is_valid() { second } else { first }
}

/// [`replay`] in a given notation.
fn replay_in(raw: &RawGame<'_>, notation: Notation) -> Replay {
    // Moves missing before words a run had already played (`gap_back`), for the next run.
    let mut gaps: Vec<gap_back::Restart> = Vec::new();
    loop {
        let mut s = Stream::new(raw, notation);
        // Unreadable characters (`_`), decided before the replay (formats.md §8).
        let plan = super::fill::plan(raw, notation, &s.start);
        s.r.restarts = gaps.len();
        if s.complete {
            s.complete = s.r.play_main_line(&plan, &gaps);
        }
        match s.r.restart.take() {
            Some(gap) if gaps.iter().all(|g| g.index != gap.index) => {
                // This run is dropped unfinished; the next one takes the gap.
                gaps.push(*gap);
            }
            _ => return s.finish(raw.terminator()),
        }
    }
}

/// A replay fed the moves of its main line one at a time, as [`replay`] in a given
/// notation plays them from the game's tokens (the same replay: [`replay_in`] is this
/// fed from the tokens). Issue 33: the quick lane of `verify::classical_findings` feeds
/// it from the quick reader ([`crate::notation::classical::QuickMoves`]), which keeps no
/// tokens; it reads only games whose words hold no `_` (formats.md §8) and no jolly.
pub struct Stream<'r, 'a> {
    r: Replayer<'r, 'a>,
    start: Chess,
    variant: super::forms::Variant<'r>,
    /// No error has stopped the replay.
    complete: bool,
    /// Findings looked at by [`Stream::is_valid`].
    checked: usize,
}

impl<'r, 'a> Stream<'r, 'a> {
    /// The replay of `raw` in `notation`, at its first move: the tags checked, the start
    /// position set up.
    pub fn new(raw: &'r RawGame<'a>, notation: Notation) -> Self {
        let mut r = Replayer::new(raw, notation);
        // A syntax error does not stop the replay: the moves around it are still checked.
        let mut complete = true;
        super::forms::check_tag_names(raw, &mut r.findings);
        let variant = super::forms::variant(raw);
        if let super::forms::Variant::Other(name) = variant {
            r.findings.push(super::forms::unsupported(raw, name));
            complete = false;
        } else if let Err(f) = r.start_position(variant == super::forms::Variant::Chess960) {
            r.findings.push(*f);
            complete = false;
        }
        let start = r.pos.clone();
        r.in_check = r.pos.is_check();
        r.window.start(0);
        Stream {
            r,
            start,
            variant,
            complete,
            checked: 0,
        }
    }

    /// No error so far (each finding looked at once).
    #[inline(always)]
    pub fn is_valid(&mut self) -> bool {
        while let Some(f) = self.r.findings.get(self.checked) {
            if f.severity() == crate::finding::Severity::Error {
                return false;
            }
            self.checked += 1;
        }
        true
    }

    /// A move number did not follow the moves (a jump, or a sheet numbered from
    /// elsewhere): there the careful path looks for a move missing before the number
    /// (`gap`), which needs the game's tokens.
    pub fn renumbered(&self) -> bool {
        self.r.renumbered.is_some()
    }

    /// A move number of the main line, at `span`.
    #[inline(always)]
    pub fn number(&mut self, number: u32, span: Span) {
        self.r.move_number(number, span);
    }

    /// A move of the main line as written, at `span`; `false` when the replay stops
    /// there (or had stopped before).
    #[inline(always)]
    pub fn word(&mut self, word: &'a str, span: Span) -> bool {
        self.complete = self.complete && self.r.play_written(word, span, false);
        self.complete
    }

    /// The end of the game: its result checked against `terminator` (the result that
    /// ends its movetext, [`RawGame::terminator`]) and the board.
    pub fn finish(self, terminator: Option<(GameResult, Span)>) -> Replay {
        let Stream {
            mut r,
            start,
            variant,
            complete,
            ..
        } = self;
        let raw = r.raw;
        r.settle(false);
        if raw.has_variations() && !matches!(variant, super::forms::Variant::Other(_)) {
            super::forms::check_variations(raw, &start, r.notation, &mut r.findings);
        }
        if complete && r.ending.is_none() && !has_legal_move(&r.pos) {
            let ending = if r.pos.is_check() {
                Ending::Checkmate {
                    winner: !r.pos.turn(),
                }
            } else {
                Ending::Stalemate
            };
            r.ending = Some((ending, r.ply()));
        }
        let declared = raw.declared_result_given(terminator);
        let result = r.check_result(declared, complete, terminator);
        if !complete {
            r.ending = None;
        }
        WINDOW.set(r.window.into_buffer());
        Replay {
            number: raw.number,
            notation: r.notation,
            start,
            moves: r.moves,
            position: r.pos,
            findings: r.findings,
            ending: r.ending,
            declared,
            result,
            complete,
        }
    }
}

impl<'r, 'a> Replayer<'r, 'a> {
    /// A replayer at the start of `raw`, before its set-up is read.
    fn new(raw: &'r RawGame<'a>, notation: Notation) -> Self {
        Replayer {
            raw,
            notation,
            pos: Chess::default(),
            window: repetition::Window::with_buffer(WINDOW.take()),
            snapshots: Vec::new(),
            // No more moves than tokens: one allocation (room for a long game when the
            // moves come one at a time, without tokens).
            moves: Vec::with_capacity(raw.tokens.len().max(MOVES_ROOM)),
            findings: if raw.errors.is_empty() {
                Vec::new()
            } else {
                raw.errors.clone()
            },
            ending: None,
            after_end_warned: false,
            threefold_reported: false,
            fifty_reported: false,
            gave_mate: false,
            in_check: false,
            pending: None,
            jolly_used: [false; 2],
            keep_snapshots: raw.tokens.iter().any(|t| t.kind() == TokenKind::Jolly),
            offset: 0,
            numbered: false,
            jumped: false,
            forms: 0,
            junk_line: None,
            slip_work: 0,
            slipped: false,
            gap: None,
            last_gap: None,
            renumbered: None,
            restart: None,
            restarts: 0,
        }
    }

    /// Plays the main line's moves from the start position, with the unreadable ones
    /// decided by `plan` (formats.md §8); `false` when a move could not be played (the
    /// replay stops there).
    fn play_main_line(&mut self, plan: &'a super::fill::Plan, gaps: &[gap_back::Restart]) -> bool {
        let tokens = &self.raw.tokens;
        let mut i = 0;
        while i < tokens.len() {
            let t = &tokens[i];
            i += 1;
            if t.depth() > 0 {
                continue;
            }
            match t.kind() {
                TokenKind::Move => {
                    let word = self.raw.word(t);
                    let ep_after = tokens
                        .get(i)
                        .is_some_and(|n| n.kind() == TokenKind::EnPassant);
                    if !gaps.is_empty()
                        && let Some(gap) = gaps.iter().find(|g| g.index == i - 1)
                    {
                        self.take_restart(gap, word);
                    }
                    let span = self.raw.span_of(t);
                    let played = if plan.any && super::fill::is_pattern(word) {
                        self.play_pattern(plan, i - 1, word, span, ep_after)
                    } else {
                        self.play_written(word, span, ep_after)
                    };
                    if !played {
                        return false;
                    }
                }
                TokenKind::MoveNumber { number, .. } => {
                    self.move_number(number, self.raw.span_of(t));
                }
                TokenKind::Jolly => self.jolly(self.raw.span_of(t)),
                _ => {}
            }
        }
        true
    }
}
