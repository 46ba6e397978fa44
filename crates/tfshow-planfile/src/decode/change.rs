//! Converting resource and output changes, their values and paths.

use super::flavor;
use super::loc::Loc;
use crate::error::Error;
use crate::model::{Action, Change, OutputChange, Path, PathStep, ResourceInstanceChange};
use crate::proto;
use crate::proto::resource_instance_change::InstanceKey as RawKey;
use bytes::Bytes;
use std::borrow::Cow;
use std::mem::take;
use std::sync::Arc;
use tfshow_addrs::{
    canonical, AbsProviderConfig, AbsResourceInstance, InstanceKey, ModuleInstance, ResourceMode,
};
use tfshow_release::Release;

/// Converts a `ResourceInstanceChange` message (of `resource_changes`, `resource_drift` or a
/// deferred change).
pub(super) fn resource_change(
    at: &Loc<'_>,
    release: &Release,
    mut raw: proto::ResourceInstanceChange,
) -> Result<ResourceInstanceChange, Error> {
    let identity = identity(at, &mut raw)?;
    resource_change_of(at, release, identity, raw)
}

/// Converts a `ResourceInstanceChange` message whose [`identity`] was taken already.
pub(super) fn resource_change_of(
    at: &Loc<'_>,
    release: &Release,
    identity: Identity,
    raw: proto::ResourceInstanceChange,
) -> Result<ResourceInstanceChange, Error> {
    // The provider text stays the message's own (the model holds a `String`).
    let Identity {
        addr,
        address,
        prev_run_addr,
        provider: _,
    } = identity;
    let action_reason = flavor::action_reason(release, raw.action_reason).ok_or_else(|| {
        at.field("action_reason")
            .invalid(format!("unknown action reason {}", raw.action_reason))
    })?;
    Ok(ResourceInstanceChange {
        addr,
        address,
        prev_run_addr,
        deposed_key: raw.deposed_key,
        provider: raw.provider,
        change: change(&at.field("change"), release, raw.change)?,
        required_replace: paths(&at.field("required_replace"), raw.required_replace)?,
        action_reason,
        private: raw.private,
    })
}

/// The object a change is to: its address as text and parsed, its address in the previous
/// run when that differs, and its provider (shared with the thread's earlier changes).
pub(super) struct Identity {
    pub addr: String,
    pub address: AbsResourceInstance,
    pub prev_run_addr: Option<String>,
    pub provider: Arc<str>,
}

/// Takes the addresses out of `raw`, and checks them, its provider and its deposed key.
pub(super) fn identity(
    at: &Loc<'_>,
    raw: &mut proto::ResourceInstanceChange,
) -> Result<Identity, Error> {
    let (addr, address) = address(at, raw)?;
    let prev_run_addr = match take(&mut raw.prev_run_addr) {
        prev if prev.is_empty() || prev == addr => None,
        prev => Some(canonical_address(&at.field("prev_run_addr"), prev)?).filter(|p| *p != addr),
    };
    let provider = checked_provider(&raw.provider).map_err(|e| at.field("provider").invalid(e))?;
    if !raw.deposed_key.is_empty() && raw.deposed_key.len() != 8 {
        return Err(at.field("deposed_key").invalid(format!(
            "deposed key {:?} is not 8 characters long",
            raw.deposed_key
        )));
    }
    Ok(Identity {
        addr,
        address,
        prev_run_addr,
        provider,
    })
}

