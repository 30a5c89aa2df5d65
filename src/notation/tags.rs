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
