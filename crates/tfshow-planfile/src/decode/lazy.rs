//! Resource changes read in two steps: what places and sorts a change (its addresses,
//! provider, deposed key and action) when the plan is decoded, the rest when it is asked for
//! ([`LazyChange::decode`]). A big plan's changes then cost their message bytes and a few
//! short strings each until they are used, instead of their whole decoded form.

use std::sync::Arc;

use bytes::Bytes;
use prost::Message;

use super::change::{action, identity, resource_change_of, Identity};
use super::loc::Loc;
use crate::error::Error;
use crate::model::{Action, ResourceInstanceChange};
use crate::proto;
use tfshow_addrs::AbsResourceInstance;
use tfshow_release::Release;

/// A `resource_changes` entry of which only what places it has been decoded and checked.
///
/// [`LazyChange::decode`] decodes the whole entry, with the same checks and errors as
/// [`decode_tfplan`](crate::decode_tfplan) (the fields here are those of the result).
#[derive(Clone, Debug, PartialEq)]
pub struct LazyChange {
    /// As [`ResourceInstanceChange::addr`].
    pub addr: String,
    /// As [`ResourceInstanceChange::address`].
    pub address: AbsResourceInstance,
    /// As [`ResourceInstanceChange::prev_run_addr`].
    pub prev_run_addr: Option<String>,
    /// As [`ResourceInstanceChange::deposed_key`].
    pub deposed_key: String,
    /// As [`ResourceInstanceChange::provider`]; changes with the same provider share it.
    pub provider: Arc<str>,
    /// As the change's [`Change::action`](crate::model::Change::action).
    pub action: Action,
    /// The entry's position in `resource_changes`.
    index: usize,
    /// The release that wrote the plan (how its numbers read), shared by the plan's changes.
    release: Arc<Release>,
    /// The entry's message: a slice of the `tfplan` bytes.
    message: Bytes,
}

impl LazyChange {
    /// The entry's position in the plan's `resource_changes`.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Decodes the whole entry.
    pub fn decode(&self) -> Result<ResourceInstanceChange, Error> {
        let list = Loc::Root.field("resource_changes");
        let at = list.index(self.index);
        let raw = proto::ResourceInstanceChange::decode(self.message.clone())
            .map_err(|e| at.protobuf(e))?;
        // The same bytes as when the head was read and checked.
        let identity = Identity {
            addr: self.addr.clone(),
            address: self.address.clone(),
            prev_run_addr: self.prev_run_addr.clone(),
            provider: Arc::clone(&self.provider),
        };
        resource_change_of(&at, &self.release, identity, raw)
    }
}

/// The fields of `ResourceInstanceChange` that [`LazyChange`] holds; protobuf decoding skips
/// the others.
#[derive(Clone, PartialEq, Message)]
struct Head {
    #[prost(string, tag = "1")]
    module_path: String,
    #[prost(int32, tag = "2")]
    mode: i32,
    #[prost(string, tag = "3")]
    r#type: String,
    #[prost(string, tag = "4")]
    name: String,
    #[prost(
        oneof = "crate::proto::resource_instance_change::InstanceKey",
        tags = "5, 6"
    )]
    instance_key: Option<proto::resource_instance_change::InstanceKey>,
    #[prost(string, tag = "7")]
    deposed_key: String,
    #[prost(string, tag = "8")]
    provider: String,
    #[prost(message, optional, tag = "9")]
    change: Option<HeadChange>,
    #[prost(string, tag = "13")]
    addr: String,
    #[prost(string, tag = "14")]
    prev_run_addr: String,
}

/// The field of `Change` that [`LazyChange`] holds.
#[derive(Clone, PartialEq, Message)]
struct HeadChange {
    #[prost(int32, tag = "1")]
    action: i32,
}

/// Reads the head of the `resource_changes` entry `message`, at `at`, the `index`th.
pub(super) fn head(
    at: &Loc<'_>,
    release: &Arc<Release>,
    index: usize,
    message: Bytes,
) -> Result<LazyChange, Error> {
    let head = Head::decode(message.clone()).map_err(|e| at.protobuf(e))?;
    let mut raw = proto::ResourceInstanceChange {
        module_path: head.module_path,
        mode: head.mode,
        r#type: head.r#type,
        name: head.name,
        instance_key: head.instance_key,
        deposed_key: head.deposed_key,
        provider: head.provider,
        addr: head.addr,
        prev_run_addr: head.prev_run_addr,
        ..Default::default()
    };
    let Identity {
        addr,
        address,
        prev_run_addr,
        provider,
    } = identity(at, &mut raw)?;
    let change_at = at.field("change");
    let change = head.change.ok_or_else(|| change_at.invalid("missing"))?;
    Ok(LazyChange {
        addr,
        address,
        prev_run_addr,
        deposed_key: raw.deposed_key,
        provider,
        action: action(&change_at, release, change.action)?,
        index,
        release: Arc::clone(release),
        message,
    })
}
