//! Failing closed when a provider's schema is not known.
//!
//! A plan or state does not always record which attributes the provider declares sensitive
//! (states, plans of older releases, values before a change), so without the provider's schema
//! a value's sensitivity cannot be known. Human views then mask every attribute of such a
//! resource as Terraform masks a sensitive one, and `--redact` refuses: it promises that no
//! sensitive value is left, which it cannot keep.
//!
//! Terraform's builtin provider (`terraform_data`, `terraform_remote_state`) needs no schema
//! here: it declares nothing sensitive.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::Value;
use tfshow_schema::Schemas;

use crate::document::{list, resource_schema, schema_for, string};
use crate::Document;

/// The provider of `terraform_data` and `terraform_remote_state`.
const BUILTIN_PROVIDER: &str = "terraform.io/builtin/terraform";

/// Reports whether the sensitivity of `resource`'s values (a resource change, drift entry or
/// state resource) cannot be known: there is no schema for it in `schemas`.
pub(crate) fn is_unknown(schemas: Option<&Schemas>, resource: &Value) -> bool {
    !is_builtin(string(resource, "provider_name")) && resource_schema(schemas, resource).is_none()
}

/// Whether `provider` (a source address) is Terraform's builtin provider, which declares
/// nothing sensitive.
pub(crate) fn is_builtin(provider: &str) -> bool {
    provider == BUILTIN_PROVIDER
}

/// A sensitivity mask marking every attribute of `value` (a resource's values) sensitive:
/// `false` for a null value, which holds nothing.
pub(crate) fn mask_every_attribute(value: Option<&Value>) -> Value {
    match value {
        None | Some(Value::Null) => Value::Bool(false),
        Some(Value::Object(m)) => {
            Value::Object(m.keys().map(|k| (k.clone(), Value::Bool(true))).collect())
        }
        Some(_) => Value::Bool(true),
    }
}

/// What a plan's schemas lack for the resources of its changes and drift, so that the views
/// mask their values.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SchemaGaps {
    /// The providers some of whose resources have no schema.
    pub providers: BTreeSet<String>,
    /// The resource types that their provider's schema lacks (a schemas file of another
    /// release of the provider), as `(provider, type)` (`data.TYPE` for a data source):
    /// decoded without a schema, and masked in the views, each alone.
    pub types: BTreeSet<(String, String)>,
}

/// The [`SchemaGaps`] of a plan.
pub fn schema_gaps(
    doc: &tfshow_json::document::PlanDocument<'_>,
) -> Result<SchemaGaps, crate::RenderError> {
    let schemas = doc.schemas();
    let mut gaps = SchemaGaps::default();
    each_resource_type(doc, |provider, mode, type_| {
        let name = crate::resource::mode_name(mode);
        if schema_for(schemas, provider, name, type_).is_some() {
            return;
        }
        if !is_builtin(provider) {
            gaps.providers.insert(provider.to_owned());
        }
        if schemas.is_some_and(|s| s.providers.contains_key(provider)) {
            let shown = match mode {
                tfshow_addrs::ResourceMode::Managed => type_.to_owned(),
                _ => format!("{name}.{type_}"),
            };
            gaps.types.insert((provider.to_owned(), shown));
        }
    })?;
    Ok(gaps)
}

/// Calls `f` with the provider, mode and type of each resource of a plan's changes and drift
/// (once for a run of changes of the same type, as big plans have).
fn each_resource_type(
    doc: &tfshow_json::document::PlanDocument<'_>,
    mut f: impl FnMut(&str, tfshow_addrs::ResourceMode, &str),
) -> Result<(), crate::RenderError> {
    let changes = doc.changes()?;
    let mut last = None;
    for i in 0..changes.len() {
        let this = changes.resource_type(i);
        if this.is_some() && this != last {
            if let Some((provider, mode, type_)) = this {
                f(provider, mode, type_);
            }
            last = this;
        }
    }
    for rc in doc.drift()? {
        f(&rc.provider_name, rc.mode, &rc.type_);
    }
    Ok(())
}

