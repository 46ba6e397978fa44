//! `tfshow watch` with real signals and a real pseudo-terminal: the first Ctrl-C (SIGINT sent
//! to the process) lets the producer finish writing and shows its last messages, the second
//! quits; the live view is as wide as the terminal with `COLUMNS` unset and is redrawn at the
//! new width on SIGWINCH; a terminal on standard input is a usage error.
//!
//! Nothing here waits for time to pass: every step waits for tfshow's output to show that the
//! previous one was taken in (a generous deadline only turns a hang into a failure).

#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Only a hang guard: every wait ends as soon as the output it waits for appears.
const DEADLINE: Duration = Duration::from_secs(60);

const WAITING: &str = "waiting for Terraform to stop; Ctrl-C again to quit";

fn stream_lines() -> Vec<String> {
    let f = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios/create_basic/tf-1.15.5/apply-ui.jsonl");
    std::fs::read_to_string(f)
        .expect("stream")
        .lines()
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Everything read from `from`, as it arrives.
struct Output {
    chunks: Receiver<Vec<u8>>,
    text: String,
}

impl Output {
    fn new(mut from: impl Read + Send + 'static) -> Output {
        let (tx, chunks) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            // A pseudo-terminal reports EIO once its other side is closed.
            while let Ok(n) = from.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Output {
            chunks,
            text: String::new(),
        }
    }

    /// Reads until `done(text)`; panics at the deadline or at the end of the output.
    fn wait_for(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        let until = Instant::now() + DEADLINE;
        while !done(&self.text) {
            let left = until.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(c) => self.text.push_str(&String::from_utf8_lossy(&c)),
                Err(e) => panic!("waiting for {what}: {e:?}; output so far:\n{}", self.text),
            }
        }
    }

    /// Reads to the end.
    fn finish(&mut self) -> &str {
        while let Ok(c) = self.chunks.recv_timeout(DEADLINE) {
            self.text.push_str(&String::from_utf8_lossy(&c));
        }
        &self.text
    }
}

fn signal(child: &Child, sig: libc::c_int) {
    // SAFETY: kill with a pid of our own child and a valid signal number.
    let r = unsafe { libc::kill(child.id() as libc::pid_t, sig) };
    assert_eq!(r, 0, "kill");
}

