//! Classical games with several slips (issue 28 point 4, FIDE 3 and C.9–C.12): where two
//! readings of a slip let the game replay to its end, the one taken is the one under which
//! the rest of the sheet reads best. Each game is a real one (the shared PGN archive) with
//! the slips of `tests/props/slip_sets.rs` that once read wrong or cascaded; each test
//! names the slips as `ply: meant -> written`.

use arbitro::verify::{GameReport, verify_bytes};

fn check(text: &str) -> GameReport {
    let mut r = verify_bytes("t.txt", text.as_bytes(), &Default::default()).expect("readable");
    assert_eq!(r.len(), 1, "one game");
    r.remove(0)
}

/// `(code, ply, hint)` of every finding.
fn found(r: &GameReport) -> Vec<(&'static str, Option<u32>, Option<&str>)> {
    r.findings
        .iter()
        .map(|f| (f.code.as_str(), f.ply, f.hint.as_deref()))
        .collect()
}

/// Slips `31: Bc1 -> Bc4`, `39: Bxa6 -> Bxa1`. Read as `Nc4`, `16.Bc4` needs no later slip,
/// but 19...Nxc1 and 20.Bxa1 then take nothing: two wrong capture marks (FIDE C.9). Read as
/// `Bc1`, the later findings are one: the slip at 20.Bxa1. The fewest later findings win.
#[test]
fn the_reading_with_the_fewest_later_findings_is_taken() {
    let r = check(
        "1.c4 e6 2.e3 d5 3.cxd5 exd5 4.d3 Bd6 5.b3 Nf6 6.Be2 O-O 7.Bb2 c5 8.Nd2 Nc6 \
         9.Ngf3 b6 10.O-O Bb7 11.a3 Re8 12.Ra2 Bc7 13.Qa1 d4 14.e4 Ng4 15.Qe1 Nge5 \
         16.Bc4 Qd6 17.Kh1 Ba6 18.Qd1 Nxd3 19.g3 Nxc1 20.Bxa1 Nxa2 0-1",
    );
    assert_eq!(
        found(&r),
        vec![
            ("illegal-move", Some(31), Some("read as Bc1 to go on")),
            ("illegal-move", Some(39), Some("read as Bxa6 to go on")),
        ]
    );
}

/// Slips `22: Ae7 -> Ad7`, `33: Tac1 -> Tac1+`, `46: Af6 -> af6`. `11...Ad7` read as `Aa7`
/// or `Ae7` replays as far with as many later slips; under `Aa7` the later `af6` must be
/// read as a pawn's `f6` or `Cf6`, under `Ae7` it is `Af6` with its letter small, the
/// likeliest slip of all. The reading whose later slips are the likelier is taken.
#[test]
fn the_reading_whose_later_slips_are_likelier_is_taken() {
    let r = check(
        "1.d4 d5 2.c4 c6 3.e3 Cf6 4.Cc3 e6 5.Cf3 Cbd7 6.Ad3 dxc4 7.Axc4 b5 8.Ae2 a6 \
         9.a3 c5 10.dxc5 Axc5 11.b4 Ad7 12.Ab2 Ab7 13.0-0 0-0 14.Dd4 Cb6 15.Tfd1 Dxd4 \
         16.Cxd4 Tac8 17.Tac1+ Cc4 18.Axc4 Txc4 19.Cb1 Tfc8 20.Cd2 Txc1 21.Txc1 Txc1+ \
         22.Axc1 Cd7 23.f3 af6 24.Rf2 Rf8 25.Re2 Re7 26.Ab2 Rd6 27.Aa1 1/2-1/2",
    );
    assert_eq!(
        found(&r),
        vec![
            ("illegal-move", Some(22), Some("read as Ae7 to go on")),
            ("wrong-check-mark", Some(33), None),
            (
                "illegal-move",
                Some(46),
                Some(
                    "read as Af6 to go on: piece letters are capitals (R D T A C), a small \
                     letter is a file"
                )
            ),
        ]
    );
}

