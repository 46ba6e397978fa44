//! `tfshow watch`: renders a live `-json` stream.
//!
//! On a terminal a progress view (resources in flight with their elapsed time, counts and a
//! progress bar) is redrawn under the messages; otherwise every message becomes one plain
//! line, prefixed with its time since the first message. Either way a report follows at the
//! end (see [`report`]), its verdict last. The command fails (exit 1) when the stream reports
//! an error.
//!
//! Everything printed that came from the stream goes through [`tfshow_escape::terminal`]
//! (lines that are not JSON included), so nothing in it can move the cursor, recolour text or
//! fake a line: the only escapes written are the view's own. Everything kept is bounded (see
//! [`bounds`]), so a stream of gigabytes is watched in bounded memory.

mod bounds;
mod diagnostic;
mod live;
mod report;
mod style;
mod tracker;

use std::fmt::Write as _;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tfshow_escape::terminal::{line, Line};
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
    if tracker.bad_lines > bounds::MAX_WARNINGS {
        eprintln!(
            "tfshow: warning: {} more lines could not be read as messages (only the first {} are reported)",
            bounds::count(tracker.bad_lines - bounds::MAX_WARNINGS),
            bounds::MAX_WARNINGS
        );
    }
    let mut out = String::from("\n");
    out.push_str(&report::render(&tracker, &style));
    emit(&out)?;
    if tracker.has_errors() {
        return Err(CliError::StreamFailed(failure(&tracker)));
    }
    Ok(())
}

/// The error line for a failed stream: the number of errors and the first few errored and
/// unfinished resources (escaped).
fn failure(t: &Tracker) -> String {
    const SHOWN: usize = 10;
    let mut names = String::new();
    let mut list = |what: &str, all: &mut dyn Iterator<Item = &str>, more: u64| {
        let first: Vec<String> = (&mut *all)
            .take(SHOWN)
            .map(|a| bounds::cut_chars(&line(a), bounds::CELL))
            .collect();
        let more = more + all.count() as u64;
        if first.is_empty() && more == 0 {
            return;
        }
        names.push_str(&format!("; {what}: {}", first.join(", ")));
        if more > 0 {
            names.push_str(&format!(" and {} more", bounds::count(more)));
        }
    };
    list(
        "errored",
        &mut t.failed_resources.iter().map(String::as_str),
        t.more_failed,
    );
    list("unfinished", &mut t.unfinished(), t.unfinished_untracked());
    format!(
        "the stream reports {} error(s){names}",
        bounds::count(t.errors)
    )
}

