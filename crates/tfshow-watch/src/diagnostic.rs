//! Diagnostics as text, the way Terraform prints them without colour: summary, the
//! resource, the source location and snippet with the values of its references, detail.
//!
//! A diagnostic is kept in a bounded form ([`Kept`]): every field cut to a length (see
//! [`bounds`](crate::bounds)); everything from the stream goes through
//! [`tfshow_escape::terminal`] when it is rendered (one-line fields with `line`, the detail
//! and the snippet with `text`, which keeps newlines and tabs and shows `\r` visibly).

use tfshow_escape::terminal::{line, text};
use tfshow_ui::{Diagnostic, Severity};

use crate::bounds::{self, cut};
use crate::style::Style;

/// A diagnostic's source snippet, cut to [`bounds::SNIPPET`] bytes and
/// [`bounds::SNIPPET_LINES`] lines.
#[derive(Debug)]
struct Snippet {
    context: Option<String>,
    start_line: i64,
    /// The code before, inside and after the highlighted range.
    before: String,
    highlight: String,
    after: String,
    /// Some of the code was cut.
    cut: bool,
    /// `while calling NAME(…)`.
    call: Option<String>,
    /// `(traversal, statement)`, sorted by traversal.
    values: Vec<(String, String)>,
    more_values: usize,
}

/// A diagnostic as kept for the report.
#[derive(Debug)]
pub(crate) struct Kept {
    pub(crate) severity: Severity,
    summary: String,
    detail: String,
    detail_cut: bool,
    address: Option<String>,
    /// File name and line.
    range: Option<(String, i64)>,
    snippet: Option<Snippet>,
}

/// Takes up to `budget` bytes and `lines` newlines' worth of `s`; both are decreased by what
/// was taken. Returns the part taken and whether anything was left.
fn take(s: &str, budget: &mut usize, lines: &mut usize) -> (String, bool) {
    let mut end = s.len().min(*budget);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    if let Some((i, _)) = s[..end].match_indices('\n').nth(*lines) {
        end = i;
    }
    let taken = &s[..end];
    *budget -= taken.len();
    *lines -= taken.matches('\n').count();
    (taken.to_owned(), end < s.len())
}

impl Kept {
    /// The bounded form of `d`.
    pub(crate) fn new(d: &Diagnostic) -> Kept {
        let snippet = d.range.as_ref().and(d.snippet.as_ref()).map(|s| {
            let code = s.code.as_str();
            let clamp = |n: i64| usize::try_from(n.max(0)).unwrap_or(0).min(code.len());
            let start = clamp(s.highlight_start_offset);
            let mut end = clamp(s.highlight_end_offset);
            if end < start {
                end = (start + 1).min(code.len());
            }
            let (before, highlight, after) =
                match (code.get(..start), code.get(start..end), code.get(end..)) {
                    (Some(b), Some(h), Some(a)) => (b, h, a),
                    _ => (code, "", ""),
                };
            let mut budget = bounds::SNIPPET;
            let mut lines = bounds::SNIPPET_LINES - 1;
            let (before, cut_b) = take(before, &mut budget, &mut lines);
            let (highlight, cut_h) = if cut_b {
                (String::new(), !highlight.is_empty())
            } else {
                take(highlight, &mut budget, &mut lines)
            };
            let (after, cut_a) = if cut_b || cut_h {
                (String::new(), !after.is_empty())
            } else {
                take(after, &mut budget, &mut lines)
            };
            let mut values: Vec<(String, String)> = s
                .values
                .iter()
                .take(bounds::SNIPPET_VALUES)
                .map(|v| {
                    (
                        cut(&v.traversal, bounds::FIELD),
                        cut(&v.statement, bounds::FIELD),
                    )
                })
                .collect();
            values.sort();
            Snippet {
                context: s.context.as_deref().map(|c| cut(c, bounds::FIELD)),
                start_line: s.start_line,
                before,
                highlight,
                after,
                cut: cut_b || cut_h || cut_a,
                call: s
                    .function_call
                    .as_ref()
                    .filter(|c| c.signature.is_some())
                    .map(|c| cut(&c.called_as, bounds::FIELD)),
                values,
                more_values: s.values.len().saturating_sub(bounds::SNIPPET_VALUES),
            }
        });
        Kept {
            severity: d.severity.clone(),
            summary: cut(&d.summary, bounds::FIELD),
            detail: cut(&d.detail, bounds::DETAIL),
            detail_cut: d.detail.len() > bounds::DETAIL,
            address: d.address.as_deref().map(|a| cut(a, bounds::FIELD)),
            range: d
                .range
                .as_ref()
                .map(|r| (cut(&r.filename, bounds::FIELD), r.start.line)),
            snippet,
        }
    }
}

/// The lines of the snippet's code, numbered, with the highlighted range underlined (on each
/// line it spans, so that no colour runs past a line).
fn code_lines(s: &Snippet, style: &Style, out: &mut String) {
    let mut lines: Vec<String> = vec![String::new()];
    for (piece, underlined) in [(&s.before, false), (&s.highlight, true), (&s.after, false)] {
        for (i, part) in piece.split('\n').enumerate() {
            if i > 0 {
                lines.push(String::new());
            }
            let shown = text(part);
            let Some(last) = lines.last_mut() else {
                continue;
            };
            if underlined {
                last.push_str(&style.underline(&shown));
            } else {
                last.push_str(&shown);
            }
        }
    }
    for (i, l) in lines.iter().enumerate() {
        let n = s.start_line.saturating_add(i as i64);
        out.push_str(&format!("{n:>4}: {l}\n"));
    }
    if s.cut {
        out.push_str("      … (the rest of the snippet is not shown)\n");
    }
}

