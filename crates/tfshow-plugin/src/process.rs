//! The plugin's process: its environment, its pipes, stopping and reaping it, and its private
//! socket directory.
//!
//! Nothing is left behind:
//! - the plugin runs in a process group of its own, and stopping it kills that whole group
//!   before the plugin is reaped (so the group id cannot have been reused);
//! - on Linux the kernel kills the plugin (`PR_SET_PDEATHSIG`, SIGKILL) if the thread that
//!   launched it ends, so Ctrl-C, SIGTERM or even SIGKILL of the calling process ends the
//!   plugin too; go-plugin servers ignore SIGINT themselves;
//! - the socket directory is private (mode 0700), is the plugin's `TMPDIR` as well (older
//!   go-plugin versions put their socket in `TMPDIR`), and is removed as soon as the connection
//!   is made, so after the handshake nothing of ours is on disk; until then a guard (a
//!   `/bin/sh` in a process group of its own, ignoring SIGINT, SIGTERM and SIGHUP, reading a
//!   pipe from us) removes it if we end first: it sees the end of the pipe, and if the
//!   directory is still there it waits a second (for the plugin to be killed) and removes it;
//! - [`Process`]'s destructor kills, reaps and removes whatever is still there, also when a
//!   panic unwinds.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::error::{excerpt_bytes, Error};
use crate::handshake::MAX_LINE;

/// go-plugin's magic cookie for Terraform providers: a plugin refuses to start without it.
pub const MAGIC_COOKIE_KEY: &str = "TF_PLUGIN_MAGIC_COOKIE";
/// The value of [`MAGIC_COOKIE_KEY`].
pub const MAGIC_COOKIE_VALUE: &str =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

/// The plugin protocol versions we speak, in the order offered.
pub const PROTOCOL_VERSIONS: [u32; 2] = [5, 6];

/// Variables of ours that a plugin is given; nothing else of our environment is.
const PASSED_THROUGH: [&str; 2] = ["PATH", "HOME"];

/// How much of the plugin's standard error is kept for error messages.
const STDERR_TAIL: usize = 4 * 1024;

/// What the standard output reader saw first.
enum FirstLine {
    Line(Vec<u8>),
    TooLong,
    Eof,
    Failed(String),
}

/// The end of the plugin's standard error, and whether the stream has ended.
#[derive(Default)]
struct Tail {
    bytes: Vec<u8>,
    ended: bool,
}

/// A launched plugin process.
pub(crate) struct Process {
    child: std::process::Child,
    pid: libc::pid_t,
    socket_dir: Option<tempfile::TempDir>,
    socket_dir_path: PathBuf,
    first_line: Receiver<FirstLine>,
    stderr: Arc<Mutex<Tail>>,
    reaped: bool,
    guard: Option<DirGuard>,
}

impl Process {
    /// Starts `path` with a minimal environment: `PATH` and `HOME` if we have them, `extra`,
    /// and go-plugin's variables (magic cookie, protocol versions, port range, socket
    /// directory, and `PLUGIN_CLIENT_CERT` when `client_cert_pem` is given).
    pub(crate) fn spawn(
        path: &Path,
        working_dir: Option<&Path>,
        extra: &[(OsString, OsString)],
        client_cert_pem: Option<&str>,
    ) -> Result<Process, Error> {
        let socket_dir = tempfile::Builder::new()
            .prefix("tfshow-plugin-")
            .tempdir()
            .map_err(Error::SocketDir)?;
        let socket_dir_path = socket_dir.path().to_path_buf();
        let guard = DirGuard::spawn(&socket_dir_path);

        let mut cmd = Command::new(path);
        cmd.env_clear();
        for key in PASSED_THROUGH {
            if let Some(v) = std::env::var_os(key) {
                cmd.env(key, v);
            }
        }
        for (k, v) in extra {
            cmd.env(k, v);
        }
        let versions: Vec<String> = PROTOCOL_VERSIONS.iter().map(u32::to_string).collect();
        cmd.env(MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE)
            .env("PLUGIN_PROTOCOL_VERSIONS", versions.join(","))
            .env("PLUGIN_MIN_PORT", "10000")
            .env("PLUGIN_MAX_PORT", "25000")
            .env("PLUGIN_UNIX_SOCKET_DIR", &socket_dir_path)
            .env("TMPDIR", &socket_dir_path);
        if let Some(pem) = client_cert_pem {
            cmd.env("PLUGIN_CLIENT_CERT", pem);
        }
        if let Some(dir) = working_dir {
            cmd.current_dir(dir);
        }
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        isolate(&mut cmd);

        let mut child = match cmd.spawn() {
            Ok(child) => child,
            Err(e) => {
                let _ = socket_dir.close();
                if let Some(guard) = guard {
                    guard.release();
                }
                return Err(Error::Spawn(e));
            }
        };
        // pid_t is i32; a pid always fits.
        let pid = child.id() as libc::pid_t;
        let stdout = child.stdout.take();
        let stderr_pipe = child.stderr.take();
        let (tx, first_line) = mpsc::sync_channel(1);
        // From here on, dropping `process` on an error kills the plugin and cleans up.
        let process = Process {
            child,
            pid,
            socket_dir: Some(socket_dir),
            socket_dir_path,
            first_line,
            stderr: Arc::new(Mutex::new(Tail::default())),
            reaped: false,
            guard,
        };
        if let Some(out) = stdout {
            spawn_reader("tfshow-plugin-stdout", move || read_stdout(out, tx))
                .map_err(Error::Spawn)?;
        }
        if let Some(err) = stderr_pipe {
            let tail = Arc::clone(&process.stderr);
            spawn_reader("tfshow-plugin-stderr", move || read_stderr(err, &tail))
                .map_err(Error::Spawn)?;
        }
        Ok(process)
    }

