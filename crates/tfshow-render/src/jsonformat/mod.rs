//! The machinery behind Terraform's human rendering of plans and states, reimplemented from
//! its observable behaviour: a change read from the JSON document ([`structured`]) is turned
//! into a tree of diffs using the provider schema ([`differ`]; values without a type by
//! [`jsondiff`]), and the tree is printed ([`render`], one file per renderer).

mod collections;
pub(crate) mod differ;
pub(crate) mod jsondiff;
pub(crate) mod node;
pub(crate) mod render;
pub(crate) mod structured;
pub(crate) mod text;

/// What happens to an object or a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Nothing.
    NoOp,
    /// Created.
    Create,
    /// Read (data sources).
    Read,
    /// Updated in place.
    Update,
    /// Destroyed, then created again.
    DeleteThenCreate,
    /// Created again, then the old object destroyed.
    CreateThenDelete,
    /// Destroyed.
    Delete,
    /// Removed from state without being destroyed.
    Forget,
    /// Created again; the old object is forgotten.
    CreateThenForget,
    /// The old object is forgotten, then created again (OpenTofu 1.12+).
    ForgetThenCreate,
}

impl Action {
    /// Every action, in declaration order (so that `Action::ALL[a as usize] == a`).
    pub(crate) const ALL: [Action; 10] = [
        Action::NoOp,
        Action::Create,
        Action::Read,
        Action::Update,
        Action::DeleteThenCreate,
        Action::CreateThenDelete,
        Action::Delete,
        Action::Forget,
        Action::CreateThenForget,
        Action::ForgetThenCreate,
    ];

    /// The action of a document `actions` list (`["delete","create"]` …); `None` when the
    /// list is not one Terraform writes.
    pub fn from_actions(actions: &[&str]) -> Option<Action> {
        Some(match actions {
            ["create", "delete"] => Action::CreateThenDelete,
            ["delete", "create"] => Action::DeleteThenCreate,
            ["create", "forget"] => Action::CreateThenForget,
            ["forget", "create"] => Action::ForgetThenCreate,
            ["create"] => Action::Create,
            ["delete"] => Action::Delete,
            ["update"] => Action::Update,
            ["read"] => Action::Read,
            ["forget"] => Action::Forget,
            ["no-op"] => Action::NoOp,
            _ => return None,
        })
    }

    /// The action of a document change object's `actions` member.
    pub fn of_change(change: &serde_json::Value) -> Option<Action> {
        let list = change.get("actions")?.as_array()?;
        let names: Vec<&str> = list.iter().filter_map(serde_json::Value::as_str).collect();
        if names.len() != list.len() {
            return None;
        }
        Action::from_actions(&names)
    }

    /// The action is a replacement (destroy and create, in either order).
    pub fn is_replace(self) -> bool {
        matches!(
            self,
            Action::DeleteThenCreate
                | Action::CreateThenDelete
                | Action::CreateThenForget
                | Action::ForgetThenCreate
        )
    }

    /// A short name (`create`, `update`, `replace`, …).
    pub fn name(self) -> &'static str {
        match self {
            Action::NoOp => "no-op",
            Action::Create => "create",
            Action::Read => "read",
            Action::Update => "update",
            Action::DeleteThenCreate => "replace",
            Action::CreateThenDelete => "replace (create before destroy)",
            Action::Delete => "delete",
            Action::Forget => "forget",
            Action::CreateThenForget => "replace (forget the old object)",
            Action::ForgetThenCreate => "replace (forget the old object first)",
        }
    }

    /// The `actions` list of the JSON document for this action.
    pub fn terraform_actions(self) -> &'static [&'static str] {
        match self {
            Action::NoOp => &["no-op"],
            Action::Create => &["create"],
            Action::Read => &["read"],
            Action::Update => &["update"],
            Action::DeleteThenCreate => &["delete", "create"],
            Action::CreateThenDelete => &["create", "delete"],
            Action::Delete => &["delete"],
            Action::Forget => &["forget"],
            Action::CreateThenForget => &["create", "forget"],
            Action::ForgetThenCreate => &["forget", "create"],
        }
    }

    /// The symbol markup Terraform prints before a change (three columns).
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Action::DeleteThenCreate => "[red]-[reset]/[green]+[reset]",
            Action::CreateThenDelete => "[green]+[reset]/[red]-[reset]",
            Action::Create => "  [green]+[reset]",
            Action::Delete => "  [red]-[reset]",
            Action::Forget => " [red].[reset]",
            Action::CreateThenForget => " [green]+[reset]/[red].[reset]",
            Action::ForgetThenCreate => "  [red].[reset]/[green]+[reset]",
            Action::Read => " [cyan]<=[reset]",
            Action::Update => "  [yellow]~[reset]",
            Action::NoOp => "   ",
        }
    }
}

/// Combines the action so far with a child's: unchanged by a no-op child, an update when they
/// differ.
pub(crate) fn compare_actions(current: Action, next: Action) -> Action {
    if next == Action::NoOp {
        current
    } else if current != next {
        Action::Update
    } else {
        current
    }
}