/// The instance address: `addr` (1.1+), or one built from the split fields of older plans;
/// as Terraform writes it (see [`canonical_address`]) and parsed.
fn address(
    at: &Loc<'_>,
    raw: &mut proto::ResourceInstanceChange,
) -> Result<(String, AbsResourceInstance), Error> {
    if !raw.addr.is_empty() {
        let parsed = AbsResourceInstance::parse(&raw.addr)
            .map_err(|e| at.field("addr").invalid(e.to_string()))?;
        let text = match canonical(&raw.addr, &parsed) {
            Cow::Borrowed(_) => take(&mut raw.addr),
            Cow::Owned(text) => text,
        };
        return Ok((text, parsed));
    }
    if raw.r#type.is_empty() || raw.name.is_empty() {
        return Err(at.field("addr").invalid(
            "no resource instance address: neither addr nor the pre-1.1 type and name are set",
        ));
    }
    let module = ModuleInstance::parse(&raw.module_path)
        .map_err(|e| at.field("module_path").invalid(e.to_string()))?;
    let mode = match raw.mode {
        0 => ResourceMode::Managed,
        1 => ResourceMode::Data,
        n => {
            return Err(at
                .field("mode")
                .invalid(format!("unknown resource mode {n}")))
        }
    };
    let key = match raw.instance_key.take() {
        None => InstanceKey::None,
        Some(RawKey::Str(s)) => InstanceKey::Str(s),
        Some(RawKey::Int(i)) => InstanceKey::Int(i),
    };
    let addr = AbsResourceInstance {
        module,
        mode,
        type_: take(&mut raw.r#type),
        name: take(&mut raw.name),
        key,
    };
    Ok((addr.to_string(), addr))
}

/// `provider` shared, unless it does not parse as a provider configuration address. A plan
/// names the same few in every change, so those that parsed are remembered on each thread and
/// handed out again.
fn checked_provider(provider: &str) -> Result<Arc<str>, String> {
    thread_local! {
        static VALID: std::cell::RefCell<Vec<Arc<str>>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if let Some(p) = VALID.with(|v| v.borrow().iter().find(|p| ***p == *provider).cloned()) {
        return Ok(p);
    }
    AbsProviderConfig::parse(provider).map_err(|e| e.to_string())?;
    let p: Arc<str> = provider.into();
    VALID.with(|v| {
        let mut v = v.borrow_mut();
        if v.len() >= 64 {
            v.clear();
        }
        v.push(Arc::clone(&p));
    });
    Ok(p)
}

/// Fails unless `addr` parses as a (possibly partial) resource instance address.
pub(super) fn check_address(at: &Loc<'_>, addr: &str) -> Result<(), Error> {
    AbsResourceInstance::parse(addr)
        .map(drop)
        .map_err(|e| at.invalid(e.to_string()))
}

/// `addr` as Terraform writes it after reading it (`addr.String()`): keys with raw control,
/// bidi or zero-width characters or needless escapes re-quoted, `addr` itself otherwise (the
/// usual case, told by one look at its bytes). Fails unless it parses as a resource instance
/// address.
pub(super) fn canonical_address(at: &Loc<'_>, addr: String) -> Result<String, Error> {
    let parsed = AbsResourceInstance::parse(&addr).map_err(|e| at.invalid(e.to_string()))?;
    Ok(match canonical(&addr, &parsed) {
        Cow::Borrowed(_) => addr,
        Cow::Owned(text) => text,
    })
}

/// Converts an `OutputChange` message.
pub(super) fn output_change(
    at: &Loc<'_>,
    release: &Release,
    raw: proto::OutputChange,
) -> Result<OutputChange, Error> {
    Ok(OutputChange {
        change: change(&at.field("change"), release, raw.change)?,
        name: raw.name,
        sensitive: raw.sensitive,
    })
}

/// Converts a `Change` message, picking `before` and `after` out of `values` by action.
fn change(at: &Loc<'_>, release: &Release, raw: Option<proto::Change>) -> Result<Change, Error> {
    let raw = raw.ok_or_else(|| at.invalid("missing"))?;
    let action = action(at, release, raw.action)?;
    let (has_before, has_after) = stored_values(action);
    let needed = usize::from(has_before) + usize::from(has_after);
    if raw.values.len() < needed {
        return Err(at.invalid(format!(
            "expected {needed} values for {}, got {}",
            action_name(action),
            raw.values.len()
        )));
    }
    let values_at = at.field("values");
    let mut values = raw
        .values
        .into_iter()
        .enumerate()
        .map(|(i, v)| dynamic_value(&values_at.index(i), v));
    let before = if has_before {
        values.next().transpose()?
    } else {
        None
    };
    let after = if has_after {
        values.next().transpose()?
    } else if action == Action::NoOp {
        before.clone()
    } else {
        None
    };
    Ok(Change {
        action,
        before,
        after,
        before_sensitive_paths: paths(
            &at.field("before_sensitive_paths"),
            raw.before_sensitive_paths,
        )?,
        after_sensitive_paths: paths(
            &at.field("after_sensitive_paths"),
            raw.after_sensitive_paths,
        )?,
        importing: raw
            .importing
            .map(|i| flavor::importing(&at.field("importing"), release, &i))
            .transpose()?,
        generated_config: raw.generated_config,
        before_identity: optional_value(&at.field("before_identity"), raw.before_identity)?,
        after_identity: optional_value(&at.field("after_identity"), raw.after_identity)?,
    })
}

/// The action numbered `n` in the `Change` message at `at`, as `release` numbers actions.
pub(super) fn action(at: &Loc<'_>, release: &Release, n: i32) -> Result<Action, Error> {
    flavor::action(release, n).ok_or_else(|| {
        at.field("action")
            .invalid(format!("unknown action {n} for {release}"))
    })
}

/// Which of the before and after values `values` holds for `action`, in that order.
///
/// No-op stores one value that is both; create stores only the after value; delete and forget
/// only the before value; open (an ephemeral resource) none; every other action stores both.
fn stored_values(action: Action) -> (bool, bool) {
    match action {
        Action::NoOp | Action::Delete | Action::Forget => (true, false),
        Action::Create => (false, true),
        Action::Open => (false, false),
        Action::Read
        | Action::Update
        | Action::DeleteThenCreate
        | Action::CreateThenDelete
        | Action::CreateThenForget
        | Action::ForgetThenCreate => (true, true),
    }
}

/// The protobuf name of `action`, lowercased, for messages.
fn action_name(action: Action) -> &'static str {
    match action {
        Action::NoOp => "noop",
        Action::Create => "create",
        Action::Read => "read",
        Action::Update => "update",
        Action::Delete => "delete",
        Action::DeleteThenCreate => "delete_then_create",
        Action::CreateThenDelete => "create_then_delete",
        Action::Forget => "forget",
        Action::CreateThenForget => "create_then_forget",
        Action::ForgetThenCreate => "forget_then_create",
        Action::Open => "open",
    }
}

