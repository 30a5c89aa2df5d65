//! How the reader of SuperScacchi score sheets says what it met (`formats.md` §1, R7,
//! R32-R34): one constructor per finding, in English and Italian, taking plain data; the
//! reader adds where it is (`.at(span)`, `.on_sheet(...)`). What the move reader expected
//! is a [`SheetSyntax`], which says itself.

use crate::finding::{Code, Finding};
use crate::geometry::Army;
use crate::lang::{Bi, Lang, Say};
use std::borrow::Cow;

/// What the reader of one sheet move (R33) expected where it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetSyntax {
    /// `++++`: four pluses.
    FourPluses,
    /// Six pluses or more.
    TooManyPluses,
    /// Something after the move that is none of its parts.
    AfterTheMove,
    /// No piece letter.
    ExpectedPiece,
    /// No square the piece leaves.
    ExpectedFrom,
    /// No separator between the squares.
    ExpectedSeparator,
    /// No square the piece goes to.
    ExpectedTo,
    /// After `X`, neither the captured piece and its square nor a square.
    ExpectedCaptured,
    /// A second `=`.
    TwoPromotions,
    /// A second marker.
    TwoMarkers,
    /// `=` without a piece.
    ExpectedPromotion,
}

impl SheetSyntax {
    /// The texts, English and Italian.
    fn text(self) -> Bi<&'static str> {
        use SheetSyntax::*;
        let (en, it) = match self {
            FourPluses => ("`++++` is not a marker", "`++++` non è un segno"),
            TooManyPluses => ("too many `+`", "troppi `+`"),
            AfterTheMove => (
                "unexpected text after the move",
                "testo inatteso dopo la mossa",
            ),
            ExpectedPiece => (
                "expected a piece: P C A T R or Re",
                "atteso un pezzo: P C A T R o Re",
            ),
            ExpectedFrom => (
                "expected the square the piece leaves (a1 … p16)",
                "attesa la casa da cui parte il pezzo (a1 … p16)",
            ),
            ExpectedSeparator => (
                "expected a separator: - X + ++ +++ +++++ or 0",
                "atteso un separatore: - X + ++ +++ +++++ o 0",
            ),
            ExpectedTo => (
                "expected the square the piece goes to",
                "attesa la casa dove va il pezzo",
            ),
            ExpectedCaptured => (
                "expected the captured piece and its square (Cg3)",
                "attesi il pezzo preso e la sua casa (Cg3)",
            ),
            TwoPromotions => ("two promotions on one move", "due promozioni in una mossa"),
            TwoMarkers => ("two markers on one move", "due segni in una mossa"),
            ExpectedPromotion => (
                "expected the promotion piece: C A T R",
                "atteso il pezzo della promozione: C A T R",
            ),
        };
        Bi::new(en, it)
    }

    /// A suggestion, when there is one.
    ///
    /// ```
    /// use arbitro::finding::wording::sheet::SheetSyntax;
    /// assert!(SheetSyntax::FourPluses.hint().unwrap().en.contains("+++++"));
    /// ```
    pub fn hint(self) -> Option<Bi<&'static str>> {
        match self {
            SheetSyntax::FourPluses => Some(Bi::new(
                "did you mean +++ (imprisonment) or +++++ (flight)?",
                "intendevi +++ (imprigionamento) o +++++ (fuga)?",
            )),
            SheetSyntax::TooManyPluses => Some(Bi::new(
                "markers are + check, ++ mate, +++ imprisonment, +++++ flight",
                "i segni sono + scacco, ++ scacco matto, +++ imprigionamento, +++++ fuga",
            )),
            _ => None,
        }
    }
}

impl Say for SheetSyntax {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        Cow::Borrowed(self.text().get(lang))
    }
}

/// A tag pair of a sheet file that cannot be read.
pub fn bad_tag() -> Finding {
    Finding::said(
        Code::ParseError,
        Bi::new(
            "this tag pair cannot be read",
            "questa coppia di tag non si legge",
        ),
    )
    .labelled(Bi::new(
        "expected [Name \"value\"]",
        "atteso [Nome \"valore\"]",
    ))
}

/// R7: an `[Esercito]` tag naming no army; `value` as written.
pub fn not_an_army(value: &str) -> Finding {
    Finding::said(
        Code::ParseError,
        Bi::new(
            format!("`{value}` is not an army"),
            format!("`{value}` non è un esercito"),
        ),
    )
    .labelled(Bi::new("not an army", "non è un esercito"))
    .hinted(Bi::new(
        "armies are S O N E SO NO NE SE",
        "gli eserciti sono S O N E SO NO NE SE",
    ))
    .rule("R7")
}

