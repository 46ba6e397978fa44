//! What a run leaves where its output goes: a failure never truncates or rewrites what tfshow
//! did not write, `-o FILE` is all or nothing (also on Ctrl-C), and a closed pipe ends the run
//! quietly with exit 0.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn case(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios")
        .join(dir)
}

fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tfshow-output-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A real state made long (2,000 instances, well over a pipe's or a buffer's worth of JSON) and
/// made to fail at its last resource, whose attribute does not fit the schema. Returns the
/// state's path and the show arguments that fail halfway.
fn failing_halfway(dir: &Path) -> (PathBuf, Vec<String>) {
    let real = case("create_basic/tf-1.15.5");
    let mut state: serde_json::Value =
        serde_json::from_slice(&std::fs::read(real.join("terraform.tfstate")).unwrap()).unwrap();
    for r in state["resources"].as_array_mut().unwrap() {
        if r["type"] == "null_resource" {
            let one = r["instances"][0].clone();
            r["each"] = "list".into();
            r["instances"] = (0..2000)
                .map(|i| {
                    let mut inst = one.clone();
                    inst["index_key"] = i.into();
                    inst
                })
                .collect();
        } else {
            r["instances"][0]["attributes"]["name"] = serde_json::json!(["not", "a", "string"]);
        }
    }
    let path = dir.join("halfway.tfstate");
    std::fs::write(&path, state.to_string()).unwrap();
    let args = vec![
        "show".into(),
        "--json".into(),
        "--schemas".into(),
        real.join("schemas.json").to_str().unwrap().to_owned(),
        path.to_str().unwrap().to_owned(),
    ];
    (path, args)
}

fn run_to_file(args: &[String], out: &Path, append: bool) -> std::process::Output {
    let file = std::fs::OpenOptions::new()
        .write(true)
        .append(append)
        .truncate(!append)
        .open(out)
        .unwrap();
    Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(args)
        .stdout(file)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `>> log` shared with other jobs: what was in the file stays, nothing is cut back, and the
/// error says that the document on stdout is incomplete.
#[test]
fn a_failure_never_cuts_a_stdout_file() {
    let dir = tempdir("cut");
    let (_, args) = failing_halfway(&dir);
    for append in [true, false] {
        let out = dir.join(format!("out-{append}.log"));
        std::fs::write(&out, b"written by another job\n").unwrap();
        let o = run_to_file(&args, &out, append);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains("oracle_thing.all_types"), "{err}");
        assert!(err.contains("use -o FILE"), "{err}");
        let after = std::fs::read(&out).unwrap();
        if append {
            assert!(after.starts_with(b"written by another job\n"), "append");
        }
        // What tfshow wrote before the error stays: more than 64 KiB of the document.
        assert!(
            after.len() > 64 * 1024,
            "append {append}: {} bytes",
            after.len()
        );
        assert!(text(&after).contains("\"format_version\""));
    }
}

/// A run refused before it writes anything says nothing of a partial document: `--redact`
/// without the schemas of the plan's providers writes no byte to a stdout file.
#[test]
fn a_refusal_before_any_output_leaves_no_note() {
    let dir = tempdir("refused");
    let out = dir.join("out.json");
    let plan = case("create_basic/tf-1.15.5").join("plan.tfplan");
    let args = [
        "show".to_owned(),
        "--json".to_owned(),
        "--redact".to_owned(),
        "--no-plugins".to_owned(),
        plan.to_str().unwrap().to_owned(),
    ];
    // An empty schema cache of its own, so that no cached schema makes the run succeed.
    let o = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(args)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot redact"), "{err}");
    assert!(!err.contains("use -o FILE"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), b"");
}

/// `-o FILE`: a failure leaves FILE as it was and no temporary file; success replaces it
/// whole, keeping its permissions.
#[cfg(unix)]
#[test]
fn dash_o_is_all_or_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempdir("dash-o");
    let (_, mut args) = failing_halfway(&dir);
    let out = dir.join("doc.json");
    std::fs::write(&out, b"previous document\n").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    args.extend(["-o".into(), out.to_str().unwrap().to_owned()]);
    let o = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(&args)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
    assert!(!text(&o.stderr).contains("use -o FILE"));
    assert_eq!(std::fs::read(&out).unwrap(), b"previous document\n");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");

    // Success: the same document as on stdout, in place, with FILE's permissions.
    let real = case("create_basic/tf-1.15.5");
    let schemas = real.join("schemas.json");
    let plan = real.join("plan.tfplan");
    let ok = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(["show", "--json", "--schemas"])
        .args([&schemas, &plan])
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stderr));
    assert!(ok.stdout.is_empty());
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(real.join("plan.json")).unwrap()
    );
    let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);

    // Views built in memory go there too.
    let ok = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(["summary", "--schemas"])
        .args([&schemas, &plan])
        .arg("--output")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stderr));
    assert!(text(&std::fs::read(&out).unwrap()).contains("**Plan:**"));
}

/// Ctrl-C while `-o FILE` is being made (here: while the input is still being read from a pipe
/// that stays open) removes the temporary file and leaves FILE as it was.
#[cfg(unix)]
#[test]
fn ctrl_c_leaves_no_temporary_file() {
    let dir = tempdir("sigint");
    let out = dir.join("doc.json");
    std::fs::write(&out, b"previous\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(["show", "--json", "-o"])
        .arg(&out)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the temporary file exists (the run is then blocked reading stdin).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::fs::read_dir(&dir).unwrap().count() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "no temporary file appeared"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // SAFETY: kill only sends a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    drop(child.stdin.take());
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?}");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["doc.json"]);
    assert_eq!(std::fs::read(&out).unwrap(), b"previous\n");
}

/// `tfshow ... | head`: the reader closes the pipe early; tfshow exits 0 and prints nothing.
#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = tempdir("pipe");
    let (path, _) = failing_halfway(&dir);
    // The long state without the failing resource: a document of several hundred KiB.
    let mut state: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    state["resources"]
        .as_array_mut()
        .unwrap()
        .retain(|r| r["type"] == "null_resource");
    std::fs::write(&path, state.to_string()).unwrap();
    let real = case("create_basic/tf-1.15.5");
    for human in [false, true] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
        cmd.arg("show");
        if !human {
            cmd.arg("--json");
        }
        let mut child = cmd
            .arg("--schemas")
            .arg(real.join("schemas.json"))
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let o = child.wait_with_output().unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "human {human}: {}",
            text(&o.stderr)
        );
        assert!(o.stderr.is_empty(), "human {human}: {}", text(&o.stderr));
    }
}
