//! Set-ups (`formats.md` section 2): the built-in `assedio-corto` and set-up files.
//!
//! The default set-up is itself written in the set-up file format below: the reconstructed
//! diagram of `superscacchi-rules.md` lives here as data, and a federation can replace it
//! with a file without touching code.

use crate::geometry::{Army, Camp, Piece, Role, Sq};
use crate::lang::{Lang, Say};
use std::fmt;

/// The built-in `assedio-corto` set-up \[reconstructed\], in the set-up file format.
pub const ASSEDIO_CORTO: &str = "\
S assedianti: Te1 Cf1 Ag1 Rh1 Rei1 Aj1 Ck1 Tl1 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2 Pk2 Pl2
O assedianti: Ta12 Ca11 Aa10 Ra9 Rea8 Aa7 Ca6 Ta5 Pb5 Pb6 Pb7 Pb8 Pb9 Pb10 Pb11 Pb12
N assedianti: Tl16 Ck16 Aj16 Ri16 Reh16 Ag16 Cf16 Te16 Pe15 Pf15 Pg15 Ph15 Pi15 Pj15 Pk15 Pl15
E assedianti: Tp5 Cp6 Ap7 Rp8 Rep9 Ap10 Cp11 Tp12 Po5 Po6 Po7 Po8 Po9 Po10 Po11 Po12
SO assediati: Te6 Cf6 Cg6 Th6 Ree7 Rf7 Ag7 Ah7 Pe4 Pf4 Pg4 Ph4 Pe5 Pf5 Pg5 Ph5
NO assediati: Tf12 Cf11 Cf10 Tf9 Reg12 Rg11 Ag10 Ag9 Pd12 Pd11 Pd10 Pd9 Pe12 Pe11 Pe10 Pe9
NE assediati: Tl11 Ck11 Cj11 Ti11 Rel10 Rk10 Aj10 Ai10 Pl13 Pk13 Pj13 Pi13 Pl12 Pk12 Pj12 Pi12
SE assediati: Tk5 Ck6 Ck7 Tk8 Rej5 Rj6 Aj7 Aj8 Pm5 Pm6 Pm7 Pm8 Pl5 Pl6 Pl7 Pl8
Turno: S SO O NO N NE E SE
";

/// Where every piece starts, and the turn order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Every piece and its square.
    pub pieces: Vec<(Sq, Piece)>,
    /// The turn order (R8): alternating besiegers and besieged.
    pub order: [Army; 8],
}

/// Why a set-up cannot be used: the line of the set-up text and the problem on it (said
/// by [`Say`](crate::lang::Say), in `super::words`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// 1-based line of the set-up text.
    pub line: usize,
    /// What is wrong.
    pub problem: SetupProblem,
}

/// What is wrong with a set-up (formats.md §2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    /// A line that is neither `ARMY ROLE: pieces` nor `Turno: ...`.
    NotALine,
    /// A second `Turno:` line.
    SecondTurn,
    /// A word of the `Turno:` line that is not an army.
    NotAnArmyInTurn(String),
    /// The turn order does not name each army once.
    TurnNotEight,
    /// The turn order does not alternate besiegers and besieged (R8).
    TurnNotAlternating,
    /// The head of a line is not an army.
    NotAnArmy(String),
    /// The role given is not `assedianti` or `assediati`.
    NotARole(String),
    /// The army's role by R7 is not the one written.
    WrongRole(Army, String),
    /// An army set up twice.
    ArmyTwice(Army),
    /// An army without its line.
    ArmyMissing(Army),
    /// A word that is not a piece and its square.
    NotAPiece(String),
    /// A piece on a red or green square (R5).
    RedOrGreen(String),
    /// A square taken twice: the word, the square, the army already there.
    Taken(String, Sq, Army),
    /// An army without sixteen pieces: how many.
    PieceCount(Army, usize),
    /// An army without exactly one king.
    OneKing(Army),
    /// Two bishops on squares of one colour.
    BishopColours(Army),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Lang::En))
    }
}

impl std::error::Error for SetupError {}

fn err(line: usize, problem: SetupProblem) -> SetupError {
    SetupError { line, problem }
}

/// Reads one piece: `Te1`, `Rei1`, `Pe2`.
fn piece_square(word: &str) -> Option<(Role, Sq)> {
    let b = word.as_bytes();
    if b.len() >= 3
        && b[0].eq_ignore_ascii_case(&b'R')
        && b[1].eq_ignore_ascii_case(&b'e')
        && let Some(sq) = Sq::parse(&word[2..])
    {
        return Some((Role::King, sq));
    }
    let role = Role::from_letter(*b.first()?)?;
    Some((role, Sq::parse(&word[1..])?))
}

impl Setup {
    /// The built-in set-up by name.
    pub fn builtin(name: &str) -> Option<Setup> {
        match name.trim() {
            "assedio-corto" => {
                Some(Setup::parse(ASSEDIO_CORTO).expect("the built-in set-up is valid"))
            }
            _ => None,
        }
    }

