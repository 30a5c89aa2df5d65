//! The tournament file (formats.md §7): TOML with Italian keys, written by hand.
//!
//! Anything that makes the file unusable is a [`FileError`] (exit 2): a TOML error (with
//! line and column), an unknown key, a name registered twice (T1), a group player or a
//! lot player who is not registered, a player twice in one phase, phases out of order, a
//! group of fewer than two players, a phase after the final. Group sizes that differ from
//! T3 are only a warning ([`Tournament::size_warnings`]).

use super::names;
use super::plan::group_sizes;
use serde::Deserialize;
use std::collections::HashMap;
use toml::Spanned;

/// The largest group read: a round robin of 64 is 2016 games (T3's groups have 3 to 5).
pub const MAX_GROUP: usize = 64;

/// A player: the index in `giocatori`.
pub type PlayerId = usize;

/// A checked tournament file.
#[derive(Debug, Clone)]
pub struct Tournament {
    /// `nome` (empty when absent).
    pub name: String,
    /// `giocatori`, as written (trimmed): how every output spells a player (T1).
    pub players: Vec<String>,
    /// `[[fase]]`, phase 1 first.
    pub phases: Vec<Phase>,
    /// `[[sorteggio]]`: lots drawn by hand (T11).
    pub lots: Vec<RecordedLot>,
    /// T1's form of each name → the player.
    index: HashMap<String, PlayerId>,
}

/// A phase of the file.
#[derive(Debug, Clone)]
pub struct Phase {
    /// `numero`.
    pub number: u32,
    /// `gironi`: girone 1 first, each in the order written.
    pub groups: Vec<Vec<PlayerId>>,
    /// Where `[[fase]]` is: line.
    pub line: u32,
    /// Player → index of their group.
    group_of: HashMap<PlayerId, usize>,
}

impl Phase {
    /// A phase of a single group is the final (T4).
    pub fn is_final(&self) -> bool {
        self.groups.len() == 1
    }

    /// Every player of the phase.
    pub fn player_count(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }
}

/// A lot drawn by hand: the tied players in the order the lot gave them (T11).
#[derive(Debug, Clone)]
pub struct RecordedLot {
    /// `fase`.
    pub phase: u32,
    /// `girone`.
    pub group: u32,
    /// `ordine`, best place first.
    pub order: Vec<PlayerId>,
    /// The line of its `[[sorteggio]]` entry.
    pub line: u32,
}

/// A group whose size differs from T3 (a warning: the organiser may have reasons).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizeWarning {
    /// Phase number.
    pub phase: u32,
    /// The sizes written.
    pub written: Vec<usize>,
    /// The sizes T3 gives.
    pub expected: Vec<usize>,
}

/// Why a tournament file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// 1-based line, when known.
    pub line: Option<u32>,
    /// 1-based column, when known.
    pub column: Option<u32>,
    /// What is wrong.
    pub kind: FileErrorKind,
}

/// What is wrong with a tournament file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileErrorKind {
    /// Not TOML, or a key that does not belong (the TOML reader's message).
    Toml(String),
    /// No registered player at all: an empty file, or `giocatori` empty or missing.
    NoPlayers,
    /// One registered player (T1: at least two).
    TooFewPlayers,
    /// A name that is empty once trimmed.
    EmptyName,
    /// Two registered names equal by T1.
    SameName(String, String),
    /// A name in `gironi` or `ordine` that is not in `giocatori`.
    Unregistered {
        /// The name as written.
        name: String,
        /// `fase N` or `sorteggio`.
        phase: Option<u32>,
    },
    /// A player in two groups (or twice in one) of a phase.
    TwiceInPhase {
        /// The registered name.
        name: String,
        /// The phase.
        phase: u32,
    },
    /// `numero` is not the next phase number.
    PhaseOrder {
        /// What it should be.
        expected: u32,
        /// What it is.
        found: u32,
    },
    /// A group of fewer than two players.
    SmallGroup {
        /// Phase.
        phase: u32,
        /// Group, 1-based.
        group: usize,
    },
    /// A phase with no group.
    NoGroups(u32),
    /// A group larger than [`MAX_GROUP`] (T3's groups have 3 to 5 players).
    LargeGroup {
        /// Phase.
        phase: u32,
        /// Group, 1-based.
        group: usize,
    },
    /// A phase after the final (a phase of a single group, T4).
    AfterFinal {
        /// The final's number.
        final_phase: u32,
    },
}

// Its words (`Say`, and `Display` in English) are in `report::tournament::words`.
impl std::error::Error for FileError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    nome: Option<String>,
    #[serde(default)]
    giocatori: Vec<Spanned<String>>,
    #[serde(default)]
    fase: Vec<Spanned<RawPhase>>,
    #[serde(default)]
    sorteggio: Vec<Spanned<RawLot>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPhase {
    numero: Spanned<u32>,
    gironi: Vec<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLot {
    fase: u32,
    girone: u32,
    ordine: Vec<Spanned<String>>,
}

/// Line and column (1-based, in characters) of a byte offset.
fn locate(text: &str, offset: usize) -> (u32, u32) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() as u32 + 1;
    (line, column)
}

/// Reads names against the register.
struct Register<'a> {
    text: &'a str,
    by_key: HashMap<String, PlayerId>,
}

