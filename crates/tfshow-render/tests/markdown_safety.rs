//! The markdown summary as GitHub shows it: rendered with a GFM renderer (comrak, with the
//! table, autolink, strikethrough and tag filter extensions, raw HTML passed through) and
//! cleaned by a GitHub-like sanitizer (ammonia), for real plans whose addresses, import IDs and
//! moved-from addresses were chosen by an attacker. Nothing from a plan may become an image,
//! a link, a mention, a `<details>` element (the summary folds attribute changes in its own),
//! a heading, emphasis or a table cell of its own;
//! every address must still be there, as the text of a code span.
//!
//! The strings come from Terraform's own `show -json` of each plan (`plan.json`), not from
//! tfshow.

mod support;

use std::path::{Path, PathBuf};

use serde_json::Value;
use tfshow_escape::terminal;
use tfshow_render::summary::{Layout, Summary};
use tfshow_schema::Schemas;

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

fn hostile() -> PathBuf {
    scenarios().join("hostile_strings/tf-1.11.4")
}

/// A real Terraform 1.11.4 plan with hostile import IDs and a secret map key (tests/data).
fn secret_keys() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/secret_keys")
}

/// The newest Terraform version's folder of every oracle scenario with a plan.
fn newest_cases() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for scenario in std::fs::read_dir(scenarios()).expect("scenarios") {
        let mut versions: Vec<PathBuf> = std::fs::read_dir(scenario.expect("entry").path())
            .into_iter()
            .flatten()
            .map(|v| v.expect("entry").path())
            .filter(|d| d.join("plan.tfplan").is_file() && d.join("plan.json").is_file())
            .collect();
        versions.sort_by_key(|d| version(d));
        out.extend(versions.pop());
    }
    out.sort();
    out
}

/// `tf-1.15.5` as (1, 15, 5).
fn version(dir: &Path) -> Vec<u32> {
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    name.unwrap_or_default()
        .trim_start_matches("tf-")
        .split('.')
        .map(|p| p.parse().unwrap_or(0))
        .collect()
}

fn name(dir: &Path) -> String {
    dir.strip_prefix(scenarios())
        .unwrap_or(dir)
        .display()
        .to_string()
}

fn schemas(dir: &Path) -> Option<Schemas> {
    let bytes = std::fs::read(dir.join("schemas.json")).ok()?;
    Some(Schemas::from_json(&bytes).expect("schemas"))
}

fn summary(dir: &Path, schemas: Option<&Schemas>) -> Summary {
    let doc = support::load_case_plan(dir, schemas).expect("load");
    Summary::new(&doc).expect("summary")
}

/// The markdown as GitHub would show it: GFM to HTML, raw HTML kept, then sanitized.
// comrak 0.55 deprecates its tag filter (GitHub's `tagfilter` extension); GitHub applies it.
#[allow(deprecated)]
fn github_html(md: &str) -> String {
    let mut options = comrak::Options::default();
    options.extension.table = true;
    options.extension.autolink = true;
    options.extension.strikethrough = true;
    options.extension.tagfilter = true;
    options.render.r#unsafe = true;
    let html = comrak::markdown_to_html(md, &options);
    ammonia::Builder::default()
        .add_tags([
            "details", "summary", "img", "a", "code", "pre", "table", "thead", "tbody", "tr", "th",
            "td", "h1", "h2", "h3", "h4", "p", "em", "strong", "del",
        ])
        .add_tag_attributes("details", ["open"])
        .add_tag_attributes("img", ["src", "alt"])
        .add_tag_attributes("a", ["href"])
        .clean(&html)
        .to_string()
}

/// HTML text with its entities decoded.
fn decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let c = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The decoded text of every `<code>` element.
fn code_texts(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<code>") {
        rest = &rest[at + "<code>".len()..];
        let end = rest.find("</code>").expect("closed code element");
        out.push(decode(&rest[..end]));
        rest = &rest[end..];
    }
    out
}

