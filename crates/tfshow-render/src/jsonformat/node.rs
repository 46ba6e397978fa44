//! The values a diff walks: JSON values of a document, or views of a plan's typed values that
//! read exactly as the JSON `show -json` writes for them (`before`/`after` without unknowns,
//! `after_unknown`, the sensitivity masks), without that JSON being built.

use std::borrow::Cow;

use serde_json::Value as Json;
use tfshow_cty::{UnknownShape, Value as Cty};
use tfshow_json::marks::{Marks, NO_MARKS};
use tfshow_json::transform::{
    write_known, write_sensitive_as_bool, write_unknown_as_bool, UnknownElements,
};
use tfshow_json::value_sink::build;
use tfshow_schema::Attribute;

use super::render::Scalar;
use crate::document::merge_marks;

/// A value of a change, or nil (JSON `null`, or absent).
pub(crate) type Val<'a> = Option<Node<'a>>;

/// One value of a change (see the module documentation). Cheap to copy: it only borrows.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Node<'a> {
    /// A value of a JSON document (never `null`).
    Json(&'a Json),
    /// `true` or `false` (a mask).
    Flag(bool),
    /// An object with `true` for each of the names (a mask).
    AllTrue(&'a [(String, Attribute)]),
    /// A typed value with its unknowns left out (`omitUnknowns`); never null or unknown.
    Known(&'a Cty, UnknownElements),
    /// Where a typed value is unknown (`unknownAsBool`).
    Unknown(&'a Cty),
    /// Where a typed value is sensitive (`SensitiveAsBool` of its marks), combined with a
    /// JSON mask (sensitive where either is). Built by [`sensitive`] only: the typed part is
    /// an array or object, and the JSON part, if any, the same.
    Sensitive(&'a Cty, &'a Marks, Option<&'a Json>),
}

/// A document value; JSON `null` is nil.
pub(crate) fn val(v: Option<&Json>) -> Val<'_> {
    match v {
        None | Some(Json::Null) => None,
        Some(v) => Some(Node::Json(v)),
    }
}

/// A typed value as `omitUnknowns` writes it; null and unknown are nil.
pub(crate) fn known(v: &Cty, mode: UnknownElements) -> Val<'_> {
    match v.peel() {
        Cty::Null | Cty::Unknown(_) => None,
        _ => Some(Node::Known(v, mode)),
    }
}

/// `SensitiveAsBool` of `v` with `marks`, combined with the mask `extra` where given, as
/// [`merge_marks`] combines them.
pub(crate) fn sensitive<'a>(v: &'a Cty, marks: &'a Marks, extra: Option<&'a Json>) -> Node<'a> {
    let extra_true = matches!(extra, Some(Json::Bool(true)));
    match marked_shape(v, marks) {
        Shape::True => Node::Flag(true),
        _ if extra_true => Node::Flag(true),
        shape @ (Shape::Array | Shape::Object) => {
            let same = extra.filter(|e| match shape {
                Shape::Array => e.is_array(),
                _ => e.is_object(),
            });
            Node::Sensitive(v, marks, same)
        }
        Shape::False => match extra {
            Some(e @ (Json::Array(_) | Json::Object(_))) => Node::Json(e),
            _ => Node::Flag(false),
        },
    }
}

/// What `SensitiveAsBool` writes for a value, in outline.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    True,
    False,
    Array,
    Object,
}

fn marked_shape(v: &Cty, marks: &Marks) -> Shape {
    if marks.is_marked() {
        return Shape::True;
    }
    match v.peel() {
        Cty::Unknown(u) => match u.shape {
            UnknownShape::Sequence => Shape::Array,
            UnknownShape::Mapping => Shape::Object,
            _ => Shape::False,
        },
        // Marks on set elements apply to the whole set.
        Cty::Set(items) if !items.is_empty() && marks.has_children() => Shape::True,
        Cty::List(_) | Cty::Set(_) | Cty::Tuple(_) => Shape::Array,
        Cty::Map(_) | Cty::Object(_) => Shape::Object,
        _ => Shape::False,
    }
}

/// The entries of a typed map or object (empty for anything else).
fn entries(v: &Cty) -> &[(tfshow_cty::Str, Cty)] {
    match v.peel() {
        Cty::Map(e) | Cty::Object(e) => e,
        _ => &[],
    }
}

