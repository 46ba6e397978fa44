//! cty values.

use crate::{Number, Str, Type};

/// A cty value.
///
/// Values do not carry their full type; the codecs are driven by a [`Type`] instead. What a
/// value needs from its type to be rendered is kept in it: the kind of collection, and for
/// unknowns the [`UnknownShape`]. A value held where the static type is `dynamic` keeps its
/// concrete type in [`Value::Dynamic`].
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A null of any type.
    Null,
    /// A value not known until apply.
    Unknown(Unknown),
    /// `bool`
    Bool(bool),
    /// `number`
    Number(Number),
    /// `string`
    String(Str),
    /// `list(T)` elements in order.
    List(Vec<Value>),
    /// `set(T)` elements in cty's set iteration order (as encoded).
    Set(Vec<Value>),
    /// `tuple([…])` elements.
    Tuple(Vec<Value>),
    /// `map(T)`, entries sorted by key.
    Map(Vec<(Str, Value)>),
    /// `object({…})`, attributes sorted by name.
    Object(Vec<(Str, Value)>),
    /// A value whose static type is `dynamic`, with its concrete type.
    Dynamic(Box<(Type, Value)>),
}

/// An unknown value.
#[derive(Clone, Debug, PartialEq)]
pub struct Unknown {
    /// What kind of value it will be.
    pub shape: UnknownShape,
    /// What is known about it already, if anything.
    pub refinements: Option<Box<Refinements>>,
}

/// The kind of type of an unknown value: all that JSON rendering needs of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownShape {
    /// Type `dynamic`, or not known (schema-less decoding).
    Dynamic,
    /// string, number or bool.
    Primitive,
    /// list, set or tuple.
    Sequence,
    /// map or object.
    Mapping,
}

impl UnknownShape {
    /// The shape of values of type `t`.
    pub fn of(t: &Type) -> UnknownShape {
        match t {
            Type::Dynamic => UnknownShape::Dynamic,
            Type::String | Type::Number | Type::Bool => UnknownShape::Primitive,
            Type::List(_) | Type::Set(_) | Type::Tuple(_) => UnknownShape::Sequence,
            Type::Map(_) | Type::Object(..) => UnknownShape::Mapping,
        }
    }
}

/// Refinements of an unknown value (cty 1.13+, Terraform 1.6+).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Refinements {
    /// Known not to be null.
    pub not_null: bool,
    /// Strings: a known prefix.
    pub string_prefix: Option<String>,
    /// Numbers: lower bound and whether it is inclusive.
    pub number_lower: Option<(Number, bool)>,
    /// Numbers: upper bound and whether it is inclusive.
    pub number_upper: Option<(Number, bool)>,
    /// Collections: minimum length.
    pub length_lower: Option<u64>,
    /// Collections: maximum length.
    pub length_upper: Option<u64>,
}

impl Value {
    /// A plain unknown of the given shape.
    pub fn unknown(shape: UnknownShape) -> Value {
        Value::Unknown(Unknown {
            shape,
            refinements: None,
        })
    }

    /// The value itself, looking through a [`Value::Dynamic`] wrapper.
    pub fn peel(&self) -> &Value {
        match self {
            Value::Dynamic(d) => d.1.peel(),
            v => v,
        }
    }

    /// Whether this is null (looking through `dynamic`).
    pub fn is_null(&self) -> bool {
        matches!(self.peel(), Value::Null)
    }

    /// Whether this is unknown (looking through `dynamic`).
    pub fn is_unknown(&self) -> bool {
        matches!(self.peel(), Value::Unknown(_))
    }

    /// The value with every `dynamic` wrapper peeled and every unknown's refinements dropped,
    /// at any depth: what a [`Tape`](crate::msgpack::tape::Tape) keeps of a value.
    pub fn plain(&self) -> Value {
        match self.peel() {
            Value::Unknown(u) => Value::unknown(u.shape),
            Value::List(items) => Value::List(items.iter().map(Value::plain).collect()),
            Value::Set(items) => Value::Set(items.iter().map(Value::plain).collect()),
            Value::Tuple(items) => Value::Tuple(items.iter().map(Value::plain).collect()),
            Value::Map(entries) => Value::Map(plain_entries(entries)),
            Value::Object(entries) => Value::Object(plain_entries(entries)),
            other => other.clone(),
        }
    }

    /// Whether the value and everything in it is known.
    pub fn is_wholly_known(&self) -> bool {
        match self.peel() {
            Value::Unknown(_) => false,
            Value::List(v) | Value::Set(v) | Value::Tuple(v) => {
                v.iter().all(Value::is_wholly_known)
            }
            Value::Map(m) | Value::Object(m) => m.iter().all(|(_, v)| v.is_wholly_known()),
            _ => true,
        }
    }

    /// An attribute of an object (or a map entry), if present.
    pub fn get(&self, name: &str) -> Option<&Value> {
        match self.peel() {
            Value::Object(m) | Value::Map(m) => m
                .binary_search_by(|(k, _)| k.as_str().cmp(name))
                .ok()
                .map(|i| &m[i].1),
            _ => None,
        }
    }

    /// The concrete type of a value, where it can be told from the value and a static type.
    /// Used for output values, which are always held under `dynamic`.
    pub fn concrete_type(&self) -> Option<&Type> {
        match self {
            Value::Dynamic(d) => Some(&d.0),
            _ => None,
        }
    }
}

fn plain_entries(entries: &[(Str, Value)]) -> Vec<(Str, Value)> {
    entries
        .iter()
        .map(|(k, v)| (k.clone(), v.plain()))
        .collect()
}
