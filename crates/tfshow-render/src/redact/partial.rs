//! A resource or resource change of the document tfshow writes, redacted from its text: only
//! its masks and the members of its values that the rules can change ([`may_change`]) are
//! parsed and go through the rules of [`Redactor`]; the rest of the text is kept as it is
//! (it is what writing the parsed value again would give: tfshow wrote it with Go's escaping).

use std::borrow::Cow;
use std::ops::Range;

use serde_json::{Map, Value};
use tfshow_gojson::Dialect;
use tfshow_schema::{Block, Schema, Sensitivity};

use super::masks::{MaskCache, Masks};
use super::split::Member;
use super::{hide_derived, hide_resource_keys, Redactor, MARKER_JSON};
use crate::gojson;
use crate::sensitive_paths::marks_something;
use crate::sensitive_paths::Shape;

/// What a unit is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A resource of a module (`values`, `sensitive_values`).
    Resource,
    /// A resource change or drift entry (`change` with `before`, `after` and masks).
    Change,
}

/// A unit's text and the members [`split`](super::split) found in it (or the writer
/// recorded).
pub(super) struct Unit<'t> {
    pub(super) text: &'t [u8],
    pub(super) members: &'t [Member],
    /// Whether the text has a backslash anywhere (else no key or string of it has escapes).
    escapes: bool,
}

impl<'t> Unit<'t> {
    pub(super) fn new(text: &'t [u8], members: &'t [Member]) -> Self {
        Unit {
            text,
            members,
            escapes: memchr::memchr(b'\\', text).is_some(),
        }
    }

    /// The document's `provider_name`, `mode` and `type` of the unit, when they are plain
    /// strings.
    pub(super) fn head(&self) -> Option<(&'t str, &'t str, &'t str)> {
        let whole = 0..self.text.len();
        let plain = |name: &str| -> Option<&'t str> {
            let m = self.member(1, name, &whole)?;
            plain_string(self.text_of(&m.value)?)
        };
        Some((plain("provider_name")?, plain("mode")?, plain("type")?))
    }

    /// The member `name` at `depth` whose value lies within `within`.
    pub(super) fn member(
        &self,
        depth: usize,
        name: &str,
        within: &Range<usize>,
    ) -> Option<&'t Member> {
        self.level(depth, within).find(|m| {
            m.value.start >= within.start
                && m.value.end <= within.end
                && self.text.get(m.key.clone()) == Some(name.as_bytes())
        })
    }

    /// The members at `depth` of the object that is the value `within`: borrowed when they
    /// are all the members whose keys lie within it (the writer and the scans record nothing
    /// deeper than the depth asked for), else copied out.
    fn members_in(&self, depth: usize, within: &Range<usize>) -> Cow<'t, [Member]> {
        let inside = |m: &Member| {
            m.depth == depth && m.value.start > within.start && m.value.end < within.end
        };
        let around = self.around(within);
        if around.iter().all(inside) {
            Cow::Borrowed(around)
        } else {
            Cow::Owned(around.iter().filter(|m| inside(m)).cloned().collect())
        }
    }

    /// The members at `depth` whose key lies within `within`.
    fn level(&self, depth: usize, within: &Range<usize>) -> impl Iterator<Item = &'t Member> {
        self.around(within).iter().filter(move |m| m.depth == depth)
    }

    /// The members whose key lies within `within`: those of the value `within` and of the
    /// values in it (members are in the order of their keys in the text).
    fn around(&self, within: &Range<usize>) -> &'t [Member] {
        let members: &'t [Member] = self.members;
        let from = members.partition_point(|m| m.key.start < within.start);
        let to = members.partition_point(|m| m.key.start < within.end);
        members.get(from..to).unwrap_or_default()
    }

    fn text_of(&self, r: &Range<usize>) -> Option<&'t [u8]> {
        self.text.get(r.clone())
    }
}

/// Parses a part of a unit's text.
fn parse(text: &[u8]) -> Option<Value> {
    serde_json::from_slice(text).ok()
}

/// The text of a member's key, when it has no escapes.
fn key_of<'t>(unit: &Unit<'t>, m: &Member) -> Option<&'t str> {
    std::str::from_utf8(key_bytes(unit, m)?).ok()
}

/// The bytes of a member's key, when it has no escapes (the text is UTF-8: tfshow wrote it).
fn key_bytes<'t>(unit: &Unit<'t>, m: &Member) -> Option<&'t [u8]> {
    let key = unit.text_of(&m.key)?;
    (!unit.escapes || !key.contains(&b'\\')).then_some(key)
}

