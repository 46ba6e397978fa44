//! The plan document (`terraform show -json PLANFILE`).
//!
//! Top-level keys in order, each present from the Terraform version that added it:
//! `format_version`, `terraform_version`, `variables`, `planned_values`, `resource_drift`
//! (0.15.4), `resource_changes`, `deferred_changes` (1.9), `output_changes`, `prior_state`,
//! `configuration`, `relevant_attributes` (1.2), `checks` (1.3), `timestamp` (1.5),
//! `applyable`, `complete` (1.8), `errored` (1.6).

pub(crate) mod actions;
pub(crate) mod changes;
mod conditions;
pub(crate) mod decode;
pub(crate) mod drift_legacy;
mod kept;
pub mod ordered;
pub(crate) mod outputs;
mod paths;
mod planned;
mod relevant;
mod render;
mod values_json;

use tfshow_cty::json::write_value;
use tfshow_cty::msgpack::{decode as decode_msgpack, Options};
use tfshow_cty::{Type, Value};
use tfshow_gojson::Writer;
use tfshow_planfile::model::{Action, CheckKind, CheckStatus, Mode, Plan, ResourceInstanceChange};
use tfshow_planfile::LazyChange;
use tfshow_schema::Schemas;
use tfshow_state::State;

use crate::checks::{write_checks, CheckGroup, CheckObject};
use crate::error::{invalid, Error};
use crate::filter::{filtered, Part, PartFilter};
use crate::Release;
use decode::{Located, PlanChange};

/// What the plan document is built from.
pub struct PlanInput<'a> {
    /// The decoded `tfplan` entry.
    pub plan: &'a Plan,
    /// The plan's resource changes when they were left out of `plan` to be decoded one at a
    /// time ([`PlanFile::from_bytes_lazy`](tfshow_planfile::PlanFile::from_bytes_lazy));
    /// `None`: `plan.resource_changes`.
    pub lazy_changes: Option<&'a [LazyChange]>,
    /// The `tfstate` entry (the refreshed prior state).
    pub prior_state: Option<&'a State>,
    /// The `tfstate-prev` entry (the previous run's state).
    pub prev_run_state: Option<&'a State>,
    /// Defaults of the root module's variables, from the configuration snapshot.
    pub variable_defaults: &'a [(String, Value)],
    /// The configuration snapshot's module tree, for the `configuration` section.
    pub configuration: Option<&'a tfshow_config::model::ConfigNode>,
    /// What the parts of the document are written through, if anything
    /// ([`crate::filter`]).
    pub filter: Option<&'a dyn PartFilter>,
}

/// Writes the plan document as the Terraform version that wrote the plan prints it.
pub fn write_document(
    w: &mut Writer<'_>,
    input: &PlanInput<'_>,
    schemas: Option<&Schemas>,
) -> Result<(), Error> {
    let plan = input.plan;
    let filter = input.filter;
    let version = plan.release();
    let versions = decode::state_schema_versions(&[input.prior_state, input.prev_run_state]);
    let changes = match input.lazy_changes {
        Some(lazy) => locate_all(lazy, schemas, &versions)?,
        None => locate_all(&plan.resource_changes, schemas, &versions)?,
    };
    // Each planned resource's change is rendered with it, and kept until its turn.
    let mut in_order: Vec<&Located<'_>> = changes.iter().filter(|d| !is_data_delete(d)).collect();
    sort_changes(&mut in_order, &version);
    let mut kept = kept::Kept::new(
        changes.len(),
        in_order
            .iter()
            .filter(|d| planned::is_planned(d))
            .map(|d| d.index),
    );
    let outputs = outputs::decode_outputs(&plan.output_changes)?;

    w.begin_object();
    w.key("format_version");
    w.string(version.plan_format());
    if !plan.terraform_version.is_empty() {
        w.key("terraform_version");
        w.string(&plan.terraform_version);
    }
    write_variables(w, plan, input.variable_defaults, filter)?;

    w.key("planned_values");
    w.begin_object();
    if outputs.iter().any(|o| o.oc.change.action != Action::Delete) {
        w.key("outputs");
        filtered(w, filter, Part::StateOutputs, |w| {
            outputs::write_planned_outputs(w, &outputs, &version)
        })?;
    }
    w.key("root_module");
    planned::write_root_module(w, &changes, &version, &mut kept, filter)?;
    w.end_object();
    w.flush_hint();

    if version.has(crate::Feature::DriftFromStates) {
        if let (Some(prev), Some(prior)) = (input.prev_run_state, input.prior_state) {
            drift_legacy::write(w, prev, prior, schemas, &version, filter)?;
        }
    } else {
        let drift: Vec<&ResourceInstanceChange> = plan
            .resource_drift
            .iter()
            .filter(|d| plan.ui_mode == Mode::RefreshOnly || d.change.action != Action::NoOp)
            .collect();
        let drift = locate_all(&drift, schemas, &versions)?;
        let mut in_order: Vec<&Located<'_>> = drift.iter().filter(|d| !is_data_delete(d)).collect();
        sort_changes(&mut in_order, &version);
        write_changes(w, "resource_drift", &in_order, &version, None, filter)?;
    }
    // What follows `prior_state` is rendered on another thread while this one copies the
    // kept changes out: it is small, and independent of them.
    let dialect = w.dialect();
    let tail = std::thread::scope(|s| {
        let tail = s.spawn(|| {
            let mut config = Writer::new(dialect);
            config.begin_sequence();
            let mut t = Writer::new(dialect);
            t.begin_sequence();
            write_tail(&mut config, &mut t, input, schemas, &versions, &version)
                .map(|()| (config.into_bytes(), t.into_bytes()))
        });
        let head = (|| {
            write_changes(
                w,
                "resource_changes",
                &in_order,
                &version,
                Some(&mut kept),
                filter,
            )?;
            write_deferred(w, plan, schemas, &versions, &version, filter)?;
            if !outputs.is_empty() {
                w.key("output_changes");
                filtered(w, filter, Part::OutputChanges, |w| {
                    outputs::write_output_changes(w, &outputs, &version)
                })?;
            }
            if let Some(prior) = input.prior_state.filter(|s| !s.is_empty()) {
                w.key("prior_state");
                crate::state::write_filtered(w, prior, schemas, &version, filter)?;
            }
            Ok(())
        })();
        let tail = tail
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        head.and(tail)
    })?;
    let (config, tail) = tail;
    if !config.is_empty() {
        // `"configuration":VALUE`, after every other part: filtered now.
        w.key("configuration");
        let value = config
            .strip_prefix(b",\"configuration\":")
            .or_else(|| config.strip_prefix(b"\"configuration\":"))
            .ok_or_else(|| invalid("configuration", "not written as expected"))?;
        filtered(w, filter, Part::Configuration, |w| {
            w.raw(value);
            Ok(())
        })?;
    }
    if !tail.is_empty() {
        // The tail's members, after a comma.
        w.raw(&tail);
    }
    w.end_object();
    Ok(())
}

