//! The table of what each release does.

use crate::{Program, Release};

/// A release range: from `since` (inclusive) to `until` (exclusive, `None`: still so).
type Span = ((u64, u64, u64), Option<(u64, u64, u64)>);

/// Something a release does or records that the others do not. See [`FEATURES`] for the
/// releases of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// The program was built with Go 1.22 or later, whose `encoding/json` escapes differently
    /// (`tfshow_gojson::Dialect::Modern`).
    Go122JsonEscaping,
    /// Resource changes and state resources are sorted by address components
    /// (`AbsResourceInstance.Less`) rather than by address string.
    SortsByAddressComponents,
    /// `resource_drift` is computed by comparing the plan file's two states (before plans
    /// recorded drift).
    DriftFromStates,
    /// Unknown elements of any sequence become `null` in `omitUnknowns` (before, only in
    /// lists).
    NullUnknownElements,
    /// Documents carry `sensitive_values` (plan format 0.2).
    SensitiveValues,
    /// The configuration's `provider_config` entries carry `full_name`, provider config keys
    /// name the module path (`module.a:aws`), and module calls are addressed by path.
    ModuleQualifiedConfig,
    /// Sensitive attributes of nested attribute types count in the schema's sensitivity (before,
    /// only top-level attributes and nested blocks).
    SchemaSensitivityInNestedTypes,
    /// State outputs carry their `type`.
    StateOutputType,
    /// A state resource's `sensitive_values` include the provider schema's sensitive
    /// attributes.
    StateSchemaSensitivity,
    /// Output changes of wholly known values carry their `type`.
    OutputChangeType,
    /// Partly unknown output values are printed with their known parts, and `after_unknown`
    /// marks only the unknown parts.
    PartlyUnknownOutputs,
    /// The plan file records relevant attributes (the `tfplan` field is read only from then).
    RecordsRelevantAttributes,
    /// The plan document carries `relevant_attributes`.
    RelevantAttributes,
    /// `relevant_attributes` entries are sorted by their Go syntax (resource, then attribute)
    /// rather than kept in the plan's order.
    RelevantAttributesNewForm,
    /// `relevant_attributes` entries are sorted by resource address only (OpenTofu).
    RelevantAttributesByResource,
    /// The plan file records check results, and the plan document carries `checks`.
    Checks,
    /// The plan document carries `timestamp`.
    PlanTimestamp,
    /// The plan document carries `errored`.
    PlanErrored,
    /// Plans say why a resource is deleted (`delete_because_*` reasons), so a delete without
    /// a reason is one `-destroy` asked for.
    DeleteReasons,
    /// The plan records `applyable` and `complete`, and the plan document carries them.
    PlanApplyable,
    /// `terraform plan -json` prints a machine-readable UI stream.
    MachineReadableUi,
    /// The plan's UI stream carries `outputs` messages.
    UiOutputs,
    /// The plan's UI stream reports drift found by comparing states (`resource_drift`
    /// messages computed from the plan file's two states).
    UiDriftFromStates,
    /// The plan's UI stream reports drift, moves and the delete reasons of 1.1.
    UiMovesAndDrift,
    /// The `replace_triggered_by` and data-read reasons of 1.2.
    UiReasons12,
    /// The `delete_because_no_move_target` reason.
    UiReasonNoMoveTarget,
    /// Imports in the UI stream (`importing`, the `import` count, `read_because_check_nested`).
    UiImport,
    /// `forget` actions in the UI stream.
    UiForget,
    /// The change summary counts `forget` actions, zero included (OpenTofu 1.10+).
    UiForgetCount,
    /// Action invocations in the UI stream and the change summary.
    UiActionInvocations,
    /// Failed action invocations (`action_fail` count, `on_failure`).
    UiActionFailure,
    // Terraform 0.12-1.5 rows (issue #16), kept together.
    /// Configuration `references` list each traversal with its attribute path and shorter
    /// forms (`oracle_thing.a.id`, `oracle_thing.a`); before, only the referenced object.
    ReferenceAttributePaths,
    /// Resource and output changes carry `before_sensitive` and `after_sensitive`.
    ChangeSensitivity,
    /// Configuration `variables` entries say `"sensitive": true`.
    ConfigSensitiveVariables,
    /// `provider_config` also lists the `required_providers` entries without a `provider`
    /// block, with version constraints resolved from the module's requirements (before, only
    /// `provider` blocks, each with its `version` argument).
    ProviderConfigFromRequirements,
    /// State documents list a module that has no resources of its own when a descendant has
    /// some (before, such a module and everything below it were left out).
    StateResourcelessModules,
    /// The plan file records precondition and postcondition results (field 19 as
    /// `ConditionResult`), and the plan document prints them as `condition_results`.
    ConditionResults,
    /// The plan document prints `condition_results` made from the check results, each with a
    /// deprecation note (`"//"`).
    ConditionResultsFromChecks,
    /// Each `checks` entry starts with `"//": "EXPERIMENTAL: see docs for details"`.
    ChecksExperimentalNote,
    /// `resource_drift` computed from states lists only the instances that changed, each with
    /// its `address` (before, every instance once anything differed, without `address`).
    DriftOfChangedInstances,
    /// Providers have source addresses (`registry.terraform.io/hashicorp/aws`), and documents
    /// name them so; before (0.12), every provider is a legacy one, named by its type (`aws`).
    ProviderSourceAddresses,
    /// A state resource's `address` is its instance's absolute address; before (0.12), the
    /// resource's address within its module, without module path or instance key.
    StateInstanceAddresses,
    /// The release binaries were built with Go 1.19 or later, whose `sort.Slice` is a
    /// pattern-defeating quicksort (before, quicksort with a shell pass): ties of unstable
    /// sorts come out in that algorithm's order.
    GoPdqSort,
    // OpenTofu's own (issue #15); keep these rows together.
    /// Configuration variables and outputs carry `deprecated` (OpenTofu 1.10+).
    ConfigDeprecated,
    /// Configuration variables carry `type`, `required` and `ephemeral`, outputs `ephemeral`
    /// (OpenTofu 1.11+).
    ConfigVariableDetails,
    /// `tfplan` Action 9 is CREATE_THEN_FORGET (Terraform 1.7+).
    ActionCreateThenForget,
    /// `tfplan` Action 9 is OPEN, an ephemeral resource opened (OpenTofu 1.11 only: 1.12
    /// reserves the number).
    ActionOpen,
    /// `tfplan` Action 10 is FORGET_THEN_CREATE (OpenTofu 1.12+).
    ActionForgetThenCreate,
    /// Action reason 14 is DELETE_BECAUSE_ENABLED_FALSE (OpenTofu 1.11+).
    ReasonEnabledFalse,
    /// Action reasons 15 and 16 are FORGOT_BECAUSE_LIFECYCLE_DESTROY_IN_STATE and
    /// _IN_CONFIG (OpenTofu 1.12+).
    ReasonsForgotLifecycleDestroy,
    /// `Importing` field 2 is the identity to import by, a DynamicValue (OpenTofu 1.12+;
    /// Terraform's field 2 is the `unknown` flag and its identity field 3).
    ImportingIdentityField2,
    /// Plan field 22 holds the names of the ephemeral variables set when planning (OpenTofu
    /// 1.11+; Terraform's field 22 is provider function results).
    EphemeralVariableNames,
    /// A UI `importing` of an import by identity carries the `identity` (OpenTofu 1.12+).
    UiImportIdentity,
    /// The UI stream writes `<`, `>` and `&` unescaped, except in values marshalled on their
    /// own such as `resource_key` (OpenTofu 1.7+; 1.6.3's real output escapes them).
    UiUnescapedHtml,
    /// The configuration document lists `ephemeral` resources, after the data sources
    /// (OpenTofu 1.11+).
    ConfigEphemeralResources,
    /// Resource changes sort ephemeral resources first, then data sources, then managed
    /// resources (OpenTofu 1.11+, `ResourceModeLess`).
    SortsEphemeralFirst,
    /// `identity_schema_version` follows `identity` in state and planned resources, deposed
    /// objects included (OpenTofu 1.12+).
    IdentityVersionLast,
    /// The configuration's `expressions` print an attribute of list- or set-of-object type
    /// written as nested blocks (legacy providers' `ConfigModeAttr`) as one expression of the
    /// attribute; before, such blocks were left out.
    AttributesAsBlocks,
}

