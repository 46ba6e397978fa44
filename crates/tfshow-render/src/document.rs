//! The document every view reads: the `show -json` document of a plan or state file, built by
//! `tfshow-json` and parsed, plus the few plan facts the JSON does not carry (the planning mode).

use serde_json::value::RawValue;
use serde_json::Value;
use tfshow_gojson::Dialect;
use tfshow_json::show::{decrypt, show_json, Limits, ReadOptions, ShowError, Shown};
use tfshow_json::{Feature, Release};
use tfshow_planfile::model::Mode;
use tfshow_planfile::PlanFile;
use tfshow_schema::{Attribute, Block, NestedBlock, Schemas};

use crate::jsonformat::node::Node;
use crate::jsonformat::Action;
use crate::RenderError;

/// What kind of file a document was built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A plan file.
    Plan,
    /// A state file.
    State,
}

/// How a plan was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanMode {
    /// `terraform plan`.
    Normal,
    /// `terraform plan -destroy`.
    Destroy,
    /// `terraform plan -refresh-only`.
    RefreshOnly,
}

pub use crate::plan_facts::PlanFacts;

/// The sections of a plan's document the views do not read.
const VIEWS_UNREAD: &[&str] = &["planned_values", "prior_state", "configuration"];

/// A plan or state file as its JSON document.
#[derive(Clone, Debug)]
pub struct Document {
    /// Plan or state.
    pub kind: Kind,
    /// The parsed document. From [`Document::load_for_views`], without the sections the views
    /// do not read, and with `resource_changes` kept apart as text (each entry parsed when a
    /// view reads it).
    pub value: Value,
    /// Plan facts; `None` for states.
    pub plan: Option<PlanFacts>,
    /// The entries of `resource_changes` as JSON text, parsed one at a time when read, when
    /// they are not in `value` (they are most of a big plan's document).
    pub(crate) raw_changes: Option<Vec<Box<RawValue>>>,
}

impl Document {
    /// Builds the document of a plan or state file.
    pub fn load(
        bytes: &[u8],
        schemas: Option<&Schemas>,
        limits: &Limits,
    ) -> Result<Document, RenderError> {
        Document::load_sections(bytes, schemas, limits, &[])
    }

    /// [`Document::load`], decrypting an OpenTofu-encrypted file with
    /// [`ReadOptions::encryption`].
    pub fn load_with(
        bytes: &[u8],
        schemas: Option<&Schemas>,
        opts: &ReadOptions<'_>,
    ) -> Result<Document, RenderError> {
        let plain = decrypt(bytes, opts)?;
        Document::load_sections(&plain, schemas, opts.limits, &[])
    }

    /// Builds the document of a plan or state file for the views that read it (the state's,
    /// [`state_text`]), leaving out the sections of a plan the views do not read
    /// (`planned_values`, `prior_state` and `configuration`) and keeping the entries of
    /// `resource_changes` as text until they are read: memory grows with the text of the
    /// changes, not with their parsed form.
    ///
    /// [`state_text`]: crate::state_text
    pub fn load_for_views(
        bytes: &[u8],
        schemas: Option<&Schemas>,
        limits: &Limits,
    ) -> Result<Document, RenderError> {
        Document::load_sections(bytes, schemas, limits, VIEWS_UNREAD)
    }

    /// [`Document::load_for_views`], decrypting an OpenTofu-encrypted file with
    /// [`ReadOptions::encryption`].
    pub fn load_for_views_with(
        bytes: &[u8],
        schemas: Option<&Schemas>,
        opts: &ReadOptions<'_>,
    ) -> Result<Document, RenderError> {
        let plain = decrypt(bytes, opts)?;
        Document::load_sections(&plain, schemas, opts.limits, VIEWS_UNREAD)
    }

