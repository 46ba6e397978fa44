//! The JSON document with every sensitive value replaced by [`MARKER`], still valid JSON and
//! otherwise byte for byte what `show -json` prints, except that control, bidi and zero-width
//! characters in strings are written as `\uXXXX` escapes (the same value).
//!
//! What counts as sensitive:
//! - values under `true` in the document's own masks: `before_sensitive` / `after_sensitive`
//!   of resource changes, drift and deferred changes, `sensitive_values` of resources in
//!   `prior_state`, `planned_values` and state `values`;
//! - attributes the provider schema declares sensitive, wherever a resource's values or
//!   configuration expressions appear (this also covers documents of Terraform versions whose
//!   masks do not record schema sensitivity);
//! - sensitive outputs (`output_changes`, `planned_values` and state outputs) and the values of
//!   sensitive variables (`variables`, variable defaults in the configuration, and constant
//!   module arguments given to sensitive module variables);
//! - in the configuration, any constant equal to one of the values above.
//!
//! What is derived from a sensitive value goes too:
//! - the `type` of a sensitive output (the attribute names of an object type can be secret)
//!   is replaced by the marker;
//! - a replace path (`replace_paths`) is cut right after its first step whose value is
//!   sensitive, so that it names no key or element of that value; without the resource's
//!   schema, right after its attribute (what is sensitive under it cannot be known). Paths made
//!   equal by the cut are given once;
//! - in the masks of a change (`after_unknown`, `before_sensitive`, `after_sensitive`) and in
//!   `sensitive_values`, a part under a sensitive value that names keys of it (Terraform writes
//!   the keys of a sensitive map in `after_unknown` when some of its values are unknown) is
//!   replaced: by the marker in `after_unknown`, by `true` in the sensitivity masks. Attribute
//!   names the provider schema gives are kept.
//!
//! `null` values stay `null`: they hold no secret.
//!
//! [`write_json`] writes the document as it is made (a plan file) or read (a state, a
//! `show -json` document), redacting it one unit (a resource, a resource change, the outputs,
//! the variables, the configuration) at a time with the rules of this module.

mod input;
mod masks;
mod own;
mod partial;
mod parts;
mod pipe;
mod sink;
mod split;
mod stream;
mod unit;

use std::collections::HashSet;

use serde_json::{Map, Value};
use tfshow_schema::{Block, Nesting, Schemas};

use crate::document::{resource_schema, string};
use crate::sensitive_paths::{change_marks, hide_keys, replace_path, Shape};

pub use stream::write_json;

/// What every sensitive value is replaced with.
pub const MARKER: &str = "(sensitive value)";

/// [`MARKER`] as a JSON string, in every dialect.
const MARKER_JSON: &[u8] = b"\"(sensitive value)\"";

/// The per-unit rules of redaction: each method redacts one unit of the document (a resource,
/// a resource change, the outputs, the variables, the configuration) in place, and remembers
/// the primitives it replaced, for the configuration's scrubbing.
pub(crate) struct Redactor<'s> {
    schemas: Option<&'s Schemas>,
    /// Text of every primitive replaced so far (strings and numbers), for scrubbing copies of
    /// them out of the configuration.
    secrets: Secrets,
}

/// The text of primitives replaced (strings as `s:…`, numbers as `n:…`).
type Secrets = HashSet<String, foldhash::fast::RandomState>;

fn marker() -> Value {
    Value::String(MARKER.to_owned())
}

