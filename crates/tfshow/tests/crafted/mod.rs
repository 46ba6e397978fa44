//! Plans crafted from real ones, and runs of the binary on a pipe or on a terminal, for the
//! tests of what tfshow shows people (`crafted_addresses.rs`, `terminal_show.rs`,
//! `padding.rs`).
//!
//! A crafted plan is a real plan of the oracle whose `tfplan` protobuf has some fields
//! rewritten ([`rewrite_tfplan`]); everything else in it stays as Terraform wrote it.

#![allow(dead_code)] // each test file uses a different part

use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A folder of the oracle: `testdata/oracle/scenarios/SCENARIO/tf-VERSION`.
pub fn oracle_dir(scenario: &str, version: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios")
        .join(scenario)
        .join(format!("tf-{version}"))
}

/// The real Terraform 1.11.4 plan whose `for_each` keys and values are terminal escapes,
/// bidi controls, markdown and HTML.
pub fn hostile_dir() -> PathBuf {
    oracle_dir("hostile_strings", "1.11.4")
}

/// What to do with one length-delimited field of a protobuf message.
pub enum Edit {
    /// Keep its bytes.
    Keep,
    /// Read it as a message and edit its fields too.
    Descend,
    /// Put these bytes in its place.
    Replace(Vec<u8>),
    /// Leave the field out.
    Drop,
}

/// `plan` (a plan file) with its `tfplan` entry rewritten by `edit`, which is asked about
/// every length-delimited field it reaches, with the field numbers leading to it (`[3, 13]`
/// is `resource_changes[i].addr`). The other entries are copied as they are.
pub fn rewrite_tfplan(plan: &[u8], mut edit: impl FnMut(&[u32], &[u8]) -> Edit) -> Vec<u8> {
    let mut zin = zip::ZipArchive::new(Cursor::new(plan)).expect("plan zip");
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for i in 0..zin.len() {
        let mut entry = zin.by_index(i).expect("zip entry");
        let name = entry.name().expect("entry name").to_string();
        let mut data = Vec::new();
        entry.read_to_end(&mut data).expect("read entry");
        if name == "tfplan" {
            data = edit_message(&data, &mut Vec::new(), &mut edit);
        }
        w.start_file(name.as_str(), zip::write::SimpleFileOptions::default())
            .expect("start entry");
        w.write_all(&data).expect("write entry");
    }
    w.finish().expect("finish zip").into_inner()
}

fn read_varint(b: &[u8], i: &mut usize) -> u64 {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = b[*i];
        *i += 1;
        v |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            break;
        }
    }
    v
}

fn write_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn edit_message(
    msg: &[u8],
    path: &mut Vec<u32>,
    edit: &mut dyn FnMut(&[u32], &[u8]) -> Edit,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(msg.len());
    let mut i = 0;
    while i < msg.len() {
        let start = i;
        let key = read_varint(msg, &mut i);
        match key & 7 {
            0 => {
                read_varint(msg, &mut i);
                out.extend_from_slice(&msg[start..i]);
            }
            1 | 5 => {
                i += if key & 7 == 1 { 8 } else { 4 };
                out.extend_from_slice(&msg[start..i]);
            }
            2 => {
                let len = read_varint(msg, &mut i) as usize;
                let body = &msg[i..i + len];
                i += len;
                path.push((key >> 3) as u32);
                let new = match edit(path, body) {
                    Edit::Keep => body.to_vec(),
                    Edit::Descend => edit_message(body, path, edit),
                    Edit::Replace(b) => b,
                    Edit::Drop => {
                        path.pop();
                        continue;
                    }
                };
                path.pop();
                write_varint(&mut out, key);
                write_varint(&mut out, new.len() as u64);
                out.extend_from_slice(&new);
            }
            wire => panic!("wire type {wire} in tfplan"),
        }
    }
    out
}

/// `addr` with the `\uXXXX` and `\t` escapes of its keys written as the raw characters, as a
/// crafted plan may hold them (`\n` and `\r` stay escaped: raw, Terraform refuses them).
pub fn raw_keys(addr: &str) -> String {
    let mut out = String::new();
    let mut rest = addr;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let esc = &rest[i..];
        if let Some(hex) = esc.strip_prefix("\\u").and_then(|h| h.get(..4)) {
            let c = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32);
            out.push(c.expect("\\u escape"));
            rest = &esc[6..];
        } else if let Some(after) = esc.strip_prefix("\\t") {
            out.push('\t');
            rest = after;
        } else {
            out.push_str(&esc[..2]);
            rest = &esc[2..];
        }
    }
    out.push_str(rest);
    out
}

/// The hostile plan with `rewrite` applied to every address in it: those of resource changes
/// and drift (`addr`, `prev_run_addr`) and of relevant attributes. Returns the plan and how
/// many addresses changed.
pub fn hostile_plan_with_addresses(rewrite: impl Fn(&str) -> String) -> (Vec<u8>, usize) {
    let plan = std::fs::read(hostile_dir().join("plan.tfplan")).expect("hostile plan");
    let mut changed = 0;
    let crafted = rewrite_tfplan(&plan, |path, bytes| match path {
        // resource_changes, resource_drift, relevant_attributes
        [3] | [18] | [15] => Edit::Descend,
        // addr, prev_run_addr; a relevant attribute's resource
        [3 | 18, 13 | 14] | [15, 1] => {
            let addr = std::str::from_utf8(bytes).expect("address");
            let new = rewrite(addr);
            if new != addr {
                changed += 1;
            }
            Edit::Replace(new.into_bytes())
        }
        _ => Edit::Keep,
    });
    (crafted, changed)
}

/// Runs `tfshow ARGS` with standard output and error on pipes.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tfshow"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run tfshow")
}

/// Runs `tfshow ARGS` with standard output on a terminal (a pseudo-terminal in raw mode, so
/// that the bytes read are those written), with colours allowed and 78 columns. Returns what
/// it wrote there, its standard error, and whether it succeeded.
pub fn run_on_terminal(args: &[&str]) -> (Vec<u8>, String, bool) {
    let (mut master, slave) = crate::support::pty();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env("COLUMNS", "78")
        .stdin(Stdio::null())
        .stdout(Stdio::from(slave))
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run tfshow");
    // The child holds the terminal's other end now; reading ends when it exits.
    drop(cmd);
    let mut stderr = child.stderr.take().expect("stderr");
    let err_reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = stderr.read_to_end(&mut b);
        b
    });
    let mut out = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match master.read(&mut buf) {
            Ok(0) | Err(_) => break, // EIO once the child has closed the terminal
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    let status = child.wait().expect("wait");
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    (out, stderr, status.success())
}

/// `s` without the SGR sequences tfshow's colours are made of (`ESC [ digits m`).
pub fn strip_sgr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("\x1b[") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if (1..=3).contains(&digits) && after.as_bytes().get(digits) == Some(&b'm') {
            rest = &after[digits + 1..];
        } else {
            // Not a colour: kept, so that the caller sees the raw ESC.
            out.push('\x1b');
            rest = &rest[i + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// The characters of `s` that must not reach a terminal raw: every one
/// [`tfshow_escape::terminal::is_unsafe`] names except newline and tab.
pub fn unsafe_chars(s: &str) -> Vec<char> {
    s.chars()
        .filter(|&c| c != '\n' && c != '\t' && tfshow_escape::terminal::is_unsafe(c))
        .collect()
}
