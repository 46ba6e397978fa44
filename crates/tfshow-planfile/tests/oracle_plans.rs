//! Decodes the real plan files under `testdata/oracle/scenarios` and checks them against the
//! `plan.json` that `terraform show -json` printed for each.

mod support;

use std::path::{Path, PathBuf};
use support::{case_plan_bytes, scenarios_dir};
use tfshow_addrs::{AbsResourceInstance, ResourceMode};
use tfshow_planfile::model::{Action, ActionReason, Mode, PathStep};
use tfshow_planfile::{sniff, Kind, Options, PlanFile};

/// Every `plan.tfplan` with its directory.
fn plan_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(scenarios_dir()).unwrap() {
        let scenario = scenario.unwrap().path();
        let Ok(versions) = std::fs::read_dir(&scenario) else {
            continue;
        };
        for dir in versions {
            let dir = dir.unwrap().path();
            if dir.join("plan.tfplan").is_file() {
                out.push(dir);
            }
        }
    }
    out.sort();
    out
}

fn read_plan(dir: &Path) -> PlanFile {
    let bytes = case_plan_bytes(&dir.join("plan.tfplan"));
    PlanFile::from_bytes(&bytes, &Options::default())
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
}

fn plan_json(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join("plan.json")).unwrap()).unwrap()
}

