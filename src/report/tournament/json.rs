//! The standings as the JSON of `formats.md` §7, and T15's plan as JSON.

use super::{cell, names, points};
use crate::finding::Finding;
use crate::lang::{Lang, Say};
use crate::notation::classical::GameResult;
use crate::tournament::assign::Noted;
use crate::tournament::plan::PlannedPhase;
use crate::tournament::rank::{Lot, LotSource};
use crate::tournament::standings::{
    ExtraGame, ExtraStatus, GameLine, GroupStanding, NextPhase, NoDraw, PhaseStanding, Standings,
};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Value, json};

/// A finding as a JSON object: section 4's keys plus `file` and `game`.
/// Its `message` is in `lang` (the keys never change).
pub fn finding_value(n: &Noted, lang: Lang) -> Value {
    let f: &Finding = &n.finding;
    json!({
        "file": n.file,
        "game": n.game,
        "severity": f.severity().as_str(),
        "code": f.code.as_str(),
        "rule": f.rule,
        "army": f.army,
        "move": f.move_number,
        "ply": f.ply,
        "line": f.span.map(|s| s.line),
        "column": f.span.map(|s| s.column),
        "message": f.message_in(lang),
    })
}

fn lot_value(s: &Standings, l: &Lot) -> Value {
    let mut v = json!({"players": names(s, &l.players), "places": l.places});
    if let Some(src) = l.source {
        v["source"] = json!(match src {
            LotSource::Recorded(_) => "recorded",
            LotSource::Program => "program",
        });
    }
    v
}

fn game_value(s: &Standings, files: &[(String, usize)], l: &GameLine) -> Value {
    // `files` names every game given; a caller that gives none gets nulls, never a panic.
    let (file, game) = files
        .get(l.index)
        .map_or((None, None), |(f, g)| (Some(f), Some(g)));
    json!({
        "file": file, "game": game,
        "white": s.names[l.white], "black": s.names[l.black],
        "result": l.result.map(GameResult::as_str),
        "counted": l.counted, "under_review": l.under_review,
        "result_unreadable": l.unreadable,
    })
}

fn group_value(
    s: &Standings,
    files: &[(String, usize)],
    p: &PhaseStanding,
    g: &GroupStanding,
    lang: Lang,
) -> Value {
    let standings: Vec<Value> = g
        .ranking
        .entries
        .iter()
        .map(|e| {
            let mut v = json!({
                "player": s.names[e.player],
                "points": points(e.half_points),
                "place": e.place,
                "goes_on": e.goes_on,
                "decided_by": e.decided_by.as_str(),
            });
            if let Some(to) = e.place_to {
                v["place_to"] = json!(to);
            }
            // In the final, the podium beside the group's own place (T4, T5): the extra
            // game may give 2nd and 3rd to players the group leaves tied.
            if p.is_final {
                let podium = s.podium_place(e.player);
                v["podium"] = json!(podium.map(|(n, _)| n));
                v["podium_by"] = json!(podium.map(|(_, by)| by.as_str()));
            }
            v
        })
        .collect();
    let cross: Vec<Vec<Option<String>>> = g
        .players
        .iter()
        .map(|&a| g.players.iter().map(|&b| cell(g, a, b)).collect())
        .collect();
    json!({
        "group": g.number,
        "complete": g.complete,
        "players": names(s, &g.players),
        "standings": standings,
        "lots_needed": g.ranking.needed.iter().map(|l| lot_value(s, l)).collect::<Vec<_>>(),
        "lots_drawn": g.ranking.applied.iter().map(|l| lot_value(s, l)).collect::<Vec<_>>(),
        "missing": g.missing.iter().map(|&(a, b)| [s.names[a].clone(), s.names[b].clone()]).collect::<Vec<_>>(),
        // Issue 29 point 6: a game kept out of the group by a misspelt name, with the
        // missing pair it most likely is.
        "misspelt": g.misspelt.iter().map(|m| json!({
            "pair": [s.names[m.pair.0].clone(), s.names[m.pair.1].clone()],
            "written": m.written,
            "meant": s.names[m.meant],
            "place": m.place,
        })).collect::<Vec<_>>(),
        "crosstable": cross,
        "games": g.games.iter().map(|l| game_value(s, files, l)).collect::<Vec<_>>(),
        "findings": g.findings.iter().map(|n| finding_value(n, lang)).collect::<Vec<_>>(),
    })
}

fn extra_status(e: &ExtraStatus) -> &'static str {
    match e {
        ExtraStatus::Won { .. } => "won",
        ExtraStatus::Drawn => "drawn",
        ExtraStatus::NotPlayed => "not-played",
        ExtraStatus::NotCounted => "not-counted",
    }
}

fn extra_value(s: &Standings, files: &[(String, usize)], e: &ExtraGame) -> Value {
    json!({
        "players": e.players.map(|(a, b)| [s.names[a].clone(), s.names[b].clone()]),
        "status": extra_status(&e.status),
        "games": e.games.iter().map(|l| game_value(s, files, l)).collect::<Vec<_>>(),
    })
}

