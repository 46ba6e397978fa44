//! Inputs that are not readable plan files: each gives the right error and none panics.

mod support;

use prost::Message;
use std::io::Read;
use support::{minimal_plan, plan_zip, real_plan_bytes, scenarios_dir, zip_of};
use tfshow_planfile::{decode_tfplan, Error, Options, PlanFile};

fn open(bytes: &[u8]) -> Result<PlanFile, Error> {
    PlanFile::from_bytes(bytes, &Options::default())
}

fn open_err(bytes: &[u8]) -> Error {
    match open(bytes) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e,
    }
}

#[test]
fn empty_input() {
    assert!(matches!(open_err(b""), Error::NotAPlan));
}

#[test]
fn random_bytes() {
    let mut state: u64 = 0x1234_5678_9abc_def0;
    for len in [1, 2, 7, 100, 4096] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 33) as u8
            })
            .collect();
        let err = open_err(&bytes);
        assert!(matches!(err, Error::NotAPlan), "{len} bytes: {err}");
        assert_eq!(
            err.to_string(),
            "not a plan file: neither a zip archive nor a recognized JSON document"
        );
    }
}

#[test]
fn legacy_plan() {
    let err = open_err(b"tfplan\x00\x00\x00\x02rest of a 0.11 plan");
    assert!(matches!(err, Error::LegacyPlan));
    assert!(err.to_string().contains("Terraform 0.11 or earlier"));
}

#[test]
fn cloud_bookmark() {
    let err =
        open_err(br#"{"remote_plan_format":1,"run_id":"run-abc","hostname":"app.terraform.io"}"#);
    let msg = err.to_string();
    assert!(matches!(err, Error::CloudBookmark { .. }));
    assert!(
        msg.contains("run-abc") && msg.contains("app.terraform.io"),
        "{msg}"
    );
    assert!(msg.contains("contains no plan data"), "{msg}");
}

#[test]
fn opentofu_encrypted() {
    let err = open_err(
        br#"{"meta":{"key_provider.pbkdf2.k":"eyJ9"},"encrypted_data":"AAAA","encryption_version":"v0"}"#,
    );
    assert!(matches!(err, Error::OpenTofuEncrypted));
    assert!(err.to_string().contains("encrypted by OpenTofu"));
}

#[test]
fn state_file() {
    let state =
        std::fs::read(scenarios_dir().join("create_basic/tf-1.15.5/terraform.tfstate")).unwrap();
    assert!(matches!(open_err(&state), Error::StateFile));
}

#[test]
fn zip_without_tfplan() {
    let err = open_err(&zip_of(&[("tfstate", b"{}"), ("../tfplan", b"x")]));
    assert!(matches!(err, Error::MissingTfplan));
    assert_eq!(
        err.to_string(),
        "zip has no tfplan entry: not a Terraform plan file"
    );
}

#[test]
fn empty_zip() {
    assert!(matches!(open_err(&zip_of(&[])), Error::MissingTfplan));
}

#[test]
fn unsupported_version() {
    let mut plan = minimal_plan("1.15.5");
    plan.version = 2;
    let err = open_err(&plan_zip(&plan));
    assert!(matches!(err, Error::UnsupportedVersion(2)));
    assert_eq!(
        err.to_string(),
        "tfplan: unsupported plan format version 2; only version 3 is supported"
    );
}

#[test]
fn garbage_tfplan() {
    let err = open_err(&zip_of(&[("tfplan", b"\xff\xff\xff")]));
    assert!(matches!(err, Error::Protobuf { .. }), "{err}");
    assert!(err.to_string().starts_with("tfplan: Plan: "), "{err}");
}

#[test]
fn every_truncation_fails() {
    let bytes = real_plan_bytes("create_basic/tf-1.15.5");
    for len in 0..bytes.len() {
        assert!(
            open(&bytes[..len]).is_err(),
            "prefix of {len} bytes was accepted"
        );
    }
    assert!(open(&bytes).is_ok());
}

#[test]
fn truncated_tfplan_never_panics() {
    let file = real_plan_bytes("replace_delete_create/tf-1.15.5");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(&file)).unwrap();
    let mut tfplan = Vec::new();
    archive
        .by_name("tfplan")
        .unwrap()
        .read_to_end(&mut tfplan)
        .unwrap();
    for len in 0..tfplan.len() {
        let _ = decode_tfplan(tfplan[..len].to_vec(), &Options::default());
    }
    assert!(decode_tfplan(tfplan.clone(), &Options::default()).is_ok());
}

