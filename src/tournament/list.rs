//! The list of registered players `tournament new` reads, as people make it (issue 25):
//! one name a line, or a spreadsheet's export. A header row (`Cognome;Nome`, `Nome`,
//! `Cognome,Nome`, …) is recognised and skipped; columns separated by `;`, a tab or (after
//! such a header) `,` are joined into "Cognome Nome"; `#` lines are comments; blank lines
//! (and rows of empty cells) are skipped. A BOM and CRLF are dropped by the reader.
//!
//! A single column keeps a comma as part of the name: `Rossi, Anna` is T1's usual spelling.
//!
//! ```
//! use arbitro::tournament::list::read_list;
//! let l = read_list("\u{feff}Cognome;Nome\r\nRossi;Marco\r\n# ritirato\r\n\r\nBianchi;Anna\r\n").unwrap();
//! assert_eq!(l.names, ["Rossi Marco", "Bianchi Anna"]);
//! assert_eq!(l.header.as_deref(), Some(&["Cognome".to_string(), "Nome".to_string()][..]));
//! ```

use super::names;
use std::collections::HashMap;

/// What separates the columns of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Separator {
    /// `;` (spreadsheets in Italian).
    Semicolon,
    /// A tab (copied from a spreadsheet).
    Tab,
    /// `,`: only after a header row that uses it (a single column keeps `Rossi, Anna`).
    Comma,
}

impl Separator {
    fn char(self) -> char {
        match self {
            Separator::Semicolon => ';',
            Separator::Tab => '\t',
            Separator::Comma => ',',
        }
    }
}

/// A list as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerList {
    /// The names, in the list's order, trimmed, columns joined.
    pub names: Vec<String>,
    /// The column separator, when the rows have columns.
    pub separator: Option<Separator>,
    /// The header row skipped, cell by cell, as written.
    pub header: Option<Vec<String>>,
    /// The columns the names were made of (by their header, or numbered from 1), in the
    /// order they were joined.
    pub columns: Vec<String>,
}

/// Why a list gives no tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListError {
    /// No name at all (an empty file, or only comments, blank lines and a header).
    NoNames,
    /// Two names equal by T1.
    SameName {
        /// The first, as read.
        first: String,
        /// The second, as read.
        second: String,
        /// The second's line (1-based).
        line: u32,
    },
}

/// What a header cell says about its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Surname,
    Given,
    Full,
    Other,
}

fn role(cell: &str) -> Option<Role> {
    let c = names::key(cell).replace(['.', '°', 'º', ':'], "");
    let c = c.trim();
    Some(match c {
        "cognome" | "cognomi" | "surname" | "last name" | "lastname" | "family name" => {
            Role::Surname
        }
        "nome" | "nomi" | "first name" | "firstname" | "given name" | "name" | "names" => {
            Role::Given
        }
        "cognome e nome" | "nome e cognome" | "cognome nome" | "nome cognome" | "nominativo"
        | "giocatore" | "giocatori" | "giocatrice" | "alunno" | "alunni" | "alunna"
        | "studente" | "studenti" | "studentessa" | "iscritto" | "iscritti" | "partecipante"
        | "partecipanti" | "player" | "players" | "full name" | "student" | "pupil" => Role::Full,
        "n" | "nr" | "num" | "numero" | "#" | "id" | "classe" | "class" | "sezione" | "scuola"
        | "school" | "età" | "eta" | "age" | "anno" | "year" | "email" | "e-mail" | "note"
        | "notes" | "data di nascita" | "nato il" | "sesso" | "elo" | "categoria" => Role::Other,
        _ => return None,
    })
}

/// A row's cells: split, trimmed, surrounding quotes dropped (`""` inside read as `"`).
fn cells(line: &str, sep: Option<Separator>) -> Vec<String> {
    let unquote = |c: &str| {
        let c = c.trim();
        match c.strip_prefix('"').and_then(|c| c.strip_suffix('"')) {
            Some(inner) => inner.replace("\"\"", "\"").trim().to_string(),
            None => c.to_string(),
        }
    };
    match sep {
        Some(s) => line.split(s.char()).map(unquote).collect(),
        None => vec![unquote(line)],
    }
}

/// The rows worth reading: (line number, text), comments and blank lines left out.
fn rows(text: &str) -> Vec<(u32, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i as u32 + 1, l.trim_start_matches('\u{feff}').trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

fn is_header(cells: &[String]) -> bool {
    cells.iter().any(|c| !c.is_empty()) && cells.iter().all(|c| c.is_empty() || role(c).is_some())
}

/// Which columns make the name, from the header: surname then given name, else the
/// full-name column(s), else every column that is not known as something else.
fn name_columns(header: &[String]) -> Vec<usize> {
    let of = |r: Role| -> Vec<usize> {
        (0..header.len())
            .filter(|&i| role(&header[i]) == Some(r))
            .collect()
    };
    let (surname, given, full) = (of(Role::Surname), of(Role::Given), of(Role::Full));
    if !surname.is_empty() || !given.is_empty() {
        return surname.into_iter().chain(given).collect();
    }
    if !full.is_empty() {
        return full;
    }
    (0..header.len())
        .filter(|&i| role(&header[i]) != Some(Role::Other))
        .collect()
}

/// Reads a list of players (see the module's text).
pub fn read_list(text: &str) -> Result<PlayerList, ListError> {
    let rows = rows(text);
    let separator = if rows.iter().any(|(_, l)| l.contains(';')) {
        Some(Separator::Semicolon)
    } else if rows.iter().any(|(_, l)| l.contains('\t')) {
        Some(Separator::Tab)
    } else if rows
        .first()
        .is_some_and(|(_, l)| l.contains(',') && is_header(&cells(l, Some(Separator::Comma))))
    {
        Some(Separator::Comma)
    } else {
        None
    };
    let first = rows.first().map(|(_, l)| cells(l, separator));
    let header = first.filter(|c| is_header(c));
    let width = rows
        .iter()
        .map(|(_, l)| cells(l, separator).len())
        .max()
        .unwrap_or(0);
    let (take, columns): (Vec<usize>, Vec<String>) = match &header {
        Some(h) => {
            let take = name_columns(h);
            let names = take.iter().map(|&i| h[i].clone()).collect();
            (take, names)
        }
        None => (
            (0..width).collect(),
            (1..=width).map(|i| i.to_string()).collect(),
        ),
    };
    let mut out: Vec<String> = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (line, row) in rows.iter().skip(usize::from(header.is_some())) {
        let cells = cells(row, separator);
        let name = take
            .iter()
            .filter_map(|&i| cells.get(i))
            .filter(|c| !c.is_empty())
            // Without a header, a column of numbers is the row's number, not a name.
            .filter(|c| header.is_some() || !c.chars().all(|ch| ch.is_ascii_digit()))
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ");
        if name.is_empty() {
            continue;
        }
        if let Some(&j) = seen.get(&names::key(&name)) {
            return Err(ListError::SameName {
                first: out[j].clone(),
                second: name,
                line: *line,
            });
        }
        seen.insert(names::key(&name), out.len());
        out.push(name);
    }
    if out.is_empty() {
        return Err(ListError::NoNames);
    }
    Ok(PlayerList {
        names: out,
        separator,
        header,
        columns: if separator.is_some() {
            columns
        } else {
            Vec::new()
        },
    })
}
