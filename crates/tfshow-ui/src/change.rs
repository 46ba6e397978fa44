//! Plan results: resource changes, action invocations, the change summary and outputs.

use crate::addr::{write_extra, write_opt, ActionAddr, ResourceAddr};
use crate::out::Out;
use crate::raw::{wire_enum, Extra, Fields, Map, RawJson, Wire};
use crate::ParseError;

wire_enum! {
    /// What happens to a resource instance or output (`action`).
    ChangeAction {
        /// `noop`.
        NoOp = "noop",
        /// `move`: only the address changes (1.1+).
        Move = "move",
        /// `create`.
        Create = "create",
        /// `read`: a data source is read.
        Read = "read",
        /// `update`: in place.
        Update = "update",
        /// `replace`: destroy and create (either order).
        Replace = "replace",
        /// `delete`.
        Delete = "delete",
        /// `import`: only an import (1.5+).
        Import = "import",
        /// `remove`: forgotten, not destroyed (Terraform 1.7+ and OpenTofu).
        Remove = "remove",
        /// `open`: an ephemeral resource is opened (1.10+ hooks).
        Open = "open",
        /// `renew`: an ephemeral resource is renewed.
        Renew = "renew",
        /// `close`: an ephemeral resource is closed.
        Close = "close",
    }
}

wire_enum! {
    /// Why an action was chosen (`reason`).
    ChangeReason {
        /// `tainted`.
        Tainted = "tainted",
        /// `requested` (`-replace`).
        Requested = "requested",
        /// `cannot_update`.
        CannotUpdate = "cannot_update",
        /// `replace_triggered_by` (1.2+).
        ReplaceTriggeredBy = "replace_triggered_by",
        /// `delete_because_no_resource_config` (1.1+).
        DeleteBecauseNoResourceConfig = "delete_because_no_resource_config",
        /// `delete_because_wrong_repetition` (1.1+).
        DeleteBecauseWrongRepetition = "delete_because_wrong_repetition",
        /// `delete_because_count_index` (1.1+).
        DeleteBecauseCountIndex = "delete_because_count_index",
        /// `delete_because_each_key` (1.1+).
        DeleteBecauseEachKey = "delete_because_each_key",
        /// `delete_because_no_module` (1.1+).
        DeleteBecauseNoModule = "delete_because_no_module",
        /// `delete_because_no_move_target` (1.3+).
        DeleteBecauseNoMoveTarget = "delete_because_no_move_target",
        /// `read_because_config_unknown` (1.2+).
        ReadBecauseConfigUnknown = "read_because_config_unknown",
        /// `read_because_dependency_pending` (1.2+).
        ReadBecauseDependencyPending = "read_because_dependency_pending",
        /// `read_because_check_nested` (1.5+).
        ReadBecauseCheckNested = "read_because_check_nested",
        /// `delete_because_enabled_false` (OpenTofu).
        DeleteBecauseEnabledFalse = "delete_because_enabled_false",
        /// `forgot_because_lifecycle_destroy_in_config` (OpenTofu).
        ForgotBecauseLifecycleDestroyInConfig = "forgot_because_lifecycle_destroy_in_config",
        /// `forgot_because_lifecycle_destroy_in_state` (OpenTofu).
        ForgotBecauseLifecycleDestroyInState = "forgot_because_lifecycle_destroy_in_state",
        /// `unknown`: a reason the writer could not name.
        Unknown = "unknown",
    }
}