#[test]
fn corrupted_bytes_never_panic() {
    let bytes = real_plan_bytes("count_for_each/tf-1.15.5");
    for i in 0..bytes.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut copy = bytes.clone();
            copy[i] ^= flip;
            let _ = open(&copy);
        }
    }
}

#[test]
fn entry_over_the_limit() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let big = vec![b'x'; 5000];
    let bytes = zip_of(&[("tfplan", &plan), ("tfstate", &big)]);
    let opts = Options {
        max_entry_size: 4096,
        ..Options::default()
    };
    let err = PlanFile::from_bytes(&bytes, &opts).unwrap_err();
    assert!(
        matches!(err, Error::EntryTooLarge { ref entry, limit: 4096 } if entry == "tfstate"),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "tfstate: the entry is too large when decompressed (limit entry-size = 4 KiB; raise it with --limit entry-size=VALUE)"
    );
}

#[test]
fn zip_bomb_is_cut_off() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let zeros = vec![0u8; 64 << 20];
    let bytes = zip_of(&[("tfplan", &plan), ("tfstate", &zeros)]);
    assert!(bytes.len() < 1 << 20, "compressed to {} bytes", bytes.len());
    let opts = Options {
        max_entry_size: 1 << 20,
        ..Options::default()
    };
    let err = PlanFile::from_bytes(&bytes, &opts).unwrap_err();
    assert!(matches!(err, Error::EntryTooLarge { .. }), "{err}");
}

#[test]
fn total_over_the_limit() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let part = vec![b'x'; 3000];
    let bytes = zip_of(&[
        ("tfplan", &plan),
        ("tfstate", &part),
        ("tfstate-prev", &part),
    ]);
    let opts = Options {
        max_entry_size: 4096,
        max_total_size: 5000,
        ..Options::default()
    };
    let err = PlanFile::from_bytes(&bytes, &opts).unwrap_err();
    assert!(
        matches!(err, Error::TotalTooLarge { ref entry, limit: 5000 } if entry == "tfstate-prev"),
        "{err}"
    );
}

#[test]
fn reader_over_the_limit() {
    let bytes = real_plan_bytes("create_basic/tf-1.15.5");
    let opts = Options {
        max_total_size: 100,
        ..Options::default()
    };
    let err = PlanFile::from_reader(bytes.as_slice(), &opts).unwrap_err();
    assert!(matches!(err, Error::InputTooLarge { limit: 100 }), "{err}");
    assert!(PlanFile::from_reader(bytes.as_slice(), &Options::default()).is_ok());
}

#[test]
fn too_many_entries() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let bytes = zip_of(&[("tfplan", &plan), ("a", b""), ("b", b"")]);
    let opts = Options {
        max_entries: 2,
        ..Options::default()
    };
    let err = PlanFile::from_bytes(&bytes, &opts).unwrap_err();
    assert!(
        matches!(err, Error::TooManyEntries { count: 3, limit: 2 }),
        "{err}"
    );
}

#[test]
fn duplicate_entries() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    // The zip writer refuses duplicate names, so write a distinct name and patch it.
    let mut bytes = zip_of(&[("tfplan", &plan), ("tfplaX", &plan)]);
    let mut patched = 0;
    for i in 0..bytes.len().saturating_sub(6) {
        if &bytes[i..i + 6] == b"tfplaX" {
            bytes[i + 5] = b'n';
            patched += 1;
        }
    }
    assert_eq!(patched, 2, "local header and central directory");
    assert!(matches!(open_err(&bytes), Error::DuplicateEntry));
}

