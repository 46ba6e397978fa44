//! The progress view on a terminal: a status block at the bottom (progress bar, counts,
//! resources in flight with their elapsed time) redrawn in place, with event lines scrolling
//! above it.
//!
//! The view's own escapes (cursor up, erase, colours) are the only ones written: every address
//! and action from the stream goes through [`tfshow_escape::terminal::line`], and each status
//! line is cut to the terminal's width so that erasing the block erases exactly what was
//! drawn. When the terminal gets narrower the block's lines are re-wrapped by the terminal
//! (most terminals do), so the erase counts the rows they now take.

use std::time::Instant;

use tfshow_escape::terminal::line;
use tfshow_watch::{bounds, duration, Style, Tracker};

/// At most this many in-flight resources are listed.
const MAX_IN_FLIGHT: usize = 8;

/// Whether `c` takes two columns on a terminal (East Asian wide and fullwidth characters,
/// emoji); a generous approximation, so that a status line never wraps.
fn is_wide(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{115f}'
        | '\u{2e80}'..='\u{a4cf}'
        | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}'
        | '\u{fe30}'..='\u{fe4f}'
        | '\u{ff00}'..='\u{ff60}'
        | '\u{ffe0}'..='\u{ffe6}'
        | '\u{1f300}'..='\u{1faff}'
        | '\u{20000}'..='\u{3fffd}')
}

