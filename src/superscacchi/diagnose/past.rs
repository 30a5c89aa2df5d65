//! R32a with two slips near each other: the probes that judge one slip's reading are
//! stopped by the other, and tell nothing apart. Here a probe may read past one failure of
//! its own as a further slip (a misspelt line, or a move missing before it), or past the
//! next gap in the numbers among its army's moves, so that the first slip's readings are
//! judged by how far the game then goes. Only where the plain
//! search cannot tell: readings tied, or every hypothesis stopped soon after the stop.

use super::{Candidate, Reach, Search, Trial, misspelt};
use crate::notation::superscacchi::SsMove;
use crate::superscacchi::fill::smudge_fits;
use crate::superscacchi::plan::Merged;
use crate::superscacchi::position::Move;
use crate::superscacchi::turn::{Game, Slot};
use std::cmp::Reverse;

/// The most moves tied for a missing move that are probed again reading past a slip.
const MAX_TIED: usize = 40;

/// The most hypotheses stopped near the first failure that are tried again reading past a
/// slip ([`Search::near_stop`]).
const NEAR: usize = 6;

/// The moves of a misspelt or smudged line probed to the end ([`Search::rank`]).
const TOP: usize = 6;

/// A failure of its own where a probe stopped, as [`Search::read_past`] reads it.
pub(super) enum Failed<'l> {
    /// The army's sheet ended while others go on.
    Ends,
    /// A line whose move cannot be played: its move.
    Line(SsMove),
    /// A line with a smudge (formats.md §8): its text.
    Smudge(&'l str),
}

/// Keeps `x` among the [`NEAR`] best of `near`, best first.
pub(super) fn keep<T>(near: &mut Vec<(Reach, T, Trial)>, x: (Reach, T, Trial)) {
    near.push(x);
    near.sort_by_key(|x| Reverse(x.0));
    near.truncate(NEAR);
}

