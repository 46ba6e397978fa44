//! The decoded `tfplan` entry: [`Plan`] and the types it is made of.
//!
//! Values stay msgpack bytes (decoding them needs the provider schema); addresses stay strings
//! in Terraform's format, already checked to parse with `tfshow-addrs`. Enum-valued protobuf
//! fields become Rust enums; an unknown number is a decode error.

use crate::proto;
pub use bytes::Bytes;

/// A decoded `tfplan` protobuf (plan format version 3).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The version of Terraform (or OpenTofu) that wrote the plan, e.g. `1.15.5`.
    pub terraform_version: String,
    /// The program that wrote the plan, told from the container (see [`Plan::release`]);
    /// Terraform when the `tfplan` entry is decoded alone.
    pub program: tfshow_release::Program,
    /// The planning mode.
    pub ui_mode: Mode,
    /// Root module variables set when planning, sorted by name.
    pub variables: Vec<Variable>,
    /// Planned resource instance changes, in file order.
    pub resource_changes: Vec<ResourceInstanceChange>,
    /// Changes detected outside Terraform (1.1+), in file order.
    pub resource_drift: Vec<ResourceInstanceChange>,
    /// Changes deferred to a later plan (1.9+), in file order.
    pub deferred_changes: Vec<DeferredChange>,
    /// Root module output changes, in file order.
    pub output_changes: Vec<OutputChange>,
    /// Check results (1.3+).
    pub check_results: Vec<CheckResults>,
    /// Precondition and postcondition results (1.2 only), in file order.
    pub condition_results: Vec<ConditionResult>,
    /// `-target` addresses.
    pub target_addrs: Vec<String>,
    /// `-exclude` addresses (OpenTofu 1.9+).
    pub exclude_addrs: Vec<String>,
    /// `-replace` addresses.
    pub force_replace_addrs: Vec<String>,
    /// `-invoke` action addresses (1.14+).
    pub action_target_addrs: Vec<String>,
    /// Resource attributes that may have contributed to the changes (1.2+), in file order.
    pub relevant_attributes: Vec<RelevantAttribute>,
    /// Planning stopped on an error (1.4+).
    pub errored: bool,
    /// When the plan was made, RFC 3339 (1.5+); `None` when not recorded.
    pub timestamp: Option<String>,
    /// The plan can be applied (1.8+; always `false` in older plans).
    pub applyable: bool,
    /// The plan covers every object (1.8+; always `false` in older plans).
    pub complete: bool,
    /// Ephemeral variables that must be set again when applying (Terraform 1.10+, from field
    /// 28; OpenTofu 1.11+, from field 22).
    pub apply_time_variables: Vec<String>,
    /// Planned action invocations (1.14+), as protobuf messages.
    pub action_invocations: Vec<proto::ActionInvocationInstance>,
    /// Deferred action invocations (1.14+), as protobuf messages.
    pub deferred_action_invocations: Vec<proto::DeferredActionInvocation>,
    /// The backend configuration; `None` when the plan uses a state store instead.
    pub backend: Option<Backend>,
    /// The pluggable state store configuration (1.13+), as a protobuf message.
    pub state_store: Option<proto::StateStore>,
}

impl Plan {
    /// The program and release that wrote the plan.
    pub fn release(&self) -> tfshow_release::Release {
        tfshow_release::Release::parse(self.program, &self.terraform_version)
    }
}

/// A root module variable value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// The variable name.
    pub name: String,
    /// The value, msgpack-encoded as `DynamicPseudoType` (the type travels with the value).
    pub value: Vec<u8>,
}

/// The backend the plan was made with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backend {
    /// The backend type, e.g. `local`.
    pub type_: String,
    /// The configuration, msgpack-encoded with the backend schema's type.
    pub config: Vec<u8>,
    /// The workspace name.
    pub workspace: String,
}

