//! Issue 28 point 4 (R32a's classical twin): random legal classical games with two random
//! one-edit slips far apart: both slips are found in one run, each read on; a real game's
//! two slips give exactly two errors, each reading the move that was meant.

use crate::games::{random_game, sheet_words as texts};
use arbitro::classical::{ReplayOptions, replay};
use arbitro::finding::Severity;
use arbitro::notation::classical::games;
use arbitro::notation::san::Notation;
use proptest::prelude::*;
use shakmaty::{Chess, Move, Position};

fn sheet(words: &[String]) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        if i % 2 == 0 {
            out.push_str(&format!("{}.", i / 2 + 1));
        }
        out.push_str(w);
        out.push(' ');
    }
    out
}

/// One edit of a move's text (`how` picks it): a piece letter changed, one square character
/// changed, a disambiguation dropped, `x` written `:` or dropped. `None` when the edit does
/// not apply to this text.
fn slip(text: &str, how: u8, pick: u8, notation: Notation) -> Option<String> {
    let body = text.trim_end_matches(['+', '#']);
    let marks = &text[body.len()..];
    let b: Vec<char> = body.chars().collect();
    let letters: Vec<char> = notation
        .letters()
        .split(' ')
        .filter_map(|l| l.chars().next())
        .collect();
    let squares: Vec<usize> = (0..b.len())
        .filter(|&i| i + 1 < b.len() && b[i].is_ascii_lowercase() && b[i + 1].is_ascii_digit())
        .collect();
    let mut out = b.clone();
    match how % 4 {
        0 => {
            // The piece letter.
            if !letters.contains(&b[0]) {
                return None;
            }
            let others: Vec<char> = letters.iter().copied().filter(|&c| c != b[0]).collect();
            out[0] = others[pick as usize % others.len()];
        }
        1 => {
            // One character of the destination square.
            let &at = squares.last()?;
            if pick.is_multiple_of(2) {
                out[at] = (b'a' + pick / 2 % 8) as char;
            } else {
                out[at + 1] = (b'1' + pick / 2 % 8) as char;
            }
        }
        2 => {
            // A disambiguation dropped: a piece move with a file or rank before its square.
            let &at = squares.last()?;
            if !letters.contains(&b[0]) || at < 2 {
                return None;
            }
            let k = if b[at - 1] == 'x' { at - 2 } else { at - 1 };
            if k == 0 {
                return None;
            }
            out.remove(k);
        }
        _ => {
            // The capture sign written another way, or left out where it names the file.
            let x = b.iter().position(|&c| c == 'x')?;
            if pick.is_multiple_of(2) {
                out[x] = ':';
            } else {
                out.remove(x);
            }
        }
    }
    let s: String = out.into_iter().collect();
    (s != body).then(|| format!("{s}{marks}"))
}

/// True when `text` names no single legal move in `pos` by any reading the replay makes.
fn not_a_move_here(pos: &Chess, text: &str, notation: Notation) -> bool {
    arbitro::classical::fill::resolve(pos, text, notation).is_none()
        && arbitro::notation::san::parse_move(text, notation).map_or(true, |w| {
            arbitro::classical::forms::other_move(pos, &w).is_none()
        })
}

