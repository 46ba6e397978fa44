//! The JSON of a change's values, rendered once for both its `planned_values` resource and
//! its `resource_changes` entry.
//!
//! Rendered straight from the plan's msgpack ([`crate::transcode`]) when the resource type has
//! a schema whose sensitive paths do not depend on the value, and the msgpack is as cty writes
//! it; otherwise from decoded [`Values`]. Both give the same bytes.

use std::ops::Range;

use tfshow_cty::msgpack::tape::{Cell, Tape};
use tfshow_cty::msgpack::Options;
use tfshow_cty::NumberError;
use tfshow_cty::Value;
use tfshow_gojson::Writer;

use super::decode::{Ready, Values};
use crate::error::{invalid, Error};
use crate::marks::Marks;
use crate::transcode;
use crate::transform::{write_known, write_sensitive_as_bool, write_unknown_as_bool};
use crate::Release;

/// msgpack `nil`: what a change without a value holds.
const NIL: &[u8] = b"\xc0";

/// The JSON texts of a change's values, in one buffer.
pub(crate) struct ValuesJson {
    buf: Vec<u8>,
    /// `before` with unknowns left out; `None` when it is unknown.
    before: Option<Range<usize>>,
    /// `after` with unknowns left out; `None` when it is unknown.
    after: Option<Range<usize>>,
    /// Whether `after` is also the planned resource's `values`: an object with a known
    /// attribute.
    after_is_values: bool,
    after_unknown: Range<usize>,
    before_sensitive: Range<usize>,
    /// `after`'s sensitivity from the plan's marks alone (the planned resource's
    /// `sensitive_values`).
    sensitive_values: Range<usize>,
    /// `after`'s sensitivity from the plan's marks and the schema's.
    after_sensitive: Range<usize>,
}

impl ValuesJson {
    /// Renders the change's values.
    pub(crate) fn of(d: &Ready<'_, '_>, version: &Release) -> Result<ValuesJson, Error> {
        match Self::from_msgpack(d, version)? {
            Some(json) => Ok(json),
            None => Self::from_values(d, &d.values()?, version),
        }
    }

    pub(crate) fn before(&self) -> Option<&[u8]> {
        self.before.clone().map(|r| &self.buf[r])
    }

    pub(crate) fn after(&self) -> Option<&[u8]> {
        self.after.clone().map(|r| &self.buf[r])
    }

    /// The planned resource's `values`, when it has any.
    pub(crate) fn values(&self) -> Option<&[u8]> {
        self.after().filter(|_| self.after_is_values)
    }

    pub(crate) fn after_unknown(&self) -> &[u8] {
        &self.buf[self.after_unknown.clone()]
    }

    pub(crate) fn before_sensitive(&self) -> &[u8] {
        &self.buf[self.before_sensitive.clone()]
    }

    pub(crate) fn sensitive_values(&self) -> &[u8] {
        &self.buf[self.sensitive_values.clone()]
    }

    pub(crate) fn after_sensitive(&self) -> &[u8] {
        &self.buf[self.after_sensitive.clone()]
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
            Ok(Some(start..w.len()))
        };
        let before = side(&mut w, &v.before)?;
        let after = side(&mut w, &v.after)?;
        let after_is_values = matches!(v.after.peel(),
            Value::Object(e) | Value::Map(e) if e.iter().any(|(_, v)| !v.is_unknown()));
        let after_unknown = span(&mut w, |w| {
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
        let before_sensitive = span(&mut w, |w| write_sensitive_as_bool(w, &v.before, &marks));
        let mut marks = Marks::from_paths(&v.after_paths);
        let sensitive_values = span(&mut w, |w| write_sensitive_as_bool(w, &v.after, &marks));
        let mut changed = false;
        for p in schema_paths(&v.after) {
            changed |= marks.add(&p);
        }
        let after_sensitive = if changed {
            span(&mut w, |w| write_sensitive_as_bool(w, &v.after, &marks))
        } else {
            sensitive_values.clone()
        };
        Ok(ValuesJson {
            buf: w.into_bytes(),
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
    fn from_msgpack(d: &Ready<'_, '_>, version: &Release) -> Result<Option<Self>, Error> {
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
        let side = |w: &mut Writer<'_>, v: Cell<'_, '_>| -> Result<_, NumberError> {
            if v.item().is_unknown() {
                return Ok(None);
            }
            let start = w.len();
            transcode::write_known(w, v, mode)?;
            Ok(Some(start..w.len()))
        };
        let (Ok(before_json), Ok(after_json)) = (side(&mut w, before), side(&mut w, after)) else {
            return Ok(None);
        };
        let after_unknown = span(&mut w, |w| {
            if after.has_unknown() {
                transcode::write_unknown_as_bool(w, after);
            } else {
                w.raw(b"{}");
            }
        });
        let marks = Marks::from_paths(&before_paths);
        let before_sensitive = span(&mut w, |w| {
            transcode::write_sensitive_as_bool(w, before, &marks, schema_attrs);
        });
        let marks = Marks::from_paths(&after_paths);
        let sensitive_values = span(&mut w, |w| {
            transcode::write_sensitive_as_bool(w, after, &marks, &[]);
        });
        // Whether the schema marks what the plan does not.
        let more = (schema_attrs.iter()).any(|name| !marks.attr(name).is_marked());
        let after_sensitive = if more {
            span(&mut w, |w| {
                transcode::write_sensitive_as_bool(w, after, &marks, schema_attrs);
            })
        } else {
            sensitive_values.clone()
        };
        Ok(Some(ValuesJson {
            buf: w.into_bytes(),
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

/// Writes with `f`; returns where it went.
fn span(w: &mut Writer<'_>, f: impl FnOnce(&mut Writer<'_>)) -> Range<usize> {
    let start = w.len();
    f(w);
    start..w.len()
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
            v.before(),
            v.after(),
            v.values(),
            Some(v.after_unknown()),
            Some(v.before_sensitive()),
            Some(v.sensitive_values()),
            Some(v.after_sensitive()),
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
                    match ValuesJson::from_msgpack(&d, &version).unwrap() {
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
