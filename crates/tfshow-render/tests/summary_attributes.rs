//! The markdown summary names, for each updated or replaced resource, every top-level
//! attribute whose known, non-sensitive value changes. What changes is read from Terraform's
//! own `show -json` of each real plan (`plan.json`) and the provider schemas, not from tfshow.

mod support;

use std::path::PathBuf;

use serde_json::Value;
use tfshow_escape::{html, markdown, terminal};
use tfshow_render::summary::{Layout, Summary};
use tfshow_schema::Schemas;

fn cases() -> Vec<PathBuf> {
    support::cases_with(&["plan.json", "schemas.json"])
}

fn marked(mask: Option<&Value>) -> bool {
    match mask {
        Some(Value::Bool(b)) => *b,
        Some(Value::Array(a)) => a.iter().any(|m| marked(Some(m))),
        Some(Value::Object(m)) => m.values().any(|m| marked(Some(m))),
        _ => false,
    }
}

/// The top-level attributes of a `resource_changes` entry of Terraform's document whose known,
/// non-sensitive value changes (sensitive by the plan's masks or by the schema).
fn known_changes(rc: &Value, schemas: &Schemas) -> Vec<String> {
    let change = &rc["change"];
    let (Some(before), Some(after)) = (change["before"].as_object(), change["after"].as_object())
    else {
        return Vec::new();
    };
    let schema = schemas.resource(
        rc["provider_name"].as_str().unwrap_or(""),
        tfshow_schema::Mode::Managed,
        rc["type"].as_str().unwrap_or(""),
    );
    let sensitive_in_schema = |name: &str| {
        schema.is_some_and(|s| {
            let attr = s.block.attributes.iter().find(|(n, _)| n == name);
            let block = s.block.block_types.iter().find(|(n, _)| n == name);
            attr.is_some_and(|(_, a)| {
                a.sensitive || a.nested.as_ref().is_some_and(|n| n.contains_sensitive())
            }) || block.is_some_and(|(_, b)| b.block.contains_sensitive())
        })
    };
    let mut out = Vec::new();
    for (name, value) in after {
        let old = before.get(name).unwrap_or(&Value::Null);
        if old == value
            || marked(change["after_unknown"].get(name))
            || marked(change["before_sensitive"].get(name))
            || marked(change["after_sensitive"].get(name))
            || sensitive_in_schema(name)
        {
            continue;
        }
        out.push(name.clone());
    }
    out
}

#[test]
fn the_markdown_names_every_known_attribute_that_changes() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for dir in cases() {
        let plan: Value =
            serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json"))
                .expect("JSON");
        let schemas =
            Schemas::from_json(&std::fs::read(dir.join("schemas.json")).expect("schemas"))
                .expect("schemas");
        let Ok(doc) = support::load_case_plan(&dir, Some(&schemas)) else {
            continue;
        };
        let md = Summary::new(&doc)
            .expect("summary")
            .markdown(&Layout::default())
            .expect("no limit");
        for rc in plan["resource_changes"].as_array().into_iter().flatten() {
            let actions: Vec<&str> = rc["change"]["actions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            if !matches!(
                actions.as_slice(),
                ["update"] | ["delete", "create"] | ["create", "delete"]
            ) || rc.get("deposed").is_some()
            {
                continue;
            }
            let address = rc["address"].as_str().expect("address");
            let names = known_changes(rc, &schemas);
            if names.is_empty() {
                continue;
            }
            let open = format!(
                "<details><summary><code>{}</code>",
                html::escape(&terminal::line(address))
            );
            let Some(at) = md.find(&open) else {
                failures.push(format!(
                    "{}: no attribute changes for {address}",
                    dir.display()
                ));
                continue;
            };
            let section = &md[at..];
            let section = &section[..section.find("</details>").expect("closed details")];
            for name in names {
                checked += 1;
                let row = format!("| {} | ", markdown::code_cell(&name));
                if !section.contains(&row) {
                    failures.push(format!("{}: {address}: {name} not named", dir.display()));
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} attribute changes checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
