//! `resource_drift` of Terraform 0.15.4 to 1.0.x, which computed it when showing the plan by
//! comparing the previous-run state with the refreshed prior state.
//!
//! Those versions list changed managed resource instances as `update` and vanished ones as
//! `delete`, without `index` and `after_unknown`. Before 1.0.1 they list every instance of the
//! previous-run state, changed or not, as soon as any managed resource differs in any way
//! (private data included), and print no `address`. Their order came from Go map iteration
//! (random); this implementation sorts by address.

use tfshow_addrs::AbsProviderConfig;
use tfshow_cty::{Path, Value};
use tfshow_gojson::Writer;
use tfshow_schema::{Mode as SchemaMode, Schemas};
use tfshow_state::{Instance, Mode, Resource, State};

use crate::error::{invalid, Error};
use crate::filter::{filtered, Part, PartFilter};
use crate::marks::Marks;
use crate::resource_values::TypeInfo;
use crate::state::{instance_address, module_text};
use crate::transform::{write_known, write_sensitive_as_bool, UnknownElements};
use crate::Release;

/// A managed resource instance whose object differs between the two states.
pub(crate) struct Drift {
    pub address: String,
    pub module: String,
    pub type_: String,
    pub name: String,
    pub provider: String,
    pub before: Value,
    pub before_marks: Marks,
    pub after: Value,
    pub after_marks: Marks,
}

/// Whether two state objects are the same in every field a state file records.
fn same_instance(a: &Instance, b: &Instance) -> bool {
    a.index_key == b.index_key
        && a.deposed == b.deposed
        && a.tainted == b.tainted
        && a.schema_version == b.schema_version
        && a.attributes == b.attributes
        && a.attributes_flat == b.attributes_flat
        && a.sensitive_attributes == b.sensitive_attributes
        && a.identity_schema_version == b.identity_schema_version
        && a.identity == b.identity
        && a.private == b.private
        && a.dependencies == b.dependencies
        && a.create_before_destroy == b.create_before_destroy
}

/// Whether two lists of sensitive paths mark the same paths: Terraform compares the marked
/// values, whose marks are sets, so the order the state stores them in does not count.
fn same_paths(a: &[Path], b: &[Path]) -> bool {
    a.iter().all(|p| b.contains(p)) && b.iter().all(|p| a.contains(p))
}

/// Whether every managed resource of `a` is in `b` with the same provider and objects.
fn same_managed_resources(a: &State, b: &State) -> bool {
    let same = |r: &Resource, o: &Resource| {
        r.provider == o.provider
            && r.instances.len() == o.instances.len()
            && r.instances.iter().all(|i| {
                o.instances.iter().any(|j| {
                    i.index_key == j.index_key && i.deposed == j.deposed && same_instance(i, j)
                })
            })
    };
    a.resources
        .iter()
        .filter(|r| r.mode == Mode::Managed)
        .all(|r| {
            b.resources.iter().any(|o| {
                o.mode == r.mode
                    && o.module == r.module
                    && o.type_ == r.type_
                    && o.name == r.name
                    && same(r, o)
            })
        })
}

/// The drifted instances, sorted by address.
pub(crate) fn drifted(
    prev: &State,
    prior: &State,
    schemas: Option<&Schemas>,
    version: &Release,
) -> Result<Vec<Drift>, Error> {
    let mut out = Vec::new();
    let every_instance = !version.has(crate::Feature::DriftOfChangedInstances);
    if every_instance && same_managed_resources(prev, prior) && same_managed_resources(prior, prev)
    {
        return Ok(out);
    }
    for r in prev.resources.iter().filter(|r| r.mode == Mode::Managed) {
        for inst in r.instances.iter().filter(|i| i.deposed.is_empty()) {
            let address = instance_address(r, &inst.index_key);
            let provider = AbsProviderConfig::parse(&r.provider)
                .map_err(|e| invalid(&address, e))?
                .provider
                .to_string();
            let info = TypeInfo::lookup(schemas, &provider, SchemaMode::Managed, &r.type_)
                .map_err(|e| invalid(&address, e))?;
            let before = info.decode_state(inst, &address)?;
            let current = prior
                .resources
                .iter()
                .filter(|p| {
                    p.mode == r.mode
                        && p.module == r.module
                        && p.type_ == r.type_
                        && p.name == r.name
                })
                .flat_map(|p| p.instances.iter())
                .find(|i| i.deposed.is_empty() && i.index_key == inst.index_key);
            let (after, after_paths) = match current {
                Some(i) => (
                    info.decode_state(i, &address)?,
                    i.sensitive_attributes.clone(),
                ),
                None => (Value::Null, Vec::new()),
            };
            if !every_instance
                && before == after
                && (current.is_none() || same_paths(&inst.sensitive_attributes, &after_paths))
            {
                continue;
            }
            out.push(Drift {
                address,
                module: module_text(&r.module).into_owned(),
                type_: r.type_.clone(),
                name: r.name.clone(),
                provider,
                before,
                before_marks: Marks::from_paths(inst.sensitive_attributes.iter()),
                after,
                after_marks: Marks::from_paths(after_paths.iter()),
            });
        }
    }
    out.sort_by(|a, b| a.address.cmp(&b.address));
    Ok(out)
}

