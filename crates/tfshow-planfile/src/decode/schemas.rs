//! The `tfschemas` entry (OpenTofu 1.13+): the provider schemas a plan's objects need, as a
//! protobuf `Schemas` message, turned into the document `providers schema -json` prints, which
//! `tfshow-schema` reads. Descriptions and deprecation are not stored in the entry, so none
//! are in the document.

use prost::Message;
use serde_json::{json, Map, Value};
use tfshow_limits::Limits;

use super::guard;
use crate::error::Error;
use crate::proto;

/// Blocks and nested types nest at most this deep (prost refuses deeper messages first).
const MAX_DEPTH: usize = 64;

/// Decodes a `tfschemas` entry into the bytes of a `providers schema -json` document
/// (`format_version` 1.0), refusing input over `limits` before decoding it.
pub fn decode_tfschemas(bytes: &[u8], limits: &Limits) -> Result<Vec<u8>, Error> {
    guard::check_schemas(bytes, limits)
        .map_err(|(at, source)| super::limit_error("tfschemas", &at, source))?;
    let raw = proto::Schemas::decode(bytes).map_err(|e| invalid("Schemas", e.to_string()))?;
    let mut providers = Map::new();
    for (addr, p) in raw.providers {
        providers.insert(addr.clone(), provider(&addr, p)?);
    }
    let doc = json!({"format_version": "1.0", "provider_schemas": providers});
    serde_json::to_vec(&doc).map_err(|e| invalid("Schemas", e.to_string()))
}

fn invalid(at: &str, reason: impl Into<String>) -> Error {
    Error::Schemas {
        at: at.to_owned(),
        reason: reason.into(),
    }
}

/// One provider's entry of `provider_schemas`.
fn provider(addr: &str, p: proto::ProviderSchema) -> Result<Value, Error> {
    let mut out = Map::new();
    if let Some(s) = p.provider_config {
        out.insert("provider".into(), schema(&format!("{addr} provider"), s)?);
    }
    let mut identities = Map::new();
    for (key, types) in [
        ("resource_schemas", p.managed_resource_types),
        ("data_source_schemas", p.data_sources),
    ] {
        let mut schemas = Map::new();
        for (name, r) in types {
            let at = format!("{addr} {name}");
            if let Some(id) = r.identity_schema {
                identities.insert(name.clone(), identity(&at, id)?);
            }
            let s = r.schema.ok_or_else(|| invalid(&at, "no schema"))?;
            schemas.insert(name, schema(&at, s)?);
        }
        out.insert(key.into(), Value::Object(schemas));
    }
    if !identities.is_empty() {
        out.insert(
            "resource_identity_schemas".into(),
            Value::Object(identities),
        );
    }
    Ok(Value::Object(out))
}

fn schema(at: &str, s: proto::Schema) -> Result<Value, Error> {
    let version = u64::try_from(s.version).map_err(|_| invalid(at, "negative version"))?;
    let block = block(at, s.block.unwrap_or_default(), 0)?;
    Ok(json!({"version": version, "block": block}))
}

fn identity(at: &str, id: proto::ResourceIdentitySchema) -> Result<Value, Error> {
    let version =
        u64::try_from(id.version).map_err(|_| invalid(at, "negative identity version"))?;
    let mut attributes = Map::new();
    for a in id.body.unwrap_or_default().attributes {
        let at = format!("{at} identity.{}", a.name);
        if a.r#type.is_empty() {
            return Err(invalid(&at, "identity attribute without a type"));
        }
        attributes.insert(a.name, json!({"type": cty_type(&at, &a.r#type)?}));
    }
    Ok(json!({"version": version, "attributes": attributes}))
}

fn block(at: &str, b: proto::SchemaBlock, depth: usize) -> Result<Value, Error> {
    if depth > MAX_DEPTH {
        return Err(invalid(
            at,
            format!("blocks nested deeper than {MAX_DEPTH}"),
        ));
    }
    let mut out = Map::new();
    if !b.attributes.is_empty() {
        out.insert("attributes".into(), attributes(at, b.attributes, depth)?);
    }
    if !b.block_types.is_empty() {
        let mut types = Map::new();
        for bt in b.block_types {
            let at = format!("{at}.{}", bt.type_name);
            let mut t = Map::new();
            t.insert("nesting_mode".into(), nesting(&at, bt.nesting)?.into());
            let inner = block(&at, bt.block.unwrap_or_default(), depth + 1)?;
            t.insert("block".into(), inner);
            for (key, n) in [("min_items", bt.min_items), ("max_items", bt.max_items)] {
                let n = u64::try_from(n).map_err(|_| invalid(&at, format!("negative {key}")))?;
                if n > 0 {
                    t.insert(key.into(), n.into());
                }
            }
            types.insert(bt.type_name, Value::Object(t));
        }
        out.insert("block_types".into(), Value::Object(types));
    }
    Ok(Value::Object(out))
}

fn attributes(at: &str, attrs: Vec<proto::SchemaAttribute>, depth: usize) -> Result<Value, Error> {
    let mut out = Map::new();
    for a in attrs {
        let at = format!("{at}.{}", a.name);
        let mut m = Map::new();
        match (a.r#type.is_empty(), a.nested_type) {
            (false, None) => {
                m.insert("type".into(), cty_type(&at, &a.r#type)?);
            }
            (true, Some(nested)) => {
                if depth > MAX_DEPTH {
                    return Err(invalid(
                        &at,
                        format!("types nested deeper than {MAX_DEPTH}"),
                    ));
                }
                let inner = attributes(&at, nested.attributes, depth + 1)?;
                let mode = nesting(&at, nested.nesting)?;
                m.insert(
                    "nested_type".into(),
                    json!({"attributes": inner, "nesting_mode": mode}),
                );
            }
            _ => return Err(invalid(&at, "needs exactly one of type and nested_type")),
        }
        for (key, set) in [
            ("required", a.required),
            ("optional", a.optional),
            ("computed", a.computed),
            ("sensitive", a.sensitive),
            ("write_only", a.write_only),
        ] {
            if set {
                m.insert(key.into(), true.into());
            }
        }
        out.insert(a.name, Value::Object(m));
    }
    Ok(Value::Object(out))
}

/// A cty type's JSON, checked to be JSON (`tfshow-schema` checks it is a type).
fn cty_type(at: &str, bytes: &[u8]) -> Result<Value, Error> {
    serde_json::from_slice(bytes).map_err(|e| invalid(at, format!("type is not JSON: {e}")))
}

/// The `nesting_mode` name of a nesting number.
fn nesting(at: &str, n: i32) -> Result<&'static str, Error> {
    use proto::SchemaNestingMode as N;
    Ok(match N::try_from(n) {
        Ok(N::SchemaNestingSingle) => "single",
        Ok(N::SchemaNestingGroup) => "group",
        Ok(N::SchemaNestingList) => "list",
        Ok(N::SchemaNestingSet) => "set",
        Ok(N::SchemaNestingMap) => "map",
        _ => return Err(invalid(at, format!("invalid nesting mode {n}"))),
    })
}
