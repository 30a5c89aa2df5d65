//! The pairings `tournament new` and `tournament draw` print after writing the file: each
//! group's games in T16's order with the colours proposed, and a count line; or the same
//! as JSON.

use crate::lang::Lang;
use crate::tournament::berger;
use serde_json::json;

/// A phase's groups to print: the phase number, its groups (indices into `names`).
pub struct PhasePairings<'a> {
    /// The phase's number.
    pub phase: u32,
    /// Girone 1 first, each in the file's order (T16 numbers players in this order).
    pub groups: &'a [Vec<usize>],
    /// Every registered name (`giocatori`).
    pub names: &'a [String],
    /// Phase 1 from the list: the count line says "registered" (`iscritti`).
    pub registered: bool,
}

impl PhasePairings<'_> {
    fn games(&self) -> usize {
        self.groups
            .iter()
            .map(|g| g.len() * (g.len() - 1) / 2)
            .sum()
    }

    fn players(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }
}

/// The count line: "40 iscritti, 13 gironi, 42 partite".
pub fn count_line(p: &PhasePairings, lang: Lang) -> String {
    let who = if p.registered {
        lang.t("registered", "iscritti")
    } else {
        lang.t("players", "giocatori")
    };
    format!(
        "{} {who}, {} {}, {} {}",
        p.players(),
        p.groups.len(),
        if p.groups.len() == 1 {
            lang.t("group", "girone")
        } else {
            lang.t("groups", "gironi")
        },
        p.games(),
        if p.games() == 1 {
            lang.t("game", "partita")
        } else {
            lang.t("games", "partite")
        }
    )
}

/// For people: a block per group (round, White, Black), then the count line.
pub fn human(p: &PhasePairings, lang: Lang) -> String {
    let mut out = String::new();
    let final_ = p.groups.len() == 1;
    for (gi, g) in p.groups.iter().enumerate() {
        let head = if final_ {
            format!(
                "{} {} ({})",
                lang.t("phase", "fase"),
                p.phase,
                lang.t("final", "finale")
            )
        } else {
            format!(
                "{} {}, {} {}",
                lang.t("phase", "fase"),
                p.phase,
                lang.t("group", "girone"),
                gi + 1
            )
        };
        out.push_str(&head);
        out.push('\n');
        let pairs = berger::pairings(g.len());
        let width = g
            .iter()
            .map(|&x| p.names[x].chars().count())
            .max()
            .unwrap_or(0);
        let white = lang.t("White", "Bianco");
        let width = width.max(white.chars().count());
        out.push_str(&format!(
            "  {:<5}  {white:<width$}  {}\n",
            lang.t("round", "turno"),
            lang.t("Black", "Nero")
        ));
        for x in pairs {
            out.push_str(&format!(
                "  {:<5}  {:<width$}  {}\n",
                x.round, p.names[g[x.white]], p.names[g[x.black]]
            ));
        }
        out.push('\n');
    }
    out.push_str(&count_line(p, lang));
    out.push('\n');
    out
}

/// As data: `{"phase", "players", "groups": [{"group", "players", "games": [{"round",
/// "white", "black"}]}], "games"}`.
pub fn json(p: &PhasePairings) -> String {
    let groups: Vec<_> = p
        .groups
        .iter()
        .enumerate()
        .map(|(gi, g)| {
            let games: Vec<_> = berger::pairings(g.len())
                .into_iter()
                .map(|x| {
                    json!({
                        "round": x.round,
                        "white": p.names[g[x.white]],
                        "black": p.names[g[x.black]],
                    })
                })
                .collect();
            json!({
                "group": gi + 1,
                "players": g.iter().map(|&x| &p.names[x]).collect::<Vec<_>>(),
                "games": games,
            })
        })
        .collect();
    let v = json!({
        "phase": p.phase,
        "final": p.groups.len() == 1,
        "players": p.players(),
        "groups": groups,
        "games": p.games(),
    });
    let mut out = serde_json::to_string_pretty(&v).expect("plain data serializes");
    out.push('\n');
    out
}
