//! The replay of a SuperScacchi game: the merge of the eight sheets by turn order (R32),
//! each turn as R31 orders it, findings (R35, R36) and events (R26–R30, R21).

use super::diagnose::{PLY_BUDGET, Reported, Search, reported};
use super::event::Event;
use super::explain::{Failure, blame, find_move, wrong_squares};
use super::merge::{sheet_ends, sheets_by_army};
use super::plan::{Entry, Merged, Next, next, numbered_right, plan};
use super::position::{Move, Position};
use super::setup::Setup;
use super::slips::line_slips;
use super::turn::{Game, Slot};
use crate::finding::wording::{common, superscacchi as say};
use crate::finding::{Code, Finding};
use crate::geometry::{Army, Sq};
use crate::notation::superscacchi::{SheetLine, SsGame, SsMove};
use crate::span::Span;
use std::cell::Cell;

mod again;
mod twice;

use again::{mistyped_number, other_readings, stray_owner};

/// One ply as a viewer replays it: what changed on the board since the previous ply
/// (kings taken off by R29/R30 at the turn's start included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyRecord {
    /// The army that moved.
    pub army: Army,
    /// Its sheet number.
    pub number: u32,
    /// The move as written.
    pub text: String,
    /// From and to (for highlighting).
    pub from: crate::geometry::Sq,
    /// To.
    pub to: crate::geometry::Sq,
    /// Squares that changed: (square, old code, new code); see [`piece_code`].
    pub changes: Vec<(u8, u8, u8)>,
    /// False for the line where the replay stopped (an error): nothing was played.
    pub played: bool,
}

/// A square's content as one byte: 0 empty, else 1 + army × 6 + role.
pub fn piece_code(p: Option<crate::geometry::Piece>) -> u8 {
    p.map_or(0, |p| 1 + p.army.index() as u8 * 6 + p.role as u8)
}

fn board_codes(pos: &Position) -> [u8; 256] {
    let mut b = [0u8; 256];
    for (i, p) in pos.board.iter().enumerate() {
        b[i] = piece_code(*p);
    }
    b
}

/// What the replay of one game found.
#[derive(Debug, Clone)]
pub struct SsReplay {
    /// Findings: parse errors first, then in the order met.
    pub findings: Vec<Finding>,
    /// Events in order.
    pub events: Vec<Event>,
    /// The position where the replay stopped.
    pub position: Position,
    /// Plies played.
    pub plies: u32,
    /// Every sheet was replayed without error.
    pub complete: bool,
    /// The board before the first move, as [`piece_code`]s (when recorded).
    pub initial: Vec<u8>,
    /// Ply by ply (when recorded), for viewers.
    pub timeline: Vec<PlyRecord>,
}

/// Replays a parsed game from a set-up: the eight sheets merged in turn order (R32), every
/// move checked (R10–R31), the discrepancies of the pens and markers noted (R33–R36).
///
/// ```
/// use arbitro::notation::superscacchi::{parse, prepare};
/// use arbitro::superscacchi::{replay::replay, setup::Setup};
/// let text = std::fs::read_to_string("samples/superscacchi/leoni-tigri-partita1.txt").unwrap();
/// let clean = prepare(&text);
/// let game = parse(&clean);
/// let r = replay(&game, &Setup::builtin("assedio-corto").unwrap());
/// assert!(r.complete && r.findings.is_empty());
/// assert_eq!(r.plies, 560);
/// ```
pub fn replay(game: &SsGame<'_>, setup: &Setup) -> SsReplay {
    replay_with(game, setup, false)
}

/// The board ply by ply, for viewers (only when asked for: nobody else pays for it).
struct Recorder {
    initial: Vec<u8>,
    last: [u8; 256],
    timeline: Vec<PlyRecord>,
}

impl Recorder {
    fn new(pos: &Position) -> Recorder {
        let last = board_codes(pos);
        Recorder {
            initial: last.to_vec(),
            last,
            timeline: Vec::new(),
        }
    }

