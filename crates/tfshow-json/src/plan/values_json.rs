//! The JSON of a change's values, rendered once for both its `planned_values` resource and
//! its `resource_changes` entry.
//!
//! Rendered straight from the plan's msgpack ([`crate::transcode`]) when the resource type has
//! a schema whose sensitive paths do not depend on the value, and the msgpack is as cty writes
//! it; otherwise from decoded [`Values`]. Both give the same bytes.

use std::convert::Infallible;
use std::ops::Range;

use tfshow_cty::msgpack::tape::{Cell, Tape};
use tfshow_cty::msgpack::Options;
use tfshow_cty::Value;
use tfshow_gojson::{Member, Writer};

use super::decode::{Ready, Values};
use crate::error::{invalid, Error};
use crate::marks::Marks;
use crate::transcode;
use crate::transform::{write_known, write_sensitive_as_bool, write_unknown_as_bool};
use crate::Release;

/// msgpack `nil`: what a change without a value holds.
const NIL: &[u8] = b"\xc0";

/// The JSON texts of a change's values, in one buffer, with the members of their top-level
/// objects when they were rendered from the msgpack.
pub(crate) struct ValuesJson {
    buf: Vec<u8>,
    /// The members of the values' top-level objects (ranges within their value's text).
    members: Vec<Member>,
    /// Whether `members` holds every value's members (rendered from the msgpack).
    known: bool,
    /// `before` with unknowns left out; `None` when it is unknown.
    before: Option<Piece>,
    /// `after` with unknowns left out; `None` when it is unknown.
    after: Option<Piece>,
    /// Whether `after` is also the planned resource's `values`: an object with a known
    /// attribute.
    after_is_values: bool,
    after_unknown: Piece,
    before_sensitive: Piece,
    /// `after`'s sensitivity from the plan's marks alone (the planned resource's
    /// `sensitive_values`).
    sensitive_values: Piece,
    /// `after`'s sensitivity from the plan's marks and the schema's.
    after_sensitive: Piece,
}

/// Where one value's text and members are in a [`ValuesJson`].
#[derive(Clone)]
struct Piece {
    text: Range<usize>,
    members: Range<usize>,
}

/// One of a change's values, rendered: its text, and the members of its top-level object
/// when they are known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Json<'v> {
    pub(crate) text: &'v [u8],
    members: &'v [Member],
    /// Whether `members` are known.
    known: bool,
}

impl Json<'_> {
    /// Writes the value to `w`, with the members of its top-level object when known.
    pub(crate) fn write(&self, w: &mut Writer<'_>) {
        w.raw_with_members(self.text, self.members, usize::from(self.known));
    }
}

impl ValuesJson {
    /// Renders the change's values; `members`: whether to find the members of their
    /// top-level objects too (when rendered from the msgpack), for a filter that asks for
    /// them ([`crate::filter`]).
    pub(crate) fn of(
        d: &Ready<'_, '_>,
        version: &Release,
        members: bool,
    ) -> Result<ValuesJson, Error> {
        match Self::from_msgpack(d, version, members)? {
            Some(json) => Ok(json),
            None => Self::from_values(d, &d.values()?, version),
        }
    }

