//! proptest strategies for cty types and values (feature `arbitrary`), for property tests
//! here and in the crates that build on this one.

use proptest::prelude::*;

use crate::{Number, Type, UnknownShape, Value};

/// Types up to four levels deep, `dynamic` included (but not inside sets).
pub fn any_type() -> impl Strategy<Value = Type> {
    let leaf = prop_oneof![
        Just(Type::String),
        Just(Type::Number),
        Just(Type::Bool),
        Just(Type::Dynamic)
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(|t| Type::List(Box::new(t))),
            inner.clone().prop_map(|t| Type::Map(Box::new(t))),
            inner
                .clone()
                .prop_filter("no dynamic in sets", |t| !t.has_dynamic())
                .prop_map(|t| Type::Set(Box::new(t))),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Type::Tuple),
            prop::collection::btree_map("[a-z_]{1,6}", inner, 0..4)
                .prop_map(|m| Type::object(m.into_iter().collect())),
        ]
    })
}

/// Numbers of every representation: small and large integers, floats, long decimals.
pub fn any_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        any::<u64>().prop_map(Number::from_u64),
        proptest::num::f64::NORMAL.prop_map(|f| Number::from_f64(f).unwrap()), // ok: normal floats are numbers
        "-?[1-9][0-9]{0,30}\\.[0-9]{0,20}[1-9]".prop_map(|s| Number::parse(&s).unwrap()), // ok: decimals
    ]
}

/// Values of type `t`: null and unknown sometimes, else known values with NFC strings.
pub fn value_of(t: Type) -> BoxedStrategy<Value> {
    let special = prop_oneof![
        Just(Value::Null),
        Just(Value::unknown(UnknownShape::of(&t)))
    ];
    let known: BoxedStrategy<Value> = match t.clone() {
        // cty keeps strings in NFC, so only NFC strings survive a round trip unchanged.
        Type::String => "\\PC{0,40}"
            .prop_map(|s| Value::String(crate::nfc_str(&s)))
            .boxed(),
        Type::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Type::Number => any_number().prop_map(Value::Number).boxed(),
        Type::Dynamic => any_type()
            .prop_filter("concrete", |t| *t != Type::Dynamic)
            .prop_flat_map(|t| {
                value_of(t.clone()).prop_map(move |v| Value::Dynamic(Box::new((t.clone(), v))))
            })
            .boxed(),
        Type::List(e) => prop::collection::vec(value_of(*e), 0..4)
            .prop_map(Value::List)
            .boxed(),
        Type::Set(e) => prop::collection::vec(value_of(*e), 0..4)
            .prop_map(Value::Set)
            .boxed(),
        Type::Tuple(ts) => ts
            .into_iter()
            .map(value_of)
            .collect::<Vec<_>>()
            .prop_map(Value::Tuple)
            .boxed(),
        Type::Map(e) => prop::collection::btree_map("\\PC{0,8}", value_of(*e), 0..4)
            .prop_map(|m| Value::Map(m.into_iter().map(|(k, v)| (k.into(), v)).collect()))
            .boxed(),
        Type::Object(attrs, _) => {
            let names: Vec<String> = attrs.iter().map(|(n, _)| n.clone()).collect();
            attrs
                .into_iter()
                .map(|(_, t)| value_of(t))
                .collect::<Vec<_>>()
                .prop_map(move |vals| {
                    Value::Object(names.iter().map(|n| n.into()).zip(vals).collect())
                })
                .boxed()
        }
    };
    prop_oneof![1 => special, 6 => known].boxed()
}

/// A type and a value of it.
pub fn typed_value() -> impl Strategy<Value = (Type, Value)> {
    any_type().prop_flat_map(|t| value_of(t.clone()).prop_map(move |v| (t.clone(), v)))
}
