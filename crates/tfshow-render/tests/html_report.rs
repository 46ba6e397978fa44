//! `summary --format html` of real plans: one self-contained page that holds no sensitive value
//! (the values come from Terraform's own `plan.json` of each plan and its sensitivity masks),
//! checked in a real browser (Debian's `chromium`, headless; `tools/test.sh` installs it):
//! every changed resource's address renders, the filters work, and nothing is logged as an
//! error on the console. The 10,000-resource bench plan renders all its addresses.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use tfshow_render::summary::Summary;
use tfshow_schema::Schemas;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cases() -> Vec<PathBuf> {
    support::cases_with(&["plan.json", "plan.tfplan"])
}

fn schemas(dir: &Path) -> Option<Schemas> {
    let bytes = std::fs::read(dir.join("schemas.json")).ok()?;
    Some(Schemas::from_json(&bytes).expect("schemas"))
}

fn page(dir: &Path, schemas: Option<&Schemas>) -> Option<String> {
    let doc = support::load_case_plan(dir, schemas).ok()?;
    Some(Summary::new(&doc).expect("summary").html())
}

/// The strings (as their JSON) and numbers Terraform's document marks sensitive (every value
/// under a `true` of a sensitivity mask), less those it also shows somewhere unmarked (an
/// attribute that a sensitive output repeats, say).
fn sensitive_values(plan: &Value) -> Vec<String> {
    /// Adds the leaves of `value` to `secret` where `mask` marks them, else to `open`.
    fn split(value: &Value, mask: &Value, secret: &mut Vec<String>, open: &mut Vec<String>) {
        let f = Value::Bool(false);
        match (value, mask) {
            (v, Value::Bool(true)) => leaves(v, secret),
            (Value::Object(vs), ms) => {
                for (k, v) in vs {
                    split(v, ms.get(k).unwrap_or(&f), secret, open);
                }
            }
            (Value::Array(vs), ms) => {
                for (i, v) in vs.iter().enumerate() {
                    split(v, ms.get(i).unwrap_or(&f), secret, open);
                }
            }
            (v, _) => leaves(v, open),
        }
    }
    fn leaves(v: &Value, out: &mut Vec<String>) {
        match v {
            // As the page would show it: a string's JSON, quoted.
            Value::String(s) => out.push(Value::String(s.clone()).to_string()),
            Value::Number(n) => out.push(n.to_string()),
            Value::Array(a) => a.iter().for_each(|v| leaves(v, out)),
            Value::Object(m) => m.values().for_each(|v| leaves(v, out)),
            _ => {}
        }
    }
    let (mut secret, mut open) = (Vec::new(), Vec::new());
    let changes = plan["resource_changes"].as_array().into_iter().flatten();
    let outputs = plan["output_changes"]
        .as_object()
        .into_iter()
        .flat_map(|m| m.values());
    for c in changes.map(|rc| &rc["change"]).chain(outputs) {
        split(&c["before"], &c["before_sensitive"], &mut secret, &mut open);
        split(&c["after"], &c["after_sensitive"], &mut secret, &mut open);
    }
    // Short values (`1`, `""`) say nothing on their own.
    secret.retain(|s| s.chars().count() >= 4 && !open.contains(s));
    secret.sort();
    secret.dedup();
    secret
}

#[test]
fn pages_are_self_contained_and_hold_no_sensitive_value() {
    let mut secrets_checked = 0;
    for dir in cases() {
        let plan: Value =
            serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json"))
                .expect("JSON");
        let secrets = sensitive_values(&plan);
        let s = schemas(&dir);
        for schemas in [s.as_ref(), None] {
            let Some(html) = page(&dir, schemas) else {
                continue;
            };
            let what = format!("{} (schemas: {})", dir.display(), schemas.is_some());
            let head = &html[..html.find("</head>").expect("head")];
            assert!(
                head.contains(
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                ),
                "{what}: no CSP"
            );
            // Every `<` from the plan is escaped: the tags are the page's own (the script,
            // which holds `<` of its own, last).
            let markup = &html[..html.find("<script>").expect("script")];
            for tag in markup
                .split('<')
                .skip(1)
                .map(|t| &t[..t.find('>').unwrap_or(t.len())])
            {
                let name = tag.split([' ', '/']).next().unwrap_or("");
                // The tag outside its quoted attribute values (which hold escaped plan text).
                let bare: String = tag.split('"').step_by(2).collect();
                assert!(
                    !["link", "img", "iframe", "object", "embed", "base", "script"].contains(&name)
                        && !bare.contains(" src=")
                        && !bare.contains(" href=")
                        && !bare.contains(" on"),
                    "{what}: <{tag}>"
                );
            }
            assert_eq!(html.matches("<script").count(), 1, "{what}");
            for secret in &secrets {
                let escaped = tfshow_escape::html::text(secret);
                assert!(
                    !html.contains(&escaped),
                    "{what}: a sensitive value is in the page"
                );
                secrets_checked += 1;
            }
        }
    }
    assert!(
        secrets_checked > 20,
        "only {secrets_checked} sensitive values checked"
    );
}