    /// The plugin's process id.
    pub(crate) fn pid(&self) -> u32 {
        self.pid as u32
    }

    /// The private directory given to the plugin for its socket (gone once connected).
    pub(crate) fn socket_dir(&self) -> &Path {
        &self.socket_dir_path
    }

    /// Waits up to `timeout` for the first line on the plugin's standard output.
    pub(crate) fn handshake_line(&self, timeout: Duration) -> Result<Vec<u8>, Error> {
        match self.first_line.recv_timeout(timeout) {
            Ok(FirstLine::Line(line)) => Ok(line),
            Ok(FirstLine::TooLong) => Err(Error::Handshake(format!(
                "its first line is longer than {MAX_LINE} bytes"
            ))),
            Ok(FirstLine::Failed(e)) => Err(Error::Handshake(format!(
                "cannot read its standard output: {e}"
            ))),
            Ok(FirstLine::Eof) | Err(RecvTimeoutError::Disconnected) => {
                // It usually has exited; give it a moment to be sure.
                let status = match self.wait_exit(Duration::from_millis(500)) {
                    Some(s) => describe_status(&s),
                    None => "closed its standard output".to_owned(),
                };
                Err(Error::NoHandshake {
                    status,
                    stderr: self.stderr_excerpt(),
                })
            }
            Err(RecvTimeoutError::Timeout) => Err(Error::HandshakeTimeout {
                timeout,
                stderr: self.stderr_excerpt(),
            }),
        }
    }

    /// The end of the plugin's standard error, escaped, waiting briefly for the stream to end
    /// when the plugin has exited.
    pub(crate) fn stderr_excerpt(&self) -> String {
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            let ended = self.stderr.lock().map(|t| t.ended).unwrap_or(true);
            if ended || Instant::now() >= deadline || self.exit_status().is_none() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let Ok(tail) = self.stderr.lock() else {
            return String::new();
        };
        // Keep whole lines: the last few of what it said.
        excerpt_bytes(&tail.bytes, true)
    }

    /// Removes the socket directory (the plugin's socket in it keeps working once connected).
    pub(crate) fn remove_socket_dir(&mut self) {
        if let Some(dir) = self.socket_dir.take() {
            // A failure leaves it for TempDir's own best effort; there is nothing better to do.
            let _ = dir.close();
        }
        if let Some(guard) = self.guard.take() {
            guard.release();
        }
    }

    /// The plugin's exit status if it has exited, without reaping it.
    fn exit_status(&self) -> Option<libc::siginfo_t> {
        if self.reaped {
            return None;
        }
        // SAFETY: waitid writes into `info`, which is a plain C struct; WNOWAIT leaves the
        // child waitable, so `self.child.wait()` still reaps it later.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let r = libc::waitid(
                libc::P_PID,
                self.pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            (r == 0 && info.si_pid() != 0).then_some(info)
        }
    }

    /// Waits up to `timeout` for the plugin to exit by itself (without reaping it).
    pub(crate) fn wait_exit(&self, timeout: Duration) -> Option<libc::siginfo_t> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(s) = self.exit_status() {
                return Some(s);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Kills the plugin's process group (the plugin and anything it started), reaps the
    /// plugin and removes the socket directory. Idempotent.
    pub(crate) fn kill_and_reap(&mut self) -> Result<(), Error> {
        let mut result = Ok(());
        if !self.reaped {
            // SAFETY: plain syscall. The group id is the plugin's pid, which stays reserved
            // until the plugin is reaped just below.
            unsafe {
                libc::kill(-self.pid, libc::SIGKILL);
            }
            // The plugin itself, in case it left its group.
            let _ = self.child.kill();
            result = self.child.wait().map(|_| ()).map_err(Error::Stop);
            self.reaped = true;
        }
        self.remove_socket_dir();
        result
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.kill_and_reap();
    }
}

/// Removes the socket directory if this process ends while the directory is still there.
struct DirGuard {
    child: std::process::Child,
}

