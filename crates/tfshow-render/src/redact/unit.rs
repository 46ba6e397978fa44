//! Redacting one unit of the document: a [`Worker`] applies the rules of [`Redactor`] to a unit
//! read whole, or to a resource or change from its text, and notes the providers without a
//! schema it meets. Workers on several threads each redact their own units; what they
//! replaced is gathered for the configuration, which comes last.

use std::collections::BTreeSet;

use serde_json::Value;
use tfshow_gojson::Dialect;
use tfshow_schema::{Schema, Schemas};

use super::masks::MaskCache;
use super::partial;
use super::split::{Member, SplitError};
use super::stream::Unit;
use super::Redactor;
use crate::document::{resource_type_schema, string};
use crate::gojson;
use crate::unknown_sensitivity::{config_providers_without_schema, is_builtin, is_unknown};

/// Redacts units (see the module documentation).
pub(super) struct Worker<'s> {
    pub(super) schemas: Option<&'s Schemas>,
    pub(super) rules: Redactor<'s>,
    /// Providers without a schema met so far.
    pub(super) unknown: BTreeSet<String>,
}

impl<'s> Worker<'s> {
    pub(super) fn new(schemas: Option<&'s Schemas>) -> Self {
        Worker {
            schemas,
            rules: Redactor {
                schemas,
                secrets: Default::default(),
            },
            unknown: BTreeSet::new(),
        }
    }

    /// Notes the provider of a resource (or change) without a schema, if so.
    fn check(&mut self, resource: &Value) {
        if is_unknown(self.schemas, resource) {
            self.unknown
                .insert(string(resource, "provider_name").to_owned());
        }
    }

    /// Redacts a unit read whole by the rule of its kind (`sensitive_variables`: the root
    /// module variables the configuration declares sensitive).
    pub(super) fn apply(&mut self, unit: Unit, v: &mut Value, sensitive_variables: &[String]) {
        match unit {
            Unit::Plain | Unit::Version => {}
            Unit::Resource => {
                self.check(v);
                self.rules.resource(v);
            }
            Unit::Change => {
                self.check(v);
                self.rules.resource_change(v);
            }
            Unit::Deferred => {
                if let Some(rc) = v.get("resource_change") {
                    self.check(rc);
                }
                self.rules.deferred_change(v);
            }
            Unit::StateOutputs => self.rules.state_outputs(v),
            Unit::OutputChanges => self.rules.output_changes(v),
            Unit::Variables => self.rules.variables(v, sensitive_variables),
            Unit::Configuration => {
                let unknown = config_providers_without_schema(v, self.schemas);
                self.unknown.extend(unknown);
                self.rules.configuration_scrubbed(v);
            }
        }
    }

    /// Appends the redacted resource or change `kind` of the document tfshow wrote, from its
    /// text: as it is when nothing in it can be sensitive ([`Worker::clean`]), else from
    /// its text, parsing only what the rules can change ([`partial`]), else read whole.
    pub(super) fn text_unit(
        &mut self,
        kind: partial::Kind,
        (text, members): (&[u8], &[Member]),
        cache: Option<&MaskCache>,
        dialect: Dialect,
        out: &mut Vec<u8>,
    ) -> Result<(), SplitError> {
        let part = partial::Unit::new(text, members);
        if let Some(schema) = self.known_schema(&part) {
            if clean(kind, &part, schema) {
                out.extend_from_slice(text);
                return Ok(());
            }
            let len = out.len();
            let how = (schema, cache);
            let redacted = partial::redact(&mut self.rules, kind, &part, how, dialect, out);
            if redacted.is_some() {
                return Ok(());
            }
            out.truncate(len);
        }
        let mut v: Value = serde_json::from_slice(text).map_err(|e| SplitError(e.to_string()))?;
        let unit = match kind {
            partial::Kind::Resource => Unit::Resource,
            partial::Kind::Change => Unit::Change,
        };
        self.apply(unit, &mut v, &[]);
        gojson::write(out, &v, dialect);
        Ok(())
    }

