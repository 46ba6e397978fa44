//! Decoding the `tfplan` entry: protobuf bytes → [`proto::Plan`] → [`model::Plan`](Plan).

mod change;
mod flavor;
mod guard;
mod lazy;
mod loc;
mod reused;
mod schemas;

pub use lazy::LazyChange;
pub use schemas::decode_tfschemas;

use crate::error::Error;
use crate::model::{Backend, DeferredChange, DeferredReason, Mode, Plan, Variable};
use crate::proto;
use bytes::Bytes;
use change::{check_address, dynamic_value, output_change, resource_change};
use loc::Loc;
use prost::Message;
use rayon::prelude::*;
use std::sync::Arc;
use tfshow_limits::Limits;
use tfshow_release::{Program, Release};

/// The only plan format version there has ever been (Terraform 0.12 and later).
const FORMAT_VERSION: u64 = 3;

/// Decodes the bytes of a `tfplan` zip entry, refusing input that goes over `limits` before
/// anything is allocated for it (message nesting, byte strings, repeated fields, the estimated
/// size of the decoded plan, and nesting, strings and collections of every msgpack value).
/// The plan's msgpack values are slices of `bytes`, not copies (a `Vec<u8>` converts without
/// a copy; `Bytes::copy_from_slice` copies a borrowed slice).
///
/// Requires format version 3; `terraform_version` is not checked beyond choosing how to read
/// reused fields. Fails on anything Terraform would refuse to read, naming the field.
///
/// The program that wrote the entry is told from the entry alone
/// ([`Plan::program`]; a plan file's other entries tell it better, see
/// [`PlanFile`](crate::PlanFile)).
pub fn decode_tfplan(bytes: impl Into<Bytes>, limits: &Limits) -> Result<Plan, Error> {
    let bytes = bytes.into();
    let program = crate::writer::program(&crate::writer::Container::default(), &bytes);
    decode_tfplan_as(bytes, limits, program)
}

/// Like [`decode_tfplan`], for a plan written by `program`.
pub(crate) fn decode_tfplan_as(
    bytes: Bytes,
    limits: &Limits,
    program: Program,
) -> Result<Plan, Error> {
    let (mut plan, changes) = decode_split(bytes, limits, program, |at, release, _, payload| {
        let rc = proto::ResourceInstanceChange::decode(payload).map_err(|e| at.protobuf(e))?;
        resource_change(at, release, rc)
    })?;
    plan.resource_changes = changes;
    Ok(plan)
}

/// Like [`decode_tfplan`], with `resource_changes` left empty: they are returned as
/// [`LazyChange`]s, of which only the addresses, provider, deposed key and action are decoded
/// and checked. Each one's [`LazyChange::decode`] decodes the rest.
///
/// A plan's other fields are decoded and checked as by [`decode_tfplan`], and the whole
/// of `tfplan` is checked against `limits`; an error in the rest of a change is reported by
/// its `decode`.
pub fn decode_tfplan_lazy(
    bytes: impl Into<Bytes>,
    limits: &Limits,
) -> Result<(Plan, Vec<LazyChange>), Error> {
    let bytes = bytes.into();
    let program = crate::writer::program(&crate::writer::Container::default(), &bytes);
    decode_tfplan_lazy_as(bytes, limits, program)
}

/// Like [`decode_tfplan_lazy`], for a plan written by `program`.
pub(crate) fn decode_tfplan_lazy_as(
    bytes: Bytes,
    limits: &Limits,
    program: Program,
) -> Result<(Plan, Vec<LazyChange>), Error> {
    decode_split(bytes, limits, program, lazy::head)
}

