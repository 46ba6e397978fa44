//! Recognizing what kind of file the input is, before trying to read it as a plan.

use serde_json::{Map, Value};
use tfshow_limits::Limits;

/// The kind of file [`sniff`] recognized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A zip archive: a Terraform or unencrypted OpenTofu plan file.
    PlanZip,
    /// A Terraform state file (a JSON object with `version` and `terraform_version`,
    /// `lineage`, `serial` or, in format versions 1 to 3, `modules`).
    State,
    /// An OpenTofu file with client-side encryption (JSON with `encryption_version`); plans
    /// and states use the same envelope.
    OpenTofuEncrypted,
    /// An HCP Terraform saved-plan bookmark: JSON with `remote_plan_format`.
    CloudBookmark {
        /// The `run_id` member, or `""`.
        run_id: String,
        /// The `hostname` member, or `""`.
        hostname: String,
    },
    /// A plan in the binary format of Terraform 0.11 and earlier (starts with `tfplan`).
    LegacyPlan,
    /// None of the above.
    Unknown,
}

/// Tells what kind of file `bytes` holds, looking at its first bytes and, for JSON, its
/// top-level members. Never fails: anything unrecognized is [`Kind::Unknown`], and so is JSON
/// that goes over the default [`Limits`].
pub fn sniff(bytes: &[u8]) -> Kind {
    sniff_with(bytes, &Limits::default())
}

/// [`sniff`], with JSON documents read within `limits` (JSON over them is [`Kind::Unknown`]).
pub fn sniff_with(bytes: &[u8], limits: &Limits) -> Kind {
    if bytes.starts_with(b"PK") {
        return Kind::PlanZip;
    }
    if bytes.starts_with(b"tfplan") {
        return Kind::LegacyPlan;
    }
    if bytes.trim_ascii_start().first() != Some(&b'{') {
        return Kind::Unknown;
    }
    match tfshow_limits::json::from_slice::<Map<String, Value>>(bytes, limits) {
        Ok(object) => sniff_json(&object),
        Err(_) => Kind::Unknown,
    }
}

/// Classifies a JSON object by its members.
fn sniff_json(object: &Map<String, Value>) -> Kind {
    let has = |key: &str| object.contains_key(key);
    if object
        .get("encryption_version")
        .and_then(Value::as_str)
        .is_some_and(|v| !v.is_empty())
    {
        Kind::OpenTofuEncrypted
    } else if has("remote_plan_format") {
        let text = |key: &str| {
            object
                .get(key)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        Kind::CloudBookmark {
            run_id: text("run_id"),
            hostname: text("hostname"),
        }
    } else if has("version")
        && (has("terraform_version") || has("lineage") || has("serial") || has("modules"))
    {
        Kind::State
    } else {
        Kind::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_kinds() {
        assert_eq!(sniff(b"PK\x03\x04rest"), Kind::PlanZip);
        assert_eq!(sniff(b"tfplan\x00\x00\x00\x01"), Kind::LegacyPlan);
        assert_eq!(
            sniff(br#"{"meta":{"key_provider.pbkdf2.k":"eyJ9"},"encrypted_data":"AAAA","encryption_version":"v0"}"#),
            Kind::OpenTofuEncrypted
        );
        assert_eq!(
            sniff(br#"{"serial":1,"lineage":"x","meta":{},"encrypted_data":"","encryption_version":"v0"}"#),
            Kind::OpenTofuEncrypted
        );
        assert_eq!(
            sniff(br#"{"remote_plan_format":1,"run_id":"run-abc","hostname":"app.terraform.io"}"#),
            Kind::CloudBookmark {
                run_id: "run-abc".into(),
                hostname: "app.terraform.io".into()
            }
        );
        assert_eq!(
            sniff(b"{\n  \"version\": 4,\n  \"terraform_version\": \"1.15.5\",\n  \"serial\": 0,\n  \"lineage\": \"\"\n}\n"),
            Kind::State
        );
        assert_eq!(
            sniff(br#" {"version": 3, "serial": 1, "modules": []}"#),
            Kind::State
        );
        // Format version 1 (Terraform 0.6 and earlier) may have no serial.
        assert_eq!(
            sniff(br#"{"version": 1, "modules": [{"path": ["root"]}]}"#),
            Kind::State
        );
    }

    #[test]
    fn unknown_inputs() {
        for input in [
            &b""[..],
            b"P",
            b"tfpla",
            b"{",
            b"{}",
            b"[]",
            br#"{"version": 4}"#,
            br#"{"encryption_version": ""}"#,
            b"\xff\xfe garbage",
            b"resource \"x\" \"y\" {}",
        ] {
            assert_eq!(sniff(input), Kind::Unknown, "{input:?}");
        }
    }
}
