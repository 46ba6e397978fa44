//! Action and reason names.

use tfshow_planfile::model::{Action, ActionReason, DeferredReason};

/// Each action with the document's `actions` array for it.
const ACTIONS: [(Action, &[&str]); 11] = [
    (Action::NoOp, &["no-op"]),
    (Action::Create, &["create"]),
    (Action::Read, &["read"]),
    (Action::Update, &["update"]),
    (Action::Delete, &["delete"]),
    (Action::DeleteThenCreate, &["delete", "create"]),
    (Action::CreateThenDelete, &["create", "delete"]),
    (Action::Forget, &["forget"]),
    (Action::CreateThenForget, &["create", "forget"]),
    (Action::ForgetThenCreate, &["forget", "create"]),
    (Action::Open, &["open"]),
];

/// The `actions` array of an action.
pub(crate) fn action_names(a: Action) -> &'static [&'static str] {
    ACTIONS
        .iter()
        .find(|(action, _)| *action == a)
        .map_or(&[], |(_, names)| names)
}

/// The action whose `actions` array is `names` (as a document writes it).
pub(crate) fn action_of_names<S: AsRef<str>>(names: &[S]) -> Option<Action> {
    ACTIONS.iter().find_map(|(action, list)| {
        (list.len() == names.len() && list.iter().zip(names).all(|(a, b)| *a == b.as_ref()))
            .then_some(*action)
    })
}

/// Each reason with its `action_reason` string.
const REASONS: [(ActionReason, &str); 16] = [
    (
        ActionReason::ReplaceBecauseTainted,
        "replace_because_tainted",
    ),
    (ActionReason::ReplaceByRequest, "replace_by_request"),
    (
        ActionReason::ReplaceBecauseCannotUpdate,
        "replace_because_cannot_update",
    ),
    (
        ActionReason::DeleteBecauseNoResourceConfig,
        "delete_because_no_resource_config",
    ),
    (
        ActionReason::DeleteBecauseWrongRepetition,
        "delete_because_wrong_repetition",
    ),
    (
        ActionReason::DeleteBecauseCountIndex,
        "delete_because_count_index",
    ),
    (
        ActionReason::DeleteBecauseEachKey,
        "delete_because_each_key",
    ),
    (
        ActionReason::DeleteBecauseNoModule,
        "delete_because_no_module",
    ),
    (ActionReason::ReplaceByTriggers, "replace_by_triggers"),
    (
        ActionReason::ReadBecauseConfigUnknown,
        "read_because_config_unknown",
    ),
    (
        ActionReason::ReadBecauseDependencyPending,
        "read_because_dependency_pending",
    ),
    (
        ActionReason::DeleteBecauseNoMoveTarget,
        "delete_because_no_move_target",
    ),
    (
        ActionReason::ReadBecauseCheckNested,
        "read_because_check_nested",
    ),
    (
        ActionReason::DeleteBecauseEnabledFalse,
        "delete_because_enabled_false",
    ),
    (
        ActionReason::ForgotBecauseLifecycleDestroyInState,
        "forgot_because_lifecycle_destroy_in_state",
    ),
    (
        ActionReason::ForgotBecauseLifecycleDestroyInConfig,
        "forgot_because_lifecycle_destroy_in_config",
    ),
];

/// The `action_reason` string; `None` when omitted.
pub(crate) fn reason_name(r: ActionReason) -> Option<&'static str> {
    REASONS
        .iter()
        .find(|(reason, _)| *reason == r)
        .map(|(_, name)| *name)
}

/// The `action_reason` string equal to `name`, if it is one a document writes.
pub(crate) fn reason_named(name: &str) -> Option<&'static str> {
    REASONS.iter().find(|(_, n)| *n == name).map(|(_, n)| *n)
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
