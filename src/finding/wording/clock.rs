//! How the findings of a SuperScacchi game's clock and players are said
//! (`superscacchi-rules.md` R44–R48): the time-outs (`sospensione`), the length of play
//! (`over-time`), the clocks at the end (`clock-mismatch`), the team that let its time run
//! out while ahead (`time-run-out-ahead`), the players of the armies (`player-pairing`),
//! and the clock tags that cannot be read (`register`). One constructor per finding, in
//! English and Italian, taking the names, times and minutes the clock check computed; the
//! caller adds where it is (`.at(span)`).

use crate::finding::{Code, Finding};
use crate::geometry::Army;
use crate::lang::date::{Hour, Moment};
use crate::lang::{Bi, Lang, Say};
use jiff::civil::DateTime;

/// A finding of `code` whose message is `text` in each language, citing `rule`.
fn said(code: Code, rule: &'static str, text: impl Fn(Lang) -> String) -> Finding {
    Finding::said(code, Bi::new(text(Lang::En), text(Lang::It))).rule(rule)
}

/// A length of time as people say it: `3 h 12 min`, `8 min`, `3 h`, `45 s`, `0 min`; negative
/// lengths with a minus sign.
pub fn length(seconds: i64) -> String {
    let sign = if seconds < 0 { "-" } else { "" };
    let s = seconds.unsigned_abs();
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if sec > 0 {
        parts.push(format!("{sec} s"));
    }
    if parts.is_empty() {
        parts.push("0 min".to_string());
    }
    format!("{sign}{}", parts.join(" "))
}

