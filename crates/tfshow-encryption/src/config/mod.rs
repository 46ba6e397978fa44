//! The encryption configuration OpenTofu takes from `TF_ENCRYPTION` (or a `terraform {
//! encryption { … } }` block): key providers, methods, and the `state`, `plan` and
//! `remote_state_data_sources` targets with their fallback chains.
//!
//! The text is HCL, or JSON when it starts with `{` (as OpenTofu decides). Values must be
//! literals or references between blocks; variables, locals and function calls, which
//! OpenTofu evaluates from the configuration, are refused with an error naming the attribute.

mod decode;
mod hcl;
mod json;
mod raw;

use std::fmt;

use tfshow_limits::Limits;
use zeroize::Zeroizing;

use crate::error::ConfigError;

/// The longest configuration text tfshow reads (1 MiB): the configuration is a few blocks.
pub const MAX_CONFIG_SIZE: usize = 1 << 20;

/// A parsed encryption configuration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// `key_provider "TYPE" "NAME"` blocks, in order.
    pub key_providers: Vec<KeyProvider>,
    /// `method "TYPE" "NAME"` blocks, in order.
    pub methods: Vec<Method>,
    /// The `state` block.
    pub state: Option<TargetConfig>,
    /// The `plan` block.
    pub plan: Option<TargetConfig>,
    /// The `remote_state_data_sources` block (read and checked; tfshow reads no remote state).
    pub remote_state_data_sources: Option<RemoteConfig>,
}

/// A `key_provider` block.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyProvider {
    /// The type label (`pbkdf2`, `aws_kms`, …).
    pub kind: String,
    /// The name label.
    pub name: String,
    /// `encrypted_metadata_alias`: the key its metadata is stored under instead of
    /// `key_provider.TYPE.NAME` (OpenTofu 1.9+).
    pub encrypted_metadata_alias: Option<String>,
    /// The type's settings.
    pub settings: KeyProviderSettings,
}

impl KeyProvider {
    /// `key_provider.TYPE.NAME`.
    pub fn address(&self) -> String {
        format!("key_provider.{}.{}", self.kind, self.name)
    }

    /// The key its metadata is stored under in an encrypted file: the alias, else the
    /// address.
    pub fn meta_key(&self) -> String {
        self.encrypted_metadata_alias
            .clone()
            .unwrap_or_else(|| self.address())
    }
}

/// The settings of a key provider, by type.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyProviderSettings {
    /// `pbkdf2`: a key derived from a passphrase.
    Pbkdf2(Pbkdf2Config),
    /// A type tfshow does not run (`aws_kms`, `gcp_kms`, `azure_vault`, `openbao`,
    /// `external`, …); its settings are not read.
    Unsupported,
}

/// The settings of a `pbkdf2` key provider, with OpenTofu's defaults for what is not set.
#[derive(Clone, Debug, PartialEq)]
pub struct Pbkdf2Config {
    /// `passphrase`.
    pub passphrase: Option<Passphrase>,
    /// `chain`: another key provider whose key is the passphrase.
    pub chain: Option<KeyProviderRef>,
    /// `key_length` (default 32).
    pub key_length: i64,
    /// `iterations` (default 600 000).
    pub iterations: i64,
    /// `hash_function` (default `sha512`).
    pub hash_function: String,
    /// `salt_length` (default 32).
    pub salt_length: i64,
}

impl Default for Pbkdf2Config {
    fn default() -> Self {
        Pbkdf2Config {
            passphrase: None,
            chain: None,
            key_length: 32,
            iterations: 600_000,
            hash_function: "sha512".into(),
            salt_length: 32,
        }
    }
}

/// A passphrase: zeroed when dropped, never printed (`Debug` shows its length only).
#[derive(Clone, PartialEq, Eq)]
pub struct Passphrase(Zeroizing<String>);

impl Passphrase {
    /// Wraps a passphrase.
    pub fn new(text: String) -> Self {
        Passphrase(Zeroizing::new(text))
    }

    /// The passphrase's bytes.
    pub fn expose(&self) -> &[u8] {
        self.0.as_bytes()
    }

    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for Passphrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Passphrase(<{} bytes>)", self.0.len())
    }
}

/// A reference to a key provider: `key_provider.TYPE.NAME`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyProviderRef {
    /// The type.
    pub kind: String,
    /// The name.
    pub name: String,
}

impl fmt::Display for KeyProviderRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "key_provider.{}.{}", self.kind, self.name)
    }
}

/// A `method` block.
#[derive(Clone, Debug, PartialEq)]
pub struct Method {
    /// The type label (`aes_gcm`, `unencrypted`, `external`).
    pub kind: String,
    /// The name label.
    pub name: String,
    /// The type's settings.
    pub settings: MethodSettings,
}

/// The settings of a method, by type.
#[derive(Clone, Debug, PartialEq)]
pub enum MethodSettings {
    /// `aes_gcm`.
    AesGcm {
        /// `keys`: the key provider giving the key.
        keys: KeyProviderRef,
        /// `aad`: additional authenticated data (empty when not set).
        aad: Vec<u8>,
    },
    /// `unencrypted`: the file may be unencrypted (migrations).
    Unencrypted,
    /// A type tfshow does not run (`external`, …).
    Unsupported,
}

/// A reference to a method: `method.TYPE.NAME`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodRef {
    /// The type.
    pub kind: String,
    /// The name.
    pub name: String,
}

impl fmt::Display for MethodRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "method.{}.{}", self.kind, self.name)
    }
}

/// A `state`, `plan` (or remote state) block: its method, then its fallbacks in order.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetConfig {
    /// `enforced`: the file must be encrypted (no `unencrypted` method allowed).
    pub enforced: bool,
    /// `method`, then each nested `fallback`'s `method`.
    pub methods: Vec<MethodRef>,
}

/// A `remote_state_data_sources` block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RemoteConfig {
    /// `default`.
    pub default: Option<TargetConfig>,
    /// `remote_state_data_source "NAME"` blocks.
    pub targets: Vec<(String, TargetConfig)>,
}

impl Config {
    /// Parses configuration text: JSON when its first non-blank character is `{`, HCL
    /// otherwise. Checks the schema, duplicate blocks and that every target's methods exist.
    pub fn parse(text: &str, limits: &Limits) -> Result<Config, ConfigError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ConfigError::Empty);
        }
        if text.len() > MAX_CONFIG_SIZE {
            return Err(ConfigError::invalid(
                "",
                format!("the configuration is larger than {MAX_CONFIG_SIZE} bytes"),
            ));
        }
        let raw = if text.starts_with('{') {
            json::parse(text, limits)?
        } else {
            hcl::parse(text, limits)?
        };
        decode::config(&raw)
    }

    /// The key provider `r` names.
    pub fn key_provider(&self, r: &KeyProviderRef) -> Option<&KeyProvider> {
        self.key_providers
            .iter()
            .find(|k| k.kind == r.kind && k.name == r.name)
    }

    /// The method `r` names.
    pub fn method(&self, r: &MethodRef) -> Option<&Method> {
        self.methods
            .iter()
            .find(|m| m.kind == r.kind && m.name == r.name)
    }
}

#[cfg(test)]
mod tests;