    fn json(&self, p: &Piece) -> Json<'_> {
        Json {
            text: &self.buf[p.text.clone()],
            members: &self.members[p.members.clone()],
            known: self.known,
        }
    }

    pub(crate) fn before(&self) -> Option<Json<'_>> {
        self.before.as_ref().map(|p| self.json(p))
    }

    pub(crate) fn after(&self) -> Option<Json<'_>> {
        self.after.as_ref().map(|p| self.json(p))
    }

    /// The planned resource's `values`, when it has any.
    pub(crate) fn values(&self) -> Option<Json<'_>> {
        self.after().filter(|_| self.after_is_values)
    }

    pub(crate) fn after_unknown(&self) -> Json<'_> {
        self.json(&self.after_unknown)
    }

    pub(crate) fn before_sensitive(&self) -> Json<'_> {
        self.json(&self.before_sensitive)
    }

    pub(crate) fn sensitive_values(&self) -> Json<'_> {
        self.json(&self.sensitive_values)
    }

    pub(crate) fn after_sensitive(&self) -> Json<'_> {
        self.json(&self.after_sensitive)
    }

    /// Renders from decoded values.
    fn from_values(d: &Ready<'_, '_>, v: &Values, version: &Release) -> Result<Self, Error> {
        let at = d.addr_text;
        let mode = crate::transform::unknown_elements(version);
        let nested = version.has(crate::Feature::SchemaSensitivityInNestedTypes);
        let mut w = Writer::with_capacity(tfshow_gojson::Dialect::of(version), 4096);
        let side = |w: &mut Writer<'_>, value: &Value| -> Result<_, Error> {
            if value.is_unknown() {
                return Ok(None);
            }
            let start = w.len();
            write_known(w, value, mode).map_err(|e| invalid(at, e))?;
            Ok(Some(Piece {
                text: start..w.len(),
                members: 0..0,
            }))
        };
        let before = side(&mut w, &v.before)?;
        let after = side(&mut w, &v.after)?;
        let after_is_values = matches!(v.after.peel(),
            Value::Object(e) | Value::Map(e) if e.iter().any(|(_, v)| !v.is_unknown()));
        let after_unknown = text_span(&mut w, |w| {
            if v.after.is_wholly_known() {
                w.raw(b"{}");
            } else {
                write_unknown_as_bool(w, &v.after);
            }
        });
        let schema_paths = |value: &Value| d.info.sensitive_paths(value, nested);
        let mut marks = Marks::from_paths(&v.before_paths);
        for p in schema_paths(&v.before) {
            marks.add(&p);
        }
        let before_sensitive = text_span(&mut w, |w| write_sensitive_as_bool(w, &v.before, &marks));
        let mut marks = Marks::from_paths(&v.after_paths);
        let sensitive_values = text_span(&mut w, |w| write_sensitive_as_bool(w, &v.after, &marks));
        let mut changed = false;
        for p in schema_paths(&v.after) {
            changed |= marks.add(&p);
        }
        let after_sensitive = if changed {
            text_span(&mut w, |w| write_sensitive_as_bool(w, &v.after, &marks))
        } else {
            sensitive_values.clone()
        };
        Ok(ValuesJson {
            buf: w.into_bytes(),
            members: Vec::new(),
            known: false,
            before,
            after,
            after_is_values,
            after_unknown,
            before_sensitive,
            sensitive_values,
            after_sensitive,
        })
    }

    /// Renders from the msgpack, when the schema and the bytes allow; `None` when they do
    /// not.
    fn from_msgpack(
        d: &Ready<'_, '_>,
        version: &Release,
        find_members: bool,
    ) -> Result<Option<Self>, Error> {
        let Some(schema) = d.info.schema else {
            return Ok(None);
        };
        let nested = version.has(crate::Feature::SchemaSensitivityInNestedTypes);
        let Some(schema_attrs) = schema.sensitivity.value_independent(nested) else {
            return Ok(None);
        };
        let at = d.addr_text;
        let c = &d.rc.change;
        let paths = |ps: &[tfshow_planfile::model::Path]| {
            ps.iter()
                .map(|p| super::decode::cty_path(p, at))
                .collect::<Result<Vec<_>, _>>()
        };
        let before_paths = paths(&c.before_sensitive_paths)?;
        let after_paths = paths(&c.after_sensitive_paths)?;
        let ty = &schema.implied_type;
        let opts = Options::default();
        let before = Tape::read(c.before.as_deref().unwrap_or(NIL), ty, &opts);
        let after = Tape::read(c.after.as_deref().unwrap_or(NIL), ty, &opts);
        let (Ok(before), Ok(after)) = (before, after) else {
            return Ok(None);
        };
        let (before, after) = (before.root(), after.root());
        let mode = crate::transform::unknown_elements(version);
        let mut w = Writer::with_capacity(tfshow_gojson::Dialect::of(version), 4096);
        let mut members = Vec::new();
        let mut m = find_members.then_some(&mut members);
        let side = |w: &mut Writer<'_>, m: Option<&mut Vec<Member>>, v: Cell<'_, '_>| {
            if v.item().is_unknown() {
                return Ok(None);
            }
            piece(w, m, |w, top| transcode::write_known(w, v, mode, top)).map(Some)
        };
        let (Ok(before_json), Ok(after_json)) = (
            side(&mut w, m.as_deref_mut(), before),
            side(&mut w, m.as_deref_mut(), after),
        ) else {
            return Ok(None);
        };
        let Ok(after_unknown) = piece(&mut w, m.as_deref_mut(), |w, top| {
            if after.has_unknown() {
                transcode::write_unknown_as_bool(w, after, top);
            } else {
                w.raw(b"{}");
            }
            Ok::<_, Infallible>(())
        });
        let marks = Marks::from_paths(&before_paths);
        let Ok(before_sensitive) = piece(&mut w, m.as_deref_mut(), |w, top| {
            let how = (&marks, schema_attrs);
            transcode::write_sensitive_as_bool(w, before, how, top);
            Ok::<_, Infallible>(())
        });
        let marks = Marks::from_paths(&after_paths);
        let Ok(sensitive_values) = piece(&mut w, m.as_deref_mut(), |w, top| {
            transcode::write_sensitive_as_bool(w, after, (&marks, &[]), top);
            Ok::<_, Infallible>(())
        });
        // Whether the schema marks what the plan does not.
        let more = (schema_attrs.iter()).any(|name| !marks.attr(name).is_marked());
        let after_sensitive = if more {
            let Ok(p) = piece(&mut w, m, |w, top| {
                let how = (&marks, schema_attrs);
                transcode::write_sensitive_as_bool(w, after, how, top);
                Ok::<_, Infallible>(())
            });
            p
        } else {
            sensitive_values.clone()
        };
        Ok(Some(ValuesJson {
            buf: w.into_bytes(),
            members,
            known: find_members,
            before: before_json,
            after: after_json,
            after_is_values: transcode::has_known_entries(after),
            after_unknown,
            before_sensitive,
            sensitive_values,
            after_sensitive,
        }))
    }
}