fn draw_state(n: &Result<NextPhase, NoDraw>) -> &'static str {
    match n {
        Ok(_) => "drawn",
        Err(NoDraw::NotAsked) => "not-asked",
        Err(NoDraw::Final) => "final",
        Err(NoDraw::Incomplete(_)) => "incomplete",
        Err(NoDraw::LotPending(_)) => "lot-pending",
        Err(NoDraw::PhasePlayers(_)) => "phase-players",
    }
}

/// The standings JSON of formats.md §7. `files` gives each game's file and number, by the
/// index the standings use.
pub fn json(s: &Standings, files: &[(String, usize)], lang: Lang) -> String {
    let mut out = Vec::new();
    let _ = write_json(&mut out, s, files, lang);
    String::from_utf8(out).unwrap_or_default()
}

/// [`json`] written to `w` as it is produced: one group's value at a time is held, so a
/// tournament of any size needs no more memory than its standings (issue 25). The keys of
/// every object are in sorted order, as `serde_json`'s `Value` writes them.
pub fn write_json(
    w: &mut dyn std::io::Write,
    s: &Standings,
    files: &[(String, usize)],
    lang: Lang,
) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut *w, &Doc { s, files, lang })?;
    w.write_all(b"\n")
}

/// The standings document, serialized as it goes.
struct Doc<'a> {
    s: &'a Standings,
    files: &'a [(String, usize)],
    lang: Lang,
}

/// A sequence serialized from an iterator made anew (the iterator is made once).
struct Seq<F>(F);

impl<F, I> Serialize for Seq<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq((self.0)())
    }
}

impl Serialize for Doc<'_> {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let (s, lang) = (self.s, self.lang);
        let who = |p: Option<usize>| p.map(|p| s.names[p].as_str());
        let next = s.next_phase.as_ref().ok();
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry("draw", draw_state(&s.next_phase))?;
        m.serialize_entry(
            "findings",
            &Seq(|| s.findings.iter().map(|n| finding_value(n, lang))),
        )?;
        m.serialize_entry(
            "next_phase",
            &next.map(|n| {
                Seq(move || {
                    n.groups
                        .iter()
                        .map(move |g| Seq(move || g.iter().map(move |&p| &s.names[p])))
                })
            }),
        )?;
        m.serialize_entry("next_phase_number", &next.map(|n| n.number))?;
        m.serialize_entry(
            "phases",
            &Seq(|| s.phases.iter().map(|p| Phase { doc: self, p })),
        )?;
        m.serialize_entry(
            "readings",
            &Seq(|| {
                s.readings
                    .iter()
                    .map(|r| json!({"rule": r.rule(), "code": r.code(), "text": r.say(lang)}))
            }),
        )?;
        m.serialize_entry("second", &who(s.second))?;
        m.serialize_entry("seed", &s.seed)?;
        m.serialize_entry("third", &who(s.third))?;
        m.serialize_entry("tournament", &s.name)?;
        m.serialize_entry("winner", &who(s.winner))?;
        m.end()
    }
}

/// One phase of the document.
struct Phase<'a> {
    doc: &'a Doc<'a>,
    p: &'a PhaseStanding,
}

impl Serialize for Phase<'_> {
    fn serialize<S: Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        let Doc { s, files, lang } = *self.doc;
        let p = self.p;
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry("complete", &p.groups.iter().all(|g| g.complete))?;
        if let Some(e) = &p.extra {
            m.serialize_entry("extra_game", &extra_value(s, files, e))?;
        }
        m.serialize_entry("final", &p.is_final)?;
        m.serialize_entry(
            "findings",
            &Seq(|| p.findings.iter().map(|n| finding_value(n, lang))),
        )?;
        // Who goes on so far, in T13's order (group by group, best place first).
        m.serialize_entry(
            "going_on",
            &Seq(|| {
                p.groups
                    .iter()
                    .flat_map(|g| g.ranking.entries.iter())
                    .filter(|e| e.goes_on == Some(true))
                    .map(|e| s.names[e.player].as_str())
            }),
        )?;
        m.serialize_entry(
            "groups",
            &Seq(|| p.groups.iter().map(|g| group_value(s, files, p, g, lang))),
        )?;
        m.serialize_entry("phase", &p.number)?;
        m.end()
    }
}

/// T15's plan as JSON: `{"phases": [...], "games", "supervised"}`.
pub fn plan_json(plan: &[PlannedPhase]) -> String {
    let v = json!({
        "players": plan.first().map_or(0, |p| p.players),
        "phases": plan,
        "games": plan.iter().map(|p| p.games).sum::<usize>(),
        "supervised": plan.iter().map(|p| p.supervised).sum::<usize>(),
    });
    let mut out = serde_json::to_string_pretty(&v).expect("plain data serializes");
    out.push('\n');
    out
}
