//! The messages `terraform plan -json` prints for a plan, rebuilt from the plan file.
//!
//! After the graph walk Terraform prints, in this order (`OperationJSON.Plan`):
//!
//! 1. `version` (first line of every stream);
//! 2. `resource_drift` for each drifted resource whose action is not a no-op (every drifted
//!    resource in refresh-only mode), in the plan's order (1.1+). Terraform 1.0.3–1.0.x
//!    instead compared the two states of the plan and listed changed instances as `update`
//!    and vanished ones as `delete`, sorted by address ([`LegacyDrift`]); earlier releases
//!    printed no drift;
//! 3. `planned_change` for each resource change that is not a data source delete and whose
//!    action is not a no-op, or that moves (1.1+) or imports (1.5+) the instance, in the
//!    plan's order;
//! 4. `planned_action_invocation` for each planned action invocation (1.14+);
//! 5. `change_summary` with operation `plan`;
//! 6. `outputs` with each root output change's `sensitive` and `action`, when there is at
//!    least one (1.0.5+).
//!
//! Messages that come from running the plan (refresh and data source hooks, diagnostics)
//! are not in the plan file and are not produced.

use tfshow_addrs::{AbsResourceInstance, ResourceMode};
use tfshow_planfile::model::{
    Action, ActionReason, Mode, Plan, ResourceInstanceChange as PlanChange,
};
use tfshow_planfile::proto::action_invocation_instance::ActionTrigger;

use crate::addr::{ActionAddr, ResourceAddr};
use crate::change::{
    ActionInvocation, ChangeAction, ChangeReason, ChangeSummary, Importing, InvocationTrigger,
    Operation, Output, ResourceInstanceChange,
};
use crate::message::{Body, Envelope, Level, Message};
use crate::other::Version;
use crate::out::Flavor;
use crate::raw::{Extra, Map, RawJson};
use crate::{Feature, Program, Release};

/// A drifted instance as Terraform 1.0.3–1.0.x found it by comparing the plan's previous-run
/// state with its refreshed prior state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegacyDrift {
    /// The instance address.
    pub address: String,
    /// The instance is gone from the refreshed state (`delete`), rather than changed
    /// (`update`).
    pub deleted: bool,
}

/// Whether the release that wrote a plan computed drift from the plan's two states
/// (1.0.3 to 1.0.x); the caller then supplies it as [`LegacyDrift`].
pub fn needs_legacy_drift(terraform_version: &str) -> bool {
    Release::terraform(terraform_version).has(Feature::UiDriftFromStates)
}

/// A plan could not be turned into messages.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// An address in the plan does not parse.
    #[error("invalid address {address:?} in the plan: {reason}")]
    Address {
        /// The address.
        address: String,
        /// Why.
        reason: String,
    },
}

