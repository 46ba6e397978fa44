//! [`Value`] → JSON, each value rendered with its own type (`ctyjson.Marshal(v, v.Type())`).

use tfshow_gojson::Writer;

use crate::{NumberError, Value};

/// A value that has no JSON form.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum JsonEncodeError {
    /// Unknown values must be removed before encoding.
    #[error("value is not known")]
    Unknown,
    /// Infinite numbers have no JSON form.
    #[error(transparent)]
    Number(#[from] NumberError),
}

/// Writes `v` as JSON: objects and maps with sorted keys, sets in their iteration order,
/// dynamic values as their concrete value (no `{"value":…,"type":…}` wrapper).
pub fn write_value(w: &mut Writer, v: &Value) -> Result<(), JsonEncodeError> {
    match v {
        Value::Null => w.null(),
        Value::Unknown(_) => return Err(JsonEncodeError::Unknown),
        Value::Bool(b) => w.bool(*b),
        Value::Number(n) => {
            let mut buf = Vec::with_capacity(24);
            n.write_json(&mut buf)?;
            w.raw(&buf);
        }
        Value::String(s) => w.string(s),
        Value::List(items) | Value::Set(items) | Value::Tuple(items) => {
            w.begin_array();
            for item in items {
                write_value(w, item)?;
            }
            w.end_array();
        }
        Value::Map(entries) | Value::Object(entries) => {
            w.begin_object();
            for (k, item) in entries {
                w.key(k);
                write_value(w, item)?;
            }
            w.end_object();
        }
        Value::Dynamic(d) => write_value(w, &d.1)?,
    }
    Ok(())
}
