//! R32a's first look: the numbers on the sheets. Each army's moves as the merge reads them
//! ([`Merged`]), with the slips the numbering shows: a move missing from a sheet (its
//! lines jump from k − 1 to k + 1) and a line written on the wrong sheet (a line out of
//! number order on one sheet, where another sheet lacks that number).
//!
//! The numbering only proposes; the replay judges ([`super::diagnose`]): a slip is
//! accepted when, read as proposed, the game replays further.

use super::turn::{Game, Slot, SlotKind};
use crate::finding::Code;
use crate::geometry::Army;
use crate::notation::superscacchi::{SheetLine, SsGame};

/// Where an army's next move comes from in the merge (R32, R32a).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A line of a sheet: the sheet's index in the game, the line's index in the sheet.
    Line(usize, usize),
    /// A move the army's sheet lacks (R32a): its number.
    Missing(u32),
    /// A line written on another sheet, read as this army's move (R32a): the sheet and
    /// line where it is written, and the number it has as this army's move.
    Moved(usize, usize, u32),
}

/// The eight sheets as the merge reads them: each army's moves in order (index of
/// [`Army::ALL`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Merged {
    /// Per army, its moves.
    pub moves: [Vec<Entry>; 8],
    /// Per army, the index of its sheet in the game.
    pub sheet_of: [usize; 8],
    /// Lines out of number order that no slip took, left where they are written: (sheet,
    /// line, number). One may be the move of an army whose sheet ends early (R32a).
    pub strays: Vec<(usize, usize, u32)>,
}

impl Merged {
    /// The sheets as written: each army's lines in order.
    pub fn plain(game: &SsGame<'_>, sheets: &[usize; 8]) -> Merged {
        Merged {
            moves: std::array::from_fn(|a| {
                (0..game.sheets[sheets[a]].lines.len())
                    .map(|l| Entry::Line(sheets[a], l))
                    .collect()
            }),
            sheet_of: *sheets,
            strays: Vec::new(),
        }
    }

    /// The sheet line an entry reads, if it reads one.
    pub fn line<'g, 'a>(game: &'g SsGame<'a>, e: Entry) -> Option<&'g SheetLine<'a>> {
        match e {
            Entry::Line(s, l) | Entry::Moved(s, l, _) => Some(&game.sheets[s].lines[l]),
            Entry::Missing(_) => None,
        }
    }

    /// R32a: `army`'s sheet ends while others go on. The line with its next number written
    /// on another sheet out of number order (a stray no slip took, or one read as another
    /// army's last move because its sheet looked one short), read as its move instead; `None`
    /// unless exactly one such line is there.
    pub fn stray_for(&self, army: Army) -> Option<Merged> {
        let a = army.index();
        let n = self.moves[a].len() as u32 + 1;
        let own = self.sheet_of[a];
        let mut fits: Vec<(usize, usize, Option<usize>)> = self
            .strays
            .iter()
            .filter(|t| t.2 == n && t.0 != own)
            .map(|&(s, l, _)| (s, l, None))
            .collect();
        for (b, moves) in self.moves.iter().enumerate() {
            if let Some(&Entry::Moved(s, l, m)) = moves.last()
                && b != a
                && m == n
                && s != own
            {
                fits.push((s, l, Some(b)));
            }
        }
        let [(s, l, taken_by)] = fits[..] else {
            return None;
        };
        let mut out = self.clone();
        match taken_by {
            Some(b) => {
                out.moves[b].pop();
            }
            None => {
                out.strays.retain(|t| (t.0, t.1) != (s, l));
                for moves in &mut out.moves {
                    moves.retain(|e| *e != Entry::Line(s, l));
                }
            }
        }
        out.moves[a].push(Entry::Moved(s, l, n));
        Some(out)
    }

    /// R32a: the one army with moves left where the merge stopped (the armies' cursors at
    /// `cursor`), if only one has: a sheet longer than the game, when every other sheet
    /// is played to its end.
    pub fn left_over(&self, cursor: &[usize; 8]) -> Option<Army> {
        let mut left = Army::ALL
            .into_iter()
            .filter(|a| cursor[a.index()] < self.moves[a.index()].len());
        match (left.next(), left.next()) {
            (Some(a), None) => Some(a),
            _ => None,
        }
    }

    /// The number an entry has as its army's move: the number written, or the slip's.
    pub fn number(game: &SsGame<'_>, e: Entry) -> u32 {
        match e {
            Entry::Line(s, l) => game.sheets[s].lines[l].number,
            Entry::Missing(n) | Entry::Moved(_, _, n) => n,
        }
    }
}

