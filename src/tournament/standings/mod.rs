//! The standings of a whole tournament: every group of every phase (T6–T10), the lots
//! (T11, T12), the final and its extra game (T4, T5), the next draw (T13).

mod draw;
mod group;
mod lots;
mod misspelt;
mod players;
mod podium;

pub use draw::cut;
pub use misspelt::Misspelt;

use super::assign::{Assignment, Noted, assign};
use super::file::{Phase, PlayerId, Tournament};
use super::games::TournamentGame;
use super::plan::group_sizes;
use super::rank::{DecidedBy, Lot, LotSource, Ranking};
use super::reading::Reading;
use crate::finding::wording::tournament as say;
use crate::notation::classical::GameResult;
use crate::span::Span;
use std::collections::BTreeMap;

/// How to compute the standings.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// `--sorteggio SEED`: the program draws the lots still needed and the next phase (T12,
    /// T13).
    pub seed: Option<u64>,
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
    pub result: Option<GameResult>,
    /// The game counts (false for a pair played twice, T14).
    pub counted: bool,
    /// Under review (T14).
    pub under_review: bool,
    /// Won by forfeit: `[Terminazione "ritardo"]` (T14).
    pub forfeit: bool,
    /// `file:line` of a result tag that cannot be read (issue 25): the pair is listed as
    /// "result not readable" there, not as a game not played.
    pub unreadable: Option<String>,
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
    /// Games placed in no group because a name is misspelt, whose nearest registered name
    /// makes them one of this group's missing pairs (issue 29: said where the pair shows).
    pub misspelt: Vec<Misspelt>,
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
    /// The players of this phase are not those who went on (`phase-players`).
    PhasePlayers(u32),
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
    lots::lot_mismatches(&ctx, &mut phases, &mut findings);
    players::check(&ctx, &mut phases);
    misspelt::explain(&ctx, &mut phases);
    // A phase of the wrong players decides nothing after it (T4, T13).
    let wrong = players::first_wrong(&phases);
    let next_phase = match wrong {
        Some(n) if opts.seed.is_some() => Err(NoDraw::PhasePlayers(n)),
        _ => draw::draw_next(&ctx, &phases),
    };
    let (winner, second, third) = match wrong {
        Some(_) => (None, None, None),
        None => podium::podium(&phases),
    };
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
            let (g, e) = podium::final_of_three(ctx, p, players);
            groups.push(g);
            extra = Some(e);
        } else {
            let k = players.len() as u32;
            let borders = group::borders(p, k);
            let going_on = (!is_final).then(|| borders[0]);
            groups.push(group::group(ctx, p, i, &borders, going_on));
        }
    }
    let mut findings = Vec::new();
    let written: Vec<usize> = p.groups.iter().map(Vec::len).collect();
    let expected = group_sizes(p.player_count());
    if written != expected {
        let f = say::group_size(p.number, &written, &expected).at(line_span(p.line));
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

fn line_span(line: u32) -> Span {
    Span {
        start: 0,
        end: 0,
        line,
        column: 1,
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
