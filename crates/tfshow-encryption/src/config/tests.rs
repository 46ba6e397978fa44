//! The configuration parser: HCL and JSON give the same [`Config`]; errors name the block and
//! attribute, never a value.

use super::*;

const HCL: &str = r#"
key_provider "pbkdf2" "old" {
  passphrase    = "tfshow-fixture-old-passphrase"
  hash_function = "sha256"
  iterations    = 200000
  salt_length   = 16
  key_length    = 32
}
key_provider "pbkdf2" "new" {
  passphrase = "tfshow-fixture-new-passphrase"
  encrypted_metadata_alias = "current-key"
}
key_provider "aws_kms" "prod" {
  kms_key_id = var.key
  region     = "eu-west-1"
}
method "aes_gcm" "old" {
  keys = key_provider.pbkdf2.old
}
method "aes_gcm" "new" {
  keys = "${key_provider.pbkdf2.new}"
  aad  = [1, 2, 3]
}
method "unencrypted" "migrate" {}
state {
  enforced = true
  method   = method.aes_gcm.new
  fallback {
    method = method.aes_gcm.old
  }
}
plan {
  method = method.aes_gcm.new
  fallback {
    method = method.aes_gcm.old
    fallback {
      method = method.unencrypted.migrate
    }
  }
}
remote_state_data_sources {
  default {
    method = method.aes_gcm.old
  }
  remote_state_data_source "net" {
    method = method.aes_gcm.new
  }
}
"#;

const JSON: &str = r#"{
  "key_provider": {
    "pbkdf2": {
      "old": {
        "passphrase": "tfshow-fixture-old-passphrase",
        "hash_function": "sha256",
        "iterations": 200000,
        "salt_length": 16,
        "key_length": 32
      },
      "new": {
        "passphrase": "tfshow-fixture-new-passphrase",
        "encrypted_metadata_alias": "current-key"
      }
    },
    "aws_kms": {"prod": {"kms_key_id": "${var.key}", "region": "eu-west-1"}}
  },
  "method": {
    "aes_gcm": {
      "old": {"keys": "${key_provider.pbkdf2.old}"},
      "new": {"keys": "key_provider.pbkdf2.new", "aad": [1, 2, 3]}
    },
    "unencrypted": {"migrate": {}}
  },
  "state": {
    "enforced": true,
    "method": "method.aes_gcm.new",
    "fallback": {"method": "${method.aes_gcm.old}"}
  },
  "plan": [{
    "method": "method.aes_gcm.new",
    "fallback": {
      "method": "method.aes_gcm.old",
      "fallback": {"method": "method.unencrypted.migrate"}
    }
  }],
  "remote_state_data_sources": {
    "default": {"method": "method.aes_gcm.old"},
    "remote_state_data_source": {"net": {"method": "method.aes_gcm.new"}}
  }
}"#;

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::parse(text, &Limits::default())
}

fn mref(kind: &str, name: &str) -> MethodRef {
    MethodRef {
        kind: kind.into(),
        name: name.into(),
    }
}

#[test]
fn hcl_and_json_give_the_same_configuration() {
    let hcl = parse(HCL).unwrap();
    assert_eq!(parse(JSON).unwrap(), hcl);

    assert_eq!(hcl.key_providers.len(), 3);
    let old = &hcl.key_providers[0];
    assert_eq!(old.meta_key(), "key_provider.pbkdf2.old");
    let KeyProviderSettings::Pbkdf2(p) = &old.settings else {
        panic!("pbkdf2")
    };
    assert_eq!(
        (
            p.iterations,
            p.key_length,
            p.salt_length,
            p.hash_function.as_str()
        ),
        (200_000, 32, 16, "sha256")
    );
    assert_eq!(
        p.passphrase.as_ref().unwrap().expose(),
        b"tfshow-fixture-old-passphrase"
    );
    let new = &hcl.key_providers[1];
    assert_eq!(new.meta_key(), "current-key");
    let KeyProviderSettings::Pbkdf2(p) = &new.settings else {
        panic!("pbkdf2")
    };
    // OpenTofu's defaults.
    assert_eq!(
        (
            p.iterations,
            p.key_length,
            p.salt_length,
            p.hash_function.as_str()
        ),
        (600_000, 32, 32, "sha512")
    );
    assert_eq!(
        hcl.key_providers[2].settings,
        KeyProviderSettings::Unsupported
    );

    assert_eq!(
        hcl.methods[1].settings,
        MethodSettings::AesGcm {
            keys: KeyProviderRef {
                kind: "pbkdf2".into(),
                name: "new".into()
            },
            aad: vec![1, 2, 3]
        }
    );
    assert_eq!(hcl.methods[2].settings, MethodSettings::Unencrypted);

    let state = hcl.state.as_ref().unwrap();
    assert!(state.enforced);
    assert_eq!(
        state.methods,
        [mref("aes_gcm", "new"), mref("aes_gcm", "old")]
    );
    let plan = hcl.plan.as_ref().unwrap();
    assert!(!plan.enforced);
    assert_eq!(
        plan.methods,
        [
            mref("aes_gcm", "new"),
            mref("aes_gcm", "old"),
            mref("unencrypted", "migrate")
        ]
    );
    let remote = hcl.remote_state_data_sources.as_ref().unwrap();
    assert_eq!(
        remote.default.as_ref().unwrap().methods,
        [mref("aes_gcm", "old")]
    );
    assert_eq!(remote.targets[0].0, "net");
}

