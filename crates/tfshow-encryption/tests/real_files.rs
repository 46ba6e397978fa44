//! Decrypting the encrypted plans and states OpenTofu wrote (`testdata/oracle/scenarios/
//! tofu_encrypted`): with the `TF_ENCRYPTION` used (`encryption.hcl`, or the same as JSON),
//! each gives exactly its unencrypted twin, which OpenTofu printed the same document for; the
//! state written before the key change is read through the fallback.

use std::path::{Path, PathBuf};

use tfshow_encryption::{decrypt, decrypt_file, Config, DecryptError, Target};
use tfshow_limits::Limits;

/// Every case folder with an `encryption.hcl`.
fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(&root).expect("scenarios") {
        let Ok(versions) = std::fs::read_dir(scenario.expect("entry").path()) else {
            continue;
        };
        for v in versions {
            let v = v.expect("entry").path();
            if v.join("encryption.hcl").is_file() {
                out.push(v);
            }
        }
    }
    out.sort();
    assert!(!out.is_empty(), "no encrypted cases");
    out
}

fn config(dir: &Path, file: &str) -> Config {
    let text = std::fs::read_to_string(dir.join(file)).expect("configuration");
    Config::parse(&text, &Limits::default()).expect("configuration parses")
}

/// (encrypted file, its twin, the kind).
const FILES: [(&str, &str, Target); 3] = [
    ("plan.tfplan", "plan-unencrypted.tfplan", Target::Plan),
    ("prior.tfstate", "prior-unencrypted.tfstate", Target::State),
    (
        "terraform.tfstate",
        "terraform-unencrypted.tfstate",
        Target::State,
    ),
];

#[test]
fn decrypts_to_the_unencrypted_twins() {
    let limits = Limits::default();
    for dir in cases() {
        let c = config(&dir, "encryption.hcl");
        for (file, twin, target) in FILES {
            let bytes = std::fs::read(dir.join(file)).unwrap();
            let want = std::fs::read(dir.join(twin)).unwrap();
            let (got, kind) = decrypt_file(&bytes, Some(&c), &limits)
                .unwrap_or_else(|e| panic!("{}/{file}: {e}", dir.display()));
            assert_eq!(kind, target, "{}/{file}", dir.display());
            assert!(got == want, "{}/{file}: not the twin", dir.display());
        }
        // The same configuration written as JSON.
        let c = config(&dir, "encryption.json");
        let bytes = std::fs::read(dir.join("plan.tfplan")).unwrap();
        let got = decrypt(&bytes, Some(&c), Target::Plan, &limits).unwrap();
        assert!(got == std::fs::read(dir.join("plan-unencrypted.tfplan")).unwrap());
    }
}

#[test]
fn without_configuration_the_error_names_encryption() {
    for dir in cases() {
        for (file, _, _) in FILES {
            let bytes = std::fs::read(dir.join(file)).unwrap();
            let err = decrypt_file(&bytes, None, &Limits::default()).unwrap_err();
            assert_eq!(err, DecryptError::NoConfiguration);
            let text = err.to_string();
            // What `tofu show -json` says (nokey-show-plan.log), and how to give the key.
            assert!(
                text.contains("encrypted")
                    && text.contains("requires a valid encryption configuration to decrypt")
                    && text.contains("TF_ENCRYPTION"),
                "{text}"
            );
        }
    }
}

#[test]
fn a_wrong_passphrase_is_a_clear_error() {
    let limits = Limits::default();
    for dir in cases() {
        let text = std::fs::read_to_string(dir.join("encryption.hcl"))
            .unwrap()
            .replace("tfshow-fixture-", "wrong-fixture-");
        let c = Config::parse(&text, &limits).unwrap();
        for (file, _, target) in FILES {
            let bytes = std::fs::read(dir.join(file)).unwrap();
            let err = decrypt_file(&bytes, Some(&c), &limits).unwrap_err();
            let DecryptError::NoKeyDecrypts {
                target: t,
                attempts,
            } = &err
            else {
                panic!("{}/{file}: {err}", dir.display());
            };
            assert_eq!(*t, target);
            assert_eq!(attempts.len(), 2, "the method and its fallback: {err}");
            let msg = err.to_string();
            assert!(
                msg.starts_with(&format!(
                    "could not decrypt the {target} file with any configured key (wrong passphrase?): method.aes_gcm.new: "
                )),
                "{msg}"
            );
            assert!(msg.contains("authentication failed"), "{msg}");
            assert!(!msg.contains("passphrase\""), "{msg}");
            assert!(!msg.contains("fixture"), "{msg}");
        }
    }
}