/// The one of `keys` that `raw` (a key's bytes) is.
fn named<'k>(keys: &[&'k str], raw: &[u8]) -> Option<&'k str> {
    keys.iter().find(|k| k.as_bytes() == raw).copied()
}

/// An object of a unit (a mask or values) at the value of `m`, whose members are at
/// `depth`: `Some(members)`, empty for `false` (a mask that marks nothing) or a missing one;
/// `None` when it is anything else (`true`: all of it is sensitive), for the unit to be read
/// whole.
fn object<'t>(unit: &Unit<'t>, m: Option<&'t Member>, depth: usize) -> Option<Cow<'t, [Member]>> {
    let Some(m) = m else {
        return Some(Cow::Borrowed(&[]));
    };
    match unit.text_of(&m.value)? {
        b"false" => Some(Cow::Borrowed(&[])),
        t if t.starts_with(b"{") => Some(unit.members_in(depth, &m.value)),
        _ => None,
    }
}

/// The members of `members` named in `keys`, parsed, as an object.
fn reduced(unit: &Unit<'_>, members: &[Member], keys: &[&str]) -> Option<Value> {
    let mut out = Map::new();
    for m in members {
        if let Some(key) = named(keys, key_bytes(unit, m)?) {
            out.insert(key.to_owned(), parse(unit.text_of(&m.value)?)?);
        }
    }
    Some(Value::Object(out))
}

/// What [`MaskCache`] knows the masks of a unit by: the schema (by address: the schemas
/// outlive the cache) and, for each mask, the text of its members named in `keys`.
fn cache_key(
    unit: &Unit<'_>,
    schema: Option<&Block>,
    masks: &[&[Member]],
    keys: &[&str],
) -> Option<Vec<u8>> {
    let mut key = Vec::with_capacity(128);
    key.push(u8::try_from(masks.len()).unwrap_or(u8::MAX));
    key.extend_from_slice(
        &schema
            .map_or(0, |b| b as *const Block as usize)
            .to_le_bytes(),
    );
    for mask in masks {
        key.push(b'|');
        for m in mask.iter() {
            if named(keys, key_bytes(unit, m)?).is_some() {
                key.extend_from_slice(unit.text.get(m.key.start..m.value.end)?);
                key.push(b',');
            }
        }
    }
    Some(key)
}

/// The text of the members of `members` named in `keys` in `redacted` (the object they are
/// members of, redacted), as (name, text). `None` when a key of `members` has escapes (the
/// unit is then read whole).
fn member_texts(
    unit: &Unit<'_>,
    members: &[Member],
    keys: &[&str],
    redacted: &Value,
    dialect: Dialect,
) -> Option<Vec<(String, Vec<u8>)>> {
    let mut texts = Vec::new();
    for m in members {
        let key = named(keys, key_bytes(unit, m)?);
        if let Some((k, v)) = key.and_then(|k| Some((k, redacted.get(k)?))) {
            let mut bytes = Vec::new();
            gojson::write(&mut bytes, v, dialect);
            texts.push((k.to_owned(), bytes));
        }
    }
    Some(texts)
}

/// Adds to `parts` what replaces the values of the members of `members` named in `keys`:
/// their value in `redacted` (the object they are members of, redacted). `None` when a key
/// of `members` has escapes (the unit is then read whole).
fn replace_members<'p>(
    unit: &Unit<'_>,
    members: &[Member],
    keys: &[&str],
    redacted: &Value,
    dialect: Dialect,
    parts: &mut Parts<'p>,
) -> Option<()> {
    for m in members {
        let key = named(keys, key_bytes(unit, m)?);
        if let Some(v) = key.and_then(|k| redacted.get(k)) {
            let mut bytes = Vec::new();
            gojson::write(&mut bytes, v, dialect);
            parts.push((m.value.clone(), Cow::Owned(bytes)));
        }
    }
    Some(())
}

/// Adds to `parts` the texts of the members of the mask `mask` (its members `members`)
/// named in `keys`, as `masks` has them.
fn replace_mask_members<'p>(
    unit: &Unit<'_>,
    members: &[Member],
    keys: &[&str],
    (masks, mask): (&'p Masks, usize),
    parts: &mut Parts<'p>,
) -> Option<()> {
    for m in members {
        let raw = key_bytes(unit, m)?;
        if named(keys, raw).is_some() {
            if let Some(text) = masks.text(mask, raw) {
                parts.push((m.value.clone(), Cow::Borrowed(text)));
            }
        }
    }
    Some(())
}

