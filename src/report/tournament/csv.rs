//! The standings as CSV: one row per player and group.

use super::points;
use crate::lang::Lang;
use crate::tournament::rank::Entry;
use crate::tournament::standings::Standings;
use std::fmt::Write;

/// One CSV row per player and group: `phase,group,place,place_to,player,points,goes_on,decided_by`
/// (in English, the JSON's words: `true`, `shared`); in Italian the page's words:
/// `fase,girone,posto,posto_a,giocatore,punti,passa,deciso_da`, `sì`/`no`, `pari merito`,
/// points with a decimal comma (`"1,5"`), as an Italian spreadsheet reads them (issue 29).
pub fn csv(s: &Standings, lang: Lang) -> String {
    let mut v = Vec::new();
    let _ = write_csv(&mut v, s, lang);
    String::from_utf8(v).unwrap_or_default()
}

/// The last three cells of a row: points, goes on, decided by.
fn cells(e: &Entry, lang: Lang) -> (String, &'static str, &'static str) {
    match lang {
        Lang::En => (
            points(e.half_points).to_string(),
            match e.goes_on {
                Some(true) => "true",
                Some(false) => "false",
                None => "",
            },
            e.decided_by.as_str(),
        ),
        Lang::It => {
            let p = points(e.half_points).to_string().replace('.', ",");
            let p = if p.contains(',') {
                format!("\"{p}\"")
            } else {
                p
            };
            let on = match e.goes_on {
                None => "",
                g => super::goes_on_text(g, lang),
            };
            (p, on, super::decided_text(e.decided_by, lang))
        }
    }
}

/// [`csv`] written to `w` group by group (issue 25: memory does not grow with the file).
pub fn write_csv(w: &mut dyn std::io::Write, s: &Standings, lang: Lang) -> std::io::Result<()> {
    w.write_all(match lang {
        Lang::En => b"phase,group,place,place_to,player,points,goes_on,decided_by\n".as_slice(),
        Lang::It => b"fase,girone,posto,posto_a,giocatore,punti,passa,deciso_da\n".as_slice(),
    })?;
    let mut out = String::new();
    for p in &s.phases {
        for g in &p.groups {
            out.clear();
            for e in &g.ranking.entries {
                let mut player = String::new();
                crate::report::game::csv::write_quoted(&s.names[e.player], &mut player);
                let (pts, on, decided) = cells(e, lang);
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{}",
                    p.number,
                    g.number,
                    e.place,
                    e.place_to.map(|t| t.to_string()).unwrap_or_default(),
                    player,
                    pts,
                    on,
                    decided
                );
            }
            w.write_all(out.as_bytes())?;
        }
    }
    Ok(())
}
