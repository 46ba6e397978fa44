//! The human views end to end: `tfshow show` (plans and states), `tfshow show --json
//! --redact`, `tfshow summary` and `tfshow diff`.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::NO_SCHEMA_SOURCES;

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

fn case(dir: &str) -> PathBuf {
    scenarios().join(dir)
}

/// Every `scenarios/*/tf-*` folder holding a file named `file`, sorted.
fn cases_with(file: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(scenarios()).expect("scenarios") {
        let Ok(versions) = std::fs::read_dir(scenario.expect("entry").path()) else {
            continue;
        };
        for v in versions {
            let dir = v.expect("entry").path();
            if dir.join(file).is_file() {
                out.push(dir);
            }
        }
    }
    out.sort();
    out
}

fn name(dir: &Path) -> String {
    dir.strip_prefix(scenarios())
        .unwrap_or(dir)
        .display()
        .to_string()
}

fn tfshow(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .envs(NO_SCHEMA_SOURCES)
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("run tfshow")
}

fn p(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Runs `tfshow ARGS... [--schemas DIR/schemas.json] [--encryption DIR/encryption.hcl]
/// DIR/FILE` (OpenTofu's encrypted cases hold the `TF_ENCRYPTION` they were written with).
fn run(args: &[&str], dir: &Path, file: &str) -> Output {
    let schemas = dir.join("schemas.json");
    let encryption = dir.join("encryption.hcl");
    let target = dir.join(file);
    let mut all: Vec<&str> = args.to_vec();
    if schemas.is_file() {
        all.extend(["--schemas", p(&schemas)]);
    }
    if encryption.is_file() {
        all.extend(["--encryption", p(&encryption)]);
    }
    all.push(p(&target));
    tfshow(&all)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn ok(o: &Output, what: &str) -> String {
    assert!(
        o.status.success(),
        "{what}: exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    stdout(o)
}

#[test]
fn show_prints_plans_as_terraform_1_15_shows_them() {
    let cases: Vec<PathBuf> = cases_with("plan.tfplan")
        .into_iter()
        .filter(|d| d.ends_with("tf-1.15.5") && d.join("plan.txt").is_file())
        .collect();
    assert!(cases.len() >= 40, "found only {} cases", cases.len());
    let mut failures = Vec::new();
    for dir in &cases {
        let o = run(&["show"], dir, "plan.tfplan");
        if !o.status.success() {
            failures.push(format!(
                "{}: exit {:?}: {}",
                name(dir),
                o.status.code(),
                String::from_utf8_lossy(&o.stderr)
            ));
            continue;
        }
        let got = stdout(&o);
        let want = std::fs::read_to_string(dir.join("plan.txt")).expect("plan.txt");
        if got != want {
            let diff = similar::TextDiff::from_lines(want.as_str(), got.as_str())
                .unified_diff()
                .header("terraform show -no-color", "tfshow show")
                .to_string();
            failures.push(format!("{}:\n{diff}", name(dir)));
        }
    }
    eprintln!(
        "tfshow show: {} of {} plan.txt files of Terraform 1.15.5 reproduced byte for byte",
        cases.len() - failures.len(),
        cases.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn show_renders_plans_and_states_of_every_version() {
    let mut n = 0;
    for dir in cases_with("plan.tfplan") {
        let text = ok(&run(&["show"], &dir, "plan.tfplan"), &name(&dir));
        assert!(text.ends_with('\n'), "{}", name(&dir));
        assert!(!text.contains("this is a bug"), "{}:\n{text}", name(&dir));
        n += 1;
    }
    for dir in cases_with("terraform.tfstate") {
        let text = ok(&run(&["show"], &dir, "terraform.tfstate"), &name(&dir));
        assert!(text.ends_with('\n'), "{}", name(&dir));
        n += 1;
    }
    assert!(n > 400, "only {n} files");
}

#[test]
fn show_prints_a_state_as_terraform_show_does() {
    let text = ok(
        &run(
            &["show"],
            &case("create_blocks/tf-1.15.5"),
            "terraform.tfstate",
        ),
        "state",
    );
    insta::assert_snapshot!(text);
}

#[test]
fn show_without_schemas_still_renders_masks_and_warns() {
    let dir = case("update_in_place/tf-1.15.5");
    let o = tfshow(&["show", p(&dir.join("plan.tfplan"))]);
    let text = ok(&o, "no schemas");
    assert!(text.contains("# oracle_thing.t will be updated in-place"));
    // Which attributes the provider marks sensitive cannot be known: every value is masked.
    let with_schemas = ok(&run(&["show"], &dir, "plan.tfplan"), "schemas");
    assert!(
        with_schemas.contains("count_num       = 1 -> 2"),
        "{with_schemas}"
    );
    assert!(!text.contains("1 -> 2"), "{text}");
    assert!(text.contains("(sensitive value)"), "{text}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no schema for provider registry.terraform.io/corpus/oracle"),
        "{err}"
    );
}

#[test]
fn show_without_a_terminal_prints_no_colours() {
    let dir = case("replace_delete_create/tf-1.15.5");
    for args in [&["show"][..], &["show", "--no-color"][..]] {
        let text = ok(&run(args, &dir, "plan.tfplan"), "colours");
        assert!(!text.contains('\x1b'));
    }
}

#[test]
fn redact_keeps_the_document_and_hides_only_sensitive_values() {
    let mut checked = 0;
    for (dir, file) in cases_with("plan.tfplan")
        .into_iter()
        .map(|d| (d, "plan.tfplan"))
        .chain(
            cases_with("terraform.tfstate")
                .into_iter()
                .map(|d| (d, "terraform.tfstate")),
        )
    {
        let full = ok(&run(&["show", "--json"], &dir, file), &name(&dir));
        let o = run(&["show", "--json", "--redact"], &dir, file);
        if o.status.code() == Some(1) {
            // Refused: a provider of the document has no schema in the case's schemas.json
            // (a state can hold resources of providers no longer in the configuration).
            let err = String::from_utf8_lossy(&o.stderr);
            let schemas = std::fs::read_to_string(dir.join("schemas.json")).unwrap_or_default();
            let missing = err
                .split("(none for ")
                .nth(1)
                .and_then(|rest| rest.split(')').next())
                .unwrap_or_else(|| panic!("{}: {err}", name(&dir)));
            for provider in missing.split(", ") {
                assert!(
                    !schemas.contains(&format!("\"{provider}\"")),
                    "{}: {provider} has a schema: {err}",
                    name(&dir)
                );
            }
            assert!(o.stdout.is_empty());
            continue;
        }
        let red = ok(&o, &name(&dir));
        assert!(red.ends_with('\n'));
        let a: serde_json::Value = serde_json::from_str(&full).expect("JSON");
        let b: serde_json::Value = serde_json::from_str(&red).expect("redacted JSON parses");
        same_shape(&a, &b, &format!("{}/{file}", name(&dir)), "");
        if !red.contains("(sensitive value)") {
            assert_eq!(full, red, "{}", name(&dir));
        }
        checked += 1;
    }
    assert!(checked > 400);
}

/// `b` is `a` with some values replaced by the marker.
fn same_shape(a: &serde_json::Value, b: &serde_json::Value, what: &str, path: &str) {
    use serde_json::Value;
    if b == &Value::String("(sensitive value)".into()) {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let xk: Vec<&String> = x.keys().collect();
            let yk: Vec<&String> = y.keys().collect();
            assert_eq!(xk, yk, "{what}: keys at {path}");
            for (k, v) in x {
                same_shape(v, &y[k], what, &format!("{path}/{k}"));
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{what}: length at {path}");
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                same_shape(v, w, what, &format!("{path}/{i}"));
            }
        }
        _ => assert_eq!(a, b, "{what}: value at {path}"),
    }
}

const SUMMARY_CASES: &[&str] = &[
    "replace_request",
    "moved_import_removed",
    "refresh_only_drift",
    "delete_removed",
    "newer_features",
    "data_sources",
    "outputs",
    "checks_failing",
    "empty_config",
    "destroy_deposed",
];

#[test]
fn summary_markdown() {
    let mut all = String::new();
    for s in SUMMARY_CASES {
        let dir = case(&format!("{s}/tf-1.15.5"));
        let md = ok(&run(&["summary"], &dir, "plan.tfplan"), s);
        all.push_str(&format!("<!-- {s} -->\n{md}\n"));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn summary_text_and_json() {
    let dir = case("moved_import_removed/tf-1.15.5");
    let text = ok(
        &run(&["summary", "--format", "text"], &dir, "plan.tfplan"),
        "text",
    );
    insta::assert_snapshot!("summary_text", text);
    let dir = case("replace_request/tf-1.15.5");
    let json = ok(
        &run(&["summary", "--format", "json"], &dir, "plan.tfplan"),
        "json",
    );
    let _: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    insta::assert_snapshot!("summary_json", json);
}

#[test]
fn summary_markdown_shrinks_to_fit_and_says_so() {
    let dir = case("modules_deep/tf-1.15.5");
    let mut shrunk = String::new();
    for max in [4000usize, 1000, 400] {
        let md = ok(
            &run(
                &["summary", "--max-chars", &max.to_string()],
                &dir,
                "plan.tfplan",
            ),
            "shrink",
        );
        assert!(
            md.chars().count() <= max,
            "{max}: {} chars",
            md.chars().count()
        );
        assert!(md.ends_with('\n'));
        assert!(
            md.contains("shortened to fit") || md.contains("truncated to fit"),
            "{max}:\n{md}"
        );
        for line in md.lines() {
            if line.starts_with('|') {
                assert!(line.ends_with('|'), "{max}: cut line {line:?}");
            }
        }
        shrunk.push_str(&format!("<!-- --max-chars {max} -->\n{md}\n"));
    }
    insta::assert_snapshot!(shrunk);
}

/// The markdown code span the summary writes for an address.
fn code(s: &str) -> String {
    tfshow_escape::markdown::code_cell(s)
}

#[test]
fn summary_markdown_names_every_planned_change() {
    let mut checked = 0;
    for dir in cases_with("plan.tfplan") {
        let md = ok(&run(&["summary"], &dir, "plan.tfplan"), &name(&dir));
        assert!(md.chars().count() <= 65_536);
        let full = ok(&run(&["show", "--json"], &dir, "plan.tfplan"), &name(&dir));
        let doc: serde_json::Value = serde_json::from_str(&full).expect("JSON");
        for rc in doc["resource_changes"].as_array().into_iter().flatten() {
            let actions: Vec<&str> = rc["change"]["actions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| a.as_str())
                .collect();
            // Ephemeral resources opened while planning (OpenTofu 1.11) change nothing to
            // review; `tofu show` does not list them either.
            if actions == ["no-op"] || actions == ["read"] || actions == ["open"] {
                continue;
            }
            let mut addr = rc["address"].as_str().unwrap_or_default().to_owned();
            if let Some(k) = rc["deposed"].as_str() {
                addr = format!("{addr} (deposed {k})");
            }
            assert!(
                md.contains(&code(&addr)),
                "{}: {addr} ({actions:?}) missing from:\n{md}",
                name(&dir)
            );
        }
        checked += 1;
    }
    assert!(checked > 200);
}

#[test]
fn summary_refuses_state_files() {
    let o = run(
        &["summary"],
        &case("create_basic/tf-1.15.5"),
        "terraform.tfstate",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
}

fn diff(old: &str, new: &str, extra: &[&str]) -> String {
    let o = case(old).join("plan.tfplan");
    let n = case(new).join("plan.tfplan");
    let schemas = case(new).join("schemas.json");
    let mut args = vec!["diff", "--schemas", p(&schemas)];
    args.extend_from_slice(extra);
    args.extend([p(&o), p(&n)]);
    ok(&tfshow(&args), &format!("diff {old} {new}"))
}

#[test]
fn diff_of_a_plan_with_itself_is_empty() {
    let text = diff(
        "sensitive_nested/tf-1.15.5",
        "sensitive_nested/tf-1.15.5",
        &[],
    );
    assert!(
        text.contains("The plans propose the same changes."),
        "{text}"
    );
}

#[test]
fn diff_text() {
    let mut all = String::new();
    for (old, new) in [
        ("update_in_place/tf-1.15.5", "drift_normal_plan/tf-1.15.5"),
        ("lifecycle_rules/tf-1.0.3", "lifecycle_rules/tf-1.15.5"),
        ("outputs/tf-1.0.3", "outputs/tf-1.15.5"),
        ("replace_request/tf-1.14.9", "replace_request/tf-1.15.5"),
    ] {
        all.push_str(&format!(
            "$ tfshow diff {old} {new}\n{}\n",
            diff(old, new, &[])
        ));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn diff_json() {
    let json = diff(
        "update_in_place/tf-1.15.5",
        "drift_normal_plan/tf-1.15.5",
        &["--format", "json"],
    );
    let _: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    insta::assert_snapshot!(json);
}

/// A `show -json` document (`plan.json`) is read wherever a plan file is: the human view equals
/// Terraform's text, `show --json` prints the document as given, `--redact` and every summary
/// format equal those of the plan file, and `diff` finds the two the same.
#[test]
fn show_json_documents_are_read_as_plans() {
    for dir in [
        case("update_in_place/tf-1.15.5"),
        case("outputs/tofu-1.12.6"),
    ] {
        let what = name(&dir);
        let text = ok(&run(&["show"], &dir, "plan.json"), &what);
        let want = std::fs::read_to_string(dir.join("plan.txt")).expect("plan.txt");
        assert_eq!(text, want, "{what}: show of plan.json");
        let json = std::fs::read(dir.join("plan.json")).expect("plan.json");
        let echoed = run(&["show", "--json"], &dir, "plan.json");
        assert_eq!(echoed.stdout, json, "{what}: show --json of plan.json");
        for args in [
            &["show", "--json", "--redact"][..],
            &["summary"],
            &["summary", "--format", "text"],
            &["summary", "--format", "json"],
            &["summary", "--format", "html"],
        ] {
            let from_json = ok(&run(args, &dir, "plan.json"), &what);
            let from_file = ok(&run(args, &dir, "plan.tfplan"), &what);
            assert_eq!(from_json, from_file, "{what}: {args:?}");
        }
        let schemas = dir.join("schemas.json");
        let plan_json = dir.join("plan.json");
        let plan_file = dir.join("plan.tfplan");
        let d = ok(
            &tfshow(&[
                "diff",
                "--schemas",
                p(&schemas),
                p(&plan_json),
                p(&plan_file),
            ]),
            &what,
        );
        assert!(
            d.contains("The plans propose the same changes."),
            "{what}: {d}"
        );
    }
}

/// Without schemas, the human view of a `show -json` document masks the values of the
/// providers it has no schema for, says so, and still names every change.
#[test]
fn show_json_without_schemas_masks_and_names_every_change() {
    let dir = case("update_in_place/tf-1.15.5");
    let out = tfshow(&["show", p(&dir.join("plan.json"))]);
    let text = ok(&out, "show plan.json");
    assert!(
        text.contains("# oracle_blocks.b will be updated in-place"),
        "{text}"
    );
    assert!(text.contains("(sensitive value)"), "{text}");
    // Printed as it is, the document needs no schema and gets no warning.
    let echoed = tfshow(&["show", "--json", p(&dir.join("plan.json"))]);
    assert!(echoed.status.success(), "{echoed:?}");
    assert!(echoed.stderr.is_empty(), "{echoed:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no schema for provider registry.terraform.io/corpus/oracle"),
        "{err}"
    );
}

/// A state's `show -json` document reads as the state: the same human view.
#[test]
fn state_show_json_documents_are_read_as_states() {
    for dir in [case("create_basic/tf-1.15.5"), case("outputs/tf-1.5.7")] {
        let what = name(&dir);
        let from_json = ok(&run(&["show"], &dir, "state.json"), &what);
        let from_state = ok(&run(&["show"], &dir, "terraform.tfstate"), &what);
        assert!(from_state.contains("resource \"") || from_state.contains("Outputs:"));
        assert_eq!(from_json, from_state, "{what}");
    }
}
