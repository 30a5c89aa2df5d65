//! Issue 28's hidden sets for SuperScacchi, as near as we can make them: generated legal
//! games (`selfplay`) with one and two slips of each kind a judge meets (R32a), each
//! verified as `verify` does. Each slip must give exactly its own finding, with the right
//! army, move number and proposal; no cascade.
//!
//! The kinds: a line deleted with the numbers untouched, or with the later lines
//! renumbered (`missing-move`); a line moved to another army's sheet, after that sheet's
//! line of the same number (`misplaced-move`); a whole move unreadable, `5. nera  _`
//! (`filled-unreadable`, formats.md §8); a move misspelt into one no piece can play
//! (an error at its line; the replay stops there, R35, so a later slip is not looked for).
//!
//! The default number of cases is small (CI); `SLIP_CASES=2000 cargo test --test props
//! sheet_slip_sets -- --nocapture` runs a large set and prints the rates.

use arbitro::finding::Severity;
use arbitro::geometry::{Army, Sq};
use arbitro::superscacchi::position::Position;
use arbitro::superscacchi::selfplay::{GenLine, Generated, Rng, generate, header};
use arbitro::superscacchi::setup::Setup;
use arbitro::superscacchi::turn::{Game, SlotKind};
use arbitro::verify::{GameReport, verify_bytes};
use std::collections::BTreeMap;

use crate::superscacchi::plies;

/// The kinds of slip drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A line deleted, the later numbers untouched (a gap).
    Gap,
    /// A line deleted, the later lines renumbered.
    Renumbered,
    /// A line written on another army's sheet.
    Moved,
    /// A whole move unreadable (`_`, or `_ _ - _`).
    Unreadable,
    /// A move misspelt into one its piece cannot play.
    Illegal,
}

const KINDS: [Kind; 5] = [
    Kind::Gap,
    Kind::Renumbered,
    Kind::Moved,
    Kind::Unreadable,
    Kind::Illegal,
];

fn setup() -> Setup {
    Setup::builtin("assedio-corto").unwrap()
}

/// The position before each ply (index ply − 1).
fn positions(g: &Generated) -> Vec<Position> {
    let order = plies(g);
    let mut engine = Game::new(&setup());
    let mut out = Vec::with_capacity(order.len());
    let mut next = 0;
    while next < order.len() {
        if engine.start_slot().kind != SlotKind::Move {
            continue;
        }
        out.push(engine.pos.clone());
        let (_, a, i) = order[next];
        engine.play(&g.sheets[a][i].mv);
        next += 1;
    }
    out
}

/// One slip drawn: where, what, and the finding it must give (code, army, move number).
#[derive(Debug, Clone)]
struct Slip {
    kind: Kind,
    army: usize,
    line: usize,
    ply: u32,
    /// For [`Kind::Moved`]: the sheet it is written on.
    to_sheet: usize,
    /// For [`Kind::Illegal`] and [`Kind::Unreadable`]: the text written.
    text: String,
    want: (&'static str, &'static str, u32),
}

/// A misspelt destination near the true one that the piece cannot reach.
fn misspelt(pos: &Position, l: &GenLine, rng: &mut Rng) -> Option<String> {
    let mut legal = Vec::new();
    pos.piece_moves(l.mv.army, l.mv.from, &mut legal);
    let (f, r) = (l.mv.to.file() as i32, l.mv.to.rank() as i32);
    let near: Vec<Sq> = (-2..=2)
        .flat_map(|df| (-2..=2).map(move |dr| (f + df, r + dr)))
        .filter(|&(x, y)| (0..16).contains(&x) && (0..16).contains(&y))
        .map(|(x, y)| Sq((y * 16 + x) as u8))
        .filter(|&s| s != l.mv.from && s != l.mv.to && !legal.iter().any(|m| m.to == s))
        .collect();
    let to = *near.get(rng.below(near.len().max(1)))?;
    Some(format!("{} {} - {}", l.mv.role.letter(), l.mv.from, to))
}

