//! How the school tournament's findings are said (`torneo-rules.md` T3, T5, T11, T14,
//! T17): one constructor per finding, in English and Italian, taking the names and numbers
//! the tournament engine computed. The caller adds where the finding is (`.at(span)`).
//!
//! The tournament's other words (a \[reading\], why a file cannot be used, why no draw was
//! made) are [`Say`](crate::lang::Say) implementations in `report::tournament::words`, beside
//! the tables that show them: this file takes plain data only, so that `finding` never
//! imports `tournament`.

use crate::finding::{Code, Finding};
use crate::lang::{Bi, Lang};

/// A finding of `code` whose message is `text` in each language, citing `rule`.
fn said(code: Code, rule: &'static str, text: impl Fn(Lang) -> String) -> Finding {
    Finding::said(code, Bi::new(text(Lang::En), text(Lang::It))).rule(rule)
}

/// T14: `[Terminazione "tempo"]` on a game whose declared result is a draw
/// (`result-mismatch`).
pub fn time_out_drawn() -> Finding {
    said(Code::ResultMismatch, "T14", |lang| {
        lang.t(
            "[Terminazione \"tempo\"]: the player whose time ran out loses, but the result is a draw",
            "[Terminazione \"tempo\"]: perde il giocatore che ha esaurito il tempo, ma il risultato è una patta",
        )
        .to_string()
    })
}

/// T14: a game without `[Fase]` (`no-phase`).
pub fn no_phase_tag() -> Finding {
    said(Code::NoPhase, "T14", |lang| {
        lang.t(
            "the game has no [Fase] tag: a pair may meet again in a later phase",
            "la partita non ha il tag [Fase]: una coppia può incontrarsi di nuovo in una fase successiva",
        )
        .to_string()
    })
}

/// T14: a `[Fase]` that is not a number (`no-phase`); `tag` as written.
pub fn phase_not_a_number(tag: &str) -> Finding {
    said(Code::NoPhase, "T14", |lang| {
        format!(
            "[Fase \"{tag}\"] {}",
            lang.t("is not a phase number", "non è il numero di una fase")
        )
    })
}

/// T14: a game whose `[Bianco]` or `[Nero]` (the tag's Italian name) is missing
/// (`not-in-group`).
pub fn player_not_named(tag: &str) -> Finding {
    said(Code::NotInGroup, "T14", |lang| {
        format!(
            "{} [{tag}]",
            lang.t(
                "the game names no player in",
                "la partita non nomina il giocatore in"
            )
        )
    })
}

/// T1, T14, T17: a player's name that is not registered (`not-in-group`); `name` trimmed,
/// `nearest` the registered name clearly nearest to it, when one is.
pub fn unregistered_player(name: &str, nearest: Option<&str>) -> Finding {
    said(Code::NotInGroup, "T14", |lang| {
        let guess = nearest
            .map(|n| format!(": {} `{n}`?", lang.t("did you mean", "forse")))
            .unwrap_or_default();
        format!(
            "`{name}` {}{guess}",
            lang.t(
                "is not a registered player (T1)",
                "non è tra i giocatori iscritti (T1)"
            )
        )
    })
}

/// T17: a line of a results sheet that is no game line: `cells` cells separated by `|`
/// where 4 or 5 are read (`parse-error`); `no_bar` when the line has no `|` at all.
pub fn sheet_line_cells(cells: usize, no_bar: bool) -> Finding {
    said(Code::ParseError, "T17", |lang| {
        let found = if no_bar {
            lang.t(
                "the line is neither a tag, a comment (%) nor a game",
                "la riga non è né un tag, né un commento (%), né una partita",
            )
            .to_string()
        } else {
            format!("{cells} {}", lang.t("cells", "caselle"))
        };
        format!(
            "{found}: {}",
            lang.t(
                "a game line is `girone | bianco | nero | risultato | terminazione` (the last optional)",
                "una riga di partita è `girone | bianco | nero | risultato | terminazione` (l'ultima facoltativa)",
            )
        )
    })
}

/// T17: a tag on a results sheet other than `[Risultati]` and `[Fase]` (`parse-error`).
pub fn sheet_unknown_tag(name: &str) -> Finding {
    said(Code::ParseError, "T17", |lang| {
        format!(
            "[{name}]: {}",
            lang.t(
                "a results sheet has only the tags [Risultati] and [Fase]",
                "un foglio dei risultati ha solo i tag [Risultati] e [Fase]"
            )
        )
    })
}

