//! Shared by the tests: where the real plugins are, and whether a process or directory is gone.

#![allow(dead_code)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The directory `tools/test-plugins.sh DIR` filled, from `TFSHOW_TEST_PLUGINS`; `None` (after
/// printing one line saying the test was skipped) when it is unset.
pub fn plugins(test: &str) -> Option<PathBuf> {
    match std::env::var_os("TFSHOW_TEST_PLUGINS") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            // Once per test binary, and straight to the stream: libtest would swallow
            // println! of a passing test.
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "tests with real plugins skipped ({test} and the others): TFSHOW_TEST_PLUGINS is not set (run tools/test-plugins.sh DIR and set it to DIR)"
                );
            });
            None
        }
    }
}

pub fn null_binary(dir: &Path) -> PathBuf {
    dir.join("null/terraform-provider-null_v2.1.2_x4")
}

pub fn framework_binary(dir: &Path) -> PathBuf {
    dir.join("tfshowtest/terraform-provider-tfshowtest")
}

/// The repository's `testdata/`.
pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// Whether process `pid` is gone: no such process, or a zombie nobody has reaped yet (a
/// zombie runs nothing and holds nothing).
pub fn process_gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .map(|(_, rest)| rest.trim_start().starts_with('Z'))
            .unwrap_or(false),
    }
}

/// Waits up to `timeout` for `pid` to be gone.
pub fn wait_gone(pid: u32, timeout: Duration) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        if process_gone(pid) {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Pids of live processes whose command line mentions `needle`.
pub fn processes_running(needle: &str) -> Vec<u32> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return out;
    };
    for e in entries.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        if let Ok(cmd) = std::fs::read(format!("/proc/{pid}/cmdline")) {
            if String::from_utf8_lossy(&cmd).contains(needle) && !process_gone(pid) {
                out.push(pid);
            }
        }
    }
    out
}

/// The oracle's Python provider, when tools/test-plugins.sh could install it.
pub fn oracle_binary(dir: &Path) -> Option<PathBuf> {
    let p = dir.join("oracle/terraform-provider-oracle_v0.1.0");
    if p.exists() {
        Some(p)
    } else {
        let _ = writeln!(
            std::io::stderr(),
            "the oracle provider is not in {}: its test is skipped",
            dir.display()
        );
        None
    }
}
