//! cty's "unsafe" conversions (`convert.Convert`) for the types constant expressions can
//! produce: primitives, tuples, objects, and the lists and maps unification turns them into.

use super::float::Float;
use super::value::V;
use tfshow_cty::{Number, Type};

/// Whether cty has a conversion from `from` to `to` (`GetConversionUnsafe` is not nil).
pub(crate) fn can_convert(from: &Type, to: &Type) -> bool {
    if from == to || *from == Type::Dynamic || *to == Type::Dynamic {
        return true;
    }
    match (from, to) {
        (Type::Number | Type::Bool, Type::String) | (Type::String, Type::Number | Type::Bool) => {
            true
        }
        (Type::List(f), Type::List(t)) | (Type::Map(f), Type::Map(t)) => can_convert(f, t),
        (Type::Tuple(fs), Type::List(t)) => fs.iter().all(|f| can_convert(f, t)),
        (Type::Object(fs, _), Type::Map(t)) => fs.iter().all(|(_, f)| can_convert(f, t)),
        (Type::Tuple(fs), Type::Tuple(ts)) => {
            fs.len() == ts.len() && fs.iter().zip(ts).all(|(f, t)| can_convert(f, t))
        }
        (Type::Object(fs, _), Type::Object(ts, _)) => ts.iter().all(|(name, t)| {
            fs.iter()
                .find(|(n, _)| n == name)
                .is_some_and(|(_, f)| can_convert(f, t))
        }),
        _ => false,
    }
}

/// Converts `v` to `want`; `None` when cty would report an error.
pub(crate) fn convert(v: V, want: &Type) -> Option<V> {
    if *want == Type::Dynamic {
        return Some(v);
    }
    let have = v.ty();
    if have == *want {
        return Some(v);
    }
    if !can_convert(&have, want) {
        return None;
    }
    Some(match (v, want) {
        (V::Unknown(_), _) => V::Unknown(want.clone()),
        (V::Null(_), _) => V::Null(want.clone()),
        (V::Num(n), Type::String) => V::Str(n.as_text().into_owned()),
        (V::Bool(b), Type::String) => V::Str(b.to_string()),
        (V::Str(s), Type::Number) => V::Num(parse_number(&s)?),
        (V::Str(s), Type::Bool) => match s.as_str() {
            "true" | "1" => V::Bool(true),
            "false" | "0" => V::Bool(false),
            _ => return None,
        },
        (V::Tuple(items) | V::List(_, items), Type::List(e)) => V::List(
            (**e).clone(),
            items
                .into_iter()
                .map(|i| convert(i, e))
                .collect::<Option<_>>()?,
        ),
        (V::Object(attrs) | V::Map(_, attrs), Type::Map(e)) => V::Map(
            (**e).clone(),
            attrs
                .into_iter()
                .map(|(k, v)| Some((k, convert(v, e)?)))
                .collect::<Option<_>>()?,
        ),
        (V::Tuple(items), Type::Tuple(ts)) => V::Tuple(
            items
                .into_iter()
                .zip(ts)
                .map(|(i, t)| convert(i, t))
                .collect::<Option<_>>()?,
        ),
        (V::Object(mut attrs), Type::Object(ts, _)) => {
            let mut out = Vec::with_capacity(ts.len());
            for (name, t) in ts {
                let i = attrs.iter().position(|(n, _)| n == name)?;
                let (k, v) = attrs.swap_remove(i);
                out.push((k, convert(v, t)?));
            }
            V::object(out)
        }
        _ => return None,
    })
}

/// A string read as a number (`cty.ParseNumberVal`). Infinities are refused (see the module
/// documentation of `expr`).
pub(crate) fn parse_number(s: &str) -> Option<Number> {
    if !s.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    Float::parse(s)?.to_number()
}

/// cty's `Type.TestConformance`: whether `given` conforms to `want` (`dynamic` in `want`
/// accepts anything).
pub(crate) fn conforms(want: &Type, given: &Type) -> bool {
    if want == given || *want == Type::Dynamic {
        return true;
    }
    match (want, given) {
        (Type::List(w), Type::List(g))
        | (Type::Set(w), Type::Set(g))
        | (Type::Map(w), Type::Map(g)) => conforms(w, g),
        (Type::Tuple(w), Type::Tuple(g)) => {
            w.len() == g.len() && w.iter().zip(g).all(|(w, g)| conforms(w, g))
        }
        (Type::Object(w, _), Type::Object(g, _)) => {
            w.len() == g.len()
                && w.iter().all(|(name, wt)| {
                    g.iter()
                        .find(|(n, _)| n == name)
                        .is_some_and(|(_, gt)| conforms(wt, gt))
                })
        }
        _ => false,
    }
}
