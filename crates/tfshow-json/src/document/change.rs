//! One resource change, typed: what a `resource_changes` or `resource_drift` entry of the
//! document says, with its values as the JSON trees the document holds.

use serde_json::Value as Json;
use tfshow_addrs::{InstanceKey, ResourceMode};
use tfshow_cty::{Path, Value};

use crate::error::{invalid, Error};
use crate::marks::Marks;
use crate::plan::actions::{action_names, reason_name};
use crate::plan::decode::{cty_path, with_decoded, Located, Ready};
use crate::plan::drift_legacy::Drift;
use crate::transform::{unknown_elements, write_known, write_sensitive_as_bool};
use crate::transform::{write_unknown_as_bool, UnknownElements};
use crate::value_sink::build;
use crate::Release;

/// Import details of a change (`change.importing`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Importing {
    /// The import ID (`""` when the import is by identity or its ID is not known).
    pub id: String,
    /// The ID is not known until apply.
    pub unknown: bool,
    /// The identity imported by, as the document writes it (an import by identity: no ID).
    pub identity: Option<Json>,
}

/// The typed import details of a change `r` at `at`.
fn importing(
    r: &Ready<'_, '_>,
    i: &tfshow_planfile::model::Importing,
    at: &str,
) -> Result<Importing, Error> {
    let by_identity = i.id.is_empty() && !i.unknown;
    let identity = match i.identity.as_deref().filter(|_| by_identity) {
        Some(bytes) => {
            let value = crate::plan::changes::decode_identity(r, bytes, at)?;
            let mut w = tfshow_gojson::Writer::new(tfshow_gojson::Dialect::Modern);
            tfshow_cty::json::write_value(&mut w, &value).map_err(|e| invalid(at, e))?;
            Some(serde_json::from_slice(&w.into_bytes()).map_err(|e| invalid(at, e))?)
        }
        None => None,
    };
    Ok(Importing {
        id: i.id.clone(),
        unknown: i.unknown,
        identity,
    })
}

/// A change's values as the document writes them: `before` and `after` with unknowns left
/// out (`None`: wholly unknown), and the `after_unknown`, `before_sensitive` and
/// `after_sensitive` masks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChangeJson {
    /// `before`.
    pub before: Option<Json>,
    /// `after`.
    pub after: Option<Json>,
    /// `after_unknown`.
    pub after_unknown: Json,
    /// `before_sensitive`.
    pub before_sensitive: Json,
    /// `after_sensitive`.
    pub after_sensitive: Json,
}

/// A change's values as the plan file holds them: typed, with the sensitive marks the plan
/// records and the schema implies (as the document's masks are written from them). The
/// document's JSON ([`ChangeJson`]) is derived from these; the views that walk values read
/// them without building it.
#[derive(Debug)]
pub struct TypedValues {
    /// The value before.
    pub before: Value,
    /// The value after, with its unknowns.
    pub after: Value,
    /// What is sensitive in `before`.
    pub before_marks: Marks,
    /// What is sensitive in `after`.
    pub after_marks: Marks,
    /// What the release's `omitUnknowns` does with unknown elements.
    pub unknown_elements: UnknownElements,
}

/// A resource instance change (see the module documentation).
#[derive(Debug)]
pub struct ResourceChange {
    /// The instance address.
    pub address: String,
    /// The address in the previous run, when it moved.
    pub previous_address: Option<String>,
    /// The module instance address (`""` for the root module).
    pub module_address: String,
    /// Managed, data, ...
    pub mode: ResourceMode,
    /// The resource type.
    pub type_: String,
    /// The resource name.
    pub name: String,
    /// The instance key.
    pub index: InstanceKey,
    /// The provider source address.
    pub provider_name: String,
    /// The deposed object key, or `""`.
    pub deposed: String,
    /// The document's `actions` list.
    pub actions: &'static [&'static str],
    /// The document's `action_reason`.
    pub action_reason: Option<&'static str>,
    /// Import details.
    pub importing: Option<Importing>,
    /// Configuration generated for an imported object, or `""`.
    pub generated_config: String,
    /// The paths that forced a replacement, in the plan's order.
    pub replace_paths: Vec<Path>,
    /// The values.
    pub values: ChangeJson,
}

/// The typed change of a located plan change.
pub(crate) fn from_located(d: &Located<'_>, release: &Release) -> Result<ResourceChange, Error> {
    with_decoded(d, |r| {
        let mut rc = typed(r)?;
        rc.values = change_json(r, release)?;
        Ok(rc)
    })
}

/// The typed change of a located plan change with its values typed (its JSON `values` left
/// empty).
pub(crate) fn with_typed_values(
    d: &Located<'_>,
    release: &Release,
) -> Result<(ResourceChange, TypedValues), Error> {
    with_decoded(d, |r| {
        let rc = typed(r)?;
        let values = typed_values(r, release)?;
        Ok((rc, values))
    })
}

/// The typed change of a located plan change, without its values.
pub(crate) fn without_values(d: &Located<'_>) -> Result<ResourceChange, Error> {
    with_decoded(d, typed)
}