/// The elements of a typed sequence (empty for anything else).
fn items(v: &Cty) -> &[Cty] {
    match v.peel() {
        Cty::List(i) | Cty::Set(i) | Cty::Tuple(i) => i,
        _ => &[],
    }
}

/// Key lookups in typed maps and objects, shared by the views of one value (a change's after
/// value, its unknowns and its sensitivity look each key up once) and across the keys of one
/// walk (keys asked for in sorted order are found by looking at the entry after the last one
/// found, before searching).
#[derive(Default)]
pub(crate) struct Lookups<'a, 'k> {
    slots: [Slot<'a, 'k>; 2],
    /// The slot used last.
    last: usize,
}

/// What [`Lookups`] remembers of one typed value's entries.
#[derive(Clone, Copy, Default)]
struct Slot<'a, 'k> {
    /// The entries (by address).
    entries: Option<*const (tfshow_cty::Str, Cty)>,
    /// The key looked up last, and what was found for it.
    key: Option<&'k str>,
    found: Option<&'a Cty>,
    /// Where the entry after the last one found is.
    next: usize,
}

impl<'a, 'k> Lookups<'a, 'k> {
    /// The entry `key` of the entries of `v`.
    fn entry(&mut self, v: &'a Cty, key: &'k str) -> Option<&'a Cty> {
        let entries = entries(v);
        let at = entries.as_ptr();
        let i = match self.slots.iter().position(|s| s.entries == Some(at)) {
            Some(i) => i,
            None => {
                let i = match self.slots.iter().position(|s| s.entries.is_none()) {
                    Some(free) => free,
                    None => self.last ^ 1,
                };
                self.slots[i] = Slot {
                    entries: Some(at),
                    ..Slot::default()
                };
                i
            }
        };
        self.last = i;
        let slot = &mut self.slots[i];
        if slot.key.is_some_and(|k| std::ptr::eq(k, key) || k == key) {
            return slot.found;
        }
        let index = match entries.get(slot.next) {
            Some((name, _)) if name.as_str() == key => Some(slot.next),
            _ => entries.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok(),
        };
        slot.key = Some(key);
        slot.found = index.map(|i| &entries[i].1);
        if let Some(i) = index {
            slot.next = i + 1;
        }
        slot.found
    }
}

/// Objects of at most this many members are searched in order rather than by hash (the
/// masks, which hold only sensitive values and collections, are mostly this small).
const SCAN_MEMBERS: usize = 8;

/// The member `key` of a JSON object.
fn json_member<'v>(m: &'v serde_json::Map<String, Json>, key: &str) -> Option<&'v Json> {
    if m.len() <= SCAN_MEMBERS {
        m.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
    } else {
        m.get(key)
    }
}

/// `omitUnknowns` drops this sequence's unknown elements.
fn drops_unknowns(v: &Cty, mode: UnknownElements) -> bool {
    mode == UnknownElements::NullInListsOnly && matches!(v.peel(), Cty::Set(_) | Cty::Tuple(_))
}

/// The elements of a typed sequence as `omitUnknowns` writes them.
fn known_items(v: &Cty, mode: UnknownElements) -> impl Iterator<Item = &Cty> {
    let drop = drops_unknowns(v, mode);
    items(v).iter().filter(move |i| !(drop && i.is_unknown()))
}

/// `unknownAsBool` leaves this out of objects (it writes `false`).
fn is_known_scalar(v: &Cty) -> bool {
    !matches!(
        v.peel(),
        Cty::Unknown(_) | Cty::List(_) | Cty::Set(_) | Cty::Tuple(_) | Cty::Map(_) | Cty::Object(_)
    )
}

/// `SensitiveAsBool` leaves this out of objects (it writes `false`).
fn marked_false(v: &Cty, marks: &Marks) -> bool {
    marked_shape(v, marks) == Shape::False
}

impl<'a> Node<'a> {
    /// The value is JSON `true`.
    pub(crate) fn is_true(self) -> bool {
        match self {
            Node::Json(v) => matches!(v, Json::Bool(true)),
            Node::Flag(b) => b,
            Node::AllTrue(_) | Node::Sensitive(..) => false,
            Node::Known(v, _) => matches!(v.peel(), Cty::Bool(true)),
            Node::Unknown(v) => v.is_unknown(),
        }
    }

