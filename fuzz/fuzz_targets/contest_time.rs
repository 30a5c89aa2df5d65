//! The contest's time (`contest --at`, R43, issue 25 point 5) and `[Fine]`: arbitrary text
//! read as a filing time against an end of game read from the same input, in a zone with
//! daylight saving time. A time read is never more than a year from the end.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    use arbitro::superscacchi::clock::{Filed, filing, parse_civil};
    let text = String::from_utf8_lossy(data);
    let (at, fine) = text.split_once('\n').unwrap_or((&text, "2026-10-25T02:55"));
    let fine = parse_civil(fine);
    let Ok(tz) = jiff::tz::TimeZone::get("Europe/Rome") else {
        return;
    };
    if let Ok(filed) = Filed::parse(at)
        && filed != Filed::Now
        && let Ok(f) = filing(&filed, fine, &tz)
        && let (Some(fine), Filed::Time(_) | Filed::DayOfYear { .. }) = (fine, &filed)
    {
        let gap = f.at.datetime().duration_since(fine).as_secs().abs();
        assert!(gap <= 366 * 86_400, "{at} read {gap} s from the end");
    }
});
