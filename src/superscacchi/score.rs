//! Scores (R37–R42): material left, event bonuses, penalties, the game's winner and the
//! match's. Every number is in [`ScoringTable`], which is built in, printable as TOML
//! (`arbitro scoring --print-default`) and replaceable (`--scoring FILE`).

use super::event::{Event, EventKind};
use super::position::Position;
use super::register::Register;
use crate::geometry::{Camp, Role};
use crate::lang::Lang;
use serde::{Deserialize, Serialize};
use std::fmt;

/// R38: the value of each piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialValues {
    /// Pedone.
    #[serde(rename = "P")]
    pub pawn: i32,
    /// Cavallo.
    #[serde(rename = "C")]
    pub knight: i32,
    /// Alfiere.
    #[serde(rename = "A")]
    pub bishop: i32,
    /// Torre.
    #[serde(rename = "T")]
    pub rook: i32,
    /// Regina.
    #[serde(rename = "R")]
    pub queen: i32,
    /// Re.
    #[serde(rename = "Re")]
    pub king: i32,
}

/// R39: the points of each event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventPoints {
    /// Mate (R28–R30).
    pub mate: i32,
    /// Imprisonment (R26).
    pub imprisonment: i32,
    /// Flight (R27).
    pub flight: i32,
    /// Liberation (R21).
    pub liberation: i32,
}

/// R40, R41: penalties (negative numbers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalties {
    /// The first warning.
    pub first_warning: i32,
    /// The second warning.
    pub second_warning: i32,
    /// The third warning (which also loses the game).
    pub third_warning: i32,
    /// A team whose clock ran out.
    pub time_out: i32,
    /// A team that resigns the first game of a match.
    pub resignation: i32,
}

/// Every number of the scoring rules, in one place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringTable {
    /// R38.
    pub material: MaterialValues,
    /// R39.
    pub events: EventPoints,
    /// R40, R41.
    pub penalties: Penalties,
}

impl Default for ScoringTable {
    fn default() -> Self {
        ScoringTable {
            material: MaterialValues {
                pawn: 1,
                knight: 3,
                bishop: 3,
                rook: 5,
                queen: 9,
                king: 0,
            },
            events: EventPoints {
                mate: 40,
                imprisonment: 50,
                flight: 60,
                liberation: 80,
            },
            penalties: Penalties {
                first_warning: -5,
                second_warning: -10,
                third_warning: -240,
                time_out: -40,
                resignation: -160,
            },
        }
    }
}

/// The largest number a scoring table may hold, in either sign: a hundred times the
/// largest default value, and small enough that no total of a game can overflow.
pub const MAX_POINTS: i32 = 100_000;

/// Line and column (1-based, in characters) of a byte offset in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// A sum of points that saturates instead of wrapping (the table's bounds keep real sums
/// far from the limits; this is the belt to those braces).
pub fn sum_points(points: impl IntoIterator<Item = i32>) -> i32 {
    let total: i64 = points.into_iter().map(i64::from).sum();
    i32::try_from(total).unwrap_or(if total < 0 { i32::MIN } else { i32::MAX })
}

/// A scoring table that cannot be used (said by [`Say`](crate::lang::Say), in
/// `super::words`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// Not TOML, or a key that does not belong.
    Toml {
        /// The TOML reader's full text (English, with the line quoted).
        detail: String,
        /// The reader's message alone.
        message: String,
        /// 1-based line and column, when known.
        at: Option<(usize, usize)>,
    },
    /// A number of the table that does not fit its rule: its name in the file, its value
    /// and which rule.
    Number {
        /// `material.P`, `events.mate`, …
        name: String,
        /// The value written.
        value: i32,
        /// The rule it breaks.
        rule: NumberRule,
    },
}

/// The rule a number of the table breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberRule {
    /// Beyond ±[`MAX_POINTS`].
    Bounds,
    /// A piece worth less than nothing.
    Material,
    /// An event that does not win points.
    Event,
    /// A penalty that gives points.
    Penalty,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::lang::Say::say(self, Lang::En))
    }
}

impl std::error::Error for TableError {}

impl ScoringTable {
    /// The table as TOML.
    ///
    /// ```
    /// use arbitro::superscacchi::score::ScoringTable;
    /// let t = ScoringTable::default();
    /// assert_eq!(ScoringTable::from_toml(&t.to_toml()).unwrap(), t);
    /// ```
    pub fn to_toml(&self) -> String {
        self.to_toml_in(Lang::En)
    }

