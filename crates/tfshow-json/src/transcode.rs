//! The transformations of [`transform`](crate::transform), applied to a value read into a
//! [`Tape`](tfshow_cty::msgpack::tape::Tape) instead of decoded into a
//! [`Value`](tfshow_cty::Value): the same JSON, without building and freeing a tree for every
//! value of a plan.

use tfshow_cty::msgpack::pull::Item;
use tfshow_cty::msgpack::tape::Cell;
use tfshow_cty::{NumberError, UnknownShape};
use tfshow_gojson::{write_quoted, Dialect, Member, Writer};

use crate::marks::{Marks, NO_MARKS};
use crate::transform::UnknownElements;

// The writers append to the writer's buffer directly, placing their own commas: a value has
// dozens of items, and the writer's bookkeeping per item costs more than the item. Given a
// list (`top`), they record there the members of the value's top-level object, where they
// are in the buffer.

/// The members of a value's top-level object are recorded here, when it is given.
type Top<'m> = Option<&'m mut Vec<Member>>;

/// Records in `top` the member just written: its key's opening quote at `key_at`, its value
/// from `value_at` to the end of `out`.
#[inline]
fn record(top: &mut Top<'_>, out: &[u8], key_at: usize, value_at: usize) {
    if let Some(list) = top {
        list.push(Member {
            depth: 1,
            key: key_at + 1..value_at - 2,
            value: value_at..out.len(),
        });
    }
}

/// Writes `v` with unknown values left out, as
/// [`transform::write_known`](crate::transform::write_known) does.
pub(crate) fn write_known(
    w: &mut Writer<'_>,
    v: Cell<'_, '_>,
    mode: UnknownElements,
    top: Top<'_>,
) -> Result<(), NumberError> {
    let dialect = w.dialect();
    w.raw_with(|out| known(out, v, mode, dialect, top))
}

fn known(
    out: &mut Vec<u8>,
    v: Cell<'_, '_>,
    mode: UnknownElements,
    dialect: Dialect,
    mut top: Top<'_>,
) -> Result<(), NumberError> {
    match v.item() {
        Item::Unknown(_) | Item::Null => out.extend_from_slice(b"null"),
        Item::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Item::Number(n) => n.write_json(out)?,
        Item::String(s) => write_quoted(out, s, dialect),
        item @ (Item::List(_) | Item::Set(_) | Item::Tuple(_)) => {
            let keep_unknown = mode == UnknownElements::Null || matches!(item, Item::List(_));
            out.push(b'[');
            let mut first = true;
            for (_, e) in v.children() {
                if keep_unknown || !e.item().is_unknown() {
                    comma(out, &mut first);
                    known(out, e, mode, dialect, None)?;
                }
            }
            out.push(b']');
        }
        Item::Map(_) | Item::Object(_) => {
            out.push(b'{');
            let mut first = true;
            for (k, e) in v.children() {
                if !e.item().is_unknown() {
                    comma(out, &mut first);
                    let key_at = out.len();
                    key(out, k, dialect);
                    let value_at = out.len();
                    known(out, e, mode, dialect, None)?;
                    record(&mut top, out, key_at, value_at);
                }
            }
            out.push(b'}');
        }
    }
    Ok(())
}

/// A comma before every element but the first.
#[inline]
fn comma(out: &mut Vec<u8>, first: &mut bool) {
    if !std::mem::take(first) {
        out.push(b',');
    }
}

#[inline]
fn key(out: &mut Vec<u8>, k: &str, dialect: Dialect) {
    write_quoted(out, k, dialect);
    out.push(b':');
}

/// Whether `v` is a map or object with a known entry.
pub(crate) fn has_known_entries(v: Cell<'_, '_>) -> bool {
    matches!(v.item(), Item::Map(_) | Item::Object(_))
        && v.children().any(|(_, e)| !e.item().is_unknown())
}

/// Writes `v` as [`transform::write_unknown_as_bool`](crate::transform::write_unknown_as_bool)
/// does.
pub(crate) fn write_unknown_as_bool(w: &mut Writer<'_>, v: Cell<'_, '_>, top: Top<'_>) {
    let dialect = w.dialect();
    w.raw_append(|out| unknown_as_bool(out, v, dialect, top));
}