impl Register<'_> {
    fn error(&self, offset: usize, kind: FileErrorKind) -> FileError {
        let (line, column) = locate(self.text, offset);
        FileError {
            line: Some(line),
            column: Some(column),
            kind,
        }
    }

    fn find(&self, name: &Spanned<String>, phase: Option<u32>) -> Result<PlayerId, FileError> {
        self.by_key
            .get(&names::key(name.get_ref()))
            .copied()
            .ok_or_else(|| {
                self.error(
                    name.span().start,
                    FileErrorKind::Unregistered {
                        name: name.get_ref().clone(),
                        phase,
                    },
                )
            })
    }
}

impl Tournament {
    /// Reads and checks a tournament file.
    pub fn parse(text: &str) -> Result<Tournament, FileError> {
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let (line, column) = e
                .span()
                .map(|s| locate(text, s.start))
                .map_or((None, None), |(l, c)| (Some(l), Some(c)));
            FileError {
                line,
                column,
                kind: FileErrorKind::Toml(e.message().trim().to_string()),
            }
        })?;
        let mut reg = Register {
            text,
            by_key: HashMap::new(),
        };
        let mut players: Vec<String> = Vec::new();
        for (i, p) in raw.giocatori.iter().enumerate() {
            let name = p.get_ref().trim().to_string();
            if name.is_empty() {
                return Err(reg.error(p.span().start, FileErrorKind::EmptyName));
            }
            if let Some(&j) = reg.by_key.get(&names::key(&name)) {
                let kind = FileErrorKind::SameName(players[j].clone(), name.clone());
                return Err(reg.error(p.span().start, kind));
            }
            reg.by_key.insert(names::key(&name), i);
            players.push(name);
        }
        if players.len() < 2 {
            return Err(FileError {
                line: None,
                column: None,
                kind: if players.is_empty() {
                    FileErrorKind::NoPlayers
                } else {
                    FileErrorKind::TooFewPlayers
                },
            });
        }
        let mut phases: Vec<Phase> = Vec::new();
        for (i, f) in raw.fase.iter().enumerate() {
            let expected = i as u32 + 1;
            let number = *f.get_ref().numero.get_ref();
            if let Some(last) = phases.last()
                && last.is_final()
            {
                let kind = FileErrorKind::AfterFinal {
                    final_phase: last.number,
                };
                return Err(reg.error(f.span().start, kind));
            }
            if number != expected {
                let kind = FileErrorKind::PhaseOrder {
                    expected,
                    found: number,
                };
                return Err(reg.error(f.get_ref().numero.span().start, kind));
            }
            phases.push(read_phase(&reg, &players, f, number)?);
        }
        let mut lots = Vec::new();
        for l in &raw.sorteggio {
            let order = l
                .get_ref()
                .ordine
                .iter()
                .map(|n| reg.find(n, None))
                .collect::<Result<Vec<_>, _>>()?;
            lots.push(RecordedLot {
                phase: l.get_ref().fase,
                group: l.get_ref().girone,
                order,
                line: locate(text, l.span().start).0,
            });
        }
        Ok(Tournament {
            name: raw.nome.unwrap_or_default(),
            players,
            phases,
            lots,
            index: reg.by_key,
        })
    }

    /// Phases whose group sizes differ from T3's.
    pub fn size_warnings(&self) -> Vec<SizeWarning> {
        self.phases
            .iter()
            .filter_map(|p| {
                let written: Vec<usize> = p.groups.iter().map(Vec::len).collect();
                let expected = group_sizes(p.player_count());
                (written != expected).then_some(SizeWarning {
                    phase: p.number,
                    written,
                    expected,
                })
            })
            .collect()
    }

    /// The player with this name (T1), if registered.
    pub fn find(&self, name: &str) -> Option<PlayerId> {
        self.index.get(&names::key(name)).copied()
    }

    /// The group of this phase that holds both players (T14).
    pub fn group_of_pair(&self, number: u32, a: PlayerId, b: PlayerId) -> Option<usize> {
        let p = self.phase(number)?;
        let g = *p.group_of.get(&a)?;
        (a != b && p.group_of.get(&b) == Some(&g)).then_some(g)
    }

    /// The phase with this number.
    pub fn phase(&self, number: u32) -> Option<&Phase> {
        self.phases.iter().find(|p| p.number == number)
    }
}

fn read_phase(
    reg: &Register<'_>,
    players: &[String],
    f: &Spanned<RawPhase>,
    number: u32,
) -> Result<Phase, FileError> {
    let mut seen: HashMap<PlayerId, usize> = HashMap::new();
    let mut groups = Vec::new();
    for (g, group) in f.get_ref().gironi.iter().enumerate() {
        if group.get_ref().len() > MAX_GROUP {
            let kind = FileErrorKind::LargeGroup {
                phase: number,
                group: g + 1,
            };
            return Err(reg.error(group.span().start, kind));
        }
        if group.get_ref().len() < 2 {
            let kind = FileErrorKind::SmallGroup {
                phase: number,
                group: g + 1,
            };
            return Err(reg.error(group.span().start, kind));
        }
        let mut ids = Vec::new();
        for name in group.get_ref() {
            let id = reg.find(name, Some(number))?;
            if seen.insert(id, g).is_some() {
                let kind = FileErrorKind::TwiceInPhase {
                    name: players[id].clone(),
                    phase: number,
                };
                return Err(reg.error(name.span().start, kind));
            }
            ids.push(id);
        }
        groups.push(ids);
    }
    if groups.is_empty() {
        return Err(reg.error(f.span().start, FileErrorKind::NoGroups(number)));
    }
    Ok(Phase {
        number,
        groups,
        group_of: seen,
        line: locate(reg.text, f.span().start).0,
    })
}
