//! Small payloads: `version`, `log`, `init_output`, `migration_errored`, policy messages,
//! and the message types that carry nothing but `@message`.

use crate::diagnostic::Diagnostic;
use crate::raw::{wire_enum, RawJson};

/// `version`: the first message of every stream.
///
/// Wire format: `"terraform":"1.15.5","ui":"1.3"` at the top level (OpenTofu: `"tofu"`
/// instead of `"terraform"`); `@message` is `Terraform 1.15.5` / `OpenTofu 1.8.0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    /// `terraform`: the Terraform version, with any pre-release suffix.
    pub terraform: Option<String>,
    /// `tofu`: the OpenTofu version.
    pub tofu: Option<String>,
    /// `ui`: the version of this message format (`0.1.0`, `1.0` … `1.3`).
    pub ui: String,
}

/// `log`: free text in `@message`; the emergency state dump carries the state as `state`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Log {
    /// `state`: a whole state file as JSON (it may hold sensitive values).
    pub state: Option<RawJson>,
}

/// `init_output` (`terraform init -json`): `"message_code":"output_init_success_message"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitOutput {
    /// `message_code`.
    pub message_code: String,
}

/// `migration_errored` (`terraform state migrate -json`): `"failure_mode":"…"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MigrationErrored {
    /// `failure_mode`.
    pub failure_mode: Option<String>,
}

/// The policy messages (`policy_info`, `policy_diagnostic`, `policy_result`,
/// `policy_query_summary`; Terraform 1.16+, experimental). They carry `"@policy":"true"` and
/// these top-level keys, each where the type has it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Policy {
    /// `target_address`.
    pub target_address: Option<String>,
    /// `result`.
    pub result: Option<String>,
    /// `policy_address`.
    pub policy_address: Option<String>,
    /// `policy_metadata`.
    pub policy_metadata: Option<RawJson>,
    /// `policy_info`.
    pub info: Option<RawJson>,
    /// `policy_diagnostic`.
    pub diagnostic: Option<Diagnostic>,
    /// `list_block_address`.
    pub list_block_address: Option<String>,
    /// `overall_result`.
    pub overall_result: Option<String>,
    /// `results`.
    pub results: Option<RawJson>,
    /// `passed_policies`.
    pub passed_policies: Option<RawJson>,
}

wire_enum! {
    /// Message types whose only content is `@message` (provider installation, lock file,
    /// trust prompts and state migration progress of `init` / `state migrate`, the test
    /// retry notice, and OpenTofu's state lock notes).
    Notice {
        /// `test_retry`.
        TestRetry = "test_retry",
        /// `provider_installation_start`.
        ProviderInstallationStart = "provider_installation_start",
        /// `state_store_provider_installation_start`.
        StateStoreProviderInstallationStart = "state_store_provider_installation_start",
        /// `provider_query_use_previous_version`.
        ProviderQueryUsePreviousVersion = "provider_query_use_previous_version",
        /// `provider_query_use_constraints`.
        ProviderQueryUseConstraints = "provider_query_use_constraints",
        /// `provider_query_use_latest`.
        ProviderQueryUseLatest = "provider_query_use_latest",
        /// `provider_version_already_installed`.
        ProviderVersionAlreadyInstalled = "provider_version_already_installed",
        /// `provider_version_found_in_cache_dir`.
        ProviderVersionFoundInCacheDir = "provider_version_found_in_cache_dir",
        /// `provider_version_installation_start`.
        ProviderVersionInstallationStart = "provider_version_installation_start",
        /// `provider_version_installation_complete`.
        ProviderVersionInstallationComplete = "provider_version_installation_complete",
        /// `built_in_provider_available`.
        BuiltInProviderAvailable = "built_in_provider_available",
        /// `third_party_providers_installed`.
        ThirdPartyProvidersInstalled = "third_party_providers_installed",
        /// `provider_lockfile_created`.
        ProviderLockfileCreated = "provider_lockfile_created",
        /// `provider_lockfile_updated`.
        ProviderLockfileUpdated = "provider_lockfile_updated",
        /// `provider_interactive_approval`.
        ProviderInteractiveApproval = "provider_interactive_approval",
        /// `provider_interactive_rejection`.
        ProviderInteractiveRejection = "provider_interactive_rejection",
        /// `provider_automatic_approval`.
        ProviderAutomaticApproval = "provider_automatic_approval",
        /// `migration_start`.
        MigrationStart = "migration_start",
        /// `migration_complete`.
        MigrationComplete = "migration_complete",
        /// `migration_finalized`.
        MigrationFinalized = "migration_finalized",
        /// `migration_source_initialization_start`.
        MigrationSourceInitializationStart = "migration_source_initialization_start",
        /// `migration_source_initialization_complete`.
        MigrationSourceInitializationComplete = "migration_source_initialization_complete",
        /// `migration_destination_initialization_start`.
        MigrationDestinationInitializationStart = "migration_destination_initialization_start",
        /// `migration_destination_initialization_complete`.
        MigrationDestinationInitializationComplete = "migration_destination_initialization_complete",
        /// OpenTofu's `state_lock_acquire` ("Acquiring state lock. This may take a few
        /// moments...", when taking the lock is slow).
        StateLockAcquire = "state_lock_acquire",
        /// OpenTofu's `state_lock_release`.
        StateLockRelease = "state_lock_release",
    }
}