/// Draws a slip of `kind` on the line at `order[k]`.
fn draw_slip(
    g: &Generated,
    pos: &[Position],
    (ply, a, i): (u32, usize, usize),
    kind: Kind,
    rng: &mut Rng,
) -> Option<Slip> {
    let l = &g.sheets[a][i];
    let army = Army::ALL[a].code();
    let mut s = Slip {
        kind,
        army: a,
        line: i,
        ply,
        to_sheet: a,
        text: String::new(),
        want: ("missing-move", army, l.number),
    };
    match kind {
        Kind::Gap | Kind::Renumbered => {}
        Kind::Moved => {
            let b = (1..8)
                .map(|k| (a + k + rng.below(8)) % 8)
                .find(|&b| b != a && g.sheets[b].len() >= l.number as usize)?;
            s.to_sheet = b;
            s.want = ("misplaced-move", Army::ALL[b].code(), l.number);
        }
        Kind::Unreadable => {
            s.text = if rng.percent(50) { "_" } else { "_ _ - _" }.to_string();
            s.want = ("filled-unreadable", army, l.number);
        }
        Kind::Illegal => {
            s.text = misspelt(&pos[ply as usize - 1], l, rng)?;
            s.want = ("", army, l.number);
        }
    }
    Some(s)
}

/// The game with the slips made (each on the line as generated).
fn with_slips(g: &Generated, slips: &[Slip]) -> Generated {
    // Each sheet's lines with their place as generated.
    let mut sheets: Vec<Vec<(usize, usize, GenLine)>> = g
        .sheets
        .iter()
        .enumerate()
        .map(|(a, s)| {
            s.iter()
                .cloned()
                .enumerate()
                .map(|(i, l)| (a, i, l))
                .collect()
        })
        .collect();
    for s in slips {
        let at = |sheets: &Vec<Vec<(usize, usize, GenLine)>>, a: usize| {
            sheets[a]
                .iter()
                .position(|x| (x.0, x.1) == (s.army, s.line))
                .unwrap()
        };
        let k = at(&sheets, s.army);
        match s.kind {
            Kind::Gap => {
                sheets[s.army].remove(k);
            }
            Kind::Renumbered => {
                sheets[s.army].remove(k);
                for x in &mut sheets[s.army][k..] {
                    x.2.number -= 1;
                }
            }
            Kind::Moved => {
                let line = sheets[s.army].remove(k);
                let b = s.to_sheet;
                let after = sheets[b]
                    .iter()
                    .position(|x| x.0 == b && x.2.number >= line.2.number)
                    .map_or(sheets[b].len(), |p| p + 1);
                sheets[b].insert(after, line);
            }
            Kind::Unreadable | Kind::Illegal => sheets[s.army][k].2.text = s.text.clone(),
        }
    }
    let mut out = g.clone();
    for (a, s) in sheets.into_iter().enumerate() {
        out.sheets[a] = s.into_iter().map(|x| x.2).collect();
    }
    out
}

/// How a case came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Exactly the slips' findings, with the right armies, numbers and proposals, the game
    /// replayed to its end (or to the misspelt move).
    Exact,
    /// The slips' findings, but a missing move of a renumbered sheet placed some moves
    /// off (the sheets cannot tell where it was) or its move not among those proposed.
    Near,
    /// A whole move unreadable that several readings fill as well: listed, its move among
    /// them, and the replay stops there (formats.md §8).
    Tie,
    /// No finding: the sheets with the slip are a legal game.
    Undetectable,
    /// Other findings than the slips' (a cascade), or one missing.
    Cascade,
}

fn verify(text: &str) -> GameReport {
    verify_bytes("gen", text.as_bytes(), &Default::default())
        .unwrap()
        .remove(0)
}

/// Judges one case: `slips` in ply order.
fn judge(g: &Generated, slips: &[Slip], r: &GameReport) -> Outcome {
    // The misspelt move stops the replay (R35): the slips after it are not looked for.
    // So does a whole move unreadable that several readings fill as well (§8).
    let tie = |s: &Slip| {
        s.kind == Kind::Unreadable
            && r.findings.iter().any(|f| {
                f.code.as_str() == "unreadable-move"
                    && (f.army_name(), f.move_number) == (Some(s.want.1), Some(s.want.2))
            })
    };
    let stop = slips.iter().position(|s| s.kind == Kind::Illegal || tie(s));
    let due = &slips[..stop.map_or(slips.len(), |k| k + 1)];
    // The report lists findings in sheet order (issue 28 point 5): here, by ply.
    let mut got: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.severity() != Severity::Warning)
        .collect();
    got.sort_by_key(|f| f.ply);
    // A sheet one line short that still replays legally to its end (the army's later
    // moves all legal a turn sooner, its king out before its sheet ends): no reader can
    // tell.
    if got.is_empty() && r.is_valid() {
        return Outcome::Undetectable;
    }
    if got.len() != due.len() {
        return Outcome::Cascade;
    }
    // Each finding paired with its slip in ply order; else (two slips) the other way
    // round: a missing move of a renumbered sheet placed some moves late (`Near`) may come
    // after the other slip's finding.
    let mut outcome = pair(g, &got, due);
    if outcome == Outcome::Cascade && got.len() == 2 {
        outcome = pair(g, &[got[1], got[0]], due);
    }
    if stop.is_none() && r.plies() != g.plies {
        return Outcome::Cascade;
    }
    outcome
}

