//! Reads Terraform plan files (`terraform plan -out=FILE`).
//!
//! - [`sniff()`] tells a plan file apart from state files, OpenTofu-encrypted files, HCP Terraform
//!   saved-plan bookmarks and pre-0.12 plans;
//! - [`PlanFile::from_bytes`] opens the zip container with the limits of [`Options`] (the
//!   workspace-wide [`Limits`]);
//! - [`decode_tfplan`] decodes the `tfplan` protobuf into the [`model`] types, and
//!   [`decode_tfplan_lazy`] does so leaving each resource change to decode when it is used;
//! - [`proto`] holds the generated protobuf types.
//!
//! ```
//! use tfshow_planfile::{sniff, Kind, Limits, PlanFile};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/basic/plan.tfplan");
//! let bytes = std::fs::read(path)?;
//! let limits = Limits::default();
//! assert!(matches!(sniff(&bytes, &limits), Kind::PlanZip));
//! let file = PlanFile::from_bytes(&bytes, &limits)?;
//! assert!(!file.plan.resource_changes.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod config;
pub mod container;
mod decode;
pub mod error;
pub mod model;
pub mod sniff;
mod writer;

/// The `tfplan` protobuf messages, generated from `proto/planfile.proto`.
pub mod proto {
    #![allow(clippy::all)]
    // Generated: the messages are documented in `proto/planfile.proto`.
    #![allow(missing_docs)]
    include!(concat!(env!("OUT_DIR"), "/tfplan.rs"));
}

pub use config::{ConfigSnapshot, SnapshotModule};
pub use container::{Options, Parts, PlanFile};
pub use decode::{decode_tfplan, decode_tfplan_lazy, decode_tfschemas, LazyChange};
pub use error::Error;
pub use sniff::{sniff, Kind};
pub use tfshow_limits::{Limit, LimitExceeded, Limits};
