//! `tfshow summary`'s options end to end on real plans: roll-ups of several plans with a hidden
//! marker, filters that say what they hid, the tree by module, `--max-chars` that never drops
//! the `Plan:` line, and colours that follow `--no-color` and the NO_COLOR convention.

mod support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::NO_SCHEMA_SOURCES;

fn case(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios")
        .join(dir)
}

fn p(path: &Path) -> String {
    path.to_str().expect("UTF-8 path").to_owned()
}

const REPLACE: &str = "replace_delete_create/tf-1.15.5";
const MODULES: &str = "modules_deep/tf-1.15.5";
const DRIFT: &str = "drift_relevant_index/tf-1.15.5";

/// `tfshow summary ARGS… PLANS…`, each plan of a case with its schemas (the first case's;
/// every case here uses the same provider).
fn summary(args: &[&str], cases: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.envs(NO_SCHEMA_SOURCES)
        .env_remove("NO_COLOR")
        .arg("summary")
        .args(args);
    for c in cases {
        cmd.arg(case(c).join("plan.tfplan"));
    }
    // One schemas file per run: the provider's of the modules case holds every type used.
    cmd.arg("--schemas")
        .arg(case(cases[0]).join("schemas.json"));
    cmd.output().expect("run tfshow")
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).expect("UTF-8")
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The case directories in the snapshots, without the checkout's path.
fn relative(s: &str) -> String {
    s.replace(&p(&case("")), "scenarios/")
}

#[test]
fn several_plans_roll_up_into_one_document() {
    let md = ok(&summary(
        &[
            "--title", "replace", "--title", "modules", "--marker", "env/prod",
        ],
        &[REPLACE, MODULES],
    ));
    assert!(
        md.starts_with("<!-- tfshow-summary: env/prod -->\n"),
        "{md}"
    );
    assert!(md.contains("**Total:** 49 to add, 9 to change, 12 to destroy."));
    assert!(md.contains("### replace: Terraform plan\n"));
    assert!(md.contains("### modules: Terraform plan\n"));
    insta::assert_snapshot!("rollup_markdown", md);

    // Within the limit as a whole, saying what was left out (titles given: the default ones
    // are the paths, whose length depends on where the checkout is).
    for max in [6_000, 2_500, 1_000] {
        let md = ok(&summary(
            &[
                "--max-chars",
                &max.to_string(),
                "--title",
                "replace",
                "--title",
                "modules",
            ],
            &[REPLACE, MODULES],
        ));
        assert!(md.chars().count() <= max, "{max}");
        assert!(md.contains("shortened to fit"), "{max}");
        assert_eq!(md.matches("**Plan:**").count(), 2, "{max}");
    }

    // Titles default to the paths given.
    let text = relative(&ok(&summary(&["--format", "text"], &[REPLACE, DRIFT])));
    assert!(text.starts_with("Plans (2)\n\nTotal: "), "{text}");
    assert!(
        text.contains("\n=== scenarios/replace_delete_create/tf-1.15.5/plan.tfplan ===\n"),
        "{text}"
    );

    let json: serde_json::Value =
        serde_json::from_str(&ok(&summary(&["--format", "json"], &[REPLACE, MODULES]))).unwrap();
    assert_eq!(json["plans"].as_array().unwrap().len(), 2);
    assert_eq!(json["total"]["add"], 49);
    assert_eq!(json["plans"][1]["summary"]["counts"]["destroy"], 9);

    // The markdown of one plan carries the marker too.
    let one = ok(&summary(&[], &[REPLACE]));
    assert!(one.starts_with("<!-- tfshow-summary -->\n### Terraform plan\n"));

    // Refused: html of several plans, a title count that does not match, a bad marker.
    for (args, what) in [
        (vec!["--format", "html"], "--format html takes one plan"),
        (vec!["--title", "one"], "1 --title given for 2 plans"),
        (vec!["--marker", "a -->"], "invalid marker ID"),
    ] {
        let o = summary(&args, &[REPLACE, MODULES]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(err(&o).contains(what), "{args:?}: {}", err(&o));
    }
}

#[test]
fn filters_hide_rows_and_say_so() {
    let md = ok(&summary(&["--only", "delete,update"], &[MODULES]));
    assert!(
        md.contains("_Filtered: 46 resource changes hidden by --only._"),
        "{md}"
    );
    assert!(md.contains("**Plan:** 46 to add, 7 to change, 9 to destroy."));
    // Resources are listed by address; outputs (not filtered by --only) by name.
    assert!(
        !md.lines()
            .any(|l| l.contains("oracle_thing.") && l.contains("| create |")),
        "{md}"
    );

    let text = ok(&summary(
        &[
            "--format",
            "text",
            "--address",
            "module.counted[?].*",
            "--no-outputs",
        ],
        &[MODULES],
    ));
    let listed: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("oracle_thing."))
        .collect();
    assert!(!listed.is_empty(), "{text}");
    assert!(
        listed.iter().all(|l| l.contains("module.counted[")
            && !l.contains("counted[10]")
            && !l.contains("counted[11]")),
        "{text}"
    );
    assert!(text.contains("hidden by --address"), "{text}");
    assert!(
        text.contains("2 output changes hidden by --no-outputs"),
        "{text}"
    );
    assert!(!text.contains("Output changes ("), "{text}");

    let drift = ok(&summary(&["--format", "text", "--no-drift"], &[DRIFT]));
    assert!(
        drift.contains("(3 changed outside of Terraform)"),
        "{drift}"
    );
    assert!(drift.contains("3 changes made outside hidden by --no-drift"));
    assert!(!drift.contains("Changed outside of Terraform ("), "{drift}");
    // --drift after --no-drift wins.
    let drift = ok(&summary(
        &["--format", "text", "--no-drift", "--drift"],
        &[DRIFT],
    ));
    assert!(
        drift.contains("Changed outside of Terraform (3):"),
        "{drift}"
    );

    let html = ok(&summary(
        &["--format", "html", "--only", "delete"],
        &[MODULES],
    ));
    assert!(
        html.contains("<p><em>Filtered: 53 resource changes hidden by --only.</em></p>"),
        "{html}"
    );

    let json: serde_json::Value = serde_json::from_str(&ok(&summary(
        &["--format", "json", "--only", "replace"],
        &[REPLACE],
    )))
    .unwrap();
    assert_eq!(json["hidden"]["by_only"], 2);
    assert_eq!(json["changes"].as_array().unwrap().len(), 3);
    assert_eq!(json["counts"]["change"], 2, "counts stay the whole plan's");
}

