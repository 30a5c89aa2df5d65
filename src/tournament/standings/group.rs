//! One group's standings (T6–T10, T14): its games, the pairs played twice, the tally, the
//! ranking with the lots recorded or drawn.

use super::{Ctx, GameLine, GroupStanding};
use crate::finding::wording::tournament as say;
use crate::tournament::assign::{Noted, game_order, note};
use crate::tournament::file::{Phase, PlayerId};
use crate::tournament::games::half_points;
use crate::tournament::lot::{shuffle, tie_key};
use crate::tournament::rank::{Group, LotSource, Ranking, rank};
use std::collections::BTreeMap;

/// T4's borders of a group of `k`: k − 1 in phase 1, 1 later; in the final 1, 2 and 3
/// (those below k) \[reading\].
pub(super) fn borders(p: &Phase, k: u32) -> Vec<u32> {
    if p.is_final() {
        (1..=3).filter(|&b| b < k).collect()
    } else if p.number == 1 {
        vec![k - 1]
    } else {
        vec![1]
    }
}

pub(super) fn line_of(ctx: &Ctx<'_>, i: usize) -> GameLine {
    let g = &ctx.games[i];
    let id = |n: Option<&str>| n.and_then(|n| ctx.t.find(n)).unwrap_or(0);
    GameLine {
        index: i,
        white: id(g.report.white()),
        black: id(g.report.black()),
        result: g.result,
        counted: g.result.is_some(),
        under_review: g.result.is_some() && g.needs_review(),
        forfeit: g.termination == Some(crate::tournament::games::Termination::Late),
        unreadable: g
            .unreadable_result
            .map(|s| format!("{}:{}", g.report.file, s.line)),
    }
}

pub(super) fn sorted_games(ctx: &Ctx<'_>, indices: Option<&Vec<usize>>) -> Vec<usize> {
    let mut v = indices.cloned().unwrap_or_default();
    v.sort_by(|&a, &b| game_order(ctx.games, a).cmp(&game_order(ctx.games, b)));
    v
}

/// Marks pairs played more than once as not counted (T14), with one finding per pair; a
/// pair recorded once on a results sheet and once in a game file with the same outcome
/// counts once, the game file's (T17, `recorded-twice`).
pub(super) fn duplicates(ctx: &Ctx<'_>, lines: &mut [GameLine], notes: &mut Vec<Noted>) {
    let mut by_pair: BTreeMap<(PlayerId, PlayerId), Vec<usize>> = BTreeMap::new();
    for (k, l) in lines.iter().enumerate() {
        if l.counted {
            let pair = (l.white.min(l.black), l.white.max(l.black));
            by_pair.entry(pair).or_default().push(k);
        }
    }
    for ((a, b), ks) in by_pair.into_iter().filter(|(_, ks)| ks.len() > 1) {
        let where_: Vec<String> = ks
            .iter()
            .map(|&k| ctx.games[lines[k].index].place_text())
            .collect();
        let last = &ctx.games[lines[*ks.last().expect("two or more")].index];
        let (names_a, names_b) = (&ctx.t.players[a], &ctx.t.players[b]);
        if let Some(sheet) = recorded_twice(ctx, lines, &ks, a) {
            lines[sheet].counted = false;
            let f = say::recorded_twice(names_a, names_b, &where_)
                .at(ctx.games[lines[sheet].index].span);
            notes.push(note(&ctx.games[lines[sheet].index], f));
            continue;
        }
        let f = say::pair_played_twice(names_a, names_b, &where_).at(last.span);
        notes.push(note(last, f));
        for k in ks {
            lines[k].counted = false;
        }
    }
}

