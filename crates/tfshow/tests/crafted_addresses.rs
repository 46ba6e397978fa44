//! Addresses with raw control, bidi and zero-width characters in their keys, end to end.
//!
//! Terraform writes instance keys re-quoted in a plan (`["\u001b]0;…"]`); a crafted plan can
//! hold them raw instead. The crafted plans here are the real hostile-strings plan of
//! Terraform 1.11.4 with every address rewritten so. Terraform 1.11.4 reads each address,
//! re-quotes it, and prints exactly the bytes of the original `plan.json` and `plan.txt` for
//! the crafted plan (checked by running `terraform show -json` and `terraform show -no-color`
//! on it); it refuses raw line breaks in a key ("Invalid multi-line string").

mod crafted;
mod support;

use crafted::{
    hostile_dir, hostile_plan_with_addresses, raw_keys, rewrite_tfplan, run, unsafe_chars, Edit,
};

/// The hostile plan with raw characters in its addresses, written to a temporary file.
fn crafted_plan(dir: &tempfile::TempDir) -> String {
    let (plan, changed) = hostile_plan_with_addresses(raw_keys);
    assert!(changed >= 20, "only {changed} addresses rewritten");
    let path = dir.path().join("raw.tfplan");
    std::fs::write(&path, plan).unwrap();
    path.to_str().unwrap().to_owned()
}

fn schemas() -> String {
    hostile_dir()
        .join("schemas.json")
        .to_str()
        .unwrap()
        .to_owned()
}

#[test]
fn json_and_text_are_terraforms_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let plan = crafted_plan(&dir);
    let json = run(&["show", "--json", "--schemas", &schemas(), &plan]);
    assert!(
        json.status.success(),
        "{}",
        String::from_utf8_lossy(&json.stderr)
    );
    let want = std::fs::read(hostile_dir().join("plan.json")).unwrap();
    assert!(json.stdout == want, "show --json differs from Terraform's");

    let text = run(&["show", "--schemas", &schemas(), &plan]);
    assert!(
        text.status.success(),
        "{}",
        String::from_utf8_lossy(&text.stderr)
    );
    let want = std::fs::read(hostile_dir().join("plan.txt")).unwrap();
    assert!(text.stdout == want, "show differs from Terraform's");
}

#[test]
fn every_view_shows_the_requoted_address() {
    let dir = tempfile::tempdir().unwrap();
    let plan = crafted_plan(&dir);
    let schemas = schemas();
    // The same plan without the change of one hostile instance, for `diff` to name it.
    let (crafted, _) = hostile_plan_with_addresses(raw_keys);
    let mut dropped = 0;
    let fewer = rewrite_tfplan(&crafted, |path, bytes| {
        if path == [3] && String::from_utf8_lossy(bytes).contains("hostile[\"safe\u{202e}") {
            dropped += 1;
            Edit::Drop
        } else {
            Edit::Keep
        }
    });
    assert_eq!(dropped, 1);
    let fewer_path = dir.path().join("fewer.tfplan");
    std::fs::write(&fewer_path, fewer).unwrap();
    let fewer_path = fewer_path.to_str().unwrap();

    let views: [&[&str]; 5] = [
        &["show", "--schemas", &schemas, &plan],
        &["summary", "--format", "text", "--schemas", &schemas, &plan],
        &[
            "summary",
            "--format",
            "markdown",
            "--schemas",
            &schemas,
            &plan,
        ],
        &["diff", "--schemas", &schemas, &plan, fewer_path],
        &["show", "--json", "--redact", "--schemas", &schemas, &plan],
    ];
    for args in views {
        let out = run(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let shown = if args.contains(&"--json") {
            // JSON: the address is a JSON string holding the re-quoted key.
            r#"terraform_data.hostile[\"safe\\u202egnp.exe\"]"#
        } else {
            r#"terraform_data.hostile["safe\u202egnp.exe"]"#
        };
        assert!(
            text.contains(shown),
            "{args:?} does not show {shown}:\n{text}"
        );
        assert!(
            !text.contains("hostile[\"safe\u{202e}") && !text.contains("\u{1b}]0;pwned"),
            "{args:?} prints a raw address"
        );
        if args[0] != "show" {
            // `show` prints values raw off a terminal, as Terraform does.
            assert_eq!(unsafe_chars(&text), [], "{args:?}");
        }
    }
}

#[test]
fn the_machine_readable_ui_is_that_of_the_real_plan() {
    let dir = tempfile::tempdir().unwrap();
    let plan = crafted_plan(&dir);
    let real = hostile_dir().join("plan.tfplan");
    let without_time = |out: std::process::Output| {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        (text.lines())
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v.as_object_mut().unwrap().remove("@timestamp");
                v
            })
            .collect::<Vec<_>>()
    };
    let crafted = without_time(run(&["ui", "--schemas", &schemas(), &plan]));
    let original = without_time(run(&[
        "ui",
        "--schemas",
        &schemas(),
        real.to_str().unwrap(),
    ]));
    assert!(crafted.len() > 20);
    assert_eq!(crafted, original);
}

#[test]
fn raw_line_breaks_in_keys_are_refused_visibly() {
    // A raw newline, then a raw carriage return, in the key `line\nbreak\rreturn`.
    for raw in ["line\nbreak\\rreturn", "line\\nbreak\rreturn"] {
        let (plan, changed) =
            hostile_plan_with_addresses(|a| a.replace("line\\nbreak\\rreturn", raw));
        assert!(changed >= 2);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("plan.tfplan");
        std::fs::write(&path, plan).unwrap();
        for args in [
            &["show", "--json", path.to_str().unwrap()][..],
            &["show", path.to_str().unwrap()],
            &["summary", path.to_str().unwrap()],
        ] {
            let out = run(args);
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            assert!(out.stdout.is_empty());
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(
                err.contains("resource_changes[7].addr: invalid resource instance address")
                    && err.contains("raw line break"),
                "{err}"
            );
            assert_eq!(unsafe_chars(&err), [], "{err:?}");
        }
    }
}
