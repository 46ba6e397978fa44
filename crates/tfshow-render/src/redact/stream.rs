//! The redacted document, written as it is read or made, one unit at a time.
//!
//! - A plan file: `tfshow-json` writes its `show -json` document once, each part (a
//!   resource, a resource change, drift or deferred entry, the outputs, the variables, the
//!   configuration) through [`Redacting`](super::parts::Redacting), which redacts it by the
//!   rules of [`Redactor`](super::Redactor) where it is made (the parts of many resources on
//!   several threads). Nothing is read back.
//! - A state file: its document is written by `tfshow-json` on another thread, through a
//!   bounded [`pipe`](super::pipe), and walked member by member as it arrives; each unit is
//!   read alone, redacted and written out with Go's escaping.
//! - A `show -json` document given as input is walked the same way.
//!
//! Memory grows with the largest unit, not with the document. Units come in the document's
//! order, and the configuration last: its constants are scrubbed of every value replaced
//! before it.

use std::io::Write;

use serde::Deserialize;
use serde_json::Value;
use tfshow_gojson::Dialect;
use tfshow_json::document::PlanDocument;
use tfshow_json::show::{decrypt, is_state, precheck, show_json_with, ReadOptions};
use tfshow_json::Release;
use tfshow_planfile::Kind as FileKind;
use tfshow_schema::Schemas;

use super::parts::{Escaping, Redacting};
use super::pipe::{pipe, PipeWriter};
use super::sink::Ctx;
use super::split::Source;
use crate::RenderError;

/// Writes the `show -json` document of `bytes` (a plan or state file, or the `show -json`
/// document of one) to `out` with every sensitive value replaced by
/// [`MARKER`](super::MARKER) (see the [module documentation](super)): compact, with Go's
/// escaping, a final newline, and control, bidi and zero-width characters in strings written
/// as `\uXXXX` escapes (the same value).
///
/// The document is redacted as it is written, one resource at a time; it is never held whole.
///
/// Refuses ([`RenderError::UnknownSensitivity`], naming them) when a provider of the
/// document has no schema in `schemas`: which of its attributes are sensitive cannot be known,
/// so the result could not be promised free of secrets. Part of what comes before the first
/// resource of such a provider may have been written (it is redacted); nothing from it on is.
pub fn write_json(
    bytes: &[u8],
    schemas: Option<&Schemas>,
    opts: &ReadOptions<'_>,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let limits = opts.limits;
    precheck(bytes, limits)?;
    let plain = decrypt(bytes, opts)?;
    let bytes: &[u8] = &plain;
    let plain_opts = ReadOptions::new(limits);
    match tfshow_planfile::sniff(bytes, limits) {
        kind @ (FileKind::PlanJson | FileKind::StateJson) => {
            let plan = kind == FileKind::PlanJson;
            if plan {
                // Read as the other views read it: a document they refuse is refused here.
                PlanDocument::load(bytes, schemas, limits)?;
            }
            let facts = scan(bytes)?;
            let mut ctx = Ctx::new(out, schemas, facts.sensitive_variables);
            ctx.dialect = Some(facts.dialect);
            let mut de = serde_json::Deserializer::from_slice(bytes);
            super::input::walk(&mut de, if plan { Doc::Plan } else { Doc::State }, &mut ctx)
        }
        _ if is_state(bytes, limits) => {
            let ctx = Ctx::new(out, schemas, Vec::new());
            through_pipe(Doc::State, ctx, |w| {
                show_json_with(bytes, schemas, &plain_opts, w)?;
                Ok(())
            })
        }
        _ => {
            let doc = PlanDocument::load(bytes, schemas, limits)?;
            let sensitive = doc.sensitive_variables().unwrap_or_default();
            let redacting = Redacting::new(schemas, Dialect::of(&doc.release()), sensitive);
            let mut escaping = Escaping { out };
            let written = doc.write_json_filtered(&mut escaping, Some(&redacting));
            let unknown = redacting.unknown();
            if !unknown.is_empty() {
                return Err(RenderError::UnknownSensitivity(
                    unknown.into_iter().collect(),
                ));
            }
            Ok(written?)
        }
    }
}

/// Walks the document `produce` writes, on another thread, as it is written.
fn through_pipe(
    doc: Doc,
    mut ctx: Ctx<'_, '_>,
    produce: impl FnOnce(&mut PipeWriter) -> Result<(), RenderError> + Send,
) -> Result<(), RenderError> {
    let (mut w, r) = pipe();
    std::thread::scope(|s| {
        let producer = s.spawn(move || {
            let made = produce(&mut w);
            let gone = w.reader_gone();
            (
                made.and_then(|()| w.finish().map_err(RenderError::Io)),
                gone,
            )
        });
        // The reader is dropped at the end of the walk: a writer still writing stops.
        let walked = super::own::walk(&mut Source::new(r), doc, &mut ctx);
        let (made, gone) = producer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match (walked, made) {
            (Ok(()), Ok(())) => Ok(()),
            // The writer failed because the walk stopped: the walk says why.
            (Err(e), Err(_)) if gone => Err(e),
            // The walk failed on a document cut short: the writer says why.
            (Err(RenderError::Json(_)), Err(e)) | (Ok(()), Err(e)) => Err(e),
            (Err(e), _) => Err(e),
        }
    })
}

