//! The tournament file as arbitro writes it (formats.md §7): phase 1 drawn from a list
//! (`tournament new`), and a tournament file extended by the program's lots and the next
//! phase (`tournament draw`). The file is the organiser's, so its comments are in Italian
//! whatever `--lang` says.

use super::words::reading_label;
use crate::lang::{Lang, Say};
use crate::tournament::file::Tournament;
use crate::tournament::rank::Lot;
use crate::tournament::reading::Reading;
use std::fmt::Write;

/// A TOML basic string.
///
/// ```
/// use arbitro::report::tournament::toml::toml_string;
/// assert_eq!(toml_string("D'Amico \"Pippo\""), "\"D'Amico \\\"Pippo\\\"\"");
/// ```
pub fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML array of the players `ids` by their names.
pub fn name_list(names: &[String], ids: &[usize]) -> String {
    let items: Vec<String> = ids.iter().map(|&p| toml_string(&names[p])).collect();
    format!("[{}]", items.join(", "))
}

/// A `[[fase]]` table with its groups, one a line; a comment names T3's \[reading\] when
/// a group is not of 3.
pub fn phase_toml(names: &[String], number: u32, groups: &[Vec<usize>]) -> String {
    let mut out = String::new();
    if groups.iter().any(|g| g.len() > 3) {
        let r = Reading::GroupsOfFour;
        let _ = writeln!(
            out,
            "# {} {}: {}",
            reading_label(Lang::It),
            r.rule(),
            r.say(Lang::It)
        );
    }
    let _ = write!(out, "[[fase]]\nnumero = {number}\ngironi = [\n");
    for g in groups {
        let _ = writeln!(out, "  {},", name_list(names, g));
    }
    out.push_str("]\n");
    out
}

/// The file `tournament new` writes: `nome`, `giocatori` in the list's order, phase 1's
/// groups drawn with `seed`.
pub fn new_file(name: &str, players: &[String], seed: u64, groups: &[Vec<usize>]) -> String {
    let mut doc = format!(
        "# Scritto da: arbitro tournament new --sorteggio {seed}\n# Fase 1 sorteggiata dal programma (T12, T13: chiave F1draw, nell'ordine della lista).\nnome = {}\ngiocatori = [\n",
        toml_string(name)
    );
    for n in players {
        let _ = writeln!(doc, "  {},", toml_string(n));
    }
    doc.push_str("]\n\n");
    doc.push_str(&phase_toml(players, 1, groups));
    doc
}

/// A `[[sorteggio]]` the program drew (T12), with the comment naming its seed.
pub fn lot_toml(names: &[String], seed: u64, phase: u32, group: u32, lot: &Lot) -> String {
    format!(
        "\n# Sorteggio del programma (T12), seme {seed}: arbitro tournament draw --sorteggio {seed}\n[[sorteggio]]\nfase = {phase}\ngirone = {group}\nordine = {}\n",
        name_list(names, &lot.players)
    )
}

/// The next phase as `draw` appends it, with the comment naming its seed (T13).
pub fn drawn_phase_toml(names: &[String], seed: u64, number: u32, groups: &[Vec<usize>]) -> String {
    format!(
        "\n# Fase {number} sorteggiata dal programma (T13), seme {seed}: arbitro tournament draw --sorteggio {seed}\n{}",
        phase_toml(names, number, groups)
    )
}

/// The whole tournament file written anew from its data, for `draw` when the file's own
/// layout cannot be extended by appending (an inline array of tables, `fase = [{ … }]`,
/// or dotted keys): `nome`, `giocatori`, every phase and every lot, in the usual layout.
/// The first lines say it was rewritten and that its comments were not kept.
pub fn rewritten_file(t: &Tournament, seed: u64) -> String {
    let mut doc = format!(
        "# Riscritto da: arbitro tournament draw --sorteggio {seed}, dai dati del file (i commenti del file di prima non sono stati copiati).\nnome = {}\ngiocatori = [\n",
        toml_string(&t.name)
    );
    for n in &t.players {
        let _ = writeln!(doc, "  {},", toml_string(n));
    }
    doc.push_str("]\n");
    for p in &t.phases {
        doc.push('\n');
        doc.push_str(&phase_toml(&t.players, p.number, &p.groups));
    }
    for l in &t.lots {
        let _ = write!(
            doc,
            "\n[[sorteggio]]\nfase = {}\ngirone = {}\nordine = {}\n",
            l.phase,
            l.group,
            name_list(&t.players, &l.order)
        );
    }
    doc
}
