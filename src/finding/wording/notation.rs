//! How the reader of classical game files says what it met (`formats.md` section 3): the
//! syntax errors of movetext and tags, and the forms it read as plain ones. One
//! constructor per finding, in English and Italian, taking plain data; the lexer adds
//! where it is (`.at(span)`).

use crate::finding::{Code, Finding};
use crate::lang::Bi;

/// A `parse-error` of the lexer: what is wrong, the label under the caret, a hint.
fn syntax(
    message: Bi<&'static str>,
    label: Bi<&'static str>,
    hint: Option<Bi<&'static str>>,
) -> Finding {
    let f = Finding::said(Code::ParseError, message.owned()).labelled(label.owned());
    match hint {
        Some(h) => f.hinted(h.owned()),
        None => f,
    }
}

/// A `{` without its `}`.
pub fn unclosed_comment() -> Finding {
    syntax(
        Bi::new(
            "this comment is never closed",
            "questo commento non viene mai chiuso",
        ),
        Bi::new(
            "`{` without a matching `}`",
            "`{` senza la `}` che lo chiude",
        ),
        Some(Bi::new(
            "close the comment with `}`",
            "chiudi il commento con `}`",
        )),
    )
}

/// A `(` without its `)` at the end of the game.
pub fn unclosed_variation() -> Finding {
    syntax(
        Bi::new(
            "a variation is never closed",
            "una variante non viene mai chiusa",
        ),
        Bi::new(
            "`(` without a matching `)`",
            "`(` senza la `)` che la chiude",
        ),
        Some(Bi::new(
            "close the variation with `)`",
            "chiudi la variante con `)`",
        )),
    )
}

/// A `)` on the main line, not after a move number.
pub fn unmatched_paren() -> Finding {
    syntax(
        Bi::new("`)` closes no variation", "`)` non chiude nessuna variante"),
        Bi::new("unmatched `)`", "`)` senza `(`"),
        None,
    )
}

/// A `$` without the number of a NAG.
pub fn dollar_without_number() -> Finding {
    syntax(
        Bi::new(
            "`$` must be followed by a number",
            "`$` deve essere seguito da un numero",
        ),
        Bi::new("not a NAG", "non è un NAG"),
        None,
    )
}

/// A second result after the game's result (PGN 8.2.6); `word` as written.
pub fn stray_result(word: &str) -> Finding {
    Finding::said(
        Code::StrayResult,
        Bi::new(
            format!("`{word}` follows the game's result"),
            format!("`{word}` segue il risultato della partita"),
        ),
    )
    .labelled(Bi::new("a second result", "un secondo risultato"))
    .rule("PGN 8.2.6")
}

/// A tag pair that cannot be read (PGN 8.1): its line is passed over.
pub fn bad_tag() -> Finding {
    Finding::said(
        Code::BadTag,
        Bi::new(
            "this tag pair cannot be read: its line is passed over",
            "questa coppia di tag non si legge: la sua riga viene saltata",
        ),
    )
    .labelled(Bi::new(
        "expected [Name \"value\"]",
        "atteso [Nome \"valore\"]",
    ))
    .rule("PGN 8.1")
}

/// A form read as a plain one (FIDE C), said once a game.
fn form(code: Code, message: Bi<&'static str>) -> Finding {
    Finding::said(code, message.owned()).rule("FIDE C")
}

/// Characters that look like plain ones, read as them (`normalized-character`).
pub fn lookalikes_read() -> Finding {
    form(
        Code::NormalizedCharacter,
        Bi::new(
            "characters that look like plain ones (a no-break space, a dash, a glyph) were read as their plain forms",
            "caratteri simili a quelli semplici (uno spazio indivisibile, un trattino, un glifo) sono stati letti come quelli semplici",
        ),
    )
}

/// `1. ... Ca5`: the dots of a black move written apart from its number, `number` (when
/// a number stands before them).
pub fn spaced_dots(number: Option<u32>) -> Finding {
    let message = match number {
        Some(n) => Bi::new(
            format!("`...` written apart from the move number: read as `{n}...`"),
            format!("`...` staccato dal numero di mossa: letto come `{n}...`"),
        ),
        None => Bi::new(
            "`...` written apart from a move number: read as the dots of a Black move".to_string(),
            "`...` staccato da un numero di mossa: letto come i puntini di una mossa del Nero"
                .to_string(),
        ),
    };
    Finding::said(Code::NonStandardNotation, message).rule("FIDE C")
}

