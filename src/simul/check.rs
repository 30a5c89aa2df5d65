//! The simul's own rules on the sheets read: who the master is (S1, S8), the board numbers
//! (S1, S8), the master on every board (S2) with White unless agreed (S3), the move not
//! made (S5), and how each board counts (S6, S8).

use super::read::{Kind, Read, Sheet};
use super::{Board, Score, Simul, SimulError, SimulFinding, SimulOptions, Standing, Tally};
use crate::finding::wording::simul as say;
use crate::finding::{Finding, Severity};
use crate::notation::classical::GameResult;
use crate::tournament::names;
use shakmaty::Color;
use std::collections::HashMap;

/// The master as decided: the name as written, its T1 form, and whether `--maestro` gave it.
struct Master {
    name: String,
    key: String,
    given: bool,
}

/// The name written most often among `names` (T1 forms compared), the first written of
/// the most frequent when several tie; `None` when there is none.
fn most_written<'a>(names: impl Iterator<Item = &'a str>) -> Option<String> {
    // key → (count, order of first appearance, the name as first written)
    let mut seen: HashMap<String, (usize, usize, &str)> = HashMap::new();
    for (i, n) in names.enumerate() {
        seen.entry(names::key(n)).or_insert((0, i, n)).0 += 1;
    }
    seen.into_values()
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, _, n)| n.to_string())
}

/// The player's name on most boards (for an error's hint).
fn likely_master(sheets: &[Sheet]) -> Option<String> {
    most_written(
        sheets
            .iter()
            .flat_map(|s| [s.tags.white.as_deref(), s.tags.black.as_deref()])
            .flatten(),
    )
}

/// S1, S8: `--maestro`, else the `[Maestro]` tags (the name most boards give, the first
/// written on a tie; the others are `two-masters`). The master must play some board.
fn master(sheets: &[Sheet], opts: &SimulOptions) -> Result<Master, SimulError> {
    let given = opts
        .maestro
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty());
    let name = match given {
        Some(m) => m.to_string(),
        None => most_written(
            sheets
                .iter()
                .filter_map(|s| s.tags.maestro.as_ref().map(|m| m.0.as_str())),
        )
        .ok_or_else(|| SimulError::NoMaster {
            likely: likely_master(sheets),
        })?,
    };
    let key = names::key(&name);
    let plays = |n: &Option<String>| n.as_deref().is_some_and(|n| names::key(n) == key);
    if !sheets
        .iter()
        .any(|s| plays(&s.tags.white) || plays(&s.tags.black))
    {
        return Err(SimulError::MasterOnNoBoard {
            master: name,
            likely: likely_master(sheets),
        });
    }
    Ok(Master {
        name,
        key,
        given: given.is_some(),
    })
}

/// S1, S8: each sheet's board number, in reading order: `[Scacchiera]` where present, the
/// others after the highest tagged number.
fn numbers(sheets: &[Sheet]) -> Vec<u32> {
    let mut next = sheets
        .iter()
        .filter_map(|s| s.tags.board)
        .max()
        .unwrap_or(0);
    sheets
        .iter()
        .map(|s| {
            s.tags.board.unwrap_or_else(|| {
                next = next.saturating_add(1);
                next
            })
        })
        .collect()
}

