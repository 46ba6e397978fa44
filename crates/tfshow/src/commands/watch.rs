//! `tfshow watch`: renders a live `-json` stream.
//!
//! On a terminal a progress view (resources in flight with their elapsed time, counts and a
//! progress bar) is redrawn under the messages, as wide as the terminal (and redrawn when it is
//! resized); otherwise every message becomes one plain line, prefixed with its time since the
//! first message. Either way a report follows at the end ([`tfshow_watch::write_report`]), its
//! verdict last. The command fails (exit 1) when the stream reports an error.
//!
//! What the stream says is tracked by [`tfshow_watch::Tracker`], which escapes everything it
//! returns; this module is the terminal side: reading on a thread, the live view, signals.
//!
//! In `terraform apply -json | tfshow watch`, Ctrl-C reaches both programs. Terraform then
//! stops gracefully and goes on writing, so the first Ctrl-C does not end `watch`: it says it
//! waits and reads on to the end of the input (Terraform never meets a closed pipe), then
//! prints the report. A second Ctrl-C quits at once (exit 130), leaving the terminal clean.
//!
//! Input that is not a `-json` stream (human output, a plan file, a JSON plan, a state) is
//! refused after its first lines ([`tfshow_watch::sniff`]) with a hint; from a pipe the rest is
//! still read (not shown), so that the program writing it is not cut off.

mod live;
mod signals;
mod terminal;

use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tfshow_ui::Reader;
use tfshow_watch::sniff::{NotAStream, Sniffer, Verdict};
use tfshow_watch::{Style, Tracker};

use super::{display, CliError};
use crate::args::WatchArgs;
use live::Live;

/// What `watch` says after the first Ctrl-C.
const WAITING: &str = "tfshow: waiting for Terraform to stop; Ctrl-C again to quit";

