//! How the register's findings are said: the header tags that score a SuperScacchi game
//! (formats.md §1; R40–R43), each a `register` warning on its tag.

use crate::finding::{Code, Finding};
use crate::lang::date::LongMoment;
use crate::lang::{Bi, Lang, Say};
use crate::span::Span;

/// A `register` warning on `[tag]` (at `at`, when the tag is in the file).
fn register(tag: &str, message: Bi, hint: Option<Bi>, at: Option<Span>) -> Finding {
    let rule = match tag {
        "Ammonimenti" => "R40",
        "TempoEsaurito" | "Abbandono" => "R41",
        "Fine" | "Risultato" => "R43",
        _ => "R42",
    };
    let mut f = Finding::said(Code::Register, message).rule(rule);
    if let Some(s) = at {
        f = f
            .at(s)
            .labelled(Bi::new(format!("[{tag}]"), format!("tag [{tag}]")));
    }
    match hint {
        Some(h) => f.hinted(h),
        None => f,
    }
}

/// Both teams have one name (on `[Assediati]`).
pub fn teams_alike(name: &str, at: Option<Span>) -> Finding {
    let message = Bi::new(
        format!("both teams are called `{name}`"),
        format!("le due squadre si chiamano `{name}`"),
    );
    register("Assediati", message, None, at)
}

/// `name` is named twice in `[Ammonimenti]` or `[Risultato]`; the first number, `kept`,
/// stands.
pub fn named_twice(tag: &str, name: &str, kept: i64, at: Option<Span>) -> Finding {
    let what: Bi<&str> = if tag == "Ammonimenti" {
        Bi::new("count", "conteggio")
    } else {
        Bi::new("total", "totale")
    };
    let message = Bi::new(
        format!(
            "{name} is named twice; the first {} ({kept}) is kept",
            what.en
        ),
        format!(
            "{name} compare due volte; vale il primo {} ({kept})",
            what.it
        ),
    );
    register(tag, message, None, at)
}

/// A negative number of warnings in `[Ammonimenti]`.
pub fn negative_warnings(name: &str, n: i32, at: Option<Span>) -> Finding {
    let message = Bi::new(
        format!("{name} has {n} warnings"),
        format!("{name} ha {n} ammonimenti"),
    );
    register("Ammonimenti", message, None, at)
}

/// `name` in `[tag]` is none of the game's `teams`.
pub fn not_a_team(tag: &str, name: &str, teams: &[String; 2], at: Option<Span>) -> Finding {
    let message = Bi::new(
        format!("`{name}` is not a team of this game"),
        format!("`{name}` non è una squadra di questa partita"),
    );
    let known = Bi::new(
        format!("the teams are `{}` and `{}`", teams[0], teams[1]),
        format!("le squadre sono `{}` e `{}`", teams[0], teams[1]),
    );
    register(tag, message, Some(known), at)
}

/// `[Ammonimenti]` or `[Risultato]` holding `value`, which cannot be read.
pub fn unreadable_tag(tag: &str, value: &str, at: Option<Span>) -> Finding {
    let message = Bi::new(
        format!("`{value}` cannot be read"),
        format!("`{value}` non si legge"),
    );
    let example = if tag == "Ammonimenti" {
        "Leoni: 1, Tigri: 0"
    } else {
        "Leoni: 131, Tigri: 130"
    };
    let hint = Bi::new(format!("write `{example}`"), format!("scrivi `{example}`"));
    register(tag, message, Some(hint), at)
}

/// Both teams named by `[Abbandono]`.
pub fn both_resigned(at: Option<Span>) -> Finding {
    let message = Bi::new(
        "both teams resigned",
        "hanno abbandonato entrambe le squadre",
    );
    register("Abbandono", message, None, at)
}

/// `[Partita]` holding `value`, neither 1 nor 2.
pub fn not_game_1_or_2(value: &str, at: Option<Span>) -> Finding {
    let message = Bi::new(
        format!("`{value}` is not game 1 or 2 of a match"),
        format!("`{value}` non è la partita 1 o 2 di una gara"),
    );
    register("Partita", message, None, at)
}

/// `[Fine]` holding `value`, a date and time written the Italian way, read as `dt`.
pub fn end_read_as(value: &str, dt: jiff::civil::DateTime, at: Option<Span>) -> Finding {
    // The month in words: the reading must not be read back two ways.
    let read = LongMoment(dt);
    let message = Bi::new(
        format!(
            "`{value}` read as {} on the venue's clock (day/month/year)",
            read.say(Lang::En)
        ),
        format!(
            "`{value}` letto come {} dell'orologio della sede (giorno/mese/anno)",
            read.say(Lang::It)
        ),
    );
    let hint = Bi::new(
        "write `2023-05-14T18:02` so that no reader can take it another way (R43)",
        "scrivi `2023-05-14 18:02` perché nessuno possa leggerlo in altro modo (R43)",
    );
    register("Fine", message, Some(hint), at)
}

/// `[Fine]` holding `value`, which is no date and time.
pub fn not_an_end(value: &str, at: Option<Span>) -> Finding {
    let message = Bi::new(
        format!("`{value}` is not a date and time on the venue's clock"),
        format!("`{value}` non è una data e un'ora dell'orologio della sede"),
    );
    let hint = Bi::new(
        "write `2023-05-14T18:02` (R43)",
        "scrivi `2023-05-14 18:02` (R43)",
    );
    register("Fine", message, Some(hint), at)
}
