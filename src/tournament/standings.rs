//! The standings of a whole tournament: every group of every phase (T6–T10), the lots
//! (T11, T12), the final and its extra game (T4, T5), the next draw (T13).

use super::assign::{Assignment, Noted, assign, game_order};
use super::file::{Phase, PlayerId, Tournament};
use super::games::{Outcome, TournamentGame};
use super::lot::{draw_key, shuffle, tie_key};
use super::plan::group_sizes;
use super::rank::{DecidedBy, Group, Lot, LotSource, Ranking, rank};
use super::reading::Reading;
use crate::finding::{Code, Finding};
use crate::lang::Lang;
use crate::span::Span;
use std::collections::{BTreeMap, BTreeSet};

/// How to compute the standings.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// `--sorteggio SEED`: the program draws the lots still needed and the next phase (T12,
    /// T13).
    pub seed: Option<u64>,
    /// The language of the findings' messages.
    pub lang: Lang,
}

/// One game as the crosstable shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    /// Index in the games given.
    pub index: usize,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// The declared result (`None`: not played yet).
    pub outcome: Option<Outcome>,
    /// The game counts (false for a pair played twice, T14).
    pub counted: bool,
    /// Under review (T14).
    pub under_review: bool,
}

/// One group's standings.
#[derive(Debug, Clone)]
pub struct GroupStanding {
    /// Girone number, 1-based.
    pub number: u32,
    /// The players, in the file's order.
    pub players: Vec<PlayerId>,
    /// Every pair has a result (T10).
    pub complete: bool,
    /// The order, the lots needed and applied.
    pub ranking: Ranking,
    /// Pairs without a result: each in name order, in the order of the group's list.
    pub missing: Vec<(PlayerId, PlayerId)>,
    /// T14's findings and the games' own.
    pub findings: Vec<Noted>,
    /// The games of the group, by file and game number.
    pub games: Vec<GameLine>,
    /// Counted results: (a, b) with a < b → (a's half-points, under review).
    results: BTreeMap<(PlayerId, PlayerId), (u32, bool)>,
}

impl GroupStanding {
    /// `a`'s half-points against `b`, and whether the game is under review.
    pub fn result(&self, a: PlayerId, b: PlayerId) -> Option<(u32, bool)> {
        if a < b {
            self.results.get(&(a, b)).copied()
        } else {
            self.results.get(&(b, a)).map(|&(h, r)| (2 - h, r))
        }
    }
}

/// The final's extra game for second and third place (T5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtraStatus {
    /// Won: its winner is second, the loser third.
    Won {
        /// Second place.
        winner: PlayerId,
        /// Third place.
        loser: PlayerId,
    },
    /// Drawn: the final group's places decide (\[reading\]).
    Drawn,
    /// Not played (yet): the final group's places decide (\[reading\]).
    NotPlayed,
    /// Played but not counted (`not-in-group` or `duplicate-pair`).
    NotCounted,
}

/// The final's extra game.
#[derive(Debug, Clone)]
pub struct ExtraGame {
    /// The two who play it, once the final's first place is decided.
    pub players: Option<(PlayerId, PlayerId)>,
    /// What came of it.
    pub status: ExtraStatus,
    /// The games recorded as `[Girone "spareggio"]`.
    pub games: Vec<GameLine>,
}

/// One phase.
#[derive(Debug, Clone)]
pub struct PhaseStanding {
    /// Phase number.
    pub number: u32,
    /// A single group: the final.
    pub is_final: bool,
    /// The groups.
    pub groups: Vec<GroupStanding>,
    /// The final of three's extra game.
    pub extra: Option<ExtraGame>,
    /// Findings about the phase itself (group sizes, T3).
    pub findings: Vec<Noted>,
}

/// The next phase, drawn (T13).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextPhase {
    /// Its number.
    pub number: u32,
    /// Its groups, girone 1 first.
    pub groups: Vec<Vec<PlayerId>>,
}

/// Why the next phase was not drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoDraw {
    /// No `--sorteggio`.
    NotAsked,
    /// The last phase is the final.
    Final,
    /// Some group of the last phase is incomplete.
    Incomplete(u32),
    /// Some lot of the last phase is still needed.
    LotPending(u32),
}

/// How a place on the podium was decided (T4, T5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodiumBy {
    /// As the final group's own place was (points, head-to-head or lot).
    Group(DecidedBy),
    /// By the final's extra game (T5): its winner second, the loser third, whatever the
    /// group's own places (which may stay shared, T10).
    ExtraGame,
}

