//! Tag pairs: `[Name "value"]`.

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{escaped_transform, is_not, take_while, take_while1},
    character::complete::char,
    combinator::{opt, value},
    sequence::delimited,
};
use std::borrow::Cow;

/// A tag pair as written: `[Bianco "Rossi, Mario"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag name, as written.
    pub name: &'a str,
    /// The value, with `\"` and `\\` escapes resolved.
    pub value: Cow<'a, str>,
}

fn is_space(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn quoted(input: &str) -> IResult<&str, Cow<'_, str>> {
    // Fast path: no backslash before the closing quote.
    let body_end = input
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c == '"' || c == '\\' || c == '\n');
    if input.starts_with('"')
        && let Some((i, '"')) = body_end
    {
        return Ok((&input[i + 1..], Cow::Borrowed(&input[1..i])));
    }
    let (rest, s) = delimited(
        char('"'),
        opt(escaped_transform(
            is_not("\\\"\n"),
            '\\',
            alt((
                value("\\", char('\\')),
                value("\"", char('"')),
                value("\\", take_while(|_| false)),
            )),
        )),
        char('"'),
    )
    .parse(input)?;
    Ok((rest, Cow::Owned(s.unwrap_or_default())))
}

/// Parses one tag pair at the start of `input` (which starts with `[`).
///
/// ```
/// use arbitro::notation::tags::tag_pair;
/// let (rest, tag) = tag_pair(r#"[Nero "Analysis\ Analyse"] 1.e4"#).unwrap();
/// assert_eq!((tag.name, &*tag.value, rest), ("Nero", r"Analysis\ Analyse", " 1.e4"));
/// ```
pub fn tag_pair(input: &str) -> IResult<&str, Tag<'_>> {
    let (rest, (_, _, name, _, value, _, _)) = (
        char('['),
        take_while(is_space),
        take_while1(|c: char| c.is_alphanumeric() || c == '_' || c == '-'),
        take_while(is_space),
        quoted,
        take_while(is_space),
        char(']'),
    )
        .parse(input)?;
    Ok((rest, Tag { name, value }))
}

/// The table of tags arbitro reads by name: one row per tag, from which every list and
/// lookup of tag names is derived (as `codes!` derives the finding codes).
macro_rules! known_tags {
    ($($tag:ident => $pgn:literal $(/ $it:literal)?, slot $slot:tt, case $case:literal;)*) => {
        /// A tag arbitro reads by name, by its PGN name or its Italian one (`formats.md`
        /// section 3).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum KnownTag { $($tag,)* }

        impl KnownTag {
            /// Every known tag, in table order.
            pub const ALL: &'static [KnownTag] = &[$(KnownTag::$tag,)*];

            /// The PGN name (`White`).
            pub fn pgn(self) -> &'static str {
                match self { $(KnownTag::$tag => $pgn,)* }
            }

            /// The Italian name (`Bianco`), when the tag has one.
            pub fn italian(self) -> Option<&'static str> {
                match self { $(KnownTag::$tag => known_tags!(@some $($it)?),)* }
            }

            /// The tag with this PGN or Italian name, written exactly (names are
            /// case-sensitive, PGN 8.1.1).
            ///
            /// ```
            /// use arbitro::notation::tags::KnownTag;
            /// assert_eq!(KnownTag::named("Bianco"), Some(KnownTag::White));
            /// assert_eq!(KnownTag::named("bianco"), None);
            /// ```
            pub fn named(name: &str) -> Option<KnownTag> {
                match name { $($pgn $(| $it)? => Some(KnownTag::$tag),)* _ => None }
            }
        }

        /// Italian tag names (`formats.md` section 3) and their PGN equivalents.
        pub const TAG_NAMES: &[(&str, &str)] = &[$($(($it, $pgn),)?)*];

        /// The PGN name of an Italian tag name.
        ///
        /// ```
        /// assert_eq!(arbitro::notation::tags::pgn_name("Risultato"), Some("Result"));
        /// ```
        pub fn pgn_name(italian: &str) -> Option<&'static str> {
            match italian { $($($it => Some($pgn),)?)* _ => None }
        }

        /// The Italian name of a PGN tag name.
        pub fn italian_name(pgn: &str) -> Option<&'static str> {
            match pgn { $($pgn => known_tags!(@some $($it)?),)* _ => None }
        }

        known_tags!(@slots [] $($pgn $(/ $it)?, slot $slot;)*);

        /// The names whose case is checked (PGN 8.1.1), with whether they are.
        const CASE_NAMES: &[(&str, bool)] = &[$(($pgn, $case), $(($it, true),)?)*];

        /// For each of [`CASE_NAMES`]: its slot ([`known_slot`]; `NO_SLOT`: none) and
        /// whether it is an Italian name.
        const CASE_INFO: &[(u8, bool)] =
            &[$((known_tags!(@slot $slot), false), $((known_tags!(@slot $slot), known_tags!(@it $it)),)?)*];
    };
    (@slot -) => { NO_SLOT };
    (@slot $n:literal) => { $n };
    (@it $it:literal) => { true };
    (@some) => { None };
    (@some $it:literal) => { Some($it) };
    // `known_slot` matches the names of the rows with a slot only (the lexer asks it of
    // every tag): the rows are gathered one by one.
    (@slots [$($arms:tt)*]) => {
        /// The tags every game is asked for (the start position, the result, the
        /// players) and the event (a second one starts a new game), by PGN or Italian
        /// name: their place in the lexer's table of them.
        pub(crate) fn known_slot(name: &str) -> Option<usize> {
            match name { $($arms)* _ => None }
        }
    };
    (@slots [$($arms:tt)*] $pgn:literal $(/ $it:literal)?, slot -; $($rest:tt)*) => {
        known_tags!(@slots [$($arms)*] $($rest)*);
    };
    (@slots [$($arms:tt)*] $pgn:literal $(/ $it:literal)?, slot $n:literal; $($rest:tt)*) => {
        known_tags!(@slots [$($arms)* $pgn $(| $it)? => Some($n),] $($rest)*);
    };
}

