//! The top-level attributes a resource change changes, old → new, as the summaries show them:
//! a sensitive value as `(sensitive value)`, a value not known until apply as `(known after
//! apply)`, a long value cut with a mark. Sensitivity is what the plan view masks (the plan's
//! marks with the provider schema's, or every attribute without the schema), so nothing the
//! plan view hides is shown.

use serde_json::Value;
use tfshow_json::document::ResourceChange;
use tfshow_schema::Schemas;

use crate::resource::masks;
use crate::sensitive_paths::marks_something;

/// Characters of a value shown before it is cut.
pub const VALUE_CHARS: usize = 60;

/// One side of an attribute change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Null or absent.
    Null,
    /// The value's JSON, cut to [`VALUE_CHARS`] characters with `…` when longer.
    Value(String),
    /// Sensitive: not shown.
    Sensitive,
    /// Not known until apply.
    Unknown,
}

impl Shown {
    /// The side as the summaries write it (the value's JSON, or a phrase in parentheses).
    pub fn text(&self) -> &str {
        match self {
            Shown::Null => "null",
            Shown::Value(v) => v,
            Shown::Sensitive => "(sensitive value)",
            Shown::Unknown => "(known after apply)",
        }
    }
}

/// A top-level attribute (or nested block) that changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeChange {
    /// Its name.
    pub name: String,
    /// Before.
    pub before: Shown,
    /// After.
    pub after: Shown,
}

/// The top-level attributes `rc` changes, by name.
pub fn attribute_changes(rc: &ResourceChange, schemas: Option<&Schemas>) -> Vec<AttributeChange> {
    let v = &rc.values;
    let (before_marks, after_marks) = masks(rc, schemas);
    let (before, after) = (object(v.before.as_ref()), object(v.after.as_ref()));
    let mut names: Vec<&String> = before
        .into_iter()
        .chain(after)
        .flat_map(|m| m.keys())
        .collect();
    if let Value::Object(m) = &v.after_unknown {
        names.extend(m.keys());
    }
    names.sort();
    names.dedup();
    let mut out = Vec::new();
    for name in names {
        let b = before.and_then(|m| m.get(name)).filter(|v| !v.is_null());
        let a = after.and_then(|m| m.get(name)).filter(|v| !v.is_null());
        let b_sensitive = marked_at(&before_marks, name);
        let a_sensitive = marked_at(&after_marks, name);
        let unknown = marked_at(&v.after_unknown, name);
        let changed = unknown || b != a || b_sensitive != a_sensitive;
        if !changed {
            continue;
        }
        let side = |value: Option<&Value>, sensitive: bool| match value {
            _ if sensitive => Shown::Sensitive,
            None => Shown::Null,
            Some(v) => Shown::Value(cut(&v.to_string())),
        };
        out.push(AttributeChange {
            name: name.clone(),
            before: side(b, b_sensitive),
            after: if unknown {
                Shown::Unknown
            } else {
                side(a, a_sensitive)
            },
        });
    }
    out
}

/// The members of an object value.
fn object(v: Option<&Value>) -> Option<&serde_json::Map<String, Value>> {
    match v {
        Some(Value::Object(m)) => Some(m),
        _ => None,
    }
}

/// Whether anything in the mask `mask` at member `name` is marked (`true`).
fn marked_at(mask: &Value, name: &str) -> bool {
    match mask {
        Value::Bool(b) => *b,
        Value::Object(m) => m.get(name).is_some_and(marks_something),
        _ => false,
    }
}

/// `s` cut to [`VALUE_CHARS`] characters, with `…` when cut.
fn cut(s: &str) -> String {
    match s.char_indices().nth(VALUE_CHARS) {
        None => s.to_owned(),
        Some((i, _)) => format!("{}…", &s[..i]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn marks_cover_members_and_the_whole() {
        let mask = json!({"a": true, "b": {"c": [false, true]}, "d": {}});
        assert!(marked_at(&mask, "a"));
        assert!(marked_at(&mask, "b"));
        assert!(!marked_at(&mask, "d"));
        assert!(!marked_at(&mask, "e"));
        assert!(marked_at(&json!(true), "anything"));
    }

    #[test]
    fn long_values_are_cut_with_a_mark() {
        let long = "x".repeat(200);
        let c = cut(&long);
        assert_eq!(c.chars().count(), VALUE_CHARS + 1);
        assert!(c.ends_with('…'));
        assert_eq!(cut("short"), "short");
    }
}
