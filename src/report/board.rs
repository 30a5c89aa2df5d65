//! The board in the terminal: 16×16 SuperScacchi or 8×8 classical, with files and ranks,
//! red and green squares, each army in its colour (or plain text), the last move
//! highlighted and kings in sanctuary marked.

use crate::geometry::{Army, Role, Sq, SquareKind};
use crate::lang::{Lang, Say};
use crate::superscacchi::words::Pieces;
use crate::view::View;
use std::borrow::Cow;
use std::fmt::Write;

/// How to colour the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colors {
    /// No escape codes.
    Plain,
    /// 256-colour ANSI.
    Ansi256,
    /// 24-bit ANSI.
    TrueColor,
}

pub use super::palette::ARMY_RGB;
use super::palette::{
    ARMY_256, REFUGE_GREEN, REFUGE_RED, SQUARE_DARK, SQUARE_GREEN, SQUARE_LAST, SQUARE_LIGHT,
    SQUARE_RED, Shade,
};

/// The roles in the order of the boards' piece codes (`code - 1` modulo 6), the same on
/// both boards: pawn, knight, bishop, rook, queen, king.
const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// A piece as a board shows it. Its letter follows the language: in Italian R9's letters
/// on a SuperScacchi board (`R` the queen, `Re` the king, as the sheets write them) and the
/// Italian notation's on a classical board (`D` the queen, `R` the king); in English
/// FIDE's letters on both (`K Q R B N P`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Letter {
    /// The piece's kind.
    pub role: Role,
    /// On a classical board (else SuperScacchi's).
    pub classical: bool,
}

impl Say for Letter {
    fn say(&self, lang: Lang) -> Cow<'_, str> {
        let english = ["P", "N", "B", "R", "Q", "K"];
        let italian = if self.classical {
            ["P", "C", "A", "T", "D", "R"]
        } else {
            ["P", "C", "A", "T", "R", "Re"]
        };
        let i = ROLES.iter().position(|r| *r == self.role).unwrap_or(0);
        match lang {
            Lang::En => english[i].into(),
            Lang::It => italian[i].into(),
        }
    }
}

/// A piece's letter and name, for a legend: `Re re`, `K king`; on a classical board the
/// Italian queen is the `donna`.
pub fn letter_and_name(letter: Letter, lang: Lang) -> String {
    let name = match (letter.role, letter.classical) {
        (Role::Queen, true) => lang.t("queen", "donna").to_string(),
        (role, _) => Pieces(role, 1).say(lang).into_owned(),
    };
    format!("{} {name}", letter.say(lang))
}

/// The six pieces' letters and names, in the order of the boards' codes.
pub fn piece_legend(classical: bool, lang: Lang) -> Vec<String> {
    ROLES
        .iter()
        .map(|&role| letter_and_name(Letter { role, classical }, lang))
        .collect()
}

/// Decodes a SuperScacchi piece code: (army, its letter).
pub fn ss_piece(code: u8) -> Option<(Army, Letter)> {
    let c = code.checked_sub(1)?;
    let army = *Army::ALL.get(usize::from(c / 6))?;
    let role = ROLES[usize::from(c % 6)];
    Some((
        army,
        Letter {
            role,
            classical: false,
        },
    ))
}

/// Decodes a classical piece code: (white, its letter).
pub fn classical_piece(code: u8) -> Option<(bool, Letter)> {
    let c = code.checked_sub(1)?;
    let role = ROLES[usize::from(c % 6)];
    Some((
        c < 6,
        Letter {
            role,
            classical: true,
        },
    ))
}

fn fg(colors: Colors, army: usize) -> String {
    match colors {
        Colors::Plain => String::new(),
        Colors::Ansi256 => format!("\x1b[1;38;5;{}m", ARMY_256[army]),
        Colors::TrueColor => {
            let (r, g, b) = ARMY_RGB[army];
            format!("\x1b[1;38;2;{r};{g};{b}m")
        }
    }
}

fn bg(colors: Colors, (rgb, c256): Shade) -> String {
    match colors {
        Colors::Plain => String::new(),
        Colors::Ansi256 => format!("\x1b[48;5;{c256}m"),
        Colors::TrueColor => format!("\x1b[48;2;{};{};{}m", rgb.0, rgb.1, rgb.2),
    }
}

const RESET: &str = "\x1b[0m";

/// How to draw: colours, the language of the legend, and the width it wraps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Colours or plain text.
    pub colors: Colors,
    /// The legend's language.
    pub lang: Lang,
    /// The terminal's width in columns.
    pub width: usize,
}

