//! The dependency lock file, `.terraform.lock.hcl`: each provider's selected version and the
//! package hashes `terraform init` accepted for it.

use std::collections::BTreeMap;

use hcl_edit::expr::Expression;
use hcl_edit::structure::Body;

use crate::addr::ProviderAddr;

/// A lock file larger than this is refused (a real one is a few KiB).
pub const MAX_LOCK_FILE: usize = 4 << 20;
/// Brackets nest at most this deep in a lock file or CLI configuration (the parser recurses).
pub(crate) const MAX_NESTING: usize = 64;

/// One provider's entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Locked {
    /// The selected version.
    pub version: String,
    /// The hashes (`h1:…`, `zh:…`) of the packages accepted for it.
    pub hashes: Vec<String>,
}

/// A parsed lock file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LockFile {
    /// Entries by provider address.
    pub providers: BTreeMap<ProviderAddr, Locked>,
}

impl LockFile {
    /// Parses a lock file. Entries whose address or version is not usable are left out.
    pub fn parse(bytes: &[u8]) -> Result<LockFile, String> {
        let body = parse_hcl(bytes, MAX_LOCK_FILE)?;
        let mut out = LockFile::default();
        for block in body.blocks() {
            if block.ident.value().as_str() != "provider" || block.labels.len() != 1 {
                continue;
            }
            let Some(addr) = ProviderAddr::parse(block.labels[0].as_str()) else {
                continue;
            };
            let Some(version) = block
                .body
                .get_attribute("version")
                .and_then(|a| string(&a.value))
                .filter(|v| crate::addr::safe_version(v))
            else {
                continue;
            };
            let hashes = match block.body.get_attribute("hashes").map(|a| &a.value) {
                Some(Expression::Array(items)) => items.iter().filter_map(string).collect(),
                _ => Vec::new(),
            };
            out.providers.insert(addr, Locked { version, hashes });
        }
        Ok(out)
    }

    /// The entry for `addr`.
    pub fn get(&self, addr: &ProviderAddr) -> Option<&Locked> {
        self.providers.get(addr)
    }
}

/// A string literal's value.
pub(crate) fn string(e: &Expression) -> Option<String> {
    match e {
        Expression::String(s) => Some(s.value().to_string()),
        _ => None,
    }
}

/// Parses an HCL file of at most `max` bytes, refusing deep bracket nesting first.
pub(crate) fn parse_hcl(bytes: &[u8], max: usize) -> Result<Body, String> {
    if bytes.len() > max {
        return Err(format!("larger than {max} bytes"));
    }
    let src = std::str::from_utf8(bytes).map_err(|_| "not valid UTF-8".to_owned())?;
    let mut depth = 0usize;
    for b in src.bytes() {
        match b {
            b'{' | b'[' | b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(format!("brackets nest more than {MAX_NESTING} levels deep"));
                }
            }
            b'}' | b']' | b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    hcl_edit::parser::parse_body(src).map_err(|e| {
        format!(
            "line {}: {}",
            e.location().line(),
            tfshow_escape::terminal::line(e.message())
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_real_lock_file() {
        let lock = br#"# This file is maintained automatically by "terraform init".
provider "registry.terraform.io/hashicorp/null" {
  version     = "2.1.2"
  constraints = "2.1.2"
  hashes = [
    "h1:CFnENdqQu4g3LJNevA32aDxcUz2qGkRGQpFfkI8TCdE=",
    "zh:0cc7236f1bbc",
  ]
}
provider "registry.terraform.io/../x" { version = "1" }
provider "registry.opentofu.org/a/b" { version = "../1" }
"#;
        let l = LockFile::parse(lock).unwrap();
        assert_eq!(l.providers.len(), 1);
        let e = l
            .get(&ProviderAddr::parse("hashicorp/null").unwrap())
            .unwrap();
        assert_eq!(e.version, "2.1.2");
        assert_eq!(e.hashes.len(), 2);
        assert!(LockFile::parse(b"provider \"x\" {").is_err());
        assert!(LockFile::parse(&[b'['; 100]).is_err());
        assert!(LockFile::parse(b"\xff").is_err());
    }
}
