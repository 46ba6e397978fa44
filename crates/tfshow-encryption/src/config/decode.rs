//! Checking a [`RawBody`] against the schema of the encryption block and building [`Config`].

use super::raw::{parse_ref, RawBlock, RawBody, Val};
use super::{
    Config, KeyProvider, KeyProviderRef, KeyProviderSettings, Method, MethodRef, MethodSettings,
    Passphrase, Pbkdf2Config, RemoteConfig, TargetConfig,
};
use crate::error::ConfigError;

/// The most `fallback` blocks one target may nest: OpenTofu has no limit, but a chain longer
/// than the methods declared can only repeat them.
const MAX_FALLBACKS: usize = 64;

pub(super) fn config(raw: &RawBody) -> Result<Config, ConfigError> {
    if let Some((name, _)) = raw.attrs.first() {
        return Err(ConfigError::invalid(
            name,
            "unexpected attribute; the encryption configuration holds only blocks",
        ));
    }
    let mut c = Config::default();
    for b in &raw.blocks {
        match b.kind.as_str() {
            "key_provider" => {
                let (kind, name) = two_labels(b)?;
                let kp = key_provider(kind, name, &b.body)?;
                if c.key_providers
                    .iter()
                    .any(|k| k.kind == kp.kind && k.name == kp.name)
                {
                    return Err(ConfigError::Duplicate(kp.address()));
                }
                c.key_providers.push(kp);
            }
            "method" => {
                let (kind, name) = two_labels(b)?;
                let m = method(kind, name, &b.body)?;
                if c.methods
                    .iter()
                    .any(|o| o.kind == m.kind && o.name == m.name)
                {
                    return Err(ConfigError::Duplicate(format!("method.{kind}.{name}")));
                }
                c.methods.push(m);
            }
            "state" | "plan" => {
                no_labels(b)?;
                let slot = if b.kind == "state" {
                    &mut c.state
                } else {
                    &mut c.plan
                };
                if slot.is_some() {
                    return Err(ConfigError::Duplicate(b.kind.clone()));
                }
                *slot = Some(target(&b.body, &b.kind, true)?);
            }
            "remote_state_data_sources" => {
                no_labels(b)?;
                if c.remote_state_data_sources.is_some() {
                    return Err(ConfigError::Duplicate(b.kind.clone()));
                }
                c.remote_state_data_sources = Some(remote(&b.body)?);
            }
            other => {
                return Err(ConfigError::invalid(
                    other,
                    "unsupported block type; expected key_provider, method, state, plan or \
                     remote_state_data_sources",
                ))
            }
        }
    }
    check_method_refs(&c)?;
    Ok(c)
}

/// Every target's methods exist; an enforced target has no `unencrypted` method.
fn check_method_refs(c: &Config) -> Result<(), ConfigError> {
    let mut targets: Vec<(String, &TargetConfig)> = Vec::new();
    targets.extend(c.state.iter().map(|t| ("state".to_owned(), t)));
    targets.extend(c.plan.iter().map(|t| ("plan".to_owned(), t)));
    if let Some(r) = &c.remote_state_data_sources {
        targets.extend(
            r.default
                .iter()
                .map(|t| ("remote_state_data_sources.default".to_owned(), t)),
        );
        targets.extend(r.targets.iter().map(|(n, t)| {
            (
                format!("remote_state_data_sources.remote_state_data_source.{n}"),
                t,
            )
        }));
    }
    for (at, t) in targets {
        for m in &t.methods {
            let Some(method) = c.method(m) else {
                return Err(ConfigError::invalid(
                    format!("{at}.method"),
                    format!(
                        "there is no method \"{}\" \"{}\" block (reference to an undeclared method)",
                        m.kind, m.name
                    ),
                ));
            };
            if t.enforced && method.settings == MethodSettings::Unencrypted {
                return Err(ConfigError::invalid(
                    at,
                    "the unencrypted method is forbidden because `enforced` is set",
                ));
            }
        }
    }
    Ok(())
}

fn two_labels(b: &RawBlock) -> Result<(&str, &str), ConfigError> {
    match b.labels.as_slice() {
        [kind, name] => {
            for label in [kind, name] {
                check_name(label, &b.kind)?;
            }
            Ok((kind, name))
        }
        _ => Err(ConfigError::invalid(
            &b.kind,
            format!(
                "a {} block takes two labels (type and name), not {}",
                b.kind,
                b.labels.len()
            ),
        )),
    }
}

fn no_labels(b: &RawBlock) -> Result<(), ConfigError> {
    if b.labels.is_empty() {
        Ok(())
    } else {
        Err(ConfigError::invalid(
            &b.kind,
            format!("a {} block takes no labels", b.kind),
        ))
    }
}

