//! The `provider_name` of resources, as each release names providers.

use std::borrow::Cow;

use tfshow_addrs::AbsProviderConfig;

use crate::Release;

/// The `provider_name` `version` prints for a resource whose provider configuration is
/// `config` (as the file writes it) and whose provider source address is `provider`: the
/// source address, or, before provider source addresses (0.12), the configuration's compact
/// form, `TYPE[.ALIAS]` (`provider.aws.west` → `aws.west`).
pub(crate) fn provider_name<'a>(
    provider: &'a str,
    config: &str,
    version: &Release,
) -> Cow<'a, str> {
    if version.has(crate::Feature::ProviderSourceAddresses) {
        return Cow::Borrowed(provider);
    }
    match AbsProviderConfig::parse(config) {
        Ok(c) => match c.alias {
            Some(alias) => Cow::Owned(format!("{}.{alias}", c.provider.type_)),
            None => Cow::Owned(c.provider.type_),
        },
        Err(_) => Cow::Borrowed(provider.rsplit('/').next().unwrap_or(provider)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_names_before_0_13() {
        let addr = "registry.terraform.io/-/null";
        let old = Release::terraform("0.12.29");
        assert_eq!(provider_name(addr, "provider.null", &old), "null");
        assert_eq!(
            provider_name(addr, "module.m.provider.null.w", &old),
            "null.w"
        );
        let new = Release::terraform("0.13.7");
        assert_eq!(
            provider_name(addr, "provider[\"registry.terraform.io/-/null\"]", &new),
            addr
        );
    }
}
