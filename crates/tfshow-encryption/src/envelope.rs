//! The envelope OpenTofu writes around an encrypted state or plan: a JSON object
//! `{"meta": {KEY: base64}, "encrypted_data": base64, "encryption_version": "v0"}`, states with
//! `serial` and `lineage` copied from the state in front.

use base64::Engine as _;
use serde::Deserialize;
use serde_json::{Map, Value};
use tfshow_limits::json::JsonError;
use tfshow_limits::{LimitExceeded, Limits};

use crate::error::DecryptError;
use crate::Target;

/// The only envelope version OpenTofu writes (and reads).
pub const ENVELOPE_VERSION: &str = "v0";

/// The longest base64 text of one `meta` entry tfshow decodes: key provider metadata is a
/// few hundred bytes (pbkdf2's is a salt and three numbers).
pub const MAX_META_LENGTH: usize = 64 << 10;

/// A parsed envelope.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
    /// `meta`: key provider metadata by storage key (`key_provider.pbkdf2.NAME` or an
    /// `encrypted_metadata_alias`), still base64.
    meta: Map<String, Value>,
    /// `encrypted_data`, decoded: for aes_gcm, nonce (12 bytes) || ciphertext || tag (16).
    pub data: Vec<u8>,
    /// `encryption_version`.
    pub version: String,
    /// `serial`, in an encrypted state.
    pub serial: Option<Value>,
    /// `lineage`, in an encrypted state.
    pub lineage: Option<String>,
}

/// The members of a JSON object that make an envelope; the others are skipped unparsed.
#[derive(Deserialize)]
struct Members {
    encryption_version: Option<Value>,
    meta: Option<Value>,
    encrypted_data: Option<Value>,
    serial: Option<Value>,
    lineage: Option<Value>,
}

impl Members {
    /// The members of `bytes` if it is a JSON object within `limits` whose
    /// `encryption_version` is a non-empty string, as OpenTofu decides.
    fn of(bytes: &[u8], limits: &Limits) -> Result<Option<(Members, String)>, LimitExceeded> {
        if bytes.trim_ascii_start().first() != Some(&b'{') {
            return Ok(None);
        }
        let members: Members = match tfshow_limits::json::from_slice(bytes, limits) {
            Ok(m) => m,
            Err(JsonError::Limit(e)) => return Err(e),
            Err(JsonError::Json(_)) => return Ok(None),
        };
        Ok(match &members.encryption_version {
            Some(Value::String(v)) if !v.is_empty() => {
                let v = v.clone();
                Some((members, v))
            }
            _ => None,
        })
    }
}

/// Reports whether `bytes` is an OpenTofu encryption envelope: a JSON object whose
/// `encryption_version` is a non-empty string, as OpenTofu decides. JSON over `limits` is
/// not.
pub fn is_envelope(bytes: &[u8], limits: &Limits) -> bool {
    matches!(Members::of(bytes, limits), Ok(Some(_)))
}

impl Envelope {
    /// Parses the envelope of an encrypted file (`None`: `bytes` is not an envelope). The
    /// `target` only names the file in errors.
    pub fn parse(
        bytes: &[u8],
        target: Target,
        limits: &Limits,
    ) -> Result<Option<Envelope>, DecryptError> {
        let Some((members, version)) = Members::of(bytes, limits)? else {
            return Ok(None);
        };
        let bad = |reason: &str| DecryptError::Envelope {
            target,
            reason: reason.to_owned(),
        };
        let meta = match members.meta {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(m)) => m,
            Some(_) => return Err(bad("`meta` is not an object")),
        };
        let data = match &members.encrypted_data {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::String(s)) => {
                decode_base64(s).ok_or_else(|| bad("`encrypted_data` is not valid base64"))?
            }
            Some(_) => return Err(bad("`encrypted_data` is not a string")),
        };
        let lineage = match members.lineage {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s),
            Some(_) => return Err(bad("`lineage` is not a string")),
        };
        let serial = match members.serial {
            None | Some(Value::Null) => None,
            Some(n @ Value::Number(_)) => Some(n),
            Some(_) => return Err(bad("`serial` is not a number")),
        };
        Ok(Some(Envelope {
            meta,
            data,
            version,
            serial,
            lineage,
        }))
    }

    /// Whether the envelope carries a state's passthrough fields (`serial`, `lineage`).
    pub fn looks_like_state(&self) -> bool {
        self.serial.is_some() || self.lineage.is_some()
    }

    /// The decoded metadata stored under `key`, if any. Entries that are not base64 strings,
    /// or longer than [`MAX_META_LENGTH`], are errors.
    pub(crate) fn meta(&self, key: &str, target: Target) -> Result<Option<Vec<u8>>, DecryptError> {
        let bad = |reason: String| DecryptError::Envelope { target, reason };
        match self.meta.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.len() > MAX_META_LENGTH => Err(bad(format!(
                "`meta` entry {key:?} is longer than {MAX_META_LENGTH} bytes"
            ))),
            Some(Value::String(s)) => decode_base64(s)
                .map(Some)
                .ok_or_else(|| bad(format!("`meta` entry {key:?} is not valid base64"))),
            Some(_) => Err(bad(format!("`meta` entry {key:?} is not a string"))),
        }
    }
}