/// R32: a move line before any `[Esercito]` tag.
pub fn move_before_any_sheet() -> Finding {
    Finding::said(
        Code::ParseError,
        Bi::new(
            "a move line before any [Esercito] tag",
            "una riga di mossa prima di ogni tag [Esercito]",
        ),
    )
    .labelled(Bi::new("whose sheet is this?", "di quale foglio è?"))
    .hinted(Bi::new(
        "start each sheet with [Esercito \"S\"] (or O N E SO NO NE SE)",
        "comincia ogni foglio con [Esercito \"S\"] (o O N E SO NO NE SE)",
    ))
    .rule("R32")
}

/// R32: `2 blu P …`, a move number without its dot; `number` and the `rest` of the line
/// as written.
pub fn number_without_dot(number: &str, rest: &str) -> Finding {
    Finding::said(
        Code::ParseError,
        Bi::new(
            format!("a move number is written with a dot: `{number}. {rest}`"),
            format!("il numero di mossa si scrive con il punto: `{number}. {rest}`"),
        ),
    )
    .labelled(Bi::new(
        "the number needs a dot",
        "al numero manca il punto",
    ))
    .rule("R32")
}

/// R32: a line of a sheet with no move number.
pub fn unnumbered_line() -> Finding {
    Finding::said(
        Code::ParseError,
        Bi::new(
            "expected a numbered move line: `12. rossa T l3 X Pl6 +`",
            "attesa una riga di mossa numerata: `12. rossa T l3 X Pl6 +`",
        ),
    )
    .labelled(Bi::new("no move number", "manca il numero di mossa"))
    .rule("R32")
}

/// R32: a move number too large to be one; `written` as written.
pub fn number_too_large(written: &str) -> Finding {
    Finding::said(
        Code::SheetNumbering,
        Bi::new(
            format!("`{written}` is too large to be a move number"),
            format!("`{written}` è troppo grande per essere un numero di mossa"),
        ),
    )
    .labelled(Bi::new("not a move number", "non è un numero di mossa"))
    .rule("R32")
}

/// R34: a lower-case word where the pen is written that is no pen (`verde`).
pub fn not_a_pen(word: &str) -> Finding {
    Finding::said(
        Code::WrongPen,
        Bi::new(
            format!("`{word}` is not a pen: the pens are blu, nera, rossa (R34)"),
            format!("`{word}` non è una penna: le penne sono blu, nera, rossa (R34)"),
        ),
    )
    .labelled(Bi::new(
        "unknown pen (blu, nera, rossa)",
        "penna sconosciuta (blu, nera, rossa)",
    ))
    .rule("R34")
}

/// R32: a sheet line numbered `number` where `expected` was due; a `1` in the middle of a
/// sheet hints at a missing `[Esercito]` line.
pub fn misnumbered(army: Army, number: u32, expected: u32) -> Finding {
    let restart = number == 1 && expected > 1;
    Finding::said(
        Code::SheetNumbering,
        Bi::new(
            format!("sheet {army} numbers this move {number}, but it is move {expected}"),
            format!("il foglio {army} numera questa mossa {number}, ma è la mossa {expected}"),
        ),
    )
    .labelled(Bi::new(
        format!("expected {expected}."),
        format!("atteso {expected}."),
    ))
    .rule("R32")
    .hinted(if restart {
        Bi::new(
            "the numbering starts again: does a new sheet begin here without its [Esercito \"…\"] line?",
            "la numerazione ricomincia: qui inizia un nuovo foglio senza la sua riga [Esercito \"…\"]?",
        )
    } else {
        Bi::new(
            format!("number the sheet's moves 1, 2, 3, …: this is its move {expected}"),
            format!("numera le mosse del foglio 1, 2, 3, …: questa è la sua mossa {expected}"),
        )
    })
}

/// R33: a move `mv` that cannot be read, with what was expected where the reader stopped;
/// the hint names the look-alike character the move holds (`unusual`, said by
/// [`super::notation::unusual_char`]), else it is the reader's own, if any.
pub fn unreadable_move(mv: &str, why: SheetSyntax, unusual: Option<Bi>) -> Finding {
    let f = Finding::said(
        Code::ParseError,
        Bi::new(
            format!("`{mv}`: {}", why.say(Lang::En)),
            format!("`{mv}`: {}", why.say(Lang::It)),
        ),
    )
    .labelled(why.text().owned())
    .rule("R33");
    if let Some(odd) = unusual {
        f.hinted(Bi::new(
            format!("the move holds {}: retype it", odd.en),
            format!("la mossa contiene {}: riscrivila", odd.it),
        ))
    } else if let Some(h) = why.hint() {
        f.hinted(h.owned())
    } else {
        f
    }
}
