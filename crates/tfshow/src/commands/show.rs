//! `tfshow show` without `--json` (what `terraform show` prints) and `tfshow show --json
//! --redact`.

use std::path::Path;

use tfshow_render::{plan_text, redact, state_text, Document, Kind, RenderError, TextOptions};
use tfshow_schema::Schemas;

use super::{display, limits, read_input, CliError};
use crate::args::ShowArgs;

/// Runs `tfshow show` for the human view or the redacted JSON.
pub(crate) fn run(args: &ShowArgs) -> Result<(), CliError> {
    let bytes = read_input(&args.file)?;
    let (schemas, report) = super::schemas::for_input(&bytes, &args.source)?;
    // The redacted JSON is the whole document; the human view reads only some sections.
    let doc = load(&args.file, &bytes, schemas.as_ref(), &report, args.json)?;
    let out = if args.json {
        redact::to_json(doc, schemas.as_ref()).map_err(|e| CliError::Render {
            path: display(&args.file),
            message: e.to_string(),
        })?
    } else {
        let opts = text_options(args.no_color);
        match doc.kind {
            Kind::Plan => {
                plan_text::render(&doc, schemas.as_ref(), &opts).map_err(|e| CliError::Render {
                    path: display(&args.file),
                    message: e.to_string(),
                })?
            }
            Kind::State => state_text::render(&doc, schemas.as_ref(), &opts),
        }
        .into_bytes()
    };
    write_stdout(&out)
}

/// Builds the document of a plan or state file (`bytes`, read from `path`): `whole`, or the
/// sections the views read; for the views (not `whole`) names on standard error the
/// providers whose resources' values are masked for want of a schema.
pub(crate) fn load(
    path: &Path,
    bytes: &[u8],
    schemas: Option<&Schemas>,
    report: &super::schemas::Report,
    whole: bool,
) -> Result<Document, CliError> {
    let load = if whole {
        Document::load
    } else {
        Document::load_for_views
    };
    let doc = load(bytes, schemas, limits()).map_err(|e| match e {
        RenderError::Show(source) => CliError::Show {
            path: display(path),
            source,
        },
        other => CliError::Render {
            path: display(path),
            message: other.to_string(),
        },
    })?;
    if whole {
        report.print(path, None);
    } else {
        report.print(path, Some(&doc.providers_without_schema(schemas)));
    }
    Ok(doc)
}

/// Colours when standard output is a terminal, unless `--no-color` or `NO_COLOR`; the width
/// of notes is the terminal's (`COLUMNS`) there and 78 otherwise, as in Terraform. On a
/// terminal, control, bidi and zero-width characters from the input are shown visibly;
/// written to a pipe or a file, the text is Terraform's bytes.
fn text_options(no_color: bool) -> TextOptions {
    let terminal = super::output::is_terminal();
    let width = if terminal {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok())
            .filter(|w| *w > 0)
            .unwrap_or(78)
    } else {
        78
    };
    TextOptions {
        color: terminal && !no_color && std::env::var_os("NO_COLOR").is_none(),
        width,
        terminal,
    }
}

/// Writes a whole view to this run's destination (standard output, or `-o FILE`).
pub(crate) fn write_stdout(out: &[u8]) -> Result<(), CliError> {
    super::output::write_all(out)
}
