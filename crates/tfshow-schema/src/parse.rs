//! Reading `terraform providers schema -json` output.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;
use tfshow_cty::Type;

use crate::block::{Attribute, Block, NestedBlock, NestedType, Nesting};
use crate::{IdentitySchema, ProviderSchema, Schema, Schemas};

/// The schemas document could not be read; the message names the provider, type and attribute.
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    /// Not JSON, or not shaped like a schemas document.
    #[error("provider schemas: {0}")]
    Json(#[from] serde_json::Error),
    /// The document goes over a limit.
    #[error("provider schemas: {0}")]
    Limit(#[from] tfshow_limits::LimitExceeded),
    /// A `format_version` this reader does not know.
    #[error("provider schemas: unsupported format_version {0:?} (expected 0.1 to 1.x)")]
    FormatVersion(String),
    /// Something inside one schema is invalid.
    #[error("provider schemas: {at}: {message}")]
    Invalid {
        /// Where: provider, kind, type and attribute path.
        at: String,
        /// What was wrong.
        message: String,
    },
}

#[derive(Deserialize)]
struct RawDoc {
    format_version: String,
    #[serde(default)]
    provider_schemas: Option<BTreeMap<String, RawProvider>>,
}

#[derive(Deserialize)]
struct RawProvider {
    provider: Option<RawSchema>,
    #[serde(default)]
    resource_schemas: Option<BTreeMap<String, RawSchema>>,
    #[serde(default)]
    data_source_schemas: Option<BTreeMap<String, RawSchema>>,
    #[serde(default)]
    ephemeral_resource_schemas: Option<BTreeMap<String, RawSchema>>,
    #[serde(default)]
    resource_identity_schemas: Option<BTreeMap<String, RawIdentity>>,
}

#[derive(Deserialize)]
struct RawSchema {
    #[serde(default)]
    version: u64,
    #[serde(default)]
    block: Option<RawBlock>,
}

#[derive(Deserialize, Default)]
struct RawBlock {
    #[serde(default)]
    attributes: Option<BTreeMap<String, RawAttribute>>,
    #[serde(default)]
    block_types: Option<BTreeMap<String, RawBlockType>>,
}

#[derive(Deserialize)]
struct RawAttribute {
    #[serde(rename = "type")]
    ty: Option<serde_json::Value>,
    nested_type: Option<RawNestedType>,
    #[serde(default)]
    required: bool,
    #[serde(default)]
    optional: bool,
    #[serde(default)]
    computed: bool,
    #[serde(default)]
    sensitive: bool,
    #[serde(default)]
    write_only: bool,
}

#[derive(Deserialize)]
struct RawNestedType {
    #[serde(default)]
    attributes: Option<BTreeMap<String, RawAttribute>>,
    nesting_mode: String,
}

#[derive(Deserialize)]
struct RawBlockType {
    nesting_mode: String,
    #[serde(default)]
    block: Option<RawBlock>,
    #[serde(default)]
    min_items: u64,
    #[serde(default)]
    max_items: u64,
}

#[derive(Deserialize)]
struct RawIdentity {
    #[serde(default)]
    version: u64,
    #[serde(default)]
    attributes: Option<BTreeMap<String, RawIdentityAttribute>>,
}

#[derive(Deserialize)]
struct RawIdentityAttribute {
    #[serde(rename = "type")]
    ty: serde_json::Value,
}

fn invalid(at: &str, message: impl Into<String>) -> SchemaError {
    SchemaError::Invalid {
        at: at.to_owned(),
        message: message.into(),
    }
}

/// Terraform 0.12 keys its schemas by provider type name alone (`"aws"`); those are the
/// legacy providers later releases address as `registry.terraform.io/-/aws`, as tfshow reads
/// 0.12's plans and states.
fn legacy_address(addr: String) -> String {
    if addr.contains('/') {
        addr
    } else {
        format!("registry.terraform.io/-/{addr}")
    }
}

impl Schemas {
    /// Parses a `terraform providers schema -json` document with the default
    /// [`Limits`](tfshow_limits::Limits).
    pub fn from_json(bytes: &[u8]) -> Result<Schemas, SchemaError> {
        Schemas::from_json_with(bytes, &tfshow_limits::Limits::default())
    }

    /// Parses a `terraform providers schema -json` document, refusing JSON that goes over
    /// `limits` before parsing it.
    pub fn from_json_with(
        bytes: &[u8],
        limits: &tfshow_limits::Limits,
    ) -> Result<Schemas, SchemaError> {
        let raw: RawDoc = tfshow_limits::json::from_slice(bytes, limits).map_err(|e| match e {
            tfshow_limits::json::JsonError::Limit(e) => SchemaError::Limit(e),
            tfshow_limits::json::JsonError::Json(e) => SchemaError::Json(e),
        })?;
        let major = raw.format_version.split('.').next().unwrap_or("");
        if !matches!(major, "0" | "1") {
            return Err(SchemaError::FormatVersion(raw.format_version));
        }
        let mut providers = HashMap::new();
        for (addr, p) in raw.provider_schemas.unwrap_or_default() {
            let addr = legacy_address(addr);
            let mut out = ProviderSchema::default();
            if let Some(s) = p.provider {
                out.provider = Some(schema(s, &format!("{addr} provider"))?);
            }
            for (name, s) in p.resource_schemas.unwrap_or_default() {
                let at = format!("{addr} resource {name}");
                out.resources.insert(name, schema(s, &at)?);
            }
            for (name, s) in p.data_source_schemas.unwrap_or_default() {
                let at = format!("{addr} data source {name}");
                out.data_sources.insert(name, schema(s, &at)?);
            }
            for (name, s) in p.ephemeral_resource_schemas.unwrap_or_default() {
                let at = format!("{addr} ephemeral resource {name}");
                out.ephemeral_resources.insert(name, schema(s, &at)?);
            }
            for (name, s) in p.resource_identity_schemas.unwrap_or_default() {
                let at = format!("{addr} identity {name}");
                let mut attrs = Vec::new();
                for (attr, a) in s.attributes.unwrap_or_default() {
                    let t = Type::from_json_value(&a.ty)
                        .map_err(|e| invalid(&format!("{at}.{attr}"), e.to_string()))?;
                    attrs.push((attr, t));
                }
                out.identities.insert(
                    name,
                    IdentitySchema {
                        version: s.version,
                        implied_type: Type::object(attrs),
                    },
                );
            }
            providers.insert(addr, out);
        }
        Ok(Schemas {
            providers,
            format_version: raw.format_version,
        })
    }
}

fn schema(raw: RawSchema, at: &str) -> Result<Schema, SchemaError> {
    let block = block(raw.block.unwrap_or_default(), at, 0)?;
    let implied_type = block.implied_type();
    let sensitivity = crate::Sensitivity::of(&block);
    Ok(Schema {
        version: raw.version,
        block,
        implied_type,
        sensitivity,
    })
}

/// Blocks and nested types nest at most this deep.
const MAX_DEPTH: usize = 32;

fn block(raw: RawBlock, at: &str, depth: usize) -> Result<Block, SchemaError> {
    if depth > MAX_DEPTH {
        return Err(invalid(at, "blocks nested too deeply"));
    }
    let attributes = attributes(raw.attributes.unwrap_or_default(), at, depth)?;
    let mut block_types = Vec::new();
    for (name, bt) in raw.block_types.unwrap_or_default() {
        let at = format!("{at}.{name}");
        let nesting = nesting(&bt.nesting_mode, &at)?;
        let inner = block(bt.block.unwrap_or_default(), &at, depth + 1)?;
        block_types.push((
            name,
            NestedBlock {
                block: inner,
                nesting,
                min_items: bt.min_items,
                max_items: bt.max_items,
            },
        ));
    }
    Ok(Block {
        attributes,
        block_types,
    })
}

fn attributes(
    raw: BTreeMap<String, RawAttribute>,
    at: &str,
    depth: usize,
) -> Result<Vec<(String, Attribute)>, SchemaError> {
    let mut out = Vec::with_capacity(raw.len());
    for (name, a) in raw {
        let at = format!("{at}.{name}");
        let (ty, nested) = match (a.ty, a.nested_type) {
            (Some(t), None) => (
                Type::from_json_value(&t).map_err(|e| invalid(&at, e.to_string()))?,
                None,
            ),
            (None, Some(n)) => {
                if depth > MAX_DEPTH {
                    return Err(invalid(&at, "nested types nested too deeply"));
                }
                let nested = NestedType {
                    attributes: attributes(n.attributes.unwrap_or_default(), &at, depth + 1)?,
                    nesting: nesting(&n.nesting_mode, &at)?,
                };
                (nested.implied_type(), Some(nested))
            }
            _ => {
                return Err(invalid(
                    &at,
                    "attribute needs exactly one of type and nested_type",
                ))
            }
        };
        out.push((
            name,
            Attribute {
                ty,
                nested,
                required: a.required,
                optional: a.optional,
                computed: a.computed,
                sensitive: a.sensitive,
                write_only: a.write_only,
            },
        ));
    }
    Ok(out)
}

fn nesting(s: &str, at: &str) -> Result<Nesting, SchemaError> {
    Ok(match s {
        "single" => Nesting::Single,
        "group" => Nesting::Group,
        "list" => Nesting::List,
        "set" => Nesting::Set,
        "map" => Nesting::Map,
        _ => return Err(invalid(at, format!("unknown nesting_mode {s:?}"))),
    })
}