#[test]
fn the_tree_nests_modules() {
    let text = ok(&summary(
        &["--format", "text", "--tree", "--only", "delete"],
        &[MODULES],
    ));
    insta::assert_snapshot!("tree_text", text);
    let md = ok(&summary(&["--tree", "--only", "delete"], &[MODULES]));
    assert!(
        md.contains("- `module.top[\"old key\"]`\n  - `oracle_thing.mid` (delete: module not in configuration)\n"),
        "{md}"
    );
}

#[test]
fn max_chars_never_drops_the_plan_line() {
    // Too small even for the counts: refused with the smallest limit that would do.
    for format in ["markdown", "text"] {
        let o = summary(&["--format", format, "--max-chars", "40"], &[REPLACE]);
        assert_eq!(o.status.code(), Some(2), "{format}");
        let e = err(&o);
        let minimum: usize = e
            .split("needs at least ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{format}: {e}"));
        let out = ok(&summary(
            &["--format", format, "--max-chars", &minimum.to_string()],
            &[REPLACE],
        ));
        assert!(out.chars().count() <= minimum, "{format}");
        assert!(out.contains("Plan:"), "{format}: {out}");
        assert!(out.contains("only the counts are given"), "{format}: {out}");
        let o = summary(
            &[
                "--format",
                format,
                "--max-chars",
                &(minimum - 1).to_string(),
            ],
            &[REPLACE],
        );
        assert_eq!(o.status.code(), Some(2), "{format} at {}", minimum - 1);
    }
    // Text honours the limit: attribute changes go first.
    let full = ok(&summary(&["--format", "text"], &[REPLACE]));
    let cut = ok(&summary(
        &["--format", "text", "--max-chars", "900"],
        &[REPLACE],
    ));
    assert!(full.chars().count() > 900 && cut.chars().count() <= 900);
    assert!(cut.contains("attribute changes are left out"), "{cut}");
    assert!(cut.contains("oracle_replace.zone"), "{cut}");
    // JSON and HTML have no such limit.
    let o = summary(&["--format", "json", "--max-chars", "900"], &[REPLACE]);
    assert_eq!(o.status.code(), Some(2));
}

/// Runs tfshow with standard output on a terminal and `NO_COLOR` as given.
fn on_terminal(args: &[String], no_color: Option<&str>) -> String {
    let (mut controller, terminal) = support::pty();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfshow"));
    cmd.args(args)
        .envs(NO_SCHEMA_SOURCES)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::from(terminal))
        .stderr(Stdio::null());
    if let Some(v) = no_color {
        cmd.env("NO_COLOR", v);
    }
    let mut child = cmd.spawn().expect("run tfshow");
    drop(cmd);
    let mut out = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match controller.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    assert!(child.wait().expect("wait").success());
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn text_and_diff_have_colours_on_a_terminal_unless_told_not_to() {
    let plan = p(&case(REPLACE).join("plan.tfplan"));
    let schemas = p(&case(REPLACE).join("schemas.json"));
    let other = p(&case("update_in_place/tf-1.15.5").join("plan.tfplan"));
    let runs: [(Vec<String>, &str); 2] = [
        (
            ["summary", "--format", "text", "--schemas", &schemas, &plan]
                .map(String::from)
                .to_vec(),
            "\x1b[31m-\x1b[0m/\x1b[32m+\x1b[0m oracle_replace.zone",
        ),
        (
            ["diff", &other, &plan].map(String::from).to_vec(),
            "\x1b[32m+\x1b[0m oracle_replace.zone",
        ),
    ];
    for (args, coloured) in &runs {
        let out = on_terminal(args, None);
        assert!(out.contains(coloured), "{args:?}: {out:?}");
        // An empty NO_COLOR does not count.
        assert!(on_terminal(args, Some("")).contains(coloured), "{args:?}");
        assert!(!on_terminal(args, Some("1")).contains('\x1b'), "{args:?}");
        let mut no = args.clone();
        no.insert(1, "--no-color".into());
        assert!(!on_terminal(&no, None).contains('\x1b'), "{args:?}");
    }
    // Not on a pipe.
    let o = summary(&["--format", "text"], &[REPLACE]);
    assert!(!ok(&o).contains('\x1b'));
}