    /// The value is the empty string.
    pub(crate) fn is_empty_string(self) -> bool {
        match self {
            Node::Json(Json::String(s)) => s.is_empty(),
            Node::Known(v, _) => matches!(v.peel(), Cty::String(s) if s.is_empty()),
            _ => false,
        }
    }

    /// The value is a JSON object.
    pub(crate) fn is_object(self) -> bool {
        match self {
            Node::Json(v) => v.is_object(),
            Node::Flag(_) => false,
            Node::AllTrue(_) => true,
            Node::Known(v, _) | Node::Unknown(v) => {
                matches!(v.peel(), Cty::Map(_) | Cty::Object(_))
            }
            Node::Sensitive(v, marks, _) => marked_shape(v, marks) == Shape::Object,
        }
    }

    /// The value is a JSON object: pushes its keys onto `out`.
    pub(crate) fn keys(self, out: &mut Vec<&'a str>) {
        match self {
            Node::Json(Json::Object(m)) => out.extend(m.keys().map(String::as_str)),
            Node::Json(_) | Node::Flag(_) => {}
            Node::AllTrue(names) => out.extend(names.iter().map(|(n, _)| n.as_str())),
            Node::Known(v, _) => out.extend(
                entries(v)
                    .iter()
                    .filter(|(_, e)| !e.is_unknown())
                    .map(|(k, _)| k.as_str()),
            ),
            Node::Unknown(v) => out.extend(
                entries(v)
                    .iter()
                    .filter(|(_, e)| !is_known_scalar(e))
                    .map(|(k, _)| k.as_str()),
            ),
            Node::Sensitive(v, marks, extra) => {
                out.extend(
                    entries(v)
                        .iter()
                        .filter(|(k, e)| !marked_false(e, marks.attr(k)))
                        .map(|(k, _)| k.as_str()),
                );
                if let Some(Json::Object(m)) = extra {
                    out.extend(m.keys().map(String::as_str));
                }
            }
        }
    }

    /// The member `key` of an object: the value (nil for `null`) and whether it is present.
    pub(crate) fn member(self, key: &str) -> (Val<'a>, bool) {
        self.member_in(key, &mut Lookups::default())
    }

