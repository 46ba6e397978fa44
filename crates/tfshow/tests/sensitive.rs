//! No value Terraform marks sensitive appears in any human output.
//!
//! For every oracle case, the sensitive values are collected from Terraform's own documents
//! (`plan.json`, `state.json`, `prior-state.json`): values at paths marked `true` in
//! `before_sensitive` / `after_sensitive` / `sensitive_values`, sensitive outputs, and
//! variables (and variable defaults) declared sensitive. Strings of three or more characters
//! count; a string that Terraform itself shows elsewhere (outside any mask and outside the
//! configuration section in its JSON, or in its own human output `plan.txt` / `plan-cli.txt`)
//! is not a secret and is left out.
//!
//! None of them may appear in `tfshow show` (plans and states), `tfshow show --json
//! --redact`, `tfshow summary` (every format), `tfshow diff`, or `tfshow watch`.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::NO_SCHEMA_SOURCES;

use serde_json::Value;

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

fn case_dirs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(scenarios()).expect("scenarios") {
        let Ok(versions) = std::fs::read_dir(scenario.expect("entry").path()) else {
            continue;
        };
        for v in versions {
            let dir = v.expect("entry").path();
            if dir.join("plan.json").is_file() || dir.join("state.json").is_file() {
                out.push(dir);
            }
        }
    }
    out.sort();
    out
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_slice(&std::fs::read(path).ok()?).ok()
}

/// Collects the string leaves of `v`.
fn leaves(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Array(a) => a.iter().for_each(|e| leaves(e, out)),
        Value::Object(m) => m.values().for_each(|e| leaves(e, out)),
        _ => {}
    }
}

/// Moves the parts of `v` under `true` in `mask` into `secret`, leaving `null` behind.
fn split(v: &mut Value, mask: &Value, secret: &mut BTreeSet<String>) {
    match (mask, v) {
        (Value::Bool(true), v) => {
            leaves(v, secret);
            *v = Value::Null;
        }
        (Value::Object(mm), Value::Object(vm)) => {
            for (k, m) in mm {
                if let Some(c) = vm.get_mut(k) {
                    split(c, m, secret);
                }
            }
        }
        (Value::Array(ma), Value::Array(va)) => {
            for (m, c) in ma.iter().zip(va.iter_mut()) {
                split(c, m, secret);
            }
        }
        _ => {}
    }
}

fn split_module(m: &mut Value, secret: &mut BTreeSet<String>) {
    if let Some(Value::Array(rs)) = m.get_mut("resources") {
        for r in rs {
            let mask = r.get("sensitive_values").cloned().unwrap_or(Value::Null);
            if let Some(v) = r.get_mut("values") {
                split(v, &mask, secret);
            }
        }
    }
    if let Some(Value::Array(cs)) = m.get_mut("child_modules") {
        cs.iter_mut().for_each(|c| split_module(c, secret));
    }
}

fn split_values(values: &mut Value, secret: &mut BTreeSet<String>) {
    if let Some(root) = values.get_mut("root_module") {
        split_module(root, secret);
    }
    if let Some(Value::Object(outs)) = values.get_mut("outputs") {
        for o in outs.values_mut() {
            if o.get("sensitive") == Some(&Value::Bool(true)) {
                if let Some(v) = o.get_mut("value") {
                    split(v, &Value::Bool(true), secret);
                }
            }
        }
    }
}

fn split_change(c: &mut Value, secret: &mut BTreeSet<String>) {
    for (vk, mk) in [("before", "before_sensitive"), ("after", "after_sensitive")] {
        let mask = c.get(mk).cloned().unwrap_or(Value::Null);
        if let Some(v) = c.get_mut(vk) {
            split(v, &mask, secret);
        }
    }
}

fn split_config_module(m: &Value, secret: &mut BTreeSet<String>) {
    if let Some(vars) = m.get("variables").and_then(Value::as_object) {
        for d in vars.values() {
            if d.get("sensitive") == Some(&Value::Bool(true)) {
                if let Some(def) = d.get("default") {
                    leaves(def, secret);
                }
            }
        }
    }
    if let Some(calls) = m.get("module_calls").and_then(Value::as_object) {
        for c in calls.values() {
            if let Some(module) = c.get("module") {
                split_config_module(module, secret);
            }
        }
    }
}