    fn load_sections(
        bytes: &[u8],
        schemas: Option<&Schemas>,
        limits: &Limits,
        unread: &[&str],
    ) -> Result<Document, RenderError> {
        let mut json = Vec::new();
        let shown = show_json(bytes, schemas, limits, &mut json)?;
        let unread = if shown == Shown::Plan { unread } else { &[] };
        let (value, raw_changes) = parse_json_without(&json, unread)?;
        drop(json);
        let plan = match shown {
            Shown::State => None,
            Shown::Plan
                if tfshow_planfile::sniff(bytes, limits) == tfshow_planfile::Kind::PlanJson =>
            {
                let doc = tfshow_json::document::PlanDocument::load(bytes, schemas, limits)?;
                Some(PlanFacts::of(&doc)?)
            }
            Shown::Plan => {
                let file = PlanFile::from_bytes(bytes, limits)
                    .map_err(|e| RenderError::Show(ShowError::Plan(e)))?;
                let p = &file.plan;
                let mode = match p.ui_mode {
                    Mode::Normal => PlanMode::Normal,
                    Mode::Destroy => PlanMode::Destroy,
                    Mode::RefreshOnly => PlanMode::RefreshOnly,
                };
                let version = p.release();
                let applyable = if version.has(Feature::PlanApplyable) {
                    p.applyable
                } else {
                    computed_applyable(&value, raw_changes.as_deref(), mode, p.errored)?
                };
                Some(PlanFacts {
                    mode,
                    errored: p.errored,
                    applyable,
                })
            }
        };
        Ok(Document {
            kind: match shown {
                Shown::Plan => Kind::Plan,
                Shown::State => Kind::State,
            },
            value,
            plan,
            raw_changes,
        })
    }

    /// The Terraform version that wrote the file.
    pub fn terraform_version(&self) -> &str {
        self.value
            .get("terraform_version")
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// The JSON escaping rules of the Terraform version that wrote the file.
    pub fn dialect(&self) -> Dialect {
        Dialect::of(&Release::terraform(self.terraform_version()))
    }

    /// The planning mode (normal for states).
    pub fn mode(&self) -> PlanMode {
        self.plan.as_ref().map_or(PlanMode::Normal, |p| p.mode)
    }
}

/// The schema mode of a document `mode` (`managed`, `data`, `ephemeral`).
pub(crate) fn schema_mode(mode: &str) -> tfshow_schema::Mode {
    tfshow_schema::Mode::from_name(mode).unwrap_or(tfshow_schema::Mode::Managed)
}

/// Parses a `show -json` document.
pub(crate) fn parse_json(json: &[u8]) -> Result<Value, RenderError> {
    serde_json::from_slice(json).map_err(|e| RenderError::Json(e.to_string()))
}

/// A parsed document, and the entries of its `resource_changes` as text if kept apart.
type Parsed = (Value, Option<Vec<Box<RawValue>>>);

/// Parses a `show -json` document, skipping the top-level members named in `unread` without
/// building them. When there are such members, the entries of `resource_changes` are
/// returned apart, as text.
fn parse_json_without(json: &[u8], unread: &[&str]) -> Result<Parsed, RenderError> {
    use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};

    struct Top<'s>(&'s [&'s str]);

    impl<'de> DeserializeSeed<'de> for Top<'_> {
        type Value = Parsed;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Parsed, D::Error> {
            d.deserialize_map(self)
        }
    }

    impl<'de> Visitor<'de> for Top<'_> {
        type Value = Parsed;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parsed, A::Error> {
            let mut out = serde_json::Map::new();
            let mut changes = Vec::new();
            while let Some(key) = map.next_key::<String>()? {
                if self.0.contains(&key.as_str()) {
                    map.next_value::<IgnoredAny>()?;
                } else if key == "resource_changes" {
                    changes = map.next_value()?;
                } else {
                    out.insert(key, map.next_value()?);
                }
            }
            Ok((Value::Object(out), Some(changes)))
        }
    }

    if unread.is_empty() {
        return Ok((parse_json(json)?, None));
    }
    let mut de = serde_json::Deserializer::from_slice(json);
    Top(unread)
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| RenderError::Json(e.to_string()))
}

/// Whether a plan older than 1.8 could be applied: it did not fail and it changes something.
fn computed_applyable(
    doc: &Value,
    raw_changes: Option<&[Box<RawValue>]>,
    mode: PlanMode,
    errored: bool,
) -> Result<bool, RenderError> {
    if errored {
        return Ok(false);
    }
    let changes_something = |rc: &Value| {
        let change = rc.get("change").unwrap_or(&Value::Null);
        Action::of_change(change).is_some_and(|a| a != Action::NoOp)
            || moved(rc)
            || change.get("importing").is_some_and(|v| !v.is_null())
    };
    let resource = match raw_changes {
        None => list(doc, "resource_changes").iter().any(changes_something),
        Some(raw) => {
            let mut any = false;
            for r in raw {
                if changes_something(&parse_json(r.get().as_bytes())?) {
                    any = true;
                    break;
                }
            }
            any
        }
    };
    let outputs = doc
        .get("output_changes")
        .and_then(Value::as_object)
        .is_some_and(|m| {
            m.values()
                .any(|c| Action::of_change(c).is_some_and(|a| a != Action::NoOp))
        });
    let drift = mode == PlanMode::RefreshOnly && !list(doc, "resource_drift").is_empty();
    Ok(resource || outputs || drift)
}

