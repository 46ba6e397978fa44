//! What the views read of a typed resource change ([`ResourceChange`]): its action, whether it
//! moves or imports, its schema, and its diff.

use std::borrow::Cow;

use serde_json::Value;
use tfshow_addrs::ResourceMode;

use tfshow_json::document::{ChangeJson, ResourceChange, TypedValues};
use tfshow_schema::{Block, Schema, Schemas};

use crate::document::{inferred_block, resource_type_schema, schema_marks, with_schema_marks_on};
use crate::jsonformat::node::known;
use crate::jsonformat::render::Diff;
use crate::jsonformat::structured::{Change, Matcher, Style, Values};
use crate::jsonformat::{differ, Action};
use crate::unknown_sensitivity::{self, mask_every_attribute};
use crate::RenderError;

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
    type_schema(schemas, rc).map(|s| &s.block)
}

/// [`schema`], whole (with what it declares sensitive).
fn type_schema<'s>(schemas: Option<&'s Schemas>, rc: &ResourceChange) -> Option<&'s Schema> {
    resource_type_schema(schemas, &rc.provider_name, mode_name(rc.mode), &rc.type_)
}

/// The diff of a resource change, its values masked as the views mask them: with the
/// provider schema's sensitive attributes, or every attribute when the schema is not known.
/// `style`: whose `show` the diff follows.
pub(crate) fn diff(
    rc: &ResourceChange,
    schemas: Option<&Schemas>,
    relevant: Matcher,
    style: Style,
) -> Diff<'static> {
    with_diff(rc, schemas, relevant, style, |d| d.into_owned())
}

/// What `f` makes of [`diff`] (without copying what the diff borrows).
pub(crate) fn with_diff<R>(
    rc: &ResourceChange,
    schemas: Option<&Schemas>,
    relevant: Matcher,
    style: Style,
    f: impl FnOnce(Diff<'_>) -> R,
) -> R {
    json_diff(rc, &rc.values, schemas, relevant, style, f)
}

/// [`with_diff`] of a change whose values are typed (its own `values` are not read).
pub(crate) fn with_typed_diff<R>(
    rc: &ResourceChange,
    values: &TypedValues,
    schemas: Option<&Schemas>,
    relevant: Matcher,
    style: Style,
    f: impl FnOnce(Diff<'_>) -> R,
) -> Result<R, RenderError> {
    let Some(schema) = type_schema(schemas, rc) else {
        // Without the schema, the values' JSON decides what the attributes are.
        let json = values.json(&rc.address)?;
        return Ok(json_diff(rc, &json, schemas, relevant, style, f));
    };
    let (block, mode) = (&schema.block, values.unknown_elements);
    // The typed values' marks hold the schema's sensitive attributes of the resource itself;
    // what is sensitive in nested attributes and blocks the views mark as the JSON path does.
    let nested_sensitive = schema.sensitivity.in_blocks || schema.sensitivity.in_nested_types;
    let extra = |v: &tfshow_cty::Value| {
        known(v, mode)
            .filter(|_| nested_sensitive)
            .and_then(|v| schema_marks(block, v))
    };
    let (before_extra, after_extra) = (extra(&values.before), extra(&values.after));
    let values = Values::typed(values, before_extra.as_ref(), after_extra.as_ref());
    let change = change_of(rc, values, relevant, style);
    Ok(f(differ::block(&change, block)))
}

/// The change of `rc` with `values` for the differ.
fn change_of<'a>(
    rc: &ResourceChange,
    values: Values<'a>,
    relevant: Matcher,
    style: Style,
) -> Change<'a> {
    let forget_only = rc.actions == ["forget"];
    let replace = Matcher::from_paths(&rc.replace_paths, false);
    Change::resource(values, forget_only, replace, relevant, style)
}

/// [`with_diff`] of a change with the values `v`.
fn json_diff<R>(
    rc: &ResourceChange,
    v: &ChangeJson,
    schemas: Option<&Schemas>,
    relevant: Matcher,
    style: Style,
    f: impl FnOnce(Diff<'_>) -> R,
) -> R {
    let schema = schema(schemas, rc);
    let (before_sensitive, after_sensitive) = own_masks(rc, v, schema);
    let values = Values::json(v, before_sensitive.as_ref(), after_sensitive.as_ref());
    let change = change_of(rc, values, relevant, style);
    match schema {
        Some(block) => f(differ::block(&change, block)),
        None => {
            let block = inferred_block([
                v.before.as_ref(),
                v.after.as_ref(),
                Some(&v.after_unknown),
                before_sensitive.as_ref().or(Some(&v.before_sensitive)),
                after_sensitive.as_ref().or(Some(&v.after_sensitive)),
            ]);
            f(differ::block(&change, &block))
        }
    }
}

/// The sensitivity masks the views use for a change's before and after values: the plan's
/// with the provider schema's sensitive attributes, or every attribute when the provider's
/// schema is not known.
pub(crate) fn masks<'a>(
    rc: &'a ResourceChange,
    schemas: Option<&Schemas>,
) -> (Cow<'a, Value>, Cow<'a, Value>) {
    let v = &rc.values;
    let (before, after) = own_masks(rc, v, schema(schemas, rc));
    (
        before.map_or(Cow::Borrowed(&v.before_sensitive), Cow::Owned),
        after.map_or(Cow::Borrowed(&v.after_sensitive), Cow::Owned),
    )
}

/// The masks of [`masks`] where they differ from the change's own (`None`: the same).
fn own_masks(
    rc: &ResourceChange,
    v: &ChangeJson,
    schema: Option<&Block>,
) -> (Option<Value>, Option<Value>) {
    match schema {
        Some(block) => (
            with_schema_marks_on(v.before.as_ref(), &v.before_sensitive, block),
            with_schema_marks_on(v.after.as_ref(), &v.after_sensitive, block),
        ),
        None if !unknown_sensitivity::is_builtin(&rc.provider_name) => (
            Some(mask_every_attribute(v.before.as_ref())),
            Some(mask_every_attribute(v.after.as_ref())),
        ),
        None => (None, None),
    }
}
