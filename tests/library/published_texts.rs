//! Issue 26 points 1 and 5: Italian (and a few English) game texts as they are published,
//! with the commentary, titles, bullets and verses around and between the moves: a
//! newspaper's column, a club's blog, the federation's manual, an encyclopaedia's list, a
//! wiki page, moves in verse. Each with the verdict, plies, result and findings a careful
//! reader gets; the genuinely ambiguous ones (a square named in the prose, `… con f5.`)
//! are refused with their first error where the text stops reading, and none is ever
//! valid with a move lost. Prose is read as a comment (PGN 5) with a `prose-in-movetext`
//! warning; moves are read as FIDE Laws appendix C writes them.

use super::italian_texts::check;

/// A text as published and what it reads as.
struct Published {
    name: &'static str,
    text: &'static str,
    valid: bool,
    plies: u32,
    result: &'static str,
    /// `(code, line, column)` of every finding, in the report's order.
    findings: &'static [(&'static str, u32, u32)],
}

const TEXTS: &[Published] = &[
    Published {
        name: "column_commentary_between_moves",
        text: r#"[Evento "Torneo sociale"]
[Bianco "Rossi"]
[Nero "Bianchi"]

1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.O-O Ae7 6.Te1 b5 7.Ab3 d6 8.c3 O-O 9.h3 Il bianco prepara con calma la spinta centrale. 9...Cb8 10.d4 Cbd7 11.Cbd2 Ab7 12.Ac2 Te8 Una posizione classica della Spagnola. 13.Cf1 Af8 14.Cg3 g6 1/2-1/2"#,
        valid: true,
        plies: 28,
        result: "1/2-1/2",
        findings: &[("prose-in-movetext", 5, 80), ("prose-in-movetext", 5, 170)],
    },
    Published {
        name: "column_najdorf_resigns_in_words",
        text: r#"1.e4 c5 2.Cf3 d6 3.d4 cxd4 4.Cxd4 Cf6 5.Cc3 a6 La variante Najdorf, la preferita di Fischer. 6.Ag5 e6 7.f4 Db6 Il nero accetta la sfida: è l'avvelenata. 8.Dd2 Dxb2 9.Tb1 Da3 10.f5 Cc6 11.fxe6 fxe6 12.Cxc6 bxc6 13.e5 dxe5 14.Axf6 gxf6 15.Ce4 Ae7 16.Ae2 h5 17.Tb3 Da4 18.Cxf6+ Axf6 19.c4 Ah4+ 20.g3 Tb8 21.Txb8 Il bianco abbandona. 0-1"#,
        valid: true,
        plies: 41,
        result: "0-1",
        findings: &[
            ("prose-in-movetext", 1, 48),
            ("prose-in-movetext", 1, 112),
            ("result-in-words", 1, 310),
        ],
    },
    Published {
        name: "column_capablanca_system",
        text: r#"1.d4 d5 2.c4 e6 3.Cc3 Cf6 4.Ag5 Ae7 5.e3 O-O 6.Cf3 Cbd7 7.Tc1 c6 8.Ad3 dxc4 9.Axc4 Cd5 Il celebre sistema di Capablanca. 10.Axe7 Dxe7 11.O-O Cxc3 12.Txc3 e5 1-0"#,
        valid: true,
        plies: 24,
        result: "1-0",
        findings: &[("prose-in-movetext", 1, 88)],
    },
    Published {
        name: "blog_title_line_and_remark",
        text: r#"Il Matto del barbiere
1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6?? Il nero non vede la minaccia. 4.Dxf7# 1-0"#,
        valid: true,
        plies: 7,
        result: "1-0",
        findings: &[("prose-in-movetext", 1, 1), ("prose-in-movetext", 2, 31)],
    },
    Published {
        name: "blog_immortal_game_quoted_words",
        text: r#"1.e4 e5 2.f4 exf4 3.Ac4 Dh4+ 4.Rf1 b5 Il controgambetto Bryan. 5.Axb5 Cf6 6.Cf3 Dh6 7.d3 Ch5 8.Ch4 Dg5 9.Cf5 c6 10.g4 Cf6 11.Tg1 cxb5 12.h4 Dg6 13.h5 Dg5 14.Df3 Cg8 15.Axf4 Df6 16.Cc3 Ac5 17.Cd5 Dxb2 18.Ad6 Axg1 19.e5 Dxa1+ 20.Re2 Ca6 21.Cxg7+ Rd8 22.Df6+ Cxf6 23.Ae7# La "Immortale" di Anderssen. 1-0"#,
        valid: true,
        plies: 45,
        result: "1-0",
        findings: &[("prose-in-movetext", 1, 39), ("prose-in-movetext", 1, 270)],
    },
    Published {
        name: "encyclopaedia_bullets",
        text: r#"• 1.e4 e5
• 2.Cf3 Cc6
• 3.Ab5 a6
• 4.Aa4 Cf6"#,
        valid: true,
        plies: 8,
        result: "*",
        findings: &[("non-standard-notation", 1, 1)],
    },
    Published {
        name: "wiki_colon_between_pairs",
        text: r#"1. e4 e5 : 2. Cf3 Cc6 : 3. Ac4 Ac5 : 4. c3 Cf6 : 5. d4 exd4 : 6. cxd4 Ab4+"#,
        valid: true,
        plies: 12,
        result: "*",
        findings: &[
            ("stray-result", 1, 10),
            ("stray-result", 1, 23),
            ("stray-result", 1, 36),
            ("stray-result", 1, 48),
            ("stray-result", 1, 61),
        ],
    },
    Published {
        name: "wiki_colon_after_pairs",
        text: r#"1. e4 e5: 2. Cf3 Cc6: 3. Ac4 Ac5: 4. b4 Axb4: 5. c3 Aa5"#,
        valid: true,
        plies: 10,
        result: "*",
        findings: &[],
    },
    Published {
        name: "sonnet_moves_at_line_ends",
        text: r#"Apre il bianco col pedone di re, 1.e4
risponde il nero allo stesso modo, 1...e5
esce il cavallo a minacciare, 2.Cf3
e il nero lo difende col suo, 2...Cc6"#,
        valid: true,
        plies: 4,
        result: "*",
        findings: &[
            ("prose-in-movetext", 1, 1),
            ("prose-in-movetext", 2, 1),
            ("prose-in-movetext", 3, 1),
            ("prose-in-movetext", 4, 1),
        ],
    },
    Published {
        name: "sonnet_squares_in_the_verse",
        text: r#"Scacchi in versi
Muove il bianco il pedone di re: 1.e4
gli risponde il nero simmetrico: e5
esce il cavallo del bianco in f3: 2.Cf3
e il nero difende col suo in c6: Cc6"#,
        valid: false,
        plies: 6,
        result: "*",
        findings: &[
            ("prose-in-movetext", 1, 1),
            ("prose-in-movetext", 3, 1),
            ("prose-in-movetext", 4, 1),
            ("illegal-move", 4, 37),
            ("prose-in-movetext", 5, 1),
            ("illegal-move", 5, 30),
        ],
    },
    Published {
        name: "blog_exclamation_in_prose",
        text: r#"1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.b4 Il gambetto Evans! 4...Axb4 5.c3 Aa5 6.d4 exd4 7.O-O"#,
        valid: true,
        plies: 13,
        result: "*",
        findings: &[("prose-in-movetext", 1, 34)],
    },
    Published {
        name: "blog_numbered_move_inside_a_sentence",
        text: r#"1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.b4 Il gambetto Evans, con 4...Axb4 5.c3 Aa5 6.d4 exd4 7.O-O"#,
        valid: true,
        plies: 13,
        result: "*",
        findings: &[("prose-in-movetext", 1, 34)],
    },
    Published {
        name: "column_square_named_in_prose",
        text: r#"1.d4 Cf6 2.c4 g6 3.Cc3 Ag7 4.e4 d6 5.Cf3 O-O 6.Ae2 e5 7.O-O Cc6 8.d5 Ce7 Ora il nero attacca sul lato di re con f5. 9.Ce1 Cd7 10.Cd3 f5"#,
        valid: false,
        plies: 16,
        result: "*",
        findings: &[("prose-in-movetext", 1, 74), ("illegal-move", 1, 113)],
    },
    Published {
        name: "column_sentence_starting_with_e",
        text: r#"1.e4 e6 2.d4 d5 3.Cc3 Ab4 4.e5 c5 5.a3 Axc3+ 6.bxc3 Ce7 7.Dg4 Dc7 8.Dxg7 Tg8 9.Dxh7 cxd4 10.Rd1 e il nero ha un buon gioco. 10...Ad7"#,
        valid: true,
        plies: 20,
        result: "*",
        findings: &[("prose-in-movetext", 1, 97)],
    },
    Published {
        name: "column_opera_game_place_and_year",
        text: r#"1.e4 e5 2.Cf3 d6 3.d4 Ag4? Un errore. 4.dxe5 Axf3 5.Dxf3 dxe5 6.Ac4 Cf6 7.Db3 De7 8.Cc3 c6 9.Ag5 b5 10.Cxb5 cxb5 11.Axb5+ Cbd7 12.O-O-O Td8 13.Txd7 Txd7 14.Td1 De6 15.Axd7+ Cxd7 16.Db8+ Cxb8 17.Td8# Partita dell'Opera, Parigi 1858. 1-0"#,
        valid: true,
        plies: 33,
        result: "1-0",
        findings: &[("prose-in-movetext", 1, 28), ("prose-in-movetext", 1, 200)],
    },
    Published {
        name: "club_title_line_with_year",
        text: r#"Partita giocata a Milano nel 1975
1.c4 e5 2.Cc3 Cf6 3.g3 d5 4.cxd5 Cxd5 5.Ag2 Cb6 6.Cf3 Cc6 7.O-O Ae7 8.d3 O-O 9.a3 Ae6 10.b4 a5 11.b5 Cd4 12.Cd2 c6 13.bxc6 bxc6 1/2-1/2"#,
        valid: true,
        plies: 26,
        result: "1/2-1/2",
        findings: &[("prose-in-movetext", 1, 1)],
    },
    Published {
        name: "column_berlin_draw_in_words",
        text: r#"1.e4 e5 2.Cf3 Cc6 3.Ab5 Cf6 La difesa berlinese 4.O-O Cxe4 5.d4 Cd6 6.Axc6 dxc6 7.dxe5 Cf5 8.Dxd8+ Rxd8 E si arriva al famoso finale. 9.Cc3 Re8 10.h3 h5 patta"#,
        valid: true,
        plies: 20,
        result: "1/2-1/2",
        findings: &[
            ("prose-in-movetext", 1, 29),
            ("prose-in-movetext", 1, 105),
            ("result-in-words", 1, 154),
        ],
    },
    Published {
        name: "column_prose_after_mate_before_result",
        text: r#"1.e4 e5 2.Cf3 Cc6 3.Ac4 Cd4? La trappola di Blackburne. 4.Cxe5 Dg5 5.Cxf7 Dxg2 6.Tf1 Dxe4+ 7.Ae2 Cf3# Il bianco ha preso il pedone ed è stato punito. 0-1"#,
        valid: true,
        plies: 14,
        result: "0-1",
        findings: &[("prose-in-movetext", 1, 30), ("prose-in-movetext", 1, 103)],
    },
    Published {
        name: "manual_example_in_a_sentence",
        text: r#"Esempio 3. Dopo 1.e4 e5 2.Cf3 Cc6 3.Ab5 il bianco attacca il cavallo che difende il pedone e5."#,
        valid: false,
        plies: 6,
        result: "*",
        findings: &[
            ("prose-in-movetext", 1, 1),
            ("prose-in-movetext", 1, 41),
            ("illegal-move", 1, 92),
        ],
    },
    Published {
        name: "manual_remark_in_parentheses",
        text: r#"1.e4 c6 2.d4 d5 3.Cc3 dxe4 4.Cxe4 Af5 5.Cg3 Ag6 6.h4 h6 7.Cf3 Cd7 8.h5 Ah7 9.Ad3 Axd3 10.Dxd3 e6 (variante principale) 11.Ad2 Cgf6 12.O-O-O Ae7"#,
        valid: true,
        plies: 24,
        result: "*",
        findings: &[],
    },
    Published {
        name: "manual_see_diagram",
        text: r#"1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 4.c3 Cf6 5.d4 exd4 6.cxd4 Ab4+ 7.Ad2 Axd2+ 8.Cbxd2 d5 (vedi diagramma) 9.exd5 Cxd5 10.Db3 Cce7 11.O-O O-O 12.Tfe1 c6"#,
        valid: true,
        plies: 24,
        result: "*",
        findings: &[],
    },
    Published {
        name: "manual_fools_mate_sentence_after",
        text: r#"1.f3 e5 2.g4 Dh4# Il matto dell'imbecille, la partita più breve possibile. 0-1"#,
        valid: true,
        plies: 4,
        result: "0-1",
        findings: &[("prose-in-movetext", 1, 19)],
    },
    Published {
        name: "column_prose_never_hides_an_illegal_move",
        text: r#"1.e4 e5 2.Cf3 Cc6 Una mossa naturale. 3.Ab7 a6 4.Aa4 Cf6"#,
        valid: false,
        plies: 8,
        result: "*",
        findings: &[("prose-in-movetext", 1, 19), ("illegal-move", 1, 41)],
    },
    Published {
        name: "column_words_after_the_result",
        text: r#"1.e4 e5 2.Ac4 Cc6 3.Dh5 Cf6?? 4.Dxf7# 1-0 Il nero abbandona"#,
        valid: true,
        plies: 7,
        result: "1-0",
        findings: &[("result-in-words", 1, 43)],
    },
    Published {
        name: "column_remark_after_the_result",
        text: r#"1.f3 e5 2.g4 Dh4# 0-1 (il bianco abbandona)"#,
        valid: true,
        plies: 4,
        result: "0-1",
        findings: &[],
    },
    Published {
        name: "sheet_semicolons_with_prose",
        text: r#"1.e4 e5; 2.Cf3 Cc6; il bianco sviluppa; 3.Ac4 Ac5; 4.c3 Cf6"#,
        valid: true,
        plies: 8,
        result: "*",
        findings: &[("prose-in-movetext", 1, 21)],
    },
    Published {
        name: "english_column_drawn_in_words",
        text: r#"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 White keeps the pin. 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O and the game was soon drawn."#,
        valid: true,
        plies: 16,
        result: "1/2-1/2",
        findings: &[
            ("prose-in-movetext", 1, 28),
            ("prose-in-movetext", 1, 96),
            ("result-in-words", 1, 118),
        ],
    },
    Published {
        name: "club_diagram_mark_and_prose",
        text: r#"1.d4 d5 2.c4 c6 3.Cf3 Cf6 4.Cc3 dxc4 (D) La Slava accettata. 5.a4 Af5 6.e3 e6 7.Axc4 Ab4 8.O-O O-O"#,
        valid: true,
        plies: 16,
        result: "*",
        findings: &[("prose-in-movetext", 1, 42)],
    },
    Published {
        name: "manual_level_is_no_draw",
        text: r#"Vediamo un esempio pratico: 1.e4 e5 2.Cf3 Cc6 3.Ac4 Ac5 (il Giuoco Piano) 4.c3 Cf6 5.d4 exd4 6.cxd4 Ab4+ 7.Ad2 Axd2+ 8.Cbxd2 d5 e la posizione è pari."#,
        valid: true,
        plies: 16,
        result: "*",
        findings: &[("prose-in-movetext", 1, 1), ("prose-in-movetext", 1, 129)],
    },
    Published {
        name: "press_pairs_with_prose",
        text: r#"1.e4-e5 2.Cf3-Cc6 3.Ab5-a6 La Spagnola. 4.Aa4-Cf6 5.O-O-Ae7"#,
        valid: true,
        plies: 10,
        result: "*",
        findings: &[
            ("non-standard-notation", 1, 3),
            ("prose-in-movetext", 1, 28),
        ],
    },
    Published {
        name: "issue_illegal_move_stays",
        text: r#"1.e4 e5; 2.Ac4 d6; 3.Dh4 Cf6; 4.Dxf7# abbandona"#,
        valid: false,
        plies: 7,
        result: "1-0",
        findings: &[("illegal-move", 1, 22), ("result-in-words", 1, 39)],
    },
    Published {
        name: "prose_alone_is_no_game",
        text: r#"Questa non è una partita ma solo un testo."#,
        valid: false,
        plies: 0,
        result: "*",
        findings: &[("parse-error", 1, 2)],
    },
    Published {
        name: "prose_with_numbers_inside",
        text: r#"1.e4 e5 2.Cf3 Cc6 3.Ab5 Cd4 Il nero perde 2 tempi ma ottiene 1 pedone. 4.Cxd4 exd4 5.O-O c6"#,
        valid: true,
        plies: 10,
        result: "*",
        findings: &[("prose-in-movetext", 1, 29)],
    },
    Published {
        name: "column_heading_players_place_year",
        text: r#"Capablanca – Marshall
New York 1918
1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.O-O Ae7 6.Te1 b5 7.Ab3 O-O 8.c3 d5 9.exd5 Cxd5 10.Cxe5 Cxe5 11.Txe5 Cf6 12.Te1 Ad6 *"#,
        valid: true,
        plies: 24,
        result: "*",
        findings: &[("prose-in-movetext", 1, 1)],
    },
    Published {
        name: "column_square_named_mid_sentence",
        text: r#"1.e4 e5 2.Cf3 Cc6 3.Ab5 a6 4.Aa4 Cf6 5.O-O Ae7 6.Te1 b5 7.Ab3 d6 8.c3 O-O 9.h3 Il bianco prepara d4 con calma. 9...Cb8 10.d4 Cbd7"#,
        valid: false,
        plies: 17,
        result: "*",
        findings: &[
            ("prose-in-movetext", 1, 80),
            ("illegal-move", 1, 98),
            ("prose-in-movetext", 1, 101),
        ],
    },
];

