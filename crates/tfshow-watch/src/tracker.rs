//! What a stream has said so far: resources and their operations, diagnostics, the change
//! summary, outputs, and the errors it reported.
//!
//! Everything kept is bounded (see [`bounds`]): at most [`bounds::MAX_TRACKED`] resources are
//! tracked one by one (later ones only in [`Overflow`] counts), each with at most
//! [`bounds::MAX_OPS`] steps; diagnostics, outputs and names are kept up to a number and
//! counted beyond it; every string is cut to a length. Strings are kept as the stream wrote
//! them (cut); they are escaped when they are printed.

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasher;
use std::time::{Duration, Instant};

use tfshow_ui::timestamp::parse_micros;
use tfshow_ui::{Body, ChangeAction, Level, Message, Outputs, ResourceAddr};

use crate::bounds::{self, cut};
use crate::diagnostic::Kept;

/// The state of one apply step of a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpState {
    /// Started (`apply_start`), not ended yet.
    Running,
    /// Ended with `apply_complete`.
    Done,
    /// Ended with `apply_errored`.
    Errored,
}

/// One apply step (`apply_start` … `apply_complete` / `apply_errored`).
#[derive(Debug)]
pub struct Op {
    /// The hook's action (`create`, `delete`, `read`, …).
    pub(crate) action: String,
    /// `@timestamp` of the start, microseconds.
    pub(crate) start_us: Option<i64>,
    /// `@timestamp` of the end, microseconds.
    pub(crate) end_us: Option<i64>,
    /// `elapsed_seconds` of the end message.
    pub(crate) elapsed: Option<f64>,
    pub(crate) state: OpState,
    /// When this process saw the start (for the live view).
    pub(crate) seen: Instant,
}

impl Op {
    /// The hook's action as the stream wrote it (cut, not escaped).
    pub fn action(&self) -> &str {
        &self.action
    }

    /// Whether the step is running, done or errored.
    pub fn state(&self) -> OpState {
        self.state
    }

    /// How long ago this process saw the step start.
    pub fn running_for(&self) -> Duration {
        self.seen.elapsed()
    }

    /// How long the step took, in microseconds, when it ended.
    pub fn duration_us(&self) -> Option<i64> {
        match (self.start_us, self.end_us) {
            (Some(s), Some(e)) if e >= s => Some(e - s),
            _ => self
                .elapsed
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(|s| (s.min(1e12) * 1e6) as i64),
        }
    }
}

/// Finished steps of a row that were folded out of [`Row::ops`] to keep it bounded.
#[derive(Debug, Default)]
pub(crate) struct Folded {
    pub(crate) done: u64,
    pub(crate) errored: u64,
    /// Steps started beyond [`bounds::MAX_OPS`] while all kept steps were running.
    pub(crate) running: u64,
    pub(crate) duration_us: Option<i64>,
}

/// Everything known about one resource instance address.
#[derive(Debug)]
pub struct Row {
    /// The address, cut to [`bounds::FIELD`].
    pub(crate) addr: String,
    /// The hash of the whole address (the key of [`Tracker::index`]).
    key: u64,
    /// The planned actions (more than one when a deposed object is deleted too).
    pub(crate) planned: Vec<String>,
    /// How many apply steps the plan implies.
    pub(crate) expected: u64,
    pub(crate) ops: Vec<Op>,
    /// Steps folded out of `ops`.
    pub(crate) folded: Folded,
    /// Provisioners that errored (the first [`bounds::MAX_PROVISIONERS`]).
    pub(crate) provision_errors: Vec<String>,
    pub(crate) more_provision_errors: u64,
    /// Named in [`Tracker::failed_resources`] (or counted there).
    failed: bool,
}

impl Row {
    /// The resource instance address as the stream wrote it (cut to [`bounds::FIELD`]
    /// bytes, not escaped).
    pub fn addr(&self) -> &str {
        &self.addr
    }

    /// The steps this row has (kept and folded).
    pub fn steps(&self) -> u64 {
        self.ops.len() as u64 + self.folded.done + self.folded.errored + self.folded.running
    }

    fn slots(&self) -> u64 {
        self.expected.max(self.steps())
    }