/// What the merge gives at the next turn slot (R31, R32).
#[derive(Debug)]
pub enum Next {
    /// Every army's moves are played: the game ends.
    Done,
    /// A turn slot without a move (lost or passed, R28–R30).
    NoMove(Slot),
    /// The army to move has no move left while others have (a `sheet-merge` error).
    Ends(Slot),
    /// The army's next move.
    Move(Slot, Entry),
}

/// Opens the next turn slot of `engine` and takes the moving army's next entry.
pub fn next(engine: &mut Game, merged: &Merged, cursor: &mut [usize; 8]) -> Next {
    if Army::ALL
        .iter()
        .all(|a| cursor[a.index()] >= merged.moves[a.index()].len())
    {
        return Next::Done;
    }
    let slot = engine.start_slot();
    if slot.kind != SlotKind::Move {
        return Next::NoMove(slot);
    }
    let a = slot.army.index();
    match merged.moves[a].get(cursor[a]) {
        None => Next::Ends(slot),
        Some(&e) => {
            cursor[a] += 1;
            Next::Move(slot, e)
        }
    }
}

/// The file lines whose numbers the merge reads as right: where the numbering findings
/// of the sheet parser are explained by the slips (R32a).
pub fn numbered_right(game: &SsGame<'_>, merged: &Merged) -> Vec<u32> {
    let mut out = Vec::new();
    // Only the sheets a slip mends: a number the parser could not read (too large) is
    // taken as due, and its finding stands.
    let mut mended: Vec<usize> = Vec::new();
    for (a, moves) in merged.moves.iter().enumerate() {
        for e in moves {
            match *e {
                Entry::Line(..) => {}
                Entry::Missing(_) => mended.push(merged.sheet_of[a]),
                Entry::Moved(s, ..) => mended.extend([s, merged.sheet_of[a]]),
            }
        }
    }
    for (a, moves) in merged.moves.iter().enumerate() {
        if !mended.contains(&merged.sheet_of[a]) {
            continue;
        }
        for (j, &e) in moves.iter().enumerate() {
            match e {
                Entry::Line(s, l) if game.sheets[s].lines[l].number == j as u32 + 1 => {
                    out.push(game.sheets[s].lines[l].span.line);
                }
                Entry::Moved(s, l, _) => out.push(game.sheets[s].lines[l].span.line),
                _ => {}
            }
        }
    }
    out
}

/// What the numbering of one sheet shows.
#[derive(Debug, Default)]
struct Numbering {
    /// Gaps: the index of the line after the gap, and the number missing.
    gaps: Vec<(usize, u32)>,
    /// Lines out of number order whose removal mends the numbering: the line's index.
    strays: Vec<usize>,
}

