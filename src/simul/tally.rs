//! S6, S8: the master's result, from the master's side.

use super::{Board, Score, Standing};

/// The master's result over the boards (S6, S8).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Boards the master won.
    pub won: usize,
    /// Boards drawn.
    pub drawn: usize,
    /// Boards the master lost.
    pub lost: usize,
    /// Boards not finished (`*`, or an end the replay decides and the sheet contradicts).
    pub unfinished: usize,
    /// The master's points, in halves (1, ½, 0 a board).
    pub halves: u32,
    /// The unfinished boards' numbers, in board order.
    pub unfinished_boards: Vec<u32>,
    /// The numbers of the boards with an error (their own or the simul's on them), each
    /// once: the tally counts them as declared until the arbiter checks them (S8).
    pub to_check: Vec<u32>,
    /// Boards not tallied: the master does not play them, or they could not be read.
    pub not_tallied: Vec<u32>,
}

impl Tally {
    /// The tally of boards in board order.
    pub fn of(boards: &[Board]) -> Tally {
        let mut t = Tally::default();
        for b in boards {
            match b.standing {
                Standing::Counted(s) => {
                    t.halves += s.halves();
                    match s {
                        Score::Won => t.won += 1,
                        Score::Drawn => t.drawn += 1,
                        Score::Lost => t.lost += 1,
                    }
                }
                Standing::Unfinished => {
                    t.unfinished += 1;
                    t.unfinished_boards.push(b.number);
                }
                Standing::NotTallied => t.not_tallied.push(b.number),
            }
            if !b.valid && t.to_check.last() != Some(&b.number) {
                t.to_check.push(b.number);
            }
        }
        t
    }

    /// Boards finished: won, drawn or lost.
    pub fn finished(&self) -> usize {
        self.won + self.drawn + self.lost
    }

    /// The master's points.
    pub fn points(&self) -> f64 {
        f64::from(self.halves) / 2.0
    }

    /// The points as a percentage of the finished boards, rounded to one decimal (halves
    /// up); `None` when no board is finished (S8).
    ///
    /// ```
    /// use arbitro::simul::Tally;
    /// let t = Tally { won: 12, drawn: 3, lost: 2, halves: 27, ..Tally::default() };
    /// assert_eq!(t.percentage(), Some(79.4));
    /// assert_eq!(Tally::default().percentage(), None);
    /// ```
    pub fn percentage(&self) -> Option<f64> {
        let finished = self.finished() as u64;
        if finished == 0 {
            return None;
        }
        // Tenths of a per cent, in integers: halves / (2 · finished) · 1000, rounded.
        let tenths = (u64::from(self.halves) * 1000 + finished) / (2 * finished);
        Some(tenths as f64 / 10.0)
    }
}
