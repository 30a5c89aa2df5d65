//! Scores (R37–R42): material left, event bonuses, penalties. Every number is in
//! [`ScoringTable`].

use super::geometry::{Role, Side};
use super::position::Position;

/// Every number of the scoring rules (R38–R41), in one place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoringTable {
    /// R38: P C A T R Re.
    pub material: [i32; 6],
    /// R39.
    pub mate: i32,
    /// R39.
    pub imprisonment: i32,
    /// R39.
    pub flight: i32,
    /// R39.
    pub liberation: i32,
    /// R40: the first, second and third warning (cumulative).
    pub warnings: [i32; 3],
    /// R41.
    pub time_out: i32,
    /// R41: resignation in the first game.
    pub resignation: i32,
}

impl Default for ScoringTable {
    fn default() -> Self {
        ScoringTable {
            material: [1, 3, 3, 5, 9, 0],
            mate: 40,
            imprisonment: 50,
            flight: 60,
            liberation: 80,
            warnings: [-5, -10, -240],
            time_out: -40,
            resignation: -160,
        }
    }
}

impl ScoringTable {
    /// R38: the material value of a role.
    pub fn value(&self, role: Role) -> i32 {
        self.material[role as usize]
    }

    /// R40: the cumulative penalty for `n` warnings.
    pub fn warning_penalty(&self, n: u32) -> i32 {
        self.warnings.iter().take(n as usize).sum()
    }

    /// R38: material of one side on the board.
    pub fn material(&self, pos: &Position, side: Side) -> i32 {
        pos.board
            .iter()
            .flatten()
            .filter(|p| p.army.side() == side)
            .map(|p| self.value(p.role))
            .sum()
    }
}
