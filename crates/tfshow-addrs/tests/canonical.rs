//! Addresses with raw control, bidi and zero-width characters in their keys, as a crafted plan
//! holds them, against what real Terraform 1.11.4 printed for the same keys
//! (`testdata/oracle/scenarios/hostile_strings`, whose keys are exactly such strings).

use std::path::Path;

use tfshow_addrs::{canonical, AbsResourceInstance, ModuleInstance};
use tfshow_escape::terminal::is_unsafe;

/// Every `address` and `previous_address` Terraform printed in the hostile plan's JSON.
fn terraform_addresses() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/oracle/scenarios/hostile_strings/tf-1.11.4/plan.json");
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let mut out = Vec::new();
    for key in ["resource_changes", "resource_drift"] {
        for rc in doc[key].as_array().into_iter().flatten() {
            for field in ["address", "previous_address"] {
                if let Some(s) = rc[field].as_str() {
                    out.push(s.to_owned());
                }
            }
        }
    }
    assert!(out.len() >= 40, "only {} addresses", out.len());
    out
}

/// `addr` with every `\uXXXX` and `\t` escape of its keys written as the raw character, as a
/// crafted plan could hold it (line breaks stay escaped: Terraform refuses them raw).
fn raw(addr: &str) -> String {
    let mut out = String::new();
    let mut rest = addr;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let esc = &rest[i..];
        if let Some(hex) = esc.strip_prefix("\\u").and_then(|h| h.get(..4)) {
            out.push(char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap());
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

#[test]
fn raw_keys_are_requoted_as_terraform_prints_them() {
    let mut rewritten = 0;
    for want in terraform_addresses() {
        let input = raw(&want);
        let parsed = AbsResourceInstance::parse(&input).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(canonical(&input, &parsed), want);
        assert_eq!(parsed.to_string(), want);
        if input != want {
            rewritten += 1;
            assert!(input.chars().any(is_unsafe), "{input:?}");
        }
    }
    assert!(
        rewritten >= 10,
        "only {rewritten} addresses had raw characters"
    );
}

#[test]
fn raw_line_breaks_in_keys_are_refused_like_terraform() {
    // Terraform 1.11.4 refuses these with "Invalid multi-line string".
    for input in [
        "terraform_data.hostile[\"line\nbreak\\rreturn\"]",
        "terraform_data.hostile[\"line\\nbreak\rreturn\"]",
        "terraform_data.hostile[\"line\r\nbreak\"]",
        "module.m[\"a\nb\"].t.n",
    ] {
        let err = AbsResourceInstance::parse(input).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("raw line break"), "{msg}");
        assert!(!msg.chars().any(is_unsafe), "{msg:?}");
    }
}

#[test]
fn unsafe_characters_in_names_are_refused() {
    // Terraform 1.11.4 refuses `terraform_data.repl\u202eaced`: "Invalid character".
    for c in (0..=0x10ffff)
        .filter_map(char::from_u32)
        .filter(|&c| is_unsafe(c))
    {
        for input in [
            format!("t.n{c}x"),
            format!("t{c}.n"),
            format!("module.m{c}.t.n"),
        ] {
            let err = AbsResourceInstance::parse(&input).unwrap_err();
            let msg = err.to_string();
            assert!(!msg.chars().any(is_unsafe), "{c:?}: {msg:?}");
        }
    }
}

#[test]
fn formatted_keys_hold_no_unsafe_character() {
    for c in (0..=0x10ffff)
        .filter_map(char::from_u32)
        .filter(|&c| is_unsafe(c))
    {
        if c == '\n' || c == '\r' {
            continue;
        }
        let input = format!("module.m[\"{c}\"].t.n[\"a{c}b\"]");
        let parsed = AbsResourceInstance::parse(&input).unwrap_or_else(|e| panic!("{c:?}: {e}"));
        let text = canonical(&input, &parsed);
        assert!(!text.chars().any(is_unsafe), "{c:?}: {text:?}");
        assert_eq!(AbsResourceInstance::parse(&text).unwrap(), parsed);
        let m = format!("module.m[\"{c}\"]");
        let text = canonical(&m, &ModuleInstance::parse(&m).unwrap()).into_owned();
        assert!(!text.chars().any(is_unsafe), "{c:?}: {text:?}");
    }
}

#[test]
fn errors_quote_input_visibly_and_briefly() {
    let input = format!("t.n[\"\u{1b}]0;title\u{7}{}\"", "x".repeat(100_000));
    let msg = AbsResourceInstance::parse(&input).unwrap_err().to_string();
    assert!(msg.len() < 400, "{} bytes", msg.len());
    assert!(msg.contains(r#""t.n[\"\x1b]0;title\a"#), "{msg}");
    assert!(!msg.chars().any(is_unsafe), "{msg:?}");
}