/// A result written in a form other than PGN's (`1–0`, `1:0`, `1 - 0`, `½:½`, `0,5-0,5`),
/// read as `read` (`normalized-character`, issue 25): the form is named.
pub fn result_lookalike(written: &str, read: &str) -> Finding {
    Finding::said(
        Code::NormalizedCharacter,
        Bi::new(
            format!("the result written `{written}` is read as `{read}`"),
            format!("il risultato scritto `{written}` è letto come `{read}`"),
        ),
    )
    .rule("PGN 8.2.6")
}

/// A result tag whose value is none of the results nor a look-alike of one (issue 25):
/// `tag` its name as written, `value` quoted. The game's result is not read from it.
pub fn unreadable_result(tag: &str, value: &str) -> Finding {
    Finding::said(
        Code::UnreadableResult,
        Bi::new(
            format!("[{tag} \"{value}\"] is not a result: no result is read from it"),
            format!("[{tag} \"{value}\"] non è un risultato: non se ne legge nessun risultato"),
        ),
    )
    .labelled(Bi::new(
        "expected 1-0, 0-1, 1/2-1/2 or *",
        "atteso 1-0, 0-1, 1/2-1/2 o *",
    ))
    .hinted(Bi::new(
        "write the result as 1-0 (White won), 0-1 (Black won), 1/2-1/2 (a draw) or * (not known yet)",
        "scrivi il risultato come 1-0 (vince il Bianco), 0-1 (vince il Nero), 1/2-1/2 (patta) o * (non ancora noto)",
    ))
    .rule("PGN 8.1.1.7")
}

/// A `{` inside a comment (PGN 5: brace comments do not nest): the comment ends at its first
/// `}`, and what follows is read as moves (issue 25).
pub fn nested_brace() -> Finding {
    Finding::said(
        Code::NestedBrace,
        Bi::new(
            "`{` inside a comment: comments do not nest, so the comment ends at its first `}` and what follows is read as moves",
            "`{` dentro un commento: i commenti non si annidano, quindi il commento finisce alla sua prima `}` e quel che segue è letto come mosse",
        ),
    )
    .labelled(Bi::new("a `{` inside a comment", "una `{` dentro un commento"))
    .hinted(Bi::new(
        "write the inner braces as ( ) or [ ], or close the first comment before opening another",
        "scrivi le graffe interne come ( ) o [ ], o chiudi il primo commento prima di aprirne un altro",
    ))
    .rule("PGN 5")
}

/// `1) e4`: a move number written with a parenthesis.
pub fn paren_number() -> Finding {
    form(
        Code::NonStandardNotation,
        Bi::new(
            "a move number written `1)` is read as `1.`",
            "un numero di mossa scritto `1)` è letto come `1.`",
        ),
    )
}

/// What a character outside plain ASCII is, for [`unusual_char`] (found by
/// `notation::lookalike`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unusual<'a> {
    /// A fullwidth digit: its Unicode name's last word (`ONE`) and the digit.
    FullwidthDigit {
        /// `ZERO` … `NINE`.
        name: &'a str,
        /// The digit it looks like.
        digit: usize,
    },
    /// A known look-alike: its Unicode name and what it passes for (empty: invisible).
    LookAlike {
        /// The Unicode name.
        name: &'a str,
        /// The plain text it passes for.
        looks: &'a str,
    },
    /// A control character.
    Control,
    /// Any other character.
    Other,
}

