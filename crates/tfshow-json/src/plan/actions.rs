//! Action and reason names.

use tfshow_planfile::model::{Action, ActionReason, DeferredReason};

/// The `actions` array of an action.
pub(crate) fn action_names(a: Action) -> &'static [&'static str] {
    match a {
        Action::NoOp => &["no-op"],
        Action::Create => &["create"],
        Action::Read => &["read"],
        Action::Update => &["update"],
        Action::Delete => &["delete"],
        Action::DeleteThenCreate => &["delete", "create"],
        Action::CreateThenDelete => &["create", "delete"],
        Action::Forget => &["forget"],
        Action::CreateThenForget => &["create", "forget"],
        Action::ForgetThenCreate => &["forget", "create"],
        Action::Open => &["open"],
    }
}

/// The `action_reason` string; `None` when omitted.
pub(crate) fn reason_name(r: ActionReason) -> Option<&'static str> {
    Some(match r {
        ActionReason::None => return None,
        ActionReason::ReplaceBecauseTainted => "replace_because_tainted",
        ActionReason::ReplaceByRequest => "replace_by_request",
        ActionReason::ReplaceBecauseCannotUpdate => "replace_because_cannot_update",
        ActionReason::DeleteBecauseNoResourceConfig => "delete_because_no_resource_config",
        ActionReason::DeleteBecauseWrongRepetition => "delete_because_wrong_repetition",
        ActionReason::DeleteBecauseCountIndex => "delete_because_count_index",
        ActionReason::DeleteBecauseEachKey => "delete_because_each_key",
        ActionReason::DeleteBecauseNoModule => "delete_because_no_module",
        ActionReason::ReplaceByTriggers => "replace_by_triggers",
        ActionReason::ReadBecauseConfigUnknown => "read_because_config_unknown",
        ActionReason::ReadBecauseDependencyPending => "read_because_dependency_pending",
        ActionReason::DeleteBecauseNoMoveTarget => "delete_because_no_move_target",
        ActionReason::ReadBecauseCheckNested => "read_because_check_nested",
        ActionReason::DeleteBecauseEnabledFalse => "delete_because_enabled_false",
        ActionReason::ForgotBecauseLifecycleDestroyInState => {
            "forgot_because_lifecycle_destroy_in_state"
        }
        ActionReason::ForgotBecauseLifecycleDestroyInConfig => {
            "forgot_because_lifecycle_destroy_in_config"
        }
    })
}

/// The `reason` of a deferred change.
pub(crate) fn deferred_reason_name(r: DeferredReason) -> &'static str {
    match r {
        DeferredReason::InstanceCountUnknown => "instance_count_unknown",
        DeferredReason::ResourceConfigUnknown => "resource_config_unknown",
        DeferredReason::ProviderConfigUnknown => "provider_config_unknown",
        DeferredReason::AbsentPrereq => "absent_prereq",
        DeferredReason::DeferredPrereq => "deferred_prereq",
    }
}