/// Writes the members of the plan document after `prior_state`: `configuration` (to
/// `config`), then `relevant_attributes`, `checks`, `timestamp`, `applyable`, `complete`,
/// `errored` (to `w`).
fn write_tail(
    config: &mut Writer<'_>,
    w: &mut Writer<'_>,
    input: &PlanInput<'_>,
    schemas: Option<&Schemas>,
    versions: &decode::StateSchemaVersions,
    version: &Release,
) -> Result<(), Error> {
    let plan = input.plan;
    if let Some(tree) = input.configuration {
        config.key("configuration");
        let fallback = |provider: &str, mode: tfshow_schema::Mode, type_name: &str| {
            versions
                .get(&(provider.to_owned(), mode, type_name.to_owned()))
                .copied()
        };
        crate::config::write_configuration(config, tree, schemas, version, &fallback)?;
    }
    if version.has(crate::Feature::RelevantAttributes) {
        let attrs = plan
            .relevant_attributes
            .iter()
            .map(|a| {
                Ok(relevant::RelevantAttr {
                    resource: a.resource.clone(),
                    path: decode::cty_path(&a.attr, &a.resource)?,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        relevant::write(w, &attrs, relevant::Order::of(version))?;
    }
    conditions::write(w, plan, version)?;
    if version.has(crate::Feature::Checks) && !plan.check_results.is_empty() {
        w.key("checks");
        write_plan_checks(w, plan, version)?;
    }
    if version.has(crate::Feature::PlanTimestamp) {
        w.key("timestamp");
        w.string(plan.timestamp.as_deref().unwrap_or("0001-01-01T00:00:00Z"));
    }
    if version.has(crate::Feature::PlanApplyable) {
        w.key("applyable");
        w.bool(plan.applyable);
        w.key("complete");
        w.bool(plan.complete);
    }
    if version.has(crate::Feature::PlanErrored) {
        w.key("errored");
        w.bool(plan.errored);
    }
    Ok(())
}

/// Locates every change (in parallel); each is indexed by its position in `changes`.
pub(crate) fn locate_all<'a, C: PlanChange>(
    changes: &'a [C],
    schemas: Option<&'a Schemas>,
    versions: &decode::StateSchemaVersions,
) -> Result<Vec<Located<'a>>, Error> {
    use rayon::prelude::*;
    let resolver = decode::Resolver::of(changes, schemas, versions);
    // Collected in place, keeping the first failure (see `tfshow_planfile`'s decode).
    let first_error = std::sync::Mutex::new(None::<(usize, Error)>);
    let mut located = Vec::new();
    changes
        .par_iter()
        .enumerate()
        .map(|(i, rc)| {
            decode::locate(rc, i, &resolver)
                .map_err(|e| {
                    let mut first = first_error.lock().unwrap_or_else(|p| p.into_inner());
                    if first.as_ref().is_none_or(|(j, _)| i < *j) {
                        *first = Some((i, e));
                    }
                })
                .ok()
        })
        .collect_into_vec(&mut located);
    match first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some((_, e)) => Err(e),
        None => Ok(located.into_iter().flatten().collect()),
    }
}

/// Sorts changes as the version does: by address components and deposed key (1.4+), or by
/// address string with the unstable sort of the Go release it was built with.
fn sort_changes(changes: &mut [&Located<'_>], version: &Release) {
    if version.has(crate::Feature::SortsByAddressComponents) {
        let modes = if version.has(crate::Feature::SortsEphemeralFirst) {
            tfshow_addrs::ModeOrder::OpenTofu
        } else {
            tfshow_addrs::ModeOrder::Terraform
        };
        tfshow_addrs::sort_by_address(
            changes,
            modes,
            |d| d.addr,
            |a, b| a.deposed_key.cmp(b.deposed_key),
        );
    } else if version.has(crate::Feature::GoPdqSort) {
        crate::gosort::slice_pdq(changes, |a, b| a.addr_text < b.addr_text);
    } else {
        crate::gosort::slice_legacy(changes, |a, b| a.addr_text < b.addr_text);
    }
}

pub(crate) fn is_data_delete(d: &Located<'_>) -> bool {
    d.addr.mode == tfshow_addrs::ResourceMode::Data && d.action == Action::Delete
}

/// Writes `changes` (data source deletions left out, sorted) under `key`.
fn write_changes(
    w: &mut Writer<'_>,
    key: &str,
    changes: &[&Located<'_>],
    version: &Release,
    kept: Option<&mut kept::Kept>,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    if changes.is_empty() {
        return Ok(());
    }
    w.key(key);
    w.begin_array();
    let render = |w: &mut Writer<'static>, d: &&Located<'_>| {
        filtered(w, filter, Part::Change, |w| {
            changes::write_resource_change(w, d, version, filter.is_some())
        })
    };
    match kept {
        Some(kept) => render::write_all_kept(w, changes, kept, |d| d.index, render)?,
        None => render::write_all(w, changes, render)?,
    }
    w.end_array();
    Ok(())
}

fn write_deferred(
    w: &mut Writer<'_>,
    plan: &Plan,
    schemas: Option<&Schemas>,
    versions: &decode::StateSchemaVersions,
    version: &Release,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    if plan.deferred_changes.is_empty() {
        return Ok(());
    }
    let resolver = decode::Resolver::of(
        plan.deferred_changes.iter().map(|d| &d.change),
        schemas,
        versions,
    );
    let mut items = plan
        .deferred_changes
        .iter()
        .enumerate()
        .map(|(i, d)| Ok((d.reason, decode::locate(&d.change, i, &resolver)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    if version.has(crate::Feature::SortsByAddressComponents) {
        items.sort_by(|a, b| {
            a.1.addr
                .cmp_terraform(b.1.addr)
                .then_with(|| a.1.deposed_key.cmp(b.1.deposed_key))
        });
    }
    w.key("deferred_changes");
    w.begin_array();
    for (reason, d) in &items {
        filtered(w, filter, Part::Deferred, |w| {
            w.begin_object();
            w.key("reason");
            w.string(actions::deferred_reason_name(*reason));
            w.key("resource_change");
            changes::write_resource_change(w, d, version, false)?;
            w.end_object();
            Ok(())
        })?;
    }
    w.end_array();
    Ok(())
}

fn write_variables(
    w: &mut Writer<'_>,
    plan: &Plan,
    defaults: &[(String, Value)],
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    let mut vars: Vec<(&str, Value)> = Vec::new();
    for v in &plan.variables {
        let at = format!("variable {:?}", v.name);
        let value = decode_msgpack(&v.value, &Type::Dynamic, &Options::default())
            .map_err(|e| invalid(&at, e))?;
        vars.push((&v.name, value));
    }
    for (name, value) in defaults {
        if !vars.iter().any(|(n, _)| n == name) {
            vars.push((name, value.clone()));
        }
    }
    if vars.is_empty() {
        return Ok(());
    }
    vars.sort_by(|a, b| a.0.cmp(b.0));
    w.key("variables");
    filtered(w, filter, Part::Variables, |w| {
        w.begin_object();
        for (name, value) in &vars {
            w.key(name);
            w.begin_object();
            w.key("value");
            write_value(w, value).map_err(|e| invalid(format!("variable {name:?}"), e))?;
            w.end_object();
        }
        w.end_object();
        Ok(())
    })
}

fn write_plan_checks(w: &mut Writer<'_>, plan: &Plan, version: &Release) -> Result<(), Error> {
    fn status(s: CheckStatus) -> &'static str {
        match s {
            CheckStatus::Unknown => "unknown",
            CheckStatus::Pass => "pass",
            CheckStatus::Fail => "fail",
            CheckStatus::Error => "error",
        }
    }
    let groups = plan
        .check_results
        .iter()
        .map(|c| CheckGroup {
            kind: match c.kind {
                CheckKind::Resource => "resource",
                CheckKind::OutputValue => "output",
                CheckKind::Check => "check",
                CheckKind::InputVariable => "var",
            },
            config_addr: &c.config_addr,
            status: status(c.status),
            objects: c
                .objects
                .iter()
                .map(|o| CheckObject {
                    addr: &o.object_addr,
                    status: status(o.status),
                    failure_messages: &o.failure_messages,
                })
                .collect(),
        })
        .collect();
    write_checks(w, groups, version)
}
