//! `tfshow summary`: a review summary of one plan, or of several rolled up into one document;
//! with `--fail-on`, a gate for CI.

use std::path::Path;

use tfshow_render::summary::{Filter, Layout, Rollup, Summary, Titled, GITHUB_COMMENT_LIMIT};
use tfshow_render::summary_markdown::check_marker;

use super::show::{is_plan, load_plan, render_error, write_stdout};
use super::{display, CliError, Outcome};
use crate::args::{SummaryArgs, SummaryFormat};

/// Runs `tfshow summary`.
pub(crate) fn run(args: &SummaryArgs) -> Result<Outcome, CliError> {
    check(args)?;
    let filter = Filter {
        only: args.only.clone(),
        addresses: args.addresses.clone(),
        drift: !args.no_drift,
        outputs: !args.no_outputs,
    };
    let mut plans = Vec::with_capacity(args.files.len());
    for (i, file) in args.files.iter().enumerate() {
        let mut summary = summarize(file, args)?;
        summary.filter(&filter);
        let title = args.titles.get(i).cloned().unwrap_or_else(|| display(file));
        plans.push(Titled { title, summary });
    }
    let layout = Layout {
        max_chars: match args.format {
            SummaryFormat::Markdown => Some(args.max_chars.unwrap_or(GITHUB_COMMENT_LIMIT)),
            _ => args.max_chars,
        },
        tree: args.tree,
        color: args.format == SummaryFormat::Text && super::output::colour(args.no_color),
        marker: args.marker.clone(),
    };
    let too_small = |e: tfshow_render::summary::TooSmall| CliError::Usage(e.to_string());
    let out = if plans.len() == 1 && args.titles.is_empty() {
        let summary = &plans[0].summary;
        match args.format {
            SummaryFormat::Markdown => summary.markdown(&layout).map_err(too_small)?,
            SummaryFormat::Text => summary.text(&layout).map_err(too_small)?,
            SummaryFormat::Html => summary.html(),
            SummaryFormat::Json => json(&summary.json()),
        }
    } else {
        let rollup = Rollup { plans };
        let out = match args.format {
            SummaryFormat::Markdown => rollup.markdown(&layout).map_err(too_small)?,
            SummaryFormat::Text => rollup.text(&layout).map_err(too_small)?,
            SummaryFormat::Json => json(&rollup.json()),
            // Refused by `check`.
            SummaryFormat::Html => String::new(),
        };
        plans = rollup.plans;
        out
    };
    // A reader that closed the pipe early does not open the gate: the status is still 2.
    match write_stdout(out.as_bytes()) {
        Err(e) if !e.is_broken_pipe() => Err(e),
        _ => gate(args, &plans),
    }
}

/// Refuses what the command line asks for that cannot be done, before any file is read.
fn check(args: &SummaryArgs) -> Result<(), CliError> {
    let stdin = args
        .files
        .iter()
        .filter(|f| f.as_path() == Path::new("-"))
        .count();
    if stdin > 1 {
        return Err(CliError::Usage(
            "standard input (-) can be given only once".into(),
        ));
    }
    if !args.titles.is_empty() && args.titles.len() != args.files.len() {
        return Err(CliError::Usage(format!(
            "{} --title given for {} plans: give one per plan, in the same order",
            args.titles.len(),
            args.files.len()
        )));
    }
    if args.format == SummaryFormat::Html && args.files.len() > 1 {
        return Err(CliError::Usage(
            "--format html takes one plan; roll several up as markdown, text or json".into(),
        ));
    }
    if args.max_chars.is_some() && matches!(args.format, SummaryFormat::Json | SummaryFormat::Html)
    {
        return Err(CliError::Usage(
            "--max-chars applies to the markdown and text formats".into(),
        ));
    }
    if let Some(id) = &args.marker {
        check_marker(id).map_err(|e| CliError::Usage(format!("--marker: {e}")))?;
    }
    Ok(())
}

/// The summary of one plan file.
fn summarize(file: &Path, args: &SummaryArgs) -> Result<Summary, CliError> {
    let bytes = super::encryption::Decryptor::new(&args.encryption)?.read(file)?;
    let (schemas, report) = super::schemas::for_input(&bytes, &args.source)?;
    if !is_plan(&bytes) {
        return Err(CliError::Render {
            path: display(file),
            message: "this is a state file; summary needs a plan file".into(),
        });
    }
    let doc = load_plan(file, &bytes, schemas.as_ref(), &report)?;
    Summary::new(&doc).map_err(|e| render_error(file, e))
}

/// `--fail-on`: says on standard error which of the named changes each plan lists, and flags
/// the run when any does.
fn gate(args: &SummaryArgs, plans: &[Titled]) -> Result<Outcome, CliError> {
    let mut flagged = false;
    for p in plans {
        let tripped = p.summary.tripped(&args.fail_on);
        if !tripped.is_empty() {
            flagged = true;
            eprintln!(
                "tfshow: {}: --fail-on: the plan lists {}",
                tfshow_escape::terminal::text(&p.title),
                tripped.join(", ")
            );
        }
    }
    Ok(if flagged {
        Outcome::Flagged
    } else {
        Outcome::Done
    })
}

fn json(v: &serde_json::Value) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    tfshow_escape::json::escape_unsafe(&s).into_owned()
}
