//! Real classical games with a move partly or wholly unreadable (`_`, formats.md §8) and
//! one or two one-edit slips elsewhere (issue 28 point 4): each gives its own finding at
//! its ply, and the replay goes on to the game's end, whichever comes first.
//!
//! The smudge is a whole move written `_`, or one character of it written `_`. It comes
//! out `filled-unreadable` with the move meant (exact), or, where several readings replay
//! as far, `unreadable-move` proposing it (listed); either way the replay goes on. The
//! slips are those of [`super::slip_sets`]. `SLIP_CASES`, `SLIP_SEED` and `SLIP_SHOW` as
//! there.

use arbitro::classical::Replay;
use arbitro::finding::Severity;
use arbitro::notation::san::Notation;
use arbitro::superscacchi::selfplay::Rng;
use shakmaty::{Chess, Position};
use std::collections::BTreeMap;

use super::slip_sets::{
    Game, KINDS, cases, named, notation_and_plies, real_games, replay_sheet, seed, sheet, slip,
};
use crate::games::sheet_words;
use crate::slips::meant_in_replay;

/// One drawn case: the sheet, the smudge's ply index, the slips' ply indices.
struct Case {
    text: String,
    smudge: usize,
    slips: Vec<usize>,
    notation: Notation,
}

/// A smudge and `count` slips on a game, at least `gap` plies apart; `None` where the
/// game is too short or no slip applies.
fn draw(g: &Game, count: usize, gap: usize, rng: &mut Rng) -> Option<Case> {
    let (notation, at) = notation_and_plies(g, count + 1, gap, rng)?;
    let clean = sheet_words(&g.moves, notation);
    let smudge = at[0];
    let mut slips = at[1..].to_vec();
    slips.sort();
    let mut words = clean.clone();
    words[smudge] = if rng.percent(50) {
        "_".to_string()
    } else {
        // One character of the move, its check mark kept.
        let body = clean[smudge].trim_end_matches(['+', '#']);
        let mut b: Vec<char> = body.chars().collect();
        let i = rng.below(b.len());
        b[i] = '_';
        b.into_iter().collect::<String>() + &clean[smudge][body.len()..]
    };
    let mut pos = Chess::default();
    for (i, &m) in g.moves.iter().enumerate() {
        if slips.contains(&i) {
            words[i] = (0..20).find_map(|_| {
                let kind = KINDS[rng.below(KINDS.len())];
                let s = slip(&clean[i], kind, rng.below(64), notation)?;
                // Only slips that name no legal move: one error each.
                named(&pos, &s, notation).is_none().then_some(s)
            })?;
        }
        pos.play_unchecked(m);
    }
    Some(Case {
        text: sheet(&words, g.result),
        smudge,
        slips,
        notation,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// The smudge filled with the move meant, each slip its error naming the move meant.
    Exact,
    /// The same, but the move meant is one of several readings listed.
    Listed,
    /// The findings at the right plies, but one does not name the move meant.
    WrongReading,
    /// Other findings, fewer, or the replay stopped short.
    Cascade,
}

fn judge(case: &Case, g: &Game, r: &Replay) -> Outcome {
    let mut want: Vec<u32> = case.slips.iter().map(|&k| k as u32 + 1).collect();
    let smudge_ply = case.smudge as u32 + 1;
    let errors: Vec<u32> = r
        .findings
        .iter()
        .filter(|f| f.severity() == Severity::Error && f.ply != Some(smudge_ply))
        .filter_map(|f| f.ply)
        .collect();
    want.sort();
    let at_own = |p: Option<u32>| p.is_some_and(|p| p == smudge_ply || want.contains(&p));
    let smudged: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.ply == Some(smudge_ply))
        .collect();
    if errors != want
        || r.findings.iter().any(|f| !at_own(f.ply))
        || smudged.len() != 1
        || r.moves.len() != g.moves.len()
    {
        return Outcome::Cascade;
    }
    let mut outcome = Outcome::Exact;
    let k = case.smudge;
    match smudged[0].code.as_str() {
        "filled-unreadable" if r.moves[k] == g.moves[k] => {}
        "unreadable-move" => {
            // The readings are written as the pattern fills in (no check mark of their own).
            let meant = meant_in_replay(&r.moves[..k], g.moves[k], case.notation)
                .map(|m| m.trim_end_matches(['+', '#']).to_string());
            let proposed = smudged[0].proposal.as_ref().map(|p| &p.moves[..]);
            match (meant, proposed) {
                (Some(m), Some(p)) if p.iter().any(|t| t.trim_end_matches(['+', '#']) == m) => {
                    outcome = Outcome::Listed
                }
                _ => return Outcome::WrongReading,
            }
        }
        _ => return Outcome::WrongReading,
    }
    for f in r.findings.iter().filter(|f| f.ply != Some(smudge_ply)) {
        if f.severity() != Severity::Error {
            continue;
        }
        let k = f.ply.unwrap() as usize - 1;
        let proposed = f.proposal.as_ref().map(|p| &p.moves[..]).unwrap_or(&[]);
        let Some(meant) = meant_in_replay(&r.moves[..k], g.moves[k], case.notation) else {
            return Outcome::WrongReading;
        };
        if proposed.first() != Some(&meant) {
            if !proposed.contains(&meant) {
                return Outcome::WrongReading;
            }
            outcome = Outcome::Listed;
        }
    }
    outcome
}

/// Runs `count` cases of a smudge and `slips` slips; prints the tally and `SLIP_SHOW` odd
/// cases; returns the tally.
fn run(slips: usize, count: usize, seed: u64) -> BTreeMap<Outcome, usize> {
    let games = real_games((slips + 1) * 8 + 20);
    let mut rng = Rng::new(seed);
    let mut tally: BTreeMap<Outcome, usize> = BTreeMap::new();
    let mut odd = Vec::new();
    let mut done = 0;
    while done < count {
        let i = rng.below(games.len());
        let Some(case) = draw(&games[i], slips, 8, &mut rng) else {
            continue;
        };
        done += 1;
        let r = replay_sheet(&case.text);
        let o = judge(&case, &games[i], &r);
        *tally.entry(o).or_default() += 1;
        if o > Outcome::Listed {
            odd.push(format!(
                "{o:?} smudge {} slips {:?}\n{}\n{:?}",
                case.smudge + 1,
                case.slips.iter().map(|k| k + 1).collect::<Vec<_>>(),
                case.text,
                r.findings
                    .iter()
                    .map(|f| (f.code.as_str(), f.ply, f.hint.as_deref()))
                    .collect::<Vec<_>>()
            ));
        }
    }
    let show: usize = std::env::var("SLIP_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    eprintln!("classical, a smudge and {slips} slips: {count} cases {tally:?}");
    for o in odd.iter().take(show) {
        eprintln!("  {o}");
    }
    tally
}

/// A smudge and a slip: each its own finding, the replay to the end.
#[test]
fn a_smudge_and_a_slip_give_their_own_findings() {
    let t = run(1, cases(40), seed() + 7);
    assert_eq!(t.get(&Outcome::Cascade), None, "{t:?}");
    assert_eq!(t.get(&Outcome::WrongReading), None, "{t:?}");
}

/// A smudge and two slips: each its own finding, the replay to the end.
#[test]
fn a_smudge_and_two_slips_give_their_own_findings() {
    let t = run(2, cases(40), seed() + 8);
    assert_eq!(t.get(&Outcome::Cascade), None, "{t:?}");
    assert_eq!(t.get(&Outcome::WrongReading), None, "{t:?}");
}