impl PodiumBy {
    /// The JSON name: `decided_by`'s names, or `extra-game`.
    pub fn as_str(self) -> &'static str {
        match self {
            PodiumBy::Group(d) => d.as_str(),
            PodiumBy::ExtraGame => "extra-game",
        }
    }
}

/// The whole tournament's standings.
#[derive(Debug, Clone)]
pub struct Standings {
    /// `nome`.
    pub name: String,
    /// Every registered name, as `giocatori` spells it.
    pub names: Vec<String>,
    /// Phase 1 first.
    pub phases: Vec<PhaseStanding>,
    /// The next phase, when drawn.
    pub next_phase: Result<NextPhase, NoDraw>,
    /// The podium, once decided.
    pub winner: Option<PlayerId>,
    /// Second.
    pub second: Option<PlayerId>,
    /// Third.
    pub third: Option<PlayerId>,
    /// Findings about games that belong to no group, and lots that belong to no group.
    pub findings: Vec<Noted>,
    /// The \[reading\] choices that applied.
    pub readings: Vec<Reading>,
    /// The seed, when the program drew.
    pub seed: Option<u64>,
}

impl Standings {
    /// Every finding, wherever it is listed.
    pub fn all_findings(&self) -> impl Iterator<Item = &Noted> {
        self.findings.iter().chain(self.phases.iter().flat_map(|p| {
            p.findings
                .iter()
                .chain(p.groups.iter().flat_map(|g| g.findings.iter()))
        }))
    }

    /// A player's place on the podium (1, 2 or 3) and how it was decided, once decided
    /// (T4, T5). Only players of the final have one.
    pub fn podium_place(&self, player: PlayerId) -> Option<(u32, PodiumBy)> {
        let last = self.phases.last().filter(|p| p.is_final)?;
        let place = [self.winner, self.second, self.third]
            .iter()
            .position(|&p| p == Some(player))? as u32
            + 1;
        let won = matches!(
            last.extra,
            Some(ExtraGame {
                status: ExtraStatus::Won { .. },
                ..
            })
        );
        if place > 1 && won {
            return Some((place, PodiumBy::ExtraGame));
        }
        let entry = last.groups[0]
            .ranking
            .entries
            .iter()
            .find(|e| e.player == player)?;
        Some((place, PodiumBy::Group(entry.decided_by)))
    }

    /// Every podium place the final can give (1 to 3, no more than its players) is
    /// decided; false when the last phase is not a final.
    pub fn podium_decided(&self) -> bool {
        let Some(last) = self.phases.last().filter(|p| p.is_final) else {
            return false;
        };
        let places = last.groups[0].players.len().min(3);
        [self.winner, self.second, self.third][..places]
            .iter()
            .all(Option::is_some)
    }

    /// The lots the program drew, with their phase and group (for `draw` to record).
    pub fn program_lots(&self) -> Vec<(u32, u32, &Lot)> {
        let mut out = Vec::new();
        for p in &self.phases {
            for g in &p.groups {
                for l in &g.ranking.applied {
                    if l.source == Some(LotSource::Program) {
                        out.push((p.number, g.number, l));
                    }
                }
            }
        }
        out
    }
}

/// The context every group is computed in.
struct Ctx<'a> {
    t: &'a Tournament,
    games: &'a [TournamentGame],
    a: &'a Assignment,
    opts: Options,
    file: &'a str,
}

/// Computes the standings of a tournament from its games. `file` names the tournament
/// file in findings about it.
pub fn standings(t: &Tournament, games: &[TournamentGame], opts: Options, file: &str) -> Standings {
    let a = assign(t, games);
    let ctx = Ctx {
        t,
        games,
        a: &a,
        opts,
        file,
    };
    let mut phases: Vec<PhaseStanding> = t.phases.iter().map(|p| phase(&ctx, p)).collect();
    let mut findings = a.unplaced.clone();
    lot_mismatches(&ctx, &mut phases, &mut findings);
    let next_phase = draw_next(&ctx, &phases);
    let (winner, second, third) = podium(&phases);
    let mut s = Standings {
        name: t.name.clone(),
        names: t.players.clone(),
        phases,
        next_phase,
        winner,
        second,
        third,
        findings,
        readings: Vec::new(),
        seed: opts.seed,
    };
    s.readings = applying(&s);
    s
}