    /// A move played (`Some(m)`, the board after it in `pos`) or where the replay stopped
    /// (`None`, on a move written from `from` to `to`): its army, number and text.
    fn line(
        &mut self,
        pos: &Position,
        (army, number, text): (Army, u32, &str),
        (from, to): (Sq, Sq),
        m: Option<&Move>,
    ) {
        let changes = match m {
            Some(_) => {
                let now = board_codes(pos);
                let changes = (0..256)
                    .filter(|&i| now[i] != self.last[i])
                    .map(|i| (i as u8, self.last[i], now[i]))
                    .collect();
                self.last = now;
                changes
            }
            None => Vec::new(),
        };
        self.timeline.push(PlyRecord {
            army,
            number,
            text: text.to_string(),
            from: m.map_or(from, |m| m.from),
            to: m.map_or(to, |m| m.to),
            changes,
            played: m.is_some(),
        });
    }
}

/// The most slips of R32a looked for near where the replay stops (each costs a search).
const MAX_SEARCHES: usize = 4;

/// [`replay`], also recording the board ply by ply when `record` is set (for `show` and
/// `render`). The turn loop: each slot as R31 orders it, each army's next move merged in
/// by turn order (R32), the slips of the sheets read as R32a proposes, the replay stopping
/// at the first error it cannot read past (R35), and each played line compared with what
/// the move did (R33, R34, R36).
pub fn replay_with(game: &SsGame<'_>, setup: &Setup, record: bool) -> SsReplay {
    let mut merged = sheets_by_army(game).map(|s| plan(game, &s, &setup.order));
    let budget = Cell::new(PLY_BUDGET);
    let (mut r, mut stop, mut ties) = run(
        game,
        setup,
        merged.as_ref().map_err(|f| &**f),
        (record, Some(&budget), &[]),
    );
    // R32a: a move missing from a sheet renumbered after it, looked for where it stopped.
    for _ in 0..MAX_SEARCHES {
        let (Ok(m), Some(s)) = (&merged, &stop) else {
            break;
        };
        let mut search = Search {
            game,
            setup,
            error_at: &s.error_at,
            chosen: &s.chosen,
            budget: &budget,
            past: 0,
            ahead: false,
            unexplained: Vec::new(),
        };
        let failing = s.failure.is_some();
        // A stray line reached (R32's finding): the army whose sheet it ends (R32a).
        let (found, (r2, stop2, ties2)) = if let Some(t) = s.stray {
            let Some(x) = stray_owner((game, setup, m, (record, &budget)), t) else {
                break;
            };
            x
        } else {
            // A sheet that ends early: its next line may be on another sheet (R32a); else a
            // move missing from a renumbered sheet.
            let stray = if failing { None } else { m.stray_for(s.army) };
            let found = stray.or_else(|| search.renumbered(m, s.army, &s.cursor, (s.ply, failing)));
            if let Some(found) = found {
                let run = run(game, setup, Ok(&found), (record, Some(&budget), &[]));
                (found, run)
            } else {
                let tried = std::mem::take(&mut search.unexplained);
                let Some(x) = twice::confirmed((game, setup, (record, &budget)), tried, r.plies)
                else {
                    break;
                };
                x
            }
        };
        // R32a: the slip stands only if, read as the replay reads it, the game replays
        // further than without it: by where it stops, and by the plies played when it
        // stops with no place to search (a missing move that nothing fits, a line already
        // reported, the search's budget spent).
        if !r2.complete && (r2.plies <= r.plies || stop2.as_ref().is_some_and(|s2| s2.ply <= s.ply))
        {
            break;
        }
        (r, stop, ties) = (r2, stop2, ties2);
        merged = Ok(found);
    }
    // R32a: a misspelt line that a renumbered sheet's echo follows.
    if let (Ok(m), Some(s)) = (&merged, &stop)
        && let Some((m2, run2)) = twice::behind_misspelt((game, setup, (record, &budget)), m, s)
    {
        (r, stop, ties) = run2;
        merged = Ok(m2);
    }
    if let (Ok(m), Some(s)) = (&merged, &stop)
        && let Some((m2, run2)) = mistyped_number(game, setup, m, s, (record, &budget))
    {
        (r, stop, ties) = run2;
        merged = Ok(m2);
    }
    if let Ok(m) = &merged
        && !r.complete
    {
        let first = (game, setup, m, (record, &budget));
        if let Some((r2, stop2)) = other_readings(first, &r, &ties) {
            (r, stop) = (r2, stop2);
        }
    }
    if let Some(fail) = stop.and_then(|s| s.failure) {
        blame(game, &mut r, &fail, |g| replay_probe(g, setup).plies);
    }
    r
}

