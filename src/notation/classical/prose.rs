//! Prose between the moves (issue 26 point 5): a newspaper column's commentary, a club
//! site's remarks, a title line, written among the moves without braces. A third
//! [`super::reread`] rereading reads each run of plain words between moves as a comment,
//! with one `prose-in-movetext` warning naming the words; the replay keeps it only when it
//! explains more than the readings without it.
//!
//! A plain word is one that cannot be a move in either alphabet: letters only (with an
//! apostrophe or a hyphen inside, quotes and a sentence's punctuation around), no square,
//! no digit, not castling ([`prose_word`]). A word that could be a move (`Cd5`, `e4`,
//! `Axb5`, `a6`, `O-O`) is never skipped: it is read as a move, and where it cannot be
//! played the replay says so at that word. The end of a game in words (`il nero
//! abbandona`, `matto`) after the last move is left to [`super::end_words`].

use super::end_words::{begins_end, ends_game};
use super::reread::{Draft, is_move};
use super::{RawGame, Token, TokenKind};
use crate::finding::wording::notation;
use crate::span::Span;

/// The characters a plain word may be wrapped in: quotes, brackets.
const WRAPS: &[char] = &[
    '"', '\'', '«', '»', '“', '”', '‘', '’', '„', '(', ')', '[', ']',
];

/// The punctuation a sentence puts after a word.
const STOPS: &[char] = &['.', ',', ';', ':', '!', '?', '…'];

/// A word of prose: letters (any alphabet's, with an apostrophe or a hyphen between them),
/// maybe in quotes and followed by a sentence's punctuation; no digit, no square, not a
/// move in either alphabet, not castling (`O-O`, `oo`).
///
/// ```
/// use arbitro::notation::classical::prose_word;
/// assert!(["Il", "l'alfiere", "Nimzo-indiana,", "«bella»", "più"].iter().all(|w| prose_word(w)));
/// assert!(!["e4", "Cd5", "Axb5", "a6", "O-O", "12", "Zf3"].iter().any(|w| prose_word(w)));
/// ```
pub fn prose_word(word: &str) -> bool {
    let core = word
        .trim_start_matches(WRAPS)
        .trim_end_matches(|c| WRAPS.contains(&c) || STOPS.contains(&c));
    let letters = core
        .chars()
        .all(|c| c.is_alphabetic() || matches!(c, '\'' | '’' | '-'));
    letters
        && core.chars().next().is_some_and(char::is_alphabetic)
        && !["O-O", "o-o", "OO", "oo"]
            .iter()
            .any(|c| core.starts_with(c))
        && !is_move(core)
        && !is_move(word)
}

/// A word of punctuation alone (`–`, `:`, `!`, `•`): part of a run of prose when it stands
/// inside one or at its ends.
fn punctuation(word: &str) -> bool {
    !word.is_empty() && !word.chars().any(char::is_alphanumeric) && word != "--"
}

/// A word after the game's result that stays with the game (issue 26: `1-0 Il nero
/// abbandona` starts no new game): prose, or punctuation.
pub(super) fn after_result(word: &str) -> bool {
    prose_word(word) || (punctuation(word) && !word.contains(['[', '{', '(']))
}

/// What a main-line token is to a run of prose.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A plain word: a run needs one.
    Word,
    /// Punctuation, or a number no move follows (`Parigi 1858.`, `in 2 mosse`): part of a
    /// run it stands in.
    Filler,
    /// Anything else ends a run: a move, a move's number, a result, a comment.
    Other,
}

/// The text of a token that is a word of movetext (a move as the lexer reads it).
fn word_of<'a>(raw: &RawGame<'a>, t: &Token<'a>) -> Option<&'a str> {
    (t.kind() == TokenKind::Move).then(|| raw.word(t))
}

/// A token is a word that could be a move.
fn a_move<'a>(raw: &RawGame<'a>, t: &Token<'a>) -> bool {
    word_of(raw, t).is_some_and(|w| !prose_word(w) && !punctuation(w))
}

