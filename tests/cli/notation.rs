//! Issue 25, points 2 and 3: results are read or reported, never dropped; comments end at
//! their first `}` (PGN 5). The binary on the examples: exact codes, lines,
//! columns, results and exit codes.

use crate::common::{Scratch, json, run, stdout};
use std::path::Path;

/// `verify --format json` of `text`, saved as `name` in `dir`: the report and the exit code.
fn verify(dir: &Path, name: &str, text: &str) -> (serde_json::Value, Option<i32>) {
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    let o = run(&["verify", "--format", "json", f.to_str().unwrap()]);
    (json(&o), o.status.code())
}

/// The findings of a report as (code, line, column).
fn findings(v: &serde_json::Value) -> Vec<(String, u64, u64)> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn one(code: &str, line: u64, column: u64) -> Vec<(String, u64, u64)> {
    vec![(code.to_string(), line, column)]
}

#[test]
fn result_tags_written_otherwise_are_read_and_named() {
    let dir = Scratch::new("notation", "result-tags");
    for (written, read) in [
        ("1–0", "1-0"),
        ("1:0", "1-0"),
        ("1 - 0", "1-0"),
        ("½:½", "1/2-1/2"),
        ("0—1", "0-1"),
        ("1−0", "1-0"),
        ("0,5-0,5", "1/2-1/2"),
        ("0.5 : 0.5", "1/2-1/2"),
    ] {
        let text = format!("[Bianco \"a\"]\n[Nero \"b\"]\n[Risultato \"{written}\"]\n\n1.e4 e5\n");
        let (v, code) = verify(&dir, "r.txt", &text);
        assert_eq!(code, Some(0), "{written}: {v}");
        assert_eq!(v["declared_result"], read, "{written}");
        assert_eq!(findings(&v), one("normalized-character", 3, 1), "{written}");
        let message = v["findings"][0]["message"].as_str().unwrap();
        assert!(message.contains(&format!("`{written}`")), "{message}");
    }
}

#[test]
fn a_result_tag_that_is_no_result_is_a_warning_quoting_it() {
    let dir = Scratch::new("notation", "unreadable");
    for written in ["+--", "1-0F", "vinto"] {
        let text = format!("[Bianco \"a\"]\n[Nero \"b\"]\n[Risultato \"{written}\"]\n\n1.e4 e5\n");
        let (v, code) = verify(&dir, "r.txt", &text);
        assert_eq!(code, Some(0), "{written}: {v}");
        assert_eq!(v["declared_result"], serde_json::Value::Null, "{written}");
        assert_eq!(findings(&v), one("unreadable-result", 3, 1), "{written}");
        assert_eq!(v["findings"][0]["severity"], "warning");
        let message = v["findings"][0]["message"].as_str().unwrap();
        assert!(message.contains(&format!("\"{written}\"")), "{message}");
    }
}

#[test]
fn results_in_the_movetext_written_otherwise_are_read_and_named() {
    let dir = Scratch::new("notation", "result-moves");
    for (written, read) in [
        ("1–0", "1-0"),
        ("1:0", "1-0"),
        ("1 - 0", "1-0"),
        ("0 – 1", "0-1"),
        ("½:½", "1/2-1/2"),
        ("½ - ½", "1/2-1/2"),
        ("1/2 - 1/2", "1/2-1/2"),
        ("0,5-0,5", "1/2-1/2"),
        ("0.5-0.5", "1/2-1/2"),
    ] {
        let text = format!("[Bianco \"a\"]\n[Nero \"b\"]\n\n1.e4 e5 {written}\n");
        let (v, code) = verify(&dir, "r.txt", &text);
        assert_eq!(code, Some(0), "{written}: {v}");
        assert_eq!(
            (v["declared_result"].as_str(), v["plies"].as_u64()),
            (Some(read), Some(2)),
            "{written}"
        );
        assert_eq!(findings(&v), one("normalized-character", 4, 9), "{written}");
    }
}

#[test]
fn a_tournament_lists_an_unreadable_result_never_as_not_played() {
    let dir = Scratch::new("notation", "torneo");
    let t = dir.join("t.toml");
    std::fs::write(
        &t,
        "giocatori = [\"A\", \"B\", \"C\"]\n[[fase]]\nnumero = 1\ngironi = [[\"A\", \"B\", \"C\"]]\n",
    )
    .unwrap();
    let g = dir.join("g.txt");
    std::fs::write(
        &g,
        "[Fase \"1\"]\n[Bianco \"A\"]\n[Nero \"B\"]\n[Risultato \"1–0\"]\n\n1–0\n\n\
         [Fase \"1\"]\n[Bianco \"A\"]\n[Nero \"C\"]\n[Risultato \"+--\"]\n\n1.e4 e5\n\n\
         [Fase \"1\"]\n[Bianco \"B\"]\n[Nero \"C\"]\n[Risultato \"1/2-1/2\"]\n\n1/2-1/2\n",
    )
    .unwrap();
    let (t, g) = (t.to_str().unwrap(), g.to_str().unwrap());
    let o = crate::common::wide(&["tournament", "standings", t, g]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("  result not readable: A – C ({g}:11)\n")),
        "{out}"
    );
    assert!(!out.contains("missing game: A – C"), "{out}");
    assert!(
        !out.contains("missing game: A – B"),
        "the en dash is read: {out}"
    );
    assert!(
        out.contains(&format!("warning[unreadable-result] {g}:11:1 (#2)")),
        "{out}"
    );
    let o = run(&["tournament", "standings", t, g, "--format", "json"]);
    let v = json(&o);
    let games = &v["phases"][0]["groups"][0]["games"];
    assert_eq!(games[0]["result"], "1-0");
    assert_eq!(games[1]["result"], serde_json::Value::Null);
    assert_eq!(games[1]["result_unreadable"], format!("{g}:11"));
}

