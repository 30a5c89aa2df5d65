//! `;` in movetext: a separator between moves on Italian sheets, or PGN's comment to the
//! end of the line (`formats.md` section 3).

use super::lexer::{Games, move_number};
use super::lines::Lines;
use super::result::{odd_result, result_token};
use super::{RawGame, Token, TokenKind};
use crate::notation::san::Notation;

impl<'a> Games<'a> {
    /// `;` in movetext (`formats.md` section 3): a separator when the rest of the line
    /// reads entirely as movetext (`1.e4 e5; 2.Ac4 d6;`), otherwise PGN's comment to the
    /// end of the line (`1. e4 ; the usual reply`), or inside a variation to its `)`.
    /// Returns where to go on.
    #[inline(never)]
    pub(super) fn semicolon(
        &mut self,
        game: &mut RawGame<'a>,
        lines: &mut Lines<'a>,
        start: usize,
        depth: u32,
    ) -> usize {
        let text = self.text;
        let mut end = self.line_end(start);
        if depth > 0
            && let Some(close) = memchr::memchr(b')', &text.as_bytes()[start..end])
        {
            // Issue 26: in a remark in parentheses (`(meglio 12.Cf3; ora il nero è perso)`)
            // the comment ends before the `)` that closes it.
            end = start + close;
        }
        let rest = &text[start + 1..end];
        // Issue 26 point 1: a `;` glued to the move before it (`4.bxa4 b6; La variante
        // classica. 5.d3 b5;`) is the Italian sheet's separator, and a numbered move further
        // on the line is never swallowed by a comment with the words before it; PGN's
        // comment is written apart (`1. e4 ; the usual reply`).
        let glued = start > 0 && !text.as_bytes()[start - 1].is_ascii_whitespace();
        if reads_as_movetext(rest)
            || starts_with_move_number(rest)
            || (glued && holds_numbered_move(rest))
        {
            return start + 1;
        }
        let body = &text[start + 1..end];
        let span = lines.span(start, end);
        lines.walked(start, &text.as_bytes()[start..end]);
        game.tokens.push(Token {
            kind: TokenKind::Comment,
            text: body,
            span,
            depth,
        });
        end
    }
}

/// The rest of a line after `;` is movetext: more of its words are moves (in either
/// alphabet), move numbers, results, NAGs, `e.p.`, variation marks or the end of a game in
/// words than not (punctuation alone counts for neither); `{...}` comments are passed over. Issue 26: the reading that explains
/// more words wins, so that a word that is no move (`1.e4 e5; Ac4 d6; Dh4 Cf6; Dxf7#
/// bella`, `dxc6; – 8.e3`) is reported where it stands, never hides the moves around it
/// in a comment; PGN's `; the usual reply` stays a comment.
fn reads_as_movetext(rest: &str) -> bool {
    let (mut moves, mut others) = (0usize, 0usize);
    let mut rest = rest;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ';' || c == ',');
        if rest.is_empty() {
            return moves >= others;
        }
        if let Some(after) = rest.strip_prefix('{') {
            match after.find('}') {
                Some(i) => {
                    rest = &after[i + 1..];
                    continue;
                }
                None => return true,
            }
        }
        let len = rest
            .find(|c: char| c.is_whitespace() || matches!(c, ';' | ',' | '{' | '(' | ')'))
            .unwrap_or(rest.len());
        let (word, after) = rest.split_at(len.max(1));
        rest = after;
        if movetext_word(word) {
            moves += 1;
        } else if word.chars().any(char::is_alphanumeric) {
            // Punctuation alone (`–`, `!`) is neither: reported where it stands.
            others += 1;
        }
    }
}

/// The rest of a line after `;` begins with a move number (`; 3.Dh4 Cf6; 4.Dxf7#
/// abbandona`): the `;` separates moves, and a word further on that is no move is
/// reported where it stands, never swallowed with the moves before it by a comment
/// (issue 26: a `;` read as a comment hid an illegal move).
fn starts_with_move_number(rest: &str) -> bool {
    let word = rest.trim_start();
    move_number(word.as_bytes())
        .is_some_and(|(_, _, len)| len > 0 && word.as_bytes()[..len].last() == Some(&b'.'))
}

/// The rest of a line after `;` holds a numbered move (`5.d3`, `5. d3`, `12...Cf6`).
fn holds_numbered_move(rest: &str) -> bool {
    let words: Vec<&str> = rest
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | ',' | '{' | '}' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        let Some((_, _, len)) = move_number(w.as_bytes()) else {
            return false;
        };
        if !w[..len].ends_with('.') {
            return false;
        }
        let after = if len < w.len() {
            &w[len..]
        } else {
            words.get(i + 1).copied().unwrap_or("")
        };
        super::reread::is_move(after.trim_end_matches(['.', ':']))
    })
}

/// One word of [`reads_as_movetext`].
fn movetext_word(word: &str) -> bool {
    use crate::notation::san::parse_move;
    if matches!(word, "(" | ")" | "e.p." | "e.p" | "ep" | "--")
        || result_token(word).or_else(|| odd_result(word)).is_some()
        || super::end_words::is_end_word(word)
        || word.bytes().all(|b| b == b'.')
    {
        return true;
    }
    if let Some(n) = word.strip_prefix('$') {
        return !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
    }
    let word = match move_number(word.as_bytes()) {
        Some((_, _, len)) => &word[len..],
        None => word,
    };
    // A word naming a square is meant as a move, even a misspelt one (`2.Zf3`): the
    // replay reports it, rather than a comment swallowing it.
    // A move with an unreadable character (`C_3`, a lone `_`; formats.md §8) is a move too.
    let smudged = word.contains('_')
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-x:=+#".contains(&b));
    word.is_empty()
        || smudged
        || parse_move(word, Notation::Italian).is_ok()
        || parse_move(word, Notation::English).is_ok()
        || word
            .as_bytes()
            .windows(2)
            .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
}
