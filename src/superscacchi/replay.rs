//! The replay of a SuperScacchi game: the merge of the eight sheets by turn order (R32),
//! each turn as R31 orders it, findings (R35, R36) and events (R26–R30, R21).

use super::geometry::{Army, Role, Side, progress};
use super::position::{Move, Position};
use super::score::ScoringTable;
use super::setup::Setup;
use super::turn::{Event, Game, SlotKind};
use crate::finding::{Code, Finding};
use crate::notation::superscacchi::{Marker, Pen, SsGame, SsMove};
use crate::span::Span;

/// One ply as a viewer replays it: what changed on the board since the previous ply
/// (kings taken off by R29/R30 at the turn's start included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyRecord {
    /// The army that moved.
    pub army: Army,
    /// Its sheet number.
    pub number: u32,
    /// The move as written.
    pub text: String,
    /// From and to (for highlighting).
    pub from: super::geometry::Sq,
    /// To.
    pub to: super::geometry::Sq,
    /// Squares that changed: (square, old code, new code); see [`piece_code`].
    pub changes: Vec<(u8, u8, u8)>,
    /// False for the line where the replay stopped (an error): nothing was played.
    pub played: bool,
}

/// A square's content as one byte: 0 empty, else 1 + army × 6 + role.
pub fn piece_code(p: Option<super::geometry::Piece>) -> u8 {
    p.map_or(0, |p| 1 + p.army.index() as u8 * 6 + p.role as u8)
}

fn board_codes(pos: &Position) -> [u8; 256] {
    let mut b = [0u8; 256];
    for (i, p) in pos.board.iter().enumerate() {
        b[i] = piece_code(*p);
    }
    b
}

/// What the replay of one game found.
#[derive(Debug, Clone)]
pub struct SsReplay {
    /// Findings: parse errors first, then in the order met.
    pub findings: Vec<Finding>,
    /// Events in order.
    pub events: Vec<Event>,
    /// The position where the replay stopped.
    pub position: Position,
    /// Plies played.
    pub plies: u32,
    /// Every sheet was replayed without error.
    pub complete: bool,
    /// The board before the first move, as [`piece_code`]s (when recorded).
    pub initial: Vec<u8>,
    /// Ply by ply (when recorded), for viewers.
    pub timeline: Vec<PlyRecord>,
}

/// Finds the legal move a written line stands for, or says why there is none (R35).
pub fn find_move(pos: &Position, army: Army, w: &SsMove) -> Result<Move, Box<Finding>> {
    let here = pos.at(w.from);
    if here.is_none_or(|p| p.army != army || p.role != w.role) {
        let what = match here {
            None => format!("{} is empty", w.from),
            Some(p) if p.army != army => {
                format!("{} holds a {} of {}", w.from, p.role.name(), p.army)
            }
            Some(p) => format!(
                "{} holds {army}'s {}, not a {}",
                w.from,
                p.role.name(),
                w.role.name()
            ),
        };
        return Err(Box::new(
            Finding::new(
                Code::WrongPiece,
                format!("no {} of {army} stands on {}", w.role.name(), w.from),
            )
            .label(what)
            .rule("R11"),
        ));
    }
    let mut moves = Vec::new();
    pos.piece_moves_to(army, w.from, w.to, &mut moves);
    if moves.is_empty() {
        let mut f = why_illegal(pos, army, w);
        if let Some(h) = nearest(pos, army, w) {
            f = f.hint(h);
        }
        return Err(Box::new(f));
    }
    let promotes = moves.iter().any(|m| m.promotion.is_some());
    match (promotes, w.promotion) {
        (true, None) => Err(Box::new(
            Finding::new(
                Code::MissingPromotion,
                format!("the pawn reaches {} and must be promoted", w.to),
            )
            .label("which piece does it become?")
            .hint(format!("write the piece, e.g. `=R` after {}", w.to))
            .rule("R19"),
        )),
        (false, Some(_)) => Err(Box::new(
            Finding::new(
                Code::WrongPromotion,
                format!("{} is not a promotion square for this pawn", w.to),
            )
            .label("no promotion here")
            .rule("R19"),
        )),
        (true, Some(r)) => moves
            .into_iter()
            .find(|m| m.promotion == Some(r))
            .ok_or_else(|| {
                Box::new(
                    Finding::new(
                        Code::WrongPromotion,
                        format!("a pawn cannot become a {}", r.name()),
                    )
                    .label("promote to C, A, T or R")
                    .rule("R19"),
                )
            }),
        (false, None) => Ok(moves[0]),
    }
}

