//! The report printed when the stream ends: per-resource results, diagnostics, the change
//! summary, outputs (sensitive values hidden) and, last, the verdict.
//!
//! Everything from the stream goes through [`tfshow_escape::terminal`]; the report's own
//! colours are written around the escaped text. The verdict is the report's last line, so
//! nothing a stream says (a diagnostic's detail that reads "Apply complete!") can come after
//! it. Rows are listed failures first, then the slowest; at most [`bounds::MAX_SHOWN_ROWS`]
//! of them, and a line says how many more there were and how they ended.

use std::io::Write;

use tfshow_escape::terminal::line;

use crate::bounds::{self, count, plural};
use crate::diagnostic;
use crate::style::Style;
use crate::tracker::{Row, Tracker};

/// A duration for people: `3ms`, `1.2s`, `2m5s` (from microseconds).
pub fn duration(us: i64) -> String {
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
    let steps = row.steps();
    if row.errored() {
        "errored"
    } else if row.running() {
        "unfinished"
    } else if steps > 0 && row.done_steps() >= row.expected {
        "done"
    } else if steps > 0 {
        "incomplete"
    } else if row.expected == 0 {
        "no action"
    } else if applying {
        "not started"
    } else {
        "planned"
    }
}

/// Where a result sorts when rows are folded: failures first.
fn rank(result: &str) -> u8 {
    match result {
        "errored" => 0,
        "unfinished" => 1,
        "incomplete" => 2,
        "not started" => 3,
        _ => 4,
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

/// A table cell: escaped, then cut to [`bounds::CELL`] characters.
fn cell(s: &str) -> String {
    bounds::cut_chars(&line(s), bounds::CELL)
}

/// Rows with their results.
type Results<'a> = Vec<(&'a Row, &'static str)>;

/// The rows shown: the failures first, then the slowest (equal rows in stream order), at
/// most [`bounds::MAX_SHOWN_ROWS`]. Also returns the results of the rows left out, counted.
fn shown_rows(t: &Tracker) -> (Results<'_>, Vec<(&'static str, u64)>) {
    let mut rows: Results<'_> = t.rows.iter().map(|r| (r, result(r, t.applying))).collect();
    let mut folded: Vec<(&'static str, u64)> = Vec::new();
    // Stable: equal rows keep stream order.
    rows.sort_by_key(|(r, res)| (rank(res), std::cmp::Reverse(r.duration_us())));
    if rows.len() > bounds::MAX_SHOWN_ROWS {
        for (_, res) in rows.drain(bounds::MAX_SHOWN_ROWS..) {
            match folded.iter_mut().find(|(r, _)| *r == res) {
                Some((_, n)) => *n += 1,
                None => folded.push((res, 1)),
            }
        }
        folded.sort_by_key(|(res, n)| (rank(res), std::cmp::Reverse(*n)));
    }
    (rows, folded)
}

fn resources(t: &Tracker, style: &Style, out: &mut String) {
    out.push_str(&style.bold("Resources:"));
    out.push('\n');
    let (rows, folded) = shown_rows(t);
    let table: Vec<[String; 4]> = rows
        .iter()
        .map(|(r, res)| {
            [
                cell(&r.addr),
                cell(&action(r)),
                (*res).to_owned(),
                r.duration_us().map_or_else(|| "-".to_owned(), duration),
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
        let mut text = String::from("  ");
        for (j, (c, w)) in row.iter().zip(widths).enumerate() {
            let pad = w - c.chars().count();
            let shown = match (i, j, c.as_str()) {
                (0, _, _) => style.dim(c),
                (_, 2, "errored") => style.red(c),
                (_, 2, "done") => style.green(c),
                (_, 2, "unfinished" | "incomplete") => style.yellow(c),
                _ => c.clone(),
            };
            text.push_str(&shown);
            if j < 3 {
                text.push_str(&" ".repeat(pad + 2));
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    if !folded.is_empty() {
        let n: u64 = folded.iter().map(|(_, n)| n).sum();
        if let [("done", _)] = folded.as_slice() {
            out.push_str(&format!(
                "  … and {} more resource{} completed\n",
                count(n),
                plural(n)
            ));
        } else {
            let what: Vec<String> = folded
                .iter()
                .map(|(res, n)| format!("{} {res}", count(*n)))
                .collect();
            out.push_str(&format!(
                "  … and {} more resource{} not listed ({})\n",
                count(n),
                plural(n),
                what.join(", ")
            ));
        }
    }
    let o = &t.overflow;
    if o.planned + o.started + o.done + o.errored > 0 {
        out.push_str(&format!(
            "  … and more resources, beyond the first {}, only counted: {} planned change{}, {} step{} started, {} done, {} errored\n",
            count(bounds::MAX_TRACKED as u64),
            count(o.planned),
            plural(o.planned),
            count(o.started),
            plural(o.started),
            count(o.done),
            count(o.errored),
        ));
    }
    let mut listed = 0usize;
    let mut more = 0u64;
    for (r, _) in &rows {
        let names = r.provision_errors.iter().map(Some);
        for p in names.chain((r.more_provision_errors > 0).then_some(None)) {
            if listed >= bounds::MAX_NAMED {
                more += 1;
                continue;
            }
            listed += 1;
            let note = if r.errored() {
                ""
            } else {
                " (on_failure = continue)"
            };
            match p {
                Some(p) => out.push_str(&format!(
                    "  {}: provisioner \"{}\" errored{note}\n",
                    cell(&r.addr),
                    line(p)
                )),
                None => out.push_str(&format!(
                    "  {}: {} more provisioner{} errored{note}\n",
                    cell(&r.addr),
                    count(r.more_provision_errors),
                    plural(r.more_provision_errors)
                )),
            }
        }
    }
    if more > 0 {
        out.push_str(&format!(
            "  … and {} more provisioner error line{}\n",
            count(more),
            plural(more)
        ));
    }
    out.push('\n');
}

fn diagnostics(t: &Tracker, style: &Style, out: &mut String) {
    let (errors, others) = t.more_diagnostics;
    let total = t.diagnostics.len() as u64 + errors + others;
    out.push_str(&style.bold(&format!("Diagnostics ({}):", count(total))));
    out.push_str("\n\n");
    for d in &t.diagnostics {
        out.push_str(&diagnostic::render(d, style));
        out.push('\n');
    }
    if errors + others > 0 {
        out.push_str(&format!(
            "… and {} more diagnostic{} not shown ({} error{}, {} other{})\n\n",
            count(errors + others),
            plural(errors + others),
            count(errors),
            plural(errors),
            count(others),
            plural(others),
        ));
    }
}

fn outputs(t: &Tracker, out: &mut String) {
    let Some(outputs) = t.outputs.as_ref().filter(|o| !o.shown.is_empty()) else {
        return;
    };
    out.push_str("\nOutputs:\n");
    let rows: Vec<(String, String)> = outputs
        .shown
        .iter()
        .map(|(name, value)| (cell(name), line(value).into_owned()))
        .collect();
    let w = rows
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    for (name, value) in &rows {
        let pad = w - name.chars().count();
        out.push_str(&format!("  {name}{} = {value}\n", " ".repeat(pad)));
    }
    if outputs.more > 0 {
        out.push_str(&format!(
            "  … and {} more output{}\n",
            count(outputs.more as u64),
            plural(outputs.more as u64)
        ));
    }
}

/// The names under the verdict: errored and unfinished resources, at most
/// [`bounds::MAX_NAMED`] of each.
fn names(t: &Tracker, out: &mut String) {
    for r in &t.failed_resources {
        out.push_str(&format!("  errored: {}\n", cell(r)));
    }
    if t.more_failed > 0 {
        out.push_str(&format!(
            "  … and {} more errored resource{}\n",
            count(t.more_failed),
            plural(t.more_failed)
        ));
    }
    let mut unfinished = t.unfinished();
    for r in unfinished.by_ref().take(bounds::MAX_NAMED) {
        out.push_str(&format!("  unfinished: {}\n", cell(r)));
    }
    let more = unfinished.count() as u64;
    let untracked = t.unfinished_untracked();
    if more + untracked > 0 {
        out.push_str(&format!(
            "  … and {} more unfinished step{}\n",
            count(more + untracked),
            plural(more + untracked)
        ));
    }
}

/// Writes the report of the stream `t` has read to `out`: the resources (failures first, then
/// the slowest, the rest folded), the diagnostics kept, the change summary, the outputs
/// (never a sensitive value) and, on the last line, the verdict (`OK: …` or `FAILED: …`).
/// Its size is bounded whatever the stream was.
pub fn write_report<W: Write + ?Sized>(
    t: &Tracker,
    style: &Style,
    out: &mut W,
) -> std::io::Result<()> {
    out.write_all(render(t, style).as_bytes())
}

/// The one-line reason a failed stream failed, for standard error: the number of errors and
/// the first few errored and unfinished resources (escaped).
pub fn failure(t: &Tracker) -> String {
    const SHOWN: usize = 10;
    let mut names = String::new();
    let mut list = |what: &str, all: &mut dyn Iterator<Item = &str>, more: u64| {
        let first: Vec<String> = (&mut *all).take(SHOWN).map(cell).collect();
        let more = more + all.count() as u64;
        if first.is_empty() && more == 0 {
            return;
        }
        names.push_str(&format!("; {what}: {}", first.join(", ")));
        if more > 0 {
            names.push_str(&format!(" and {} more", count(more)));
        }
    };
    list(
        "errored",
        &mut t.failed_resources.iter().map(String::as_str),
        t.more_failed,
    );
    list("unfinished", &mut t.unfinished(), t.unfinished_untracked());
    let n = t.errors();
    format!("the stream reports {} error{}{names}", count(n), plural(n))
}

/// The whole report; ends with a newline, after the verdict.
pub(crate) fn render(t: &Tracker, style: &Style) -> String {
    let mut out = String::new();
    if !t.rows.is_empty() || t.overflow.planned + t.overflow.started > 0 {
        resources(t, style, &mut out);
    }
    if !t.diagnostics.is_empty() {
        diagnostics(t, style, &mut out);
    }

    match &t.summary {
        Some(s) => out.push_str(&style.bold(&line(s))),
        None if t.messages == 0 => out.push_str("No messages were read."),
        None => out.push_str("No change summary: the run did not complete."),
    }
    out.push('\n');

    outputs(t, &mut out);

    out.push('\n');
    if t.bad_lines > 0 {
        out.push_str(&format!(
            "{} line{} could not be read as messages (see standard error).\n",
            count(t.bad_lines),
            plural(t.bad_lines)
        ));
    }
    if t.has_errors() {
        names(t, &mut out);
        let n = t.errors();
        out.push_str(&style.red(&format!(
            "FAILED: the stream reports {} error{}.",
            count(n),
            plural(n)
        )));
    } else {
        out.push_str(&style.green("OK: the stream reports no errors."));
    }
    out.push('\n');
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

    fn hook(kind: &str, addr: &str, second: u32) -> tfshow_ui::Message {
        tfshow_ui::Message::parse(&format!(
            r#"{{"@level":"info","@message":"m","@module":"terraform.ui","@timestamp":"2026-01-01T00:{:02}:{:02}.000000Z","hook":{{"resource":{{"addr":"{addr}","module":"","resource":"{addr}","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null}},"action":"create"}},"type":"{kind}"}}"#,
            second / 60,
            second % 60
        ))
        .expect("message")
    }

    #[test]
    fn many_rows_fold_with_failures_and_the_slowest_first() {
        let mut t = Tracker::default();
        let n = bounds::MAX_SHOWN_ROWS as u32 + 50;
        for i in 0..n {
            let a = format!("a.r[{i}]");
            t.handle(&hook("apply_start", &a, 0));
            // Every 40th errors; each takes i seconds.
            let end = if i % 40 == 39 {
                "apply_errored"
            } else {
                "apply_complete"
            };
            t.handle(&hook(end, &a, i));
        }
        let out = render(&t, &Style { color: false });
        let rows: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.starts_with("  ADDRESS"))
            .skip(1)
            .take_while(|l| l.starts_with("  a.r["))
            .collect();
        assert_eq!(rows.len(), bounds::MAX_SHOWN_ROWS, "{out}");
        for (row, addr) in rows
            .iter()
            .zip(["a.r[119]", "a.r[79]", "a.r[39]", "a.r[149]", "a.r[148]"])
        {
            assert!(
                row.starts_with(&format!("  {addr} ")),
                "{row} for {addr}\n{out}"
            );
        }
        assert!(
            rows[0].contains("errored") && rows[3].contains("done"),
            "{out}"
        );
        assert!(
            out.contains("  … and 50 more resources completed\n"),
            "{out}"
        );
        // The verdict is the last line, after the names; no diagnostic says why the three
        // failed, so each counts once.
        assert!(
            out.ends_with("  errored: a.r[119]\nFAILED: the stream reports 3 errors.\n"),
            "{out}"
        );
    }

    #[test]
    fn a_ten_thousand_resource_apply_gives_a_bounded_report() {
        let mut t = Tracker::default();
        let start = hook("apply_start", "a.r", 0);
        let complete = hook("apply_complete", "a.r", 1);
        let errored = hook("apply_errored", "a.r", 2);
        let about = |m: &tfshow_ui::Message, addr: &str| {
            let mut m = m.clone();
            if let tfshow_ui::Body::ApplyStart(h)
            | tfshow_ui::Body::ApplyComplete(h)
            | tfshow_ui::Body::ApplyErrored(h) = &mut m.body
            {
                h.resource.addr = addr.to_owned();
            }
            m
        };
        for i in 0..10_000 {
            let a = format!("a.r[{i}]");
            t.handle(&about(&start, &a));
            let end = if i % 1000 == 999 { &errored } else { &complete };
            t.handle(&about(end, &a));
        }
        let mut out = Vec::new();
        write_report(&t, &Style { color: false }, &mut out).expect("write");
        let out = String::from_utf8(out).expect("UTF-8");
        assert!(out.lines().count() < 150, "{out}");
        let rows: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.starts_with("  ADDRESS"))
            .skip(1)
            .take_while(|l| l.starts_with("  a.r["))
            .collect();
        assert_eq!(rows.len(), bounds::MAX_SHOWN_ROWS);
        // The ten failures first.
        assert!(rows[..10].iter().all(|r| r.contains("errored")), "{out}");
        assert!(rows[10..].iter().all(|r| r.contains("done")), "{out}");
        assert!(
            out.contains("  … and 9,900 more resources completed\n"),
            "{out}"
        );
        assert!(
            out.ends_with("FAILED: the stream reports 10 errors.\n"),
            "{out}"
        );
    }
}
