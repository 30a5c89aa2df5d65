//! The end of a game written in words (issue 26 point 2): `abbandona`, `il nero abbandona`,
//! `si arrende`, `patta`, `pari`, `matto`, `scacco matto`, `scaccomatto`, `++`, and the
//! English `resigns`, `draw agreed`, `mate`. Read only after the game's last move, in a
//! [`super::reread`] rereading: a resignation or a draw becomes the game's result (checked
//! against `[Risultato]` as any result is), a mate word the mate mark of the move before;
//! each with an info `result-in-words` naming the words.

use super::reread::{Draft, is_move};
use super::{GameResult, RawGame, Token, TokenKind};
use crate::finding::wording::notation;
use crate::span::Span;

/// What words say of the end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// A side resigns: White (`true`), Black, or the side to move.
    Resigns(Option<bool>),
    /// A draw.
    Draw,
    /// The move before gives mate.
    Mate,
}

/// The phrases, in lower case without their final full stop, longest first where one
/// begins another.
const PHRASES: &[(&[&str], End)] = &[
    (&["il", "bianco", "abbandona"], End::Resigns(Some(true))),
    (&["il", "nero", "abbandona"], End::Resigns(Some(false))),
    (&["il", "bianco", "si", "arrende"], End::Resigns(Some(true))),
    (&["il", "nero", "si", "arrende"], End::Resigns(Some(false))),
    (&["bianco", "abbandona"], End::Resigns(Some(true))),
    (&["nero", "abbandona"], End::Resigns(Some(false))),
    (&["bianco", "si", "arrende"], End::Resigns(Some(true))),
    (&["nero", "si", "arrende"], End::Resigns(Some(false))),
    (&["white", "resigns"], End::Resigns(Some(true))),
    (&["black", "resigns"], End::Resigns(Some(false))),
    (&["abbandona"], End::Resigns(None)),
    (&["abbandono"], End::Resigns(None)),
    (&["si", "arrende"], End::Resigns(None)),
    (&["resigns"], End::Resigns(None)),
    (&["patta", "d'accordo"], End::Draw),
    (&["patta", "concordata"], End::Draw),
    (&["patta"], End::Draw),
    (&["pari"], End::Draw),
    (&["draw", "agreed"], End::Draw),
    (&["drawn"], End::Draw),
    (&["draw"], End::Draw),
    (&["scacco", "matto"], End::Mate),
    (&["scaccomatto"], End::Mate),
    (&["matto"], End::Mate),
    (&["checkmate"], End::Mate),
    (&["mate"], End::Mate),
    (&["++"], End::Mate),
    (&["#"], End::Mate),
];

/// A word as the phrases are written: lower case, a typographic apostrophe plain, without a
/// final full stop, `!` or comma.
fn norm(word: &str) -> String {
    let w = word.trim_end_matches(['.', '!', ',', ';', ':']);
    let w = if w.is_empty() { word } else { w };
    w.to_lowercase().replace('\u{2019}', "'")
}

/// A word of one of the phrases (`abbandona`, `Il`, `matto.`): after `;`, the end of a
/// game in words is movetext ([`super::semicolon`]), read by the rereadings.
pub(super) fn is_end_word(word: &str) -> bool {
    let w = norm(word);
    PHRASES.iter().any(|(p, _)| p.contains(&w.as_str()))
}

/// The longest phrase that `words` begin with, and how many words it takes.
fn phrase(words: &[String]) -> Option<(End, usize)> {
    PHRASES
        .iter()
        .filter(|(p, _)| p.len() <= words.len() && p.iter().zip(words).all(|(a, b)| a == b))
        .max_by_key(|(p, _)| p.len())
        .map(|(p, end)| (*end, p.len()))
}

/// The words, all of them, say how the game ended: one phrase or several (`matto, il nero
/// abbandona`).
pub(super) fn ends_game(words: &[&str]) -> bool {
    let words: Vec<String> = words.iter().map(|w| norm(w)).collect();
    let mut i = 0;
    while let Some((_, len)) = phrase(&words[i..]) {
        i += len;
    }
    i > 0 && i == words.len()
}

/// How many of the words the phrase they begin with takes (`il nero abbandona …`: 3), if
/// they begin with one.
pub(super) fn begins_end(words: &[&str]) -> Option<usize> {
    let words: Vec<String> = words.iter().take(4).map(|w| norm(w)).collect();
    phrase(&words).map(|(_, len)| len)
}

