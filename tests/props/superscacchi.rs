//! Property tests on generated SuperScacchi games: they replay clean with the generator's
//! events; one mutated move is caught at its army, move and ply; one slip of the pen or of
//! the marker gives exactly one warning.

use arbitro::finding::Severity;
use arbitro::geometry::Sq;
use arbitro::superscacchi::selfplay::{Generated, Rng, generate, header};
use arbitro::superscacchi::setup::Setup;
use arbitro::superscacchi::turn::{Game, SlotKind};
use arbitro::verify::{GameReport, verify_bytes};

const GAMES: u64 = 200;

fn setup() -> Setup {
    Setup::builtin("assedio-corto").unwrap()
}

fn verify(text: &str) -> GameReport {
    verify_bytes("gen", text.as_bytes(), &Default::default())
        .unwrap()
        .remove(0)
}

fn game(seed: u64) -> Generated {
    generate(&setup(), seed, 120 + (seed % 5) as u32 * 40)
}

/// The ply, army and sheet line of every move, in order.
fn plies(g: &Generated) -> Vec<(u32, usize, usize)> {
    let mut v: Vec<_> = g
        .sheets
        .iter()
        .enumerate()
        .flat_map(|(a, s)| s.iter().enumerate().map(move |(i, l)| (l.ply, a, i)))
        .collect();
    v.sort();
    v
}

#[test]
fn generated_games_replay_clean_with_the_same_events() {
    for seed in 0..GAMES {
        let g = game(seed);
        let r = verify(&g.to_text(&header(seed)));
        assert!(
            r.findings.is_empty(),
            "seed {seed}: {:?}",
            r.findings.first()
        );
        assert_eq!(r.plies(), g.plies, "seed {seed}");
        let want: Vec<_> = g
            .events
            .iter()
            .map(|e| {
                (
                    e.kind.as_str(),
                    e.army.code().to_string(),
                    e.move_number,
                    e.ply,
                )
            })
            .collect();
        let got: Vec<_> = r
            .events()
            .iter()
            .map(|s| {
                let e = &s.event;
                (
                    e.kind.as_str(),
                    e.army.code().to_string(),
                    e.move_number,
                    e.ply,
                )
            })
            .collect();
        assert_eq!(got, want, "seed {seed}");
    }
}

#[test]
fn one_mutated_move_is_caught_where_it_is() {
    for seed in 0..GAMES {
        let g = game(seed);
        let order = plies(&g);
        let mut rng = Rng::new(seed + 1000);
        let (ply, a, i) = order[rng.below(order.len())];
        // Replay the generated moves up to the chosen one to know its position.
        let mut engine = Game::new(&setup());
        let mut next = 0;
        let pos = loop {
            let slot = engine.start_slot();
            if slot.kind != SlotKind::Move {
                continue;
            }
            let (_, a2, i2) = order[next];
            if next + 1 == ply as usize {
                break engine.pos.clone();
            }
            engine.play(&g.sheets[a2][i2].mv);
            next += 1;
        };
        let line = &g.sheets[a][i];
        let mut legal = Vec::new();
        pos.piece_moves(line.mv.army, line.mv.from, &mut legal);
        let to = loop {
            let s = Sq(rng.below(256) as u8);
            if s != line.mv.from && !legal.iter().any(|m| m.to == s) {
                break s;
            }
        };
        let mut mutated = g.clone();
        mutated.sheets[a][i].text = format!("{} {} - {}", line.mv.role.letter(), line.mv.from, to);
        let r = verify(&mutated.to_text(&header(seed)));
        let errors: Vec<_> = r
            .findings
            .iter()
            .filter(|f| f.severity() == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "seed {seed}: {errors:?}");
        let f = errors[0];
        assert_eq!(
            (f.army_name(), f.move_number, f.ply),
            (Some(line.mv.army.code()), Some(line.number), Some(ply)),
            "seed {seed}: {}",
            f.message
        );
        assert!(r.verdict().is_none());
    }
}