fn unknown_as_bool(out: &mut Vec<u8>, v: Cell<'_, '_>, dialect: Dialect, mut top: Top<'_>) {
    match v.item() {
        Item::Unknown(_) => out.extend_from_slice(b"true"),
        Item::List(_) | Item::Set(_) | Item::Tuple(_) => {
            out.push(b'[');
            let mut first = true;
            for (_, e) in v.children() {
                comma(out, &mut first);
                unknown_as_bool(out, e, dialect, None);
            }
            out.push(b']');
        }
        Item::Map(_) | Item::Object(_) => {
            out.push(b'{');
            let mut first = true;
            for (k, e) in v.children() {
                // Known primitives and nulls give `false`, which objects leave out.
                if e.item().is_unknown() || e.item().is_collection() {
                    comma(out, &mut first);
                    let key_at = out.len();
                    key(out, k, dialect);
                    let value_at = out.len();
                    unknown_as_bool(out, e, dialect, None);
                    record(&mut top, out, key_at, value_at);
                }
            }
            out.push(b'}');
        }
        Item::Null | Item::Bool(_) | Item::Number(_) | Item::String(_) => {
            out.extend_from_slice(b"false")
        }
    }
}

/// Writes `v` as [`transform::write_sensitive_as_bool`](crate::transform::write_sensitive_as_bool)
/// does, for a value marked at `marks` and also at its attributes (or map keys) `also`.
pub(crate) fn write_sensitive_as_bool(
    w: &mut Writer<'_>,
    v: Cell<'_, '_>,
    (marks, also): (&Marks, &[String]),
    top: Top<'_>,
) {
    let dialect = w.dialect();
    w.raw_append(|out| sensitive_as_bool(out, v, (marks, also), dialect, top));
}

fn sensitive_as_bool(
    out: &mut Vec<u8>,
    v: Cell<'_, '_>,
    (marks, also): (&Marks, &[String]),
    dialect: Dialect,
    mut top: Top<'_>,
) {
    if marks.is_marked() {
        return out.extend_from_slice(b"true");
    }
    match v.item() {
        Item::Unknown(UnknownShape::Sequence) => out.extend_from_slice(b"[]"),
        Item::Unknown(UnknownShape::Mapping) => out.extend_from_slice(b"{}"),
        // Marks on set elements apply to the whole set.
        Item::Set(n) if *n > 0 && (marks.has_children() || !also.is_empty()) => {
            out.extend_from_slice(b"true")
        }
        item @ (Item::List(_) | Item::Set(_) | Item::Tuple(_)) => {
            let set = matches!(item, Item::Set(_));
            out.push(b'[');
            let mut first = true;
            for (i, (_, e)) in v.children().enumerate() {
                let m = if set { &NO_MARKS } else { marks.element(i) };
                comma(out, &mut first);
                sensitive_as_bool(out, e, (m, &[]), dialect, None);
            }
            out.push(b']');
        }
        Item::Map(_) | Item::Object(_) => {
            out.push(b'{');
            let mut first = true;
            for (k, e) in v.children() {
                let m = marks.attr(k);
                let also = also.iter().any(|a| a == k);
                if also || !is_false(e.item(), m) {
                    comma(out, &mut first);
                    let key_at = out.len();
                    key(out, k, dialect);
                    let value_at = out.len();
                    if also {
                        out.extend_from_slice(b"true");
                    } else {
                        sensitive_as_bool(out, e, (m, &[]), dialect, None);
                    }
                    record(&mut top, out, key_at, value_at);
                }
            }
            out.push(b'}');
        }
        Item::Unknown(_) | Item::Null | Item::Bool(_) | Item::Number(_) | Item::String(_) => {
            out.extend_from_slice(b"false")
        }
    }
}

