//! State files of format versions 1 to 3 (Terraform 0.11 and earlier), upgraded on reading:
//! `show -json` of each is what Terraform 1.11.4 printed for it, byte for byte
//! (`testdata/oracle/scenarios/state_upgrade`, made by `tools/oracle-tf/state-upgrade.sh`),
//! and what Terraform refused to show is refused.

mod support;

use std::path::{Path, PathBuf};

use support::{json_diff, scenarios_dir};
use tfshow_json::show::{show_json, Limits};
use tfshow_schema::Schemas;

fn case_dir() -> PathBuf {
    scenarios_dir().join("state_upgrade/tf-1.11.4")
}

/// Every `NAME.tfstate` of the case but `terraform.tfstate` (a copy of `v3.tfstate`, read by
/// the tests of all real states), as `NAME`.
fn inputs(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .expect("state_upgrade case")
        .filter_map(|e| {
            let name = e.expect("entry").file_name().into_string().ok()?;
            let stem = name.strip_suffix(".tfstate")?;
            (stem != "terraform").then(|| stem.to_owned())
        })
        .collect();
    out.sort();
    out
}

fn schemas(dir: &Path) -> Schemas {
    Schemas::from_json(&std::fs::read(dir.join("schemas.json")).expect("schemas.json"))
        .expect("schemas.json parses")
}

fn show(bytes: &[u8], schemas: Option<&Schemas>) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    show_json(bytes, schemas, &Limits::default(), &mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

fn version(bytes: &[u8]) -> u64 {
    let v: serde_json::Value = serde_json::from_slice(bytes).expect("JSON");
    v["version"].as_u64().expect("version")
}

#[test]
fn legacy_states_show_as_terraform_shows_them() {
    let dir = case_dir();
    let schemas = schemas(&dir);
    let names = inputs(&dir);
    let mut versions = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for name in &names {
        let bytes = std::fs::read(dir.join(format!("{name}.tfstate"))).unwrap();
        versions.insert(version(&bytes));
        let got = show(&bytes, Some(&schemas));
        match std::fs::read(dir.join(format!("{name}-state.json"))) {
            Ok(want) => match got {
                Ok(got) => {
                    if let Some(diff) = json_diff(&want, &got) {
                        failures.push(format!("{name}:\n{diff}"));
                    }
                }
                Err(e) => failures.push(format!("{name}: error: {e}")),
            },
            // Terraform refused it (its message is in NAME-show.log).
            Err(_) => {
                assert!(dir.join(format!("{name}-show.log")).is_file(), "{name}");
                if let Ok(got) = got {
                    failures.push(format!(
                        "{name}: Terraform refused it, tfshow showed {}",
                        String::from_utf8_lossy(&got)
                    ));
                }
            }
        }
    }
    assert_eq!(versions.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    assert!(names.len() >= 6, "{names:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A flat attribute of a dynamic type (`terraform_remote_state`'s `config`) cannot be read,
/// as Terraform cannot read it: the error names the resource and the attribute.
#[test]
fn an_unreadable_flat_attribute_is_named() {
    let dir = case_dir();
    let bytes = std::fs::read(dir.join("v3-remote-state.tfstate")).unwrap();
    let err = show(&bytes, Some(&schemas(&dir))).unwrap_err();
    assert!(
        err.contains("data.terraform_remote_state.net") && err.contains("\"config\""),
        "{err}"
    );
}

/// Without schemas the documents are complete: the same outputs with the same values and
/// types (they need no schema), the same resource instances, and every flat attribute shown
/// under its flat key (Terraform never shows these without schemas).
#[test]
fn without_schemas_legacy_states_show_every_instance() {
    use serde_json::Value as J;
    fn instances(doc: &J) -> Vec<(String, Option<String>)> {
        let mut out = Vec::new();
        let mut pending = vec![&doc["values"]["root_module"]];
        while let Some(m) = pending.pop() {
            for r in m["resources"].as_array().into_iter().flatten() {
                let deposed = r.get("deposed_key").and_then(J::as_str).map(str::to_owned);
                out.push((r["address"].as_str().unwrap().to_owned(), deposed));
            }
            pending.extend(m["child_modules"].as_array().into_iter().flatten());
        }
        out.sort();
        out
    }
    let dir = case_dir();
    for name in inputs(&dir) {
        let Ok(want) = std::fs::read(dir.join(format!("{name}-state.json"))) else {
            continue;
        };
        let want: J = serde_json::from_slice(&want).unwrap();
        let bytes = std::fs::read(dir.join(format!("{name}.tfstate"))).unwrap();
        let got: J = serde_json::from_slice(&show(&bytes, None).expect(&name)).unwrap();
        assert_eq!(
            got["values"]["outputs"], want["values"]["outputs"],
            "{name}"
        );
        assert_eq!(instances(&got), instances(&want), "{name}");
    }
    let bytes = std::fs::read(dir.join("v3.tfstate")).unwrap();
    let got: J = serde_json::from_slice(&show(&bytes, None).unwrap()).unwrap();
    let counted = &got["values"]["root_module"]["resources"][2];
    assert_eq!(counted["address"], "null_resource.counted[0]");
    assert_eq!(counted["values"]["triggers.index"], "0");
}
