//! Bad input: a truncated line, text that is not JSON, a wrong-typed field, an absurdly
//! long line, random bytes. Each bad line is reported with its line number, the rest of the
//! stream is still read, and nothing panics.

use tfshow_ui::{Body, LineError, Message, ParseError, Problem, Reader};

const VERSION: &str = r#"{"@level":"info","@message":"Terraform 1.15.5","@module":"terraform.ui","@timestamp":"2026-11-21T23:30:16.004208Z","terraform":"1.15.5","type":"version","ui":"1.3"}"#;
const START: &str = r#"{"@level":"info","@message":"null_resource.n: Creating...","@module":"terraform.ui","@timestamp":"2026-11-21T23:30:16.490965Z","hook":{"resource":{"addr":"null_resource.n","module":"","resource":"null_resource.n","implied_provider":"null","resource_type":"null_resource","resource_name":"n","resource_key":null},"action":"create"},"type":"apply_start"}"#;
const SUMMARY: &str = r#"{"@level":"info","@message":"Apply complete! Resources: 1 added, 0 changed, 0 destroyed.","@module":"terraform.ui","@timestamp":"2026-11-21T23:30:16.495102Z","changes":{"add":1,"change":0,"import":0,"remove":0,"action_invocation":0,"operation":"apply"},"type":"change_summary"}"#;

fn read(input: &[u8]) -> (Vec<Message>, Vec<LineError>) {
    let mut ok = Vec::new();
    let mut bad = Vec::new();
    for item in Reader::new(input) {
        match item {
            Ok(m) => ok.push(m),
            Err(e) => bad.push(e),
        }
    }
    (ok, bad)
}

#[test]
fn each_bad_line_is_reported_and_the_rest_is_read() {
    let truncated = &START[..START.len() / 2];
    let wrong_type = SUMMARY.replace(r#""add":1"#, r#""add":"one""#);
    let long = format!(
        r#"{{"@level":"info","@message":"{}","@module":"terraform.ui","@timestamp":"t","type":"log"}}"#,
        "x".repeat(tfshow_ui::DEFAULT_MAX_LINE + 10)
    );
    let input = [
        VERSION,
        "Terraform crashed! This is always indicative of a bug within Terraform.",
        truncated,
        START,
        &wrong_type,
        &long,
        "",
        SUMMARY,
    ]
    .join("\n");
    let (ok, bad) = read(input.as_bytes());

    let types: Vec<&str> = ok.iter().map(|m| m.envelope.type_.as_str()).collect();
    assert_eq!(types, ["version", "apply_start", "change_summary"]);
    let lines: Vec<u64> = bad.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 3, 5, 6]);

    assert!(matches!(
        bad[0].problem,
        Problem::Parse(ParseError::NotJson { .. })
    ));
    assert_eq!(
        bad[0].text.as_deref(),
        Some("Terraform crashed! This is always indicative of a bug within Terraform.")
    );
    assert!(matches!(
        bad[1].problem,
        Problem::Parse(ParseError::Truncated { .. })
    ));
    match &bad[2].problem {
        Problem::Parse(ParseError::WrongType {
            path,
            expected,
            found,
        }) => {
            assert_eq!(path, "changes.add");
            assert_eq!(*expected, "number");
            assert_eq!(*found, "string");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        bad[2].to_string(),
        "line 5: field `changes.add`: expected number, found string"
    );
    assert!(matches!(bad[3].problem, Problem::TooLong { .. }));
    assert!(bad[3].text.is_none(), "the long line is not kept");
    // A malformed message still shows what it was about.
    assert_eq!(
        Message::peek_message(bad[2].text.as_deref().unwrap_or("")).as_deref(),
        Some("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.")
    );
}

#[test]
fn a_stream_cut_off_mid_line_reports_the_last_line_as_truncated() {
    let input = format!("{VERSION}\n{}", &START[..100]);
    let (ok, bad) = read(input.as_bytes());
    assert_eq!(ok.len(), 1);
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].line, 2);
    assert!(matches!(
        bad[0].problem,
        Problem::Parse(ParseError::Truncated { .. })
    ));
}

#[test]
fn missing_and_wrong_typed_fields_name_their_path() {
    let no_addr = START.replace(r#""addr":"null_resource.n","#, "");
    assert_eq!(
        Message::parse(&no_addr),
        Err(ParseError::MissingField {
            path: "hook.resource.addr".into()
        })
    );
    let bad_key = START.replace(r#""resource_key":null"#, r#""resource_key":[1]"#);
    assert!(matches!(
        Message::parse(&bad_key),
        Err(ParseError::WrongType { path, .. }) if path == "hook.resource.resource_key"
    ));
    let bad_level = VERSION.replace(r#""@level":"info""#, r#""@level":7"#);
    assert!(matches!(
        Message::parse(&bad_level),
        Err(ParseError::WrongType { path, .. }) if path == "@level"
    ));
}

#[test]
fn a_newer_major_ui_version_is_refused_with_a_clear_error() {
    let v2 = VERSION.replace(r#""ui":"1.3""#, r#""ui":"2.0""#);
    let (ok, bad) = read(format!("{v2}\n{START}\n").as_bytes());
    assert!(ok.is_empty(), "the rest of a rejected stream is not read");
    assert_eq!(bad.len(), 1);
    let text = bad[0].to_string();
    assert!(
        text.contains("unsupported machine-readable UI version 2.0"),
        "{text}"
    );
}

#[test]
fn unknown_types_and_fields_are_kept() {
    let line = r#"{"@level":"info","@message":"Something new happened","@module":"terraform.ui","@timestamp":"2026-11-21T23:30:16.495102Z","novel":{"x":[1,2,{"y":null}]},"type":"novel_event"}"#;
    let m = Message::parse(line).expect("parses");
    assert_eq!(m.body, Body::Unknown);
    assert_eq!(m.envelope.message, "Something new happened");
    assert_eq!(m.envelope.extra[0].0, "novel");
    let mut out = Vec::new();
    m.write_to(&mut out).expect("write");
    assert_eq!(out, format!("{line}\n").into_bytes());
}

proptest::proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..512)) {
        for item in Reader::with_max_line(&bytes[..], 64) {
            let _ = item.map(|m| m.encode(tfshow_ui::Flavor::TERRAFORM));
        }
    }

    #[test]
    fn mangled_messages_never_panic(cut in 0usize..400, insert in "[\\[\\]{}\",:0-9a-z\\\\]{0,4}") {
        let cut = cut.min(START.len());
        let line = format!("{}{insert}{}", &START[..cut], &START[cut..]);
        if let Ok(m) = Message::parse(&line) {
            let _ = m.encode(tfshow_ui::Flavor::TERRAFORM);
        }
    }
}
