//! The `tfshow` binary end to end: output, exit codes, and error text for bad input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn case(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios")
        .join(dir)
}

fn tfshow(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tfshow");
    let mut pipe = child.stdin.take().expect("stdin");
    pipe.write_all(stdin.unwrap_or_default())
        .expect("write stdin");
    drop(pipe);
    child.wait_with_output().expect("tfshow output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn show_json_prints_terraforms_state_document() {
    let dir = case("create_basic/tf-1.15.5");
    let o = tfshow(
        &[
            "show",
            "--json",
            "--schemas",
            dir.join("schemas.json").to_str().unwrap(),
            dir.join("terraform.tfstate").to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, std::fs::read(dir.join("state.json")).unwrap());
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
}

#[test]
fn show_json_reads_standard_input() {
    let dir = case("update_in_place/tf-1.15.5");
    let state = std::fs::read(dir.join("terraform.tfstate")).unwrap();
    let o = tfshow(
        &[
            "show",
            "--json",
            "--schemas",
            dir.join("schemas.json").to_str().unwrap(),
            "-",
        ],
        Some(&state),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, std::fs::read(dir.join("state.json")).unwrap());
}

#[test]
fn without_schemas_it_warns_once_and_still_prints_valid_json() {
    let dir = case("create_basic/tf-1.15.5");
    // No schema to be had: no cache, no plugin, no plugin directories.
    let empty = tempdir();
    let o = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(["show", "--json", dir.join("plan.tfplan").to_str().unwrap()])
        .env_clear()
        .env("HOME", &empty)
        .env("XDG_DATA_DIRS", &empty)
        .current_dir(&empty)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(doc["format_version"], "1.2");
    assert_eq!(doc["resource_changes"].as_array().map(Vec::len), Some(2));
    // Once per provider without a schema.
    assert_eq!(stderr(&o).lines().count(), 2);
    insta::assert_snapshot!(stderr(&o).replace(dir.to_str().unwrap(), "DIR"));
}

fn refused(name: &str, content: &[u8]) -> String {
    let dir = tempdir();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    let o = tfshow(&["show", "--json", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
    assert!(o.stdout.is_empty(), "{name}: stdout not empty");
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{name}: {err}");
    assert!(!err.contains("panicked"), "{name}: {err}");
    err.replace(path.to_str().unwrap(), name)
}

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tfshow-cli-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn zip_with(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut buf = std::io::Cursor::new(Vec::new());
    let mut z = zip::ZipWriter::new(&mut buf);
    for (name, data) in entries {
        z.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        z.write_all(data).unwrap();
    }
    z.finish().unwrap();
    buf.into_inner()
}

#[test]
fn bad_inputs_are_refused_with_one_clear_error() {
    let bookmark =
        br#"{"remote_plan_format":1,"run_id":"run-abc123","hostname":"app.terraform.io"}"#;
    let encrypted = br#"{"meta":{"key_provider.pbkdf2.k":"eyJ9"},"encrypted_data":"AAAA","encryption_version":"v0"}"#;
    let errors = [
        refused("empty.tfplan", b""),
        refused("random.bin", &[0x13, 0x37, 0xfe, 0x00, 0x42, 0x99]),
        refused(
            "legacy.tfplan",
            b"tfplan\x00\x00\x00\x02rest-of-an-old-plan",
        ),
        refused("bookmark.tfplan", bookmark),
        refused("encrypted.tfplan", encrypted),
        refused("notplan.zip", &zip_with(&[("hello.txt", b"hi")])),
        refused(
            "state-v3.tfstate",
            br#"{"version":3,"terraform_version":"0.11.14","serial":2,"lineage":"x","modules":[{"path":["root","1x"]}]}"#,
        ),
        refused(
            "state-v5.tfstate",
            br#"{"version":5,"terraform_version":"9.0.0","serial":2,"lineage":"x"}"#,
        ),
    ];
    insta::assert_snapshot!(errors.join(""));
}

#[test]
fn misuse_exits_2_and_missing_files_exit_1() {
    assert_eq!(tfshow(&[], None).status.code(), Some(2));
    assert_eq!(
        tfshow(&["show", "--bogus", "x"], None).status.code(),
        Some(2)
    );
    let o = tfshow(&["show", "--json", "/nonexistent/plan.tfplan"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
}
