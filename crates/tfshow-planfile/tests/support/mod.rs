//! Helpers shared by the integration tests: building plan zips and `tfplan` messages in memory.

#![allow(dead_code)] // each test file uses a different subset

use prost::Message;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use tfshow_planfile::proto;
use zip::write::SimpleFileOptions;
use zip::ZipWriter;

/// The directory of the real plan files.
pub fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

/// The bytes of a real plan file.
pub fn real_plan_bytes(scenario_version: &str) -> Vec<u8> {
    std::fs::read(scenarios_dir().join(scenario_version).join("plan.tfplan")).unwrap()
}

/// The bytes of the plan file `path` of a case folder: decrypted with the case's
/// `encryption.hcl` (the `TF_ENCRYPTION` OpenTofu was given) when the case has one. Decrypted
/// plans are kept for the rest of the run: deriving their keys takes a while.
pub fn case_plan_bytes(path: &Path) -> Vec<u8> {
    static DECRYPTED: std::sync::Mutex<Vec<(PathBuf, Vec<u8>)>> = std::sync::Mutex::new(Vec::new());
    let bytes = std::fs::read(path).unwrap();
    let Some(dir) = path.parent() else {
        return bytes;
    };
    let Ok(text) = std::fs::read_to_string(dir.join("encryption.hcl")) else {
        return bytes;
    };
    let mut cache = DECRYPTED.lock().unwrap();
    if let Some((_, plain)) = cache.iter().find(|(p, _)| p == path) {
        return plain.clone();
    }
    let limits = tfshow_limits::Limits::default();
    let config = tfshow_encryption::Config::parse(&text, &limits).unwrap();
    let plain = tfshow_encryption::decrypt(
        &bytes,
        Some(&config),
        tfshow_encryption::Target::Plan,
        &limits,
    )
    .unwrap()
    .into_owned();
    cache.push((path.to_path_buf(), plain.clone()));
    plain
}

/// A zip archive holding `entries`, deflated.
pub fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, contents) in entries {
        w.start_file(*name, SimpleFileOptions::default()).unwrap();
        w.write_all(contents).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// A `DynamicValue` holding `msgpack`.
pub fn dv(msgpack: &[u8]) -> proto::DynamicValue {
    proto::DynamicValue {
        msgpack: msgpack.to_vec().into(),
    }
}

/// The smallest plan Terraform `terraform_version` would accept: version 3 with a backend.
pub fn minimal_plan(terraform_version: &str) -> proto::Plan {
    proto::Plan {
        version: 3,
        terraform_version: terraform_version.to_owned(),
        backend: Some(proto::Backend {
            r#type: "local".into(),
            config: Some(dv(b"\x80")),
            workspace: "default".into(),
        }),
        ..Default::default()
    }
}

/// A create change of `null_resource.x` (1.1+ address form).
pub fn create_change(addr: &str) -> proto::ResourceInstanceChange {
    proto::ResourceInstanceChange {
        addr: addr.to_owned(),
        provider: r#"provider["registry.terraform.io/hashicorp/null"]"#.into(),
        change: Some(proto::Change {
            action: proto::Action::Create as i32,
            values: vec![dv(b"\x81\xa2id\xc0")],
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// A plan zip with `plan` as its only entry.
pub fn plan_zip(plan: &proto::Plan) -> Vec<u8> {
    zip_of(&[("tfplan", &plan.encode_to_vec())])
}