    /// Whether a step of this resource errored.
    pub fn errored(&self) -> bool {
        self.folded.errored > 0 || self.ops.iter().any(|o| o.state == OpState::Errored)
    }

    /// Whether a step of this resource is running.
    pub fn running(&self) -> bool {
        self.folded.running > 0 || self.ops.iter().any(|o| o.state == OpState::Running)
    }

    /// The steps of this resource that completed.
    pub fn done_steps(&self) -> u64 {
        self.folded.done + self.ops.iter().filter(|o| o.state == OpState::Done).count() as u64
    }

    /// The total time of the finished steps.
    pub fn duration_us(&self) -> Option<i64> {
        self.ops
            .iter()
            .filter_map(|o| o.duration_us())
            .chain(self.folded.duration_us)
            .reduce(|a, b| a.saturating_add(b))
    }

    /// Starts a step, folding a finished one out when the row is full.
    fn start(&mut self, op: Op) {
        if self.ops.len() >= bounds::MAX_OPS {
            match self.ops.iter().position(|o| o.state != OpState::Running) {
                Some(i) => {
                    let old = self.ops.remove(i);
                    self.fold(&old);
                }
                None => {
                    self.folded.running += 1;
                    return;
                }
            }
        }
        self.ops.push(op);
    }

    fn fold(&mut self, op: &Op) {
        match op.state {
            OpState::Done => self.folded.done += 1,
            OpState::Errored => self.folded.errored += 1,
            OpState::Running => self.folded.running += 1,
        }
        if let Some(d) = op.duration_us() {
            self.folded.duration_us = Some(self.folded.duration_us.unwrap_or(0).saturating_add(d));
        }
    }
}

/// Counts for the progress view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Apply steps planned or seen.
    pub total: u64,
    /// Steps that completed.
    pub done: u64,
    /// Steps that errored.
    pub failed: u64,
    /// Steps running.
    pub running: u64,
}

impl Counts {
    /// Steps not started yet.
    pub fn left(&self) -> u64 {
        self.total
            .saturating_sub(self.done + self.failed + self.running)
    }
}

/// Resources beyond [`bounds::MAX_TRACKED`], only counted (messages about them are not
/// told apart, so these counts are approximate).
#[derive(Debug, Default)]
pub(crate) struct Overflow {
    /// `planned_change` messages.
    pub(crate) planned: u64,
    /// Apply steps the plan implies.
    pub(crate) expected: u64,
    pub(crate) started: u64,
    pub(crate) done: u64,
    pub(crate) errored: u64,
}

impl Overflow {
    fn running(&self) -> u64 {
        self.started.saturating_sub(self.done + self.errored)
    }
}

/// Outputs as shown: name and value text, both cut (not yet escaped).
#[derive(Debug, Default)]
pub(crate) struct KeptOutputs {
    pub(crate) shown: Vec<(String, String)>,
    pub(crate) more: usize,
}

/// The state of a watched stream: give it every message ([`Tracker::handle`]) and every line
/// that was not one ([`Tracker::bad_line`]).
///
/// Errors are counted as Terraform counts them: one per diagnostic of severity `error`. A
/// resource whose step errored (`apply_errored`) is not counted again when a diagnostic names
/// it (Terraform always reports one); it counts as one error when none does (a stream cut
/// off), as do the crash banner, a newer major `ui` version and a message of level `error`
/// that is not a diagnostic.
#[derive(Debug, Default)]
pub struct Tracker {
    pub(crate) rows: Vec<Row>,
    /// Row index by a hash of the full address.
    index: HashMap<u64, usize>,
    hasher: RandomState,
    pub(crate) overflow: Overflow,
    /// The first diagnostics (see [`bounds::MAX_ERROR_DIAGNOSTICS`]).
    pub(crate) diagnostics: Vec<Kept>,
    /// Diagnostics kept: errors, others.
    kept_diagnostics: (usize, usize),
    /// Diagnostics not kept: errors, others.
    pub(crate) more_diagnostics: (u64, u64),
    pub(crate) summary: Option<String>,
    pub(crate) outputs: Option<KeptOutputs>,
    pub(crate) version: Option<String>,
    /// Diagnostics of severity `error`.
    error_diagnostics: u64,
    /// Other signs of failure: the crash banner, an unsupported version, an error-level
    /// message that is not a diagnostic.
    other_errors: u64,
    /// Hashes of the addresses named by error diagnostics (the first
    /// [`bounds::MAX_TRACKED`]).
    diagnosed: HashSet<u64>,
    /// Error diagnostics with an address beyond those.
    diagnosed_unrecorded: u64,
    /// Terraform's crash banner was seen.
    crashed: bool,
    /// Resources whose apply (or provisioner) errored, in order (the first
    /// [`bounds::MAX_NAMED`]; the others are counted).
    pub(crate) failed_resources: Vec<String>,
    pub(crate) more_failed: u64,
    /// The stream applies changes (not just a plan).
    pub(crate) applying: bool,
    first_us: Option<i64>,
    pub(crate) messages: u64,
    pub(crate) bad_lines: u64,
}

