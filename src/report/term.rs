//! The terminal's width, and what fits the tables and the board's legend into it: on an
//! 80-column terminal a table wraps its cells instead of its lines; at 200 columns it
//! keeps its rows on one line each.

use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use std::io::IsTerminal;

/// The width when nothing says otherwise (output to a file or a pipe, `COLUMNS` unset).
pub const DEFAULT_WIDTH: u16 = 80;

/// The narrowest width honoured: below it the tables could not keep a column per header.
pub const MIN_WIDTH: u16 = 40;

/// The output's width in columns: `COLUMNS` when it holds a number, else the terminal's
/// width when standard output is one, else 80. Never below [`MIN_WIDTH`].
pub fn width() -> u16 {
    let from_env = std::env::var("COLUMNS")
        .ok()
        .and_then(|v| v.trim().parse::<u16>().ok())
        .filter(|&w| w > 0);
    let from_tty = || {
        std::io::stdout()
            .is_terminal()
            .then(|| Table::new().width())
            .flatten()
            .filter(|&w| w > 0)
    };
    from_env
        .or_else(from_tty)
        .unwrap_or(DEFAULT_WIDTH)
        .max(MIN_WIDTH)
}

/// A table in the house style that wraps its cells to fit [`width`].
pub fn table() -> Table {
    table_for(width())
}

/// A table in the house style that wraps its cells to fit `width` columns.
pub fn table_for(width: u16) -> Table {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(width);
    t
}

/// How many columns `s` takes: its characters less our colours (`ESC [ … m`).
pub fn columns(s: &str) -> usize {
    let mut n = 0;
    let mut in_escape = false;
    for c in s.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (false, _) => n += 1,
            (true, 'm') => in_escape = false,
            (true, _) => {}
        }
    }
    n
}

/// Lays out `items` on lines of at most `width` columns, each line starting with
/// `indent` spaces and the items separated by `sep`; an item is never split (one longer
/// than the line stands alone on its line). Colours in an item take no columns.
pub fn wrap(items: &[String], sep: &str, indent: usize, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    let cols = columns;
    for item in items {
        if line.is_empty() {
            line = format!("{:indent$}{item}", "");
        } else if cols(&line) + cols(sep) + cols(item) <= width {
            line.push_str(sep);
            line.push_str(item);
        } else {
            out.push_str(&line);
            out.push('\n');
            line = format!("{:indent$}{item}", "");
        }
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Fits prose to `width` columns: a line wider than that is broken between words, its
/// next lines indented two more than it. Lines that fit (the tables' among them) stay.
pub fn fit_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        if columns(body) <= width {
            out.push_str(line);
            continue;
        }
        let indent = body.len() - body.trim_start().len();
        let mut current = " ".repeat(indent);
        let mut fresh = true;
        for word in body.split_whitespace() {
            if !fresh && columns(&current) + 1 + columns(word) > width {
                out.push_str(&current);
                out.push('\n');
                current = " ".repeat(indent + 2);
                fresh = true;
            }
            if !fresh {
                current.push(' ');
            }
            current.push_str(word);
            fresh = false;
        }
        out.push_str(&current);
        out.push('\n');
        if !line.ends_with('\n') {
            out.pop();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{columns, fit_lines, table_for, wrap};

    #[test]
    fn long_prose_breaks_between_words_with_a_hanging_indent() {
        assert_eq!(
            fit_lines("short\n  one two three four five\n", 14),
            "short\n  one two\n    three four\n    five\n"
        );
        // No newline at the end stays so.
        assert_eq!(fit_lines("one two", 4), "one\n  two");
    }

    fn widest(s: &str) -> usize {
        s.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn a_wide_table_wraps_its_cells_to_fit() {
        for width in [80u16, 200] {
            let mut t = table_for(width);
            t.set_header(["file", "sides", "result", "verdict", "errors", "warnings"]);
            t.add_row([
                "samples/superscacchi/leoni-tigri-partita1.txt",
                "Leoni (assedianti) – Tigri (assediati)",
                "Leoni 115 – Tigri 305; Tigri wins",
                "valid",
                "0",
                "3",
            ]);
            let s = t.to_string();
            assert!(widest(&s) <= usize::from(width), "{width}:\n{s}");
            // At 200 columns every row is one line: header, rule, row and two borders.
            if width == 200 {
                assert_eq!(s.lines().count(), 5, "{s}");
            }
        }
    }

    #[test]
    fn wrap_keeps_items_whole() {
        let items: Vec<String> = ["P pedone", "C cavallo", "A alfiere", "T torre"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            wrap(&items, "  ", 2, 24),
            "  P pedone  C cavallo\n  A alfiere  T torre\n"
        );
        assert_eq!(
            wrap(&items, "  ", 0, 200),
            "P pedone  C cavallo  A alfiere  T torre\n"
        );
        assert_eq!(columns("\x1b[1;38;5;210mS\x1b[0m O"), 3);
    }
}
