//! What the views read of a typed resource change ([`ResourceChange`]): its action, whether it
//! moves or imports, its schema, and its diff.

use tfshow_addrs::ResourceMode;
use tfshow_json::document::{ChangeJson, ResourceChange};
use tfshow_schema::{Block, Schemas};

use crate::document::{inferred_block, schema_for, with_schema_marks_on};
use crate::jsonformat::render::Diff;
use crate::jsonformat::structured::{Change, Matcher};
use crate::jsonformat::{differ, Action};
use crate::unknown_sensitivity;

/// The action of a change's `actions` list.
pub(crate) fn action(rc: &ResourceChange) -> Action {
    Action::from_actions(rc.actions).unwrap_or(Action::NoOp)
}

/// The change moves the object from another address.
pub(crate) fn moved(rc: &ResourceChange) -> bool {
    rc.previous_address
        .as_deref()
        .is_some_and(|p| !p.is_empty() && p != rc.address)
}

/// The schema name of a resource mode.
pub(crate) fn mode_name(mode: ResourceMode) -> &'static str {
    match mode {
        ResourceMode::Managed => "managed",
        ResourceMode::Data => "data",
        ResourceMode::Ephemeral => "ephemeral",
        ResourceMode::List => "list",
    }
}

/// The schema of the change's resource type in `schemas`.
pub(crate) fn schema<'s>(schemas: Option<&'s Schemas>, rc: &ResourceChange) -> Option<&'s Block> {
    schema_for(schemas, &rc.provider_name, mode_name(rc.mode), &rc.type_)
}

/// The diff of a resource change, its values masked as the views mask them: with the
/// provider schema's sensitive attributes, or every attribute when the schema is not known.
pub(crate) fn diff(rc: &ResourceChange, schemas: Option<&Schemas>, relevant: Matcher) -> Diff {
    let forget = rc.actions == ["forget"];
    let replace = Matcher::from_paths(&rc.replace_paths, false);
    match schema(schemas, rc) {
        Some(block) => {
            let marked = with_schema_marks(&rc.values, block);
            let change = Change::from_values(
                marked.as_ref().unwrap_or(&rc.values),
                forget,
                replace,
                relevant,
            );
            differ::block(&change, block)
        }
        None => {
            let masked = (!unknown_sensitivity::is_builtin(&rc.provider_name))
                .then(|| unknown_sensitivity::mask_values(&rc.values));
            let values = masked.as_ref().unwrap_or(&rc.values);
            let change = Change::from_values(values, forget, replace, relevant);
            let block = inferred_block([
                values.before.as_ref(),
                values.after.as_ref(),
                Some(&values.after_unknown),
                Some(&values.before_sensitive),
                Some(&values.after_sensitive),
            ]);
            differ::block(&change, &block)
        }
    }
}

/// `values` with the schema's sensitive attributes added to the masks; `None` when the masks
/// already cover them.
fn with_schema_marks(values: &ChangeJson, block: &Block) -> Option<ChangeJson> {
    let before = with_schema_marks_on(values.before.as_ref(), &values.before_sensitive, block);
    let after = with_schema_marks_on(values.after.as_ref(), &values.after_sensitive, block);
    if before.is_none() && after.is_none() {
        return None;
    }
    let mut out = values.clone();
    if let Some(m) = before {
        out.before_sensitive = m;
    }
    if let Some(m) = after {
        out.after_sensitive = m;
    }
    Some(out)
}