    /// Reads and validates a set-up file.
    ///
    /// ```
    /// use arbitro::superscacchi::setup::{Setup, ASSEDIO_CORTO};
    /// let s = Setup::parse(ASSEDIO_CORTO).unwrap();
    /// assert_eq!(s.pieces.len(), 128);
    /// let bad = ASSEDIO_CORTO.replace("Rh1 ", "Rh8 ");
    /// assert!(Setup::parse(&bad).unwrap_err().to_string().contains("red"));
    /// ```
    pub fn parse(text: &str) -> Result<Setup, SetupError> {
        let mut pieces: Vec<(Sq, Piece)> = Vec::new();
        let mut seen = [false; 8];
        let mut order = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let l = raw.split('%').next().unwrap_or("").trim();
            if l.is_empty() {
                continue;
            }
            let (head, body) = l
                .split_once(':')
                .ok_or_else(|| err(line, SetupProblem::NotALine))?;
            let head = head.trim();
            if head.eq_ignore_ascii_case("turno") {
                if order.is_some() {
                    return Err(err(line, SetupProblem::SecondTurn));
                }
                order = Some(turn_order(line, body)?);
                continue;
            }
            let army = army_of(line, head)?;
            if std::mem::replace(&mut seen[army.index()], true) {
                return Err(err(line, SetupProblem::ArmyTwice(army)));
            }
            army_pieces(line, army, body, &mut pieces)?;
        }
        if let Some(missing) = Army::ALL.iter().find(|a| !seen[a.index()]) {
            return Err(err(
                text.lines().count().max(1),
                SetupProblem::ArmyMissing(*missing),
            ));
        }
        Ok(Setup {
            pieces,
            order: order.unwrap_or(Army::ALL),
        })
    }
}

/// The `Turno:` line: the eight armies, each once, besiegers and besieged alternating (R8).
fn turn_order(line: usize, body: &str) -> Result<[Army; 8], SetupError> {
    let armies: Vec<Army> = body
        .split_whitespace()
        .map(|w| {
            Army::parse(w).ok_or_else(|| err(line, SetupProblem::NotAnArmyInTurn(w.to_string())))
        })
        .collect::<Result<_, _>>()?;
    if armies.len() != 8 || (0..8).any(|i| !armies.contains(&Army::ALL[i])) {
        return Err(err(line, SetupProblem::TurnNotEight));
    }
    if (0..8).any(|i| armies[i].camp() == armies[(i + 1) % 8].camp()) {
        return Err(err(line, SetupProblem::TurnNotAlternating));
    }
    Ok([
        armies[0], armies[1], armies[2], armies[3], armies[4], armies[5], armies[6], armies[7],
    ])
}

/// The head of an army's line (`S` or `S assedianti`): the army, with the role it is
/// given checked against R7.
fn army_of(line: usize, head: &str) -> Result<Army, SetupError> {
    let mut words = head.split_whitespace();
    let army_word = words.next().unwrap_or("");
    let army = Army::parse(army_word)
        .ok_or_else(|| err(line, SetupProblem::NotAnArmy(army_word.to_string())))?;
    if let Some(role) = words.next() {
        let role = role.to_lowercase();
        let camp = match role.as_str() {
            "assedianti" | "besiegers" => Camp::Besiegers,
            "assediati" | "besieged" => Camp::Besieged,
            _ => {
                return Err(err(line, SetupProblem::NotARole(role)));
            }
        };
        if camp != army.camp() {
            return Err(err(line, SetupProblem::WrongRole(army, role)));
        }
    }
    Ok(army)
}

/// An army's sixteen pieces (`Te1 Rei1 Pe2 …`), added to `pieces`: on ordinary squares
/// (R5), on free squares, one king, bishops on both colours.
fn army_pieces(
    line: usize,
    army: Army,
    body: &str,
    pieces: &mut Vec<(Sq, Piece)>,
) -> Result<(), SetupError> {
    let mut count = [0usize; 6];
    let mut bishop_colours = [false; 2];
    let mut n = 0;
    for w in body.split_whitespace() {
        let (role, sq) =
            piece_square(w).ok_or_else(|| err(line, SetupProblem::NotAPiece(w.to_string())))?;
        if !sq.is_ordinary() {
            return Err(err(line, SetupProblem::RedOrGreen(w.to_string())));
        }
        if let Some((_, p)) = pieces.iter().find(|(s, _)| *s == sq) {
            return Err(err(line, SetupProblem::Taken(w.to_string(), sq, p.army)));
        }
        count[role as usize] += 1;
        if role == Role::Bishop {
            bishop_colours[usize::from(sq.is_dark())] = true;
        }
        pieces.push((sq, Piece { army, role }));
        n += 1;
    }
    if n != 16 {
        return Err(err(line, SetupProblem::PieceCount(army, n)));
    }
    if count[Role::King as usize] != 1 {
        return Err(err(line, SetupProblem::OneKing(army)));
    }
    if count[Role::Bishop as usize] == 2 && !(bishop_colours[0] && bishop_colours[1]) {
        return Err(err(line, SetupProblem::BishopColours(army)));
    }
    Ok(())
}
