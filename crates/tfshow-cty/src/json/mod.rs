//! The JSON encoding of cty values (`ctyjson`), as used by state files and `show -json`.

mod decode;
mod encode;

pub use decode::{from_json, from_json_untyped, JsonDecodeError};
pub use encode::{write_value, JsonEncodeError};
