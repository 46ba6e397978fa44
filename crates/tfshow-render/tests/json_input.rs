//! Plans read from the document `show -json` printed for them (`plan.json` of every real case)
//! give the views the plan file gives: the same summaries with the same schemas, and without
//! any schema a human view that still names every change. (The human view with schemas is
//! compared with Terraform's own text in `plan_text_oracle.rs`.)

mod support;

use std::path::Path;

use serde_json::Value;
use tfshow_json::document::PlanDocument;
use tfshow_json::show::Limits;
use tfshow_render::summary::{Layout, Summary};
use tfshow_render::{plan_text, TextOptions};
use tfshow_schema::Schemas;

fn name(dir: &Path) -> String {
    let parent = dir.parent().and_then(Path::file_name).unwrap_or_default();
    let leaf = dir.file_name().unwrap_or_default();
    format!("{}/{}", parent.to_string_lossy(), leaf.to_string_lossy())
}

fn schemas(dir: &Path) -> Schemas {
    Schemas::from_json(&std::fs::read(dir.join("schemas.json")).expect("schemas.json"))
        .expect("schemas")
}

/// `summary` without what a plan's document does not record (KNOWN-DIVERGENCES.md): documents
/// before Terraform 1.6 do not say that planning failed, nor, before 1.1, that the plan is a
/// destroy plan (the summary's title says both); one of OpenTofu 1.6 or 1.7 that names no
/// provider registry does not say which program wrote it.
fn without_unknowable(summary: &str, json: &[u8]) -> String {
    let text = String::from_utf8_lossy(json);
    let mut out = summary.to_owned();
    if !text.contains("\"errored\":") {
        out = (out.replace(" (planning failed)", ""))
            .replace(" destroy plan", " plan")
            .replace("\"errored\":true", "\"errored\":false")
            .replace("\"mode\":\"destroy\"", "\"mode\":\"normal\"");
    }
    let registry = text.contains("registry.opentofu.org") || text.contains("registry.terraform.io");
    if !registry && !text.contains("\"applyable\":") {
        out = out.replace("OpenTofu", "Terraform");
    }
    out
}

/// Every summary format of a case's plan, read from `doc`.
fn summaries(doc: &PlanDocument<'_>) -> Vec<String> {
    let s = Summary::new(doc).expect("summary");
    vec![
        s.markdown(&Layout::within(65_536)).expect("fits"),
        s.text(&Layout::default()).expect("no limit"),
        s.html(),
        s.json().to_string(),
    ]
}

#[test]
fn summaries_of_show_json_equal_those_of_the_plan_file() {
    let cases = support::cases_with(&["plan.tfplan", "plan.json", "schemas.json"]);
    assert!(cases.len() > 500, "found only {} cases", cases.len());
    let mut failures = Vec::new();
    for dir in &cases {
        let schemas = schemas(dir);
        let Ok(file) = support::load_case_plan(dir, Some(&schemas)) else {
            continue;
        };
        let json = std::fs::read(dir.join("plan.json")).expect("plan.json");
        let doc = match PlanDocument::load(&json, Some(&schemas), &Limits::default()) {
            Ok(doc) => doc,
            Err(e) => {
                failures.push(format!("{}: {e}", name(dir)));
                continue;
            }
        };
        let (got, want) = (summaries(&doc), summaries(&file));
        for (got, want) in got.iter().zip(want) {
            let (got, want) = (
                without_unknowable(got, &json),
                without_unknowable(&want, &json),
            );
            if got != want {
                let diff = similar::TextDiff::from_lines(want.as_str(), got.as_str())
                    .unified_diff()
                    .header("plan file", "show -json")
                    .to_string();
                failures.push(format!("{}:\n{diff}", name(dir)));
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Without schemas, the human view of a `show -json` document still names every resource
/// change that does something.
#[test]
fn without_schemas_the_text_of_show_json_names_every_change() {
    let cases = support::cases_with(&["plan.json"]);
    let mut failures = Vec::new();
    for dir in &cases {
        let json = std::fs::read(dir.join("plan.json")).expect("plan.json");
        let parsed: Value = serde_json::from_slice(&json).expect("plan.json parses");
        let doc = PlanDocument::load(&json, None, &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", name(dir)));
        let text = plan_text::render(&doc, &TextOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", name(dir)));
        for rc in parsed["resource_changes"].as_array().into_iter().flatten() {
            // Terraform's text names no unchanged, read or opened (ephemeral) instance.
            let actions = &rc["change"]["actions"];
            if [["no-op"], ["read"], ["open"]]
                .iter()
                .any(|a| actions == &serde_json::json!(a))
            {
                continue;
            }
            let address = rc["address"].as_str().expect("address");
            if !text.contains(&format!("# {address}")) {
                failures.push(format!("{}: {address}", name(dir)));
            }
        }
    }
    assert!(failures.is_empty(), "not named: {}", failures.join("\n"));
}
