//! A guard process that removes a temporary directory if tfshow is stopped (Ctrl-C, a
//! signal) while the directory exists, as tfshow-plugin guards its socket directory.

use std::path::Path;
use std::process::{Command, Stdio};

/// The running guard.
pub(crate) struct DirGuard {
    child: std::process::Child,
}

/// `$1` is the directory: ignore the signals that stop a program, wait for the end of
/// standard input (we close it, or our process ended), then remove the directory if it is
/// still there, after a second for a plugin in it to die.
const GUARD_SCRIPT: &str =
    "trap '' INT TERM HUP; while read -r _; do :; done; [ -e \"$1\" ] || exit 0; sleep 1; rm -rf -- \"$1\"";

impl DirGuard {
    /// Starts the guard; `None` when no `/bin/sh` can be started.
    pub(crate) fn spawn(dir: &Path) -> Option<DirGuard> {
        use std::os::unix::process::CommandExt;
        let child = Command::new("/bin/sh")
            .arg("-c")
            .arg(GUARD_SCRIPT)
            .arg("tfshow-unpack-guard")
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

    /// The directory is gone: the guard sees the end of its input and exits.
    pub(crate) fn release(mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}