/// Writes with `f`; returns where it went (without members).
fn text_span(w: &mut Writer<'_>, f: impl FnOnce(&mut Writer<'_>)) -> Piece {
    let start = w.len();
    f(w);
    Piece {
        text: start..w.len(),
        members: 0..0,
    }
}

/// Writes with `f`, which records the members of the value's top-level object in `members`
/// (when given) where they are in the writer; returns where the value and its members went,
/// the members' ranges made relative to the value.
fn piece<E>(
    w: &mut Writer<'_>,
    members: Option<&mut Vec<Member>>,
    f: impl FnOnce(&mut Writer<'_>, Option<&mut Vec<Member>>) -> Result<(), E>,
) -> Result<Piece, E> {
    let start = w.len();
    let Some(members) = members else {
        f(w, None)?;
        return Ok(Piece {
            text: start..w.len(),
            members: 0..0,
        });
    };
    let first = members.len();
    f(w, Some(&mut *members))?;
    let ours = members.get_mut(first..).unwrap_or_default();
    for m in ours {
        m.key = m.key.start - start..m.key.end - start;
        m.value = m.value.start - start..m.value.end - start;
    }
    Ok(Piece {
        text: start..w.len(),
        members: first..members.len(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use tfshow_planfile::PlanFile;
    use tfshow_schema::Schemas;

    use super::*;
    use crate::plan::decode::{locate, Resolver, StateSchemaVersions};

    fn pieces(v: &ValuesJson) -> Vec<Option<&[u8]>> {
        vec![
            v.before().map(|j| j.text),
            v.after().map(|j| j.text),
            v.values().map(|j| j.text),
            Some(v.after_unknown().text),
            Some(v.before_sensitive().text),
            Some(v.sensitive_values().text),
            Some(v.after_sensitive().text),
        ]
    }

    /// Every change of the real plans in testdata renders the same from the msgpack as from
    /// decoded values.
    #[test]
    fn msgpack_and_decoded_values_render_alike() {
        let scenarios =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
        let (mut fast, mut fallback) = (0, 0);
        for scenario in std::fs::read_dir(scenarios).unwrap() {
            for case in std::fs::read_dir(scenario.unwrap().path()).unwrap() {
                let dir = case.unwrap().path();
                let (Ok(plan), Ok(schemas)) = (
                    std::fs::read(dir.join("plan.tfplan")),
                    std::fs::read(dir.join("schemas.json")),
                ) else {
                    continue;
                };
                let Ok(file) = PlanFile::from_bytes(&plan, &Default::default()) else {
                    continue;
                };
                let schemas = Schemas::from_json(&schemas).unwrap();
                let version = file.plan.release();
                let changes = &file.plan.resource_changes;
                let versions = StateSchemaVersions::new();
                let resolver = Resolver::of(changes, Some(&schemas), &versions);
                for (i, rc) in changes.iter().enumerate() {
                    let loc = locate(rc, i, &resolver).unwrap();
                    let d = Ready { loc: &loc, rc };
                    let tree = ValuesJson::from_values(&d, &d.values().unwrap(), &version);
                    match ValuesJson::from_msgpack(&d, &version, true).unwrap() {
                        Some(json) => {
                            fast += 1;
                            let tree = tree.unwrap();
                            assert_eq!(pieces(&json), pieces(&tree), "{}", dir.display());
                        }
                        None => fallback += 1,
                    }
                }
            }
        }
        assert!(
            fast > 100,
            "{fast} changes rendered from msgpack, {fallback} not"
        );
    }
}