/// The master's score from a result, by the master's colour.
fn score(result: GameResult, colour: Color) -> Option<Score> {
    match (result, colour) {
        (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => {
            Some(Score::Won)
        }
        (GameResult::WhiteWins, Color::Black) | (GameResult::BlackWins, Color::White) => {
            Some(Score::Lost)
        }
        (GameResult::Draw, _) => Some(Score::Drawn),
        (GameResult::Unknown, _) => None,
    }
}

/// The simul's findings on one sheet, before it is a board.
struct Flags {
    on_simul: Vec<Finding>,
}

/// One game checked against S2, S3, S5 and counted (S6, S8).
fn board_of(s: Sheet, number: u32, m: &Master, opts: &SimulOptions, flags: &mut Flags) -> Board {
    let is_master = |n: &Option<String>| n.as_deref().is_some_and(|n| names::key(n) == m.key);
    let colour = if is_master(&s.tags.white) {
        Some(Color::White)
    } else if is_master(&s.tags.black) {
        Some(Color::Black)
    } else {
        None
    };
    let mut findings = s.findings;
    if let Some((other, span)) = &s.tags.maestro
        && names::key(other) != m.key
    {
        flags
            .on_simul
            .push(say::two_masters(&m.name, other, m.given).at(*span));
    }
    let result = s.declared.unwrap_or(GameResult::Unknown);
    let mut forfeit = false;
    match colour {
        None => flags.on_simul.push(say::not_master(
            &m.name,
            s.tags.white.as_deref(),
            s.tags.black.as_deref(),
        )),
        Some(c) => {
            if c == Color::Black {
                let f = say::master_black(s.tags.agreed || opts.colours_agreed);
                findings.push(at(f, s.tags.black_span));
            }
            if let Some(span) = s.tags.no_move {
                if score(result, c) == Some(Score::Won) {
                    forfeit = true;
                } else {
                    findings.push(say::no_move_result(result.as_str()).at(span));
                }
            }
        }
    }
    let standing = match colour.map(|c| score(result, c)) {
        None => Standing::NotTallied,
        Some(_) if s.unsettled => Standing::Unfinished,
        Some(None) => Standing::Unfinished,
        Some(Some(sc)) => Standing::Counted(sc),
    };
    let opponent = match colour {
        Some(Color::White) => s.tags.black.clone(),
        Some(Color::Black) => s.tags.white.clone(),
        None => None,
    };
    Board {
        number,
        file: s.file,
        game: s.game,
        opponent,
        white: s.tags.white,
        black: s.tags.black,
        master_colour: colour,
        result,
        standing,
        plies: s.plies,
        findings,
        forfeit,
        position: s.position,
        valid: true,
    }
}

fn at(f: Finding, span: Option<crate::span::Span>) -> Finding {
    match span {
        Some(s) => f.at(s),
        None => f,
    }
}

/// A sheet that is no board: a row with its reason, not tallied.
fn no_board(s: Sheet, number: u32) -> Board {
    Board {
        number,
        file: s.file,
        game: None,
        white: None,
        black: None,
        master_colour: None,
        opponent: None,
        result: GameResult::Unknown,
        standing: Standing::NotTallied,
        plies: 0,
        findings: s.findings,
        forfeit: false,
        position: None,
        valid: true,
    }
}

/// Checks the sheets read as one simul and tallies it.
pub(super) fn check(read: Read, opts: &SimulOptions) -> Result<Simul, SimulError> {
    let Read {
        sheets,
        passed_over,
    } = read;
    if !sheets.iter().any(|s| s.kind == Kind::Game) {
        return Err(SimulError::NoBoards {
            unreadable: sheets
                .iter()
                .map(|s| (s.file.clone(), s.findings[0].clone()))
                .collect(),
        });
    }
    let m = master(&sheets, opts)?;
    let numbers = numbers(&sheets);
    let unusable = sheets
        .iter()
        .any(|s| s.kind == Kind::NoBoard { unusable: true });
    let mut first_of: HashMap<u32, (String, Option<usize>)> = HashMap::new();
    let mut findings = Vec::new();
    let mut boards = Vec::with_capacity(sheets.len());
    for (s, number) in sheets.into_iter().zip(numbers) {
        let mut flags = Flags {
            on_simul: Vec::new(),
        };
        let (file, game) = (s.file.clone(), s.game);
        if let Some((f, g)) = first_of.get(&number) {
            flags.on_simul.push(say::duplicate_board(number, f, *g));
        } else {
            first_of.insert(number, (file.clone(), game));
        }
        let mut b = match s.kind {
            Kind::Game => board_of(s, number, &m, opts, &mut flags),
            Kind::NoBoard { .. } => no_board(s, number),
        };
        let simul_error = flags
            .on_simul
            .iter()
            .any(|f| f.severity() == Severity::Error);
        b.valid = !b.has_error() && !simul_error;
        findings.extend(flags.on_simul.into_iter().map(|f| SimulFinding {
            board: Some(number),
            file: Some(file.clone()),
            game,
            finding: f,
        }));
        boards.push(b);
    }
    boards.sort_by_key(|b| b.number);
    findings.sort_by_key(|f| f.board);
    Ok(Simul {
        master: m.name,
        tally: Tally::of(&boards),
        boards,
        findings,
        unusable,
        passed_over,
    })
}
