//! Terraform's machine-readable UI: the line stream `terraform plan|apply|refresh|test|query
//! -json` (and OpenTofu's `tofu … -json`) prints.
//!
//! - [`Message`]: one line, parsed into its [`Envelope`] and typed [`Body`], keeping the
//!   exact line so that writing it back gives the same bytes ([`Message::as_json`]);
//!   [`Message::encode`] writes the typed view as Terraform or OpenTofu writes it
//!   ([`Flavor`]).
//! - [`Reader`]: an iterator of messages over any `io::Read` that reports bad lines
//!   ([`LineError`]) with their line numbers and goes on.
//! - [`plan::plan_messages`]: the messages `terraform plan -json` printed for a plan file.
//!
//! ```
//! use tfshow_ui::{Body, Reader};
//!
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/oracle/scenarios/");
//! let stream = std::fs::File::open(format!("{dir}create_basic/tf-1.15.5/apply-ui.jsonl"))?;
//! let mut summary = None;
//! for message in Reader::new(stream) {
//!     if let Body::ChangeSummary(changes) = message?.body {
//!         summary = Some(changes);
//!     }
//! }
//! assert!(summary.expect("an apply ends with its change summary").add > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The wire format
//!
//! One JSON object per line, written by Go's `encoding/json` from a map, so its keys are
//! sorted bytewise, `<`, `>` and `&` in strings are escaped as `\u003c`, `\u003e`, `\u0026`
//! (not by OpenTofu), and every line ends with `\n`:
//!
//! ```json
//! {"@level":"info","@message":"random_pet.animal: Plan to create","@module":"terraform.ui","@timestamp":"2021-05-25T13:32:41.705503-04:00","change":{"resource":{"addr":"random_pet.animal","module":"","resource":"random_pet.animal","implied_provider":"random","resource_type":"random_pet","resource_name":"animal","resource_key":null},"action":"create"},"type":"planned_change"}
//! ```
//!
//! Every message has `@level`, `@message`, `@module`, `@timestamp` and `type`
//! ([`Envelope`]); `type` says which other keys it has ([`Body`]). Nested objects are Go
//! structs: their keys come in a fixed order, documented on each type. The first message is
//! always `version`, whose `ui` key is the version of this format: `0.1.0` (Terraform
//! 0.15.3–1.0), `1.0` (1.1–1.3), `1.1` (1.4–1.5), `1.2` (1.6–1.14, OpenTofu), `1.3` (1.15+).
//! Minor versions only add message types and keys, which this library keeps
//! ([`Body::Unknown`], the `extra` members of every type); a major version above 1 is refused
//! ([`ParseError::UnsupportedVersion`]).
//!
//! | `type` | payload key | payload |
//! |---|---|---|
//! | `version` | `terraform` / `tofu`, `ui` | [`Version`] |
//! | `log` | (`state`) | [`Log`] |
//! | `diagnostic` | `diagnostic` | [`Diagnostic`] |
//! | `resource_drift`, `planned_change` | `change` | [`ResourceInstanceChange`] |
//! | `planned_action_invocation` | `invocation` | [`ActionInvocation`] |
//! | `change_summary` | `changes` | [`ChangeSummary`] |
//! | `outputs` | `outputs` | [`Outputs`] |
//! | `apply_*`, `ephemeral_op_*` | `hook` | [`OperationHook`] |
//! | `provision_*` | `hook` | [`ProvisionHook`] |
//! | `refresh_start`, `refresh_complete` | `hook` | [`RefreshHook`] |
//! | `action_start`, `_progress`, `_complete`, `_errored` | `hook` | [`ActionHook`] |
//! | `ephemeral_action_started`, `_complete` (OpenTofu) | `hook` | [`EphemeralHook`] |
//! | `list_start`, `list_resource_found`, `list_complete` | same as `type` | [`query`] types |
//! | `test_*` | same as `type` | [`testing`] types |
//! | `init_output` | `message_code` | [`InitOutput`] |
//! | `policy_*` | several | [`Policy`] |
//!
//! Messages about the same resource are linked by their [`ResourceAddr`]; messages about
//! different resources interleave.

#![deny(missing_docs)]

mod addr;
mod change;
mod diagnostic;
mod error;
mod hook;
mod message;
mod other;
mod out;
pub mod plan;
pub mod query;
mod raw;
mod reader;
pub mod testing;
pub mod timestamp;
mod version;

pub use addr::{implied_provider, ActionAddr, InstanceKey, ResourceAddr};
pub use change::{
    ActionInvocation, ChangeAction, ChangeReason, ChangeSummary, Importing, InvocationTrigger,
    Operation, Output, Outputs, ResourceInstanceChange,
};
pub use diagnostic::{
    Diagnostic, ExpressionValue, FunctionCall, Pos, Range, Severity, Snippet, TestAssertionExpr,
};
pub use error::ParseError;
pub use hook::{
    duration_text, ActionHook, ActionLifecycle, EphemeralHook, OperationHook, ProvisionHook,
    RefreshHook,
};
pub use message::{Body, Envelope, Level, Message};
pub use other::{InitOutput, Log, MigrationErrored, Notice, Policy, Version};
pub use out::Flavor;
pub use raw::{Extra, Map, Number, RawJson};
pub use reader::{LineError, Problem, Reader, DEFAULT_MAX_LINE};
pub use tfshow_release::{Feature, Program, Release};
pub use version::{UiVersion, SUPPORTED_MAJOR};

/// Reads every message of a stream; see [`Reader`].
pub fn read<R: std::io::Read>(r: R) -> Reader<R> {
    Reader::new(r)
}