/// T17: two records of a pair, one a line of a results sheet and one a game file, giving
/// `a` the same points: the sheet's line (which does not count).
fn recorded_twice(ctx: &Ctx<'_>, lines: &[GameLine], ks: &[usize], a: PlayerId) -> Option<usize> {
    let [x, y] = ks else {
        return None;
    };
    let from_sheet = |k: usize| ctx.games[lines[k].index].sheet_line.is_some();
    let points_of_a = |k: usize| {
        let l = &lines[k];
        let (w, b) = l.result.and_then(half_points)?;
        Some(if l.white == a { w } else { b })
    };
    let sheet = match (from_sheet(*x), from_sheet(*y)) {
        (true, false) => *x,
        (false, true) => *y,
        _ => return None,
    };
    (points_of_a(*x) == points_of_a(*y)).then_some(sheet)
}

/// The results, the missing pairs and completeness of a group.
pub(super) fn tally(players: &[PlayerId], lines: &[GameLine], names: &[String]) -> GroupStanding {
    let mut results = BTreeMap::new();
    for l in lines.iter().filter(|l| l.counted) {
        let Some((w, b)) = l.result.and_then(half_points) else {
            continue;
        };
        let (key, h) = if l.white < l.black {
            ((l.white, l.black), w)
        } else {
            ((l.black, l.white), b)
        };
        results.insert(key, (h, l.under_review));
    }
    let mut missing = Vec::new();
    for (i, &a) in players.iter().enumerate() {
        for &b in &players[i + 1..] {
            if !results.contains_key(&(a.min(b), a.max(b))) {
                let pair = if names[a].as_bytes() <= names[b].as_bytes() {
                    (a, b)
                } else {
                    (b, a)
                };
                missing.push(pair);
            }
        }
    }
    GroupStanding {
        number: 0,
        players: players.to_vec(),
        complete: missing.is_empty(),
        ranking: Ranking::default(),
        missing,
        misspelt: Vec::new(),
        findings: Vec::new(),
        games: lines.to_vec(),
        results,
    }
}

/// Ranks a tallied group with these borders.
pub(super) fn rank_with(
    ctx: &Ctx<'_>,
    phase: u32,
    g: &GroupStanding,
    borders: &[u32],
    going_on: Option<u32>,
) -> Ranking {
    let score = |a: PlayerId, b: PlayerId| g.result(a, b).map(|(h, _)| h);
    let group = g.number;
    let lot = |tied: &[PlayerId], place: u32| lot_for(ctx, phase, group, tied, place);
    rank(&Group {
        players: &g.players,
        names: &ctx.t.players,
        borders,
        going_on,
        complete: g.complete,
        score: &score,
        lot: &lot,
    })
}

/// A recorded lot for these tied players (T11), else the program's (T12) when asked.
pub(super) fn lot_for(
    ctx: &Ctx<'_>,
    phase: u32,
    group: u32,
    tied: &[PlayerId],
    place: u32,
) -> Option<(Vec<PlayerId>, LotSource)> {
    if let Some(i) = ctx.t.lots.iter().position(|l| {
        l.phase == phase
            && l.group == group
            && l.order.len() == tied.len()
            && tied.iter().all(|p| l.order.contains(p))
    }) {
        return Some((ctx.t.lots[i].order.clone(), LotSource::Recorded(i)));
    }
    let seed = ctx.opts.seed?;
    let mut order = tied.to_vec();
    shuffle(&mut order, seed, &tie_key(phase, group, place));
    Some((order, LotSource::Program))
}

/// A group (not a final of three).
pub(super) fn group(
    ctx: &Ctx<'_>,
    p: &Phase,
    i: usize,
    borders: &[u32],
    going_on: Option<u32>,
) -> GroupStanding {
    let mut notes = ctx.a.notes.get(&(p.number, i)).cloned().unwrap_or_default();
    let idx = sorted_games(ctx, ctx.a.groups.get(&(p.number, i)));
    let mut lines: Vec<GameLine> = idx.iter().map(|&k| line_of(ctx, k)).collect();
    duplicates(ctx, &mut lines, &mut notes);
    let mut g = tally(&p.groups[i], &lines, &ctx.t.players);
    g.number = i as u32 + 1;
    g.ranking = rank_with(ctx, p.number, &g, borders, going_on);
    g.findings = notes;
    g
}