/// Slips `11: Ad3 -> Aa3`, `33: Ce5 -> Te5`. A capital `A` is the bishop, never the file
/// `a` written big: `6.Aa3` is not read as the pawn's `a3` with "a small letter is a file",
/// which would make the real `10.a3` a second slip.
#[test]
fn a_capital_piece_letter_is_not_a_file_written_big() {
    let r = check(
        "1.d4 Cf6 2.Cf3 d5 3.c4 c6 4.e3 e6 5.Cc3 Cbd7 6.Aa3 dxc4 7.Axc4 b5 8.Ae2 a6 \
         9.0-0 Ab7 10.a3 c5 11.dxc5 Cxc5 12.b4 Dxd1 13.Txd1 Cce4 14.Ab2 Cxc3 15.Axc3 Ae7 \
         16.Tac1 0-0 17.Te5 Tfd8 18.Txd8+ Txd8 19.Ad4 Ad6 20.Af3 Cd5 21.Cd3 Rf8 22.Cc5 \
         Axc5 23.Axc5+ Re8 24.Rf1 Tc8 25.Re1 Tc7 26.Axd5 Axd5 27.f3 Ac4 28.Td1 Td7 \
         1/2-1/2",
    );
    assert_eq!(
        found(&r),
        vec![
            ("illegal-move", Some(11), Some("read as Ad3 to go on")),
            ("illegal-move", Some(33), Some("read as Ce5 to go on")),
        ]
    );
}

/// Slips `54: De2 -> De1`, `63: Ae7 -> Ah7`. Read as `Ah4`, the bishop makes the last
/// move, 35...Dg1+, a mate written `+` (a `missing-mate-mark`, FIDE C.12); read as `Ae7`,
/// it is the check the sheet says. A mate agrees only with a `#`.
#[test]
fn a_check_that_would_be_mate_tells_two_readings_apart() {
    let r = check(
        "1.d4 d5 2.c4 e6 3.Cc3 Cf6 4.e3 c5 5.Cf3 Cc6 6.a3 dxc4 7.Axc4 cxd4 8.exd4 Ae7 \
         9.0-0 0-0 10.Ae3 Ad7 11.Dd3 Tc8 12.Tac1 Da5 13.Aa2 Tfd8 14.Tfe1 Ae8 15.Ab1 g6 \
         16.De2 Af8 17.Ted1 Ag7 18.Aa2 Ce7 19.Dd2 Da6 20.Ag5 Cf5 21.g4 Cxd4 22.Cxd4 e5 \
         23.Cd5 Txc1 24.Dxc1 exd4 25.Txd4 Cxd5 26.Txd5 Txd5 27.Axd5 De1 28.h3 h6 29.Ac4 \
         Df3 30.De3 Dd1+ 31.Rh2 Ac6 32.Ah7 Ae5+ 33.f4 Axf4+ 34.Dxf4 Dh1+ 35.Rg3 Dg1+ 0-1",
    );
    assert_eq!(
        found(&r),
        vec![
            ("illegal-move", Some(54), Some("read as De2 to go on")),
            (
                "illegal-move",
                Some(63),
                Some("read as Ae7 to go on (also possible: Axh6)")
            ),
        ]
    );
}

/// Slips `6: Bb4 -> Be4`, `15: a4 -> b4`, `29: Nh3 -> Kh3`. Read as `Bb4`, the later `b4`
/// is a slip whose readings `a4` and `b3` both stop at the later `Kh3`; the look-ahead
/// reads that common slip past in each and finds that `b3` leaves nothing for 18...Qxb2
/// to take. So `Bb4` needs no more later slips than `Be7`: the game cannot tell the two
/// apart, and both are named.
#[test]
fn a_later_slip_that_stops_every_reading_is_read_past() {
    let r = check(
        "1.d4 Nf6 2.c4 e6 3.Nc3 Be4 4.f3 c5 5.d5 b5 6.e4 d6 7.Bd2 a6 8.b4 bxc4 9.Bxc4 \
         Nbd7 10.dxe6 fxe6 11.Bxe6 Ne5 12.Bxc8 Qxc8 13.Bf4 c4 14.Bxe5 dxe5 15.Kh3 Bc5 \
         16.Qe2 Rb8 17.Nf2 Qb7 18.O-O Qxb2 19.Qxc4 Bxf2+ 20.Kh1 Qb3 21.Qc7 Qb6 \
         22.Qxe5+ Kf7 23.Nd5 Nxd5 24.Qxd5+ Ke7 25.Qe5+ Kf7 26.Rac1 1-0",
    );
    assert_eq!(
        found(&r)[0],
        (
            "illegal-move",
            Some(6),
            Some("read as Be7 to go on (also possible: Bb4)")
        )
    );
}