fn emit(s: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(s.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(CliError::Write)
}

/// Appends `mm:ss.mmm` since the first message.
fn push_stamp(out: &mut String, tracker: &Tracker, m: &Message) {
    match tracker.offset_us(m) {
        Some(us) => {
            let ms = us.max(0) / 1000;
            let _ = write!(
                out,
                "{:02}:{:02}.{:03}",
                ms / 60_000,
                ms / 1000 % 60,
                ms % 1000
            );
        }
        None => out.push_str("--:--.---"),
    }
}

/// `mm:ss.mmm` since the first message.
fn stamp(tracker: &Tracker, m: &Message) -> String {
    let mut s = String::with_capacity(9);
    push_stamp(&mut s, tracker, m);
    s
}

/// A message's `@message`, cut and escaped for one line.
fn message_text(m: &Message) -> String {
    Line(&bounds::cut_str(&m.envelope.message, bounds::FIELD)).to_string()
}

/// Counts a bad line, adds its warning for standard error to `warnings` (the first
/// [`bounds::MAX_WARNINGS`]) and returns what to show in the stream: the text Terraform
/// printed, or the `@message` of a malformed message, cut and escaped.
fn bad_line(tracker: &mut Tracker, e: &LineError, warnings: &mut String) -> Option<String> {
    tracker.bad_lines += 1;
    if tracker.bad_lines <= bounds::MAX_WARNINGS {
        // The parser's message may quote the line.
        let warning = bounds::cut(&e.to_string(), bounds::FIELD);
        let _ = writeln!(warnings, "tfshow: warning: {}", Line(&warning));
    }
    let text = e.text.as_deref()?;
    // Terraform's crash banner is printed into the stream as text: the run failed.
    if !tracker.crashed && text.contains("TERRAFORM CRASH") {
        tracker.crashed = true;
        tracker.error();
    }
    let shown = |t: &str| format!("          {}", line(&bounds::cut(t, bounds::FIELD)));
    match &e.problem {
        Problem::Parse(ParseError::NotJson { .. } | ParseError::NotUtf8) => {
            Some(shown(text.trim_end()))
        }
        Problem::Parse(ParseError::UnsupportedVersion { .. }) => {
            // The format says to reject such a stream: nothing after it is read.
            tracker.error();
            None
        }
        _ => Message::peek_message(text).map(|m| shown(&m)),
    }
}

/// The longest stream line read (`--limit line-length`).
fn max_line() -> usize {
    usize::try_from(super::limits().max_line_length).unwrap_or(usize::MAX)
}

fn watch_plain(input: Box<dyn Read + Send>, tracker: &mut Tracker) -> Result<(), CliError> {
    let mut out = String::new();
    for item in Reader::with_max_line(input, max_line()) {
        out.clear();
        match item {
            Ok(m) => {
                tracker.handle(&m);
                push_stamp(&mut out, tracker, &m);
                out.push(' ');
                let _ = write!(
                    out,
                    "{}",
                    Line(&bounds::cut_str(&m.envelope.message, bounds::FIELD))
                );
            }
            Err(e) => {
                let mut warning = String::new();
                let shown = bad_line(tracker, &e, &mut warning);
                if !warning.is_empty() {
                    eprint!("{warning}");
                }
                match shown {
                    Some(l) => out.push_str(&l),
                    None => continue,
                }
            }
        }
        out.push('\n');
        emit(&out)?;
    }
    Ok(())
}

/// Event lines waiting to be printed at most (bytes); past this the reading thread waits for
/// the terminal.
const PENDING: usize = 1 << 20;
/// The status block is drawn at most this often while messages arrive (their lines wait
/// at most this long, and are printed together with the block, which is never left erased).
const REDRAW: Duration = Duration::from_millis(25);
/// How often the status block is redrawn when nothing arrives (its clocks).
const TICK: Duration = Duration::from_millis(200);

/// What the reading thread and the view share: the thread takes every message in (so that
/// nothing it allocates is freed on another thread, and at most one message is held at a
/// time) and leaves the lines to print; the view prints them with the status block.
#[derive(Default)]
struct Shared {
    tracker: Tracker,
    /// Event lines for standard output.
    lines: String,
    /// Warnings for standard error.
    warnings: String,
    /// The stream has ended.
    done: bool,
    /// The view waits for lines (the reading thread wakes it only then, not per message).
    waiting: bool,
}

fn lock(m: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reads the stream into `shared`, waiting while too many lines are pending.
fn read_into(input: Box<dyn Read + Send>, shared: &(Mutex<Shared>, Condvar), style: Style) {
    let (state, changed) = shared;
    for item in Reader::with_max_line(input, max_line()) {
        let mut s = lock(state);
        while s.lines.len() + s.warnings.len() >= PENDING {
            s = changed.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
        let s = &mut *s;
        let line = match item {
            Ok(m) => {
                s.tracker.handle(&m);
                event_line(&s.tracker, &m, &style)
            }
            Err(e) => bad_line(&mut s.tracker, &e, &mut s.warnings),
        };
        if let Some(l) = line {
            s.lines.push_str(&l);
            s.lines.push('\n');
        }
        if s.waiting && !(s.lines.is_empty() && s.warnings.is_empty()) {
            s.waiting = false;
            changed.notify_all();
        }
    }
    lock(state).done = true;
    changed.notify_all();
}

fn watch_live(
    input: Box<dyn Read + Send>,
    tracker: &mut Tracker,
    style: Style,
) -> Result<(), CliError> {
    let shared = Arc::new((Mutex::new(Shared::default()), Condvar::new()));
    let reader = {
        let shared = Arc::clone(&shared);
        std::thread::spawn(move || read_into(input, &shared, style))
    };
    let (state, changed) = &*shared;
    let mut live = Live::new(style);
    let mut drawn_at: Option<Instant> = None;
    loop {
        // Wait for lines (or the end, or the tick), then until the block may be drawn again.
        {
            let mut s = lock(state);
            s.waiting = true;
            let (mut s, _) = changed
                .wait_timeout_while(s, TICK, |s| {
                    s.lines.is_empty() && s.warnings.is_empty() && !s.done
                })
                .unwrap_or_else(PoisonError::into_inner);
            s.waiting = false;
            // A reading thread that panicked ends the stream too.
            let done = s.done || reader.is_finished();
            drop(s);
            if let (Some(at), false) = (drawn_at, done) {
                std::thread::sleep((at + REDRAW).saturating_duration_since(Instant::now()));
            }
        }
        let mut out = String::new();
        live.clear(&mut out);
        let mut block = String::new();
        let (lines, warnings, done) = {
            let mut s = lock(state);
            let lines = std::mem::take(&mut s.lines);
            let warnings = std::mem::take(&mut s.warnings);
            let done = s.done || reader.is_finished();
            if !done {
                live.draw(&s.tracker, &mut block);
            }
            (lines, warnings, done)
        };
        changed.notify_all();
        if !warnings.is_empty() {
            // Between erasing the block and drawing it again, so that it erases only itself.
            emit(&out)?;
            out.clear();
            eprint!("{warnings}");
        }
        out.push_str(&lines);
        out.push_str(&block);
        drawn_at = Some(Instant::now());
        emit(&out)?;
        if done {
            break;
        }
    }
    let _ = reader.join();
    let mut s = lock(state);
    *tracker = std::mem::take(&mut s.tracker);
    Ok(())
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
    Some(format!("{} {shown}", style.dim(&stamp(tracker, m))))
}
