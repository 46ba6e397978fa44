//! Terraform configuration as stored in a plan's configuration snapshot: native HCL and
//! `.tf.json` files of a module, with override files merged.
//!
//! This crate currently reads what `show -json` needs outside the `configuration` section:
//! root module variables with their defaults converted to their type constraints.

mod expr;
mod load;
pub mod model;
mod parse;
mod tree;
mod typeexpr;

pub use expr::{constant_value, constant_value_in, references};
pub use load::{load_module, ConfigError, Module, Variable};
pub use parse::load_module_config;
pub use tree::{load_tree, SnapshotFiles};
pub use typeexpr::type_constraint;
