//! `tfshow watch` on hostile streams, in plain mode and in the live view (standard output on a
//! pseudo-terminal): nothing from the stream reaches the terminal raw (escape sequences, C1
//! controls, bidi and zero-width characters, carriage returns, in every field and in lines
//! that are not JSON), the verdict is the last line and cannot be faked, and a big stream (long
//! lines, one giant diagnostic, many diagnostics and resources) is watched in bounded time and
//! memory with a report of bounded size.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

mod support;

/// A run must end within this.
const TIME_LIMIT: Duration = Duration::from_secs(60);
/// A run's peak resident memory must stay below this.
const MEMORY_LIMIT_KIB: i64 = 1 << 20;
/// The address space a run may have at all (a runaway allocation fails instead of swapping).
const ADDRESS_SPACE: u64 = 6 << 30;

fn scenario(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios/hostile_strings/tf-1.11.4")
        .join(file)
}

/// What a run of `tfshow watch` did: its output as text.
struct Watched {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// Peak resident memory, in KiB.
    max_rss_kib: i64,
    elapsed: Duration,
}

/// Runs `tfshow watch ARGS` with `stdin`; with `terminal`, standard output is a
/// pseudo-terminal (the live view) and colours are on. Capped (see `support::run_capped`).
fn watch(args: &[&str], stdin: Vec<u8>, terminal: bool) -> Watched {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.arg("watch")
        .args(args)
        .env("COLUMNS", "100")
        .env_remove("NO_COLOR");
    let controller = terminal.then(|| {
        let (controller, t) = support::pty();
        cmd.stdout(Stdio::from(t));
        controller
    });
    let r = support::run_capped(cmd, stdin, controller, TIME_LIMIT, ADDRESS_SPACE);
    assert!(
        r.signal.is_none(),
        "tfshow watch {args:?} was killed by signal {:?}; stderr: {}",
        r.signal,
        r.stderr
    );
    Watched {
        code: r.code,
        stdout: String::from_utf8(r.stdout).expect("stdout is UTF-8"),
        stderr: r.stderr,
        max_rss_kib: r.max_rss_kib,
        elapsed: r.elapsed,
    }
}

/// Characters that must never reach a terminal from input (written out here rather than
/// taken from `tfshow_escape`, so that a gap there shows up here): C0 and C1 controls, DEL,
/// bidi controls, zero-width and invisible characters, line and paragraph separators.
fn unsafe_char(c: char) -> bool {
    matches!(c,
        '\0'..='\x1f' | '\x7f'..='\u{9f}'
        | '\u{ad}' | '\u{61c}' | '\u{180e}'
        | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}'
        | '\u{feff}')
}

/// The view's own escapes: colours (SGR with the codes it uses), and in the live view the
/// status block's erase (`ESC[nA` `CR` `ESC[J`) and end-of-line erase (`ESC[K`).
fn strip_own(s: &str, live: bool) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    'outer: while let Some(i) = rest.find('\x1b') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let mut own: Vec<String> = ["0", "1", "2", "4", "31", "32", "33"]
            .iter()
            .map(|c| format!("\x1b[{c}m"))
            .collect();
        if live {
            own.push("\x1b[K".to_owned());
            let digits = tail[2..].bytes().take_while(u8::is_ascii_digit).count();
            if tail.starts_with("\x1b[") && digits > 0 {
                own.push(format!("{}A\r\x1b[J", &tail[..2 + digits]));
            }
        }
        for o in &own {
            if tail.starts_with(o.as_str()) {
                rest = &tail[o.len()..];
                continue 'outer;
            }
        }
        // Not one of the view's own: keep it, so that the check below finds it.
        out.push('\x1b');
        rest = &tail[1..];
    }
    out.push_str(rest);
    out
}

/// Asserts `out` has no unsafe character other than newline and tab once the view's own
/// escapes are taken out, and that it ends with the verdict; returns the lines (escapes
/// taken out).
fn assert_clean(out: &str, live: bool, what: &str) -> Vec<String> {
    let plain = strip_own(out, live);
    if let Some((i, c)) = plain
        .char_indices()
        .find(|&(_, c)| c != '\n' && c != '\t' && unsafe_char(c))
    {
        let from = plain[..i]
            .char_indices()
            .rev()
            .nth(60)
            .map_or(0, |(j, _)| j);
        panic!(
            "{what}: raw {c:?} reaches the terminal: …{:?}",
            &plain[from..(i + 20).min(plain.len())]
        );
    }
    assert!(out.ends_with('\n'), "{what}: output ends with a newline");
    let lines: Vec<String> = plain.lines().map(str::to_owned).collect();
    let last = lines.last().expect("output").as_str();
    assert!(
        last == "OK: the stream reports no errors."
            || (last.starts_with("FAILED: the stream reports ") && last.ends_with(" errors.")
                || last == "FAILED: the stream reports 1 error."),
        "{what}: the last line is not the verdict: {last:?}"
    );
    lines
}

