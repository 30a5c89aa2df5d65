//! What a viewer needs to draw a game: the first position and, ply by ply, the squares
//! that change, and the heading of its page. Built from either replay; drawn by
//! `report::board` (terminal) and `report::game::html` (SVG, HTML). [`load`] reads a game file
//! of either variant, checks it once and gives all three, so `show` and `render` only
//! pick a ply and write.

use crate::classical::{self, Replay, ReplayOptions};
use crate::finding::Severity;
use crate::load::{GameFile, Limits, LoadError, SetupChoice};
use crate::notation::classical::{RawGame, games};
use crate::notation::superscacchi::SsGame;
use crate::superscacchi::register::Register;
use crate::superscacchi::replay::PlyRecord;
use crate::superscacchi::score::ScoringTable;
use crate::verify::{self, GameReport, Variant};
use shakmaty::{Chess, Color, Position, Role, san::SanPlus};
use std::path::Path;

/// One ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewPly {
    /// How the sheet writes it: `S 12. P f2 - f3`, `3.Dh5`.
    pub label: String,
    /// Who moved: an army code, or `white` / `black`.
    pub mover: String,
    /// From (square index on the board, row-major from a1).
    pub from: u16,
    /// To.
    pub to: u16,
    /// (square, old code, new code).
    pub changes: Vec<(u16, u8, u8)>,
    /// False for the move where the replay stopped: it was not played.
    pub played: bool,
}

/// A game ready to be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// 8 or 16 squares a side.
    pub size: u16,
    /// The first position: one code per square (0 empty).
    pub initial: Vec<u8>,
    /// Ply by ply.
    pub plies: Vec<ViewPly>,
}

impl View {
    /// The board after `n` plies (0: the first position).
    pub fn board_at(&self, n: usize) -> Vec<u8> {
        let mut b = self.initial.clone();
        for p in self.plies.iter().take(n) {
            for &(sq, _, new) in &p.changes {
                b[sq as usize] = new;
            }
        }
        b
    }

    /// How many plies were played (the stopping move excluded).
    pub fn played(&self) -> usize {
        self.plies.iter().filter(|p| p.played).count()
    }
}

/// Classical codes: 1–6 white P N B R Q K, 7–12 black.
fn classical_code(pos: &Chess, sq: shakmaty::Square) -> u8 {
    pos.board().piece_at(sq).map_or(0, |p| {
        let r = match p.role {
            Role::Pawn => 1,
            Role::Knight => 2,
            Role::Bishop => 3,
            Role::Rook => 4,
            Role::Queen => 5,
            Role::King => 6,
        };
        if p.color == Color::White { r } else { r + 6 }
    })
}

fn classical_board(pos: &Chess) -> Vec<u8> {
    shakmaty::Square::ALL
        .iter()
        .map(|&s| classical_code(pos, s))
        .collect()
}

/// The view of a classical replay (Italian letters in the labels).
pub fn classical(replay: &Replay) -> View {
    let mut pos = replay.start.clone();
    let initial = classical_board(&pos);
    let mut last = initial.clone();
    let mut plies = Vec::new();
    for &m in &replay.moves {
        let number = pos.fullmoves();
        let white = pos.turn() == Color::White;
        let sp = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        let mut text =
            crate::notation::san::write_san(&sp.san, crate::notation::san::Notation::Italian);
        if let Some(s) = sp.suffix {
            text.push(s.char());
        }
        let now = classical_board(&pos);
        let changes = (0..64)
            .filter(|&i| now[i] != last[i])
            .map(|i| (i as u16, last[i], now[i]))
            .collect();
        last = now;
        plies.push(ViewPly {
            label: if white {
                format!("{number}.{text}")
            } else {
                format!("{number}...{text}")
            },
            mover: if white {
                "white".into()
            } else {
                "black".into()
            },
            from: m.from().map_or(0, |s| s as u16),
            to: m.to() as u16,
            changes,
            played: true,
        });
    }
    View {
        size: 8,
        initial,
        plies,
    }
}

/// The view of a SuperScacchi replay recorded with `replay_with(.., true)`.
pub fn superscacchi(initial: &[u8], timeline: &[PlyRecord]) -> View {
    View {
        size: 16,
        initial: initial.to_vec(),
        plies: timeline
            .iter()
            .map(|p| ViewPly {
                label: format!("{} {}. {}", p.army, p.number, p.text),
                mover: p.army.code().to_string(),
                from: u16::from(p.from.0),
                to: u16::from(p.to.0),
                changes: p
                    .changes
                    .iter()
                    .map(|&(s, o, n)| (u16::from(s), o, n))
                    .collect(),
                played: p.played,
            })
            .collect(),
    }
}

/// What heads a game's page, from its tags: the event (`Evento` / `Event`), then the match
/// and game (`Gara`, `Partita`) or the phase and group (`Fase`, `Girone`), and the sides.
/// A path is never shown: with no tags, the file's own name. Said by its
/// [`Say`](crate::lang::Say) implementation in `report::game::html`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Heading {
    /// `Evento` / `Event`.
    pub event: Option<String>,
    /// SuperScacchi: `Gara`.
    pub match_id: Option<String>,
    /// SuperScacchi: `Partita`.
    pub game: Option<String>,
    /// Classical: `Fase`.
    pub phase: Option<String>,
    /// Classical: `Girone`.
    pub group: Option<String>,
    /// The sides as they read: `Leoni (assedianti) – Tigri (assediati)`, `White – Black`.
    pub sides: Option<String>,
    /// The file's name, without its folders.
    pub file_name: String,
}

