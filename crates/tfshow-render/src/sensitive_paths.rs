//! Paths into a resource's values, followed with the provider schema and the change's
//! sensitivity masks, to find where showing a path would start to reveal a sensitive value.
//!
//! A path step after a value is part of that value: a map key, a set element, or the name of
//! an attribute of an object whose type comes from the value itself (a `dynamic` attribute).
//! So:
//! - [`replace_path`] cuts a replace path right after its first step whose value is sensitive
//!   (by the change's `before_sensitive` / `after_sensitive` masks, or because the provider
//!   schema declares the attribute sensitive), and writes what is left in Terraform's path
//!   syntax (`tags["key"]`, `disk[1].kind`). Without the resource's schema the sensitivity of
//!   what lies under an attribute cannot be known (older Terraform versions do not record the
//!   schema's sensitivity in the masks), so the path is cut right after its attribute; and it
//!   is cut right after a set element, since which element's mask applies is not known.
//! - [`hide_keys`] replaces, in a mask of a change (`after_unknown`, `before_sensitive`, …),
//!   every part under a sensitive value that names keys other than the schema's attribute
//!   names: Terraform writes the keys of a sensitive map in `after_unknown` when some of its
//!   values are not known yet.

use serde_json::Value;
use tfshow_cty::Type;
use tfshow_schema::{Attribute, Block, Nesting};

use crate::document::merge_marks;
use crate::jsonformat::text::valid_identifier;

/// Objects whose attribute names the schema gives.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Object<'s> {
    /// A block: attributes and nested block types.
    Block(&'s Block),
    /// An object of a nested attribute type.
    Attributes(&'s [(String, Attribute)]),
}

/// What the schema says about the value at a point of a path.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Shape<'s> {
    /// An object of known attributes.
    Object(Object<'s>),
    /// Blocks or nested objects repeated as a list, set or map.
    Repeated(Nesting, Object<'s>),
    /// A value of a type.
    Type(&'s Type),
    /// A resource object without its schema: its keys are attribute names, what is under them
    /// is not known.
    UnknownResource,
    /// Nothing is known: any key may be part of the value.
    Unknown,
}

impl<'s> Shape<'s> {
    /// The shape of a resource's values: its block, or [`Shape::UnknownResource`].
    pub(crate) fn resource(schema: Option<&'s Block>) -> Shape<'s> {
        schema.map_or(Shape::UnknownResource, |b| Shape::Object(Object::Block(b)))
    }
}

/// How a step goes into a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An attribute name the schema gives (or the first step of a resource path).
    Attribute,
    /// A map key.
    Key,
    /// A list or tuple index.
    Index,
    /// A set element.
    Element,
    /// A string into a `dynamic` value: an object attribute or a map key.
    Name,
}

impl Kind {
    /// The step is part of the value it goes into (not a name from the schema).
    fn is_part_of_value(self) -> bool {
        !matches!(self, Kind::Attribute | Kind::Index)
    }
}

/// One step: the shape it leads to, how it goes there, and whether the schema declares what it
/// leads to sensitive. `None` when the step does not fit the shape.
fn step<'s>(shape: Shape<'s>, s: &Value) -> Option<(Shape<'s>, Kind, bool)> {
    match (shape, s) {
        (Shape::Object(o), Value::String(name)) => object_step(o, name),
        (Shape::UnknownResource, Value::String(_)) => {
            Some((Shape::Unknown, Kind::Attribute, false))
        }
        (Shape::Repeated(Nesting::List, o), Value::Number(_)) => {
            Some((Shape::Object(o), Kind::Index, false))
        }
        (Shape::Repeated(Nesting::Set, o), _) => Some((Shape::Object(o), Kind::Element, false)),
        (Shape::Repeated(Nesting::Map, o), Value::String(_)) => {
            Some((Shape::Object(o), Kind::Key, false))
        }
        (Shape::Type(t), s) => type_step(t, s),
        _ => None,
    }
}

fn object_step<'s>(o: Object<'s>, name: &str) -> Option<(Shape<'s>, Kind, bool)> {
    let attributes = match o {
        Object::Block(b) => &b.attributes[..],
        Object::Attributes(a) => a,
    };
    if let Some((_, a)) = attributes.iter().find(|(n, _)| n == name) {
        let shape = match &a.nested {
            Some(n) => repeated(n.nesting, Object::Attributes(&n.attributes)),
            None => Shape::Type(&a.ty),
        };
        return Some((shape, Kind::Attribute, a.sensitive));
    }
    let Object::Block(b) = o else { return None };
    let (_, nb) = b.block_types.iter().find(|(n, _)| n == name)?;
    Some((
        repeated(nb.nesting, Object::Block(&nb.block)),
        Kind::Attribute,
        false,
    ))
}

fn repeated(nesting: Nesting, o: Object<'_>) -> Shape<'_> {
    match nesting {
        Nesting::Single | Nesting::Group => Shape::Object(o),
        n => Shape::Repeated(n, o),
    }
}

fn type_step<'s>(t: &'s Type, s: &Value) -> Option<(Shape<'s>, Kind, bool)> {
    let (next, kind) = match (t, s) {
        (Type::List(e), Value::Number(_)) => (Shape::Type(e), Kind::Index),
        (Type::Tuple(es), Value::Number(n)) => {
            let i = usize::try_from(n.as_u64()?).ok()?;
            (Shape::Type(es.get(i)?), Kind::Index)
        }
        (Type::Set(e), _) => (Shape::Type(e), Kind::Element),
        (Type::Map(e), Value::String(_)) => (Shape::Type(e), Kind::Key),
        (Type::Object(..), Value::String(name)) => {
            (Shape::Type(t.attribute(name)?), Kind::Attribute)
        }
        (Type::Dynamic, Value::String(_)) => (Shape::Type(t), Kind::Name),
        (Type::Dynamic, Value::Number(_)) => (Shape::Type(t), Kind::Index),
        (Type::Dynamic, _) => (Shape::Type(t), Kind::Element),
        _ => return None,
    };
    Some((next, kind, false))
}

static NOT_SENSITIVE: Value = Value::Bool(false);

/// The mask under `mask` for one step (object key or array position); a boolean mask is the
/// mask of everything under it.
fn mask_step<'m>(mask: &'m Value, s: &Value) -> &'m Value {
    match (mask, s) {
        (Value::Bool(_), _) => mask,
        (Value::Object(m), Value::String(k)) => m.get(k).unwrap_or(&NOT_SENSITIVE),
        (Value::Array(a), Value::Number(n)) => n
            .as_u64()
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| a.get(i))
            .unwrap_or(&NOT_SENSITIVE),
        _ => &NOT_SENSITIVE,
    }
}