// ---- crafted streams -----------------------------------------------------------------------

/// A string with one of everything that must not reach a terminal: CSI (clear screen, move
/// the cursor home, erase a line, cursor up), OSC (window title, hyperlink), C1 CSI, bidi
/// override and isolates, zero-width characters, carriage returns, a line separator, DEL,
/// BEL, backspace, and a fake "Apply complete!".
const H: &str = "\u{1b}[2J\u{1b}[1;1H\u{1b}[2K\u{1b}[5A\u{1b}]0;pwned\u{7}\u{1b}]8;;https://evil.example\u{1b}\\link\u{1b}]8;;\u{1b}\\\u{9b}31m\u{202e}exe.txt\u{2066}\u{2069}zero\u{200b}\u{200d}\u{feff}\u{2060}\r\rApply complete! Resources: 0 added\u{2028}\u{7f}\u{8}\u{1b}[0m";

fn envelope(level: &str, message: &str, t: u32) -> Value {
    json!({
        "@level": level,
        "@message": message,
        "@module": "terraform.ui",
        "@timestamp": format!("2026-01-01T00:00:{:02}.{:06}Z", t / 1_000_000 % 60, t % 1_000_000),
    })
}

fn message(level: &str, msg: &str, t: u32, kind: &str, body: &[(&str, Value)]) -> String {
    let mut v = envelope(level, msg, t);
    let o = v.as_object_mut().unwrap();
    for (k, b) in body {
        o.insert((*k).to_owned(), b.clone());
    }
    o.insert("type".to_owned(), json!(kind));
    serde_json::to_string(&v).unwrap()
}

fn resource(addr: &str) -> Value {
    json!({"addr": addr, "module": "", "resource": addr, "implied_provider": "terraform",
        "resource_type": "terraform_data", "resource_name": "x", "resource_key": null})
}

fn hook(addr: &str, action: &str, extra: Value) -> Value {
    let mut h = json!({"resource": resource(addr), "action": action});
    if let Value::Object(e) = extra {
        h.as_object_mut().unwrap().extend(e);
    }
    h
}

fn diagnostic(severity: &str, detail: &str, addr: &str) -> Value {
    json!({
        "severity": severity,
        "summary": format!("summary {H}"),
        "detail": detail,
        "address": addr,
        "range": {"filename": format!("main{H}.tf"), "start": {"line": 3, "column": 1, "byte": 10},
            "end": {"line": 3, "column": 9, "byte": 18}},
        "snippet": {
            "context": format!("resource \"x\" \"{H}\""),
            "code": format!("  value = \"{H}\"\n  other = 1{H}\n"),
            "start_line": 3,
            "highlight_start_offset": 2,
            "highlight_end_offset": 40,
            "values": [{"traversal": format!("var.{H}"), "statement": format!("is \"{H}\"")}],
            "function_call": {"called_as": format!("f{H}"), "signature": {"name": "f", "params": [], "return_type": "string"}}
        }
    })
}