/// The number of apply steps a planned action implies (a replacement is a create and a
/// delete, each with its own hooks).
fn expected_steps(action: &ChangeAction) -> u64 {
    match action {
        ChangeAction::Create
        | ChangeAction::Update
        | ChangeAction::Delete
        | ChangeAction::Read
        | ChangeAction::Remove => 1,
        ChangeAction::Replace => 2,
        _ => 0,
    }
}

/// The shown value of an output (never the value of a sensitive one), cut.
fn output_text(o: &tfshow_ui::Output) -> String {
    if o.sensitive {
        "(sensitive value)".to_owned()
    } else if let Some(v) = &o.value {
        // Cut by bytes first so that a giant value is not walked character by character.
        bounds::cut_chars(
            &cut(v.as_str(), bounds::OUTPUT_VALUE * 4),
            bounds::OUTPUT_VALUE,
        )
    } else if let Some(a) = &o.action {
        format!("({})", cut(a.as_str(), bounds::ACTION))
    } else {
        "(known after apply)".to_owned()
    }
}

impl Tracker {
    fn key(&self, addr: &str) -> u64 {
        self.hasher.hash_one(addr)
    }

    /// The row of `addr`, made when there is room; `None` when the resource is beyond
    /// [`bounds::MAX_TRACKED`].
    fn row(&mut self, addr: &ResourceAddr) -> Option<&mut Row> {
        let key = self.key(&addr.addr);
        let i = match self.index.get(&key) {
            Some(&i) => i,
            None if self.rows.len() >= bounds::MAX_TRACKED => return None,
            None => {
                self.rows.push(Row {
                    addr: cut(&addr.addr, bounds::FIELD),
                    key,
                    planned: Vec::new(),
                    expected: 0,
                    ops: Vec::new(),
                    folded: Folded::default(),
                    provision_errors: Vec::new(),
                    more_provision_errors: 0,
                    failed: false,
                });
                self.index.insert(key, self.rows.len() - 1);
                self.rows.len() - 1
            }
        };
        Some(&mut self.rows[i])
    }

    fn failed(&mut self, addr: &str) {
        let key = self.key(addr);
        if let Some(&i) = self.index.get(&key) {
            if std::mem::replace(&mut self.rows[i].failed, true) {
                return;
            }
        }
        let shown = cut(addr, bounds::FIELD);
        if self.failed_resources.contains(&shown) {
            return;
        }
        if self.failed_resources.len() < bounds::MAX_NAMED {
            self.failed_resources.push(shown);
        } else {
            self.more_failed += 1;
        }
    }

    /// Counts a sign of failure that is not a diagnostic.
    pub(crate) fn other_error(&mut self) {
        self.other_errors += 1;
    }

    /// Notes that Terraform's crash banner was seen (once).
    pub(crate) fn crash(&mut self) {
        if !std::mem::replace(&mut self.crashed, true) {
            self.other_error();
        }
    }

    /// A tracker of a stream not read yet.
    pub fn new() -> Tracker {
        Tracker::default()
    }

    /// Microseconds since the first message, from `@timestamp`.
    pub fn offset_us(&self, m: &Message) -> Option<i64> {
        parse_micros(&m.envelope.timestamp)?.checked_sub(self.first_us?)
    }

