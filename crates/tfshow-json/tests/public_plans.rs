//! The parts of `show -json` that need no provider schema, compared with real output made
//! with the schemas: the plans from public repositories in `testdata/public` (see its README),
//! and every oracle plan read without its `schemas.json`. Compared: the top-level keys, each
//! change's keys (and its `change`'s), `provider_config` keys and entries (without
//! `expressions`), every `provider_config_key`, every `references` list under `configuration`
//! and `relevant_attributes`. Object key order counts: Terraform's output is ordered.
//!
//! Also attributes written as blocks (legacy providers' `ConfigModeAttr`), which the public
//! plans showed: crafted from a real plan, as Terraform 1.1+ prints them given the schema.

mod support;

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};

use serde_json::Value;
use support::{case_name, cases_with, scenarios_dir, show_case};
use tfshow_schema::Schemas;

/// `show -json` of a plan, given `schemas` and the case's encryption configuration.
fn render(plan: &[u8], schemas: Option<&Schemas>, dir: &Path) -> Result<Value, String> {
    let out = show_case(plan, schemas, dir)?;
    serde_json::from_slice(&out).map_err(|e| format!("tfshow printed invalid JSON: {e}"))
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// (where, key list) of every change entry and of its `change` object.
fn change_keys(doc: &Value) -> BTreeMap<String, Vec<&str>> {
    let mut out = BTreeMap::new();
    for section in ["resource_changes", "resource_drift"] {
        for entry in doc[section].as_array().into_iter().flatten() {
            let deposed = entry["deposed"].as_str().unwrap_or("");
            let at = format!("{section}[{} {deposed}]", entry["address"]);
            out.insert(format!("{at}.change"), keys(&entry["change"]));
            out.insert(at, keys(entry));
        }
    }
    for (name, change) in doc["output_changes"].as_object().into_iter().flatten() {
        out.insert(format!("output_changes[{name}]"), keys(change));
    }
    out
}

/// Every `references` list and `provider_config_key` under `v`, by path.
fn walk<'a>(v: &'a Value, path: String, found: &mut BTreeMap<String, &'a Value>) {
    match v {
        Value::Object(o) => {
            for (k, inner) in o {
                if (k == "references" && inner.is_array()) || k == "provider_config_key" {
                    found.insert(format!("{path}.{k}"), inner);
                } else {
                    walk(inner, format!("{path}.{k}"), found);
                }
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                walk(inner, format!("{path}[{i}]"), found);
            }
        }
        _ => {}
    }
}

/// A path without its list indices: without a schema a nested block is printed as a list of
/// blocks where the schema may make it one object (KNOWN-DIVERGENCES.md).
fn strip_indices(path: &str) -> String {
    let mut depth = 0;
    path.chars()
        .filter(|&c| {
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                _ => return depth == 0,
            }
            false
        })
        .collect()
}

/// The provider_config entries without their `expressions` (whose shape needs the schema).
fn provider_entries(doc: &Value) -> Vec<(&str, Vec<(&str, &Value)>)> {
    doc["configuration"]["provider_config"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| {
            let entry = v
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(ik, _)| *ik != "expressions")
                .map(|(ik, iv)| (ik.as_str(), iv))
                .collect();
            (k.as_str(), entry)
        })
        .collect()
}

/// The references or provider keys of `one` that `other` lacks, matched by exact path or, for
/// a path only one side has, by the same value at the path without list indices.
fn unmatched(
    one: &BTreeMap<String, &Value>,
    other: &BTreeMap<String, &Value>,
    label: &str,
) -> Vec<String> {
    let mut loose: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for (path, v) in other {
        loose.entry(strip_indices(path)).or_default().push(v);
    }
    let mut out = Vec::new();
    for (path, v) in one {
        match other.get(path) {
            Some(w) if w == v => {}
            Some(w) => out.push(format!("{path}: {label} {v}, other {w}")),
            None if loose
                .get(&strip_indices(path))
                .is_some_and(|c| c.contains(v)) => {}
            None => out.push(format!("{path}: only in {label} ({v})")),
        }
    }
    out
}

