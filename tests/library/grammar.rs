//! Every example in `grammar/*.ebnf` parses and replays as its comment says.

use arbitro::verify::verify_bytes;

fn examples(file: &str) -> Vec<(String, String)> {
    let path = format!("{}/grammar/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("grammar file");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("(* example:"))
        .map(|l| {
            let l = l.trim().trim_end_matches("*)").trim();
            let (game, expect) = l.split_once("=>").expect("example has => expectation");
            (game.trim().replace("\\n", "\n"), expect.trim().to_string())
        })
        .collect()
}

#[test]
fn every_classical_example_parses_and_replays() {
    let all = examples("classical.ebnf");
    assert!(all.len() >= 10, "the grammar holds its examples");
    for (game, expect) in all {
        let reports = verify_bytes("example", game.as_bytes(), &Default::default()).unwrap();
        assert_eq!(reports.len(), 1, "{game}");
        let r = &reports[0];
        let parse_errors: Vec<_> = r
            .findings
            .iter()
            .filter(|f| f.code.as_str() == "parse-error")
            .collect();
        assert!(parse_errors.is_empty(), "{game}: {parse_errors:?}");
        let (validity, result) = expect.split_once(' ').unwrap();
        assert_eq!(
            r.is_valid(),
            validity == "valid",
            "{game}: {:?}",
            r.findings
        );
        assert_eq!(r.result().map(|r| r.as_str()), Some(result), "{game}");
    }
}

fn describe(m: &arbitro::notation::superscacchi::SsMove) -> String {
    let mut s = format!("{} {} {}", m.role.letter(), m.from, m.to);
    if let Some(c) = m.capture {
        s.push_str(&format!(" X={}", c.map_or("?", |r| r.letter())));
    }
    if let Some(r) = m.promotion {
        s.push_str(&format!(" ={}", r.letter()));
    }
    if let Some(mk) = m.marker {
        s.push_str(&format!(" {}", mk.text()));
    }
    if m.ep {
        s.push_str(" e.p.");
    }
    if m.non_canonical {
        s.push_str(" non-canonical");
    }
    s
}

fn normalize(expect: &str) -> Vec<String> {
    let mut v: Vec<String> = expect.split_whitespace().map(String::from).collect();
    v[3..].sort();
    v
}

#[test]
fn every_superscacchi_example_parses_as_described() {
    use arbitro::notation::superscacchi::parse_move;
    let path = format!("{}/grammar/superscacchi.ebnf", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut good = 0;
    let mut bad = 0;
    for line in text.lines().map(str::trim) {
        if let Some(l) = line.strip_prefix("(* move:") {
            let l = l.trim_end_matches("*)").trim();
            let (mv, expect) = l.split_once("=>").unwrap();
            let m = parse_move(mv.trim()).unwrap_or_else(|e| panic!("{mv}: {e:?}"));
            assert_eq!(normalize(&describe(&m)), normalize(expect.trim()), "{mv}");
            good += 1;
        } else if let Some(l) = line.strip_prefix("(* bad:") {
            let mv = l.trim_end_matches("*)").trim();
            assert!(parse_move(mv).is_err(), "{mv} should not parse");
            bad += 1;
        }
    }
    assert!(good >= 15 && bad >= 5);
}

/// Every `(* smudged: … *)` line of the SuperScacchi grammar lists exactly the readings of
/// its move that parse (formats.md §8).
#[test]
fn every_superscacchi_smudge_reads_as_described() {
    use arbitro::superscacchi::fill::readings;
    let path = format!("{}/grammar/superscacchi.ebnf", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut n = 0;
    for line in text.lines().map(str::trim) {
        if let Some(l) = line.strip_prefix("(* smudged:") {
            let l = l.trim_end_matches("*)").trim();
            let (mv, expect) = l.split_once("=>").unwrap();
            let mut got: Vec<String> = readings(mv.trim())
                .iter()
                .map(|(_, m)| format!("{} {} {}", m.role.letter(), m.from, m.to))
                .collect();
            let mut want: Vec<String> = expect.split('|').map(|s| s.trim().to_string()).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{mv}");
            n += 1;
        }
    }
    assert!(n >= 3);
}
