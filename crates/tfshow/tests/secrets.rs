//! No sensitive value ever reaches a human-facing output: for the oracle's scenarios with
//! sensitive values, every value Terraform itself marks sensitive (in its own `plan.json` and
//! `state.json`: marked paths, sensitive outputs, sensitive variables, sensitive provider
//! arguments) is looked for in everything tfshow prints for people: human `show`, `summary`
//! and `diff` (each skipped while the command does not exist, i.e. exits 2), `watch` of the
//! plan and apply streams, `ui`, and standard error of every command, including errors on
//! schemas that do not match (where a value could end up quoted in the message) and
//! warnings. `show --json` prints sensitive values by design (so does Terraform); only its
//! standard error is checked.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::NO_SCHEMA_SOURCES;

use serde_json::Value as J;

const SCENARIOS: &[&str] = &[
    "create_basic",
    "outputs",
    "variables",
    "sensitive_nested",
    "provider_aliases",
    "delete_removed",
    "create_nested_attrs",
    "create_blocks",
];

fn scenario_dirs(scenario: &str) -> Vec<PathBuf> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios")
        .join(scenario);
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("plan.tfplan").exists() && p.join("plan.json").exists())
        .collect();
    dirs.sort();
    dirs
}

fn read_json(p: &Path) -> Option<J> {
    serde_json::from_slice(&std::fs::read(p).ok()?).ok()
}

/// Every leaf of `v` as text (strings, and numbers as written).
fn leaves(v: &J, out: &mut BTreeSet<String>) {
    match v {
        J::String(s) => {
            out.insert(s.clone());
        }
        J::Number(n) => {
            out.insert(n.to_string());
        }
        J::Array(a) => a.iter().for_each(|x| leaves(x, out)),
        J::Object(o) => o.values().for_each(|x| leaves(x, out)),
        J::Bool(_) | J::Null => {}
    }
}

/// What a document says about its values.
#[derive(Default)]
struct Found {
    /// Leaves at sensitive paths of resource values, sensitive variables and provider
    /// arguments: sensitive wherever else they appear unmarked.
    strong: BTreeSet<String>,
    /// Leaves of sensitive outputs: an output holding a whole resource is sensitive as a
    /// whole, while the resource's own attributes may be shown.
    weak: BTreeSet<String>,
    /// Names: object keys, addresses, output and variable names.
    names: BTreeSet<String>,
    /// Leaves at paths not marked sensitive.
    plain: BTreeSet<String>,
}

/// Splits `v` by the sensitivity marks `marks` (`true`, or objects and arrays of marks).
fn marked(v: &J, marks: Option<&J>, f: &mut Found) {
    if marks == Some(&J::Bool(true)) {
        leaves(v, &mut f.strong);
        return;
    }
    match v {
        J::Object(o) => {
            for (k, x) in o {
                f.names.insert(k.clone());
                marked(x, marks.and_then(|m| m.get(k)), f);
            }
        }
        J::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                marked(x, marks.and_then(|m| m.get(i)), f);
            }
        }
        other => leaves(other, &mut f.plain),
    }
}

/// The resources of a `values` module tree (`root_module` with `child_modules`).
fn module_resources<'a>(m: &'a J, out: &mut Vec<&'a J>) {
    if let Some(rs) = m.get("resources").and_then(J::as_array) {
        out.extend(rs);
    }
    if let Some(cs) = m.get("child_modules").and_then(J::as_array) {
        cs.iter().for_each(|c| module_resources(c, out));
    }
}

/// Values and outputs of a `values` document (planned values, prior state, state).
fn values_doc(values: &J, f: &mut Found) {
    let mut rs = Vec::new();
    if let Some(root) = values.get("root_module") {
        module_resources(root, &mut rs);
    }
    for r in rs {
        if let Some(a) = r.get("address") {
            leaves(a, &mut f.names);
        }
        if let Some(v) = r.get("values") {
            marked(v, r.get("sensitive_values"), f);
        }
    }
    if let Some(outputs) = values.get("outputs").and_then(J::as_object) {
        for (name, o) in outputs {
            f.names.insert(name.clone());
            let v = o.get("value").unwrap_or(&J::Null);
            if o.get("sensitive") == Some(&J::Bool(true)) {
                leaves(v, &mut f.weak);
            } else {
                leaves(v, &mut f.plain);
            }
        }
    }
}

