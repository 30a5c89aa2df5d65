//! A random-game generator: legal games from a set-up, written as eight sheets with the
//! right markers and pens. Play is biased toward captures, checks and king walks to the
//! corners and the centre, so that every kind of event occurs.

use super::event::Event;
use super::position::Move;
use super::setup::Setup;
use super::turn::{Game, SlotKind};
use crate::geometry::{Army, Camp, GREEN, RED, Sq};
use crate::notation::marks::{Marker, Pen};
use std::fmt::Write;

/// A small deterministic random number generator (xorshift64*).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// Seeded.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True with probability `p` percent.
    pub fn percent(&mut self, p: u64) -> bool {
        self.next_u64() % 100 < p
    }
}

/// One written line of a generated sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenLine {
    /// The sheet number.
    pub number: u32,
    /// The ply of the merged game.
    pub ply: u32,
    /// The pen.
    pub pen: Pen,
    /// The move, as written.
    pub text: String,
    /// The move itself.
    pub mv: Move,
    /// The marker written.
    pub marker: Option<Marker>,
    /// The marker the move needs (R33); `marker` differs only by the optional R29 `++`.
    pub expected: Option<Marker>,
}

/// A generated game.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Per army (index of [`Army::ALL`]), its sheet.
    pub sheets: [Vec<GenLine>; 8],
    /// The events, as the generator saw them.
    pub events: Vec<Event>,
    /// Plies played.
    pub plies: u32,
}

fn distance(a: Sq, b: Sq) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// The move the generator plays: each habit below in turn, by chance, else any move. The
/// habits are tried in a fixed order, so that a seed always gives the same game.
fn choose(game: &Game, army: Army, moves: &[Move], rng: &mut Rng) -> Move {
    hunt(game, army, moves, rng)
        .or_else(|| parry(game, army, moves, rng))
        .or_else(|| walk_king(game, army, moves, rng))
        .or_else(|| give_check(game, army, moves, rng))
        .or_else(|| capture(moves, rng))
        .unwrap_or_else(|| moves[rng.below(moves.len())])
}

/// One of `moves`, by chance, if any.
fn pick(moves: &[&Move], rng: &mut Rng) -> Option<Move> {
    (!moves.is_empty()).then(|| *moves[rng.below(moves.len())])
}

/// Hunt: an enemy king next to its refuge can be imprisoned (R26) or put to flight (R27)
/// by a check it cannot escape or parry.
fn hunt(game: &Game, army: Army, moves: &[Move], rng: &mut Rng) -> Option<Move> {
    let pos = &game.pos;
    let hunted: Vec<Army> = pos
        .order
        .iter()
        .copied()
        .filter(|&a| a.camp() != army.camp())
        .filter(|&a| {
            pos.king_in_play(a)
                .is_some_and(|k| !super::check::refuges(pos, a, k).is_empty())
        })
        .collect();
    if hunted.is_empty() || !rng.percent(90) {
        return None;
    }
    moves.iter().copied().find(|m| {
        let mut after = pos.clone();
        after.play(m);
        if !hunted.iter().any(|&a| after.in_check(a)) {
            return false;
        }
        let mut trial = game.clone();
        let played = trial.play(m);
        played.outcomes.iter().any(|&(_, o)| {
            matches!(
                o,
                super::check::KingFate::Imprisonment | super::check::KingFate::Flight
            )
        })
    })
}

/// Answer checks on the own team's kings most of the time, so that kings live long enough
/// to reach a refuge.
fn parry(game: &Game, army: Army, moves: &[Move], rng: &mut Rng) -> Option<Move> {
    let pos = &game.pos;
    let team_in_check = |p: &super::position::Position| {
        p.order
            .iter()
            .filter(|&&a| a.camp() == army.camp() && p.in_check(a))
            .count()
    };
    let now = team_in_check(pos);
    if now == 0 || !rng.percent(85) {
        return None;
    }
    let better: Vec<&Move> = moves
        .iter()
        .filter(|m| {
            let mut after = pos.clone();
            after.play(m);
            team_in_check(&after) < now
        })
        .collect();
    pick(&better, rng)
}