    /// The table as TOML, its comments in a language (the keys are the same in both).
    pub fn to_toml_in(&self, lang: Lang) -> String {
        let body = toml::to_string_pretty(self).expect("plain numbers serialize");
        let head = super::words::TABLE_HEAD.get(lang);
        format!("{head}\n\n{body}")
    }

    /// Reads and validates a table: every number within ±[`MAX_POINTS`], material and
    /// penalties with their signs, events winning points.
    ///
    /// ```
    /// use arbitro::superscacchi::score::ScoringTable;
    /// let big = ScoringTable::default().to_toml().replace("P = 1", "P = 2147483647");
    /// assert!(ScoringTable::from_toml(&big).is_err());
    /// ```
    pub fn from_toml(text: &str) -> Result<ScoringTable, TableError> {
        let t: ScoringTable =
            toml::from_str(text).map_err(|e: toml::de::Error| TableError::Toml {
                detail: e.to_string().trim().to_string(),
                message: e.message().trim().to_string(),
                at: e.span().map(|s| line_column(text, s.start)),
            })?;
        t.check_bounds()?;
        let m = &t.material;
        for (name, v) in [
            ("P", m.pawn),
            ("C", m.knight),
            ("A", m.bishop),
            ("T", m.rook),
            ("R", m.queen),
            ("Re", m.king),
        ] {
            if v < 0 {
                return Err(TableError::Number {
                    name: format!("material.{name}"),
                    value: v,
                    rule: NumberRule::Material,
                });
            }
        }
        let e = &t.events;
        for (name, v) in [
            ("mate", e.mate),
            ("imprisonment", e.imprisonment),
            ("flight", e.flight),
            ("liberation", e.liberation),
        ] {
            if v <= 0 {
                return Err(TableError::Number {
                    name: format!("events.{name}"),
                    value: v,
                    rule: NumberRule::Event,
                });
            }
        }
        let p = &t.penalties;
        for (name, v) in [
            ("first_warning", p.first_warning),
            ("second_warning", p.second_warning),
            ("third_warning", p.third_warning),
            ("time_out", p.time_out),
            ("resignation", p.resignation),
        ] {
            if v > 0 {
                return Err(TableError::Number {
                    name: format!("penalties.{name}"),
                    value: v,
                    rule: NumberRule::Penalty,
                });
            }
        }
        Ok(t)
    }

    /// Every number of the table, named as in the TOML file.
    fn numbers(&self) -> [(&'static str, i32); 15] {
        let (m, e, p) = (&self.material, &self.events, &self.penalties);
        [
            ("material.P", m.pawn),
            ("material.C", m.knight),
            ("material.A", m.bishop),
            ("material.T", m.rook),
            ("material.R", m.queen),
            ("material.Re", m.king),
            ("events.mate", e.mate),
            ("events.imprisonment", e.imprisonment),
            ("events.flight", e.flight),
            ("events.liberation", e.liberation),
            ("penalties.first_warning", p.first_warning),
            ("penalties.second_warning", p.second_warning),
            ("penalties.third_warning", p.third_warning),
            ("penalties.time_out", p.time_out),
            ("penalties.resignation", p.resignation),
        ]
    }

    /// No number beyond ±[`MAX_POINTS`], so that no total can overflow.
    fn check_bounds(&self) -> Result<(), TableError> {
        for (name, v) in self.numbers() {
            if v.unsigned_abs() > MAX_POINTS as u32 {
                return Err(TableError::Number {
                    name: name.to_string(),
                    value: v,
                    rule: NumberRule::Bounds,
                });
            }
        }
        Ok(())
    }

    /// R38: the material value of a role.
    pub fn value(&self, role: Role) -> i32 {
        let m = &self.material;
        match role {
            Role::Pawn => m.pawn,
            Role::Knight => m.knight,
            Role::Bishop => m.bishop,
            Role::Rook => m.rook,
            Role::Queen => m.queen,
            Role::King => m.king,
        }
    }

    /// R39: the points of an event.
    pub fn points(&self, kind: EventKind) -> i32 {
        let e = &self.events;
        match kind {
            EventKind::Mate => e.mate,
            EventKind::Imprisonment => e.imprisonment,
            EventKind::Flight => e.flight,
            EventKind::Liberation => e.liberation,
        }
    }

    /// R40: the penalty of the `n`-th warning (1-based).
    pub fn warning(&self, n: u32) -> i32 {
        let p = &self.penalties;
        match n {
            1 => p.first_warning,
            2 => p.second_warning,
            3 => p.third_warning,
            _ => 0,
        }
    }

    /// R38: material of one side on the board.
    pub fn material(&self, pos: &Position, camp: Camp) -> i32 {
        pos.board
            .iter()
            .flatten()
            .filter(|p| p.army.camp() == camp)
            .map(|p| self.value(p.role))
            .fold(0i32, i32::saturating_add)
    }
}

/// An event with the points the scoring table gives it (R39): the replay reports events,
/// the table scores them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// The event.
    pub event: Event,
    /// Its points.
    pub points: i32,
}

