//! The progress view on a terminal: a status block at the bottom (progress bar, counts,
//! resources in flight with their elapsed time) redrawn in place, with event lines scrolling
//! above it.

use std::time::Instant;

use super::report::duration;
use super::style::Style;
use super::tracker::Tracker;

/// At most this many in-flight resources are listed.
const MAX_IN_FLIGHT: usize = 8;

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

    fn fit(&self, s: &str) -> String {
        let max = self.width.saturating_sub(1);
        if s.chars().count() <= max {
            s.to_owned()
        } else {
            s.chars().take(max).collect()
        }
    }

    /// Draws the status block.
    pub fn draw(&mut self, t: &Tracker, out: &mut String) {
        let c = t.counts();
        let mut lines = Vec::new();
        let bar_width = 24usize;
        let finished = c.done + c.failed;
        let filled = (finished * bar_width)
            .checked_div(c.total)
            .unwrap_or(0)
            .min(bar_width);
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
        let in_flight: Vec<_> = t.in_flight().collect();
        for (row, op) in in_flight.iter().take(MAX_IN_FLIGHT) {
            let secs = op.seen.elapsed().as_secs();
            let line = format!(
                "  {} {} {}",
                row.addr,
                op.action,
                tfshow_ui::duration_text(secs)
            );
            lines.push(self.fit(&line));
        }
        if in_flight.len() > MAX_IN_FLIGHT {
            lines.push(format!("  … and {} more", in_flight.len() - MAX_IN_FLIGHT));
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