/// What one square shows: its text, its colour (an army's index, a classical side, or a
/// refuge's mark), and whether a king stands in sanctuary on it. An empty refuge (R3) is a
/// filled square `■`, red or green; without colours the green one is hollow, `□` (never
/// `++`, the mate marker, nor `#`).
fn square_content(size: usize, i: usize, code: u8, style: &Style) -> (String, Ink, bool) {
    if size == 16 {
        let kind = Sq(i as u8).kind();
        return match ss_piece(code) {
            Some((a, l)) => (
                format!("{}{}", l.say(style.lang), a.code()),
                Ink::Army(a.index()),
                kind != SquareKind::Ordinary,
            ),
            None => match kind {
                SquareKind::Red => ("■".to_string(), Ink::Refuge(REFUGE_RED), false),
                SquareKind::Green if style.colors == Colors::Plain => {
                    ("□".to_string(), Ink::None, false)
                }
                SquareKind::Green => ("■".to_string(), Ink::Refuge(REFUGE_GREEN), false),
                SquareKind::Ordinary => (".".to_string(), Ink::None, false),
            },
        };
    }
    match classical_piece(code) {
        Some((w, l)) => {
            let letter = l.say(style.lang);
            let text = if w {
                letter.into_owned()
            } else {
                letter.to_lowercase()
            };
            (text, Ink::Side(w), false)
        }
        None => (".".to_string(), Ink::None, false),
    }
}

/// The colour of a square's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ink {
    /// The terminal's own.
    None,
    /// An army's colour (its index).
    Army(usize),
    /// A classical side: white or black.
    Side(bool),
    /// An empty refuge's mark.
    Refuge(Shade),
}

fn ink(colors: Colors, ink: Ink) -> String {
    match ink {
        Ink::None => String::new(),
        Ink::Army(a) => fg(colors, a),
        Ink::Side(true) => "\x1b[1;97m".to_string(),
        Ink::Side(false) => "\x1b[1;30m".to_string(),
        Ink::Refuge(((r, g, b), c256)) => match colors {
            Colors::Plain => String::new(),
            Colors::Ansi256 => format!("\x1b[38;5;{c256}m"),
            Colors::TrueColor => format!("\x1b[38;2;{r};{g};{b}m"),
        },
    }
}

/// The background of a square: the last move's squares on dark blue (a piece keeps its
/// colour and stays readable on it), else the square's own shade.
fn square_bg(colors: Colors, size: usize, rank: usize, file: usize, last: bool) -> String {
    let i = rank * size + file;
    let shade = if last {
        SQUARE_LAST
    } else if size == 16 {
        match Sq(i as u8).kind() {
            SquareKind::Red => SQUARE_RED,
            SquareKind::Green => SQUARE_GREEN,
            SquareKind::Ordinary if (rank + file).is_multiple_of(2) => SQUARE_DARK,
            SquareKind::Ordinary => SQUARE_LIGHT,
        }
    } else if (rank + file).is_multiple_of(2) {
        ((110, 80, 50), 94)
    } else {
        ((180, 150, 110), 180)
    };
    bg(colors, shade)
}

/// Each file's width in columns: one for the mark, then its widest square (3 on the 16×16
/// board, 2 on the classical one, at least). Only a file holding the king of a two-letter
/// army in Italian (`ReSO`) is wider: four such files at most, so the board still fits 80
/// columns.
fn file_widths(view: &View, board: &[u8], style: &Style) -> Vec<usize> {
    let size = view.size as usize;
    let least = if size == 16 { 3 } else { 2 };
    (0..size)
        .map(|file| {
            let widest = (0..size)
                .map(|rank| {
                    let i = rank * size + file;
                    square_content(size, i, board[i], style).0.chars().count()
                })
                .max()
                .unwrap_or(0);
            1 + widest.max(least)
        })
        .collect()
}

/// Draws the board after `n` plies of `view`, with its legend; `teams` (besiegers,
/// besieged) name each army's team in the legend.
pub fn draw(view: &View, n: usize, style: &Style, teams: Option<(&str, &str)>) -> String {
    let colors = style.colors;
    let board = view.board_at(n);
    let last = n.checked_sub(1).and_then(|i| view.plies.get(i));
    let size = view.size as usize;
    let widths = file_widths(view, &board, style);
    let mut out = String::new();
    let files: String = widths
        .iter()
        .enumerate()
        .map(|(f, &cell)| format!("{:^cell$}", (b'a' + f as u8) as char))
        .collect();
    let _ = writeln!(out, "     {files}");
    for rank in (0..size).rev() {
        let _ = write!(out, "{:>3} |", rank + 1);
        for (file, &cell) in widths.iter().enumerate() {
            let i = rank * size + file;
            let is_to = last.is_some_and(|p| p.to as usize == i);
            let is_from = last.is_some_and(|p| p.from as usize == i);
            let (content, colour, sanctuary) = square_content(size, i, board[i], style);
            // One mark before the content: the last move (plain text only: colour shows it
            // with the background), else a king in sanctuary.
            let mark = match (colors == Colors::Plain, is_to, is_from, sanctuary) {
                (true, true, _, _) => '>',
                (true, _, true, _) => '<',
                (_, _, _, true) => '!',
                _ => ' ',
            };
            let padded = format!("{mark}{content:<width$}", width = cell - 1);
            if colors == Colors::Plain {
                out.push_str(&padded);
                continue;
            }
            let background = square_bg(colors, size, rank, file, is_to || is_from);
            let foreground = ink(colors, colour);
            let _ = write!(out, "{background}{foreground}{padded}{RESET}");
        }
        let _ = writeln!(out, "| {:<3}", rank + 1);
    }
    let _ = writeln!(out, "     {files}");
    out.push_str(&legend(size, style, teams, last.is_some()));
    out
}

