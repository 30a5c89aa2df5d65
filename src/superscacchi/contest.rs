//! The match verdict (R42) and the ten-minute contest (R43).

use super::clock::{self, ClockError};
use super::register::Register;
use super::score::{Decision, Penalty, Scored, Verdict, decide};
use crate::geometry::Role;
use jiff::Zoned;

/// How long after `Fine` a contest may be filed (R43), in minutes.
pub const CONTEST_MINUTES: i64 = 10;

/// Why the match went the way it did (R42).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchReason {
    /// A team resigned the second game: it loses the match.
    ResignationInGame2,
    /// One team won more games.
    MoreGamesWon,
    /// Games 1–1 (or ties): the higher sum of the two games' totals.
    PointSum,
    /// Nothing decides: the judge does (flagged).
    Tie,
}

impl MatchReason {
    /// The stable key used in JSON reports.
    pub fn as_str(self) -> &'static str {
        match self {
            MatchReason::ResignationInGame2 => "resignation-in-game-2",
            MatchReason::MoreGamesWon => "more-games-won",
            MatchReason::PointSum => "point-sum",
            MatchReason::Tie => "tie",
        }
    }
}

/// The verdict of a match of two games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchVerdict {
    /// The two teams: game 1's besiegers, then its besieged.
    pub teams: [String; 2],
    /// Games won by each.
    pub wins: [u32; 2],
    /// Sum of each team's totals over both games.
    pub sums: [i32; 2],
    /// Index of the winning team.
    pub winner: Option<usize>,
    /// Why.
    pub reason: MatchReason,
}

impl MatchVerdict {
    /// The winning team's name, if one wins.
    pub fn winner_name(&self) -> Option<&str> {
        self.winner.map(|i| self.teams[i].as_str())
    }
}

/// Why two games are not the two games of one match (said by [`Say`](crate::lang::Say),
/// in `super::words`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchError(pub Vec<MatchProblem>);

/// One reason two games are not the two games of one match (R42).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchProblem {
    /// Not `[Partita "1"]` and `[Partita "2"]`: the two numbers written.
    GameNumbers(Option<u8>, Option<u8>),
    /// Not one `[Gara]`: the two ids written.
    Matches(Option<String>, Option<String>),
    /// The teams do not swap roles: game 1's besiegers and besieged, then game 2's.
    RolesNotSwapped([String; 4]),
}

/// Checks that two registers are games 1 and 2 of one match (same `Gara`, roles swapped)
/// and gives the match verdict (R42). Games may be given in either order.
pub fn match_verdict(
    a: (&Register, &Verdict),
    b: (&Register, &Verdict),
) -> Result<MatchVerdict, MatchError> {
    let (first, second) = match (a.0.game, b.0.game) {
        (Some(2), Some(1)) => (b, a),
        _ => (a, b),
    };
    let problems = not_one_match(first.0, second.0);
    if !problems.is_empty() {
        return Err(MatchError(problems));
    }
    let teams = first.0.teams.clone();
    // Team i of game 1 is team 1 - i of game 2.
    let mut wins = [0u32; 2];
    if let Some(w) = first.1.winner() {
        wins[w] += 1;
    }
    if let Some(w) = second.1.winner() {
        wins[1 - w] += 1;
    }
    let sums = [
        first.1.teams[0].total + second.1.teams[1].total,
        first.1.teams[1].total + second.1.teams[0].total,
    ];
    let resigned2 = [second.0.resigned[1], second.0.resigned[0]];
    let (winner, reason) = if resigned2[0] != resigned2[1] {
        (
            Some(usize::from(resigned2[0])),
            MatchReason::ResignationInGame2,
        )
    } else if wins[0] != wins[1] {
        (
            Some(usize::from(wins[1] > wins[0])),
            MatchReason::MoreGamesWon,
        )
    } else if sums[0] != sums[1] {
        (Some(usize::from(sums[1] > sums[0])), MatchReason::PointSum)
    } else {
        (None, MatchReason::Tie)
    };
    Ok(MatchVerdict {
        teams,
        wins,
        sums,
        winner,
        reason,
    })
}