    /// [`Node::member`], looking typed entries up through `lookups`.
    pub(crate) fn member_in<'k>(
        self,
        key: &'k str,
        lookups: &mut Lookups<'a, 'k>,
    ) -> (Val<'a>, bool) {
        match self {
            Node::Json(Json::Object(m)) => match json_member(m, key) {
                Some(c) => (val(Some(c)), true),
                None => (None, false),
            },
            Node::Json(_) | Node::Flag(_) => (None, false),
            Node::AllTrue(names) => {
                let found = names.iter().any(|(n, _)| n == key);
                (found.then_some(Node::Flag(true)), found)
            }
            Node::Known(v, mode) => match lookups.entry(v, key) {
                Some(e) if !e.is_unknown() => (known(e, mode), true),
                _ => (None, false),
            },
            Node::Unknown(v) => match lookups.entry(v, key) {
                Some(e) if !is_known_scalar(e) => (Some(Node::Unknown(e)), true),
                _ => (None, false),
            },
            Node::Sensitive(v, marks, extra) => {
                let extra = match extra {
                    Some(Json::Object(m)) => json_member(m, key),
                    _ => None,
                };
                let m = marks.attr(key);
                match lookups.entry(v, key).filter(|e| !marked_false(e, m)) {
                    Some(e) => (Some(sensitive(e, m, extra)), true),
                    None => (val(extra), extra.is_some()),
                }
            }
        }
    }

    /// The number of elements of an array; `None` when the value is not one.
    pub(crate) fn len(self) -> Option<usize> {
        match self {
            Node::Json(Json::Array(a)) => Some(a.len()),
            Node::Json(_) | Node::Flag(_) | Node::AllTrue(_) => None,
            Node::Known(v, mode) => match v.peel() {
                Cty::List(i) => Some(i.len()),
                Cty::Set(i) | Cty::Tuple(i) if !drops_unknowns(v, mode) => Some(i.len()),
                Cty::Set(_) | Cty::Tuple(_) => Some(known_items(v, mode).count()),
                _ => None,
            },
            Node::Unknown(v) => match v.peel() {
                Cty::List(i) | Cty::Set(i) | Cty::Tuple(i) => Some(i.len()),
                _ => None,
            },
            Node::Sensitive(v, marks, extra) => {
                if marked_shape(v, marks) != Shape::Array {
                    return None;
                }
                let extra = match extra {
                    Some(Json::Array(a)) => a.len(),
                    _ => 0,
                };
                Some(items(v).len().max(extra))
            }
        }
    }

    /// Element `ix` of an array: the value (nil for `null`) and whether it is present.
    pub(crate) fn element(self, ix: usize) -> (Val<'a>, bool) {
        match self {
            Node::Json(Json::Array(a)) => match a.get(ix) {
                Some(c) => (val(Some(c)), true),
                None => (None, false),
            },
            Node::Json(_) | Node::Flag(_) | Node::AllTrue(_) => (None, false),
            Node::Known(v, mode) => {
                let item = if drops_unknowns(v, mode) {
                    known_items(v, mode).nth(ix)
                } else {
                    items(v).get(ix)
                };
                match item {
                    Some(e) => (known(e, mode), true),
                    None => (None, false),
                }
            }
            Node::Unknown(v) => match items(v).get(ix) {
                Some(e) => (Some(Node::Unknown(e)), true),
                None => (None, false),
            },
            Node::Sensitive(v, marks, extra) => {
                let extra = match extra {
                    Some(Json::Array(a)) => a.get(ix),
                    _ => None,
                };
                let m = match v.peel() {
                    Cty::Set(_) => &NO_MARKS,
                    _ => marks.element(ix),
                };
                match items(v).get(ix) {
                    Some(e) => (Some(sensitive(e, m, extra)), true),
                    None => (val(extra), extra.is_some()),
                }
            }
        }
    }

    /// The JSON the value stands for.
    pub(crate) fn to_json(self) -> Json {
        match self {
            Node::Json(v) => v.clone(),
            Node::Flag(b) => Json::Bool(b),
            Node::AllTrue(names) => Json::Object(
                names
                    .iter()
                    .map(|(n, _)| (n.clone(), Json::Bool(true)))
                    .collect(),
            ),
            Node::Known(v, mode) => match v.peel() {
                Cty::Bool(b) => Json::Bool(*b),
                Cty::String(s) => Json::String(s.to_string()),
                // The document's values were checked to be writable when they were decoded.
                _ => build(|b| {
                    let _ = write_known(b, v, mode);
                }),
            },
            Node::Unknown(v) => build(|b| write_unknown_as_bool(b, v)),
            Node::Sensitive(v, marks, extra) => {
                let own = build(|b| write_sensitive_as_bool(b, v, marks));
                match extra {
                    Some(e) => merge_marks(&own, e),
                    None => own,
                }
            }
        }
    }

    /// The value as a diff of a primitive keeps it.
    pub(crate) fn scalar(self) -> Scalar<'a> {
        match self {
            Node::Json(Json::Bool(b)) => Scalar::Bool(*b),
            Node::Json(Json::Number(n)) => Scalar::Number(Cow::Borrowed(n.as_str())),
            Node::Json(Json::String(s)) => Scalar::String(Cow::Borrowed(s)),
            Node::Json(other) => Scalar::Other(Cow::Borrowed(other)),
            Node::Flag(b) => Scalar::Bool(b),
            Node::Known(v, _) => match v.peel() {
                Cty::Bool(b) => Scalar::Bool(*b),
                Cty::String(s) => Scalar::String(Cow::Borrowed(s)),
                // The document's values were checked to be writable (finite) when decoded.
                Cty::Number(n) if n.infinity_sign().is_none() => Scalar::Number(n.as_text()),
                _ => Scalar::Other(Cow::Owned(self.to_json())),
            },
            _ => Scalar::Other(Cow::Owned(self.to_json())),
        }
    }

    /// The value is a typed view (not a JSON value or a constant).
    pub(crate) fn is_typed(self) -> bool {
        matches!(
            self,
            Node::Known(..) | Node::Unknown(_) | Node::Sensitive(..)
        )
    }
}

/// Two optional values are deeply equal as JSON (numbers compare by their text, as Go's
/// `json.Number` does).
pub(crate) fn deep_equal(a: &Val<'_>, b: &Val<'_>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => same(*x, *y),
        _ => false,
    }
}

