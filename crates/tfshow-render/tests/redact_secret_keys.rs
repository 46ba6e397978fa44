//! `--redact` against what Terraform wrote (`terraform show -json`) for real plans and states
//! in which a sensitive variable is an object attribute name or a map key: the redacted
//! document has Terraform's shape, with the marker wherever a sensitive value was and wherever
//! something derived from one was (the `type` of a sensitive output, the keys of a sensitive
//! map in `after_unknown`), and the secret appears nowhere. The summary and the diff of the
//! same plans do not show it either.

use std::path::{Path, PathBuf};
use tfshow_json::document::PlanDocument;

use serde_json::{json, Value};
use tfshow_json::show::Limits;
use tfshow_render::summary::{Layout, Summary};
use tfshow_render::{plan_diff, redact};
use tfshow_schema::Schemas;

const SECRET: &str = "hunter2-SECRET-KEY";
const MARKER: &str = redact::MARKER;

fn hostile() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios/hostile_strings/tf-1.11.4")
}

/// A real Terraform 1.11.4 plan where the secret is a key of values not known until apply.
fn secret_keys() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/secret_keys")
}

fn schemas(dir: &Path) -> Schemas {
    Schemas::from_json(&std::fs::read(dir.join("schemas.json")).expect("schemas")).expect("parse")
}

/// The redacted document as tfshow prints it, parsed.
fn redacted(path: &Path, schemas: Option<&Schemas>) -> (String, Value) {
    let bytes = std::fs::read(path).expect("input");
    let mut json = Vec::new();
    redact::write_json(
        &bytes,
        schemas,
        &tfshow_json::show::ReadOptions::new(&Limits::default()),
        &mut json,
    )
    .expect("every provider has a schema");
    let text = String::from_utf8(json).expect("UTF-8");
    let value = serde_json::from_str(&text).expect("the redacted document is JSON");
    (text, value)
}

fn terraform(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).expect("Terraform's JSON")).expect("JSON")
}

/// `got` is Terraform's `want` with some parts replaced by the marker: same keys, same array
/// lengths. Returns the paths that were replaced.
fn same_shape(want: &Value, got: &Value, path: &str, replaced: &mut Vec<String>) {
    if got == &json!(MARKER) && want != got {
        replaced.push(path.to_owned());
        return;
    }
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => {
            let wk: Vec<&String> = w.keys().collect();
            let gk: Vec<&String> = g.keys().collect();
            assert_eq!(wk, gk, "keys at {path}");
            for (k, v) in w {
                if k == "timestamp" {
                    continue;
                }
                same_shape(v, &g[k], &format!("{path}/{k}"), replaced);
            }
        }
        (Value::Array(w), Value::Array(g)) => {
            assert_eq!(w.len(), g.len(), "length at {path}");
            for (i, (v, x)) in w.iter().zip(g).enumerate() {
                same_shape(v, x, &format!("{path}/{i}"), replaced);
            }
        }
        _ => assert_eq!(want, got, "value at {path}"),
    }
}

#[test]
fn the_hostile_plan_loses_the_type_of_its_sensitive_output_and_keeps_the_rest() {
    let dir = hostile();
    let want = terraform(&dir.join("plan.json"));
    for s in [Some(schemas(&dir)), None] {
        let (text, got) = redacted(&dir.join("plan.tfplan"), s.as_ref());
        assert!(!text.contains(SECRET), "schemas: {}", s.is_some());
        let mut replaced = Vec::new();
        same_shape(&want, &got, "", &mut replaced);
        for at in [
            "/planned_values/outputs/secret_shaped/type",
            "/planned_values/outputs/secret_shaped/value",
            "/output_changes/secret_shaped/after",
            "/variables/secret/value",
            "/configuration/root_module/variables/secret/default",
        ] {
            assert!(replaced.iter().any(|r| r == at), "{at} not in {replaced:?}");
        }
        // The non-sensitive output keeps Terraform's type, hostile keys and all.
        assert_eq!(
            got.pointer("/planned_values/outputs/hostile/type"),
            want.pointer("/planned_values/outputs/hostile/type")
        );
        // The replacement keeps its path: it names the attribute only.
        let replaced_rc = got["resource_changes"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|rc| rc["address"] == "terraform_data.replaced")
            .expect("terraform_data.replaced");
        assert_eq!(
            replaced_rc["change"]["replace_paths"],
            json!([["triggers_replace"]])
        );
    }
}

