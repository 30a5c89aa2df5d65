//! The choices `torneo-rules.md` marks **\[reading\]** (where the seed is silent), named in
//! the output wherever one applies (their words: `report::tournament::words`).

/// A \[reading\] of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reading {
    /// T3: groups of 4 when the players are not a multiple of 3; a phase of up to 5 is one
    /// group.
    GroupsOfFour,
    /// T4: the final decides the podium (borders 1, 2 and 3).
    FinalPodium,
    /// T5: the extra game drawn or not played: the final group's places decide.
    ExtraNotWon,
    /// T9: four or more tied: one lot among all of them.
    FourTied,
}

impl Reading {
    /// The rule it belongs to.
    pub fn rule(self) -> &'static str {
        match self {
            Reading::GroupsOfFour => "T3",
            Reading::FinalPodium => "T4",
            Reading::ExtraNotWon => "T5",
            Reading::FourTied => "T9",
        }
    }

    /// The JSON name.
    pub fn code(self) -> &'static str {
        match self {
            Reading::GroupsOfFour => "groups-of-four",
            Reading::FinalPodium => "final-podium",
            Reading::ExtraNotWon => "extra-game-not-won",
            Reading::FourTied => "four-tied",
        }
    }
}