#[test]
fn the_fallback_is_needed_for_the_old_state() {
    let limits = Limits::default();
    for dir in cases() {
        let text = std::fs::read_to_string(dir.join("encryption.hcl")).unwrap();
        // Without the fallback blocks, only the "new" key is tried.
        let no_fallback: String = text
            .split("fallback {")
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part.to_owned()
                } else {
                    // Drop `method = method.aes_gcm.old }` up to the closing brace.
                    part.split_once('}')
                        .map(|(_, rest)| rest.to_owned())
                        .unwrap()
                }
            })
            .collect();
        let c = Config::parse(&no_fallback, &limits).unwrap();
        assert_eq!(c.state.as_ref().unwrap().methods.len(), 1);
        let old = std::fs::read(dir.join("prior.tfstate")).unwrap();
        let err = decrypt_file(&old, Some(&c), &limits)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no decryption key available"),
            "{}: {err}",
            dir.display()
        );
        let new = std::fs::read(dir.join("terraform.tfstate")).unwrap();
        assert!(decrypt_file(&new, Some(&c), &limits).is_ok());
    }
}

#[test]
fn unsupported_key_providers_and_methods_are_named() {
    let limits = Limits::default();
    let dir = cases().pop().unwrap();
    let plan = std::fs::read(dir.join("plan.tfplan")).unwrap();
    let kms = r#"
key_provider "aws_kms" "prod" {
  kms_key_id = "alias/tofu"
  region     = "eu-west-1"
  key_spec   = "AES_256"
}
method "aes_gcm" "kms" {
  keys = key_provider.aws_kms.prod
}
plan {
  method = method.aes_gcm.kms
}
"#;
    let c = Config::parse(kms, &limits).unwrap();
    let err = decrypt_file(&plan, Some(&c), &limits).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("key provider aws_kms \"prod\" is not supported by tfshow;"),
        "{err}"
    );
    let external = r#"
method "external" "cmd" {
  keys = key_provider.pbkdf2.x
}
plan {
  method = method.external.cmd
}
"#;
    let c = Config::parse(external, &limits).unwrap();
    let err = decrypt_file(&plan, Some(&c), &limits).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("method external \"cmd\" is not supported by tfshow"),
        "{err}"
    );
    // A configuration without a `plan` block cannot decrypt a plan.
    let only_state = std::fs::read_to_string(dir.join("encryption.hcl"))
        .unwrap()
        .split("plan {")
        .next()
        .unwrap()
        .to_owned();
    let c = Config::parse(&only_state, &limits).unwrap();
    let err = decrypt_file(&plan, Some(&c), &limits).unwrap_err();
    assert_eq!(
        err,
        DecryptError::TargetNotConfigured {
            target: Target::Plan
        }
    );
}

#[test]
fn unencrypted_files_pass_only_where_allowed() {
    let limits = Limits::default();
    let dir = cases().pop().unwrap();
    let c = config(&dir, "encryption.hcl");
    let twin = std::fs::read(dir.join("plan-unencrypted.tfplan")).unwrap();
    // No configuration, or none for plans: the file is read as it is.
    assert!(decrypt_file(&twin, None, &limits).unwrap().0 == twin);
    // Configured for plans without an unencrypted method: refused, as OpenTofu does.
    let err = decrypt_file(&twin, Some(&c), &limits).unwrap_err();
    assert_eq!(
        err,
        DecryptError::UnencryptedNotAllowed {
            target: Target::Plan
        }
    );
    let state = std::fs::read(dir.join("terraform-unencrypted.tfstate")).unwrap();
    assert!(decrypt_file(&state, Some(&c), &limits).is_err());
    // With an unencrypted fallback (a migration), it passes.
    let text = std::fs::read_to_string(dir.join("encryption.hcl")).unwrap()
        + "\nmethod \"unencrypted\" \"migrate\" {}\n";
    let text = text.replacen(
        "method = method.aes_gcm.old\n  }\n}\nplan",
        "method = method.aes_gcm.old\n    fallback {\n      method = method.unencrypted.migrate\n    }\n  }\n}\nplan",
        1,
    );
    let c = Config::parse(&text, &limits).unwrap();
    assert_eq!(c.state.as_ref().unwrap().methods.len(), 3, "{text}");
    assert!(decrypt_file(&state, Some(&c), &limits).unwrap().0 == state);
}

#[test]
fn a_changed_serial_is_refused() {
    let limits = Limits::default();
    let dir = cases().pop().unwrap();
    let c = config(&dir, "encryption.hcl");
    let bytes = std::fs::read(dir.join("terraform.tfstate")).unwrap();
    let mut envelope: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    envelope["serial"] = serde_json::json!(999);
    let tampered = serde_json::to_vec(&envelope).unwrap();
    let err = decrypt_file(&tampered, Some(&c), &limits).unwrap_err();
    assert_eq!(err, DecryptError::PassthroughMismatch { field: "serial" });
}
