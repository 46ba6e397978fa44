//! The command line's own surface: `tfshow FILE`, `tfshow limits` / `help limits`, the
//! examples of every `--help`, shell completions, the man page, and the NO_COLOR convention.

mod support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/basic")
        .join(name)
        .to_str()
        .unwrap()
        .to_owned()
}

fn tfshow(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.args(args).stdin(Stdio::null());
    for (k, v) in support::NO_SCHEMA_SOURCES {
        cmd.env(k, v);
    }
    cmd
}

fn run(args: &[&str]) -> Output {
    tfshow(args).output().expect("run tfshow")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Every subcommand, as `tfshow help` lists them (`help` aside).
const COMMANDS: [&str; 9] = [
    "show",
    "ui",
    "watch",
    "summary",
    "diff",
    "schemas",
    "limits",
    "completions",
    "man",
];

#[test]
fn a_file_alone_is_shown() {
    let (plan, schemas) = (example("plan.tfplan"), example("schemas.json"));
    let show = run(&["show", "--schemas", &schemas, &plan]);
    assert!(show.status.success(), "{}", stderr(&show));
    assert!(stdout(&show).contains("Terraform will perform the following actions"));
    for args in [
        vec![plan.as_str(), "--schemas", &schemas],
        vec!["--schemas", &schemas, &plan],
        vec![plan.as_str(), "--no-plugins", "--schemas", &schemas],
    ] {
        let alone = run(&args);
        assert!(alone.status.success(), "{args:?}: {}", stderr(&alone));
        assert_eq!(alone.stdout, show.stdout, "{args:?}");
    }
    let json = run(&["--json", "--schemas", &schemas, &plan]);
    let show_json = run(&["show", "--json", "--schemas", &schemas, &plan]);
    assert!(json.status.success(), "{}", stderr(&json));
    assert_eq!(json.stdout, show_json.stdout);
    assert!(stdout(&json).starts_with("{\"format_version\""));
}

#[test]
fn a_file_named_like_a_command_is_shown_with_show() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(example("plan.tfplan"), dir.path().join("summary")).unwrap();
    let schemas = example("schemas.json");
    let want = run(&["show", "--schemas", &schemas, &example("plan.tfplan")]);
    let shown = tfshow(&["show", "--schemas", &schemas, "summary"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(shown.status.success(), "{}", stderr(&shown));
    assert_eq!(shown.stdout, want.stdout);
    // Alone, the word is the command, which wants its plan file.
    let bare = tfshow(&["summary"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(bare.status.code(), Some(2));
    assert!(stderr(&bare).contains("PLANFILE"), "{}", stderr(&bare));
}

#[test]
fn misspelt_commands_get_a_suggestion_and_missing_files_an_error() {
    let typo = run(&["summry", "plan.tfplan"]);
    assert_eq!(typo.status.code(), Some(2));
    assert!(stderr(&typo).contains("'summary'"), "{}", stderr(&typo));
    let missing = run(&["no-such.tfplan"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).starts_with("tfshow: no-such.tfplan: "),
        "{}",
        stderr(&missing)
    );
    let unknown = run(&["--no-such-flag", &example("plan.tfplan")]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("'--no-such-flag'"));
}

#[test]
fn limits_are_listed_by_limits_and_help_limits() {
    for args in [&["limits"][..], &["help", "limits"]] {
        let out = run(args);
        assert!(out.status.success(), "{args:?}");
        let text = stdout(&out);
        for limit in tfshow_limits::Limit::ALL {
            assert!(
                text.contains(&format!("  {}=", limit.name())),
                "{args:?} lacks {}",
                limit.name()
            );
        }
    }
}

#[test]
fn every_help_has_examples_and_points_to_the_limits_without_listing_them() {
    let mut helps = vec![vec!["--help"]];
    helps.extend(COMMANDS.iter().map(|c| vec![*c, "--help"]));
    helps.extend(COMMANDS.iter().map(|c| vec![*c, "-h"]));
    for args in helps {
        let out = run(&args);
        assert!(out.status.success(), "{args:?}");
        let text = stdout(&out);
        assert!(text.contains("\nExamples:\n  "), "{args:?}: {text}");
        assert!(text.contains("`tfshow limits`"), "{args:?}: {text}");
        if args[0] != "limits" {
            assert!(!text.contains("total-size="), "{args:?}: {text}");
        }
    }
}

#[test]
fn show_help() {
    insta::assert_snapshot!(stdout(&run(&["show", "--help"])));
}

#[test]
fn bash_completions_name_every_command() {
    let out = run(&["completions", "bash"]);
    assert!(out.status.success());
    let script = stdout(&out);
    assert!(script.contains("complete -F _tfshow"), "{script}");
    for c in COMMANDS {
        assert!(script.contains(&format!("tfshow,{c})")), "{c}: {script}");
    }
    let bad = run(&["completions", "cmd.exe"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_man_page_renders() {
    let out = run(&["man"]);
    assert!(out.status.success());
    let page = stdout(&out);
    assert!(page.contains(".TH tfshow 1"), "{page}");
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("tfshow.1");
    std::fs::write(&path, &out.stdout).unwrap();
    // groff is how man renders a page; where it is installed, the page must render cleanly.
    let Ok(rendered) = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .arg(&path)
        .output()
    else {
        eprintln!("groff is not installed: the page is checked as text only");
        for c in COMMANDS {
            assert!(page.contains(&format!("tfshow\\-{c}(1)")), "{c}: {page}");
        }
        return;
    };
    assert!(rendered.status.success());
    assert_eq!(String::from_utf8_lossy(&rendered.stderr), "");
    let text = Command::new("groff")
        .args(["-man", "-Tutf8", "-P-cbou"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("NAME"), "{text}");
    for c in COMMANDS {
        assert!(text.contains(&format!("tfshow-{c}(1)")), "{c}: {text}");
    }
}

/// `tfshow ARGS` with standard output on a terminal and NO_COLOR as given (unset: None).
fn on_terminal(args: &[&str], no_color: Option<&str>) -> String {
    let (mut terminal, end) = support::pty();
    let mut cmd = tfshow(args);
    cmd.env("COLUMNS", "78")
        .stdout(Stdio::from(end))
        .stderr(Stdio::null());
    match no_color {
        Some(v) => cmd.env("NO_COLOR", v),
        None => cmd.env_remove("NO_COLOR"),
    };
    let mut child = cmd.spawn().unwrap();
    drop(cmd); // the child holds the terminal's end now
    let mut out = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match terminal.read(&mut buf) {
            Ok(0) | Err(_) => break, // EIO once the child has closed the terminal
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    assert!(child.wait().unwrap().success());
    String::from_utf8(out).unwrap()
}

#[test]
fn no_color_set_and_not_empty_turns_colours_off() {
    let (plan, schemas) = (example("plan.tfplan"), example("schemas.json"));
    let args = ["show", "--schemas", &schemas, &plan];
    let coloured = on_terminal(&args, None);
    assert!(coloured.contains("\x1b["), "no colours on a terminal");
    assert_eq!(on_terminal(&args, Some("")), coloured, "empty NO_COLOR");
    for value in ["1", "0", "false"] {
        let plain = on_terminal(&args, Some(value));
        assert!(!plain.contains('\x1b'), "NO_COLOR={value}: {plain}");
        assert!(plain.contains("Terraform will perform the following actions"));
    }
}