/// Each feature with the Terraform releases that have it (`None`: none), and, where OpenTofu
/// differs from the Terraform 1.6 it forked from, the OpenTofu releases that have it (`None`:
/// as Terraform 1.6).
pub const FEATURES: &[(Feature, Option<Span>, Option<Span>)] = &[
    (Feature::Go122JsonEscaping, Some(((1, 8, 0), None)), None),
    (
        Feature::SortsByAddressComponents,
        Some(((1, 4, 0), None)),
        None,
    ),
    (
        Feature::DriftFromStates,
        Some(((0, 15, 4), Some((1, 1, 0)))),
        None,
    ),
    (Feature::NullUnknownElements, Some(((1, 3, 0), None)), None),
    (Feature::SensitiveValues, Some(((1, 0, 1), None)), None),
    (
        Feature::ModuleQualifiedConfig,
        Some(((1, 2, 0), None)),
        None,
    ),
    (
        Feature::SchemaSensitivityInNestedTypes,
        Some(((1, 1, 0), None)),
        None,
    ),
    (Feature::StateOutputType, Some(((1, 2, 0), None)), None),
    (
        Feature::StateSchemaSensitivity,
        Some(((1, 4, 6), None)),
        None,
    ),
    (Feature::OutputChangeType, Some(((1, 2, 0), None)), None),
    (Feature::PartlyUnknownOutputs, Some(((1, 3, 0), None)), None),
    (
        Feature::RecordsRelevantAttributes,
        Some(((1, 1, 0), None)),
        None,
    ),
    (Feature::RelevantAttributes, Some(((1, 2, 0), None)), None),
    (
        Feature::RelevantAttributesNewForm,
        Some(((1, 11, 0), None)),
        None,
    ),
    (
        Feature::RelevantAttributesByResource,
        None,
        Some(((1, 6, 0), None)),
    ),
    (Feature::Checks, Some(((1, 3, 0), None)), None),
    (Feature::PlanTimestamp, Some(((1, 5, 0), None)), None),
    (Feature::PlanErrored, Some(((1, 6, 0), None)), None),
    (Feature::DeleteReasons, Some(((1, 1, 0), None)), None),
    (Feature::PlanApplyable, Some(((1, 8, 0), None)), None),
    (Feature::MachineReadableUi, Some(((0, 15, 3), None)), None),
    (Feature::UiOutputs, Some(((1, 0, 5), None)), None),
    (
        Feature::UiDriftFromStates,
        Some(((1, 0, 3), Some((1, 1, 0)))),
        None,
    ),
    (Feature::UiMovesAndDrift, Some(((1, 1, 0), None)), None),
    (Feature::UiReasons12, Some(((1, 2, 0), None)), None),
    (Feature::UiReasonNoMoveTarget, Some(((1, 3, 0), None)), None),
    (Feature::UiImport, Some(((1, 5, 0), None)), None),
    (
        Feature::UiForget,
        Some(((1, 7, 0), None)),
        Some(((1, 7, 0), None)),
    ),
    (Feature::UiForgetCount, None, Some(((1, 10, 0), None))),
    (Feature::UiActionInvocations, Some(((1, 14, 0), None)), None),
    (Feature::UiActionFailure, Some(((1, 16, 0), None)), None),
    (Feature::AttributesAsBlocks, Some(((1, 1, 0), None)), None),
    // Terraform 0.12-1.5 rows (issue #16), kept together.
    (
        Feature::ReferenceAttributePaths,
        Some(((1, 0, 1), None)),
        None,
    ),
    (Feature::ChangeSensitivity, Some(((0, 15, 0), None)), None),
    (
        Feature::ConfigSensitiveVariables,
        Some(((0, 15, 0), None)),
        None,
    ),
    (
        Feature::ProviderConfigFromRequirements,
        Some(((0, 14, 7), None)),
        None,
    ),
    (
        Feature::StateResourcelessModules,
        Some(((0, 14, 7), None)),
        None,
    ),
    (
        Feature::ConditionResults,
        Some(((1, 2, 0), Some((1, 3, 0)))),
        None,
    ),
    (
        Feature::ConditionResultsFromChecks,
        Some(((1, 3, 0), Some((1, 4, 0)))),
        None,
    ),
    (
        Feature::ChecksExperimentalNote,
        Some(((1, 3, 0), Some((1, 5, 0)))),
        None,
    ),
    (
        Feature::DriftOfChangedInstances,
        Some(((1, 0, 1), None)),
        None,
    ),
    (
        Feature::ProviderSourceAddresses,
        Some(((0, 13, 0), None)),
        None,
    ),
    (
        Feature::StateInstanceAddresses,
        Some(((0, 13, 0), None)),
        None,
    ),
    (Feature::GoPdqSort, Some(((1, 3, 0), None)), None),
    // OpenTofu's own (issue #15).
    (Feature::ConfigDeprecated, None, Some(((1, 10, 0), None))),
    (
        Feature::ConfigVariableDetails,
        None,
        Some(((1, 11, 0), None)),
    ),
    (
        Feature::ActionCreateThenForget,
        Some(((1, 7, 0), None)),
        None,
    ),
    (
        Feature::ActionOpen,
        None,
        Some(((1, 11, 0), Some((1, 12, 0)))),
    ),
    (
        Feature::ActionForgetThenCreate,
        None,
        Some(((1, 12, 0), None)),
    ),
    (Feature::ReasonEnabledFalse, None, Some(((1, 11, 0), None))),
    (
        Feature::ReasonsForgotLifecycleDestroy,
        None,
        Some(((1, 12, 0), None)),
    ),
    (
        Feature::ImportingIdentityField2,
        None,
        Some(((1, 12, 0), None)),
    ),
    (
        Feature::EphemeralVariableNames,
        None,
        Some(((1, 11, 0), None)),
    ),
    (Feature::UiImportIdentity, None, Some(((1, 12, 0), None))),
    (Feature::UiUnescapedHtml, None, Some(((1, 7, 0), None))),
    (
        Feature::ConfigEphemeralResources,
        None,
        Some(((1, 11, 0), None)),
    ),
    (Feature::SortsEphemeralFirst, None, Some(((1, 11, 0), None))),
    (Feature::IdentityVersionLast, None, Some(((1, 12, 0), None))),
];