/// The parts of a unit's text replaced, as (where, by what).
type Parts<'p> = Vec<(Range<usize>, Cow<'p, [u8]>)>;

/// The keys of a resource's values that the rules may change: those a mask marks something
/// under (`true` in its text) and those under which the schema declares something sensitive.
fn sensitive_keys<'k>(
    unit: &Unit<'k>,
    masks: &[&[Member]],
    sensitivity: Option<&'k Sensitivity>,
) -> Option<Vec<&'k str>> {
    let mut keys: Vec<&str> = Vec::new();
    for mask in masks {
        for m in mask.iter() {
            if has_true(unit.text_of(&m.value)?) {
                keys.push(key_of(unit, m)?);
            }
        }
    }
    if let Some(s) = sensitivity {
        keys.extend(s.containing.iter().map(String::as_str));
    }
    keys.sort_unstable();
    keys.dedup();
    Some(keys)
}

/// Writes the redacted `unit` (a resource or change of a type with schema `schema`) to `out`.
/// `None` (with `out` as it was) when the unit is to be read whole: it has replace paths, a value is wholly sensitive, or its text is not as
/// expected.
///
/// The rules change nothing of a resource's values, nor of its masks, outside the members
/// named by [`sensitive_keys`] (each member of an object of values is redacted by its own
/// mask and schema alone): those members are parsed, redacted by the rules, and written
/// again in place.
///
/// What the rules make of the masks is taken from `cache` when a unit with the same masks
/// (and schema) was redacted before.
pub(super) fn redact(
    rules: &mut Redactor<'_>,
    kind: Kind,
    unit: &Unit<'_>,
    (schema, cache): (Option<&Schema>, Option<&MaskCache>),
    dialect: Dialect,
    out: &mut Vec<u8>,
) -> Option<()> {
    let sensitivity = schema.map(|s| &s.sensitivity);
    let schema = schema.map(|s| &s.block);
    let whole = 0..unit.text.len();
    let masks: std::sync::Arc<Masks>;
    let mut parts: Parts<'_> = Vec::new();
    match kind {
        Kind::Resource => {
            let sv = unit.member(1, "sensitive_values", &whole);
            let sv_members = object(unit, sv, 2)?;
            let keys = sensitive_keys(unit, &[&sv_members], sensitivity)?;
            if keys.is_empty() {
                out.extend_from_slice(unit.text);
                return Some(());
            }
            let key = cache_key(unit, schema, &[&sv_members], &keys)?;
            masks = MaskCache::get_or(cache, &key, || {
                let mut mask = reduced(unit, &sv_members, &keys)?;
                hide_resource_keys(&mut mask, schema);
                let texts = member_texts(unit, &sv_members, &keys, &mask, dialect)?;
                let texts = texts.into_iter().map(|(k, t)| (0, k, t)).collect();
                Some(Masks { value: mask, texts })
            })?;
            replace_mask_members(unit, &sv_members, &keys, (&masks, 0), &mut parts)?;
            if let Some(values) = unit.member(1, "values", &whole) {
                let at = Scope {
                    depth: 2,
                    keys: &keys,
                    mask: &masks.value,
                    schema,
                    sensitivity,
                };
                values_part(rules, unit, values, at, dialect, &mut parts)?;
            }
        }
        Kind::Change => {
            let change = unit.member(1, "change", &whole)?;
            let span = change.value.clone();
            if unit.member(2, "replace_paths", &span).is_some() {
                return None;
            }
            let names = ["after_unknown", "before_sensitive", "after_sensitive"];
            let found = names.map(|n| unit.member(2, n, &span));
            let members = [
                object(unit, found[0], 3)?,
                object(unit, found[1], 3)?,
                object(unit, found[2], 3)?,
            ];
            let keys = sensitive_keys(unit, &[&members[1], &members[2]], sensitivity)?;
            if keys.is_empty() {
                out.extend_from_slice(unit.text);
                return Some(());
            }
            // The masks' members that can change, as a change object for the rules.
            let key = cache_key(
                unit,
                schema,
                &[&members[0], &members[1], &members[2]],
                &keys,
            )?;
            masks = MaskCache::get_or(cache, &key, || {
                let mut value = Map::new();
                for (name, m) in names.iter().zip(&members) {
                    value.insert((*name).to_owned(), reduced(unit, m, &keys)?);
                }
                let mut value = Value::Object(value);
                hide_derived(&mut value, schema, Shape::resource(schema));
                let mut texts = Vec::new();
                for (i, (name, m)) in names.iter().zip(&members).enumerate() {
                    let of = member_texts(unit, m, &keys, &value[*name], dialect)?;
                    texts.extend(of.into_iter().map(|(k, t)| (i, k, t)));
                }
                Some(Masks { value, texts })
            })?;
            for (i, m) in members.iter().enumerate() {
                replace_mask_members(unit, m, &keys, (&masks, i), &mut parts)?;
            }
            for (value_key, mask_key) in
                [("before", "before_sensitive"), ("after", "after_sensitive")]
            {
                if let Some(v) = unit.member(2, value_key, &span) {
                    let mask = &masks.value[mask_key];
                    let at = Scope {
                        depth: 3,
                        keys: &keys,
                        mask,
                        schema,
                        sensitivity,
                    };
                    values_part(rules, unit, v, at, dialect, &mut parts)?;
                }
            }
        }
    }
    parts.sort_by_key(|(r, _)| r.start);
    let mut pos = 0;
    let start = out.len();
    for (r, bytes) in &parts {
        let Some(before) = unit.text.get(pos..r.start) else {
            out.truncate(start);
            return None;
        };
        out.extend_from_slice(before);
        out.extend_from_slice(bytes);
        pos = r.end;
    }
    out.extend_from_slice(unit.text.get(pos..).unwrap_or_default());
    Some(())
}