#[test]
fn comments_end_at_their_first_closing_brace() {
    let dir = Scratch::new("notation", "braces");
    let (v, code) = verify(
        &dir,
        "a.pgn",
        "1. e4 {a {b} 1... e5 2. Nf3 } 2... Nc6 3. Bb5 *\n",
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["valid"].as_bool(), v["plies"].as_u64()),
        (Some(true), Some(5))
    );
    assert_eq!(findings(&v), one("nested-brace", 1, 10));
    assert_eq!(v["findings"][0]["severity"], "warning");
    let (v, code) = verify(
        &dir,
        "b.pgn",
        "1. e4 {see {diagram} 1... e5 2. Qh5 } Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["plies"].as_u64(), v["result"].as_str()),
        (Some(7), Some("1-0"))
    );
    assert_eq!(findings(&v), one("nested-brace", 1, 12));
    // Over lines: the inner `{` is found where it stands.
    let (v, _) = verify(
        &dir,
        "c.pgn",
        "[White \"x\"]\n\n1. e4 {see\n  {diagram}\n1... e5 2. Qh5 } Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
    );
    assert_eq!(findings(&v), one("nested-brace", 4, 3));
    // A stray `}` with no nested comment before it is still an error.
    let (v, code) = verify(&dir, "d.pgn", "1. e4 } e5 *\n");
    assert_eq!(code, Some(1));
    assert_eq!(findings(&v), one("parse-error", 1, 7));
}

/// Issue 26 point 1: a `;` before a move number separates moves, so that a word that is
/// no move later on the line never turns the moves before it into a comment.
#[test]
fn a_semicolon_never_hides_an_illegal_move() {
    let dir = Scratch::new("notation", "semicolon");
    let (v, code) = verify(
        &dir,
        "a.txt",
        "1.e4 e5; 2.Ac4 d6; 3.Dh4 Cf6; 4.Dxf7# abbandona\n",
    );
    assert_eq!(code, Some(1), "{v}");
    // The slip is read as Dh5 (issue 28 point 4): the replay reaches `abbandona`.
    let mut both = one("illegal-move", 1, 22);
    both.extend(one("result-in-words", 1, 39));
    assert_eq!(findings(&v), both);
    // The legal game: every move is read, and `abbandona` is the result (point 2).
    let (v, code) = verify(
        &dir,
        "b.txt",
        "1.e4 e5; 2.Ac4 d6; 3.Dh5 Cf6; 4.Dxf7# abbandona\n",
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["plies"].as_u64(), v["result"].as_str()),
        (Some(7), Some("1-0"))
    );
    assert_eq!(findings(&v), one("result-in-words", 1, 39));
    // Without move numbers after `;`, every move is still read (point 1).
    let (v, code) = verify(&dir, "d.txt", "1.e4 e5; Ac4 d6; Dh4 Cf6; Dxf7# abbandona\n");
    assert_eq!(code, Some(1), "{v}");
    let mut both = one("illegal-move", 1, 18);
    both.extend(one("result-in-words", 1, 33));
    assert_eq!(findings(&v), both);
    // PGN's comment to the end of the line stays a comment.
    let (v, code) = verify(&dir, "c.txt", "1. e4 ; the usual reply\ne5 *\n");
    assert_eq!((code, v["plies"].as_u64()), (Some(0), Some(2)), "{v}");
}

/// Issue 26 point 6: the info on `...` written apart names the move's own number.
#[test]
fn spaced_dots_name_the_moves_own_number() {
    let dir = Scratch::new("notation", "dots");
    let (v, code) = verify(&dir, "a.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 3. ... a6 *\n");
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(findings(&v), one("non-standard-notation", 1, 31));
    assert_eq!(
        v["findings"][0]["message"],
        "`...` written apart from the move number: read as `3...`"
    );
}