/// Whether `SensitiveAsBool` gives `false` (which objects leave out): unmarked primitives,
/// nulls and unknowns that are not collections.
fn is_false(item: &Item<'_>, marks: &Marks) -> bool {
    !marks.is_marked()
        && !item.is_collection()
        && !matches!(
            item,
            Item::Unknown(UnknownShape::Sequence | UnknownShape::Mapping)
        )
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use tfshow_cty::arbitrary::typed_value;
    use tfshow_cty::msgpack::tape::Tape;
    use tfshow_cty::msgpack::{decode, encode, Options};
    use tfshow_cty::{Number, Path, PathStep, Value};
    use tfshow_gojson::{Dialect, Writer};

    use super::*;
    use crate::transform;

    /// Every path into `v`, in order.
    fn paths(v: &Value, at: &mut Path, out: &mut Vec<Path>) {
        out.push(at.clone());
        let steps: Vec<(PathStep, &Value)> = match v.peel() {
            Value::List(items) | Value::Set(items) | Value::Tuple(items) => (items.iter())
                .enumerate()
                .map(|(i, e)| {
                    (
                        PathStep::Index(Value::Number(Number::from_u64(i as u64))),
                        e,
                    )
                })
                .collect(),
            Value::Map(entries) | Value::Object(entries) => (entries.iter())
                .map(|(k, e)| (PathStep::Attr(k.to_string()), e))
                .collect(),
            _ => Vec::new(),
        };
        for (step, e) in steps {
            at.push(step);
            paths(e, at, out);
            at.pop();
        }
    }

    fn json(f: impl FnOnce(&mut Writer<'_>)) -> Vec<u8> {
        let mut w = Writer::new(Dialect::Modern);
        f(&mut w);
        w.into_bytes()
    }

    proptest! {
        #[test]
        fn the_tape_gives_the_json_the_tree_gives(
            (t, v) in typed_value(),
            modern in any::<bool>(),
            chosen in any::<u64>(),
        ) {
            let bytes = encode(&v, &t).unwrap();
            let tree = decode(&bytes, &t, &Options::default()).unwrap();
            let tape = Tape::read(&bytes, &t, &Options::default()).unwrap();
            let cell = tape.root();
            let mode = if modern { UnknownElements::Null } else { UnknownElements::NullInListsOnly };

            let mut from_tree = Ok(());
            let mut from_tape = Ok(());
            let a = json(|w| from_tree = transform::write_known(w, &tree, mode).map_err(|_| ()));
            let b = json(|w| from_tape = write_known(w, cell, mode, None).map_err(|_| ()));
            prop_assert_eq!(from_tree, from_tape);
            if from_tree.is_ok() {
                prop_assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&b));
            }

            prop_assert_eq!(cell.has_unknown(), !tree.is_wholly_known());
            let a = json(|w| transform::write_unknown_as_bool(w, &tree));
            let b = json(|w| write_unknown_as_bool(w, cell, None));
            prop_assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&b));

            let known_entries = matches!(tree.peel(),
                Value::Object(e) | Value::Map(e) if e.iter().any(|(_, v)| !v.is_unknown()));
            prop_assert_eq!(has_known_entries(cell), known_entries);

            // Marks at a pseudo-random choice of the value's paths.
            let mut all = Vec::new();
            paths(&tree, &mut Vec::new(), &mut all);
            let marked = all.iter().enumerate().filter(|(i, _)| chosen >> (i % 64) & 1 == 1);
            let mut marks = Marks::from_paths(marked.map(|(_, p)| p));
            let b = json(|w| write_sensitive_as_bool(w, cell, (&marks, &[]), None));
            let a = json(|w| transform::write_sensitive_as_bool(w, &tree, &marks));
            prop_assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&b));
            // Also marked: some of the top-level attributes, and a name that is not one.
            let mut also: Vec<String> = all.iter()
                .filter_map(|p| match p.as_slice() {
                    [PathStep::Attr(name)] => Some(name.clone()),
                    _ => None,
                })
                .enumerate()
                .filter(|(i, _)| chosen >> (63 - i % 64) & 1 == 1)
                .map(|(_, name)| name)
                .collect();
            also.push("not-an-attribute".into());
            let b = json(|w| write_sensitive_as_bool(w, cell, (&marks, &also), None));
            for name in &also {
                marks.add(&[PathStep::Attr(name.clone())]);
            }
            let a = json(|w| transform::write_sensitive_as_bool(w, &tree, &marks));
            prop_assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&b));
        }
    }
}