fn phase(ctx: &Ctx<'_>, p: &Phase) -> PhaseStanding {
    let is_final = p.is_final();
    let mut groups = Vec::new();
    let mut extra = None;
    for (i, players) in p.groups.iter().enumerate() {
        if is_final && players.len() == 3 {
            let (g, e) = final_of_three(ctx, p, players);
            groups.push(g);
            extra = Some(e);
        } else {
            let k = players.len() as u32;
            let borders = borders(p, k);
            let going_on = (!is_final).then(|| borders[0]);
            groups.push(group(ctx, p, i, &borders, going_on));
        }
    }
    let mut findings = Vec::new();
    let written: Vec<usize> = p.groups.iter().map(Vec::len).collect();
    let expected = group_sizes(p.player_count());
    if written != expected {
        let text = |lang: Lang| {
            format!(
                "fase {}: {} {}, {} {}",
                p.number,
                lang.t("groups of", "gironi da"),
                list(&written),
                lang.t("where T3 gives", "dove T3 dà"),
                list(&expected)
            )
        };
        let f = Finding::new2(Code::GroupSize, text(Lang::En), text(Lang::It))
            .rule("T3")
            .at(line_span(p.line));
        findings.push(Noted {
            file: ctx.file.to_string(),
            game: None,
            finding: f,
        });
    }
    PhaseStanding {
        number: p.number,
        is_final,
        groups,
        extra,
        findings,
    }
}

fn list(v: &[usize]) -> String {
    v.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn line_span(line: u32) -> Span {
    Span {
        start: 0,
        end: 0,
        line,
        column: 1,
    }
}

/// T4's borders of a group of `k`: k − 1 in phase 1, 1 later; in the final 1, 2 and 3
/// (those below k) \[reading\].
fn borders(p: &Phase, k: u32) -> Vec<u32> {
    if p.is_final() {
        (1..=3).filter(|&b| b < k).collect()
    } else if p.number == 1 {
        vec![k - 1]
    } else {
        vec![1]
    }
}

fn line_of(ctx: &Ctx<'_>, i: usize) -> GameLine {
    let g = &ctx.games[i];
    let id = |n: Option<&str>| n.and_then(|n| ctx.t.find(n)).unwrap_or(0);
    GameLine {
        index: i,
        white: id(g.report.white()),
        black: id(g.report.black()),
        outcome: g.outcome,
        counted: g.outcome.is_some(),
        under_review: g.outcome.is_some() && g.needs_review(),
    }
}

fn sorted_games(ctx: &Ctx<'_>, indices: Option<&Vec<usize>>) -> Vec<usize> {
    let mut v = indices.cloned().unwrap_or_default();
    v.sort_by(|&a, &b| game_order(ctx.games, a).cmp(&game_order(ctx.games, b)));
    v
}

/// Marks pairs played more than once as not counted (T14), with one finding per pair.
fn duplicates(ctx: &Ctx<'_>, lines: &mut [GameLine], notes: &mut Vec<Noted>) {
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
            .map(|&k| {
                let r = &ctx.games[lines[k].index].report;
                format!("{} #{}", r.file, r.game)
            })
            .collect();
        let last = &ctx.games[lines[*ks.last().expect("two or more")].index];
        let text = |lang: Lang| {
            format!(
                "`{}` – `{}`: {} {} ({}): {}",
                ctx.t.players[a],
                ctx.t.players[b],
                ks.len(),
                lang.t(
                    "games with a result in this group",
                    "partite con risultato in questo girone"
                ),
                where_.join(", "),
                lang.t(
                    "no game counts until fixed",
                    "nessuna conta finché non si corregge"
                )
            )
        };
        let f = Finding::new2(Code::DuplicatePair, text(Lang::En), text(Lang::It))
            .rule("T14")
            .at(last.span);
        notes.push(Noted {
            file: last.report.file.clone(),
            game: Some(last.report.game),
            finding: f,
        });
        for k in ks {
            lines[k].counted = false;
        }
    }
}

/// The results, the missing pairs and completeness of a group.
fn tally(players: &[PlayerId], lines: &[GameLine], names: &[String]) -> GroupStanding {
    let mut results = BTreeMap::new();
    for l in lines.iter().filter(|l| l.counted) {
        let (w, b) = l.outcome.expect("counted").half_points();
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
        findings: Vec::new(),
        games: lines.to_vec(),
        results,
    }
}