#[test]
fn published_texts_read_as_a_careful_reader_reads_them() {
    assert!(TEXTS.len() >= 25);
    let mut wrong = Vec::new();
    for t in TEXTS {
        let r = check(t.text);
        let got = (
            r.is_valid(),
            r.plies(),
            r.result().map_or(String::new(), |r| r.to_string()),
            super::italian_texts::found(&r),
        );
        let want = (t.valid, t.plies, t.result.to_string(), t.findings.to_vec());
        if got != want {
            wrong.push(format!("{}: got {got:?}, want {want:?}", t.name));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The warning quotes the words it passed over (shortened when long) and says how to
/// write commentary (PGN 5: braces).
#[test]
fn the_warning_names_the_words() {
    let r = check(TEXTS[0].text);
    let f = &r.findings[0];
    assert_eq!(
        f.message,
        "`Il bianco prepara con calma la spinta centrale.` is no move: read as a comment"
    );
    assert_eq!(f.rule, Some("PGN 5"));
    let long = "1.e4 e5 2.Cf3 Cc6 il bianco prepara con calma la spinta centrale mentre il nero cerca gioco sul lato di donna 3.Ab5 a6";
    let r = check(long);
    assert_eq!(
        r.findings[0].message,
        "`il bianco prepara con calma la spinta … lato di donna` is no move: read as a comment"
    );
    assert_eq!(
        r.findings[0].message_in(arbitro::lang::Lang::It),
        "`il bianco prepara con calma la spinta … lato di donna` non è una mossa: letto come un commento"
    );
}

/// A text too mixed to read: the first word that cannot be placed, right after words read
/// as a comment, says what was expected there.
#[test]
fn a_square_in_the_prose_is_one_error_that_says_what_was_expected() {
    let t = TEXTS
        .iter()
        .find(|t| t.name == "column_square_named_mid_sentence")
        .expect("the text");
    let r = check(t.text);
    let errors: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.severity() == arbitro::finding::Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0]
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("among words read as commentary")),
        "{:?}",
        errors[0].hint
    );
}

/// The sample column (`samples/classical/rubrica.txt`): a heading of two lines and an
/// empty line before the moves (one game, not two), commentary between the moves, the
/// resignation in words (Fischer's 41.Df4, Reykjavík 1972, game 6).
#[test]
fn the_sample_column_is_one_valid_game() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/classical/rubrica.txt");
    let text = std::fs::read_to_string(path).expect("the sample");
    let r = check(&text);
    assert_eq!(
        (r.is_valid(), r.plies(), r.result().map(|r| r.to_string())),
        (true, 81, Some("1-0".to_string()))
    );
    assert_eq!(
        super::italian_texts::found(&r),
        [
            ("prose-in-movetext", 1, 1),
            ("prose-in-movetext", 5, 1),
            ("prose-in-movetext", 7, 1),
            ("result-in-words", 13, 8)
        ]
    );
}