fn part<'a>(raw: &RawGame<'a>, t: &Token<'a>, next: Option<&&Token<'a>>) -> Part {
    match (t.kind(), word_of(raw, t)) {
        (_, Some(w)) if prose_word(w) => Part::Word,
        (_, Some(w)) if punctuation(w) => Part::Filler,
        (TokenKind::MoveNumber { .. }, _) if !next.is_some_and(|n| a_move(raw, n)) => Part::Filler,
        _ => Part::Other,
    }
}

/// The runs of prose on the main line `main`: index ranges, each holding a plain word,
/// with what ends the game in words after the last move left out of the last run. Empty
/// when the main line holds no move (a text of prose alone is no game).
fn runs<'a>(raw: &RawGame<'a>, main: &[&Token<'a>]) -> Vec<(usize, usize)> {
    let parts: Vec<Part> = (0..main.len())
        .map(|i| part(raw, main[i], main.get(i + 1)))
        .collect();
    let (Some(first_move), Some(last_move)) = (
        main.iter().position(|t| a_move(raw, t)),
        main.iter().rposition(|t| a_move(raw, t)),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        if parts[i] == Part::Other {
            i += 1;
            continue;
        }
        let start = i;
        while i < parts.len() && parts[i] != Part::Other {
            i += 1;
        }
        let (start, end) = if start > last_move {
            trailing_prose(raw, main, start, i)
        } else if start < first_move && !a_title(raw, &main[start..i]) {
            // Before the first move, only a title: a page of text with a move somewhere
            // in it is no game.
            (start, start)
        } else if ends_game(&words(raw, &main[start..i])) {
            // A run that is an end in words and nothing else, between moves: no prose.
            (start, start)
        } else {
            (start, i)
        };
        if parts[start..end].contains(&Part::Word) {
            out.push((start, end));
        }
    }
    out
}

/// The most lines and words a title before the first move may take (`Capablanca –
/// Marshall` / `New York 1918`).
const TITLE_LINES: u32 = 3;
const TITLE_WORDS: usize = 30;

/// The tokens before the first move are a title: a few words on a few lines.
fn a_title<'a>(raw: &RawGame<'a>, toks: &[&Token<'a>]) -> bool {
    match (toks.first(), toks.last()) {
        (Some(a), Some(z)) => {
            let lines = raw.span_of(z).line.saturating_sub(raw.span_of(a).line);
            lines < TITLE_LINES && toks.len() <= TITLE_WORDS
        }
        _ => true,
    }
}

/// The tokens of a game so far are words of prose and punctuation only, a title's few:
/// the `1.` after an empty line starts the game they head, not another one.
pub(super) fn title_only<'a>(raw: &RawGame<'a>, tokens: &[Token<'a>]) -> bool {
    // Asked once a game of a file without tags: the first move of a game stops it.
    let main = || tokens.iter().filter(|t| t.depth() == 0);
    let words = main().all(|t| match t.kind() {
        TokenKind::Comment | TokenKind::Nag(_) | TokenKind::MoveNumber { .. } => true,
        TokenKind::Move => prose_word(raw.word(t)) || punctuation(raw.word(t)),
        _ => false,
    });
    words
        && main().any(|t| t.kind() == TokenKind::Move)
        && a_title(raw, &main().collect::<Vec<_>>())
}

