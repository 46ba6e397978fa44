//! The report printed when the stream ends: per-resource results, diagnostics, the change
//! summary, outputs (sensitive values hidden) and the verdict.

use super::diagnostic;
use super::style::Style;
use super::tracker::{OpState, Row, Tracker};

/// A duration for people: `3ms`, `1.2s`, `2m5s`.
pub(crate) fn duration(us: i64) -> String {
    let us = us.max(0);
    if us < 1_000 {
        "<1ms".to_owned()
    } else if us < 1_000_000 {
        format!("{}ms", us / 1000)
    } else if us < 60_000_000 {
        format!("{:.1}s", us as f64 / 1e6)
    } else {
        let s = us / 1_000_000;
        format!("{}m{}s", s / 60, s % 60)
    }
}

/// The result of a row once the stream has ended.
fn result(row: &Row, applying: bool) -> &'static str {
    let errored = row.ops.iter().any(|o| o.state == OpState::Errored);
    let running = row.ops.iter().any(|o| o.state == OpState::Running);
    let done = row.ops.iter().filter(|o| o.state == OpState::Done).count();
    if errored {
        "errored"
    } else if running {
        "unfinished"
    } else if !row.ops.is_empty() && done >= row.expected {
        "done"
    } else if !row.ops.is_empty() {
        "incomplete"
    } else if row.expected == 0 {
        "no action"
    } else if applying {
        "not started"
    } else {
        "planned"
    }
}

fn action(row: &Row) -> String {
    if row.planned.is_empty() {
        let mut a: Vec<&str> = row.ops.iter().map(|o| o.action.as_str()).collect();
        a.dedup();
        a.join("+")
    } else {
        row.planned.join("+")
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// The whole report; ends with a newline.
pub(crate) fn render(t: &Tracker, style: &Style) -> String {
    let mut out = String::new();
    if !t.rows.is_empty() {
        out.push_str(&style.bold("Resources:"));
        out.push('\n');
        let table: Vec<[String; 4]> = t
            .rows
            .iter()
            .map(|r| {
                let total: Option<i64> = r
                    .ops
                    .iter()
                    .filter_map(|o| o.duration_us())
                    .reduce(|a, b| a + b);
                [
                    r.addr.clone(),
                    action(r),
                    result(r, t.applying).to_owned(),
                    total.map_or_else(|| "-".to_owned(), duration),
                ]
            })
            .collect();
        let header = [
            "ADDRESS".to_owned(),
            "ACTION".to_owned(),
            "RESULT".to_owned(),
            "TIME".to_owned(),
        ];
        let mut widths = [0usize; 4];
        for row in std::iter::once(&header).chain(&table) {
            for (w, c) in widths.iter_mut().zip(row) {
                *w = (*w).max(c.chars().count());
            }
        }
        for (i, row) in std::iter::once(&header).chain(&table).enumerate() {
            let mut line = String::from("  ");
            for (j, (cell, w)) in row.iter().zip(widths).enumerate() {
                let pad = w - cell.chars().count();
                let text = match (i, j, cell.as_str()) {
                    (0, _, _) => style.dim(cell),
                    (_, 2, "errored") => style.red(cell),
                    (_, 2, "done") => style.green(cell),
                    (_, 2, "unfinished" | "incomplete") => style.yellow(cell),
                    _ => cell.clone(),
                };
                line.push_str(&text);
                if j < 3 {
                    line.push_str(&" ".repeat(pad + 2));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for r in &t.rows {
            for p in &r.provision_errors {
                let fatal = r.ops.iter().any(|o| o.state == OpState::Errored);
                let note = if fatal {
                    ""
                } else {
                    " (on_failure = continue)"
                };
                out.push_str(&format!("  {}: provisioner {p:?} errored{note}\n", r.addr));
            }
        }
        out.push('\n');
    }

    if !t.diagnostics.is_empty() {
        out.push_str(&style.bold(&format!("Diagnostics ({}):", t.diagnostics.len())));
        out.push_str("\n\n");
        for d in &t.diagnostics {
            out.push_str(&diagnostic::render(d, style));
            out.push('\n');
        }
    }

    match &t.summary {
        Some(s) => out.push_str(&style.bold(s)),
        None if t.messages == 0 => out.push_str("No messages were read."),
        None => out.push_str("No change summary: the run did not complete."),
    }
    out.push('\n');

    if let Some(outputs) = t.outputs.as_ref().filter(|o| !o.is_empty()) {
        out.push_str("\nOutputs:\n");
        let w = outputs
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0);
        for (name, o) in outputs.iter() {
            let shown = if o.sensitive {
                "(sensitive value)".to_owned()
            } else if let Some(v) = &o.value {
                truncate(v.as_str(), 200)
            } else if let Some(a) = &o.action {
                format!("({a})")
            } else {
                "(known after apply)".to_owned()
            };
            let pad = w - name.chars().count();
            out.push_str(&format!("  {name}{} = {shown}\n", " ".repeat(pad)));
        }
    }

    out.push('\n');
    if t.has_errors() {
        let n = t.errors.len();
        out.push_str(&style.red(&format!(
            "FAILED: the stream reports {n} error{}.",
            if n == 1 { "" } else { "s" }
        )));
        out.push('\n');
        for r in &t.failed_resources {
            out.push_str(&format!("  errored: {r}\n"));
        }
        for r in t.unfinished() {
            out.push_str(&format!("  unfinished: {r}\n"));
        }
    } else {
        out.push_str(&style.green("OK: the stream reports no errors."));
        out.push('\n');
    }
    if t.bad_lines > 0 {
        out.push_str(&format!(
            "{} line{} could not be read as messages (see standard error).\n",
            t.bad_lines,
            if t.bad_lines == 1 { "" } else { "s" }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(duration(3_400), "3ms");
        assert_eq!(duration(800), "<1ms");
        assert_eq!(duration(1_250_000), "1.2s");
        assert_eq!(duration(125_000_000), "2m5s");
    }
}
