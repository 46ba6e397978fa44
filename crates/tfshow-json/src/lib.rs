//! The JSON Output Format: what `terraform show -json` prints for a state file ([`state`]) and
//! for a plan file ([`plan`]), byte for byte, as the Terraform version that wrote the file
//! prints it.
//!
//! Documents are written to an `io::Write` as they are built, one resource at a time.
//! With provider schemas ([`tfshow_schema::Schemas`]) the output is exact; without them values
//! are decoded from their encoding alone (see `KNOWN-DIVERGENCES.md`).
#![deny(missing_docs)]

mod checks;
mod config;
pub mod document;
mod error;
mod gosort;
mod marks;
pub mod plan;
mod provider_name;
mod resource_values;
pub mod show;
pub mod spool;
pub mod state;
mod transcode;
mod transform;
mod value_sink;

pub use error::Error;
pub use tfshow_release::{Feature, Program, Release};
