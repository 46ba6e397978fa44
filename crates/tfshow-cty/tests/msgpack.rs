//! msgpack codec: byte examples observed in real Terraform plans, and round-trip properties.

use proptest::prelude::*;
use tfshow_cty::arbitrary::{any_type, typed_value};
use tfshow_cty::msgpack::{decode, decode_untyped, encode, DecodeErrorKind, Options};
use tfshow_cty::{Number, Refinements, Type, Unknown, UnknownShape, Value};

fn ty(json: &str) -> Type {
    Type::from_json(json.as_bytes()).unwrap()
}

fn num(s: &str) -> Value {
    Value::Number(Number::parse(s).unwrap())
}

#[test]
fn numbers_use_cty_encodings() {
    // create_basic (Terraform 1.15.5): list_num = [1, 2.5, -3, 3.14]
    let bytes = b"\x94\x01\xcb\x40\x04\x00\x00\x00\x00\x00\x00\xfd\xa43.14";
    let t = ty(r#"["list","number"]"#);
    let v = decode(bytes, &t, &Options::default()).unwrap();
    assert_eq!(
        v,
        Value::List(vec![num("1"), num("2.5"), num("-3"), num("3.14")])
    );
    assert_eq!(encode(&v, &t).unwrap(), bytes);
    // big = 123456789012345678901234567890 is written as a string
    let big = b"\xbe123456789012345678901234567890";
    let v = decode(big, &Type::Number, &Options::default()).unwrap();
    assert_eq!(v, num("123456789012345678901234567890"));
    assert_eq!(encode(&v, &Type::Number).unwrap(), big);
}

#[test]
fn dynamic_wrapper_keeps_the_concrete_type() {
    // output thing_id: unknown string under dynamic
    let bytes = b"\x92\xc4\x08\"string\"\xd4\x00\x00";
    let v = decode(bytes, &Type::Dynamic, &Options::default()).unwrap();
    assert_eq!(
        v,
        Value::Dynamic(Box::new((
            Type::String,
            Value::unknown(UnknownShape::Primitive)
        )))
    );
    assert_eq!(encode(&v, &Type::Dynamic).unwrap(), bytes);
    assert_eq!(decode_untyped(bytes, &Options::default()).unwrap(), v);
}

#[test]
fn refined_unknowns() {
    let bytes = b"\xc7\x03\x0c\x81\x01\xc2";
    let v = decode(bytes, &Type::String, &Options::default()).unwrap();
    let Value::Unknown(Unknown {
        shape: UnknownShape::Primitive,
        refinements: Some(r),
    }) = &v
    else {
        panic!("{v:?}")
    };
    assert!(r.not_null);
    assert_eq!(encode(&v, &Type::String).unwrap(), bytes);
    // Under dynamic the refinements are dropped.
    assert_eq!(
        decode(bytes, &Type::Dynamic, &Options::default()).unwrap(),
        Value::unknown(UnknownShape::Dynamic)
    );
}

#[test]
fn objects_must_match_their_type() {
    let t = ty(r#"["object",{"a":"string"}]"#);
    let err = decode(b"\x81\xa1b\xa1x", &t, &Options::default()).unwrap_err();
    assert_eq!(err.kind, DecodeErrorKind::UnsupportedAttribute("b".into()));
    // An empty map is the empty object whatever the type says.
    assert_eq!(
        decode(b"\x80", &t, &Options::default()).unwrap(),
        Value::Object(vec![])
    );
    let nested = ty(r#"["object",{"a":["list","number"]}]"#);
    let err = decode(b"\x81\xa1a\x92\x01\xa1x", &nested, &Options::default()).unwrap_err();
    assert_eq!(err.path, "[\"a\"][1]");
}

#[test]
fn hostile_lengths_and_depth_are_errors() {
    // An array claiming 2^32-1 elements in 5 bytes.
    let err = decode(
        b"\xdd\xff\xff\xff\xff",
        &ty(r#"["list","string"]"#),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(err.kind, DecodeErrorKind::Truncated);
    let deep = [0x91u8; 10_000];
    let err = decode_untyped(&deep, &Options::default()).unwrap_err();
    assert!(
        matches!(&err.kind, DecodeErrorKind::Limit(e) if e.limit == tfshow_limits::Limit::Depth),
        "{err}"
    );
    for len in 0..=2 {
        assert!(decode(&b"\xcb\x40\x04"[..len], &Type::Number, &Options::default()).is_err());
    }
}

proptest! {
    #[test]
    fn encode_decode_round_trips((t, v) in typed_value()) {
        let bytes = encode(&v, &t).unwrap();
        let back = decode(&bytes, &t, &Options::default()).unwrap();
        prop_assert_eq!(encode(&back, &t).unwrap(), bytes);
    }

    #[test]
    fn decoding_garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..64), t in any_type()) {
        let _ = decode(&bytes, &t, &Options::default());
        let _ = decode_untyped(&bytes, &Options::default());
    }
}

#[test]
fn refinement_fields_round_trip() {
    let r = Refinements {
        not_null: true,
        number_lower: Some((Number::from_i64(1), true)),
        number_upper: Some((Number::parse("2.5").unwrap(), false)),
        ..Default::default()
    };
    let v = Value::Unknown(Unknown {
        shape: UnknownShape::Primitive,
        refinements: Some(Box::new(r)),
    });
    let bytes = encode(&v, &Type::Number).unwrap();
    assert_eq!(
        decode(&bytes, &Type::Number, &Options::default()).unwrap(),
        v
    );
}
