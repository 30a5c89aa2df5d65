//! The tournament's words that are not findings: the \[reading\] choices, why a
//! tournament file cannot be used, why no phase was drawn, how a place was decided, who
//! goes on. Each is a [`Say`] implementation on the engine's value (the engine computes
//! them; it never words them).

use crate::lang::{Lang, Say};
use crate::tournament::file::{FileError, FileErrorKind, MAX_GROUP};
use crate::tournament::rank::DecidedBy;
use crate::tournament::reading::Reading;
use crate::tournament::standings::NoDraw;
use std::borrow::Cow;

/// The label that marks a \[reading\] in the output.
pub fn reading_label(lang: Lang) -> &'static str {
    lang.t("[reading]", "[interpretazione]")
}

impl Say for Reading {
    /// What the choice is.
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match self {
            Reading::GroupsOfFour => lang.t(
                "when the players of a phase are not a multiple of 3, the groups of 4 come last (one if n mod 3 = 1, two if n mod 3 = 2); a phase of 5 or fewer is a single group",
                "quando i giocatori di una fase non sono multipli di 3, i gironi da 4 vengono per ultimi (uno se n mod 3 = 1, due se n mod 3 = 2); una fase di 5 o meno è un girone unico",
            ),
            // T4's borders 1, 2 and 3 (those below k), without 2 once the extra game is
            // won, said without the word "border": a lot only decides a podium place.
            Reading::FinalPodium => lang.t(
                "in the final a lot is drawn only for a tie on points that decides who is 1st, 2nd or 3rd (the podium); when the extra game (spareggio) was won, it gives 2nd and 3rd place and no lot is drawn between those two",
                "in finale il sorteggio si fa solo per una parità di punti che decide chi è 1°, 2° o 3° (il podio); se lo spareggio è stato vinto, è lo spareggio a dare il 2° e il 3° posto e tra quei due non si sorteggia",
            ),
            Reading::ExtraNotWon => lang.t(
                "the extra game for second and third place was drawn or not played: the final group's places decide between the two",
                "se lo spareggio per il secondo e il terzo posto finisce pari o non si gioca, tra i due decidono i posti del girone finale",
            ),
            Reading::FourTied => lang.t(
                "four or more players tied at a border: one lot among all of them, as for three",
                "quattro o più giocatori a pari punti in una parità da decidere: un solo sorteggio tra tutti, come per tre",
            ),
        }
        .into()
    }
}

impl Say for FileErrorKind {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        use FileErrorKind::*;
        let it = lang == Lang::It;
        match self {
            Toml(m) if it => crate::lang::TomlMessage(m).say(lang).into_owned(),
            Toml(m) => format!("not valid TOML: {m}"),
            NoPlayers if it => {
                "nessun giocatore iscritto: il file non ha nomi in `giocatori` (T1)".into()
            }
            NoPlayers => "no players registered: the file has no names in `giocatori` (T1)".into(),
            TooFewPlayers if it => "servono almeno 2 giocatori in `giocatori` (T1)".into(),
            TooFewPlayers => "`giocatori` must register at least 2 players (T1)".into(),
            EmptyName if it => "un nome vuoto".into(),
            EmptyName => "an empty name".into(),
            SameName(a, b) if it => {
                format!(
                    "`{a}` e `{b}` sono lo stesso nome (T1: spazi ai lati e maiuscole non contano)"
                )
            }
            SameName(a, b) => format!(
                "`{a}` and `{b}` are the same name (T1: spaces at the ends and case do not count)"
            ),
            Unregistered { name, phase } => match (phase, it) {
                (Some(p), true) => format!("`{name}` (fase {p}) non è tra i `giocatori`"),
                (Some(p), false) => format!("`{name}` (fase {p}) is not in `giocatori`"),
                (None, true) => format!("`{name}` (sorteggio) non è tra i `giocatori`"),
                (None, false) => format!("`{name}` (sorteggio) is not in `giocatori`"),
            },
            TwiceInPhase { name, phase } if it => {
                format!("`{name}` compare due volte nella fase {phase}")
            }
            TwiceInPhase { name, phase } => format!("`{name}` appears twice in fase {phase}"),
            PhaseOrder { expected, found } if it => {
                format!("fasi fuori ordine: qui ci vuole `numero = {expected}`, non {found} (T2)")
            }
            PhaseOrder { expected, found } => format!(
                "phases out of order: `numero = {expected}` expected here, not {found} (T2)"
            ),
            SmallGroup { phase, group } if it => {
                format!("fase {phase}, girone {group}: un girone ha almeno 2 giocatori")
            }
            SmallGroup { phase, group } => {
                format!("fase {phase}, girone {group}: a group needs at least 2 players")
            }
            LargeGroup { phase, group } if it => {
                format!("fase {phase}, girone {group}: più di {MAX_GROUP} giocatori in un girone")
            }
            LargeGroup { phase, group } => {
                format!("fase {phase}, girone {group}: more than {MAX_GROUP} players in one group")
            }
            NoGroups(p) if it => format!("la fase {p} non ha gironi"),
            NoGroups(p) => format!("fase {p} has no groups"),
            AfterFinal { final_phase } if it => format!(
                "la fase {final_phase} ha un solo girone, quindi è la finale: nessuna fase la segue (T4)"
            ),
            AfterFinal { final_phase } => format!(
                "fase {final_phase} has a single group, so it is the final: no phase follows it (T4)"
            ),
        }
        .into()
    }
}

