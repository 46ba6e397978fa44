//! The JSON Output Format: what `terraform show -json` prints for a state file ([`state`]) and
//! for a plan file ([`plan`]), byte for byte, as the Terraform version that wrote the file
//! prints it.
//!
//! Documents are written to an `io::Write` as they are built, one resource at a time.
//! With provider schemas ([`tfshow_schema::Schemas`]) the output is exact; without them values
//! are decoded from their encoding alone (see `KNOWN-DIVERGENCES.md`).
//!
//! ```
//! use tfshow_json::show::{show_json, Limits};
//!
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/basic/");
//! let plan = std::fs::read(format!("{dir}plan.tfplan"))?;
//! let schemas = tfshow_schema::Schemas::from_json(&std::fs::read(format!("{dir}schemas.json"))?)?;
//! let mut out = Vec::new(); // any io::Write
//! show_json(&plan, Some(&schemas), &Limits::default(), &mut out)?;
//! assert!(out.starts_with(br#"{"format_version":"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod checks;
mod config;
pub mod document;
mod error;
pub mod filter;
mod gosort;
pub mod marks;
pub mod plan;
mod provider_name;
mod resource_values;
pub mod show;
pub mod spool;
pub mod state;
mod transcode;
pub mod transform;
pub mod value_sink;

pub use error::Error;
pub use tfshow_release::{Feature, Program, Release};