/// Why points were taken away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PenaltyKind {
    /// The `n`-th warning (R40).
    Warning(u32),
    /// The clock ran out (R41).
    TimeOut,
    /// Resignation in the first game (R41).
    Resignation,
}

/// One line of a team's score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Penalty {
    /// What.
    pub kind: PenaltyKind,
    /// Points (negative).
    pub points: i32,
}

/// One team's score, item by item (the judge's register). It serializes as a `scores`
/// object of formats.md §4: `team`, `role`, `material`, `events`, `penalties`, `total`
/// (the items themselves stay out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamScore {
    /// The team's name.
    pub team: String,
    /// Besiegers or besieged in this game.
    #[serde(rename = "role", serialize_with = "camp_name")]
    pub camp: Camp,
    /// Pieces left per kind: (role, count, points).
    #[serde(skip)]
    pub pieces: Vec<(Role, u32, i32)>,
    /// R38.
    pub material: i32,
    /// The events credited to the team, with their points (R39).
    #[serde(skip)]
    pub events: Vec<Scored>,
    /// Their points.
    #[serde(rename = "events")]
    pub event_points: i32,
    /// R40, R41.
    #[serde(skip)]
    pub penalties: Vec<Penalty>,
    /// Their points (negative).
    #[serde(rename = "penalties")]
    pub penalty_points: i32,
    /// material + events + penalties.
    pub total: i32,
    /// Loses the game whatever the points: a third warning (R40) or a resignation (R41).
    #[serde(skip)]
    pub loses: bool,
}

/// A side as a role name (`assedianti`, `assediati`).
fn camp_name<S: serde::Serializer>(camp: &Camp, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(camp.name())
}

/// A game's verdict (R42).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Besiegers first.
    pub teams: [TeamScore; 2],
    /// Who wins ([`decide`]).
    pub decision: Decision,
}

/// How a game ends for the two teams (R42).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The team of this side wins.
    Winner(Camp),
    /// Equal totals and nobody loses by rule: the judge decides.
    Tie,
    /// Both teams lose by rule (a third warning, R40, or a resignation, R41).
    BothLose,
}

impl Decision {
    /// The outcome as the JSON report names it: `winner`, `tie` or `both-lose`.
    pub fn code(self) -> &'static str {
        match self {
            Decision::Winner(_) => "winner",
            Decision::Tie => "tie",
            Decision::BothLose => "both-lose",
        }
    }
}

/// Who wins a game (R42): a team that loses by rule (a third warning, R40, or a
/// resignation, R41) loses whatever its total; otherwise the higher total wins, and equal
/// totals are a tie for the judge. The one place the rule is written: the recomputed
/// verdict and the declared one ([`super::contest::declared_outcome`]) both use it.
pub fn decide(totals: [i32; 2], loses: [bool; 2]) -> Decision {
    match loses {
        [true, true] => Decision::BothLose,
        [true, false] => Decision::Winner(Camp::Besieged),
        [false, true] => Decision::Winner(Camp::Besiegers),
        [false, false] => match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Decision::Winner(Camp::Besiegers),
            std::cmp::Ordering::Less => Decision::Winner(Camp::Besieged),
            std::cmp::Ordering::Equal => Decision::Tie,
        },
    }
}

impl Verdict {
    /// The verdict in one value: every report draws it from here.
    pub fn decision(&self) -> Decision {
        self.decision
    }

