//! Writes a replayed game as standard PGN (English SAN) or canonical Italian.

use super::replay::Replay;
use crate::notation::classical::{RawGame, TAG_NAMES, TokenKind};
use crate::notation::san::{Notation, write_san};
use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};
use std::fmt::Write;

/// The seven tags PGN requires, in order.
const SEVEN: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Writes the game: tags (PGN or Italian names), then the replayed moves wrapped at 80
/// columns, then the result. Only the replayed main line is written.
pub fn write_game(raw: &RawGame<'_>, replay: &Replay, notation: Notation) -> String {
    write_game_with(raw, replay, notation, &[])
}

/// [`write_game`] with what the sheet wrote around its moves kept: comments, NAGs and
/// variations, each after the move it follows (`text` is the file the game was read from).
/// A variation is copied as written when the notation does not change, and kept inside a
/// comment when it does (its moves are in the sheet's letters).
pub fn write_game_annotated(
    raw: &RawGame<'_>,
    replay: &Replay,
    notation: Notation,
    text: &str,
) -> String {
    let mut after: Vec<(u32, String)> = Vec::new();
    let mut ply: u32 = 0;
    let mut opened: Option<usize> = None;
    for t in &raw.tokens {
        match (t.kind(), t.depth()) {
            (TokenKind::Move, 0) => ply += 1,
            (TokenKind::Jolly, 0) => ply = ply.saturating_sub(2),
            (TokenKind::Comment, 0) => {
                after.push((ply, format!("{{{}}}", raw.word(t).trim())));
            }
            (TokenKind::Nag(n), 0) => after.push((ply, format!("${n}"))),
            (TokenKind::VariationStart, 1) => opened = Some(raw.range_of(t).start),
            (TokenKind::VariationEnd, 1) => {
                if let Some(start) = opened.take()
                    && let Some(v) = text.get(start..raw.range_of(t).end)
                {
                    let v = v.split_whitespace().collect::<Vec<_>>().join(" ");
                    after.push((
                        ply,
                        if notation == replay.notation {
                            v
                        } else {
                            format!("{{variation as written: {}}}", v.replace('}', ")"))
                        },
                    ));
                }
            }
            _ => {}
        }
    }
    write_moves(raw, replay, notation, &after)
}

/// [`write_game`] with a `{comment}` after the move of each listed ply (1-based; a `}` in
/// the text is written `)`).
pub fn write_game_with(
    raw: &RawGame<'_>,
    replay: &Replay,
    notation: Notation,
    comments: &[(u32, String)],
) -> String {
    let braced: Vec<(u32, String)> = comments
        .iter()
        .map(|(p, c)| (*p, format!("{{{}}}", c.replace('}', ")"))))
        .collect();
    write_moves(raw, replay, notation, &braced)
}

/// The game with the words of `after` written, as they are, after the move of their ply
/// (0: before the first move).
fn write_moves(
    raw: &RawGame<'_>,
    replay: &Replay,
    notation: Notation,
    after: &[(u32, String)],
) -> String {
    let mut out = write_tags(raw, replay, notation);
    out.push('\n');
    let mut lines = Lines::default();
    let mut after_comment = false;
    for (_, c) in after.iter().filter(|(p, _)| *p == 0) {
        lines.push(&mut out, c);
        after_comment = true;
    }
    let mut pos = replay.start.clone();
    for (i, &m) in replay.moves.iter().enumerate() {
        let number = pos.fullmoves();
        let white = pos.turn() == Color::White;
        let san_plus = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        let mut text = write_san(&san_plus.san, notation);
        if let Some(suffix) = san_plus.suffix {
            text.push(suffix.char());
        }
        let word = if white {
            format!("{number}.{text}")
        } else if i == 0 || after_comment {
            format!("{number}...{text}")
        } else {
            text
        };
        lines.push(&mut out, &word);
        after_comment = false;
        for (_, c) in after.iter().filter(|(p, _)| *p as usize == i + 1) {
            lines.push(&mut out, c);
            after_comment = true;
        }
    }
    lines.push(&mut out, replay.result.as_str());
    out.push_str(&lines.line);
    out.push('\n');
    out
}

/// The tag section: the seven tags first (PGN 8.1.1), then the others, by their Italian
/// names when the game is written in Italian.
fn write_tags(raw: &RawGame<'_>, replay: &Replay, notation: Notation) -> String {
    let mut out = String::new();
    let name_of = |pgn: &str| -> String {
        match notation {
            Notation::English => pgn.to_string(),
            Notation::Italian => TAG_NAMES
                .iter()
                .find(|(_, en)| *en == pgn)
                .map_or(pgn.to_string(), |(it, _)| (*it).to_string()),
        }
    };
    let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    for key in SEVEN {
        let value = if key == "Result" {
            replay.result.as_str().to_string()
        } else {
            raw.tag(key).unwrap_or("?").to_string()
        };
        let _ = writeln!(out, "[{} \"{}\"]", name_of(key), escape(&value));
    }
    for t in &raw.tags {
        let canonical = TAG_NAMES
            .iter()
            .find(|(it, en)| {
                t.tag.name.eq_ignore_ascii_case(it) || t.tag.name.eq_ignore_ascii_case(en)
            })
            .map_or(t.tag.name, |(_, en)| en);
        if SEVEN.contains(&canonical) {
            continue;
        }
        // PGN 9.7.2: a FEN tag goes with SetUp "1".
        if canonical == "FEN" && raw.tag("SetUp").is_none() {
            let _ = writeln!(out, "[SetUp \"1\"]");
        }
        let _ = writeln!(out, "[{} \"{}\"]", name_of(canonical), escape(&t.tag.value));
    }
    out
}

/// Movetext lines of at most 79 characters (PGN 8.2.1 asks for fewer than 80).
#[derive(Default)]
struct Lines {
    /// The line being filled.
    line: String,
}

impl Lines {
    /// Adds a word, first ending the line in `out` when the word would make it too long.
    fn push(&mut self, out: &mut String, word: &str) {
        if !self.line.is_empty() && self.line.len() + 1 + word.len() > 79 {
            out.push_str(&self.line);
            out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(word);
    }
}