/// Issue 26 point 2: `++` written apart after the move that gives mate is the mate mark
/// (an info naming it, no `missing-mate-mark`, no `stray-result`); after a move that
/// gives no mate it is still no move at all (PGN 8.2.6).
#[test]
fn a_double_plus_apart_after_mate_is_the_mate_mark() {
    let dir = Scratch::new("notation", "double-plus");
    for (name, text, column) in [
        ("a.txt", "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.Dxf7 ++\n", 36),
        ("b.txt", "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6 4.Dxf7+ ++ 1-0\n", 37),
    ] {
        let (v, code) = verify(&dir, name, text);
        assert_eq!(code, Some(0), "{v}");
        assert_eq!(
            (v["plies"].as_u64(), v["result"].as_str()),
            (Some(7), Some("1-0"))
        );
        assert_eq!(findings(&v), one("result-in-words", 1, column));
    }
    let (v, code) = verify(&dir, "c.txt", "1.e4 e5 2.Ac4 Cc6 3.Dh5 ++ Cf6\n");
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["plies"].as_u64(), Some(6));
    assert_eq!(findings(&v), one("stray-result", 1, 25));
}

/// Issue 26 point 1: a `;` inside a remark in parentheses is a comment up to the `)`
/// only, which still closes the variation: the moves after it are the game's.
#[test]
fn a_semicolon_in_parentheses_keeps_its_closing_bracket() {
    let dir = Scratch::new("notation", "semicolon-paren");
    let (v, code) = verify(
        &dir,
        "a.txt",
        "1.e4 e5 2.Ac4 Cc6 (2...Cf6; qui il nero sta bene) 3.Dh5 Cf6 4.Dxf7#\n",
    );
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["plies"].as_u64(), v["result"].as_str()),
        (Some(7), Some("1-0"))
    );
    assert!(findings(&v).is_empty(), "{v}");
    // An illegal move after the remark is found where it stands.
    let (v, code) = verify(
        &dir,
        "b.txt",
        "1.e4 e5 2.Ac4 Cc6 (2...Cf6; qui il nero sta bene) 3.Dh4 Cf6 4.Dxf7#\n",
    );
    assert_eq!(code, Some(1), "{v}");
    assert_eq!(findings(&v), one("illegal-move", 1, 53));
}

/// Issue 26 points 2 and 5: words after the result are the game's (`1-0 Il nero
/// abbandona` is one game, its result in words checked against the 1-0), and a column's
/// commentary between the moves is read as a comment (PGN 5) with a warning: exit 0, the
/// plies all there. A square named in the commentary is refused with one error (exit 1).
#[test]
fn words_after_the_result_and_prose_between_moves_keep_one_game() {
    let dir = Scratch::new("notation", "prose");
    let (v, code) = verify(
        &dir,
        "resigns.txt",
        "1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6?? 4.Dxf7# 1-0 Il nero abbandona\n",
    );
    assert_eq!(code, Some(0));
    assert!(v.is_object(), "one game: {v}");
    assert_eq!(
        (v["plies"].as_u64(), v["result"].as_str()),
        (Some(7), Some("1-0"))
    );
    assert_eq!(findings(&v), one("result-in-words", 1, 43));
    let (v, code) = verify(
        &dir,
        "column.txt",
        "1.d4 Cf6 2.c4 e6 3.Cc3 Ab4 La difesa Nimzo-indiana. 4.e3 O-O 5.Ad3 d5\n",
    );
    assert_eq!(code, Some(0));
    assert_eq!(v["plies"].as_u64(), Some(10));
    assert_eq!(findings(&v), one("prose-in-movetext", 1, 28));
    assert_eq!(v["findings"][0]["severity"].as_str(), Some("warning"));
    let (v, code) = verify(
        &dir,
        "mixed.txt",
        "1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.O-O Ae7 6.Te1 b5 7.Ab3 d6 8.c3 O-O 9.h3 Il bianco prepara d4 con calma. 9...Cb8\n",
    );
    assert_eq!(code, Some(1));
    let errors: Vec<_> = findings(&v)
        .into_iter()
        .filter(|f| f.0 != "prose-in-movetext")
        .collect();
    assert_eq!(errors, one("illegal-move", 1, 98));
}

/// The carets under a word count its characters, not its bytes: `4.O–O` is five
/// characters (seven bytes), and the castling after the number is read as castling.
#[test]
fn carets_under_a_typographic_dash_count_characters() {
    let dir = Scratch::new("notation", "dash-carets");
    let f = dir.join("g.pgn");
    std::fs::write(&f, "1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.O–O Cf6 5.d3 d6 *\n").unwrap();
    let o = crate::common::Arbitro::new().wide().run(&[
        "verify",
        "--color",
        "never",
        f.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().take(5).collect();
    assert_eq!(
        lines[0].split(':').next(),
        Some("info[normalized-character]")
    );
    assert_eq!(
        lines[3],
        "1 | 1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.O–O Cf6 5.d3 d6 *"
    );
    assert_eq!(lines[4], "  |                             ^^^^^");
}
