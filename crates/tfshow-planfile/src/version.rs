//! Terraform version strings (`terraform_version`), read here to pick the meaning of reused
//! protobuf field numbers, and by the crates above to pick output features.

/// The `(major, minor, patch)` of a version string such as `1.15.5`, `1.16.0-rc2` or `1.2`
/// (patch 0), or `None` when it does not start with two dot-separated numbers.
pub fn parts(version: &str) -> Option<(u64, u64, u64)> {
    let core = version.split(['-', '+']).next().unwrap_or("");
    let mut nums = core.split('.').map(|p| p.parse::<u64>().ok());
    let major = nums.next().flatten()?;
    let minor = nums.next().flatten()?;
    Some((major, minor, nums.next().flatten().unwrap_or(0)))
}

/// The `(major, minor)` of a version string, as [`parts`].
pub(crate) fn release(version: &str) -> Option<(u64, u64)> {
    parts(version).map(|(major, minor, _)| (major, minor))
}

/// Reports whether `version` is known to be older than `major.minor`; an unparsable version
/// counts as current.
pub(crate) fn is_before(version: &str, major: u64, minor: u64) -> bool {
    release(version).is_some_and(|v| v < (major, minor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_releases() {
        assert_eq!(release("1.15.5"), Some((1, 15)));
        assert_eq!(release("1.16.0-rc2"), Some((1, 16)));
        assert_eq!(release("0.12.31"), Some((0, 12)));
        assert_eq!(release("1.2"), Some((1, 2)));
        assert_eq!(release("dev"), None);
        assert_eq!(release(""), None);
    }

    #[test]
    fn compares() {
        assert!(is_before("1.0.3", 1, 1));
        assert!(is_before("0.15.5", 1, 1));
        assert!(!is_before("1.1.0", 1, 1));
        assert!(!is_before("1.2.0-beta1", 1, 1));
        assert!(!is_before("garbage", 1, 1));
    }
}
