//! A table in the house style (the look of comfy-table's `UTF8_FULL_CONDENSED`), laid out
//! here: a cell wraps at its spaces, and inside a file path after a `/`, never inside a word
//! (issue 32), and a table of a few rows costs a few microseconds, so that a tournament of
//! 1,000,000 players prints its 333,334 group tables in seconds (issue 25, point 10).
//!
//! ```
//! use arbitro::report::grid::Grid;
//!
//! let mut g = Grid::new(vec!["posto".into(), "giocatore".into()]);
//! g.row(vec!["1".into(), "Rossi Marco".into()]);
//! let mut out = String::new();
//! g.render(80, &mut out);
//! assert_eq!(
//!     out,
//!     "┌───────┬─────────────┐\n\
//!      │ posto ┆ giocatore   │\n\
//!      ╞═══════╪═════════════╡\n\
//!      │ 1     ┆ Rossi Marco │\n\
//!      └───────┴─────────────┘\n"
//! );
//! // At 20 columns the name wraps at its space, not inside a word.
//! out.clear();
//! g.render(20, &mut out);
//! assert!(out.contains("┆ Rossi     │\n") && out.contains("┆ Marco     │\n"));
//! ```

use std::borrow::Cow;
use unicode_width::UnicodeWidthChar;

/// A table: a header and rows of cells (a cell may hold several lines, `\n`-separated).
#[derive(Debug, Clone, Default)]
pub struct Grid {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    /// Columns that may not be narrower than a width (a name kept on one line).
    floors: Vec<(usize, usize)>,
}

/// How many columns `s` takes on a terminal: wide characters two, combining marks none,
/// our colours (`ESC [ … m`) none.
pub fn columns(s: &str) -> usize {
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return s.len();
    }
    let mut n = 0;
    let mut in_escape = false;
    for c in s.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (false, _) => n += c.width().unwrap_or(0),
            (true, 'm') => in_escape = false,
            (true, _) => {}
        }
    }
    n
}

/// The pieces a line may break between: its words, and inside a word the parts of a path
/// after each `/`. Each piece is `(text, starts a new word)`.
fn pieces(line: &str) -> impl Iterator<Item = (&str, bool)> {
    line.split(' ')
        .filter(|w| !w.is_empty())
        .flat_map(path_parts)
}

/// A word's parts: the word, or in a path the parts after each `/`. A `/` is a break only
/// in a word with a letter and with two characters or more on each side (`E/W/I`,
/// `1/0/0`, `partite/s` and a date stay whole).
fn path_parts(word: &str) -> impl Iterator<Item = (&str, bool)> {
    let path = word.contains('/') && word.chars().any(char::is_alphabetic);
    let mut start = 0;
    std::iter::from_fn(move || {
        let rest = word.get(start..).filter(|r| !r.is_empty())?;
        let cut = if path {
            rest.match_indices('/')
                .map(|(i, _)| i)
                .find(|&i| {
                    rest[..i].chars().nth(1).is_some() && rest[i + 1..].chars().nth(1).is_some()
                })
                .map_or(rest.len(), |i| i + 1)
        } else {
            rest.len()
        };
        let first = start == 0;
        start += cut;
        Some((&rest[..cut], first))
    })
}

/// The widest piece of `cell`: the narrowest its column can be without cutting a word.
fn narrowest(cell: &str) -> usize {
    cell.lines()
        .flat_map(pieces)
        .map(|(p, _)| columns(p))
        .max()
        .unwrap_or(0)
}

/// The widest line of `cell`.
fn widest(cell: &str) -> usize {
    cell.lines().map(columns).max().unwrap_or(0)
}

