//! `tfshow show` without `--json` (what `terraform show` prints) and `tfshow show --json
//! --redact`.

use std::path::Path;

use tfshow_json::document::PlanDocument;
use tfshow_render::unknown_sensitivity::schema_gaps;
use tfshow_render::{plan_text, redact, state_text, Document, RenderError, TextOptions};
use tfshow_schema::Schemas;

use super::{display, limits, CliError};
use crate::args::ShowArgs;

/// Runs `tfshow show` for the human view or the redacted JSON.
pub(crate) fn run(args: &ShowArgs) -> Result<(), CliError> {
    let bytes = super::encryption::Decryptor::new(&args.encryption)?.read(&args.file)?;
    let (schemas, report) = super::schemas::for_input(&bytes, &args.source)?;
    if !args.json && is_plan(&bytes) {
        let doc = load_plan(&args.file, &bytes, schemas.as_ref(), &report)?;
        let opts = text_options(args.no_color);
        let mut out = super::output::Output::open()?;
        if let Err(e) = plan_text::write(&doc, &opts, out.writer()) {
            if let Some(note) = out.abandon() {
                eprintln!("tfshow: note: {note}");
            }
            return Err(render_error(&args.file, e));
        }
        return out.commit();
    }
    if args.json {
        return redacted(args, &bytes, schemas.as_ref(), &report);
    }
    let opts = text_options(args.no_color);
    if tfshow_planfile::sniff(&bytes, limits()) == tfshow_planfile::Kind::StateJson {
        // The `show -json` document of a state is read as it is.
        let doc = load(&args.file, &bytes, schemas.as_ref(), &report)?;
        let out = state_text::render(&doc, schemas.as_ref(), &opts).into_bytes();
        return write_stdout(&out);
    }
    // A state file is decoded once, its values typed.
    let shown = state_text::render_state_file(&bytes, schemas.as_ref(), limits(), &opts)
        .map_err(|e| render_error(&args.file, e))?;
    report.print(&args.file, Some(&shown.masked_providers));
    write_stdout(shown.text.as_bytes())
}

/// `show --json --redact`: the document is redacted as it is written, straight to the output.
fn redacted(
    args: &ShowArgs,
    bytes: &[u8],
    schemas: Option<&Schemas>,
    report: &super::schemas::Report,
) -> Result<(), CliError> {
    let mut out = super::output::Output::open()?;
    let opts = tfshow_json::show::ReadOptions::new(limits());
    let written = redact::write_json(bytes, schemas, &opts, out.writer());
    // Which providers had a schema is said once the document could be read, as for show --json.
    if matches!(written, Ok(()) | Err(RenderError::UnknownSensitivity(_))) {
        report.print(&args.file, None);
    }
    if let Err(e) = written {
        if let Some(note) = out.abandon() {
            eprintln!("tfshow: note: {note}");
        }
        return Err(render_error(&args.file, e));
    }
    out.commit()
}

/// Whether `bytes` hold a plan (anything but a state file: a file that is neither is refused
/// by the plan decoder, which says why).
pub(crate) fn is_plan(bytes: &[u8]) -> bool {
    !tfshow_json::show::is_state(bytes, limits())
}

/// Decodes a plan file (`bytes`, read from `path`) for the views, and names on standard error
/// the providers whose resources' values are masked for want of a schema.
pub(crate) fn load_plan<'s>(
    path: &Path,
    bytes: &[u8],
    schemas: Option<&'s Schemas>,
    report: &super::schemas::Report,
) -> Result<PlanDocument<'s>, CliError> {
    let doc = PlanDocument::load_for_views(bytes, schemas, limits()).map_err(|source| {
        CliError::Show {
            path: display(path),
            source,
        }
    })?;
    let gaps = schema_gaps(&doc).map_err(|e| render_error(path, e))?;
    let (mut missing, types) = (gaps.providers, gaps.types);
    // A provider whose schema is there but lacks a type is named with that type instead.
    if let Some(s) = schemas {
        missing.retain(|p| !s.providers.contains_key(p));
    }
    super::schemas::warn_missing_types(path, &types);
    report.print(path, Some(&missing));
    Ok(doc)
}

/// A view's failure, naming the file.
pub(crate) fn render_error(path: &Path, e: RenderError) -> CliError {
    match e {
        RenderError::Show(source) => CliError::Show {
            path: display(path),
            source,
        },
        other => CliError::Render {
            path: display(path),
            message: other.to_string(),
        },
    }
}

/// Builds the document of a plan or state file (`bytes`, read from `path`) for the views, and
/// names on standard error the providers whose resources' values are masked for want of a
/// schema.
pub(crate) fn load(
    path: &Path,
    bytes: &[u8],
    schemas: Option<&Schemas>,
    report: &super::schemas::Report,
) -> Result<Document, CliError> {
    let doc =
        Document::load_for_views(bytes, schemas, limits()).map_err(|e| render_error(path, e))?;
    report.print(path, Some(&doc.providers_without_schema(schemas)));
    Ok(doc)
}

/// Colours when standard output is a terminal, unless `--no-color` or a non-empty `NO_COLOR`; the width
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
        color: super::output::colour(no_color),
        width,
        terminal,
    }
}

/// Writes a whole view to this run's destination (standard output, or `-o FILE`).
pub(crate) fn write_stdout(out: &[u8]) -> Result<(), CliError> {
    super::output::write_all(out)
}