/// The legal moves closest to what was written: the same piece to a square near the one
/// written, else another piece of the same kind to that square.
fn nearest(pos: &Position, army: Army, w: &SsMove) -> Option<String> {
    let dist = |a: super::geometry::Sq, b: super::geometry::Sq| {
        a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
    };
    let mut moves = Vec::new();
    pos.piece_moves(army, w.from, &mut moves);
    let mut best: Vec<Move> = Vec::new();
    if let Some(d) = moves
        .iter()
        .map(|m| dist(m.to, w.to))
        .min()
        .filter(|&d| d <= 2)
    {
        best = moves
            .into_iter()
            .filter(|m| dist(m.to, w.to) == d)
            .collect();
    } else {
        let mut all = Vec::new();
        pos.moves(army, &mut all);
        best.extend(all.into_iter().filter(|m| m.role == w.role && m.to == w.to));
    }
    best.dedup_by_key(|m| (m.from, m.to));
    let texts: Vec<String> = best
        .iter()
        .take(3)
        .map(|m| format!("`{}`", super::selfplay::write_move(m, None)))
        .collect();
    (!texts.is_empty()).then(|| format!("did you mean {}?", texts.join(" or ")))
}

fn why_illegal(pos: &Position, army: Army, w: &SsMove) -> Finding {
    let to = w.to;
    let liberation = w.role == Role::King && army.side() == Side::Besieged;
    let red = matches!(to.kind(), super::geometry::SquareKind::Red);
    if !to.is_ordinary() && (!liberation || red) {
        return Finding::new(Code::ForbiddenSquare, format!("no piece may stop on {to}"))
            .label(format!(
                "{to} is a {} square",
                if matches!(to.kind(), super::geometry::SquareKind::Red) {
                    "red"
                } else {
                    "green"
                }
            ))
            .rule("R5");
    }
    if let Some(p) = pos.at(to) {
        if p.role == Role::King {
            return Finding::new(
                Code::ForbiddenSquare,
                format!("{to} holds a king, and no move lands on a king"),
            )
            .label("kings are never captured")
            .rule("R13");
        }
        if p.army.side() == army.side() {
            return Finding::new(
                Code::ForbiddenSquare,
                format!(
                    "{to} holds a {} of {}, of the same team",
                    p.role.name(),
                    p.army
                ),
            )
            .label("own team")
            .rule("R10");
        }
    }
    if w.role == Role::Pawn && progress(army.side(), to) < progress(army.side(), w.from) {
        return Finding::new(
            Code::PawnBackwards,
            format!("the pawn on {} would go back to {to}", w.from),
        )
        .label("a pawn never lowers its progress")
        .rule("R14");
    }
    let (df, dr) = (
        to.file() as i8 - w.from.file() as i8,
        to.rank() as i8 - w.from.rank() as i8,
    );
    let line = df == 0 || dr == 0 || df.abs() == dr.abs();
    let fits = match w.role {
        Role::Rook => df == 0 || dr == 0,
        Role::Bishop => df.abs() == dr.abs(),
        Role::Queen => line,
        _ => false,
    };
    if fits && (df, dr) != (0, 0) {
        let (sf, sr) = (df.signum(), dr.signum());
        let mut cur = w.from;
        while let Some(s) = cur.offset(sf, sr) {
            if s == to {
                break;
            }
            if !s.is_ordinary() {
                return Finding::new(
                    Code::BlockedPath,
                    format!(
                        "the path from {} to {to} crosses the red or green square {s}",
                        w.from
                    ),
                )
                .label("no sliding move passes a red or green square")
                .rule("R5");
            }
            if let Some(p) = pos.at(s) {
                return Finding::new(
                    Code::BlockedPath,
                    format!("the {} on {s} stands in the way", p.role.name()),
                )
                .label("blocked")
                .rule("R12");
            }
            cur = s;
        }
    }
    let (rule, why) = match w.role {
        Role::King => (
            "R20",
            format!(
                "the king cannot go to {to}: it would stand attacked, or it is not one step away"
            ),
        ),
        Role::Pawn => ("R15", format!("the pedone on {} cannot go to {to}", w.from)),
        r => (
            "R12",
            format!("the {} on {} cannot go to {to}", r.name(), w.from),
        ),
    };
    Finding::new(
        Code::IllegalMove,
        format!("{} {} - {to} is not a legal move", w.role.letter(), w.from),
    )
    .label(why)
    .rule(rule)
}

/// Replays a parsed game from a set-up.
pub fn replay(game: &SsGame<'_>, setup: &Setup, table: &ScoringTable) -> SsReplay {
    replay_with(game, setup, table, false)
}