#[test]
fn unknown_and_traversal_entries_are_ignored() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let bytes = zip_of(&[
        ("../tfplan", b"evil"),
        ("/etc/passwd", b"evil"),
        ("tfplan", &plan),
        ("tfschemas", b"opentofu"),
        ("tfconfig/m-nofile", b"ignored"),
        ("tfconfig/modules.json", br#"[{"Key":"","Dir":"."}]"#),
        ("tfconfig/m-/main.tf", b"# root"),
    ]);
    let file = open(&bytes).unwrap();
    let config = file.config.unwrap();
    assert_eq!(config.modules.len(), 1);
    assert_eq!(config.modules[""].files["main.tf"], b"# root");
    assert_eq!(file.prior_state, None);
}

#[test]
fn config_file_of_unknown_module() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let bytes = zip_of(&[
        ("tfplan", &plan),
        ("tfconfig/modules.json", br#"[{"Key":"","Dir":"."}]"#),
        ("tfconfig/m-../evil/x.tf", b""),
    ]);
    let err = open_err(&bytes);
    assert_eq!(
        err.to_string(),
        "tfconfig/m-../evil/x.tf: module \"../evil\" is not recorded in tfconfig/modules.json"
    );
}

#[test]
fn config_files_without_manifest() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let err = open_err(&zip_of(&[("tfplan", &plan), ("tfconfig/m-/main.tf", b"")]));
    assert!(matches!(err, Error::Config { .. }), "{err}");
}

#[test]
fn alongside_gets_the_other_entries_while_tfplan_is_read() {
    let plan = minimal_plan("1.15.5").encode_to_vec();
    let bytes = zip_of(&[
        ("tfplan", &plan),
        ("tfstate", b"prior"),
        ("tfstate-prev", b"previous"),
        ("tfconfig/modules.json", br#"[{"Key":"","Dir":"."}]"#),
        ("tfconfig/m-/main.tf", b"# root"),
    ]);
    let (file, seen) = PlanFile::from_bytes_alongside(&bytes, &Options::default(), |parts| {
        (
            parts.prior_state.map(<[u8]>::to_vec),
            parts.prev_run_state.map(<[u8]>::to_vec),
            parts.config.map(|c| c.modules[""].files["main.tf"].clone()),
        )
    })
    .unwrap();
    assert_eq!(
        seen,
        (
            Some(b"prior".to_vec()),
            Some(b"previous".to_vec()),
            Some(b"# root".to_vec())
        )
    );
    assert_eq!(file, open(&bytes).unwrap());
}

/// `tfplan`'s errors come first, with or without work alongside, though `tfplan` is read
/// after the other entries.
#[test]
fn tfplan_errors_come_before_the_snapshot_errors() {
    let bytes = zip_of(&[("tfplan", b"\xff\xff"), ("tfconfig/m-/main.tf", b"")]);
    let err = open_err(&bytes);
    assert!(!matches!(err, Error::Config { .. }), "{err}");
    let with = PlanFile::from_bytes_alongside(&bytes, &Options::default(), |_| ()).unwrap_err();
    assert_eq!(with.to_string(), err.to_string());
}

/// Of many bad changes, decoded in parallel, the first in the file is the one reported.
#[test]
fn the_first_bad_change_is_reported() {
    let mut plan = minimal_plan("1.15.5");
    for i in 0..3000 {
        let addr = if i < 1234 {
            format!("null_resource.ok[{i}]")
        } else {
            format!("not an address {i}")
        };
        plan.resource_changes.push(support::create_change(&addr));
    }
    let err = open_err(&plan_zip(&plan)).to_string();
    assert!(err.contains("resource_changes[1234]"), "{err}");
}