/// T17: the same game recorded on a results sheet and in a game file with the same
/// result (`recorded-twice`): it counts once; `places` the two records.
pub fn recorded_twice(a: &str, b: &str, places: &[String]) -> Finding {
    said(Code::RecordedTwice, "T17", |lang| {
        format!(
            "`{a}` – `{b}`: {} ({}): {}",
            lang.t(
                "the same result recorded twice",
                "lo stesso risultato registrato due volte"
            ),
            places.join(", "),
            lang.t("it counts once", "conta una volta sola")
        )
    })
}

/// T14: a `[Fase]` the tournament file does not have (`not-in-group`).
pub fn no_such_phase(phase: u32) -> Finding {
    said(Code::NotInGroup, "T14", |lang| {
        format!(
            "{} {phase}",
            lang.t(
                "the tournament file has no fase",
                "il file del torneo non ha la fase"
            )
        )
    })
}

/// T5: `[Girone "spareggio"]` in a phase that is not a final of three (`not-in-group`).
pub fn extra_game_outside_final(phase: u32) -> Finding {
    said(Code::NotInGroup, "T5", |lang| {
        format!(
            "[Girone \"spareggio\"]: {} {phase}",
            lang.t(
                "the extra game belongs to a final of three, and that is not fase",
                "lo spareggio appartiene a una finale a tre, e tale non è la fase"
            )
        )
    })
}

/// T14: two registered players in no group together in this phase (`not-in-group`).
pub fn not_together(white: &str, black: &str, phase: u32) -> Finding {
    said(Code::NotInGroup, "T14", |lang| {
        format!(
            "`{white}` {} `{black}` {} {phase}",
            lang.t("and", "e"),
            lang.t(
                "are in no group together in fase",
                "non sono nello stesso girone nella fase"
            )
        )
    })
}

/// T14: `[Girone]` names another group than the one that holds the players
/// (`wrong-group-tag`); `tag` trimmed, `group` 1-based.
pub fn wrong_group_tag(tag: &str, group: usize, phase: u32) -> Finding {
    said(Code::WrongGroupTag, "T14", |lang| {
        format!(
            "[Girone \"{tag}\"], {} {group} (fase {phase})",
            lang.t(
                "but the players are in girone",
                "ma i giocatori sono nel girone"
            )
        )
    })
}

/// T14: `[Terminazione "ritardo"]` in phase 1 (`late-in-phase-1`).
pub fn late_in_phase_1() -> Finding {
    said(Code::LateInPhase1, "T14", |lang| {
        lang.t(
            "[Terminazione \"ritardo\"] in phase 1: the lateness rule is for phases 2–4 (phase 1 is played on its own)",
            "[Terminazione \"ritardo\"] nella fase 1: la regola del ritardo vale per le fasi 2–4 (la fase 1 si gioca in autonomia)",
        )
        .to_string()
    })
}

/// T14: a game with an error finding or a `result-mismatch` (`under-review`).
pub fn under_review() -> Finding {
    said(Code::UnderReview, "T14", |lang| {
        lang.t(
            "under review: the declared result counts until the organiser decides",
            "partita da verificare: vale il risultato dichiarato finché l'organizzazione non decide",
        )
        .to_string()
    })
}