/// The move meant, `m`, as the sheet writes it where the replay stands after `line`. An
/// earlier slip read by another of its tied readings leaves a position that differs in
/// what the game cannot tell (a pawn on g3 or g4): the same piece's move from the same
/// square to the same square may then be written otherwise (`Cxg3+` for `Cg3+`).
pub(crate) fn meant_in_replay(line: &[Move], m: Move, notation: Notation) -> Option<String> {
    let mut pos = Chess::default();
    for &p in line {
        pos.play_unchecked(p);
    }
    let same = pos
        .legal_moves()
        .into_iter()
        .find(|l| l.from() == m.from() && l.to() == m.to() && l.promotion() == m.promotion())?;
    Some(arbitro::classical::fill::san_text(&pos, same, notation))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, max_global_rejects: 50_000, ..ProptestConfig::default() })]

    #[test]
    fn two_slips_far_apart_are_both_found_and_read_on(
        choices in proptest::collection::vec(any::<u16>(), 60..140),
        at in (any::<u16>(), any::<u16>()),
        how in (any::<u8>(), any::<u8>()),
        pick in (any::<u8>(), any::<u8>()),
        italian in any::<bool>(),
    ) {
        let notation = if italian { Notation::Italian } else { Notation::English };
        let moves = random_game(&choices);
        prop_assume!(moves.len() >= 50);
        let n = moves.len();
        let k1 = 2 + at.0 as usize % (n / 2 - 12);
        let k2 = (k1 + 20 + at.1 as usize % (n - k1 - 20)).min(n - 8);
        prop_assume!(k2 >= k1 + 20);
        let clean = texts(&moves, notation);
        let mut words = clean.clone();
        let mut pos = Chess::default();
        for (i, &m) in moves.iter().enumerate() {
            if i == k1 || i == k2 {
                let (h, p) = if i == k1 { (how.0, pick.0) } else { (how.1, pick.1) };
                let s = slip(&clean[i], h, p, notation);
                prop_assume!(s.as_deref().is_some_and(|s| not_a_move_here(&pos, s, notation)));
                words[i] = s.unwrap();
            }
            pos.play_unchecked(m);
        }
        let text = sheet(&words);
        let raw = games(&text).next().unwrap();
        let r = replay(&raw, &ReplayOptions { notation: Some(notation) });
        let errors: Vec<_> = r.findings.iter().filter(|f| f.severity() == Severity::Error).collect();
        // One reading of the first slip may make the second text a legal move: one slip
        // then explains the whole sheet, which is the better explanation.
        prop_assume!(!(errors.len() == 1 && r.moves.len() == moves.len()));
        // Exactly the two slips' errors, each at its ply, each naming the move meant: first,
        // or among the readings listed when the rest of the game cannot tell them apart (a
        // real tie: as far and as near the text as the one taken).
        prop_assert_eq!(errors.len(), 2, "{}\n{:?}", text, errors);
        // A first slip whose readings tie (listed), read otherwise than meant, may leave a
        // position where the second slip's move meant is not there at all (a pawn read to
        // a3, not a4: the second slip's `a7` is then a4, not a5), or where the second
        // slip is elsewhere (`7...Kh7` read as `Rh7`, not `Ke7`: the meant `17...Rh7`,
        // written `Rh8`, is then legal, and `18...Rh8` the slip); the game cannot tell the
        // two: two slips either way, every other move as written (asserted below).
        let mut other_line = false;
        for (f, k) in errors.iter().zip([k1, k2]) {
            prop_assert!(other_line || f.ply == Some(k as u32 + 1), "{}\n{:?}", text, errors);
            prop_assert!(f.hint.as_deref().unwrap_or("").starts_with("read as "), "{:?}\n{}\n{:?}", f.hint, text, errors);
            let proposed = &f.proposal.as_ref().expect("a reading").moves;
            let meant = meant_in_replay(&r.moves[..k], moves[k], notation);
            prop_assert!(
                other_line || meant.as_ref().is_some_and(|m| proposed.contains(m)),
                "{} meant {} ({:?} where the replay stands): {:?}\n{}\nmeant: {}", k, clean[k], meant, proposed, text, sheet(&clean)
            );
            other_line |= proposed.len() > 1 && meant.as_deref() != Some(proposed[0].as_str());
        }
        // The whole game is replayed, each slip read on, every other move as written.
        prop_assert_eq!(r.moves.len(), moves.len());
        let slips: Vec<u32> = errors.iter().filter_map(|f| f.ply).collect();
        let mut pos = Chess::default();
        for (i, &m) in r.moves.iter().enumerate() {
            if !slips.contains(&(i as u32 + 1)) {
                let read = arbitro::classical::fill::resolve(&pos, &words[i], notation);
                prop_assert_eq!(read, Some(m), "ply {} {}\n{}", i + 1, &words[i], text);
            }
            pos.play_unchecked(m);
        }
    }
}

/// A long game with a slip at nearly every move ends fast, reads what it can, and never
/// reads past what the search allows.
#[test]
fn a_sheet_full_of_slips_stays_fast() {
    let moves = random_game(
        &(0..400u16)
            .map(|i| i.wrapping_mul(7919))
            .collect::<Vec<_>>(),
    );
    let clean = texts(&moves, Notation::Italian);
    let words: Vec<String> = clean
        .iter()
        .enumerate()
        .map(|(i, w)| {
            slip(w, (i % 4) as u8, i as u8, Notation::Italian).unwrap_or_else(|| w.clone())
        })
        .collect();
    let text = sheet(&words);
    let raw = games(&text).next().unwrap();
    let t = std::time::Instant::now();
    let r = replay(
        &raw,
        &ReplayOptions {
            notation: Some(Notation::Italian),
        },
    );
    assert!(
        t.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        t.elapsed()
    );
    assert!(r.findings.iter().any(|f| f.severity() == Severity::Error));
}

/// The two slips of a real opening (a square, a piece letter), each read as meant.
#[test]
fn two_slips_of_a_real_game_read_as_meant() {
    let text = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa5 Cf6 5.0-0 Ae7 6.Te1 b5 7.Ab3 d6 8.c3 0-0 \
                9.h3 Cb8 10.d4 Cbd7 11.Cbd2 Ab7 12.Ac2 Te8 13.Cf1 Af8 14.Ag3 g6 15.Ag5 h6 \
                16.Ad2 Ag7 17.a4 c5 1-0";
    let raw = games(text).next().unwrap();
    let r = replay(&raw, &ReplayOptions::default());
    let errors: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.severity() == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(errors[0].ply, Some(7));
    assert_eq!(errors[0].proposal.as_ref().unwrap().moves, ["Aa4"]);
    assert_eq!(errors[0].hint.as_deref(), Some("read as Aa4 to go on"));
    assert_eq!(errors[1].ply, Some(27));
    assert_eq!(errors[1].proposal.as_ref().unwrap().moves[0], "Cg3");
    assert_eq!(r.moves.len(), 34);
}

