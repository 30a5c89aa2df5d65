//! The judge's register: the header tags that score a game (formats.md §1): `Assedianti`,
//! `Assediati`, `Ammonimenti`, `TempoEsaurito`, `Abbandono`, `Partita`, `Gara`, `Fine`,
//! `Risultato`.

use crate::finding::{Code, Finding};
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

/// "`X` is not a team of this game", in English and in Italian.
fn not_a_team(name: &str) -> [String; 2] {
    [
        format!("`{name}` is not a team of this game"),
        format!("`{name}` non è una squadra di questa partita"),
    ]
}

/// "`X` cannot be read", in English and in Italian.
fn unreadable(value: &str) -> [String; 2] {
    [
        format!("`{value}` cannot be read"),
        format!("`{value}` non si legge"),
    ]
}

/// Reads the register tags of a game.
pub fn read(game: &SsGame<'_>) -> Register {
    let mut r = Register {
        teams: [
            game.tag("Assedianti")
                .unwrap_or("assedianti")
                .trim()
                .to_string(),
            game.tag("Assediati")
                .unwrap_or("assediati")
                .trim()
                .to_string(),
        ],
        ..Register::default()
    };
    let span = |name: &str| game.tag_span(name).unwrap_or_default();
    // Each text in English and in Italian.
    let warn =
        |r: &mut Register, tag: &str, [msg, msg_it]: [String; 2], hint: Option<[String; 2]>| {
            let rule = match tag {
                "Ammonimenti" => "R40",
                "TempoEsaurito" | "Abbandono" => "R41",
                "Fine" | "Risultato" => "R43",
                _ => "R42",
            };
            let mut f = Finding::new2(Code::Register, msg, msg_it).rule(rule);
            let s: Span = span(tag);
            if s != Span::default() {
                f = f.at(s).label2(format!("[{tag}]"), format!("tag [{tag}]"));
            }
            if let Some([h, h_it]) = hint {
                f = f.hint2(h, h_it);
            }
            r.findings.push(f);
        };
    if r.teams[0] == r.teams[1] {
        let msg = [
            format!("both teams are called `{}`", r.teams[0]),
            format!("le due squadre si chiamano `{}`", r.teams[0]),
        ];
        warn(&mut r, "Assediati", msg, None);
    }
    let known = [
        format!("the teams are `{}` and `{}`", r.teams[0], r.teams[1]),
        format!("le squadre sono `{}` e `{}`", r.teams[0], r.teams[1]),
    ];
    if let Some(v) = game.tag("Ammonimenti") {
        match team_numbers(v) {
            Some(list) => {
                let mut named = [false; 2];
                for (name, n) in list {
                    match r.team_index(&name) {
                        Some(i) if named[i] => {
                            let msg = [
                                format!(
                                    "{name} is named twice; the first count ({}) is kept",
                                    r.warnings[i]
                                ),
                                format!(
                                    "{name} compare due volte; vale il primo conteggio ({})",
                                    r.warnings[i]
                                ),
                            ];
                            warn(&mut r, "Ammonimenti", msg, None);
                        }
                        Some(i) if n >= 0 => {
                            named[i] = true;
                            r.warnings[i] = n as u32;
                        }
                        Some(_) => warn(
                            &mut r,
                            "Ammonimenti",
                            [
                                format!("{name} has {n} warnings"),
                                format!("{name} ha {n} ammonimenti"),
                            ],
                            None,
                        ),
                        None => warn(
                            &mut r,
                            "Ammonimenti",
                            not_a_team(&name),
                            Some(known.clone()),
                        ),
                    }
                }
            }
            None => warn(
                &mut r,
                "Ammonimenti",
                unreadable(v),
                Some([
                    "write `Leoni: 1, Tigri: 0`".into(),
                    "scrivi `Leoni: 1, Tigri: 0`".into(),
                ]),
            ),
        }
    }
    for (tag, is_timeout) in [("TempoEsaurito", true), ("Abbandono", false)] {
        // An empty value (as a blank form leaves it) says nobody.
        if let Some(v) = game.tag(tag).filter(|v| !v.trim().is_empty()) {
            match r.team_index(v) {
                Some(i) if is_timeout => r.timeout[i] = true,
                Some(i) => r.resigned[i] = true,
                None => warn(&mut r, tag, not_a_team(v.trim()), Some(known.clone())),
            }
        }
    }
    if r.resigned[0] && r.resigned[1] {
        warn(
            &mut r,
            "Abbandono",
            [
                "both teams resigned".into(),
                "hanno abbandonato entrambe le squadre".into(),
            ],
            None,
        );
    }
    if let Some(v) = game.tag("Partita") {
        match v.trim() {
            "1" => r.game = Some(1),
            "2" => r.game = Some(2),
            other => warn(
                &mut r,
                "Partita",
                [
                    format!("`{other}` is not game 1 or 2 of a match"),
                    format!("`{other}` non è la partita 1 o 2 di una gara"),
                ],
                None,
            ),
        }
    }
    r.match_id = game.tag("Gara").map(|s| s.trim().to_string());
    if let Some(v) = game.tag("Fine") {
        r.end = crate::superscacchi::clock::parse_civil(v);
        if r.end.is_none() {
            warn(
                &mut r,
                "Fine",
                [
                    format!("`{v}` is not a date and time on the venue's clock"),
                    format!("`{v}` non è una data e un'ora dell'orologio della sede"),
                ],
                Some([
                    "write `2023-05-14T18:02` (R43)".into(),
                    "scrivi `2023-05-14 18:02` (R43)".into(),
                ]),
            );
        }
    }
    if let Some(v) = game.tag("Risultato") {
        match team_numbers(v) {
            Some(list) => {
                let mut declared = [None, None];
                for (name, n) in list {
                    match r.team_index(&name) {
                        Some(i) if declared[i].is_some() => warn(
                            &mut r,
                            "Risultato",
                            [
                                format!(
                                    "{name} is named twice; the first total ({}) is kept",
                                    declared[i].unwrap_or_default()
                                ),
                                format!(
                                    "{name} compare due volte; vale il primo totale ({})",
                                    declared[i].unwrap_or_default()
                                ),
                            ],
                            None,
                        ),
                        Some(i) => declared[i] = Some(n),
                        None => warn(&mut r, "Risultato", not_a_team(&name), Some(known.clone())),
                    }
                }
                if let [Some(a), Some(b)] = declared {
                    r.declared = Some([a, b]);
                }
            }
            None => warn(
                &mut r,
                "Risultato",
                unreadable(v),
                Some([
                    "write `Leoni: 131, Tigri: 130`".into(),
                    "scrivi `Leoni: 131, Tigri: 130`".into(),
                ]),
            ),
        }
    }
    r
}
