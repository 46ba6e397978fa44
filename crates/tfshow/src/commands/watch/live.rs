//! The progress view on a terminal: a status block at the bottom (progress bar, counts,
//! resources in flight with their elapsed time) redrawn in place, with event lines scrolling
//! above it.
//!
//! The view's own escapes (cursor up, erase, colours) are the only ones written: every address
//! and action from the stream goes through [`tfshow_escape::terminal::line`], and each status
//! line is cut to the terminal's width so that erasing the block erases exactly what was
//! drawn.

use std::time::Instant;

use tfshow_escape::terminal::line;

use super::bounds;
use super::report::duration;
use super::style::Style;
use super::tracker::Tracker;

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

/// The status block and how many lines of it are on screen.
pub(crate) struct Live {
    drawn: usize,
    width: usize,
    started: Instant,
    style: Style,
}

impl Live {
    pub fn new(style: Style) -> Live {
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse::<usize>().ok())
            .filter(|&w| w >= 20)
            .unwrap_or(80);
        Live {
            drawn: 0,
            width,
            started: Instant::now(),
            style,
        }
    }

    /// Erases the status block (call before printing event lines).
    pub fn clear(&mut self, out: &mut String) {
        if self.drawn > 0 {
            out.push_str(&format!("\x1b[{}A\r\x1b[J", self.drawn));
            self.drawn = 0;
        }
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
            let secs = op.seen.elapsed().as_secs();
            // Cut before escaping, so that a giant address is not escaped whole.
            let addr = bounds::cut(&row.addr, self.width * 4);
            let text = format!(
                "  {} {} {}",
                line(&addr),
                line(&op.action),
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
        for l in &lines {
            out.push_str(l);
            out.push_str("\x1b[K\n");
        }
        self.drawn = lines.len();
    }
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
        let mut live = Live::new(Style { color: false });
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
}
