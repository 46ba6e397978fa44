//! Every real stream under `testdata/oracle/scenarios` (`plan-ui.jsonl`, `apply-ui.jsonl`,
//! `setup-apply-ui.jsonl`, …; discovered from the folder) parses without errors, writes back
//! byte for byte, and its typed view re-encodes to the same bytes.
//!
//! Exception: two Terraform 1.0.3 runs crashed while planning and printed Terraform's crash
//! banner (plain text) into the stream. For those the text lines must be reported as
//! `not JSON` with their line numbers, and everything else must still parse.

use std::path::{Path, PathBuf};

use tfshow_ui::{Body, Flavor, ParseError, Problem, Reader};

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

fn streams() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![scenarios()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read testdata dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "jsonl") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// How the program of the `tf-VERSION` or `tofu-VERSION` folder writes its lines.
fn flavor_of(path: &Path) -> Flavor {
    let folder = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .unwrap_or("");
    match folder.strip_prefix("tofu-") {
        Some(v) => Flavor::of(&tfshow_ui::Release::parse(tfshow_ui::Program::OpenTofu, v)),
        None => Flavor::terraform(&version_of(path)),
    }
}

/// The Terraform version from the `tf-VERSION` folder name.
fn version_of(path: &Path) -> String {
    path.parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_prefix("tf-"))
        .unwrap_or("")
        .to_owned()
}

/// Streams in which Terraform printed its crash banner.
fn crashed(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes).contains("TERRAFORM CRASH")
}

#[test]
fn every_stream_parses_and_writes_back_byte_for_byte() {
    let files = streams();
    assert!(files.len() > 500, "found only {} streams", files.len());
    let mut messages = 0usize;
    let mut types = std::collections::BTreeSet::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("read stream");
        let flavor = flavor_of(path);
        let mut written = Vec::new();
        let mut errors = Vec::new();
        for item in Reader::new(&bytes[..]) {
            match item {
                Ok(m) => {
                    m.write_to(&mut written).expect("write");
                    assert_eq!(
                        m.encode(flavor),
                        m.as_json(),
                        "{}: typed re-encoding differs",
                        path.display()
                    );
                    assert_ne!(m.body, Body::Unknown, "{}", path.display());
                    let expected_text = match &m.body {
                        Body::ChangeSummary(c) => Some(c.message()),
                        Body::PlannedChange(c) => {
                            Some(format!("{}: Plan to {}", c.resource.addr, c.action))
                        }
                        Body::ResourceDrift(c) => Some(format!(
                            "{}: Drift detected ({})",
                            c.resource.addr, c.action
                        )),
                        Body::Outputs(o) => Some(format!("Outputs: {}", o.len())),
                        _ => None,
                    };
                    if let Some(t) = expected_text {
                        assert_eq!(t, m.envelope.message, "{}", path.display());
                    }
                    types.insert(m.envelope.type_.clone());
                    messages += 1;
                }
                Err(e) => errors.push(e),
            }
        }
        if crashed(&bytes) {
            let text = String::from_utf8_lossy(&bytes);
            let expected: Vec<u64> = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('{'))
                .map(|(i, _)| i as u64 + 1)
                .collect();
            let got: Vec<u64> = errors.iter().map(|e| e.line).collect();
            assert_eq!(got, expected, "{}", path.display());
            for e in &errors {
                assert!(
                    matches!(e.problem, Problem::Parse(ParseError::NotJson { .. })),
                    "{}: {e}",
                    path.display()
                );
            }
            assert!(
                !written.is_empty(),
                "the version line before the crash parses"
            );
        } else {
            assert!(
                errors.is_empty(),
                "{}: {}",
                path.display(),
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            );
            assert!(
                written == bytes,
                "{}: written back differently",
                path.display()
            );
        }
    }
    assert!(messages > 10_000, "only {messages} messages");
    for t in [
        "version",
        "planned_change",
        "resource_drift",
        "change_summary",
        "outputs",
        "diagnostic",
        "apply_start",
        "apply_complete",
        "apply_errored",
        "provision_start",
        "provision_progress",
        "provision_complete",
        "provision_errored",
        "refresh_start",
        "refresh_complete",
    ] {
        assert!(types.contains(t), "no {t} message in the oracle streams");
    }
}