/// T3: a phase whose group sizes are not T3's (`group-size`).
pub fn group_size(phase: u32, written: &[usize], expected: &[usize]) -> Finding {
    let list = |v: &[usize]| {
        v.iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    said(Code::GroupSize, "T3", |lang| {
        format!(
            "fase {phase}: {} {}, {} {}",
            lang.t("groups of", "gironi da"),
            list(written),
            lang.t("where T3 gives", "dove T3 dà"),
            list(expected)
        )
    })
}

/// T14: a pair with several games with a result in one group (`duplicate-pair`);
/// `places` are the games as `file #n`.
pub fn pair_played_twice(a: &str, b: &str, places: &[String]) -> Finding {
    said(Code::DuplicatePair, "T14", |lang| {
        format!(
            "`{a}` – `{b}`: {} {} ({}): {}",
            places.len(),
            lang.t(
                "games with a result in this group",
                "partite con risultato in questo girone"
            ),
            places.join(", "),
            lang.t(
                "no game counts until fixed",
                "nessuna conta finché non si corregge"
            )
        )
    })
}

/// T5: several extra games with a result (`duplicate-pair`).
pub fn extra_game_twice(count: usize) -> Finding {
    said(Code::DuplicatePair, "T5", |lang| match lang {
        Lang::En => format!(
            "{count} extra games [Girone \"spareggio\"] with a result: none counts until fixed"
        ),
        Lang::It => format!(
            "{count} spareggi [Girone \"spareggio\"] con risultato: nessuno conta finché non si corregge"
        ),
    })
}

/// T5: an extra game between other players than the final's two non-winners
/// (`not-in-group`).
pub fn extra_game_not_theirs(a: &str, b: &str) -> Finding {
    extra_game_misplaced(|lang| {
        format!(
            "{} `{a}` – `{b}`",
            lang.t(
                "the extra game is for the final's two non-winners,",
                "lo spareggio è per i due non vincitori della finale,"
            )
        )
    })
}

/// T5: an extra game between two finalists before the final's first place is decided
/// (`not-in-group`).
pub fn extra_game_too_early() -> Finding {
    extra_game_misplaced(|lang| {
        lang.t(
            "the extra game counts only once the final group is complete and its first place decided",
            "lo spareggio conta solo a girone finale completo e con il primo posto deciso",
        )
        .to_string()
    })
}

/// T5: an extra game with a player who is not in the final (`not-in-group`).
pub fn extra_game_outsider() -> Finding {
    extra_game_misplaced(|lang| {
        lang.t(
            "the extra game is for two players of the final",
            "lo spareggio è tra due giocatori della finale",
        )
        .to_string()
    })
}

fn extra_game_misplaced(why: impl Fn(Lang) -> String) -> Finding {
    said(Code::NotInGroup, "T5", |lang| {
        format!("[Girone \"spareggio\"]: {}", why(lang))
    })
}

/// T11: a recorded lot for a group that does not exist (`lot-mismatch`); `players` as
/// the file names them.
pub fn lot_without_group(phase: u32, group: u32, players: &[&str]) -> Finding {
    lot_mismatch(phase, group, players, |lang| {
        format!(
            "{} fase {phase} girone {group}",
            lang.t("there is no", "non esiste")
        )
    })
}

/// T11: a recorded lot for a complete group with no tie to decide by lot
/// (`lot-mismatch`).
pub fn lot_without_tie(phase: u32, group: u32, players: &[&str]) -> Finding {
    lot_mismatch(phase, group, players, |lang| {
        lang.t(
            "the group has no tie to be decided by lot",
            "il girone non ha parità da decidere per sorteggio",
        )
        .to_string()
    })
}

/// T11: a recorded lot whose players are not those of the group's ties at a border
/// (`lot-mismatch`); `ties` lists each tie's players.
pub fn lot_for_other_players(
    phase: u32,
    group: u32,
    players: &[&str],
    ties: &[Vec<&str>],
) -> Finding {
    let ties: Vec<String> = ties.iter().map(|t| t.join("; ")).collect();
    lot_mismatch(phase, group, players, |lang| {
        format!(
            "{} {}",
            lang.t(
                "the tie at a border is among",
                "la parità da decidere è tra"
            ),
            ties.join(" / ")
        )
    })
}

fn lot_mismatch(phase: u32, group: u32, players: &[&str], why: impl Fn(Lang) -> String) -> Finding {
    said(Code::LotMismatch, "T11", |lang| {
        format!(
            "[[sorteggio]] fase {phase} girone {group}: {}; {}",
            players.join("; "),
            why(lang)
        )
    })
}

/// T4, T13: a phase whose players are not those who went on from the previous phase
/// (`phase-players`): `missing` went on and are not in it, `extra` are in it and did not
/// go on (names in T12's order).
pub fn phase_players(phase: u32, missing: &[&str], extra: &[&str]) -> Finding {
    let quoted = |v: &[&str]| {
        v.iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    said(Code::PhasePlayers, "T13", |lang| {
        let mut parts = Vec::new();
        if !missing.is_empty() {
            parts.push(format!(
                "{} {}",
                lang.t("missing:", "mancano:"),
                quoted(missing)
            ));
        }
        if !extra.is_empty() {
            parts.push(format!(
                "{} {}",
                lang.t("should not be there:", "non dovrebbero esserci:"),
                quoted(extra)
            ));
        }
        format!(
            "fase {phase}: {} {} (T4): {}",
            lang.t(
                "the players are not those who went on from fase",
                "i giocatori non sono quelli passati dalla fase"
            ),
            phase - 1,
            parts.join("; ")
        )
    })
}