/// The providers configured in a plan's `configuration` section (`provider_config`) that have
/// no schema in `schemas`: the constants of their configurations may be sensitive.
pub(crate) fn config_providers_without_schema(
    config: &Value,
    schemas: Option<&Schemas>,
) -> Vec<String> {
    let Some(configs) = config.get("provider_config").and_then(Value::as_object) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for config in configs.values() {
        let name = match string(config, "full_name") {
            "" => string(config, "name"),
            full => full,
        };
        let known = name == BUILTIN_PROVIDER
            || schemas.is_some_and(|s| {
                s.providers.contains_key(name)
                    || s.providers.keys().any(|k| k.ends_with(&format!("/{name}")))
            });
        if !known {
            out.push(name.to_owned());
        }
    }
    out
}

impl Document {
    /// The providers some of whose resources in this document have no schema in `schemas`,
    /// so that views mask their values (see [`redact::write_json`](crate::redact::write_json) for
    /// `--redact`). Provider configurations in the document's configuration count too: their
    /// constants may be sensitive.
    pub fn providers_without_schema(&self, schemas: Option<&Schemas>) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut check = |r: &Value| {
            if is_unknown(schemas, r) {
                out.insert(string(r, "provider_name").to_owned());
            }
        };
        self.for_each_resource(&mut check);
        if let Some(config) = self.value.get("configuration") {
            out.extend(config_providers_without_schema(config, schemas));
        }
        out
    }

    /// Calls `f` with every resource the document holds values of: resource changes, drift,
    /// deferred changes, and the resources of `planned_values`, `prior_state` and a state's
    /// `values`. Resource changes kept as text are read only as far as `f` needs (provider,
    /// mode and type).
    fn for_each_resource(&self, f: &mut dyn FnMut(&Value)) {
        #[derive(Deserialize)]
        struct Head<'a> {
            #[serde(default, borrow)]
            provider_name: std::borrow::Cow<'a, str>,
            #[serde(default, borrow)]
            mode: std::borrow::Cow<'a, str>,
            #[serde(default, borrow, rename = "type")]
            type_: std::borrow::Cow<'a, str>,
        }
        match &self.raw_changes {
            Some(raw) => {
                for r in raw {
                    if let Ok(h) = serde_json::from_str::<Head>(r.get()) {
                        f(&serde_json::json!({
                            "provider_name": h.provider_name,
                            "mode": h.mode,
                            "type": h.type_,
                        }));
                    }
                }
            }
            None => list(&self.value, "resource_changes")
                .iter()
                .for_each(&mut *f),
        }
        list(&self.value, "resource_drift").iter().for_each(&mut *f);
        for dc in list(&self.value, "deferred_changes") {
            if let Some(rc) = dc.get("resource_change") {
                f(rc);
            }
        }
        for values in [
            self.value.get("values"),
            self.value.get("planned_values"),
            self.value.pointer("/prior_state/values"),
        ]
        .into_iter()
        .flatten()
        {
            if let Some(root) = values.get("root_module") {
                module_resources(root, f);
            }
        }
    }
}

fn module_resources(module: &Value, f: &mut dyn FnMut(&Value)) {
    list(module, "resources").iter().for_each(&mut *f);
    for child in list(module, "child_modules") {
        module_resources(child, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_attribute_is_masked_and_null_stays_unmasked() {
        let after = json!({"id": "x", "triggers": {"k": "v"}});
        assert_eq!(mask_every_attribute(Some(&Value::Null)), json!(false));
        assert_eq!(mask_every_attribute(None), json!(false));
        assert_eq!(
            mask_every_attribute(Some(&after)),
            json!({"id": true, "triggers": true})
        );
        assert_eq!(mask_every_attribute(Some(&json!("s"))), json!(true));
    }

    #[test]
    fn the_builtin_provider_needs_no_schema() {
        let builtin =
            json!({"provider_name": BUILTIN_PROVIDER, "mode": "managed", "type": "terraform_data"});
        let null = json!({"provider_name": "registry.terraform.io/hashicorp/null", "mode": "managed", "type": "null_resource"});
        assert!(!is_unknown(None, &builtin));
        assert!(is_unknown(None, &null));
    }
}