/// Whether a sensitivity mask marks anything.
pub(crate) fn marks_something(mask: &Value) -> bool {
    match mask {
        Value::Bool(b) => *b,
        Value::Array(a) => a.iter().any(marks_something),
        Value::Object(m) => m.values().any(marks_something),
        _ => false,
    }
}

/// The sensitivity of a change's values: its two masks together.
pub(crate) fn change_marks(change: &Value) -> Value {
    let f = Value::Bool(false);
    merge_marks(
        change.get("before_sensitive").unwrap_or(&f),
        change.get("after_sensitive").unwrap_or(&f),
    )
}

/// A replace path as it may be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ShownPath {
    /// How many of its steps are kept (0 when none can be shown).
    pub(crate) steps: usize,
    /// Those steps in Terraform's path syntax (`tags["a"]`, `disk[1].kind`).
    pub(crate) text: String,
}

/// The part of a replace path of a change that may be shown: every step up to and including
/// the first one whose value is sensitive, or whose sensitivity cannot be known (including a
/// step the schema does not have: the first step of a path is always kept, and a set element:
/// which element's mask applies is not known). `marks` is [`change_marks`] of the change,
/// `schema` the resource's schema if known.
pub(crate) fn replace_path(path: &[Value], marks: &Value, schema: Option<&Block>) -> ShownPath {
    let mut shape = Shape::resource(schema);
    let mut mask = marks;
    let mut text = String::new();
    for (i, s) in path.iter().enumerate() {
        let Some((next, kind, schema_sensitive)) = step(shape, s) else {
            // A first step the schema does not know is still an attribute name.
            if let (0, Value::String(name)) = (i, s) {
                text.push_str(name);
                return ShownPath { steps: 1, text };
            }
            return ShownPath { steps: i, text };
        };
        write_step(&mut text, i, s, kind);
        mask = mask_step(mask, s);
        let stop = schema_sensitive
            || mask == &Value::Bool(true)
            || kind == Kind::Element
            || matches!(next, Shape::Unknown);
        if stop {
            return ShownPath { steps: i + 1, text };
        }
        shape = next;
    }
    ShownPath {
        steps: path.len(),
        text,
    }
}

fn write_step(out: &mut String, i: usize, s: &Value, kind: Kind) {
    match (kind, s) {
        (Kind::Attribute, Value::String(name)) if i == 0 => out.push_str(name),
        (Kind::Attribute, Value::String(name)) => {
            out.push('.');
            out.push_str(name);
        }
        (Kind::Name, Value::String(name)) if valid_identifier(name) => {
            out.push('.');
            out.push_str(name);
        }
        (_, Value::String(k)) => {
            out.push('[');
            out.push_str(&tfshow_addrs::go_quote(k));
            out.push(']');
        }
        (_, Value::Number(n)) => {
            out.push('[');
            out.push_str(&n.to_string());
            out.push(']');
        }
        _ => out.push_str("[...]"),
    }
}

