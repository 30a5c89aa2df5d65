//! Issue 28 point 6: `arbitro reconcile` aligns a move one sheet skipped as a skip, says an
//! ambiguous move or a slip on one sheet as such, and leaves differing results unresolved
//! (formats.md §8; FIDE 8.1 every move written, 8.4 the last minutes, 8.7 the result
//! signed by both players).

use crate::common;
use common::{Scratch, json, stderr, stdout};

use crate::games::{random_game, sheet_words as words};
use arbitro::classical::reconcile::{Agreement, Reconciliation, SheetLetter, Why};
use arbitro::finding::Severity;
use arbitro::notation::san::Notation;
use proptest::prelude::*;

const WHITE: &str = "samples/classical/due-risultati-bianco.txt";
const BLACK: &str = "samples/classical/due-risultati-nero.txt";

use super::reconcile::rec;

/// `(code, severity, ply, move number, sheet)` of every finding.
type Said = (
    &'static str,
    Severity,
    Option<u32>,
    Option<u32>,
    Option<SheetLetter>,
);

fn said(r: &Reconciliation) -> Vec<Said> {
    r.findings
        .iter()
        .map(|f| {
            let x = &f.finding;
            (x.code.as_str(), x.severity(), x.ply, x.move_number, f.side)
        })
        .collect()
}

fn messages(r: &Reconciliation) -> Vec<&str> {
    r.findings
        .iter()
        .map(|f| f.finding.message.as_str())
        .collect()
}

const GAME: &str = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.0-0 Cce7 5.c3 d6 6.d4 exd4 7.cxd4 Ab6 8.Cc3 Cf6";

#[test]
fn a_skipped_castling_then_an_ambiguous_knight_is_a_skip_not_a_shift() {
    // The case of issue 28: B wrote Ce7 for Cce7 (the knights of c6 and g8 both reach e7)
    // and skipped 4.0-0. Before, `{A: 0-0, B: Ce7}` could be written into the game.
    let b = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4... Ce7 5.c3 d6 6.d4 exd4 7.cxd4 Ab6 8.Cc3 Cf6";
    let r = rec(GAME, b);
    assert_eq!(r.outcome, Agreement::Reconciled);
    assert_eq!(r.moves.len(), 16);
    assert_eq!(
        said(&r),
        [
            (
                "sheet-gap",
                Severity::Info,
                Some(7),
                Some(4),
                Some(SheetLetter::A)
            ),
            (
                "sheets-differ",
                Severity::Info,
                Some(8),
                Some(4),
                Some(SheetLetter::B)
            ),
        ]
    );
    assert_eq!(
        messages(&r),
        [
            "sheet B skips 4.0-0, which sheet A has; its later moves stand one ply on",
            "at 4...Cce7 the sheets differ (A: Cce7, B: Ce7): Ce7 is ambiguous on sheet B (could be Cce7 or Cge7); A's reading taken",
        ]
    );
    assert_eq!(r.rows[6].why, Why::Skipped(SheetLetter::A));
    assert_eq!(
        (r.rows[6].a.as_deref(), r.rows[6].b.as_deref()),
        (Some("0-0"), None)
    );
    assert_eq!(r.rows[7].why, Why::Ambiguous(SheetLetter::A));
    assert_eq!(
        r.rows[7].could_be_texts(Notation::Italian),
        ["Cce7", "Cge7"]
    );
    assert!(r.rows[8..].iter().all(|row| row.why == Why::Agree));
    // The same with the sheets the other way round: sheet A skipped.
    let r = rec(b, GAME);
    assert_eq!(
        messages(&r),
        [
            "sheet A skips 4.0-0, which sheet B has; its later moves stand one ply on",
            "at 4...Cce7 the sheets differ (A: Ce7, B: Cce7): Ce7 is ambiguous on sheet A (could be Cce7 or Cge7); B's reading taken",
        ]
    );
    assert_eq!(
        r.findings[1].finding.proposal.as_ref().unwrap().moves,
        ["Cce7"]
    );
}

