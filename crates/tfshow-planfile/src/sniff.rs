//! Recognizing what kind of file the input is, before trying to read it as a plan.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::value::RawValue;
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
    /// The JSON document `terraform show -json` (or `tofu show -json`) prints for a plan: an
    /// object with `format_version` and any of `planned_values`, `resource_changes`,
    /// `resource_drift`, `output_changes`, `prior_state`, `configuration`.
    PlanJson,
    /// The JSON document `terraform show -json` prints for a state: an object with
    /// `format_version` and none of a plan document's members.
    StateJson,
    /// None of the above.
    Unknown,
}

/// Tells what kind of file `bytes` holds, looking at its first bytes and, for JSON, its
/// top-level members, read within `limits`. Never fails: anything unrecognized is
/// [`Kind::Unknown`], and so is JSON that goes over `limits`.
pub fn sniff(bytes: &[u8], limits: &Limits) -> Kind {
    if bytes.starts_with(b"PK") {
        return Kind::PlanZip;
    }
    if bytes.starts_with(b"tfplan") {
        return Kind::LegacyPlan;
    }
    if bytes.trim_ascii_start().first() != Some(&b'{') {
        return Kind::Unknown;
    }
    if tfshow_limits::json::check(bytes, limits).is_err() {
        return Kind::Unknown;
    }
    // Only the top-level members are built (their values stay text), so that telling a big
    // document apart costs one scan of it.
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    match <BTreeMap<String, &RawValue>>::deserialize(&mut de) {
        Ok(object) if de.end().is_ok() => sniff_json(&object),
        _ => Kind::Unknown,
    }
}

/// Classifies a JSON object by its members.
fn sniff_json(object: &BTreeMap<String, &RawValue>) -> Kind {
    let has = |key: &str| object.contains_key(key);
    let text = |key: &str| -> String {
        object
            .get(key)
            .and_then(|raw| serde_json::from_str::<String>(raw.get()).ok())
            .unwrap_or_default()
    };
    if !text("encryption_version").is_empty() {
        Kind::OpenTofuEncrypted
    } else if has("remote_plan_format") {
        Kind::CloudBookmark {
            run_id: text("run_id"),
            hostname: text("hostname"),
        }
    } else if has("version")
        && (has("terraform_version") || has("lineage") || has("serial") || has("modules"))
    {
        Kind::State
    } else if has("format_version") {
        const PLAN_MEMBERS: [&str; 6] = [
            "planned_values",
            "resource_changes",
            "resource_drift",
            "output_changes",
            "prior_state",
            "configuration",
        ];
        // A state's document has no other members (`providers schema -json`, `validate
        // -json` and the like also have `format_version`).
        const STATE_MEMBERS: [&str; 4] =
            ["format_version", "terraform_version", "values", "checks"];
        if PLAN_MEMBERS.iter().any(|m| has(m)) {
            Kind::PlanJson
        } else if object.keys().all(|k| STATE_MEMBERS.contains(&k.as_str())) {
            Kind::StateJson
        } else {
            Kind::Unknown
        }
    } else {
        Kind::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sniff_default(bytes: &[u8]) -> Kind {
        sniff(bytes, &Limits::default())
    }

    #[test]
    fn recognizes_kinds() {
        assert_eq!(sniff_default(b"PK\x03\x04rest"), Kind::PlanZip);
        assert_eq!(sniff_default(b"tfplan\x00\x00\x00\x01"), Kind::LegacyPlan);
        assert_eq!(
            sniff_default(br#"{"meta":{"key_provider.pbkdf2.k":"eyJ9"},"encrypted_data":"AAAA","encryption_version":"v0"}"#),
            Kind::OpenTofuEncrypted
        );
        assert_eq!(
            sniff_default(br#"{"serial":1,"lineage":"x","meta":{},"encrypted_data":"","encryption_version":"v0"}"#),
            Kind::OpenTofuEncrypted
        );
        assert_eq!(
            sniff_default(
                br#"{"remote_plan_format":1,"run_id":"run-abc","hostname":"app.terraform.io"}"#
            ),
            Kind::CloudBookmark {
                run_id: "run-abc".into(),
                hostname: "app.terraform.io".into()
            }
        );
        assert_eq!(
            sniff_default(b"{\n  \"version\": 4,\n  \"terraform_version\": \"1.15.5\",\n  \"serial\": 0,\n  \"lineage\": \"\"\n}\n"),
            Kind::State
        );
        assert_eq!(
            sniff_default(br#" {"version": 3, "serial": 1, "modules": []}"#),
            Kind::State
        );
        assert_eq!(
            sniff_default(
                br#"{"format_version":"1.2","terraform_version":"1.5.7","planned_values":{}}"#
            ),
            Kind::PlanJson
        );
        assert_eq!(
            sniff_default(br#"{"format_version":"1.0","terraform_version":"1.5.7","values":{}}"#),
            Kind::StateJson
        );
        assert_eq!(
            sniff_default(br#"{"format_version":"1.0","provider_schemas":{}}"#),
            Kind::Unknown
        );
        assert_eq!(
            sniff_default(br#"{"format_version":"1.0"}"#),
            Kind::StateJson
        );
        // Format version 1 (Terraform 0.6 and earlier) may have no serial.
        assert_eq!(
            sniff_default(br#"{"version": 1, "modules": [{"path": ["root"]}]}"#),
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
            assert_eq!(sniff_default(input), Kind::Unknown, "{input:?}");
        }
    }
}