/// Slips `15: Bd3 -> Bd3+`, `42: Rff8 -> Rff3`. `21...Rff3` read as `Rf6` or `Rff8` replays
/// as far with as many later slips; only under `Rff8` is the origin of the later `25...Rae8`
/// one the position needs (two rooks could go to e8, FIDE C.10), so `Rff8` is the reading,
/// alone.
#[test]
fn written_origins_that_the_position_needs_tell_two_readings_apart() {
    let r = check(
        "1.d4 Nf6 2.c4 e6 3.Nc3 d5 4.Bg5 Be7 5.e3 O-O 6.Nf3 Nbd7 7.Rc1 c6 8.Bd3+ dxc4 \
         9.Bxc4 b5 10.Bd3 a6 11.O-O c5 12.a4 c4 13.Bb1 Qb6 14.e4 h6 15.Be3 Ng4 16.Bf4 Bb7 \
         17.e5 f5 18.h3 Rf7 19.d5 b4 20.a5 Qxa5 21.dxe6 Rff3 22.Qxd7 Bxf3 23.gxf3 bxc3 \
         24.Qxe7 cxb2 25.Rxc4 Rae8 26.Qc5 1-0",
    );
    assert_eq!(
        found(&r),
        vec![
            ("wrong-check-mark", Some(15), None),
            ("illegal-move", Some(42), Some("read as Rff8 to go on")),
        ]
    );
}

/// A game that really repeats (`4.Ch1` for `Cg1`, the third time the knights stand at
/// home): the reading that makes the repetition is as good as one that avoids it. A
/// repetition a reading would make is no later finding to hold against it (draws by
/// repetition are common; a look-ahead that counted it took `Ch4` and lost the game's
/// real `claim-possible`).
#[test]
fn a_repetition_in_the_game_does_not_count_against_the_reading_that_makes_it() {
    let r = check("1.Cf3 Cf6 2.Cg1 Cg8 3.Cf3 Cf6 4.Ch1 Cg8 5.e4 e5 6.Ac4 Ac5 7.d3 d6 8.c3 c6 *");
    assert_eq!(
        found(&r),
        vec![
            (
                "illegal-move",
                Some(7),
                Some("read as Cg1 to go on (also possible: Ch4)")
            ),
            ("claim-possible", Some(8), None),
        ]
    );
}

/// Castling miswritten (`O.O`, `0:0`, `O=O`, `O~O`): Os or zeros with punctuation between
/// them are castling to the slip search, read as `0-0`, and the game goes on; never a
/// stray word passed over (then Black's `Cf6` would be read as White's move).
#[test]
fn castling_miswritten_is_read_as_castling() {
    for written in ["O.O", "0:0", "O=O", "O~O"] {
        let r = check(&format!(
            "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.{written} Cf6 5.d3 d6 *"
        ));
        assert_eq!(
            found(&r),
            vec![("parse-error", Some(7), Some("read as 0-0 to go on"))],
            "{written}"
        );
        assert_eq!(r.plies(), 10, "{written}");
    }
}

/// A word that is no move where the move numbers put one (`4.oops Cf6 5.d3`) is a whole
/// move unreadable: one `parse-error`, read as the move with which the game goes on (the
/// first in shakmaty's order when many do, the others listed), and the rest is checked.
/// Before, it was passed over as a stray word and Black's `Cf6` was read as White's move:
/// two errors and the replay stopped. So is punctuation there (`4.???`).
#[test]
fn a_word_in_place_of_a_move_is_an_unreadable_move() {
    let opening = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5";
    // White's move, then Black's.
    let r = check(&format!("{opening} 4.oops Cf6 5.d3 d6 *"));
    assert_eq!(
        found(&r),
        vec![(
            "parse-error",
            Some(7),
            Some("read as a3 to go on (also possible: b3, c3, g3 and 25 more)")
        )]
    );
    assert_eq!(r.plies(), 10);
    let r = check(&format!("{opening} 4.Cg5 oops 5.Cxf7 d6 *"));
    assert_eq!(
        found(&r),
        vec![(
            "parse-error",
            Some(8),
            Some("read as a6 to go on (also possible: b6, g6, h6 and 23 more)")
        )]
    );
    // A later, independent slip is still found.
    let r = check(&format!(
        "{opening} 4.oops Cf6 5.d3 d6 6.Cg5 O-O 7.Cxf7 Txf7 8.Axf7+ Rxf7 9.Dh5+ Rg8 10.Dxd8 *"
    ));
    let codes: Vec<_> = found(&r).into_iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(
        codes,
        [("parse-error", Some(7)), ("illegal-move", Some(19))]
    );
    // Punctuation where a move should be (`4.???`) is a move nobody could read too;
    // beside the two moves of a pair it is passed over as before.
    let r = check(&format!("{opening} 4.??? Cf6 5.d3 d6 *"));
    assert_eq!(
        found(&r),
        vec![(
            "parse-error",
            Some(7),
            Some("read as a3 to go on (also possible: b3, c3, g3 and 25 more)")
        )]
    );
    assert_eq!(r.plies(), 10);
    let r = check(&format!("{opening} 4.Cg5 Cf6 ??? 5.d3 d6 *"));
    let codes: Vec<_> = found(&r).into_iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(codes, [("stray-result", None)]);
    assert_eq!(r.plies(), 10);
    // A word beside the two moves of a pair is no move: prose, passed over as before.
    let r = check(&format!("{opening} 4.Cg5 forte Cf6 5.d3 d6 *"));
    let codes: Vec<_> = found(&r).into_iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(codes, [("prose-in-movetext", None)]);
    assert_eq!(r.plies(), 10);
}