/// Why two games are not the two games of one match (R42): not games 1 and 2, not the same
/// `[Gara]`, teams that do not swap roles.
fn not_one_match(first: &Register, second: &Register) -> Vec<MatchProblem> {
    let mut problems = Vec::new();
    if first.game != Some(1) || second.game != Some(2) {
        problems.push(MatchProblem::GameNumbers(first.game, second.game));
    }
    if first.match_id.is_none() || first.match_id != second.match_id {
        problems.push(MatchProblem::Matches(
            first.match_id.clone(),
            second.match_id.clone(),
        ));
    }
    if first.teams[0] != second.teams[1] || first.teams[1] != second.teams[0] {
        problems.push(MatchProblem::RolesNotSwapped([
            first.teams[0].clone(),
            first.teams[1].clone(),
            second.teams[0].clone(),
            second.teams[1].clone(),
        ]));
    }
    problems
}

/// One recomputed item of a team's score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// An event credited to the team.
    Event(Scored),
    /// All the pieces of one kind left (R38).
    Pieces {
        /// The kind.
        role: Role,
        /// How many.
        count: u32,
        /// Their points.
        points: i32,
    },
    /// One piece (R38), as when a single piece was left out.
    Piece {
        /// The kind.
        role: Role,
        /// Its points.
        points: i32,
    },
    /// A penalty (R40, R41).
    Penalty(Penalty),
}

impl Item {
    /// The points the item adds (negative for a penalty).
    pub fn points(&self) -> i32 {
        match self {
            Item::Event(e) => e.points,
            Item::Pieces { points, .. } | Item::Piece { points, .. } => *points,
            Item::Penalty(p) => p.points,
        }
    }
}

/// What explains a difference between the declared and the recomputed total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// computed − declared: positive when the table gave too little ("short").
    pub difference: i32,
    /// The smallest sets of items whose points add up to the difference; one set means the
    /// cause is unambiguous, several are candidates, none means no combination fits.
    pub sets: Vec<Vec<Item>>,
}

/// A team whose declared total differs from the recomputed one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Index of the team (0 besiegers, 1 besieged).
    pub team: usize,
    /// From `Risultato`.
    pub declared: i32,
    /// Recomputed.
    pub computed: i32,
    /// Why.
    pub explanation: Explanation,
}

/// When a contest was filed, against the ten minutes of R43.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// Before the game's end (`[Fine]`): admissible, since it is not late (formats.md §5:
    /// `filed_at <= deadline`), with a note: most likely a watch a little off, or a wrong
    /// time given.
    Early,
    /// Within ten minutes of the end (exactly 10:00 still counts).
    InTime,
    /// After the ten minutes: the table's verdict stands.
    Late,
    /// The sheet has no `[Fine]`, so the ten minutes have no start: the judge decides.
    Unknown,
}

impl Timing {
    /// Whether the contest is admissible (R43); `None` when nobody can say.
    pub fn admissible(self) -> Option<bool> {
        match self {
            Timing::Early | Timing::InTime => Some(true),
            Timing::Late => Some(false),
            Timing::Unknown => None,
        }
    }

    /// As the JSON report names it: `early`, `in-time`, `late`, `unknown`.
    pub fn code(self) -> &'static str {
        match self {
            Timing::Early => "early",
            Timing::InTime => "in-time",
            Timing::Late => "late",
            Timing::Unknown => "unknown",
        }
    }
}

/// A contest (R43).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contest {
    /// The contesting team's index.
    pub team: usize,
    /// When it was filed, on the venue's clock.
    pub filed_at: Zoned,
    /// `Fine` + 10 minutes of real time, when `Fine` is known.
    pub deadline: Option<Zoned>,
    /// Filed before the end, in time, late, or nobody can say ([`Contest::admissible`]).
    pub timing: Timing,
    /// The venue's time zone the times were read in.
    pub zone: String,
    /// Every team whose declared total differs.
    pub differences: Vec<Difference>,
}

impl Contest {
    /// Admissible (R43): filed within ten minutes of the end; `None` when the sheet has no
    /// `[Fine]`, so that nobody can say.
    pub fn admissible(&self) -> Option<bool> {
        self.timing.admissible()
    }
}