    /// The schema of a resource or change read from its text: `Some(None)` for the builtin
    /// provider without one; `None` when its provider has none (or its text is not as
    /// expected), to be read whole (and refused).
    fn known_schema(&self, unit: &partial::Unit<'_>) -> Option<Option<&'s Schema>> {
        let (provider, mode, type_) = unit.head()?;
        match resource_type_schema(self.schemas, provider, mode, type_) {
            Some(schema) => Some(Some(schema)),
            None if is_builtin(provider) => Some(None),
            None => None,
        }
    }
}

/// Whether a resource or change of a type with schema `schema` holds nothing to redact, known
/// without parsing it: its type's schema declares nothing sensitive, its sensitivity masks
/// mark nothing (no `true` in them), and it has no replace paths. The rules leave such a unit
/// as it is.
fn clean(kind: partial::Kind, unit: &partial::Unit<'_>, schema: Option<&Schema>) -> bool {
    if schema.is_some_and(|s| !s.sensitivity.containing.is_empty()) {
        return false;
    }
    let marks_nothing = |m: Option<&Member>| {
        m.is_none_or(|m| {
            unit.text
                .get(m.value.clone())
                .is_some_and(|t| !partial::has_true(t))
        })
    };
    let whole = 0..unit.text.len();
    match kind {
        partial::Kind::Resource => marks_nothing(unit.member(1, "sensitive_values", &whole)),
        partial::Kind::Change => {
            let Some(change) = unit.member(1, "change", &whole) else {
                return false;
            };
            let span = change.value.clone();
            unit.member(2, "replace_paths", &span).is_none()
                && marks_nothing(unit.member(2, "before_sensitive", &span))
                && marks_nothing(unit.member(2, "after_sensitive", &span))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::path::Path;

    use tfshow_json::show::{show_json, Limits};

    use super::super::pipe::pipe;
    use super::super::split::Source;
    use super::*;

    /// A unit's text and members, as the walk finds them.
    fn split(text: &[u8]) -> (Vec<u8>, Vec<Member>) {
        let (mut w, r) = pipe();
        w.write_all(text).expect("write");
        w.finish().expect("finish");
        let (mut out, mut members) = (Vec::new(), Vec::new());
        Source::new(r)
            .value(&mut out, &mut members)
            .expect("a JSON value");
        (out, members)
    }

    /// The resources of the modules of a state's values, and of their child modules.
    fn module_resources<'v>(module: &'v Value, out: &mut Vec<&'v Value>) {
        let list = |k: &str| {
            module
                .get(k)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
        };
        out.extend(list("resources"));
        for child in list("child_modules") {
            module_resources(child, out);
        }
    }

    /// Every resource and resource change of the real plans and states in testdata, redacted
    /// from its text, is what the rules give for it read whole: the same text, and the same
    /// values remembered for the configuration. (Many are redacted from their text alone.)
    #[test]
    fn units_redacted_from_their_text_are_redacted_as_read_whole() {
        let scenarios =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
        let (mut from_text, mut units) = (0, 0);
        for scenario in std::fs::read_dir(scenarios).expect("scenarios") {
            for case in std::fs::read_dir(scenario.expect("entry").path()).expect("cases") {
                let dir = case.expect("entry").path();
                let Ok(schemas) = std::fs::read(dir.join("schemas.json")) else {
                    continue;
                };
                let Ok(schemas) = Schemas::from_json(&schemas) else {
                    continue;
                };
                for file in ["plan.tfplan", "terraform.tfstate"] {
                    let Ok(bytes) = std::fs::read(dir.join(file)) else {
                        continue;
                    };
                    let mut doc = Vec::new();
                    if show_json(&bytes, Some(&schemas), &Limits::default(), &mut doc).is_err() {
                        continue;
                    }
                    let doc: Value = serde_json::from_slice(&doc).expect("JSON");
                    let dialect = super::super::stream::dialect_of(
                        doc["terraform_version"].as_str().unwrap_or(""),
                    );
                    let mut resources = Vec::new();
                    for values in [
                        doc.get("values"),
                        doc.get("planned_values"),
                        doc.pointer("/prior_state/values"),
                    ]
                    .into_iter()
                    .flatten()
                    {
                        if let Some(root) = values.get("root_module") {
                            module_resources(root, &mut resources);
                        }
                    }
                    let list = |k: &str| doc.get(k).and_then(Value::as_array).into_iter().flatten();
                    let changes: Vec<&Value> = list("resource_changes")
                        .chain(list("resource_drift"))
                        .collect();
                    for (kind, unit) in resources
                        .iter()
                        .map(|r| (partial::Kind::Resource, *r))
                        .chain(changes.iter().map(|c| (partial::Kind::Change, *c)))
                    {
                        let (text, members) = split(&gojson::to_vec(unit, dialect));
                        let mut fast = Worker::new(Some(&schemas));
                        let mut got = Vec::new();
                        fast.text_unit(kind, (&text, &members), None, dialect, &mut got)
                            .expect("redacted");
                        let mut whole = Worker::new(Some(&schemas));
                        let mut v = unit.clone();
                        let as_unit = match kind {
                            partial::Kind::Resource => Unit::Resource,
                            partial::Kind::Change => Unit::Change,
                        };
                        whole.apply(as_unit, &mut v, &[]);
                        let want = gojson::to_vec(&v, dialect);
                        let at = format!("{} {file} {}", dir.display(), unit["address"]);
                        assert_eq!(
                            String::from_utf8_lossy(&got),
                            String::from_utf8_lossy(&want),
                            "{at}"
                        );
                        assert_eq!(fast.rules.secrets, whole.rules.secrets, "{at}");
                        assert_eq!(fast.unknown, whole.unknown, "{at}");
                        units += 1;
                        // Redacted from its text, not read whole.
                        let part = partial::Unit::new(&text, &members);
                        let Some(schema) = fast.known_schema(&part) else {
                            continue;
                        };
                        let mut partly = Vec::new();
                        let mut rules = Worker::new(Some(&schemas)).rules;
                        let how = (schema, None);
                        if partial::redact(&mut rules, kind, &part, how, dialect, &mut partly)
                            .is_some()
                            && partly != text
                        {
                            assert_eq!(partly, want, "{at}");
                            from_text += 1;
                        }
                    }
                }
            }
        }
        assert!(
            units > 1000 && from_text > 100,
            "{units} units, {from_text} of them redacted"
        );
    }
}
