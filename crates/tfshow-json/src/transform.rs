//! The value transformations `show -json` applies before printing: unknowns removed
//! (`omitUnknowns`), unknowns as booleans (`unknownAsBool`) and sensitivity as booleans
//! (`SensitiveAsBool`). Each writes its JSON to a [`Sink`]: the document's writer, or a
//! [`ValueBuilder`](crate::value_sink::ValueBuilder) that gives the views the same JSON as a tree without any text between.

use tfshow_cty::json::JsonEncodeError;
use tfshow_cty::{UnknownShape, Value};

use crate::marks::{Marks, NO_MARKS};
pub use crate::value_sink::Sink;

/// What `omitUnknowns` does with unknown elements of sequences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownElements {
    /// Terraform 1.3+: every unknown element becomes `null`, keeping positions.
    Null,
    /// Before 1.3: unknown list elements become `null`, unknown set and tuple elements are
    /// dropped.
    NullInListsOnly,
}

/// What `release`'s `omitUnknowns` does with unknown elements.
pub fn unknown_elements(release: &crate::Release) -> UnknownElements {
    if release.has(crate::Feature::NullUnknownElements) {
        UnknownElements::Null
    } else {
        UnknownElements::NullInListsOnly
    }
}

/// Writes `v` with unknown values left out (`omitUnknowns`): object attributes and map
/// entries that are unknown are dropped, unknown sequence elements become `null` (or are
/// dropped, see [`UnknownElements`]). The caller handles a wholly unknown `v`.
pub fn write_known<S: Sink + ?Sized>(
    w: &mut S,
    v: &Value,
    mode: UnknownElements,
) -> Result<(), JsonEncodeError> {
    match v.peel() {
        Value::Unknown(_) => w.null(),
        Value::List(items) => {
            w.begin_array_sized(items.len());
            for item in items {
                write_known(w, item, mode)?;
            }
            w.end_array();
        }
        Value::Set(items) | Value::Tuple(items) => {
            w.begin_array_sized(items.len());
            for item in items {
                if mode == UnknownElements::Null || !item.is_unknown() {
                    write_known(w, item, mode)?;
                }
            }
            w.end_array();
        }
        Value::Map(entries) | Value::Object(entries) => {
            w.begin_object_sized(entries.len());
            for (k, item) in entries {
                if !item.is_unknown() {
                    w.key(k);
                    write_known(w, item, mode)?;
                }
            }
            w.end_object();
        }
        other => w.primitive(other)?,
    }
    Ok(())
}

/// Writes `unknownAsBool(v)`: `true` where unknown; sequences as arrays of results; mappings
/// as objects of the non-`false` results.
pub fn write_unknown_as_bool<S: Sink + ?Sized>(w: &mut S, v: &Value) {
    match v.peel() {
        Value::Unknown(_) => w.bool(true),
        Value::List(items) | Value::Set(items) | Value::Tuple(items) => {
            w.begin_array();
            for item in items {
                write_unknown_as_bool(w, item);
            }
            w.end_array();
        }
        Value::Map(entries) | Value::Object(entries) => {
            w.begin_object();
            for (k, item) in entries {
                if !is_known_scalar(item) {
                    w.key(k);
                    write_unknown_as_bool(w, item);
                }
            }
            w.end_object();
        }
        _ => w.bool(false),
    }
}

/// Whether `unknownAsBool(v)` is `false`: null and known primitives. (Known collections give
/// an array or object even when they hold nothing unknown.)
fn is_known_scalar(v: &Value) -> bool {
    !matches!(
        v.peel(),
        Value::Unknown(_)
            | Value::List(_)
            | Value::Set(_)
            | Value::Tuple(_)
            | Value::Map(_)
            | Value::Object(_)
    )
}

/// Writes `SensitiveAsBool(v)` for `v` marked at the paths in `marks`.
pub fn write_sensitive_as_bool<S: Sink + ?Sized>(w: &mut S, v: &Value, marks: &Marks) {
    if marks.is_marked() {
        return w.bool(true);
    }
    match v.peel() {
        Value::Unknown(u) => match u.shape {
            UnknownShape::Sequence => {
                w.begin_array();
                w.end_array();
            }
            UnknownShape::Mapping => {
                w.begin_object();
                w.end_object();
            }
            _ => w.bool(false),
        },
        Value::Set(items) if !items.is_empty() && marks.has_children() => {
            // Marks on set elements apply to the whole set.
            w.bool(true)
        }
        Value::Set(items) => {
            w.begin_array();
            for item in items {
                write_sensitive_as_bool(w, item, &NO_MARKS);
            }
            w.end_array();
        }
        Value::List(items) | Value::Tuple(items) => {
            w.begin_array();
            for (i, item) in items.iter().enumerate() {
                write_sensitive_as_bool(w, item, marks.element(i));
            }
            w.end_array();
        }
        Value::Map(entries) | Value::Object(entries) => {
            w.begin_object();
            for (k, item) in entries {
                let m = marks.attr(k);
                if !is_false(item, m) {
                    w.key(k);
                    write_sensitive_as_bool(w, item, m);
                }
            }
            w.end_object();
        }
        _ => w.bool(false),
    }
}

/// Whether `SensitiveAsBool` gives `false` (which objects leave out).
fn is_false(v: &Value, marks: &Marks) -> bool {
    if marks.is_marked() {
        return false;
    }
    match v.peel() {
        Value::Unknown(u) => !matches!(u.shape, UnknownShape::Sequence | UnknownShape::Mapping),
        Value::List(_) | Value::Set(_) | Value::Tuple(_) | Value::Map(_) | Value::Object(_) => {
            false
        }
        _ => true,
    }
}
