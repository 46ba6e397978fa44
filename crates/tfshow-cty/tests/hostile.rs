//! The msgpack fuzz target's crashes (`testdata/hostile/msgpack_roundtrip-*`), replayed: each
//! input is decoded under the type the fuzz target picks, and decoding, encoding and decoding
//! again return values or errors, never panic.

use std::path::Path;

use tfshow_cty::msgpack::{check, decode, decode_untyped, encode, Options};
use tfshow_cty::{Type, Value};

/// The fuzz target's types (`fuzz/fuzz_targets/msgpack_roundtrip.rs`), in the same order.
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

/// The type and the msgpack bytes of a fuzz input, as the fuzz target splits them.
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

#[test]
fn msgpack_fuzz_crashes_are_handled() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/hostile");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("msgpack_roundtrip-") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        let Some((ty, bytes)) = split(&data) else {
            continue;
        };
        let opts = Options::default();
        let _ = check(bytes, &opts);
        let _ = decode_untyped(bytes, &opts);
        if let Ok(v) = decode(bytes, &ty, &opts) {
            if let Ok(e) = encode(&v, &ty) {
                let again = decode(&e, &ty, &opts).expect("an encoding decodes");
                assert_eq!(encode(&again, &ty).ok(), Some(e), "{name}: not stable");
            }
        }
        seen += 1;
    }
    assert!(seen > 0, "no msgpack fixtures in {}", dir.display());
}

/// cty reads an empty array under a tuple type as the empty tuple (and an empty map under an
/// object type as the empty object), whatever the type's elements; that value then has another
/// type, so it cannot be encoded under the original one. The fuzz target found this; it is
/// cty's behaviour, kept.
#[test]
fn empty_array_under_a_tuple_type_is_the_empty_tuple() {
    let ty = Type::from_json(br#"["tuple",["string","number"]]"#).unwrap();
    let v = decode(b"\x90", &ty, &Options::default()).unwrap();
    assert_eq!(v, Value::Tuple(Vec::new()));
    assert!(encode(&v, &ty).is_err());
    let ty = Type::from_json(br#"["object",{"a":"string"}]"#).unwrap();
    assert_eq!(
        decode(b"\x80", &ty, &Options::default()).unwrap(),
        Value::Object(Vec::new())
    );
}

/// The pre-scan refuses exactly what the decoders refuse: nesting, strings, collections.
#[test]
fn check_agrees_with_the_decoders() {
    use tfshow_cty::msgpack::DecodeErrorKind;
    use tfshow_limits::{Limit, Limits};
    let limits = Limits {
        max_depth: 16,
        max_string_length: 8,
        max_collection_length: 4,
        ..Limits::default()
    };
    let opts = Options::from(&limits);
    let limit_of = |k: &DecodeErrorKind| match k {
        DecodeErrorKind::Limit(e) => Some(e.limit),
        _ => None,
    };
    let nested = |n: usize| [vec![0x91u8; n], vec![0xc0]].concat();
    let cases: Vec<(Vec<u8>, Option<Limit>)> = vec![
        (nested(16), None),
        (nested(17), Some(Limit::Depth)),
        (b"\xa8abcdefgh".to_vec(), None),
        (b"\xa9abcdefghi".to_vec(), Some(Limit::StringLength)),
        (b"\x94\x01\x02\x03\x04".to_vec(), None),
        (
            b"\x95\x01\x02\x03\x04\x05".to_vec(),
            Some(Limit::CollectionLength),
        ),
        (
            b"\x85\xa1a\x01\xa1b\x02\xa1c\x03\xa1d\x04\xa1e\x05".to_vec(),
            Some(Limit::CollectionLength),
        ),
    ];
    for (bytes, want) in cases {
        let scanned = check(&bytes, &opts).err().and_then(|e| limit_of(&e.kind));
        let decoded = decode_untyped(&bytes, &opts)
            .err()
            .and_then(|e| limit_of(&e.kind));
        assert_eq!(scanned, want, "check {bytes:x?}");
        assert_eq!(decoded, want, "decode {bytes:x?}");
    }
    // The error names the limit and how to raise it.
    let e = decode_untyped(&nested(17), &opts).unwrap_err();
    assert_eq!(
        e.to_string(),
        "msgpack value nested more than 16 levels deep (limit depth = 16; raise it with --limit depth=VALUE) at [0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
    );
}
