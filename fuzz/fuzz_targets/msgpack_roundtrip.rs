//! msgpack values under a type: the first byte picks a type (or, when it is 0xff, the next
//! byte gives the length of a type in JSON), the rest is msgpack. Whatever decodes must encode,
//! and decode → encode → decode must be stable: the second decode equals the first, the second
//! encoding the first. The pre-decode scan (`msgpack::check`) must agree with the decoder, and
//! what reads into a tape (`msgpack::tape`) must be what the decoder decodes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfshow_cty::msgpack::tape::Tape;
use tfshow_cty::msgpack::{check, decode, decode_untyped, encode, DecodeErrorKind, Options};
use tfshow_cty::{Type, Value};

const TYPES: &[&str] = &[
    r#""string""#,
    r#""number""#,
    r#""bool""#,
    r#""dynamic""#,
    r#"["list","string"]"#,
    r#"["set","number"]"#,
    r#"["map","dynamic"]"#,
    r#"["list","dynamic"]"#,
    r#"["set",["object",{"a":"string","b":["list","number"]}]]"#,
    r#"["map",["set","string"]]"#,
    r#"["tuple",["string","number","bool"]]"#,
    r#"["object",{"id":"string","tags":["map","string"],"n":"number","d":"dynamic"}]"#,
    r#"["object",{"a":"string"},["a"]]"#,
    r#"["list",["list",["set","dynamic"]]]"#,
];

fn split(data: &[u8]) -> Option<(Type, &[u8])> {
    let (&first, rest) = data.split_first()?;
    if first == 0xff {
        let (&n, rest) = rest.split_first()?;
        let n = usize::from(n).min(rest.len());
        let ty = Type::from_json(&rest[..n]).ok()?;
        return Some((ty, &rest[n..]));
    }
    let ty = Type::from_json(TYPES[usize::from(first) % TYPES.len()].as_bytes()).ok()?;
    Some((ty, rest))
}

/// Whether `v` holds an empty tuple or object anywhere.
fn collapsed(v: &Value) -> bool {
    match v {
        Value::Tuple(items) | Value::List(items) | Value::Set(items) => {
            matches!(v, Value::Tuple(i) if i.is_empty()) || items.iter().any(collapsed)
        }
        Value::Object(entries) | Value::Map(entries) => {
            matches!(v, Value::Object(e) if e.is_empty()) || entries.iter().any(|(_, x)| collapsed(x))
        }
        Value::Dynamic(b) => collapsed(&b.1),
        _ => false,
    }
}

fn is_limit(k: &DecodeErrorKind) -> bool {
    matches!(k, DecodeErrorKind::Limit(_))
}

fuzz_target!(|data: &[u8]| {
    let Some((ty, bytes)) = split(data) else {
        return;
    };
    let opts = Options {
        max_depth: 64,
        ..Options::default()
    };
    let scanned = check(bytes, &opts);
    let _ = decode_untyped(bytes, &opts);
    let first = decode(bytes, &ty, &opts);
    if let Ok(tape) = Tape::read(bytes, &ty, &opts) {
        let from_tape = tape.root().to_value();
        assert_eq!(
            first.as_ref().map(Value::plain).ok(),
            from_tape.ok(),
            "the tape holds another value than the decoder decodes"
        );
    }
    if let Err(e) = &first {
        // A limit the decoder hits is one the scan reports too.
        if is_limit(&e.kind) {
            assert!(
                matches!(&scanned, Err(s) if is_limit(&s.kind)),
                "decoder hit {e} but the scan said {scanned:?}"
            );
        }
    }
    let Ok(v1) = first else {
        return;
    };
    assert!(
        !matches!(&scanned, Err(s) if is_limit(&s.kind)),
        "scan refused what decoded: {scanned:?}"
    );
    let e1 = match encode(&v1, &ty) {
        Ok(e) => e,
        // Like cty, the decoder reads an empty array or map under a non-empty tuple or object
        // type as an empty tuple or object, which has another type and cannot be encoded
        // under the original one.
        Err(e) => {
            assert!(collapsed(&v1), "a decoded value does not encode: {e:?}");
            return;
        }
    };
    let v2 = decode(&e1, &ty, &opts).expect("an encoding decodes");
    let e2 = encode(&v2, &ty).expect("a re-decoded value encodes");
    assert_eq!(e1, e2, "encode(decode(encode(v))) differs from encode(v)");
    let v3 = decode(&e2, &ty, &opts).expect("an encoding decodes");
    assert_eq!(v2, v3, "decode is not stable");
});
