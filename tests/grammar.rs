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
        assert_eq!(r.result.as_deref(), Some(result), "{game}");
    }
}
