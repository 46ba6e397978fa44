//! Every expression object in the oracle plans (`configuration` of
//! `testdata/oracle/scenarios/*/tf-*/plan.json`, Terraform 0.12 to 1.15) against the
//! expression it came from in the scenario's `.tf` files; and every attribute of every `.tf` file through both functions,
//! to show that nothing panics.

use super::json;
use crate::expr::{constant_value, constant_value_in, references, subject_references};
use hcl_edit::expr::Expression;
use hcl_edit::structure::{Block, Body};
use serde_json::Value as J;
use std::path::{Path, PathBuf};
use tfshow_release::{Feature, Release};

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

/// The `.tf` files of a module directory, parsed (with their source).
fn module_bodies(dir: &Path) -> Vec<(Body, String)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "tf"))
        .filter_map(|p| {
            let src = std::fs::read_to_string(&p).ok()?;
            let body = hcl_edit::parser::parse_body(&src).ok()?;
            Some((body, src))
        })
        .collect()
}

/// Expressions where the difference from Terraform is known and documented in `expr`'s
/// module documentation.
const KNOWN_DIVERGENCES: &[(&str, &str)] = &[
    // `-0` prints as `-0` in Terraform; `tfshow_cty::Number` has no negative zero.
    (
        "strings_numbers/resource.oracle_thing.nums/list_num",
        "negative zero",
    ),
    (
        "strings_numbers/resource.oracle_thing.weird/dyn",
        "negative zero",
    ),
    // cty NFC-normalizes strings: the keys "é" and "e\u0301" become one.
    (
        "strings_numbers/resource.oracle_thing.upd/tags",
        "NFC normalization",
    ),
];

struct Checker {
    checked: usize,
    failures: Vec<String>,
    /// Known divergences met (and skipped).
    skipped: Vec<&'static str>,
    /// The Terraform version whose plan is being checked (`tf-1.15.5`).
    version: String,
    /// Whether that version lists references with their attribute paths (1.0.1+).
    attribute_paths: bool,
}

