//! Reading the fields of a format 1–3 state from parsed JSON as Terraform's Go decoder reads
//! them into its typed structures: `null` is the zero value, a value of the wrong type is an
//! error, unknown members are ignored. Every error names the place it is about.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::read::StateError;

/// Where a value is in the file (`modules[2].resources["aws_instance.foo.0"].primary`),
/// written with Rust string quoting so that no control character reaches a message.
#[derive(Clone, Debug)]
pub(crate) struct At(pub(crate) String);

impl At {
    /// The top-level object.
    pub(crate) fn root() -> At {
        At(String::new())
    }

    /// A member of this object.
    pub(crate) fn field(&self, name: &str) -> At {
        if self.0.is_empty() {
            At(name.to_owned())
        } else {
            At(format!("{}.{name}", self.0))
        }
    }

    /// An element of this array.
    pub(crate) fn index(&self, i: usize) -> At {
        At(format!("{}[{i}]", self.0))
    }

    /// An entry of this map.
    pub(crate) fn key(&self, key: &str) -> At {
        At(format!("{}[{key:?}]", self.0))
    }

    /// An error at this place.
    pub(crate) fn error(&self, message: impl Into<String>) -> StateError {
        StateError::Invalid {
            at: if self.0.is_empty() {
                "state".to_owned()
            } else {
                self.0.clone()
            },
            message: message.into(),
        }
    }
}

/// The JSON type of `v`, for messages (never the value: it may be secret).
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn wrong(at: &At, want: &str, v: &Value) -> StateError {
    at.error(format!("expected {want}, found {}", kind(v)))
}

/// `v` as an object; `None` for `null` (or absent).
pub(crate) fn object<'v>(
    v: Option<&'v Value>,
    at: &At,
) -> Result<Option<&'v Map<String, Value>>, StateError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(m)) => Ok(Some(m)),
        Some(v) => Err(wrong(at, "an object", v)),
    }
}

/// `v` as an array; empty for `null` (or absent).
pub(crate) fn array<'v>(v: Option<&'v Value>, at: &At) -> Result<&'v [Value], StateError> {
    match v {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(v) => Err(wrong(at, "an array", v)),
    }
}

/// `v` as a string; `""` for `null` (or absent).
/// The members of the object `v` (absent or `null`: none), each read by `read` at its key.
pub(crate) fn members<T>(
    v: Option<&Value>,
    at: &At,
    read: impl Fn(&Value, &At) -> Result<T, StateError>,
) -> Result<Vec<(String, T)>, StateError> {
    let Some(map) = object(v, at)? else {
        return Ok(Vec::new());
    };
    map.iter()
        .map(|(k, v)| Ok((k.clone(), read(v, &at.key(k))?)))
        .collect()
}

pub(crate) fn string(v: Option<&Value>, at: &At) -> Result<String, StateError> {
    match v {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(v) => Err(wrong(at, "a string", v)),
    }
}

/// `v` as a boolean; `false` for `null` (or absent).
pub(crate) fn boolean(v: Option<&Value>, at: &At) -> Result<bool, StateError> {
    match v {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(wrong(at, "a boolean", v)),
    }
}

/// `v` as a whole number that fits 64 bits (signed); `0` for `null` (or absent). A number
/// written with a fraction or an exponent is refused, as Go refuses it for an integer field.
pub(crate) fn int64(v: Option<&Value>, at: &At) -> Result<i64, StateError> {
    match v {
        None | Some(Value::Null) => Ok(0),
        Some(Value::Number(n)) => n
            .as_i64()
            .ok_or_else(|| at.error("expected a whole number of at most 64 bits")),
        Some(v) => Err(wrong(at, "a number", v)),
    }
}

/// `v` as an unsigned whole number of 64 bits; `0` for `null` (or absent).
pub(crate) fn uint64(v: Option<&Value>, at: &At) -> Result<u64, StateError> {
    match v {
        None | Some(Value::Null) => Ok(0),
        Some(Value::Number(n)) => n
            .as_u64()
            .ok_or_else(|| at.error("expected an unsigned whole number of at most 64 bits")),
        Some(v) => Err(wrong(at, "a number", v)),
    }
}

/// `v` as a list of strings (a `null` element is `""`); empty for `null` (or absent).
pub(crate) fn strings(v: Option<&Value>, at: &At) -> Result<Vec<String>, StateError> {
    array(v, at)?
        .iter()
        .enumerate()
        .map(|(i, s)| string(Some(s), &at.index(i)))
        .collect()
}

/// `v` as a map of strings (a `null` entry is `""`), sorted by key; `None` for `null` (or
/// absent), as Go leaves a map it has not seen nil.
pub(crate) fn string_map(
    v: Option<&Value>,
    at: &At,
) -> Result<Option<BTreeMap<String, String>>, StateError> {
    let Some(m) = object(v, at)? else {
        return Ok(None);
    };
    m.iter()
        .map(|(k, s)| Ok((k.clone(), string(Some(s), &at.key(k))?)))
        .collect::<Result<_, _>>()
        .map(Some)
}