/// Names and types are `[a-zA-Z0-9_-]+`, as OpenTofu requires.
fn check_name(name: &str, at: &str) -> Result<(), ConfigError> {
    if !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        Ok(())
    } else {
        Err(ConfigError::invalid(
            at,
            "a type or name may hold only letters, digits, `_` and `-`",
        ))
    }
}

fn key_provider(kind: &str, name: &str, body: &RawBody) -> Result<KeyProvider, ConfigError> {
    let at = format!("key_provider.{kind}.{name}");
    let mut alias = None;
    let mut pbkdf2 = Pbkdf2Config::default();
    for (attr, value) in &body.attrs {
        let here = format!("{at}.{attr}");
        if attr == "encrypted_metadata_alias" {
            let a = string(value, &here)?;
            alias = (!a.is_empty()).then_some(a);
            continue;
        }
        if kind != "pbkdf2" {
            // The settings of other types are not read: tfshow does not run them.
            continue;
        }
        match attr.as_str() {
            "passphrase" => pbkdf2.passphrase = Some(Passphrase::new(string(value, &here)?)),
            "chain" => pbkdf2.chain = Some(key_provider_ref(value, &here)?),
            "key_length" => pbkdf2.key_length = integer(value, &here)?,
            "iterations" => pbkdf2.iterations = integer(value, &here)?,
            "salt_length" => pbkdf2.salt_length = integer(value, &here)?,
            "hash_function" => pbkdf2.hash_function = string(value, &here)?,
            _ => return Err(unexpected_attribute(&here)),
        }
    }
    if let Some(b) = body.blocks.first() {
        return Err(unexpected_block(&at, b));
    }
    Ok(KeyProvider {
        kind: kind.to_owned(),
        name: name.to_owned(),
        encrypted_metadata_alias: alias,
        settings: if kind == "pbkdf2" {
            KeyProviderSettings::Pbkdf2(pbkdf2)
        } else {
            KeyProviderSettings::Unsupported
        },
    })
}

fn method(kind: &str, name: &str, body: &RawBody) -> Result<Method, ConfigError> {
    let at = format!("method.{kind}.{name}");
    if let Some(b) = body.blocks.first() {
        return Err(unexpected_block(&at, b));
    }
    let settings = match kind {
        "aes_gcm" => {
            let mut keys = None;
            let mut aad = Vec::new();
            for (attr, value) in &body.attrs {
                let here = format!("{at}.{attr}");
                match attr.as_str() {
                    "keys" => keys = Some(key_provider_ref(value, &here)?),
                    "aad" => aad = bytes(value, &here)?,
                    _ => return Err(unexpected_attribute(&here)),
                }
            }
            let keys = keys.ok_or_else(|| {
                ConfigError::invalid(format!("{at}.keys"), "the argument is required")
            })?;
            MethodSettings::AesGcm { keys, aad }
        }
        "unencrypted" => {
            if let Some((attr, _)) = body.attrs.first() {
                return Err(unexpected_attribute(&format!("{at}.{attr}")));
            }
            MethodSettings::Unencrypted
        }
        _ => MethodSettings::Unsupported,
    };
    Ok(Method {
        kind: kind.to_owned(),
        name: name.to_owned(),
        settings,
    })
}

/// A `state`/`plan` block (`enforceable`) or another target block, with its fallback chain.
fn target(body: &RawBody, at: &str, enforceable: bool) -> Result<TargetConfig, ConfigError> {
    let mut t = TargetConfig {
        enforced: false,
        methods: Vec::new(),
    };
    let mut body = body;
    let mut at = at.to_owned();
    loop {
        let mut method = None;
        for (attr, value) in &body.attrs {
            let here = format!("{at}.{attr}");
            match attr.as_str() {
                "method" => method = Some(method_ref(value, &here)?),
                "enforced" if enforceable && t.methods.is_empty() => match value {
                    Val::Bool(b) => t.enforced = *b,
                    other => return Err(wrong_type(&here, "a boolean", other)),
                },
                _ => return Err(unexpected_attribute(&here)),
            }
        }
        let method = method.ok_or_else(|| {
            ConfigError::invalid(format!("{at}.method"), "the argument is required")
        })?;
        t.methods.push(method);
        let mut fallback = None;
        for b in &body.blocks {
            if b.kind != "fallback" {
                return Err(unexpected_block(&at, b));
            }
            no_labels(b)?;
            if fallback.replace(&b.body).is_some() {
                return Err(ConfigError::Duplicate(format!("{at}.fallback")));
            }
        }
        match fallback {
            None => return Ok(t),
            Some(_) if t.methods.len() > MAX_FALLBACKS => {
                return Err(ConfigError::invalid(
                    at,
                    format!("more than {MAX_FALLBACKS} nested fallback blocks"),
                ))
            }
            Some(next) => {
                body = next;
                at.push_str(".fallback");
            }
        }
    }
}