    /// Takes in one message.
    pub fn handle(&mut self, m: &Message) {
        self.messages += 1;
        let ts = parse_micros(&m.envelope.timestamp);
        if self.first_us.is_none() {
            self.first_us = ts;
        }
        match &m.body {
            Body::Version(v) => {
                self.version = v
                    .terraform
                    .as_ref()
                    .map(|t| format!("Terraform {}", cut(t, bounds::ACTION)))
                    .or_else(|| {
                        v.tofu
                            .as_ref()
                            .map(|t| format!("OpenTofu {}", cut(t, bounds::ACTION)))
                    });
            }
            Body::PlannedChange(c) => {
                let steps = expected_steps(&c.action);
                match self.row(&c.resource) {
                    Some(row) => {
                        let action = cut(c.action.as_str(), bounds::ACTION);
                        if row.planned.len() < bounds::MAX_PLANNED && !row.planned.contains(&action)
                        {
                            row.planned.push(action);
                        }
                        row.expected = row.expected.saturating_add(steps);
                    }
                    None => {
                        self.overflow.planned += 1;
                        self.overflow.expected += steps;
                    }
                }
            }
            Body::ApplyStart(h) | Body::EphemeralOpStart(h) => {
                if h.action != ChangeAction::Read {
                    self.applying = true;
                }
                let op = Op {
                    action: cut(h.action.as_str(), bounds::ACTION),
                    start_us: ts,
                    end_us: None,
                    elapsed: None,
                    state: OpState::Running,
                    seen: Instant::now(),
                };
                match self.row(&h.resource) {
                    Some(row) => row.start(op),
                    None => self.overflow.started += 1,
                }
            }
            Body::ApplyComplete(h)
            | Body::ApplyErrored(h)
            | Body::EphemeralOpComplete(h)
            | Body::EphemeralOpErrored(h) => {
                let errored = matches!(m.body, Body::ApplyErrored(_) | Body::EphemeralOpErrored(_));
                if errored {
                    self.applying = true;
                }
                let state = if errored {
                    OpState::Errored
                } else {
                    OpState::Done
                };
                let elapsed = h.elapsed_seconds.as_ref().map(|n| n.as_f64());
                self.end_step(&h.resource, state, ts, elapsed, h.action.as_str());
                if errored {
                    self.failed(&h.resource.addr);
                }
            }
            Body::ProvisionErrored(h) => {
                if let Some(row) = self.row(&h.resource) {
                    if row.provision_errors.len() < bounds::MAX_PROVISIONERS {
                        row.provision_errors
                            .push(cut(&h.provisioner, bounds::FIELD));
                    } else {
                        row.more_provision_errors += 1;
                    }
                }
            }
            Body::Diagnostic(d) => {
                let error = d.severity == tfshow_ui::Severity::Error;
                if error {
                    self.error_diagnostics += 1;
                    if let Some(a) = &d.address {
                        self.failed(a);
                        let key = self.key(a);
                        if self.diagnosed.len() < bounds::MAX_TRACKED {
                            self.diagnosed.insert(key);
                        } else if !self.diagnosed.contains(&key) {
                            self.diagnosed_unrecorded += 1;
                        }
                    }
                }
                let (kept, room, more) = if error {
                    (
                        &mut self.kept_diagnostics.0,
                        bounds::MAX_ERROR_DIAGNOSTICS,
                        &mut self.more_diagnostics.0,
                    )
                } else {
                    (
                        &mut self.kept_diagnostics.1,
                        bounds::MAX_OTHER_DIAGNOSTICS,
                        &mut self.more_diagnostics.1,
                    )
                };
                if *kept < room {
                    *kept += 1;
                    self.diagnostics.push(Kept::new(d));
                } else {
                    *more += 1;
                }
            }
            Body::ChangeSummary(c) => {
                if c.operation != tfshow_ui::Operation::Plan {
                    self.applying = true;
                }
                self.summary = Some(cut(&m.envelope.message, bounds::FIELD));
            }
            Body::Outputs(o) => self.outputs = Some(keep_outputs(o)),
            _ => {}
        }
        self.count_error(m);
    }

