//! CI gates and what they rest on: `diff --exit-code` and `summary --fail-on` (0 or 2, and 1
//! for every failure, misuse included), the warning of `diff` on plans of different states,
//! schemas files that lack a resource type, and files given as `--schemas` that are not one.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::NO_SCHEMA_SOURCES;

fn case(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios")
        .join(dir)
}

fn plan(dir: &str) -> String {
    p(&case(dir).join("plan.tfplan"))
}

fn schemas(dir: &str) -> String {
    p(&case(dir).join("schemas.json"))
}

fn p(path: &Path) -> String {
    path.to_str().expect("UTF-8 path").to_owned()
}

fn tfshow(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .envs(NO_SCHEMA_SOURCES)
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .expect("run tfshow")
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8")
}

const REPLACE: &str = "replace_delete_create/tf-1.15.5";
const UPDATE: &str = "update_in_place/tf-1.15.5";
const CREATE: &str = "create_basic/tf-1.15.5";
const DRIFT: &str = "drift_relevant_index/tf-1.15.5";

#[test]
fn diff_exit_code_is_0_when_the_same_2_when_different_1_on_error() {
    let (a, b) = (plan(UPDATE), plan(CREATE));
    let same = tfshow(&["diff", "--exit-code", &a, &a]);
    assert_eq!(same.status.code(), Some(0), "{}", err(&same));
    assert!(out(&same).contains("The plans propose the same changes."));
    let differ = tfshow(&["diff", "--exit-code", &a, &b]);
    assert_eq!(differ.status.code(), Some(2), "{}", err(&differ));
    assert!(out(&differ).contains("Planned only in"), "{}", out(&differ));
    for format in ["text", "json"] {
        let o = tfshow(&["diff", "--exit-code", "--format", format, &a, &b]);
        assert_eq!(o.status.code(), Some(2), "{format}");
    }
    // Without the flag, differing plans are a success.
    assert_eq!(tfshow(&["diff", &a, &b]).status.code(), Some(0));
    // Failures and misuse are 1 with the flag, so that 2 means only "they differ".
    let missing = tfshow(&["diff", "--exit-code", &a, "/nonexistent/plan"]);
    assert_eq!(missing.status.code(), Some(1), "{}", err(&missing));
    let misuse = tfshow(&["diff", "--exit-code", "--bogus", &a, &b]);
    assert_eq!(misuse.status.code(), Some(1), "{}", err(&misuse));
    assert_eq!(
        tfshow(&["diff", "--bogus", &a, &b]).status.code(),
        Some(2),
        "misuse without a gate flag stays 2"
    );
    let stdin_twice = tfshow(&["diff", "--exit-code", "-", "-"]);
    assert_eq!(stdin_twice.status.code(), Some(1));
}

#[test]
fn diff_warns_when_the_plans_have_different_state_lineages() {
    // Both hold a prior state, each with its own lineage.
    let (a, b) = (plan(UPDATE), plan(DRIFT));
    let o = tfshow(&["diff", "--schemas", &schemas(UPDATE), &a, &b]);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(
        e.contains("were planned against different states (lineage "),
        "{e}"
    );
    assert_eq!(e.matches("different states").count(), 1, "{e}");
    // One plan against itself: same lineage, no warning.
    let o = tfshow(&["diff", "--schemas", &schemas(UPDATE), &a, &a]);
    assert!(!err(&o).contains("different states"), "{}", err(&o));
    // A plan made before any state existed has no lineage to compare.
    let o = tfshow(&["diff", &plan(CREATE), &a]);
    assert!(!err(&o).contains("different states"), "{}", err(&o));
}