/// Real games (the shared PGN archive) with three one-edit slips far apart, in English and
/// in Italian: exactly three errors, each at its slip's ply, each naming the move meant
/// (first, or among the readings listed where the game cannot tell them apart), no
/// cascade, the whole game replayed.
#[test]
fn real_games_with_three_slips_give_three_findings() {
    let mut tried = 0;
    let mut exact = 0;
    for name in ["Capablanca.pgn", "London1851.pgn", "tatamast22.pgn"] {
        let text = std::fs::read_to_string(format!("../shared/data/pgn/{name}")).unwrap();
        for (g, raw) in games(&text).enumerate().take(40) {
            let clean = replay(&raw, &ReplayOptions::default());
            if !clean.is_valid() || clean.moves.len() < 70 || clean.start != Chess::default() {
                continue;
            }
            let moves = clean.moves;
            let n = moves.len();
            let notation = if g % 2 == 0 {
                Notation::English
            } else {
                Notation::Italian
            };
            let written = texts(&moves, notation);
            let mut words = written.clone();
            let mut at = Vec::new();
            let mut pos = Chess::default();
            for (i, &m) in moves.iter().enumerate() {
                let due = [n / 6, n / 2, n - 12].contains(&i);
                if due {
                    let pick = (g * 7 + i) as u8;
                    let s = (0..4u8)
                        .filter_map(|h| slip(&written[i], h.wrapping_add(pick), pick, notation))
                        .find(|s| not_a_move_here(&pos, s, notation));
                    if let Some(s) = s {
                        words[i] = s;
                        at.push(i);
                    }
                }
                pos.play_unchecked(m);
            }
            if at.len() < 3 {
                continue;
            }
            tried += 1;
            let sheet_text = sheet(&words);
            let raw = games(&sheet_text).next().unwrap();
            let r = replay(
                &raw,
                &ReplayOptions {
                    notation: Some(notation),
                },
            );
            let errors: Vec<_> = r
                .findings
                .iter()
                .filter(|f| f.severity() == Severity::Error)
                .collect();
            assert_eq!(
                errors.len(),
                3,
                "{name} game {}\n{sheet_text}\n{errors:?}",
                g + 1
            );
            assert_eq!(r.moves.len(), n, "{name} game {}", g + 1);
            let mut all = true;
            for (f, &k) in errors.iter().zip(&at) {
                assert_eq!(
                    f.ply,
                    Some(k as u32 + 1),
                    "{name} game {}\n{sheet_text}",
                    g + 1
                );
                let proposed = &f.proposal.as_ref().expect("a reading").moves;
                let meant = meant_in_replay(&r.moves[..k], moves[k], notation).unwrap();
                assert!(
                    proposed.contains(&meant),
                    "{name} game {}: {meant} in {proposed:?}\n{sheet_text}",
                    g + 1
                );
                all &= proposed[0] == meant;
            }
            exact += usize::from(all);
        }
    }
    assert!(tried >= 40, "{tried} games tried");
    // Real games tell the readings apart: nearly always the move meant comes first.
    assert!(exact * 10 >= tried * 9, "{exact} of {tried} exact");
}

/// A 300-move game with a slip near the start is diagnosed in well under a second (the
/// look-ahead is bounded: `HORIZON` plies a reading).
#[test]
fn a_long_game_with_an_early_slip_is_fast() {
    // Knights out and back: 600 plies, then a slip at move 3.
    let mut words: Vec<String> = Vec::new();
    for i in 0..150 {
        let (w, b) = if i % 2 == 0 {
            ("Cf3", "Cf6")
        } else {
            ("Cg1", "Cg8")
        };
        words.push(w.into());
        words.push(b.into());
        let (w, b) = if i % 2 == 0 {
            ("Cc3", "Cc6")
        } else {
            ("Cb1", "Cb8")
        };
        words.push(w.into());
        words.push(b.into());
    }
    words.truncate(600);
    words[4] = "Cg2".into(); // 3.Cg1 written Cg2
    let text = sheet(&words);
    let raw = games(&text).next().unwrap();
    let t = std::time::Instant::now();
    let r = replay(&raw, &ReplayOptions::default());
    let took = t.elapsed();
    let errors: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.severity() == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].ply, Some(5));
    assert_eq!(r.moves.len(), 600);
    eprintln!("600 plies, a slip at ply 5: {took:?}");
    assert!(took < std::time::Duration::from_millis(500), "{took:?}");
}