#[test]
fn an_ambiguous_knight_on_one_sheet_is_said_as_ambiguous_in_both_languages() {
    let a = "1.d4 Cf6 2.Cf3 e6 3.Ag5 Ae7 4.e3 0-0 5.Cbd2 d5 6.Ad3 c5";
    let b = "1.d4 Cf6 2.Cf3 e6 3.Ag5 Ae7 4.e3 0-0 5.Cd2 d5 6.Ad3 c5";
    let r = rec(a, b);
    assert_eq!(
        said(&r),
        [(
            "sheets-differ",
            Severity::Info,
            Some(9),
            Some(5),
            Some(SheetLetter::B)
        )]
    );
    let f = &r.findings[0].finding;
    assert_eq!(
        f.message,
        "at 5.Cbd2 the sheets differ (A: Cbd2, B: Cd2): Cd2 is ambiguous on sheet B (could be Cbd2 or Cfd2); A's reading taken"
    );
    assert_eq!(
        f.message_in(arbitro::lang::Lang::It),
        "a 5.Cbd2 i formulari differiscono (A: Cbd2, B: Cd2): Cd2 è ambigua sul formulario B (può essere Cbd2 o Cfd2); presa la lettura di A"
    );
    assert_eq!(f.rule, Some("FIDE 8.1"));
}

#[test]
fn a_slip_on_either_sheet_names_the_sheet_and_the_move_read() {
    // Issue 28 point 4's slips, on two sheets: Ab4 for Ab5 (a square character), Cf4 for
    // Cf3 (both legal would be a difference; Cf4 is not legal here).
    let a = "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6";
    let b = "1.e4 e5 2.Cf4 Cc6 3.Ab5 a6 4.Aa4 Cf6";
    let r = rec(a, b);
    assert_eq!(
        said(&r),
        [(
            "sheets-differ",
            Severity::Info,
            Some(3),
            Some(2),
            Some(SheetLetter::B)
        )]
    );
    assert_eq!(
        messages(&r),
        [
            "at 2.Cf3 the sheets differ (A: Cf3, B: Cf4): a slip on sheet B, whose Cf4 is not legal; read as Cf3, as sheet A has it"
        ]
    );
    assert_eq!(
        r.findings[0].finding.message_in(arbitro::lang::Lang::It),
        "a 2.Cf3 i formulari differiscono (A: Cf3, B: Cf4): una svista sul formulario B, la cui Cf4 non è legale; letta come Cf3, come la riporta il formulario A"
    );
    let r = rec(b, a);
    assert_eq!(r.rows[2].why, Why::Slip(SheetLetter::B));
    assert_eq!(
        messages(&r),
        [
            "at 2.Cf3 the sheets differ (A: Cf4, B: Cf3): a slip on sheet A, whose Cf4 is not legal; read as Cf3, as sheet B has it"
        ]
    );
    // A move that is no slip of the other (two edits away) is still "only A's is legal".
    let r = rec(a, "1.e4 e5 2.Dd8 Cc6 3.Ab5 a6 4.Aa4 Cf6");
    assert_eq!(r.rows[2].why, Why::OnlyLegal(SheetLetter::A));
}

#[test]
fn a_whole_move_skipped_is_one_gap_of_two_plies() {
    let b = "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.0-0 Cce7 6.d4 exd4 7.cxd4 Ab6 8.Cc3 Cf6";
    let r = rec(GAME, b);
    assert_eq!(r.moves.len(), 16);
    assert_eq!(
        said(&r),
        [(
            "sheet-gap",
            Severity::Info,
            Some(9),
            Some(5),
            Some(SheetLetter::A)
        )]
    );
    assert_eq!(
        messages(&r),
        ["sheet B skips 5.c3 d6, which sheet A has; its later moves stand 2 plies on"]
    );
    assert_eq!(
        r.findings[0].finding.message_in(arbitro::lang::Lang::It),
        "il formulario B salta 5.c3 d6, che il formulario A riporta; le sue mosse successive sono spostate di 2 semimosse"
    );
}

/// The finding lines of a human report (`error[code]: message`).
fn finding_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains("]: ") && !l.starts_with(' '))
        .collect()
}