/// What the redaction needs of a document given as input before reading it: the escaping of
/// the release that wrote it (its `terraform_version`), and the root module variables its
/// `configuration` declares sensitive (the variables come first).
struct Facts {
    dialect: Dialect,
    sensitive_variables: Vec<String>,
}

fn scan(bytes: &[u8]) -> Result<Facts, RenderError> {
    /// The two members, everything else skipped unparsed. A member given twice is refused.
    #[derive(Deserialize)]
    struct Top {
        #[serde(default)]
        terraform_version: Option<Value>,
        #[serde(default)]
        configuration: Option<Value>,
    }
    let top: Top = serde_json::from_slice(bytes).map_err(|e| RenderError::Json(e.to_string()))?;
    let version = top
        .terraform_version
        .as_ref()
        .and_then(Value::as_str)
        .unwrap_or("");
    let sensitive_variables = top
        .configuration
        .as_ref()
        .and_then(|c| c.pointer("/root_module/variables"))
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .filter(|(_, d)| d.get("sensitive").and_then(Value::as_bool) == Some(true))
                .map(|(k, _)| k.clone())
                .collect()
        })
        .unwrap_or_default();
    Ok(Facts {
        dialect: dialect_of(version),
        sensitive_variables,
    })
}

/// The JSON escaping of the release `terraform_version` names.
pub(super) fn dialect_of(terraform_version: &str) -> Dialect {
    Dialect::of(&Release::terraform(terraform_version))
}

/// A plan's document or a state's.
#[derive(Clone, Copy)]
pub(super) enum Doc {
    Plan,
    State,
}

/// A container of the document that is walked into, not read whole.
#[derive(Clone, Copy)]
pub(super) enum Place {
    /// The document.
    Top(Doc),
    /// `planned_values`, or the `values` of a state or `prior_state`.
    StateValues,
    /// `prior_state`.
    PriorState,
    /// A module of a state's values: its resources and child modules.
    Module,
    /// `child_modules`.
    Modules,
    /// An array of units.
    Units(Unit),
}

/// What is read whole, redacted by its rule and written.
#[derive(Clone, Copy)]
pub(super) enum Unit {
    /// A member without anything to redact.
    Plain,
    /// The document's `terraform_version`.
    Version,
    /// A resource of a module.
    Resource,
    /// A `resource_changes` or `resource_drift` entry.
    Change,
    /// A `deferred_changes` entry.
    Deferred,
    /// The `outputs` of a state's values.
    StateOutputs,
    /// A plan's `output_changes`.
    OutputChanges,
    /// A plan's `variables`.
    Variables,
    /// A plan's `configuration`.
    Configuration,
}

/// What the member `key` of an object at `place` is.
pub(super) fn member(place: Place, key: &str) -> Result<Place, Unit> {
    match (place, key) {
        (Place::Top(_), "terraform_version") => Err(Unit::Version),
        (Place::Top(Doc::Plan), "variables") => Err(Unit::Variables),
        (Place::Top(Doc::Plan), "planned_values") => Ok(Place::StateValues),
        (Place::Top(Doc::Plan), "prior_state") => Ok(Place::PriorState),
        (Place::Top(Doc::Plan), "resource_changes" | "resource_drift") => {
            Ok(Place::Units(Unit::Change))
        }
        (Place::Top(Doc::Plan), "deferred_changes") => Ok(Place::Units(Unit::Deferred)),
        (Place::Top(Doc::Plan), "output_changes") => Err(Unit::OutputChanges),
        (Place::Top(Doc::Plan), "configuration") => Err(Unit::Configuration),
        (Place::Top(Doc::State) | Place::PriorState, "values") => Ok(Place::StateValues),
        (Place::StateValues, "outputs") => Err(Unit::StateOutputs),
        (Place::StateValues, "root_module") => Ok(Place::Module),
        (Place::Module, "resources") => Ok(Place::Units(Unit::Resource)),
        (Place::Module, "child_modules") => Ok(Place::Modules),
        _ => Err(Unit::Plain),
    }
}

#[cfg(test)]
mod tests {
    use tfshow_json::show::Limits;

    use super::*;

    /// A plan file's document redacted part by part as `tfshow-json` writes it is the document
    /// the walk of the written document gives, for every real plan in testdata.
    #[test]
    fn plan_parts_redacted_as_written_are_the_walk_of_the_written_document() {
        let limits = Limits::default();
        let mut plans = 0;
        for (dir, schemas, bytes) in super::super::oracle_plans() {
            let Ok(doc) = PlanDocument::load(&bytes, Some(&schemas), &limits) else {
                continue;
            };
            let mut parts = Vec::new();
            let by_parts = write_json(
                &bytes,
                Some(&schemas),
                &ReadOptions::new(&limits),
                &mut parts,
            );
            let mut walked = Vec::new();
            let sensitive = doc.sensitive_variables().unwrap_or_default();
            let ctx = Ctx::new(&mut walked, Some(&schemas), sensitive);
            let by_walk = through_pipe(Doc::Plan, ctx, |w| {
                doc.write_json(w)?;
                Ok(())
            });
            let at = dir.display();
            assert_eq!(by_parts.is_ok(), by_walk.is_ok(), "{at}");
            assert_eq!(
                String::from_utf8_lossy(&parts),
                String::from_utf8_lossy(&walked),
                "{at}"
            );
            plans += 1;
        }
        assert!(plans > 100, "{plans} plans");
    }
}