fn remote(body: &RawBody) -> Result<RemoteConfig, ConfigError> {
    const AT: &str = "remote_state_data_sources";
    if let Some((attr, _)) = body.attrs.first() {
        return Err(unexpected_attribute(&format!("{AT}.{attr}")));
    }
    let mut r = RemoteConfig::default();
    for b in &body.blocks {
        match (b.kind.as_str(), b.labels.as_slice()) {
            ("default", []) => {
                if r.default.is_some() {
                    return Err(ConfigError::Duplicate(format!("{AT}.default")));
                }
                r.default = Some(target(&b.body, &format!("{AT}.default"), false)?);
            }
            ("remote_state_data_source", [name]) => {
                let at = format!("{AT}.remote_state_data_source.{name}");
                if r.targets.iter().any(|(n, _)| n == name) {
                    return Err(ConfigError::Duplicate(at));
                }
                r.targets.push((name.clone(), target(&b.body, &at, false)?));
            }
            _ => return Err(unexpected_block(AT, b)),
        }
    }
    Ok(r)
}

fn string(v: &Val, at: &str) -> Result<String, ConfigError> {
    match v {
        Val::Str(s) => Ok(s.clone()),
        other => Err(wrong_type(at, "a literal string", other)),
    }
}

fn integer(v: &Val, at: &str) -> Result<i64, ConfigError> {
    match v {
        Val::Num(Some(n)) => Ok(*n),
        Val::Num(None) => Err(ConfigError::invalid(at, "expected a whole number")),
        other => Err(wrong_type(at, "a whole number", other)),
    }
}

/// A list of numbers 0–255 (`aad = [1, 2, 3]`).
fn bytes(v: &Val, at: &str) -> Result<Vec<u8>, ConfigError> {
    let Val::List(items) = v else {
        return Err(wrong_type(at, "a list of bytes", v));
    };
    items
        .iter()
        .map(|item| match item {
            Val::Num(Some(n)) => u8::try_from(*n).ok(),
            _ => None,
        })
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| ConfigError::invalid(at, "expected a list of numbers from 0 to 255"))
}

/// The names of a reference, or of a string holding one (OpenTofu reads
/// `"key_provider.pbkdf2.k"` and, in JSON, `"method.aes_gcm.m"` as references).
fn names(v: &Val) -> Option<Vec<String>> {
    match v {
        Val::Ref(names) => Some(names.clone()),
        Val::Str(s) => parse_ref(s),
        _ => None,
    }
}

/// The type and name of a reference `ROOT.TYPE.NAME` (`root` is `key_provider` or `method`).
fn typed_ref(v: &Val, at: &str, root: &str, what: &str) -> Result<(String, String), ConfigError> {
    match names(v).as_deref() {
        Some([r, kind, name]) if r == root => Ok((kind.clone(), name.clone())),
        _ => Err(ConfigError::invalid(
            at,
            format!(
                "expected a reference to {what} ({root}.TYPE.NAME), found {}",
                v.kind()
            ),
        )),
    }
}

fn key_provider_ref(v: &Val, at: &str) -> Result<KeyProviderRef, ConfigError> {
    let (kind, name) = typed_ref(v, at, "key_provider", "a key provider")?;
    Ok(KeyProviderRef { kind, name })
}

fn method_ref(v: &Val, at: &str) -> Result<MethodRef, ConfigError> {
    let (kind, name) = typed_ref(v, at, "method", "a method")?;
    Ok(MethodRef { kind, name })
}

fn wrong_type(at: &str, expected: &str, found: &Val) -> ConfigError {
    let found = found.kind();
    let note = if matches!(
        found,
        "a reference" | "a function call" | "a string template"
    ) {
        " (tfshow does not evaluate variables, locals or functions)"
    } else {
        ""
    };
    ConfigError::invalid(at, format!("expected {expected}, found {found}{note}"))
}

fn unexpected_attribute(at: &str) -> ConfigError {
    ConfigError::invalid(at, "unsupported argument")
}

fn unexpected_block(at: &str, b: &RawBlock) -> ConfigError {
    ConfigError::invalid(format!("{at}.{}", b.kind), "unsupported block type")
}