impl Heading {
    /// A SuperScacchi game's heading: its tags, and the teams its register names.
    pub fn superscacchi(game: &SsGame<'_>, register: &Register, file_name: String) -> Heading {
        let tag = |n: &str| game.tag(n).map(str::to_string);
        let [b, d] = &register.teams;
        Heading {
            event: tag("Evento"),
            match_id: register.match_id.clone().or_else(|| tag("Gara")),
            game: tag("Partita"),
            sides: Some(format!("{b} (assedianti) – {d} (assediati)")),
            file_name,
            ..Heading::default()
        }
    }

    /// A classical game's heading.
    pub fn classical(raw: &RawGame<'_>, file_name: String) -> Heading {
        let tag = |n: &str| raw.tag(n).map(str::to_string);
        Heading {
            event: tag("Event"),
            phase: tag("Fase"),
            group: tag("Girone"),
            sides: match (raw.tag("White"), raw.tag("Black")) {
                (None, None) => None,
                (w, b) => Some(format!("{} – {}", w.unwrap_or("?"), b.unwrap_or("?"))),
            },
            file_name,
            ..Heading::default()
        }
    }
}

/// A game ready to be shown: its report, its view and the heading of its page.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The game checked, as `verify` reports it.
    pub report: GameReport,
    /// The game ply by ply.
    pub view: View,
    /// The heading of its page.
    pub heading: Heading,
}

/// Why a game cannot be shown.
#[derive(Debug)]
pub enum ViewError {
    /// The file cannot be read.
    Load(LoadError),
    /// A classical file has fewer games than the one asked for.
    NoGame {
        /// The file as named.
        file: String,
        /// The game asked for (1 is the first).
        game: u64,
    },
    /// A SuperScacchi game has no set-up to be played from; its report's first error says
    /// why.
    NoSetup(Box<GameReport>),
}

impl From<LoadError> for ViewError {
    fn from(e: LoadError) -> ViewError {
        ViewError::Load(e)
    }
}

/// Reads the game file at `path` (`-`: standard input), checks game number `game` (1 is
/// the first; a SuperScacchi file has one) once, and gives its report, view and heading.
/// A SuperScacchi game is played from the set-up its `[Disposizione]` names, with the
/// built-in scoring table, its clock record read in the venue's time zone `tz`.
///
/// ```
/// use arbitro::load::Limits;
/// let tz = jiff::tz::TimeZone::UTC;
/// let g = arbitro::view::load("samples/superscacchi/leoni-tigri-partita1.txt".as_ref(), 1, Limits::default(), &tz).unwrap();
/// assert_eq!(g.heading.file_name, "leoni-tigri-partita1.txt");
/// assert_eq!(g.view.size, 16);
/// ```
pub fn load(
    path: &Path,
    game: u64,
    limits: Limits,
    tz: &jiff::tz::TimeZone,
) -> Result<Shown, ViewError> {
    let file = GameFile::open(path, limits)?;
    // The page names the file by its own name: never a folder of this machine.
    let file_name = path
        .file_name()
        .map_or_else(|| file.name.clone(), |f| f.to_string_lossy().into_owned());
    match Variant::detect(&file.text) {
        Variant::SuperScacchi => {
            let setup = SetupChoice::Tag {
                folder: file.folder.as_deref(),
                limits,
            };
            let table = ScoringTable::default();
            let (mut report, heading) =
                verify::superscacchi_shown(&file.name, &file.text, file.latin1, setup, &table, tz);
            match (report.take_view(), heading) {
                (Some(view), Some(mut heading)) => {
                    heading.file_name = file_name;
                    Ok(Shown {
                        report,
                        view,
                        heading,
                    })
                }
                _ => Err(ViewError::NoSetup(Box::new(report))),
            }
        }
        Variant::Classical => {
            let index = usize::try_from(game.saturating_sub(1)).unwrap_or(usize::MAX);
            let raw = games(&file.text)
                .nth(index)
                .ok_or_else(|| ViewError::NoGame {
                    file: file.name.clone(),
                    game,
                })?;
            let replay = classical::replay(&raw, &ReplayOptions::default());
            let mut view = self::classical(&replay);
            // Show where the replay stopped, as for SuperScacchi (a slip read as the move
            // meant does not stop it: issue 28 point 4).
            if !replay.complete
                && let Some(f) = replay
                    .findings
                    .iter()
                    .find(|f| f.severity() == Severity::Error)
                && let Some(span) = f.span
            {
                view.plies.push(ViewPly {
                    label: file.text[span.start..span.end].to_string(),
                    mover: f.army.map(|a| a.as_str().to_string()).unwrap_or_default(),
                    from: 0,
                    to: 0,
                    changes: Vec::new(),
                    played: false,
                });
            }
            let heading = Heading::classical(&raw, file_name);
            let report = verify::classical_report(&file.name, &raw, replay, file.latin1);
            Ok(Shown {
                report,
                view,
                heading,
            })
        }
    }
}
