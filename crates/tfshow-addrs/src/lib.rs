//! Terraform addresses: parsing, exact string forms and Terraform's sort order.
//!
//! - [`InstanceKey`] (`[0]`, `["a"]` with HCL string quoting, `[*]`);
//! - [`ModuleInstance`] (`module.a["x"].module.b[0]`) and [`Module`] (`module.a.module.b`);
//! - [`AbsResourceInstance`], [`AbsResource`] and [`ConfigResource`];
//! - [`AbsProviderConfig`] and [`Provider`].
//!
//! Every parser reports failures as a [`ParseError`] and never panics; every `Display`
//! implementation writes the string Terraform's `String()` method would, and [`canonical`]
//! gives that string for an address read from input (re-quoting what Terraform re-quotes).
//! Like Terraform, the parsers refuse raw line breaks in quoted keys and control, bidi and
//! other non-printable characters in names, so a formatted address holds none of them.
//!
//! ```
//! use tfshow_addrs::AbsResourceInstance;
//!
//! let addr = AbsResourceInstance::parse(r#"module.net["eu"].aws_subnet.this[0]"#)?;
//! assert_eq!(addr.to_string(), r#"module.net["eu"].aws_subnet.this[0]"#);
//! assert!(AbsResourceInstance::parse("aws_subnet.").is_err());
//! # Ok::<(), tfshow_addrs::ParseError>(())
//! ```
#![deny(missing_docs)]

mod canonical;
mod cursor;
mod error;
mod key;
mod module;
mod names;
mod printable;
mod provider;
mod quote;
mod resource;
mod sort;

pub use canonical::canonical;
pub use error::ParseError;
pub use key::InstanceKey;
pub use module::{Module, ModuleInstance, ModuleInstanceStep};
pub use names::{implied_provider, is_identifier};
pub use provider::{AbsProviderConfig, Provider, DEFAULT_REGISTRY_HOST};
pub use quote::{go_quote, is_printable, push_go_quoted};
pub use resource::{AbsResource, AbsResourceInstance, ConfigResource, ModeOrder, ResourceMode};
pub use sort::sort_by_address;
