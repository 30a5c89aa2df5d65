//! Unit tests of the reader's private parts.

use super::lexer::{move_number, quick_tag, str_get};
use super::result::result_token;
use super::*;
use crate::notation::tags::tag_pair;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// Wherever the quick tag reader answers, it answers as the nom grammar does.
    #[test]
    fn quick_tag_agrees_with_the_grammar(s in r#"\[ ?[A-Za-z_-]{0,6} {0,2}"[a-zé \\"\n]{0,6}"? ?\]?.{0,3}"#) {
        if let Some((len, tag, high)) = quick_tag(&s, 0) {
            let (rest, t) = tag_pair(&s).expect("the grammar reads it too");
            prop_assert_eq!(t, tag);
            prop_assert_eq!(s.len() - rest.len(), len);
            prop_assert_eq!(high, !s[..len].is_ascii());
        }
    }

    /// `str_get` is `str::get` on a range.
    #[test]
    fn str_get_is_get(s in "[aé½ -]{0,6}", start in 0usize..12, end in 0usize..12) {
        prop_assert_eq!(str_get(&s, start, end), s.get(start..end));
    }
}

#[test]
fn a_game_hands_its_buffers_to_the_next() {
    let text = String::from("[White \"a\"]\n1.e4 e5 1-0\n");
    let first = games(&text).next().unwrap();
    let (tokens, tags) = (first.tokens.as_ptr(), first.tags.as_ptr());
    drop(first);
    let other = String::from("1.d4 d5 *");
    let second = games(&other).next().unwrap();
    assert_eq!(second.tokens.as_ptr(), tokens, "the token buffer is reused");
    assert_eq!(second.tags.as_ptr(), tags, "the tag buffer is reused");
    assert_eq!(second.tokens.len(), 4);
    let v: Vec<Token<'static>> = recycle(Vec::<Token<'_>>::with_capacity(100));
    assert!(v.capacity() >= 100, "recycling keeps the room");
}

#[test]
fn known_tags_are_found_as_the_others_are() {
    let text = "[Risultato \"1-0\"]\n[White \"a\"]\n[Bianco \"b\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1.e4";
    let mut g = games(text).next().unwrap();
    assert_eq!(g.tag("Result"), Some("1-0"));
    assert_eq!(g.tag("Bianco"), Some("a"), "the first of either name");
    assert_eq!(g.tag("Black"), None);
    assert_eq!(g.tag_span("FEN").map(|s| s.line), Some(4));
    // Tags added by hand are looked for one by one.
    let extra = g.tags[1].clone();
    g.tags.insert(
        0,
        SpannedTag {
            tag: Tag {
                name: "Nero",
                ..extra.tag
            },
            span: extra.span,
        },
    );
    assert_eq!(g.tag("Black"), Some("a"));
    assert_eq!(g.tag("White"), Some("a"));
}

#[test]
fn tag_name_matches_follow_the_table() {
    for &(it, en) in TAG_NAMES {
        assert_eq!(pgn_name(it), Some(en));
        assert_eq!(italian_name(en), Some(it));
        assert_eq!((pgn_name(en), italian_name(it)), (None, None));
    }
    assert_eq!(RawGame::alias("ECO"), None);
    assert_eq!(pgn_name("bianco"), None, "names are case-sensitive");
}

#[test]
fn move_numbers_and_results_are_told_apart() {
    assert_eq!(move_number(b"12."), Some((12, false, 3)));
    assert_eq!(move_number(b"12...Cf6"), Some((12, true, 5)));
    assert_eq!(move_number(b"7"), Some((7, false, 1)));
    assert_eq!(move_number(b"99999999999."), Some((u32::MAX, false, 12)));
    for word in ["12e4", "e4", ".", ""] {
        assert_eq!(move_number(word.as_bytes()), None, "{word}");
    }
    // No result terminator reads as a move number, so either may be tried first.
    for word in ["1-0", "0-1", "1/2-1/2", "\u{bd}-\u{bd}", "*"] {
        assert_eq!(move_number(word.as_bytes()), None, "{word}");
        assert!(
            result_token(word)
                .or_else(|| result::odd_result(word))
                .is_some(),
            "{word}"
        );
    }
}

#[test]
fn quick_tag_takes_the_plain_form_only() {
    let (len, tag, high) = quick_tag("1.e4 [Bianco \"Rossi, Mario\"] 1.e4", 5).unwrap();
    assert_eq!(
        (len, tag.name, &*tag.value, high),
        (28, "Bianco", "Rossi, Mario", false)
    );
    for t in [
        "[Nero \"a\\\"b\"]",
        "[ Nero \"a\"]",
        "[Nero  \"a\"]",
        "[Nero \"a\" ]",
    ] {
        assert!(quick_tag(t, 0).is_none(), "{t} goes to the grammar");
        assert!(tag_pair(t).is_ok(), "{t}");
    }
}

#[test]
fn spans_count_characters_after_non_ascii() {
    let text = "[Bianco \"Müller\"]\n{è} 1.e4 {a\nbé} e5\n  2.Cf3";
    let g = games(text).next().unwrap();
    let at: Vec<_> = g
        .tokens
        .iter()
        .map(|t| (g.span_of(t).line, g.span_of(t).column))
        .collect();
    // {è}, 1., e4, {a..bé}, e5, 2., Cf3
    assert_eq!(
        at,
        [(2, 1), (2, 5), (2, 7), (2, 10), (3, 5), (4, 3), (4, 5)]
    );
}

/// `[Fase]` has the lexer's slot (issue 26): found by either name in one look, and a
/// second `[Fase]` before any move starts the next game, as a second `[Evento]` does.
#[test]
fn fase_has_a_slot_of_its_own() {
    use crate::notation::tags::known_slot;
    assert_eq!(
        (known_slot("Fase"), known_slot("Phase")),
        (Some(5), Some(5))
    );
    let g = games("[Fase \"2\"]\n[Girone \"A\"]\n1.e4 *")
        .next()
        .unwrap();
    assert_eq!((g.tag("Phase"), g.tag("Fase")), (Some("2"), Some("2")));
    assert_eq!(g.known[5], 0);
    assert_eq!(
        g.tag_span("Phase").map(|s| (s.line, s.column)),
        Some((1, 1))
    );
    let all: Vec<_> = games("[Fase \"1\"]\n[Fase \"2\"]\n1.e4 *").collect();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].tag("Fase"), Some("2"));
    // `phase` in another case is arbitro's English name misspelt, not PGN's: no finding.
    assert!(
        !games("[phase \"1\"]\n1.e4 *")
            .next()
            .unwrap()
            .may_hold_miscased_tags()
    );
}
