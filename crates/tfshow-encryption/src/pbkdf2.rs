//! The `pbkdf2` key provider: its configuration checks (OpenTofu's), the metadata an encrypted
//! file stores for it, and the key derivation, bounded by the limits.

use serde_json::{Map, Value};
use sha2::{Sha256, Sha512};
use tfshow_limits::{Limit, Limits};
use zeroize::Zeroizing;

use crate::config::Pbkdf2Config;
use crate::envelope::decode_base64;
use crate::error::{ConfigError, DecryptError};
use crate::Target;

/// The shortest passphrase OpenTofu accepts.
pub const MIN_PASSPHRASE_LENGTH: usize = 16;
/// The fewest iterations OpenTofu accepts in a configuration.
pub const MIN_ITERATIONS: i64 = 200_000;

/// Checks a pbkdf2 configuration as OpenTofu does before using it. `at` is the key
/// provider's address; `chained` is whether a chained key provider gives the passphrase.
pub(crate) fn check_config(c: &Pbkdf2Config, at: &str, chained: bool) -> Result<(), ConfigError> {
    let bad = |reason: String| Err(ConfigError::invalid(at, reason));
    match (&c.passphrase, chained) {
        (None, false) => {
            return bad("no passphrase provided and no chained provider defined".into())
        }
        (Some(p), true) if !p.is_empty() => {
            return bad("passphrase and chain are mutually exclusive".into())
        }
        (Some(p), false) if p.len() < MIN_PASSPHRASE_LENGTH => {
            return bad(format!(
                "passphrase is too short (minimum {MIN_PASSPHRASE_LENGTH} characters)"
            ))
        }
        _ => {}
    }
    if c.key_length <= 0 {
        return bad("the key length must be larger than zero".into());
    }
    if c.iterations < MIN_ITERATIONS {
        return bad(format!(
            "the number of iterations is dangerously low (<{MIN_ITERATIONS}), refusing to generate key"
        ));
    }
    if c.salt_length <= 0 {
        return bad("the salt length must be larger than zero".into());
    }
    if Hash::from_name(&c.hash_function).is_none() {
        return bad(format!(
            "invalid hash function name {:?} (expected sha256 or sha512)",
            c.hash_function
        ));
    }
    Ok(())
}

/// The hash functions OpenTofu's pbkdf2 offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hash {
    Sha256,
    Sha512,
}

impl Hash {
    fn from_name(name: &str) -> Option<Hash> {
        match name {
            "sha256" => Some(Hash::Sha256),
            "sha512" => Some(Hash::Sha512),
            _ => None,
        }
    }
}

/// The pbkdf2 metadata an encrypted file stores: `{"salt": base64, "iterations": N,
/// "hash_function": NAME, "key_length": N}`.
#[derive(Debug)]
pub(crate) struct Metadata {
    salt: Vec<u8>,
    iterations: u32,
    hash: Hash,
    /// The length of the key to derive, in bytes.
    pub key_length: usize,
}

