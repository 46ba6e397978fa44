//! An output declared sensitive is masked in the human view of every plan, whatever the
//! release: documents before Terraform 0.15 carry no sensitivity masks and write such outputs'
//! values in the clear, so the view must not rely on the masks alone. Checked on every real
//! case, read from the plan file and from its `show -json` document.

mod support;

use serde_json::Value;
use tfshow_json::document::PlanDocument;
use tfshow_json::show::Limits;
use tfshow_render::{plan_text, TextOptions};
use tfshow_schema::Schemas;

/// The root module outputs `plan.json`'s configuration declares sensitive.
fn sensitive_outputs(doc: &Value) -> Vec<String> {
    let outputs = &doc["configuration"]["root_module"]["outputs"];
    let Some(outputs) = outputs.as_object() else {
        return Vec::new();
    };
    (outputs.iter())
        .filter(|(_, o)| o["sensitive"] == Value::Bool(true))
        .map(|(name, _)| name.clone())
        .collect()
}

/// The lines of the "Changes to Outputs:" section that show `name`'s value.
fn output_lines<'t>(text: &'t str, name: &str) -> Vec<&'t str> {
    let Some((_, section)) = text.split_once("Changes to Outputs:") else {
        return Vec::new();
    };
    section
        .lines()
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .filter(|l| {
            let t = l.trim_start();
            t.len() > 2 && t[2..].starts_with(name) && t[2 + name.len()..].starts_with(' ')
        })
        .collect()
}

#[test]
fn declared_sensitive_outputs_are_masked_in_every_release() {
    let cases = support::cases_with(&["plan.tfplan", "plan.json", "schemas.json"]);
    let mut checked = 0;
    let mut leaks = Vec::new();
    for dir in &cases {
        let json = std::fs::read(dir.join("plan.json")).expect("plan.json");
        let parsed: Value = serde_json::from_slice(&json).expect("plan.json parses");
        let names = sensitive_outputs(&parsed);
        if names.is_empty() {
            continue;
        }
        let schemas = Schemas::from_json(&std::fs::read(dir.join("schemas.json")).expect("read"))
            .expect("schemas");
        let Ok(file) = support::load_case_plan(dir, Some(&schemas)) else {
            continue;
        };
        let from_json =
            PlanDocument::load(&json, Some(&schemas), &Limits::default()).expect("plan.json loads");
        for doc in [&file, &from_json] {
            let text = plan_text::render(doc, &TextOptions::default()).expect("text");
            for name in &names {
                for line in output_lines(&text, name) {
                    checked += 1;
                    if !line.contains("(sensitive value)") {
                        leaks.push(format!("{}: {line}", dir.display()));
                    }
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} output lines checked");
    assert!(
        leaks.is_empty(),
        "sensitive outputs shown:\n{}",
        leaks.join("\n")
    );
}
