//! Terraform versions and the output features each one has.

use tfshow_gojson::Dialect;

/// A Terraform release version (`1.15.5`, `1.16.0-rc2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TfVersion {
    /// Major, minor and patch numbers.
    pub parts: (u64, u64, u64),
    /// The full version text as written.
    pub text: String,
}

impl TfVersion {
    /// Parses `MAJOR.MINOR.PATCH[-pre][+meta]`; anything unparseable counts as the newest.
    pub fn parse(text: &str) -> TfVersion {
        TfVersion {
            parts: tfshow_planfile::version::parts(text).unwrap_or((u64::MAX, 0, 0)),
            text: text.to_owned(),
        }
    }

    /// Whether this version is at least `major.minor.patch`.
    pub fn at_least(&self, major: u64, minor: u64, patch: u64) -> bool {
        self.parts >= (major, minor, patch)
    }

    /// `format_version` of the plan document this version prints.
    pub fn plan_format(&self) -> &'static str {
        if self.at_least(1, 5, 0) {
            "1.2"
        } else if self.at_least(1, 2, 0) {
            "1.1"
        } else if self.at_least(1, 1, 0) {
            "1.0"
        } else if self.at_least(1, 0, 1) {
            "0.2"
        } else {
            "0.1"
        }
    }

    /// `format_version` of the state document this version prints.
    pub fn state_format(&self) -> &'static str {
        if self.at_least(1, 1, 0) {
            "1.0"
        } else if self.at_least(1, 0, 1) {
            "0.2"
        } else {
            "0.1"
        }
    }

    /// Go's JSON escaping of the toolchain this version was built with (Go 1.22 from
    /// Terraform 1.8).
    pub fn dialect(&self) -> Dialect {
        if self.at_least(1, 8, 0) {
            Dialect::Modern
        } else {
            Dialect::Legacy
        }
    }

    /// Since 1.4 changes and state resources are sorted by address components
    /// (`AbsResourceInstance.Less`); before, by address string.
    pub fn sorts_by_components(&self) -> bool {
        self.at_least(1, 4, 0)
    }

    /// 0.15.4 to 1.0.x compute `resource_drift` by comparing the two states in the plan file.
    pub fn drift_from_states(&self) -> bool {
        self.at_least(0, 15, 4) && !self.at_least(1, 1, 0)
    }

    /// How `omitUnknowns` treats unknown sequence elements (changed in 1.3).
    pub(crate) fn unknown_elements(&self) -> crate::transform::UnknownElements {
        if self.at_least(1, 3, 0) {
            crate::transform::UnknownElements::Null
        } else {
            crate::transform::UnknownElements::NullInListsOnly
        }
    }

    /// `sensitive_values` exists from 1.0.1 (format 0.2).
    pub fn has_sensitive_values(&self) -> bool {
        self.at_least(1, 0, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_versions() {
        assert_eq!(TfVersion::parse("1.0.3").plan_format(), "0.2");
        assert_eq!(TfVersion::parse("1.0.3").state_format(), "0.2");
        assert_eq!(TfVersion::parse("1.6.6").plan_format(), "1.2");
        assert_eq!(TfVersion::parse("1.3.9").plan_format(), "1.1");
        assert_eq!(TfVersion::parse("1.16.0-rc2").plan_format(), "1.2");
        assert_eq!(TfVersion::parse("1.1.0").state_format(), "1.0");
    }
}