/// Decodes standard padded base64, as Go's `encoding/json` writes `[]byte` (and, as Go
/// reads it, ignoring line breaks).
pub(crate) fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let engine = &base64::engine::general_purpose::STANDARD;
    if text.contains(['\r', '\n']) {
        let joined: String = text.chars().filter(|c| !matches!(c, '\r' | '\n')).collect();
        return engine.decode(joined).ok();
    }
    engine.decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_envelopes() {
        let l = Limits::default();
        assert!(is_envelope(
            br#"{"meta":{},"encrypted_data":"AAAA","encryption_version":"v0"}"#,
            &l
        ));
        assert!(is_envelope(br#" {"encryption_version":"v9"}"#, &l));
        for not in [
            &b""[..],
            b"PK\x03\x04",
            br#"{"encryption_version":""}"#,
            br#"{"encryption_version":0}"#,
            br#"{"version":4,"terraform_version":"1.9.0"}"#,
            b"[]",
            b"{",
        ] {
            assert!(!is_envelope(not, &l), "{not:?}");
        }
    }

    #[test]
    fn parses_a_state_envelope() {
        let e = Envelope::parse(
            br#"{"serial":3,"lineage":"abc","meta":{"k":"eyJ9"},"encrypted_data":"AQID","encryption_version":"v0"}"#,
            Target::State,
            &Limits::default(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(e.data, [1, 2, 3]);
        assert_eq!(e.version, "v0");
        assert_eq!(e.lineage.as_deref(), Some("abc"));
        assert!(e.looks_like_state());
        assert_eq!(e.meta("k", Target::State).unwrap(), Some(b"{\"}".to_vec()));
        assert_eq!(e.meta("other", Target::State).unwrap(), None);
    }

    #[test]
    fn refuses_malformed_envelopes_without_quoting_them() {
        let l = Limits::default();
        for (input, reason) in [
            (
                &br#"{"encrypted_data":"not base64!","encryption_version":"v0"}"#[..],
                "`encrypted_data` is not valid base64",
            ),
            (
                br#"{"encrypted_data":7,"encryption_version":"v0"}"#,
                "`encrypted_data` is not a string",
            ),
            (
                br#"{"meta":[],"encryption_version":"v0"}"#,
                "`meta` is not an object",
            ),
            (
                br#"{"serial":"1","encryption_version":"v0"}"#,
                "`serial` is not a number",
            ),
        ] {
            let err = Envelope::parse(input, Target::Plan, &l).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("invalid OpenTofu encrypted plan file: {reason}")
            );
        }
        let e = Envelope::parse(
            br#"{"meta":{"k":"%%%","big":7},"encryption_version":"v0"}"#,
            Target::Plan,
            &l,
        )
        .unwrap()
        .unwrap();
        assert!(e.meta("k", Target::Plan).is_err());
        assert!(e.meta("big", Target::Plan).is_err());
    }

    #[test]
    fn bounds_the_envelope_by_the_limits() {
        let l = Limits {
            max_string_length: 8,
            ..Limits::default()
        };
        let err = Envelope::parse(
            br#"{"encrypted_data":"AAAAAAAAAAAAAAAA","encryption_version":"v0"}"#,
            Target::Plan,
            &l,
        )
        .unwrap_err();
        assert!(matches!(err, DecryptError::Limit(_)), "{err}");
        let long = format!(
            r#"{{"meta":{{"k":"{}"}},"encryption_version":"v0"}}"#,
            "A".repeat(MAX_META_LENGTH + 4)
        );
        let e = Envelope::parse(long.as_bytes(), Target::Plan, &Limits::default())
            .unwrap()
            .unwrap();
        assert!(e.meta("k", Target::Plan).is_err());
    }
}
