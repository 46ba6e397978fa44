//! Aligned keys with one huge key among them. Terraform pads every key of a map to the
//! longest one, so a small plan with a map of many short keys and one of 100 KB asks for
//! 100 KB per short key (the real plan's three keys and 200 more: 20 MB; a 12 KB plan can ask
//! for gigabytes this way). tfshow lets keys over 512 bytes leave the column alone
//! (KNOWN-DIVERGENCES.md). The plan is `create_basic` of Terraform 1.15.5 with its `tags` map
//! rewritten.

mod crafted;
mod support;

use crafted::{oracle_dir, rewrite_tfplan, run, Edit};

/// `s` as a msgpack string.
fn str_(s: &str) -> Vec<u8> {
    let n = s.len();
    let mut out = match n {
        0..=31 => vec![0xa0 | n as u8],
        32..=255 => vec![0xd9, n as u8],
        256..=65535 => vec![0xda, (n >> 8) as u8, n as u8],
        _ => [0xdb].into_iter().chain((n as u32).to_be_bytes()).collect(),
    };
    out.extend_from_slice(s.as_bytes());
    out
}

/// A msgpack map of string keys and values.
fn map(entries: &[(String, String)]) -> Vec<u8> {
    let n = entries.len();
    let mut out = if n < 16 {
        vec![0x80 | n as u8]
    } else {
        vec![0xde, (n >> 8) as u8, n as u8]
    };
    for (k, v) in entries {
        out.extend(str_(k));
        out.extend(str_(v));
    }
    out
}

const LONG: usize = 100_000;

/// `create_basic`'s plan with `tags = {env, quote"key, with.dot}` replaced by those keys, 200
/// short ones, and `with.dot` made 100 KB long.
fn plan_with_a_huge_key() -> Vec<u8> {
    let dir = oracle_dir("create_basic", "1.15.5");
    let plan = std::fs::read(dir.join("plan.tfplan")).unwrap();
    let kv = |k: &str, v: &str| (k.to_owned(), v.to_owned());
    let tags = map(&[
        kv("env", "test"),
        kv("quote\"key", "y"),
        kv("with.dot", "x"),
    ]);
    let mut entries = vec![kv("env", "test")];
    entries.extend((0..200).map(|i| kv(&format!("k{i:03}"), "v")));
    entries.push(kv("quote\"key", "y"));
    entries.push(kv(&format!("with.dot{}", "x".repeat(LONG)), "x"));
    let huge = map(&entries);
    let mut found = 0;
    let crafted = rewrite_tfplan(&plan, |path, bytes| match path {
        // resource_changes[].change.values[].msgpack
        [3] | [3, 9] | [3, 9, 2] => Edit::Descend,
        [3, 9, 2, 1] => match bytes.windows(tags.len()).position(|w| w == tags) {
            Some(at) => {
                found += 1;
                let mut v = bytes[..at].to_vec();
                v.extend_from_slice(&huge);
                v.extend_from_slice(&bytes[at + tags.len()..]);
                Edit::Replace(v)
            }
            None => Edit::Keep,
        },
        _ => Edit::Keep,
    });
    assert_eq!(found, 1, "the tags map of oracle_thing.all");
    crafted
}

#[test]
fn one_huge_key_does_not_widen_the_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plan.tfplan");
    let plan = plan_with_a_huge_key();
    assert!(plan.len() < 12_000, "{} bytes", plan.len());
    std::fs::write(&path, plan).unwrap();
    let schemas = oracle_dir("create_basic", "1.15.5").join("schemas.json");
    let out = run(&[
        "show",
        "--schemas",
        schemas.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // The huge key once, and 200 short lines: not 200 times 100 KB.
    assert!(text.len() < LONG + 50_000, "{} bytes", text.len());
    // The short keys keep the column they make, exactly as in Terraform's plan.txt.
    let want =
        std::fs::read_to_string(oracle_dir("create_basic", "1.15.5").join("plan.txt")).unwrap();
    for line in [
        "          + \"env\"        = \"test\"\n",
        "          + \"quote\\\"key\" = \"y\"\n",
    ] {
        assert!(want.contains(line) && text.contains(line), "{line}");
    }
    assert!(text.contains("          + \"k042\"       = \"v\"\n"));
    // The huge key is not padded.
    assert!(text.contains("xxx\" = \"x\"\n"));
}