/// Decodes `tfplan`, written by `program`, with its `resource_changes` left out of the plan:
/// each is converted by `each` (given its location, the writer's release, its index and its
/// message bytes), in parallel, and returned in order.
fn decode_split<T: Send>(
    bytes: Bytes,
    limits: &Limits,
    program: Program,
    each: impl Fn(&Loc<'_>, &Arc<Release>, usize, Bytes) -> Result<T, Error> + Sync,
) -> Result<(Plan, Vec<T>), Error> {
    guard::check(&bytes, limits).map_err(|(at, source)| limit_error("tfplan", &at, source))?;
    let root = Loc::Root;
    let (raw, changes) = split_resource_changes(&bytes).map_err(|e| root.protobuf(e))?;
    if raw.version != FORMAT_VERSION {
        return Err(Error::UnsupportedVersion(raw.version));
    }
    // Some fields mean different things by program and release (`flavor`).
    let release = Arc::new(Release::parse(program, &raw.terraform_version));
    // The resource changes, most of the plan, are converted in parallel.
    let changes_at = root.field("resource_changes");
    // Collected in place (a `Result` collect would grow per-thread vectors and copy them
    // into the result); the first failure is kept.
    let first_error = std::sync::Mutex::new(None::<(usize, Error)>);
    let mut decoded = Vec::new();
    changes
        .par_iter()
        .enumerate()
        .map(|(i, payload)| {
            each(&changes_at.index(i), &release, i, bytes.slice_ref(payload))
                .map_err(|e| {
                    let mut first = first_error.lock().unwrap_or_else(|p| p.into_inner());
                    if first.as_ref().is_none_or(|(j, _)| i < *j) {
                        *first = Some((i, e));
                    }
                })
                .ok()
        })
        .collect_into_vec(&mut decoded);
    if let Some((_, e)) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    // Every change converted: this reuses the vector.
    let changes: Vec<T> = decoded.into_iter().flatten().collect();
    Ok((plan(&root, &release, raw)?, changes))
}

/// The error of a limit hit at field path `at` (empty: the whole message) of `entry`.
fn limit_error(entry: &str, at: &str, source: tfshow_limits::LimitExceeded) -> Error {
    Error::Limit {
        at: if at.is_empty() {
            entry.to_owned()
        } else {
            format!("{entry}: {at}")
        },
        source,
    }
}

/// Field number of `Plan.resource_changes`.
const RESOURCE_CHANGES_FIELD: u64 = 3;

/// Decodes the `Plan` message except its `resource_changes`, whose payloads are returned in
/// order. A message is the concatenation of its fields, so the runs of other fields between
/// the changes are merged one after another.
fn split_resource_changes(bytes: &[u8]) -> Result<(proto::Plan, Vec<&[u8]>), prost::DecodeError> {
    use prost::encoding::{decode_key, decode_varint, WireType};
    let mut raw = proto::Plan::default();
    let mut changes = Vec::new();
    let mut rest = bytes;
    let mut run_start = 0;
    while !rest.is_empty() {
        let field_start = bytes.len() - rest.len();
        let (number, wire_type) = decode_key(&mut rest)?;
        if u64::from(number) == RESOURCE_CHANGES_FIELD && wire_type == WireType::LengthDelimited {
            let Some(len) = usize::try_from(decode_varint(&mut rest)?)
                .ok()
                .filter(|&n| n <= rest.len())
            else {
                // Truncated: prost reports it.
                break;
            };
            raw.merge(&bytes[run_start..field_start])?;
            changes.push(&rest[..len]);
            rest = &rest[len..];
            run_start = bytes.len() - rest.len();
        } else {
            prost::encoding::skip_field(wire_type, number, &mut rest, Default::default())?;
        }
    }
    raw.merge(&bytes[run_start..])?;
    Ok((raw, changes))
}

/// Converts the whole `Plan` message, written by `release`, its `resource_changes` left empty.
fn plan(at: &Loc<'_>, release: &Release, raw: proto::Plan) -> Result<Plan, Error> {
    let version = raw.terraform_version;
    // Terraform's field 28, or OpenTofu's field 22.
    let mut apply_time_variables = raw.apply_time_variables;
    apply_time_variables.extend(flavor::ephemeral_variables(
        &at.field("ephemeral_variables"),
        release,
        raw.function_results_or_ephemeral_variables,
    )?);
    let ui_mode = Mode::from_proto(raw.ui_mode).ok_or_else(|| {
        at.field("ui_mode")
            .invalid(format!("unknown mode {}", raw.ui_mode))
    })?;
    let (backend, state_store) = match (raw.backend, raw.state_store) {
        (Some(b), None) => (Some(backend(&at.field("backend"), b)?), None),
        (None, Some(s)) => (None, Some(s)),
        (None, None) => return Err(at.invalid("has neither backend nor state_store")),
        (Some(_), Some(_)) => return Err(at.invalid("has both backend and state_store")),
    };
    let force_replace_at = at.field("force_replace_addrs");
    for (i, addr) in raw.force_replace_addrs.iter().enumerate() {
        check_address(&force_replace_at.index(i), addr)?;
    }
    Ok(Plan {
        ui_mode,
        variables: variables(&at.field("variables"), raw.variables)?,
        resource_changes: Vec::new(),
        resource_drift: resource_changes(&at.field("resource_drift"), release, raw.resource_drift)?,
        condition_results: reused::condition_results(
            &at.field("condition_results"),
            &version,
            &raw.check_results,
        )?,
        deferred_changes: deferred_changes(
            &at.field("deferred_changes"),
            release,
            raw.deferred_changes,
        )?,
        output_changes: each(&at.field("output_changes"), raw.output_changes, |at, o| {
            output_change(at, release, o)
        })?,
        check_results: reused::check_results(
            &at.field("check_results"),
            release,
            raw.check_results,
        )?,
        relevant_attributes: reused::relevant_attributes(
            &at.field("relevant_attributes"),
            release,
            raw.relevant_attributes,
        )?,
        target_addrs: raw.target_addrs,
        exclude_addrs: raw.exclude_addrs,
        force_replace_addrs: raw.force_replace_addrs,
        action_target_addrs: raw.action_target_addrs,
        errored: raw.errored,
        timestamp: Some(raw.timestamp).filter(|t| !t.is_empty()),
        applyable: raw.applyable,
        complete: raw.complete,
        apply_time_variables,
        action_invocations: raw.action_invocations,
        deferred_action_invocations: raw.deferred_action_invocations,
        backend,
        state_store,
        terraform_version: version,
        program: release.program,
    })
}

/// Converts every element of a repeated field with `convert`, naming each by its index.
fn each<T, U>(
    at: &Loc<'_>,
    raw: Vec<T>,
    convert: impl Fn(&Loc<'_>, T) -> Result<U, Error>,
) -> Result<Vec<U>, Error> {
    raw.into_iter()
        .enumerate()
        .map(|(i, item)| convert(&at.index(i), item))
        .collect()
}

/// Converts `resource_changes` or `resource_drift`.
fn resource_changes(
    at: &Loc<'_>,
    release: &Release,
    raw: Vec<proto::ResourceInstanceChange>,
) -> Result<Vec<crate::model::ResourceInstanceChange>, Error> {
    each(at, raw, |at, rc| resource_change(at, release, rc))
}

/// Converts `deferred_changes`.
fn deferred_changes(
    at: &Loc<'_>,
    release: &Release,
    raw: Vec<proto::DeferredResourceInstanceChange>,
) -> Result<Vec<DeferredChange>, Error> {
    each(at, raw, |at, dc| {
        let reason_at = at.field("deferred");
        let n = dc
            .deferred
            .ok_or_else(|| reason_at.invalid("missing"))?
            .reason;
        let reason = DeferredReason::from_proto(n).ok_or_else(|| {
            reason_at
                .field("reason")
                .invalid(format!("invalid deferred reason {n}"))
        })?;
        let change_at = at.field("change");
        let change = dc.change.ok_or_else(|| change_at.invalid("missing"))?;
        Ok(DeferredChange {
            reason,
            change: resource_change(&change_at, release, change)?,
        })
    })
}

/// Converts the `variables` map into a list sorted by name.
fn variables(
    at: &Loc<'_>,
    raw: impl IntoIterator<Item = (String, proto::DynamicValue)>,
) -> Result<Vec<Variable>, Error> {
    let mut vars = raw
        .into_iter()
        .map(|(name, value)| {
            let value = dynamic_value(&at.key(&name), value)?.into();
            Ok(Variable { name, value })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    vars.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(vars)
}

/// Converts the `backend` message.
fn backend(at: &Loc<'_>, raw: proto::Backend) -> Result<Backend, Error> {
    let config_at = at.field("config");
    let config = raw.config.ok_or_else(|| config_at.invalid("missing"))?;
    Ok(Backend {
        type_: raw.r#type,
        config: dynamic_value(&config_at, config)?.into(),
        workspace: raw.workspace,
    })
}