/// The secrets of a Terraform plan or state document, and the strings it shows openly.
fn secrets_of(doc: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut secret = BTreeSet::new();
    let mut d = doc.clone();
    if let Some(values) = d.get_mut("values") {
        split_values(values, &mut secret);
    }
    if let Some(values) = d.pointer_mut("/prior_state/values") {
        split_values(values, &mut secret);
    }
    if let Some(values) = d.get_mut("planned_values") {
        split_values(values, &mut secret);
    }
    for key in ["resource_changes", "resource_drift"] {
        if let Some(Value::Array(rcs)) = d.get_mut(key) {
            for rc in rcs {
                if let Some(c) = rc.get_mut("change") {
                    split_change(c, &mut secret);
                }
            }
        }
    }
    if let Some(Value::Object(outs)) = d.get_mut("output_changes") {
        outs.values_mut().for_each(|c| split_change(c, &mut secret));
    }
    let config = d.get("configuration").cloned().unwrap_or(Value::Null);
    if let Some(root) = config.get("root_module") {
        split_config_module(root, &mut secret);
        if let (Some(vars), Some(Value::Object(values))) = (
            root.get("variables").and_then(Value::as_object),
            d.get_mut("variables"),
        ) {
            for (name, decl) in vars {
                if decl.get("sensitive") == Some(&Value::Bool(true)) {
                    if let Some(v) = values.get_mut(name).and_then(|v| v.get_mut("value")) {
                        split(v, &Value::Bool(true), &mut secret);
                    }
                }
            }
        }
    }
    if let Value::Object(m) = &mut d {
        m.remove("configuration");
    }
    let mut public = BTreeSet::new();
    leaves(&d, &mut public);
    (secret, public)
}

fn secrets(dir: &Path) -> BTreeSet<String> {
    let mut secret = BTreeSet::new();
    let mut public = BTreeSet::new();
    for f in ["plan.json", "state.json", "prior-state.json"] {
        if let Some(doc) = read_json(&dir.join(f)) {
            let (s, p) = secrets_of(&doc);
            secret.extend(s);
            public.extend(p);
        }
    }
    let shown: String = ["plan.txt", "plan-cli.txt"]
        .iter()
        .filter_map(|f| std::fs::read_to_string(dir.join(f)).ok())
        .collect();
    secret
        .into_iter()
        .filter(|s| distinctive(s))
        .filter(|s| !public.iter().any(|p| p.contains(s.as_str())) && !shown.contains(s.as_str()))
        .collect()
}

/// Long enough to search for without matching ordinary words of the output: five characters,
/// or three when it is not a plain lowercase word (`p4ss`).
fn distinctive(s: &str) -> bool {
    let n = s.chars().count();
    n >= 5 || (n >= 3 && !s.chars().all(|c| c.is_ascii_lowercase()))
}

fn tfshow(args: &[&str]) -> Option<String> {
    let o = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .envs(NO_SCHEMA_SOURCES)
        .args(args)
        .output()
        .expect("run tfshow");
    Some(String::from_utf8_lossy(&o.stdout).into_owned()).filter(|s| !s.is_empty())
}