/// The HTML without its `<code>` elements and without tags: the text GitHub looks for
/// mentions in.
fn text_outside_code(html: &str) -> String {
    let mut without_code = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("<code>") {
        without_code.push_str(&rest[..at]);
        let end = rest[at..].find("</code>").expect("closed code element");
        rest = &rest[at + end + "</code>".len()..];
    }
    without_code.push_str(rest);
    let mut text = String::new();
    let mut in_tag = false;
    for c in without_code.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    decode(&text)
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// What the summary writes itself, whatever the plan holds: one `<h3>` title, `<h4>` section
/// headings, one `<strong>` (the `Plan:` label), its notes in italics, tables whose rows all
/// have as many cells as their header, and nothing else that GitHub would act on.
fn assert_safe(md: &str, what: &str) {
    assert!(
        !md.chars().any(|c| c != '\n' && terminal::is_unsafe(c)),
        "{what}: a control, bidi or zero-width character in the markdown"
    );
    let html = github_html(md);
    for tag in ["<img", "<a ", "<a>", "<h1", "<h2", "<del", "<input"] {
        assert_eq!(count(&html, tag), 0, "{what}: {tag} in\n{html}");
    }
    // The summary folds each resource's attribute changes in a `<details>` element of its
    // own, one line of the markdown each; the plan adds none.
    let folds = md
        .lines()
        .filter(|l| l.starts_with("<details><summary><code>") && l.ends_with("</summary>"))
        .count();
    for tag in ["<details", "<summary"] {
        assert_eq!(count(&html, tag), folds, "{what}: {tag} in\n{html}");
    }
    assert_eq!(count(&html, "<h3>"), 1, "{what}: headings in\n{html}");
    let sections = md.lines().filter(|l| l.starts_with("#### ")).count();
    assert_eq!(
        count(&html, "<h4>"),
        sections,
        "{what}: headings in\n{html}"
    );
    assert_eq!(count(&html, "<strong>"), 1, "{what}: emphasis in\n{html}");
    // The summary's own notes are whole lines in italics.
    let notes = md
        .lines()
        .filter(|l| l.len() > 2 && l.starts_with('_') && l.ends_with('_'))
        .count();
    assert_eq!(count(&html, "<em>"), notes, "{what}: emphasis in\n{html}");
    for table in html.split("<table>").skip(1) {
        let table = &table[..table.find("</table>").expect("closed table")];
        let columns = count(table, "<th>");
        assert!(columns >= 2, "{what}: {table}");
        for row in table.split("<tr>").skip(2) {
            assert_eq!(count(row, "<td>"), columns, "{what}: cells of {row}");
        }
    }
    let text = text_outside_code(&html);
    let chars: Vec<char> = text.chars().collect();
    for (i, w) in chars.windows(2).enumerate() {
        if w[0] == '@' && (w[1].is_ascii_alphanumeric() || w[1] == '-') {
            let around: String = chars[i.saturating_sub(20)..(i + 20).min(chars.len())]
                .iter()
                .collect();
            panic!("{what}: a mention outside code: {around:?}");
        }
    }
    for scheme in ["http://", "https://", "www."] {
        assert!(!text.contains(scheme), "{what}: {scheme} outside code");
    }
}

/// The names from `plan.json` (Terraform's) that a full summary shows: addresses of changes,
/// moved-from addresses, import IDs and output names.
fn expected_names(dir: &Path) -> Vec<String> {
    let json: Value =
        serde_json::from_slice(&std::fs::read(dir.join("plan.json")).expect("plan.json"))
            .expect("JSON");
    let s = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    let mut out = Vec::new();
    for rc in json["resource_changes"].as_array().into_iter().flatten() {
        let change = &rc["change"];
        let actions: Vec<&str> = change["actions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let moved =
            !s(rc, "previous_address").is_empty() && s(rc, "previous_address") != s(rc, "address");
        let importing = change.get("importing").is_some_and(|i| !i.is_null());
        if actions == ["no-op"] && !moved && !importing {
            continue;
        }
        if actions == ["delete"] && s(rc, "mode") != "managed" {
            continue;
        }
        let mut address = s(rc, "address");
        if !s(rc, "deposed").is_empty() {
            address = format!("{address} (deposed {})", s(rc, "deposed"));
        }
        out.push(address);
        if moved {
            out.push(s(rc, "previous_address"));
        }
        if let Some(id) = change.pointer("/importing/id").and_then(Value::as_str) {
            if !id.is_empty() {
                out.push(id.to_owned());
            }
        }
    }
    for (name, c) in json["output_changes"].as_object().into_iter().flatten() {
        if c["actions"] != serde_json::json!(["no-op"]) {
            out.push(name.clone());
        }
    }
    out
}

/// Every expected name is the text of a code span (shown visibly where it holds control,
/// bidi or zero-width characters).
fn assert_names(md: &str, dir: &Path, what: &str) {
    let html = github_html(md);
    let codes = code_texts(&html);
    for n in expected_names(dir) {
        let shown = terminal::line(&n);
        assert!(
            codes.iter().any(|c| *c == shown),
            "{what}: {shown:?} is not the text of a code span in\n{html}"
        );
    }
}

#[test]
fn the_hostile_plan_renders_safely_with_and_without_schemas() {
    let dir = hostile();
    for schemas in [schemas(&dir), None] {
        let what = format!("hostile_strings (schemas: {})", schemas.is_some());
        let s = summary(&dir, schemas.as_ref());
        let md = s
            .markdown(&Layout::within(
                tfshow_render::summary::GITHUB_COMMENT_LIMIT,
            ))
            .expect("fits");
        assert!(!md.contains("shortened"), "{what}: {md}");
        assert_safe(&md, &what);
        assert_names(&md, &dir, &what);
        // The replacement's reason names the attribute, as code.
        assert!(
            md.contains("| `terraform_data.replaced` | replace | forced by `triggers_replace` |"),
            "{what}: {md}"
        );
        // Shortened: grouped per module, then counted.
        for max in [4000, 1500, 700, 300] {
            let md = match s.markdown(&Layout::within(max)) {
                Ok(md) => md,
                // Too small even for the counts: refused, naming a bigger minimum.
                Err(e) => {
                    assert!(e.minimum > max, "{what} at {max}: {e}");
                    continue;
                }
            };
            assert!(md.chars().count() <= max, "{what} at {max}");
            assert_safe(&md, &format!("{what} at {max}"));
        }
    }
}

#[test]
fn hostile_import_ids_render_as_code() {
    let dir = secret_keys();
    for schemas in [schemas(&dir), None] {
        let what = format!("secret_keys (schemas: {})", schemas.is_some());
        let md = summary(&dir, schemas.as_ref())
            .markdown(&Layout::within(65_536))
            .expect("fits");
        assert_safe(&md, &what);
        assert_names(&md, &dir, &what);
        assert!(
            md.contains("| import | imported from `[click me](https://evil.example/phish)` |"),
            "{what}: {md}"
        );
        assert!(!md.contains("hunter2-SECRET-KEY"), "{what}");
    }
}

#[test]
fn real_plans_of_every_scenario_render_safely() {
    let cases = newest_cases();
    assert!(cases.len() >= 40, "found only {} cases", cases.len());
    for dir in &cases {
        let schemas = schemas(dir);
        let md = summary(dir, schemas.as_ref())
            .markdown(&Layout::within(65_536))
            .expect("fits");
        assert_safe(&md, &name(dir));
        if !md.contains("shortened to fit") {
            assert_names(&md, dir, &name(dir));
        }
    }
}

#[test]
fn the_checks_catch_what_they_look_for() {
    // What the summary used to write for the hostile addresses and reasons.
    let md = "### T\n\n**Plan:** x\n\n#### S (1)\n\n| Resource | Action | Reason |\n|---|---|---|\n\
              | `` terraform_data.hostile[\"``<details open><summary>APPROVED</summary>``\"] `` | create | moved from [click me](https://evil.example/phish) @octocat |\n";
    let html = github_html(md);
    assert!(html.contains("<details"), "{html}");
    assert!(
        html.contains("<a href=\"https://evil.example/phish\""),
        "{html}"
    );
    assert!(text_outside_code(&html).contains("@octocat"));
    let img = github_html(
        "| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | https://evil.example |\n",
    );
    assert!(img.contains("<img src=\"x\">"), "{img}");
    assert!(img.contains("<a href=\"https://evil.example\""), "{img}");
    assert_eq!(
        decode("&lt;a&gt; &amp;amp; &#64; &#x40; &quot;"),
        "<a> &amp; @ @ \""
    );
}