/// A move missing from the sheet, shown by the numbers (R32a's classical twin, FIDE 8.1):
/// `3.Ac4 4.d3` leaves Black's third move out, `4.d6 5.Cc3` White's fourth. One
/// `missing-move` at the number, naming the side and the move, with the moves that let the
/// game go on; no `move-number-mismatch`, no illegal move, and the rest is replayed.
#[test]
fn a_move_missing_from_the_sheet_is_one_finding() {
    let at = |r: &GameReport| {
        r.findings
            .iter()
            .map(|f| {
                let s = f.span.unwrap();
                (
                    f.code.as_str(),
                    f.army.map(|a| a.to_string()),
                    f.move_number,
                    s.column,
                )
            })
            .collect::<Vec<_>>()
    };
    let r = check("1.e4 e5 2.Cf3 Cc6 3.Ac4 4.d3 d6 5.Cc3 Cf6 *");
    assert_eq!(
        found(&r),
        vec![(
            "missing-move",
            Some(6),
            Some("read as a6 to go on (also possible: b6, g6, h6 and 18 more)")
        )]
    );
    assert_eq!(
        at(&r),
        [("missing-move", Some("black".into()), Some(3), 25)]
    );
    assert_eq!(r.plies(), 10);
    let r = check("1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.d6 5.Cc3 Cf6 *");
    assert_eq!(
        at(&r),
        [("missing-move", Some("white".into()), Some(4), 29)]
    );
    assert_eq!(r.plies(), 10);
    // Only the moves after which the game goes on are proposed: Black's third move opens
    // the way for 6...Ag4, and leaves the knight on c6 for 7...Cd4.
    let r = check("1.e4 e5 2.Cf3 Cc6 3.Ac4 4.O-O Cf6 5.d3 h6 6.Cc3 Ag4 7.h3 Cd4 *");
    assert_eq!(
        found(&r),
        vec![(
            "missing-move",
            Some(6),
            Some("read as d6 to go on (also possible: d5)")
        )]
    );
    assert_eq!(r.plies(), 14);
    // A later, independent slip is found too.
    let r =
        check("1.e4 e5 2.Cf3 Cc6 3.Ac4 4.d3 d6 5.Cc3 Cf6 6.Ag5 h6 7.Axf6 Dxf6 8.Cd5 Dd8 9.Cxc8 *");
    let codes: Vec<_> = found(&r).into_iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(
        codes,
        [("missing-move", Some(6)), ("illegal-move", Some(17))]
    );
    // A wrong number on a move that is legal stays what it was: a number that jumps.
    let r = check("1.e4 e5 2.Cf3 Cc6 3.Ac4 4.Ac5 5.d3 d6 *");
    assert_eq!(found(&r)[0].0, "move-number-mismatch");
    // A number that does not jump by one shows no gap: the illegal move stays.
    let r = check("1.e4 e5 2.Cf3 Cc6 3.Ac4 3.d3 d6 4.Cc3 Cf6 *");
    assert_eq!(found(&r)[0].0, "illegal-move");
    // A sheet numbered from elsewhere names the move by its own number.
    let r = check(
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n\
         11.e4 e5 12.Cf3 Cc6 13.Ac4 14.d3 d6 15.Cc3 Cf6 *",
    );
    assert_eq!(
        at(&r),
        [("missing-move", Some("black".into()), Some(13), 28)]
    );
}

