//! Binaries that are not plugins, or misbehave: each fails with an error that says what went
//! wrong, in bounded time, and leaves no process and no socket directory behind. These need
//! no real plugin: they run everywhere.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::*;
use tfshow_plugin::{Error, Options, Plugin};

/// A shell script that first writes its pid and `PLUGIN_UNIX_SOCKET_DIR` to `$RECORD`, then
/// runs `body`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!("#!/bin/sh\necho \"$$ $PLUGIN_UNIX_SOCKET_DIR\" > \"$RECORD\"\n{body}\n"),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Launches `binary` with `RECORD` set, expecting an error; returns it with the recorded pid
/// and socket directory, after checking that both are gone.
fn launch_fails(binary: &Path, record: &Path, options: &mut Options) -> Error {
    options.env.push(("RECORD".into(), record.into()));
    let err = Plugin::launch(binary, options).unwrap_err();
    let recorded = std::fs::read_to_string(record).unwrap();
    let (pid, socket_dir) = recorded.trim().split_once(' ').unwrap();
    let pid: u32 = pid.parse().unwrap();
    assert!(process_gone(pid), "process {pid} is left running");
    assert!(!Path::new(socket_dir).exists(), "{socket_dir} is left");
    assert!(socket_dir.contains("tfshow-plugin-"), "{socket_dir}");
    err
}

#[test]
fn a_program_that_exits_is_not_a_plugin() {
    let tmp = tempfile::tempdir().unwrap();
    let bin = script(tmp.path(), "exits", "exit 3");
    let err = launch_fails(&bin, &tmp.path().join("rec"), &mut Options::default());
    let msg = err.to_string();
    assert!(matches!(err, Error::NoHandshake { .. }), "{msg}");
    assert!(msg.contains("exited with status 3"), "{msg}");
    assert!(msg.contains("not a Terraform provider plugin"), "{msg}");

    let err = Plugin::launch(Path::new("/bin/true"), &Options::default()).unwrap_err();
    assert!(err.to_string().contains("exited with status 0"), "{err}");
}

#[test]
fn garbage_on_stdout_is_refused_and_quoted_safely() {
    let tmp = tempfile::tempdir().unwrap();
    let bin = script(
        tmp.path(),
        "garbage",
        "printf 'hello\\033[31m world\\n'; echo 'oops' >&2; exec sleep 30",
    );
    let start = Instant::now();
    let err = launch_fails(&bin, &tmp.path().join("rec"), &mut Options::default());
    assert!(start.elapsed() < Duration::from_secs(10));
    let msg = err.to_string();
    assert!(msg.contains("handshake line is not usable"), "{msg}");
    assert!(msg.contains("hello\\u{1b}[31m world"), "{msg}");
    assert!(!msg.contains('\x1b'));
}

#[test]
fn a_plugin_that_never_handshakes_times_out() {
    let tmp = tempfile::tempdir().unwrap();
    let bin = script(
        tmp.path(),
        "silent",
        "echo 'starting up' >&2; exec sleep 60",
    );
    let mut options = Options {
        handshake_timeout: Duration::from_millis(500),
        ..Options::default()
    };
    let start = Instant::now();
    let err = launch_fails(&bin, &tmp.path().join("rec"), &mut options);
    assert!(start.elapsed() < Duration::from_secs(5));
    let msg = err.to_string();
    assert!(matches!(err, Error::HandshakeTimeout { .. }), "{msg}");
    assert!(msg.contains("within 0.5 s"), "{msg}");
    assert!(msg.contains("starting up"), "{msg}");
}

#[test]
fn a_plugin_that_starts_children_loses_them_too() {
    let tmp = tempfile::tempdir().unwrap();
    let child_record = tmp.path().join("child");
    let bin = script(
        tmp.path(),
        "forks",
        &format!(
            "sleep 60 & echo $! > '{}'\nexec sleep 60",
            child_record.display()
        ),
    );
    let mut options = Options {
        handshake_timeout: Duration::from_millis(300),
        ..Options::default()
    };
    launch_fails(&bin, &tmp.path().join("rec"), &mut options);
    let child: u32 = std::fs::read_to_string(&child_record)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        wait_gone(child, Duration::from_secs(2)),
        "the plugin's child {child} is left running"
    );
}