impl Search<'_, '_, '_> {
    /// A probe stopped by a failure of its own at `slot` (the armies' cursors at `cursor`,
    /// past the failing line), one further slip read past: a move of that army missing
    /// before the line (the line played a turn later), or the line misspelt, for a move
    /// that fits its text (a smudge: its readings, formats.md §8) or for one not known. The
    /// move read for an unknown one is none: the turn passes, which the game after it seldom
    /// notices, and costs one probe instead of a search. How far the best reading goes, that
    /// slip counted in [`Reach::past`].
    pub(super) fn read_past(
        &mut self,
        merged: &Merged,
        engine: &Game,
        slot: &Slot,
        cursor: [usize; 8],
        what: &Failed<'_>,
    ) -> Option<Reach> {
        let army = slot.army;
        let mut moves = Vec::new();
        let mut readings: Vec<(Option<Move>, [usize; 8])> = vec![(None, cursor)];
        match what {
            Failed::Ends => {}
            Failed::Line(w) => {
                let mut before = cursor;
                before[army.index()] -= 1;
                readings.push((None, before));
                engine.pos.moves(army, &mut moves);
                moves.retain(|m| misspelt(w, m));
            }
            Failed::Smudge(text) => {
                engine.pos.moves(army, &mut moves);
                moves.retain(smudge_fits(text));
            }
        }
        self.past -= 1;
        let mut best: Option<Reach> = None;
        for (m, cursor) in readings {
            let mut g = engine.clone();
            if let Some(m) = m {
                g.play(&m);
            }
            best = best.max(Some(self.probe(merged, g, cursor, u32::MAX)));
        }
        if !moves.is_empty() {
            let short = engine.ply + 1 + 3 * 8;
            let found = self.rank(merged, engine, &cursor, moves, (short, TOP));
            best = best.max(found.first().map(|c| c.reach));
        }
        self.past += 1;
        best.map(|r| Reach {
            past: r.past + 1,
            ..r
        })
    }

    /// A probe stopped at a missing move of `slot`'s army not read yet (the armies'
    /// cursors at `cursor`, past it): its army's moves tried there, first up to three
    /// turns on ([`Search::rank`], the next gap not read past). How far the best goes.
    pub(super) fn read_gap(
        &mut self,
        merged: &Merged,
        engine: &Game,
        slot: &Slot,
        cursor: [usize; 8],
    ) -> Option<Reach> {
        let mut moves = Vec::new();
        engine.pos.moves(slot.army, &mut moves);
        self.ahead = false;
        let short = engine.ply + 1 + 3 * 8;
        let found = self.rank(merged, engine, &cursor, moves, (short, TOP));
        self.ahead = true;
        found.first().map(|c| c.reach)
    }

    /// How far a trial's best moves go, each probed to the end reading past one slip, or
    /// (`ahead`) past the next gap the numbers show, among its army's moves (then the first
    /// that goes to the end, or to a gap after that one, is enough).
    pub(super) fn tolerant(
        &mut self,
        merged: &Merged,
        trial: &Trial,
        ahead: bool,
    ) -> Option<Reach> {
        let best = trial.reach()?;
        let top: Vec<Move> = trial
            .found
            .iter()
            .take_while(|c| c.reach.far() == best.far())
            .take(MAX_TIED)
            .map(|c| c.mv)
            .collect();
        let mut out: Option<Reach> = None;
        (self.ahead, self.past) = (ahead, u8::from(!ahead));
        for m in top {
            let mut g = trial.engine.clone();
            g.play(&m);
            out = out.max(Some(self.probe(merged, g, trial.cursor, u32::MAX)));
            if ahead && out.is_some_and(|r| r.done) {
                break;
            }
        }
        (self.ahead, self.past) = (false, 0);
        out.map(|r| Reach {
            fit: r.fit.saturating_sub(trial.slips),
            ..r
        })
    }

    /// Several moves fit a missing move of `slot`'s army as well, each probe stopped by
    /// the same failure of another army (a second slip soon after), or all at the next
    /// missing move the numbers show (a second gap soon after): those are probed again
    /// reading past that slip or gap, so that the move that was there goes further. The
    /// plain probes rank first (only the tied are probed again).
    pub(super) fn break_ties(
        &mut self,
        merged: &Merged,
        (engine, slot, cursor): (&Game, &Slot, &[usize; 8]),
        found: &mut [Candidate],
    ) {
        let Some(best) = found.first().map(|c| c.reach) else {
            return;
        };
        let tied = found.iter().take_while(|c| c.reach == best).count();
        // All stopped at the next missing move (a second gap soon after): each read past
        // it, among its army's moves. All stopped by the same failure of another army: each
        // read past one further slip.
        let ahead = best.done && best.gap;
        let past = !best.done && best.stopped && best.by != Some(slot.army);
        if !(2..=MAX_TIED).contains(&tied) || !(ahead || past) {
            return;
        }
        (self.ahead, self.past) = (ahead, u8::from(past));
        for c in &mut found[..tied] {
            let mut g = engine.clone();
            g.play(&c.mv);
            c.reach = self.probe(merged, g, *cursor, u32::MAX);
        }
        (self.ahead, self.past) = (false, 0);
        found[..tied].sort_by_key(|c| Reverse(c.reach));
    }

    /// The hypotheses of a renumbered sheet that replay as far as the failing line read as
    /// misspelt (`misspelt`: the sheets so read, and its trial), both to the next gap the
    /// numbers show (`at_gap`, best first: a second slip there). Each is probed again past
    /// that gap, among its army's moves, as the misspelt reading is: the first that then
    /// replays to the end, or to a gap after that one, further than the misspelt reading
    /// stands (a sheet one move short that the misspelt reading leaves one line short at
    /// the game's end, or whose lines fail later).
    pub(super) fn past_the_gap(
        &mut self,
        at_gap: Vec<(Reach, Merged, Trial)>,
        misspelt: Option<&(Merged, Trial)>,
    ) -> Option<Merged> {
        let mut rival: Option<Option<Reach>> = None;
        for (_, m, trial) in at_gap {
            if self.bounded() {
                return None;
            }
            let Some(r) = self.tolerant(&m, &trial, true).filter(|r| r.done) else {
                continue;
            };
            let rival = *rival
                .get_or_insert_with(|| misspelt.and_then(|(m0, t0)| self.tolerant(m0, t0, true)));
            if rival.is_none_or(|p| r.far() > p.far()) {
                return Some(m);
            }
        }
        None
    }

    /// The hypotheses of a renumbered sheet whose probes a failure of another army stops
    /// soon after the stop (`near`, best first: a second slip there): each tried again
    /// reading past one further slip. The first that then replays to its end stands,
    /// unless the failing line read as misspelt (`misspelt`: the sheets so read, and its
    /// trial) does too, reading past one further slip as well (as many slips).
    pub(super) fn near_stop(
        &mut self,
        near: Vec<(Reach, Merged, Trial)>,
        misspelt: Option<&(Merged, Trial)>,
    ) -> Option<Merged> {
        let mut rival: Option<Option<Reach>> = None;
        for (_, m, trial) in near {
            if self.bounded() || !self.tolerant(&m, &trial, false).is_some_and(|r| r.done) {
                continue;
            }
            let rival = *rival
                .get_or_insert_with(|| misspelt.and_then(|(m0, t0)| self.tolerant(m0, t0, false)));
            if rival.is_some_and(|r| r.done) {
                continue;
            }
            return Some(m);
        }
        None
    }
}