/// The review's cases of a move missing from the sheet: an ambiguous word shows the gap as
/// an illegal one does; White's move missing before a word with Black's dots; a word that
/// is no move in a sheet numbered from elsewhere; the hint of a gap kept beside prose.
#[test]
fn a_missing_move_is_found_however_the_sheet_shows_it() {
    let first = |text: &str| {
        let r = check(text);
        let f = &r.findings[r.findings.len() - 1];
        (
            r.findings.len(),
            f.code.as_str(),
            f.army.map(|a| a.to_string()),
            f.move_number,
            f.span.map(|s| (s.line, s.column)),
            r.plies(),
        )
    };
    // `7. Cd4` with White to move fits two white knights: Black's 7...Cd4, White's missing.
    assert_eq!(
        first(
            "1.e4 e5 2.Cf3 Cc6 3.d3 d6 4.Cbd2 Ae7 5.Cb3 Cf6 6.Ae2 O-O 7. Cd4 8.Cbxd4 exd4 9.O-O Te8 10.c3 *"
        ),
        (
            1,
            "missing-move",
            Some("white".into()),
            Some(7),
            Some((1, 58)),
            19
        )
    );
    // `3.e5` is legal for Black too (after 2...e6), but then `c5` is not for White: the
    // jump of the number is Black's second move missing, and the game goes on to its end.
    assert_eq!(
        first("1.e4 e6 2.d4 3.e5 c5 4.c3 Cc6 5.Cf3 Db6 6.a3 Cge7 *"),
        (
            1,
            "missing-move",
            Some("black".into()),
            Some(2),
            Some((1, 14)),
            12
        )
    );
    // `4...d6` with White to move.
    assert_eq!(
        first("1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5\n4...d6 5.Cc3 Cf6 6.O-O O-O 7.h3 *"),
        (
            1,
            "missing-move",
            Some("white".into()),
            Some(4),
            Some((2, 1)),
            13
        )
    );
    // A sheet numbered from 2 (a warning), a word that is no move in White's fifth.
    let r = check("2.e4 e5 3.Cf3 Cc6 4.Ac4 Ac5 5.oops Cf6 6.d3 d6 7.Cc3 O-O 8.O-O *");
    let codes: Vec<_> = found(&r).into_iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(
        codes,
        [("move-number-mismatch", Some(0)), ("parse-error", Some(7))]
    );
    assert_eq!(r.plies(), 13);
    // Prose beside a gap: the gap's hint says how to go on.
    let r =
        check("1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.d3 forte 5.Cc3 Cf6 6.Ag5 h6 7.Axf6 Dxf6 8.Cd5 Dd8 *");
    let f = &r.findings[1];
    assert_eq!((f.code.as_str(), f.move_number), ("missing-move", Some(4)));
    assert!(
        f.hint.as_deref().unwrap().starts_with("read as "),
        "{:?}",
        f.hint
    );
}

