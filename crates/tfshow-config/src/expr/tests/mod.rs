//! Tests of `constant_value` and `references`. Expectations come from Terraform's own output
//! (the oracle scenarios under `testdata/oracle/scenarios`, named in each test) wherever one
//! exists; the others state the HCL or cty behaviour they check, as read in HCL's and cty's
//! source.

mod eval;
mod fuzz;
mod numbers;
mod oracle;
mod refs;
mod template;

use super::{constant_value, constant_value_in, references};
use hcl_edit::expr::Expression;
use tfshow_cty::Value;

/// Parses `src` as the value of an attribute.
fn parse(src: &str) -> (Expression, String) {
    let body_src = format!("a = {src}\n");
    let body = hcl_edit::parser::parse_body(&body_src)
        .unwrap_or_else(|e| panic!("{src:?} does not parse: {e}"));
    let attr = body.attributes().next().expect("one attribute");
    (attr.value.clone(), body_src)
}

/// The constant value of `src` as compact JSON (object keys sorted, as cty orders them).
fn cv(src: &str) -> Option<String> {
    let (e, body_src) = parse(src);
    let plain = constant_value(&e).map(|v| json(&v));
    let sourced = constant_value_in(&e, &body_src).map(|v| json(&v));
    if !src.contains("<<-") {
        assert_eq!(plain, sourced, "{src}");
    }
    sourced
}

/// `cv` for an expression expected to have a value.
fn val(src: &str) -> String {
    cv(src).unwrap_or_else(|| panic!("{src:?} has no constant value"))
}

fn refs(src: &str) -> Vec<String> {
    references(&parse(src).0)
}

/// Compact JSON, numbers as their exact text.
pub(super) fn json(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.as_text().into_owned(),
        Value::String(s) => serde_json::to_string(s.as_str()).unwrap_or_default(),
        Value::List(items) | Value::Set(items) | Value::Tuple(items) => {
            format!("[{}]", items.iter().map(json).collect::<Vec<_>>().join(","))
        }
        Value::Map(attrs) | Value::Object(attrs) => format!(
            "{{{}}}",
            attrs
                .iter()
                .map(|(k, v)| format!(
                    "{}:{}",
                    serde_json::to_string(k.as_str()).unwrap_or_default(),
                    json(v)
                ))
                .collect::<Vec<_>>()
                .join(",")
        ),
        Value::Dynamic(d) => json(&d.1),
        Value::Unknown(_) => "?".into(),
    }
}
