//! The board in the terminal: 16×16 SuperScacchi or 8×8 classical, with files and ranks,
//! red and green squares, each army in its colour (or plain text), the last move
//! highlighted and kings in sanctuary marked.

use crate::geometry::{Army, Sq, SquareKind};
use crate::lang::Lang;
use crate::view::View;
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

/// Each army's colour (RGB), in [`Army::ALL`] order: one family per team, so the teams
/// show at a glance — the besiegers (S O N E) warm, the besieged (SO NO NE SE) cool — and
/// within a family four hues apart. All are light: readable on every square of the
/// terminal's dark board (tests below) and under the black letters of the HTML viewer.
pub const ARMY_RGB: [(u8, u8, u8); 8] = [
    (255, 125, 115), // S: red
    (125, 170, 255), // SO: blue
    (255, 170, 60),  // O: orange
    (90, 220, 240),  // NO: cyan
    (245, 225, 70),  // N: yellow
    (200, 165, 255), // NE: lavender
    (255, 140, 225), // E: pink
    (150, 240, 180), // SE: mint
];

/// The same colours in the 256-colour palette.
const ANSI256: [u8; 8] = [210, 111, 214, 81, 221, 183, 213, 121];

/// The terminal's squares (RGB and 256-colour): dark, so that every army's light colour
/// reads on them; the last move on dark blue, which no army's colour is close to.
const SQUARE_DARK: ((u8, u8, u8), u8) = ((28, 28, 28), 234);
const SQUARE_LIGHT: ((u8, u8, u8), u8) = ((58, 58, 58), 237);
const SQUARE_RED: ((u8, u8, u8), u8) = ((105, 20, 20), 52);
const SQUARE_GREEN: ((u8, u8, u8), u8) = ((15, 75, 30), 22);
const SQUARE_LAST: ((u8, u8, u8), u8) = ((30, 40, 115), 17);

/// Decodes a SuperScacchi piece code: (army, letter).
pub fn ss_piece(code: u8) -> Option<(Army, &'static str)> {
    if code == 0 {
        return None;
    }
    let c = code - 1;
    let army = Army::ALL[(c / 6) as usize];
    let letter = ["P", "C", "A", "T", "R", "K"][(c % 6) as usize];
    Some((army, letter))
}

/// Decodes a classical piece code: (white, Italian letter).
pub fn classical_piece(code: u8) -> Option<(bool, &'static str)> {
    if code == 0 {
        return None;
    }
    let white = code <= 6;
    let letter = ["P", "C", "A", "T", "D", "R"][((code - 1) % 6) as usize];
    Some((white, letter))
}

fn fg(colors: Colors, army: usize) -> String {
    match colors {
        Colors::Plain => String::new(),
        Colors::Ansi256 => format!("\x1b[1;38;5;{}m", ANSI256[army]),
        Colors::TrueColor => {
            let (r, g, b) = ARMY_RGB[army];
            format!("\x1b[1;38;2;{r};{g};{b}m")
        }
    }
}

