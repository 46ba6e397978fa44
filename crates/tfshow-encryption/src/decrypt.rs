//! Decrypting a state or a plan as OpenTofu does: the target's method first, then each
//! fallback in order; an unencrypted file passes only when the target allows the
//! `unencrypted` method.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::Value;
use tfshow_limits::Limits;
use zeroize::Zeroizing;

use crate::aesgcm::{self, KEY_LENGTHS};
use crate::config::{Config, KeyProviderRef, KeyProviderSettings, MethodRef, MethodSettings};
use crate::envelope::{Envelope, ENVELOPE_VERSION};
use crate::error::{ConfigError, DecryptError};
use crate::pbkdf2::{check_config, Metadata, MIN_PASSPHRASE_LENGTH};
use crate::Target;

/// Decrypts a file of unknown kind: an encrypted state (its envelope has `serial` or
/// `lineage`) or plan, or passes an unencrypted one through (a zip is a plan, anything else a
/// state). Returns the plaintext and which kind of file it was decrypted as.
pub fn decrypt_file<'a>(
    bytes: &'a [u8],
    config: Option<&Config>,
    limits: &Limits,
) -> Result<(Cow<'a, [u8]>, Target), DecryptError> {
    // The kind named in envelope errors before the envelope says which it is.
    let guess = if bytes.starts_with(b"PK") {
        Target::Plan
    } else {
        Target::State
    };
    let envelope = Envelope::parse(bytes, guess, limits)?;
    let target = match &envelope {
        Some(e) if e.looks_like_state() => Target::State,
        Some(_) => Target::Plan,
        None => guess,
    };
    decrypt_parsed(bytes, envelope, config, target, limits).map(|b| (b, target))
}

/// Decrypts a file known to be a `target` (a state, or a plan), or passes it through when it
/// is not encrypted and the configuration allows that.
pub fn decrypt<'a>(
    bytes: &'a [u8],
    config: Option<&Config>,
    target: Target,
    limits: &Limits,
) -> Result<Cow<'a, [u8]>, DecryptError> {
    let envelope = Envelope::parse(bytes, target, limits)?;
    decrypt_parsed(bytes, envelope, config, target, limits)
}

fn decrypt_parsed<'a>(
    bytes: &'a [u8],
    envelope: Option<Envelope>,
    config: Option<&Config>,
    target: Target,
    limits: &Limits,
) -> Result<Cow<'a, [u8]>, DecryptError> {
    let target_config = config.and_then(|c| match target {
        Target::State => c.state.as_ref(),
        Target::Plan => c.plan.as_ref(),
    });
    let Some(envelope) = envelope else {
        let Some(t) = target_config else {
            return Ok(Cow::Borrowed(bytes));
        };
        let allows_unencrypted = t.methods.iter().any(|m| {
            config
                .and_then(|c| c.method(m))
                .is_some_and(|m| m.settings == MethodSettings::Unencrypted)
        });
        if !allows_unencrypted && is_unencrypted(bytes, target, limits) {
            return Err(DecryptError::UnencryptedNotAllowed { target });
        }
        // Anything else is not OpenTofu's: the reader says what it is.
        return Ok(Cow::Borrowed(bytes));
    };
    let (Some(config), Some(t)) = (config, target_config) else {
        return Err(if config.is_none() {
            DecryptError::NoConfiguration
        } else {
            DecryptError::TargetNotConfigured { target }
        });
    };
    if envelope.version != ENVELOPE_VERSION {
        let shown: String = envelope.version.chars().take(16).collect();
        return Err(DecryptError::Envelope {
            target,
            reason: format!(
                "unsupported encryption_version {shown:?} (expected {ENVELOPE_VERSION:?})"
            ),
        });
    }
    let mut attempts = Vec::new();
    for m in &t.methods {
        match try_method(config, m, &envelope, target, limits)? {
            Attempt::Skipped => {}
            Attempt::Failed(why) => attempts.push(format!("{m}: {why}")),
            Attempt::Decrypted(plain) => {
                if target == Target::State {
                    check_passthrough(&envelope, &plain, limits)?;
                }
                return Ok(Cow::Owned(plain));
            }
        }
    }
    if attempts.is_empty() {
        attempts.push("only the unencrypted method is configured".into());
    }
    Err(DecryptError::NoKeyDecrypts { target, attempts })
}