/// Waits for `child` to exit (panics at the deadline).
fn exit_code(child: &mut Child) -> Option<i32> {
    let until = Instant::now() + DEADLINE;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code();
        }
        if Instant::now() > until {
            let _ = child.kill();
            panic!("tfshow watch did not exit");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn spawn_plain() -> (Child, Output, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(["watch", "--plain"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tfshow");
    let out = Output::new(child.stdout.take().expect("stdout"));
    let err = Output::new(child.stderr.take().expect("stderr"));
    (child, out, err)
}

#[test]
fn the_first_ctrl_c_lets_the_producer_finish_and_shows_its_last_messages() {
    let lines = stream_lines();
    let (first, rest) = lines.split_at(4);
    let (mut child, mut out, mut err) = spawn_plain();
    let mut producer = child.stdin.take().expect("stdin");
    for l in first {
        producer.write_all(l.as_bytes()).expect("write");
    }
    producer.flush().expect("flush");
    out.wait_for("the first messages", |t| {
        t.contains("oracle_thing.all_types: Creating...")
    });
    // Ctrl-C in a terminal reaches both programs; Terraform then stops gracefully and goes
    // on writing.
    signal(&child, libc::SIGINT);
    out.wait_for("the waiting note", |t| t.contains(WAITING));
    for l in rest {
        // The producer never meets a closed pipe (Rust ignores SIGPIPE: it would be EPIPE).
        producer
            .write_all(l.as_bytes())
            .expect("the producer writes after Ctrl-C");
    }
    drop(producer);
    let code = exit_code(&mut child);
    let out = out.finish();
    let err = err.finish();
    assert_eq!(code, Some(0), "{err}");
    let note = out.find(WAITING).expect("note");
    let last = out.find("Outputs: 1").expect("the producer's last message");
    assert!(note < last, "{out}");
    assert!(
        out.contains("Apply complete! Resources: 2 added, 0 changed, 0 destroyed."),
        "{out}"
    );
    assert!(
        out.ends_with("OK: the stream reports no errors.\n"),
        "{out}"
    );
}

#[test]
fn the_second_ctrl_c_quits_without_waiting_for_the_input() {
    let lines = stream_lines();
    let (mut child, mut out, mut err) = spawn_plain();
    let mut producer = child.stdin.take().expect("stdin");
    producer.write_all(lines[0].as_bytes()).expect("write");
    producer.flush().expect("flush");
    out.wait_for("the first message", |t| t.contains("Terraform 1.15.5"));
    signal(&child, libc::SIGINT);
    out.wait_for("the waiting note", |t| t.contains(WAITING));
    signal(&child, libc::SIGINT);
    // The producer still holds the pipe open: tfshow quits anyway.
    let code = exit_code(&mut child);
    drop(producer);
    assert_eq!(code, Some(130));
    assert!(
        err.finish().contains("interrupted before the stream ended"),
        "{}",
        err.text
    );
    let out = out.finish();
    assert!(!out.contains("OK: the stream"), "no report: {out}");
}

/// A pseudo-terminal of `columns` columns in raw mode: (controlling end, terminal end).
fn pty(columns: u16) -> (File, OwnedFd) {
    let (mut controller, mut terminal) = (0, 0);
    let size = libc::winsize {
        ws_row: 40,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors; the name and termios pointers may be null and
    // the size is a valid struct.
    let r = unsafe {
        libc::openpty(
            &mut controller,
            &mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
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

fn resize(controller: &File, columns: u16) {
    let size = libc::winsize {
        ws_row: 40,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCSWINSZ reads a winsize from a valid pointer; the descriptor is open.
    let r = unsafe { libc::ioctl(controller.as_raw_fd(), libc::TIOCSWINSZ, &size) };
    assert_eq!(r, 0, "TIOCSWINSZ");
}

/// The lines of the status blocks drawn in `out` (each ends with the erase to end of line),
/// colours taken out.
fn block_lines(out: &str) -> Vec<String> {
    out.split('\n')
        .filter(|l| l.ends_with("\x1b[K"))
        .map(|l| {
            let l = l.trim_end_matches("\x1b[K");
            // After an erase of the block, the line starts after it.
            let l = l.rsplit("\x1b[J").next().unwrap_or(l);
            let mut plain = String::new();
            let mut rest = l;
            while let Some(i) = rest.find('\x1b') {
                plain.push_str(&rest[..i]);
                rest = rest[i..].split_once('m').map_or("", |(_, r)| r);
            }
            plain.push_str(rest);
            plain
        })
        .collect()
}

#[test]
fn the_live_view_is_as_wide_as_the_terminal_and_redrawn_when_it_narrows() {
    let addr = format!("terraform_data.{}", "w".repeat(200));
    let start = format!(
        r#"{{"@level":"info","@message":"{addr}: Creating...","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","hook":{{"resource":{{"addr":"{addr}","module":"","resource":"{addr}","implied_provider":"terraform","resource_type":"terraform_data","resource_name":"w","resource_key":null}},"action":"create"}},"type":"apply_start"}}"#
    );
    let (controller, terminal) = pty(132);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .arg("watch")
        .env_remove("COLUMNS")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::from(terminal))
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tfshow");
    let reading = controller.try_clone().expect("controller");
    let mut out = Output::new(reading);
    let mut producer = child.stdin.take().expect("stdin");
    producer
        .write_all(format!("{}\n", start).as_bytes())
        .expect("write");
    producer.flush().expect("flush");
    // The resource in flight, cut to the terminal's width (less one column), not to 80.
    out.wait_for("a status block at 132 columns", |t| {
        block_lines(t)
            .iter()
            .any(|l| l.contains("wwww") && l.chars().count() == 131)
    });
    assert!(
        !out.text.contains("\x1b[?25l"),
        "the cursor is never hidden"
    );
    let before = out.text.len();
    resize(&controller, 60);
    // The terminal (not its controlling process here) would send SIGWINCH: send it.
    signal(&child, libc::SIGWINCH);
    // The block drawn at 132 columns takes 2 + 3 rows at 60: all of them are erased.
    out.wait_for("the erase of the wider block", |t| {
        t[before..].contains("\x1b[5A\r\x1b[J")
    });
    let at = before + out.text[before..].find("\x1b[5A\r\x1b[J").unwrap_or(0);
    out.wait_for("a status block at 60 columns", |t| {
        block_lines(&t[at..]).iter().any(|l| l.contains("wwww"))
    });
    let narrow = block_lines(&out.text[at..]);
    assert!(narrow.iter().all(|l| l.chars().count() < 60), "{narrow:#?}");
    // Two Ctrl-Cs: the second quits, and leaves no status block (nor half of one) behind.
    signal(&child, libc::SIGINT);
    out.wait_for("the waiting note", |t| t.contains(WAITING));
    signal(&child, libc::SIGINT);
    let code = exit_code(&mut child);
    drop(producer);
    assert_eq!(code, Some(130));
    drop(controller);
    let out = out.finish();
    let tail = &out[out.rfind(WAITING).unwrap_or(0)..];
    assert!(
        tail.ends_with("\r\x1b[J"),
        "the block is erased last: {tail:?}"
    );
}

#[test]
fn a_terminal_on_standard_input_gets_a_usage_hint() {
    let (_controller, terminal) = pty(80);
    let out = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .arg("watch")
        .stdin(Stdio::from(terminal))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run tfshow");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("nothing is piped in") && err.contains("terraform apply -json | tfshow watch"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// The live view of a failed apply with `NO_COLOR` set to `value`: its output.
fn live_with_no_color(value: &str) -> String {
    let stream = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/oracle/scenarios/apply_error/tf-1.15.5/apply-ui.jsonl"),
    )
    .expect("stream");
    let (controller, terminal) = pty(100);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .arg("watch")
        .env("NO_COLOR", value)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(terminal))
        .stderr(Stdio::null())
        .spawn()
        .expect("run tfshow");
    let mut out = Output::new(controller);
    let mut producer = child.stdin.take().expect("stdin");
    producer.write_all(&stream).expect("write");
    drop(producer);
    assert_eq!(exit_code(&mut child), Some(1));
    out.finish().to_owned()
}

#[test]
fn only_a_non_empty_no_color_turns_colours_off() {
    let coloured = live_with_no_color("");
    assert!(coloured.contains("\x1b[31m"), "{coloured:?}");
    let plain = live_with_no_color("1");
    assert!(!plain.contains("\x1b[31m"), "{plain:?}");
    assert!(
        plain.ends_with("FAILED: the stream reports 1 error.\n"),
        "{plain:?}"
    );
}
