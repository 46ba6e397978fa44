//! `tfshow ui`: the messages `terraform plan -json` printed for a plan file.

use tfshow_json::show::show_json;
use tfshow_ui::plan::{
    legacy_drift_from_plan_json, needs_legacy_drift, plan_messages, read_plan_file_with,
    LegacyDrift,
};
use tfshow_ui::timestamp;

use super::{display, limits, CliError};
use crate::args::UiArgs;

/// Runs `tfshow ui`.
pub(crate) fn run(args: &UiArgs) -> Result<(), CliError> {
    let bytes = super::encryption::Decryptor::new(&args.encryption)?.read(&args.file)?;
    let path = display(&args.file);
    let plan = read_plan_file_with(&bytes, limits()).map_err(|e| CliError::Ui {
        path: path.clone(),
        message: e.to_string(),
    })?;

    if !plan.release().has(tfshow_ui::Feature::MachineReadableUi) {
        eprintln!(
            "tfshow: warning: Terraform {} has no machine-readable UI (it came with 0.15.3); printing the messages in the earliest format (ui 0.1.0)",
            plan.terraform_version
        );
    }

    // Terraform 1.0.3–1.0.x computed drift from the plan's two states; `show -json` of
    // those releases lists the same drift, so take it from there.
    let mut drift: Vec<LegacyDrift> = Vec::new();
    if needs_legacy_drift(&plan.terraform_version) {
        // Only then are provider schemas used.
        let (schemas, report) = super::schemas::for_input(&bytes, &args.source)?;
        report.print(&args.file, None);
        let mut doc = Vec::new();
        match show_json(&bytes, schemas.as_ref(), limits(), &mut doc)
            .map_err(|e| e.to_string())
            .and_then(|_| legacy_drift_from_plan_json(&doc).map_err(|e| e.to_string()))
        {
            Ok(d) => drift = d,
            Err(e) => eprintln!(
                "tfshow: warning: {path}: drift could not be computed ({e}); no resource_drift messages printed"
            ),
        }
        if schemas.is_none() {
            eprintln!(
                "tfshow: warning: no provider schemas; drift of a Terraform {} plan was detected by comparing values without provider schemas",
                plan.terraform_version
            );
        }
    }

    let messages = plan_messages(&plan, &drift, &mut timestamp::now).map_err(|e| CliError::Ui {
        path,
        message: e.to_string(),
    })?;
    let mut out = Vec::new();
    for m in &messages {
        m.write_to(&mut out).map_err(CliError::Write)?;
    }
    super::output::write_all(&out)
}
