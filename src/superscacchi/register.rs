//! The judge's register: the header tags that score a game (formats.md §1): `Assedianti`,
//! `Assediati`, `Ammonimenti`, `TempoEsaurito`, `Abbandono`, `Partita`, `Gara`, `Fine`,
//! `Risultato`.

use crate::finding::Finding;
use crate::finding::wording::superscacchi::register as say;
use crate::notation::superscacchi::SsGame;
use crate::span::Span;

/// Reads `Leoni: 1, Tigri: 0`, `Leoni:1 Tigri:0` or `Leoni 131 - Tigri 130`.
///
/// ```
/// use arbitro::superscacchi::register::team_numbers;
/// assert_eq!(team_numbers("Leoni 131 - Tigri 130"), Some(vec![("Leoni".into(), 131), ("Tigri".into(), 130)]));
/// assert_eq!(team_numbers("Leoni Rossi: -5, Tigri: 0"), Some(vec![("Leoni Rossi".into(), -5), ("Tigri".into(), 0)]));
/// ```
pub fn team_numbers(value: &str) -> Option<Vec<(String, i32)>> {
    let mut out = Vec::new();
    if value.contains(':') {
        let mut rest = value.trim();
        while !rest.is_empty() {
            let colon = rest.find(':')?;
            let name = rest[..colon].trim().trim_start_matches(',').trim();
            let after = rest[colon + 1..].trim_start();
            let len = after
                .char_indices()
                .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')))
                .count();
            let n = after[..len].parse().ok()?;
            out.push((name.to_string(), n));
            rest = after[len..]
                .trim_start()
                .trim_start_matches(',')
                .trim_start();
        }
    } else {
        for part in value.split(" - ") {
            let mut words: Vec<&str> = part.split_whitespace().collect();
            let n = words.pop()?.parse().ok()?;
            out.push((words.join(" "), n));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// What the register says, by team (index 0 the besiegers, 1 the besieged).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Register {
    /// Team names.
    pub teams: [String; 2],
    /// Warnings per team (R40).
    pub warnings: [u32; 2],
    /// Clock ran out (R41).
    pub timeout: [bool; 2],
    /// Resigned (R41).
    pub resigned: [bool; 2],
    /// 1 or 2: which game of the match.
    pub game: Option<u8>,
    /// The match id (`Gara`).
    pub match_id: Option<String>,
    /// When the game ended (`Fine`).
    pub end: Option<jiff::civil::DateTime>,
    /// The table's declared totals (`Risultato`).
    pub declared: Option<[i32; 2]>,
    /// `[Evento]`, `[Data]` and `[Luogo]` as written: what a spreadsheet lists the game by
    /// (the batch report's columns, issue 32).
    pub event: Option<String>,
    /// `[Data]`.
    pub date: Option<String>,
    /// `[Luogo]`.
    pub site: Option<String>,
    /// `register` findings: unknown teams, contradictions.
    pub findings: Vec<Finding>,
}

impl Register {
    /// The index of a team by name.
    pub fn team_index(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.teams.iter().position(|t| t == name).or_else(|| {
            // `--team tigri`: any case, when that names one team only.
            let lower = name.to_lowercase();
            let mut same = self
                .teams
                .iter()
                .enumerate()
                .filter(|(_, t)| t.to_lowercase() == lower);
            match (same.next(), same.next()) {
                (Some((i, _)), None) => Some(i),
                _ => None,
            }
        })
    }
}

/// Reads the register tags of a game.
pub fn read(game: &SsGame<'_>) -> Register {
    let teams = [
        game.tag("Assedianti")
            .unwrap_or("assedianti")
            .trim()
            .to_string(),
        game.tag("Assediati")
            .unwrap_or("assediati")
            .trim()
            .to_string(),
    ];
    let mut reading = TagReader {
        game,
        r: Register {
            teams,
            match_id: game.tag("Gara").map(|s| s.trim().to_string()),
            event: tag_of(game, "Evento", "Event"),
            date: tag_of(game, "Data", "Date"),
            site: tag_of(game, "Luogo", "Site"),
            ..Register::default()
        },
    };
    reading.teams();
    reading.warnings();
    reading.time_outs_and_resignations();
    reading.game_number();
    reading.end();
    reading.declared();
    reading.r
}

/// The value of `[it]` or else `[en]`, trimmed.
fn tag_of(game: &SsGame<'_>, it: &str, en: &str) -> Option<String> {
    game.tag(it)
        .or_else(|| game.tag(en))
        .map(|s| s.trim().to_string())
}

/// The register being read from a game's tags, with the warnings it gives.
struct TagReader<'g, 'a> {
    game: &'g SsGame<'a>,
    r: Register,
}

impl TagReader<'_, '_> {
    /// Where `[tag]` stands, when it is in the file.
    fn at(&self, tag: &str) -> Option<Span> {
        let s: Span = self.game.tag_span(tag).unwrap_or_default();
        (s != Span::default()).then_some(s)
    }

    /// A `register` warning, made by `say` from where the tag stands.
    fn warn(&mut self, tag: &str, say: impl FnOnce(Option<Span>) -> Finding) {
        let f = say(self.at(tag));
        self.r.findings.push(f);
    }

    /// `name` in `[tag]` is not a team of the game.
    fn not_a_team(&mut self, tag: &str, name: &str) {
        let f = say::not_a_team(tag, name, &self.r.teams, self.at(tag));
        self.r.findings.push(f);
    }

    /// The two teams' names must differ.
    fn teams(&mut self) {
        let r = &self.r;
        if r.teams[0] == r.teams[1] {
            let name = r.teams[0].clone();
            self.warn("Assediati", |at| say::teams_alike(&name, at));
        }
    }

    /// `[Ammonimenti "Leoni: 1, Tigri: 0"]` (R40).
    fn warnings(&mut self) {
        if let Some(v) = self.game.tag("Ammonimenti") {
            match team_numbers(v) {
                Some(list) => {
                    let mut named = [false; 2];
                    for (name, n) in list {
                        match self.r.team_index(&name) {
                            Some(i) if named[i] => {
                                let kept = i64::from(self.r.warnings[i]);
                                self.warn("Ammonimenti", |at| {
                                    say::named_twice("Ammonimenti", &name, kept, at)
                                });
                            }
                            Some(i) if n >= 0 => {
                                named[i] = true;
                                self.r.warnings[i] = n as u32;
                            }
                            Some(_) => {
                                self.warn("Ammonimenti", |at| say::negative_warnings(&name, n, at))
                            }
                            None => self.not_a_team("Ammonimenti", &name),
                        }
                    }
                }
                None => self.warn("Ammonimenti", |at| {
                    say::unreadable_tag("Ammonimenti", v, at)
                }),
            }
        }
    }

    /// `[TempoEsaurito]` and `[Abbandono]`: the team that ran out of time, that resigned
    /// (R41).
    fn time_outs_and_resignations(&mut self) {
        for (tag, is_timeout) in [("TempoEsaurito", true), ("Abbandono", false)] {
            // An empty value (as a blank form leaves it) says nobody.
            if let Some(v) = self.game.tag(tag).filter(|v| !v.trim().is_empty()) {
                match self.r.team_index(v) {
                    Some(i) if is_timeout => self.r.timeout[i] = true,
                    Some(i) => self.r.resigned[i] = true,
                    None => self.not_a_team(tag, v.trim()),
                }
            }
        }
        if self.r.resigned[0] && self.r.resigned[1] {
            self.warn("Abbandono", say::both_resigned);
        }
    }

    /// `[Partita]`: game 1 or 2 of the match (R42).
    fn game_number(&mut self) {
        if let Some(v) = self.game.tag("Partita") {
            match v.trim() {
                "1" => self.r.game = Some(1),
                "2" => self.r.game = Some(2),
                other => self.warn("Partita", |at| say::not_game_1_or_2(other, at)),
            }
        }
    }

    /// `[Fine]`: when the game ended, on the venue's clock (R43).
    fn end(&mut self) {
        if let Some(v) = self.game.tag("Fine") {
            use crate::superscacchi::clock::{iso_civil, italian_civil};
            self.r.end = iso_civil(v);
            if self.r.end.is_none() {
                // Issue 25: `17/10/2026 23:58` is read, and the warning says how.
                self.r.end = italian_civil(v);
                match self.r.end {
                    Some(dt) => self.warn("Fine", |at| say::end_read_as(v, dt, at)),
                    None => self.warn("Fine", |at| say::not_an_end(v, at)),
                }
            }
        }
    }

    /// `[Risultato "Leoni: 131, Tigri: 130"]`: the totals the table declared (R43).
    fn declared(&mut self) {
        if let Some(v) = self.game.tag("Risultato") {
            match team_numbers(v) {
                Some(list) => {
                    let mut declared = [None, None];
                    for (name, n) in list {
                        match self.r.team_index(&name) {
                            Some(i) if declared[i].is_some() => {
                                let kept = i64::from(declared[i].unwrap_or_default());
                                self.warn("Risultato", |at| {
                                    say::named_twice("Risultato", &name, kept, at)
                                });
                            }
                            Some(i) => declared[i] = Some(n),
                            None => self.not_a_team("Risultato", &name),
                        }
                    }
                    if let [Some(a), Some(b)] = declared {
                        self.r.declared = Some([a, b]);
                    }
                }
                None => self.warn("Risultato", |at| say::unreadable_tag("Risultato", v, at)),
            }
        }
    }
}
