//! Terraform state files, format version 4 (`terraform.tfstate`, and the `tfstate` and
//! `tfstate-prev` entries of a plan file), and the older format versions 1 to 3 (Terraform
//! 0.11 and earlier), upgraded on reading to the same model as Terraform upgrades them.
//!
//! Attribute values are kept as parsed JSON: decoding them needs the resource type's schema,
//! which is the caller's business (see `tfshow-json`).
#![deny(missing_docs)]

mod model;
mod read;
mod upgrade;

pub use model::{
    CheckObject, CheckResult, Instance, InstanceKey, Mode, OutputValue, Resource, State,
};
pub use read::{looks_like_state, StateError};
