//! The terminal's width, and what fits the tables and the board's legend into it: on an
//! 80-column terminal a table wraps its cells instead of its lines (between words, and in
//! a file path after a `/`: never inside a word, issue 32); at 200 columns it keeps its
//! rows on one line each.

use crate::report::grid::Grid;
use std::fmt;
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
            .then(|| comfy_table::Table::new().width())
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
    Table {
        grid: Grid::new(Vec::new()),
        width,
    }
}

/// A table for people in the house style ([`Grid`]'s look), `Display`ed at its width: its
/// cells wrap between words and in a path after a `/`, never inside a word.
#[derive(Debug, Clone)]
pub struct Table {
    grid: Grid,
    width: u16,
}

impl Table {
    /// Sets the header row.
    pub fn set_header<I>(&mut self, cells: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        self.grid
            .set_header(cells.into_iter().map(Into::into).collect());
        self
    }

    /// Adds a row.
    pub fn add_row<I>(&mut self, cells: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        self.grid.row(cells.into_iter().map(Into::into).collect());
        self
    }

    /// Column `column` is never narrower than `width` (when the table has room).
    pub fn floor(&mut self, column: usize, width: usize) -> &mut Self {
        self.grid.floor(column, width);
        self
    }

    /// How wide the table is with no cell wrapped.
    pub fn full_width(&self) -> usize {
        self.grid.full_width()
    }
}

impl fmt::Display for Table {
    /// The table without its last newline (as comfy-table wrote it); when even its
    /// narrowest columns do not fit the width, each row as a record instead
    /// ([`records`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = usize::from(self.width);
        let mut out = String::new();
        if self.grid.narrowest_width() > width && !self.grid.parts().0.is_empty() {
            let (header, rows) = self.grid.parts();
            records(header, rows, width, &mut out);
        } else {
            self.grid.render(width, &mut out);
        }
        f.write_str(out.strip_suffix('\n').unwrap_or(&out))
    }
}

/// A table too wide for `width` even with its cells wrapped, as records: each row's first
/// cell on a line (`file: samples/…`), then its other cells as `header: value`, separated
/// by ` · `, on lines broken between words and indented two spaces (issue 32: no word is
/// ever cut).
fn records(header: &[String], rows: &[Vec<String>], width: usize, out: &mut String) {
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    for row in rows {
        let mut fields = header
            .iter()
            .zip(row)
            .filter(|(_, v)| !v.trim().is_empty())
            .map(|(h, v)| format!("{}: {}", flat(h), flat(v)));
        if let Some(first) = fields.next() {
            out.push_str(&fit_lines(&first, width));
            out.push('\n');
        }
        let rest: Vec<String> = fields.collect();
        if !rest.is_empty() {
            out.push_str(&fit_lines(&format!("  {}", rest.join(" · ")), width));
            out.push('\n');
        }
    }
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