/// [`judge`]: each finding of `got` against the slip of `due` in the same place.
fn pair(g: &Generated, got: &[&arbitro::finding::Finding], due: &[Slip]) -> Outcome {
    let mut outcome = Outcome::Exact;
    for (f, s) in got.iter().zip(due) {
        let (code, army, number) = s.want;
        let code_ok = if s.kind == Kind::Unreadable {
            ["filled-unreadable", "unreadable-move"].contains(&f.code.as_str())
        } else if s.kind == Kind::Illegal {
            f.severity() == Severity::Error
                && !["missing-move", "misplaced-move"].contains(&f.code.as_str())
        } else {
            f.code.as_str() == code
        };
        if !code_ok || f.army_name() != Some(army) {
            return Outcome::Cascade;
        }
        let line = &g.sheets[s.army][s.line];
        let proposed = f.proposal.as_ref().map(|p| &p.moves[..]).unwrap_or(&[]);
        let said = format!("{} {} ", line.mv.role.letter(), line.mv.from);
        let to = line.mv.to.to_string();
        let names = proposed
            .iter()
            .any(|p| p.starts_with(&said) && p[said.len()..].split(' ').any(|w| w.ends_with(&to)));
        let place = f.move_number == Some(number);
        match s.kind {
            Kind::Renumbered if !place || !names => {
                if f.move_number.is_none_or(|n| n.abs_diff(number) > 8) {
                    return Outcome::Cascade;
                }
                outcome = Outcome::Near;
            }
            // Several readings as good: listed, the replay stops (formats.md §8).
            Kind::Unreadable if f.code.as_str() == "unreadable-move" && place && names => {
                return Outcome::Tie;
            }
            Kind::Gap | Kind::Unreadable if !place || !names => return Outcome::Cascade,
            Kind::Moved => {
                let b = f.proposal.as_ref().and_then(|p| p.belongs_to);
                if !place || b != Some((line.mv.army.into(), line.number)) {
                    return Outcome::Cascade;
                }
            }
            Kind::Illegal if !place || f.ply != Some(s.ply) => return Outcome::Cascade,
            _ => {}
        }
    }
    outcome
}

/// One case: the game of `seed` with `count` slips at least `gap` plies apart.
fn case(seed: u64, count: usize, gap: u32) -> Option<(Generated, Vec<Slip>)> {
    let g = generate(&setup(), seed, 120 + (seed % 5) as u32 * 40);
    let mut rng = Rng::new(seed ^ 0x2828);
    let order = plies(&g);
    let pos = positions(&g);
    let mut slips: Vec<Slip> = Vec::new();
    for _ in 0..100 {
        if slips.len() == count {
            break;
        }
        // Not the game's last move: removed, it leaves sheets that end together.
        let at = order[rng.below(order.len() - 1)];
        if slips.iter().any(|s| s.ply.abs_diff(at.0) < gap) {
            continue;
        }
        let kind = KINDS[rng.below(KINDS.len())];
        // Two slips on one sheet (a line moved onto a renumbered sheet, two renumberings)
        // leave its numbers saying less than the slips: one slip a sheet.
        let taken = |s: &Slip| [s.army, s.to_sheet];
        if let Some(s) = draw_slip(&g, &pos, at, kind, &mut rng)
            && slips
                .iter()
                .all(|o| taken(o).iter().all(|x| !taken(&s).contains(x)))
        {
            slips.push(s);
        }
    }
    slips.sort_by_key(|s| s.ply);
    (slips.len() == count).then_some((g, slips))
}

/// What a run found.
#[derive(Default)]
pub struct Tally {
    pub cases: usize,
    pub outcomes: BTreeMap<Outcome, usize>,
    /// Slips by kind and the outcome of their case.
    pub kinds: BTreeMap<(Kind, Outcome), usize>,
    pub odd: Vec<String>,
}