/// The array member `key` of a document object (empty when absent).
pub(crate) fn list<'a>(doc: &'a Value, key: &str) -> &'a [Value] {
    doc.get(key)
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
}

/// The string member `key` of a document object (empty when absent).
pub(crate) fn string<'a>(doc: &'a Value, key: &str) -> &'a str {
    doc.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The resource change moved from another address.
pub(crate) fn moved(rc: &Value) -> bool {
    let prev = string(rc, "previous_address");
    !prev.is_empty() && prev != string(rc, "address")
}

/// The schema of a resource in `schemas`, looked up by its document `provider_name`, `mode`
/// and `type`.
pub(crate) fn resource_schema<'s>(
    schemas: Option<&'s Schemas>,
    resource: &Value,
) -> Option<&'s Block> {
    schema_for(
        schemas,
        string(resource, "provider_name"),
        string(resource, "mode"),
        string(resource, "type"),
    )
}

/// The schema of a resource type of a provider (source address) in `schemas`; `mode` as the
/// document names it. Provider names without a hostname (Terraform 0.12) match any provider
/// of that name.
pub(crate) fn schema_for<'s>(
    schemas: Option<&'s Schemas>,
    provider: &str,
    mode: &str,
    type_: &str,
) -> Option<&'s Block> {
    resource_type_schema(schemas, provider, mode, type_).map(|s| &s.block)
}

/// [`schema_for`], the whole schema (with its version and what it declares sensitive).
pub(crate) fn resource_type_schema<'s>(
    schemas: Option<&'s Schemas>,
    provider: &str,
    mode: &str,
    type_: &str,
) -> Option<&'s tfshow_schema::Schema> {
    let schemas = schemas?;
    let mode = schema_mode(mode);
    if let Some(s) = schemas.resource(provider, mode, type_) {
        return Some(s);
    }
    if provider.contains('/') {
        return None;
    }
    let suffix = format!("/{provider}");
    let mut keys: Vec<&String> = schemas
        .providers
        .keys()
        .filter(|k| k.ends_with(&suffix))
        .collect();
    keys.sort();
    keys.into_iter()
        .find_map(|k| schemas.resource(k, mode, type_))
}

/// A schema made up from values when the real one is not known: every key of the given
/// objects is a dynamic attribute.
pub(crate) fn inferred_block<'v>(values: impl IntoIterator<Item = Option<&'v Value>>) -> Block {
    let mut names: Vec<String> = Vec::new();
    for v in values.into_iter().flatten() {
        if let Value::Object(m) = v {
            names.extend(m.keys().cloned());
        }
    }
    names.sort();
    names.dedup();
    Block {
        attributes: names
            .into_iter()
            .map(|n| {
                (
                    n,
                    Attribute {
                        ty: tfshow_cty::Type::Dynamic,
                        nested: None,
                        required: false,
                        optional: true,
                        computed: false,
                        sensitive: false,
                        write_only: false,
                    },
                )
            })
            .collect(),
        block_types: Vec::new(),
    }
}

/// The sensitivity mask the provider schema implies for `value` (a resource's values):
/// `{"attr": true, "block": [{"attr": true}]}`, or `None` when nothing in it is sensitive.
pub(crate) fn schema_marks(block: &Block, value: Node<'_>) -> Option<Value> {
    marks_of(&block.attributes, &block.block_types, value)
}

