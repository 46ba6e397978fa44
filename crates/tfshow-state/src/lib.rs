//! Terraform state files, format version 4 (`terraform.tfstate`, and the `tfstate` and
//! `tfstate-prev` entries of a plan file), and the older format versions 1 to 3 (Terraform
//! 0.11 and earlier), upgraded on reading to the same model as Terraform upgrades them.
//!
//! Attribute values are kept as parsed JSON: decoding them needs the resource type's schema,
//! which is the caller's business (see `tfshow-json`).
//!
//! ```
//! use tfshow_state::State;
//!
//! let state = State::from_json(br#"{
//!   "version": 4, "terraform_version": "1.15.5", "serial": 3, "lineage": "x",
//!   "outputs": {"id": {"value": "abc", "type": "string"}},
//!   "resources": []
//! }"#)?;
//! assert_eq!(state.serial, 3);
//! assert_eq!(state.outputs[0].0, "id");
//! # Ok::<(), tfshow_state::StateError>(())
//! ```
#![deny(missing_docs)]

mod model;
mod read;
mod upgrade;

pub use model::{CheckObject, CheckResult, Instance, Mode, OutputValue, Resource, State};
pub use read::{looks_like_state, StateError};
/// The instance key of the address crate, re-exported: one type for every crate.
pub use tfshow_addrs::InstanceKey;
