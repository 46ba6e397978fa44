//! The `tfschemas` entry (OpenTofu 1.13+) used as the provider schemas.
//!
//! No released OpenTofu writes the entry yet (the oracle releases end at 1.12.6), so there is
//! no real plan with one: these tests put a `Schemas` message, encoded here from the real
//! `providers schema -json` document of an OpenTofu 1.12.6 case, into that case's real plan
//! file, and check that `show -json` of it without `--schemas` prints what `tofu show -json`
//! printed (which it only does with the schemas: sensitive values, types, schema versions).

mod support;

use std::io::{Cursor, Read, Write};

use prost::Message;
use serde_json::Value;
use support::{json_diff, scenarios_dir};
use tfshow_json::show::{show_json, Limits};
use tfshow_planfile::proto;

/// The `Schemas` message of a `providers schema -json` document.
fn schemas_message(doc: &Value) -> proto::Schemas {
    fn object(v: &Value) -> proto::SchemaObject {
        proto::SchemaObject {
            attributes: attributes(&v["attributes"]),
            nesting: nesting(&v["nesting_mode"]),
        }
    }
    fn nesting(v: &Value) -> i32 {
        use proto::SchemaNestingMode as N;
        (match v.as_str() {
            Some("single") => N::SchemaNestingSingle,
            Some("group") => N::SchemaNestingGroup,
            Some("list") => N::SchemaNestingList,
            Some("set") => N::SchemaNestingSet,
            Some("map") => N::SchemaNestingMap,
            _ => N::SchemaNestingInvalid,
        }) as i32
    }
    fn attributes(v: &Value) -> Vec<proto::SchemaAttribute> {
        let flag = |a: &Value, k: &str| a[k].as_bool().unwrap_or(false);
        v.as_object()
            .into_iter()
            .flatten()
            .map(|(name, a)| proto::SchemaAttribute {
                name: name.clone(),
                r#type: a
                    .get("type")
                    .map(|t| serde_json::to_vec(t).unwrap())
                    .unwrap_or_default(),
                nested_type: a.get("nested_type").map(object),
                required: flag(a, "required"),
                optional: flag(a, "optional"),
                computed: flag(a, "computed"),
                sensitive: flag(a, "sensitive"),
                write_only: flag(a, "write_only"),
            })
            .collect()
    }
    fn block(v: &Value) -> proto::SchemaBlock {
        proto::SchemaBlock {
            attributes: attributes(&v["attributes"]),
            block_types: v["block_types"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(name, bt)| proto::SchemaNestedBlock {
                    type_name: name.clone(),
                    block: Some(block(&bt["block"])),
                    nesting: nesting(&bt["nesting_mode"]),
                    min_items: bt["min_items"].as_i64().unwrap_or(0),
                    max_items: bt["max_items"].as_i64().unwrap_or(0),
                })
                .collect(),
        }
    }
    fn schema(v: &Value) -> proto::Schema {
        proto::Schema {
            version: v["version"].as_i64().unwrap_or(0),
            block: Some(block(&v["block"])),
        }
    }
    let mut out = proto::Schemas::default();
    for (addr, p) in doc["provider_schemas"]
        .as_object()
        .expect("provider_schemas")
    {
        let identities = &p["resource_identity_schemas"];
        let types = |key: &str, with_identity: bool| {
            p[key]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(name, s)| {
                    let identity = identities.get(name).filter(|_| with_identity).map(|id| {
                        proto::ResourceIdentitySchema {
                            version: id["version"].as_i64().unwrap_or(0),
                            body: Some(proto::SchemaObject {
                                attributes: attributes(&id["attributes"]),
                                nesting: 0,
                            }),
                        }
                    });
                    let rs = proto::ResourceSchema {
                        schema: Some(schema(s)),
                        identity_schema: identity,
                    };
                    (name.clone(), rs)
                })
                .collect()
        };
        out.providers.insert(
            addr.clone(),
            proto::ProviderSchema {
                provider_config: p.get("provider").map(schema),
                managed_resource_types: types("resource_schemas", true),
                data_sources: types("data_source_schemas", false),
            },
        );
    }
    out
}

