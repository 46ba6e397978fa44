//! Any bytes as the `tfplan` protobuf entry, decoded at once and lazily (the two must agree).
//! What decodes is wrapped in a plan zip and shown (`show --json` without schemas) and turned
//! into UI messages, so fuzzed msgpack values, paths and addresses reach the document writer.
//! Seeds: the oracle's `tfplan` entries.
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
    let bytes = tfshow_planfile::model::Bytes::copy_from_slice(data);
    let at_once = tfshow_planfile::decode_tfplan(bytes.clone(), &limits);
    let lazily = tfshow_planfile::decode_tfplan_lazy(bytes, &limits).and_then(|(plan, lazy)| {
        let changes = lazy.iter().map(|c| c.decode()).collect::<Result<_, _>>()?;
        Ok(tfshow_planfile::model::Plan {
            resource_changes: changes,
            ..plan
        })
    });
    let plan = match (at_once, lazily) {
        (Ok(plan), Ok(lazy)) => {
            assert!(plan == lazy, "decoded lazily, a different plan");
            plan
        }
        (Err(_), Err(_)) => return,
        (Ok(_), Err(e)) => panic!("refused lazily, read at once: {e}"),
        (Err(e), Ok(_)) => panic!("refused at once ({e}), read lazily"),
    };
    let mut ts = || "2026-01-01T00:00:00.000000Z".to_owned();
    let _ = tfshow_ui::plan::plan_messages(&plan, &[], &mut ts);
    if let Some(zip) = zip_of(data) {
        let mut out = Vec::new();
        let _ = tfshow_json::show::show_json(&zip, None, &limits, &mut out);
    }
});