/// Whether `bytes` is what OpenTofu takes for an unencrypted `target`: a zip for a plan, a
/// JSON object with a `terraform_version` for a state.
fn is_unencrypted(bytes: &[u8], target: Target, limits: &Limits) -> bool {
    match target {
        Target::Plan => bytes.starts_with(b"PK"),
        Target::State => probe(bytes, limits)
            .and_then(|p| p.terraform_version)
            .is_some_and(|v| v.as_str().is_some_and(|s| !s.is_empty())),
    }
}

/// The members of a state that decryption looks at.
#[derive(Deserialize)]
struct StateProbe {
    terraform_version: Option<Value>,
    serial: Option<Value>,
    lineage: Option<Value>,
}

fn probe(bytes: &[u8], limits: &Limits) -> Option<StateProbe> {
    if bytes.trim_ascii_start().first() != Some(&b'{') {
        return None;
    }
    tfshow_limits::json::from_slice(bytes, limits).ok()
}

/// A decrypted state has the `serial` and `lineage` its envelope shows, as OpenTofu checks.
fn check_passthrough(
    envelope: &Envelope,
    plain: &[u8],
    limits: &Limits,
) -> Result<(), DecryptError> {
    let Some(state) = probe(plain, limits) else {
        // Not a state: the state reader says so.
        return Ok(());
    };
    if let (Some(Value::Number(outer)), Some(Value::Number(inner))) =
        (&envelope.serial, &state.serial)
    {
        let same = match (outer.as_i64(), inner.as_i64()) {
            (Some(a), Some(b)) => a == b,
            _ => outer.to_string() == inner.to_string(),
        };
        if !same {
            return Err(DecryptError::PassthroughMismatch { field: "serial" });
        }
    }
    if let Some(outer) = envelope.lineage.as_deref().filter(|l| !l.is_empty()) {
        if state.lineage.as_ref().and_then(Value::as_str) != Some(outer) {
            return Err(DecryptError::PassthroughMismatch { field: "lineage" });
        }
    }
    Ok(())
}

/// What trying one method gave.
enum Attempt {
    /// The `unencrypted` method: not applicable to an encrypted file.
    Skipped,
    /// The plaintext.
    Decrypted(Vec<u8>),
    /// Why it did not decrypt (no secret in it).
    Failed(String),
}

fn try_method(
    config: &Config,
    r: &MethodRef,
    envelope: &Envelope,
    target: Target,
    limits: &Limits,
) -> Result<Attempt, DecryptError> {
    // Every target's methods were checked to exist when the configuration was parsed.
    let Some(method) = config.method(r) else {
        return Err(
            ConfigError::invalid(r.to_string(), "reference to an undeclared method").into(),
        );
    };
    let (keys, aad) = match &method.settings {
        MethodSettings::Unencrypted => return Ok(Attempt::Skipped),
        MethodSettings::Unsupported => {
            return Err(DecryptError::UnsupportedMethod {
                kind: method.kind.clone(),
                name: method.name.clone(),
            })
        }
        MethodSettings::AesGcm { keys, aad } => (keys, aad),
    };
    let at = format!("{r}.keys");
    let mut chain = Vec::new();
    let output = provider_keys(
        config,
        keys,
        &at,
        envelope,
        target,
        limits,
        Some(&KEY_LENGTHS),
        &mut chain,
    )?;
    if !KEY_LENGTHS.contains(&output.encryption_length) {
        return Err(ConfigError::invalid(
            at,
            format!(
                "AES-GCM requires a key of 16, 24 or 32 bytes; {keys} gives {} bytes",
                output.encryption_length
            ),
        )
        .into());
    }
    let Some(key) = output.decryption else {
        return Ok(Attempt::Failed(format!(
            "no decryption key available (the file has no metadata for {keys})"
        )));
    };
    Ok(match aesgcm::decrypt(&key, aad, &envelope.data) {
        Ok(plain) => Attempt::Decrypted(plain),
        Err(f) => Attempt::Failed(f.text().into()),
    })
}