/// [`replay`] for the searches that try readings of a game (the unreadable characters,
/// the blame): no slip is searched for, and a move missing from a sheet stops it.
pub fn replay_probe(game: &SsGame<'_>, setup: &Setup) -> SsReplay {
    let merged = sheets_by_army(game).map(|s| plan(game, &s, &setup.order));
    run(
        game,
        setup,
        merged.as_ref().map_err(|f| &**f),
        (false, None, &[]),
    )
    .0
}

/// Where the replay stopped on a move (for R32a's search and the blame).
struct Stop {
    /// Whose move.
    army: Army,
    /// Plies played.
    ply: u32,
    /// Each army's moves taken from the merge.
    cursor: [usize; 8],
    /// A move that no piece can play as written (for [`blame`]).
    failure: Option<Failure>,
    /// The lines with an error already reported ([`errors_at`]).
    error_at: Vec<Reported>,
    /// The moves read where a move is missing, so far: (army, its number, the move).
    chosen: Vec<(Army, u32, Move)>,
    /// It stopped on a stray line (out of number order, no slip took it): (sheet, line,
    /// number), as in [`Merged::strays`].
    stray: Option<(usize, usize, u32)>,
}

/// The lines with an error already reported (parse, numbering), where the replay stops:
/// (the sheet's army, the number written, the line of the file; 0 for any).
fn errors_at(findings: &[Finding]) -> Vec<Reported> {
    findings
        .iter()
        .filter(|f| f.code != Code::MissingMove && f.code != Code::MisplacedMove)
        .filter_map(|f| {
            Some((
                f.army?.army()?,
                f.move_number?,
                f.span.map_or(0, |s| s.line),
            ))
        })
        .collect()
}

/// A missing move read as the first of several that fit as well (R32a): its army, its
/// number, and the moves, the one read first.
type Tie = (Army, u32, Vec<Move>);

/// A missing move to read as given (R32a, another reading tried): army, number, move.
type Read = (Army, u32, Move);

/// A replay, where it stopped on a move, and the missing moves read as the first of
/// several that fit as well.
type Run = (SsReplay, Option<Stop>, Vec<Tie>);

/// The turn loop over the sheets as merged, and where it stopped on a move.
fn run(
    game: &SsGame<'_>,
    setup: &Setup,
    merged: Result<&Merged, &Finding>,
    (record, search, forced): (bool, Option<&Cell<u64>>, &[Read]),
) -> Run {
    let engine = Game::new(setup);
    // The numbering findings that the slips explain are not the judge's business.
    let right = match merged {
        Ok(m) if game.errors.iter().any(|f| f.code == Code::SheetNumbering) => {
            numbered_right(game, m)
        }
        _ => Vec::new(),
    };
    let mut findings: Vec<Finding> = game
        .errors
        .iter()
        .filter(|f| {
            f.code != Code::SheetNumbering || f.span.is_none_or(|s| !right.contains(&s.line))
        })
        .cloned()
        .collect();
    for f in &mut findings {
        f.ply = None;
    }
    let mut turns = Turns {
        recorder: record.then(|| Recorder::new(&engine.pos)),
        engine,
        touches: super::blame::Touches::default(),
        error_at: errors_at(&findings),
        findings,
        events: Vec::new(),
        stop: None,
        chosen: Vec::new(),
        last: None,
        search,
        forced,
        ties: Vec::new(),
    };
    let complete = match merged {
        Ok(m) => turns.play(game, setup, m),
        Err(f) => {
            turns.findings.push(f.clone());
            false
        }
    };
    turns.finish(complete)
}

