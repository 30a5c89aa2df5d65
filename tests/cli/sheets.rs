//! Issue 32: spreadsheets that open right (the workbook read back from its XML, the CSV
//! for Excel with `;` and a BOM) and packed archives read as they come (`.gz`, `.zst`,
//! `.bz2`, told by their first bytes). The hostile archives (cut short, bombs, garbage
//! after a magic) are in `tests/hostile`.

use std::io::{Read, Write};
use std::path::Path;

use crate::common;
use common::{Arbitro, Scratch, run, stderr};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The XML of every part of a workbook, by name.
fn parts(xlsx: &Path) -> std::collections::BTreeMap<String, String> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(xlsx).unwrap()).unwrap();
    let mut out = std::collections::BTreeMap::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let mut text = String::new();
        f.read_to_string(&mut text).unwrap();
        out.insert(f.name().unwrap().to_string(), text);
    }
    out
}

/// The sheets' names, in order.
fn sheet_names(p: &std::collections::BTreeMap<String, String>) -> Vec<String> {
    p["xl/workbook.xml"]
        .split("<sheet name=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().to_string())
        .collect()
}

#[test]
fn a_batch_workbook_has_typed_cells_a_frozen_filtered_header_and_a_findings_sheet() {
    let d = Scratch::new("sheets", "batch");
    let book = d.join("partite.xlsx");
    let o = Arbitro::new().run(&[
        "batch",
        "-q",
        "--lang",
        "it",
        "samples/classical/torneo-scuola.txt",
        "samples/superscacchi/leoni-tigri-partita1.txt",
        "tests/bad-inputs/empty.pgn",
        "--report",
        s(&book),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let p = parts(&book);
    assert_eq!(
        sheet_names(&p),
        [
            "partite classiche",
            "segnalazioni",
            "partite SuperScacchi",
            "non lette"
        ]
    );
    let classical = &p["xl/worksheets/sheet1.xml"];
    // The header: frozen, filtered, in Italian, with the columns' widths.
    assert!(
        classical.contains(
            r#"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>"#
        )
    );
    assert!(
        classical.contains(r#"<autoFilter ref="A1:Y5"/>"#),
        "{classical}"
    );
    assert!(
        classical
            .contains("<cols><col min=\"1\" max=\"1\" width=\"36.7109375\" customWidth=\"1\"/>")
    );
    assert!(classical.contains(r#"<c r="A1" s="1" t="inlineStr"><is><t>file</t></is></c><c r="B1" s="1" t="inlineStr"><is><t>partita</t></is></c>"#));
    // No SuperScacchi column on the classical sheet.
    assert!(!classical.contains("assedianti"));
    // Game 4: a number, a boolean, a date (2026-04-09 is Excel's day 46121), the message
    // in Italian.
    let row5 = classical.split("<row r=\"5\"").nth(1).unwrap();
    assert!(row5.contains(r#"<c r="B5"><v>4</v></c>"#), "{row5}");
    assert!(row5.contains(r#"<c r="D5" t="b"><v>0</v></c>"#), "{row5}");
    assert!(row5.contains("<v>46121</v>"), "{row5}");
    assert!(row5.contains("ambiguous-move"), "{row5}");
    assert!(
        row5.contains("3.Cd2 può essere giocata da 2 cavalli (in b1, f3)"),
        "{row5}"
    );
    // The date's format is the Italian one.
    assert!(
        p["xl/styles.xml"].contains("dd/mm/yyyy"),
        "{}",
        p["xl/styles.xml"]
    );
    // The findings: file, game, line, side, move, severity, code, message, meaning.
    let findings = &p["xl/worksheets/sheet2.xml"];
    assert!(findings.contains("<t>gravità</t>"), "{findings}");
    assert!(findings.contains("<t>errore</t>"), "{findings}");
    assert!(findings.contains("<t>ambiguous-move</t>"), "{findings}");
    // The SuperScacchi sheet has its own columns; the empty file is a row of its own.
    assert!(p["xl/worksheets/sheet3.xml"].contains("<t>assedianti</t>"));
    assert!(!p["xl/worksheets/sheet3.xml"].contains("<t>Bianco</t>"));
    let unread = &p["xl/worksheets/sheet4.xml"];
    assert!(
        unread.contains("<t>tests/bad-inputs/empty.pgn</t>"),
        "{unread}"
    );
    assert!(unread.contains("<t>empty-input</t>"), "{unread}");
}

#[test]
fn standings_as_a_workbook_have_one_sheet_per_phase_and_points_as_numbers() {
    let d = Scratch::new("sheets", "standings");
    let book = d.join("classifica.xlsx");
    let o = run(&[
        "tournament",
        "standings",
        "samples/torneo/torneo.toml",
        "samples/torneo/partite",
        "--xlsx",
        s(&book),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let p = parts(&book);
    assert_eq!(sheet_names(&p), ["phase 1", "phase 2", "phase 3"]);
    let phase1 = &p["xl/worksheets/sheet1.xml"];
    assert!(phase1.contains("<t>points</t>"), "{phase1}");
    assert!(phase1.contains("state=\"frozen\""));
    assert!(phase1.contains("<autoFilter"));
    // Points are numbers (a half point too), never text.
    let e2 = phase1.split("<c r=\"E2\"").nth(1).unwrap();
    assert!(e2.starts_with(" s=\"2\"><v>"), "{e2}");
}

#[test]
fn csv_for_excel_has_a_bom_and_semicolons() {
    let d = Scratch::new("sheets", "excel");
    let csv = d.join("partite.csv");
    let o = run(&[
        "batch",
        "-q",
        "--csv-excel",
        "tests/bad-inputs/mixed-encodings.pgn",
        "--report",
        s(&csv),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&csv).unwrap();
    assert!(bytes.starts_with("\u{feff}file;game;variant;valid;".as_bytes()));
    let text = String::from_utf8(bytes).unwrap();
    assert_eq!(
        text.lines().nth(2).unwrap(),
        "tests/bad-inputs/mixed-encodings.pgn;2;classical;true;0;0;;;;;;;;;0-1;Nicolò;;;;0-1;;;;;;;due;;;;;;2;latin1-input;"
    );
}

/// The plain text packed by each format.
pub fn packed(text: &[u8]) -> [(&'static str, Vec<u8>); 3] {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text).unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(text).unwrap();
    let zst = zstd::encode_all(text, 1).unwrap();
    [
        ("gz", gz.finish().unwrap()),
        ("zst", zst),
        ("bz2", bz.finish().unwrap()),
    ]
}

#[test]
fn packed_archives_are_read_as_the_plain_file_by_batch_verify_and_standings() {
    let d = Scratch::new("sheets", "packed");
    let plain = std::fs::read("samples/classical/torneo-scuola.txt").unwrap();
    for (ext, bytes) in packed(&plain) {
        std::fs::write(d.join(format!("partite.txt.{ext}")), &bytes).unwrap();
    }
    // Told by content, not by name: a gzip archive named .pgn.
    std::fs::write(d.join("nascosto.pgn"), &packed(&plain)[0].1).unwrap();
    std::fs::write(d.join("partite.txt"), &plain).unwrap();
    let csv = d.join("r.csv");
    let o = run(&["batch", "-q", s(&d), "--report", s(&csv)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows_of = |name: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("{}/{name},", s(&d))))
            .map(str::to_string)
            .collect()
    };
    let want = rows_of("partite.txt");
    assert_eq!(want.len(), 4, "{text}");
    for name in [
        "partite.txt.gz",
        "partite.txt.zst",
        "partite.txt.bz2",
        "nascosto.pgn",
    ] {
        assert_eq!(rows_of(name), want, "{name}: {text}");
    }
    // verify reads them too (zstd here), with the same findings.
    let z = run(&["verify", "--format", "csv", s(&d.join("partite.txt.zst"))]);
    let p = run(&["verify", "--format", "csv", s(&d.join("partite.txt"))]);
    assert_eq!(z.status.code(), p.status.code());
    let rows = |o: &std::process::Output| -> Vec<String> {
        common::stdout(o)
            .lines()
            .skip(1)
            .map(|l| l.split_once(',').unwrap().1.to_string())
            .collect()
    };
    assert_eq!(rows(&z), rows(&p));
    // standings read a folder of packed games as batch does.
    let t = Scratch::new("sheets", "packed-standings");
    for entry in std::fs::read_dir("samples/torneo/partite/fase1").unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_str().unwrap();
        std::fs::write(t.join(format!("{name}.bz2")), &packed(&bytes)[2].1).unwrap();
    }
    let a = run(&[
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        "samples/torneo/partite/fase1",
        "--format",
        "csv",
    ]);
    let b = run(&[
        "tournament",
        "standings",
        "samples/torneo/torneo-fase1.toml",
        s(&t),
        "--format",
        "csv",
    ]);
    assert_eq!(common::stdout(&a), common::stdout(&b), "{}", stderr(&b));
}
