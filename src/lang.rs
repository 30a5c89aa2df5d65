//! The language of texts for people: Italian or English. Italian domain words
//! (assedianti, assediati, ammonimento, …) stay as they are in both.
//!
//! It sits below every stage (findings carry both texts, renderers pick one), so that no
//! stage imports a later one to learn the language. Dates and times for people are
//! written in [`date`].

pub mod date;

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

/// A text for people in both languages, built where the words are chosen and read where
/// the language is known.
///
/// ```
/// use arbitro::lang::{Bi, Lang};
/// let t: Bi = Bi::new("the queen", "la donna");
/// assert_eq!(t.get(Lang::It), "la donna");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bi<T = String> {
    /// English.
    pub en: T,
    /// Italian.
    pub it: T,
}

impl<T> Bi<T> {
    /// Both texts.
    pub fn new(en: impl Into<T>, it: impl Into<T>) -> Self {
        Bi {
            en: en.into(),
            it: it.into(),
        }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &T {
        match lang {
            Lang::En => &self.en,
            Lang::It => &self.it,
        }
    }

    /// Both texts mapped by `f` (which is told the language).
    pub fn map<U>(self, f: impl Fn(T, Lang) -> U) -> Bi<U> {
        Bi {
            en: f(self.en, Lang::En),
            it: f(self.it, Lang::It),
        }
    }
}

impl Bi<&'static str> {
    /// The owned texts.
    pub fn owned(self) -> Bi {
        Bi::new(self.en, self.it)
    }
}

/// A value a person reads: it says itself in a language. Every value that has words
/// (a piece, a side, an error) implements it; there is no `_it` twin of a function.
///
/// ```
/// use arbitro::lang::{Lang, Say};
/// struct Draw;
/// impl Say for Draw {
///     fn say(&self, lang: Lang) -> std::borrow::Cow<'_, str> {
///         lang.t("draw", "patta").into()
///     }
/// }
/// assert_eq!(Draw.say(Lang::It), "patta");
/// ```
pub trait Say {
    /// The value in words, in `lang`.
    fn say(&self, lang: Lang) -> std::borrow::Cow<'_, str>;

    /// The value in words in both languages.
    fn bi(&self) -> Bi {
        Bi::new(self.say(Lang::En), self.say(Lang::It))
    }
}

/// `n` with the singular or the plural of a word, the number written as `lang` writes a
/// count of things: a dot between the thousands in Italian (`1.234 partite`), a comma in
/// English (`1,234 games`).
///
/// ```
/// use arbitro::lang::{Lang, count};
/// assert_eq!(count(Lang::It, 1, "partita", "partite"), "1 partita");
/// assert_eq!(count(Lang::It, 0, "partita", "partite"), "0 partite");
/// assert_eq!(count(Lang::It, 1234, "partita", "partite"), "1.234 partite");
/// assert_eq!(count(Lang::En, 1234, "game", "games"), "1,234 games");
/// ```
pub fn count(lang: Lang, n: usize, one: &str, many: &str) -> String {
    format!("{} {}", number(lang, n), if n == 1 { one } else { many })
}

/// A count of things as `lang` writes it in a sentence: `1.234` in Italian, `1,234` in
/// English (tables of figures use [`Int`]).
///
/// ```
/// use arbitro::lang::{Lang, number};
/// assert_eq!(number(Lang::It, 3007), "3.007");
/// assert_eq!(number(Lang::En, 3007), "3,007");
/// assert_eq!(number(Lang::En, 300), "300");
/// ```
pub fn number(lang: Lang, n: usize) -> String {
    grouped(&n.to_string(), marks(lang).0)
}

/// The language's marks for numbers: (between the thousands, before the decimals).
fn marks(lang: Lang) -> (char, char) {
    match lang {
        Lang::En => (',', '.'),
        Lang::It => ('.', ','),
    }
}