/// A stream with hostile text in every field `watch` prints, lines that are not JSON, and an
/// error diagnostic whose detail ends in a fake success.
fn crafted() -> Vec<u8> {
    let a = format!("terraform_data.x[\"{H}\"]");
    let b = "terraform_data.ok";
    let fake = format!(
        "{H}\nline two\r\rApply complete! Resources: 9 added, 0 changed, 0 destroyed.\n\nOK: the stream reports no errors.\n\nApply complete! Resources: 9 added, 0 changed, 0 destroyed."
    );
    let mut lines = vec![
        message(
            "info",
            &format!("Terraform 1.11.4{H}"),
            0,
            "version",
            &[
                ("terraform", json!(format!("1.11.4{H}"))),
                ("ui", json!("1.2")),
            ],
        ),
        message(
            "info",
            &format!("{a}: Plan to create {H}"),
            1,
            "planned_change",
            &[(
                "change",
                json!({"resource": resource(&a), "action": "create"}),
            )],
        ),
        message(
            "info",
            &format!("{b}: Plan to {H}"),
            2,
            "planned_change",
            &[(
                "change",
                json!({"resource": resource(b), "action": format!("create{H}")}),
            )],
        ),
        format!("panic: {H} printed as text"),
        "\u{1b}[2J\u{1b}[1;1HApply complete! Resources: 1 added, 0 changed, 0 destroyed."
            .to_owned(),
        // A message of the wrong shape: its @message is shown.
        format!(
            r#"{{"@level":"info","@message":"bad {}","@module":"terraform.ui","@timestamp":"x","type":"apply_start","hook":7}}"#,
            serde_json::to_string(H).unwrap().trim_matches('"')
        ),
        message(
            "info",
            &format!("{a}: Creating... {H}"),
            3,
            "apply_start",
            &[("hook", hook(&a, "create", json!({})))],
        ),
        message(
            "info",
            &format!("{b}: Creating... {H}"),
            3,
            "apply_start",
            &[("hook", hook(b, &format!("create{H}"), json!({})))],
        ),
        message(
            "info",
            &format!("{a}: Still creating... {H}"),
            4,
            "apply_progress",
            &[("hook", hook(&a, "create", json!({"elapsed_seconds": 10})))],
        ),
        message(
            "info",
            &format!("{b}: Creation complete after 1s [id={H}]"),
            5,
            "apply_complete",
            &[(
                "hook",
                hook(
                    b,
                    &format!("create{H}"),
                    json!({"id_key": "id", "id_value": H, "elapsed_seconds": 1}),
                ),
            )],
        ),
        message(
            "info",
            &format!("{a}: Provisioning with '{H}'..."),
            6,
            "provision_errored",
            &[("hook", json!({"resource": resource(&a), "provisioner": H}))],
        ),
        message(
            "info",
            &format!("{a}: Creation errored after 2s {H}"),
            7,
            "apply_errored",
            &[("hook", hook(&a, "create", json!({"elapsed_seconds": 2})))],
        ),
        message(
            "warn",
            &format!("Warning: {H}"),
            8,
            "diagnostic",
            &[(
                "diagnostic",
                diagnostic("warning", &format!("warning detail {H}"), &a),
            )],
        ),
        message(
            "error",
            &format!("Error: {H}"),
            9,
            "diagnostic",
            &[("diagnostic", diagnostic("error", &fake, &a))],
        ),
        message("error", &format!("log line {H}"), 10, "log", &[]),
        message(
            "info",
            &format!("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.{H}"),
            11,
            "change_summary",
            &[(
                "changes",
                json!({"add": 1, "change": 0, "import": 0, "remove": 0, "operation": "apply"}),
            )],
        ),
        message(
            "info",
            &format!("Outputs: 2{H}"),
            12,
            "outputs",
            &[(
                "outputs",
                json!({
                    H: {"sensitive": false, "type": "string", "value": format!("v{H}")},
                    format!("secret{H}"): {"sensitive": true, "type": "string", "value": "hunter2"},
                }),
            )],
        ),
        // Terraform's crash banner, as text, with escapes.
        format!("!!!!!!! TERRAFORM CRASH !!!!!!!{H}"),
    ];
    lines.push(String::new());
    let mut bytes = lines.join("\n").into_bytes();
    // A line that is not UTF-8, with an escape in it.
    bytes.extend_from_slice(b"\xff\xfe \x1b[2J not utf-8 \x9b31m\n");
    bytes
}