#[test]
fn fail_on_exits_2_after_printing_the_whole_summary() {
    let (pl, s) = (plan(REPLACE), schemas(REPLACE));
    let plain = tfshow(&["summary", "--schemas", &s, &pl]);
    assert_eq!(plain.status.code(), Some(0));
    for (gates, code) in [
        ("replace", 2),
        ("delete", 0),
        ("destroy", 2),
        ("create,delete", 0),
        ("delete,update", 2),
        ("any", 2),
        ("drift", 0),
    ] {
        let o = tfshow(&["summary", "--fail-on", gates, "--schemas", &s, &pl]);
        assert_eq!(o.status.code(), Some(code), "{gates}: {}", err(&o));
        assert_eq!(
            o.stdout, plain.stdout,
            "{gates}: the summary is printed in full"
        );
        assert_eq!(
            err(&o).contains("--fail-on: the plan lists"),
            code == 2,
            "{gates}: {}",
            err(&o)
        );
    }
    let o = tfshow(&["summary", "--fail-on=replace", "--schemas", &s, &pl]);
    assert!(err(&o).contains("lists 3 replace"), "{}", err(&o));
    // Gates count what the summary lists: an --address that selects no replacement passes.
    let o = tfshow(&[
        "summary",
        "--fail-on",
        "replace",
        "--address",
        "oracle_thing.*",
        "--schemas",
        &s,
        &pl,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // Drift counts as drift.
    let o = tfshow(&[
        "summary",
        "--fail-on",
        "drift",
        "--schemas",
        &schemas(DRIFT),
        &plan(DRIFT),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    // Unknown kinds and failures are 1.
    let o = tfshow(&["summary", "--fail-on", "destroyed", &pl]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("destroyed"), "{}", err(&o));
    let o = tfshow(&["summary", "--fail-on", "delete", "/nonexistent/plan"]);
    assert_eq!(o.status.code(), Some(1));
}

/// The schemas of REPLACE without the `oracle_thing` resource type.
fn schemas_without_oracle_thing(dir: &Path) -> String {
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(schemas(REPLACE)).unwrap()).unwrap();
    let providers = doc["provider_schemas"].as_object_mut().unwrap();
    let mut removed = 0;
    for p in providers.values_mut() {
        if let Some(r) = p["resource_schemas"].as_object_mut() {
            removed += usize::from(r.remove("oracle_thing").is_some());
        }
    }
    assert_eq!(removed, 1);
    let path = dir.join("schemas.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    p(&path)
}

#[test]
fn a_type_missing_from_the_schemas_is_masked_alone_with_one_warning() {
    let dir = tempfile::tempdir().unwrap();
    let s = schemas_without_oracle_thing(dir.path());
    let pl = plan(REPLACE);
    for args in [
        vec!["summary", "--format", "text"],
        vec!["summary"],
        vec!["show"],
        vec!["show", "--json"],
    ] {
        let mut all = args.clone();
        all.extend(["--schemas", &s, &pl]);
        let o = tfshow(&all);
        let e = err(&o);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {e}");
        let text = out(&o);
        if args[0] == "show" && args.len() == 2 {
            assert!(text.contains("\"resource_changes\""), "{args:?}");
            continue;
        }
        assert_eq!(
            e.matches("has no resource type oracle_thing").count(),
            1,
            "{args:?}: {e}"
        );
        assert!(!e.contains("no schema for provider"), "{args:?}: {e}");
    }
    // The summary masks the values of the type without a schema, and only those.
    let o = tfshow(&["summary", "--format", "text", "--schemas", &s, &pl]);
    let text = out(&o);
    let dependent = text
        .split("oracle_thing.dependent")
        .nth(1)
        .expect("oracle_thing.dependent listed");
    assert!(dependent.contains("(sensitive value)"), "{text}");
    assert!(
        text.contains("zone: \"zone-a\" -> \"zone-b\""),
        "oracle_replace keeps its schema: {text}"
    );
}

#[test]
fn files_that_are_not_schemas_are_named_for_what_they_are() {
    let dir = case(REPLACE);
    let pl = plan(REPLACE);
    for (file, what) in [
        ("plan.tfplan", "a zip archive"),
        ("plan.json", "a plan's JSON document"),
        ("terraform.tfstate", "a state file"),
        ("state.json", "a state's JSON document"),
        ("plan-ui.jsonl", "a `-json` message stream"),
        ("plan.txt", "not JSON"),
    ] {
        let o = tfshow(&["summary", "--schemas", &p(&dir.join(file)), &pl]);
        let e = err(&o);
        assert_eq!(o.status.code(), Some(1), "{file}: {e}");
        assert!(
            e.contains("not a `terraform providers schema -json` document: this is ")
                && e.contains(what),
            "{file}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{file}: {e}");
    }
}