#[test]
fn one_slip_gives_exactly_one_warning() {
    use arbitro::notation::superscacchi::Pen;
    for seed in 0..GAMES {
        let g = game(seed);
        let mut rng = Rng::new(seed + 2000);
        let order = plies(&g);
        let mut slipped = g.clone();
        let (ply, a, i) = order[rng.below(order.len())];
        let line = &mut slipped.sheets[a][i];
        let code = if let Some(mk) = line.marker.filter(|_| {
            line.marker == line.expected && line.mv.captured.is_some() && rng.percent(50)
        }) {
            // Forget the marker after a capture: the pen stays red (R34 judges the pen
            // against the replay), so only the marker is wrong.
            line.text = line.text.replacen(&format!(" {}", mk.text()), "", 1);
            "missing-marker"
        } else {
            line.pen = match line.pen {
                Pen::Red => Pen::Blue,
                Pen::Blue => Pen::Black,
                Pen::Black => Pen::Red,
            };
            "wrong-pen"
        };
        let (army, number) = (line.mv.army.code().to_string(), line.number);
        let r = verify(&slipped.to_text(&header(seed)));
        let found: Vec<_> = r
            .findings
            .iter()
            .map(|f| {
                (
                    f.code.as_str(),
                    f.army_name().map(String::from),
                    f.move_number,
                    f.ply,
                )
            })
            .collect();
        assert_eq!(
            found,
            vec![(code, Some(army), Some(number), Some(ply))],
            "seed {seed}"
        );
        assert!(r.is_valid());
    }
}

/// The games of the slip properties (each slip costs a search: fewer games).
const SLIP_GAMES: u64 = 40;

/// A random line of a generated game that is not its sheet's last (a sheet's last line
/// removed leaves no trace in the numbering): its army's index and line index.
fn inner_line(g: &Generated, rng: &mut Rng) -> (usize, usize) {
    loop {
        let a = rng.below(8);
        let n = g.sheets[a].len();
        if n >= 2 {
            return (a, rng.below(n - 1));
        }
    }
}

#[test]
fn one_line_removed_is_one_missing_move_with_the_move_proposed() {
    for seed in 0..SLIP_GAMES {
        let g = game(seed);
        let mut rng = Rng::new(seed + 3000);
        let (a, i) = inner_line(&g, &mut rng);
        let mut slipped = g.clone();
        let line = slipped.sheets[a].remove(i);
        let r = verify(&slipped.to_text(&header(seed)));
        let found: Vec<_> = r
            .findings
            .iter()
            .map(|f| (f.code.as_str(), f.army_name(), f.move_number))
            .collect();
        assert_eq!(
            found,
            vec![("missing-move", Some(line.mv.army.code()), Some(line.number))],
            "seed {seed}: {:?}",
            r.findings.first().map(|f| &f.message)
        );
        let proposed = &r.findings[0].proposal.as_ref().unwrap().moves;
        let said = format!("{} {} ", line.mv.role.letter(), line.mv.from);
        assert!(
            proposed
                .iter()
                .any(|p| p.starts_with(&said) && p.contains(&line.mv.to.to_string())),
            "seed {seed}: {} not in {proposed:?}",
            line.text
        );
        assert!(!r.is_valid() && r.verdict().is_none(), "seed {seed}");
        assert_eq!(
            r.plies(),
            g.plies,
            "seed {seed}: the replay goes on to the end"
        );
    }
}

#[test]
fn one_line_on_another_sheet_is_one_misplaced_move() {
    for seed in 0..SLIP_GAMES {
        let g = game(seed);
        let mut rng = Rng::new(seed + 4000);
        let (a, i) = inner_line(&g, &mut rng);
        let number = g.sheets[a][i].number as usize;
        // Another sheet with a line of that number, after which the line is written.
        let Some(b) = (1..8)
            .map(|k| (a + k + rng.below(8)) % 8)
            .find(|&b| b != a && g.sheets[b].len() >= number)
        else {
            continue;
        };
        let mut slipped = g.clone();
        let line = slipped.sheets[a].remove(i);
        slipped.sheets[b].insert(number, line.clone());
        let r = verify(&slipped.to_text(&header(seed)));
        let found: Vec<_> = r
            .findings
            .iter()
            .map(|f| (f.code.as_str(), f.army_name(), f.move_number))
            .collect();
        let sheet = arbitro::geometry::Army::ALL[b].code();
        assert_eq!(
            found,
            vec![("misplaced-move", Some(sheet), Some(line.number))],
            "seed {seed}: {:?}",
            r.findings.first().map(|f| &f.message)
        );
        let p = r.findings[0].proposal.as_ref().unwrap();
        assert_eq!(
            p.belongs_to,
            Some((line.mv.army.into(), line.number)),
            "seed {seed}"
        );
        assert_eq!(r.plies(), g.plies, "seed {seed}");
    }
}