impl Redactor<'_> {
    /// Replaces `v` (unless null) and remembers the primitives it held.
    fn replace(&mut self, v: &mut Value) {
        if v.is_null() {
            return;
        }
        self.remember(v);
        *v = marker();
    }

    fn remember(&mut self, v: &Value) {
        match v {
            Value::String(s) if s != MARKER => {
                self.secrets.insert(format!("s:{s}"));
            }
            Value::Number(n) => {
                self.secrets.insert(format!("n:{n}"));
            }
            Value::Array(a) => a.iter().for_each(|e| self.remember(e)),
            Value::Object(m) => m.values().for_each(|e| self.remember(e)),
            _ => {}
        }
    }

    /// Replaces the parts of `v` marked `true` in `mask`.
    fn apply_mask(&mut self, v: &mut Value, mask: &Value) {
        match (mask, v) {
            (Value::Bool(true), v) => self.replace(v),
            (Value::Object(mm), Value::Object(vm)) => {
                for (k, m) in mm {
                    if let Some(child) = vm.get_mut(k) {
                        self.apply_mask(child, m);
                    }
                }
            }
            (Value::Array(ma), Value::Array(va)) => {
                for (m, child) in ma.iter().zip(va.iter_mut()) {
                    self.apply_mask(child, m);
                }
            }
            _ => {}
        }
    }

    /// Replaces the attributes of a resource value that its schema declares sensitive.
    fn apply_schema(&mut self, v: &mut Value, block: &Block) {
        let Value::Object(m) = v else {
            return;
        };
        for (name, attr) in &block.attributes {
            let nested_sensitive = || attr.nested.as_ref().is_some_and(|n| n.contains_sensitive());
            if !attr.sensitive && !nested_sensitive() {
                continue;
            }
            let Some(child) = m.get_mut(name) else {
                continue;
            };
            if attr.sensitive {
                self.replace(child);
            } else if let Some(nested) = &attr.nested {
                if nested.contains_sensitive() {
                    let inner = Block {
                        attributes: nested.attributes.clone(),
                        block_types: Vec::new(),
                    };
                    self.each_nested(child, nested.nesting, &inner);
                }
            }
        }
        for (name, bt) in &block.block_types {
            if !bt.block.contains_sensitive() {
                continue;
            }
            if let Some(child) = m.get_mut(name) {
                self.each_nested(child, bt.nesting, &bt.block);
            }
        }
    }

    fn each_nested(&mut self, v: &mut Value, nesting: Nesting, block: &Block) {
        match (nesting, v) {
            (Nesting::Single | Nesting::Group, v) => self.apply_schema(v, block),
            (Nesting::List | Nesting::Set, Value::Array(a)) => {
                a.iter_mut().for_each(|e| self.apply_schema(e, block))
            }
            (Nesting::Map, Value::Object(m)) => {
                m.values_mut().for_each(|e| self.apply_schema(e, block))
            }
            _ => {}
        }
    }

    /// A resource of `prior_state`, `planned_values` or a state.
    fn resource(&mut self, r: &mut Value) {
        let schema = resource_schema(self.schemas, r);
        if let Some(sv) = r.get_mut("sensitive_values") {
            hide_resource_keys(sv, schema);
        }
        let mask = r.get("sensitive_values").cloned();
        if let Some(values) = r.get_mut("values") {
            self.values(values, mask.as_ref(), schema);
        }
    }

    /// Replaces the parts of a resource's values (or a change's `before` or `after`) that
    /// `mask` marks or `schema` declares sensitive. Only the members of an object `v` that
    /// `mask` marks something in, or under which `schema` declares something sensitive, can
    /// change.
    fn values(&mut self, v: &mut Value, mask: Option<&Value>, schema: Option<&Block>) {
        if let Some(mask) = mask {
            self.apply_mask(v, mask);
        }
        if let Some(block) = schema {
            self.apply_schema(v, block);
        }
    }

    /// The `outputs` of a state, `prior_state` or `planned_values`.
    fn state_outputs(&mut self, outputs: &mut Value) {
        let Value::Object(outputs) = outputs else {
            return;
        };
        for o in outputs.values_mut() {
            if o.get("sensitive").and_then(Value::as_bool) == Some(true) {
                if let Some(v) = o.get_mut("value") {
                    self.replace(v);
                }
                if let Some(t) = o.get_mut("type") {
                    *t = marker();
                }
            }
        }
    }

    /// A `change` object (with `before`, `after` and their masks) of a resource.
    fn resource_change(&mut self, rc: &mut Value) {
        let schema = resource_schema(self.schemas, rc);
        if let Some(change) = rc.get_mut("change") {
            hide_derived(change, schema, Shape::resource(schema));
            self.change(change, schema);
        }
    }

    fn change(&mut self, change: &mut Value, schema: Option<&Block>) {
        for (value_key, mask_key) in [("before", "before_sensitive"), ("after", "after_sensitive")]
        {
            let mask = change.get(mask_key).cloned();
            if let Some(v) = change.get_mut(value_key) {
                self.values(v, mask.as_ref(), schema);
            }
        }
    }

    /// A `deferred_changes` entry.
    fn deferred_change(&mut self, dc: &mut Value) {
        if let Some(rc) = dc.get_mut("resource_change") {
            self.resource_change(rc);
        }
    }

    /// The `output_changes` of a plan.
    fn output_changes(&mut self, outputs: &mut Value) {
        let Value::Object(outputs) = outputs else {
            return;
        };
        for o in outputs.values_mut() {
            hide_derived(o, None, Shape::Unknown);
            if change_marks(o) == Value::Bool(true) {
                if let Some(t) = o.get_mut("type") {
                    *t = marker();
                }
            }
            self.change(o, None);
        }
    }

    /// The `variables` of a plan; `sensitive` names those the configuration declares
    /// sensitive.
    fn variables(&mut self, vars: &mut Value, sensitive: &[String]) {
        let Value::Object(vars) = vars else {
            return;
        };
        for name in sensitive {
            if let Some(val) = vars.get_mut(name).and_then(|d| d.get_mut("value")) {
                self.replace(val);
            }
        }
    }

    /// The `configuration` of a plan, last: its sensitive constants, then every constant
    /// equal to a value replaced so far.
    fn configuration_scrubbed(&mut self, config: &mut Value) {
        self.configuration(config);
        let mut scrubber = Scrubber {
            secrets: &self.secrets,
        };
        scrubber.walk(config);
    }

    fn configuration(&mut self, config: &mut Value) {
        if let Some(Value::Object(providers)) = config.get_mut("provider_config") {
            for p in providers.values_mut() {
                let block = self
                    .schemas
                    .and_then(|s| s.providers.get(string(p, "full_name")))
                    .and_then(|ps| ps.provider.as_ref())
                    .map(|s| s.block.clone());
                if let (Some(block), Some(Value::Object(exprs))) = (block, p.get_mut("expressions"))
                {
                    self.expressions(exprs, &block);
                }
            }
        }
        if let Some(root) = config.get_mut("root_module") {
            self.config_module(root);
        }
    }

    fn config_module(&mut self, m: &mut Value) {
        if let Some(Value::Object(vars)) = m.get_mut("variables") {
            for d in vars.values_mut() {
                if d.get("sensitive").and_then(Value::as_bool) == Some(true) {
                    if let Some(def) = d.get_mut("default") {
                        self.replace(def);
                    }
                }
            }
        }
        if let Some(Value::Array(rs)) = m.get_mut("resources") {
            for r in rs {
                let provider = self.provider_of_config_resource(r);
                let schema = provider.and_then(|p| {
                    let mut probe = Map::new();
                    probe.insert("provider_name".into(), Value::String(p));
                    probe.insert("mode".into(), Value::String(string(r, "mode").into()));
                    probe.insert("type".into(), Value::String(string(r, "type").into()));
                    resource_schema(self.schemas, &Value::Object(probe)).cloned()
                });
                if let (Some(block), Some(Value::Object(exprs))) =
                    (schema, r.get_mut("expressions"))
                {
                    self.expressions(exprs, &block);
                }
            }
        }
        if let Some(Value::Object(calls)) = m.get_mut("module_calls") {
            for call in calls.values_mut() {
                let sensitive_vars: Vec<String> = call
                    .pointer("/module/variables")
                    .and_then(Value::as_object)
                    .map(|vars| {
                        vars.iter()
                            .filter(|(_, d)| {
                                d.get("sensitive").and_then(Value::as_bool) == Some(true)
                            })
                            .map(|(k, _)| k.clone())
                            .collect()
                    })
                    .unwrap_or_default();
                if let Some(Value::Object(exprs)) = call.get_mut("expressions") {
                    for name in &sensitive_vars {
                        if let Some(e) = exprs.get_mut(name) {
                            self.expression(e);
                        }
                    }
                }
                if let Some(module) = call.get_mut("module") {
                    self.config_module(module);
                }
            }
        }
    }

    /// The provider source address of a configuration resource, from `provider_config_key`
    /// looked up in the schemas by provider name.
    fn provider_of_config_resource(&self, r: &Value) -> Option<String> {
        let schemas = self.schemas?;
        let key = string(r, "provider_config_key");
        let local = key.rsplit(':').next().unwrap_or(key);
        let name = local.split('.').next().unwrap_or(local);
        let type_ = string(r, "type");
        let mode = crate::document::schema_mode(string(r, "mode"));
        let mut keys: Vec<&String> = schemas.providers.keys().collect();
        keys.sort();
        let has = |k: &&String| schemas.resource(k, mode, type_).is_some();
        keys.iter()
            .find(|k| k.rsplit('/').next() == Some(name) && has(k))
            .or_else(|| keys.iter().find(|k| has(k)))
            .map(|k| (*k).clone())
    }

    fn expression(&mut self, e: &mut Value) {
        if let Some(c) = e.get_mut("constant_value") {
            self.replace(c);
        }
    }

    /// Configuration expressions of a block (`{"attr": {"constant_value": …}, "block": [...]}`).
    fn expressions(&mut self, exprs: &mut Map<String, Value>, block: &Block) {
        for (name, attr) in &block.attributes {
            if attr.contains_sensitive() {
                if let Some(e) = exprs.get_mut(name) {
                    self.expression(e);
                }
            }
        }
        for (name, bt) in &block.block_types {
            if !bt.block.contains_sensitive() {
                continue;
            }
            match exprs.get_mut(name) {
                Some(Value::Array(items)) => {
                    for item in items {
                        if let Value::Object(m) = item {
                            self.expressions(m, &bt.block);
                        }
                    }
                }
                Some(Value::Object(m)) if bt.nesting == Nesting::Map => {
                    for item in m.values_mut() {
                        if let Value::Object(im) = item {
                            self.expressions(im, &bt.block);
                        }
                    }
                }
                Some(Value::Object(m)) => self.expressions(m, &bt.block),
                _ => {}
            }
        }
    }
}

