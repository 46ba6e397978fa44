//! The `ui` schema version of a stream (the release that wrote it is a
//! [`tfshow_release::Release`]).

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

#[cfg(test)]
mod tests {
    use super::*;

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