/// Runs `tfshow watch`.
pub(crate) fn run(args: &WatchArgs) -> Result<(), CliError> {
    let from_stdin = args.file == Path::new("-");
    let (input, path): (Box<dyn Read + Send>, String) = if from_stdin {
        if std::io::stdin().is_terminal() {
            return Err(CliError::Usage(
                "watch reads a -json stream from a pipe or a file, and nothing is piped in: run terraform apply -json | tfshow watch (or tfshow watch FILE)".into(),
            ));
        }
        (Box::new(std::io::stdin()), "<stdin>".to_owned())
    } else {
        let file = std::fs::File::open(&args.file).map_err(|source| CliError::Read {
            path: display(&args.file),
            source,
        })?;
        (Box::new(file), display(&args.file))
    };
    let live = !args.plain && std::io::stdout().is_terminal();
    let style = Style::new(live && color_allowed());
    let shared = Arc::new((Mutex::new(Shared::default()), Condvar::new()));
    // Before anything is read: a Ctrl-C from now on is counted, not fatal.
    let _signals = signals::listen(Arc::clone(&shared));
    let reader = {
        let shared = Arc::clone(&shared);
        let options = ReadOptions {
            style,
            live,
            drain: from_stdin,
        };
        std::thread::spawn(move || read_into(input, &shared, options))
    };
    show(
        &shared,
        &reader,
        live.then(|| Live::new(style, terminal::width())),
        style,
    )?;
    let _ = reader.join();
    let (state, _) = &*shared;
    let mut s = lock(state);
    if let Some(refused) = s.refused {
        let message = if s.refusal_shown {
            "not a -json stream".to_owned()
        } else {
            refused.to_string()
        };
        return Err(CliError::Ui { path, message });
    }
    let tracker = std::mem::take(&mut s.tracker);
    drop(s);
    if let Some(w) = tracker.more_bad_lines() {
        eprintln!("{w}");
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(b"\n")
        .and_then(|()| tfshow_watch::write_report(&tracker, &style, &mut stdout))
        .and_then(|()| stdout.flush())
        .map_err(CliError::Write)?;
    if tracker.has_errors() {
        return Err(CliError::StreamFailed(tfshow_watch::failure(&tracker)));
    }
    Ok(())
}

/// Colours follow the `NO_COLOR` convention: only a non-empty value turns them off.
fn color_allowed() -> bool {
    !super::color::disabled_by_env()
}

fn emit(s: &str) -> Result<(), CliError> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(s.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(CliError::Write)
}

/// The longest stream line read (`--limit line-length`).
fn max_line() -> usize {
    usize::try_from(super::limits().max_line_length).unwrap_or(usize::MAX)
}

/// Event lines waiting to be printed at most (bytes); past this the reading thread waits for
/// the terminal.
const PENDING: usize = 1 << 20;
/// The status block is drawn at most this often while messages arrive (their lines wait
/// at most this long, and are printed together with the block, which is never left erased).
const REDRAW: Duration = Duration::from_millis(25);
/// How often the status block is redrawn when nothing arrives (its clocks).
const TICK: Duration = Duration::from_millis(200);
/// How often the plain view looks whether the reading thread ended without saying so.
const CHECK: Duration = Duration::from_secs(1);

/// What the reading thread, the signal thread and the view share: the reading thread takes
/// every message in (so that nothing it allocates is freed on another thread, and at most one
/// message is held at a time) and leaves the lines to print; the view prints them.
#[derive(Default)]
pub(crate) struct Shared {
    tracker: Tracker,
    /// Event lines for standard output.
    lines: String,
    /// Lines held back until the input is known to be a stream.
    held: String,
    /// Their warnings.
    held_warnings: String,
    /// Warnings for standard error.
    warnings: String,
    /// The stream has ended (or a refused input was read to its end).
    done: bool,
    /// The input is not a `-json` stream.
    refused: Option<NotAStream>,
    /// The refusal was printed while the rest of the input was read.
    refusal_shown: bool,
    /// The view waits for lines (the reading thread wakes it only then, not per message).
    waiting: bool,
    /// Ctrl-Cs received.
    pub(crate) interrupts: u32,
    /// The terminal was resized.
    pub(crate) resized: bool,
}

/// The state shared with the threads, and its condition variable.
pub(crate) type SharedState = (Mutex<Shared>, Condvar);

pub(crate) fn lock(m: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[derive(Clone, Copy)]
struct ReadOptions {
    style: Style,
    /// Lines for the live view (progress left to the status block) or plain ones.
    live: bool,
    /// Read a refused input to its end (a pipe: its writer must not meet a closed pipe).
    drain: bool,
}

/// Reads the stream into `shared`, waiting while too many lines are pending.
fn read_into(input: Box<dyn Read + Send>, shared: &SharedState, o: ReadOptions) {
    let (state, changed) = shared;
    let mut input = BufReader::with_capacity(64 * 1024, input);
    let mut sniffer = Sniffer::default();
    loop {
        match input.fill_buf() {
            Ok(head) => {
                sniffer.head(head);
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            // The reader meets it again and reports it.
            Err(_) => break,
        }
    }
    let mut items = Reader::with_max_line(input, max_line());
    let mut refused = match sniffer.verdict() {
        Verdict::Refuse(n) => Some(n),
        _ => None,
    };
    if refused.is_none() {
        for item in items.by_ref() {
            let verdict = sniffer.item(&item);
            if let Verdict::Refuse(n) = verdict {
                refused = Some(n);
                break;
            }
            let mut s = lock(state);
            while s.lines.len() + s.warnings.len() >= PENDING {
                s = changed.wait(s).unwrap_or_else(PoisonError::into_inner);
            }
            let s = &mut *s;
            let (line, warning) = match item {
                Ok(m) => {
                    s.tracker.handle(&m);
                    let line = if o.live {
                        s.tracker.event_line(&m, &o.style)
                    } else {
                        Some(s.tracker.plain_line(&m))
                    };
                    (line, None)
                }
                Err(e) => {
                    let bad = s.tracker.bad_line(&e);
                    (bad.shown, bad.warning)
                }
            };
            let out = if verdict == Verdict::Stream {
                &mut s.lines
            } else {
                &mut s.held
            };
            if let Some(l) = line {
                out.push_str(&l);
                out.push('\n');
            }
            if let Some(w) = warning {
                let out = if verdict == Verdict::Stream {
                    &mut s.warnings
                } else {
                    &mut s.held_warnings
                };
                out.push_str(&w);
                out.push('\n');
            }
            if verdict == Verdict::Stream {
                release_held(s);
            }
            if s.waiting && !(s.lines.is_empty() && s.warnings.is_empty()) {
                s.waiting = false;
                changed.notify_all();
            }
        }
        if refused.is_none() {
            if let Verdict::Refuse(n) = sniffer.end() {
                refused = Some(n);
            }
        }
    }
    if let Some(n) = refused {
        {
            let mut s = lock(state);
            s.refused = Some(n);
            s.held.clear();
            s.held_warnings.clear();
        }
        changed.notify_all();
        if o.drain {
            // Nothing of it is shown or kept.
            for _ in items {}
        }
    } else {
        release_held(&mut lock(state));
    }
    lock(state).done = true;
    changed.notify_all();
}

/// Whether the reading thread ends within a moment (a refused input that was all there).
fn reader_ends_soon(shared: &SharedState) -> bool {
    let (state, changed) = shared;
    let s = lock(state);
    let (s, _) = changed
        .wait_timeout_while(s, Duration::from_millis(250), |s| !s.done)
        .unwrap_or_else(PoisonError::into_inner);
    s.done
}

/// Moves the lines held back before the input was known to be a stream in front of the others.
fn release_held(s: &mut Shared) {
    if !s.held.is_empty() {
        let held = std::mem::take(&mut s.held);
        s.lines.insert_str(0, &held);
    }
    if !s.held_warnings.is_empty() {
        let held = std::mem::take(&mut s.held_warnings);
        s.warnings.insert_str(0, &held);
    }
}

/// Prints the stream as it is read until it ends: event lines, warnings on standard error, the
/// status block under them when `live`; the note after the first Ctrl-C. Returns
/// [`CliError::Interrupted`] after the second, once the status block is erased.
fn show(
    shared: &SharedState,
    reader: &std::thread::JoinHandle<()>,
    mut live: Option<Live>,
    style: Style,
) -> Result<(), CliError> {
    let (state, changed) = shared;
    let mut drawn_at: Option<Instant> = None;
    let mut noted = 0u32;
    let mut refusal_seen = false;
    loop {
        // Wait for lines (or the end, a signal, the tick), then until the block may be drawn
        // again.
        {
            let mut s = lock(state);
            s.waiting = true;
            let wait = if live.is_some() { TICK } else { CHECK };
            let (mut s, _) = changed
                .wait_timeout_while(s, wait, |s| {
                    s.lines.is_empty()
                        && s.warnings.is_empty()
                        && !s.done
                        && s.interrupts == noted
                        && !s.resized
                        && s.refused.is_some() == refusal_seen
                })
                .unwrap_or_else(PoisonError::into_inner);
            s.waiting = false;
            // A reading thread that panicked ends the stream too.
            let hurry = s.done || reader.is_finished() || s.interrupts != noted || s.resized;
            drop(s);
            if let (Some(at), false, true) = (drawn_at, hurry, live.is_some()) {
                std::thread::sleep((at + REDRAW).saturating_duration_since(Instant::now()));
            }
        }
        let mut out = String::new();
        let (lines, warnings, done, interrupts, resized, refused) = {
            let mut s = lock(state);
            (
                std::mem::take(&mut s.lines),
                std::mem::take(&mut s.warnings),
                s.done || reader.is_finished(),
                s.interrupts,
                std::mem::take(&mut s.resized),
                s.refused,
            )
        };
        changed.notify_all();
        if let Some(live) = live.as_mut() {
            if resized {
                live.resize(terminal::width());
            }
            live.clear(&mut out);
        }
        if interrupts >= 2 {
            emit(&out)?;
            return Err(CliError::Interrupted);
        }
        if let Some(n) = refused {
            if !refusal_seen && !done && !reader_ends_soon(shared) {
                // The rest is read, not shown: say why nothing happens.
                emit(&out)?;
                out.clear();
                eprintln!(
                    "tfshow: {n}\ntfshow: reading the rest of the input without showing it, so that the program writing it is not cut off; Ctrl-C twice to quit"
                );
                lock(state).refusal_shown = true;
            }
            refusal_seen = true;
        }
        if !warnings.is_empty() {
            // Between erasing the block and drawing it again, so that it erases only itself.
            emit(&out)?;
            out.clear();
            eprint!("{warnings}");
        }
        out.push_str(&lines);
        if interrupts > noted {
            if noted == 0 {
                out.push_str(&style.yellow(WAITING));
                out.push('\n');
                if let Some(live) = live.as_mut() {
                    live.note(WAITING);
                }
            }
            noted = interrupts;
        }
        if let (Some(live), false, None) = (live.as_mut(), done, refused) {
            let s = lock(state);
            live.draw(&s.tracker, &mut out);
        }
        drawn_at = Some(Instant::now());
        emit(&out)?;
        if done {
            return Ok(());
        }
    }
}