#[test]
fn an_unusable_handshake_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, line, want) in [
        ("netrpc", "1|5|unix|/nonexistent/sock|netrpc", "only grpc"),
        ("v4", "1|4|unix|/nonexistent/sock|grpc|", "only [5, 6]"),
        (
            "noconn",
            "1|5|unix|/nonexistent/sock|grpc|",
            "cannot connect",
        ),
    ] {
        let bin = script(tmp.path(), name, &format!("echo '{line}'; exec sleep 30"));
        let err = launch_fails(&bin, &tmp.path().join("rec"), &mut Options::default());
        assert!(err.to_string().contains(want), "{name}: {err}");
    }
}

#[test]
fn the_plugin_gets_a_minimal_environment() {
    let tmp = tempfile::tempdir().unwrap();
    let env_file = tmp.path().join("env");
    let bin = script(
        tmp.path(),
        "env",
        &format!("env | sort > '{}'", env_file.display()),
    );
    let mut options = Options::default();
    options.env.push(("EXTRA".into(), "1".into()));
    let _ = launch_fails(&bin, &tmp.path().join("rec"), &mut options);
    let env = std::fs::read_to_string(&env_file).unwrap();
    let names: Vec<&str> = env
        .lines()
        .filter_map(|l| l.split_once('=').map(|(k, _)| k))
        // The certificate's PEM spans lines; only NAME= starts a variable.
        .filter(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'))
        .filter(|k| !matches!(*k, "PWD" | "SHLVL" | "_" | "OLDPWD"))
        .collect();
    let mut allowed = vec![
        "EXTRA",
        "RECORD",
        "TF_PLUGIN_MAGIC_COOKIE",
        "PLUGIN_PROTOCOL_VERSIONS",
        "PLUGIN_MIN_PORT",
        "PLUGIN_MAX_PORT",
        "PLUGIN_UNIX_SOCKET_DIR",
        "PLUGIN_CLIENT_CERT",
        "TMPDIR",
        "PATH",
        "HOME",
    ];
    allowed.sort();
    for n in &names {
        assert!(allowed.contains(n), "{n} was passed to the plugin");
    }
    assert!(env.contains("PLUGIN_PROTOCOL_VERSIONS=5,6"));
    assert!(env.contains(
        "TF_PLUGIN_MAGIC_COOKIE=d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2"
    ));
    assert!(env.contains("PLUGIN_CLIENT_CERT=-----BEGIN CERTIFICATE-----"));
}

#[test]
fn ctrl_c_during_the_handshake_leaves_nothing() {
    // A helper process (this test binary, running the ignored test below) launches a plugin
    // that never handshakes and is stopped as Ctrl-C stops a program while it waits.
    let tmp = tempfile::tempdir().unwrap();
    let bin = script(
        tmp.path(),
        "silent",
        "mkdir \"$TMPDIR/its-own\"; : > \"$PLUGIN_UNIX_SOCKET_DIR/plugin123\"; exec sleep 60",
    );
    let record = tmp.path().join("rec");
    let mut helper = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "wait_for_a_handshake",
            "--ignored",
            "--test-threads=1",
        ])
        .env("TFSHOW_TEST_WAIT_FOR", &bin)
        .env("RECORD", &record)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let (pid, socket_dir) = loop {
        if let Ok(r) = std::fs::read_to_string(&record) {
            if let Some((pid, dir)) = r.trim().split_once(' ') {
                if Path::new(dir).join("plugin123").exists() {
                    break (pid.parse::<u32>().unwrap(), PathBuf::from(dir));
                }
            }
        }
        assert!(
            Instant::now() < deadline,
            "the helper never started the plugin"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // SAFETY: a plain syscall on our own child.
    unsafe {
        libc::kill(helper.id() as libc::pid_t, libc::SIGINT);
    }
    helper.wait().unwrap();
    assert!(
        wait_gone(pid, Duration::from_secs(5)),
        "plugin {pid} outlived the Ctrl-C of its launcher"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while socket_dir.exists() {
        assert!(
            Instant::now() < deadline,
            "{} is left after the Ctrl-C",
            socket_dir.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Run by `ctrl_c_during_the_handshake_leaves_nothing` in a process of its own.
#[test]
#[ignore = "a helper for another test"]
fn wait_for_a_handshake() {
    let Some(bin) = std::env::var_os("TFSHOW_TEST_WAIT_FOR") else {
        return;
    };
    let mut options = Options {
        handshake_timeout: Duration::from_secs(60),
        ..Options::default()
    };
    options
        .env
        .push(("RECORD".into(), std::env::var_os("RECORD").unwrap()));
    let _ = Plugin::launch(Path::new(&bin), &options);
}
