//! The players list `tournament new` and `simul new` read (issue 25 point 8): arbitrary text
//! as a spreadsheet export or one name a line. Whatever it accepts has no empty name and no
//! two names that are one (T1).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    use arbitro::tournament::{list::read_list, names};
    let text = String::from_utf8_lossy(data);
    if let Ok(list) = read_list(&text) {
        let mut keys = std::collections::HashSet::new();
        for n in &list.names {
            assert!(!n.trim().is_empty());
            assert!(keys.insert(names::key(n)), "two names that are one: {n}");
        }
    }
});
