//! Hostile state files of format versions 1 to 3: wrong types anywhere, bad addresses, module
//! paths and provider references, collections and nesting past the limits. Each is refused
//! with an error that names where it failed (never a value), and nothing panics.

use serde_json::{json, Value};
use tfshow_limits::Limits;
use tfshow_state::State;

fn testdata(name: &str) -> Value {
    let path = format!(
        "{}/../../testdata/oracle/scenarios/state_upgrade/states/{name}.tfstate",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

fn read(v: &Value) -> Result<State, String> {
    State::from_json(&serde_json::to_vec(v).unwrap()).map_err(|e| e.to_string())
}

/// Every place of `v`, as a JSON pointer.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, e) in m {
                pointers(
                    e,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(a) => {
            for (i, e) in a.iter().enumerate() {
                pointers(e, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Each value at each place of each real legacy state replaced by a value of every other
/// JSON type: the file is read or refused, never a panic; a refusal names a place, and no
/// string of the file's values reaches the message.
#[test]
fn any_value_of_any_type_anywhere_is_read_or_refused() {
    let replacements = [
        json!(null),
        json!(true),
        json!(-1),
        json!(1.5),
        json!(1e300),
        json!("x.y.z.w"),
        json!([]),
        json!([null]),
        json!({}),
        json!({"a": null}),
    ];
    let mut refused = 0;
    for name in [
        "v1",
        "v1-no-serial",
        "v2",
        "v3",
        "v3-edge",
        "v3-remote-state",
    ] {
        let original = testdata(name);
        let mut places = Vec::new();
        pointers(&original, String::new(), &mut places);
        for place in places.iter().filter(|p| !p.is_empty() && *p != "/version") {
            for r in &replacements {
                let mut v = original.clone();
                *v.pointer_mut(place).unwrap() = r.clone();
                if let Err(e) = read(&v) {
                    refused += 1;
                    assert!(e.starts_with("state: "), "{name} {place}: {e}");
                    for secret in ["hunter2", "s3cr3t-t0ken"] {
                        assert!(!e.contains(secret), "{name} {place}: {e}");
                    }
                }
            }
        }
    }
    assert!(refused > 100, "{refused}");
}

#[test]
fn wrong_types_are_named_by_place() {
    let mut v = testdata("v3");
    v["modules"][1]["resources"]["null_resource.inner"]["primary"]["attributes"]["id"] = json!(7);
    assert_eq!(
        read(&v).unwrap_err(),
        "state: modules[1].resources[\"null_resource.inner\"].primary.attributes[\"id\"]: expected a string, found a number"
    );
    let mut v = testdata("v3");
    v["serial"] = json!("12");
    assert_eq!(
        read(&v).unwrap_err(),
        "state: serial: expected a number, found a string"
    );
    let mut v = testdata("v3");
    v["serial"] = json!(1.0);
    assert!(read(&v)
        .unwrap_err()
        .starts_with("state: serial: expected a whole number"));
    let mut v = testdata("v3");
    v["serial"] = json!(-1);
    assert_eq!(
        read(&v).unwrap_err(),
        "state: serial: a serial cannot be negative"
    );
    let mut v = testdata("v1");
    v["modules"][0]["outputs"]["address"] = json!(["a"]);
    assert_eq!(
        read(&v).unwrap_err(),
        "state: modules[0].outputs[\"address\"]: expected a string, found an array"
    );
    let mut v = testdata("v2");
    v["modules"][0]["resources"]["null_resource.web.0"] = json!(null);
    assert_eq!(
        read(&v).unwrap_err(),
        "state: modules[0].resources[\"null_resource.web.0\"]: a resource cannot be null"
    );
}

#[test]
fn bad_addresses_paths_and_providers_are_refused() {
    let state = |path: Value, key: &str, provider: &str| {
        json!({"version": 3, "serial": 1, "modules": [{"path": path, "resources": {
            key: {"type": "t", "primary": {"id": "i"}, "provider": provider}
        }}]})
    };
    let cases = [
        (
            state(json!(["root"]), "aws_instance.a.b.c", ""),
            "invalid resource address",
        ),
        (
            state(json!(["root"]), "aws_instance", ""),
            "invalid resource address",
        ),
        (
            state(json!(["root"]), "aws_instance.a.0x", ""),
            "invalid index \"0x\"",
        ),
        (
            state(json!(["root"]), "aws_instance.a.99999999999999999999", ""),
            "invalid index",
        ),
        (
            state(json!(["child"]), "aws_instance.a", ""),
            "module path must start with \"root\"",
        ),
        (
            state(json!([]), "aws_instance.a", ""),
            "module path must start with \"root\"",
        ),
        (
            state(json!(["root", "1bad"]), "aws_instance.a", ""),
            "not a valid identifier",
        ),
        (
            state(json!(["root", "a\u{1b}b"]), "aws_instance.a", ""),
            "not a valid identifier",
        ),
        (
            state(json!(["root"]), "aws_instance.a", "aws.${var.region}"),
            "interpolation sequence",
        ),
        (
            state(json!(["root"]), "aws_instance.a", "provider.aws.${x}"),
            "interpolation sequence",
        ),
        (
            state(
                json!(["root"]),
                "aws_instance.a",
                "provider[\"registry.terraform.io/hashicorp/aws\"]",
            ),
            "invalid legacy provider reference",
        ),
        (
            state(json!(["root"]), "aws_instance.a", "aws.west.extra"),
            "invalid legacy provider reference",
        ),
        (
            state(json!(["root"]), "weird type_x.a", ""),
            "implies no valid provider name",
        ),
    ];
    for (v, want) in cases {
        let err = read(&v).unwrap_err();
        assert!(err.contains(want), "{v}: {err}");
        assert!(!err.contains('\u{1b}'), "{err:?}");
    }
}

#[test]
fn the_same_instance_twice_is_refused() {
    let v = json!({"version": 3, "serial": 1, "modules": [{"path": ["root"], "resources": {
        "null_resource.a.1": {"primary": {"id": "x"}},
        "null_resource.a.01": {"primary": {"id": "y"}}
    }}]});
    let err = read(&v).unwrap_err();
    assert!(err.contains("same resource instance"), "{err}");
}

#[test]
fn limits_apply_to_legacy_states() {
    let resources: serde_json::Map<String, Value> = (0..20)
        .map(|i| {
            (
                format!("null_resource.r.{i}"),
                json!({"primary": {"id": "x"}}),
            )
        })
        .collect();
    let v =
        json!({"version": 3, "serial": 1, "modules": [{"path": ["root"], "resources": resources}]});
    let limits = Limits {
        max_collection_length: 10,
        ..Limits::default()
    };
    let bytes = serde_json::to_vec(&v).unwrap();
    let err = State::from_json_with(&bytes, &limits)
        .unwrap_err()
        .to_string();
    assert!(err.contains("collection"), "{err}");
    assert_eq!(
        State::from_json(&bytes).unwrap().resources[0]
            .instances
            .len(),
        20
    );

    // An output value nested past what a type may nest, and JSON nested past the limit.
    let mut deep = json!("x");
    for _ in 0..100 {
        deep = json!([deep]);
    }
    let v = json!({"version": 3, "serial": 1, "modules": [{"path": ["root"], "outputs": {
        "o": {"type": "list", "value": deep}
    }}]});
    let err = read(&v).unwrap_err();
    assert!(
        err.contains("outputs[\"o\"].value") && err.contains("deeper"),
        "{err}"
    );
    let deeper = format!(
        r#"{{"version":2,"modules":[{}0{}]}}"#,
        "[".repeat(300),
        "]".repeat(300)
    );
    let err = State::from_json(deeper.as_bytes()).unwrap_err().to_string();
    assert!(err.contains("depth") || err.contains("nest"), "{err}");
}

/// Format 1's tainted objects are dropped; its deposed ones numbered from 1; the SDK's
/// schema version promoted; the rest of `meta` kept as private data; a first-class `id`
/// fills an empty `id` attribute.
#[test]
fn objects_are_upgraded_as_terraform_upgrades_them() {
    let v = json!({"version": 2, "serial": 3, "lineage": "l", "modules": [{"path": ["root"], "resources": {
        "aws_instance.web.2": {
            "primary": {"id": "i-1", "attributes": {"id": "", "tags.#": "1", "tags.Name": "web"},
                        "meta": {"schema_version": "2", "timeouts": {"create": 1}}, "tainted": true},
            "deposed": [{"id": "i-0"}, {"id": "i-00", "meta": {"schema_version": 1.9}}],
            "provider": "aws.west"
        }
    }}, {"path": ["root", "child"], "outputs": {"x": {"value": "dropped"}}, "resources": {}}]});
    let s = read(&v).unwrap();
    assert_eq!(s.upgraded_from, Some(2));
    assert!(s.outputs.is_empty());
    let r = &s.resources[0];
    assert_eq!(
        (r.provider.as_str(), r.type_.as_str(), r.name.as_str()),
        ("provider.aws.west", "aws_instance", "web")
    );
    let [current, d1, d2] = r.instances.as_slice() else {
        panic!("{:?}", r.instances);
    };
    assert!(current.tainted && current.deposed.is_empty());
    assert_eq!(current.index_key, tfshow_state::InstanceKey::Int(2));
    assert_eq!(current.schema_version, 2);
    assert_eq!(
        current.attributes_flat.as_deref().unwrap(),
        [
            ("id".into(), "i-1".into()),
            ("tags.%".into(), "1".into()),
            ("tags.Name".into(), "web".into())
        ]
    );
    use base64::Engine as _;
    let private = base64::engine::general_purpose::STANDARD
        .decode(current.private.as_deref().unwrap())
        .unwrap();
    assert_eq!(private, br#"{"timeouts":{"create":1}}"#);
    assert_eq!(
        (d1.deposed.as_str(), d2.deposed.as_str()),
        ("00000001", "00000002")
    );
    assert_eq!((d1.schema_version, d2.schema_version), (0, 1));
    assert_eq!(d2.private, None);
}