/// Writes `"resource_drift":[…]` when the states differ.
pub(crate) fn write(
    w: &mut Writer<'_>,
    prev: &State,
    prior: &State,
    schemas: Option<&Schemas>,
    version: &Release,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    let drift = drifted(prev, prior, schemas, version)?;
    if drift.is_empty() {
        return Ok(());
    }
    let every_instance = !version.has(crate::Feature::DriftOfChangedInstances);
    w.key("resource_drift");
    w.begin_array();
    for d in &drift {
        filtered(w, filter, Part::Change, |w| {
            let at = d.address.as_str();
            w.begin_object();
            if !every_instance {
                w.key("address");
                w.string(at);
            }
            if !d.module.is_empty() {
                w.key("module_address");
                w.string(&d.module);
            }
            w.key("mode");
            w.string("managed");
            w.key("type");
            w.string(&d.type_);
            w.key("name");
            w.string(&d.name);
            w.key("provider_name");
            w.string(&d.provider);
            w.key("change");
            w.begin_object();
            w.key("actions");
            w.begin_array();
            w.string(if d.after.is_null() {
                "delete"
            } else {
                "update"
            });
            w.end_array();
            w.key("before");
            write_known(w, &d.before, UnknownElements::Null).map_err(|e| invalid(at, e))?;
            w.key("after");
            write_known(w, &d.after, UnknownElements::Null).map_err(|e| invalid(at, e))?;
            w.key("before_sensitive");
            write_sensitive_as_bool(w, &d.before, &d.before_marks);
            w.key("after_sensitive");
            write_sensitive_as_bool(w, &d.after, &d.after_marks);
            w.end_object();
            w.end_object();
            Ok(())
        })?;
    }
    w.end_array();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfshow_cty::PathStep;

    /// A state whose one object has `secret` and `other` marked, in the order given.
    fn state(paths: &[&str]) -> State {
        let marks: Vec<String> = paths
            .iter()
            .map(|p| format!(r#"[{{"type":"get_attr","value":"{p}"}}]"#))
            .collect();
        let text = format!(
            r#"{{"version":4,"terraform_version":"1.0.11","serial":1,"lineage":"l","outputs":{{}},
            "resources":[{{"mode":"managed","type":"t","name":"a",
            "provider":"provider[\"registry.terraform.io/hashicorp/t\"]",
            "instances":[{{"schema_version":0,"attributes":{{"id":"1","secret":"s","other":"o"}},
            "sensitive_attributes":[{}]}}]}}]}}"#,
            marks.join(",")
        );
        State::from_json(text.as_bytes()).unwrap()
    }

    /// Terraform 1.0.1-1.0.x compare the marked values (`RawEquals`), whose marks are a set:
    /// the same sensitive paths stored in another order are no drift.
    #[test]
    fn sensitive_paths_in_another_order_are_no_drift() {
        let release = Release::terraform("1.0.11");
        let prev = state(&["secret", "other"]);
        let same = state(&["other", "secret"]);
        assert!(drifted(&prev, &same, None, &release).unwrap().is_empty());
        let fewer = state(&["secret"]);
        assert_eq!(drifted(&prev, &fewer, None, &release).unwrap().len(), 1);
        let p = |s: &str| vec![PathStep::Attr(s.into())];
        assert!(same_paths(&[p("a"), p("b")], &[p("b"), p("a")]));
        assert!(!same_paths(&[p("a")], &[p("a"), p("b")]));
    }
}