/// Debian's chromium, headless.
fn chromium() -> PathBuf {
    let path = PathBuf::from(std::env::var_os("CHROMIUM").unwrap_or_else(|| "chromium".into()));
    let ok = Command::new(&path)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "the browser tests need Debian's chromium ({}); tools/test.sh installs it",
        path.display()
    );
    path
}

/// The DOM of `page` after its script ran, opened with `fragment`; fails on a console error.
fn dom(page: &str, fragment: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("summary.html");
    std::fs::write(&file, page).expect("write");
    let profile = dir.path().join("profile");
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}#{fragment}", file.display()))
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "chromium failed");
    let log = String::from_utf8_lossy(&out.stderr);
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "console messages: {console:?}");
    String::from_utf8(out.stdout).expect("UTF-8 DOM")
}

fn rows(dom: &str) -> usize {
    dom.matches("<li class=\"row\"").count()
}

fn hidden_rows(dom: &str) -> usize {
    dom.split("<li class=\"row\"")
        .skip(1)
        .filter(|r| r[..r.find('>').unwrap_or(0)].contains(" hidden"))
        .count()
}

/// `<code>` texts of the DOM, entities decoded (chromium writes `&amp;`, `&lt;`, `&gt;`,
/// `&nbsp;` in text).
fn code_texts(dom: &str) -> Vec<String> {
    dom.split("<code>")
        .skip(1)
        .map(|s| {
            s[..s.find("</code>").unwrap_or(0)]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&nbsp;", "\u{a0}")
                .replace("&amp;", "&")
        })
        .collect()
}

#[test]
fn pages_render_in_a_browser_with_working_filters() {
    for case in [
        "hostile_strings/tf-1.11.4",
        "replace_delete_create/tf-1.15.5",
        "update_in_place/tf-1.15.5",
    ] {
        let dir = root().join("testdata/oracle/scenarios").join(case);
        let plan: Value =
            serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json"))
                .expect("JSON");
        let html = page(&dir, schemas(&dir).as_ref()).expect("page");
        let all = dom(&html, "");
        let codes = code_texts(&all);
        let mut replaced = 0;
        for rc in plan["resource_changes"].as_array().into_iter().flatten() {
            let actions = &rc["change"]["actions"];
            if actions == &serde_json::json!(["no-op"]) && rc.get("previous_address").is_none() {
                continue;
            }
            if actions.as_array().is_some_and(|a| a.len() == 2) {
                replaced += 1;
            }
            let mut address =
                tfshow_escape::terminal::line(rc["address"].as_str().expect("address"))
                    .into_owned();
            if let Some(d) = rc["deposed"].as_str() {
                address = format!("{address} (deposed {d})");
            }
            assert!(codes.contains(&address), "{case}: {address} not rendered");
        }
        assert_eq!(hidden_rows(&all), 0, "{case}");
        let only = dom(&html, "only=replace");
        assert_eq!(
            rows(&only) - hidden_rows(&only),
            replaced,
            "{case}: replace filter"
        );
        let none = dom(&html, "q=no%20such%20address");
        assert_eq!(hidden_rows(&none), rows(&none), "{case}: search");
    }
}

#[test]
fn the_10k_plan_renders_every_address() {
    let dir = root().join("bench/data/big-1.15.5-10000");
    let html = page(&dir, schemas(&dir).as_ref()).expect("page");
    let all = dom(&html, "");
    assert_eq!(rows(&all), 10_000);
    assert_eq!(hidden_rows(&all), 0);
    assert!(all.contains("<span id=\"shown\">10000</span>"));
    let filtered = dom(&html, "q=module.m0.");
    assert_eq!(rows(&filtered) - hidden_rows(&filtered), 2_500);
}