#[test]
fn the_sample_pair_gives_every_fix_and_an_unresolved_result_exits_one() {
    let d = Scratch::new("reconcile", "fixes");
    let out = d.join("partita.txt");
    let o = common::wide(&["reconcile", WHITE, BLACK, "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let report = stdout(&o);
    assert_eq!(
        finding_lines(&report),
        [
            "info[sheet-gap]: sheet B skips 4.0-0, which sheet A has; its later moves stand one ply on",
            "info[sheets-differ]: at 4...Cce7 the sheets differ (A: Cce7, B: Ce7): Ce7 is ambiguous on sheet B (could be Cce7 or Cge7); A's reading taken",
            "info[sheets-differ]: at 11...Ced5 the sheets differ (A: Ced5, B: Cd5): Cd5 is ambiguous on sheet B (could be Cfd5 or Ced5); A's reading taken",
            "info[sheets-differ]: at 13.Ag5 the sheets differ (A: Ag5, B: Ag4): a slip on sheet B, whose Ag4 is not legal; read as Ag5, as sheet A has it",
            "error[ambiguous-reconciliation]: the sheets declare different results (A 1-0, B 1/2-1/2) and the moves do not decide: the result is unresolved, * is written",
        ],
        "{report}"
    );
    assert!(
        report.ends_with(
            "Reconciled game: 30 plies, 4 where the sheets differ, result unresolved (A 1-0, B 1/2-1/2).\n"
        ),
        "{report}"
    );
    // The game is written all the same, with `*` and both results named.
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("[Risultato \"*\"]"), "{written}");
    let moves: String = written
        .lines()
        .skip_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        moves.trim(),
        "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.0-0 {A: 0-0, B: - (missing on sheet B)} 4...Cce7 \
         {A: Cce7, B: Ce7 (ambiguous on sheet B)} 5.c3 d6 6.d4 exd4 7.cxd4 Ab6 8.Cc3 Cf6 \
         9.Te1 0-0 10.h3 c6 11.a3 Ced5 {A: Ced5, B: Cd5 (ambiguous on sheet B)} 12.Cxd5 \
         Cxd5 13.Ag5 {A: Ag5, B: Ag4 (a slip on sheet B)} 13...Dd7 14.Dd2 h6 15.Ah4 Te8 \
         {result unresolved: A 1-0, B 1/2-1/2} *"
    );
    // JSON: the keys of formats.md §8 kept, the new ones added.
    let o = common::run(&["reconcile", WHITE, BLACK, "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["valid"], false);
    assert_eq!(v["outcome"], "reconciled");
    assert_eq!(v["result"], "*");
    assert_eq!(v["result_unresolved"], true);
    assert_eq!(
        v["declared_results"],
        serde_json::json!({"A": "1-0", "B": "1/2-1/2"})
    );
    assert_eq!(v["rows"][6]["why"], "skipped");
    assert_eq!(v["rows"][7]["why"], "ambiguous");
    assert_eq!(
        v["rows"][7]["could_be"],
        serde_json::json!(["Cce7", "Cge7"])
    );
    assert_eq!(v["rows"][24]["why"], "slip");
    let last = &v["findings"][4];
    assert_eq!(last["code"], "ambiguous-reconciliation");
    assert_eq!(
        (last["sheet"].as_str(), last["line"].as_u64()),
        (Some("B"), Some(7))
    );
    assert_eq!(v["findings"][1]["proposed"], serde_json::json!(["Cce7"]));
}

#[test]
fn the_sample_pair_in_italian() {
    let o = common::wide(&["reconcile", "--lang", "it", WHITE, BLACK]);
    assert_eq!(o.status.code(), Some(1));
    let report = stdout(&o);
    assert_eq!(
        finding_lines(&report),
        [
            "nota[sheet-gap]: il formulario B salta 4.0-0, che il formulario A riporta; le sue mosse successive sono spostate di una semimossa",
            "nota[sheets-differ]: a 4...Cce7 i formulari differiscono (A: Cce7, B: Ce7): Ce7 è ambigua sul formulario B (può essere Cce7 o Cge7); presa la lettura di A",
            "nota[sheets-differ]: a 11...Ced5 i formulari differiscono (A: Ced5, B: Cd5): Cd5 è ambigua sul formulario B (può essere Cfd5 o Ced5); presa la lettura di A",
            "nota[sheets-differ]: a 13.Ag5 i formulari differiscono (A: Ag5, B: Ag4): una svista sul formulario B, la cui Ag4 non è legale; letta come Ag5, come la riporta il formulario A",
            "errore[ambiguous-reconciliation]: i formulari dichiarano risultati diversi (A 1-0, B 1/2-1/2) e le mosse non decidono: il risultato resta da stabilire, si scrive *",
        ],
        "{report}"
    );
    assert!(
        report.contains("│ 8         ┆ Cce7 ┆ Ce7  ┆ Cce7          ┆ ambigua su B; lettura di A │"),
        "{report}"
    );
    assert!(
        report.ends_with(
            "Partita riconciliata: 30 semimosse, 4 dove i formulari differiscono, risultato da stabilire (A 1-0, B 1/2-1/2).\n"
        ),
        "{report}"
    );
}

#[test]
fn the_arbiter_gives_the_result_with_result() {
    let d = Scratch::new("reconcile", "result");
    let out = d.join("partita.pgn");
    let o = common::wide(&[
        "reconcile",
        WHITE,
        BLACK,
        "--result",
        "1-0",
        "--to",
        "pgn",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = stdout(&o);
    assert!(
        report.contains(
            "warning[sheets-differ]: result 1-0 as given with --result (the sheets declare A 1-0, B 1/2-1/2)"
        ),
        "{report}"
    );
    assert!(
        report.ends_with("result 1-0 (given with --result).\n"),
        "{report}"
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("[Result \"1-0\"]"), "{written}");
    let words: Vec<&str> = written.split_whitespace().collect();
    assert_eq!(
        words[words.len() - 3..],
        ["15.Bh4", "Re8", "1-0"],
        "{written}"
    );
    assert!(!written.contains("unresolved"), "{written}");
    let o = common::run(&[
        "reconcile",
        WHITE,
        BLACK,
        "--result",
        "1-0",
        "--format",
        "json",
    ]);
    let v = json(&o);
    assert_eq!(
        (v["valid"].as_bool(), v["result"].as_str()),
        (Some(true), Some("1-0"))
    );
    assert_eq!(v["result_unresolved"], false);
    // A value that is no result: a usage error (exit 2), in both languages; `*` too.
    for (bad, lang, says) in [
        (
            "2-0",
            "en",
            "invalid value '2-0' for '--result <R>': a result is 1-0, 0-1 or 1/2-1/2",
        ),
        ("*", "en", "a result is 1-0, 0-1 or 1/2-1/2"),
        (
            "2-0",
            "it",
            "valore non valido '2-0' per '--result <R>': un risultato è 1-0, 0-1 o 1/2-1/2",
        ),
    ] {
        let o = common::run(&["reconcile", "--lang", lang, WHITE, BLACK, "--result", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains(says), "{}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn results_the_board_decides_are_not_unresolved() {
    // Fool's mate: sheet A says 0-1, sheet B 1-0; the board gives 0-1 (FIDE 5.1.1).
    let d = Scratch::new("reconcile", "board");
    let (a, b) = (d.join("a.txt"), d.join("b.txt"));
    std::fs::write(&a, "[Risultato \"0-1\"]\n1.f3 e5 2.g4 Dh4# 0-1\n").unwrap();
    std::fs::write(&b, "[Risultato \"1-0\"]\n1.f3 e5 2.g4 Dh4# 1-0\n").unwrap();
    let o = common::run(&[
        "reconcile",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let v = json(&o);
    assert_eq!(v["result"], "0-1");
    assert_eq!(v["result_unresolved"], false);
    let f = &v["findings"][0];
    assert_eq!(
        (f["code"].as_str(), f["severity"].as_str()),
        (Some("sheets-differ"), Some("warning"))
    );
    assert_eq!(
        f["message"],
        "the sheets declare different results (A 0-1, B 1-0); the moves end the game: 0-1"
    );
    // One sheet without a result: the other's is taken, nothing to say.
    std::fs::write(&b, "1.f3 e5 2.g4 Dh4#\n").unwrap();
    let o = common::run(&[
        "reconcile",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let v = json(&o);
    assert_eq!(
        (v["result"].as_str(), v["findings"].as_array().map(Vec::len)),
        (Some("0-1"), Some(0))
    );
}

/// The square a written move goes to (`dxc4` → `c4`); a castling as written.
fn square(word: &str) -> &str {
    let core = word.trim_end_matches(['+', '#']);
    match core.rfind(|c: char| c.is_ascii_digit()) {
        Some(at) if at >= 1 => &core[at - 1..=at],
        _ => core,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// A random legal game written on two sheets, one ply left out of one of them:
    /// reconcile gives the whole game back with one finding, `sheet-gap` at that ply, on
    /// the sheet that has the move (FIDE 8.1; at the last ply, the sheet that stops, 8.4).
    #[test]
    fn one_ply_dropped_from_one_sheet_is_one_gap_at_that_ply(
        choices in proptest::collection::vec(any::<u16>(), 8..90),
        k in any::<usize>(),
        from_b in any::<bool>(),
    ) {
        let moves = random_game(&choices);
        prop_assume!(moves.len() >= 6);
        let n = moves.len();
        let k = k % n;
        // A gap in the last few plies that is not the last: too few later moves may leave
        // two readings (`… Ac4 a6 Ag7` less `a6` reads as `12...Ag7` too), an honest tie.
        prop_assume!(k + 4 < n || k + 1 == n);
        let full = words(&moves, Notation::Italian);
        // The same text a few plies apart (a piece gone and come back, `Cf3 … Cg1 … Cf3`),
        // or the same square next to it (`c4 dxc4`: `c4` also reads as the capture): the
        // gap may stand at either, the game is the same; its place is not decidable from
        // the sheets.
        let near = |d: usize, same: &dyn Fn(&str, &str) -> bool| {
            (k >= d && same(&full[k - d], &full[k])) || (k + d < n && same(&full[k + d], &full[k]))
        };
        prop_assume!(!(1..=4).any(|d| near(d, &|x, y| x == y)));
        prop_assume!(!(1..=2).any(|d| near(d, &|x, y| square(x) == square(y))));
        let mut short = full.clone();
        short.remove(k);
        let (ta, tb) = (full.join(" "), short.join(" "));
        let (ta, tb) = if from_b { (ta, tb) } else { (tb, ta) };
        let r = rec(&ta, &tb);
        prop_assert_eq!(r.outcome, Agreement::Reconciled, "A: {}\nB: {}", ta, tb);
        prop_assert_eq!(&r.moves, &moves, "A: {}\nB: {}", ta, tb);
        let has = if from_b { SheetLetter::A } else { SheetLetter::B };
        prop_assert_eq!(
            said(&r),
            vec![("sheet-gap", Severity::Info, Some(k as u32 + 1), Some(k as u32 / 2 + 1), Some(has))],
            "A: {}\nB: {}\n{:?}", ta, tb, messages(&r)
        );
    }
}

#[test]
fn after_one_sheet_stops_an_ambiguous_move_or_a_slip_is_read_on_as_an_error() {
    // FIDE 8.4: sheet A stops after 3...Ae7; B's Cd2 (both knights) and Ag3 (a slip) are
    // the only record: read on, each an error proposing its reading, never "illegal" alone.
    let a = "1.d4 Cf6 2.Cf3 e6 3.Ag5 Ae7";
    let b = "1.d4 Cf6 2.Cf3 e6 3.Ag5 Ae7 4.e3 0-0 5.Cd2 d5 6.Af4 c5";
    let r = rec(a, b);
    assert_eq!(r.moves.len(), 12);
    assert_eq!(r.rows[8].why, Why::ReadOn(SheetLetter::B));
    assert_eq!(
        r.rows[8].could_be_texts(Notation::Italian),
        ["Cbd2", "Cfd2"]
    );
    let codes: Vec<_> = said(&r).into_iter().map(|x| (x.0, x.2)).collect();
    assert_eq!(
        codes[..2],
        [("sheet-gap", Some(7)), ("ambiguous-move", Some(9))]
    );
}