/// The differences between two documents' schema-free parts.
fn schema_free_diffs(ours: &Value, theirs: &Value) -> Vec<String> {
    let mut diffs = Vec::new();
    if keys(ours) != keys(theirs) {
        diffs.push(format!(
            "top-level keys: ours {:?}, theirs {:?}",
            keys(ours),
            keys(theirs)
        ));
    }
    let (ck_ours, ck_theirs) = (change_keys(ours), change_keys(theirs));
    if ck_ours != ck_theirs {
        for (at, k) in &ck_theirs {
            if ck_ours.get(at) != Some(k) {
                diffs.push(format!(
                    "{at} keys: ours {:?}, theirs {k:?}",
                    ck_ours.get(at)
                ));
            }
        }
        if ck_ours.len() != ck_theirs.len() {
            diffs.push("the changes differ".into());
        }
    }
    if provider_entries(ours) != provider_entries(theirs) {
        diffs.push(format!(
            "provider_config: ours {:?}, theirs {:?}",
            provider_entries(ours),
            provider_entries(theirs)
        ));
    }
    let (mut f_ours, mut f_theirs) = (BTreeMap::new(), BTreeMap::new());
    walk(&ours["configuration"], "configuration".into(), &mut f_ours);
    walk(
        &theirs["configuration"],
        "configuration".into(),
        &mut f_theirs,
    );
    diffs.extend(unmatched(&f_theirs, &f_ours, "theirs"));
    diffs.extend(unmatched(&f_ours, &f_theirs, "ours"));
    if ours.get("relevant_attributes") != theirs.get("relevant_attributes") {
        diffs.push(format!(
            "relevant_attributes: ours {:?}, theirs {:?}",
            ours.get("relevant_attributes"),
            theirs.get("relevant_attributes")
        ));
    }
    diffs
}

fn public_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/public")
}

