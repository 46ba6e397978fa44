//! `tfshow diff OLD NEW`: what differs between two plans.

use std::path::Path;

use tfshow_render::plan_diff;

use super::show::{load, write_stdout};
use super::{display, CliError};
use crate::args::{DiffArgs, DiffFormat};

/// Runs `tfshow diff`.
pub(crate) fn run(args: &DiffArgs) -> Result<(), CliError> {
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
    let old = load(
        &args.old,
        &old_bytes,
        old_schemas.as_ref(),
        &old_report,
        false,
    )?;
    let new = load(
        &args.new,
        &new_bytes,
        new_schemas.as_ref(),
        &new_report,
        false,
    )?;
    let d =
        plan_diff::diff(&old, &new, old_schemas.as_ref(), new_schemas.as_ref()).map_err(|e| {
            CliError::Render {
                path: format!("{} {}", display(&args.old), display(&args.new)),
                message: e.to_string(),
            }
        })?;
    let out = match args.format {
        DiffFormat::Text => d.text(),
        DiffFormat::Json => {
            let mut s = serde_json::to_string_pretty(&d.json()).unwrap_or_default();
            s.push('\n');
            tfshow_escape::json::escape_unsafe(&s).into_owned()
        }
    };
    write_stdout(out.as_bytes())
}