    /// The end of an apply step of `resource`.
    fn end_step(
        &mut self,
        resource: &ResourceAddr,
        state: OpState,
        ts: Option<i64>,
        elapsed: Option<f64>,
        action: &str,
    ) {
        let action = cut(action, bounds::ACTION);
        let Some(row) = self.row(resource) else {
            let o = &mut self.overflow;
            if state == OpState::Errored {
                o.errored += 1;
            } else {
                o.done += 1;
            }
            // An end without a start counts as a start too.
            o.started = o.started.max(o.done + o.errored);
            return;
        };
        let found = row
            .ops
            .iter()
            .rposition(|o| o.state == OpState::Running && o.action == action);
        match found {
            Some(i) => {
                let op = &mut row.ops[i];
                op.end_us = ts;
                op.elapsed = elapsed;
                op.state = state;
            }
            None if row.folded.running > 0 => {
                // The end of a step that was only counted when it started.
                row.folded.running -= 1;
                row.fold(&Op {
                    action,
                    start_us: None,
                    end_us: None,
                    elapsed,
                    state,
                    seen: Instant::now(),
                });
            }
            None => row.start(Op {
                action,
                start_us: None,
                end_us: ts,
                elapsed,
                state,
                seen: Instant::now(),
            }),
        }
    }

    /// Counts a message of level `error` that is neither a diagnostic (counted by severity)
    /// nor the end of an errored step (counted with its resource).
    fn count_error(&mut self, m: &Message) {
        let counted = matches!(
            m.body,
            Body::Diagnostic(_)
                | Body::ApplyErrored(_)
                | Body::EphemeralOpErrored(_)
                | Body::ProvisionErrored(_)
        );
        if m.envelope.level == Level::Error && !counted {
            self.other_error();
        }
    }

    /// How many errors the stream reports, counted as Terraform counts them (see
    /// [`Tracker`]).
    pub fn errors(&self) -> u64 {
        self.error_diagnostics
            .saturating_add(self.other_errors)
            .saturating_add(self.undiagnosed_failures())
    }

    /// Errored resources that no error diagnostic names.
    fn undiagnosed_failures(&self) -> u64 {
        let rows = self
            .rows
            .iter()
            .filter(|r| r.errored() && !self.diagnosed.contains(&r.key))
            .count() as u64;
        if self.overflow.errored == 0 {
            return rows;
        }
        // Resources beyond the tracked ones have no row: the diagnostics that name no row
        // are taken to be theirs.
        let orphans = self
            .diagnosed
            .iter()
            .filter(|k| !self.index.contains_key(k))
            .count() as u64;
        rows + self
            .overflow
            .errored
            .saturating_sub(orphans.saturating_add(self.diagnosed_unrecorded))
    }

    /// Progress counts over the apply steps.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for row in &self.rows {
            c.total += row.slots();
            c.done += row.folded.done;
            c.failed += row.folded.errored;
            c.running += row.folded.running;
            for op in &row.ops {
                match op.state {
                    OpState::Running => c.running += 1,
                    OpState::Done => c.done += 1,
                    OpState::Errored => c.failed += 1,
                }
            }
        }
        let o = &self.overflow;
        c.total += o.expected.max(o.started);
        c.done += o.done;
        c.failed += o.errored;
        c.running += o.running();
        c
    }

    /// The steps still running, with their row.
    pub fn in_flight(&self) -> impl Iterator<Item = (&Row, &Op)> {
        self.rows.iter().flat_map(|r| {
            r.ops
                .iter()
                .filter(|o| o.state == OpState::Running)
                .map(move |o| (r, o))
        })
    }

    /// Resources with a step that started and never finished.
    pub fn unfinished(&self) -> impl Iterator<Item = &str> {
        self.rows
            .iter()
            .filter(|r| r.running())
            .map(|r| r.addr.as_str())
    }

    /// Steps of resources beyond [`bounds::MAX_TRACKED`] that started and never finished.
    pub fn unfinished_untracked(&self) -> u64 {
        self.overflow.running()
    }

    /// Whether the stream reported an error (the run failed).
    pub fn has_errors(&self) -> bool {
        self.errors() > 0
    }

    /// How many messages were read.
    pub fn messages(&self) -> u64 {
        self.messages
    }

    /// How many lines could not be read as messages.
    pub fn bad_lines(&self) -> u64 {
        self.bad_lines
    }
}

