//! Values during evaluation: cty values that know their full type, including the type of
//! unknown and null values, as HCL's unification and conversions need it.

use tfshow_cty::{Number, Type, Value};

/// A cty value with its type.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum V {
    /// An unknown value of a type (`dynamic` for cty's `DynamicVal`).
    Unknown(Type),
    /// A null of a type (`dynamic` for the `null` literal).
    Null(Type),
    Bool(bool),
    Num(Number),
    Str(String),
    /// `list(T)`: the element type, then the elements.
    List(Type, Vec<V>),
    /// `map(T)`: the element type, then the entries sorted by key.
    Map(Type, Vec<(String, V)>),
    Tuple(Vec<V>),
    /// Attributes sorted by name.
    Object(Vec<(String, V)>),
}

impl V {
    /// cty's `DynamicVal`.
    pub(crate) fn dynamic() -> V {
        V::Unknown(Type::Dynamic)
    }

    /// An object from attributes in any order; a later duplicate replaces an earlier one.
    pub(crate) fn object(attrs: Vec<(String, V)>) -> V {
        V::Object(sorted(attrs))
    }

    pub(crate) fn ty(&self) -> Type {
        match self {
            V::Unknown(t) | V::Null(t) => t.clone(),
            V::Bool(_) => Type::Bool,
            V::Num(_) => Type::Number,
            V::Str(_) => Type::String,
            V::List(e, _) => Type::List(Box::new(e.clone())),
            V::Map(e, _) => Type::Map(Box::new(e.clone())),
            V::Tuple(items) => Type::Tuple(items.iter().map(V::ty).collect()),
            V::Object(attrs) => Type::Object(
                attrs.iter().map(|(k, v)| (k.clone(), v.ty())).collect(),
                Vec::new(),
            ),
        }
    }

    pub(crate) fn is_known(&self) -> bool {
        !matches!(self, V::Unknown(_))
    }

    pub(crate) fn is_null(&self) -> bool {
        matches!(self, V::Null(_))
    }

    /// cty's `RawEquals(NullVal(DynamicPseudoType))`: the `null` literal's value.
    pub(crate) fn is_dynamic_null(&self) -> bool {
        matches!(self, V::Null(Type::Dynamic))
    }

    /// A measure of the value's size, charged against the evaluation budget when it is copied.
    pub(crate) fn weight(&self) -> u64 {
        match self {
            V::Str(s) => 1 + s.len() as u64 / 16,
            V::List(_, items) | V::Tuple(items) => 1 + items.iter().map(V::weight).sum::<u64>(),
            V::Map(_, attrs) | V::Object(attrs) => {
                1 + attrs
                    .iter()
                    .map(|(k, v)| 1 + k.len() as u64 / 16 + v.weight())
                    .sum::<u64>()
            }
            _ => 1,
        }
    }

    /// The elements of a known collection, with their keys, in cty's iteration order.
    pub(crate) fn into_elements(self) -> Option<Vec<(V, V)>> {
        match self {
            V::List(_, items) | V::Tuple(items) => Some(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| (V::Num(Number::from_u64(i as u64)), v))
                    .collect(),
            ),
            V::Map(_, attrs) | V::Object(attrs) => {
                Some(attrs.into_iter().map(|(k, v)| (V::Str(k), v)).collect())
            }
            _ => None,
        }
    }

    /// The value as `show -json` prints it, when it is wholly known and printable.
    pub(crate) fn to_cty(&self) -> Option<Value> {
        Some(match self {
            V::Unknown(_) => return None,
            V::Null(_) => Value::Null,
            V::Bool(b) => Value::Bool(*b),
            V::Num(n) => {
                if n.infinity_sign().is_some() {
                    return None;
                }
                Value::Number(n.clone())
            }
            V::Str(s) => Value::String(s.as_str().into()),
            V::List(_, items) => Value::List(items.iter().map(V::to_cty).collect::<Option<_>>()?),
            V::Tuple(items) => Value::Tuple(items.iter().map(V::to_cty).collect::<Option<_>>()?),
            V::Map(_, attrs) => Value::Map(entries(attrs)?),
            V::Object(attrs) => Value::Object(entries(attrs)?),
        })
    }
}

fn entries(attrs: &[(String, V)]) -> Option<Vec<(tfshow_cty::Str, Value)>> {
    attrs
        .iter()
        .map(|(k, v)| Some((k.as_str().into(), v.to_cty()?)))
        .collect()
}

/// Sorts attributes by name, keeping the last of duplicates.
pub(crate) fn sorted(attrs: Vec<(String, V)>) -> Vec<(String, V)> {
    let mut map = std::collections::BTreeMap::new();
    for (k, v) in attrs {
        map.insert(k, v);
    }
    map.into_iter().collect()
}