/// Hides, in a resource's `sensitive_values`, what names keys of its sensitive values (see
/// the module documentation).
fn hide_resource_keys(sv: &mut Value, schema: Option<&Block>) {
    let marks = sv.clone();
    hide_keys(sv, &marks, Shape::resource(schema), &Value::Bool(true));
}

/// Hides what a change's masks and replace paths derive from its sensitive values (see the
/// module documentation). `shape` is what is known of the values' structure.
fn hide_derived(change: &mut Value, schema: Option<&Block>, shape: Shape<'_>) {
    let marks = change_marks(change);
    if let Some(Value::Array(paths)) = change.get_mut("replace_paths") {
        let mut kept: Vec<Value> = Vec::with_capacity(paths.len());
        let mut seen: HashSet<String> = HashSet::new();
        for p in paths.drain(..) {
            let p = match p {
                Value::Array(mut steps) => {
                    steps.truncate(replace_path(&steps, &marks, schema).steps);
                    Value::Array(steps)
                }
                other => other,
            };
            if seen.insert(p.to_string()) {
                kept.push(p);
            }
        }
        *paths = kept;
    }
    if let Some(u) = change.get_mut("after_unknown") {
        hide_keys(u, &marks, shape, &marker());
    }
    for key in ["before_sensitive", "after_sensitive"] {
        if let Some(m) = change.get_mut(key) {
            hide_keys(m, &marks, shape, &Value::Bool(true));
        }
    }
}