#[test]
fn passphrases_are_not_printed() {
    let c = parse(HCL).unwrap();
    let debug = format!("{c:?}");
    assert!(!debug.contains("fixture"), "{debug}");
    assert!(debug.contains("Passphrase(<29 bytes>)"), "{debug}");
}

#[test]
fn errors_name_what_is_wrong_and_never_a_value() {
    let cases = [
        ("", "encryption configuration is empty"),
        (
            "key_provider \"pbkdf2\" \"k\" { passphrase = \"s3cret-s3cret-s3cret\"",
            "encryption configuration: HCL syntax error at line 1",
        ),
        (
            "{\"key_provider\": {\"pbkdf2\": {\"k\": {\"passphrase\": \"s3cret-s3cret-s3cret\"",
            "encryption configuration: JSON syntax error at line 1",
        ),
        (
            "key_provider \"pbkdf2\" \"k\" { passphrase = var.s3cret }",
            "encryption configuration: key_provider.pbkdf2.k.passphrase: expected a literal string, found a reference (tfshow does not evaluate variables, locals or functions)",
        ),
        (
            "key_provider \"pbkdf2\" \"k\" { passphrase = \"s3cret-${var.x}\" }",
            "encryption configuration: key_provider.pbkdf2.k.passphrase: expected a literal string, found a string template",
        ),
        (
            "key_provider \"pbkdf2\" \"k\" {\n passphrase = \"s3cret-s3cret-s3cret\"\n salt = 3\n}",
            "encryption configuration: key_provider.pbkdf2.k.salt: unsupported argument",
        ),
        (
            "key_provider \"pbkdf2\" \"k\" { iterations = 1.5 }",
            "encryption configuration: key_provider.pbkdf2.k.iterations: expected a whole number",
        ),
        (
            "key_provider \"pbkdf2\" { }",
            "encryption configuration: key_provider: a key_provider block takes two labels (type and name), not 1",
        ),
        (
            "key_provider \"pbkdf2\" \"k\" { }\nkey_provider \"pbkdf2\" \"k\" { }",
            "encryption configuration: key_provider.pbkdf2.k is declared more than once",
        ),
        (
            "method \"aes_gcm\" \"m\" { }",
            "encryption configuration: method.aes_gcm.m.keys: the argument is required",
        ),
        (
            "method \"aes_gcm\" \"m\" { keys = method.aes_gcm.x }",
            "encryption configuration: method.aes_gcm.m.keys: expected a reference to a key provider (key_provider.TYPE.NAME), found a reference",
        ),
        (
            "method \"aes_gcm\" \"m\" {\n keys = key_provider.pbkdf2.k\n aad = [300]\n}",
            "encryption configuration: method.aes_gcm.m.aad: expected a list of numbers from 0 to 255",
        ),
        (
            "state { method = method.aes_gcm.missing }",
            "encryption configuration: state.method: there is no method \"aes_gcm\" \"missing\" block (reference to an undeclared method)",
        ),
        (
            "method \"unencrypted\" \"u\" {}\nplan {\n enforced = true\n method = method.unencrypted.u\n}",
            "encryption configuration: plan: the unencrypted method is forbidden because `enforced` is set",
        ),
        (
            "state { }",
            "encryption configuration: state.method: the argument is required",
        ),
        (
            "method \"unencrypted\" \"u\" {}\nstate {\n method = method.unencrypted.u\n fallback { enforced = true }\n}",
            "encryption configuration: state.fallback.enforced: unsupported argument",
        ),
        (
            "encryption { }",
            "encryption configuration: encryption: unsupported block type; expected key_provider, method, state, plan or remote_state_data_sources",
        ),
        (
            "passphrase = \"s3cret-s3cret-s3cret\"",
            "encryption configuration: passphrase: unexpected attribute; the encryption configuration holds only blocks",
        ),
        (
            "{\"state\": \"s3cret-s3cret-s3cret\"}",
            "encryption configuration: state: a state block must be a JSON object",
        ),
        (
            "{\"key_provider\": {\"pbkdf2\": {\"k\": {\"passphrase\": 7}}}}",
            "encryption configuration: key_provider.pbkdf2.k.passphrase: expected a literal string, found a number",
        ),
    ];
    for (text, want) in cases {
        let err = parse(text).unwrap_err().to_string();
        assert!(err.starts_with(want), "{text}\n got: {err}\nwant: {want}");
        assert!(!err.contains("s3cret"), "{err}");
    }
}

#[test]
fn bounds_the_configuration() {
    let deep = format!(
        "state {{ method = {}1{} }}",
        "[".repeat(200),
        "]".repeat(200)
    );
    let err = parse(&deep).unwrap_err();
    assert!(matches!(err, ConfigError::Limit(_)), "{err}");
    let big = format!("# {}", "x".repeat(MAX_CONFIG_SIZE));
    assert!(parse(&big).is_err());
    // HCL's parser stops at 64 levels itself; JSON can nest more.
    let mut nested = String::from(r#"{"method": {"unencrypted": {"u": {}}}, "state": "#);
    for _ in 0..70 {
        nested.push_str(r#"{"method": "method.unencrypted.u", "fallback": "#);
    }
    nested.push_str(r#"{"method": "method.unencrypted.u"}"#);
    nested.push_str(&"}".repeat(71));
    let err = parse(&nested).unwrap_err().to_string();
    assert!(err.contains("more than 64 nested fallback blocks"), "{err}");
}