/// A planned change to one resource instance object.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceInstanceChange {
    /// The instance address, e.g. `module.a["x"].aws_instance.web[0]`; may contain `[*]` in
    /// deferred changes. Built from the split address fields for plans from Terraform ≤ 1.0.
    /// In Terraform's string form ([`tfshow_addrs::canonical`]): a key holding raw control or
    /// bidi characters is re-quoted (`["\u001b"]`), as Terraform prints it.
    pub addr: String,
    /// `addr`, parsed.
    pub address: tfshow_addrs::AbsResourceInstance,
    /// The address in the previous run, when it differs from `addr` (moved resources); in
    /// Terraform's string form, as `addr`.
    pub prev_run_addr: Option<String>,
    /// The deposed object key (8 hex digits), or `""` for the current object.
    pub deposed_key: String,
    /// The provider configuration address, e.g. `provider["registry.terraform.io/hashicorp/aws"]`.
    pub provider: String,
    /// The change itself.
    pub change: Change,
    /// Paths whose change forced a replacement, in file order.
    pub required_replace: Vec<Path>,
    /// Why the action was chosen.
    pub action_reason: ActionReason,
    /// Provider-private bytes.
    pub private: Vec<u8>,
}

/// A planned change to a root module output value.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputChange {
    /// The output name.
    pub name: String,
    /// The change; values are msgpack-encoded as `DynamicPseudoType`.
    pub change: Change,
    /// The output is declared sensitive.
    pub sensitive: bool,
}

/// The action and values of a resource or output change.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// What will happen.
    pub action: Action,
    /// The value before, msgpack-encoded; `None` for create (a null value).
    pub before: Option<Bytes>,
    /// The value after, msgpack-encoded; `None` for delete and forget (a null value).
    /// For no-op it is the same bytes as `before`.
    pub after: Option<Bytes>,
    /// Sensitive paths in `before`, in file order.
    pub before_sensitive_paths: Vec<Path>,
    /// Sensitive paths in `after`, in file order.
    pub after_sensitive_paths: Vec<Path>,
    /// Import details, when the change imports an object (1.5+).
    pub importing: Option<Importing>,
    /// Configuration generated for an imported object (1.5+), or `""`.
    pub generated_config: String,
    /// The resource identity before, msgpack-encoded (1.12+).
    pub before_identity: Option<Vec<u8>>,
    /// The resource identity after, msgpack-encoded (1.12+).
    pub after_identity: Option<Vec<u8>>,
}

/// Import details of a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Importing {
    /// The import ID, or `""`.
    pub id: String,
    /// The import ID is not known until apply (Terraform 1.10+).
    pub unknown: bool,
    /// The identity to import by, msgpack-encoded (Terraform and OpenTofu 1.12+).
    pub identity: Option<Vec<u8>>,
}

/// A change deferred to a later plan.
#[derive(Clone, Debug, PartialEq)]
pub struct DeferredChange {
    /// Why it was deferred.
    pub reason: DeferredReason,
    /// The change that would have been planned.
    pub change: ResourceInstanceChange,
}

/// A resource attribute that may have contributed to the plan (`relevant_attributes`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelevantAttribute {
    /// The resource instance address, in Terraform's string form (as
    /// [`ResourceInstanceChange::addr`]).
    pub resource: String,
    /// The attribute path.
    pub attr: Path,
}

/// A path into a value: a sequence of steps.
pub type Path = Vec<PathStep>;

/// One step of a [`Path`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// An attribute of an object.
    Attr(String),
    /// An element of a collection; the key msgpack-encoded with its own type (number or string).
    Key(Vec<u8>),
}

/// The results of the checks of one configuration object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResults {
    /// What kind of object declared the checks.
    pub kind: CheckKind,
    /// The configuration address of that object (no instance keys).
    pub config_addr: String,
    /// The aggregate status.
    pub status: CheckStatus,
    /// The results per dynamic object, in file order.
    pub objects: Vec<CheckObject>,
}

/// The result of one precondition or postcondition block (Terraform 1.2 plans).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionResult {
    /// The address of the object the condition belongs to.
    pub addr: String,
    /// The condition block's unique address within the run.
    pub condition_addr: String,
    /// `Some(passed)` when known, `None` when known only at apply time.
    pub result: Option<bool>,
    /// Which kind of block.
    pub condition_type: ConditionType,
    /// The custom error message of a failing condition.
    pub error_message: String,
}

/// The check results of one object instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckObject {
    /// The instance address.
    pub object_addr: String,
    /// Its status.
    pub status: CheckStatus,
    /// The messages of the failed checks.
    pub failure_messages: Vec<String>,
}

