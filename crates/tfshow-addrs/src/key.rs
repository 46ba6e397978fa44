//! Instance keys (`[0]`, `["a"]`, `[*]`) and Terraform's order of them.

use crate::quote::write_quoted;
use std::cmp::Ordering;
use std::fmt;

/// The key that selects one instance of a resource or module call.
///
/// [`Ord`] is Terraform's `InstanceKeyLess`: no key first, then the
/// wildcard, then integer keys in numeric order, then string keys in byte order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum InstanceKey {
    /// No `count` or `for_each`: the address has no key.
    #[default]
    None,
    /// A `count` index, written `[0]`.
    Int(i64),
    /// A `for_each` key, written in HCL quoted form: `["a\"b"]`.
    Str(String),
    /// An instance not yet known (deferred changes), written `[*]`.
    Wildcard,
}

impl InstanceKey {
    /// Terraform's rank of the key kinds: no key, then the wildcard (Terraform gives it the
    /// no-key type but it is not equal to no key), then int, then string.
    fn rank(&self) -> u8 {
        match self {
            InstanceKey::None => 0,
            InstanceKey::Wildcard => 1,
            InstanceKey::Int(_) => 2,
            InstanceKey::Str(_) => 3,
        }
    }
}

impl Ord for InstanceKey {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (InstanceKey::Int(a), InstanceKey::Int(b)) => a.cmp(b),
            (InstanceKey::Str(a), InstanceKey::Str(b)) => a.as_bytes().cmp(b.as_bytes()),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for InstanceKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for InstanceKey {
    /// Writes the key with its brackets (`[0]`, `["a"]`, `[*]`), or nothing for no key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceKey::None => Ok(()),
            InstanceKey::Int(i) => write!(f, "[{i}]"),
            InstanceKey::Str(s) => {
                f.write_str("[")?;
                write_quoted(f, s)?;
                f.write_str("]")
            }
            InstanceKey::Wildcard => f.write_str("[*]"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(InstanceKey::None.to_string(), "");
        assert_eq!(InstanceKey::Int(0).to_string(), "[0]");
        assert_eq!(InstanceKey::Int(-3).to_string(), "[-3]");
        assert_eq!(InstanceKey::Str("a\"b".into()).to_string(), r#"["a\"b"]"#);
        assert_eq!(InstanceKey::Wildcard.to_string(), "[*]");
    }

    #[test]
    fn orders_like_terraform() {
        let mut keys = vec![
            InstanceKey::Str("b".into()),
            InstanceKey::Int(10),
            InstanceKey::Str("B".into()),
            InstanceKey::Wildcard,
            InstanceKey::Int(2),
            InstanceKey::None,
            InstanceKey::Str("10".into()),
            InstanceKey::Int(-1),
        ];
        keys.sort();
        assert_eq!(
            keys,
            vec![
                InstanceKey::None,
                InstanceKey::Wildcard,
                InstanceKey::Int(-1),
                InstanceKey::Int(2),
                InstanceKey::Int(10),
                InstanceKey::Str("10".into()),
                InstanceKey::Str("B".into()),
                InstanceKey::Str("b".into()),
            ]
        );
    }
}
