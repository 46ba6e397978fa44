//! A state of format 2 or 3, as read from the file or upgraded from format 1: modules by path,
//! each with its outputs and its resources keyed by their legacy address
//! (`aws_instance.foo.0`), each with a primary object and deposed ones.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::json::{array, string, At};
use crate::read::StateError;

/// A format 2 or 3 state.
#[derive(Debug, Default)]
pub(crate) struct LegacyState {
    /// `terraform_version` (none in format 1).
    pub(crate) terraform_version: String,
    /// `serial` (signed in these formats).
    pub(crate) serial: i64,
    /// `lineage` (none in format 1).
    pub(crate) lineage: String,
    /// `modules`, in file order.
    pub(crate) modules: Vec<LegacyModule>,
}

/// One module of a legacy state.
#[derive(Debug, Default)]
pub(crate) struct LegacyModule {
    /// Where the module was in the file, for messages (`modules[2]`).
    pub(crate) at: String,
    /// `["root", "child", …]`.
    pub(crate) path: Vec<String>,
    /// Outputs by name.
    pub(crate) outputs: Vec<(String, LegacyOutput)>,
    /// Resources by legacy address, in file order.
    pub(crate) resources: Vec<(String, LegacyResource)>,
}

/// An output of a legacy state.
#[derive(Debug)]
pub(crate) struct LegacyOutput {
    /// Declared sensitive.
    pub(crate) sensitive: bool,
    /// The value, any JSON (its recorded `type` is not kept: the upgrade works it out).
    pub(crate) value: Value,
}

/// A resource instance of a legacy state (the format's "resource").
#[derive(Debug, Default)]
pub(crate) struct LegacyResource {
    /// The current object.
    pub(crate) primary: Option<LegacyObject>,
    /// Deposed objects, in file order.
    pub(crate) deposed: Vec<LegacyObject>,
    /// The provider configuration, as written (`provider.aws.west`, `aws.west`, or empty).
    pub(crate) provider: String,
}

impl LegacyResource {
    /// Reads the objects and provider of a legacy resource object `r` (format 1 or 2): its
    /// `primary` object, its `deposed` list (none of them null) and its `provider`, each object
    /// read by `object`.
    pub(crate) fn read(
        r: &Map<String, Value>,
        at: &At,
        object: impl Fn(&Value, &At) -> Result<LegacyObject, StateError>,
    ) -> Result<LegacyResource, StateError> {
        let primary = match r.get("primary") {
            None | Some(Value::Null) => None,
            Some(p) => Some(object(p, &at.field("primary"))?),
        };
        let deposed_at = at.field("deposed");
        let deposed = array(r.get("deposed"), &deposed_at)?
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let at = deposed_at.index(i);
                if d.is_null() {
                    return Err(at.error("a deposed object cannot be null"));
                }
                object(d, &at)
            })
            .collect::<Result<_, _>>()?;
        Ok(LegacyResource {
            primary,
            deposed,
            provider: string(r.get("provider"), &at.field("provider"))?,
        })
    }
}

/// One object of a legacy resource instance.
#[derive(Debug, Default)]
pub(crate) struct LegacyObject {
    /// The first-class `id`.
    pub(crate) id: String,
    /// The flat attributes; `None` when the file has none.
    pub(crate) attributes: Option<BTreeMap<String, String>>,
    /// Provider SDK metadata (its `schema_version` among it).
    pub(crate) meta: Map<String, Value>,
    /// Marked tainted.
    pub(crate) tainted: bool,
}
