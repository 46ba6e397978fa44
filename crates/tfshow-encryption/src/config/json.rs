//! Reading the JSON form of the configuration (HCL's JSON syntax) into [`RawBody`]. In JSON
//! the schema tells blocks from attributes and how many labels a block has; strings are
//! templates, so `"${key_provider.pbkdf2.k}"` is a reference.

use serde_json::{Map, Value};
use tfshow_limits::json::JsonError;
use tfshow_limits::Limits;

use super::raw::{parse_ref, RawBlock, RawBody, Val};
use crate::error::ConfigError;

/// Which blocks a body holds: (block type, number of labels, the schema of its body).
#[derive(Clone, Copy)]
enum Schema {
    /// The top level.
    Root,
    /// `remote_state_data_sources`.
    Remote,
    /// `state`, `plan`, `fallback`, `default`, `remote_state_data_source`.
    Target,
    /// `key_provider` and `method` bodies: attributes only.
    Leaf,
}

impl Schema {
    fn block(self, name: &str) -> Option<(usize, Schema)> {
        match (self, name) {
            (Schema::Root, "key_provider" | "method") => Some((2, Schema::Leaf)),
            (Schema::Root, "state" | "plan") => Some((0, Schema::Target)),
            (Schema::Root, "remote_state_data_sources") => Some((0, Schema::Remote)),
            (Schema::Remote, "default") => Some((0, Schema::Target)),
            (Schema::Remote, "remote_state_data_source") => Some((1, Schema::Target)),
            (Schema::Target, "fallback") => Some((0, Schema::Target)),
            _ => None,
        }
    }
}

/// Parses JSON text.
pub(crate) fn parse(text: &str, limits: &Limits) -> Result<RawBody, ConfigError> {
    let object: Map<String, Value> = tfshow_limits::json::from_slice(text.as_bytes(), limits)
        .map_err(|e| match e {
            JsonError::Limit(e) => ConfigError::Limit(e),
            JsonError::Json(e) => ConfigError::Syntax {
                format: "JSON",
                line: e.line(),
                column: e.column(),
                // The category, not serde's message: a type error would quote the value.
                message: match e.classify() {
                    serde_json::error::Category::Data => "expected a JSON object".into(),
                    serde_json::error::Category::Eof => "unexpected end of input".into(),
                    _ => "invalid JSON".into(),
                },
            },
        })?;
    body_of(&object, Schema::Root, "")
}

fn body_of(object: &Map<String, Value>, schema: Schema, at: &str) -> Result<RawBody, ConfigError> {
    let mut out = RawBody::default();
    for (key, value) in object {
        // `"//"` members are comments in HCL's JSON syntax.
        if key == "//" {
            continue;
        }
        let here = join(at, key);
        match schema.block(key) {
            Some((labels, inner)) => blocks_of(
                value,
                key,
                labels,
                inner,
                &mut Vec::new(),
                &here,
                &mut out.blocks,
            )?,
            None => out.attrs.push((key.clone(), value_of(value))),
        }
    }
    Ok(out)
}

/// The blocks of type `kind` in `value`: an object (or an array of objects) nested one level
/// per remaining label.
fn blocks_of(
    value: &Value,
    kind: &str,
    labels_left: usize,
    schema: Schema,
    labels: &mut Vec<String>,
    at: &str,
    out: &mut Vec<RawBlock>,
) -> Result<(), ConfigError> {
    match value {
        Value::Array(items) => {
            for item in items {
                blocks_of(item, kind, labels_left, schema, labels, at, out)?;
            }
            Ok(())
        }
        Value::Object(object) if labels_left == 0 => {
            out.push(RawBlock {
                kind: kind.to_owned(),
                labels: labels.clone(),
                body: body_of(object, schema, at)?,
            });
            Ok(())
        }
        Value::Object(object) => {
            for (label, inner) in object {
                labels.push(label.clone());
                let r = blocks_of(
                    inner,
                    kind,
                    labels_left - 1,
                    schema,
                    labels,
                    &join(at, label),
                    out,
                );
                labels.pop();
                r?;
            }
            Ok(())
        }
        _ => Err(ConfigError::invalid(
            at,
            format!("a {kind} block must be a JSON object"),
        )),
    }
}

fn join(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_owned()
    } else {
        format!("{at}.{key}")
    }
}

fn value_of(v: &Value) -> Val {
    match v {
        Value::String(s) => template(s),
        Value::Number(n) => Val::Num(n.as_i64().or_else(|| {
            // `600000.0` is a whole number too.
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e18)
                .map(|f| f as i64)
        })),
        Value::Bool(b) => Val::Bool(*b),
        Value::Array(items) => Val::List(items.iter().map(value_of).collect()),
        Value::Null => Val::Other("null"),
        Value::Object(_) => Val::Other("an object"),
    }
}

/// A JSON string read as an HCL template: a single `${reference}` is that reference; other
/// interpolations and directives are not evaluated; `$${` and `%%{` are escapes.
fn template(s: &str) -> Val {
    if let Some(inner) = s.strip_prefix("${").and_then(|r| r.strip_suffix('}')) {
        return match parse_ref(inner.trim_matches([' ', '~'])) {
            Some(names) if !inner.contains(['{', '}']) => Val::Ref(names),
            _ => Val::Other("a string template"),
        };
    }
    let unescaped = s.replace("$${", "\u{0}").replace("%%{", "\u{1}");
    if unescaped.contains("${") || unescaped.contains("%{") {
        return Val::Other("a string template");
    }
    Val::Str(unescaped.replace('\u{0}', "${").replace('\u{1}', "%{"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_templates() {
        assert_eq!(
            template("${key_provider.pbkdf2.k}"),
            Val::Ref(vec!["key_provider".into(), "pbkdf2".into(), "k".into()])
        );
        assert_eq!(template("plain"), Val::Str("plain".into()));
        assert_eq!(template("a$${b}%%{c}"), Val::Str("a${b}%{c}".into()));
        assert_eq!(template("a${b}"), Val::Other("a string template"));
        assert_eq!(template("${f(x)}"), Val::Other("a string template"));
    }
}
