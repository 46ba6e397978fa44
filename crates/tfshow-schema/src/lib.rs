//! Provider schemas as printed by `terraform providers schema -json` (format 0.1 to 1.0).
//!
//! `show -json` needs three things from providers, all of which are here: the type each value is
//! encoded with (a block's *implied type*), the schema version of each resource type, and which
//! attributes are sensitive.
//!
//! ```
//! use tfshow_schema::{Mode, Schemas};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/basic/schemas.json");
//! let schemas = Schemas::from_json(&std::fs::read(path)?)?;
//! let null = "registry.terraform.io/hashicorp/null";
//! let resource = schemas.resource(null, Mode::Managed, "null_resource").expect("in the file");
//! assert!(resource.block.attributes.iter().any(|(name, _)| name == "triggers"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod binary;
mod block;
mod parse;
mod sensitive;

pub use binary::BinaryError;
pub use block::{Attribute, Block, NestedBlock, NestedType, Nesting};
pub use parse::SchemaError;
pub use sensitive::Sensitivity;

use std::collections::HashMap;

use tfshow_cty::Type;

/// The schema of one resource, data source or provider configuration.
#[derive(Debug, Clone)]
pub struct Schema {
    /// The schema version (`schema_version` in state and plan JSON).
    pub version: u64,
    /// The top-level block.
    pub block: Block,
    /// `block`'s implied type, computed once.
    pub implied_type: Type,
    /// Where `block` declares sensitive attributes, worked out once.
    pub sensitivity: Sensitivity,
}

/// A resource identity schema (Terraform 1.12+).
#[derive(Debug, Clone)]
pub struct IdentitySchema {
    /// The identity schema version.
    pub version: u64,
    /// The identity object type.
    pub implied_type: Type,
}

/// Everything one provider declares.
#[derive(Debug, Clone, Default)]
pub struct ProviderSchema {
    /// The provider configuration block.
    pub provider: Option<Schema>,
    /// Managed resource types.
    pub resources: HashMap<String, Schema>,
    /// Data source types.
    pub data_sources: HashMap<String, Schema>,
    /// Ephemeral resource types (Terraform 1.10+, OpenTofu 1.11+).
    pub ephemeral_resources: HashMap<String, Schema>,
    /// Identity schemas of managed resource types.
    pub identities: HashMap<String, IdentitySchema>,
}

/// The schemas of all providers, keyed by provider source address
/// (`registry.terraform.io/hashicorp/aws`).
#[derive(Debug, Clone, Default)]
pub struct Schemas {
    /// Providers by source address.
    pub providers: HashMap<String, ProviderSchema>,
    /// `format_version` of the document they were read from.
    pub format_version: String,
}

/// The mode of a resource type: managed, data, ephemeral or list (one type for every crate:
/// [`tfshow_addrs::ResourceMode`]).
pub use tfshow_addrs::ResourceMode as Mode;

impl Schemas {
    /// The schema of a resource type of a provider.
    pub fn resource(&self, provider: &str, mode: Mode, type_name: &str) -> Option<&Schema> {
        let p = self.providers.get(provider)?;
        match mode {
            Mode::Managed => p.resources.get(type_name),
            Mode::Data => p.data_sources.get(type_name),
            Mode::Ephemeral => p.ephemeral_resources.get(type_name),
            // List resources' schemas are not in `providers schema -json`.
            Mode::List => None,
        }
    }

    /// The identity schema of a managed resource type.
    pub fn identity(&self, provider: &str, type_name: &str) -> Option<&IdentitySchema> {
        self.providers.get(provider)?.identities.get(type_name)
    }
}