    /// The winning team's index (0: besiegers, 1: besieged), if one wins.
    pub fn winner(&self) -> Option<usize> {
        match self.decision {
            Decision::Winner(camp) => Some(camp.index()),
            Decision::Tie | Decision::BothLose => None,
        }
    }

    /// The winner's name.
    pub fn winner_name(&self) -> Option<&str> {
        self.winner().map(|i| self.teams[i].team.as_str())
    }
}

/// Scores a replayed game (R37–R42): material from the final position, events from the
/// replay, penalties from the register.
///
/// ```
/// use arbitro::notation::superscacchi::{parse, prepare};
/// use arbitro::superscacchi::score::{score, ScoringTable};
/// use arbitro::superscacchi::{register, replay::replay, setup::Setup};
/// let text = std::fs::read_to_string("samples/superscacchi/leoni-tigri-partita1.txt").unwrap();
/// let clean = prepare(&text);
/// let game = parse(&clean);
/// let r = replay(&game, &Setup::builtin("assedio-corto").unwrap());
/// let verdict = score(&ScoringTable::default(), &r.position, &r.events, &register::read(&game));
/// assert_eq!([verdict.teams[0].total, verdict.teams[1].total], [115, 305]);
/// assert_eq!(verdict.winner_name(), Some("Tigri"));
/// ```
pub fn score(
    table: &ScoringTable,
    pos: &Position,
    events: &[Event],
    register: &Register,
) -> Verdict {
    let team = |i: usize| -> TeamScore {
        let camp = if i == 0 {
            Camp::Besiegers
        } else {
            Camp::Besieged
        };
        let (pieces, material) = material(table, pos, camp);
        let events: Vec<Scored> = scored(table, events.iter().filter(|e| e.army.camp() == camp));
        let event_points = sum_points(events.iter().map(|e| e.points));
        let penalties = penalties(table, register, i);
        let penalty_points = sum_points(penalties.iter().map(|p| p.points));
        TeamScore {
            team: register.teams[i].clone(),
            camp,
            pieces,
            material,
            events,
            event_points,
            penalties,
            penalty_points,
            total: sum_points([material, event_points, penalty_points]),
            loses: register.warnings[i] >= 3 || register.resigned[i],
        }
    };
    let teams = [team(0), team(1)];
    let decision = decide(
        [teams[0].total, teams[1].total],
        [teams[0].loses, teams[1].loses],
    );
    Verdict { teams, decision }
}

/// Events with the points the table gives their kinds (R39): the replay reports events,
/// this scores them, for the register and for a game whose error leaves it unscored.
pub fn scored<'e>(
    table: &ScoringTable,
    events: impl IntoIterator<Item = &'e Event>,
) -> Vec<Scored> {
    events
        .into_iter()
        .map(|e| Scored {
            event: e.clone(),
            points: table.points(e.kind),
        })
        .collect()
}

/// A side's pieces left by kind (count and points, kings apart) and its material total
/// (kings included).
fn material(table: &ScoringTable, pos: &Position, camp: Camp) -> (Vec<(Role, u32, i32)>, i32) {
    let count = |role: Role| {
        pos.board
            .iter()
            .flatten()
            .filter(|p| p.army.camp() == camp && p.role == role)
            .count() as u32
    };
    let mut pieces = Vec::new();
    for role in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let n = count(role);
        if n > 0 {
            pieces.push((role, n, (n as i32).saturating_mul(table.value(role))));
        }
    }
    let kings = count(Role::King) as i32;
    let material = sum_points(
        pieces
            .iter()
            .map(|p| p.2)
            .chain([kings.saturating_mul(table.value(Role::King))]),
    );
    (pieces, material)
}

/// The penalties of team `i` from the register: each warning up to the third (R40), a
/// time-out and a resignation in the first game (R41).
fn penalties(table: &ScoringTable, register: &Register, i: usize) -> Vec<Penalty> {
    let mut penalties = Vec::new();
    for n in 1..=register.warnings[i].min(3) {
        penalties.push(Penalty {
            kind: PenaltyKind::Warning(n),
            points: table.warning(n),
        });
    }
    if register.timeout[i] {
        penalties.push(Penalty {
            kind: PenaltyKind::TimeOut,
            points: table.penalties.time_out,
        });
    }
    if register.resigned[i] && register.game != Some(2) {
        penalties.push(Penalty {
            kind: PenaltyKind::Resignation,
            points: table.penalties.resignation,
        });
    }
    penalties
}
