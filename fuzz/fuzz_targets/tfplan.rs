//! Any bytes as the `tfplan` protobuf entry. What decodes is wrapped in a plan zip and shown
//! (`show --json` without schemas) and turned into UI messages, so fuzzed msgpack values,
//! paths and addresses reach the document writer. Seeds: the oracle's `tfplan` entries.
#![no_main]

use std::io::Write;

use libfuzzer_sys::fuzz_target;

fn zip_of(tfplan: &[u8]) -> Option<Vec<u8>> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored);
    w.start_file("tfplan", opts).ok()?;
    w.write_all(tfplan).ok()?;
    Some(w.finish().ok()?.into_inner())
}

fuzz_target!(|data: &[u8]| {
    let limits = tfshow_limits::Limits::default();
    let Ok(plan) = tfshow_planfile::decode_tfplan_with(data, &limits) else {
        return;
    };
    let mut ts = || "2026-01-01T00:00:00.000000Z".to_owned();
    let _ = tfshow_ui::plan::plan_messages(&plan, &[], &mut ts);
    if let Some(zip) = zip_of(data) {
        let mut out = Vec::new();
        let _ = tfshow_json::show::show_json(&zip, None, &limits, &mut out);
    }
});
