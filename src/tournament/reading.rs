//! The choices `torneo-rules.md` marks **\[reading\]** (where the seed is silent), named in
//! the output wherever one applies.

use crate::lang::Lang;

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

    /// The label that marks a \[reading\] in the output, in a language.
    pub fn label(lang: Lang) -> &'static str {
        lang.t("[reading]", "[interpretazione]")
    }

    /// What the choice is, in a language.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            Reading::GroupsOfFour => lang.t(
                "when the players of a phase are not a multiple of 3, the groups of 4 come last (one if n mod 3 = 1, two if n mod 3 = 2); a phase of 5 or fewer is a single group",
                "quando i giocatori di una fase non sono multipli di 3, i gironi da 4 vengono per ultimi (uno se n mod 3 = 1, due se n mod 3 = 2); una fase di 5 o meno è un girone unico",
            ),
            // T4's borders 1, 2 and 3 (those below k), without 2 once the extra game is
            // won, said without the word "border": a lot only decides a podium place.
            Reading::FinalPodium => lang.t(
                "in the final a lot is drawn only for a tie on points that decides who is 1st, 2nd or 3rd (the podium); when the extra game (spareggio) was won, it gives 2nd and 3rd place and no lot is drawn between those two",
                "in finale il sorteggio si fa solo per una parità di punti che decide chi è 1°, 2° o 3° (il podio); se lo spareggio è stato vinto, è lo spareggio a dare il 2° e il 3° posto e tra quei due non si sorteggia",
            ),
            Reading::ExtraNotWon => lang.t(
                "the extra game for second and third place was drawn or not played: the final group's places decide between the two",
                "lo spareggio per il secondo e terzo posto è patto o non giocato: decidono i posti del girone finale tra i due",
            ),
            Reading::FourTied => lang.t(
                "four or more players tied at a border: one lot among all of them, as for three",
                "quattro o più giocatori a pari punti su un confine: un solo sorteggio tra tutti, come per tre",
            ),
        }
    }
}
