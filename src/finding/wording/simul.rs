//! How the simultaneous exhibition's findings and errors are said (`simul-rules.md`
//! S1–S8): one constructor per finding, both languages, from typed data. The engine
//! (`crate::simul`) calls these; the caller adds the place (`.at(span)`).

use crate::finding::{Code, Finding, Severity};
use crate::lang::{Bi, Lang, Say};
use crate::simul::SimulError;
use shakmaty::Color;
use std::borrow::Cow;

/// A side as a sentence names it: `White` / `il Bianco`.
fn side(c: Color) -> Bi<&'static str> {
    match c {
        Color::White => Bi::new("White", "il Bianco"),
        Color::Black => Bi::new("Black", "il Nero"),
    }
}

/// A name from a file, quoted; `?` for a tag left out.
fn quoted(name: Option<&str>) -> String {
    name.map_or_else(|| "?".to_string(), |n| format!("`{n}`"))
}

/// S2: the master is neither player of the board.
pub fn not_master(master: &str, white: Option<&str>, black: Option<&str>) -> Finding {
    let (w, b) = (quoted(white), quoted(black));
    Finding::said(
        Code::NotMaster,
        Bi::new(
            format!(
                "the master `{master}` does not play this board: White is {w}, Black is {b}"
            ),
            format!(
                "il maestro `{master}` non gioca su questa scacchiera: il Bianco è {w}, il Nero è {b}"
            ),
        ),
    )
    .labelled(Bi::new("not the master", "non è il maestro"))
    .hinted(Bi::new(
        "names compare trimmed and without case, inner spaces count (S8, T1); correct the name, or leave the board out",
        "i nomi si confrontano senza spazi ai lati e senza maiuscole, gli spazi interni contano (S8, T1): correggi il nome, o togli la scacchiera",
    ))
    .rule("S2")
}

/// S1, S8: a second game with a board number already taken (`first`: where the first one
/// is, file and game).
pub fn duplicate_board(number: u32, first_file: &str, first_game: Option<usize>) -> Finding {
    let (en, it) = match first_game {
        Some(g) => (
            format!("{first_file}, game {g}"),
            format!("{first_file}, partita {g}"),
        ),
        None => (first_file.to_string(), first_file.to_string()),
    };
    Finding::said(
        Code::DuplicateBoard,
        Bi::new(
            format!("board {number} is written twice: it is already the board of {en}"),
            format!("la scacchiera {number} è scritta due volte: è già quella di {it}"),
        ),
    )
    .labelled(Bi::new("board number taken", "numero già usato"))
    .hinted(Bi::new(
        "correct [Scacchiera \"N\"] on one of the two sheets; both boards are listed and tallied until then",
        "correggi [Scacchiera \"N\"] su uno dei due formulari; fino ad allora le due scacchiere sono elencate e contate",
    ))
    .rule("S1")
}

/// S8: a `[Maestro]` tag naming someone other than the master (`given`: the master is
/// the one `--maestro` names; else the one most boards name).
pub fn two_masters(master: &str, other: &str, given: bool) -> Finding {
    let (why_en, why_it) = if given {
        ("--maestro names", "--maestro indica")
    } else {
        (
            "most boards name",
            "indica la maggior parte delle scacchiere",
        )
    };
    Finding::said(
        Code::TwoMasters,
        Bi::new(
            format!("[Maestro] says `{other}`, but the master is `{master}` ({why_en})"),
            format!("[Maestro] dice `{other}`, ma il maestro è `{master}` (lo {why_it})"),
        ),
    )
    .labelled(Bi::new("another master", "un altro maestro"))
    .hinted(Bi::new(
        "one simul has one master: correct the tag, or run the other master's boards apart",
        "una simultanea ha un solo maestro: correggi il tag, o controlla a parte le scacchiere dell'altro maestro",
    ))
    .rule("S8")
}

/// S3: the master has Black on this board; `agreed` by `[Colore "concordato"]` or
/// `--colori-concordati` (info), else a warning.
pub fn master_black(agreed: bool) -> Finding {
    let f = if agreed {
        Finding::said(
            Code::MasterBlack,
            Bi::new(
                "the master has Black on this board, as agreed",
                "il maestro ha il Nero su questa scacchiera, come concordato",
            ),
        )
        .with_severity(Severity::Info)
    } else {
        Finding::said(
            Code::MasterBlack,
            Bi::new(
                "the master has Black on this board, and no agreement is written",
                "il maestro ha il Nero su questa scacchiera, e nessun accordo è scritto",
            ),
        )
        .hinted(Bi::new(
            "the master has White on every board unless agreed: write [Colore \"concordato\"], or run with --colori-concordati",
            "il maestro ha il Bianco su ogni scacchiera salvo accordo: scrivi [Colore \"concordato\"], o usa --colori-concordati",
        ))
    };
    f.labelled(Bi::new("the master is Black", "il maestro ha il Nero"))
        .rule("S3")
}