/// Renders one diagnostic; the text ends with a newline.
pub(crate) fn render(d: &Kept, style: &Style) -> String {
    let mut out = String::new();
    let summary = line(&d.summary);
    match d.severity {
        Severity::Error => out.push_str(&style.red(&format!("Error: {summary}"))),
        Severity::Warning => out.push_str(&style.yellow(&format!("Warning: {summary}"))),
        _ => out.push_str(&summary),
    }
    out.push_str("\n\n");
    if let Some(a) = &d.address {
        out.push_str(&format!("  with {},\n", line(a)));
    }
    if let Some((filename, start)) = &d.range {
        let filename = line(filename);
        match &d.snippet {
            None => out.push_str(&format!(
                "  on {filename} line {start}:\n  (source code not available)\n"
            )),
            Some(snippet) => {
                let context = snippet
                    .context
                    .as_deref()
                    .map(|c| format!(", in {}", line(c)))
                    .unwrap_or_default();
                out.push_str(&format!("  on {filename} line {start}{context}:\n"));
                code_lines(snippet, style, &mut out);
                if !snippet.values.is_empty() || snippet.call.is_some() {
                    out.push_str("    ├────────────────\n");
                    if let Some(c) = &snippet.call {
                        out.push_str(&format!("    │ while calling {}(…)\n", line(c)));
                    }
                    for (traversal, statement) in &snippet.values {
                        out.push_str(&format!("    │ {} {}\n", line(traversal), line(statement)));
                    }
                    if snippet.more_values > 0 {
                        out.push_str(&format!(
                            "    │ … and {} more\n",
                            bounds::count(snippet.more_values as u64)
                        ));
                    }
                }
            }
        }
        out.push('\n');
    }
    if !d.detail.is_empty() {
        out.push_str(&text(&d.detail));
        out.push('\n');
        if d.detail_cut {
            out.push_str("… (the rest of the detail is not shown)\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagnostic(json: &str) -> Diagnostic {
        let line = format!(
            r#"{{"@level":"error","@message":"x","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","diagnostic":{json},"type":"diagnostic"}}"#
        );
        match tfshow_ui::Message::parse(&line).expect("message").body {
            tfshow_ui::Body::Diagnostic(d) => d,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_field_is_escaped() {
        let d = diagnostic(
            r#"{"severity":"error","summary":"s\u001b[2J\r","detail":"d1\r\u001b]0;t\u0007\nd2\u202e","address":"a.b[\"\u009b31m\"]","range":{"filename":"m\u200b.tf","start":{"line":2,"column":1,"byte":0},"end":{"line":2,"column":2,"byte":1}},"snippet":{"context":"c\u001b","code":"x\r = \u001b[1A1\ny","start_line":2,"highlight_start_offset":0,"highlight_end_offset":1,"values":[{"traversal":"var.\u001b","statement":"is \"\u2066\""}]}}"#,
        );
        let out = render(&Kept::new(&d), &Style { color: false });
        assert!(
            !out.chars()
                .any(|c| c != '\n' && tfshow_escape::terminal::is_unsafe(c)),
            "{out:?}"
        );
        assert!(out.starts_with("Error: s\\u001b[2J\\u000d\n"), "{out}");
        assert!(out.contains("  with a.b[\"\\u009b31m\"],\n"), "{out}");
        assert!(
            out.contains("  on m\\u200b.tf line 2, in c\\u001b:\n"),
            "{out}"
        );
        assert!(
            out.contains("   2: x\\u000d = \\u001b[1A1\n   3: y\n"),
            "{out}"
        );
        assert!(
            out.contains("d1\\u000d\\u001b]0;t\\u0007\nd2\\u202e\n"),
            "{out}"
        );
        assert!(out.contains("    │ var.\\u001b is \"\\u2066\"\n"), "{out}");
    }

    #[test]
    fn underline_is_closed_on_each_line() {
        let d = diagnostic(
            r#"{"severity":"error","summary":"s","detail":"","range":{"filename":"m.tf","start":{"line":1,"column":1,"byte":0},"end":{"line":2,"column":2,"byte":1}},"snippet":{"context":null,"code":"ab\ncd","start_line":1,"highlight_start_offset":1,"highlight_end_offset":4,"values":[]}}"#,
        );
        let out = render(&Kept::new(&d), &Style { color: true });
        assert!(
            out.contains("   1: a\x1b[4mb\x1b[0m\n   2: \x1b[4mc\x1b[0md\n"),
            "{out:?}"
        );
    }

    #[test]
    fn giant_fields_are_cut() {
        let big = "x".repeat(1 << 20);
        let lines = "l\n".repeat(10_000);
        let d = diagnostic(&format!(
            r#"{{"severity":"error","summary":"{big}","detail":"{big}","address":"{big}","range":{{"filename":"{big}","start":{{"line":1,"column":1,"byte":0}},"end":{{"line":1,"column":1,"byte":0}}}},"snippet":{{"context":"{big}","code":"{}","start_line":1,"highlight_start_offset":5,"highlight_end_offset":7,"values":[{}]}}}}"#,
            lines.replace('\n', "\\n"),
            vec![r#"{"traversal":"var.x","statement":"is 1"}"#; 1000].join(",")
        ));
        let out = render(&Kept::new(&d), &Style { color: false });
        assert!(out.len() < 40 * 1024, "{} bytes", out.len());
        assert!(out.contains("… (the rest of the snippet is not shown)"));
        assert!(out.contains("… (the rest of the detail is not shown)"));
        assert!(out.contains("    │ … and 980 more\n"));
        assert_eq!(out.matches("\n  20: ").count(), 1, "{out}");
        assert_eq!(out.matches("\n  21: ").count(), 0, "{out}");
    }
}