impl Say for FileError {
    /// What is wrong, without where (the line and column are [`FileError::line`] and
    /// [`FileError::column`]).
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        self.kind.say(lang)
    }
}

/// `line L, column C: ` and the message in English (the error's `Display`, for programs
/// and logs; people read [`Say`]).
impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let (Some(l), Some(c)) = (self.line, self.column) {
            write!(f, "line {l}, column {c}: ")?;
        }
        f.write_str(&self.say(Lang::En))
    }
}

impl Say for NoDraw {
    /// Why `draw` made no draw.
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        match self {
            NoDraw::Final => lang
                .t(
                    "the last phase is the final: no phase follows (T4)",
                    "l'ultima fase è la finale: non segue nessuna fase (T4)",
                )
                .into(),
            NoDraw::Incomplete(g) => format!(
                "{} {g} {}",
                lang.t("girone", "il girone"),
                lang.t(
                    "of the last phase is incomplete: no draw yet (T13)",
                    "dell'ultima fase è incompleto: niente sorteggio (T13)"
                )
            )
            .into(),
            NoDraw::LotPending(g) => format!(
                "{} {g} (T13)",
                lang.t(
                    "a lot is still pending in girone",
                    "un sorteggio è ancora in sospeso nel girone"
                )
            )
            .into(),
            NoDraw::NotAsked => lang
                .t("the file has no phase", "il file non ha fasi")
                .into(),
            NoDraw::PhasePlayers(p) => format!(
                "{} {p} {}",
                lang.t("the players of fase", "i giocatori della fase"),
                lang.t(
                    "are not those who went on (phase-players): no draw until the file is fixed (T13)",
                    "non sono quelli che sono passati (phase-players): niente sorteggio finché il file non si corregge (T13)"
                )
            )
            .into(),
        }
    }
}

impl Say for DecidedBy {
    /// How a place was decided, for people.
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        decided_text(*self, lang).into()
    }
}

/// How a place was decided, for people ([`Say`] for [`DecidedBy`], as a static text for
/// the table cells).
pub fn decided_text(d: DecidedBy, lang: Lang) -> &'static str {
    match d {
        DecidedBy::Points => lang.t("points", "punti"),
        DecidedBy::HeadToHead => lang.t("head-to-head", "scontro diretto"),
        DecidedBy::Lot => lang.t("lot (sorteggio)", "sorteggio"),
        DecidedBy::Shared => lang.t("shared", "pari merito"),
        DecidedBy::Pending => lang.t("pending", "in sospeso"),
    }
}

/// Goes on, for people: `yes`, `no`, `?` while undecided.
pub fn goes_on_text(g: Option<bool>, lang: Lang) -> &'static str {
    match g {
        Some(true) => lang.t("yes", "sì"),
        Some(false) => lang.t("no", "no"),
        None => "?",
    }
}