known_tags! {
    // The slot is the tag's place in the lexer's table of the tags every game is asked
    // for (`-`: not one of them; `Fase` for a tournament's games, issue 26); `case false`:
    // a misspelt case of the PGN name is not reported (`Phase` and `Group` are arbitro's
    // English names, not PGN's). The rows with a slot come first, in the order of their
    // slots: the lexer asks of every tag.
    Fen => "FEN", slot 0, case true;
    Result => "Result" / "Risultato", slot 1, case true;
    White => "White" / "Bianco", slot 2, case true;
    Black => "Black" / "Nero", slot 3, case true;
    Event => "Event" / "Evento", slot 4, case true;
    Phase => "Phase" / "Fase", slot 5, case false;
    Site => "Site" / "Luogo", slot -, case true;
    Date => "Date" / "Data", slot -, case true;
    Round => "Round" / "Turno", slot -, case true;
    Termination => "Termination" / "Terminazione", slot -, case true;
    Group => "Group" / "Girone", slot -, case false;
    SetUp => "SetUp", slot -, case true;
    Variant => "Variant", slot -, case true;
}

/// How many tags the lexer notes the place of ([`known_slot`]).
pub(crate) const KNOWN_SLOTS: usize = 6;

/// The slot of `Result` / `Risultato` ([`known_slot`]).
pub(crate) const RESULT_SLOT: usize = 1;

/// No slot, in [`TagName::slot`].
pub(crate) const NO_SLOT: u8 = u8::MAX;

/// What the lexer notes of a tag name, in one look at [`CASE_TABLE`] (issue 33: each tag
/// name is looked at once, not by the lexer, the case check and the notation's guess in
/// turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TagName {
    /// Its slot ([`known_slot`]), or [`NO_SLOT`].
    pub(crate) slot: u8,
    /// An Italian name written exactly ([`pgn_name`] knows it).
    pub(crate) italian: bool,
    /// A known name in another case ([`miscased`] says which).
    pub(crate) miscased: bool,
}

/// [`known_slot`], [`pgn_name`]`.is_some()` and [`miscased`]`.is_some()` of `name` at once
/// (a test holds them to it).
#[inline]
pub(crate) fn tag_name(name: &str) -> TagName {
    let mut out = TagName {
        slot: NO_SLOT,
        italian: false,
        miscased: false,
    };
    let b = name.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return out;
    };
    let at = CASE_TABLE[case_bucket(b.len(), first, last)];
    let Some(i) = usize::from(at).checked_sub(1) else {
        return out;
    };
    let (known, checked) = CASE_NAMES[i];
    if known == name {
        (out.slot, out.italian) = CASE_INFO[i];
    } else {
        out.miscased = checked && known.eq_ignore_ascii_case(name);
    }
    out
}

/// The bucket of a name in [`CASE_TABLE`]: its length and its first and last letters
/// (in lower case); the names in [`CASE_TABLE`] fall in buckets of their own (checked
/// when the table is built).
const fn case_bucket(len: usize, first: u8, last: u8) -> usize {
    (len * 13 + (first | 0x20) as usize * 7 + (last | 0x20) as usize) % 64
}