/// The replay under way: the engine, and what the turns gather.
struct Turns<'b> {
    engine: Game,
    /// Which line last changed each square, for the blame of a failing line.
    touches: super::blame::Touches,
    recorder: Option<Recorder>,
    /// The lines with an error already reported ([`errors_at`]).
    error_at: Vec<Reported>,
    findings: Vec<Finding>,
    events: Vec<Event>,
    stop: Option<Stop>,
    /// The moves read where a move is missing (R32a): (army, its number, the move).
    chosen: Vec<(Army, u32, Move)>,
    /// The last move played: its army and number (said with the events of R29, R30).
    last: Option<(Army, u32)>,
    /// The plies the slip searches may still spend, when they run (R32a); `None` for a
    /// probe, which stops at a missing move.
    search: Option<&'b Cell<u64>>,
    /// Missing moves to read as given, where they fit (another reading tried, R32a).
    forced: &'b [Read],
    /// The missing moves read as the first of several that fit as well.
    ties: Vec<Tie>,
}

/// What a slip search looks for (R32a): a move missing from a sheet (its number), or the
/// reading of a smudged line the fill could not reach.
enum Gap<'l, 'a> {
    Missing(u32),
    Smudge(&'l SheetLine<'a>),
}

impl Turns<'_> {
    /// Plays the sheets in turn order (R32) to their end; false when the replay stopped
    /// (a sheet ends early, a line cannot be read, a move is not legal).
    fn play(&mut self, game: &SsGame<'_>, setup: &Setup, merged: &Merged) -> bool {
        let mut cursor = [0usize; 8];
        loop {
            let ply = self.engine.ply;
            let (slot, entry) = match next(&mut self.engine, merged, &mut cursor) {
                Next::Done => return true,
                Next::NoMove(slot) => {
                    let events = self.engine.slot_events(&slot, None, ply);
                    self.note(events, Vec::new(), None);
                    continue;
                }
                Next::Ends(slot) => {
                    let army = slot.army;
                    let sheet = merged.sheet_of[army.index()];
                    self.findings.push(sheet_ends(game, sheet, army, ply));
                    self.stopped(army, cursor, None);
                    return false;
                }
                Next::Move(slot, entry) => (slot, entry),
            };
            let army = slot.army;
            let ply = ply + 1;
            let line = match entry {
                // A probe stops at a missing move; the search found none that fits.
                Entry::Missing(number) => {
                    let gap = Gap::Missing(number);
                    if self.search_slip((game, setup, merged), &slot, gap, &cursor) {
                        continue;
                    }
                    return false;
                }
                Entry::Moved(s, l, number) => {
                    let line = &game.sheets[s].lines[l];
                    let f = say::misplaced_move(game.sheets[s].army, army, number);
                    let f = say::on_line(f, game.sheets[s].army, line.number, line.text);
                    self.findings.push(
                        f.at(line.span)
                            .on_sheet(game.sheets[s].army, line.number, ply)
                            .belonging_to(army, number),
                    );
                    line
                }
                Entry::Line(s, l) => &game.sheets[s].lines[l],
            };
            let sheet_army = game.sheets[plan_sheet(entry)].army;
            let reported = reported(&self.error_at, sheet_army, line);
            let Some(w) = line.parsed.filter(|_| !reported) else {
                // A smudge the fill could not reach, behind a slip of R32a (formats.md §8).
                if self.search.is_some() && !reported && smudged(line) {
                    let gap = Gap::Smudge(line);
                    if self.search_slip((game, setup, merged), &slot, gap, &cursor) {
                        continue;
                    }
                    return false;
                }
                self.stop_at_reported(sheet_army, line.number, ply);
                // A stray line no slip took (R32a): whose it is is looked for once stopped.
                let stray = match entry {
                    Entry::Line(s, l) => merged.strays.iter().find(|t| (t.0, t.1) == (s, l)),
                    _ => None,
                };
                if let Some(&t) = stray {
                    self.stopped(army, cursor, None);
                    if let Some(s) = &mut self.stop {
                        s.stray = Some(t);
                    }
                }
                return false;
            };
            match find_move(&self.engine.pos, army, &w) {
                Ok(m) => self.played(&slot, line, &w, &m, ply),
                Err(f) => {
                    let at = match entry {
                        Entry::Line(s, l) | Entry::Moved(s, l, _) => (s, l),
                        Entry::Missing(_) => (0, 0),
                    };
                    self.fail(*f, army, at, line, &w, ply);
                    let failure = self.stop.take().and_then(|s| s.failure);
                    self.stopped(army, cursor, failure);
                    return false;
                }
            }
        }
    }

    /// Keeps a turn's events: those of its start (R29, R30), said to come after the last
    /// move played, and those of its move, at `line` of the file when the move has one.
    #[inline]
    fn note(&mut self, start: Vec<Event>, moved: Vec<Event>, line: Option<u32>) {
        // Most turns have no event: nothing to note (the replay's speed, issue 33).
        if start.is_empty() && moved.is_empty() {
            return;
        }
        for mut e in start {
            e.after = self.last;
            e.line = line.filter(|_| e.move_number.is_some());
            self.events.push(e);
        }
        for mut e in moved {
            e.line = line;
            self.events.push(e);
        }
    }

    /// Notes where the replay stopped.
    fn stopped(&mut self, army: Army, cursor: [usize; 8], failure: Option<Failure>) {
        self.stop = Some(Stop {
            army,
            ply: self.engine.ply,
            cursor,
            failure,
            error_at: self.error_at.clone(),
            chosen: self.chosen.clone(),
            stray: None,
        });
    }

    /// A move missing from `slot`'s army's sheet, its move `number` (R32a): the moves that
    /// fit, the finding, and the best of them played. False when none fits (the replay
    /// stops).
    /// Searches what fills `gap` (R32a), with the lines already reported set aside for
    /// the search; false for a probe (no search) or when nothing fits.
    fn search_slip(
        &mut self,
        (game, setup, merged): (&SsGame<'_>, &Setup, &Merged),
        slot: &Slot,
        gap: Gap<'_, '_>,
        cursor: &[usize; 8],
    ) -> bool {
        let Some(budget) = self.search else {
            return false;
        };
        let error_at = std::mem::take(&mut self.error_at);
        let search = Search {
            game,
            setup,
            error_at: &error_at,
            chosen: &[],
            budget,
            past: 0,
            ahead: false,
            unexplained: Vec::new(),
        };
        let found = match gap {
            Gap::Missing(number) => self.missing(search, merged, (slot, number), cursor),
            Gap::Smudge(line) => self.smudge(search, merged, (slot, line), cursor),
        };
        self.error_at = error_at;
        found
    }

    fn missing(
        &mut self,
        mut search: Search<'_, '_, '_>,
        merged: &Merged,
        (slot, number): (&Slot, u32),
        cursor: &[usize; 8],
    ) -> bool {
        let (army, ply) = (slot.army, self.engine.ply + 1);
        let found = search.missing(merged, &self.engine, slot, cursor, ply + 6 * 8);
        let mut fits: Vec<_> = match found.first() {
            Some(b) if b.reach.done || b.reach.plies > ply + 8 => {
                found.iter().take_while(|c| c.reach == b.reach).collect()
            }
            _ => Vec::new(),
        };
        // Another reading tried (R32a): that one first, if it fits as well.
        let forced = self.forced.iter().find(|f| (f.0, f.1) == (army, number));
        if let Some(k) = forced.and_then(|f| fits.iter().position(|c| same(&c.mv, &f.2))) {
            let c = fits.remove(k);
            fits.insert(0, c);
        } else if fits.len() > 1 {
            self.ties
                .push((army, number, fits.iter().map(|c| c.mv).collect()));
        }
        let texts: Vec<String> = fits.iter().map(|c| c.text()).collect();
        let span = missing_at(search.game, merged, army, cursor[army.index()]);
        let f = say::missing_move(army, number, &texts, search.bounded());
        let f = f.on_sheet(army, number, ply).proposing(texts.clone());
        self.findings.push(match span {
            Some(s) => f.at(s),
            None => f,
        });
        let Some(c) = fits.first() else {
            return false;
        };
        self.play_read(slot, number, (&c.mv, &texts[0]), span.map(|s| s.line));
        true
    }

    /// A smudged `line` (formats.md §8) that the fill could not reach because a slip of
    /// R32a comes before it: read here as a missing move is, among its readings (every
    /// legal move for a whole move unreadable). The one the game replays furthest with is
    /// read (`filled-unreadable`); several as far are listed (`unreadable-move`) and the
    /// replay stops, as does a line no legal move fits.
    fn smudge(
        &mut self,
        mut search: Search<'_, '_, '_>,
        merged: &Merged,
        (slot, line): (&Slot, &SheetLine<'_>),
        cursor: &[usize; 8],
    ) -> bool {
        let (army, ply) = (slot.army, self.engine.ply + 1);
        let fits = super::fill::smudge_fits(line.text);
        let mut found = search.missing(merged, &self.engine, slot, cursor, ply + 6 * 8);
        found.retain(|c| fits(&c.mv));
        let what = format!("{army} {}. {}", line.number, line.text);
        let listed: Vec<(String, u32)> = found.iter().map(|c| (c.text(), c.reach.plies)).collect();
        let listed: Vec<(&str, u32)> = listed.iter().map(|(t, p)| (t.as_str(), *p)).collect();
        let top = found
            .iter()
            .take_while(|c| found.first().is_some_and(|b| b.reach == c.reach))
            .count();
        let f = match top {
            0 => say::cannot_fill(army, line.number, line.text, None),
            1 => common::filled_unreadable(&what, &listed, search.bounded()),
            _ => common::unreadable_move(&what, &listed, search.bounded()),
        };
        self.findings
            .push(f.at(line.span).rule("R33").on_sheet(army, line.number, ply));
        if top != 1 {
            return false;
        }
        let text = listed[0].0.to_string();
        self.play_read(
            slot,
            line.number,
            (&found[0].mv, &text),
            Some(line.span.line),
        );
        true
    }

    /// A move read where the sheet has none to play (a missing move, a smudge): played as
    /// the line `number` of `slot`'s army, written `text`, at `line` of the file.
    fn play_read(
        &mut self,
        slot: &Slot,
        number: u32,
        (mv, text): (&Move, &str),
        line: Option<u32>,
    ) {
        let (army, ply) = (slot.army, self.engine.ply + 1);
        self.chosen.push((army, number, *mv));
        let played = self.engine.play(mv);
        self.touches.played(mv, number, line.unwrap_or(0));
        if let Some(r) = &mut self.recorder {
            r.line(
                &self.engine.pos,
                (army, number, text),
                (mv.from, mv.to),
                Some(mv),
            );
        }
        let events = self.engine.slot_events(slot, Some(number), ply);
        let moved = self.engine.move_events(&played, number);
        self.note(events, moved, None);
        self.last = Some((army, number));
    }

    /// The line's parse or numbering error is already reported, and the replay stops
    /// there: those findings get the ply.
    fn stop_at_reported(&mut self, army: Army, number: u32, ply: u32) {
        for f in &mut self.findings {
            if f.army == Some(army.into()) && f.move_number == Some(number) {
                f.ply = Some(ply);
            }
        }
    }

    /// A line whose move is not legal: its finding, named by the line, and what the blame
    /// of the squares needs.
    fn fail(
        &mut self,
        f: Finding,
        army: Army,
        at: (usize, usize),
        line: &SheetLine,
        w: &SsMove,
        ply: u32,
    ) {
        let pos = &self.engine.pos;
        if let Some(r) = &mut self.recorder {
            r.line(pos, (army, line.number, line.text), (w.from, w.to), None);
        }
        let wrong = wrong_squares(pos, army, w);
        let squares = wrong
            .iter()
            .map(|&sq| self.touches.describe(pos, sq))
            .collect();
        self.stop = Some(Stop {
            army,
            ply,
            cursor: [0; 8],
            error_at: Vec::new(),
            chosen: Vec::new(),
            stray: None,
            failure: Some(Failure {
                at,
                ply,
                wrong,
                squares,
            }),
        });
        let f = say::on_line(f, army, line.number, line.text);
        self.findings
            .push(f.at(line.span).on_sheet(army, line.number, ply));
    }

    /// A legal move played: its events, and the discrepancies between the line and the
    /// move (R33, R34, R36).
    fn played(&mut self, slot: &Slot, line: &SheetLine, w: &SsMove, m: &Move, ply: u32) {
        let army = slot.army;
        let played = self.engine.play(m);
        self.touches.played(m, line.number, line.span.line);
        if let Some(r) = &mut self.recorder {
            let text = (army, line.number, line.text);
            r.line(&self.engine.pos, text, (w.from, w.to), Some(m));
        }
        let events = self.engine.slot_events(slot, Some(line.number), ply);
        let moved = self.engine.move_events(&played, line.number);
        self.note(events, moved, Some(line.span.line));
        self.last = Some((army, line.number));
        self.findings
            .extend(line_slips(slot, line, w, &played, ply));
    }

    /// The replay, and where it stopped.
    fn finish(self, complete: bool) -> Run {
        let (initial, timeline) = self
            .recorder
            .map_or((Vec::new(), Vec::new()), |r| (r.initial, r.timeline));
        let r = SsReplay {
            findings: self.findings,
            events: self.events,
            plies: self.engine.ply,
            position: self.engine.pos,
            complete,
            initial,
            timeline,
        };
        (r, self.stop, self.ties)
    }
}

/// Whether two moves are the same move (piece, squares, promotion).
fn same(a: &Move, b: &Move) -> bool {
    (a.from, a.to, a.promotion) == (b.from, b.to, b.promotion)
}

/// A line with an unreadable character that no reading fills yet (formats.md §8).
fn smudged(line: &SheetLine<'_>) -> bool {
    line.parsed.is_none() && line.text.contains('_')
}

/// The sheet an entry reads (the first sheet for a missing move, which reads none).
fn plan_sheet(e: Entry) -> usize {
    match e {
        Entry::Line(s, _) | Entry::Moved(s, _, _) => s,
        Entry::Missing(_) => 0,
    }
}

/// Where a missing move is reported: the army's next line on its sheet, else its last.
fn missing_at(game: &SsGame<'_>, merged: &Merged, army: Army, cursor: usize) -> Option<Span> {
    let moves = &merged.moves[army.index()];
    let line = |e: &Entry| Merged::line(game, *e).map(|l| l.span);
    moves[cursor..]
        .iter()
        .find_map(line)
        .or_else(|| moves[..cursor].iter().rev().find_map(line))
}
