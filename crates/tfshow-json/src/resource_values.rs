//! Decoding resource values with or without their provider schema.

use std::collections::BTreeMap;

use tfshow_cty::flatmap::from_flatmap;
use tfshow_cty::json::from_json;
use tfshow_cty::json::from_json_untyped;
use tfshow_cty::msgpack::{self, Options};
use tfshow_cty::{Path, Value};
use tfshow_schema::{IdentitySchema, Mode, Schema, Schemas};
use tfshow_state::Instance;

use crate::error::{invalid, Error};

/// The schema for one resource type, when schemas were given.
#[derive(Clone, Copy)]
pub(crate) struct TypeInfo<'a> {
    pub schema: Option<&'a Schema>,
    /// The identity schema of a managed resource type, if it has one.
    pub identity: Option<&'a IdentitySchema>,
}

impl<'a> TypeInfo<'a> {
    pub fn lookup(
        schemas: Option<&'a Schemas>,
        provider: &str,
        mode: Mode,
        type_name: &str,
    ) -> Result<Self, String> {
        // A provider the schemas leave out, or a type its schema lacks (a schemas file of an
        // older release of the provider), is decoded as without schemas: its schema could not
        // be had. The views mask its values; the command names it.
        let Some(s) = schemas else {
            return Ok(TypeInfo {
                schema: None,
                identity: None,
            });
        };
        Ok(TypeInfo {
            schema: s.resource(provider, mode, type_name),
            identity: if mode == Mode::Managed {
                s.identity(provider, type_name)
            } else {
                None
            },
        })
    }

    /// Decodes a msgpack value of this type.
    pub fn decode_msgpack(&self, bytes: &[u8]) -> Result<Value, msgpack::DecodeError> {
        let opts = Options::default();
        match self.schema {
            Some(s) => msgpack::decode(bytes, &s.implied_type, &opts),
            None => msgpack::decode_untyped(bytes, &opts),
        }
    }

    /// Decodes a state object's attributes of this type: `attributes_flat` (Terraform 0.11's
    /// flat map) when the object has it, as Terraform's flatmap shim reads it, else
    /// `attributes`. Without a schema a flat map stays flat: an object of its keys and texts.
    pub fn decode_state(&self, inst: &Instance, at: &str) -> Result<Value, Error> {
        let Some(flat) = &inst.attributes_flat else {
            return self.decode_json(&inst.attributes, at);
        };
        match self.schema {
            Some(s) => {
                let m: BTreeMap<String, String> = flat.iter().cloned().collect();
                from_flatmap(&m, &s.implied_type).map_err(|e| invalid(at, e))
            }
            None => {
                let mut items: Vec<_> = flat
                    .iter()
                    .map(|(k, v)| (k.as_str().into(), Value::String(v.as_str().into())))
                    .collect();
                items.sort_by(|a: &(tfshow_cty::Str, Value), b| a.0.cmp(&b.0));
                items.dedup_by(|a, b| a.0 == b.0);
                Ok(Value::Object(items))
            }
        }
    }

    /// Decodes state attributes JSON of this type.
    fn decode_json(&self, j: &serde_json::Value, at: &str) -> Result<Value, Error> {
        match self.schema {
            Some(s) => from_json(j, &s.implied_type),
            None => from_json_untyped(j),
        }
        .map_err(|e| invalid(at, e))
    }

    /// Schema-declared sensitive paths in `v`.
    pub fn sensitive_paths(&self, v: &Value, nested_types: bool) -> Vec<Path> {
        self.schema
            .map(|s| s.block.sensitive_paths_with(v, nested_types))
            .unwrap_or_default()
    }
}
