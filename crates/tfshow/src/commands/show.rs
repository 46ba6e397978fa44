//! `tfshow show` without `--json` (what `terraform show` prints) and `tfshow show --json
//! --redact`.

use std::path::Path;

use tfshow_render::{plan_text, redact, state_text, Document, Kind, RenderError, TextOptions};
use tfshow_schema::Schemas;

use super::{display, limits, read_input, read_schemas, CliError};
use crate::args::ShowArgs;

/// Runs `tfshow show` for the human view or the redacted JSON.
pub(crate) fn run(args: &ShowArgs) -> Result<(), CliError> {
    let schemas = read_schemas(args.schemas.as_deref())?;
    // The redacted JSON is the whole document; the human view reads only some sections.
    let doc = load(&args.file, schemas.as_ref(), args.json)?;
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

/// Reads a plan or state file and builds its document (`whole`, or the sections the views
/// read); warns on standard error when there are no schemas, and for the views (not
/// `whole`) names the providers whose resources' values are masked for want of a schema.
pub(crate) fn load(
    path: &Path,
    schemas: Option<&Schemas>,
    whole: bool,
) -> Result<Document, CliError> {
    let bytes = read_input(path)?;
    let load = if whole {
        Document::load
    } else {
        Document::load_for_views
    };
    let doc = load(&bytes, schemas, limits()).map_err(|e| match e {
        RenderError::Show(source) => CliError::Show {
            path: display(path),
            source,
        },
        other => CliError::Render {
            path: display(path),
            message: other.to_string(),
        },
    })?;
    let unknown = if whole {
        Default::default()
    } else {
        doc.providers_without_schema(schemas)
    };
    if !unknown.is_empty() {
        let names: Vec<_> = unknown
            .iter()
            .map(|p| tfshow_escape::terminal::line(p))
            .collect();
        eprintln!(
            "tfshow: warning: {}: no schema for provider {}: the values of its resources are masked, since which of them the provider marks sensitive cannot be known; give --schemas FILE (terraform providers schema -json)",
            display(path),
            names.join(", ")
        );
    } else if schemas.is_none() {
        let what = match doc.kind {
            Kind::Plan => "plan",
            Kind::State => "state",
        };
        eprintln!(
            "tfshow: warning: no --schemas given; the {what} {} was decoded without provider schemas and may differ from Terraform's output (see KNOWN-DIVERGENCES.md)",
            display(path)
        );
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
