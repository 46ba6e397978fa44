//! `tfshow summary` and `tfshow diff` on real plans whose addresses, import IDs and moved-from
//! addresses hold terminal escapes, C1 controls, CR/LF, bidi and zero-width characters: the
//! text formats write none of them raw (they are shown as `\u001b`), and a secret used as an
//! object attribute name or a map key reaches no summary, diff or redacted document.
//!
//! Expected names come from Terraform's own output for the plans (`plan.json`, `plan.txt`).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use tfshow_escape::terminal;

const SECRET: &str = "hunter2-SECRET-KEY";

fn hostile() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios/hostile_strings/tf-1.11.4")
}

/// A real Terraform 1.11.4 plan with hostile import IDs and a secret map key.
fn secret_keys() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tfshow-render/tests/data/secret_keys")
}

fn p(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Runs tfshow and returns its standard output; it must succeed.
fn tfshow(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(args)
        .output()
        .expect("run tfshow");
    assert!(
        o.status.success(),
        "{args:?}: exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("UTF-8 output")
}

/// With and without `--schemas`.
fn both(args: &[&str], dir: &Path, file: &str) -> Vec<String> {
    let schemas = dir.join("schemas.json");
    let target = dir.join(file);
    let mut with: Vec<&str> = args.to_vec();
    with.extend(["--schemas", p(&schemas), p(&target)]);
    let mut without: Vec<&str> = args.to_vec();
    without.push(p(&target));
    vec![tfshow(&with), tfshow(&without)]
}

fn assert_no_raw_controls(out: &str, what: &str) {
    if let Some(c) = out.chars().find(|&c| c != '\n' && terminal::is_unsafe(c)) {
        panic!("{what}: raw {c:?} in\n{out}");
    }
}

/// Terraform's `plan.json`.
fn plan_json(dir: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json")).expect("JSON")
}

/// Addresses of the planned changes and the addresses they moved from, as Terraform wrote them.
fn addresses(dir: &Path) -> Vec<String> {
    let plan = plan_json(dir);
    let mut out = Vec::new();
    for rc in plan["resource_changes"].as_array().into_iter().flatten() {
        let address = rc["address"].as_str().unwrap_or_default().to_owned();
        let prev = rc["previous_address"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if !prev.is_empty() && prev != address {
            out.push(prev);
        }
        out.push(address);
    }
    out
}

#[test]
fn summary_text_shows_controls_visibly() {
    for dir in [hostile(), secret_keys()] {
        for out in both(&["summary", "--format", "text"], &dir, "plan.tfplan") {
            assert_no_raw_controls(&out, &dir.display().to_string());
            for a in addresses(&dir) {
                assert!(
                    out.contains(&*terminal::line(&a)),
                    "{a:?} missing from\n{out}"
                );
            }
        }
    }
}

#[test]
fn summary_text_quotes_import_ids_as_terraform_shows_them() {
    // `terraform show` writes each imported object's id quoted: `id = "\x1b]0;pwned-title\a"`.
    let dir = secret_keys();
    let shown = std::fs::read_to_string(dir.join("plan.txt")).expect("plan.txt");
    let ids: Vec<&str> = shown
        .lines()
        .filter_map(|l| l.trim().strip_prefix("id = "))
        .collect();
    assert_eq!(ids.len(), 9, "{shown}");
    for out in both(&["summary", "--format", "text"], &dir, "plan.tfplan") {
        for id in &ids {
            assert!(
                out.contains(&format!("import  imported from {id}\n")),
                "{id} missing from\n{out}"
            );
        }
    }
}

#[test]
fn diff_text_shows_controls_visibly() {
    let (a, b) = (hostile(), secret_keys());
    let (pa, pb) = (a.join("plan.tfplan"), b.join("plan.tfplan"));
    for (old, new) in [(&pa, &pb), (&pb, &pa)] {
        let out = tfshow(&["diff", p(old), p(new)]);
        assert_no_raw_controls(&out, "diff");
        for addr in addresses(&a).into_iter().chain(addresses(&b)) {
            if addr.starts_with("terraform_data.old[") {
                // Moved-from addresses are not planned in either plan.
                continue;
            }
            assert!(
                out.contains(&*terminal::line(&addr)),
                "{addr:?} missing from\n{out}"
            );
        }
    }
}

#[test]
fn the_secret_key_reaches_no_summary_diff_or_redacted_document() {
    for dir in [hostile(), secret_keys()] {
        let mut outs = Vec::new();
        for format in ["markdown", "text", "json"] {
            outs.extend(both(&["summary", "--format", format], &dir, "plan.tfplan"));
        }
        outs.extend(both(
            &["summary", "--max-chars", "600"],
            &dir,
            "plan.tfplan",
        ));
        outs.extend(both(&["show", "--json", "--redact"], &dir, "plan.tfplan"));
        for out in outs {
            assert!(!out.contains(SECRET), "{}:\n{out}", dir.display());
        }
    }
    let states = both(
        &["show", "--json", "--redact"],
        &hostile(),
        "terraform.tfstate",
    );
    for out in states {
        assert!(!out.contains(SECRET), "{out}");
    }
    let (a, b) = (
        hostile().join("plan.tfplan"),
        secret_keys().join("plan.tfplan"),
    );
    for format in ["text", "json"] {
        let out = tfshow(&["diff", "--format", format, p(&a), p(&b)]);
        assert!(!out.contains(SECRET), "{out}");
        // The secret-shaped outputs are in the diff, as sensitive values.
        assert!(
            out.contains("secret_shaped") && out.contains("unknown_key"),
            "{out}"
        );
    }
}

/// JSON for people (`--redact`, `summary --format json`, `diff --format json`): valid JSON with
/// the same strings, but no raw control, bidi or zero-width character (Terraform's JSON keeps
/// C1, bidi and zero-width characters raw).
#[test]
fn json_for_people_escapes_unsafe_characters() {
    let dir = hostile();
    let plan = dir.join("plan.tfplan");
    let schemas = dir.join("schemas.json");
    let terraform = std::fs::read_to_string(dir.join("plan.json")).unwrap();
    assert!(
        terraform.contains('\u{202e}'),
        "Terraform's JSON keeps bidi raw"
    );
    let runs = [
        vec!["show", "--json", "--redact"],
        vec!["summary", "--format", "json"],
        vec!["diff", "--format", "json", p(&plan)],
    ];
    for mut args in runs {
        args.extend(["--schemas", p(&schemas), p(&plan)]);
        let out = tfshow(&args);
        let raw: Vec<char> = out
            .chars()
            .filter(|&c| terminal::is_unsafe(c) && c != '\n')
            .collect();
        assert!(raw.is_empty(), "{args:?} writes raw {raw:?}");
        let value: Value = serde_json::from_str(&out).expect("valid JSON");
        if args[0] == "show" {
            // The same value: the bidi key is still there, as a character.
            let text = value.to_string();
            assert!(text.contains("safe\\\\u202egnp.exe") || text.contains("safe\u{202e}gnp.exe"));
            let addresses: Vec<&str> = value["resource_changes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|rc| rc["address"].as_str().unwrap())
                .collect();
            assert!(addresses.contains(&"terraform_data.hostile[\"safe\\u202egnp.exe\"]"));
            let inputs: Vec<&str> = value["resource_changes"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|rc| rc["change"]["after"]["input"].as_str())
                .collect();
            assert!(inputs.contains(&"safe\u{202e}gnp.exe"), "{inputs:?}");
        }
    }
}