fn p(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

#[test]
fn no_sensitive_value_appears_in_human_output() {
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut all_secrets = BTreeSet::new();
    for dir in case_dirs() {
        let secret = secrets(&dir);
        if secret.is_empty() {
            continue;
        }
        cases += 1;
        all_secrets.extend(secret.iter().cloned());
        let name = dir
            .strip_prefix(scenarios())
            .unwrap_or(&dir)
            .display()
            .to_string();
        let schemas = dir.join("schemas.json");
        let plan = dir.join("plan.tfplan");
        let state = dir.join("terraform.tfstate");
        let mut runs: Vec<(String, Vec<String>)> = Vec::new();
        let with_schemas = |mut args: Vec<String>, file: &Path| {
            if schemas.is_file() {
                args.extend(["--schemas".into(), p(&schemas).into()]);
            }
            args.push(p(file).into());
            args
        };
        for file in [&plan, &state].into_iter().filter(|f| f.is_file()) {
            runs.push(("show".into(), with_schemas(vec!["show".into()], file)));
            runs.push((
                "show --json --redact".into(),
                with_schemas(
                    vec!["show".into(), "--json".into(), "--redact".into()],
                    file,
                ),
            ));
        }
        // Without schemas the views mask what they cannot know to be safe, and `--redact`
        // refuses (checked apart, in `redact_without_schemas_refuses`).
        for file in [&plan, &state].into_iter().filter(|f| f.is_file()) {
            runs.push((
                "show (no schemas)".into(),
                vec!["show".into(), p(file).into()],
            ));
        }
        if let (true, Some(other)) = (plan.is_file(), other_version(&dir)) {
            runs.push((
                "diff OTHER (no schemas)".into(),
                vec![
                    "diff".into(),
                    p(&other.join("plan.tfplan")).into(),
                    p(&plan).into(),
                ],
            ));
        }
        if plan.is_file() {
            for format in ["markdown", "text", "json"] {
                runs.push((
                    format!("summary --format {format}"),
                    with_schemas(
                        vec!["summary".into(), "--format".into(), format.into()],
                        &plan,
                    ),
                ));
            }
            for format in ["text", "json"] {
                let mut args =
                    with_schemas(vec!["diff".into(), "--format".into(), format.into()], &plan);
                args.push(p(&plan).into());
                runs.push((format!("diff --format {format}"), args));
            }
            if let Some(other) = other_version(&dir) {
                let mut args = with_schemas(vec!["diff".into()], &other.join("plan.tfplan"));
                args.push(p(&plan).into());
                runs.push(("diff OTHER".into(), args));
            }
        }
        let apply = dir.join("apply-ui.jsonl");
        if apply.is_file() {
            runs.push((
                "watch".into(),
                vec!["watch".into(), "--plain".into(), p(&apply).into()],
            ));
        }
        // OpenTofu's encrypted cases: the TF_ENCRYPTION they were written with, to every
        // command that reads the plan or state.
        let encryption = dir.join("encryption.hcl");
        if encryption.is_file() {
            for (_, args) in runs.iter_mut().filter(|(w, _)| w != "watch") {
                args.splice(1..1, ["--encryption".into(), p(&encryption).into()]);
            }
        }
        for (what, args) in runs {
            let argv: Vec<&str> = args.iter().map(String::as_str).collect();
            let Some(out) = tfshow(&argv) else {
                if what != "watch" {
                    failures.push(format!("{name}: {what}: no output"));
                }
                continue;
            };
            let found: Vec<&String> = match serde_json::from_str::<Value>(&out) {
                // JSON output: search the strings it holds (member names are not values).
                Ok(v) if what.contains("json") => {
                    let mut strings = BTreeSet::new();
                    leaves(&v, &mut strings);
                    secret
                        .iter()
                        .filter(|s| strings.iter().any(|l| l.contains(s.as_str())))
                        .collect()
                }
                _ => secret.iter().filter(|s| out.contains(s.as_str())).collect(),
            };
            if !found.is_empty() {
                failures.push(format!("{name}: {what} shows {found:?}"));
            }
        }
    }
    eprintln!(
        "checked {cases} cases with {} distinct sensitive values",
        all_secrets.len()
    );
    assert!(cases > 100, "only {cases} cases with sensitive values");
    assert!(
        all_secrets.contains("hunter2") && all_secrets.contains("tfvars-secret"),
        "expected secrets not collected: {all_secrets:?}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `--redact` without the schemas of every provider refuses, naming them, and prints nothing:
/// it could not promise that no value the provider marks sensitive is left.
#[test]
fn redact_without_schemas_refuses() {
    let mut checked = 0;
    for dir in case_dirs() {
        let plan = dir.join("plan.tfplan");
        let Ok(json) = std::fs::read_to_string(dir.join("plan.json")) else {
            continue;
        };
        // A resource of a provider other than the builtin one (whose schema is known).
        let Some(at) = json.find("\"provider_name\":\"registry.terraform.io/") else {
            continue;
        };
        let provider = json[at + 16..].split('"').nth(1).unwrap_or_default();
        if !plan.is_file() {
            continue;
        }
        let o = Command::new(env!("CARGO_BIN_EXE_tfshow"))
            .envs(NO_SCHEMA_SOURCES)
            .args(["show", "--json", "--redact", p(&plan)])
            .output()
            .expect("run tfshow");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{}: {err}", dir.display());
        assert!(o.stdout.is_empty(), "{}", dir.display());
        assert!(
            err.contains("cannot redact without the schemas of every provider")
                && err.contains(provider),
            "{}: {err}",
            dir.display()
        );
        checked += 1;
    }
    assert!(checked > 20, "only {checked} cases");
}

/// The same scenario as planned by another Terraform version, if there is one.
fn other_version(dir: &Path) -> Option<PathBuf> {
    let parent = dir.parent()?;
    let mut others: Vec<PathBuf> = std::fs::read_dir(parent)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|d| d != dir && d.join("plan.tfplan").is_file())
        // One `--encryption` decrypts both plans only when they share it.
        .filter(|d| {
            std::fs::read(d.join("encryption.hcl")).ok()
                == std::fs::read(dir.join("encryption.hcl")).ok()
        })
        .collect();
    others.sort();
    others.pop()
}