/// White's move missing before a word that is legal for White too: `3. Cd4` (Black's
/// 3...Cd4, White's 3.Ac4 missing) is played as White's knight f3-d4 at first, and the
/// gap shows only at `4.`, which comes with Black to move. The replay goes back for it:
/// one `missing-move`, White's third, at `3.`, and the game replays to its end. (A lone
/// word that is White's move with Black's missing after it stays as it was: `3.Ac4 4.d3
/// d6` in `a_move_missing_from_the_sheet_is_one_finding`.)
#[test]
fn white_s_move_missing_before_a_word_legal_for_white_is_found() {
    let one = |text: &str| {
        let r = check(text);
        assert_eq!(r.findings.len(), 1, "{:?}", found(&r));
        let f = &r.findings[0];
        let s = f.span.unwrap();
        (
            f.code.as_str(),
            f.army.map(|a| a.to_string()),
            f.move_number,
            f.ply,
            (s.line, s.column),
            f.hint.clone().unwrap_or_default(),
            r.plies(),
        )
    };
    assert_eq!(
        one(
            "1.e4 e5 2.Cf3 Cc6 3. Cd4 4.Cxd4 exd4 5.c3 Cf6 6.cxd4 Cxe4 7.d3 Ab4+ 8.Rf1 d5 9.Axd5 Cf6 *"
        ),
        (
            "missing-move",
            Some("white".into()),
            Some(3),
            Some(5),
            (1, 19),
            "read as Ac4 to go on".into(),
            18
        )
    );
    // A real game (../shared/data/pgn) with White's 3.Nf3 left out: `3.e4` is Black's
    // 3...e4, and legal for White too.
    let game = "1.c4 e5 2.g3 c6 3.e4 4.Nd4 d5 5.cxd5 Qxd5 6.Nc2 Nf6 7.Nc3 Qe5 8.Bg2 Na6 \
                9.O-O Be7 10.Ne1 Nb4 11.f3 exf3 12.Nxf3 Qh5 13.d4 Nbd5 14.e4 Nxc3 15.bxc3 \
                Nxe4 16.Re1 f5 *";
    assert_eq!(
        one(game),
        (
            "missing-move",
            Some("white".into()),
            Some(3),
            Some(5),
            (1, 17),
            "read as Nf3 to go on".into(),
            32
        )
    );
    // Two moves missing, White's third (found one move back) and Black's eighth: each its
    // own finding, the game to its end (the review's case: the second gap stopped every
    // reading of the first short of the end).
    let r = check(
        "1.e4 e5 2.Nf3 Nc6 3.Nd4 4.Nxd4 exd4 5.Bc4 Bc5 6.O-O d6 7.d3 Nf6 8.Bg5 9.Bh4 g5 \
         10.Bg3 O-O 11.Nd2 Be6 12.Bxe6 fxe6 *",
    );
    let codes: Vec<_> = r
        .findings
        .iter()
        .map(|f| {
            (
                f.code.as_str(),
                f.army.map(|a| a.to_string()),
                f.move_number,
            )
        })
        .collect();
    assert_eq!(
        codes,
        [
            ("missing-move", Some("white".into()), Some(3)),
            ("missing-move", Some("black".into()), Some(8))
        ]
    );
    assert_eq!(r.plies(), 24);
}

/// A whole row missing (`5.Nc3 Bb4 7.Bd3`: White's 6.Nxc6 and Black's 6...bxc6 never
/// written): the number jumps by one with White to move, and `7.Bd3` is legal as written
/// but `8.exd5 cxd5` is not (no black pawn on c6). One `missing-move` naming both, at `7.`,
/// proposing the pair, and the game replays to its end; before, a `move-number-mismatch`
/// and an illegal move that stopped the replay. A number that jumps where the game goes on
/// as written stays a `move-number-mismatch` (a number written wrong is as likely).
#[test]
fn a_whole_row_missing_is_one_finding() {
    let r = check(
        "1.e4 e5 2.Nf3 Nc6 3.d4 exd4 4.Nxd4 Nf6 5.Nc3 Bb4 7.Bd3 d5 8.exd5 cxd5 9.O-O O-O \
         10.Bg5 c6 11.Ne2 Bd6 12.Ng3 h6 13.Bd2 Ng4 14.Be2 Qh4 15.Bxg4 Bxg4 *",
    );
    assert_eq!(r.findings.len(), 1, "{:?}", found(&r));
    let f = &r.findings[0];
    let s = f.span.unwrap();
    assert_eq!(
        (
            f.code.as_str(),
            f.army.map(|a| a.to_string()),
            f.move_number,
            f.ply,
            (s.line, s.column),
            f.message.as_str(),
            f.hint.as_deref(),
        ),
        (
            "missing-move",
            Some("white".into()),
            Some(6),
            Some(11),
            (1, 50),
            "White's and Black's moves 6 are missing from the sheet",
            Some("read as 6.Nxc6 bxc6 to go on")
        )
    );
    assert_eq!(
        f.proposal.as_ref().map(|p| p.moves.clone()),
        Some(vec!["6.Nxc6 bxc6".to_string()])
    );
    assert_eq!(r.plies(), 30);
    // The row does not matter to what follows: the jump alone is said.
    let r = check("1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 5.c3 Cf6 6.d4 exd4 *");
    assert_eq!(found(&r), vec![("move-number-mismatch", Some(6), None)]);
}

