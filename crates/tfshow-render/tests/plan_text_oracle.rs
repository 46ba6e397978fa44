//! The text view of a plan against what `terraform show -no-color` of Terraform 1.15.5 and
//! `tofu show -no-color` of OpenTofu 1.12.6 printed for it
//! (`testdata/oracle/scenarios/*/{tf-1.15.5,tofu-1.12.6}/plan.txt`, every case discovered
//! from the folder), byte for byte.

mod support;

use std::path::{Path, PathBuf};

use tfshow_json::document::PlanDocument;
use tfshow_json::show::Limits;
use tfshow_render::{plan_text, TextOptions};
use tfshow_schema::Schemas;

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(&root).expect("scenarios") {
        let scenario = scenario.expect("entry").path();
        // The newest release of each program: the text view follows its `show`.
        for release in ["tf-1.15.5", "tofu-1.12.6"] {
            let dir = scenario.join(release);
            if dir.join("plan.tfplan").is_file() && dir.join("plan.txt").is_file() {
                out.push(dir);
            }
        }
    }
    out.sort();
    out
}

fn name(dir: &Path) -> String {
    let part = |p: Option<&Path>| {
        p.and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    format!("{}/{}", part(dir.parent()), part(Some(dir)))
}

/// Where a case's plan is read from.
#[derive(Clone, Copy)]
enum Input {
    /// `plan.tfplan`.
    PlanFile,
    /// `plan.json`, what `show -json` printed for it.
    ShowJson,
}

/// Renders every case's plan read from `input`, with the case's schemas, and asserts that
/// the text equals `plan.txt`.
fn assert_text_equals_show(input: Input) {
    let cases = cases();
    assert!(cases.len() >= 80, "found only {} cases", cases.len());
    assert!(
        cases.iter().any(|c| c.ends_with("tofu-1.12.6")),
        "no OpenTofu cases"
    );
    let mut failures = Vec::new();
    for dir in &cases {
        let schemas = std::fs::read(dir.join("schemas.json"))
            .ok()
            .map(|b| Schemas::from_json(&b).expect("schemas"));
        let json;
        let loaded = match input {
            Input::PlanFile => support::load_case_plan(dir, schemas.as_ref()),
            Input::ShowJson => {
                json = std::fs::read(dir.join("plan.json")).expect("plan.json");
                PlanDocument::load(&json, schemas.as_ref(), &Limits::default())
            }
        };
        let doc = match loaded {
            Ok(d) => d,
            Err(e) => {
                failures.push(format!("{}: {e}", name(dir)));
                continue;
            }
        };
        let got = match plan_text::render(&doc, &TextOptions::default()) {
            Ok(text) => text,
            Err(e) => {
                failures.push(format!("{}: {e}", name(dir)));
                continue;
            }
        };
        let want = std::fs::read_to_string(dir.join("plan.txt")).expect("plan.txt");
        if got != want {
            let diff = similar::TextDiff::from_lines(want.as_str(), got.as_str())
                .unified_diff()
                .header("terraform", "tfshow")
                .to_string();
            failures.push(format!("{}:\n{diff}", name(dir)));
        }
    }
    eprintln!(
        "plan.txt: {} of {} cases byte-identical",
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
fn plan_text_equals_terraform_show() {
    assert_text_equals_show(Input::PlanFile);
}

/// The plan read from its `show -json` document, with the same schemas, renders the same text.
#[test]
fn plan_text_of_show_json_equals_terraform_show() {
    assert_text_equals_show(Input::ShowJson);
}

/// `s` without SGR escape sequences.
fn strip_sgr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' && chars.peek() == Some(&'[') {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn colours_only_add_escape_sequences() {
    for dir in cases() {
        let schemas = std::fs::read(dir.join("schemas.json"))
            .ok()
            .map(|b| Schemas::from_json(&b).expect("schemas"));
        let doc = support::load_case_plan(&dir, schemas.as_ref()).expect("doc");
        let plain = plan_text::render(&doc, &TextOptions::default()).expect("text");
        let colored = plan_text::render(
            &doc,
            &TextOptions {
                color: true,
                ..TextOptions::default()
            },
        )
        .expect("text");
        // The plain text itself may hold SGR sequences from the input (raw in heredocs).
        assert_eq!(strip_sgr(&colored), strip_sgr(&plain), "{}", name(&dir));
        if plain.contains("will be created") {
            assert!(colored.contains("\x1b[32m+\x1b[0m"), "{}", name(&dir));
        }
    }
}