/// What a `show -json` document (plan or state) says about its values.
fn collect(doc: &J, schemas: Option<&J>, f: &mut Found) {
    for key in ["resource_changes", "resource_drift"] {
        for rc in doc.get(key).and_then(J::as_array).into_iter().flatten() {
            leaves(&rc["address"], &mut f.names);
            let c = &rc["change"];
            marked(&c["before"], c.get("before_sensitive"), f);
            marked(&c["after"], c.get("after_sensitive"), f);
        }
    }
    if let Some(outputs) = doc.get("output_changes").and_then(J::as_object) {
        for (name, c) in outputs {
            f.names.insert(name.clone());
            for side in ["before", "after"] {
                let mut g = Found::default();
                marked(&c[side], c.get(format!("{side}_sensitive")), &mut g);
                f.weak.extend(g.strong);
                f.plain.extend(g.plain);
                f.names.extend(g.names);
            }
        }
    }
    for values in [
        doc.get("planned_values"),
        doc.get("prior_state").and_then(|s| s.get("values")),
        doc.get("values"),
    ]
    .into_iter()
    .flatten()
    {
        values_doc(values, f);
    }
    let config = &doc["configuration"];
    let declared = &config["root_module"]["variables"];
    if let Some(vars) = doc.get("variables").and_then(J::as_object) {
        for (name, v) in vars {
            f.names.insert(name.clone());
            let value = v.get("value").unwrap_or(&J::Null);
            if declared[name]["sensitive"] == J::Bool(true) {
                leaves(value, &mut f.strong);
            } else {
                leaves(value, &mut f.plain);
            }
        }
    }
    // Sensitive provider arguments written as constants in the configuration.
    if let (Some(pcs), Some(schemas)) = (
        config.get("provider_config").and_then(J::as_object),
        schemas,
    ) {
        for pc in pcs.values() {
            let full = pc["full_name"].as_str().unwrap_or_default();
            let attrs = &schemas["provider_schemas"][full]["provider"]["block"]["attributes"];
            for (arg, e) in pc["expressions"].as_object().into_iter().flatten() {
                if let Some(v) = e.get("constant_value") {
                    if attrs[arg]["sensitive"] == J::Bool(true) {
                        leaves(v, &mut f.strong);
                    }
                }
            }
        }
    }
}

/// The values to look for: sensitive ones, minus what Terraform shows people anyway (names,
/// unmarked values, its own human and UI output of the scenario) and values short enough to
/// match by accident.
fn filtered(dir: &Path, f: Found) -> BTreeSet<String> {
    let shown: String = [
        "plan.txt",
        "plan-cli.txt",
        "plan-ui.jsonl",
        "apply-ui.jsonl",
    ]
    .iter()
    .filter_map(|name| std::fs::read_to_string(dir.join(name)).ok())
    .collect();
    let visible = |s: &String, sets: &[&BTreeSet<String>]| {
        s.chars().count() < 4
            || shown.contains(s.as_str())
            || sets
                .iter()
                .any(|set| set.iter().any(|p| p.contains(s.as_str())))
    };
    let plain: BTreeSet<String> = f.plain.difference(&f.strong).cloned().collect();
    let strong = f.strong.iter().filter(|s| !visible(s, &[&f.names, &plain]));
    let weak = f.weak.iter().filter(|s| !visible(s, &[&f.names, &plain]));
    strong.chain(weak).cloned().collect()
}

/// What Terraform itself treats as sensitive in one scenario folder: in its own `plan.json`
/// and `state.json`, marked paths, sensitive outputs and variables, and sensitive provider
/// arguments.
fn secrets(dir: &Path) -> BTreeSet<String> {
    let mut f = Found::default();
    let schemas = read_json(&dir.join("schemas.json"));
    for doc in ["plan.json", "state.json"] {
        if let Some(d) = read_json(&dir.join(doc)) {
            collect(&d, schemas.as_ref(), &mut f);
        }
    }
    filtered(dir, f)
}

