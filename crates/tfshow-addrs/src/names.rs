//! Names: HCL identifiers, and the provider a resource type implies.

/// Reports whether `name` is a valid HCL identifier: a letter (any script) or `_`, then
/// letters, digits, `_` or `-`.
pub fn is_identifier(name: &str) -> bool {
    if name.is_ascii() {
        let b = name.as_bytes();
        return b
            .first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            && b.iter()
                .all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-');
    }
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c == '_' || unicode_ident::is_xid_start(c) => {}
        _ => return false,
    }
    chars.all(|c| c == '-' || unicode_ident::is_xid_continue(c))
}

/// The provider type a resource type implies: the type up to its first `_`.
pub fn implied_provider(type_: &str) -> &str {
    type_.split('_').next().unwrap_or(type_)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        for ok in ["a", "_a", "a-b_1", "ñandú"] {
            assert!(is_identifier(ok), "{ok}");
        }
        for bad in ["", "1a", "-a", "a.b", "a b", "${x}"] {
            assert!(!is_identifier(bad), "{bad}");
        }
    }

    #[test]
    fn implied_providers() {
        assert_eq!(implied_provider("aws_instance"), "aws");
        assert_eq!(implied_provider("terraform_remote_state"), "terraform");
        assert_eq!(implied_provider("thing"), "thing");
    }
}
