//! What a viewer needs to draw a game: the first position and, ply by ply, the squares
//! that change. Built from either replay; drawn by `report::board` (terminal) and
//! `report::html` (SVG, HTML).

use crate::classical::Replay;
use crate::superscacchi::replay::PlyRecord;
use shakmaty::{Chess, Color, Position, Role, san::SanPlus};

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
