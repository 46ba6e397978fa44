//! Progress of single resources and actions (the `hook` payload).

use crate::addr::{write_extra, write_opt, ActionAddr, ResourceAddr};
use crate::change::ChangeAction;
use crate::out::Out;
use crate::raw::{Extra, Fields, Number, RawJson, Wire};
use crate::ParseError;

/// The hook of `apply_*` and `ephemeral_op_*` messages.
///
/// Wire format (key order as written, each key only where the message type has it):
/// `{"resource":{…},"action":"create","id_key":"id","id_value":"x","elapsed_seconds":0}`
///
/// | type | keys |
/// |---|---|
/// | `apply_start` | `resource`, `action`, `id_key`?, `id_value`? |
/// | `apply_progress` | `resource`, `action`, `elapsed_seconds` |
/// | `apply_complete` | `resource`, `action`, `id_key`?, `id_value`?, `elapsed_seconds` |
/// | `apply_errored` | `resource`, `action`, `elapsed_seconds` |
/// | `ephemeral_op_start` | `resource`, `action` |
/// | `ephemeral_op_progress` / `_complete` / `_errored` | `resource`, `action`, `elapsed_seconds` |
///
/// `elapsed_seconds` is whole seconds since the operation started, written as a float.
/// Data sources read during plan or apply report `apply_*` with action `read`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OperationHook {
    /// `resource`.
    pub resource: ResourceAddr,
    /// `action`.
    pub action: ChangeAction,
    /// `id_key`: the attribute that identifies the object (`id`, `name`, `tags.Name`).
    pub id_key: Option<String>,
    /// `id_value`.
    pub id_value: Option<String>,
    /// `elapsed_seconds`.
    pub elapsed_seconds: Option<Number>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for OperationHook {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(OperationHook {
            resource: f.req("resource")?,
            action: f.req("action")?,
            id_key: f.opt("id_key")?,
            id_value: f.opt("id_value")?,
            elapsed_seconds: f.opt("elapsed_seconds")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("resource");
        self.resource.encode(out);
        out.key("action");
        self.action.encode(out);
        write_opt(out, "id_key", &self.id_key);
        write_opt(out, "id_value", &self.id_value);
        write_opt(out, "elapsed_seconds", &self.elapsed_seconds);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The hook of `provision_*` messages.
///
/// Wire format: `{"resource":{…},"provisioner":"local-exec","output":"one line"}`; `output`
/// only in `provision_progress` (one message per non-empty output line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvisionHook {
    /// `resource`.
    pub resource: ResourceAddr,
    /// `provisioner`: the provisioner type.
    pub provisioner: String,
    /// `output`.
    pub output: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ProvisionHook {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ProvisionHook {
            resource: f.req("resource")?,
            provisioner: f.req("provisioner")?,
            output: f.opt("output")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("resource");
        self.resource.encode(out);
        out.key("provisioner");
        out.string(&self.provisioner);
        write_opt(out, "output", &self.output);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The hook of `refresh_start` and `refresh_complete`.
///
/// Wire format: `{"resource":{…},"id_key":"id","id_value":"x"}` (`id_*` omitted when the
/// object has no usable identifier).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefreshHook {
    /// `resource`.
    pub resource: ResourceAddr,
    /// `id_key`.
    pub id_key: Option<String>,
    /// `id_value`.
    pub id_value: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for RefreshHook {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(RefreshHook {
            resource: f.req("resource")?,
            id_key: f.opt("id_key")?,
            id_value: f.opt("id_value")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("resource");
        self.resource.encode(out);
        write_opt(out, "id_key", &self.id_key);
        write_opt(out, "id_value", &self.id_value);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The resource trigger of an action hook (`lifecycle`).
///
/// Wire format: `{"resource":{…},"trigger_index":0,"actions_index":0,
/// "trigger_event":"AfterCreate","on_failure":"ActionOnFailureHalt"}` (`on_failure` 1.16+).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionLifecycle {
    /// `resource`: the triggering resource.
    pub resource: ResourceAddr,
    /// `trigger_index`.
    pub trigger_index: i64,
    /// `actions_index`.
    pub actions_index: i64,
    /// `trigger_event`.
    pub trigger_event: String,
    /// `on_failure`.
    pub on_failure: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ActionLifecycle {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ActionLifecycle {
            resource: f.req("resource")?,
            trigger_index: f.req("trigger_index")?,
            actions_index: f.req("actions_index")?,
            trigger_event: f.req("trigger_event")?,
            on_failure: f.opt("on_failure")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("resource");
        self.resource.encode(out);
        out.key("trigger_index");
        self.trigger_index.encode(out);
        out.key("actions_index");
        self.actions_index.encode(out);
        out.key("trigger_event");
        out.string(&self.trigger_event);
        write_opt(out, "on_failure", &self.on_failure);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The hook of `action_start`, `action_progress`, `action_complete` and `action_errored`
/// (Terraform 1.13+).
///
/// Wire format: `{"action":{…},"message":"…","error":"…","lifecycle":{…},"invoke":{}}` —
/// `message` only in `action_progress`, `error` only in `action_errored`; `lifecycle` for
/// actions triggered by a resource, `invoke` for `terraform apply -invoke`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionHook {
    /// `action`.
    pub action: ActionAddr,
    /// `message`.
    pub message: Option<String>,
    /// `error`.
    pub error: Option<String>,
    /// `lifecycle`.
    pub lifecycle: Option<ActionLifecycle>,
    /// `invoke`.
    pub invoke: Option<RawJson>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ActionHook {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ActionHook {
            action: f.req("action")?,
            message: f.opt("message")?,
            error: f.opt("error")?,
            lifecycle: f.opt("lifecycle")?,
            invoke: f.opt("invoke")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("action");
        self.action.encode(out);
        write_opt(out, "message", &self.message);
        write_opt(out, "error", &self.error);
        write_opt(out, "lifecycle", &self.lifecycle);
        write_opt(out, "invoke", &self.invoke);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The hook of OpenTofu's `ephemeral_action_started` and `ephemeral_action_complete`.
///
/// Wire format: `{"resource":{…},"Msg":"Opening..."}` — note the capitalised `Msg` key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EphemeralHook {
    /// `resource`.
    pub resource: ResourceAddr,
    /// `Msg`.
    pub msg: String,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for EphemeralHook {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(EphemeralHook {
            resource: f.req("resource")?,
            msg: f.req("Msg")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("resource");
        self.resource.encode(out);
        out.key("Msg");
        out.string(&self.msg);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// Go's `time.Duration.String()` of whole seconds, as in `@message` texts (`0s`, `1m4s`,
/// `1h0m5s`).
pub fn duration_text(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}h{m}m{s}s")
    } else if m > 0 {
        format!("{m}m{s}s")
    } else {
        format!("{s}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_like_go() {
        assert_eq!(duration_text(0), "0s");
        assert_eq!(duration_text(64), "1m4s");
        assert_eq!(duration_text(3605), "1h0m5s");
    }
}