#[test]
fn the_oracles_hostile_strings_streams_stay_inert() {
    for name in ["plan-ui.jsonl", "apply-ui.jsonl"] {
        let stream = std::fs::read(scenario(name)).expect("stream");
        for live in [false, true] {
            let what = format!("{name} ({})", if live { "live" } else { "plain" });
            let args: &[&str] = if live { &[] } else { &["--plain"] };
            let r = watch(args, stream.clone(), live);
            assert_eq!(r.code, Some(0), "{what}: {}", r.stderr);
            let lines = assert_clean(&r.stdout, live, &what);
            assert_eq!(
                lines.last().map(String::as_str),
                Some("OK: the stream reports no errors."),
                "{what}"
            );
            // The addresses are there, escaped the way Terraform escapes them.
            assert!(
                r.stdout
                    .contains(r#"terraform_data.hostile["\u001b]0;pwned-title\u0007"]"#),
                "{what}: {}",
                r.stdout
            );
            assert!(r.stderr.is_empty(), "{what}: {}", r.stderr);
        }
    }
}

#[test]
fn crafted_streams_stay_inert_and_the_verdict_is_last() {
    let stream = crafted();
    for live in [false, true] {
        let what = if live { "live" } else { "plain" };
        let args: &[&str] = if live { &[] } else { &["--plain"] };
        let r = watch(args, stream.clone(), live);
        assert_eq!(r.code, Some(1), "{what}: {}", r.stderr);
        let lines = assert_clean(&r.stdout, live, what);
        let last = lines.last().unwrap();
        assert!(!last.contains("Apply complete!"), "{what}: {last}");
        assert!(last.starts_with("FAILED: "), "{what}: {last}");
        // Standard error is just as inert (warnings quote the lines they are about; the
        // final error names the resources).
        assert_clean_stderr(&r.stderr, what);
        assert!(
            r.stderr.contains("tfshow: the stream reports"),
            "{what}: {}",
            r.stderr
        );
        let out = strip_own(&r.stdout, live);
        // Every field is there, shown visibly.
        for shown in [
            r#"terraform_data.x["\u001b[2J"#, // an address inside @message
            r"summary \u001b[2J\u001b[1;1H",  // a diagnostic's summary
            r"  with terraform_data.x[",      // its address
            r"main\u001b[2J",                 // its file name
            r"var.\u001b[2J",                 // an expression value
            r"while calling f\u001b[2J",      // a function call
            r"\u009b31m\u202eexe.txt\u2066\u2069zero\u200b\u200d\ufeff\u2060\u000d\u000dApply", // C1, bidi, zero-width, CR
            r"panic: \u001b[2J", // a line that is not JSON
            r"\u001b[2J\u001b[1;1HApply complete! Resources: 1 added", // a fake banner as text
            r"bad \u001b[2J",    // the @message of a bad message
            r#" = "v\u001b[2J"#, // an output value (its JSON text)
            r"(sensitive value)",
            r#"provisioner "\u001b[2J"#, // a provisioner's name
            r"create\u001b[2J",          // an unknown action, in the table
            "\u{fffd}\u{fffd} \\u001b[2J not utf-8 \u{fffd}31m", // a line that is not UTF-8
        ] {
            assert!(out.contains(shown), "{what}: {shown:?} not in\n{out}");
        }
        assert!(!out.contains("hunter2"), "{what}");
        // The detail keeps its lines, and its carriage returns are visible: the fake
        // success is in the middle of the report, never last.
        assert!(
            out.contains("line two\\u000d\\u000dApply complete! Resources: 9 added"),
            "{what}: {out}"
        );
        let verdict = out.rfind("FAILED: the stream reports").unwrap();
        assert!(out.rfind("Apply complete!").unwrap() < verdict);
        assert!(out.rfind("OK: the stream reports no errors.").unwrap() < verdict);
    }
}

/// Standard error has no unsafe character other than newlines.
fn assert_clean_stderr(err: &str, what: &str) {
    if let Some(c) = err.chars().find(|&c| c != '\n' && unsafe_char(c)) {
        panic!("{what}: raw {c:?} on standard error: {err}");
    }
}

#[test]
fn colours_are_the_views_own_and_no_color_turns_them_off() {
    let stream = crafted();
    let r = watch(&[], stream.clone(), true);
    assert!(r.stdout.contains("\u{1b}[31m"), "colours on a terminal");
    let out = watch_no_color(stream);
    assert_clean(&out, true, "NO_COLOR");
    assert!(
        !["\u{1b}[0m", "\u{1b}[1m", "\u{1b}[2m", "\u{1b}[31m"]
            .iter()
            .any(|sgr| out.contains(sgr)),
        "no colour with NO_COLOR"
    );
}

/// The live view with `NO_COLOR` set: standard output.
fn watch_no_color(stream: Vec<u8>) -> String {
    let (controller, t) = support::pty();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.args(["watch", "-"])
        .env("NO_COLOR", "1")
        .stdout(Stdio::from(t));
    let r = support::run_capped(cmd, stream, Some(controller), TIME_LIMIT, ADDRESS_SPACE);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    String::from_utf8(r.stdout).expect("stdout is UTF-8")
}

// ---- a big stream --------------------------------------------------------------------------

/// A generated stream of `mib` MiB or so: many resources, many diagnostics with long hostile
/// fields, one giant diagnostic, lines longer than the line limit, lines that are not JSON.
fn big_stream(mib: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(mib << 20);
    let mut t = 0u32;
    let push = |out: &mut Vec<u8>, line: String| {
        out.extend_from_slice(line.as_bytes());
        out.push(b'\n');
    };
    // One giant diagnostic: 1 MiB of detail (under 2 MiB as JSON), lines of carriage
    // returns and escapes.
    let giant = format!("{H}\n").repeat((1 << 20) / (H.len() + 1));
    push(
        &mut out,
        message(
            "error",
            "Error: giant",
            0,
            "diagnostic",
            &[(
                "diagnostic",
                diagnostic("error", &giant, "terraform_data.giant"),
            )],
        ),
    );
    // Lines over the limit (skipped, never held): 2 × 3 MiB with --limit line-length=2MiB.
    for _ in 0..2 {
        let mut line = vec![b'y'; 3 << 20];
        line.push(b'\n');
        out.extend_from_slice(&line);
    }
    let long = "k".repeat(64 << 10);
    let target = mib << 20;
    let mut i = 0u64;
    while out.len() < target {
        t += 1;
        match i % 50 {
            // A diagnostic with a 64 KiB address, summary and detail.
            0 => push(
                &mut out,
                message(
                    "error",
                    &format!("Error: {H}{i}"),
                    t,
                    "diagnostic",
                    &[(
                        "diagnostic",
                        json!({"severity": "error", "summary": format!("{H}{long}"),
                        "detail": format!("{long}{H}"), "address": format!("terraform_data.d[\"{i}{long}\"]")}),
                    )],
                ),
            ),
            1 => push(&mut out, format!("not json {H} {i}")),
            _ => {
                let a = format!("terraform_data.r[{i}]");
                push(
                    &mut out,
                    message(
                        "info",
                        &format!("{a}: Creating..."),
                        t,
                        "apply_start",
                        &[("hook", hook(&a, "create", json!({})))],
                    ),
                );
                push(
                    &mut out,
                    message(
                        "info",
                        &format!("{a}: Creation complete after 1s"),
                        t,
                        "apply_complete",
                        &[("hook", hook(&a, "create", json!({"elapsed_seconds": 1})))],
                    ),
                );
            }
        }
        i += 1;
    }
    push(
        &mut out,
        message(
            "info",
            "Apply complete! Resources: 1 added, 0 changed, 0 destroyed.",
            t + 1,
            "change_summary",
            &[(
                "changes",
                json!({"add": 1, "change": 0, "import": 0, "remove": 0, "operation": "apply"}),
            )],
        ),
    );
    out
}

#[test]
fn a_big_stream_is_watched_in_bounded_time_and_memory() {
    let stream = big_stream(32);
    let size = stream.len();
    for live in [false, true] {
        let what = if live { "live" } else { "plain" };
        let mut args = vec!["--limit", "line-length=2MiB"];
        if !live {
            args.push("--plain");
        }
        let r = watch(&args, stream.clone(), live);
        if std::env::var_os("WATCH_STATS").is_some() {
            eprintln!(
                "{what}: {size} bytes in {:?}, peak {} MiB, {} bytes out",
                r.elapsed,
                r.max_rss_kib >> 10,
                r.stdout.len()
            );
        }
        assert_eq!(r.code, Some(1), "{what}: {}", r.stderr);
        assert!(r.elapsed < TIME_LIMIT, "{what}: took {:?}", r.elapsed);
        assert!(
            r.max_rss_kib < MEMORY_LIMIT_KIB,
            "{what}: peak memory {} MiB",
            r.max_rss_kib >> 10
        );
        let lines = assert_clean(&r.stdout, live, what);
        assert_clean_stderr(&r.stderr, what);
        // The report is bounded: the event lines (each cut) plus a report of bounded size.
        let report_at = lines
            .iter()
            .rposition(|l| l == "Resources:")
            .expect("a report");
        let report: usize = lines[report_at..].iter().map(|l| l.len() + 1).sum();
        assert!(report < 2 << 20, "{what}: the report is {report} bytes");
        let report = lines[report_at..].join("\n");
        for said in [
            "more resources completed",
            "more diagnostics not shown",
            "… (the rest of the detail is not shown)",
            "more errored resources",
            "lines could not be read as messages",
        ] {
            assert!(report.contains(said), "{what}: {said:?} missing");
        }
        // Standard error: the first warnings, then a count.
        assert!(
            r.stderr.lines().count() < 110,
            "{what}: {} lines on standard error",
            r.stderr.lines().count()
        );
        assert!(r
            .stderr
            .contains("line 2: line is 3145728 bytes long, skipped"));
        assert!(r
            .stderr
            .contains("more lines could not be read as messages"));
    }
}
