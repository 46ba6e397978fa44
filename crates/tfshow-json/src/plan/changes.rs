//! `resource_changes`, `resource_drift` and `deferred_changes` entries.
//!
//! ```text
//! {"address":…,"previous_address":…,"module_address":…,"mode":…,"type":…,"name":…,
//!  "index":…,"index_unknown":true,"provider_name":…,"deposed":…,
//!  "change":{"actions":[…],"before":…,"after":…,"after_unknown":…,"before_sensitive":…,
//!            "after_sensitive":…,"replace_paths":[…],"importing":{…},"generated_config":…,
//!            "before_identity":{…},"after_identity":{…}},
//!  "action_reason":…}
//! ```

use tfshow_addrs::InstanceKey;
use tfshow_cty::json::write_value;
use tfshow_cty::msgpack::{self, Options};
use tfshow_cty::Value;
use tfshow_gojson::Writer;

use super::actions::{action_names, reason_name};
use super::decode::{cty_path, with_decoded, Located, Ready};
use super::paths::{path_set_order, write_path};
use super::values_json::ValuesJson;
use crate::checks::mode_name;
use crate::error::{invalid, Error};
use crate::Release;

/// Writes an instance key as JSON.
pub(crate) fn write_index(w: &mut Writer<'_>, key: &InstanceKey) {
    match key {
        InstanceKey::Int(i) => {
            w.key("index");
            w.i64(*i);
        }
        InstanceKey::Str(s) => {
            w.key("index");
            w.string(s);
        }
        InstanceKey::Wildcard => {
            w.key("index_unknown");
            w.bool(true);
        }
        InstanceKey::None => {}
    }
}

/// Writes one resource change object; `members`: whether the writer is to be told the
/// members of its values' top-level objects ([`ValuesJson::of`]).
pub(crate) fn write_resource_change(
    w: &mut Writer<'_>,
    d: &Located<'_>,
    version: &Release,
    members: bool,
) -> Result<(), Error> {
    with_decoded(d, |d| {
        let values = ValuesJson::of(d, version, members)?;
        write_resource_change_of(w, d, &values, version)
    })
}

/// Writes one resource change object with its values' JSON.
pub(crate) fn write_resource_change_of(
    w: &mut Writer<'_>,
    d: &Ready<'_, '_>,
    values: &ValuesJson,
    version: &Release,
) -> Result<(), Error> {
    let at = d.addr_text;
    w.begin_object();
    w.key("address");
    w.string(at);
    if let Some(prev) = &d.prev_addr {
        w.key("previous_address");
        w.string(prev);
    }
    if !d.addr.module.is_root() {
        w.key("module_address");
        w.string(&d.addr.module_address());
    }
    w.key("mode");
    w.string(mode_name(d.addr.mode));
    w.key("type");
    w.string(&d.addr.type_);
    w.key("name");
    w.string(&d.addr.name);
    write_index(w, &d.addr.key);
    w.key("provider_name");
    w.string(&crate::provider_name::provider_name(
        &d.provider,
        d.provider_config,
        version,
    ));
    if !d.deposed_key.is_empty() {
        w.key("deposed");
        w.string(d.deposed_key);
    }
    w.key("change");
    write_change(w, d, values, at, version)?;
    if let Some(reason) = reason_name(d.rc.action_reason) {
        w.key("action_reason");
        w.string(reason);
    }
    w.end_object();
    Ok(())
}

fn write_change(
    w: &mut Writer<'_>,
    d: &Ready<'_, '_>,
    v: &ValuesJson,
    at: &str,
    version: &Release,
) -> Result<(), Error> {
    let c = &d.rc.change;
    w.begin_object();
    w.key("actions");
    w.begin_array();
    for a in action_names(c.action) {
        w.string(a);
    }
    w.end_array();
    for (key, json) in [("before", v.before()), ("after", v.after())] {
        if let Some(json) = json {
            w.key(key);
            json.write(w);
        }
    }
    w.key("after_unknown");
    v.after_unknown().write(w);
    if version.has(crate::Feature::ChangeSensitivity) {
        w.key("before_sensitive");
        v.before_sensitive().write(w);
        w.key("after_sensitive");
        v.after_sensitive().write(w);
    }
    if !d.rc.required_replace.is_empty() {
        let paths =
            d.rc.required_replace
                .iter()
                .map(|p| cty_path(p, at))
                .collect::<Result<Vec<_>, _>>()?;
        w.key("replace_paths");
        w.begin_array();
        for p in path_set_order(&paths) {
            write_path(w, p, at)?;
        }
        w.end_array();
    }
    if let Some(imp) = &c.importing {
        w.key("importing");
        w.begin_object();
        if imp.unknown {
            w.key("unknown");
            w.bool(true);
        } else if !imp.id.is_empty() {
            w.key("id");
            w.string(&imp.id);
        } else if let Some(identity) = &imp.identity {
            let ident = decode_identity(d, identity, at)?;
            w.key("identity");
            write_value(w, &ident).map_err(|e| invalid(at, e))?;
        }
        w.end_object();
    }
    if !c.generated_config.is_empty() {
        w.key("generated_config");
        w.string(&c.generated_config);
    }
    for (key, ident) in [
        ("before_identity", &c.before_identity),
        ("after_identity", &c.after_identity),
    ] {
        if let Some(bytes) = ident {
            if prints_identity(d) {
                let ident = decode_identity(d, bytes, at)?;
                w.key(key);
                write_value(w, &ident).map_err(|e| invalid(at, e))?;
            }
        }
    }
    w.end_object();
    Ok(())
}

/// Whether a change's stored identities are printed: Terraform prints them when the resource
/// type's schema has an identity. Terraform stores an identity only when the provider gave one,
/// so without the type's schema a stored identity is printed as stored (untyped).
fn prints_identity(d: &Located<'_>) -> bool {
    identity_type(d).is_some() || d.info.schema.is_none()
}

fn identity_type<'a>(d: &Located<'a>) -> Option<&'a tfshow_cty::Type> {
    d.info.identity.map(|i| &i.implied_type)
}

pub(crate) fn decode_identity(d: &Located<'_>, bytes: &[u8], at: &str) -> Result<Value, Error> {
    let opts = Options::default();
    match identity_type(d) {
        Some(t) => msgpack::decode(bytes, t, &opts),
        None => msgpack::decode_untyped(bytes, &opts),
    }
    .map_err(|e| invalid(at, format!("identity: {e}")))
}

/// Writes `identity_schema_version` and `identity` of a planned resource (in the other order
/// for the releases that write them so).
pub(crate) fn write_planned_identity(
    w: &mut Writer<'_>,
    d: &Ready<'_, '_>,
    version: &Release,
) -> Result<(), Error> {
    let at = d.addr_text;
    let (Some(schema), Some(bytes)) = (d.info.identity, &d.rc.change.after_identity) else {
        return Ok(());
    };
    let v = decode_identity(d, bytes, at)?;
    if v.is_null() {
        return Ok(());
    }
    crate::state::write_identity(w, &v, Some(schema.version), version, at)
}
