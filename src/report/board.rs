//! The board in the terminal: 16×16 SuperScacchi or 8×8 classical, with files and ranks,
//! red and green squares, each army in its colour (or plain text), the last move
//! highlighted and kings in sanctuary marked.

use crate::superscacchi::geometry::{Army, Sq, SquareKind};
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

/// Each army's colour (RGB), in [`Army::ALL`] order: besiegers in strong colours, besieged
/// in paler ones.
pub const ARMY_RGB: [(u8, u8, u8); 8] = [
    (200, 30, 30),   // S
    (250, 160, 60),  // SO
    (30, 90, 200),   // O
    (120, 200, 250), // NO
    (20, 140, 60),   // N
    (150, 230, 120), // NE
    (130, 40, 160),  // E
    (230, 150, 230), // SE
];

const ANSI256: [u8; 8] = [160, 215, 26, 117, 28, 149, 91, 218];

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

fn bg(colors: Colors, rgb: (u8, u8, u8), c256: u8) -> String {
    match colors {
        Colors::Plain => String::new(),
        Colors::Ansi256 => format!("\x1b[48;5;{c256}m"),
        Colors::TrueColor => format!("\x1b[48;2;{};{};{}m", rgb.0, rgb.1, rgb.2),
    }
}

const RESET: &str = "\x1b[0m";

/// Draws the board after `n` plies of `view`.
pub fn draw(view: &View, n: usize, colors: Colors) -> String {
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
            let code = board[i];
            let is_to = last.is_some_and(|p| p.to as usize == i);
            let is_from = last.is_some_and(|p| p.from as usize == i);
            let (content, army, sanctuary) = if size == 16 {
                let kind = Sq(i as u8).kind();
                match ss_piece(code) {
                    Some((a, l)) => (
                        format!("{l}{}", a.code()),
                        Some(a.index()),
                        kind != SquareKind::Ordinary,
                    ),
                    None => (
                        match kind {
                            SquareKind::Red => "##".to_string(),
                            SquareKind::Green => "++".to_string(),
                            SquareKind::Ordinary => ".".to_string(),
                        },
                        None,
                        false,
                    ),
                }
            } else {
                match classical_piece(code) {
                    Some((w, l)) => (
                        if w { l.to_string() } else { l.to_lowercase() },
                        Some(usize::from(w)),
                        false,
                    ),
                    None => (".".to_string(), None, false),
                }
            };
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
            let background = if is_to || is_from {
                bg(colors, (200, 180, 60), 178)
            } else if size == 16 {
                match Sq(i as u8).kind() {
                    SquareKind::Red => bg(colors, (150, 30, 30), 88),
                    SquareKind::Green => bg(colors, (30, 120, 50), 28),
                    SquareKind::Ordinary if (rank + file) % 2 == 0 => bg(colors, (70, 70, 70), 239),
                    SquareKind::Ordinary => bg(colors, (100, 100, 100), 243),
                }
            } else if (rank + file) % 2 == 0 {
                bg(colors, (110, 80, 50), 94)
            } else {
                bg(colors, (180, 150, 110), 180)
            };
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
    if size == 16 {
        let _ = writeln!(
            out,
            "     P pedone  C cavallo  A alfiere  T torre  R regina  K re · ## red  ++ green · !K king in sanctuary"
        );
    } else {
        let _ = writeln!(
            out,
            "     R re  D donna  T torre  A alfiere  C cavallo  P pedone · capitals White, small letters Black"
        );
    }
    if colors == Colors::Plain && last.is_some() {
        let _ = writeln!(out, "     < from, > to: the last move");
    }
    out
}
