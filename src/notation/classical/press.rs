//! The press style (issue 26 point 3): White's and Black's moves of a move number written as
//! one pair joined by a dash or an en dash (`1.e4-e5; 2.f4-exf4`, `9. Cxc7+ – Rd8`). A
//! [`super::reread`] rereading of its own reads each pair as two moves; the replay keeps it
//! only when it explains more than the long-form reading (`e2-e4` is a move of its own).

use super::reread::{Draft, is_move};
use super::{RawGame, TokenKind};
use crate::finding::wording::notation;

/// A dash between the two moves of a pair: a hyphen, an en or em dash, a minus sign.
fn dash(c: char) -> bool {
    matches!(c, '-' | '\u{2010}'..='\u{2015}' | '\u{2212}')
}

/// Where a word written as a pair splits: the byte range of its dash, when the words on
/// both sides are moves (`e4-e5`, `Cxc7+–Rd8`, `O-O-Cf6`). Castling alone (`O-O-O`) is no
/// pair.
pub(super) fn pair(word: &str) -> Option<(usize, usize)> {
    word.char_indices().find_map(|(i, c)| {
        let j = i + c.len_utf8();
        (dash(c) && is_move(&word[..i]) && is_move(&word[j..])).then_some((i, j))
    })
}

/// Reads the main line's pairs as two moves each, and a dash standing alone between two
/// moves as a blank; false when the game holds no pair. One info names the style.
pub(super) fn read(d: &mut Draft<'_>, raw: &RawGame<'_>) -> bool {
    let main: Vec<_> = raw.tokens.iter().filter(|t| t.depth() == 0).collect();
    let mut first = None;
    for (i, t) in main.iter().enumerate() {
        if t.kind() != TokenKind::Move {
            continue;
        }
        let w = raw.word(t);
        let start = raw.range_of(t).start;
        if let Some((a, b)) = pair(w) {
            d.blank(start + a, start + b);
            first.get_or_insert_with(|| (raw.span_of(t), w.to_string()));
        } else if !w.is_empty() && w.chars().all(dash) {
            let moves_around = |t: Option<&&super::Token<'_>>| {
                t.is_some_and(|t| t.kind() == TokenKind::Move && is_move(raw.word(t)))
            };
            if moves_around(i.checked_sub(1).and_then(|p| main.get(p)))
                && moves_around(main.get(i + 1))
            {
                d.blank(start, raw.range_of(t).end);
                if first.is_none() {
                    let (p, n) = (raw.span_of(main[i - 1]), raw.range_of(main[i + 1]));
                    let written = &raw.source[p.start..n.end];
                    first = Some((crate::span::Span { end: n.end, ..p }, written.to_string()));
                }
            }
        }
    }
    let Some((span, written)) = first else {
        return false;
    };
    d.notes.push(notation::press_style(&written).at(span));
    true
}