fn same(a: Node<'_>, b: Node<'_>) -> bool {
    match (a, b) {
        (Node::Json(x), Node::Json(y)) => x == y,
        (Node::Flag(x), Node::Flag(y)) => x == y,
        (Node::Known(x, mode), Node::Known(y, _)) => known_equal(x, y, mode),
        _ => a.to_json() == b.to_json(),
    }
}

/// Whether `omitUnknowns` writes the same JSON for `x` and `y` (an unknown element reads as
/// `null`; the callers leave out unknown attributes and dropped elements).
fn known_equal(x: &Cty, y: &Cty, mode: UnknownElements) -> bool {
    let nil = |v: &Cty| matches!(v, Cty::Null | Cty::Unknown(_));
    let (x, y) = (x.peel(), y.peel());
    match (x, y) {
        _ if nil(x) || nil(y) => nil(x) && nil(y),
        (Cty::Bool(a), Cty::Bool(b)) => a == b,
        (Cty::String(a), Cty::String(b)) => a == b,
        (Cty::Number(a), Cty::Number(b)) => a.as_text() == b.as_text(),
        (
            Cty::List(_) | Cty::Set(_) | Cty::Tuple(_),
            Cty::List(_) | Cty::Set(_) | Cty::Tuple(_),
        ) => {
            let (mut xs, mut ys) = (known_items(x, mode), known_items(y, mode));
            loop {
                match (xs.next(), ys.next()) {
                    (None, None) => return true,
                    (Some(a), Some(b)) if known_equal(a, b, mode) => {}
                    _ => return false,
                }
            }
        }
        (Cty::Map(_) | Cty::Object(_), Cty::Map(_) | Cty::Object(_)) => {
            let present = |(_, e): &&(tfshow_cty::Str, Cty)| !e.is_unknown();
            let mut xs = entries(x).iter().filter(present);
            let mut ys = entries(y).iter().filter(present);
            loop {
                match (xs.next(), ys.next()) {
                    (None, None) => return true,
                    (Some((ka, a)), Some((kb, b))) if ka == kb && known_equal(a, b, mode) => {}
                    _ => return false,
                }
            }
        }
        _ => false,
    }
}

/// An element of an array, compared as JSON (for pairing the elements of two lists).
#[derive(Clone, Copy)]
pub(crate) struct Element<'a>(pub Val<'a>);

impl PartialEq for Element<'_> {
    fn eq(&self, other: &Self) -> bool {
        deep_equal(&self.0, &other.0)
    }
}