/// The plan messages of `plan`, as the release that wrote it prints them. `timestamp` is
/// called once per message for its `@timestamp` (e.g. [`crate::timestamp::now`]).
/// `legacy_drift` is used only for plans of 1.0.3–1.0.x ([`needs_legacy_drift`]).
pub fn plan_messages(
    plan: &Plan,
    legacy_drift: &[LegacyDrift],
    timestamp: &mut dyn FnMut() -> String,
) -> Result<Vec<Message>, PlanError> {
    let rel = plan.release();
    let flavor = Flavor::of(&rel);
    let module = match rel.program {
        Program::OpenTofu => "tofu.ui",
        Program::Terraform => "terraform.ui",
    };
    let mut out = Vec::new();
    let mut emit = |message: String, type_: &str, body: Body| {
        let envelope = Envelope {
            level: Level::Info,
            message,
            module: module.into(),
            timestamp: timestamp(),
            type_: type_.into(),
            test_file: None,
            test_run: None,
            policy: None,
            extra: Extra::new(),
        };
        out.push(Message::new(envelope, body, flavor));
    };

    let version = Some(plan.terraform_version.clone());
    let tofu = rel.program == Program::OpenTofu;
    emit(
        format!("{} {}", rel.program.name(), plan.terraform_version),
        "version",
        Body::Version(Version {
            terraform: if tofu { None } else { version.clone() },
            tofu: if tofu { version } else { None },
            ui: rel.ui_version().into(),
        }),
    );

    if rel.has(Feature::UiMovesAndDrift) {
        for d in &plan.resource_drift {
            if d.change.action != Action::NoOp || plan.ui_mode == Mode::RefreshOnly {
                let c = instance_change(d, &rel)?;
                emit(
                    format!("{}: Drift detected ({})", c.resource.addr, c.action),
                    "resource_drift",
                    Body::ResourceDrift(c),
                );
            }
        }
    } else if needs_legacy_drift(&plan.terraform_version) {
        let mut drift: Vec<&LegacyDrift> = legacy_drift.iter().collect();
        drift.sort_by(|a, b| a.address.cmp(&b.address));
        for d in drift {
            let c = ResourceInstanceChange {
                resource: resource_addr(&d.address)?,
                previous_resource: None,
                action: if d.deleted {
                    ChangeAction::Delete
                } else {
                    ChangeAction::Update
                },
                reason: None,
                importing: None,
                generated_config: None,
                extra: Extra::new(),
            };
            emit(
                format!("{}: Drift detected ({})", c.resource.addr, c.action),
                "resource_drift",
                Body::ResourceDrift(c),
            );
        }
    }

    let mut summary = ChangeSummary {
        add: 0,
        change: 0,
        import: rel.has(Feature::UiImport).then_some(0),
        remove: 0,
        forget: rel.has(Feature::UiForgetCount).then_some(0),
        action_invocation: rel.has(Feature::UiActionInvocations).then_some(0),
        action_fail: rel.has(Feature::UiActionFailure).then_some(0),
        operation: Operation::Plan,
        extra: Extra::new(),
    };
    for rc in &plan.resource_changes {
        let parsed = parse_addr(&rc.addr)?;
        let action = rc.change.action;
        if action == Action::Delete && parsed.mode == ResourceMode::Data {
            continue;
        }
        let importing = rel.has(Feature::UiImport) && rc.change.importing.is_some();
        let moved = rel.has(Feature::UiMovesAndDrift) && rc.prev_run_addr.is_some();
        if importing {
            if let Some(i) = summary.import.as_mut() {
                *i += 1;
            }
        }
        match action {
            Action::Create => summary.add += 1,
            Action::Delete => summary.remove += 1,
            Action::Update => summary.change += 1,
            Action::Forget => {
                if let Some(f) = summary.forget.as_mut() {
                    *f += 1;
                }
            }
            Action::DeleteThenCreate | Action::CreateThenDelete => {
                summary.add += 1;
                summary.remove += 1;
            }
            Action::ForgetThenCreate => {
                summary.add += 1;
                if let Some(f) = summary.forget.as_mut() {
                    *f += 1;
                }
            }
            _ => {}
        }
        if action != Action::NoOp || moved || importing {
            let c = instance_change(rc, &rel)?;
            emit(
                format!("{}: Plan to {}", c.resource.addr, c.action),
                "planned_change",
                Body::PlannedChange(c),
            );
        }
    }

    if rel.has(Feature::UiActionInvocations) {
        summary.action_invocation = Some(plan.action_invocations.len() as i64);
        for ai in &plan.action_invocations {
            let inv = action_invocation(ai, &rel)?;
            emit(
                format!("planned action invocation: {}", inv.action_addr.action),
                "planned_action_invocation",
                Body::PlannedActionInvocation(inv),
            );
        }
    }

    emit(
        summary.message(),
        "change_summary",
        Body::ChangeSummary(summary),
    );

    if rel.has(Feature::UiOutputs) && !plan.output_changes.is_empty() {
        let outputs = Map::sorted(
            plan.output_changes
                .iter()
                .map(|o| {
                    let output = Output {
                        sensitive: o.sensitive,
                        deprecated: None,
                        type_: None,
                        value: None,
                        action: Some(change_action(o.change.action, &rel)),
                        extra: Extra::new(),
                    };
                    (o.name.clone(), output)
                })
                .collect(),
        );
        // A Go map: one entry per name.
        let mut dedup: Vec<(String, Output)> = Vec::with_capacity(outputs.len());
        for (k, v) in outputs.0 {
            match dedup.last_mut() {
                Some((last, slot)) if *last == k => *slot = v,
                _ => dedup.push((k, v)),
            }
        }
        let outputs = Map(dedup);
        emit(
            format!("Outputs: {}", outputs.len()),
            "outputs",
            Body::Outputs(outputs),
        );
    }
    Ok(out)
}

