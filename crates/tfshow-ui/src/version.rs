//! Versions: the `ui` schema version of the stream and the release that wrote it.

use crate::ParseError;

/// The newest major `ui` version this library reads. The format promises that minor versions
/// only add things; a new major version may change anything and is refused.
pub const SUPPORTED_MAJOR: u64 = 1;

/// A `ui` schema version (`0.1.0`, `1.0` … `1.3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UiVersion {
    /// The major number.
    pub major: u64,
    /// The minor number (0 when absent).
    pub minor: u64,
}

impl UiVersion {
    /// Parses `MAJOR[.MINOR[.PATCH]]`.
    pub fn parse(text: &str) -> Option<UiVersion> {
        let mut parts = text.split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = match parts.next() {
            Some(m) => m.parse().ok()?,
            None => 0,
        };
        Some(UiVersion { major, minor })
    }

    /// Refuses versions whose major number is above [`SUPPORTED_MAJOR`] or that do not parse.
    pub fn check(text: &str) -> Result<UiVersion, ParseError> {
        match UiVersion::parse(text) {
            Some(v) if v.major <= SUPPORTED_MAJOR => Ok(v),
            _ => Err(ParseError::UnsupportedVersion {
                ui: text.to_owned(),
            }),
        }
    }
}

/// A Terraform release version (`1.15.5`, `1.16.0-rc2`); anything unparseable counts as the
/// newest release.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Release {
    /// Major, minor and patch.
    pub parts: (u64, u64, u64),
    /// The pre-release suffix without its `-` (`alpha20260304`), or `""`.
    pub pre: String,
}

impl Release {
    /// Parses `MAJOR.MINOR.PATCH[-pre][+meta]`.
    pub fn parse(text: &str) -> Release {
        let no_meta = text.split('+').next().unwrap_or("");
        let pre = no_meta.split_once('-').map_or("", |(_, pre)| pre);
        Release {
            parts: tfshow_planfile::version::parts(text).unwrap_or((u64::MAX, 0, 0)),
            pre: pre.to_owned(),
        }
    }

    /// Whether this is at least `major.minor.patch` (pre-releases count as their release).
    pub fn at_least(&self, major: u64, minor: u64, patch: u64) -> bool {
        self.parts >= (major, minor, patch)
    }

    /// The `ui` version Terraform of this release writes in its `version` message.
    pub fn ui_version(&self) -> &'static str {
        if self.at_least(1, 15, 0) {
            // The bump landed in the 1.15.0 alpha of 2026-03-04.
            let early_alpha = self.parts == (1, 15, 0)
                && self
                    .pre
                    .strip_prefix("alpha")
                    .and_then(|d| d.parse::<u64>().ok())
                    .is_some_and(|d| d < 20260304);
            if early_alpha {
                "1.2"
            } else {
                "1.3"
            }
        } else if self.at_least(1, 6, 0) {
            "1.2"
        } else if self.at_least(1, 4, 0) {
            "1.1"
        } else if self.at_least(1, 1, 0) {
            "1.0"
        } else {
            "0.1.0"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ui_versions_per_release() {
        for (tf, ui) in [
            ("1.0.3", "0.1.0"),
            ("1.1.0", "1.0"),
            ("1.3.9", "1.0"),
            ("1.4.0", "1.1"),
            ("1.5.7", "1.1"),
            ("1.6.6", "1.2"),
            ("1.14.9", "1.2"),
            ("1.15.0-alpha20260218", "1.2"),
            ("1.15.0-alpha20260304", "1.3"),
            ("1.15.5", "1.3"),
            ("1.16.0-rc2", "1.3"),
        ] {
            assert_eq!(Release::parse(tf).ui_version(), ui, "{tf}");
        }
    }

    #[test]
    fn major_versions_above_one_are_refused() {
        assert!(UiVersion::check("0.1.0").is_ok());
        assert!(UiVersion::check("1.3").is_ok());
        assert!(UiVersion::check("1.99").is_ok());
        assert!(matches!(
            UiVersion::check("2.0"),
            Err(ParseError::UnsupportedVersion { .. })
        ));
        assert!(UiVersion::check("x").is_err());
    }
}
