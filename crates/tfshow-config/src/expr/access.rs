//! Indexing and attribute access (`hcl.Index`, `hcl.GetAttr`). Each returns the value and
//! whether HCL reports an error; on errors the value is cty's `DynamicVal`.

use super::convert::convert;
use super::value::V;
use tfshow_cty::Type;

type Ev = (V, bool);

fn error() -> Ev {
    (V::dynamic(), true)
}

/// `collection[key]`.
pub(crate) fn index(coll: V, key: &V) -> Ev {
    if coll.is_null() || key.is_null() {
        return error();
    }
    let ty = coll.ty();
    if key.ty() == Type::Dynamic || ty == Type::Dynamic {
        return (V::dynamic(), false);
    }
    match &ty {
        Type::List(_) | Type::Tuple(_) | Type::Map(_) => {
            let want = if matches!(ty, Type::Map(_)) {
                Type::String
            } else {
                Type::Number
            };
            let Some(key) = convert(key.clone(), &want) else {
                return error();
            };
            let elem = |i: Option<usize>| match (&ty, i) {
                (Type::Tuple(ts), Some(i)) => ts.get(i).cloned().unwrap_or(Type::Dynamic),
                (Type::List(e) | Type::Map(e), _) => (**e).clone(),
                _ => Type::Dynamic,
            };
            match (&ty, coll, &key) {
                (Type::Tuple(_), _, V::Unknown(_)) => (V::dynamic(), false),
                (_, V::Unknown(_), V::Num(n)) if matches!(ty, Type::Tuple(_)) => {
                    match position(n, tuple_len(&ty)) {
                        Some(i) => (V::Unknown(elem(Some(i))), false),
                        None => error(),
                    }
                }
                (_, V::Unknown(_), _) | (_, _, V::Unknown(_)) => (V::Unknown(elem(None)), false),
                (_, V::List(_, items) | V::Tuple(items), V::Num(n)) => {
                    match position(n, items.len()) {
                        Some(i) => (items.into_iter().nth(i).unwrap_or_else(V::dynamic), false),
                        None => error(),
                    }
                }
                (_, V::Map(_, attrs), V::Str(k)) => match attrs.into_iter().find(|(n, _)| n == k) {
                    Some((_, v)) => (v, false),
                    None => error(),
                },
                _ => error(),
            }
        }
        Type::Object(..) => {
            let Some(key) = convert(key.clone(), &Type::String) else {
                return error();
            };
            match key {
                V::Str(name) => get_attr(coll, &name),
                _ => (V::dynamic(), false),
            }
        }
        _ => error(),
    }
}

fn tuple_len(ty: &Type) -> usize {
    match ty {
        Type::Tuple(ts) => ts.len(),
        _ => 0,
    }
}

/// The element a number selects in a sequence of `len` elements: a whole number in range.
fn position(n: &tfshow_cty::Number, len: usize) -> Option<usize> {
    let i = usize::try_from(n.as_i64()?).ok()?;
    (i < len).then_some(i)
}

/// `obj.name`.
pub(crate) fn get_attr(obj: V, name: &str) -> Ev {
    if obj.is_null() {
        return error();
    }
    match (obj.ty(), obj) {
        (Type::Object(attrs, _), v) => {
            let Some((_, aty)) = attrs.into_iter().find(|(n, _)| n == name) else {
                return error();
            };
            match v {
                V::Object(vals) => match vals.into_iter().find(|(n, _)| n == name) {
                    Some((_, v)) => (v, false),
                    None => error(),
                },
                _ => (V::Unknown(aty), false),
            }
        }
        (Type::Map(_), V::Map(_, vals)) => match vals.into_iter().find(|(n, _)| n == name) {
            Some((_, v)) => (v, false),
            None => error(),
        },
        (Type::Map(e), _) => (V::Unknown(*e), false),
        (Type::Dynamic, _) => (V::dynamic(), false),
        _ => error(),
    }
}