fn parse_addr(address: &str) -> Result<AbsResourceInstance, PlanError> {
    AbsResourceInstance::parse(address).map_err(|e| PlanError::Address {
        address: address.to_owned(),
        reason: e.to_string(),
    })
}

fn resource_addr(address: &str) -> Result<ResourceAddr, PlanError> {
    ResourceAddr::from_address(address).map_err(|e| PlanError::Address {
        address: address.to_owned(),
        reason: e.to_string(),
    })
}

/// `json.NewResourceInstanceChange` of the release.
fn instance_change(rc: &PlanChange, rel: &Release) -> Result<ResourceInstanceChange, PlanError> {
    let mut c = ResourceInstanceChange {
        resource: resource_addr(&rc.addr)?,
        previous_resource: None,
        action: change_action(rc.change.action, rel),
        reason: change_reason(rc.action_reason, rel),
        importing: None,
        generated_config: None,
        extra: Extra::new(),
    };
    if rel.has(Feature::UiMovesAndDrift) {
        if let Some(prev) = &rc.prev_run_addr {
            if c.action == ChangeAction::NoOp {
                c.action = ChangeAction::Move;
            }
            c.previous_resource = Some(resource_addr(prev)?);
        }
    }
    if rel.has(Feature::UiImport) {
        if !rc.change.generated_config.is_empty() {
            c.generated_config = Some(rc.change.generated_config.clone());
        }
        if let Some(imp) = &rc.change.importing {
            if c.action == ChangeAction::NoOp {
                c.action = ChangeAction::Import;
            }
            let by_identity = imp.id.is_empty() && rel.has(Feature::UiImportIdentity);
            c.importing = Some(Importing {
                id: (!imp.id.is_empty()).then(|| imp.id.clone()),
                identity: imp
                    .identity
                    .as_deref()
                    .filter(|_| by_identity)
                    .and_then(|m| identity_json(m, rel)),
                extra: Extra::new(),
            });
        }
    }
    Ok(c)
}

/// The JSON of an import identity (msgpack, its type implied by the encoding), or `None`
/// where OpenTofu gives up on it too (then only the empty `id` is left: `{}`).
fn identity_json(msgpack: &[u8], rel: &Release) -> Option<RawJson> {
    let opts = tfshow_cty::msgpack::Options::default();
    let value = tfshow_cty::msgpack::decode_untyped(msgpack, &opts).ok()?;
    let mut w = tfshow_gojson::Writer::new(tfshow_gojson::Dialect::of(rel));
    tfshow_cty::json::write_value(&mut w, &value).ok()?;
    let text = String::from_utf8(w.into_bytes()).ok()?;
    RawJson::from_string(text).ok()
}