fn run(count: usize, cases: usize, first: u64) -> Tally {
    let mut t = Tally::default();
    let mut seed = first;
    while t.cases < cases {
        seed += 1;
        let Some((g, slips)) = case(seed, count, 24) else {
            continue;
        };
        let text = with_slips(&g, &slips).to_text(&header(seed));
        let r = verify(&text);
        let o = judge(&g, &slips, &r);
        // `SLIP_DUMP=folder`: the games that are not exact, to look at with `verify`.
        if let Ok(dir) = std::env::var("SLIP_DUMP")
            && o != Outcome::Exact
        {
            let _ = std::fs::write(format!("{dir}/{seed}.txt"), &text);
        }
        t.cases += 1;
        *t.outcomes.entry(o).or_default() += 1;
        for s in &slips {
            *t.kinds.entry((s.kind, o)).or_default() += 1;
        }
        // `SLIP_ALONE=1`: for a cascade, how each of its slips comes out made alone.
        let alone = if o == Outcome::Cascade && count > 1 && std::env::var("SLIP_ALONE").is_ok() {
            let each: Vec<_> = slips
                .iter()
                .map(|s| {
                    let one = std::slice::from_ref(s);
                    let text = with_slips(&g, one).to_text(&header(seed));
                    if let Ok(dir) = std::env::var("SLIP_DUMP") {
                        let _ = std::fs::write(format!("{dir}/{seed}-{}.txt", s.ply), &text);
                    }
                    judge(&g, one, &verify(&text))
                })
                .collect();
            format!(" alone: {each:?}")
        } else {
            String::new()
        };
        if o != Outcome::Exact {
            t.odd.push(format!(
                "{o:?} seed {seed}{alone}: {:?}\n  {:?}",
                slips
                    .iter()
                    .map(|s| (s.kind, s.want, s.ply, &g.sheets[s.army][s.line].text))
                    .collect::<Vec<_>>(),
                r.findings
                    .iter()
                    .filter(|f| f.severity() != Severity::Warning)
                    .map(|f| (
                        f.code.as_str(),
                        f.army_name(),
                        f.move_number,
                        f.ply,
                        &f.message
                    ))
                    .collect::<Vec<_>>()
            ));
        }
    }
    let show: usize = std::env::var("SLIP_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    eprintln!(
        "SuperScacchi, {count} slips: {} cases {:?}",
        t.cases, t.outcomes
    );
    eprintln!("  by kind: {:?}", t.kinds);
    for o in t.odd.iter().take(show) {
        eprintln!("  {o}");
    }
    t
}