/// What tfshow itself knows to be sensitive in `file` without provider schemas: the marks of
/// its own `show --json` document (what the file records). Without schemas, attributes that
/// only the schema declares sensitive cannot be recognized in files of older Terraform
/// versions; human output is checked against these then.
fn secrets_without_schemas(dir: &Path, file: &str) -> BTreeSet<String> {
    let o = tfshow(&["show", "--json", file]);
    let mut f = Found::default();
    if let Ok(doc) = serde_json::from_str::<J>(&o.stdout) {
        collect(&doc, None, &mut f);
    }
    filtered(dir, f)
}

/// `schemas.json` with every `string` attribute type replaced by `to`: values then fail to
/// decode, and the error must not quote them.
fn mismatched_schemas(dir: &Path, to: &str, tmp: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(dir.join("schemas.json")).ok()?;
    let out = tmp.join(format!("schemas-{}.json", to.replace('"', "")));
    std::fs::write(
        &out,
        text.replace("\"type\":\"string\"", &format!("\"type\":{to}"))
            .replace("\"type\": \"string\"", &format!("\"type\": {to}")),
    )
    .ok()?;
    Some(out)
}

struct Output {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn tfshow(args: &[&str]) -> Output {
    let o = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .envs(NO_SCHEMA_SOURCES)
        .args(args)
        .output()
        .expect("run tfshow");
    Output {
        code: o.status.code(),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// Runs one command and checks what people see: standard error against `secrets`, standard
/// output (when it is for people) against `shown_secrets`. Returns false when the command
/// does not exist yet (exit 2: usage error).
fn sweep(
    args: &[&str],
    stdout_is_for_people: bool,
    secrets: &BTreeSet<String>,
    shown_secrets: &BTreeSet<String>,
) -> bool {
    let o = tfshow(args);
    assert!(
        o.code.is_some(),
        "tfshow {args:?} was killed by a signal: {}",
        o.stderr
    );
    assert!(
        !o.stderr.contains("panicked"),
        "tfshow {args:?}: {}",
        o.stderr
    );
    if o.code == Some(2) {
        return false;
    }
    // Paths and provider addresses on standard error come from the command line and the
    // program, not from values: a short secret such as "open" may occur in
    // `registry.opentofu.org` without being shown.
    let args_text = args.join(" ");
    let stderr = o
        .stderr
        .replace(&args_text, "")
        .replace("registry.opentofu.org", "")
        .replace("registry.terraform.io", "");
    for s in secrets {
        assert!(
            !stderr.contains(s.as_str()),
            "tfshow {args:?}: standard error shows the sensitive value {s:?}:\n{}",
            o.stderr
        );
    }
    if stdout_is_for_people {
        let stdout = o
            .stdout
            .replace("registry.opentofu.org", "")
            .replace("registry.terraform.io", "");
        for s in shown_secrets {
            assert!(
                !stdout.contains(s.as_str()),
                "tfshow {args:?}: standard output shows the sensitive value {s:?}"
            );
        }
    }
    true
}

/// Runs every command over every scenario folder of `scenario` (only the newest release's
/// folder with `newest_only`).
fn sweep_scenario(scenario: &str, newest_only: bool) {
    let tmp =
        std::env::temp_dir().join(format!("tfshow-secrets-{scenario}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut found_any = false;
    let mut dirs = scenario_dirs(scenario);
    if newest_only {
        dirs.retain(|d| d.ends_with("tf-1.15.5"));
    }
    let mut previous_plan: Option<String> = None;
    for dir in dirs {
        let all = secrets(&dir);
        found_any |= !all.is_empty();
        let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
        let (plan, schemas, state) = (p("plan.tfplan"), p("schemas.json"), p("terraform.tfstate"));
        let mut inputs = vec![plan.clone()];
        if dir.join("terraform.tfstate").exists() {
            inputs.push(state.clone());
        }
        let wrong: Vec<String> = ["\"number\"", "\"bool\""]
            .iter()
            .filter_map(|t| mismatched_schemas(&dir, t, &tmp))
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        for input in &inputs {
            let recorded = secrets_without_schemas(&dir, input);
            let is_plan = input == &plan;
            let run = |cmd: &[&str], schemas: Option<&str>, for_people: bool, shown| {
                let mut args: Vec<&str> = cmd.to_vec();
                if let Some(s) = schemas {
                    args.extend(["--schemas", s]);
                }
                args.push(input);
                sweep(&args, for_people, &all, shown)
            };
            // Without schemas human output may only show what the file does not mark; with
            // the right schemas nothing Terraform marks; with schemas that do not match, the
            // errors (standard error) nothing at all.
            let mut sets: Vec<(Option<&str>, &BTreeSet<String>)> =
                vec![(None, &recorded), (Some(schemas.as_str()), &all)];
            sets.extend(wrong.iter().map(|w| (Some(w.as_str()), &recorded)));
            for (s, shown) in sets {
                // Machine output: only standard error is for people; redacted JSON is for
                // people too.
                run(&["show", "--json"], s, false, shown);
                run(&["show", "--json", "--redact"], s, true, shown);
                run(&["show"], s, true, shown);
                if is_plan {
                    run(&["summary"], s, true, shown);
                    run(&["ui"], s, true, shown);
                }
            }
            if is_plan {
                for format in ["text", "json"] {
                    run(&["summary", "--format", format], None, true, &recorded);
                    run(&["summary", "--format", format], Some(&schemas), true, &all);
                }
            }
        }
        // diff: the plan against itself and against the same scenario's plan from another
        // Terraform release.
        // Without schemas, what either plan file marks.
        let old = previous_plan.clone().unwrap_or_else(|| plan.clone());
        let mut recorded = secrets_without_schemas(&dir, &plan);
        recorded.extend(secrets_without_schemas(&dir, &old));
        for format in ["text", "json"] {
            let f = ["--format", format];
            sweep(&["diff", f[0], f[1], &old, &plan], true, &all, &recorded);
            sweep(
                &["diff", f[0], f[1], "--schemas", &schemas, &old, &plan],
                true,
                &all,
                &all,
            );
        }
        for stream in ["plan-ui.jsonl", "apply-ui.jsonl"] {
            if dir.join(stream).exists() {
                assert!(
                    sweep(&["watch", "--plain", &p(stream)], true, &all, &all),
                    "watch exists"
                );
            }
        }
        previous_plan = Some(plan);
    }
    let _ = std::fs::remove_dir_all(&tmp);
    if scenario != "delete_removed" {
        assert!(
            found_any,
            "{scenario}: no sensitive values found to look for"
        );
    }
}

#[test]
fn the_collector_finds_terraforms_sensitive_values() {
    // The newest case: releases before 0.15 mark nothing sensitive in their documents.
    let dir = scenario_dirs("create_basic").pop().unwrap();
    let s = secrets(&dir);
    assert!(s.contains("hunter2"), "{s:?}");
    let dir = scenario_dirs("provider_aliases").pop().unwrap();
    assert!(secrets(&dir).contains("sensitive-provider-token"));
    let dir = scenario_dirs("variables").pop().unwrap();
    assert!(secrets(&dir).contains("tfvars-secret"));
}

#[test]
fn decode_errors_do_not_quote_values() {
    // A sensitive string decoded as a number (schemas that do not match the state) used to be
    // quoted in the error.
    let dir = &scenario_dirs("create_basic")[0];
    let tmp = std::env::temp_dir().join(format!("tfshow-secrets-errors-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let schemas = mismatched_schemas(dir, "\"number\"", &tmp).unwrap();
    let o = tfshow(&[
        "show",
        "--json",
        "--schemas",
        schemas.to_str().unwrap(),
        dir.join("terraform.tfstate").to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&tmp);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr
            .contains("invalid number (a string that is not a number, not shown)"),
        "{}",
        o.stderr
    );
}

#[test]
fn create_basic() {
    sweep_scenario("create_basic", false);
}

#[test]
fn outputs() {
    sweep_scenario("outputs", false);
}

#[test]
fn variables() {
    sweep_scenario("variables", false);
}

#[test]
fn sensitive_nested() {
    sweep_scenario("sensitive_nested", false);
}

#[test]
fn provider_aliases() {
    sweep_scenario("provider_aliases", false);
}

#[test]
fn other_scenarios_with_sensitive_values() {
    for s in &SCENARIOS[5..] {
        sweep_scenario(s, true);
    }
}