/// The case-checked names and the names with a slot (`Phase`, whose case is not checked)
/// by bucket: an index into [`CASE_NAMES`] plus one (0: none).
const CASE_TABLE: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < CASE_NAMES.len() {
        let (name, checked) = CASE_NAMES[i];
        let b = name.as_bytes();
        if checked || CASE_INFO[i].0 != NO_SLOT {
            let bucket = case_bucket(b.len(), b[0], b[b.len() - 1]);
            assert!(table[bucket] == 0, "two tag names in one bucket");
            table[bucket] = i as u8 + 1;
        }
        i += 1;
    }
    table
};

/// The known tag `name` spells in another case (`fEn` → `FEN`, PGN 8.1.1); `None` for a
/// known tag written right, and for any other name. Every game's tags pass here: one
/// bucket gives the one name it can be.
///
/// ```
/// use arbitro::notation::tags::miscased;
/// assert_eq!(miscased("RISULTATO"), Some("Risultato"));
/// assert_eq!(miscased("Risultato"), None);
/// ```
pub fn miscased(name: &str) -> Option<&'static str> {
    let b = name.as_bytes();
    let (&first, &last) = (b.first()?, b.last()?);
    let at = CASE_TABLE[case_bucket(b.len(), first, last)];
    let (known, checked) = *CASE_NAMES.get(usize::from(at).checked_sub(1)?)?;
    // Nearly always written right: one comparison, then the case-blind one.
    (checked && known != name && known.eq_ignore_ascii_case(name)).then_some(known)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One look at a tag name says what the three lookups say.
    #[test]
    fn one_look_at_a_name_says_what_the_lookups_say() {
        let mut names: Vec<String> = CASE_NAMES.iter().map(|(n, _)| n.to_string()).collect();
        for n in names.clone() {
            names.extend([
                n.to_lowercase(),
                n.to_uppercase(),
                format!("{n}x"),
                n[1..].to_string(),
            ]);
        }
        names.extend(
            [
                "", "A", "WhiteElo", "ECO", "Eveut", "Site2", "fase", "GIRONE", "Phase", "phase",
                "PHASE", "Group",
            ]
            .map(String::from),
        );
        for n in &names {
            let t = tag_name(n);
            let slot = known_slot(n).map_or(NO_SLOT, |s| s as u8);
            assert_eq!(t.slot, slot, "{n}");
            assert_eq!(t.italian, pgn_name(n).is_some(), "{n}");
            assert_eq!(t.miscased, miscased(n).is_some(), "{n}");
        }
    }

    #[test]
    fn tag_names_are_known_in_any_case_and_given_as_written() {
        assert_eq!(miscased("fEn"), Some("FEN"));
        assert_eq!(miscased("SetUp"), None);
        assert_eq!(miscased("SETUP"), Some("SetUp"));
        assert_eq!(miscased("RISULTATO"), Some("Risultato"));
        assert_eq!(miscased("terminazione"), Some("Terminazione"));
        assert_eq!(miscased("WhiteElo"), None);
        assert_eq!(miscased("Terminazionee"), None);
        assert_eq!(miscased("Eveut"), None);
        assert_eq!(miscased(""), None);
        for name in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "FEN",
            "Variant",
            "Termination",
            "Evento",
            "Luogo",
            "Data",
            "Turno",
            "Bianco",
            "Nero",
            "Fase",
            "Girone",
        ] {
            assert_eq!(miscased(name), None);
            assert_eq!(miscased(&name.to_lowercase()), Some(name));
        }
        // arbitro's own English names are not PGN's: their case is not checked.
        assert_eq!((miscased("phase"), miscased("GROUP")), (None, None));
    }

    #[test]
    fn the_table_gives_every_name_both_ways() {
        for &tag in KnownTag::ALL {
            assert_eq!(KnownTag::named(tag.pgn()), Some(tag));
            if let Some(it) = tag.italian() {
                assert_eq!(KnownTag::named(it), Some(tag));
                assert_eq!(pgn_name(it), Some(tag.pgn()));
            }
            assert_eq!(italian_name(tag.pgn()), tag.italian());
        }
        let slots: Vec<_> = KnownTag::ALL
            .iter()
            .filter_map(|t| known_slot(t.pgn()))
            .collect();
        assert_eq!(slots.len(), KNOWN_SLOTS);
        assert_eq!(known_slot("Result"), Some(RESULT_SLOT));
        assert_eq!(known_slot("Risultato"), Some(RESULT_SLOT));
        assert!(slots.iter().all(|&s| s < KNOWN_SLOTS));
    }
}