fn cases(default: usize) -> usize {
    std::env::var("SLIP_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn first_seed() -> u64 {
    std::env::var("SLIP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2800)
}

/// R32a: one slip of each kind, one finding.
#[test]
fn generated_games_with_one_slip_give_exactly_one_finding() {
    let t = run(1, cases(30), first_seed());
    let cascades = t.outcomes.get(&Outcome::Cascade).copied().unwrap_or(0);
    assert_eq!(cascades, 0, "{}", t.odd.join("\n"));
}

/// R32a: two independent slips, two findings in one run. Not yet so for every pair: a
/// guard, not the goal (at most one case in 25). Known to cascade (5 of 300 on a large run
/// from seed 2801, session 13; 11 in session 12, 33 in session 11, 49 before a smudge
/// behind a slip was read in the replay): a renumbered sheet of the army that moves last,
/// its lines legal a turn early to the end (no reader can tell; counted here because the
/// other slip is found); a renumbered sheet hidden behind a misspelt move (R35; where the
/// missing move was, before or after the stop, the sheets do not tell); a line moved at a
/// game's end with a renumbered sheet (two sheets look one short to the merge).
#[test]
fn generated_games_with_two_slips_give_exactly_two_findings() {
    let t = run(2, cases(30), first_seed() + 100_000);
    let cascades = t.outcomes.get(&Outcome::Cascade).copied().unwrap_or(0);
    assert!(cascades * 25 <= t.cases, "{}", t.odd.join("\n"));
}

/// The errors of the case of `seed` with `count` slips, in ply order: (code, army, move
/// number, ply, moves proposed).
fn errors_of(seed: u64, count: usize) -> Vec<(String, String, u32, u32, Vec<String>)> {
    errors_with(seed, count, |f| {
        f.proposal
            .as_ref()
            .map(|p| p.moves.clone())
            .unwrap_or_default()
    })
}

/// The errors of the case of `seed` with `count` slips, in ply order: (code, army, move
/// number, ply, `more` of the finding).
fn errors_with<T>(
    seed: u64,
    count: usize,
    more: impl Fn(&arbitro::finding::Finding) -> T,
) -> Vec<(String, String, u32, u32, T)> {
    let (g, slips) = case(seed, count, 24).unwrap();
    let r = verify(&with_slips(&g, &slips).to_text(&header(seed)));
    let mut out: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.severity() == Severity::Error)
        .map(|f| {
            (
                f.code.as_str().to_string(),
                f.army_name().unwrap_or("").to_string(),
                f.move_number.unwrap_or(0),
                f.ply.unwrap_or(0),
                more(f),
            )
        })
        .collect();
    out.sort_by_key(|f| f.3);
    out
}

/// R32a, seed 102823 of the two-slip set: S's sheet renumbered after its move 5 (the game
/// ends on S's move, so S's sheet one short is as long as the others: the lengths do not
/// point to S), and SE's move 16 deleted. The replay fails at SO 5, which needed S's move;
/// S, the army just before, is searched too, and both slips are found. It used to leave a
/// `forbidden-square` at SO 5 alone.
#[test]
fn a_renumbered_sheet_the_lengths_do_not_show_is_found() {
    let mm = |army: &str, n, ply, p: &str| {
        (
            "missing-move".to_string(),
            army.to_string(),
            n,
            ply,
            vec![p.to_string()],
        )
    };
    assert_eq!(
        errors_of(102_823, 2),
        vec![
            mm("S", 5, 33, "A k2 X Ph5 +"),
            mm("SE", 16, 124, "C l4 - n3"),
        ]
    );
}

/// R32a, seed 102996 of the two-slip set: NO's move 2 and NE's move 6 deleted (numbers
/// untouched). Eleven moves of NO replay as far as NE's gap; each is tried again reading
/// past that gap among NE's moves, and only `P d12 - d13` (the move that was there) then
/// replays to the end: it alone is proposed. It used to stop at NE 6 with "no move of NE
/// lets the game go on", then (the eleven tried in turn after the first) to propose all
/// eleven.
#[test]
fn a_gap_read_with_the_wrong_one_of_several_moves_is_read_again() {
    let errors = errors_of(102_996, 2);
    let short: Vec<_> = errors
        .iter()
        .map(|(c, a, n, p, m)| (c.as_str(), a.as_str(), *n, *p, m[0].as_str()))
        .collect();
    assert_eq!(
        short,
        vec![
            ("missing-move", "NO", 2, 12, "P d12 - d13"),
            ("missing-move", "NE", 6, 46, "Re l10 + l11"),
        ]
    );
    assert_eq!(errors[0].4.len(), 1, "{:?}", errors[0].4);
    assert_eq!(errors[1].4.len(), 1);
}

/// R32a, seed 102878 of the two-slip set: N's move 3 misspelt (`Re h16 - g16`, no legal
/// move) and S's move 17 misspelt. A missing move of N with its sheet renumbered replays
/// 31 plies on (to NO 7), far enough for the search; N's line read as misspelt replays
/// further (to S 17), so the replay stops at N 3 (R35) and no missing move is made up. It
/// used to propose `P i15 - i14` as N's move 3 and stop at NO 7. So too seed 50130 of the
/// one-slip set (SE's move 4 misspelt `P l5 - l4`), where a move of S was made up.
#[test]
fn a_misspelt_move_is_not_read_as_a_renumbered_sheet() {
    let short = |seed, count| -> Vec<(String, String, u32, u32, usize)> {
        errors_of(seed, count)
            .into_iter()
            .map(|(c, a, n, p, m)| (c, a, n, p, m.len()))
            .collect()
    };
    let e = |c: &str, a: &str, n, p| (c.to_string(), a.to_string(), n, p, 0);
    assert_eq!(short(102_878, 2), vec![e("forbidden-square", "N", 3, 21)]);
    assert_eq!(short(50_130, 1), vec![e("illegal-move", "SE", 4, 32)]);
}

/// R32a, two slips a turn or two apart, where the probes that judge the first are stopped
/// by the second: they may read past one further slip (a move missing before the failing
/// line, or the line misspelt). Seed 102833 of the two-slip set: SE's sheet renumbered
/// after its move 12, O's after its move 16; every move of SE as its move 13 replayed as
/// far (to O 18), and the first read made O's slip unfindable (a `wrong-piece` at O 18
/// stood). Seed 150171 (cross-check set): NO's move 3 deleted, E's sheet renumbered after
/// its move 5. Seed 150096: SE's sheet renumbered after its move 4, NO's move 11 misspelt
/// (a `forbidden-square` at S 6, the line after SE's missing move, used to stand alone).
#[test]
fn two_slips_near_each_other_are_both_found() {
    let short = |seed| -> Vec<(String, String, u32, u32, String)> {
        errors_of(seed, 2)
            .into_iter()
            .map(|(c, a, n, p, m)| (c, a, n, p, m.first().cloned().unwrap_or_default()))
            .collect()
    };
    let e = |c: &str, a: &str, n, p, m: &str| (c.into(), a.into(), n, p, m.into());
    assert_eq!(
        short(102_833),
        vec![
            e("missing-move", "SE", 13, 103, "R j6 - m3"),
            e("missing-move", "O", 17, 129, "P d5 X Pe4"),
        ]
    );
    assert_eq!(
        short(150_171),
        vec![
            e("missing-move", "NO", 3, 20, "R g11 - f10"),
            e("missing-move", "E", 6, 47, "P o9 X Cn10"),
        ]
    );
    assert_eq!(
        short(150_096),
        vec![
            e("missing-move", "SE", 5, 40, "T k2 X Pi2 +"),
            e("illegal-move", "NO", 11, 88, ""),
        ]
    );
}

/// The errors of the case of `seed` with `count` slips, in ply order: (code, army, move
/// number, ply, the army and number a misplaced line belongs to).
fn errors_owned(seed: u64, count: usize) -> Vec<(String, String, u32, u32, String)> {
    errors_with(seed, count, |f| {
        let owner = f.proposal.as_ref().and_then(|p| p.belongs_to);
        owner.map_or(String::new(), |(a, n)| format!("{} {n}", a.as_str()))
    })
}

/// R32a, a line moved to another sheet at the game's end: its army's sheet ends early and
/// has no gap, so the numbers alone cannot say whose it is (or the lengths point to an army
/// out of play). Read as the move of the army whose sheet ends where the merge needs it.
/// Seeds 3080 and 50102 of the one-slip sets (NE's move 15 on O's sheet; S's move 26 on
/// O's sheet), 102804 of the two-slip set (SE's move 35 on NO's sheet, O's sheet
/// renumbered after its move 12). They used to end in a `sheet-merge` error.
#[test]
fn a_line_moved_at_the_end_is_read_where_a_sheet_ends() {
    let e = |c: &str, a: &str, n, p, o: &str| (c.into(), a.into(), n, p, o.into());
    assert_eq!(
        errors_owned(3080, 1),
        vec![e("misplaced-move", "O", 15, 117, "NE 15")]
    );
    assert_eq!(
        errors_owned(50_102, 1),
        vec![e("misplaced-move", "O", 26, 197, "S 26")]
    );
    assert_eq!(
        errors_owned(102_804, 2),
        vec![
            e("missing-move", "O", 13, 98, ""),
            e("misplaced-move", "NO", 35, 279, "SE 35"),
        ]
    );
}

/// R32a: a whole move unreadable soon after where the replay stops on a renumbered sheet's
/// echo stops the probes of the renumbering too; they read past it among its readings
/// (formats.md §8). Seed 102838 of the two-slip set: N's sheet renumbered after its move
/// 20, E's move 26 unreadable (`_`) 39 plies on; the replay stopped at NO 24 (19 plies
/// before the smudge), a `blocked-path` left alone. Seed 102992: O's sheet renumbered
/// after its move 4, SE's move 8 unreadable: O's missing move is placed two moves late
/// (its lines were legal a turn early that long), with the move that was there.
#[test]
fn a_smudge_after_a_renumbered_sheet_is_read_past() {
    let v = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        errors_of(102_838, 2),
        vec![(
            "missing-move".into(),
            "N".into(),
            21,
            164,
            v(&["A f12 + h10"])
        )]
    );
    assert_eq!(
        errors_of(102_992, 2),
        vec![(
            "missing-move".into(),
            "O".into(),
            7,
            58,
            v(&["P b9 X Pc10"])
        )]
    );
}
