//! Templates: interpolation, directives, strip markers and heredocs.

use super::{cv, parse, val};
use crate::expr::constant_value;

#[test]
fn interpolation() {
    // Oracle: provisioners (command = "echo \"$GREETING from env\"" is plain text).
    assert_eq!(
        val(r#""echo \"$GREETING from env\"""#),
        r#""echo \"$GREETING from env\"""#
    );
    assert_eq!(val("\"a${1}b${true}c${\"d\"}\""), "\"a1btruecd\"");
    assert_eq!(val("\"${1 + 1.5} items\""), "\"2.5 items\"");
    assert_eq!(val("\"$${x} %%{y}\""), "\"${x} %{y}\"");
    // Oracle: tainted, destroy_plan ("counted-${count.index}" has references only).
    assert_eq!(cv("\"counted-${count.index}\""), None);
}

#[test]
fn a_lone_interpolation_is_its_value() {
    // HCL (TemplateWrapExpr): "${x}" alone yields x itself, of any type.
    assert_eq!(val("\"${1}\""), "1");
    assert_eq!(val("\"${true}\""), "true");
    assert_eq!(val("\"${[1, 2]}\""), "[1,2]");
    assert_eq!(val("\"${~ null ~}\""), "null");
}

#[test]
fn invalid_parts_stop_the_text() {
    // HCL (TemplateExpr): a null or non-string part is an error, nothing more is written,
    // and the text so far is still the (known) result.
    assert_eq!(val("\"a${null}b\""), "\"a\"");
    assert_eq!(val("\"x${[1]}y\""), "\"x\"");
    assert_eq!(cv("\"a${var.x}b\""), None);
}

#[test]
fn strip_markers() {
    // HCL (parseTemplateParts): `${~` trims the literal before, `~}` the one after.
    assert_eq!(val("\"a  ${~ \"b\" ~}  c\""), "\"abc\"");
    assert_eq!(val("\"a \\n ${~ 1} \\n b\""), "\"a1 \\n b\"");
    assert_eq!(val("\"x %{~ if true ~} y %{~ endif ~} z\""), "\"xyz\"");
}

#[test]
fn directives() {
    assert_eq!(val("\"%{ if true }yes%{ else }no%{ endif }\""), "\"yes\"");
    assert_eq!(val("\"%{ if false }yes%{ endif }\""), "\"\"");
    assert_eq!(
        val("\"%{ if \"false\" }yes%{ else }no%{ endif }\""),
        "\"no\""
    );
    assert_eq!(
        val("\"%{ for x in [\"a\", \"b\"] }${x};%{ endfor }\""),
        "\"a;b;\""
    );
    assert_eq!(
        val("\"%{ for k, v in { a = 1, b = 2 } }${k}=${v} %{ endfor }\""),
        "\"a=1 b=2 \""
    );
    assert_eq!(val("\"%{ for x in [] }${x}%{ endfor }\""), "\"\"");
    assert_eq!(cv("\"%{ if var.x }a%{ endif }\""), None);
    assert_eq!(cv("\"%{ for x in var.l }${x}%{ endfor }\""), None);
    assert_eq!(
        cv("\"%{ for x in [null] }${x}%{ endfor }\""),
        Some("\"\"".into())
    );
}

#[test]
fn heredocs() {
    assert_eq!(val("<<EOT\nhello\n  world\nEOT"), "\"hello\\n  world\\n\"");
    assert_eq!(val("<<EOT\nEOT"), "\"\"");
    assert_eq!(val("<<EOT\n$${x} ${1}\nEOT"), "\"${x} 1\\n\"");
    // The usual way to loop without blank lines: the `~}` eats the rest of its own line.
    assert_eq!(
        val("<<EOT\n%{ for x in [\"a\", \"b\"] ~}\n${x}\n%{ endfor ~}\nEOT"),
        "\"a\\nb\\n\""
    );
    // In a heredoc a strip marker reaches only its own line (HCL has a token per line).
    assert_eq!(val("<<EOT\na  \n  ${~ 1}\nEOT"), "\"a  \\n1\\n\"");
}

#[test]
fn flush_heredocs() {
    assert_eq!(val("<<-EOT\n    a\n      b\n    EOT"), "\"a\\n  b\\n\"");
    assert_eq!(val("<<-EOT\n  x ${1}\n  y\nEOT"), "\"x 1\\ny\\n\"");
    // HCL (flushHeredocTemplateParts): a line of only spaces is left out of the count and
    // kept as it is; a line starting with an interpolation counts as unindented.
    assert_eq!(val("<<-EOT\n    a\n  \n    b\nEOT"), "\"a\\n  \\nb\\n\"");
    assert_eq!(val("<<-EOT\n  a\n${1}\nEOT"), "\"  a\\n1\\n\"");
    // Indentation is removed after strip markers have trimmed: the `~}` empties the rest of
    // the `if` line, so `foo` no longer starts a line and keeps its spaces.
    assert_eq!(
        val("<<-EOT\n  %{ if true ~}\n  foo\n  %{ endif ~}\nEOT"),
        "\"  foo\\n\""
    );
}

#[test]
fn flush_heredocs_without_source_use_hcl_edit() {
    // Without the source text, hcl-edit's own indentation removal is used (a documented
    // divergence): it also strips lines of only spaces.
    let (e, _) = parse("<<-EOT\n    a\n  \n    b\nEOT");
    let v = constant_value(&e).map(|v| super::json(&v));
    assert_eq!(v.as_deref(), Some("\"  a\\n\\n  b\\n\""));
}
