//! `batch merge` (issue 33): the part reports come from other machines, so they are
//! hostile input. The data is cut at its first NUL into two parts, written to files and
//! merged into a CSV and a JSON Lines report (`;` CSV cells, so the cells are read and
//! written again too). A part that is refused is fine; a panic, a hang or unbounded
//! memory is not.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    use arbitro::batch::{CsvSink, JsonlSink, MergeOutput, Sink, merge};
    let (a, b) = match data.iter().position(|&c| c == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &data[..0]),
    };
    let dir = std::env::temp_dir();
    let pid = std::process::id();
    let paths = [
        dir.join(format!("arbitro-fuzz-merge-{pid}-a.jsonl")),
        dir.join(format!("arbitro-fuzz-merge-{pid}-b.jsonl")),
    ];
    if std::fs::write(&paths[0], a).is_err() || std::fs::write(&paths[1], b).is_err() {
        return;
    }
    let (mut csv_out, mut json_out) = (Vec::new(), Vec::new());
    {
        let Ok(mut csv) = CsvSink::for_excel(&mut csv_out) else {
            return;
        };
        let mut json = JsonlSink::new(&mut json_out);
        let mut sinks: Vec<&mut (dyn Sink + Send)> = vec![&mut csv, &mut json];
        let _ = merge(&paths, MergeOutput { csv_delimiter: b';' }, &mut sinks);
    }
    let one = [paths[0].clone()];
    let mut rows: Vec<arbitro::batch::Row> = Vec::new();
    let mut sinks: Vec<&mut (dyn Sink + Send)> = vec![&mut rows];
    let _ = merge(&one, MergeOutput { csv_delimiter: b',' }, &mut sinks);
});
