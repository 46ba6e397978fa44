//! `tfshow summary`: a review summary of a plan.

use tfshow_render::summary::Summary;

use super::show::{is_plan, load_plan, render_error, write_stdout};
use super::{display, CliError};
use crate::args::{SummaryArgs, SummaryFormat};

/// Runs `tfshow summary`.
pub(crate) fn run(args: &SummaryArgs) -> Result<(), CliError> {
    let bytes = super::encryption::Decryptor::new(&args.encryption)?.read(&args.file)?;
    let (schemas, report) = super::schemas::for_input(&bytes, &args.source)?;
    if !is_plan(&bytes) {
        return Err(CliError::Render {
            path: display(&args.file),
            message: "this is a state file; summary needs a plan file".into(),
        });
    }
    let doc = load_plan(&args.file, &bytes, schemas.as_ref(), &report)?;
    let summary = Summary::new(&doc).map_err(|e| render_error(&args.file, e))?;
    let out = match args.format {
        SummaryFormat::Markdown => summary.markdown(args.max_chars),
        SummaryFormat::Text => summary.text(),
        SummaryFormat::Html => summary.html(),
        SummaryFormat::Json => {
            let mut s = serde_json::to_string_pretty(&summary.json()).unwrap_or_default();
            s.push('\n');
            tfshow_escape::json::escape_unsafe(&s).into_owned()
        }
    };
    write_stdout(out.as_bytes())
}