/// Replaces, under `constant_value` and `default` members of the configuration, every string or
/// number equal to a value already redacted elsewhere.
struct Scrubber<'a> {
    secrets: &'a Secrets,
}

impl Scrubber<'_> {
    fn walk(&mut self, v: &mut Value) {
        match v {
            Value::Object(m) => {
                for (k, child) in m.iter_mut() {
                    if k == "constant_value" || k == "default" {
                        self.scrub(child);
                    } else {
                        self.walk(child);
                    }
                }
            }
            Value::Array(a) => a.iter_mut().for_each(|e| self.walk(e)),
            _ => {}
        }
    }

    fn scrub(&mut self, v: &mut Value) {
        let hit = match v {
            Value::String(s) => self.secrets.contains(&format!("s:{s}")),
            Value::Number(n) => self.secrets.contains(&format!("n:{n}")),
            Value::Array(a) => {
                a.iter_mut().for_each(|e| self.scrub(e));
                false
            }
            Value::Object(m) => {
                m.values_mut().for_each(|e| self.scrub(e));
                false
            }
            _ => false,
        };
        if hit {
            *v = marker();
        }
    }
}

/// The real plans in testdata with their schemas, for the tests: (case folder, schemas, plan
/// file's bytes).
#[cfg(test)]
fn oracle_plans() -> Vec<(std::path::PathBuf, Schemas, Vec<u8>)> {
    let scenarios =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
    let mut plans = Vec::new();
    for scenario in std::fs::read_dir(scenarios).expect("scenarios") {
        for case in std::fs::read_dir(scenario.expect("entry").path()).expect("cases") {
            let dir = case.expect("entry").path();
            let (Ok(schemas), Ok(bytes)) = (
                std::fs::read(dir.join("schemas.json")),
                std::fs::read(dir.join("plan.tfplan")),
            ) else {
                continue;
            };
            if let Ok(schemas) = Schemas::from_json(&schemas) {
                plans.push((dir, schemas, bytes));
            }
        }
    }
    plans
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::Path;

    #[test]
    fn replace_paths_are_cut_at_the_sensitive_value_and_given_once() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/oracle/scenarios/hostile_strings/tf-1.11.4");
        let plan: Value =
            serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json"))
                .expect("JSON");
        let schemas = Schemas::from_json(&std::fs::read(dir.join("schemas.json")).expect("file"))
            .expect("schemas");
        let rc = plan["resource_changes"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|rc| rc["address"] == "terraform_data.replaced")
            .expect("terraform_data.replaced");
        // The real change (triggers_replace is sensitive), with the paths a provider that
        // forces replacement per key would give.
        let mut rc = rc.clone();
        rc["change"]["replace_paths"] = json!([
            ["triggers_replace", "hunter2-SECRET-KEY"],
            ["triggers_replace", "other"],
            ["input"]
        ]);
        for s in [Some(&schemas), None] {
            let mut r = Redactor {
                schemas: s,
                secrets: Secrets::default(),
            };
            let mut redacted = rc.clone();
            r.resource_change(&mut redacted);
            assert_eq!(
                redacted["change"]["replace_paths"],
                json!([["triggers_replace"], ["input"]])
            );
            assert!(!redacted.to_string().contains("hunter2"));
        }
    }
}
