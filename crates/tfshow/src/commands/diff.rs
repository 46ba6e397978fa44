//! `tfshow diff OLD NEW`: what differs between two plans; with `--exit-code`, a gate for CI
//! (2 when they differ).

use std::path::Path;

use tfshow_render::{plan_diff, RenderError};

use super::show::{is_plan, load_plan, write_stdout};
use super::{display, limits, CliError, Outcome};
use crate::args::{DiffArgs, DiffFormat};

/// Runs `tfshow diff`.
pub(crate) fn run(args: &DiffArgs) -> Result<Outcome, CliError> {
    if args.old == Path::new("-") && args.new == Path::new("-") {
        return Err(CliError::Usage(
            "OLD and NEW cannot both be standard input".into(),
        ));
    }
    let decryptor = super::encryption::Decryptor::new(&args.encryption)?;
    let old_bytes = decryptor.read(&args.old)?;
    let new_bytes = decryptor.read(&args.new)?;
    let (old_schemas, old_report) = super::schemas::for_input(&old_bytes, &args.source)?;
    let (new_schemas, new_report) = super::schemas::for_input(&new_bytes, &args.source)?;
    let both = || format!("{} {}", display(&args.old), display(&args.new));
    if !is_plan(&old_bytes) || !is_plan(&new_bytes) {
        return Err(CliError::Render {
            path: both(),
            message: RenderError::NotComparable(
                "diff compares two plan files; a state file was given".into(),
            )
            .to_string(),
        });
    }
    let old = load_plan(&args.old, &old_bytes, old_schemas.as_ref(), &old_report)?;
    let new = load_plan(&args.new, &new_bytes, new_schemas.as_ref(), &new_report)?;
    let d = plan_diff::diff(&old, &new).map_err(|e| CliError::Render {
        path: both(),
        message: e.to_string(),
    })?;
    warn_if_unrelated(args, &old_bytes, &new_bytes);
    let out = match args.format {
        DiffFormat::Text if super::output::colour(args.no_color) => {
            tfshow_render::diff_colour::colour(&d.text())
        }
        DiffFormat::Text => d.text(),
        DiffFormat::Json => {
            let mut s = serde_json::to_string_pretty(&d.json()).unwrap_or_default();
            s.push('\n');
            tfshow_escape::json::escape_unsafe(&s).into_owned()
        }
    };
    // A reader that closed the pipe early does not change the status of --exit-code.
    if let Err(e) = write_stdout(out.as_bytes()) {
        if !e.is_broken_pipe() {
            return Err(e);
        }
    }
    Ok(if args.exit_code && !d.is_empty() {
        Outcome::Flagged
    } else {
        Outcome::Done
    })
}

/// Warns when OLD and NEW were planned against different states: both plans hold a prior state
/// (the `tfstate` entry) whose lineages, set when a state is first created and kept for its
/// life, differ. Plans of one configuration and workspace share a lineage; plans made before
/// any state existed have none, and are not compared.
fn warn_if_unrelated(args: &DiffArgs, old: &[u8], new: &[u8]) {
    let (Some(a), Some(b)) = (lineage(old), lineage(new)) else {
        return;
    };
    if a != b {
        eprintln!(
            "tfshow: warning: {} and {} were planned against different states (lineage {} and {}): they may be plans of different configurations or workspaces",
            tfshow_escape::terminal::text(&display(&args.old)),
            tfshow_escape::terminal::text(&display(&args.new)),
            tfshow_escape::terminal::text(&a),
            tfshow_escape::terminal::text(&b)
        );
    }
}

/// The lineage of a plan file's prior state; `None` when it has none (or it cannot be read:
/// reading the plan says why).
fn lineage(plan: &[u8]) -> Option<String> {
    let state = tfshow_planfile::container::PlanFile::prior_state_entry(plan, limits()).ok()??;
    let top: std::collections::HashMap<String, &serde_json::value::RawValue> =
        serde_json::from_slice(&state).ok()?;
    let lineage: String = serde_json::from_str(top.get("lineage")?.get()).ok()?;
    (!lineage.is_empty()).then_some(lineage)
}