/// S4, S8: a move taken back (a jolly) in a simul game, by `who`.
pub fn take_back_in_simul(who: Color) -> Finding {
    let s = side(who);
    Finding::said(
        Code::TakeBackInSimul,
        Bi::new(
            format!("{} takes a move back: in a simul no move is taken back", s.en),
            format!(
                "{} ritira una mossa: in una simultanea nessuna mossa si ritira",
                s.it
            ),
        ),
    )
    .labelled(Bi::new("a move taken back", "una mossa ritirata"))
    .hinted(Bi::new(
        "the jolly belongs to the school tournament's phase 1; the board counts with its declared result until the arbiter settles it",
        "il jolly è della fase 1 del torneo scolastico; la scacchiera conta con il risultato dichiarato finché l'arbitro non decide",
    ))
    .rule("S4")
}

/// S5, S8: `[Terminazione "mossa non eseguita"]` with a result other than the master's
/// win (`declared`, in PGN form).
pub fn no_move_result(declared: &str) -> Finding {
    Finding::said(
        Code::NoMoveResult,
        Bi::new(
            format!(
                "the game ended because a move was not made, but the result is {declared}, not a win for the master"
            ),
            format!(
                "la partita è finita per mossa non eseguita, ma il risultato è {declared}, non la vittoria del maestro"
            ),
        ),
    )
    .labelled(Bi::new("not the master's win", "non vince il maestro"))
    .hinted(Bi::new(
        "a participant who does not move when the master arrives may lose the game: the board counts with its declared result",
        "il partecipante che non muove quando arriva il maestro può perdere la partita: la scacchiera conta con il risultato dichiarato",
    ))
    .rule("S5")
}

/// S4: a board that is not a classical game (a SuperScacchi file among the boards).
pub fn not_classical() -> Finding {
    Finding::said(
        Code::UnsupportedVariant,
        Bi::new(
            "a SuperScacchi game is not a simul board: a simul is played at classical chess",
            "una partita di SuperScacchi non è una scacchiera di simultanea: la simultanea si gioca a scacchi classici",
        ),
    )
    .rule("S4")
}

/// A board file, or part of one, that could not be read (`code`: `unreadable`,
/// `binary-input`, …; `why` in both languages): its row says why (S7).
pub fn unusable_board(code: Code, why: Bi) -> Finding {
    Finding::said(code, why)
}

impl Say for SimulError {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let most = |n: &Option<String>| match (n, lang) {
            (Some(n), Lang::En) => format!(" (the name on most boards is `{n}`)"),
            (Some(n), Lang::It) => {
                format!(" (il nome sulla maggior parte delle scacchiere è `{n}`)")
            }
            (None, _) => String::new(),
        };
        match (self, lang) {
            (SimulError::NoBoards { unreadable }, _) => {
                let mut t = lang
                    .t(
                        "no board: no classical game under the paths given (S1)",
                        "nessuna scacchiera: nessuna partita di scacchi classici nei percorsi dati (S1)",
                    )
                    .to_string();
                for (file, f) in unreadable {
                    t.push_str(&format!("\n  {file}: {}", f.message_in(lang)));
                }
                t.into()
            }
            (SimulError::NoMaster { likely }, Lang::En) => format!(
                "who is the master? No game has a [Maestro] tag: give --maestro NAME{} (S1)",
                most(likely)
            )
            .into(),
            (SimulError::NoMaster { likely }, Lang::It) => format!(
                "chi è il maestro? Nessuna partita ha il tag [Maestro]: indica --maestro NOME{} (S1)",
                most(likely)
            )
            .into(),
            (SimulError::MasterOnNoBoard { master, likely }, Lang::En) => format!(
                "the master `{master}` plays on no board{} (S2)",
                most(likely)
            )
            .into(),
            (SimulError::MasterOnNoBoard { master, likely }, Lang::It) => format!(
                "il maestro `{master}` non gioca su nessuna scacchiera{} (S2)",
                most(likely)
            )
            .into(),
        }
    }
}
