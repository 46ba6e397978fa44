//! `tfshow ui PLANFILE` against what `terraform plan -json` printed when it wrote that plan
//! (`testdata/oracle/scenarios/*/tf-*/plan-ui.jsonl`; every case with a `plan.tfplan` is
//! discovered from the folder).
//!
//! Compared byte for byte, line by line, with `@timestamp` masked. Ignored in
//! `plan-ui.jsonl`: the messages that come from running the plan and so are not in the plan
//! file:
//! - `refresh_start`, `refresh_complete` (refreshing managed resources);
//! - `apply_start`, `apply_progress`, `apply_complete`, `apply_errored` (data sources read
//!   while planning report these hooks with action `read`);
//! - `ephemeral_op_*` and OpenTofu's `ephemeral_action_*` (ephemeral resources opened while
//!   planning) and `action_*` hooks;
//! - `diagnostic` and `log` (warnings and errors of the run, printed after the plan);
//! - `state_lock_acquire` ("Acquiring state lock. This may take a few moments...", printed when
//!   taking the lock is slow: OpenTofu 1.7–1.9 with an encrypted state derive its key then).
//!
//! Everything else — `version`, `resource_drift`, `planned_change`,
//! `planned_action_invocation`, `change_summary`, `outputs` — must match exactly, in order.

use std::path::{Path, PathBuf};
use std::process::Command;

const FROM_RUNNING_THE_PLAN: &[&str] = &[
    "refresh_start",
    "refresh_complete",
    "apply_start",
    "apply_progress",
    "apply_complete",
    "apply_errored",
    "ephemeral_op_start",
    "ephemeral_op_progress",
    "ephemeral_op_complete",
    "ephemeral_op_errored",
    "ephemeral_action_started",
    "ephemeral_action_complete",
    "action_start",
    "action_progress",
    "action_complete",
    "action_errored",
    "diagnostic",
    "log",
    "state_lock_acquire",
];

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(&root).expect("scenarios") {
        let scenario = scenario.expect("entry").path();
        let Ok(versions) = std::fs::read_dir(&scenario) else {
            continue;
        };
        for v in versions {
            let dir = v.expect("entry").path();
            if dir.join("plan.tfplan").is_file() && dir.join("plan-ui.jsonl").is_file() {
                out.push(dir);
            }
        }
    }
    out.sort();
    out
}

/// The line with the value of `@timestamp` replaced by `T`, and that value.
fn mask(line: &str) -> (String, String) {
    const KEY: &str = "\"@timestamp\":\"";
    match line.find(KEY) {
        Some(i) => {
            let start = i + KEY.len();
            let end = line[start..].find('"').map_or(line.len(), |j| start + j);
            (
                format!("{}T{}", &line[..start], &line[end..]),
                line[start..end].to_owned(),
            )
        }
        None => (line.to_owned(), String::new()),
    }
}

fn message_type(line: &str) -> String {
    tfshow_ui::Message::parse(line)
        .map(|m| m.envelope.type_)
        .unwrap_or_default()
}

#[test]
fn ui_prints_the_plan_messages_terraform_printed() {
    let cases = cases();
    assert!(cases.len() > 200, "found only {} cases", cases.len());
    let mut failures = Vec::new();
    for dir in &cases {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
        cmd.arg("ui");
        if dir.join("schemas.json").is_file() {
            cmd.arg("--schemas").arg(dir.join("schemas.json"));
        }
        // OpenTofu's encrypted cases: the TF_ENCRYPTION they were written with.
        if dir.join("encryption.hcl").is_file() {
            cmd.arg("--encryption").arg(dir.join("encryption.hcl"));
        }
        let out = cmd
            .arg(dir.join("plan.tfplan"))
            .output()
            .expect("run tfshow");
        let name = dir
            .strip_prefix(dir.parent().and_then(Path::parent).unwrap_or(dir))
            .unwrap_or(dir)
            .display()
            .to_string();
        if !out.status.success() {
            failures.push(format!(
                "{name}: exit {:?}: {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let got_text = String::from_utf8(out.stdout).expect("UTF-8 output");
        assert!(got_text.ends_with('\n'), "{name}");
        let got: Vec<(String, String)> = got_text.lines().map(mask).collect();
        for (_, ts) in &got {
            assert!(
                tfshow_ui::timestamp::parse_micros(ts).is_some() && ts.len() >= 27,
                "{name}: bad timestamp {ts}"
            );
        }
        let want_text = std::fs::read_to_string(dir.join("plan-ui.jsonl")).expect("plan-ui");
        let want: Vec<String> = want_text
            .lines()
            .filter(|l| !FROM_RUNNING_THE_PLAN.contains(&message_type(l).as_str()))
            .map(|l| mask(l).0)
            .collect();
        let got: Vec<String> = got.into_iter().map(|(l, _)| l).collect();
        if got != want {
            let (a, b) = (want.join("\n"), got.join("\n"));
            let diff = similar::TextDiff::from_lines(a.as_str(), b.as_str())
                .unified_diff()
                .header("terraform", "tfshow")
                .to_string();
            failures.push(format!("{name}:\n{diff}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn ui_reads_standard_input_and_refuses_what_is_not_a_plan() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios");
    let run = |args: &[&str], stdin: &[u8]| {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
            .arg("ui")
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run tfshow");
        let mut pipe = child.stdin.take().expect("stdin");
        let _ = pipe.write_all(stdin);
        drop(pipe);
        child.wait_with_output().expect("output")
    };
    let plan = std::fs::read(root.join("moved_block/tf-1.15.5/plan.tfplan")).expect("plan");
    let o = run(&["-"], &plan);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains(r#""action":"move""#), "{text}");

    let state = root.join("create_basic/tf-1.15.5/terraform.tfstate");
    let o = run(&[state.to_str().unwrap_or_default()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a plan file"));

    let o = run(&[], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}
