//! `show -json` of real plan and state files compared byte for byte with what Terraform
//! printed for them (`testdata/oracle`, see its README). Cases are discovered from the folder.

mod support;

use std::path::Path;

use support::{case_name, cases_with, json_diff, read_input, show_case};
use tfshow_json::show::{show_json, show_json_with, Limits, ReadOptions};
use tfshow_schema::Schemas;

fn schemas(dir: &Path) -> Option<Schemas> {
    let bytes = std::fs::read(dir.join("schemas.json")).ok()?;
    Some(Schemas::from_json(&bytes).expect("schemas.json parses"))
}

/// `show -json` of a case's file, given the case's encryption configuration (OpenTofu's
/// encrypted cases) as `TF_ENCRYPTION` is given to `tofu show -json`.
fn render(dir: &Path, input: &str) -> Result<Vec<u8>, String> {
    let bytes = std::fs::read(dir.join(input)).expect("input file");
    show_case(&bytes, schemas(dir).as_ref(), dir)
}

/// Runs every case; fails listing each mismatch with its diff.
fn check(input: &str, expected: &str) {
    let cases = cases_with(input);
    assert!(!cases.is_empty(), "no {input} cases found");
    let mut failures = Vec::new();
    let mut compared = 0;
    for dir in &cases {
        let Ok(want) = std::fs::read(dir.join(expected)) else {
            continue;
        };
        compared += 1;
        match render(dir, input) {
            Err(e) => failures.push(format!("{}: error: {e}", case_name(dir))),
            Ok(got) => {
                if let Some(diff) = json_diff(&want, &got) {
                    failures.push(format!("{}:\n{diff}", case_name(dir)));
                }
            }
        }
    }
    assert!(compared > 0, "no {expected} files found");
    assert!(
        failures.is_empty(),
        "{} of {compared} {input} cases differ from Terraform's {expected}:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn plan_json_matches_terraform() {
    check("plan.tfplan", "plan.json");
}

/// `show_json` reads a plan's resource changes lazily; a plan decoded at once
/// (`PlanInput::lazy_changes` left `None`) gives the same document.
#[test]
fn plans_decoded_at_once_give_the_same_document() {
    use tfshow_gojson::Writer;
    use tfshow_json::plan::{write_document, PlanInput};
    use tfshow_planfile::{Options, PlanFile};
    use tfshow_state::State;

    let cases = cases_with("plan.tfplan");
    assert!(cases.len() > 50, "{} cases", cases.len());
    let mut failures = Vec::new();
    for dir in &cases {
        let Ok(lazily) = render(dir, "plan.tfplan") else {
            continue;
        };
        let bytes = read_input(dir, "plan.tfplan");
        let file = PlanFile::from_bytes(&bytes, &Options::default()).unwrap();
        let state = |b: &Option<Vec<u8>>| b.as_deref().map(|b| State::from_json(b).unwrap());
        let (prior, prev) = (state(&file.prior_state), state(&file.prev_run_state));
        let tree =
            tfshow_json::show::config_tree(file.config.as_ref(), &Limits::default()).unwrap();
        let defaults: Vec<_> = tree
            .iter()
            .flat_map(|t| &t.module.variables)
            .filter_map(|v| Some((v.name.clone(), v.default.clone()?)))
            .collect();
        let input = PlanInput {
            plan: &file.plan,
            lazy_changes: None,
            prior_state: prior.as_ref(),
            prev_run_state: prev.as_ref(),
            variable_defaults: &defaults,
            configuration: tree.as_ref(),
            filter: None,
        };
        let version = file.plan.release();
        let mut w = Writer::new(tfshow_gojson::Dialect::of(&version));
        write_document(&mut w, &input, schemas(dir).as_ref()).unwrap();
        let mut at_once = w.into_bytes();
        at_once.push(b'\n');
        if let Some(diff) = json_diff(&lazily, &at_once) {
            failures.push(format!("{}:\n{diff}", case_name(dir)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A [`PartFilter`](tfshow_json::filter::PartFilter) that passes every part on as it is
/// leaves the document as it is (also when it asks where the members of the parts are);
/// every part it is given is one JSON value, and the configuration comes last.
#[test]
fn parts_passed_on_as_they_are_leave_the_document_as_it_is() {
    use std::sync::Mutex;
    use tfshow_gojson::Member;
    use tfshow_json::document::PlanDocument;
    use tfshow_json::filter::{Part, PartFilter};

    struct Same(Mutex<Vec<Part>>);
    impl PartFilter for Same {
        fn part(
            &self,
            part: Part,
            text: &[u8],
            _: Option<&[Member]>,
            out: &mut Vec<u8>,
        ) -> Result<(), tfshow_json::Error> {
            serde_json::from_slice::<serde::de::IgnoredAny>(text).expect("one JSON value");
            self.0.lock().unwrap().push(part);
            out.extend_from_slice(text);
            Ok(())
        }

        fn member_depth(&self, _: Part) -> usize {
            3
        }
    }

    let mut filtered = 0;
    for dir in &cases_with("plan.tfplan") {
        let Ok(want) = render(dir, "plan.tfplan") else {
            continue;
        };
        let bytes = read_input(dir, "plan.tfplan");
        let schemas = schemas(dir);
        let doc = PlanDocument::load(&bytes, schemas.as_ref(), &Limits::default()).unwrap();
        let same = Same(Mutex::new(Vec::new()));
        let mut got = Vec::new();
        doc.write_json_filtered(&mut got, Some(&same)).unwrap();
        assert!(got == want, "{}", case_name(dir));
        let parts = same.0.into_inner().unwrap();
        if let Some(at) = parts.iter().position(|p| *p == Part::Configuration) {
            assert_eq!(at, parts.len() - 1, "{}", case_name(dir));
        }
        filtered += usize::from(parts.len() > 1);
    }
    assert!(filtered > 50, "{filtered} plans filtered");
}

#[test]
fn state_json_matches_terraform() {
    check("terraform.tfstate", "state.json");
}

#[test]
fn prior_state_json_matches_terraform() {
    check("prior.tfstate", "prior-state.json");
}

#[test]
fn diff_helper_reports_the_changed_member() {
    let diff = json_diff(br#"{"a":1,"b":[true]}"#, br#"{"a":1,"b":[false]}"#).expect("differs");
    assert!(
        diff.contains("-    true") && diff.contains("+    false"),
        "{diff}"
    );
}

/// Without provider schemas the documents are still complete: the same top-level keys, the
/// same resources with the same actions, the same outputs (values may differ, see
/// KNOWN-DIVERGENCES.md).
#[test]
fn without_schemas_documents_are_complete() {
    use serde_json::Value as J;
    fn summary(doc: &J) -> (Vec<String>, Vec<(String, String)>, Vec<String>) {
        let keys = doc
            .as_object()
            .map(|o| {
                o.keys()
                    .filter(|k| *k != "configuration")
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let changes = doc["resource_changes"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|c| (c["address"].to_string(), c["change"]["actions"].to_string()))
                    .collect()
            })
            .unwrap_or_default();
        let outputs = doc["output_changes"]
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        (keys, changes, outputs)
    }
    let mut failures = Vec::new();
    for dir in cases_with("plan.tfplan") {
        let Ok(want) = std::fs::read(dir.join("plan.json")) else {
            continue;
        };
        let bytes = read_input(&dir, "plan.tfplan");
        let mut got = Vec::new();
        if let Err(e) = show_json(&bytes, None, &Limits::default(), &mut got) {
            failures.push(format!("{}: {e}", case_name(&dir)));
            continue;
        }
        let got: J = serde_json::from_slice(&got).expect("valid JSON");
        let want: J = serde_json::from_slice(&want).unwrap();
        if summary(&got) != summary(&want) {
            failures.push(format!(
                "{}: {:?} != {:?}",
                case_name(&dir),
                summary(&got),
                summary(&want)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// State objects stored flat (`attributes_flat`, Terraform 0.11's form, still read by later
/// releases): a real state with every object's attributes rewritten in the flat form must give
/// the same document Terraform printed for the original.
mod flat_state {
    use super::support::{json_diff, scenarios_dir};
    use super::*;
    use serde_json::Value as J;

    /// The flat form of an object of strings, numbers, bools and maps of those (`tags.%`,
    /// `tags.KEY`); a null attribute has no entry.
    fn flatten(attrs: &serde_json::Map<String, J>) -> serde_json::Map<String, J> {
        let mut out = serde_json::Map::new();
        for (k, v) in attrs {
            match v {
                J::Null => {}
                J::String(s) => {
                    out.insert(k.clone(), J::String(s.clone()));
                }
                J::Number(_) | J::Bool(_) => {
                    out.insert(k.clone(), J::String(v.to_string()));
                }
                J::Object(m) => {
                    out.insert(format!("{k}.%"), J::String(m.len().to_string()));
                    for (mk, mv) in m {
                        let text = mv.as_str().expect("a map of strings").to_owned();
                        out.insert(format!("{k}.{mk}"), J::String(text));
                    }
                }
                J::Array(_) => panic!("{k}: lists are not flattened here"),
            }
        }
        out
    }

    #[test]
    fn flat_attributes_give_terraforms_document() {
        let dir = scenarios_dir().join("null_provider/tf-1.5.7");
        let mut state: J =
            serde_json::from_slice(&std::fs::read(dir.join("terraform.tfstate")).unwrap()).unwrap();
        let mut flattened = 0;
        for r in state["resources"].as_array_mut().unwrap() {
            for i in r["instances"].as_array_mut().unwrap() {
                let i = i.as_object_mut().unwrap();
                let attrs = i.remove("attributes").unwrap();
                i.insert(
                    "attributes_flat".into(),
                    J::Object(flatten(attrs.as_object().unwrap())),
                );
                flattened += 1;
            }
        }
        assert!(flattened > 3);
        let schemas =
            Schemas::from_json(&std::fs::read(dir.join("schemas.json")).unwrap()).unwrap();
        let mut got = Vec::new();
        show_json(
            &serde_json::to_vec(&state).unwrap(),
            Some(&schemas),
            &Limits::default(),
            &mut got,
        )
        .unwrap();
        let want = std::fs::read(dir.join("state.json")).unwrap();
        if let Some(diff) = json_diff(&want, &got) {
            panic!("{diff}");
        }
    }
}

/// OpenTofu's encrypted cases: with the configuration written as JSON the document is the
/// same; without a configuration the error names encryption (as `tofu show -json` does in
/// `nokey-show-*.log`) and how to give the key; with a wrong passphrase the error says so and
/// nothing is written.
#[test]
fn encrypted_files_need_their_key() {
    use tfshow_json::show::EncryptionConfig;
    let cases = cases_with("encryption.hcl");
    assert!(!cases.is_empty(), "no encrypted cases");
    let limits = Limits::default();
    for dir in &cases {
        let name = case_name(dir);
        let plan = std::fs::read(dir.join("plan.tfplan")).unwrap();
        let nokey = std::fs::read_to_string(dir.join("nokey-show-plan.log")).unwrap();
        assert!(nokey.contains("requires a valid"), "{name}: {nokey}");
        for file in ["plan.tfplan", "terraform.tfstate"] {
            let bytes = std::fs::read(dir.join(file)).unwrap();
            let mut out = Vec::new();
            let err = show_json(&bytes, None, &limits, &mut out)
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("encrypted by OpenTofu and requires a valid encryption configuration")
                    && err.contains("TF_ENCRYPTION"),
                "{name}/{file}: {err}"
            );
            assert!(out.is_empty());
        }

        let json = std::fs::read_to_string(dir.join("encryption.json")).unwrap();
        let config = EncryptionConfig::parse(&json, &limits).unwrap();
        let opts = ReadOptions {
            limits: &limits,
            encryption: Some(&config),
        };
        let mut out = Vec::new();
        show_json_with(&plan, schemas(dir).as_ref(), &opts, &mut out).unwrap();
        let want = std::fs::read(dir.join("plan.json")).unwrap();
        assert!(json_diff(&want, &out).is_none(), "{name}: encryption.json");

        let wrong = std::fs::read_to_string(dir.join("encryption.hcl"))
            .unwrap()
            .replace(
                "passphrase",
                "passphrase = \"not-the-passphrase-at-all\"\n  #",
            );
        let config = EncryptionConfig::parse(&wrong, &limits).unwrap();
        let opts = ReadOptions {
            limits: &limits,
            encryption: Some(&config),
        };
        let mut out = Vec::new();
        let err = show_json_with(&plan, None, &opts, &mut out)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(
                "could not decrypt the plan file with any configured key (wrong passphrase?)"
            ),
            "{name}: {err}"
        );
        assert!(!err.contains("not-the-passphrase"), "{err}");
        assert!(out.is_empty());
    }
}