/// Replaces, in `mask` (a mask of a change or resource: `after_unknown`, `before_sensitive`,
/// `sensitive_values`, …), each part under a sensitive value that names keys of that value,
/// by `with`. `marks` says what is sensitive (a sensitivity mask of the same values), `shape`
/// what the schema says about them.
pub(crate) fn hide_keys(mask: &mut Value, marks: &Value, shape: Shape<'_>, with: &Value) {
    walk(mask, marks, shape, false, with);
}

fn walk(mask: &mut Value, marks: &Value, shape: Shape<'_>, sensitive: bool, with: &Value) {
    if sensitive || marks == &Value::Bool(true) {
        // Everything under a sensitive value is sensitive: hide it all or nothing.
        if names_keys(mask, shape) {
            *mask = with.clone();
        }
        return;
    }
    if marks == &Value::Bool(false) && !may_declare_sensitive(shape) {
        // Nothing below is sensitive: nothing to hide.
        return;
    }
    match mask {
        Value::Object(m) => {
            for (k, child) in m.iter_mut() {
                let key = Value::String(k.clone());
                let (next, _, schema_sensitive) =
                    step(shape, &key).unwrap_or((Shape::Unknown, Kind::Key, false));
                walk(child, mask_step(marks, &key), next, schema_sensitive, with);
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter_mut().enumerate() {
                // Masks of sets list their elements by position too.
                let index = Value::from(i);
                let (next, _, schema_sensitive) =
                    step(shape, &index).unwrap_or((Shape::Unknown, Kind::Index, false));
                walk(
                    child,
                    mask_step(marks, &index),
                    next,
                    schema_sensitive,
                    with,
                );
            }
        }
        _ => {}
    }
}

/// Whether the schema may declare something under `shape` sensitive (types never do).
fn may_declare_sensitive(shape: Shape<'_>) -> bool {
    matches!(shape, Shape::Object(_) | Shape::Repeated(..))
}

/// Whether `mask` holds an object key that is part of the value (not a schema name).
fn names_keys(mask: &Value, shape: Shape<'_>) -> bool {
    match mask {
        Value::Object(m) => m.keys().any(|k| {
            let key = Value::String(k.clone());
            match step(shape, &key) {
                Some((_, kind, _)) if kind.is_part_of_value() => true,
                None => true,
                Some((next, _, _)) => names_keys(&m[k], next),
            }
        }),
        Value::Array(a) => a.iter().enumerate().any(|(i, e)| {
            let next = step(shape, &Value::from(i)).map_or(Shape::Unknown, |(n, _, _)| n);
            names_keys(e, next)
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schemas() -> tfshow_schema::Schemas {
        tfshow_schema::Schemas::from_json(
            json!({
                "format_version": "1.0",
                "provider_schemas": {"registry.terraform.io/x/y": {"resource_schemas": {"y_r": {
                    "version": 0,
                    "block": {
                        "attributes": {
                            "tags": {"type": ["map", "string"], "optional": true},
                            "secret_map": {"type": ["map", "string"], "optional": true, "sensitive": true},
                            "names": {"type": ["set", "string"], "optional": true},
                            "dyn": {"type": "dynamic", "optional": true},
                            "obj": {"type": ["object", {"a": "string"}], "optional": true}
                        },
                        "block_types": {
                            "disk": {"nesting_mode": "list", "block": {"attributes": {
                                "kind": {"type": "string", "optional": true}
                            }}}
                        }
                    }
                }}}}
            })
            .to_string()
            .as_bytes(),
        )
        .expect("schema")
    }

    fn cut(path: Value, marks: Value, with_schema: bool) -> (usize, String) {
        let s = schemas();
        let block = with_schema.then(|| {
            &s.resource(
                "registry.terraform.io/x/y",
                tfshow_schema::Mode::Managed,
                "y_r",
            )
            .expect("y_r")
            .block
        });
        let p = path.as_array().expect("path").clone();
        let shown = replace_path(&p, &marks, block);
        (shown.steps, shown.text)
    }

    #[test]
    fn paths_use_terraforms_syntax() {
        let none = json!(false);
        assert_eq!(
            cut(json!(["tags", "a.b"]), none.clone(), true),
            (2, "tags[\"a.b\"]".into())
        );
        assert_eq!(
            cut(json!(["disk", 1, "kind"]), none.clone(), true),
            (3, "disk[1].kind".into())
        );
        assert_eq!(
            cut(json!(["obj", "a"]), none.clone(), true),
            (2, "obj.a".into())
        );
        assert_eq!(
            cut(json!(["names", "n"]), none.clone(), true),
            (2, "names[\"n\"]".into())
        );
        assert_eq!(
            cut(json!(["dyn", "k", "a b"]), none, true),
            (3, "dyn.k[\"a b\"]".into())
        );
    }

    #[test]
    fn paths_stop_at_the_first_sensitive_value() {
        // By the masks: a sensitive map, a sensitive set, a sensitive part of a dynamic value.
        let marks = json!({"tags": true, "names": true, "dyn": {"k": true}});
        assert_eq!(
            cut(json!(["tags", "SECRET"]), marks.clone(), true),
            (1, "tags".into())
        );
        assert_eq!(
            cut(json!(["names", "SECRET"]), marks.clone(), true),
            (1, "names".into())
        );
        assert_eq!(
            cut(json!(["dyn", "k", "SECRET"]), marks.clone(), true),
            (2, "dyn.k".into())
        );
        // A sensitive value under a key keeps the key: the key is not the secret.
        let marks = json!({"tags": {"a": true}});
        assert_eq!(
            cut(json!(["tags", "a"]), marks, true),
            (2, "tags[\"a\"]".into())
        );
        // By the schema, with no mask at all.
        assert_eq!(
            cut(json!(["secret_map", "SECRET"]), json!(false), true),
            (1, "secret_map".into())
        );
    }

    #[test]
    fn without_a_schema_paths_stop_at_the_attribute() {
        assert_eq!(
            cut(json!(["disk", 1, "kind"]), json!(false), false),
            (1, "disk".into())
        );
        assert_eq!(
            cut(json!(["tags", "k"]), json!(false), false),
            (1, "tags".into())
        );
        assert_eq!(
            cut(json!(["zone"]), json!(false), false),
            (1, "zone".into())
        );
    }

    #[test]
    fn malformed_paths_stop_where_they_leave_the_schema() {
        assert_eq!(cut(json!([1, "x"]), json!(false), true), (0, String::new()));
        assert_eq!(
            cut(json!(["disk", "x"]), json!(false), true),
            (1, "disk".into())
        );
        assert_eq!(
            cut(json!(["nope", "x"]), json!(false), true),
            (1, "nope".into())
        );
        assert_eq!(cut(json!([]), json!(false), true), (0, String::new()));
        // A set element that is an object is not written out.
        assert_eq!(
            cut(json!(["dyn", {"a": 1}]), json!(false), true),
            (2, "dyn[...]".into())
        );
        // Nothing is shown after a set element: which element's mask applies is not known.
        assert_eq!(
            cut(json!(["dyn", {"a": 1}, "a"]), json!(false), true),
            (2, "dyn[...]".into())
        );
    }

    #[test]
    fn keys_under_sensitive_values_are_hidden() {
        let s = schemas();
        let block = &s
            .resource(
                "registry.terraform.io/x/y",
                tfshow_schema::Mode::Managed,
                "y_r",
            )
            .expect("y_r")
            .block;
        let marker = json!("(hidden)");
        // The keys of a sensitive map (by mask or by schema) go; attribute names stay.
        let mut unknown = json!({
            "id": true,
            "dyn": {"SECRET": true},
            "secret_map": {"OTHER": true},
            "tags": {"visible": true},
            "disk": [{"kind": true}]
        });
        let marks = json!({"dyn": true, "disk": true});
        hide_keys(&mut unknown, &marks, Shape::resource(Some(block)), &marker);
        assert_eq!(
            unknown,
            json!({
                "id": true,
                "dyn": "(hidden)",
                "secret_map": "(hidden)",
                "tags": {"visible": true},
                "disk": [{"kind": true}]
            })
        );
        // Without the schema, only the resource's own attribute names are known.
        let mut unknown = json!({"disk": [{"kind": true}], "tags": {"k": true}});
        hide_keys(
            &mut unknown,
            &json!({"disk": true}),
            Shape::resource(None),
            &marker,
        );
        assert_eq!(unknown, json!({"disk": "(hidden)", "tags": {"k": true}}));
        // A sensitive output: everything under it.
        let mut unknown = json!({"SECRET": true});
        hide_keys(&mut unknown, &json!(true), Shape::Unknown, &marker);
        assert_eq!(unknown, marker);
        let mut plain = json!(true);
        hide_keys(&mut plain, &json!(true), Shape::Unknown, &marker);
        assert_eq!(plain, json!(true));
    }
}