/// Defines a Rust enum mirroring a protobuf enum, with the conversion from the wire number.
macro_rules! proto_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $num:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// The variant with protobuf number `n`, if there is one.
            pub(crate) fn from_proto(n: i32) -> Option<Self> {
                match n {
                    $($num => Some($name::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

/// What a change does. The wire numbers of some actions depend on the program and release
/// that wrote the plan (`decode/flavor.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Nothing changes.
    NoOp,
    /// A new object is created.
    Create,
    /// A data source is read.
    Read,
    /// The object is updated in place.
    Update,
    /// The object is destroyed.
    Delete,
    /// Replace: destroy, then create.
    DeleteThenCreate,
    /// Replace: create, then destroy (`create_before_destroy`).
    CreateThenDelete,
    /// The object is removed from state but not destroyed (1.7+).
    Forget,
    /// A new object is created and the old one forgotten (Terraform 1.7+).
    CreateThenForget,
    /// The old object is forgotten, then a new one created (OpenTofu 1.12+).
    ForgetThenCreate,
    /// An ephemeral resource is opened (OpenTofu 1.11 writes these; no values are stored).
    Open,
}

/// Why an action was chosen (`ResourceInstanceActionReason`). The wire numbers from 14 on
/// are OpenTofu's (`decode/flavor.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionReason {
    /// No particular reason.
    None,
    /// The object is tainted.
    ReplaceBecauseTainted,
    /// `-replace` asked for it.
    ReplaceByRequest,
    /// The provider cannot update the changed attributes in place.
    ReplaceBecauseCannotUpdate,
    /// The resource is no longer in the configuration.
    DeleteBecauseNoResourceConfig,
    /// The resource switched between count, for_each and neither.
    DeleteBecauseWrongRepetition,
    /// The count index is out of range.
    DeleteBecauseCountIndex,
    /// The for_each key is gone.
    DeleteBecauseEachKey,
    /// The containing module is gone.
    DeleteBecauseNoModule,
    /// `replace_triggered_by` fired.
    ReplaceByTriggers,
    /// The data source configuration is unknown.
    ReadBecauseConfigUnknown,
    /// A dependency has pending changes.
    ReadBecauseDependencyPending,
    /// A `moved` block has no target.
    DeleteBecauseNoMoveTarget,
    /// The data source is nested in a `check` block.
    ReadBecauseCheckNested,
    /// `lifecycle { enabled = false }` (OpenTofu 1.11+).
    DeleteBecauseEnabledFalse,
    /// The state records `lifecycle { destroy = false }` (OpenTofu 1.12+).
    ForgotBecauseLifecycleDestroyInState,
    /// The configuration says `lifecycle { destroy = false }` (OpenTofu 1.12+).
    ForgotBecauseLifecycleDestroyInConfig,
}

proto_enum! {
    /// Why a change was deferred (0, invalid, is a decode error as in Terraform).
    DeferredReason {
        /// The instance count is unknown.
        InstanceCountUnknown = 1,
        /// The resource configuration is unknown.
        ResourceConfigUnknown = 2,
        /// The provider configuration is unknown.
        ProviderConfigUnknown = 3,
        /// A prerequisite is absent.
        AbsentPrereq = 4,
        /// A prerequisite was deferred.
        DeferredPrereq = 5,
    }
}

proto_enum! {
    /// The status of a check.
    CheckStatus {
        /// Not yet known.
        Unknown = 0,
        /// All checks passed.
        Pass = 1,
        /// A check failed.
        Fail = 2,
        /// A check could not be evaluated.
        Error = 3,
    }
}

proto_enum! {
    /// The kind of a condition block (Terraform 1.2 plans; 0, invalid, is refused).
    ConditionType {
        /// A resource `precondition`.
        ResourcePrecondition = 1,
        /// A resource `postcondition`.
        ResourcePostcondition = 2,
        /// An output `precondition`.
        OutputPrecondition = 3,
    }
}

proto_enum! {
    /// The kind of configuration object that declares checks (0, unspecified, is invalid).
    CheckKind {
        /// A resource with preconditions or postconditions.
        Resource = 1,
        /// An output value with preconditions.
        OutputValue = 2,
        /// A `check` block (1.5+).
        Check = 3,
        /// An input variable with validations (1.6+).
        InputVariable = 4,
    }
}

proto_enum! {
    /// The planning mode (`Plan.ui_mode`).
    Mode {
        /// A normal plan.
        Normal = 0,
        /// `plan -destroy`.
        Destroy = 1,
        /// `plan -refresh-only`.
        RefreshOnly = 2,
    }
}