/// What a key provider gives a method.
struct KeyOutput {
    /// The length of the key it would encrypt with (its configured key length).
    encryption_length: usize,
    /// The key to decrypt with, when the file has its metadata.
    decryption: Option<Zeroizing<Vec<u8>>>,
}

/// The keys of key provider `r` for `envelope`. `accept` lists the key lengths the method
/// takes, checked before a key is derived; `chain` the providers being set up (cycles).
#[allow(clippy::too_many_arguments)]
fn provider_keys(
    config: &Config,
    r: &KeyProviderRef,
    at: &str,
    envelope: &Envelope,
    target: Target,
    limits: &Limits,
    accept: Option<&[usize]>,
    chain: &mut Vec<KeyProviderRef>,
) -> Result<KeyOutput, DecryptError> {
    let Some(kp) = config.key_provider(r) else {
        return Err(ConfigError::invalid(
            at,
            format!(
                "there is no key_provider \"{}\" \"{}\" block (reference to an undeclared key provider)",
                r.kind, r.name
            ),
        )
        .into());
    };
    if chain.contains(r) {
        let path: Vec<String> = chain.iter().chain([r]).map(|k| k.to_string()).collect();
        return Err(ConfigError::invalid(
            kp.address(),
            format!(
                "circular reference between key providers: {}",
                path.join(" -> ")
            ),
        )
        .into());
    }
    let KeyProviderSettings::Pbkdf2(p) = &kp.settings else {
        return Err(DecryptError::UnsupportedKeyProvider {
            kind: kp.kind.clone(),
            name: kp.name.clone(),
        });
    };
    let address = kp.address();
    check_config(p, &address, p.chain.is_some())?;
    // The passphrase: the configured one, or the chained provider's decryption key.
    let upstream = match &p.chain {
        None => None,
        Some(up) => {
            chain.push(r.clone());
            let out = provider_keys(
                config,
                up,
                &format!("{address}.chain"),
                envelope,
                target,
                limits,
                None,
                chain,
            );
            chain.pop();
            let out = out?;
            let short = |which: &str| {
                ConfigError::invalid(
                    &address,
                    format!(
                        "upstream key provider supplied {which} key that is too short (minimum {MIN_PASSPHRASE_LENGTH} characters)"
                    ),
                )
            };
            if out.encryption_length < MIN_PASSPHRASE_LENGTH {
                return Err(short("an encryption").into());
            }
            if out
                .decryption
                .as_ref()
                .is_some_and(|k| k.len() < MIN_PASSPHRASE_LENGTH)
            {
                return Err(short("a decryption").into());
            }
            Some(out)
        }
    };
    let encryption_length = usize::try_from(p.key_length).unwrap_or(usize::MAX);
    let meta_key = kp.meta_key();
    let meta = match envelope.meta(&meta_key, target)? {
        Some(bytes) => Metadata::parse(&bytes, &meta_key, target, limits)?,
        None => None,
    };
    let Some(meta) = meta else {
        return Ok(KeyOutput {
            encryption_length,
            decryption: None,
        });
    };
    if let Some(lengths) = accept.filter(|l| !l.contains(&meta.key_length)) {
        let lengths: Vec<String> = lengths.iter().map(usize::to_string).collect();
        return Err(ConfigError::invalid(
            at,
            format!(
                "AES-GCM requires a key of {} bytes; the file's metadata for {meta_key:?} asks for {} bytes",
                lengths.join(", "),
                meta.key_length
            ),
        )
        .into());
    }
    let decryption = match (&p.passphrase, upstream) {
        (Some(pass), _) if !pass.is_empty() => Some(meta.derive(pass.expose())),
        (
            _,
            Some(KeyOutput {
                decryption: Some(up),
                ..
            }),
        ) => Some(meta.derive(&up)),
        _ => None,
    };
    Ok(KeyOutput {
        encryption_length,
        decryption,
    })
}