/// The display width of `s` (escaped text, no control characters).
fn columns(s: &str) -> usize {
    s.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

/// The status block and what of it is on screen.
pub(crate) struct Live {
    /// The columns of each line drawn.
    drawn: Vec<usize>,
    width: usize,
    started: Instant,
    style: Style,
    /// Said at the bottom of the block (after the first Ctrl-C).
    note: Option<&'static str>,
}

impl Live {
    /// A view for a terminal `width` columns wide.
    pub fn new(style: Style, width: usize) -> Live {
        Live {
            drawn: Vec::new(),
            width: width.max(1),
            started: Instant::now(),
            style,
            note: None,
        }
    }

    /// Says `note` at the bottom of the block from now on.
    pub fn note(&mut self, note: &'static str) {
        self.note = Some(note);
    }

    /// The terminal is now `width` columns wide (call before [`Live::clear`]).
    pub fn resize(&mut self, width: usize) {
        self.width = width.max(1);
    }

    /// Erases the status block (call before printing event lines): moves up by the rows its
    /// lines take at the current width.
    pub fn clear(&mut self, out: &mut String) {
        let rows: usize = self
            .drawn
            .iter()
            .map(|&w| w.div_ceil(self.width).max(1))
            .sum();
        if rows > 0 {
            out.push_str(&format!("\x1b[{rows}A\r\x1b[J"));
        }
        self.drawn.clear();
    }

    /// `s` (escaped text, no control characters) cut to fit one line of the terminal.
    fn fit(&self, s: &str) -> String {
        let max = self.width.saturating_sub(1);
        let mut used = 0;
        for (i, c) in s.char_indices() {
            used += if is_wide(c) { 2 } else { 1 };
            if used > max {
                return s[..i].to_owned();
            }
        }
        s.to_owned()
    }

    /// Draws the status block.
    pub fn draw(&mut self, t: &Tracker, out: &mut String) {
        let c = t.counts();
        let mut lines = Vec::new();
        let bar_width = 24usize;
        let finished = c.done + c.failed;
        let filled = finished
            .saturating_mul(bar_width as u64)
            .checked_div(c.total)
            .unwrap_or(0)
            .min(bar_width as u64) as usize;
        let elapsed = duration(self.started.elapsed().as_micros() as i64);
        let head = format!(
            "[{}{}] {finished}/{} · {} done · {} failed · {} in flight · {} left · {elapsed}",
            "#".repeat(filled),
            ".".repeat(bar_width - filled),
            c.total,
            c.done,
            c.failed,
            c.running,
            c.left(),
        );
        let head = self.fit(&head);
        lines.push(if c.failed > 0 {
            self.style.red(&head)
        } else {
            self.style.bold(&head)
        });
        let mut listed = 0u64;
        for (row, op) in t.in_flight().take(MAX_IN_FLIGHT) {
            let secs = op.running_for().as_secs();
            // Cut before escaping, so that a giant address is not escaped whole.
            let addr = bounds::cut(row.addr(), self.width * 4);
            let text = format!(
                "  {} {} {}",
                line(&addr),
                line(op.action()),
                tfshow_ui::duration_text(secs)
            );
            lines.push(self.fit(&text));
            listed += 1;
        }
        if c.running > listed {
            lines.push(self.fit(&format!(
                "  … and {} more",
                bounds::count(c.running - listed)
            )));
        }
        if let Some(note) = self.note {
            lines.push(self.style.yellow(&self.fit(note)));
        }
        for l in &lines {
            out.push_str(l);
            out.push_str("\x1b[K\n");
        }
        // Colours take no columns: count the text without them.
        self.drawn = lines.iter().map(|l| columns(&strip_sgr(l))).collect();
    }
}

/// `s` without the colours [`Style`] writes.
fn strip_sgr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("\x1b[") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 2..];
        let n = tail.bytes().take_while(u8::is_ascii_digit).count();
        if tail[n..].starts_with('m') {
            rest = &tail[n + 1..];
        } else {
            out.push_str("\x1b[");
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_block_shows_counts_and_resources_in_flight() {
        let mut t = Tracker::default();
        for line in [
            r#"{"@level":"info","@message":"a.b: Plan to replace","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","change":{"resource":{"addr":"a.b","module":"","resource":"a.b","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null},"action":"replace"},"type":"planned_change"}"#,
            r#"{"@level":"info","@message":"a.b: Creating...","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:01.000000Z","hook":{"resource":{"addr":"a.b","module":"","resource":"a.b","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null},"action":"create"},"type":"apply_start"}"#,
        ] {
            t.handle(&tfshow_ui::Message::parse(line).unwrap());
        }
        let mut live = Live::new(Style::new(false), 80);
        let mut out = String::new();
        live.draw(&t, &mut out);
        assert!(
            out.starts_with(
                "[........................] 0/2 · 0 done · 0 failed · 1 in flight · 1 left"
            ),
            "{out}"
        );
        assert!(out.contains("\n  a.b create 0s\x1b[K\n"), "{out}");
        let mut cleared = String::new();
        live.clear(&mut cleared);
        assert_eq!(cleared, "\x1b[2A\r\x1b[J");
    }

    #[test]
    fn lines_fit_the_width_and_a_narrower_terminal_is_erased_whole() {
        let mut t = Tracker::default();
        let addr = format!("a.{}", "x".repeat(300));
        t.handle(&tfshow_ui::Message::parse(&format!(
            r#"{{"@level":"info","@message":"m","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:01.000000Z","hook":{{"resource":{{"addr":"{addr}","module":"","resource":"{addr}","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null}},"action":"create"}},"type":"apply_start"}}"#
        ))
        .unwrap());
        let mut live = Live::new(Style::new(true), 132);
        let mut out = String::new();
        live.draw(&t, &mut out);
        let widths: Vec<usize> = out
            .lines()
            .map(|l| columns(&strip_sgr(l.trim_end_matches("\x1b[K"))))
            .collect();
        // The address line is cut to the width (less one column), not to 80.
        assert_eq!(widths.len(), 2, "{out}");
        assert_eq!(widths[1], 131, "{out}");
        // At 50 columns the terminal re-wraps them: the head takes 2 rows, the address line 3.
        assert!(widths[0] > 50 && widths[0] <= 100, "{out}");
        live.resize(50);
        let mut cleared = String::new();
        live.clear(&mut cleared);
        assert_eq!(cleared, "\x1b[5A\r\x1b[J");
        let mut out = String::new();
        live.draw(&t, &mut out);
        assert!(
            out.lines()
                .all(|l| columns(&strip_sgr(l.trim_end_matches("\x1b[K"))) < 50),
            "{out}"
        );
    }
}