/// The elements of an array value (none for anything else).
pub(crate) fn elements(v: Val<'_>) -> Vec<Element<'_>> {
    let Some(node) = v else {
        return Vec::new();
    };
    (0..node.len().unwrap_or(0))
        .map(|i| Element(node.element(i).0))
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use tfshow_cty::arbitrary::{typed_value, value_of};
    use tfshow_cty::{Number, PathStep};

    use super::*;

    /// The JSON a node reads as, found by walking it through its navigation methods.
    fn walk(n: Node<'_>) -> Json {
        if n.is_object() {
            let mut keys = Vec::new();
            n.keys(&mut keys);
            let mut out = serde_json::Map::new();
            for k in keys {
                match n.member(k) {
                    (Some(c), _) => out.insert(k.to_owned(), walk(c)),
                    (None, true) => out.insert(k.to_owned(), Json::Null),
                    (None, false) => panic!("key {k:?} listed but not present"),
                };
            }
            return Json::Object(out);
        }
        if let Some(len) = n.len() {
            return Json::Array(
                (0..len)
                    .map(|i| match n.element(i) {
                        (Some(c), true) => walk(c),
                        (None, true) => Json::Null,
                        (_, false) => panic!("element {i} of {len} not present"),
                    })
                    .collect(),
            );
        }
        match n.scalar() {
            Scalar::Bool(b) => Json::Bool(b),
            Scalar::Number(t) => serde_json::from_str(&t).expect("a JSON number"),
            Scalar::String(s) => Json::String(s.into_owned()),
            Scalar::Other(v) => v.into_owned(),
        }
    }

    /// Looks every member of the typed objects in `v` up through `n` (unknown ones and those
    /// the JSON leaves out too): present exactly where `json`, the JSON `n` stands for, has it.
    fn check_members(n: Val<'_>, v: &Cty, json: &Json) -> Result<(), TestCaseError> {
        match (v.peel(), json) {
            (Cty::Map(e) | Cty::Object(e), Json::Object(m)) => {
                let n = n.expect("an object");
                for (k, c) in e {
                    let (child, present) = n.member(k);
                    prop_assert_eq!(present, m.contains_key(k.as_str()), "member {:?}", k);
                    if let Some(j) = m.get(k.as_str()) {
                        check_members(child, c, j)?;
                    }
                }
            }
            (Cty::List(items) | Cty::Set(items) | Cty::Tuple(items), Json::Array(a))
                if items.len() == a.len() =>
            {
                let n = n.expect("an array");
                for (i, (c, j)) in items.iter().zip(a).enumerate() {
                    check_members(n.element(i).0, c, j)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Every path into `v` (attribute names, list indexes, map keys), the root first.
    fn paths(v: &Cty, at: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
        out.push(at.clone());
        match v.peel() {
            Cty::Object(e) | Cty::Map(e) => {
                let object = matches!(v.peel(), Cty::Object(_));
                for (k, c) in e {
                    at.push(if object {
                        PathStep::Attr(k.to_string())
                    } else {
                        PathStep::Index(Cty::String(k.clone()))
                    });
                    paths(c, at, out);
                    at.pop();
                }
            }
            Cty::List(items) | Cty::Tuple(items) | Cty::Set(items) => {
                for (i, c) in items.iter().enumerate() {
                    let step = match v.peel() {
                        Cty::Set(_) => PathStep::Index(c.clone()),
                        _ => PathStep::Index(Cty::Number(Number::from_u64(i as u64))),
                    };
                    at.push(step);
                    paths(c, at, out);
                    at.pop();
                }
            }
            _ => {}
        }
    }

    fn marks_at(v: &Cty, pick: u64) -> Marks {
        let mut all = Vec::new();
        paths(v, &mut Vec::new(), &mut all);
        // Marking the root marks everything: leave it to one case in eight.
        let chosen = all
            .iter()
            .enumerate()
            .filter(|(i, _)| pick >> (i % 64) & 1 == 1 && (*i > 0 || pick.is_multiple_of(8)));
        Marks::from_paths(chosen.map(|(_, p)| p))
    }

    proptest! {
        /// The typed views read as the JSON the document writes for the same value:
        /// `omitUnknowns`, `unknownAsBool` and `SensitiveAsBool`.
        #[test]
        fn typed_views_read_as_the_documents_json(
            (_, v) in typed_value(),
            pick in any::<u64>(),
        ) {
            for mode in [UnknownElements::Null, UnknownElements::NullInListsOnly] {
                let want = if v.is_unknown() || v.is_null() {
                    None
                } else {
                    Some(build(|b| write_known(b, &v, mode).expect("finite numbers")))
                };
                prop_assert_eq!(known(&v, mode).map(walk), want.clone());
                if let Some(json) = &want {
                    check_members(known(&v, mode), &v, json)?;
                }
            }
            let unknown = build(|b| write_unknown_as_bool(b, &v));
            prop_assert_eq!(walk(Node::Unknown(&v)), unknown.clone());
            check_members(Some(Node::Unknown(&v)), &v, &unknown)?;
            let marks = marks_at(&v, pick);
            let marked = build(|b| write_sensitive_as_bool(b, &v, &marks));
            prop_assert_eq!(walk(sensitive(&v, &marks, None)), marked.clone());
            check_members(Some(sensitive(&v, &marks, None)), &v, &marked)?;
            // Combined with another mask of the same value, as the views combine the plan's
            // marks with the schema's.
            let other = build(|b| write_sensitive_as_bool(b, &v, &marks_at(&v, pick.rotate_left(17))));
            prop_assert_eq!(
                walk(sensitive(&v, &marks, Some(&other))),
                merge_marks(&marked, &other)
            );
        }

        /// Typed values compare as their JSON does.
        #[test]
        fn typed_values_are_equal_where_their_json_is(
            (a, b) in tfshow_cty::arbitrary::any_type()
                .prop_flat_map(|t| (value_of(t.clone()), value_of(t)))
        ) {
            for mode in [UnknownElements::Null, UnknownElements::NullInListsOnly] {
                let json = |v: &Cty| known(v, mode).map(Node::to_json);
                prop_assert_eq!(
                    deep_equal(&known(&a, mode), &known(&b, mode)),
                    json(&a) == json(&b)
                );
                prop_assert!(deep_equal(&known(&a, mode), &known(&a, mode)));
            }
        }
    }
}
