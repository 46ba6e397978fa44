//! Terraform state files, format version 4 (`terraform.tfstate`, and the `tfstate` and
//! `tfstate-prev` entries of a plan file).
//!
//! Attribute values are kept as parsed JSON: decoding them needs the resource type's schema,
//! which is the caller's business (see `tfshow-json`).

mod model;
mod read;

pub use model::{
    CheckObject, CheckResult, Instance, InstanceKey, Mode, OutputValue, Resource, State,
};
pub use read::{looks_like_state, StateError};