fn keep_outputs(o: &Outputs) -> KeptOutputs {
    KeptOutputs {
        shown: o
            .iter()
            .take(bounds::MAX_OUTPUTS)
            .map(|(name, v)| (cut(name, bounds::FIELD), output_text(v)))
            .collect(),
        more: o.len().saturating_sub(bounds::MAX_OUTPUTS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hook(kind: &str, addr: &str, action: &str) -> Message {
        Message::parse(&format!(
            r#"{{"@level":"info","@message":"m","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","hook":{{"resource":{{"addr":"{addr}","module":"","resource":"{addr}","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null}},"action":"{action}"}},"type":"{kind}"}}"#
        ))
        .expect("message")
    }

    #[test]
    fn steps_of_one_resource_are_bounded() {
        let mut t = Tracker::default();
        for _ in 0..1000 {
            t.handle(&hook("apply_start", "a.b", "update"));
            t.handle(&hook("apply_complete", "a.b", "update"));
        }
        assert_eq!(t.rows.len(), 1);
        assert!(t.rows[0].ops.len() <= bounds::MAX_OPS);
        assert_eq!(t.rows[0].done_steps(), 1000);
        let c = t.counts();
        assert_eq!((c.total, c.done, c.running), (1000, 1000, 0));
        // Starts that never end: the kept steps fill up, the rest are counted.
        for _ in 0..1000 {
            t.handle(&hook("apply_start", "a.b", "create"));
        }
        assert!(t.rows[0].ops.len() <= bounds::MAX_OPS);
        assert_eq!(t.counts().running, 1000);
        for _ in 0..1000 {
            t.handle(&hook("apply_errored", "a.b", "create"));
        }
        let c = t.counts();
        assert_eq!((c.running, c.failed), (0, 1000));
        assert_eq!(t.failed_resources, ["a.b"]);
        // One resource errored and no diagnostic says why: one error.
        assert_eq!(t.errors(), 1);
    }

    /// `m` (an operation hook) about `addr` instead (parsing 100 000 messages is slow in a
    /// debug build).
    fn about(m: &Message, addr: &str) -> Message {
        let mut m = m.clone();
        match &mut m.body {
            Body::ApplyStart(h) | Body::ApplyErrored(h) => h.resource.addr = addr.to_owned(),
            other => panic!("{other:?}"),
        }
        m
    }

    #[test]
    fn resources_beyond_the_limit_are_counted() {
        let mut t = Tracker::default();
        let n = bounds::MAX_TRACKED + 10;
        let start = hook("apply_start", "a.b", "create");
        let errored = hook("apply_errored", "a.b", "create");
        for i in 0..n {
            t.handle(&about(&start, &format!("a.b[{i}]")));
        }
        assert_eq!(t.rows.len(), bounds::MAX_TRACKED);
        assert_eq!(t.counts().running, n as u64);
        for i in 0..n {
            t.handle(&about(&errored, &format!("a.b[{i}]")));
        }
        let c = t.counts();
        assert_eq!((c.total, c.running, c.failed), (n as u64, 0, n as u64));
        assert_eq!(t.failed_resources.len(), bounds::MAX_NAMED);
        assert_eq!(t.more_failed, (n - bounds::MAX_NAMED) as u64);
    }

    fn diagnostic(severity: &str, addr: Option<&str>) -> Message {
        let address = addr.map_or(String::new(), |a| format!(r#","address":"{a}""#));
        Message::parse(&format!(
            r#"{{"@level":"{severity}","@message":"m","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","diagnostic":{{"severity":"{severity}","summary":"s","detail":""{address}}},"type":"diagnostic"}}"#
        ))
        .expect("message")
    }

    #[test]
    fn diagnostics_kept_are_bounded() {
        let mut t = Tracker::default();
        let error = diagnostic("error", Some("a.b"));
        let warning = diagnostic("warning", None);
        for _ in 0..10_000 {
            t.handle(&error);
            t.handle(&warning);
        }
        assert_eq!(
            t.diagnostics.len(),
            bounds::MAX_ERROR_DIAGNOSTICS + bounds::MAX_OTHER_DIAGNOSTICS
        );
        assert_eq!(
            t.more_diagnostics,
            (
                10_000 - bounds::MAX_ERROR_DIAGNOSTICS as u64,
                10_000 - bounds::MAX_OTHER_DIAGNOSTICS as u64
            )
        );
        assert_eq!(t.errors(), 10_000);
        // The addresses of error diagnostics are kept as hashes, bounded too.
        let mut t = Tracker::default();
        let many = diagnostic("error", Some("a.b"));
        for i in 0..bounds::MAX_TRACKED + 10 {
            let mut m = many.clone();
            if let Body::Diagnostic(d) = &mut m.body {
                d.address = Some(format!("a.b[{i}]"));
            }
            t.handle(&m);
        }
        assert_eq!(t.diagnosed.len(), bounds::MAX_TRACKED);
        assert_eq!(t.diagnosed_unrecorded, 10);
        assert_eq!(t.errors(), bounds::MAX_TRACKED as u64 + 10);
    }

    #[test]
    fn errors_are_counted_as_terraform_counts_them() {
        let start = |a: &str| hook("apply_start", a, "create");
        let errored = |a: &str| hook("apply_errored", a, "create");
        let provision = Message::parse(r#"{"@level":"info","@message":"m","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","hook":{"resource":{"addr":"a.b","module":"","resource":"a.b","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null},"provisioner":"local-exec"},"type":"provision_errored"}"#).expect("message");
        let log = Message::parse(r#"{"@level":"error","@message":"m","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","type":"log"}"#).expect("message");
        let cases: Vec<(&str, Vec<Message>, u64)> = vec![
            (
                "an errored resource and its diagnostic",
                vec![
                    start("a.b"),
                    errored("a.b"),
                    diagnostic("error", Some("a.b")),
                ],
                1,
            ),
            (
                "the diagnostic first",
                vec![
                    start("a.b"),
                    diagnostic("error", Some("a.b")),
                    errored("a.b"),
                ],
                1,
            ),
            (
                "an errored resource, no diagnostic (cut off)",
                vec![start("a.b"), errored("a.b")],
                1,
            ),
            (
                "two errored resources, one diagnostic",
                vec![
                    start("a.b"),
                    start("a.c"),
                    errored("a.b"),
                    errored("a.c"),
                    diagnostic("error", Some("a.c")),
                ],
                2,
            ),
            (
                "two diagnostics about one resource",
                vec![
                    start("a.b"),
                    errored("a.b"),
                    diagnostic("error", Some("a.b")),
                    diagnostic("error", Some("a.b")),
                ],
                2,
            ),
            (
                "a diagnostic without address",
                vec![diagnostic("error", None)],
                1,
            ),
            ("a warning", vec![diagnostic("warning", Some("a.b"))], 0),
            (
                "a provisioner with on_failure = continue",
                vec![start("a.b"), provision],
                0,
            ),
            (
                "an error-level message that is not a diagnostic",
                vec![log],
                1,
            ),
        ];
        for (what, messages, want) in cases {
            let mut t = Tracker::default();
            for m in &messages {
                t.handle(m);
            }
            assert_eq!(t.errors(), want, "{what}");
            assert_eq!(t.has_errors(), want > 0, "{what}");
        }
    }

    #[test]
    fn a_real_failed_apply_is_one_error() {
        let stream =
            include_str!("../../../testdata/oracle/scenarios/apply_error/tf-1.15.5/apply-ui.jsonl");
        let mut t = Tracker::default();
        for item in tfshow_ui::Reader::new(stream.as_bytes()) {
            t.handle(&item.expect("message"));
        }
        // apply_errored for oracle_replace.fails, then its error diagnostic.
        assert_eq!(t.errors(), 1);
        assert_eq!(t.failed_resources, ["oracle_replace.fails"]);
    }
}
