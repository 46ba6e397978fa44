//! Format 1 (Terraform 0.5 and 0.6 before lineage): read into the format 2 model, as
//! Terraform's upgrade to format 2 does. Outputs are plain strings and become string outputs;
//! tainted objects (a list beside the primary one) are dropped; a module without a path is the
//! root module. The file may have no `serial`.

use serde_json::{Map, Value};

use super::json::{array, members, object, string, string_map, strings, At};
use super::model::{LegacyModule, LegacyObject, LegacyOutput, LegacyResource, LegacyState};
use crate::read::StateError;

/// Reads a format 1 state.
pub(crate) fn read(top: &Map<String, Value>) -> Result<LegacyState, StateError> {
    let at = At::root();
    let serial = super::json::int64(top.get("serial"), &at.field("serial"))?;
    remote(top.get("remote"), &at.field("remote"))?;
    let modules_at = at.field("modules");
    let modules = array(top.get("modules"), &modules_at)?
        .iter()
        .enumerate()
        .map(|(i, m)| module(m, &modules_at.index(i)))
        .collect::<Result<_, _>>()?;
    Ok(LegacyState {
        serial,
        modules,
        ..LegacyState::default()
    })
}

/// The `remote` member (its type and configuration); not kept.
pub(crate) fn remote(v: Option<&Value>, at: &At) -> Result<(), StateError> {
    if let Some(r) = object(v, at)? {
        string(r.get("type"), &at.field("type"))?;
        string_map(r.get("config"), &at.field("config"))?;
    }
    Ok(())
}

fn module(v: &Value, at: &At) -> Result<LegacyModule, StateError> {
    let m = object(Some(v), at)?.ok_or_else(|| at.error("a module cannot be null"))?;
    let mut path = strings(m.get("path"), &at.field("path"))?;
    if path.is_empty() {
        path.push("root".to_owned());
    }
    let outputs = string_map(m.get("outputs"), &at.field("outputs"))?
        .unwrap_or_default()
        .into_iter()
        .map(|(name, value)| {
            let output = LegacyOutput {
                sensitive: false,
                value: Value::String(value),
            };
            (name, output)
        })
        .collect();
    strings(m.get("depends_on"), &at.field("depends_on"))?;
    let resources = members(m.get("resources"), &at.field("resources"), resource)?;
    Ok(LegacyModule {
        at: at.0.clone(),
        path,
        outputs,
        resources,
    })
}

fn resource(v: &Value, at: &At) -> Result<LegacyResource, StateError> {
    let r = object(Some(v), at)?.ok_or_else(|| at.error("a resource cannot be null"))?;
    string(r.get("type"), &at.field("type"))?;
    strings(r.get("depends_on"), &at.field("depends_on"))?;
    let resource = LegacyResource::read(r, at, instance)?;
    // Tainted objects are read (a malformed one makes the file unreadable) and dropped.
    let tainted_at = at.field("tainted");
    for (i, t) in array(r.get("tainted"), &tainted_at)?.iter().enumerate() {
        if !t.is_null() {
            instance(t, &tainted_at.index(i))?;
        }
    }
    Ok(resource)
}

fn instance(v: &Value, at: &At) -> Result<LegacyObject, StateError> {
    let o = object(Some(v), at)?.ok_or_else(|| at.error("an object cannot be null"))?;
    let meta = string_map(o.get("meta"), &at.field("meta"))?
        .unwrap_or_default()
        .into_iter()
        .map(|(k, v)| (k, Value::String(v)))
        .collect();
    Ok(LegacyObject {
        id: string(o.get("id"), &at.field("id"))?,
        attributes: string_map(o.get("attributes"), &at.field("attributes"))?,
        meta,
        tainted: false,
    })
}