/// The typed change of a located plan change, its values left empty.
fn typed(r: &Ready<'_, '_>) -> Result<ResourceChange, Error> {
    {
        let at = r.addr_text;
        let c = &r.rc.change;
        Ok(ResourceChange {
            address: at.to_owned(),
            previous_address: r.prev_addr.map(str::to_owned),
            module_address: if r.addr.module.is_root() {
                String::new()
            } else {
                r.addr.module_address()
            },
            mode: r.addr.mode,
            type_: r.addr.type_.clone(),
            name: r.addr.name.clone(),
            index: r.addr.key.clone(),
            provider_name: r.provider.to_string(),
            deposed: r.deposed_key.to_owned(),
            actions: action_names(c.action),
            action_reason: reason_name(r.rc.action_reason),
            importing: c
                .importing
                .as_ref()
                .map(|i| importing(r, i, at))
                .transpose()?,
            generated_config: c.generated_config.clone(),
            replace_paths: r
                .rc
                .required_replace
                .iter()
                .map(|p| cty_path(p, at))
                .collect::<Result<_, _>>()?,
            values: ChangeJson::default(),
        })
    }
}

/// The typed values of a located change, with the marks the document's masks are written
/// from. Refuses values the document could not write (an infinite number).
fn typed_values(d: &Ready<'_, '_>, release: &Release) -> Result<TypedValues, Error> {
    let v = d.values()?;
    let nested = release.has(crate::Feature::SchemaSensitivityInNestedTypes);
    // What the schema marks, by name when it does not depend on the value.
    let by_name = (d.info.schema).and_then(|s| s.sensitivity.value_independent(nested));
    let with_schema = |value: &Value, paths: &[Path]| {
        let mut marks = Marks::from_paths(paths);
        match by_name {
            Some(names) => names.iter().for_each(|name| marks.add_attr(name)),
            None => {
                for p in d.info.sensitive_paths(value, nested) {
                    marks.add(&p);
                }
            }
        }
        marks
    };
    for side in [&v.before, &v.after] {
        check_encodable(side).map_err(|e| invalid(d.addr_text, e))?;
    }
    Ok(TypedValues {
        before_marks: with_schema(&v.before, &v.before_paths),
        after_marks: with_schema(&v.after, &v.after_paths),
        before: v.before,
        after: v.after,
        unknown_elements: unknown_elements(release),
    })
}

/// Fails where writing the known parts of `v` as JSON would: at an infinite number.
fn check_encodable(v: &Value) -> Result<(), tfshow_cty::json::JsonEncodeError> {
    match v.peel() {
        Value::Number(n) if n.infinity_sign().is_some() => {
            Err(tfshow_cty::NumberError::Infinite.into())
        }
        Value::List(items) | Value::Set(items) | Value::Tuple(items) => {
            items.iter().try_for_each(check_encodable)
        }
        Value::Map(entries) | Value::Object(entries) => {
            entries.iter().try_for_each(|(_, e)| check_encodable(e))
        }
        _ => Ok(()),
    }
}

/// The values of a located change as the document writes them.
fn change_json(d: &Ready<'_, '_>, release: &Release) -> Result<ChangeJson, Error> {
    typed_values(d, release)?.json(d.addr_text)
}

impl TypedValues {
    /// The values as the document writes them (`at`: the change's address, for errors).
    pub fn json(&self, at: &str) -> Result<ChangeJson, Error> {
        let mode = self.unknown_elements;
        Ok(ChangeJson {
            before: known(&self.before, mode, at)?,
            after: known(&self.after, mode, at)?,
            after_unknown: if self.after.is_wholly_known() {
                Json::Object(Default::default())
            } else {
                build(|b| write_unknown_as_bool(b, &self.after))
            },
            before_sensitive: build(|b| {
                write_sensitive_as_bool(b, &self.before, &self.before_marks)
            }),
            after_sensitive: build(|b| write_sensitive_as_bool(b, &self.after, &self.after_marks)),
        })
    }
}

/// `value` with unknowns left out; `None` when it is unknown.
fn known(value: &Value, mode: UnknownElements, at: &str) -> Result<Option<Json>, Error> {
    if value.is_unknown() {
        return Ok(None);
    }
    let mut result = Ok(());
    let json = build(|b| result = write_known(b, value, mode));
    result.map_err(|e| invalid(at, e))?;
    Ok(Some(json))
}

/// The typed change of drift computed from the states (Terraform 0.15.4 to 1.0).
pub(crate) fn from_legacy_drift(d: Drift) -> Result<ResourceChange, Error> {
    let at = d.address.as_str();
    let mode = UnknownElements::Null;
    let values = ChangeJson {
        before: known(&d.before, mode, at)?,
        after: known(&d.after, mode, at)?,
        after_unknown: Json::Null,
        before_sensitive: build(|b| write_sensitive_as_bool(b, &d.before, &d.before_marks)),
        after_sensitive: build(|b| write_sensitive_as_bool(b, &d.after, &d.after_marks)),
    };
    let actions = action_names(if d.after.is_null() {
        tfshow_planfile::model::Action::Delete
    } else {
        tfshow_planfile::model::Action::Update
    });
    Ok(ResourceChange {
        module_address: d.module,
        mode: ResourceMode::Managed,
        type_: d.type_,
        name: d.name,
        // These releases write no index for drift.
        index: InstanceKey::None,
        provider_name: d.provider,
        deposed: String::new(),
        actions,
        action_reason: None,
        importing: None,
        generated_config: String::new(),
        replace_paths: Vec::new(),
        values,
        previous_address: None,
        address: d.address,
    })
}