impl Metadata {
    /// Reads the metadata stored under `key`. `None` when it is not all there (OpenTofu then
    /// has no decryption key); an error when it is malformed, names an unknown hash, or asks
    /// for more iterations or a longer key than `limits` allow.
    pub(crate) fn parse(
        bytes: &[u8],
        key: &str,
        target: Target,
        limits: &Limits,
    ) -> Result<Option<Metadata>, DecryptError> {
        let bad = |reason: &str| DecryptError::Envelope {
            target,
            reason: format!("the metadata of {key:?}: {reason}"),
        };
        let object: Map<String, Value> =
            tfshow_limits::json::from_slice(bytes, limits).map_err(|_| bad("not a JSON object"))?;
        let int = |name: &str| -> Result<i64, DecryptError> {
            match object.get(name) {
                None | Some(Value::Null) => Ok(0),
                Some(Value::Number(n)) => n
                    .as_i64()
                    .ok_or_else(|| bad(&format!("`{name}` is not a whole number"))),
                Some(_) => Err(bad(&format!("`{name}` is not a number"))),
            }
        };
        let (iterations, key_length) = (int("iterations")?, int("key_length")?);
        let salt = match object.get("salt") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::String(s)) => {
                decode_base64(s).ok_or_else(|| bad("`salt` is not base64"))?
            }
            Some(_) => return Err(bad("`salt` is not a string")),
        };
        let hash_name = match object.get("hash_function") {
            None | Some(Value::Null) => "",
            Some(Value::String(s)) => s.as_str(),
            Some(_) => return Err(bad("`hash_function` is not a string")),
        };
        if iterations < 0 {
            return Err(bad("invalid number of iterations"));
        }
        if key_length < 0 {
            return Err(bad("invalid key length"));
        }
        let hash = match (hash_name, Hash::from_name(hash_name)) {
            ("", _) => None,
            (_, Some(h)) => Some(h),
            (_, None) => return Err(bad("invalid hash function name")),
        };
        let Some(hash) = hash.filter(|_| !salt.is_empty() && iterations != 0 && key_length != 0)
        else {
            return Ok(None);
        };
        let over = |limit: Limit, what: String| DecryptError::Limit(limits.exceeded(limit, what));
        let iterations = u32::try_from(iterations)
            .ok()
            .filter(|&n| u64::from(n) <= limits.max_pbkdf2_iterations)
            .ok_or_else(|| {
                over(
                    Limit::Pbkdf2Iterations,
                    format!("the metadata of {key:?} asks for {iterations} PBKDF2 iterations"),
                )
            })?;
        let key_length = usize::try_from(key_length)
            .ok()
            .filter(|&n| n as u64 <= limits.max_key_length)
            .ok_or_else(|| {
                over(
                    Limit::KeyLength,
                    format!("the metadata of {key:?} asks for a key of {key_length} bytes"),
                )
            })?;
        Ok(Some(Metadata {
            salt,
            iterations,
            hash,
            key_length,
        }))
    }

    /// Derives the key from `passphrase`.
    pub(crate) fn derive(&self, passphrase: &[u8]) -> Zeroizing<Vec<u8>> {
        let mut key = Zeroizing::new(vec![0u8; self.key_length]);
        match self.hash {
            Hash::Sha256 => {
                pbkdf2::pbkdf2_hmac::<Sha256>(passphrase, &self.salt, self.iterations, &mut key)
            }
            Hash::Sha512 => {
                pbkdf2::pbkdf2_hmac::<Sha512>(passphrase, &self.salt, self.iterations, &mut key)
            }
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Passphrase;

    fn meta(json: &str, limits: &Limits) -> Result<Option<Metadata>, DecryptError> {
        Metadata::parse(json.as_bytes(), "k", Target::State, limits)
    }

    /// RFC 6070's first PBKDF2-HMAC-SHA1 vector has no SHA-2 twin; this one is from
    /// RFC 7914 §11 (PBKDF2-HMAC-SHA256, "passwd", "salt", c = 1, 64 bytes).
    #[test]
    fn derives_rfc_7914_vector() {
        let m = meta(
            r#"{"salt":"c2FsdA==","iterations":1,"hash_function":"sha256","key_length":64}"#,
            &Limits::default(),
        )
        .unwrap()
        .unwrap();
        let key = m.derive(b"passwd");
        let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc\
             49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
        );
    }

    #[test]
    fn incomplete_metadata_gives_no_key() {
        let l = Limits::default();
        for json in [
            r#"{}"#,
            r#"{"salt":"","iterations":600000,"hash_function":"sha512","key_length":32}"#,
            r#"{"salt":"c2FsdA==","iterations":0,"hash_function":"sha512","key_length":32}"#,
            r#"{"salt":"c2FsdA==","iterations":600000,"key_length":32}"#,
        ] {
            assert!(meta(json, &l).unwrap().is_none(), "{json}");
        }
    }

    #[test]
    fn refuses_hostile_costs() {
        let l = Limits::default();
        let err = meta(
            r#"{"salt":"c2FsdA==","iterations":1099511627776,"hash_function":"sha512","key_length":32}"#,
            &l,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "OpenTofu encrypted file: the metadata of \"k\" asks for 1099511627776 PBKDF2 \
             iterations (limit pbkdf2-iterations = 5000000; raise it with --limit pbkdf2-iterations=VALUE)"
        );
        let err = meta(
            r#"{"salt":"c2FsdA==","iterations":600000,"hash_function":"sha512","key_length":1000000}"#,
            &l,
        )
        .unwrap_err();
        assert!(err.to_string().contains("limit key-length = 256"), "{err}");
        for (json, reason) in [
            (r#"[]"#, "not a JSON object"),
            (r#"{"iterations":-1}"#, "invalid number of iterations"),
            (
                r#"{"key_length":1.5}"#,
                "`key_length` is not a whole number",
            ),
            (
                r#"{"salt":"c2FsdA==","iterations":1,"hash_function":"md5","key_length":1}"#,
                "invalid hash function name",
            ),
            (r#"{"salt":"***"}"#, "`salt` is not base64"),
        ] {
            let err = meta(json, &l).unwrap_err().to_string();
            assert!(err.ends_with(reason), "{json}: {err}");
        }
    }

    #[test]
    fn checks_the_configuration_as_opentofu_does() {
        let ok = Pbkdf2Config {
            passphrase: Some(Passphrase::new("a passphrase of 25 chars".into())),
            ..Pbkdf2Config::default()
        };
        assert!(check_config(&ok, "kp", false).is_ok());
        let short = Pbkdf2Config {
            passphrase: Some(Passphrase::new("short secret".into())),
            ..Pbkdf2Config::default()
        };
        let err = check_config(&short, "key_provider.pbkdf2.k", false).unwrap_err();
        assert_eq!(
            err.to_string(),
            "encryption configuration: key_provider.pbkdf2.k: passphrase is too short (minimum 16 characters)"
        );
        assert!(!err.to_string().contains("short secret"));
        for bad in [
            Pbkdf2Config {
                iterations: 1000,
                ..ok.clone()
            },
            Pbkdf2Config {
                key_length: 0,
                ..ok.clone()
            },
            Pbkdf2Config {
                salt_length: 0,
                ..ok.clone()
            },
            Pbkdf2Config {
                hash_function: "sha1".into(),
                ..ok.clone()
            },
            Pbkdf2Config {
                passphrase: None,
                ..ok.clone()
            },
        ] {
            assert!(check_config(&bad, "kp", false).is_err(), "{bad:?}");
        }
        assert!(
            check_config(&ok, "kp", true).is_err(),
            "passphrase and chain"
        );
    }
}
