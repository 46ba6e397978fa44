//! `tfshow watch`: renders a live `-json` stream.
//!
//! On a terminal a progress view (resources in flight with their elapsed time, counts and a
//! progress bar) is redrawn under the messages; otherwise every message becomes one plain
//! line, prefixed with its time since the first message. Either way a report follows at the
//! end (see [`report`]). The command fails (exit 1) when the stream reports an error.

mod diagnostic;
mod live;
mod report;
mod style;
mod tracker;

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use tfshow_ui::{Body, LineError, Message, ParseError, Problem, Reader};

use super::{display, CliError};
use crate::args::WatchArgs;
use live::Live;
use style::Style;
use tracker::Tracker;

/// Runs `tfshow watch`.
pub(crate) fn run(args: &WatchArgs) -> Result<(), CliError> {
    let input: Box<dyn Read + Send> = if args.file == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(
            std::fs::File::open(&args.file).map_err(|source| CliError::Read {
                path: display(&args.file),
                source,
            })?,
        )
    };
    let terminal = !args.plain && std::io::stdout().is_terminal();
    let style = Style {
        color: terminal && std::env::var_os("NO_COLOR").is_none(),
    };
    let mut tracker = Tracker::default();
    if terminal {
        watch_live(input, &mut tracker, style)?;
    } else {
        watch_plain(input, &mut tracker)?;
    }
    let mut out = String::from("\n");
    out.push_str(&report::render(&tracker, &style));
    emit(&out)?;
    if tracker.has_errors() {
        let mut names = String::new();
        if !tracker.failed_resources.is_empty() {
            names.push_str(&format!(
                "; errored: {}",
                tracker.failed_resources.join(", ")
            ));
        }
        let unfinished = tracker.unfinished();
        if !unfinished.is_empty() {
            names.push_str(&format!("; unfinished: {}", unfinished.join(", ")));
        }
        return Err(CliError::StreamFailed(format!(
            "the stream reports {} error(s){names}",
            tracker.errors.len()
        )));
    }
    Ok(())
}

fn emit(s: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(s.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(CliError::Write)
}

/// The error recorded when the stream contains Terraform's crash banner.
const CRASHED: &str = "Terraform crashed (its crash report is in the stream)";

/// `mm:ss.mmm` since the first message.
fn stamp(tracker: &Tracker, m: &Message) -> String {
    match tracker.offset_us(m) {
        Some(us) => {
            let ms = us.max(0) / 1000;
            format!("{:02}:{:02}.{:03}", ms / 60_000, ms / 1000 % 60, ms % 1000)
        }
        None => "--:--.---".to_owned(),
    }
}

/// Counts a bad line, reports it on standard error and returns what to show in the
/// stream: the text Terraform printed, or the `@message` of a malformed message.
fn bad_line(tracker: &mut Tracker, e: &LineError) -> Option<String> {
    tracker.bad_lines += 1;
    eprintln!("tfshow: warning: {e}");
    let text = e.text.as_deref()?;
    // Terraform's crash banner is printed into the stream as text: the run failed.
    if text.contains("TERRAFORM CRASH") && !tracker.errors.iter().any(|m| m == CRASHED) {
        tracker.errors.push(CRASHED.to_owned());
    }
    match &e.problem {
        Problem::Parse(ParseError::NotJson { .. } | ParseError::NotUtf8) => {
            Some(format!("          {}", text.trim_end()))
        }
        Problem::Parse(ParseError::UnsupportedVersion { .. }) => {
            // The format says to reject such a stream: nothing after it is read.
            tracker.errors.push(e.problem.to_string());
            None
        }
        _ => Message::peek_message(text).map(|m| format!("          {m}")),
    }
}

/// The longest stream line read (`--limit line-length`).
fn max_line() -> usize {
    usize::try_from(super::limits().max_line_length).unwrap_or(usize::MAX)
}

fn watch_plain(input: Box<dyn Read + Send>, tracker: &mut Tracker) -> Result<(), CliError> {
    for item in Reader::with_max_line(input, max_line()) {
        let line = match item {
            Ok(m) => {
                tracker.handle(&m);
                Some(format!("{} {}", stamp(tracker, &m), m.envelope.message))
            }
            Err(e) => bad_line(tracker, &e),
        };
        if let Some(l) = line {
            emit(&format!("{l}\n"))?;
        }
    }
    Ok(())
}

fn watch_live(
    input: Box<dyn Read + Send>,
    tracker: &mut Tracker,
    style: Style,
) -> Result<(), CliError> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for item in Reader::with_max_line(input, max_line()) {
            if tx.send(item).is_err() {
                break;
            }
        }
    });
    let mut live = Live::new(style);
    loop {
        let mut out = String::new();
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(item) => {
                live.clear(&mut out);
                let line = match item {
                    Ok(m) => {
                        tracker.handle(&m);
                        event_line(tracker, &m, &style)
                    }
                    Err(e) => bad_line(tracker, &e),
                };
                if let Some(l) = line {
                    out.push_str(&l);
                    out.push('\n');
                }
                live.draw(tracker, &mut out);
            }
            Err(RecvTimeoutError::Timeout) => {
                live.clear(&mut out);
                live.draw(tracker, &mut out);
            }
            Err(RecvTimeoutError::Disconnected) => {
                live.clear(&mut out);
                emit(&out)?;
                return Ok(());
            }
        }
        emit(&out)?;
    }
}

/// The line shown above the status block for a message (progress heartbeats are left to
/// the status block).
fn event_line(tracker: &Tracker, m: &Message, style: &Style) -> Option<String> {
    if matches!(
        m.body,
        Body::ApplyProgress(_) | Body::EphemeralOpProgress(_)
    ) {
        return None;
    }
    let text = &m.envelope.message;
    let shown = if m.is_error() {
        style.red(text)
    } else if m.envelope.level == tfshow_ui::Level::Warn {
        style.yellow(text)
    } else if matches!(m.body, Body::ApplyComplete(_)) {
        style.green(text)
    } else {
        text.clone()
    };
    Some(format!("{} {shown}", style.dim(&stamp(tracker, m))))
}
