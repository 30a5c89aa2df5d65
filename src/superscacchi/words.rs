//! The words for the SuperScacchi values a person reads that are not findings (those are
//! in `finding::wording::superscacchi`): the errors of a set-up, a scoring table, a filing
//! time and a match, and pieces counted. Each is `impl Say`, in both languages, here only.

use super::clock::ClockError;
use super::contest::{MatchError, MatchProblem};
use super::score::{MAX_POINTS, NumberRule, TableError};
use super::setup::{SetupError, SetupProblem};
use crate::geometry::Role;
use crate::lang::date::Moment;
use crate::lang::{Bi, Lang, Say, count};
use std::borrow::Cow;

/// The comment at the head of a scoring table written as TOML.
pub const TABLE_HEAD: Bi<&str> = Bi {
    en: "# arbitro's scoring table (superscacchi-rules.md R38–R41).\n\
         # Material and events are points won, penalties points lost (negative).",
    it: "# La tabella dei punteggi di arbitro (superscacchi-rules.md R38–R41).\n\
         # Materiale ed eventi sono punti guadagnati, le penalità punti persi (negativi).",
};

/// The text of `words` in `lang`.
fn pick(words: Bi, lang: Lang) -> Cow<'static, str> {
    match lang {
        Lang::En => words.en.into(),
        Lang::It => words.it.into(),
    }
}

impl Say for SetupProblem {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        use SetupProblem as P;
        let b = |en: &str, it: &str| Bi::new(en, it);
        pick(
            match self {
                P::NotALine => b(
                    "expected `ARMY ROLE: pieces` or `Turno: ...`",
                    "atteso `ESERCITO RUOLO: pezzi` oppure `Turno: ...`",
                ),
                P::SecondTurn => b(
                    "a second `Turno:` line: the turn order is given once",
                    "una seconda riga `Turno:`: l'ordine di turno si dà una volta sola",
                ),
                P::NotAnArmyInTurn(w) => Bi::new(
                    format!("`{w}` is not an army"),
                    format!("`{w}` non è un esercito"),
                ),
                P::TurnNotEight => b(
                    "the turn order must name each of the eight armies once",
                    "l'ordine di turno deve nominare una volta ciascuno degli otto eserciti",
                ),
                P::TurnNotAlternating => b(
                    "the turn order must alternate besiegers and besieged (R8)",
                    "l'ordine di turno deve alternare assedianti e assediati (R8)",
                ),
                P::NotAnArmy(w) => Bi::new(
                    format!("`{w}` is not an army (S O N E SO NO NE SE)"),
                    format!("`{w}` non è un esercito (S O N E SO NO NE SE)"),
                ),
                P::NotARole(role) => Bi::new(
                    format!("`{role}` is not a role (assedianti, assediati)"),
                    format!("`{role}` non è un ruolo (assedianti, assediati)"),
                ),
                P::WrongRole(army, role) => Bi::new(
                    format!("army {army} is {} by R7, not {role}", army.camp().name()),
                    format!(
                        "l'esercito {army} è tra gli {} per la R7, non tra gli {role}",
                        army.camp().name()
                    ),
                ),
                P::ArmyTwice(army) => Bi::new(
                    format!("army {army} is set up twice"),
                    format!("l'esercito {army} è disposto due volte"),
                ),
                P::ArmyMissing(army) => Bi::new(
                    format!("army {army} has no line"),
                    format!("l'esercito {army} non ha la sua riga"),
                ),
                P::NotAPiece(w) => Bi::new(
                    format!("`{w}` is not a piece and square (e.g. Te1, Rei1, Pe2)"),
                    format!("`{w}` non è un pezzo con la sua casa (per esempio Te1, Rei1, Pe2)"),
                ),
                P::RedOrGreen(w) => Bi::new(
                    format!("{w}: no piece may stand on a red or green square (R5)"),
                    format!("{w}: nessun pezzo può stare su una casa rossa o verde (R5)"),
                ),
                P::Taken(w, sq, army) => Bi::new(
                    format!("{w}: {sq} already holds a piece of {army}"),
                    format!("{w}: in {sq} c'è già un pezzo di {army}"),
                ),
                P::PieceCount(army, n) => Bi::new(
                    format!(
                        "army {army} has {}, not 16",
                        count(Lang::En, *n, "piece", "pieces")
                    ),
                    format!(
                        "l'esercito {army} ha {}, non 16",
                        count(Lang::It, *n, "pezzo", "pezzi")
                    ),
                ),
                P::OneKing(army) => Bi::new(
                    format!("army {army} must have exactly one king"),
                    format!("l'esercito {army} deve avere un solo re"),
                ),
                P::BishopColours(army) => Bi::new(
                    format!("army {army}'s bishops must stand on squares of both colours"),
                    format!("gli alfieri dell'esercito {army} devono stare su case dei due colori"),
                ),
            },
            lang,
        )
    }
}

impl Say for SetupError {
    /// The line and what is wrong.
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let line: Bi<&str> = Bi::new("set-up line", "riga della disposizione");
        format!(
            "{} {}: {}",
            line.get(lang),
            self.line,
            self.problem.say(lang)
        )
        .into()
    }
}

