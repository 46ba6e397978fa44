//! Any bytes as a plan (or state) file: sniffing, the zip container and everything `show
//! --json` does with what it holds. Seeds: the oracle's plan files.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let limits = tfshow_limits::Limits::default();
    let mut out = Vec::new();
    let _ = tfshow_json::show::show_json(data, None, &limits, &mut out);
});
