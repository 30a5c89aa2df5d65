//! The tournament's standings for people and programs: the terminal's tables ([`term`]),
//! the JSON of `formats.md` §7 ([`json`]), CSV ([`csv`]), the HTML page ([`html`]), the
//! plan of T15, and the tournament file arbitro writes ([`toml`]). The cells every view
//! shares are here; the words of the engine's values are in [`words`].

pub mod csv;
pub mod html;
pub mod json;
pub mod notice;
pub mod pairings;
pub mod sheet;
pub mod summary;
pub mod term;
pub mod toml;
pub mod words;

pub use words::{decided_text, goes_on_text};

use crate::lang::Lang;
use crate::tournament::rank::Entry;
use crate::tournament::standings::{GroupStanding, PhaseStanding, PodiumBy, Standings};

/// Points as JSON: 1.5, 1.0, 0.0.
pub(crate) fn points(half: u32) -> f64 {
    f64::from(half) / 2.0
}

/// Points for people: `1½`, `½`, `2`.
pub fn points_text(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// A place for people: `2` or `2–3`.
pub fn place_text(e: &Entry) -> String {
    match e.place_to {
        Some(to) => format!("{}–{}", e.place, to),
        None => e.place.to_string(),
    }
}

/// A group's rows in the order a table shows them: the ranking's; in the final, podium
/// order once the podium places are decided (the extra game may put the group's third
/// second, T5), the undecided after them.
pub fn rows<'a>(s: &Standings, p: &PhaseStanding, g: &'a GroupStanding) -> Vec<&'a Entry> {
    let mut rows: Vec<&Entry> = g.ranking.entries.iter().collect();
    if p.is_final {
        rows.sort_by_key(|e| s.podium_place(e.player).map_or(u32::MAX, |(n, _)| n));
    }
    rows
}

/// A row's place cell: [`place_text`]; in the final the podium place once decided, so
/// that the place and podium columns read the same (`2` and `2°`); a shared place
/// undecided stays `2–3` in both rows.
pub fn row_place(s: &Standings, p: &PhaseStanding, e: &Entry) -> String {
    match s.podium_place(e.player).filter(|_| p.is_final) {
        Some((n, _)) => n.to_string(),
        None => place_text(e),
    }
}

/// A place on the podium for people: `1°` (`1st`); `—` for a finalist off a decided
/// podium, `?` while undecided (T4, T5).
pub fn podium_text(s: &Standings, player: usize, lang: Lang) -> String {
    match s.podium_place(player) {
        Some((n, _)) => match lang {
            Lang::It => format!("{n}°"),
            Lang::En => match n {
                1 => "1st".to_string(),
                2 => "2nd".to_string(),
                _ => "3rd".to_string(),
            },
        },
        None if s.podium_decided() => "—".to_string(),
        None => "?".to_string(),
    }
}

/// How a finalist's line was decided, for people: the extra game (`spareggio`, T5) when
/// it gave the podium place, else how the group's own place was decided.
pub fn final_decided_text(s: &Standings, e: &Entry, lang: Lang) -> &'static str {
    match s.podium_place(e.player) {
        Some((_, PodiumBy::ExtraGame)) => lang.t("extra game", "spareggio"),
        _ => decided_text(e.decided_by, lang),
    }
}

/// The heading of a group table's last-but-one column: who goes on, or in the final the
/// podium place (T4). Both the terminal's table and the page's take it from here.
pub fn outcome_heading(p: &PhaseStanding, lang: Lang) -> &'static str {
    if p.is_final {
        lang.t("podium", "podio")
    } else {
        lang.t("goes on", "passa")
    }
}

/// A player's last two cells in a group table: whether they go on and how that was
/// decided, or in the final their podium place and how it was decided (T4, T5).
pub fn outcome_cells(
    s: &Standings,
    p: &PhaseStanding,
    e: &Entry,
    lang: Lang,
) -> (String, &'static str) {
    if p.is_final {
        (
            podium_text(s, e.player, lang),
            final_decided_text(s, e, lang),
        )
    } else {
        (
            goes_on_text(e.goes_on, lang).to_string(),
            decided_text(e.decided_by, lang),
        )
    }
}

pub(crate) fn names(s: &Standings, ids: &[usize]) -> Vec<String> {
    ids.iter().map(|&p| s.names[p].clone()).collect()
}

/// A cell of the crosstable: the row player's points against the column player.
pub(crate) fn cell(g: &GroupStanding, a: usize, b: usize) -> Option<String> {
    g.result(a, b).map(|(h, review)| {
        let mut t = points_text(h);
        if h == 0 {
            t = "0".to_string();
        }
        if review {
            t.push('*');
        }
        t
    })
}

/// Where the game of the pair `a`–`b` has a result tag that cannot be read (`file:line`),
/// if it has (issue 25).
pub(super) fn unreadable_at(
    g: &GroupStanding,
    a: crate::tournament::file::PlayerId,
    b: crate::tournament::file::PlayerId,
) -> Option<&str> {
    g.games
        .iter()
        .find(|l| (l.white, l.black) == (a, b) || (l.white, l.black) == (b, a))
        .and_then(|l| l.unreadable.as_deref())
}

/// Why a missing pair may not be missing (issue 29 point 6): " (FILE:5 names `Colombo,
/// Lucca`: did you mean `Colombo, Luca`?)" for each game a misspelt name kept out of the
/// group; empty when there is none.
pub fn misspelt_text(
    s: &Standings,
    g: &GroupStanding,
    pair: (
        crate::tournament::file::PlayerId,
        crate::tournament::file::PlayerId,
    ),
    lang: Lang,
) -> String {
    g.misspelt
        .iter()
        .filter(|m| m.pair == pair)
        .map(|m| {
            format!(
                " ({} {} `{}`: {} `{}`?)",
                m.place,
                lang.t("has a game with", "ha una partita con"),
                m.written,
                lang.t("did you mean", "forse"),
                s.names[m.meant]
            )
        })
        .collect()
}