/// The msgpack bytes of a `DynamicValue`; empty ones are invalid, as in Terraform.
pub(super) fn dynamic_value(at: &Loc<'_>, raw: proto::DynamicValue) -> Result<Bytes, Error> {
    if raw.msgpack.is_empty() {
        return Err(at.invalid("dynamic value has no msgpack serialization"));
    }
    Ok(raw.msgpack)
}

/// Like [`dynamic_value`] for an optional message field.
pub(super) fn optional_value(
    at: &Loc<'_>,
    raw: Option<proto::DynamicValue>,
) -> Result<Option<Vec<u8>>, Error> {
    raw.map(|v| dynamic_value(at, v).map(Vec::from)).transpose()
}

/// Converts repeated `Path` messages.
pub(super) fn paths(at: &Loc<'_>, raw: Vec<proto::Path>) -> Result<Vec<Path>, Error> {
    raw.into_iter()
        .enumerate()
        .map(|(i, p)| path(&at.index(i), p))
        .collect()
}

/// Converts one `Path` message.
pub(super) fn path(at: &Loc<'_>, raw: proto::Path) -> Result<Path, Error> {
    use proto::path::step::Selector;
    let steps_at = at.field("steps");
    raw.steps
        .into_iter()
        .enumerate()
        .map(|(i, step)| match step.selector {
            Some(Selector::AttributeName(name)) => Ok(PathStep::Attr(name)),
            Some(Selector::ElementKey(key)) => {
                dynamic_value(&steps_at.index(i).field("element_key"), key)
                    .map(|k| PathStep::Key(k.into()))
            }
            None => Err(steps_at.index(i).invalid("path step has no selector")),
        })
        .collect()
}