/// Reads the words after the game's last move that say how it ended (nothing else):
/// before the result (`patta 1/2-1/2`), or after it (`1-0 Il nero abbandona`, issue 26).
/// `main` is the main line as the reading has it.
pub(super) fn read<'a>(d: &mut Draft<'_>, raw: &RawGame<'a>, main: &[&Token<'a>], pairs: bool) {
    let mut end = main.len();
    while end > 0
        && matches!(
            main[end - 1].kind(),
            TokenKind::Comment | TokenKind::Nag(_) | TokenKind::Result(_)
        )
    {
        end -= 1;
    }
    let mut terminator = main[end..].iter().find_map(|t| match t.kind() {
        TokenKind::Result(r) => Some(r),
        _ => None,
    });
    let mut start = end;
    while start > 0
        && match main[start - 1].kind() {
            TokenKind::Move => !a_move(raw.word(main[start - 1]), pairs),
            TokenKind::MoveNumber { .. } => true,
            _ => false,
        }
    {
        start -= 1;
    }
    // Words after the result: the result stands, and the words are checked against it.
    let after_result = match start.checked_sub(1).map(|i| main[i].kind()) {
        Some(TokenKind::Result(r)) if terminator.is_none() => {
            terminator = Some(r);
            true
        }
        _ => false,
    };
    // Move numbers left standing before the words (`13. Il bianco abbandona.`).
    let mut first = start;
    while first < end && matches!(main[first].kind(), TokenKind::MoveNumber { .. }) {
        first += 1;
    }
    let words: Vec<String> = main[first..end]
        .iter()
        .map_while(|t| match t.kind() {
            TokenKind::Move => Some(norm(raw.word(t))),
            _ => None,
        })
        .collect();
    let mut i = 0;
    while let Some((what, len)) = phrase(&words[i..]) {
        let toks = &main[first + i..first + i + len];
        let (a, z) = (raw.span_of(toks[0]), raw.span_of(toks[len - 1]));
        let span = Span { end: z.end, ..a };
        let written: Vec<&str> = toks
            .iter()
            .map(|t| match t.kind() {
                TokenKind::Move => raw.word(t),
                _ => "",
            })
            .collect();
        let written = written.join(" ");
        let before = first + i;
        match what {
            End::Mate => {
                let prev = main.get(before.wrapping_sub(1 + usize::from(after_result)));
                if i > 0 || first > start || !mate_mark(d, raw, prev, pairs) {
                    return;
                }
                d.blank(span.start, span.end);
                d.notes
                    .push(notation::end_in_words(&written, None).at(span));
            }
            End::Resigns(_) | End::Draw => {
                let result = match what {
                    End::Draw => GameResult::Draw,
                    End::Resigns(side) => {
                        let white =
                            side.unwrap_or_else(|| white_to_move(raw, &main[..before], pairs));
                        if white {
                            GameResult::BlackWins
                        } else {
                            GameResult::WhiteWins
                        }
                    }
                    End::Mate => return,
                };
                if terminator.is_some_and(|t| t != result) {
                    return;
                }
                // The numbers before the words go with them.
                let from = main[start..before]
                    .first()
                    .map_or(span.start, |t| raw.range_of(t).start);
                d.blank(from, span.end);
                if terminator.is_none() {
                    d.set(span.start, b"*");
                    d.results
                        .push((span.start - d.base, span.end - d.base, result));
                }
                d.notes
                    .push(notation::end_in_words(&written, Some(result.as_str())).at(span));
                return;
            }
        }
        i += len;
    }
}

/// A word is a move (maybe with a sentence's full stop), or with `pairs` (the press style)
/// two moves joined by a dash.
fn a_move(word: &str, pairs: bool) -> bool {
    let word = word.strip_suffix('.').unwrap_or(word);
    is_move(word) || pairs && super::press::pair(word).is_some()
}

/// Writes the mate mark `#` on `prev`, the move before a mate word: in place of its `+`,
/// or in the blank after it (its annotations moved one byte on). False when `prev` is no
/// move or there is no room.
fn mate_mark<'a>(
    d: &mut Draft<'_>,
    raw: &RawGame<'a>,
    prev: Option<&&Token<'a>>,
    pairs: bool,
) -> bool {
    let Some(&&t) = prev else {
        return false;
    };
    if t.kind() != TokenKind::Move {
        return false;
    }
    let (w, span) = (raw.word(&t), raw.range_of(&t));
    if !a_move(w, pairs) {
        return false;
    }
    // A sentence's full stop after the move is a blank already (`typography`): room.
    let (w, room) = match w.strip_suffix('.') {
        Some(w) => (w, true),
        None => (w, matches!(d.byte(span.end), Some(b' ' | b'\t'))),
    };
    let body = w.trim_end_matches(['!', '?']);
    if body.ends_with('#') || body.ends_with("++") {
        return true;
    }
    if body.ends_with('+') {
        d.set(span.start + body.len() - 1, b"#");
        return true;
    }
    if !room {
        return false;
    }
    let mut marked = Vec::with_capacity(w.len() - body.len() + 1);
    marked.push(b'#');
    marked.extend_from_slice(&w.as_bytes()[body.len()..]);
    d.set(span.start + body.len(), &marked);
    true
}

/// Whether White is to move after `before` (the main line's tokens up to the words): the
/// side a bare `abbandona` names (the side to move resigns). With `pairs` (the press
/// style), a word that is two moves joined by a dash counts twice.
fn white_to_move(raw: &RawGame<'_>, before: &[&Token<'_>], pairs: bool) -> bool {
    let mut white = raw
        .tag("FEN")
        .is_none_or(|f| f.split_whitespace().nth(1) != Some("b"));
    for t in before {
        match t.kind() {
            TokenKind::MoveNumber { black, .. } => white = !black,
            TokenKind::Move if pairs && super::press::pair(raw.word(t)).is_some() => {}
            TokenKind::Move if a_move(raw.word(t), false) => white = !white,
            _ => {}
        }
    }
    white
}
