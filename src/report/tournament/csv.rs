//! The standings as CSV: one row per player and group.

use super::points;
use crate::tournament::standings::Standings;
use std::fmt::Write;

/// One CSV row per player and group: `phase,group,place,place_to,player,points,goes_on,decided_by`.
pub fn csv(s: &Standings) -> String {
    let mut v = Vec::new();
    let _ = write_csv(&mut v, s);
    String::from_utf8(v).unwrap_or_default()
}

/// [`csv`] written to `w` group by group (issue 25: memory does not grow with the file).
pub fn write_csv(w: &mut dyn std::io::Write, s: &Standings) -> std::io::Result<()> {
    w.write_all(b"phase,group,place,place_to,player,points,goes_on,decided_by\n")?;
    let mut out = String::new();
    for p in &s.phases {
        for g in &p.groups {
            out.clear();
            for e in &g.ranking.entries {
                let mut player = String::new();
                crate::report::game::csv::write_quoted(&s.names[e.player], &mut player);
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{},{},{}",
                    p.number,
                    g.number,
                    e.place,
                    e.place_to.map(|t| t.to_string()).unwrap_or_default(),
                    player,
                    points(e.half_points),
                    e.goes_on.map(|b| b.to_string()).unwrap_or_default(),
                    e.decided_by.as_str()
                );
            }
            w.write_all(out.as_bytes())?;
        }
    }
    Ok(())
}