/// A cell's lines once laid out: most cells are one line that fits.
enum Lines<'a> {
    One(&'a str),
    Many(Vec<Cow<'a, str>>),
}

impl<'a> Lines<'a> {
    fn of(cell: &'a str, width: usize) -> Self {
        if !cell.contains('\n') && columns(cell) <= width {
            Lines::One(cell)
        } else {
            Lines::Many(wrap(cell, width))
        }
    }

    fn len(&self) -> usize {
        match self {
            Lines::One(_) => 1,
            Lines::Many(v) => v.len(),
        }
    }

    fn get(&self, i: usize) -> &str {
        match self {
            Lines::One(s) => {
                if i == 0 {
                    s
                } else {
                    ""
                }
            }
            Lines::Many(v) => v.get(i).map_or("", |l| l),
        }
    }

    fn width(&self) -> usize {
        (0..self.len())
            .map(|i| columns(self.get(i)))
            .max()
            .unwrap_or(0)
    }
}

/// `cell` cut into lines of at most `width` columns at its break points (a piece wider than
/// `width` stands alone on its line, whole).
fn wrap(cell: &str, width: usize) -> Vec<Cow<'_, str>> {
    let mut out = Vec::new();
    for line in cell.split('\n') {
        if columns(line) <= width {
            out.push(Cow::Borrowed(line));
            continue;
        }
        let mut current = String::new();
        let mut used = 0;
        for (piece, new_word) in pieces(line) {
            let w = columns(piece);
            let space = new_word && !current.is_empty();
            if !current.is_empty() && used + usize::from(space) + w > width {
                out.push(Cow::Owned(std::mem::take(&mut current)));
                used = 0;
            }
            if new_word && !current.is_empty() {
                current.push(' ');
                used += 1;
            }
            current.push_str(piece);
            used += w;
        }
        out.push(Cow::Owned(current));
    }
    out
}

impl Grid {
    /// A table with this header (an empty header draws no header row).
    pub fn new(header: Vec<String>) -> Self {
        Grid {
            header,
            rows: Vec::new(),
            floors: Vec::new(),
        }
    }

    /// Sets the header row.
    pub fn set_header(&mut self, header: Vec<String>) {
        self.header = header;
    }

    /// Column `column` gives way no narrower than `width` while wider columns can.
    pub fn floor(&mut self, column: usize, width: usize) {
        self.floors.push((column, width));
    }

    /// The table's width with no cell wrapped.
    pub fn full_width(&self) -> usize {
        let want = self.wanted();
        want.iter().map(|w| w + 3).sum::<usize>() + 1
    }

    /// The narrowest the table can be without cutting a word.
    pub fn narrowest_width(&self) -> usize {
        let least = self.least(&self.wanted());
        least.iter().map(|w| w + 3).sum::<usize>() + 1
    }

    /// Each column's widest word (or its floor), given its widest lines `want`.
    fn least(&self, want: &[usize]) -> Vec<usize> {
        let mut least = vec![0; want.len()];
        for row in self.lines() {
            for (i, cell) in row.iter().enumerate() {
                least[i] = least[i].max(narrowest(cell));
            }
        }
        for &(i, w) in &self.floors {
            if i < least.len() {
                least[i] = least[i].max(w.min(want[i]));
            }
        }
        least
    }

    /// The header and the rows, for a layout of another shape.
    pub fn parts(&self) -> (&[String], &[Vec<String>]) {
        (&self.header, &self.rows)
    }

    /// Each column's widest line.
    fn wanted(&self) -> Vec<usize> {
        let n = self.lines().map(Vec::len).max().unwrap_or(0);
        let mut want = vec![0; n];
        for row in self.lines() {
            for (i, cell) in row.iter().enumerate() {
                want[i] = want[i].max(widest(cell));
            }
        }
        want
    }

