//! Diagnostics as text, the way Terraform prints them without colour: summary, the
//! resource, the source location and snippet with the values of its references, detail.

use tfshow_ui::{Diagnostic, Severity};

use super::style::Style;

/// Replaces control characters (other than tab) with the Unicode replacement character,
/// as Terraform does for source code and file names it shows.
fn printable(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_control() && c != '\t' && c != '\n' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect()
}

/// Renders one diagnostic; the text ends with a newline.
pub(crate) fn render(d: &Diagnostic, style: &Style) -> String {
    let mut out = String::new();
    match d.severity {
        Severity::Error => out.push_str(&style.red(&format!("Error: {}", d.summary))),
        Severity::Warning => out.push_str(&style.yellow(&format!("Warning: {}", d.summary))),
        _ => out.push_str(&d.summary),
    }
    out.push_str("\n\n");
    if let Some(a) = &d.address {
        out.push_str(&format!("  with {a},\n"));
    }
    if let Some(range) = &d.range {
        match &d.snippet {
            None => out.push_str(&format!(
                "  on {} line {}:\n  (source code not available)\n",
                printable(&range.filename),
                range.start.line
            )),
            Some(snippet) => {
                let context = snippet
                    .context
                    .as_ref()
                    .map(|c| format!(", in {c}"))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "  on {} line {}{context}:\n",
                    printable(&range.filename),
                    range.start.line
                ));
                let code = &snippet.code;
                let clamp = |n: i64| usize::try_from(n.max(0)).unwrap_or(0).min(code.len());
                let start = clamp(snippet.highlight_start_offset);
                let mut end = clamp(snippet.highlight_end_offset);
                if end < start {
                    end = (start + 1).min(code.len());
                }
                let (before, highlight, after) =
                    match (code.get(..start), code.get(start..end), code.get(end..)) {
                        (Some(b), Some(h), Some(a)) => (b, h, a),
                        _ => (code.as_str(), "", ""),
                    };
                let text = format!(
                    "{}{}{}",
                    printable(before),
                    style.underline(&printable(highlight)),
                    printable(after)
                );
                for (i, line) in text.split('\n').enumerate() {
                    out.push_str(&format!("{:>4}: {line}\n", snippet.start_line + i as i64));
                }
                let call = snippet
                    .function_call
                    .as_ref()
                    .filter(|c| c.signature.is_some());
                if !snippet.values.is_empty() || call.is_some() {
                    let mut values: Vec<_> = snippet.values.iter().collect();
                    values.sort_by(|a, b| a.traversal.cmp(&b.traversal));
                    out.push_str("    ├────────────────\n");
                    if let Some(c) = call {
                        out.push_str(&format!("    │ while calling {}(…)\n", c.called_as));
                    }
                    for v in values {
                        out.push_str(&format!("    │ {} {}\n", v.traversal, v.statement));
                    }
                }
            }
        }
        out.push('\n');
    }
    if !d.detail.is_empty() {
        out.push_str(&d.detail);
        out.push('\n');
    }
    out
}
