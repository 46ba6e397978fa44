//! Shared by the tests that read every oracle case.

use std::path::Path;

use tfshow_json::document::PlanDocument;
use tfshow_json::show::{EncryptionConfig, Limits, ReadOptions, ShowError};
use tfshow_schema::Schemas;

/// The plan document of a case's `plan.tfplan`, decrypted with the case's `encryption.hcl`
/// (the `TF_ENCRYPTION` OpenTofu's encrypted cases were written with) when it has one.
pub fn load_case_plan<'s>(
    dir: &Path,
    schemas: Option<&'s Schemas>,
) -> Result<PlanDocument<'s>, ShowError> {
    let bytes = std::fs::read(dir.join("plan.tfplan")).expect("plan.tfplan");
    let limits = Limits::default();
    let encryption = std::fs::read_to_string(dir.join("encryption.hcl"))
        .ok()
        .map(|text| EncryptionConfig::parse(&text, &limits).expect("encryption.hcl"));
    let opts = ReadOptions {
        limits: &limits,
        encryption: encryption.as_ref(),
    };
    PlanDocument::load_with(&bytes, schemas, &opts)
}

/// The oracle case folders that hold every one of `files`, sorted.
#[allow(dead_code)]
pub fn cases_with(files: &[&str]) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(root).expect("scenarios") {
        for case in std::fs::read_dir(scenario.expect("entry").path()).expect("scenario") {
            let dir = case.expect("entry").path();
            if files.iter().all(|f| dir.join(f).is_file()) {
                out.push(dir);
            }
        }
    }
    out.sort();
    out
}