/// Kings walk: the besieged toward the corners (liberation) or next to the red squares
/// (imprisonment), the besiegers toward the corners (flight).
fn walk_king(game: &Game, army: Army, moves: &[Move], rng: &mut Rng) -> Option<Move> {
    let walk = if army.camp() == Camp::Besiegers {
        55
    } else {
        30
    };
    if !rng.percent(walk) {
        return None;
    }
    let k = game.pos.king_in_play(army)?;
    let targets: &[Sq] = if army.camp() == Camp::Besieged && rng.percent(50) {
        &RED
    } else {
        &GREEN
    };
    let near = |s: Sq| targets.iter().map(|&t| distance(s, t)).min().unwrap_or(0);
    let closer: Vec<&Move> = moves
        .iter()
        .filter(|m| m.from == k && (m.liberation || near(m.to) < near(k)))
        .collect();
    pick(&closer, rng)
}

/// A check on an enemy king, now and then.
fn give_check(game: &Game, army: Army, moves: &[Move], rng: &mut Rng) -> Option<Move> {
    if !rng.percent(25) {
        return None;
    }
    let pos = &game.pos;
    let checks: Vec<&Move> = moves
        .iter()
        .take(64)
        .filter(|m| {
            let mut after = pos.clone();
            after.play(m);
            pos.order
                .iter()
                .any(|&a| a.camp() != army.camp() && after.in_check(a))
        })
        .collect();
    pick(&checks, rng)
}

/// A capture, half of the time.
fn capture(moves: &[Move], rng: &mut Rng) -> Option<Move> {
    if !rng.percent(50) {
        return None;
    }
    let captures: Vec<&Move> = moves.iter().filter(|m| m.captured.is_some()).collect();
    pick(&captures, rng)
}

/// Plays a random legal game of about `plies` plies from a set-up.
///
/// ```
/// use arbitro::superscacchi::{selfplay::generate, setup::Setup};
/// let g = generate(&Setup::builtin("assedio-corto").unwrap(), 7, 80);
/// assert_eq!(g.plies, 80);
/// ```
pub fn generate(setup: &Setup, seed: u64, plies: u32) -> Generated {
    let mut game = Game::new(setup);
    let mut rng = Rng::new(seed);
    let mut sheets: [Vec<GenLine>; 8] = Default::default();
    let mut events = Vec::new();
    let mut moves = Vec::new();
    let mut idle = 0;
    while game.ply < plies && idle < 16 {
        // The game can only end where the army to move would play: stop before a slot
        // whose start would change the board.
        let slot = game.start_slot();
        let army = slot.army;
        if slot.kind != SlotKind::Move {
            events.extend(game.slot_events(&slot, None, game.ply));
            idle += 1;
            continue;
        }
        idle = 0;
        moves.clear();
        game.pos.moves(army, &mut moves);
        let m = choose(&game, army, &moves, &mut rng);
        let number = sheets[army.index()].len() as u32 + 1;
        let played = game.play(&m);
        events.extend(game.slot_events(&slot, Some(number), game.ply));
        events.extend(game.move_events(&played, number));
        let mut marker = played.expected;
        if !slot.r29.is_empty() && marker <= Some(Marker::Check) && rng.percent(50) {
            marker = Some(Marker::Mate); // R33: the optional R29 `++`.
        }
        sheets[army.index()].push(GenLine {
            number,
            ply: game.ply,
            pen: Pen::required(army.camp(), m.captured.is_some(), marker),
            text: super::explain::written(&m, marker).to_text(),
            mv: m,
            marker,
            expected: played.expected,
        });
    }
    // Events of slots after the last move are not part of the written game (R32).
    let plies = game.ply;
    events.retain(|e| e.ply < plies || e.move_number.is_some());
    Generated {
        sheets,
        events,
        plies,
    }
}

impl Generated {
    /// The game file (formats.md §1).
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::from(header);
        for army in Army::ALL {
            let _ = writeln!(out, "\n[Esercito \"{army}\"]");
            for l in &self.sheets[army.index()] {
                let _ = writeln!(out, "{}. {:<5} {}", l.number, l.pen.name(), l.text);
            }
        }
        out
    }
}

/// A default header for generated games.
pub fn header(seed: u64) -> String {
    format!(
        "[Evento \"Partita generata (seme {seed})\"]\n[Gara \"Leoni-Tigri\"]\n[Partita \"1\"]\n\
         [Modalita \"4v4\"]\n[Assedianti \"Leoni\"]\n[Assediati \"Tigri\"]\n\
         [Disposizione \"assedio-corto\"]\n"
    )
}