impl Feature {
    /// Reports whether `r` has this feature, by its row of [`FEATURES`].
    pub(crate) fn in_release(self, r: &Release) -> bool {
        let Some((_, terraform, opentofu)) = FEATURES.iter().find(|(f, _, _)| *f == self) else {
            return false;
        };
        let within =
            |(since, until): &Span, v: (u64, u64, u64)| v >= *since && until.is_none_or(|u| v < u);
        match (r.program, opentofu, terraform) {
            (Program::OpenTofu, Some(span), _) => within(span, r.parts),
            (_, _, Some(span)) => within(span, r.terraform_base()),
            (_, _, None) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_has_one_row() {
        let mut seen = std::collections::HashSet::new();
        for (f, _, _) in FEATURES {
            assert!(seen.insert(*f), "{f:?} twice");
        }
        assert_eq!(
            seen.len(),
            58,
            "a feature without a row, or a row without a test update"
        );
    }

    #[test]
    fn spans_with_an_end() {
        let t = Release::terraform;
        assert!(!t("0.15.3").has(Feature::DriftFromStates));
        assert!(t("0.15.4").has(Feature::DriftFromStates));
        assert!(t("1.0.11").has(Feature::DriftFromStates));
        assert!(!t("1.1.0").has(Feature::DriftFromStates));
        assert!(t("1.0.3").has(Feature::UiDriftFromStates));
        assert!(!t("1.0.2").has(Feature::UiDriftFromStates));
    }

    /// Boundaries of the Terraform 0.12-1.5 rows, as the release tags' sources show them.
    #[test]
    fn era_rows() {
        let t = Release::terraform;
        assert!(!t("0.12.29").has(Feature::ProviderSourceAddresses));
        assert!(t("0.13.0").has(Feature::StateInstanceAddresses));
        assert!(!t("0.14.6").has(Feature::ProviderConfigFromRequirements));
        assert!(t("0.14.7").has(Feature::StateResourcelessModules));
        assert!(!t("0.14.11").has(Feature::ChangeSensitivity));
        assert!(t("0.15.0").has(Feature::ConfigSensitiveVariables));
        assert!(!t("1.0.0").has(Feature::ReferenceAttributePaths));
        assert!(t("1.0.1").has(Feature::DriftOfChangedInstances));
        assert!(!t("1.1.9").has(Feature::ModuleQualifiedConfig));
        assert!(t("1.2.9").has(Feature::ConditionResults));
        assert!(!t("1.3.0").has(Feature::ConditionResults));
        assert!(t("1.3.10").has(Feature::ConditionResultsFromChecks));
        assert!(!t("1.4.0").has(Feature::ConditionResultsFromChecks));
        assert!(t("1.4.7").has(Feature::ChecksExperimentalNote));
        assert!(!t("1.5.0").has(Feature::ChecksExperimentalNote));
        assert!(!t("1.4.5").has(Feature::StateSchemaSensitivity));
        assert!(t("1.4.6").has(Feature::StateSchemaSensitivity));
        assert!(!t("1.2.9").has(Feature::GoPdqSort));
        assert!(t("1.3.0").has(Feature::GoPdqSort));
        assert!(!t("1.0.11").has(Feature::AttributesAsBlocks));
        assert!(t("1.1.0").has(Feature::AttributesAsBlocks));
    }

    #[test]
    fn opentofu_inherits_terraform_1_6() {
        let tofu = Release::parse(Program::OpenTofu, "1.9.1");
        assert!(tofu.has(Feature::PlanErrored));
        assert!(tofu.has(Feature::PlanTimestamp));
        assert!(!tofu.has(Feature::PlanApplyable));
        assert_eq!(tofu.plan_format(), "1.2");
        assert_eq!(tofu.to_string(), "OpenTofu 1.9.1");
        assert!(tofu.has(Feature::RelevantAttributesByResource));
        assert!(!Release::terraform("1.15.5").has(Feature::RelevantAttributesByResource));
    }

    #[test]
    fn action_nine_by_release() {
        let tofu = |v| Release::parse(Program::OpenTofu, v);
        assert!(tofu("1.11.6").has(Feature::ActionOpen));
        assert!(!tofu("1.12.0").has(Feature::ActionOpen));
        assert!(!tofu("1.10.10").has(Feature::ActionOpen));
        assert!(!tofu("1.11.6").has(Feature::ActionCreateThenForget));
        assert!(Release::terraform("1.7.0").has(Feature::ActionCreateThenForget));
        assert!(!Release::terraform("1.6.6").has(Feature::ActionCreateThenForget));
        assert!(tofu("1.12.6").has(Feature::ActionForgetThenCreate));
        assert!(!Release::terraform("1.15.5").has(Feature::ActionForgetThenCreate));
    }

    #[test]
    fn unparsable_versions_are_the_newest() {
        let r = Release::terraform("dev");
        assert!(r.has(Feature::PlanApplyable));
        assert!(!r.has(Feature::DriftFromStates));
    }
}
