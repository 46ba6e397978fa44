//! The human view of state files of format versions 1 to 3, upgraded on reading: what
//! `terraform show -no-color` (Terraform 1.11.4) printed for each
//! (`testdata/oracle/scenarios/state_upgrade`, see `tools/oracle-tf/state-upgrade.sh`).

use std::path::Path;

use tfshow_json::show::Limits;
use tfshow_render::{state_text, Document, TextOptions};
use tfshow_schema::Schemas;

#[test]
fn legacy_states_read_as_terraform_prints_them() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios/state_upgrade/tf-1.11.4");
    let schemas = Schemas::from_json(&std::fs::read(dir.join("schemas.json")).unwrap()).unwrap();
    let mut compared = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(stem) = name.strip_suffix("-state.txt") else {
            continue;
        };
        let want = std::fs::read_to_string(dir.join(&name)).unwrap();
        let bytes = std::fs::read(dir.join(format!("{stem}.tfstate"))).unwrap();
        let opts = TextOptions::default();
        // From the state file's typed values, and from its `show -json` document.
        let typed =
            state_text::render_state_file(&bytes, Some(&schemas), &Limits::default(), &opts)
                .unwrap()
                .text;
        let doc = Document::load(&bytes, Some(&schemas), &Limits::default()).unwrap();
        let from_document = state_text::render(&doc, Some(&schemas), &opts);
        for (how, got) in [("typed", typed), ("document", from_document)] {
            compared += 1;
            if got != want {
                failures.push(format!(
                    "{stem} ({how}):\n--- Terraform\n{want}\n--- tfshow\n{got}"
                ));
            }
        }
    }
    assert!(compared >= 10, "{compared} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A sensitive output of a legacy state is masked; its value is nowhere in the view.
#[test]
fn legacy_sensitive_outputs_are_masked() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios/state_upgrade/tf-1.11.4");
    let bytes = std::fs::read(dir.join("v2.tfstate")).unwrap();
    for schemas in [
        None,
        Some(Schemas::from_json(&std::fs::read(dir.join("schemas.json")).unwrap()).unwrap()),
    ] {
        let opts = TextOptions::default();
        let doc = Document::load(&bytes, schemas.as_ref(), &Limits::default()).unwrap();
        let typed =
            state_text::render_state_file(&bytes, schemas.as_ref(), &Limits::default(), &opts);
        for text in [
            state_text::render(&doc, schemas.as_ref(), &opts),
            typed.unwrap().text,
        ] {
            assert!(text.contains("token = (sensitive value)"), "{text}");
            assert!(!text.contains("s3cr3t"), "{text}");
        }
    }
}
