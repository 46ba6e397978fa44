//! `tfshow watch` in plain (non-terminal) mode: snapshots of a successful and a failed apply,
//! the exit status on every real stream, and bad input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

fn watch(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .arg("watch")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tfshow");
    let mut pipe = child.stdin.take().expect("stdin");
    // The child may stop reading early; a broken pipe is fine.
    let _ = pipe.write_all(stdin.unwrap_or_default());
    drop(pipe);
    child.wait_with_output().expect("tfshow output")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn successful_apply() {
    let f = scenarios().join("create_basic/tf-1.15.5/apply-ui.jsonl");
    let o = watch(&[f.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
    insta::assert_snapshot!(text(&o.stdout));
}

#[test]
fn failed_apply_names_the_resource_and_exits_1() {
    let f = scenarios().join("apply_error/tf-1.15.5/apply-ui.jsonl");
    let o = watch(&[f.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("errored: oracle_replace.fails"), "{err}");
    insta::assert_snapshot!(text(&o.stdout));
}

#[test]
fn provisioners_and_standard_input() {
    let bytes =
        std::fs::read(scenarios().join("provisioners/tf-1.15.5/apply-ui.jsonl")).expect("stream");
    let o = watch(&[], Some(&bytes));
    // The failing provisioner has on_failure = continue: Terraform exits 0 too.
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    insta::assert_snapshot!(text(&o.stdout));
}

#[test]
fn sensitive_output_values_never_appear() {
    // Terraform before 1.4 wrote the values of sensitive outputs into the stream.
    let stream = concat!(
        r#"{"@level":"info","@message":"Terraform 1.3.9","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","terraform":"1.3.9","type":"version","ui":"1.0"}"#,
        "\n",
        r#"{"@level":"info","@message":"Outputs: 2","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:01.000000Z","outputs":{"password":{"sensitive":true,"type":"string","value":"hunter2-secret"},"url":{"sensitive":false,"type":"string","value":"https://x"}},"type":"outputs"}"#,
        "\n"
    );
    let o = watch(&[], Some(stream.as_bytes()));
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(!out.contains("hunter2"), "{out}");
    assert!(out.contains("password = (sensitive value)"), "{out}");
    assert!(out.contains(r#"url      = "https://x""#), "{out}");
}

/// The exit status of Terraform for a stream, from `commands.txt` (`plan`, `apply`, and
/// the first and second `setup-apply`).
fn terraform_status(stream: &Path) -> Option<i32> {
    let dir = stream.parent()?;
    let commands = std::fs::read_to_string(dir.join("commands.txt")).ok()?;
    let name = stream.file_name()?.to_str()?;
    let (key, nth) = match name {
        "plan-ui.jsonl" => ("plan", 0),
        "apply-ui.jsonl" => ("apply", 0),
        "setup-apply-ui.jsonl" => ("setup-apply", 0),
        "setup2-apply-ui.jsonl" => ("setup-apply", 1),
        _ => return None,
    };
    let line = commands
        .lines()
        .filter(|l| l.starts_with(&format!("{key} rc=")))
        .nth(nth)?;
    line.split_once("rc=")?.1.split(':').next()?.parse().ok()
}

#[test]
fn exits_1_exactly_when_the_stream_reports_an_error() {
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for scenario in std::fs::read_dir(scenarios()).expect("scenarios") {
        for version in std::fs::read_dir(scenario.expect("entry").path()).expect("versions") {
            let dir = version.expect("entry").path();
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for f in entries {
                let path = f.expect("entry").path();
                let Some(want) = terraform_status(&path) else {
                    continue;
                };
                let o = watch(&["--plain", path.to_str().unwrap()], None);
                let got = o.status.code();
                if got != Some(i32::from(want != 0)) {
                    mismatches.push(format!(
                        "{}: terraform {want}, watch {got:?}",
                        path.display()
                    ));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "checked only {checked} streams");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn bad_lines_are_reported_with_their_numbers_and_the_rest_is_rendered() {
    let good = std::fs::read_to_string(scenarios().join("create_basic/tf-1.15.5/apply-ui.jsonl"))
        .expect("stream");
    let lines: Vec<&str> = good.lines().collect();
    let wrong_type = lines[4].replace(r#""elapsed_seconds":0"#, r#""elapsed_seconds":"0s""#);
    let long = "y".repeat(17 * 1024 * 1024);
    let mut input = vec![
        lines[0].to_owned(),
        "Error: something printed as text".to_owned(),
        lines[1][..40].to_owned(),
        wrong_type,
        long,
    ];
    input.extend(lines[2..].iter().map(|l| (*l).to_owned()));
    let o = watch(&[], Some(input.join("\n").as_bytes()));
    let err = text(&o.stderr);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("line 2: not JSON"), "{err}");
    assert!(err.contains("line 3: truncated JSON"), "{err}");
    assert!(
        err.contains("line 4: field `hook.elapsed_seconds`: expected number, found string"),
        "{err}"
    );
    assert!(err.contains("line 5: line is 17825792 bytes long"), "{err}");
    assert!(out.contains("Error: something printed as text"), "{out}");
    assert!(out.contains("Apply complete! Resources: 2 added"), "{out}");
    assert!(out.contains("4 lines could not be read"), "{out}");
    assert!(!out.contains("yyyy"), "the long line is not echoed");
}

#[test]
fn empty_and_missing_input() {
    let o = watch(&[], Some(b""));
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stdout).contains("No messages were read."));
    let o = watch(&["/nonexistent/stream.jsonl"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
}

#[test]
fn a_stream_of_a_newer_major_version_is_refused() {
    let stream = concat!(
        r#"{"@level":"info","@message":"Terraform 9.0.0","@module":"terraform.ui","@timestamp":"2030-01-01T00:00:00.000000Z","terraform":"9.0.0","type":"version","ui":"2.0"}"#,
        "\n"
    );
    let o = watch(&[], Some(stream.as_bytes()));
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("line 1: unsupported machine-readable UI version 2.0"),
        "{err}"
    );
}

/// Runs `tfshow watch` on `file` from standard input: (exit code, stdout, stderr).
fn watch_stdin(file: &Path) -> (Option<i32>, String, String) {
    let bytes = std::fs::read(file).expect("input");
    let o = watch(&[], Some(&bytes));
    (o.status.code(), text(&o.stdout), text(&o.stderr))
}

#[test]
fn input_that_is_not_a_json_stream_is_refused_with_a_hint() {
    let case = scenarios().join("apply_error/tf-1.15.5");
    for (file, hint) in [
        (
            "plan.txt",
            "this looks like Terraform's human output, not a -json stream: run terraform apply -json | tfshow watch",
        ),
        ("plan-cli.txt", "this looks like Terraform's human output"),
        ("plan.tfplan", "this is a plan file, not a -json stream: use tfshow show or tfshow ui"),
        ("plan.json", "this is a JSON plan (terraform show -json), not a -json stream"),
        ("state.json", "this is a state, not a -json stream"),
        ("terraform.tfstate", "this is a state, not a -json stream"),
        ("schemas.json", "this is JSON but not Terraform's -json stream"),
    ] {
        let (code, out, err) = watch_stdin(&case.join(file));
        assert_eq!(code, Some(1), "{file}: {err}");
        assert!(err.contains(hint), "{file}: {err}");
        assert!(err.contains("-json"), "{file}: {err}");
        // Nothing of it is echoed (a zip's bytes least of all), and no verdict is given.
        assert!(out.is_empty(), "{file}: {out}");
        assert!(!err.contains("OK:"), "{file}: {err}");
    }
    // As a file argument too.
    let o = watch(&[case.join("plan.tfplan").to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("this is a plan file"));
}

#[cfg(unix)]
#[test]
fn a_refused_producer_is_read_to_its_end_not_cut_off() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .arg("watch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tfshow");
    let mut producer = child.stdin.take().expect("stdin");
    let human = std::fs::read_to_string(scenarios().join("apply_error/tf-1.15.5/plan.txt"))
        .expect("plan.txt");
    producer.write_all(human.as_bytes()).expect("write");
    producer.flush().expect("flush");
    // The hint comes while the producer still writes; then the rest is read, not shown.
    let mut err = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    err.read_line(&mut line).expect("stderr");
    assert!(line.contains("-json"), "{line}");
    for _ in 0..1000 {
        producer
            .write_all(human.as_bytes())
            .expect("the producer is not cut off");
    }
    drop(producer);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).expect("stderr");
    let o = child.wait_with_output().expect("tfshow");
    assert_eq!(o.status.code(), Some(1), "{rest}");
    assert!(o.stdout.is_empty());
    assert!(rest.contains("not a -json stream"), "{rest}");
}