    /// Adds a row.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn lines(&self) -> impl Iterator<Item = &Vec<String>> {
        (!self.header.is_empty())
            .then_some(&self.header)
            .into_iter()
            .chain(&self.rows)
    }

    /// The columns' widths for a table of at most `width` columns: each column as wide as
    /// its widest line while that fits; else the widest columns give way, one column at a
    /// time, down to their widest word (a table of long words may stay wider than `width`).
    fn widths(&self, width: usize) -> Vec<usize> {
        let mut want = self.wanted();
        let n = want.len();
        let room = width.saturating_sub(3 * n + 1);
        let mut total: usize = want.iter().sum();
        if total <= room {
            return want;
        }
        let least = self.least(&want);
        while total > room {
            let widest = (0..n)
                .filter(|&i| want[i] > least[i])
                .max_by_key(|&i| (want[i], std::cmp::Reverse(i)));
            let Some(i) = widest else { break };
            want[i] -= 1;
            total -= 1;
        }
        want
    }

    /// The table at most `width` columns wide (wider only where a word does not fit),
    /// appended to `out`, each line ending in `\n`.
    pub fn render(&self, width: usize, out: &mut String) {
        let limits = self.widths(width);
        let n = limits.len();
        if n == 0 {
            return;
        }
        let wrapped: Vec<Vec<Lines>> = self
            .lines()
            .map(|row| {
                (0..n)
                    .map(|i| Lines::of(row.get(i).map_or("", String::as_str), limits[i]))
                    .collect()
            })
            .collect();
        let mut w = vec![0; n];
        for row in &wrapped {
            for (i, cell) in row.iter().enumerate() {
                w[i] = w[i].max(cell.width());
            }
        }
        // Box-drawing characters take three bytes each.
        let line_bytes = 3 * (w.iter().map(|c| c + 3).sum::<usize>() + 1) + 1;
        out.reserve(line_bytes * (wrapped.len() + 3));
        rule(out, &w, ['┌', '─', '┬', '┐']);
        for (k, row) in wrapped.iter().enumerate() {
            let height = row.iter().map(Lines::len).max().unwrap_or(1);
            for line in 0..height {
                out.push('│');
                for (i, cell) in row.iter().enumerate() {
                    let text = cell.get(line);
                    out.push(' ');
                    out.push_str(text);
                    pad(out, w[i] - columns(text) + 1);
                    out.push(if i + 1 == n { '│' } else { '┆' });
                }
                out.push('\n');
            }
            if k == 0 && !self.header.is_empty() && wrapped.len() > 1 {
                rule(out, &w, ['╞', '═', '╪', '╡']);
            }
        }
        rule(out, &w, ['└', '─', '┴', '┘']);
    }
}

/// `n` spaces.
fn pad(out: &mut String, n: usize) {
    const SPACES: &str = "                                                                ";
    let mut left = n;
    while left > 0 {
        let k = left.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        left -= k;
    }
}

/// A horizontal line: left end, fill, crossing, right end.
fn rule(out: &mut String, widths: &[usize], [left, fill, cross, right]: [char; 4]) {
    out.push(left);
    for (i, &w) in widths.iter().enumerate() {
        if i > 0 {
            out.push(cross);
        }
        for _ in 0..w + 2 {
            out.push(fill);
        }
    }
    out.push(right);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comfy(header: &[&str], rows: &[&[&str]], width: u16) -> String {
        use comfy_table::{ContentArrangement, presets::UTF8_FULL_CONDENSED};
        let mut t = comfy_table::Table::new();
        t.load_preset(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(width);
        t.set_header(header.to_vec());
        for r in rows {
            t.add_row(r.to_vec());
        }
        format!("{t}\n")
    }

    fn grid(header: &[&str], rows: &[&[&str]], width: usize) -> String {
        let mut g = Grid::new(header.iter().map(|s| s.to_string()).collect());
        for r in rows {
            g.row(r.iter().map(|s| s.to_string()).collect());
        }
        let mut out = String::new();
        g.render(width, &mut out);
        out
    }

    #[test]
    fn a_table_that_fits_looks_as_comfy_table_draws_it() {
        let header = ["posto", "n.", "giocatore", "1", "2", "punti"];
        let rows: [&[&str]; 3] = [
            &["1", "2", "Rossi Marco", "·", "1", "1"],
            &["2–3", "1", "Niccolò Bianchi", "0", "×", "½"],
            &["2–3", "3", "", "½", "·", "½"],
        ];
        assert_eq!(grid(&header, &rows, 80), comfy(&header, &rows, 80));
    }

    #[test]
    fn a_narrow_table_wraps_between_words_and_after_slashes_only() {
        let header = ["file", "message"];
        let rows: [&[&str]; 1] = [&[
            "partite/girone1/leoni-tigri-partita1.txt",
            "the queen on d1 cannot reach h4 in one move",
        ]];
        let out = grid(&header, &rows, 40);
        for word in ["leoni-tigri-partita1.txt", "cannot", "queen", "reach"] {
            assert!(out.contains(word), "{word} was cut:\n{out}");
        }
        assert!(out.lines().all(|l| columns(l) <= 40), "{out}");
    }

    #[test]
    fn a_word_wider_than_the_table_stays_whole() {
        let out = grid(&["x"], &[&["abcdefghijklmnopqrstuvwxyz"]], 10);
        assert!(out.contains("abcdefghijklmnopqrstuvwxyz"));
    }
}