/// Where a unit's values are and what redacts them.
struct Scope<'a> {
    /// The depth of the values' members.
    depth: usize,
    /// [`sensitive_keys`].
    keys: &'a [&'a str],
    /// The values' mask, reduced to `keys`.
    mask: &'a Value,
    schema: Option<&'a Block>,
    /// What `schema` declares sensitive.
    sensitivity: Option<&'a Sensitivity>,
}

/// What the values `v` are to be: the replacements of the members the rules change, added
/// to `parts`.
fn values_part(
    rules: &mut Redactor<'_>,
    unit: &Unit<'_>,
    v: &Member,
    Scope {
        depth,
        keys,
        mask,
        schema,
        sensitivity,
    }: Scope<'_>,
    dialect: Dialect,
    parts: &mut Parts<'_>,
) -> Option<()> {
    let text = unit.text_of(&v.value)?;
    if !text.starts_with(b"{") {
        // Not an object: a mask that is not `true` and the schema change nothing in it.
        return Some(());
    }
    let members = unit.members_in(depth, &v.value);
    // The members the rules can change: those their mask marks something in or the schema
    // declares something sensitive in (`null` stays as it is).
    let mut rest: Vec<&str> = Vec::new();
    for m in members.iter() {
        let Some(k) = named(keys, key_bytes(unit, m)?) else {
            continue;
        };
        if !may_change(k, mask, sensitivity) {
            continue;
        }
        let value = unit.text_of(&m.value)?;
        if value == b"null" {
            continue;
        }
        let wholly = mask.get(k) == Some(&Value::Bool(true))
            || sensitivity.is_some_and(|s| s.attributes.iter().any(|a| a == k));
        // Members wholly sensitive whose value is a string: replaced without being parsed.
        match plain_string(value).filter(|_| wholly) {
            Some(s) => {
                rules.replace(&mut Value::String(s.to_owned()));
                parts.push((m.value.clone(), Cow::Borrowed(MARKER_JSON)));
            }
            None => rest.push(k),
        }
    }
    if rest.is_empty() {
        return Some(());
    }
    let mut values = reduced(unit, &members, &rest)?;
    rules.values(&mut values, Some(mask), schema);
    replace_members(unit, &members, &rest, &values, dialect, parts)
}

/// Whether the rules can change the member `key` of an object of values: when its mask
/// marks something in it, or the schema declares something in it sensitive. (With a mask of
/// `true` the whole object is replaced.)
fn may_change(key: &str, mask: &Value, sensitivity: Option<&Sensitivity>) -> bool {
    mask.get(key).is_some_and(marks_something) || sensitivity.is_some_and(|s| s.contains(key))
}

/// Whether a mask's text holds `true`.
pub(super) fn has_true(mask: &[u8]) -> bool {
    let mut from = 0;
    while let Some(at) = mask.get(from..).and_then(|rest| memchr::memchr(b't', rest)) {
        if mask
            .get(from + at..)
            .is_some_and(|t| t.starts_with(b"true"))
        {
            return true;
        }
        from += at + 1;
    }
    false
}

/// The text of a JSON string without escapes.
fn plain_string(json: &[u8]) -> Option<&str> {
    let inner = json.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    if inner.contains(&b'\\') {
        return None;
    }
    std::str::from_utf8(inner).ok()
}
