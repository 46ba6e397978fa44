//! Provider configuration addresses: `module.x.provider["registry.terraform.io/hashicorp/aws"].east`.

use crate::cursor::Cursor;
use crate::error::ParseError;
use crate::key::InstanceKey;
use crate::module::{parse_prefix, Module};
use crate::quote::read_quoted;
use std::fmt;
use std::str::FromStr;

/// The public registry host that short provider source addresses default to.
pub const DEFAULT_REGISTRY_HOST: &str = "registry.terraform.io";

/// A fully qualified provider name, `hostname/namespace/type`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Provider {
    /// The registry host, e.g. `registry.terraform.io`.
    pub hostname: String,
    /// The namespace, e.g. `hashicorp`; `-` for legacy (pre-0.13) providers.
    pub namespace: String,
    /// The provider type, e.g. `aws`.
    pub type_: String,
}

impl Provider {
    /// Parses a provider source string: `type`, `namespace/type` or `hostname/namespace/type`.
    ///
    /// Missing parts default as Terraform does: host `registry.terraform.io`, namespace
    /// `hashicorp`. Case is kept as written (plan and state files hold normalized names).
    fn parse_source(source: &str) -> Result<Self, String> {
        let parts: Vec<&str> = source.split('/').collect();
        if let Some(bad) = parts.iter().find(|p| !is_valid_part(p)) {
            return Err(format!(
                "invalid provider source {source:?}: bad part {bad:?}"
            ));
        }
        let (hostname, namespace, type_) = match parts.as_slice() {
            [t] => (DEFAULT_REGISTRY_HOST, "hashicorp", *t),
            [ns, t] => (DEFAULT_REGISTRY_HOST, *ns, *t),
            [host, ns, t] => (*host, *ns, *t),
            _ => {
                return Err(format!(
                    "invalid provider source {source:?}: expected at most 3 parts"
                ))
            }
        };
        Ok(Provider {
            hostname: hostname.to_owned(),
            namespace: namespace.to_owned(),
            type_: type_.to_owned(),
        })
    }

    /// The provider of a legacy (Terraform 0.12) `provider.TYPE` address: namespace `-`, or
    /// `terraform.io/builtin/terraform` for the built-in `terraform` provider.
    fn legacy(type_: &str) -> Self {
        let (hostname, namespace) = if type_ == "terraform" {
            ("terraform.io", "builtin")
        } else {
            (DEFAULT_REGISTRY_HOST, "-")
        };
        Provider {
            hostname: hostname.to_owned(),
            namespace: namespace.to_owned(),
            type_: type_.to_owned(),
        }
    }
}

/// Reports whether `part` can be one `/`-separated part of a provider source string.
fn is_valid_part(part: &str) -> bool {
    !part.is_empty()
        && part
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
}

impl fmt::Display for Provider {
    /// Writes `hostname/namespace/type`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.hostname, self.namespace, self.type_)
    }
}

/// The address of a provider configuration in a module.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AbsProviderConfig {
    /// The module declaring the configuration (provider addresses never have instance keys).
    pub module: Module,
    /// The provider.
    pub provider: Provider,
    /// The configuration alias, if any.
    pub alias: Option<String>,
}

impl AbsProviderConfig {
    /// Parses `[module.NAME.]*provider["SOURCE"][.ALIAS]`, and the legacy Terraform 0.12 form
    /// `[module.NAME.]*provider.TYPE[.ALIAS]` (legacy provider `registry.terraform.io/-/TYPE`).
    ///
    /// Spaces and tabs between the parts are skipped, as Terraform's traversal parser skips
    /// them (`provider. null` is `provider.null`; old states hold such addresses).
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        let compact = without_blanks(input);
        let mut cur = Cursor::new(&compact);
        Self::parse_cursor(&mut cur)
            .and_then(|p| cur.expect_end().map(|()| p))
            .map_err(|reason| ParseError {
                what: "provider configuration address",
                input: input.to_owned(),
                reason,
            })
    }

    /// Parses the address of one instance of a provider configuration: as [`Self::parse`],
    /// optionally followed by an instance key (`provider["…"].zone["east"]`, OpenTofu 1.9+
    /// `for_each` in provider blocks), which is returned too.
    pub fn parse_instance(input: &str) -> Result<(Self, InstanceKey), ParseError> {
        let mut cur = Cursor::new(input);
        Self::parse_cursor(&mut cur)
            .and_then(|p| {
                let key = cur.key()?;
                cur.expect_end().map(|()| (p, key))
            })
            .map_err(|reason| ParseError {
                what: "provider instance address",
                input: input.to_owned(),
                reason,
            })
    }

    fn parse_cursor(cur: &mut Cursor<'_>) -> Result<Self, String> {
        let module_start = cur.pos();
        let module = parse_prefix(cur)?;
        if module.0.iter().any(|s| s.key != InstanceKey::None) {
            return Err(format!(
                "module path at byte {module_start} has instance keys, which provider addresses cannot have"
            ));
        }
        let provider = if cur.eat_str("provider[") {
            let at = cur.pos();
            let source = read_quoted(cur)?;
            cur.require(']')?;
            Provider::parse_source(&source).map_err(|e| format!("{e} at byte {at}"))?
        } else if cur.eat_keyword("provider") {
            Provider::legacy(cur.name()?)
        } else {
            return Err(cur.unexpected("\"provider\""));
        };
        let alias = if cur.eat('.') {
            Some(cur.name()?.to_owned())
        } else {
            None
        };
        Ok(AbsProviderConfig {
            module: module.module(),
            provider,
            alias,
        })
    }
}