/// `changeAction` of the release.
fn change_action(action: Action, rel: &Release) -> ChangeAction {
    let forget = rel.has(Feature::UiForget);
    match action {
        Action::NoOp => ChangeAction::NoOp,
        Action::Create => ChangeAction::Create,
        Action::Read => ChangeAction::Read,
        Action::Update => ChangeAction::Update,
        Action::DeleteThenCreate | Action::CreateThenDelete => ChangeAction::Replace,
        Action::CreateThenForget if forget => ChangeAction::Replace,
        Action::Delete => ChangeAction::Delete,
        Action::Forget if forget => ChangeAction::Remove,
        Action::Open => ChangeAction::Open,
        // OpenTofu 1.12 names no UI action for forget-then-create.
        Action::CreateThenForget | Action::Forget | Action::ForgetThenCreate => ChangeAction::NoOp,
    }
}

/// `changeReason` of the release: reasons it did not know yet are `unknown`.
fn change_reason(reason: ActionReason, rel: &Release) -> Option<ChangeReason> {
    use ActionReason as R;
    let since = |ok: bool, r: ChangeReason| Some(if ok { r } else { ChangeReason::Unknown });
    match reason {
        R::None => None,
        R::ReplaceBecauseTainted => Some(ChangeReason::Tainted),
        R::ReplaceByRequest => Some(ChangeReason::Requested),
        R::ReplaceBecauseCannotUpdate => Some(ChangeReason::CannotUpdate),
        R::ReplaceByTriggers => since(
            rel.has(Feature::UiReasons12),
            ChangeReason::ReplaceTriggeredBy,
        ),
        R::DeleteBecauseNoResourceConfig => since(
            rel.has(Feature::UiMovesAndDrift),
            ChangeReason::DeleteBecauseNoResourceConfig,
        ),
        R::DeleteBecauseWrongRepetition => since(
            rel.has(Feature::UiMovesAndDrift),
            ChangeReason::DeleteBecauseWrongRepetition,
        ),
        R::DeleteBecauseCountIndex => since(
            rel.has(Feature::UiMovesAndDrift),
            ChangeReason::DeleteBecauseCountIndex,
        ),
        R::DeleteBecauseEachKey => since(
            rel.has(Feature::UiMovesAndDrift),
            ChangeReason::DeleteBecauseEachKey,
        ),
        R::DeleteBecauseNoModule => since(
            rel.has(Feature::UiMovesAndDrift),
            ChangeReason::DeleteBecauseNoModule,
        ),
        R::DeleteBecauseNoMoveTarget => since(
            rel.has(Feature::UiReasonNoMoveTarget),
            ChangeReason::DeleteBecauseNoMoveTarget,
        ),
        R::ReadBecauseConfigUnknown => since(
            rel.has(Feature::UiReasons12),
            ChangeReason::ReadBecauseConfigUnknown,
        ),
        R::ReadBecauseDependencyPending => since(
            rel.has(Feature::UiReasons12),
            ChangeReason::ReadBecauseDependencyPending,
        ),
        R::ReadBecauseCheckNested => since(
            rel.has(Feature::UiImport),
            ChangeReason::ReadBecauseCheckNested,
        ),
        // Only the OpenTofu releases that write these name them.
        R::DeleteBecauseEnabledFalse => Some(ChangeReason::DeleteBecauseEnabledFalse),
        R::ForgotBecauseLifecycleDestroyInState => {
            Some(ChangeReason::ForgotBecauseLifecycleDestroyInState)
        }
        R::ForgotBecauseLifecycleDestroyInConfig => {
            Some(ChangeReason::ForgotBecauseLifecycleDestroyInConfig)
        }
    }
}

