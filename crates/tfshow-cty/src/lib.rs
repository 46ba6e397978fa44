//! cty, the type system behind every Terraform value: types, values, and their encodings.
//!
//! - [`Type`] and its JSON syntax (`["list","string"]`), [`types`].
//! - [`Value`]: known, null and unknown (optionally refined) values. Numbers are kept as exact
//!   decimal text ([`Number`]), never as `f64`.
//! - [`msgpack`]: the binary encoding inside plan files (`DynamicValue`), decoded guided by a
//!   type or, without schemas, by the bytes alone.
//! - [`json`]: the JSON encoding of values used by state files and `show -json`.
//! - [`path`]: attribute paths, as used by sensitive marks and `replace_paths`.
//!
//! ```
//! use tfshow_cty::{json, msgpack, Type};
//!
//! let ty = Type::from_json(br#"["map","number"]"#)?;
//! let doc: serde_json::Value = serde_json::from_str(r#"{"a": 0.30000000000000004}"#)?;
//! let value = json::from_json(&doc, &ty)?;
//! let bytes = msgpack::encode(&value, &ty)?; // as in a plan file
//! assert_eq!(msgpack::decode(&bytes, &ty, &msgpack::Options::default())?, value);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

#[cfg(feature = "arbitrary")]
pub mod arbitrary;
pub mod convert;
pub mod flatmap;
pub mod godecimal;
mod gofloat;
pub mod json;
pub mod msgpack;
mod number;
pub mod path;
pub mod set;
mod text;
pub mod types;
mod value;

pub use number::{Number, NumberError};
pub use path::{Path, PathStep};
pub use text::{nfc, nfc_str};
pub use types::Type;
pub use value::{Refinements, Unknown, UnknownShape, Value};

/// The strings of values and the names of attributes and map keys: short ones (up to 24
/// bytes, almost every attribute name) are held inline, without an allocation.
pub use compact_str::CompactString as Str;
