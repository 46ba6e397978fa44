//! Converting a value to a type constraint (`cty/convert`), as Terraform does for variable
//! defaults and values.

use crate::set::{dedup, sort_elements};
use crate::{Number, Type, UnknownShape, Value};

/// A value that cannot be converted.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{0}")]
pub struct ConvertError(pub String);

fn kind(v: &Value) -> &'static str {
    match v.peel() {
        Value::String(_) => "string",
        Value::Number(_) => "number",
        Value::Bool(_) => "bool",
        Value::List(_) => "list",
        Value::Set(_) => "set",
        Value::Tuple(_) => "tuple",
        Value::Map(_) => "map",
        Value::Object(_) => "object",
        _ => "value",
    }
}

/// Converts `v` to type `ty` (`dynamic` accepts anything as it is). Object attributes that
/// are optional in `ty` and missing from `v` become null; `defaults` are not applied here.
pub fn convert(v: &Value, ty: &Type) -> Result<Value, ConvertError> {
    let err = || ConvertError(format!("cannot convert {} to {}", kind(v), ty.to_json()));
    let v = v.peel();
    match (v, ty) {
        (_, Type::Dynamic) => Ok(v.clone()),
        (Value::Null, _) => Ok(Value::Null),
        (Value::Unknown(_), t) => Ok(Value::unknown(UnknownShape::of(t))),
        (Value::String(_), Type::String)
        | (Value::Number(_), Type::Number)
        | (Value::Bool(_), Type::Bool) => Ok(v.clone()),
        (Value::Number(n), Type::String) => Ok(Value::String(n.as_text().into())),
        (Value::Bool(b), Type::String) => Ok(Value::String(b.to_string().into())),
        (Value::String(s), Type::Number) => Number::parse(s).map(Value::Number).map_err(|_| err()),
        (Value::String(s), Type::Bool) => match s.as_str() {
            "true" | "1" => Ok(Value::Bool(true)),
            "false" | "0" => Ok(Value::Bool(false)),
            _ => Err(err()),
        },
        (Value::List(items) | Value::Set(items) | Value::Tuple(items), Type::List(e)) => {
            Ok(Value::List(elements(items, e)?))
        }
        (Value::List(items) | Value::Set(items) | Value::Tuple(items), Type::Set(e)) => {
            let mut items = elements(items, e)?;
            dedup(&mut items);
            sort_elements(&mut items);
            Ok(Value::Set(items))
        }
        (Value::List(items) | Value::Set(items) | Value::Tuple(items), Type::Tuple(ts)) => {
            if items.len() != ts.len() {
                return Err(err());
            }
            Ok(Value::Tuple(
                items
                    .iter()
                    .zip(ts)
                    .map(|(i, t)| convert(i, t))
                    .collect::<Result<_, _>>()?,
            ))
        }
        (Value::Map(entries) | Value::Object(entries), Type::Map(e)) => {
            let target = unify(entries.iter().map(|(_, v)| v), e);
            let mut out = Vec::with_capacity(entries.len());
            for (k, x) in entries {
                out.push((k.clone(), convert(x, &target)?));
            }
            Ok(Value::Map(out))
        }
        (Value::Map(entries) | Value::Object(entries), Type::Object(attrs, optional)) => {
            let mut out = Vec::with_capacity(attrs.len());
            for (name, t) in attrs {
                match entries.iter().find(|(k, _)| k == name) {
                    Some((_, x)) => out.push((name.as_str().into(), convert(x, t)?)),
                    None if optional.contains(name) => {
                        out.push((name.as_str().into(), Value::Null))
                    }
                    None => return Err(ConvertError(format!("attribute {name:?} is required"))),
                }
            }
            Ok(Value::Object(out))
        }
        _ => Err(err()),
    }
}

fn elements(items: &[Value], e: &Type) -> Result<Vec<Value>, ConvertError> {
    let target = unify(items.iter(), e);
    items.iter().map(|i| convert(i, &target)).collect()
}

/// For a collection of `dynamic` elements, the common type: the elements' own type when they
/// agree, `string` when they are mixed primitives.
fn unify<'a>(items: impl Iterator<Item = &'a Value>, e: &Type) -> Type {
    if *e != Type::Dynamic {
        return e.clone();
    }
    let mut kinds = items
        .filter(|v| !v.is_null() && !v.is_unknown())
        .map(kind)
        .collect::<Vec<_>>();
    kinds.sort();
    kinds.dedup();
    match kinds.as_slice() {
        [k] if *k == "string" => Type::String,
        [k] if *k == "number" => Type::Number,
        [k] if *k == "bool" => Type::Bool,
        ks if !ks.is_empty()
            && ks
                .iter()
                .all(|k| matches!(*k, "string" | "number" | "bool")) =>
        {
            Type::String
        }
        _ => Type::Dynamic,
    }
}