fn items(verdict: &Verdict, team: usize) -> Vec<Item> {
    let t = &verdict.teams[team];
    let mut v: Vec<Item> = t.events.iter().cloned().map(Item::Event).collect();
    for &(role, count, points) in &t.pieces {
        v.push(Item::Pieces {
            role,
            count,
            points,
        });
        if count > 1 {
            v.push(Item::Piece {
                role,
                points: points / count as i32,
            });
        }
    }
    v.extend(t.penalties.iter().cloned().map(Item::Penalty));
    v
}

/// The smallest sets (up to three items) of `items` whose points add up to `target`.
fn explain(items: &[Item], target: i32) -> Vec<Vec<Item>> {
    let n = items.len();
    for size in 1..=3usize {
        let mut found: Vec<Vec<Item>> = Vec::new();
        let mut idx: Vec<usize> = (0..size).collect();
        if size > n {
            break;
        }
        loop {
            let sum: i32 = idx.iter().map(|&i| items[i].points()).sum();
            let distinct_pieces = idx.iter().all(|&i| {
                // A kind's total and one of its pieces never go together.
                !idx.iter().any(|&j| {
                    j != i
                        && matches!((&items[i], &items[j]),
                            (Item::Pieces { role: a, .. }, Item::Piece { role: b, .. }) if a == b)
                })
            });
            if sum == target && distinct_pieces {
                found.push(idx.iter().map(|&i| items[i].clone()).collect());
            }
            // Next combination.
            let mut k = size;
            while k > 0 && idx[k - 1] == n - size + k - 1 {
                k -= 1;
            }
            if k == 0 {
                break;
            }
            idx[k - 1] += 1;
            for j in k..size {
                idx[j] = idx[j - 1] + 1;
            }
        }
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

/// The verdict the table's declared totals give (R42; a team that loses by rule, R40/R41,
/// loses whatever its total), or `None` when `[Risultato]` declares none.
pub fn declared_decision(register: &Register, verdict: &Verdict) -> Option<Decision> {
    let d = register.declared?;
    Some(decide(d, [verdict.teams[0].loses, verdict.teams[1].loses]))
}

/// The verdict as the table declared it: the declared totals in place of the recomputed
/// ones, and the winner they give ([`declared_decision`]); the recomputed verdict when
/// `[Risultato]` declares nothing.
pub fn declared_verdict(register: &Register, verdict: &Verdict) -> Verdict {
    let mut v = verdict.clone();
    if let (Some(d), Some(o)) = (register.declared, declared_decision(register, verdict)) {
        v.teams[0].total = d[0];
        v.teams[1].total = d[1];
        v.decision = o;
    }
    v
}

/// A contest filed at `at` (on the venue's clock: its time zone is `at`'s) by `team`,
/// judged for its time only (R43): no differences, as for a game with an error, which has
/// no verdict to compare with (R37).
pub fn filing(register: &Register, team: usize, at: Zoned) -> Result<Contest, ClockError> {
    let tz = at.time_zone().clone();
    let (deadline, timing) = match register.end {
        None => (None, Timing::Unknown),
        Some(fine) => {
            let end = clock::at_venue(fine, &tz)?;
            let deadline = clock::deadline(fine, CONTEST_MINUTES, &tz)?;
            let timing = if at.timestamp() < end.timestamp() {
                Timing::Early
            } else if at.timestamp() <= deadline.timestamp() {
                Timing::InTime
            } else {
                Timing::Late
            };
            (Some(deadline), timing)
        }
    };
    Ok(Contest {
        team,
        filed_at: at,
        deadline,
        timing,
        zone: clock::zone_name(&tz),
        differences: Vec::new(),
    })
}

/// Judges a contest filed at `at` (on the venue's clock: its time zone is `at`'s) by
/// `team` against the recomputed verdict (R43).
pub fn contest(
    register: &Register,
    verdict: &Verdict,
    team: usize,
    at: Zoned,
) -> Result<Contest, ClockError> {
    let mut c = filing(register, team, at)?;
    if let Some(declared) = register.declared {
        for (i, &said) in declared.iter().enumerate() {
            let computed = verdict.teams[i].total;
            if computed != said {
                let difference = computed.saturating_sub(said);
                c.differences.push(Difference {
                    team: i,
                    declared: said,
                    computed,
                    explanation: Explanation {
                        difference,
                        sets: explain(&items(verdict, i), difference),
                    },
                });
            }
        }
    }
    Ok(c)
}