/// The plan zip `plan` with a `tfschemas` entry holding `entry` added at its end, where
/// OpenTofu writes it.
fn with_entry(plan: &[u8], entry: &[u8]) -> Vec<u8> {
    let mut input = zip::ZipArchive::new(Cursor::new(plan)).expect("plan zip");
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    for i in 0..input.len() {
        let mut f = input.by_index(i).expect("entry");
        let name = f.name().expect("entry name").to_string();
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).expect("read entry");
        w.start_file(name, opts).expect("start");
        w.write_all(&bytes).expect("write");
    }
    w.start_file("tfschemas", opts).expect("start");
    w.write_all(entry).expect("write");
    w.finish().expect("finish").into_inner()
}

fn show(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    show_json(bytes, None, &Limits::default(), &mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

#[test]
fn the_entry_stands_in_for_the_provider_schemas() {
    // Cases whose document needs the schemas: sensitive attributes, nested types, blocks.
    for case in [
        "sensitive_nested/tofu-1.12.6",
        "variables/tofu-1.12.6",
        "update_in_place/tofu-1.12.6",
    ] {
        let dir = scenarios_dir().join(case);
        let plan = std::fs::read(dir.join("plan.tfplan")).expect("plan");
        let want = std::fs::read(dir.join("plan.json")).expect("plan.json");
        let doc: Value =
            serde_json::from_slice(&std::fs::read(dir.join("schemas.json")).unwrap()).unwrap();
        let without = show(&plan).expect("shows without schemas");
        assert!(
            json_diff(&want, &without).is_some(),
            "{case}: the case does not need schemas"
        );
        let entry = schemas_message(&doc).encode_to_vec();
        let got = show(&with_entry(&plan, &entry)).expect("shows with the entry");
        if let Some(diff) = json_diff(&want, &got) {
            panic!("{case}:\n{diff}");
        }
    }
}

/// Identity schemas survive the entry (the case above with identities also has an ephemeral
/// resource, whose schema the entry does not hold).
#[test]
fn identity_schemas_survive_the_entry() {
    let dir = scenarios_dir().join("tofu_features/tofu-1.12.6");
    let doc: Value =
        serde_json::from_slice(&std::fs::read(dir.join("schemas.json")).unwrap()).unwrap();
    let entry = schemas_message(&doc).encode_to_vec();
    let json = tfshow_planfile::decode_tfschemas(&entry, &Limits::default()).expect("decodes");
    let got: Value = serde_json::from_slice(&json).unwrap();
    let addr = "registry.opentofu.org/corpus/tofuextra";
    // What the entry keeps of an identity schema: its version and attribute types.
    type Kept = Vec<(String, Value, Vec<(String, Value)>)>;
    let kept = |ids: &Value| -> Kept {
        ids.as_object()
            .into_iter()
            .flatten()
            .map(|(name, id)| {
                let attrs = id["attributes"].as_object().into_iter().flatten();
                let types = attrs.map(|(a, v)| (a.clone(), v["type"].clone())).collect();
                (name.clone(), id["version"].clone(), types)
            })
            .collect()
    };
    let want = kept(&doc["provider_schemas"][addr]["resource_identity_schemas"]);
    assert!(!want.is_empty());
    assert_eq!(
        kept(&got["provider_schemas"][addr]["resource_identity_schemas"]),
        want
    );
    assert_eq!(
        got["provider_schemas"][addr]["resource_schemas"]["tofuextra_item"]["block"]["attributes"]
            ["password_wo"],
        serde_json::json!({"type": "string", "optional": true, "write_only": true})
    );
}

#[test]
fn broken_entries_are_refused_with_the_entry_named() {
    let dir = scenarios_dir().join("create_basic/tofu-1.12.6");
    let plan = std::fs::read(dir.join("plan.tfplan")).expect("plan");
    let mut bad_type = proto::Schemas::default();
    bad_type.providers.insert(
        "registry.opentofu.org/corpus/oracle".into(),
        proto::ProviderSchema {
            provider_config: Some(proto::Schema {
                version: 0,
                block: Some(proto::SchemaBlock {
                    attributes: vec![proto::SchemaAttribute {
                        name: "a".into(),
                        r#type: b"[not json".to_vec(),
                        ..Default::default()
                    }],
                    block_types: Vec::new(),
                }),
            }),
            ..Default::default()
        },
    );
    for (entry, expected) in [
        (vec![0xff, 0xff, 0xff], "tfschemas"),
        (
            bad_type.encode_to_vec(),
            "tfschemas: registry.opentofu.org/corpus/oracle provider.a: type is not JSON",
        ),
    ] {
        let err = show(&with_entry(&plan, &entry)).expect_err("refused");
        assert!(err.contains(expected), "{err}");
    }
}
