//! The final (T4, T5): the final of three and its extra game, and the podium.

use super::group::{group, line_of, rank_with, sorted_games};
use super::{Ctx, ExtraGame, ExtraStatus, GameLine, GroupStanding, PhaseStanding};
use crate::finding::wording::tournament as say;
use crate::notation::classical::GameResult;
use crate::tournament::assign::Noted;
use crate::tournament::file::{Phase, PlayerId};

/// The final of three and its extra game (T5).
pub(super) fn final_of_three(
    ctx: &Ctx<'_>,
    p: &Phase,
    players: &[PlayerId],
) -> (GroupStanding, ExtraGame) {
    let mut g = group(ctx, p, 0, &[1], None);
    let first_decided = g.complete && g.ranking.entries[0].is_decided();
    let two = first_decided.then(|| {
        let e = &g.ranking.entries;
        (e[1].player, e[2].player)
    });
    let idx = sorted_games(ctx, ctx.a.extra.get(&p.number));
    let lines: Vec<GameLine> = idx.iter().map(|&k| line_of(ctx, k)).collect();
    let played: Vec<&GameLine> = lines.iter().filter(|l| l.result.is_some()).collect();
    let mut notes = Vec::new();
    let status = match played.as_slice() {
        [] => ExtraStatus::NotPlayed,
        [l] => extra_status(ctx, l, two, players, &mut notes),
        many => {
            let last = &ctx.games[many.last().expect("two or more").index];
            let f = say::extra_game_twice(many.len()).at(last.span);
            notes.push(Noted {
                file: last.report.file.clone(),
                game: Some(last.report.game),
                finding: f,
            });
            ExtraStatus::NotCounted
        }
    };
    g.findings.extend(notes);
    if !matches!(status, ExtraStatus::Won { .. }) {
        g.ranking = rank_with(ctx, p.number, &g, &[1, 2], None);
    }
    let lines = lines
        .into_iter()
        .map(|mut l| {
            l.counted = l.result.is_some() && status != ExtraStatus::NotCounted;
            l
        })
        .collect();
    let extra = ExtraGame {
        players: two,
        status,
        games: lines,
    };
    (g, extra)
}

pub(super) fn extra_status(
    ctx: &Ctx<'_>,
    l: &GameLine,
    two: Option<(PlayerId, PlayerId)>,
    players: &[PlayerId],
    notes: &mut Vec<Noted>,
) -> ExtraStatus {
    let pair = (l.white.min(l.black), l.white.max(l.black));
    let fits = two.is_some_and(|(a, b)| (a.min(b), a.max(b)) == pair);
    if !fits {
        let f = match two {
            Some((a, b)) => say::extra_game_not_theirs(&ctx.t.players[a], &ctx.t.players[b]),
            None if players.contains(&l.white) && players.contains(&l.black) => {
                say::extra_game_too_early()
            }
            None => say::extra_game_outsider(),
        };
        let g = &ctx.games[l.index];
        notes.push(Noted {
            file: g.report.file.clone(),
            game: Some(g.report.game),
            finding: f.at(g.span),
        });
        return ExtraStatus::NotCounted;
    }
    match l.result {
        Some(GameResult::WhiteWins) => ExtraStatus::Won {
            winner: l.white,
            loser: l.black,
        },
        Some(GameResult::BlackWins) => ExtraStatus::Won {
            winner: l.black,
            loser: l.white,
        },
        _ => ExtraStatus::Drawn,
    }
}

/// T4, T5: winner, second and third, from the final (the last phase, a single group).
pub(super) fn podium(
    phases: &[PhaseStanding],
) -> (Option<PlayerId>, Option<PlayerId>, Option<PlayerId>) {
    let Some(last) = phases.last().filter(|p| p.is_final) else {
        return (None, None, None);
    };
    let g = &last.groups[0];
    let at = |place: u32| {
        g.ranking
            .entries
            .iter()
            .find(|e| e.place == place && e.is_decided())
            .map(|e| e.player)
    };
    if !g.complete {
        return (None, None, None);
    }
    match &last.extra {
        Some(ExtraGame {
            status: ExtraStatus::Won { winner, loser },
            ..
        }) => (at(1), Some(*winner), Some(*loser)),
        _ => (at(1), at(2), at(3)),
    }
}