/// `json.NewPlannedActionInvocation` of the release.
fn action_invocation(
    ai: &tfshow_planfile::proto::ActionInvocationInstance,
    rel: &Release,
) -> Result<ActionInvocation, PlanError> {
    let action_addr = ActionAddr::from_address(&ai.addr).ok_or_else(|| PlanError::Address {
        address: ai.addr.clone(),
        reason: "not an action instance address".into(),
    })?;
    let mut inv = ActionInvocation {
        action_addr,
        lifecycle_trigger: None,
        action_trigger: None,
        extra: Extra::new(),
    };
    match &ai.action_trigger {
        Some(ActionTrigger::ResourceActionTrigger(t)) => {
            inv.lifecycle_trigger = Some(InvocationTrigger {
                triggering_resource: resource_addr(&t.triggering_resource_addr)?,
                triggering_event: trigger_event(t.trigger_event),
                action_trigger_block_index: t.action_trigger_block_index,
                actions_list_index: t.actions_list_index,
                on_failure: rel
                    .has(Feature::UiActionFailure)
                    .then(|| on_failure(t.on_failure)),
                extra: Extra::new(),
            });
        }
        Some(ActionTrigger::InvokeActionTrigger(_)) => {
            inv.action_trigger = RawJson::from_string("{}".into()).ok();
        }
        None => {}
    }
    Ok(inv)
}

/// Go's `ActionTriggerEvent.String()`.
fn trigger_event(n: i32) -> String {
    const NAMES: [&str; 8] = [
        "EventUnknown",
        "BeforeCreate",
        "AfterCreate",
        "BeforeUpdate",
        "AfterUpdate",
        "BeforeDestroy",
        "AfterDestroy",
        "Invoke",
    ];
    usize::try_from(n)
        .ok()
        .and_then(|i| NAMES.get(i))
        .map_or_else(|| format!("ActionTriggerEvent({n})"), |s| (*s).to_owned())
}

/// Go's `ActionOnFailure.String()`.
fn on_failure(n: i32) -> String {
    match n {
        0 => "ActionOnFailureHalt".into(),
        1 => "ActionOnFailureTaint".into(),
        2 => "ActionOnFailureContinue".into(),
        _ => format!("ActionOnFailure({n})"),
    }
}

/// Opens a plan file (`terraform plan -out=FILE`) with the default limits and decodes its
/// plan.
pub fn read_plan_file(bytes: &[u8]) -> Result<Plan, tfshow_planfile::Error> {
    read_plan_file_with(bytes, &tfshow_planfile::Limits::default())
}

/// Opens a plan file within `limits` and decodes its plan.
pub fn read_plan_file_with(
    bytes: &[u8],
    limits: &tfshow_planfile::Limits,
) -> Result<Plan, tfshow_planfile::Error> {
    Ok(tfshow_planfile::PlanFile::from_bytes(bytes, limits)?.plan)
}

