//! Shared helpers for tests against real Terraform output.

#![allow(dead_code)] // each test file uses a different subset

use std::path::{Path, PathBuf};

use tfshow_json::show::{EncryptionConfig, Limits};

/// The repository's `testdata/oracle/scenarios` folder.
pub fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

/// Every `SCENARIO/tf-VERSION` folder that holds `file`, sorted.
pub fn cases_with(file: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(scenarios_dir()).expect("testdata/oracle/scenarios") {
        let scenario = scenario.expect("dir entry").path();
        let Ok(versions) = std::fs::read_dir(&scenario) else {
            continue;
        };
        for v in versions {
            let v = v.expect("dir entry").path();
            if v.join(file).is_file() {
                out.push(v);
            }
        }
    }
    out.sort();
    out
}

/// The encryption configuration of an OpenTofu case whose files are encrypted: the
/// `TF_ENCRYPTION` OpenTofu was given (`encryption.hcl`), if the case has one.
pub fn encryption(dir: &Path) -> Option<EncryptionConfig> {
    let text = std::fs::read_to_string(dir.join("encryption.hcl")).ok()?;
    Some(EncryptionConfig::parse(&text, &Limits::default()).expect("encryption.hcl parses"))
}

/// `show -json` of `bytes` (a case's plan or state file) given `schemas` and the case's
/// encryption configuration (OpenTofu's encrypted cases), as `TF_ENCRYPTION` is given to
/// `tofu show -json`.
pub fn show_case(
    bytes: &[u8],
    schemas: Option<&tfshow_schema::Schemas>,
    dir: &Path,
) -> Result<Vec<u8>, String> {
    let config = encryption(dir);
    let limits = Limits::default();
    let opts = tfshow_json::show::ReadOptions {
        limits: &limits,
        encryption: config.as_ref(),
    };
    let mut out = Vec::new();
    tfshow_json::show::show_json_with(bytes, schemas, &opts, &mut out)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The plan or state file `file` of a case, decrypted with the case's [`encryption`] when
/// OpenTofu encrypted it.
pub fn read_input(dir: &Path, file: &str) -> Vec<u8> {
    let bytes = std::fs::read(dir.join(file)).expect("input file");
    let config = encryption(dir);
    let limits = Limits::default();
    let opts = tfshow_json::show::ReadOptions {
        limits: &limits,
        encryption: config.as_ref(),
    };
    tfshow_json::show::decrypt(&bytes, &opts)
        .expect("the case's files decrypt")
        .into_owned()
}

/// A short name for a case folder: `scenario/tf-version`.
pub fn case_name(dir: &Path) -> String {
    let parts: Vec<_> = dir.components().rev().take(2).collect();
    format!(
        "{}/{}",
        parts[1].as_os_str().to_string_lossy(),
        parts[0].as_os_str().to_string_lossy()
    )
}

/// Splits compact JSON into one token group per line (keeping every byte), so that a line
/// diff of two documents is readable.
pub fn pretty(json: &[u8]) -> String {
    let s = String::from_utf8_lossy(json);
    let mut out = String::with_capacity(s.len() * 2);
    let (mut depth, mut in_str, mut esc) = (0usize, false, false);
    for c in s.chars() {
        if in_str {
            out.push(c);
            match (esc, c) {
                (true, _) => esc = false,
                (false, '\\') => esc = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                out.push(c);
            }
            '{' | '[' => {
                depth += 1;
                out.push(c);
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
                out.push(c);
            }
            ',' => {
                out.push(c);
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
            }
            _ => out.push(c),
        }
    }
    out
}

/// A unified diff of two JSON documents, or `None` when they are byte-identical.
pub fn json_diff(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected == actual {
        return None;
    }
    let (e, a) = (pretty(expected), pretty(actual));
    let diff = similar::TextDiff::from_lines(&e, &a);
    let mut text = diff
        .unified_diff()
        .context_radius(3)
        .header("terraform", "tfshow")
        .to_string();
    if text.trim().is_empty() {
        text = "documents differ only in whitespace or invalid UTF-8".into();
    }
    const MAX: usize = 6000;
    if text.len() > MAX {
        let mut end = MAX;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push_str("\n… (diff truncated)\n");
    }
    Some(text)
}