#[test]
fn public_plans_schema_free_parts_equal_their_show_json() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(public_dir())
        .expect("testdata/public")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.join("plan.tfplan").is_file())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 6, "{} public pairs", dirs.len());
    let mut failures = Vec::new();
    for dir in &dirs {
        let plan = std::fs::read(dir.join("plan.tfplan")).expect("plan.tfplan");
        let theirs: Value =
            serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json"))
                .expect("plan.json parses");
        let name = dir.file_name().unwrap_or_default().to_string_lossy();
        match render(&plan, None, dir) {
            Err(e) => failures.push(format!("{name}: error: {e}")),
            Ok(ours) => {
                assert_eq!(ours["terraform_version"], theirs["terraform_version"]);
                for d in schema_free_diffs(&ours, &theirs) {
                    failures.push(format!("{name}: {d}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every oracle plan without its schemas: what needs no schema is as Terraform printed it
/// with the schemas (identities, labelled blocks, OpenTofu's provider `for_each` included).
#[test]
fn oracle_plans_without_schemas_keep_the_schema_free_parts() {
    let cases = cases_with("plan.tfplan");
    assert!(cases.len() > 50, "{} cases", cases.len());
    let mut failures = Vec::new();
    let mut compared = 0;
    for dir in &cases {
        let Ok(want) = std::fs::read(dir.join("plan.json")) else {
            continue;
        };
        let theirs: Value = serde_json::from_slice(&want).expect("plan.json parses");
        let plan = std::fs::read(dir.join("plan.tfplan")).expect("plan.tfplan");
        compared += 1;
        match render(&plan, None, dir) {
            Err(e) => failures.push(format!("{}: error: {e}", case_name(dir))),
            Ok(ours) => {
                for d in schema_free_diffs(&ours, &theirs) {
                    failures.push(format!("{}: {d}", case_name(dir)));
                }
            }
        }
    }
    assert!(compared > 50, "{compared} compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn identities_are_printed_without_schemas() {
    let dir = scenarios_dir().join("tofu_features/tofu-1.12.6");
    let plan = std::fs::read(dir.join("plan.tfplan")).expect("plan.tfplan");
    let ours = render(&plan, None, &dir).expect("renders");
    let theirs: Value =
        serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json"))
            .expect("parses");
    let identities = |doc: &Value| -> Vec<(Value, Value)> {
        doc["resource_changes"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|rc| {
                (
                    rc["change"]["before_identity"].clone(),
                    rc["change"]["after_identity"].clone(),
                )
            })
            .collect()
    };
    let want = identities(&theirs);
    assert!(want.iter().any(|(_, after)| !after.is_null()));
    assert_eq!(identities(&ours), want);
}

/// A real Terraform plan of `version` whose configuration gains `extra` (appended to its
/// root module's `main.tf`), with the oracle's schemas plus a `legacy_*` resource types of
/// `extra_types` (name → block JSON).
fn crafted(version: &str, extra: &str, extra_types: &[(&str, Value)]) -> (Vec<u8>, Schemas) {
    let dir = scenarios_dir()
        .join("create_basic")
        .join(format!("tf-{version}"));
    let plan = std::fs::read(dir.join("plan.tfplan")).expect("plan.tfplan");
    let mut zin = zip::ZipArchive::new(Cursor::new(&plan)).expect("plan zip");
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for i in 0..zin.len() {
        let mut entry = zin.by_index(i).expect("zip entry");
        let name = entry.name().expect("entry name").to_string();
        let mut data = Vec::new();
        entry.read_to_end(&mut data).expect("read entry");
        if name == "tfconfig/m-/main.tf" {
            data.extend_from_slice(extra.as_bytes());
        }
        w.start_file(name.as_str(), zip::write::SimpleFileOptions::default())
            .expect("start entry");
        w.write_all(&data).expect("write entry");
    }
    let plan = w.finish().expect("finish zip").into_inner();
    let mut schemas: Value =
        serde_json::from_slice(&std::fs::read(dir.join("schemas.json")).expect("schemas.json"))
            .expect("parses");
    let types =
        &mut schemas["provider_schemas"]["registry.terraform.io/corpus/oracle"]["resource_schemas"];
    for (name, block) in extra_types {
        types[*name] = serde_json::json!({"version": 0, "block": block});
    }
    let schemas = Schemas::from_json(&serde_json::to_vec(&schemas).expect("serialises"))
        .expect("schemas parse");
    (plan, schemas)
}

const LEGACY_CONFIG: &str = r#"
resource "oracle_legacy" "rules" {
  name = "sg"
  rule {
    from_port   = "22"
    cidr_blocks = ["10.0.0.0/8"]
  }
  rule {
    from_port   = 443
    description = "https"
  }
  route {
    cidr    = var.cidr
    gateway = oracle_thing.all_types.id
  }
  route {
    gateway = oracle_thing.all_types.name
  }
}

resource "oracle_modern" "kept" {
  rule {
    from_port = 1
  }
}

variable "cidr" {
  default = "10.0.0.0/16"
}
"#;

fn legacy_types() -> Vec<(&'static str, Value)> {
    let rule = serde_json::json!(["object", {
        "from_port": "number", "cidr_blocks": ["list", "string"], "description": "string"
    }]);
    let route = serde_json::json!(["object", {"cidr": "string", "gateway": "string"}]);
    vec![
        (
            "oracle_legacy",
            serde_json::json!({"attributes": {
                "name": {"type": "string", "optional": true},
                "rule": {"type": ["set", rule], "optional": true},
                "route": {"type": ["list", route], "optional": true},
            }}),
        ),
        (
            // An object-typed attribute: no legacy provider made this schema, so Terraform
            // leaves its blocks as written (and, being no block type, unprinted).
            "oracle_modern",
            serde_json::json!({"attributes": {
                "rule": {"type": ["list", rule], "optional": true},
                "settings": {"type": ["object", {"a": "string"}], "optional": true},
            }}),
        ),
    ]
}

fn config_resource<'a>(doc: &'a Value, address: &str) -> &'a Value {
    doc["configuration"]["root_module"]["resources"]
        .as_array()
        .and_then(|rs| rs.iter().find(|r| r["address"] == address))
        .unwrap_or_else(|| panic!("{address} in configuration"))
}

/// From Terraform 1.1, blocks of an attribute of list- or set-of-object type are one
/// expression of the attribute: the references of each block in turn, and a list of the
/// objects when all is constant (as real output shows for `aws_security_group.ingress` and
/// `aws_route_table.route` of Terraform 1.1.6 to 1.14.5).
#[test]
fn attributes_written_as_blocks_from_terraform_1_1() {
    let (plan, schemas) = crafted("1.11.4", LEGACY_CONFIG, &legacy_types());
    let dir = scenarios_dir().join("create_basic/tf-1.11.4");
    let doc = render(&plan, Some(&schemas), &dir).expect("renders");
    let expressions = &config_resource(&doc, "oracle_legacy.rules")["expressions"];
    assert_eq!(
        expressions,
        &serde_json::json!({
            "name": {"constant_value": "sg"},
            "route": {"references": [
                "var.cidr",
                "oracle_thing.all_types.id",
                "oracle_thing.all_types",
                "oracle_thing.all_types.name",
                "oracle_thing.all_types",
            ]},
            "rule": {"constant_value": [
                {"cidr_blocks": ["10.0.0.0/8"], "description": null, "from_port": 22},
                {"cidr_blocks": null, "description": "https", "from_port": 443},
            ]},
        })
    );
    let kept = config_resource(&doc, "oracle_modern.kept");
    assert_eq!(kept.get("expressions"), None, "{kept}");
}

/// Terraform 1.0 and earlier leave such blocks out; without a schema they are nested blocks.
#[test]
fn attributes_written_as_blocks_before_terraform_1_1_and_without_schemas() {
    let (plan, schemas) = crafted("1.0.3", LEGACY_CONFIG, &legacy_types());
    let dir = scenarios_dir().join("create_basic/tf-1.0.3");
    let doc = render(&plan, Some(&schemas), &dir).expect("renders");
    let legacy = config_resource(&doc, "oracle_legacy.rules");
    assert_eq!(
        legacy["expressions"],
        serde_json::json!({"name": {"constant_value": "sg"}})
    );
    let (plan, _) = crafted("1.11.4", LEGACY_CONFIG, &legacy_types());
    let dir = scenarios_dir().join("create_basic/tf-1.11.4");
    let doc = render(&plan, None, &dir).expect("renders");
    let rules = &config_resource(&doc, "oracle_legacy.rules")["expressions"]["rule"];
    assert_eq!(rules.as_array().map(Vec::len), Some(2), "{rules}");
}