/// `(code, move number, ply, hint, proposed)` of a finding.
type Placed = (&'static str, Option<u32>, Option<u32>, String, Vec<String>);

/// [`Placed`] of every finding.
fn placed(r: &GameReport) -> Vec<Placed> {
    r.findings
        .iter()
        .map(|f| {
            (
                f.code.as_str(),
                f.move_number,
                f.ply,
                f.hint.clone().unwrap_or_default(),
                f.proposal
                    .as_ref()
                    .map(|p| p.moves.clone())
                    .unwrap_or_default(),
            )
        })
        .collect()
}

/// Formats.md §8 with issue 28 point 4: a whole move unreadable that several moves fit is
/// an `unreadable-move` error, and the replay goes on with the first reading, so a later,
/// independent slip (`10.Dd3` for `Dd2`, the d-pawn on d3) is found in the same run. A
/// sheet of nothing but `_` still stops at the first (`reconcile.rs`).
#[test]
fn an_unreadable_move_with_several_readings_does_not_stop_the_replay() {
    let r = check(
        "1.e4 e5; 2.Cf3 Cc6; 3.Ac4 Cf6; 4.d3 Ae7; 5.O-O d6; 6.Cc3 O-O; 7.Ae3 _; 8.h3 Ae6; \
         9.Axe6 fxe6; 10.Dd3 Dd7; 11.Tad1 Tad8; 12.a3 a6",
    );
    let found = placed(&r);
    assert_eq!(found.len(), 2, "{found:?}");
    let (code, number, ply, hint, proposed) = &found[0];
    assert_eq!(
        (*code, *number, *ply),
        ("unreadable-move", Some(7), Some(14))
    );
    assert_eq!(
        hint,
        "read as b6 to go on; look at the other player's sheet (arbitro reconcile)"
    );
    // 29 readings fit, all proposed, the best first: each replays to 10.Dd3 (ply 18),
    // and past it to the end but 7...a6 (12...a6 is written later).
    assert!(
        r.findings[0]
            .message
            .starts_with("7..._ cannot be filled in: 29 readings fit: b6 (replays to ply 18)"),
        "{}",
        r.findings[0].message
    );
    assert_eq!(proposed.len(), 29);
    assert_eq!(proposed[..3], ["b6", "g6", "h6"]);
    assert_eq!(
        (found[1].0, found[1].1, found[1].2, found[1].3.as_str()),
        ("illegal-move", Some(10), Some(19), "read as Dd2 to go on")
    );
    assert_eq!(r.plies(), 24);
}

/// A `_` after a slip read as meant (`3.Ac5` for `Ac4`) or after a missing move (White's
/// 3rd): the plan made before the replay saw the game stop there and found no reading;
/// the replay weighs the readings where it stands and fills the move (FIDE 8.1).
#[test]
fn an_unreadable_move_after_a_slip_or_a_missing_move_is_filled() {
    let r = check(
        "1.e4 e5; 2.Cf3 Cc6; 3.Ac5 Cf6; 4.d3 Ae7; 5.O-O d6; 6.Cc3 O-O; 7.Ae3 A_6; 8.h3 a6; \
         9.a3 h6",
    );
    let found = placed(&r);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        (found[0].0, found[0].1, found[0].2, found[0].3.as_str()),
        (
            "illegal-move",
            Some(3),
            Some(5),
            "read as Ac4 to go on (also possible: Ab5)"
        )
    );
    assert_eq!(
        (found[1].0, found[1].1, found[1].2),
        ("filled-unreadable", Some(7), Some(14))
    );
    assert_eq!(
        r.findings[1].message,
        "7...A_6 is read as Ae6: the only legal move that fits"
    );
    assert_eq!(r.plies(), 18);

    let r = check(
        "1.e4 e5 2.Nf3 Nc6 3. Nd4 4.Nxd4 exd4 5.c_ dxc3 6.Nxc3 Nf6 7.O-O Be7 8.d4 O-O 9.e5 \
         Ne8 10.Qh5 d6 *",
    );
    let found = placed(&r);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        (found[0].0, found[0].1, found[0].2, found[0].3.as_str()),
        (
            "missing-move",
            Some(3),
            Some(5),
            // The bishop's three squares: the game replays to its end with each.
            "read as Bc4 to go on (also possible: Bb5, Ba6)"
        )
    );
    assert_eq!(
        (found[1].0, found[1].1, found[1].2),
        ("filled-unreadable", Some(5), Some(9))
    );
    assert_eq!(r.plies(), 20);
}
