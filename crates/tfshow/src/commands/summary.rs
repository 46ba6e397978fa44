//! `tfshow summary`: a review summary of a plan.

use tfshow_render::summary::Summary;
use tfshow_render::Kind;

use super::show::{load, write_stdout};
use super::{display, read_input, CliError};
use crate::args::{SummaryArgs, SummaryFormat};

/// Runs `tfshow summary`.
pub(crate) fn run(args: &SummaryArgs) -> Result<(), CliError> {
    let bytes = read_input(&args.file)?;
    let (schemas, report) = super::schemas::for_input(&bytes, &args.source)?;
    let doc = load(&args.file, &bytes, schemas.as_ref(), &report, false)?;
    if doc.kind != Kind::Plan {
        return Err(CliError::Render {
            path: display(&args.file),
            message: "this is a state file; summary needs a plan file".into(),
        });
    }
    let summary = Summary::new(&doc, schemas.as_ref()).map_err(|e| CliError::Render {
        path: display(&args.file),
        message: e.to_string(),
    })?;
    let out = match args.format {
        SummaryFormat::Markdown => summary.markdown(args.max_chars),
        SummaryFormat::Text => summary.text(),
        SummaryFormat::Json => {
            let mut s = serde_json::to_string_pretty(&summary.json()).unwrap_or_default();
            s.push('\n');
            tfshow_escape::json::escape_unsafe(&s).into_owned()
        }
    };
    write_stdout(out.as_bytes())
}