/// Reads a sheet's numbers 1, 2, 3…: a line one above the number due, with the next line
/// following it, is a gap; a line below it, or one that the next line's number shows does
/// not belong, is a stray, as is a last line numbered neither as due nor one above (another
/// army's line written after the sheet's end: an army out of play keeps a short sheet). The first line that neither explains ends the reading (the
/// R32 findings stand from there).
fn numbering(lines: &[SheetLine<'_>]) -> Numbering {
    let mut out = Numbering::default();
    let mut due = 1u32;
    for (i, line) in lines.iter().enumerate() {
        let n = line.number;
        let next = lines.get(i + 1).map(|l| l.number);
        if n == due {
            due += 1;
        } else if n == due + 1 && next.is_none_or(|m| m == n + 1) {
            out.gaps.push((i, due));
            due = n + 1;
        } else if next == Some(due) || (next.is_none() && n != due + 1) {
            out.strays.push(i);
        } else {
            break;
        }
    }
    out
}

/// The merge as the numbering proposes it: each gap a missing move, unless a stray line of
/// another sheet bears that number (then that line is read there, as a misplaced move). A
/// stray that no gap takes goes to the one army, if one, whose sheet ends one line short of
/// it (R8's `order`: its sheet is shorter than the next army's); otherwise it is left as
/// written, as is a gap that two strays could fill.
pub fn plan(game: &SsGame<'_>, sheets: &[usize; 8], order: &[Army; 8]) -> Merged {
    let mut merged = Merged::plain(game, sheets);
    // Numbers that run 1, 2, 3 on every sheet (the parser said nothing): no slip to read
    // from them, and nothing to scan (a clean game's speed, issue 33).
    if !game.errors.iter().any(|f| f.code == Code::SheetNumbering) {
        return merged;
    }
    let reads: [Numbering; 8] = std::array::from_fn(|a| numbering(&game.sheets[sheets[a]].lines));
    if reads
        .iter()
        .all(|r| r.gaps.is_empty() && r.strays.is_empty())
    {
        return merged;
    }
    // The strays, by the number they bear: (sheet, line, number).
    let strays: Vec<(usize, usize, u32)> = Army::ALL
        .iter()
        .flat_map(|a| {
            let s = sheets[a.index()];
            reads[a.index()]
                .strays
                .iter()
                .map(move |&l| (s, l, game.sheets[s].lines[l].number))
        })
        .collect();
    let mut taken: Vec<(usize, usize)> = Vec::new();
    for a in Army::ALL {
        let read = &reads[a.index()];
        // From the last gap back, so that the indexes before it stay true.
        for &(at, number) in read.gaps.iter().rev() {
            let fits: Vec<&(usize, usize, u32)> = strays
                .iter()
                .filter(|&&(s, _, n)| n == number && s != sheets[a.index()])
                .collect();
            let entry = match fits.as_slice() {
                [(s, l, _)] => {
                    taken.push((*s, *l));
                    Entry::Moved(*s, *l, number)
                }
                _ => Entry::Missing(number),
            };
            merged.moves[a.index()].insert(at, entry);
        }
    }
    last_lines(&mut merged, &strays, &mut taken, order);
    // A stray read on another sheet leaves its own.
    for moves in &mut merged.moves {
        moves.retain(|e| !matches!(e, Entry::Line(s, l) if taken.contains(&(*s, *l))));
    }
    merged.strays = strays
        .into_iter()
        .filter(|&(s, l, _)| !taken.contains(&(s, l)))
        .collect();
    merged
}

/// The strays no gap took, each read as the last move of the one army whose sheet ends
/// one line short of its number (a line written on the wrong sheet at the end of a game
/// leaves no gap) while a later turn slot was played: the next army's move of that number
/// (R8's `order`), or for the last army in the order (if no other fits) any army's next
/// move. `strays` as (sheet, line, number); `taken` grows.
fn last_lines(
    merged: &mut Merged,
    strays: &[(usize, usize, u32)],
    taken: &mut Vec<(usize, usize)>,
    order: &[Army; 8],
) {
    let left: Vec<(usize, usize, u32)> = strays
        .iter()
        .copied()
        .filter(|&(s, l, _)| !taken.contains(&(s, l)))
        .collect();
    for &(s, l, n) in &left {
        // An army's moves, without the strays left on its sheet.
        let len = |merged: &Merged, a: Army| {
            let own = left
                .iter()
                .filter(|t| t.0 == merged.sheet_of[a.index()])
                .count();
            merged.moves[a.index()].len() - own
        };
        let n = n as usize;
        let mut short: Vec<Army> = order
            .windows(2)
            .filter(|w| merged.sheet_of[w[0].index()] != s)
            .filter(|w| len(merged, w[0]) + 1 == n && len(merged, w[1]) >= n)
            .map(|w| w[0])
            .collect();
        // The last army in turn order, where no other fits: its move n comes before every
        // army's move n + 1. (Where another fits, a sheet that ends early takes the line
        // back in the replay, `Merged::stray_for`.)
        let last = order[7];
        if short.is_empty()
            && merged.sheet_of[last.index()] != s
            && len(merged, last) + 1 == n
            && order.iter().any(|&b| len(merged, b) > n)
        {
            short.push(last);
        }
        if let [a] = short[..] {
            merged.moves[a.index()].push(Entry::Moved(s, l, n as u32));
            taken.push((s, l));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    fn lines(numbers: &[u32]) -> Vec<SheetLine<'static>> {
        numbers
            .iter()
            .map(|&number| SheetLine {
                number,
                pen: None,
                text: "",
                span: Span::default(),
                parsed: None,
            })
            .collect()
    }

    #[test]
    fn a_gap_and_a_stray_are_read_from_the_numbers() {
        let n = numbering(&lines(&[1, 2, 3, 4, 6, 7, 8]));
        assert_eq!((n.gaps, n.strays), (vec![(4, 5)], vec![]));
        let n = numbering(&lines(&[1, 2, 3, 5, 4, 5, 6]));
        assert_eq!((n.gaps, n.strays), (vec![], vec![3]));
        let n = numbering(&lines(&[1, 2, 3, 4, 5, 5, 6]));
        assert_eq!((n.gaps, n.strays), (vec![], vec![5]));
        let n = numbering(&lines(&[1, 2, 3, 4, 9]));
        assert_eq!((n.gaps, n.strays), (vec![], vec![4]));
        let n = numbering(&lines(&[1, 2, 3, 4, 9, 10]));
        assert_eq!((n.gaps, n.strays), (vec![], vec![]));
        let n = numbering(&lines(&[1, 2, 4, 5, 7]));
        assert_eq!((n.gaps, n.strays), (vec![(2, 3), (4, 6)], vec![]));
    }
}
