//! What a stream has said so far: resources and their operations, diagnostics, the change
//! summary, outputs, and the errors it reported.
//!
//! Everything kept is bounded (see [`bounds`]): at most [`bounds::MAX_TRACKED`] resources are
//! tracked one by one (later ones only in [`Overflow`] counts), each with at most
//! [`bounds::MAX_OPS`] steps; diagnostics, outputs and names are kept up to a number and
//! counted beyond it; every string is cut to a length. Strings are kept as the stream wrote
//! them (cut); they are escaped when they are printed.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::time::Instant;

use tfshow_ui::timestamp::parse_micros;
use tfshow_ui::{Body, ChangeAction, Message, Outputs, ResourceAddr};

use super::bounds::{self, cut};
use super::diagnostic::Kept;

/// The state of one apply step of a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpState {
    Running,
    Done,
    Errored,
}

/// One apply step (`apply_start` … `apply_complete` / `apply_errored`).
#[derive(Debug)]
pub(crate) struct Op {
    /// The hook's action (`create`, `delete`, `read`, …).
    pub action: String,
    /// `@timestamp` of the start, microseconds.
    pub start_us: Option<i64>,
    /// `@timestamp` of the end, microseconds.
    pub end_us: Option<i64>,
    /// `elapsed_seconds` of the end message.
    pub elapsed: Option<f64>,
    pub state: OpState,
    /// When this process saw the start (for the live view).
    pub seen: Instant,
}

impl Op {
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
    pub done: u64,
    pub errored: u64,
    /// Steps started beyond [`bounds::MAX_OPS`] while all kept steps were running.
    pub running: u64,
    pub duration_us: Option<i64>,
}

/// Everything known about one resource instance address.
#[derive(Debug)]
pub(crate) struct Row {
    /// The address, cut to [`bounds::FIELD`].
    pub addr: String,
    /// The planned actions (more than one when a deposed object is deleted too).
    pub planned: Vec<String>,
    /// How many apply steps the plan implies.
    pub expected: u64,
    pub ops: Vec<Op>,
    /// Steps folded out of `ops`.
    pub folded: Folded,
    /// Provisioners that errored (the first [`bounds::MAX_PROVISIONERS`]).
    pub provision_errors: Vec<String>,
    pub more_provision_errors: u64,
    /// Named in [`Tracker::failed_resources`] (or counted there).
    failed: bool,
}

impl Row {
    /// The steps this row has (kept and folded).
    pub fn steps(&self) -> u64 {
        self.ops.len() as u64 + self.folded.done + self.folded.errored + self.folded.running
    }

    fn slots(&self) -> u64 {
        self.expected.max(self.steps())
    }

    pub fn errored(&self) -> bool {
        self.folded.errored > 0 || self.ops.iter().any(|o| o.state == OpState::Errored)
    }

    pub fn running(&self) -> bool {
        self.folded.running > 0 || self.ops.iter().any(|o| o.state == OpState::Running)
    }

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
pub(crate) struct Counts {
    pub total: u64,
    pub done: u64,
    pub failed: u64,
    pub running: u64,
}

impl Counts {
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
    pub planned: u64,
    /// Apply steps the plan implies.
    pub expected: u64,
    pub started: u64,
    pub done: u64,
    pub errored: u64,
}

impl Overflow {
    fn running(&self) -> u64 {
        self.started.saturating_sub(self.done + self.errored)
    }
}

/// Outputs as shown: name and value text, both cut (not yet escaped).
#[derive(Debug, Default)]
pub(crate) struct KeptOutputs {
    pub shown: Vec<(String, String)>,
    pub more: usize,
}

/// The state of a watched stream.
#[derive(Debug, Default)]
pub(crate) struct Tracker {
    pub rows: Vec<Row>,
    /// Row index by a hash of the full address.
    index: HashMap<u64, usize>,
    hasher: RandomState,
    pub overflow: Overflow,
    /// The first diagnostics (see [`bounds::MAX_ERROR_DIAGNOSTICS`]).
    pub diagnostics: Vec<Kept>,
    /// Diagnostics not kept: errors, others.
    pub more_diagnostics: (u64, u64),
    pub summary: Option<String>,
    pub outputs: Option<KeptOutputs>,
    pub version: Option<String>,
    /// How many errors the stream reported.
    pub errors: u64,
    /// Terraform's crash banner was seen.
    pub crashed: bool,
    /// Resources whose apply (or provisioner) errored, in order (the first
    /// [`bounds::MAX_NAMED`]; the others are counted).
    pub failed_resources: Vec<String>,
    pub more_failed: u64,
    /// The stream applies changes (not just a plan).
    pub applying: bool,
    pub first_us: Option<i64>,
    pub messages: u64,
    pub bad_lines: u64,
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

    /// Counts an error the stream reported.
    pub fn error(&mut self) {
        self.errors += 1;
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
                    if let Some(a) = &d.address {
                        self.failed(a);
                    }
                }
                let kept = self
                    .diagnostics
                    .iter()
                    .filter(|k| k.is_error() == error)
                    .count();
                let room = if error {
                    bounds::MAX_ERROR_DIAGNOSTICS
                } else {
                    bounds::MAX_OTHER_DIAGNOSTICS
                };
                if kept < room {
                    self.diagnostics.push(Kept::new(d));
                } else if error {
                    self.more_diagnostics.0 += 1;
                } else {
                    self.more_diagnostics.1 += 1;
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

    fn count_error(&mut self, m: &Message) {
        if m.is_error() {
            self.error();
        }
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

    /// Whether the stream reported an error.
    pub fn has_errors(&self) -> bool {
        self.errors > 0
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
        assert_eq!(t.errors, 1000);
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
}