/// The `address`, `previous_address` and `deposed` values of a JSON change array.
fn json_changes(json: &serde_json::Value, key: &str) -> Vec<(String, Option<String>, String)> {
    json.get(key)
        .and_then(|v| v.as_array())
        .map(|changes| {
            changes
                .iter()
                .map(|c| {
                    let c = c.get("resource_change").unwrap_or(c);
                    let s = |k: &str| c.get(k).and_then(|v| v.as_str()).map(str::to_owned);
                    (
                        s("address").unwrap(),
                        s("previous_address"),
                        s("deposed").unwrap_or_default(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_plan_decodes() {
    let dirs = plan_files();
    assert!(dirs.len() >= 100, "found only {} plan files", dirs.len());
    for dir in dirs {
        let bytes = case_plan_bytes(&dir.join("plan.tfplan"));
        assert_eq!(sniff(&bytes, &Options::default()), Kind::PlanZip);
        let file = read_plan(&dir);
        let version = std::fs::read_to_string(dir.join("version.txt")).unwrap_or_default();
        assert!(
            version.contains(&file.plan.terraform_version),
            "{}: version {}",
            dir.display(),
            file.plan.terraform_version
        );
        assert!(file.prior_state.is_some(), "{}: no tfstate", dir.display());
        let config = file.config.expect("config snapshot");
        assert!(
            config.modules.contains_key(""),
            "{}: no root module",
            dir.display()
        );
    }
}

/// The resource changes Terraform prints are the plan's changes minus deleted data sources,
/// sorted by address then deposed key; this checks addresses, previous addresses and the sort.
#[test]
fn addresses_match_plan_json() {
    let mut checked = 0;
    for dir in plan_files() {
        let json = plan_json(&dir);
        let file = read_plan(&dir);
        let mut ours: Vec<_> = file
            .plan
            .resource_changes
            .iter()
            .map(|rc| {
                let addr = AbsResourceInstance::parse(&rc.addr).unwrap();
                assert_eq!(addr.to_string(), rc.addr);
                (addr, rc)
            })
            .filter(|(addr, rc)| {
                !(addr.mode == ResourceMode::Data && rc.change.action == Action::Delete)
            })
            .collect();
        // Terraform 1.4 and later sort by address order, older ones by address string.
        let string_order = ["0.", "1.0.", "1.1.", "1.2.", "1.3."]
            .iter()
            .any(|p| file.plan.terraform_version.starts_with(p));
        let modes = if file
            .plan
            .release()
            .has(tfshow_release::Feature::SortsEphemeralFirst)
        {
            tfshow_addrs::ModeOrder::OpenTofu
        } else {
            tfshow_addrs::ModeOrder::Terraform
        };
        ours.sort_by(|(a, ra), (b, rb)| {
            let by_addr = if string_order {
                a.to_string().cmp(&b.to_string())
            } else {
                a.cmp_in(b, modes)
            };
            by_addr.then_with(|| ra.deposed_key.cmp(&rb.deposed_key))
        });
        let mut ours: Vec<_> = ours
            .iter()
            .map(|(a, rc)| {
                (
                    a.to_string(),
                    rc.prev_run_addr.clone(),
                    rc.deposed_key.clone(),
                )
            })
            .collect();
        let mut theirs = json_changes(&json, "resource_changes");
        if string_order {
            // Equal addresses (deposed objects) come out in any order: compare them as sets.
            let addrs = |v: &[(String, Option<String>, String)]| -> Vec<String> {
                v.iter().map(|c| c.0.clone()).collect()
            };
            assert_eq!(addrs(&ours), addrs(&theirs), "{}", dir.display());
            ours.sort();
            theirs.sort();
        }
        assert_eq!(ours, theirs, "{}", dir.display());

        let deferred: Vec<_> = file
            .plan
            .deferred_changes
            .iter()
            .map(|d| d.change.addr.clone())
            .collect();
        let mut json_deferred: Vec<_> = json_changes(&json, "deferred_changes")
            .into_iter()
            .map(|(a, _, _)| a)
            .collect();
        let mut deferred_sorted = deferred.clone();
        deferred_sorted.sort();
        json_deferred.sort();
        assert_eq!(deferred_sorted, json_deferred, "{}", dir.display());
        checked += 1;
    }
    assert!(checked >= 100);
}

#[test]
fn create_basic_1_15_5() {
    let file = read_plan(&scenarios_dir().join("create_basic/tf-1.15.5"));
    let plan = &file.plan;
    assert_eq!(plan.terraform_version, "1.15.5");
    assert_eq!(plan.ui_mode, Mode::Normal);
    let mut addrs: Vec<_> = plan
        .resource_changes
        .iter()
        .map(|rc| rc.addr.as_str())
        .collect();
    addrs.sort();
    assert_eq!(addrs, ["null_resource.n", "oracle_thing.all_types"]);
    for rc in &plan.resource_changes {
        assert_eq!(rc.change.action, Action::Create);
        assert_eq!(rc.action_reason, ActionReason::None);
        assert!(rc.change.before.is_none());
        assert!(rc.change.after.is_some());
        assert_eq!(rc.prev_run_addr, None);
        assert_eq!(rc.deposed_key, "");
    }
    assert!(plan.applyable);
    assert!(plan.complete);
    assert!(!plan.errored);
    assert!(plan.timestamp.as_deref().is_some_and(|t| t.ends_with('Z')));
    let backend = plan.backend.as_ref().unwrap();
    assert_eq!(backend.type_, "local");
    assert_eq!(backend.workspace, "default");
    assert!(file.prev_run_state.is_some());
    assert!(file.lock_file.is_some());
    let config = file.config.unwrap();
    assert_eq!(config.modules[""].dir, ".");
    assert!(config.modules[""].files.contains_key("main.tf"));
}

#[test]
fn terraform_1_0_3_split_addresses() {
    let dir = scenarios_dir().join("count_for_each/tf-1.0.3");
    let file = read_plan(&dir);
    assert_eq!(file.plan.terraform_version, "1.0.3");
    assert!(file.plan.timestamp.is_none());
    assert!(file.plan.relevant_attributes.is_empty());
    let mut ours: Vec<_> = file
        .plan
        .resource_changes
        .iter()
        .map(|rc| rc.addr.clone())
        .collect();
    ours.sort();
    let mut theirs: Vec<_> = json_changes(&plan_json(&dir), "resource_changes")
        .into_iter()
        .map(|(a, _, _)| a)
        .collect();
    theirs.sort();
    assert_eq!(ours, theirs);
    assert!(
        ours.iter().any(|a| a.contains("[\"")),
        "expected string keys: {ours:?}"
    );
}

#[test]
fn replace_paths_and_reasons() {
    let file = read_plan(&scenarios_dir().join("replace_delete_create/tf-1.15.5"));
    let replaced: Vec<_> = file
        .plan
        .resource_changes
        .iter()
        .filter(|rc| rc.change.action == Action::DeleteThenCreate)
        .collect();
    assert!(!replaced.is_empty());
    for rc in replaced {
        assert_eq!(rc.action_reason, ActionReason::ReplaceBecauseCannotUpdate);
        assert!(!rc.required_replace.is_empty());
        assert!(rc.change.before.is_some() && rc.change.after.is_some());
    }
    let has_key_step = file.plan.resource_changes.iter().any(|rc| {
        rc.required_replace
            .iter()
            .flatten()
            .any(|s| matches!(s, PathStep::Key(_)))
    });
    assert!(has_key_step, "disk[1].kind should have an index step");
}

#[test]
fn destroy_mode() {
    let file = read_plan(&scenarios_dir().join("destroy_plan/tf-1.15.5"));
    assert_eq!(file.plan.ui_mode, Mode::Destroy);
}

/// Relevant attributes, checks and drift: the counts (and resource addresses) Terraform shows.
#[test]
fn other_lists_match_plan_json() {
    let mut with_attrs = 0;
    let mut with_checks = 0;
    for dir in plan_files() {
        let json = plan_json(&dir);
        let plan = read_plan(&dir).plan;
        let list = |key: &str| json[key].as_array().cloned().unwrap_or_default();

        let mut ours: Vec<_> = plan
            .relevant_attributes
            .iter()
            .map(|r| r.resource.clone())
            .collect();
        let mut theirs: Vec<_> = list("relevant_attributes")
            .iter()
            .map(|r| r["resource"].as_str().unwrap().to_owned())
            .collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{}", dir.display());
        with_attrs += usize::from(!ours.is_empty());

        assert_eq!(
            plan.check_results.len(),
            list("checks").len(),
            "{}",
            dir.display()
        );
        with_checks += usize::from(!plan.check_results.is_empty());

        // Releases that computed drift from the two states when showing record none.
        let release = tfshow_release::Release::terraform(&plan.terraform_version);
        if !release.has(tfshow_release::Feature::DriftFromStates) {
            let shown = plan
                .resource_drift
                .iter()
                .filter(|d| plan.ui_mode == Mode::RefreshOnly || d.change.action != Action::NoOp)
                .count();
            assert_eq!(shown, list("resource_drift").len(), "{}", dir.display());
        }
    }
    assert!(with_attrs > 10 && with_checks > 0);
}
