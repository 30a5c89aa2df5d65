//! The language of texts for people: Italian or English. Italian domain words
//! (assedianti, assediati, ammonimento, …) stay as they are in both.
//!
//! It sits below every stage (findings carry both texts, renderers pick one), so that no
//! stage imports a later one to learn the language.

/// A report language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Italian.
    It,
}

impl Lang {
    /// From the environment: `LANG` (or `LC_ALL`, `LC_MESSAGES`) starting with `it` gives
    /// Italian.
    pub fn from_env() -> Lang {
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(v) = std::env::var(var)
                && !v.is_empty()
            {
                return if v.starts_with("it") {
                    Lang::It
                } else {
                    Lang::En
                };
            }
        }
        Lang::En
    }

    /// Picks the text in this language.
    pub fn t<'a>(self, en: &'a str, it: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::It => it,
        }
    }
}
