//! The line shown for each message and for each line that is not one, and the warning a bad
//! line gets on standard error. Everything from the stream in them is cut and escaped.

use std::fmt::Write as _;

use tfshow_escape::terminal::{line, Line};
use tfshow_ui::{Body, LineError, Message, ParseError, Problem};

use crate::bounds;
use crate::style::Style;
use crate::tracker::Tracker;

/// What to print for a line that could not be read as a message (see [`Tracker::bad_line`]).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct BadLine {
    /// A warning for standard error, `tfshow: warning: line N: …` (only for the first
    /// [`bounds::MAX_WARNINGS`] bad lines); escaped, no newline.
    pub warning: Option<String>,
    /// The line to show among the messages: the text Terraform printed, or the `@message` of a
    /// malformed message; cut and escaped, indented under the time stamps, no newline.
    pub shown: Option<String>,
}

impl Tracker {
    /// `mm:ss.mmm` since the first message (`--:--.---` without a time stamp).
    pub fn stamp(&self, m: &Message) -> String {
        match self.offset_us(m) {
            Some(us) => {
                let ms = us.max(0) / 1000;
                format!("{:02}:{:02}.{:03}", ms / 60_000, ms / 1000 % 60, ms % 1000)
            }
            None => "--:--.---".to_owned(),
        }
    }

    /// The plain line of a message: its time stamp and `@message` (cut, escaped), no newline.
    pub fn plain_line(&self, m: &Message) -> String {
        let mut out = self.stamp(m);
        out.push(' ');
        let _ = write!(out, "{}", message_text(m));
        out
    }

    /// The line of a message above a live status block: like [`Tracker::plain_line`], in
    /// colour (errors red, warnings yellow, the end of a step green); `None` for progress
    /// heartbeats, which the status block shows.
    pub fn event_line(&self, m: &Message, style: &Style) -> Option<String> {
        if matches!(
            m.body,
            Body::ApplyProgress(_) | Body::EphemeralOpProgress(_)
        ) {
            return None;
        }
        let text = message_text(m);
        let shown = if m.is_error() {
            style.red(&text)
        } else if m.envelope.level == tfshow_ui::Level::Warn {
            style.yellow(&text)
        } else if matches!(m.body, Body::ApplyComplete(_)) {
            style.green(&text)
        } else {
            text
        };
        Some(format!("{} {shown}", style.dim(&self.stamp(m))))
    }

    /// Takes in a line that could not be read as a message: counts it (and what it says: the
    /// crash banner, a newer major version are errors) and returns what to print for it.
    pub fn bad_line(&mut self, e: &LineError) -> BadLine {
        self.bad_lines += 1;
        let mut out = BadLine::default();
        if self.bad_lines <= bounds::MAX_WARNINGS {
            // The parser's message may quote the line.
            let warning = bounds::cut(&e.to_string(), bounds::FIELD);
            out.warning = Some(format!("tfshow: warning: {}", Line(&warning)));
        }
        if matches!(
            e.problem,
            Problem::Parse(ParseError::UnsupportedVersion { .. })
        ) {
            // The format says to reject such a stream: nothing after it is read.
            self.other_error();
            return out;
        }
        let Some(text) = e.text.as_deref() else {
            return out;
        };
        // Terraform's crash banner is printed into the stream as text: the run failed.
        if text.contains("TERRAFORM CRASH") {
            self.crash();
        }
        let shown = |t: &str| format!("          {}", line(&bounds::cut(t, bounds::FIELD)));
        out.shown = match &e.problem {
            Problem::Parse(ParseError::NotJson { .. } | ParseError::NotUtf8) => {
                Some(shown(text.trim_end()))
            }
            _ => Message::peek_message(text).map(|m| shown(&m)),
        };
        out
    }

    /// The warning for standard error after the stream, when more lines could not be read
    /// than were warned about one by one; no newline.
    pub fn more_bad_lines(&self) -> Option<String> {
        (self.bad_lines > bounds::MAX_WARNINGS).then(|| {
            format!(
                "tfshow: warning: {} more lines could not be read as messages (only the first {} are reported)",
                bounds::count(self.bad_lines - bounds::MAX_WARNINGS),
                bounds::MAX_WARNINGS
            )
        })
    }
}

/// A message's `@message`, cut and escaped for one line.
fn message_text(m: &Message) -> String {
    Line(&bounds::cut_str(&m.envelope.message, bounds::FIELD)).to_string()
}