impl Checker {
    /// Compares one expression object with what the functions give for `e`.
    fn expr(&mut self, at: &str, e: &Expression, src: &str, want: &J) {
        self.checked += 1;
        if let Some((path, _)) = KNOWN_DIVERGENCES.iter().find(|(p, _)| *p == at) {
            self.skipped.push(path);
            return;
        }
        let want_cv = want.get("constant_value");
        let got_cv = constant_value_in(e, src).map(|v| json(&v));
        let got_cv: Option<J> = got_cv.map(|t| serde_json::from_str(&t).unwrap_or(J::Null));
        if want_cv != got_cv.as_ref() {
            self.failures.push(format!(
                "{} {at}: constant_value {got_cv:?}, want {want_cv:?}",
                self.version
            ));
        }
        let want_refs: Vec<String> = want
            .get("references")
            .and_then(J::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        let got_refs = if self.attribute_paths {
            references(e)
        } else {
            subject_references(e)
        };
        if want_refs != got_refs {
            self.failures.push(format!(
                "{} {at}: references {got_refs:?}, want {want_refs:?}",
                self.version
            ));
        }
    }

    /// An `expressions` map against a block body.
    fn body(&mut self, at: &str, body: &Body, src: &str, want: &J) {
        let Some(map) = want.as_object() else { return };
        for (name, w) in map {
            let at = format!("{at}/{name}");
            if let Some(attr) = body.attributes().find(|a| a.key.value().as_str() == name) {
                self.expr(&at, &attr.value, src, w);
                continue;
            }
            let blocks: Vec<&Block> = body
                .blocks()
                .filter(|b| b.ident.value().as_str() == name)
                .collect();
            match w {
                J::Array(items) => {
                    for (i, (b, w)) in blocks.iter().zip(items).enumerate() {
                        self.body(&format!("{at}/{i}"), &b.body, src, w);
                    }
                }
                J::Object(m) if blocks.iter().any(|b| !b.labels.is_empty()) => {
                    for (label, w) in m {
                        if let Some(b) = blocks
                            .iter()
                            .find(|b| b.labels.iter().any(|l| l.as_str() == label))
                        {
                            self.body(&format!("{at}/{label}"), &b.body, src, w);
                        }
                    }
                }
                _ => {
                    if let Some(b) = blocks.first() {
                        self.body(&at, &b.body, src, w);
                    }
                }
            }
        }
    }

    /// A module (`root_module` or a call's `module`) against the files of `dir`.
    fn module(&mut self, at: &str, dir: &Path, want: &J) {
        let files = module_bodies(dir);
        let find = |kind: &str, labels: &[&str]| {
            files.iter().find_map(|(body, src)| {
                body.blocks()
                    .find(|b| {
                        b.ident.value().as_str() == kind
                            && b.labels
                                .iter()
                                .map(|l| l.as_str())
                                .eq(labels.iter().copied())
                    })
                    .map(|b| (b, src.as_str()))
            })
        };
        if let Some(outputs) = want.get("outputs").and_then(J::as_object) {
            for (name, o) in outputs {
                let Some((b, src)) = find("output", &[name]) else {
                    continue;
                };
                if let (Some(attr), Some(w)) = (b.body.get_attribute("value"), o.get("expression"))
                {
                    self.expr(&format!("{at}/outputs/{name}"), &attr.value, src, w);
                }
            }
        }
        for r in want
            .get("resources")
            .and_then(J::as_array)
            .into_iter()
            .flatten()
        {
            let (Some(mode), Some(ty), Some(name)) = (
                r.get("mode").and_then(J::as_str),
                r.get("type").and_then(J::as_str),
                r.get("name").and_then(J::as_str),
            ) else {
                continue;
            };
            let kind = if mode == "managed" { "resource" } else { mode };
            let Some((b, src)) = find(kind, &[ty, name]) else {
                continue;
            };
            let rat = format!("{at}/{kind}.{ty}.{name}");
            if let Some(w) = r.get("expressions") {
                self.body(&rat, &b.body, src, w);
            }
            for (arg, key) in [
                ("count", "count_expression"),
                ("for_each", "for_each_expression"),
            ] {
                if let (Some(attr), Some(w)) = (b.body.get_attribute(arg), r.get(key)) {
                    self.expr(&format!("{rat}/{key}"), &attr.value, src, w);
                }
            }
            let provisioners: Vec<&Block> = b
                .body
                .blocks()
                .filter(|p| p.ident.value().as_str() == "provisioner")
                .collect();
            for (i, (p, w)) in provisioners
                .iter()
                .zip(
                    r.get("provisioners")
                        .and_then(J::as_array)
                        .into_iter()
                        .flatten(),
                )
                .enumerate()
            {
                if let Some(w) = w.get("expressions") {
                    self.body(&format!("{rat}/provisioners/{i}"), &p.body, src, w);
                }
            }
        }
        for (name, call) in want
            .get("module_calls")
            .and_then(J::as_object)
            .into_iter()
            .flatten()
        {
            let Some((b, src)) = find("module", &[name]) else {
                continue;
            };
            let cat = format!("{at}/module.{name}");
            if let Some(w) = call.get("expressions") {
                self.body(&cat, &b.body, src, w);
            }
            for (arg, key) in [
                ("count", "count_expression"),
                ("for_each", "for_each_expression"),
            ] {
                if let (Some(attr), Some(w)) = (b.body.get_attribute(arg), call.get(key)) {
                    self.expr(&format!("{cat}/{key}"), &attr.value, src, w);
                }
            }
            if let (Some(source), Some(m)) =
                (call.get("source").and_then(J::as_str), call.get("module"))
            {
                self.module(&cat, &dir.join(source), m);
            }
        }
    }

    /// Root-module `provider_config` entries (`oracle`, `oracle.west`).
    fn providers(&mut self, at: &str, dir: &Path, want: &J) {
        let files = module_bodies(dir);
        for (key, p) in want.as_object().into_iter().flatten() {
            if key.contains(':') {
                continue;
            }
            let (name, alias) = key
                .split_once('.')
                .map_or((key.as_str(), None), |(n, a)| (n, Some(a)));
            let found = files.iter().find_map(|(body, src)| {
                body.blocks()
                    .find(|b| {
                        b.ident.value().as_str() == "provider"
                            && b.labels.first().is_some_and(|l| l.as_str() == name)
                            && b.body.get_attribute("alias").and_then(|a| a.value.as_str()) == alias
                    })
                    .map(|b| (b, src.as_str()))
            });
            if let (Some((b, src)), Some(w)) = (found, p.get("expressions")) {
                self.body(&format!("{at}/provider_config/{key}"), &b.body, src, w);
            }
        }
    }
}

#[test]
fn every_oracle_expression_matches_terraform() {
    let mut c = Checker {
        checked: 0,
        failures: Vec::new(),
        skipped: Vec::new(),
        version: String::new(),
        attribute_paths: true,
    };
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(scenarios())
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    dirs.sort();
    for dir in dirs {
        let mut versions: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        versions.sort();
        for version in versions {
            let Ok(text) = std::fs::read_to_string(version.join("plan.json")) else {
                continue;
            };
            let Ok(doc) = serde_json::from_str::<J>(&text) else {
                continue;
            };
            let Some(config) = doc.get("configuration") else {
                continue;
            };
            let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
            c.version = name(&version).unwrap_or_default();
            c.attribute_paths = doc
                .get("terraform_version")
                .and_then(J::as_str)
                .is_none_or(|v| Release::terraform(v).has(Feature::ReferenceAttributePaths));
            let at = name(&dir).unwrap_or_default();
            if let Some(root) = config.get("root_module") {
                c.module(&at, &dir, root);
            }
            if let Some(p) = config.get("provider_config") {
                c.providers(&at, &dir, p);
            }
        }
    }
    assert!(c.checked > 1000, "only {} expressions found", c.checked);
    assert!(c.failures.is_empty(), "{}", c.failures.join("\n"));
    for (path, why) in KNOWN_DIVERGENCES {
        let scenario = path.split('/').next().unwrap_or_default();
        if scenarios().join(scenario).exists() {
            assert!(
                c.skipped.contains(path),
                "known divergence ({why}) not met: {path}"
            );
        }
    }
}

/// Every attribute of every block, recursively.
fn attributes<'b>(body: &'b Body, out: &mut Vec<&'b Expression>) {
    for a in body.attributes() {
        out.push(&a.value);
    }
    for b in body.blocks() {
        attributes(&b.body, out);
    }
}

#[test]
fn no_panic_on_any_scenario_file() {
    let mut stack = vec![scenarios()];
    let mut seen = 0;
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in rd.flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().is_none_or(|e| e != "tf") {
                continue;
            }
            let Ok(src) = std::fs::read_to_string(&p) else {
                continue;
            };
            let Ok(body) = hcl_edit::parser::parse_body(&src) else {
                continue;
            };
            let mut exprs = Vec::new();
            attributes(&body, &mut exprs);
            for e in exprs {
                let _ = constant_value(e);
                let _ = constant_value_in(e, &src);
                let _ = references(e);
                seen += 1;
            }
        }
    }
    assert!(seen > 300, "only {seen} attributes");
}
