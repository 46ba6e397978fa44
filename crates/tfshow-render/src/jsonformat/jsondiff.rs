//! Diffs of two JSON values with no type to guide them (outputs, dynamic values and strings
//! that hold JSON), as Terraform's `jsondiff` computes them apart from the schema-guided
//! [`super::differ`].

use serde_json::Value;

use super::collections::process_slice;
use super::compare_actions;
use super::differ::transform_map;
use super::node::{deep_equal, Node, Val};
use super::render::{Diff, Prim, Renderer};
use super::structured::{Change, Style};
use super::Action;

#[derive(Clone, Copy, PartialEq, Eq)]
enum JsonType {
    Null,
    Bool,
    Number,
    String,
    Object,
    Array,
}

/// The JSON of a value (this module diffs JSON values only).
fn json(v: Val<'_>) -> Option<&Value> {
    match v {
        Some(Node::Json(v)) => Some(v),
        _ => None,
    }
}

/// The elements of an array value.
fn slice(v: Val<'_>) -> Option<&[Value]> {
    json(v).and_then(Value::as_array).map(Vec::as_slice)
}

fn json_type(v: Option<&Value>) -> JsonType {
    match v {
        None | Some(Value::Null) => JsonType::Null,
        Some(Value::Bool(_)) => JsonType::Bool,
        Some(Value::Number(_)) => JsonType::Number,
        Some(Value::String(_)) => JsonType::String,
        Some(Value::Object(_)) => JsonType::Object,
        Some(Value::Array(_)) => JsonType::Array,
    }
}

/// The diff of two JSON values.
pub(crate) fn json_transform<'a>(change: &Change<'a>) -> Diff<'a> {
    if let Some(d) = json_sensitive(change) {
        return d;
    }
    if change.is_unknown() {
        let mut current = change.clone();
        current.after_explicit = true;
        if current.before.is_none() {
            return Diff::new(Renderer::Unknown { before: None }, Action::Create, false);
        }
        let mut before = current.as_delete();
        before.unknown = Some(Node::Flag(false));
        return Diff::new(
            Renderer::Unknown {
                before: Some(Box::new(json_transform(&before))),
            },
            Action::Update,
            false,
        );
    }
    let bt = json_type(json(change.before));
    let at = json_type(json(change.after));
    let deleted = at == JsonType::Null && !change.after_explicit;
    let created = bt == JsonType::Null && !change.before_explicit;
    if bt == at || created || deleted {
        let target = if bt == JsonType::Null { at } else { bt };
        return json_update(change, target);
    }
    let b = json_update(&change.as_delete(), bt);
    let a = json_update(&change.as_create(), at);
    Diff::new(
        Renderer::TypeChange {
            before: Box::new(b),
            after: Box::new(a),
        },
        Action::Update,
        false,
    )
}

fn json_sensitive<'a>(change: &Change<'a>) -> Option<Diff<'a>> {
    let bs = change.is_before_sensitive();
    let as_ = change.is_after_sensitive();
    if !bs && !as_ {
        return None;
    }
    let inner = json_transform(&change.without_sensitivity());
    let mut action = inner.action;
    if action == Action::NoOp && bs != as_ && !change.is_null_no_op() {
        action = Action::Update;
    }
    Some(Diff::new(
        Renderer::Sensitive {
            inner: Box::new(inner),
            before: bs,
            after: as_,
        },
        action,
        false,
    ))
}

fn json_update<'a>(change: &Change<'a>, ty: JsonType) -> Diff<'a> {
    match ty {
        JsonType::Null => json_primitive(change, Prim::Nil),
        JsonType::Bool => json_primitive(change, Prim::Bool),
        JsonType::String => json_primitive(change, Prim::String),
        JsonType::Number => json_primitive(change, Prim::Number),
        JsonType::Object => {
            let (elements, action) = transform_map(change, change.all_keys(), json_transform);
            Diff::new(
                Renderer::Object {
                    attributes: elements,
                    override_null_suffix: true,
                },
                action,
                false,
            )
        }
        JsonType::Array => {
            let before = slice(change.before);
            let after = slice(change.after);
            let mut current = match (before.is_some(), after.is_some()) {
                (true, false) => Action::Delete,
                (false, true) => Action::Create,
                _ => Action::NoOp,
            };
            let mut elements = Vec::new();
            process_slice(
                before.unwrap_or(&[]),
                after.unwrap_or(&[]),
                change.style == Style::Terraform,
                |bi, ai| {
                    let d = json_transform(&change.slice_child(bi, ai));
                    current = compare_actions(current, d.action);
                    elements.push(d);
                },
                |v| matches!(v, Value::Object(_)),
            );
            Diff::new(
                Renderer::List {
                    elements,
                    display_context: true,
                },
                current,
                false,
            )
        }
    }
}

fn json_primitive<'a>(change: &Change<'a>, prim: Prim) -> Diff<'a> {
    let before_missing = change.before.is_none() && !change.before_explicit;
    let after_missing = change.after.is_none() && !change.after_explicit;
    let action = if before_missing && !after_missing {
        Action::Create
    } else if !before_missing && after_missing {
        Action::Delete
    } else if deep_equal(&change.before, &change.after) {
        Action::NoOp
    } else {
        Action::Update
    };
    Diff::new(
        Renderer::Primitive {
            before: change.before.map(Node::scalar),
            after: change.after.map(Node::scalar),
            prim,
        },
        action,
        false,
    )
}
