//! JSON → [`Value`], as cty's JSON unmarshaller reads state files.

use serde_json::Value as J;

use crate::{Number, Type, Value};

/// JSON nests at most this deep in a value: the most the `depth` limit can be set to (the
/// JSON parser enforces the configured limit, see `tfshow_limits::json`).
const MAX_DEPTH: usize = tfshow_limits::MAX_DEPTH;

/// A JSON value that does not fit the type.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{message}{}", if path.is_empty() { String::new() } else { format!(" at {path}") })]
pub struct JsonDecodeError {
    /// Attribute path to the problem (`.tags["a"]`).
    pub path: String,
    /// What was wrong.
    pub message: String,
}

impl JsonDecodeError {
    fn new(message: impl Into<String>) -> Self {
        JsonDecodeError {
            path: String::new(),
            message: message.into(),
        }
    }

    fn under(mut self, step: &str) -> Self {
        self.path.insert_str(0, step);
        self
    }
}

fn number(n: &serde_json::Number) -> Result<Number, JsonDecodeError> {
    Number::parse(&n.to_string()).map_err(|e| JsonDecodeError::new(e.to_string()))
}

fn expected(ty: &Type, j: &J) -> JsonDecodeError {
    let found = match j {
        J::Null => "null",
        J::Bool(_) => "bool",
        J::Number(_) => "number",
        J::String(_) => "string",
        J::Array(_) => "array",
        J::Object(_) => "object",
    };
    JsonDecodeError::new(format!("expected {}, found {found}", ty.to_json()))
}

/// Decodes JSON as a value of type `ty`. Object attributes missing from the JSON are null;
/// extra ones are an error. Strings are accepted for numbers and bools, as cty does.
pub fn from_json(j: &J, ty: &Type) -> Result<Value, JsonDecodeError> {
    typed(j, ty, 0)
}

fn typed(j: &J, ty: &Type, depth: usize) -> Result<Value, JsonDecodeError> {
    if depth > MAX_DEPTH {
        return Err(JsonDecodeError::new("value nested too deeply"));
    }
    if j.is_null() {
        return Ok(Value::Null);
    }
    Ok(match (ty, j) {
        (Type::Dynamic, J::Object(o)) => {
            let (Some(t), Some(v), 2) = (o.get("type"), o.get("value"), o.len()) else {
                return Err(JsonDecodeError::new(
                    "dynamic value must have exactly \"type\" and \"value\"",
                ));
            };
            let t = Type::from_json_value(t).map_err(|e| JsonDecodeError::new(e.to_string()))?;
            let v = typed(v, &t, depth + 1)?;
            Value::Dynamic(Box::new((t, v)))
        }
        (Type::String, J::String(s)) => Value::String(crate::nfc_str(s)),
        (Type::String, J::Number(n)) => Value::String(n.to_string().into()),
        (Type::String, J::Bool(b)) => Value::String(b.to_string().into()),
        (Type::Number, J::Number(n)) => Value::Number(number(n)?),
        (Type::Number, J::String(s)) => {
            Value::Number(Number::parse(s).map_err(|e| JsonDecodeError::new(e.to_string()))?)
        }
        (Type::Bool, J::Bool(b)) => Value::Bool(*b),
        (Type::Bool, J::String(s)) if s == "true" || s == "false" => Value::Bool(s == "true"),
        (Type::List(e), J::Array(a)) => Value::List(elements(a, |_| Some(e), depth)?),
        (Type::Set(e), J::Array(a)) => {
            let mut items = elements(a, |_| Some(e), depth)?;
            crate::set::dedup(&mut items);
            Value::Set(items)
        }
        (Type::Tuple(ts), J::Array(a)) => {
            if a.len() != ts.len() {
                return Err(JsonDecodeError::new(format!(
                    "tuple has {} elements, type has {}",
                    a.len(),
                    ts.len()
                )));
            }
            Value::Tuple(elements(a, |i| ts.get(i), depth)?)
        }
        (Type::Map(e), J::Object(o)) => {
            let mut entries: Vec<(crate::Str, Value)> = Vec::with_capacity(o.len());
            for (k, v) in o {
                entries.push((
                    k.as_str().into(),
                    typed(v, e, depth + 1).map_err(|er| er.under(&format!("[{k:?}]")))?,
                ));
            }
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Map(entries)
        }
        (Type::Object(attrs, _), J::Object(o)) => {
            if let Some(k) = o.keys().find(|k| ty.attribute(k).is_none()) {
                return Err(JsonDecodeError::new(format!("unsupported attribute {k:?}")));
            }
            let mut entries = Vec::with_capacity(attrs.len());
            for (name, t) in attrs {
                let v = match o.get(name) {
                    Some(v) => typed(v, t, depth + 1).map_err(|e| e.under(&format!(".{name}")))?,
                    None => Value::Null,
                };
                entries.push((name.as_str().into(), v));
            }
            Value::Object(entries)
        }
        (ty, j) => return Err(expected(ty, j)),
    })
}

fn elements<'t>(
    a: &[J],
    ty_of: impl Fn(usize) -> Option<&'t Type>,
    depth: usize,
) -> Result<Vec<Value>, JsonDecodeError> {
    a.iter()
        .enumerate()
        .map(|(i, v)| {
            let t = ty_of(i).ok_or_else(|| JsonDecodeError::new("too many tuple elements"))?;
            typed(v, t, depth + 1).map_err(|e| e.under(&format!("[{i}]")))
        })
        .collect()
}

/// Decodes JSON without a type: arrays become tuples and objects become objects. Used for state
/// attributes when no provider schema is available.
pub fn from_json_untyped(j: &J) -> Result<Value, JsonDecodeError> {
    untyped(j, 0)
}

fn untyped(j: &J, depth: usize) -> Result<Value, JsonDecodeError> {
    if depth > MAX_DEPTH {
        return Err(JsonDecodeError::new("value nested too deeply"));
    }
    Ok(match j {
        J::Null => Value::Null,
        J::Bool(b) => Value::Bool(*b),
        J::Number(n) => Value::Number(number(n)?),
        J::String(s) => Value::String(crate::nfc_str(s)),
        J::Array(a) => Value::Tuple(
            a.iter()
                .enumerate()
                .map(|(i, v)| untyped(v, depth + 1).map_err(|e| e.under(&format!("[{i}]"))))
                .collect::<Result<_, _>>()?,
        ),
        J::Object(o) if looks_dynamic(o) => {
            let wrapped = o
                .get("type")
                .and_then(|t| Type::from_json_value(t).ok())
                .and_then(|t| {
                    let v = o.get("value").and_then(|v| typed(v, &t, depth + 1).ok())?;
                    Some(Value::Dynamic(Box::new((t, v))))
                });
            match wrapped {
                Some(v) => v,
                None => untyped_object(o, depth)?,
            }
        }
        J::Object(o) => untyped_object(o, depth)?,
    })
}

/// An object that is exactly `{"type": …, "value": …}`: how state files store values of
/// `dynamic` attributes. Without a schema this is taken to be such a wrapper.
fn looks_dynamic(o: &serde_json::Map<String, J>) -> bool {
    o.len() == 2 && o.contains_key("type") && o.contains_key("value")
}

fn untyped_object(o: &serde_json::Map<String, J>, depth: usize) -> Result<Value, JsonDecodeError> {
    let mut entries: Vec<(crate::Str, Value)> = Vec::with_capacity(o.len());
    for (k, v) in o {
        entries.push((
            k.as_str().into(),
            untyped(v, depth + 1).map_err(|e| e.under(&format!(".{k}")))?,
        ));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Value::Object(entries))
}