/// `input` without the spaces and tabs outside its quoted strings.
fn without_blanks(input: &str) -> std::borrow::Cow<'_, str> {
    if !input.contains([' ', '\t']) {
        return std::borrow::Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len());
    let (mut quoted, mut escaped) = (false, false);
    for c in input.chars() {
        match (quoted, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (_, false, '"') => quoted = !quoted,
            (false, _, ' ' | '\t') => continue,
            _ => {}
        }
        out.push(c);
    }
    std::borrow::Cow::Owned(out)
}

impl fmt::Display for AbsProviderConfig {
    /// Writes Terraform's current form, `module.x.provider["host/ns/type"].alias`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.module.is_root() {
            write!(f, "{}.", self.module)?;
        }
        write!(f, "provider[\"{}\"]", self.provider)?;
        if let Some(alias) = &self.alias {
            write!(f, ".{alias}")?;
        }
        Ok(())
    }
}

impl FromStr for AbsProviderConfig {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> AbsProviderConfig {
        AbsProviderConfig::parse(s).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn parses_current_form() {
        let p = parse(r#"provider["registry.terraform.io/hashicorp/aws"]"#);
        assert!(p.module.is_root());
        assert_eq!(
            p.provider.to_string(),
            "registry.terraform.io/hashicorp/aws"
        );
        assert_eq!(p.provider.hostname, "registry.terraform.io");
        assert_eq!(p.provider.namespace, "hashicorp");
        assert_eq!(p.provider.type_, "aws");
        assert_eq!(p.alias, None);

        let p = parse(r#"provider["registry.terraform.io/hashicorp/aws"].east"#);
        assert_eq!(p.alias.as_deref(), Some("east"));

        let p = parse(r#"module.x.module.y.provider["registry.terraform.io/-/aws"]"#);
        assert_eq!(p.module.to_string(), "module.x.module.y");
        assert_eq!(p.provider.namespace, "-");

        let p = parse(r#"provider["example.com:8443/my-org/thing"]"#);
        assert_eq!(p.provider.hostname, "example.com:8443");
        let (p, key) = AbsProviderConfig::parse_instance(
            r#"provider["registry.opentofu.org/corpus/oracle"].zone["east"]"#,
        )
        .unwrap();
        assert_eq!(p.alias.as_deref(), Some("zone"));
        assert_eq!(key, InstanceKey::Str("east".into()));
        assert!(AbsProviderConfig::parse(r#"provider["a/b"].zone["east"]"#).is_err());
    }

    #[test]
    fn blanks_between_parts_are_skipped() {
        let p = parse("provider. null");
        assert_eq!(p.provider.to_string(), "registry.terraform.io/-/null");
        let p = parse("module.a .provider.aws\t. east");
        assert_eq!(p.module.to_string(), "module.a");
        assert_eq!(p.provider.type_, "aws");
        assert_eq!(p.alias.as_deref(), Some("east"));
        let p = parse(r#"provider ["registry.terraform.io/hashicorp/aws"]"#);
        assert_eq!(p.provider.type_, "aws");
        assert!(
            AbsProviderConfig::parse(r#"provider["registry.terraform.io/hashi corp/aws"]"#)
                .is_err()
        );
    }

    #[test]
    fn round_trips() {
        for s in [
            r#"provider["registry.terraform.io/hashicorp/aws"]"#,
            r#"provider["registry.terraform.io/hashicorp/aws"].east"#,
            r#"module.x.provider["registry.terraform.io/-/aws"]"#,
            r#"module.x.module.y.provider["terraform.io/builtin/terraform"].a"#,
        ] {
            assert_eq!(parse(s).to_string(), s);
            assert_eq!(s.parse::<AbsProviderConfig>().unwrap(), parse(s));
        }
    }

    #[test]
    fn parses_short_sources() {
        assert_eq!(
            parse(r#"provider["aws"]"#).to_string(),
            r#"provider["registry.terraform.io/hashicorp/aws"]"#
        );
        assert_eq!(
            parse(r#"provider["acme/thing"]"#).to_string(),
            r#"provider["registry.terraform.io/acme/thing"]"#
        );
    }

    #[test]
    fn parses_legacy_form() {
        assert_eq!(
            parse("provider.aws").to_string(),
            r#"provider["registry.terraform.io/-/aws"]"#
        );
        assert_eq!(
            parse("module.x.provider.aws.alias").to_string(),
            r#"module.x.provider["registry.terraform.io/-/aws"].alias"#
        );
        assert_eq!(
            parse("provider.terraform").to_string(),
            r#"provider["terraform.io/builtin/terraform"]"#
        );
    }

    #[test]
    fn rejects_bad_input() {
        for s in [
            "",
            "provider",
            "provider.",
            "provider[]",
            "provider[0]",
            r#"provider["a/b/c/d"]"#,
            r#"provider["a//c"]"#,
            r#"provider["bad name"]"#,
            r#"provider["aws"].east.west"#,
            r#"provider["aws""#,
            r#"module.x[0].provider["aws"]"#,
            "aws_instance.x",
            "module.x",
        ] {
            let err = AbsProviderConfig::parse(s).unwrap_err();
            assert_eq!(err.input, s);
        }
    }
}