/// A plan file could not be read by [`read_plan_file_decrypting`].
#[derive(Debug, thiserror::Error)]
pub enum ReadPlanError {
    /// The file is encrypted by OpenTofu and could not be decrypted.
    #[error(transparent)]
    Decrypt(#[from] tfshow_encryption::DecryptError),
    /// The plan file could not be read.
    #[error(transparent)]
    Plan(#[from] tfshow_planfile::Error),
}

/// [`read_plan_file_with`], decrypting an OpenTofu-encrypted plan with `encryption` (the
/// `TF_ENCRYPTION` configuration) first.
pub fn read_plan_file_decrypting(
    bytes: &[u8],
    limits: &tfshow_planfile::Limits,
    encryption: Option<&tfshow_encryption::Config>,
) -> Result<Plan, ReadPlanError> {
    let plain =
        tfshow_encryption::decrypt(bytes, encryption, tfshow_encryption::Target::Plan, limits)?;
    Ok(read_plan_file_with(&plain, limits)?)
}

/// Reads [`LegacyDrift`] from a `terraform show -json` plan document of a 1.0.x plan (its
/// `resource_drift` array, which those releases computed the same way as their UI did).
pub fn legacy_drift_from_plan_json(doc: &[u8]) -> Result<Vec<LegacyDrift>, serde_json::Error> {
    #[derive(serde::Deserialize)]
    struct Doc {
        #[serde(default)]
        resource_drift: Vec<Drift>,
    }
    #[derive(serde::Deserialize)]
    struct Drift {
        address: String,
        change: DriftChange,
    }
    #[derive(serde::Deserialize)]
    struct DriftChange {
        actions: Vec<String>,
    }
    let doc: Doc = serde_json::from_slice(doc)?;
    Ok(doc
        .resource_drift
        .into_iter()
        .map(|d| LegacyDrift {
            address: d.address,
            deleted: d.change.actions.iter().any(|a| a == "delete"),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfshow_planfile::model::{Change, Importing as PlanImporting, OutputChange};
    use tfshow_planfile::proto;

    fn change(addr: &str, action: Action) -> PlanChange {
        PlanChange {
            addr: addr.into(),
            address: tfshow_addrs::AbsResourceInstance::parse(addr).expect("address"),
            prev_run_addr: None,
            deposed_key: String::new(),
            provider: "provider[\"registry.terraform.io/hashicorp/null\"]".into(),
            change: Change {
                action,
                before: None,
                after: None,
                before_sensitive_paths: Vec::new(),
                after_sensitive_paths: Vec::new(),
                importing: None,
                generated_config: String::new(),
                before_identity: None,
                after_identity: None,
            },
            required_replace: Vec::new(),
            action_reason: ActionReason::None,
            private: Vec::new(),
        }
    }

    fn plan(version: &str, changes: Vec<PlanChange>) -> Plan {
        Plan {
            terraform_version: version.into(),
            program: tfshow_release::Program::Terraform,
            ui_mode: Mode::Normal,
            variables: Vec::new(),
            resource_changes: changes,
            resource_drift: Vec::new(),
            deferred_changes: Vec::new(),
            output_changes: Vec::new(),
            check_results: Vec::new(),
            condition_results: Vec::new(),
            target_addrs: Vec::new(),
            exclude_addrs: Vec::new(),
            force_replace_addrs: Vec::new(),
            action_target_addrs: Vec::new(),
            relevant_attributes: Vec::new(),
            errored: false,
            timestamp: None,
            applyable: true,
            complete: true,
            apply_time_variables: Vec::new(),
            action_invocations: Vec::new(),
            deferred_action_invocations: Vec::new(),
            backend: None,
            state_store: None,
        }
    }

    fn lines(p: &Plan, drift: &[LegacyDrift]) -> Vec<String> {
        let mut ts = || "T".to_owned();
        plan_messages(p, drift, &mut ts)
            .unwrap()
            .iter()
            .map(|m| m.as_json().to_owned())
            .collect()
    }

    fn sample() -> Vec<PlanChange> {
        let mut moved = change("null_resource.b", Action::NoOp);
        moved.prev_run_addr = Some("null_resource.a".into());
        let mut gone = change("module.m[\"x\"].null_resource.c[1]", Action::Delete);
        gone.action_reason = ActionReason::DeleteBecauseNoResourceConfig;
        let mut imported = change("null_resource.i", Action::NoOp);
        imported.change.importing = Some(PlanImporting {
            id: "abc".into(),
            unknown: false,
            identity: None,
        });
        vec![
            moved,
            gone,
            imported,
            change("data.null_data_source.d", Action::Delete),
        ]
    }

    #[test]
    fn terraform_1_0_knows_neither_moves_nor_new_reasons() {
        let mut p = plan("1.0.4", sample());
        p.output_changes.push(OutputChange {
            name: "o".into(),
            change: change("null_resource.x", Action::Create).change,
            sensitive: false,
        });
        let drift = [LegacyDrift {
            address: "null_resource.z".into(),
            deleted: true,
        }];
        let l = lines(&p, &drift);
        assert_eq!(l.len(), 4, "{l:#?}");
        assert!(l[0].contains(r#""ui":"0.1.0""#));
        assert!(l[1].contains(r#""@message":"null_resource.z: Drift detected (delete)""#));
        assert!(
            l[2].contains(r#""action":"delete","reason":"unknown""#),
            "{}",
            l[2]
        );
        assert!(
            l[2].contains(r#""resource":"null_resource.c[1]""#),
            "{}",
            l[2]
        );
        assert!(l[2].contains(r#""module":"module.m[\"x\"]""#), "{}", l[2]);
        assert_eq!(
            l[3],
            r#"{"@level":"info","@message":"Plan: 0 to add, 0 to change, 1 to destroy.","@module":"terraform.ui","@timestamp":"T","changes":{"add":0,"change":0,"remove":1,"operation":"plan"},"type":"change_summary"}"#
        );
    }

    #[test]
    fn later_releases_add_moves_imports_and_forgets() {
        let l = lines(&plan("1.4.7", sample()), &[]);
        let types: Vec<_> = l
            .iter()
            .map(|x| &x[x.find("\"type\"").unwrap_or(0)..])
            .collect();
        assert_eq!(l.len(), 4, "{types:#?}");
        assert!(l[1].contains(r#""previous_resource":{"addr":"null_resource.a""#));
        assert!(l[1].contains(r#""action":"move""#));
        assert!(l[2].contains(r#""reason":"delete_because_no_resource_config""#));

        let mut changes = sample();
        changes.push(change("null_resource.f", Action::Forget));
        let l = lines(&plan("1.7.0", changes), &[]);
        assert_eq!(l.len(), 6, "{l:#?}");
        assert!(
            l[3].contains(r#""action":"import","importing":{"id":"abc"}"#),
            "{}",
            l[3]
        );
        assert!(l[4].contains(r#""@message":"null_resource.f: Plan to remove""#));
        assert!(l[5]
            .contains(r#""@message":"Plan: 1 to import, 0 to add, 0 to change, 1 to destroy.""#));
        assert!(l[5].contains(
            r#""changes":{"add":0,"change":0,"import":1,"remove":1,"operation":"plan"}"#
        ));
    }

    #[test]
    fn action_invocations_from_1_14() {
        let mut p = plan("1.16.0", vec![change("null_resource.a", Action::Create)]);
        p.action_invocations.push(proto::ActionInvocationInstance {
            addr: "module.m.action.local_command.run[0]".into(),
            action_trigger: Some(ActionTrigger::ResourceActionTrigger(
                proto::ResourceActionTrigger {
                    triggering_resource_addr: "null_resource.a".into(),
                    trigger_event: 2,
                    action_trigger_block_index: 0,
                    actions_list_index: 1,
                    on_failure: 2,
                },
            )),
            ..Default::default()
        });
        p.action_invocations.push(proto::ActionInvocationInstance {
            addr: "action.local_command.x".into(),
            action_trigger: Some(ActionTrigger::InvokeActionTrigger(Default::default())),
            ..Default::default()
        });
        let l = lines(&p, &[]);
        assert_eq!(l.len(), 5, "{l:#?}");
        assert!(l[2].starts_with(
            r#"{"@level":"info","@message":"planned action invocation: action.local_command.run[0]","@module":"terraform.ui","@timestamp":"T","invocation":{"action_addr":{"addr":"module.m.action.local_command.run[0]","module":"module.m","action":"action.local_command.run[0]","implied_provider":"local","action_type":"local_command","action_name":"run","action_key":0},"lifecycle_trigger":{"triggering_resource":{"addr":"null_resource.a""#
        ), "{}", l[2]);
        assert!(l[2].contains(r#""triggering_event":"AfterCreate","action_trigger_block_index":0,"actions_list_index":1,"on_failure":"ActionOnFailureContinue"}}"#), "{}", l[2]);
        assert!(
            l[3].contains(r#""action_key":null},"action_trigger":{}}"#),
            "{}",
            l[3]
        );
        assert!(l[4].contains(
            r#""@message":"Plan: 1 to add, 0 to change, 0 to destroy. Actions: 2 to invoke.""#
        ));
        assert!(l[4].contains(r#""action_invocation":2,"action_fail":0,"operation":"plan""#));
    }
}