/// Import details of a change (`importing`, 1.5+).
///
/// Wire format: `{"id":"i-123"}`; `id` is omitted when empty. OpenTofu adds `identity` (a JSON
/// object) for imports by identity.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Importing {
    /// `id`.
    pub id: Option<String>,
    /// `identity` (OpenTofu).
    pub identity: Option<RawJson>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for Importing {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(Importing {
            id: f.opt("id")?,
            identity: f.opt("identity")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        write_opt(out, "id", &self.id);
        write_opt(out, "identity", &self.identity);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// A planned or drifted change to one resource instance (`change` of `planned_change` and
/// `resource_drift`).
///
/// Wire format (key order as written):
/// `{"resource":{…},"previous_resource":{…},"action":"update","reason":"tainted",
///   "importing":{"id":"x"},"generated_config":"resource …"}`
///
/// - `resource`: [`ResourceAddr`];
/// - `previous_resource`: present only when the change moves the instance (1.1+);
/// - `action`: [`ChangeAction`]; a no-op that moves is `move`, a no-op import is `import`;
/// - `reason`: [`ChangeReason`], omitted when there is none;
/// - `importing`, `generated_config`: imports (1.5+), omitted otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceInstanceChange {
    /// `resource`.
    pub resource: ResourceAddr,
    /// `previous_resource`.
    pub previous_resource: Option<ResourceAddr>,
    /// `action`.
    pub action: ChangeAction,
    /// `reason`.
    pub reason: Option<ChangeReason>,
    /// `importing`.
    pub importing: Option<Importing>,
    /// `generated_config`.
    pub generated_config: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ResourceInstanceChange {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ResourceInstanceChange {
            resource: f.req("resource")?,
            previous_resource: f.opt("previous_resource")?,
            action: f.req("action")?,
            reason: f.opt("reason")?,
            importing: f.opt("importing")?,
            generated_config: f.opt("generated_config")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("resource");
        self.resource.encode(out);
        write_opt(out, "previous_resource", &self.previous_resource);
        out.key("action");
        self.action.encode(out);
        write_opt(out, "reason", &self.reason);
        write_opt(out, "importing", &self.importing);
        write_opt(out, "generated_config", &self.generated_config);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The lifecycle trigger of a planned action invocation (`lifecycle_trigger`, 1.14+).
///
/// Wire format: `{"triggering_resource":{…},"triggering_event":"AfterCreate",
/// "action_trigger_block_index":0,"actions_list_index":0,"on_failure":"ActionOnFailureHalt"}`
/// (`on_failure` from 1.16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvocationTrigger {
    /// `triggering_resource`.
    pub triggering_resource: ResourceAddr,
    /// `triggering_event`: `BeforeCreate`, `AfterCreate`, `BeforeUpdate`, `AfterUpdate`,
    /// `BeforeDestroy`, `AfterDestroy`, `Invoke`.
    pub triggering_event: String,
    /// `action_trigger_block_index`.
    pub action_trigger_block_index: i64,
    /// `actions_list_index`.
    pub actions_list_index: i64,
    /// `on_failure` (1.16+).
    pub on_failure: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for InvocationTrigger {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(InvocationTrigger {
            triggering_resource: f.req("triggering_resource")?,
            triggering_event: f.req("triggering_event")?,
            action_trigger_block_index: f.req("action_trigger_block_index")?,
            actions_list_index: f.req("actions_list_index")?,
            on_failure: f.opt("on_failure")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("triggering_resource");
        self.triggering_resource.encode(out);
        out.key("triggering_event");
        out.string(&self.triggering_event);
        out.key("action_trigger_block_index");
        self.action_trigger_block_index.encode(out);
        out.key("actions_list_index");
        self.actions_list_index.encode(out);
        write_opt(out, "on_failure", &self.on_failure);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// A planned action invocation (`invocation` of `planned_action_invocation`, 1.14+).
///
/// Wire format: `{"action_addr":{…},"lifecycle_trigger":{…}}` or, for
/// `terraform apply -invoke`, `{"action_addr":{…},"action_trigger":{}}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionInvocation {
    /// `action_addr`.
    pub action_addr: ActionAddr,
    /// `lifecycle_trigger`.
    pub lifecycle_trigger: Option<InvocationTrigger>,
    /// `action_trigger`: an object (empty today) for invocations from the command line.
    pub action_trigger: Option<RawJson>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for ActionInvocation {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ActionInvocation {
            action_addr: f.req("action_addr")?,
            lifecycle_trigger: f.opt("lifecycle_trigger")?,
            action_trigger: f.opt("action_trigger")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("action_addr");
        self.action_addr.encode(out);
        write_opt(out, "lifecycle_trigger", &self.lifecycle_trigger);
        write_opt(out, "action_trigger", &self.action_trigger);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

wire_enum! {
    /// What a change summary counts (`operation`).
    Operation {
        /// `plan`.
        Plan = "plan",
        /// `apply`.
        Apply = "apply",
        /// `destroy`.
        Destroy = "destroy",
    }
}

/// The counts of a plan or apply (`changes` of `change_summary`).
///
/// Wire format (key order as written; each count present from the release that added it):
/// `{"add":1,"change":0,"import":0,"remove":0,"action_invocation":0,"operation":"plan"}`.
/// `import` since 1.5, `action_invocation` since 1.14, `action_fail` since 1.16; OpenTofu
/// writes `forget` after `remove`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeSummary {
    /// `add`.
    pub add: i64,
    /// `change`.
    pub change: i64,
    /// `import`.
    pub import: Option<i64>,
    /// `remove`.
    pub remove: i64,
    /// `forget` (OpenTofu).
    pub forget: Option<i64>,
    /// `action_invocation`.
    pub action_invocation: Option<i64>,
    /// `action_fail`.
    pub action_fail: Option<i64>,
    /// `operation`.
    pub operation: Operation,
    /// Members this library does not know.
    pub extra: Extra,
}

impl ChangeSummary {
    /// The `@message` Terraform (and OpenTofu, which adds `forget`) writes for it.
    pub fn message(&self) -> String {
        let import = self.import.unwrap_or(0);
        let forget = self.forget.unwrap_or(0);
        let invoked = self.action_invocation.unwrap_or(0);
        let failed = self.action_fail.unwrap_or(0);
        let (add, change, remove) = (self.add, self.change, self.remove);
        let mut s = String::new();
        match self.operation {
            Operation::Apply => {
                s.push_str("Apply complete! Resources: ");
                if import > 0 {
                    s.push_str(&format!("{import} imported, "));
                }
                s.push_str(&format!(
                    "{add} added, {change} changed, {remove} destroyed"
                ));
                if forget > 0 {
                    s.push_str(&format!(", {forget} forgotten."));
                } else {
                    s.push('.');
                }
                if invoked > 0 {
                    s.push_str(&format!(" Actions: {invoked} invoked"));
                    if failed > 0 {
                        s.push_str(&format!(", {failed} failed"));
                    }
                    s.push('.');
                }
            }
            Operation::Destroy => {
                s.push_str(&format!("Destroy complete! Resources: {remove} destroyed."));
                if invoked > 0 {
                    s.push_str(&format!(" Actions: {invoked} invoked."));
                }
            }
            Operation::Plan => {
                s.push_str("Plan: ");
                if import > 0 {
                    s.push_str(&format!("{import} to import, "));
                }
                s.push_str(&format!(
                    "{add} to add, {change} to change, {remove} to destroy"
                ));
                if forget > 0 {
                    s.push_str(&format!(", {forget} to forget."));
                } else {
                    s.push('.');
                }
                if invoked > 0 {
                    s.push_str(&format!(" Actions: {invoked} to invoke."));
                }
            }
            Operation::Other(ref op) => {
                s.push_str(&format!(
                    "{op}: {add} add, {change} change, {remove} destroy"
                ));
            }
        }
        s
    }
}

impl Wire for ChangeSummary {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ChangeSummary {
            add: f.req("add")?,
            change: f.req("change")?,
            import: f.opt("import")?,
            remove: f.req("remove")?,
            forget: f.opt("forget")?,
            action_invocation: f.opt("action_invocation")?,
            action_fail: f.opt("action_fail")?,
            operation: f.req("operation")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("add");
        self.add.encode(out);
        out.key("change");
        self.change.encode(out);
        write_opt(out, "import", &self.import);
        out.key("remove");
        self.remove.encode(out);
        write_opt(out, "forget", &self.forget);
        write_opt(out, "action_invocation", &self.action_invocation);
        write_opt(out, "action_fail", &self.action_fail);
        out.key("operation");
        self.operation.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// One root module output (a value of the `outputs` map).
///
/// Wire format: in plan streams `{"sensitive":false,"action":"create"}`; in apply and refresh
/// streams `{"sensitive":false,"type":"string","value":"x"}`. Since 1.4 `value` is omitted
/// for sensitive outputs; **before 1.4 it is present even when `sensitive` is true**.
/// OpenTofu may add `deprecated` (a message) after `sensitive`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// `sensitive`.
    pub sensitive: bool,
    /// `deprecated` (OpenTofu).
    pub deprecated: Option<String>,
    /// `type`: the cty type in its JSON form.
    pub type_: Option<RawJson>,
    /// `value`: the value in cty's JSON form.
    pub value: Option<RawJson>,
    /// `action`: for planned outputs.
    pub action: Option<ChangeAction>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for Output {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(Output {
            sensitive: f.req("sensitive")?,
            deprecated: f.opt("deprecated")?,
            type_: f.opt("type")?,
            value: f.opt("value")?,
            action: f.opt("action")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("sensitive");
        self.sensitive.encode(out);
        write_opt(out, "deprecated", &self.deprecated);
        write_opt(out, "type", &self.type_);
        write_opt(out, "value", &self.value);
        write_opt(out, "action", &self.action);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// The `outputs` map: output name → [`Output`], names sorted bytewise.
pub type Outputs = Map<Output>;
