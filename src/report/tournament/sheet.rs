//! The results sheet of a phase (T17, formats.md §7), as text to fill in and pass among the
//! game files (`tournament sheet --out FILE.txt`).

use crate::lang::Lang;
use crate::tournament::berger;
use std::fmt::Write;

/// A phase's sheet: the tournament's name, the phase, its groups (indices into `names`).
pub struct PhaseSheet<'a> {
    /// `nome`.
    pub tournament: &'a str,
    /// The phase's number.
    pub phase: u32,
    /// Girone 1 first, each in the file's order (T16 numbers players in this order).
    pub groups: &'a [Vec<usize>],
    /// Every registered name (`giocatori`).
    pub names: &'a [String],
}

impl PhaseSheet<'_> {
    /// A single group: the final.
    pub fn is_final(&self) -> bool {
        self.groups.len() == 1
    }
}

/// The sheet as text: `[Risultati]`, `[Fase]`, a comment naming the columns, then one line
/// a game in T16's order (group after group), the result column empty. Names are padded so
/// that the columns line up (cells are trimmed when read).
///
/// ```
/// use arbitro::report::tournament::sheet::{PhaseSheet, text};
/// let names = ["Esposito, Giulia".to_string(), "Ferrari, Marco".to_string(), "Greco, Anna".to_string()];
/// let groups = [vec![2, 1, 0]];
/// let s = text(&PhaseSheet { tournament: "T", phase: 1, groups: &groups, names: &names }, arbitro::lang::Lang::It);
/// assert!(s.starts_with("[Risultati \"T\"]\n[Fase \"1\"]\n"));
/// assert!(s.contains("\n1        | Ferrari, Marco   | Esposito, Giulia |  |\n"));
/// ```
pub fn text(p: &PhaseSheet, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[Risultati \"{}\"]", p.tournament.replace('"', "'"));
    let _ = writeln!(out, "[Fase \"{}\"]", p.phase);
    let _ = writeln!(
        out,
        "% {}",
        lang.t(
            "fill in the result (1-0, 0-1, 1/2-1/2; empty = not played) and, if needed, the termination (tempo, ritardo, abbandono)",
            "scrivere il risultato (1-0, 0-1, 1/2-1/2; vuoto = non giocata) e, se serve, la terminazione (tempo, ritardo, abbandono)"
        )
    );
    let width = |pick: fn(&berger::Pairing) -> usize| {
        p.groups
            .iter()
            .flat_map(|g| {
                berger::pairings(g.len())
                    .into_iter()
                    .map(move |x| g[pick(&x)])
            })
            .map(|i| p.names[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let (ww, bw) = (width(|x| x.white), width(|x| x.black));
    let _ = writeln!(
        out,
        "% {:<6} | {:<ww$} | {:<bw$} | risultato | terminazione",
        "girone", "bianco", "nero"
    );
    for (gi, g) in p.groups.iter().enumerate() {
        for x in berger::pairings(g.len()) {
            let _ = writeln!(
                out,
                "{:<8} | {:<ww$} | {:<bw$} |  |",
                gi + 1,
                p.names[g[x.white]],
                p.names[g[x.black]]
            );
        }
    }
    if p.is_final() && p.groups[0].len() == 3 {
        let _ = writeln!(
            out,
            "% {}",
            lang.t(
                "the extra game for 2nd and 3rd place (T5), once the final is decided: spareggio | the better placed (White) | the other | result",
                "lo spareggio per il 2° e 3° posto (T5), quando la finale è decisa: spareggio | il meglio piazzato (Bianco) | l'altro | risultato"
            )
        );
    }
    out
}

/// The sheet's print style: A4, the groups in three columns, no group split by a page.
const STYLE: &str = "@page{size:A4;margin:10mm}\
body{font-family:system-ui,sans-serif;font-size:9pt;color:#000;margin:0 auto;max-width:190mm}\
h1{font-size:13pt;margin:0 0 1mm}p.sub{margin:0 0 2mm}\
.groups{columns:2;column-gap:6mm}\
.group{break-inside:avoid;page-break-inside:avoid;display:inline-block;width:100%;margin:0 0 2.5mm}\
.group h2{font-size:9.5pt;margin:0 0 .5mm}\
.group table{width:100%;border-collapse:collapse}\
.group td,.group th{border:1px solid #555;padding:.4mm 1mm;text-align:left;font-weight:normal}\
.group th{font-size:7.5pt;color:#333}\
td.r{width:16mm;height:5.5mm}.group td{white-space:nowrap}td.t{width:4mm;text-align:center}\
.sign{margin-top:3mm;display:flex;gap:6mm;break-inside:avoid}.sign div{flex:1;border-bottom:1px solid #000;padding-top:6mm;font-size:8pt}\
.legend{font-size:7.5pt;margin:1mm 0 0}";

/// The sheet as a printable A4 page: a block per group (round, White, Black, a box for the
/// result), a legend, and lines for the organiser's name, the date and a signature.
pub fn html(p: &PhaseSheet, lang: Lang) -> String {
    use crate::report::inert::html_escape as esc;
    use crate::report::page;
    let title = format!(
        "{} — {}",
        p.tournament,
        lang.t("results sheet", "foglio dei risultati")
    );
    let mut out = page::open(&page::Head {
        lang,
        title: &title,
        style: STYLE,
        script: page::Script::None,
    });
    let _ = write!(out, "<h1>{}</h1><p class=\"sub\">", esc(p.tournament));
    let phase = if p.is_final() {
        format!(
            "{} {} ({})",
            lang.t("Phase", "Fase"),
            p.phase,
            lang.t("final", "finale")
        )
    } else {
        format!("{} {}", lang.t("Phase", "Fase"), p.phase)
    };
    let games: usize = p.groups.iter().map(|g| g.len() * (g.len() - 1) / 2).sum();
    let _ = write!(
        out,
        "<strong>{}</strong> — {} {}, {games} {}</p><div class=\"groups\">",
        esc(&phase),
        p.groups.len(),
        if p.groups.len() == 1 {
            lang.t("group", "girone")
        } else {
            lang.t("groups", "gironi")
        },
        if games == 1 {
            lang.t("game", "partita")
        } else {
            lang.t("games", "partite")
        },
    );
    for (gi, g) in p.groups.iter().enumerate() {
        let head = if p.is_final() {
            lang.t("Final", "Finale").to_string()
        } else {
            format!("{} {}", lang.t("Group", "Girone"), gi + 1)
        };
        let _ = write!(
            out,
            "<section class=\"group\"><h2>{}</h2><table><tr><th class=\"t\">{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            esc(&head),
            lang.t("rd", "t."),
            lang.t("White", "Bianco"),
            lang.t("Black", "Nero"),
            lang.t("result", "risultato")
        );
        for x in berger::pairings(g.len()) {
            let _ = write!(
                out,
                "<tr><td class=\"t\">{}</td><td>{}</td><td>{}</td><td class=\"r\"></td></tr>",
                x.round,
                esc(&p.names[g[x.white]]),
                esc(&p.names[g[x.black]])
            );
        }
        if p.is_final() && g.len() == 3 {
            let _ = write!(
                out,
                "<tr><td class=\"t\"></td><td colspan=\"2\">{}</td><td class=\"r\"></td></tr>",
                lang.t(
                    "extra game for 2nd and 3rd place: ______ – ______",
                    "spareggio per il 2° e 3° posto: ______ – ______"
                )
            );
        }
        out.push_str("</table></section>");
    }
    let _ = write!(
        out,
        "</div><p class=\"legend\">{}</p><div class=\"sign\"><div>{}</div><div>{}</div><div>{}</div></div>",
        lang.t(
            "Result: 1-0 White wins, 0-1 Black wins, ½ draw. A game won by forfeit (a player late by more than 15 minutes): the result and the word “ritardo”.",
            "Risultato: 1-0 vince il Bianco, 0-1 vince il Nero, ½ patta. Partita vinta a tavolino (ritardo oltre 15 minuti): il risultato e la parola «ritardo»."
        ),
        lang.t("Organiser", "Organizzatore"),
        lang.t("Date", "Data"),
        lang.t("Signature", "Firma")
    );
    out.push_str(page::CLOSE);
    out
}
