//! The pull reader reads what the tree decoder decodes, item for item.

use proptest::prelude::*;
use tfshow_cty::arbitrary::{any_type, typed_value};
use tfshow_cty::msgpack::pull::{Item, Num, Pull, PullError, PullResult};
use tfshow_cty::msgpack::{decode, encode, Options};
use tfshow_cty::{Number, Type, Value};

/// Builds a value from the pull reader's items.
fn pulled(p: &mut Pull<'_>, ty: &Type) -> PullResult<Value> {
    p.value(ty, |p, item, ty| {
        Ok(match item {
            Item::Null => Value::Null,
            Item::Unknown(shape) => Value::unknown(shape),
            Item::Bool(b) => Value::Bool(b),
            Item::Number(n) => Value::Number(match n {
                Num::Int(i) => Number::from_i64(i),
                Num::Uint(u) => Number::from_u64(u),
                Num::Float(f) => Number::from_f64(f)?,
                Num::Text(s) => Number::parse(s)?,
            }),
            Item::String(s) => Value::String(s.as_ref().into()),
            Item::List(n) | Item::Set(n) | Item::Tuple(n) => {
                let mut items = Vec::new();
                p.elements(ty, n, |p, _, t| {
                    items.push(pulled(p, t)?);
                    Ok(())
                })?;
                match item {
                    Item::List(_) => Value::List(items),
                    Item::Set(_) => Value::Set(items),
                    _ => Value::Tuple(items),
                }
            }
            Item::Map(n) | Item::Object(n) => {
                let mut entries = Vec::new();
                p.entries(ty, n, |p, k, t| {
                    entries.push((k.into(), pulled(p, t)?));
                    Ok(())
                })?;
                if matches!(item, Item::Map(_)) {
                    Value::Map(entries)
                } else {
                    Value::Object(entries)
                }
            }
        })
    })
}

/// `v` as the pull reader sees it: dynamic values as their concrete value, unknowns without
/// refinements.
fn plain(v: &Value) -> Value {
    match v.peel() {
        Value::Unknown(u) => Value::unknown(u.shape),
        Value::List(items) => Value::List(items.iter().map(plain).collect()),
        Value::Set(items) => Value::Set(items.iter().map(plain).collect()),
        Value::Tuple(items) => Value::Tuple(items.iter().map(plain).collect()),
        Value::Map(entries) => {
            Value::Map(entries.iter().map(|(k, v)| (k.clone(), plain(v))).collect())
        }
        Value::Object(entries) => {
            Value::Object(entries.iter().map(|(k, v)| (k.clone(), plain(v))).collect())
        }
        other => other.clone(),
    }
}

fn pull(bytes: &[u8], ty: &Type) -> PullResult<Value> {
    pulled(&mut Pull::new(bytes, &Options::default()), ty)
}

#[test]
fn keys_out_of_order_are_refused() {
    let t = Type::from_json(br#"["object",{"a":"bool","b":"bool"}]"#).unwrap();
    let sorted = b"\x82\xa1a\xc3\xa1b\xc2";
    let swapped = b"\x82\xa1b\xc2\xa1a\xc3";
    assert_eq!(
        pull(sorted, &t).unwrap(),
        decode(sorted, &t, &Options::default()).unwrap()
    );
    assert_eq!(*pull(swapped, &t).unwrap_err(), PullError::Unordered);
    // The tree decoder sorts them.
    assert_eq!(
        decode(swapped, &t, &Options::default()).unwrap(),
        pull(sorted, &t).unwrap()
    );
    let m = Type::Map(Box::new(Type::Bool));
    assert_eq!(
        *pull(b"\x82\xa1a\xc3\xa1a\xc2", &m).unwrap_err(),
        PullError::Unordered
    );
}

#[test]
fn depth_is_limited_as_the_tree_decoder_limits_it() {
    let t = Type::List(Box::new(Type::List(Box::new(Type::Bool))));
    let bytes = b"\x91\x91\xc3";
    let opts = Options {
        max_depth: 1,
        ..Options::default()
    };
    assert!(decode(bytes, &t, &opts).is_err());
    assert!(pulled(&mut Pull::new(bytes, &opts), &t).is_err());
}

proptest! {
    #[test]
    fn pulls_what_cty_encodes((t, v) in typed_value()) {
        let bytes = encode(&v, &t).unwrap();
        let tree = decode(&bytes, &t, &Options::default()).unwrap();
        prop_assert_eq!(pull(&bytes, &t).unwrap(), plain(&tree));
    }

    #[test]
    fn pulls_nothing_the_tree_decoder_refuses(
        bytes in prop::collection::vec(any::<u8>(), 0..64),
        t in any_type(),
    ) {
        if let Ok(v) = pull(&bytes, &t) {
            let tree = decode(&bytes, &t, &Options::default());
            prop_assert_eq!(tree.map(|t| plain(&t)), Ok(v));
        }
    }

    #[test]
    fn pulls_nothing_the_tree_decoder_refuses_in_damaged_values(
        (t, v) in typed_value(),
        at in any::<usize>(),
        byte in any::<u8>(),
    ) {
        let mut bytes = encode(&v, &t).unwrap();
        let at = at % bytes.len();
        bytes[at] = byte;
        if let Ok(v) = pull(&bytes, &t) {
            let tree = decode(&bytes, &t, &Options::default());
            prop_assert_eq!(tree.map(|t| plain(&t)), Ok(v));
        }
    }
}