/// [`replay`], also recording the board ply by ply when `record` is set (for `show` and
/// `render`).
pub fn replay_with(
    game: &SsGame<'_>,
    setup: &Setup,
    table: &ScoringTable,
    record: bool,
) -> SsReplay {
    let mut engine = Game::new(setup, table);
    let initial: Vec<u8> = if record {
        board_codes(&engine.pos).to_vec()
    } else {
        Vec::new()
    };
    let mut last_board = board_codes(&engine.pos);
    let mut timeline: Vec<PlyRecord> = Vec::new();
    let mut findings = game.errors.clone();
    for f in &mut findings {
        f.ply = None;
    }
    let mut events = Vec::new();
    let mut sheets: [Option<usize>; 8] = [None; 8];
    for (i, s) in game.sheets.iter().enumerate() {
        if sheets[s.army.index()].is_some() {
            findings.push(
                Finding::new(Code::SheetMerge, format!("army {} has two sheets", s.army))
                    .at(s.span)
                    .label("second sheet")
                    .rule("R32"),
            );
            return SsReplay {
                findings,
                events,
                position: engine.pos,
                plies: 0,
                complete: false,
                initial,
                timeline,
            };
        }
        sheets[s.army.index()] = Some(i);
    }
    // R32: eight sheets, one per army, and a game has moves. A missing sheet or a game of
    // empty sheets has no verdict (a scored 0-ply game would hand out the set-up's points).
    let missing: Vec<&str> = Army::ALL
        .iter()
        .filter(|a| sheets[a.index()].is_none())
        .map(|a| a.code())
        .collect();
    let no_moves = game.sheets.iter().all(|s| s.lines.is_empty());
    if !missing.is_empty() || no_moves {
        let message = if missing.is_empty() {
            "every sheet is empty: there is no game to check".to_string()
        } else {
            format!(
                "no sheet for {} {}: a game has eight sheets, one per army ([Esercito \"S\"] … [Esercito \"SE\"])",
                if missing.len() == 1 { "army" } else { "armies" },
                missing.join(", ")
            )
        };
        let mut f = Finding::new(Code::SheetMerge, message).rule("R32");
        if let Some(s) = game.sheets.first() {
            f = f.at(s.span).label("the sheets start here");
        }
        findings.push(f);
        return SsReplay {
            findings,
            events,
            position: engine.pos,
            plies: 0,
            complete: false,
            initial,
            timeline,
        };
    }
    let lines_of = |a: Army| sheets[a.index()].map_or(&[][..], |i| &game.sheets[i].lines[..]);
    let error_at: Vec<(Army, u32)> = game
        .errors
        .iter()
        .filter_map(|f| Some((Army::parse(f.army.as_deref()?)?, f.move_number?)))
        .collect();
    let mut cursor = [0usize; 8];
    let mut complete = true;
    'game: loop {
        if Army::ALL
            .iter()
            .all(|&a| cursor[a.index()] >= lines_of(a).len())
        {
            break;
        }
        let slot = engine.start_slot();
        let army = slot.army;
        let ply = engine.ply;
        if slot.kind != SlotKind::Move {
            events.extend(engine.slot_events(&slot, None, ply));
            continue;
        }
        let lines = lines_of(army);
        let Some(line) = lines.get(cursor[army.index()]) else {
            let (span, label) = match sheets[army.index()] {
                Some(i) => (
                    game.sheets[i]
                        .lines
                        .last()
                        .map_or(game.sheets[i].span, |l| l.span),
                    "the sheet ends here",
                ),
                None => (Span::default(), "no sheet"),
            };
            let f = Finding::new(
                Code::SheetMerge,
                format!("it is {army}'s turn (ply {}), but its sheet has no more moves while other sheets do", ply + 1),
            )
            .label(label)
            .rule("R32");
            let mut f = if span == Span::default() {
                f
            } else {
                f.at(span)
            };
            f.army = Some(army.code().into());
            f.ply = Some(ply + 1);
            findings.push(f);
            complete = false;
            break;
        };
        cursor[army.index()] += 1;
        let ply = ply + 1;
        let Some(w) = line
            .parsed
            .filter(|_| !error_at.contains(&(army, line.number)))
        else {
            // The line's parse or numbering error is already reported: the replay stops.
            for f in &mut findings {
                if f.army.as_deref() == Some(army.code()) && f.move_number == Some(line.number) {
                    f.ply = Some(ply);
                }
            }
            complete = false;
            break;
        };
        let m = match find_move(&engine.pos, army, &w) {
            Ok(m) => m,
            Err(mut f) => {
                if record {
                    timeline.push(PlyRecord {
                        army,
                        number: line.number,
                        text: line.text.to_string(),
                        from: w.from,
                        to: w.to,
                        changes: Vec::new(),
                        played: false,
                    });
                }
                f.message = format!("{army} {}. {}: {}", line.number, line.text, f.message);
                findings.push(f.at(line.span).on_sheet(army.code(), line.number, ply));
                complete = false;
                break 'game;
            }
        };
        let played = engine.play(&m);
        if record {
            let now = board_codes(&engine.pos);
            let changes = (0..256)
                .filter(|&i| now[i] != last_board[i])
                .map(|i| (i as u8, last_board[i], now[i]))
                .collect();
            last_board = now;
            timeline.push(PlyRecord {
                army,
                number: line.number,
                text: line.text.to_string(),
                from: m.from,
                to: m.to,
                changes,
                played: true,
            });
        }
        events.extend(engine.slot_events(&slot, Some(line.number), ply));
        events.extend(engine.move_events(&played, line.number));
        let expected = played.expected;
        let r29 = &slot.r29;
        // R36: discrepancies.
        let warn = |code: Code, msg: String, label: &str, rule: &'static str| {
            Finding::new(
                code,
                format!("{army} {}. {}: {msg}", line.number, line.text),
            )
            .at(line.span)
            .label(label)
            .rule(rule)
            .on_sheet(army.code(), line.number, ply)
        };
        let mut w_findings = Vec::new();
        // R33: an R29 mate of this turn may be marked `++` on this move, or not; `++` is
        // then also right where the move itself only gives check (the marker worth most).
        let optional_r29 =
            !r29.is_empty() && expected <= Some(Marker::Check) && w.marker == Some(Marker::Mate);
        if w.non_canonical {
            w_findings.push(warn(
                Code::NonCanonicalMarker,
                format!(
                    "{army} {}: the marker is written after a quiet move",
                    line.number
                ),
                "write the marker as the separator",
                "R33",
            ));
        }
        if w.marker != expected && !optional_r29 {
            let (code, msg) = match (w.marker, expected) {
                (Some(wm), None) => (
                    Code::SuperfluousMarker,
                    format!(
                        "`{}` is written, but the move has no such outcome",
                        wm.text()
                    ),
                ),
                (None, Some(e)) => (
                    Code::MissingMarker,
                    format!("the move needs the marker `{}`", e.text()),
                ),
                (Some(wm), Some(e)) => (
                    Code::WrongMarker,
                    format!(
                        "`{}` is written, but the move needs `{}`",
                        wm.text(),
                        e.text()
                    ),
                ),
                (None, None) => unreachable!(),
            };
            let canonical = super::selfplay::write_move(&m, expected);
            w_findings.push(warn(code, msg, "marker", "R33").hint(format!("write `{canonical}`")));
        }
        match (m.captured, w.capture) {
            (Some((p, _)), None) => w_findings.push(warn(
                Code::CaptureWrittenQuiet,
                format!(
                    "the move captures a {} of {}, but is written without X",
                    p.role.name(),
                    p.army
                ),
                "a capture",
                "R36",
            )),
            (None, Some(_)) => w_findings.push(warn(
                Code::QuietWrittenCapture,
                "X is written, but the move captures nothing".into(),
                "nothing to capture",
                "R36",
            )),
            (Some((p, _)), Some(letter)) if letter != Some(p.role) => w_findings.push(warn(
                Code::WrongCapturedPiece,
                match letter {
                    Some(l) => format!(
                        "the piece captured is a {} ({}), not a {} ({})",
                        p.role.name(),
                        p.role.letter(),
                        l.name(),
                        l.letter()
                    ),
                    None => format!("the piece captured ({}) is not written", p.role.letter()),
                },
                "captured piece",
                "R36",
            )),
            _ => {}
        }
        if m.en_passant != w.ep {
            w_findings.push(warn(
                Code::WrongEp,
                if m.en_passant {
                    "the move is an en-passant capture: write `e.p.`".into()
                } else {
                    "`e.p.` is written, but the move is not en passant".into()
                },
                "e.p.",
                "R36",
            ));
        }
        let red = m.captured.is_some() || expected.is_some() || optional_r29;
        let expected_pen = if red {
            Pen::Red
        } else if army.side() == Side::Besieged {
            Pen::Blue
        } else {
            Pen::Black
        };
        if let Some(pen) = line.pen
            && pen != expected_pen
        {
            w_findings.push(warn(
                Code::WrongPen,
                format!(
                    "written in {}, but {} is written in {}",
                    pen.name(),
                    match expected_pen {
                        Pen::Red => "a capture or a marked move",
                        Pen::Blue => "a quiet move of the besieged",
                        Pen::Black => "a quiet move of the besiegers",
                    },
                    expected_pen.name()
                ),
                "pen",
                "R34",
            ));
        }
        findings.extend(w_findings);
    }
    SsReplay {
        findings,
        events,
        plies: engine.ply,
        position: engine.pos,
        complete,
        initial,
        timeline,
    }
}
