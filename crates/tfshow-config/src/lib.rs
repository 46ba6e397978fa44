//! Terraform configuration as stored in a plan's configuration snapshot: native HCL and
//! `.tf.json` files of a module, with override files merged.
//!
//! - [`load_tree`]: the module tree of a snapshot ([`model::ConfigNode`]);
//! - [`load_module_config`]: one module's declarations ([`model::ModuleConfig`]);
//! - [`constant_value`] and [`references`]: what `show -json` prints for each expression;
//! - [`type_constraint`]: variable type constraints.
//!
//! ```
//! let main_tf: &[u8] = br#"
//! variable "region" {
//!   type    = string
//!   default = "eu-west-1"
//! }
//! "#;
//! let module = tfshow_config::load_module_config(&[("main.tf", main_tf)])?;
//! assert_eq!(module.variables[0].name, "region");
//! assert_eq!(module.variables[0].type_constraint, Some(tfshow_cty::Type::String));
//! # Ok::<(), tfshow_config::ConfigError>(())
//! ```
#![deny(missing_docs)]

mod error;
mod expr;
pub mod model;
mod parse;
mod tree;
mod typeexpr;

pub use error::ConfigError;
pub use expr::{constant_value, constant_value_in, references, subject_references};
pub use parse::{load_module_config, load_module_config_with};
pub use tree::{load_tree, load_tree_with, SnapshotFiles};
pub use typeexpr::{type_constraint, variable_type_constraint};
