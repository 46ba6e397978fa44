//! Reads Terraform plan files (`terraform plan -out=FILE`).
//!
//! - [`sniff()`] tells a plan file apart from state files, OpenTofu-encrypted files, HCP Terraform
//!   saved-plan bookmarks and pre-0.12 plans;
//! - [`PlanFile::from_bytes`] opens the zip container with size limits ([`Options`]);
//! - [`decode_tfplan`] decodes the `tfplan` protobuf into the [`model`] types;
//! - [`proto`] holds the generated protobuf types.

pub mod config;
pub mod container;
mod decode;
pub mod error;
pub mod model;
pub mod sniff;
mod version;

/// The `tfplan` protobuf messages, generated from `proto/planfile.proto`.
pub mod proto {
    #![allow(clippy::all)]
    include!(concat!(env!("OUT_DIR"), "/tfplan.rs"));
}

pub use config::{ConfigSnapshot, SnapshotModule};
pub use container::{Options, PlanFile};
pub use decode::decode_tfplan;
pub use error::Error;
pub use sniff::{sniff, Kind};