/// The guard: `$1` is the directory. It ignores the signals that stop a program, waits for
/// the end of its standard input (we close it, or our process ended), and then removes the
/// directory only if it is still there, after a second for the plugin to die.
const GUARD_SCRIPT: &str =
    "trap '' INT TERM HUP; while read -r _; do :; done; [ -e \"$1\" ] || exit 0; sleep 1; rm -rf -- \"$1\"";

impl DirGuard {
    /// Starts the guard; `None` when no `/bin/sh` can be started (then nothing guards).
    fn spawn(dir: &Path) -> Option<DirGuard> {
        use std::os::unix::process::CommandExt;
        let child = Command::new("/bin/sh")
            .arg("-c")
            .arg(GUARD_SCRIPT)
            .arg("tfshow-plugin-guard")
            .arg(dir)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .ok()?;
        Some(DirGuard { child })
    }

    /// The directory is gone: the guard sees the end of its input and exits at once.
    fn release(mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

/// A new process group, and on Linux death with the launching thread.
fn isolate(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
    #[cfg(target_os = "linux")]
    {
        // SAFETY: getpid is async-signal-safe.
        let parent = unsafe { libc::getpid() };
        // SAFETY: the closure only calls async-signal-safe functions (prctl, getppid, _exit),
        // as required between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                if libc::prctl(
                    libc::PR_SET_PDEATHSIG,
                    libc::SIGKILL as libc::c_ulong,
                    0,
                    0,
                    0,
                ) != 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                // The parent may have died before prctl took effect.
                if libc::getppid() != parent {
                    libc::_exit(1);
                }
                Ok(())
            });
        }
    }
}

fn spawn_reader(name: &str, f: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .stack_size(64 * 1024)
        .spawn(f)
        .map(|_| ())
}

/// Sends the first line (at most [`MAX_LINE`] bytes) and drains the rest, so that the plugin
/// never blocks on a full pipe.
fn read_stdout(mut out: impl Read, tx: SyncSender<FirstLine>) {
    let mut line = Vec::new();
    let mut buf = [0u8; 4096];
    let mut sent = false;
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                if !sent {
                    let _ = tx.send(FirstLine::Failed(e.to_string()));
                }
                return;
            }
        };
        if sent {
            continue;
        }
        let chunk = &buf[..n];
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) if line.len() + i <= MAX_LINE => {
                line.extend_from_slice(&chunk[..i]);
                let _ = tx.send(FirstLine::Line(std::mem::take(&mut line)));
                sent = true;
            }
            None if line.len() + n <= MAX_LINE => line.extend_from_slice(chunk),
            _ => {
                let _ = tx.send(FirstLine::TooLong);
                sent = true;
            }
        }
    }
    if !sent {
        let _ = tx.send(if line.is_empty() {
            FirstLine::Eof
        } else {
            // A last line without a newline still counts.
            FirstLine::Line(line)
        });
    }
}

/// Keeps the last [`STDERR_TAIL`] bytes of the plugin's standard error (go-hclog lines).
fn read_stderr(mut err: impl Read, tail: &Mutex<Tail>) {
    let mut buf = [0u8; 4096];
    loop {
        match err.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if let Ok(mut t) = tail.lock() {
                    t.bytes.extend_from_slice(&buf[..n]);
                    if t.bytes.len() > STDERR_TAIL {
                        let cut = t.bytes.len() - STDERR_TAIL;
                        t.bytes.drain(..cut);
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    if let Ok(mut t) = tail.lock() {
        t.ended = true;
    }
}

fn describe_status(info: &libc::siginfo_t) -> String {
    // SAFETY: `info` was filled by waitid for an exited child, so si_status is set.
    let status = unsafe { info.si_status() };
    match info.si_code {
        libc::CLD_EXITED => format!("exited with status {status}"),
        libc::CLD_KILLED | libc::CLD_DUMPED => format!("was killed by signal {status}"),
        _ => "ended".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(input: &[u8]) -> FirstLine {
        let (tx, rx) = mpsc::sync_channel(1);
        read_stdout(input, tx);
        rx.recv().unwrap()
    }

    #[test]
    fn stdout_reader_bounds_the_first_line() {
        assert!(
            matches!(first(b"1|5|unix|/x|grpc|\nmore\n"), FirstLine::Line(l) if l == b"1|5|unix|/x|grpc|")
        );
        assert!(matches!(first(b"no newline"), FirstLine::Line(l) if l == b"no newline"));
        assert!(matches!(first(b""), FirstLine::Eof));
        assert!(matches!(
            first(&vec![b'x'; MAX_LINE + 10]),
            FirstLine::TooLong
        ));
    }

    #[test]
    fn stderr_reader_keeps_the_end() {
        let tail = Mutex::new(Tail::default());
        let input: Vec<u8> = (0..20_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        read_stderr(&input[..], &tail);
        let t = tail.lock().unwrap();
        assert!(t.ended);
        assert_eq!(t.bytes.len(), STDERR_TAIL);
        assert_eq!(&t.bytes[..], &input[input.len() - STDERR_TAIL..]);
    }
}