/// The words of tokens that are moves as written (others give an empty word).
fn words<'a>(raw: &RawGame<'a>, toks: &[&Token<'a>]) -> Vec<&'a str> {
    toks.iter().map(|t| word_of(raw, t).unwrap_or("")).collect()
}

/// The prose of a run after the last move: after the words that say how the game ended
/// right after the move (`matto, una bella trappola`: after `matto`), and before those
/// that end the run saying it (`e il nero abbandona`: `e`), which [`super::end_words`]
/// reads or leaves unread (`matto` after a move that gives no mate is never prose).
fn trailing_prose<'a>(
    raw: &RawGame<'a>,
    main: &[&Token<'a>],
    start: usize,
    end: usize,
) -> (usize, usize) {
    let mut from = start;
    while let Some(len) = begins_end(&words(raw, &main[from..end])) {
        from += len;
    }
    let to = (from..end)
        .find(|&k| {
            let w = words(raw, &main[k..end]);
            // `la posizione è pari`: level, not drawn; `pari` alone ends a game.
            let level = k > from && w[0].to_lowercase().starts_with("pari");
            !level && ends_game(&w)
        })
        .unwrap_or(end);
    (from, to)
}

/// Reads the main line's runs of prose as comments: blanks them in `d`, with one
/// `prose-in-movetext` warning each naming the words; returns the main line without them
/// (for [`super::end_words`]) and the runs' places, or `None` when there is no run.
pub(super) fn read<'t, 'a>(
    d: &mut Draft<'_>,
    raw: &RawGame<'a>,
    main: &[&'t Token<'a>],
) -> Option<(Vec<&'t Token<'a>>, Vec<Span>)> {
    let runs = runs(raw, main);
    if runs.is_empty() {
        return None;
    }
    let mut places = Vec::with_capacity(runs.len());
    for &(a, b) in &runs {
        let (first, last) = (raw.span_of(main[a]), raw.span_of(main[b - 1]));
        d.blank(first.start, last.end);
        let span = Span {
            end: last.end,
            ..first
        };
        let written = raw.source.get(first.start..last.end).unwrap_or("");
        d.notes
            .push(notation::prose_in_movetext(&shortened(written)).at(span));
        places.push(span);
    }
    let mut kept = Vec::with_capacity(main.len());
    let mut runs = runs.iter().peekable();
    for (i, t) in main.iter().enumerate() {
        while runs.peek().is_some_and(|r| r.1 <= i) {
            runs.next();
        }
        if runs.peek().is_none_or(|r| r.0 > i) {
            kept.push(*t);
        }
    }
    Some((kept, places))
}

/// The words as a message quotes them: blanks and line ends as single spaces, and when
/// long, the first words and the last with `…` between.
fn shortened(written: &str) -> String {
    let words: Vec<&str> = written.split_whitespace().collect();
    let all = words.join(" ");
    if all.chars().count() <= 60 {
        return all;
    }
    let head: String = all.chars().take(40).collect();
    let head = head.rsplit_once(' ').map_or(head.as_str(), |(h, _)| h);
    let tail: String = {
        let mut t = String::new();
        for w in words.iter().rev() {
            if t.chars().count() + w.chars().count() > 15 {
                break;
            }
            t = if t.is_empty() {
                (*w).to_string()
            } else {
                format!("{w} {t}")
            };
        }
        t
    };
    format!("{head} … {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_and_words_that_could_be_moves() {
        for w in [
            "Il",
            "bianco",
            "l'alfiere",
            "Nimzo-indiana,",
            "«bella»",
            "più",
            "e",
            "ora",
            "calma.",
            "D",
            "xyz",
            "Re",
            "(vedi",
            "diagramma)",
        ] {
            assert!(prose_word(w), "{w}");
        }
        for w in [
            "e4", "Cd5", "Axb5", "a6", "O-O", "o-o", "12", "Zf3", "x_y", "Cf6??4.", "e4-e5", "–",
            "", "1918", "OO",
        ] {
            assert!(!prose_word(w), "{w}");
        }
    }

    #[test]
    fn long_words_are_shortened() {
        assert_eq!(shortened("una  bella\nmossa"), "una bella mossa");
        let long = "il bianco prepara con calma la spinta centrale mentre il nero cerca gioco sul lato di donna";
        assert_eq!(
            shortened(long),
            "il bianco prepara con calma la spinta … lato di donna"
        );
    }
}