/// A whole number as the language writes it in a report: a dot between the thousands in
/// Italian (`1.234 partite`), a comma in English (`1,234 games`).
///
/// ```
/// use arbitro::lang::{Int, Lang, Say};
/// assert_eq!(Int(1234567).say(Lang::It), "1.234.567");
/// assert_eq!(Int(1234567).say(Lang::En), "1,234,567");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Int(pub u64);

/// A number with `places` decimals: a decimal comma and a dot between the thousands in
/// Italian (`0,01 s`, `1.234,5`), a decimal point and a comma between the thousands in
/// English (`0.01`, `1,234.5`).
///
/// ```
/// use arbitro::lang::{Dec, Lang, Say};
/// assert_eq!(Dec(0.0123, 2).say(Lang::It), "0,01");
/// assert_eq!(Dec(1234.5, 1).say(Lang::It), "1.234,5");
/// assert_eq!(Dec(0.0123, 2).say(Lang::En), "0.01");
/// assert_eq!(Dec(-1234.5, 1).say(Lang::En), "-1,234.5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dec(pub f64, pub usize);

impl Say for Int {
    fn say(&self, lang: Lang) -> std::borrow::Cow<'_, str> {
        let (thousands, _) = marks(lang);
        grouped(&self.0.to_string(), thousands).into()
    }
}

impl Say for Dec {
    fn say(&self, lang: Lang) -> std::borrow::Cow<'_, str> {
        let plain = format!("{:.*}", self.1, self.0);
        let (thousands, decimal) = marks(lang);
        let (sign, unsigned) = plain
            .strip_prefix('-')
            .map_or(("", plain.as_str()), |p| ("-", p));
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let mut out = format!("{sign}{}", grouped(whole, thousands));
        if !fraction.is_empty() {
            out.push(decimal);
            out.push_str(fraction);
        }
        out.into()
    }
}

/// ASCII digits with `sep` before every group of three from the right.
fn grouped(digits: &str, sep: char) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// The TOML reader's message, said: in English as the reader wrote it; in Italian words,
/// what is wrong with the file without the reader's English (its line and column are said
/// apart). A key that does not belong and a missing or mistyped value are named; any other
/// flaw is a syntax error.
///
/// ```
/// use arbitro::lang::{Lang, Say, TomlMessage};
/// assert_eq!(
///     TomlMessage("unknown field `foo`, expected one of `a`, `b`").say(Lang::It),
///     "campo sconosciuto `foo`; quelli ammessi: `a`, `b`"
/// );
/// ```
pub struct TomlMessage<'a>(pub &'a str);

impl Say for TomlMessage<'_> {
    fn say(&self, lang: Lang) -> std::borrow::Cow<'_, str> {
        match lang {
            Lang::En => self.0.into(),
            Lang::It => toml_words(self.0).into(),
        }
    }
}

fn toml_words(message: &str) -> String {
    let m = message.trim();
    if let Some(rest) = m.strip_prefix("unknown field ") {
        let (field, allowed) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let allowed = allowed
            .strip_prefix("one of ")
            .unwrap_or(allowed)
            .trim_end_matches(['\n', ' '])
            .replace(" or ", ", ");
        return if allowed.is_empty() {
            format!("campo sconosciuto {field}")
        } else {
            format!("campo sconosciuto {field}; quelli ammessi: {allowed}")
        };
    }
    if let Some(field) = m.strip_prefix("missing field ") {
        return format!("manca il campo {}", field.trim());
    }
    if let Some(field) = m.strip_prefix("duplicate field ") {
        return format!("il campo {} è scritto due volte", field.trim());
    }
    if m.starts_with("invalid type") || m.starts_with("invalid value") {
        return "un valore del tipo sbagliato (un numero, un testo o un elenco dove ci vuole altro)"
            .to_string();
    }
    if m.starts_with("unclosed array") {
        return "un elenco aperto con `[` non è chiuso da `]`".to_string();
    }
    if m.starts_with("duplicate key") {
        return "una chiave scritta due volte".to_string();
    }
    "il testo non è TOML scritto correttamente (una parentesi, una virgoletta o un `=` mancante o di troppo)".to_string()
}