fn bg(colors: Colors, (rgb, c256): ((u8, u8, u8), u8)) -> String {
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

/// What one square shows: its text, the army (or classical side) of its piece, and
/// whether a king stands in sanctuary on it.
fn square_content(size: usize, i: usize, code: u8) -> (String, Option<usize>, bool) {
    if size == 16 {
        let kind = Sq(i as u8).kind();
        return match ss_piece(code) {
            Some((a, l)) => (
                format!("{l}{}", a.code()),
                Some(a.index()),
                kind != SquareKind::Ordinary,
            ),
            None => (
                match kind {
                    SquareKind::Red => "##",
                    SquareKind::Green => "++",
                    SquareKind::Ordinary => ".",
                }
                .to_string(),
                None,
                false,
            ),
        };
    }
    match classical_piece(code) {
        Some((w, l)) => (
            if w { l.to_string() } else { l.to_lowercase() },
            Some(usize::from(w)),
            false,
        ),
        None => (".".to_string(), None, false),
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

/// Draws the board after `n` plies of `view`, with its legend; `teams` (besiegers,
/// besieged) name each army's team in the legend.
pub fn draw(view: &View, n: usize, style: &Style, teams: Option<(&str, &str)>) -> String {
    let colors = style.colors;
    let board = view.board_at(n);
    let last = n.checked_sub(1).and_then(|i| view.plies.get(i));
    let size = view.size as usize;
    let cell = if size == 16 { 4 } else { 3 };
    let mut out = String::new();
    let files: String = (0..size)
        .map(|f| format!("{:^cell$}", (b'a' + f as u8) as char))
        .collect();
    let _ = writeln!(out, "     {files}");
    for rank in (0..size).rev() {
        let _ = write!(out, "{:>3} |", rank + 1);
        for file in 0..size {
            let i = rank * size + file;
            let is_to = last.is_some_and(|p| p.to as usize == i);
            let is_from = last.is_some_and(|p| p.from as usize == i);
            let (content, army, sanctuary) = square_content(size, i, board[i]);
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
            let foreground = match (size, army) {
                (16, Some(a)) => fg(colors, a),
                (_, Some(1)) => "\x1b[1;97m".to_string(),
                (_, Some(_)) => "\x1b[1;30m".to_string(),
                _ => String::new(),
            };
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
    let mut items: Vec<String> = Vec::new();
    if size == 16 {
        items.extend(
            [
                "P pedone",
                "C cavallo",
                "A alfiere",
                "T torre",
                "R regina",
                "K re",
            ]
            .map(String::from),
        );
        let swatch = |shade, text: &str| match style.colors {
            Colors::Plain => text.to_string(),
            c => format!("{}{text}{RESET}", bg(c, shade)),
        };
        items.push(format!(
            "{} {}",
            swatch(SQUARE_RED, "##"),
            t("red square", "casa rossa")
        ));
        items.push(format!(
            "{} {}",
            swatch(SQUARE_GREEN, "++"),
            t("green square", "casa verde")
        ));
        items.push(t("!K king in sanctuary", "!K re nel santuario"));
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
        items.extend(
            [
                "R re",
                "D donna",
                "T torre",
                "A alfiere",
                "C cavallo",
                "P pedone",
            ]
            .map(String::from),
        );
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
    use super::{
        ANSI256, ARMY_RGB, SQUARE_DARK, SQUARE_GREEN, SQUARE_LAST, SQUARE_LIGHT, SQUARE_RED,
    };

    /// WCAG's relative luminance.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// WCAG's contrast ratio (1 to 21).
    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// A colour of the 256-colour palette (the cube and the greys).
    fn xterm(code: u8) -> (u8, u8, u8) {
        const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];
        if code >= 232 {
            let v = 8 + 10 * (code - 232);
            return (v, v, v);
        }
        let c = usize::from(code - 16);
        (CUBE[c / 36], CUBE[(c / 6) % 6], CUBE[c % 6])
    }

    /// Every army reads on every square it can stand on, the last move's included (issue
    /// 17: N and E were lost on the dark squares, a king on the last move vanished):
    /// WCAG's 4.5 on the ordinary squares and the last move, 3 on the sanctuaries (where
    /// only kings stand), in 24-bit and in 256 colours.
    #[test]
    fn every_army_reads_on_every_square() {
        let squares = [
            (SQUARE_DARK, 4.5),
            (SQUARE_LIGHT, 4.5),
            (SQUARE_LAST, 4.5),
            (SQUARE_RED, 3.0),
            (SQUARE_GREEN, 3.0),
        ];
        for army in 0..8 {
            for ((rgb, code), least) in squares {
                let true_colour = contrast(ARMY_RGB[army], rgb);
                let palette = contrast(xterm(ANSI256[army]), xterm(code));
                assert!(
                    true_colour >= least && palette >= least,
                    "army {army} on {rgb:?}: {true_colour:.1} / {palette:.1}"
                );
            }
        }
    }

    /// Each team is one family: the besiegers (S O N E) warm, more red than blue; the
    /// besieged (SO NO NE SE) cool, more blue than red.
    #[test]
    fn a_team_is_one_colour_family() {
        for (i, &(r, _, b)) in ARMY_RGB.iter().enumerate() {
            let besieger = i % 2 == 0;
            assert_eq!(r > b, besieger, "army {i}: {:?}", ARMY_RGB[i]);
        }
    }
}
