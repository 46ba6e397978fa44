//! A state as `terraform show` prints it: every resource instance with all its attributes,
//! module by module, then the root module's outputs.

use std::borrow::Cow;

use serde_json::{Map, Value};
use tfshow_cty::Type;
use tfshow_schema::Schemas;

use crate::document::{inferred_block, list, merge_marks, resource_schema, schema_marks, string};
use crate::jsonformat::differ;
use crate::jsonformat::node::{val, Node};
use crate::jsonformat::render::Opts;
use crate::jsonformat::structured::Change;
use crate::jsonformat::text::{go_quote, shown};
use crate::{unknown_sensitivity, Document, TextOptions};

/// Renders a state document as `terraform show` prints it.
pub fn render(doc: &Document, schemas: Option<&Schemas>, opts: &TextOptions) -> String {
    let values = doc.value.get("values");
    let root = values.and_then(|v| v.get("root_module"));
    let outputs = values
        .and_then(|v| v.get("outputs"))
        .and_then(Value::as_object);
    let empty_root =
        root.is_none_or(|r| list(r, "resources").is_empty() && list(r, "child_modules").is_empty());
    if outputs.is_none_or(Map::is_empty) && empty_root {
        return "The state file is empty. No resources are represented.\n".to_owned();
    }
    let ropts = Opts {
        color: opts.color,
        terminal: opts.terminal,
        show_unchanged_children: true,
        hide_diff_action_symbols: true,
        ..Opts::default()
    };
    let mut out = String::new();
    if let Some(root) = root {
        module(&mut out, root, schemas, &ropts, true);
    }
    if let Some(outputs) = outputs.filter(|m| !m.is_empty()) {
        out.push_str("\n\nOutputs:\n\n");
        let mut names: Vec<&String> = outputs.keys().collect();
        names.sort();
        for name in names {
            let Some(o) = outputs.get(name) else {
                continue;
            };
            let sensitive = Some(Node::Flag(
                o.get("sensitive").and_then(Value::as_bool).unwrap_or(false),
            ));
            let change = Change::unchanged(val(o.get("value")), sensitive);
            let ty = o.get("type").and_then(|t| Type::from_json_value(t).ok());
            let d = match ty {
                Some(ty) => differ::of_type(&change, &ty).into_owned(),
                None => differ::output(&change),
            };
            out.push_str(&format!(
                "{} = {}\n",
                shown(name, ropts.terminal),
                d.render(0, &ropts)
            ));
        }
    }
    out
}

fn module(out: &mut String, m: &Value, schemas: Option<&Schemas>, opts: &Opts, first: bool) {
    let mut first = first;
    let resources = list(m, "resources");
    if !resources.is_empty() && !first {
        out.push('\n');
    }
    for r in resources {
        if !first {
            out.push('\n');
        }
        first = false;
        let addr = shown(string(r, "address"), opts.terminal);
        let deposed = shown(string(r, "deposed_key"), opts.terminal);
        if !deposed.is_empty() {
            out.push_str(&format!("# {addr}: (deposed object {deposed})"));
        } else if r.get("tainted").and_then(Value::as_bool).unwrap_or(false) {
            out.push_str(&format!("# {addr}: (tainted)"));
        } else {
            out.push_str(&format!("# {addr}:"));
        }
        out.push('\n');
        let values = match r.get("values") {
            Some(v @ Value::Object(_)) => Cow::Borrowed(v),
            _ => Cow::Owned(Value::Object(Map::new())),
        };
        let diff = match resource_schema(schemas, r) {
            Some(block) => {
                let existing = r
                    .get("sensitive_values")
                    .cloned()
                    .unwrap_or(Value::Bool(false));
                let marks = match schema_marks(block, Node::Json(&values)) {
                    Some(m) => merge_marks(&existing, &m),
                    None => existing,
                };
                let change = Change::unchanged(Some(Node::Json(&values)), val(Some(&marks)));
                differ::block(&change, block).into_owned()
            }
            None => {
                // Without the schema, what the provider marks sensitive is not known: mask all.
                let marks = if unknown_sensitivity::is_unknown(schemas, r) {
                    Some(unknown_sensitivity::mask_every_attribute(Some(&values)))
                } else {
                    r.get("sensitive_values").cloned()
                };
                let change = Change::unchanged(Some(Node::Json(&values)), val(marks.as_ref()));
                differ::block(&change, &inferred_block([Some(values.as_ref())])).into_owned()
            }
        };
        let kind = if string(r, "mode") == "data" {
            "data"
        } else {
            "resource"
        };
        out.push_str(&format!(
            "{kind} {} {} {}",
            go_quote(string(r, "type")),
            go_quote(string(r, "name")),
            diff.render(0, opts)
        ));
        out.push('\n');
    }
    for child in list(m, "child_modules") {
        module(out, child, schemas, opts, first);
    }
}
