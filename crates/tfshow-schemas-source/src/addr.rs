//! Provider source addresses and versions as this crate uses them: parts that are safe to
//! use as path components.

use std::fmt;
use std::path::{Path, PathBuf};

/// A provider source address, `HOST/NAMESPACE/TYPE`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProviderAddr {
    /// The registry host (`registry.terraform.io`, `registry.opentofu.org`).
    pub host: String,
    /// The namespace (`hashicorp`).
    pub namespace: String,
    /// The type (`null`).
    pub type_: String,
}

/// Whether `part` can be one part of a provider address and a path component: letters,
/// digits, `-`, `_`, `.` and (in a host) `:`, not `.` or `..`, at most 128 bytes.
fn safe_part(part: &str, host: bool) -> bool {
    !part.is_empty()
        && part.len() <= 128
        && part != "."
        && part != ".."
        && part.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') || (host && b == b':')
        })
}

impl ProviderAddr {
    /// Parses `HOST/NAMESPACE/TYPE`, `NAMESPACE/TYPE` or `TYPE` (host `registry.terraform.io`,
    /// namespace `hashicorp`, as Terraform defaults them). `None` when a part is not safe.
    pub fn parse(s: &str) -> Option<ProviderAddr> {
        let parts: Vec<&str> = s.split('/').collect();
        let (host, ns, t) = match parts.as_slice() {
            [t] => ("registry.terraform.io", "hashicorp", *t),
            [ns, t] => ("registry.terraform.io", *ns, *t),
            [h, ns, t] => (*h, *ns, *t),
            _ => return None,
        };
        (safe_part(host, true) && safe_part(ns, false) && safe_part(t, false)).then(|| {
            ProviderAddr {
                host: host.to_owned(),
                namespace: ns.to_owned(),
                type_: t.to_owned(),
            }
        })
    }

    /// `base/HOST/NAMESPACE/TYPE`.
    pub fn dir_in(&self, base: &Path) -> PathBuf {
        base.join(&self.host)
            .join(&self.namespace)
            .join(&self.type_)
    }
}

impl fmt::Display for ProviderAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.host, self.namespace, self.type_)
    }
}

/// Whether `v` can be a provider version and a path component: letters, digits, `.`, `-`,
/// `+`, starting with a digit, at most 64 bytes.
pub fn safe_version(v: &str) -> bool {
    v.len() <= 64
        && v.starts_with(|c: char| c.is_ascii_digit())
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'+'))
}

/// Orders versions as semantic versions: numeric parts numerically, a prerelease before its
/// release; what does not parse sorts by its text.
pub fn cmp_versions(a: &str, b: &str) -> std::cmp::Ordering {
    fn split(v: &str) -> (Vec<u64>, Option<&str>) {
        let v = v.split('+').next().unwrap_or(v);
        let (core, pre) = match v.split_once('-') {
            Some((c, p)) => (c, Some(p)),
            None => (v, None),
        };
        (
            core.split('.').map(|n| n.parse().unwrap_or(0)).collect(),
            pre,
        )
    }
    let (ca, pa) = split(a);
    let (cb, pb) = split(b);
    ca.cmp(&cb)
        .then_with(|| match (pa, pb) {
            (None, None) => std::cmp::Ordering::Equal,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (Some(_), None) => std::cmp::Ordering::Less,
            (Some(x), Some(y)) => x.cmp(y),
        })
        .then_with(|| a.cmp(b))
}

/// The platform's `OS_ARCH`, as Terraform names it (`linux_amd64`).
pub fn platform() -> String {
    let arch = match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "x86" => "386",
        "aarch64" => "arm64",
        other => other,
    };
    format!("{}_{arch}", std::env::consts::OS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_versions() {
        let a = ProviderAddr::parse("registry.terraform.io/hashicorp/null").unwrap();
        assert_eq!(a.to_string(), "registry.terraform.io/hashicorp/null");
        assert_eq!(ProviderAddr::parse("null").unwrap(), a);
        assert_eq!(ProviderAddr::parse("hashicorp/null").unwrap(), a);
        assert!(ProviderAddr::parse("localhost:8080/a/b").is_some());
        for bad in [
            "", "a/../b", "h/n/..", "a/b/c/d", "h/n/t y", "h/n:x/t", "h//t",
        ] {
            assert!(ProviderAddr::parse(bad).is_none(), "{bad}");
        }
        assert!(safe_version("2.1.2") && safe_version("1.0.0-beta.1+x"));
        assert!(!safe_version("../1") && !safe_version("") && !safe_version("v1"));
        use std::cmp::Ordering::*;
        assert_eq!(cmp_versions("2.10.0", "2.9.1"), Greater);
        assert_eq!(cmp_versions("1.0.0-rc1", "1.0.0"), Less);
    }
}