/// The legend under the board, wrapped to the terminal's width: the pieces, the squares,
/// each army's team (in its colour), and the marks.
fn legend(size: usize, style: &Style, teams: Option<(&str, &str)>, moved: bool) -> String {
    let t = |en, it| style.lang.t(en, it).to_string();
    let mut items: Vec<String> = piece_legend(size != 16, style.lang);
    if size == 16 {
        let swatch = |shade, plain: &str| match style.colors {
            Colors::Plain => plain.to_string(),
            c => format!("{}■{RESET}", ink(c, Ink::Refuge(shade))),
        };
        items.push(format!(
            "{} {}",
            swatch(REFUGE_RED, "■"),
            t("red square", "casa rossa")
        ));
        items.push(format!(
            "{} {}",
            swatch(REFUGE_GREEN, "□"),
            t("green square", "casa verde")
        ));
        let king = Letter {
            role: Role::King,
            classical: false,
        };
        items.push(format!(
            "!{} {}",
            king.say(style.lang),
            t("king in sanctuary", "re nel santuario")
        ));
        for (side, names) in [(0, ["S", "O", "N", "E"]), (1, ["SO", "NO", "NE", "SE"])] {
            let codes: Vec<String> = names
                .iter()
                .filter_map(|c| Army::ALL.iter().find(|a| a.code() == *c))
                .map(|a| match style.colors {
                    Colors::Plain => a.code().to_string(),
                    _ => format!("{}{}{RESET}", fg(style.colors, a.index()), a.code()),
                })
                .collect();
            let role = if side == 0 { "assedianti" } else { "assediati" };
            let team = teams.map(|(b, d)| if side == 0 { b } else { d });
            items.push(match team {
                Some(name) => format!("{} {name} ({role})", codes.join(" ")),
                None => format!("{} {role}", codes.join(" ")),
            });
        }
    } else {
        items.push(t(
            "capitals White, small letters Black",
            "maiuscole il Bianco, minuscole il Nero",
        ));
    }
    if style.colors == Colors::Plain && moved {
        items.push(t(
            "< from, > to: the last move",
            "< da, > a: l'ultima mossa",
        ));
    } else if moved {
        items.push(format!(
            "{}{}{RESET} {}",
            bg(style.colors, SQUARE_LAST),
            t("blue", "blu"),
            t("the last move", "l'ultima mossa")
        ));
    }
    super::term::wrap(&items, "  ", 5, style.width)
}

#[cfg(test)]
mod tests {
    use super::{Letter, ROLES, piece_legend};
    use crate::lang::{Lang, Say};

    /// R9's letters in Italian (`Re` the king, `R` the queen), the Italian notation's on
    /// the classical board, FIDE's in English.
    #[test]
    fn every_letter_follows_the_language() {
        let letters =
            |classical, lang| ROLES.map(|role| Letter { role, classical }.say(lang).into_owned());
        assert_eq!(letters(false, Lang::It), ["P", "C", "A", "T", "R", "Re"]);
        assert_eq!(letters(true, Lang::It), ["P", "C", "A", "T", "D", "R"]);
        assert_eq!(letters(false, Lang::En), ["P", "N", "B", "R", "Q", "K"]);
        assert_eq!(letters(true, Lang::En), ["P", "N", "B", "R", "Q", "K"]);
        assert_eq!(
            piece_legend(false, Lang::It).join(", "),
            "P pedone, C cavallo, A alfiere, T torre, R regina, Re re"
        );
        assert_eq!(
            piece_legend(true, Lang::It).join(", "),
            "P pedone, C cavallo, A alfiere, T torre, D donna, R re"
        );
        assert_eq!(
            piece_legend(false, Lang::En).join(", "),
            "P pawn, N knight, B bishop, R rook, Q queen, K king"
        );
    }
}
