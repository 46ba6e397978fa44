//! Any bytes as an encryption configuration and an OpenTofu-encrypted file, split at the first
//! NUL byte (configuration text, then the file): `Config::parse` (HCL or JSON), the envelope
//! (`is_envelope`, `Envelope::parse`), `decrypt_file`, and `show --json` of what decrypts. The
//! PBKDF2 iterations a file may ask for are lowered so that runs stay fast. Seeds: the oracle's
//! encrypted cases with their `encryption.hcl` and `encryption.json`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfshow_encryption::{decrypt_file, is_envelope, Config, Envelope, Target};

fuzz_target!(|data: &[u8]| {
    let limits = tfshow_limits::Limits {
        max_pbkdf2_iterations: 1000,
        ..tfshow_limits::Limits::default()
    };
    let (config, file) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let config = std::str::from_utf8(config)
        .ok()
        .and_then(|text| Config::parse(text, &limits).ok());
    let _ = is_envelope(file, &limits);
    let _ = Envelope::parse(file, Target::State, &limits);
    if let Ok((plain, _)) = decrypt_file(file, config.as_ref(), &limits) {
        let mut out = Vec::new();
        let _ = tfshow_json::show::show_json(&plain, None, &limits, &mut out);
    }
});