/// [`schema_marks`] of the object with these attributes and nested blocks.
fn marks_of(
    attributes: &[(String, Attribute)],
    block_types: &[(String, NestedBlock)],
    value: Node<'_>,
) -> Option<Value> {
    if !value.is_object() {
        return None;
    }
    let mut out = serde_json::Map::new();
    for (name, attr) in attributes {
        if attr.sensitive {
            out.insert(name.clone(), Value::Bool(true));
        } else if let (Some(nested), (Some(v), _)) = (&attr.nested, value.member(name)) {
            if nested.contains_sensitive() {
                if let Some(marks) = nested_marks(&nested.attributes, &[], nested.nesting, v) {
                    out.insert(name.clone(), marks);
                }
            }
        }
    }
    for (name, bt) in block_types {
        if !bt.block.contains_sensitive() {
            continue;
        }
        if let (Some(v), _) = value.member(name) {
            let b = &bt.block;
            if let Some(marks) = nested_marks(&b.attributes, &b.block_types, bt.nesting, v) {
                out.insert(name.clone(), marks);
            }
        }
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

fn nested_marks(
    attributes: &[(String, Attribute)],
    block_types: &[(String, NestedBlock)],
    nesting: tfshow_schema::Nesting,
    v: Node<'_>,
) -> Option<Value> {
    use tfshow_schema::Nesting;
    let marks = |e: Option<Node<'_>>| {
        e.and_then(|e| marks_of(attributes, block_types, e))
            .unwrap_or_else(|| Value::Object(Default::default()))
    };
    match nesting {
        Nesting::Single | Nesting::Group => marks_of(attributes, block_types, v),
        Nesting::List | Nesting::Set => {
            let len = v.len()?;
            Some(Value::Array(
                (0..len).map(|i| marks(v.element(i).0)).collect(),
            ))
        }
        Nesting::Map if v.is_object() => {
            let mut keys = Vec::new();
            v.keys(&mut keys);
            Some(Value::Object(
                keys.into_iter()
                    .map(|k| (k.to_owned(), marks(v.member(k).0)))
                    .collect(),
            ))
        }
        Nesting::Map => None,
    }
}

/// Two sensitivity masks combined: sensitive where either is.
pub(crate) fn merge_marks(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Bool(true), _) | (_, Value::Bool(true)) => Value::Bool(true),
        (Value::Object(x), Value::Object(y)) => {
            let mut out = x.clone();
            for (k, v) in y {
                let merged = match x.get(k) {
                    Some(e) => merge_marks(e, v),
                    None => v.clone(),
                };
                out.insert(k.clone(), merged);
            }
            Value::Object(out)
        }
        (Value::Array(x), Value::Array(y)) => {
            let n = x.len().max(y.len());
            let f = Value::Bool(false);
            Value::Array(
                (0..n)
                    .map(|i| merge_marks(x.get(i).unwrap_or(&f), y.get(i).unwrap_or(&f)))
                    .collect(),
            )
        }
        (Value::Object(_) | Value::Array(_), _) => a.clone(),
        (_, Value::Object(_) | Value::Array(_)) => b.clone(),
        _ => a.clone(),
    }
}

/// The sensitivity mask `existing` of `value` with the schema's sensitive attributes added;
/// `None` when it already covers them.
pub(crate) fn with_schema_marks_on(
    value: Option<&Value>,
    existing: &Value,
    block: &Block,
) -> Option<Value> {
    let marks = schema_marks(block, Node::Json(value?))?;
    let existing = if existing.is_null() {
        &Value::Bool(false)
    } else {
        existing
    };
    merge_adds(existing, &marks).then(|| merge_marks(existing, &marks))
}

/// [`merge_marks`] of `a` and `b` differs from `a` (without building it).
fn merge_adds(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Bool(true), _) => false,
        (_, Value::Bool(true)) => true,
        (Value::Object(x), Value::Object(y)) => y.iter().any(|(k, v)| match x.get(k) {
            Some(e) => merge_adds(e, v),
            None => true,
        }),
        (Value::Array(x), Value::Array(y)) => {
            y.len() > x.len() || x.iter().zip(y).any(|(e, v)| merge_adds(e, v))
        }
        (Value::Object(_) | Value::Array(_), _) => false,
        (_, Value::Object(_) | Value::Array(_)) => true,
        _ => false,
    }
}
#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{merge_adds, merge_marks};

    #[test]
    fn merge_adds_says_whether_merge_marks_changes_the_mask() {
        let cases = [
            (json!(true), json!({"a": true})),
            (json!(false), json!(true)),
            (json!(false), json!({})),
            (json!(null), json!(false)),
            (json!({"a": true}), json!({"a": true})),
            (json!({"a": true, "b": false}), json!({"b": true})),
            (json!({"a": {}}), json!({"a": {"x": true}})),
            (json!({"a": {"x": true}}), json!({"a": {"x": true}})),
            (json!({"a": {}}), json!({"b": {}})),
            (json!([{}, true]), json!([{}])),
            (json!([{}]), json!([{}, {}])),
            (json!([{"x": false}]), json!([{"x": true}])),
            (json!({"a": [true]}), json!({"a": true})),
            (json!({"a": false}), json!({"a": [{}]})),
        ];
        for (a, b) in cases {
            assert_eq!(
                merge_adds(&a, &b),
                merge_marks(&a, &b) != a,
                "merging {b} into {a}"
            );
        }
    }
}