#[test]
fn states_lose_the_type_of_sensitive_outputs() {
    let dir = hostile();
    let want = terraform(&dir.join("state.json"));
    let (text, got) = redacted(&dir.join("terraform.tfstate"), Some(&schemas(&dir)));
    assert!(!text.contains(SECRET));
    let mut replaced = Vec::new();
    same_shape(&want, &got, "", &mut replaced);
    assert!(
        replaced.contains(&"/values/outputs/secret_shaped/type".to_owned()),
        "{replaced:?}"
    );
    assert_eq!(
        got.pointer("/values/outputs/hostile/type"),
        want.pointer("/values/outputs/hostile/type")
    );
}

#[test]
fn keys_of_sensitive_values_not_yet_known_are_hidden() {
    let dir = secret_keys();
    let want = terraform(&dir.join("plan.json"));
    // Terraform writes the secret as a key in after_unknown.
    assert!(want.to_string().contains(SECRET));
    for s in [Some(schemas(&dir)), None] {
        let (text, got) = redacted(&dir.join("plan.tfplan"), s.as_ref());
        assert!(!text.contains(SECRET), "schemas: {}", s.is_some());
        let mut replaced = Vec::new();
        same_shape(&want, &got, "", &mut replaced);
        let rc = got["resource_changes"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|rc| rc["address"] == "terraform_data.unknown_key")
            .expect("terraform_data.unknown_key");
        // The attribute names from the schema stay; what names the secret goes.
        assert_eq!(
            rc["change"]["after_unknown"],
            json!({"id": true, "input": MARKER, "output": true})
        );
        assert_eq!(
            got["output_changes"]["unknown_key"]["after_unknown"],
            json!(MARKER)
        );
    }
}

#[test]
fn summaries_and_diffs_do_not_show_the_secret() {
    for dir in [hostile(), secret_keys()] {
        let s = schemas(&dir);
        for schemas in [Some(&s), None] {
            let plan = std::fs::read(dir.join("plan.tfplan")).expect("plan");
            let doc = PlanDocument::load(&plan, schemas, &Limits::default()).expect("load");
            let summary = Summary::new(&doc).expect("summary");
            for (format, out) in [
                (
                    "markdown",
                    summary.markdown(&Layout::within(65_536)).expect("fits"),
                ),
                (
                    "markdown, short",
                    summary.markdown(&Layout::within(500)).expect("fits"),
                ),
                ("text", summary.text(&Layout::default()).expect("no limit")),
                ("json", summary.json().to_string()),
            ] {
                assert!(!out.contains(SECRET), "{}: {format}", dir.display());
            }
        }
    }
    // The two plans against each other: every output and resource differs.
    let (a, b) = (hostile(), secret_keys());
    let (sa, sb) = (schemas(&a), schemas(&b));
    let (plan_a, plan_b) = (
        std::fs::read(a.join("plan.tfplan")).expect("plan"),
        std::fs::read(b.join("plan.tfplan")).expect("plan"),
    );
    let limits = Limits::default();
    let old = PlanDocument::load_for_views(&plan_a, Some(&sa), &limits).expect("load");
    let new = PlanDocument::load_for_views(&plan_b, Some(&sb), &limits).expect("load");
    for (x, y) in [(&old, &new), (&new, &old), (&old, &old)] {
        let d = plan_diff::diff(x, y).expect("diff");
        let text = d.text();
        assert!(!text.contains(SECRET), "{text}");
        assert!(!d.json().to_string().contains(SECRET));
    }
    let d = plan_diff::diff(&old, &new).expect("diff");
    let outputs: Vec<&str> = d.outputs_changed.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(outputs, ["hostile", "secret_shaped", "unknown_key"]);
}
