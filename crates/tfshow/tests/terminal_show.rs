//! `tfshow show` on a terminal: Terraform prints control characters inside values raw (the
//! hostile-strings plan of Terraform 1.11.4 has a raw carriage return and `ESC [0m` in its
//! `plan.txt`); on a terminal tfshow shows every control, bidi and zero-width character from
//! the input visibly, keeps its own colours, and otherwise prints Terraform's text. On a pipe
//! it prints Terraform's bytes.

mod crafted;
mod support;

use crafted::{
    hostile_dir, hostile_plan_with_addresses, raw_keys, run, run_on_terminal, strip_sgr,
    unsafe_chars,
};

fn schemas() -> String {
    hostile_dir()
        .join("schemas.json")
        .to_str()
        .unwrap()
        .to_owned()
}

/// What `show` of the hostile plan must print on a terminal once its colours are taken out:
/// Terraform's `plan.txt` with unsafe characters shown visibly.
fn visible_plan_txt() -> String {
    let want = std::fs::read_to_string(hostile_dir().join("plan.txt")).unwrap();
    assert!(
        !unsafe_chars(&want).is_empty(),
        "plan.txt holds raw controls"
    );
    tfshow_escape::terminal::text(&want).into_owned()
}

#[test]
fn plans_on_a_terminal_show_input_visibly_in_colour() {
    let plan = hostile_dir().join("plan.tfplan");
    let (out, err, ok) =
        run_on_terminal(&["show", "--schemas", &schemas(), plan.to_str().unwrap()]);
    assert!(ok, "{err}");
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("\x1b[32m+\x1b[0m"), "no colours on a terminal");
    let text = strip_sgr(&out);
    assert_eq!(unsafe_chars(&text), []);
    assert!(text == visible_plan_txt(), "{text}");
}

#[test]
fn raw_addresses_on_a_terminal_are_shown_as_terraform_quotes_them() {
    let (plan, _) = hostile_plan_with_addresses(raw_keys);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("raw.tfplan");
    std::fs::write(&path, plan).unwrap();
    let path = path.to_str().unwrap();
    let schemas = schemas();
    for no_color in [false, true] {
        let mut args = vec!["show", "--schemas", &schemas, path];
        if no_color {
            args.push("--no-color");
        }
        let (out, err, ok) = run_on_terminal(&args);
        assert!(ok, "{err}");
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.contains('\x1b'), !no_color);
        assert!(strip_sgr(&out) == visible_plan_txt());
    }
}

#[test]
fn pipes_get_terraforms_bytes() {
    let plan = hostile_dir().join("plan.tfplan");
    let out = run(&["show", "--schemas", &schemas(), plan.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(out.stdout == std::fs::read(hostile_dir().join("plan.txt")).unwrap());
}

#[test]
fn states_on_a_terminal_show_input_visibly() {
    let state = hostile_dir().join("terraform.tfstate");
    let args = ["show", "--schemas", &schemas(), state.to_str().unwrap()];
    let piped = String::from_utf8(run(&args).stdout).unwrap();
    assert!(
        !unsafe_chars(&piped).is_empty(),
        "the state holds raw controls"
    );
    let (out, err, ok) = run_on_terminal(&args);
    assert!(ok, "{err}");
    let text = strip_sgr(&String::from_utf8(out).unwrap());
    assert_eq!(unsafe_chars(&text), []);
    assert_eq!(text, tfshow_escape::terminal::text(&piped));
}

/// `-o FILE` run from a terminal writes a file: no colours, and Terraform's bytes.
#[test]
fn dash_o_from_a_terminal_writes_terraforms_bytes() {
    let plan = hostile_dir().join("plan.tfplan");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("plan.txt");
    let (_, err, ok) = run_on_terminal(&[
        "show",
        "--schemas",
        &schemas(),
        plan.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(std::fs::read(&out).unwrap() == std::fs::read(hostile_dir().join("plan.txt")).unwrap());
}