impl Say for ClockError {
    /// Why (jiff's own words, in English, only in English).
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let words: Bi = match self {
            ClockError::NotATime(s) => Bi::new(
                format!(
                    "`{s}` is not a date and time: write 18:14, 2026-10-17T18:14, 17/10/2026 18:14 or 2026-10-17T18:14+02:00"
                ),
                format!(
                    "`{s}` non è una data e un'ora: scrivi 18:14, 17/10/2026 18:14, 2026-10-17T18:14 o 2026-10-17T18:14+02:00"
                ),
            ),
            ClockError::NoFine => Bi::new(
                "the sheet has no [Fine] tag, so a time of day alone names no day: write the date too (2026-10-17T18:14)",
                "la partita non ha il tag [Fine], quindi un'ora da sola non dice il giorno: scrivi anche la data (2026-10-17T18:14)",
            ),
            ClockError::Skipped(dt) => {
                let Bi { en, it } = Moment(*dt).bi();
                Bi::new(
                    format!(
                        "{en} never showed on the venue's clock: the clocks went forward an hour that night (summer time); write the time the clock showed"
                    ),
                    format!(
                        "{it} non è mai comparso sull'orologio della sede: quella notte le lancette sono andate avanti di un'ora (ora legale); scrivi l'ora che segnava l'orologio"
                    ),
                )
            }
            ClockError::NoSuchDay(s) => Bi::new(
                format!("`{s}` is no day of the year"),
                format!("`{s}` non è un giorno dell'anno"),
            ),
            ClockError::OutOfRange(s) => Bi::new(
                s.as_str(),
                "quel momento non esiste nel fuso orario della sede, o è fuori dall'intervallo delle date: scrivi un'altra data e ora",
            ),
        };
        pick(words, lang)
    }
}

impl Say for TableError {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let words: Bi = match self {
            TableError::Toml {
                detail,
                message,
                at,
            } => {
                let at = at.map_or(String::new(), |(l, c)| format!("riga {l}, colonna {c}: "));
                Bi::new(
                    format!("scoring table: {detail}"),
                    format!(
                        "tabella dei punteggi: {at}{}",
                        crate::lang::Say::say(&crate::lang::TomlMessage(message), Lang::It)
                    ),
                )
            }
            TableError::Number { name, value, rule } => {
                let why: Bi = match rule {
                    NumberRule::Bounds => Bi::new(
                        format!(
                            "every number of the table lies between -{MAX_POINTS} and {MAX_POINTS}"
                        ),
                        format!("ogni numero della tabella sta fra -{MAX_POINTS} e {MAX_POINTS}"),
                    ),
                    NumberRule::Material => Bi::new(
                        "a piece cannot be worth less than nothing",
                        "un pezzo non può valere meno di niente",
                    ),
                    NumberRule::Event => Bi::new(
                        "an event must win points",
                        "un evento deve far guadagnare punti",
                    ),
                    NumberRule::Penalty => Bi::new(
                        "a penalty must be zero or negative",
                        "una penalità è zero o negativa",
                    ),
                };
                Bi::new(
                    format!("scoring table: {name} is {value}: {}", why.en),
                    format!("tabella dei punteggi: {name} vale {value}: {}", why.it),
                )
            }
        };
        pick(words, lang)
    }
}

impl Say for MatchProblem {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let words: Bi = match self {
            MatchProblem::GameNumbers(first, second) => {
                let game = |g: &Option<u8>, none: &str| {
                    g.map_or(none.to_string(), |n| format!("[Partita \"{n}\"]"))
                };
                Bi::new(
                    format!(
                        "the games must be [Partita \"1\"] and [Partita \"2\"], not {} and {}",
                        game(first, "no [Partita]"),
                        game(second, "no [Partita]")
                    ),
                    format!(
                        "le partite devono essere [Partita \"1\"] e [Partita \"2\"], non {} e {}",
                        game(first, "senza [Partita]"),
                        game(second, "senza [Partita]")
                    ),
                )
            }
            MatchProblem::Matches(first, second) => {
                let id = |m: &Option<String>, none: &str| {
                    m.as_ref()
                        .map_or(none.to_string(), |m| format!("[Gara \"{m}\"]"))
                };
                Bi::new(
                    format!(
                        "the games belong to different matches ({} and {})",
                        id(first, "no [Gara]"),
                        id(second, "no [Gara]")
                    ),
                    format!(
                        "le partite appartengono a gare diverse ({} e {})",
                        id(first, "senza [Gara]"),
                        id(second, "senza [Gara]")
                    ),
                )
            }
            MatchProblem::RolesNotSwapped([a, b, c, d]) => Bi::new(
                format!(
                    "the teams must swap roles: game 1 {a} besiege {b}, game 2 {c} besiege {d}"
                ),
                format!(
                    "le squadre devono scambiarsi i ruoli: nella partita 1 {a} assediano {b}, nella partita 2 {c} assediano {d}"
                ),
            ),
        };
        pick(words, lang)
    }
}

impl Say for MatchError {
    /// Every problem, separated by `; `.
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let all: Vec<Cow<'_, str>> = self.0.iter().map(|p| p.say(lang)).collect();
        all.join("; ").into()
    }
}

/// A kind of piece counted, as the score tables name it: `Pieces(Role::Rook, 2)` is
/// "rooks" in English and "torri" in Italian (the board's own Italian names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pieces(pub Role, pub u32);

impl Say for Pieces {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let Pieces(role, n) = *self;
        let (en, it, it_plural) = match role {
            Role::Pawn => ("pawn", "pedone", "pedoni"),
            Role::Knight => ("knight", "cavallo", "cavalli"),
            Role::Bishop => ("bishop", "alfiere", "alfieri"),
            Role::Rook => ("rook", "torre", "torri"),
            Role::Queen => ("queen", "regina", "regine"),
            Role::King => ("king", "re", "re"),
        };
        match lang {
            Lang::En if n != 1 => format!("{en}s").into(),
            Lang::En => en.into(),
            Lang::It if n == 1 => it.into(),
            Lang::It => it_plural.into(),
        }
    }
}