/// A clock's time left as `[Orologio]` writes it: `0:12:31`.
pub fn clock_time(seconds: i64) -> String {
    let s = seconds.unsigned_abs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A moment on the venue's clock as the register writes it: `15:40`, or `15:40:30`.
pub fn hour(dt: DateTime) -> String {
    Hour(dt.time()).say(Lang::It).into_owned()
}

/// "Leoni's time-out 15:40-15:49", in each language.
fn time_out(lang: Lang, team: &str, written: &str) -> String {
    match lang {
        Lang::En => format!("{team}'s time-out {written}"),
        Lang::It => format!("la sospensione di {team} {written}"),
    }
}

// ---- the clock tags (register) ----

/// R44: `[Modalita]` is neither `4v4` nor `2v2` (`register`); the game is checked as 4v4.
pub fn unknown_mode(value: &str) -> Finding {
    said(Code::Register, "R44", |lang| {
        format!(
            "[Modalita \"{value}\"] {}",
            lang.t(
                "is neither 4v4 nor 2v2; the game is checked as 4v4",
                "non è né 4v4 né 2v2: la partita è controllata come 4v4"
            )
        )
    })
    .hinted(Bi::new(
        "write [Modalita \"4v4\"] or [Modalita \"2v2\"]",
        "scrivi [Modalita \"4v4\"] o [Modalita \"2v2\"]",
    ))
}

/// R45, R46: the clock tag `[tag "value"]` cannot be read (`register`); `example` is how
/// it is written.
pub fn unreadable(tag: &str, value: &str, example: &str) -> Finding {
    let rule = match tag {
        "Sospensioni" => "R45",
        _ => "R46",
    };
    said(Code::Register, rule, |lang| {
        format!(
            "[{tag} \"{value}\"] {}",
            lang.t("cannot be read", "non si legge")
        )
    })
    .hinted(Bi::new(
        format!("write [{tag} \"{example}\"]"),
        format!("scrivi [{tag} \"{example}\"]"),
    ))
}

/// The hint of a tag naming a team not in the game: the game's two teams.
fn the_teams(teams: &[String; 2]) -> Bi {
    Bi::new(
        format!("the teams are `{}` and `{}`", teams[0], teams[1]),
        format!("le squadre sono `{}` e `{}`", teams[0], teams[1]),
    )
}

/// R46: `name` in `[Orologio]` is not a team of the game (`register`).
pub fn clock_of_unknown_team(name: &str, teams: &[String; 2]) -> Finding {
    said(Code::Register, "R46", |lang| {
        format!(
            "[Orologio]: `{name}` {}",
            lang.t(
                "is not a team of this game",
                "non è una squadra di questa partita"
            )
        )
    })
    .hinted(the_teams(teams))
}

/// R46: `[Orologio]` names `team` twice; the first time left is kept (`register`).
pub fn clock_named_twice(team: &str) -> Finding {
    said(Code::Register, "R46", |lang| {
        format!(
            "[Orologio]: {team} {}",
            lang.t(
                "is named twice; the first time left is kept",
                "compare due volte; vale il primo tempo residuo"
            )
        )
    })
}

/// R46: `[Fine]` comes before `[Inizio]` (`register`): no length of play.
pub fn end_before_start(start: DateTime, end: DateTime) -> Finding {
    said(Code::Register, "R46", |lang| {
        format!(
            "[Fine] {end} {} [Inizio] {start}",
            lang.t("comes before", "viene prima di"),
            start = Moment(start).say(lang),
            end = Moment(end).say(lang),
        )
    })
}

// ---- the time-outs (R45): sospensione ----

/// R45: a time-out of `name`, which is not a team of the game.
pub fn time_out_of_unknown_team(name: &str, written: &str, teams: &[String; 2]) -> Finding {
    said(Code::Sospensione, "R45", |lang| {
        format!(
            "[Sospensioni]: {}: `{name}` {}",
            time_out(lang, name, written),
            lang.t(
                "is not a team of this game",
                "non è una squadra di questa partita"
            )
        )
    })
    .hinted(the_teams(teams))
}

/// R45: `team`'s `n`-th time-out (n > 2); a team may call two per game.
pub fn extra_time_out(team: &str, written: &str, n: usize) -> Finding {
    said(Code::Sospensione, "R45", |lang| {
        let nth = match (lang, n) {
            (Lang::En, 3) => "third".to_string(),
            (Lang::En, _) => format!("{n}th"),
            (Lang::It, 3) => "terza".to_string(),
            (Lang::It, _) => format!("{n}ª"),
        };
        match lang {
            Lang::En => {
                format!("{team}'s {nth} time-out {written}: a team may call at most two per game")
            }
            Lang::It => format!(
                "{nth} sospensione di {team} {written}: una squadra ne può chiedere al massimo due per partita"
            ),
        }
    })
}

/// R45: a time-out of `minutes` (more than 8 by the minutes written).
pub fn time_out_too_long(team: &str, written: &str, minutes: i64) -> Finding {
    said(Code::Sospensione, "R45", |lang| {
        format!(
            "{} {}",
            time_out(lang, team, written),
            match lang {
                Lang::En => format!("lasts {minutes} minutes: at most 8 are allowed"),
                Lang::It => format!("dura {minutes} minuti: ne sono ammessi al massimo 8"),
            }
        )
    })
}

/// R45: a time-out that ends before it starts.
pub fn time_out_ends_before_start(team: &str, written: &str) -> Finding {
    said(Code::Sospensione, "R45", |lang| {
        format!(
            "{} {}",
            time_out(lang, team, written),
            lang.t("ends before it starts", "finisce prima di cominciare")
        )
    })
}

/// R45: two time-outs that overlap (of one team or of both): one starts before the other
/// ends (each runs from its start up to, not including, its end).
pub fn time_outs_overlap(first: (&str, &str), second: (&str, &str)) -> Finding {
    said(Code::Sospensione, "R45", |lang| match lang {
        Lang::En => format!(
            "{}'s time-out {} overlaps {}'s time-out {}",
            first.0, first.1, second.0, second.1
        ),
        Lang::It => format!(
            "la sospensione di {} {} si sovrappone alla sospensione di {} {}",
            first.0, first.1, second.0, second.1
        ),
    })
}

/// R45: a time-out outside play, from `[Inizio]` (`start`) to `[Fine]` (`end`), either
/// of which may be unknown.
pub fn time_out_outside_play(
    team: &str,
    written: &str,
    start: Option<DateTime>,
    end: Option<DateTime>,
) -> Finding {
    said(Code::Sospensione, "R45", |lang| {
        let play = match (start, end, lang) {
            (Some(s), Some(e), _) => format!("{}–{}", hour(s), hour(e)),
            (Some(s), None, Lang::En) => format!("from {}", hour(s)),
            (Some(s), None, Lang::It) => format!("dalle {}", hour(s)),
            (None, Some(e), Lang::En) => format!("until {}", hour(e)),
            (None, Some(e), Lang::It) => format!("fino alle {}", hour(e)),
            (None, None, _) => String::new(),
        };
        format!(
            "{} {} ({play}, [Inizio]–[Fine])",
            time_out(lang, team, written),
            lang.t("is outside play", "è fuori dal tempo di gioco")
        )
    })
}

// ---- the length of play (R46): over-time ----

/// R46: play (`[Inizio]` to `[Fine]` less the time-outs) longer than the mode's game by
/// more than a minute; every length in seconds, `game` the mode's game.
pub fn over_time(
    play: i64,
    (start, end): (DateTime, DateTime),
    time_outs: i64,
    mode: &str,
    game: i64,
) -> Finding {
    said(Code::OverTime, "R46", |lang| match lang {
        Lang::En => format!(
            "play {} = {}–{} less {} of time-outs; a {mode} game lasts at most {}",
            length(play),
            hour(start),
            hour(end),
            length(time_outs),
            length(game),
        ),
        Lang::It => format!(
            "gioco {} = {}–{} meno {} di sospensioni; una partita {mode} dura al massimo {}",
            length(play),
            hour(start),
            hour(end),
            length(time_outs),
            length(game),
        ),
    })
    .hinted(Bi::new(
        "the clock was not stopped, or [Inizio], [Fine] or [Sospensioni] is wrong",
        "l'orologio non è stato fermato, oppure [Inizio], [Fine] o [Sospensioni] è sbagliato",
    ))
}

// ---- the clocks at the end (R46): clock-mismatch ----

/// R46: `team`'s clock shows 0:00:00, and `[TempoEsaurito]` does not name it.
pub fn zero_not_named(team: &str) -> Finding {
    said(Code::ClockMismatch, "R46", |lang| match lang {
        Lang::En => format!(
            "[Orologio]: {team}'s clock shows 0:00:00, but [TempoEsaurito] does not name {team}"
        ),
        Lang::It => format!(
            "[Orologio]: l'orologio di {team} segna 0:00:00, ma [TempoEsaurito] non nomina {team}"
        ),
    })
}

/// R46: `[TempoEsaurito]` names `team`, whose clock shows `left` seconds.
pub fn named_with_time_left(team: &str, left: i64) -> Finding {
    said(Code::ClockMismatch, "R46", |lang| match lang {
        Lang::En => format!(
            "[TempoEsaurito] names {team}, but [Orologio] leaves {team} {}",
            clock_time(left)
        ),
        Lang::It => format!(
            "[TempoEsaurito] nomina {team}, ma secondo [Orologio] a {team} restano {}",
            clock_time(left)
        ),
    })
}

/// R44, R46: `team`'s time left is more than its allowance in `mode` (seconds).
pub fn left_above_allowance(team: &str, left: i64, allowance: i64, mode: &str) -> Finding {
    said(Code::ClockMismatch, "R46", |lang| match lang {
        Lang::En => format!(
            "[Orologio]: {team} has {} left, more than a team's {} in {mode}",
            clock_time(left),
            length(allowance)
        ),
        Lang::It => format!(
            "[Orologio]: a {team} restano {}, più delle {} di una squadra in {mode}",
            clock_time(left),
            length(allowance)
        ),
    })
}

/// R46: the two teams' used times (allowance less time left) add up to more than play
/// and a minute; every length in seconds.
pub fn used_more_than_play(teams: [(&str, i64); 2], play: i64) -> Finding {
    said(Code::ClockMismatch, "R46", |lang| {
        let [(a, ua), (b, ub)] = teams;
        match lang {
            Lang::En => format!(
                "[Orologio]: {a} used {} and {b} {}, {} in all, more than the {} of play",
                length(ua),
                length(ub),
                length(ua + ub),
                length(play)
            ),
            Lang::It => format!(
                "[Orologio]: {a} ha usato {} e {b} {}, in tutto {}, più dei {} di gioco",
                length(ua),
                length(ub),
                length(ua + ub),
                length(play)
            ),
        }
    })
}

// ---- R47: time-run-out-ahead ----

/// R47: `team` let its time run out with `before` points before R41's penalty (`penalty`,
/// negative), more than `other`'s `other_total`; the scores stand.
pub fn run_out_ahead(
    team: &str,
    before: i32,
    penalty: i32,
    other: &str,
    other_total: i32,
) -> Finding {
    said(Code::TimeRunOutAhead, "R47", |lang| match lang {
        Lang::En => format!(
            "{team}'s time ran out while it was ahead: {team} {before}, {other} {other_total} before the {penalty} of R41"
        ),
        Lang::It => format!(
            "il tempo di {team} è finito mentre era in vantaggio: {team} {before}, {other} {other_total} prima del {penalty} di R41"
        ),
    })
    .hinted(Bi::new(
        "a team ahead that lets its time run out on purpose is disqualified from the championship: the judge decides (the scores are unchanged)",
        "una squadra in vantaggio che lascia scadere il tempo di proposito è squalificata dal campionato: decide l'arbitro (i punteggi non cambiano)",
    ))
}

// ---- R48: player-pairing ----

/// R48: in 2v2, the paired armies `a` and `b` (one player's, R7) with different players.
pub fn pair_differs((a, pa): (Army, &str), (b, pb): (Army, &str)) -> Finding {
    said(Code::PlayerPairing, "R48", |lang| match lang {
        Lang::En => format!(
            "in 2v2 {a} and {b} are one player's armies, but {a} is played by {pa} and {b} by {pb}"
        ),
        Lang::It => format!(
            "in 2v2 {a} e {b} sono gli eserciti di un solo giocatore, ma {a} è giocato da {pa} e {b} da {pb}"
        ),
    })
}

/// R48: in 4v4, `player` on the sheets of several `armies`.
pub fn one_player_many_armies(player: &str, armies: &[Army]) -> Finding {
    let list = armies
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    said(Code::PlayerPairing, "R48", |lang| match lang {
        Lang::En => format!("{player} plays {list}: in 4v4 each army has its own player"),
        Lang::It => format!("{player} gioca {list}: in 4v4 ogni esercito ha il suo giocatore"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_said_as_people_say_them() {
        assert_eq!(length(3 * 3600 + 12 * 60), "3 h 12 min");
        assert_eq!(length(8 * 60), "8 min");
        assert_eq!(length(3 * 3600), "3 h");
        assert_eq!(length(0), "0 min");
        assert_eq!(length(-90), "-1 min 30 s");
        assert_eq!(clock_time(751), "0:12:31");
    }
}
