//! `tfshow … | head`: on every command and format, a reader that closes the pipe early ends the
//! run quietly with status 0 (so that `set -o pipefail` scripts keep working), or 2 when a gate
//! (`--fail-on`, `--exit-code`) is closed: a closed pipe never opens a gate. The pipe is made
//! small (one page) and the output is bigger, so that tfshow is still writing when it closes.

use std::fs::File;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A pipe of one page: (read end, write end).
fn small_pipe() -> (File, OwnedFd) {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two new descriptors, which are owned here from then on. They are
    // closed on exec, so that no other test's child holds them open.
    unsafe {
        assert_eq!(libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC), 0, "pipe2");
        #[cfg(target_os = "linux")]
        libc::fcntl(fds[0], libc::F_SETPIPE_SZ, 4096);
        (File::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1]))
    }
}

/// Runs tfshow with `args`, reads a few bytes of its output, closes the pipe and returns the
/// exit status and standard error.
fn closed_early(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let (mut read, write) = small_pipe();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.args(args)
        .env("HOME", "/nonexistent/tfshow-tests")
        .env("XDG_CACHE_HOME", "/nonexistent/tfshow-tests")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::from(write))
        .stderr(Stdio::piped());
    let child = cmd.spawn().expect("run tfshow");
    // Only the child holds the write end now.
    drop(cmd);
    let mut first = [0u8; 16];
    read.read_exact(&mut first).expect("the first bytes");
    drop(read);
    let o = child.wait_with_output().expect("wait");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn every_command_ends_quietly_when_its_reader_goes() {
    let big = root().join("bench/data/big-1.15.5-1000");
    let plan = big.join("plan.tfplan");
    let schemas = big.join("schemas.json");
    let small = root().join("testdata/oracle/scenarios/update_in_place/tf-1.15.5/plan.tfplan");
    let (plan, schemas, small) = (
        plan.to_str().unwrap(),
        schemas.to_str().unwrap(),
        small.to_str().unwrap(),
    );
    let s = ["--schemas", schemas];
    let with = |args: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        v.extend(s.iter().map(|a| a.to_string()));
        v
    };
    let mut runs: Vec<Vec<String>> = vec![
        with(&["show"]),
        with(&["show", "--json"]),
        with(&["show", "--json", "--redact"]),
        with(&["summary"]),
        with(&["summary", "--format", "text"]),
        with(&["summary", "--format", "json"]),
        with(&["summary", "--format", "html"]),
        with(&["summary", "--fail-on", "any"]),
        with(&["ui"]),
    ];
    for r in &mut runs {
        r.push(plan.to_owned());
    }
    // Two plans: a roll-up, and a diff.
    runs.push(with(&["summary", "--format", "text", plan]));
    runs.last_mut().unwrap().push(plan.to_owned());
    for format in ["text", "json"] {
        let mut r = with(&["diff", "--exit-code", "--format", format, small]);
        r.push(plan.to_owned());
        runs.push(r);
    }
    for args in &runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stderr) = closed_early(&args, &[]);
        // A closed pipe does not open a gate: the plans differ, the plan has changes.
        let gate = args.contains(&"--fail-on") || args.contains(&"--exit-code");
        assert_eq!(code, Some(if gate { 2 } else { 0 }), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("pipe") && !stderr.contains("error"),
            "{args:?}: {stderr}"
        );
        // --fail-on says why it fails; nothing else is said.
        if !args.contains(&"--fail-on") {
            assert_eq!(stderr, "", "{args:?}");
        }
    }
}

#[test]
fn schemas_export_ends_quietly_when_its_reader_goes() {
    let cache = tempfile::tempdir().unwrap();
    let env = [("XDG_CACHE_HOME", cache.path().to_str().unwrap())];
    let case = root().join("testdata/oracle/scenarios/replace_delete_create/tf-1.15.5");
    let import = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(["schemas", "import", "--provider-version"])
        .arg("registry.terraform.io/corpus/oracle=0.1.0")
        .arg(case.join("schemas.json"))
        .env("XDG_CACHE_HOME", cache.path())
        .output()
        .unwrap();
    assert!(
        import.status.success(),
        "{}",
        String::from_utf8_lossy(&import.stderr)
    );
    let (code, stderr) = closed_early(&["schemas", "export"], &env);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr, "");
}