/// The character `c` in words: its code point, its name when known, and what it looks
/// like (the Unicode name stays as Unicode gives it).
pub fn unusual_char(c: char, what: Unusual<'_>) -> Bi {
    let u = c as u32;
    match what {
        Unusual::FullwidthDigit { name, digit } => Bi::new(
            format!("U+{u:04X} FULLWIDTH DIGIT {name} looks like `{digit}`"),
            format!("U+{u:04X}, una cifra larga che sembra `{digit}`"),
        ),
        Unusual::LookAlike { name, looks: "" } => Bi::new(
            format!("U+{u:04X} {name}, an invisible character"),
            format!("U+{u:04X} {name}, un carattere invisibile"),
        ),
        Unusual::LookAlike { name, looks } => Bi::new(
            format!("U+{u:04X} {name} looks like `{looks}`"),
            format!("U+{u:04X} {name}, che sembra `{looks}`"),
        ),
        Unusual::Control => Bi::new(
            format!("U+{u:04X}, a control character"),
            format!("U+{u:04X}, un carattere di controllo"),
        ),
        Unusual::Other => Bi::new(
            format!("U+{u:04X} `{c}`, which is not a letter, digit or sign of the notation"),
            format!("U+{u:04X} `{c}`, che non è una lettera, una cifra o un segno della notazione"),
        ),
    }
}

/// An end of game written in words (issue 26), read as `result` (`1-0`, `0-1`,
/// `1/2-1/2`), or as the mate mark `#` when `result` is `None` (`matto`, `scacco matto`,
/// `mate`): `written` as it stands.
pub fn end_in_words(written: &str, result: Option<&str>) -> Finding {
    let message = match result {
        Some(r) => Bi::new(
            format!("`{written}` is read as the result {r}"),
            format!("`{written}` è letto come il risultato {r}"),
        ),
        None => Bi::new(
            format!("`{written}` is read as the mate mark `#`"),
            format!("`{written}` è letto come il segno di matto `#`"),
        ),
    };
    Finding::said(Code::ResultInWords, message).rule("PGN 8.2.6")
}

/// The press style (issue 26): White's and Black's moves written as one pair joined by a
/// dash (`e4-e5`, `Cxc7+ – Rd8`), read as two moves; `pair` the first pair so written.
pub fn press_style(pair: &str) -> Finding {
    Finding::said(
        Code::NonStandardNotation,
        Bi::new(
            format!("moves written in pairs joined by a dash, as newspapers print them (`{pair}`), are read as two moves each"),
            format!("mosse scritte a coppie unite da un trattino, come le stampano i giornali (`{pair}`), sono lette come due mosse ciascuna"),
        ),
    )
    .rule("FIDE C")
}

/// Words between the moves that cannot be moves (issue 26 point 5: a column's commentary,
/// a title), read as a comment: `words` as written, shortened when long.
pub fn prose_in_movetext(words: &str) -> Finding {
    Finding::said(
        Code::ProseInMovetext,
        Bi::new(
            format!("`{words}` is no move: read as a comment"),
            format!("`{words}` non è una mossa: letto come un commento"),
        ),
    )
    .labelled(Bi::new(
        "words read as a comment",
        "parole lette come commento",
    ))
    .hinted(Bi::new(
        "write commentary between braces { } so that it is never taken for moves",
        "scrivi i commenti tra parentesi graffe { }, così non vengono mai presi per mosse",
    ))
    .rule("PGN 5")
}

/// The hint of the first move that cannot be played in a text that mixes moves and prose
/// (issue 26 point 5): the word stands beside words read as a comment.
pub fn among_prose() -> Bi {
    Bi::<&'static str>::new(
        "this word stands among words read as commentary, and it cannot be read as the move due here: expected a move the position allows, a move number, or the commentary between braces { }",
        "questa parola sta tra parole lette come commento, e non si legge come la mossa attesa qui: ci si aspetta una mossa possibile nella posizione, un numero di mossa, o il commento tra parentesi graffe { }",
    )
    .owned()
}

/// A list's bullets before the moves (`• 1.e4 e5`, issue 26), read as blanks; `bullet` the
/// first one as written.
pub fn bullets_read(bullet: &str) -> Finding {
    Finding::said(
        Code::NonStandardNotation,
        Bi::new(
            format!("the list's bullets (`{bullet}`) between the moves are read as blanks"),
            format!("i punti elenco (`{bullet}`) tra le mosse sono letti come spazi"),
        ),
    )
    .rule("FIDE C")
}