/// Ranks a tallied group with these borders.
fn rank_with(
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
fn lot_for(
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
fn group(
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

/// The final of three and its extra game (T5).
fn final_of_three(ctx: &Ctx<'_>, p: &Phase, players: &[PlayerId]) -> (GroupStanding, ExtraGame) {
    let mut g = group(ctx, p, 0, &[1], None);
    let first_decided = g.complete && g.ranking.entries[0].is_decided();
    let two = first_decided.then(|| {
        let e = &g.ranking.entries;
        (e[1].player, e[2].player)
    });
    let idx = sorted_games(ctx, ctx.a.extra.get(&p.number));
    let lines: Vec<GameLine> = idx.iter().map(|&k| line_of(ctx, k)).collect();
    let played: Vec<&GameLine> = lines.iter().filter(|l| l.outcome.is_some()).collect();
    let mut notes = Vec::new();
    let status = match played.as_slice() {
        [] => ExtraStatus::NotPlayed,
        [l] => extra_status(ctx, l, two, players, &mut notes),
        many => {
            let last = &ctx.games[many.last().expect("two or more").index];
            let f = Finding::new2(
                Code::DuplicatePair,
                format!(
                    "{} extra games [Girone \"spareggio\"] with a result: none counts until fixed",
                    many.len()
                ),
                format!(
                    "{} spareggi [Girone \"spareggio\"] con risultato: nessuno conta finché non si corregge",
                    many.len()
                ),
            )
            .rule("T5")
            .at(last.span);
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
            l.counted = l.outcome.is_some() && status != ExtraStatus::NotCounted;
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

fn extra_status(
    ctx: &Ctx<'_>,
    l: &GameLine,
    two: Option<(PlayerId, PlayerId)>,
    players: &[PlayerId],
    notes: &mut Vec<Noted>,
) -> ExtraStatus {
    let pair = (l.white.min(l.black), l.white.max(l.black));
    let fits = two.is_some_and(|(a, b)| (a.min(b), a.max(b)) == pair);
    if !fits {
        let why = |lang: Lang| {
            match two {
            Some((a, b)) => format!(
                "{} `{}` – `{}`",
                lang.t(
                    "the extra game is for the final's two non-winners,",
                    "lo spareggio è per i due non vincitori della finale,"
                ),
                ctx.t.players[a],
                ctx.t.players[b]
            ),
            None if players.contains(&l.white) && players.contains(&l.black) => lang
                .t(
                    "the extra game counts only once the final group is complete and its first place decided",
                    "lo spareggio conta solo a girone finale completo e con il primo posto deciso",
                )
                .to_string(),
            None => lang
                .t(
                    "the extra game is for two players of the final",
                    "lo spareggio è tra due giocatori della finale",
                )
                .to_string(),
        }
        };
        let g = &ctx.games[l.index];
        notes.push(Noted {
            file: g.report.file.clone(),
            game: Some(g.report.game),
            finding: Finding::new2(
                Code::NotInGroup,
                format!("[Girone \"spareggio\"]: {}", why(Lang::En)),
                format!("[Girone \"spareggio\"]: {}", why(Lang::It)),
            )
            .rule("T5")
            .at(g.span),
        });
        return ExtraStatus::NotCounted;
    }
    match l.outcome {
        Some(Outcome::WhiteWins) => ExtraStatus::Won {
            winner: l.white,
            loser: l.black,
        },
        Some(Outcome::BlackWins) => ExtraStatus::Won {
            winner: l.black,
            loser: l.white,
        },
        _ => ExtraStatus::Drawn,
    }
}

/// T11: a recorded lot that matches no tie at a border is an error (`lot-mismatch`). A lot
/// for a group not yet complete waits.
fn lot_mismatches(ctx: &Ctx<'_>, phases: &mut [PhaseStanding], top: &mut Vec<Noted>) {
    let used: BTreeSet<usize> = phases
        .iter()
        .flat_map(|p| p.groups.iter())
        .flat_map(|g| g.ranking.applied.iter())
        .filter_map(|l| match l.source {
            Some(LotSource::Recorded(i)) => Some(i),
            _ => None,
        })
        .collect();
    for (i, lot) in ctx.t.lots.iter().enumerate() {
        if used.contains(&i) {
            continue;
        }
        let names: Vec<&str> = lot
            .order
            .iter()
            .map(|&p| ctx.t.players[p].as_str())
            .collect();
        let group = phases
            .iter_mut()
            .find(|p| p.number == lot.phase)
            .and_then(|p| p.groups.get_mut((lot.group as usize).wrapping_sub(1)));
        let (Some(why_en), Some(why_it)) = (
            why_lot_unused(ctx, lot, group.as_deref(), Lang::En),
            why_lot_unused(ctx, lot, group.as_deref(), Lang::It),
        ) else {
            continue;
        };
        let text = |lang: Lang| {
            format!(
                "[[sorteggio]] fase {} girone {}: {}; {}",
                lot.phase,
                lot.group,
                names.join("; "),
                match lang {
                    Lang::En => &why_en,
                    Lang::It => &why_it,
                }
            )
        };
        let f = Finding::new2(Code::LotMismatch, text(Lang::En), text(Lang::It))
            .rule("T11")
            .at(line_span(lot.line));
        let noted = Noted {
            file: ctx.file.to_string(),
            game: None,
            finding: f,
        };
        match group {
            Some(g) => g.findings.push(noted),
            None => top.push(noted),
        }
    }
}

/// Why a recorded lot was not used (T11): its group does not exist, has no tie, or its
/// ties are among other players; `None` while the group is not complete (the lot may yet
/// be needed).
fn why_lot_unused(
    ctx: &Ctx<'_>,
    lot: &crate::tournament::file::RecordedLot,
    group: Option<&GroupStanding>,
    lang: Lang,
) -> Option<String> {
    Some(match group {
        None => format!(
            "{} fase {} girone {}",
            lang.t("there is no", "non esiste"),
            lot.phase,
            lot.group
        ),
        Some(g) if !g.complete => return None,
        Some(g) if g.ranking.needed.is_empty() && g.ranking.applied.is_empty() => lang
            .t(
                "the group has no tie to be decided by lot",
                "il girone non ha parità da decidere per sorteggio",
            )
            .to_string(),
        Some(g) => {
            let ties: Vec<String> = g
                .ranking
                .needed
                .iter()
                .chain(g.ranking.applied.iter())
                .map(|l| {
                    let n: Vec<&str> = l
                        .players
                        .iter()
                        .map(|&p| ctx.t.players[p].as_str())
                        .collect();
                    n.join("; ")
                })
                .collect();
            format!(
                "{} {}",
                lang.t(
                    "the tie at a border is among",
                    "la parità su un confine è tra"
                ),
                ties.join(" / ")
            )
        }
    })
}

/// T13: the next phase, drawn for the last phase once every group is complete and no lot
/// is pending.
fn draw_next(ctx: &Ctx<'_>, phases: &[PhaseStanding]) -> Result<NextPhase, NoDraw> {
    let Some(seed) = ctx.opts.seed else {
        return Err(NoDraw::NotAsked);
    };
    let Some(last) = phases.last() else {
        return Err(NoDraw::NotAsked);
    };
    if last.is_final {
        return Err(NoDraw::Final);
    }
    if let Some(g) = last.groups.iter().find(|g| !g.complete) {
        return Err(NoDraw::Incomplete(g.number));
    }
    if let Some(g) = last.groups.iter().find(|g| !g.ranking.needed.is_empty()) {
        return Err(NoDraw::LotPending(g.number));
    }
    let mut goers: Vec<PlayerId> = last
        .groups
        .iter()
        .flat_map(|g| g.ranking.entries.iter())
        .filter(|e| e.goes_on == Some(true))
        .map(|e| e.player)
        .collect();
    let number = last.number + 1;
    shuffle(&mut goers, seed, &draw_key(number));
    Ok(NextPhase {
        number,
        groups: cut(&goers),
    })
}

/// Cuts players into groups by T3, in order.
pub fn cut(players: &[PlayerId]) -> Vec<Vec<PlayerId>> {
    let mut out = Vec::new();
    let mut at = 0;
    for k in group_sizes(players.len()) {
        out.push(players[at..at + k].to_vec());
        at += k;
    }
    out
}

/// T4, T5: winner, second and third, from the final (the last phase, a single group).
fn podium(phases: &[PhaseStanding]) -> (Option<PlayerId>, Option<PlayerId>, Option<PlayerId>) {
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

/// The readings that apply to these standings.
fn applying(s: &Standings) -> Vec<Reading> {
    let mut out = Vec::new();
    let sizes = s
        .phases
        .iter()
        .flat_map(|p| p.groups.iter().map(|g| g.players.len()))
        .chain(
            s.next_phase
                .iter()
                .flat_map(|n| n.groups.iter().map(Vec::len)),
        );
    if sizes.into_iter().any(|k| k > 3) {
        out.push(Reading::GroupsOfFour);
    }
    if let Some(last) = s.phases.last().filter(|p| p.is_final) {
        out.push(Reading::FinalPodium);
        let g = &last.groups[0];
        if let Some(e) = &last.extra
            && g.complete
            && matches!(e.status, ExtraStatus::Drawn | ExtraStatus::NotPlayed)
        {
            out.push(Reading::ExtraNotWon);
        }
    }
    let four = s
        .phases
        .iter()
        .flat_map(|p| p.groups.iter())
        .any(|g| g.ranking.largest_lot >= 4);
    if four {
        out.push(Reading::FourTied);
    }
    out
}
