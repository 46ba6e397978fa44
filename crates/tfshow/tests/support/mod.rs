//! Running the binary for the tests of hostile input: with a cap on its address space, a time
//! limit and its peak memory measured (`run_capped`), optionally with standard output on a
//! pseudo-terminal (`pty`).

#![allow(dead_code)] // each test file uses a different part

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// No provider schema may come from the machine: no cache, no plugin directories, no CLI
/// configuration (tests here are about what tfshow does without schemas, or with the case's).
pub const NO_SCHEMA_SOURCES: [(&str, &str); 8] = [
    ("HOME", "/nonexistent/tfshow-tests"),
    ("XDG_CACHE_HOME", "/nonexistent/tfshow-tests"),
    ("XDG_DATA_HOME", "/nonexistent/tfshow-tests"),
    ("XDG_DATA_DIRS", "/nonexistent/tfshow-tests"),
    ("TF_DATA_DIR", "/nonexistent/tfshow-tests"),
    ("TF_PLUGIN_CACHE_DIR", "/nonexistent/tfshow-tests"),
    ("TF_CLI_CONFIG_FILE", "/nonexistent/tfshow-tests"),
    ("TOFU_CLI_CONFIG_FILE", "/nonexistent/tfshow-tests"),
];

/// What a run of the binary did.
pub struct Run {
    /// The exit status, when it exited.
    pub code: Option<i32>,
    /// The signal that ended it, when one did.
    pub signal: Option<i32>,
    /// Its standard output (what it wrote to the terminal, with `terminal`).
    pub stdout: Vec<u8>,
    /// Its standard error.
    pub stderr: String,
    /// Peak resident memory, in KiB.
    pub max_rss_kib: i64,
    /// How long it ran.
    pub elapsed: Duration,
}

/// A pseudo-terminal in raw mode (no newline translation), so that the bytes read from its
/// controlling end are those written: (controlling end, terminal end).
pub fn pty() -> (File, OwnedFd) {
    let (mut controller, mut terminal) = (0, 0);
    // SAFETY: openpty writes two descriptors; the name, termios and size pointers may be null.
    let r = unsafe {
        libc::openpty(
            &mut controller,
            &mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty");
    // SAFETY: plain struct of integers, filled in by tcgetattr; both descriptors are ours.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        assert_eq!(libc::tcgetattr(terminal, &mut t), 0, "tcgetattr");
        libc::cfmakeraw(&mut t);
        assert_eq!(libc::tcsetattr(terminal, libc::TCSANOW, &t), 0, "tcsetattr");
        (
            File::from_raw_fd(controller),
            OwnedFd::from_raw_fd(terminal),
        )
    }
}

/// Runs `cmd` with `stdin` on a pipe and standard error on a pipe; standard output on a pipe,
/// or on a pseudo-terminal when `terminal` is given (`cmd`'s stdout must then be its terminal
/// end). The address space is capped at `address_space` bytes (a runaway allocation fails
/// instead of swapping); a run longer than `time_limit` is killed and the test fails. The child
/// is reaped with `wait4`, which also reports its peak memory.
#[allow(clippy::zombie_processes)]
pub fn run_capped(
    mut cmd: Command,
    stdin: Vec<u8>,
    terminal: Option<File>,
    time_limit: Duration,
    address_space: u64,
) -> Run {
    cmd.stdin(Stdio::piped()).stderr(Stdio::piped());
    if terminal.is_none() {
        cmd.stdout(Stdio::piped());
    }
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: address_space,
                rlim_max: address_space,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = cmd.spawn().expect("run tfshow");
    // A terminal end held here would keep the controlling end open after the child exits.
    drop(cmd);
    let pid = child.id() as libc::pid_t;
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut out: Box<dyn Read + Send> = match terminal {
        Some(c) => Box::new(c),
        None => Box::new(child.stdout.take().unwrap()),
    };
    let reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        // A pseudo-terminal reports EIO once its other side is closed: what was read is kept.
        let _ = out.read_to_end(&mut b);
        b
    });
    let mut err = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = err.read_to_end(&mut b);
        b
    });
    let mut status = 0;
    // SAFETY: plain struct of integers, filled in by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: pid is our child; status and usage are valid for writes.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        assert!(r == 0, "wait4 failed");
        if start.elapsed() > time_limit {
            let _ = child.kill();
            panic!("tfshow ran longer than {time_limit:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let elapsed = start.elapsed();
    let _ = writer.join();
    let stdout = reader.join().unwrap();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    let (code, signal) = if libc::WIFEXITED(status) {
        (Some(libc::WEXITSTATUS(status)), None)
    } else {
        (None, Some(libc::WTERMSIG(status)))
    };
    Run {
        code,
        signal,
        stdout,
        stderr,
        max_rss_kib: usage.ru_maxrss,
        elapsed,
    }
}
