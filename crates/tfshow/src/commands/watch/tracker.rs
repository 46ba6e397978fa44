//! What a stream has said so far: resources and their operations, diagnostics, the change
//! summary, outputs, and the errors it reported.

use std::collections::HashMap;
use std::time::Instant;

use tfshow_ui::timestamp::parse_micros;
use tfshow_ui::{Body, ChangeAction, Diagnostic, Message, Outputs, ResourceAddr};

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
            _ => self.elapsed.map(|s| (s * 1e6) as i64),
        }
    }
}

/// Everything known about one resource instance address.
#[derive(Debug)]
pub(crate) struct Row {
    pub addr: String,
    /// The planned actions (more than one when a deposed object is deleted too).
    pub planned: Vec<String>,
    /// How many apply steps the plan implies.
    pub expected: usize,
    pub ops: Vec<Op>,
    /// Provisioners that errored.
    pub provision_errors: Vec<String>,
}

impl Row {
    fn slots(&self) -> usize {
        self.expected.max(self.ops.len())
    }
}

/// Counts for the progress view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub total: usize,
    pub done: usize,
    pub failed: usize,
    pub running: usize,
}

impl Counts {
    pub fn left(&self) -> usize {
        self.total
            .saturating_sub(self.done + self.failed + self.running)
    }
}

/// The state of a watched stream.
#[derive(Debug, Default)]
pub(crate) struct Tracker {
    pub rows: Vec<Row>,
    index: HashMap<String, usize>,
    pub diagnostics: Vec<Diagnostic>,
    pub summary: Option<String>,
    pub outputs: Option<Outputs>,
    pub version: Option<String>,
    /// One line per error the stream reported.
    pub errors: Vec<String>,
    /// Resources whose apply (or provisioner) errored, in order.
    pub failed_resources: Vec<String>,
    /// The stream applies changes (not just a plan).
    pub applying: bool,
    pub first_us: Option<i64>,
    pub messages: u64,
    pub bad_lines: u64,
}

/// The number of apply steps a planned action implies (a replacement is a create and a
/// delete, each with its own hooks).
fn expected_steps(action: &ChangeAction) -> usize {
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

impl Tracker {
    fn row(&mut self, addr: &ResourceAddr) -> &mut Row {
        let i = match self.index.get(&addr.addr) {
            Some(&i) => i,
            None => {
                self.rows.push(Row {
                    addr: addr.addr.clone(),
                    planned: Vec::new(),
                    expected: 0,
                    ops: Vec::new(),
                    provision_errors: Vec::new(),
                });
                self.index.insert(addr.addr.clone(), self.rows.len() - 1);
                self.rows.len() - 1
            }
        };
        &mut self.rows[i]
    }

    fn failed(&mut self, addr: &str) {
        if !self.failed_resources.iter().any(|a| a == addr) {
            self.failed_resources.push(addr.to_owned());
        }
    }

    /// Microseconds since the first message, from `@timestamp`.
    pub fn offset_us(&self, m: &Message) -> Option<i64> {
        Some(parse_micros(&m.envelope.timestamp)? - self.first_us?)
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
                    .map(|t| format!("Terraform {t}"))
                    .or_else(|| v.tofu.as_ref().map(|t| format!("OpenTofu {t}")));
            }
            Body::PlannedChange(c) => {
                let row = self.row(&c.resource);
                row.planned.push(c.action.to_string());
                row.expected += expected_steps(&c.action);
            }
            Body::ApplyStart(h) | Body::EphemeralOpStart(h) => {
                if h.action != ChangeAction::Read {
                    self.applying = true;
                }
                let row = self.row(&h.resource);
                row.ops.push(Op {
                    action: h.action.to_string(),
                    start_us: ts,
                    end_us: None,
                    elapsed: None,
                    state: OpState::Running,
                    seen: Instant::now(),
                });
            }
            Body::ApplyComplete(h)
            | Body::ApplyErrored(h)
            | Body::EphemeralOpComplete(h)
            | Body::EphemeralOpErrored(h) => {
                let errored = matches!(m.body, Body::ApplyErrored(_) | Body::EphemeralOpErrored(_));
                if errored {
                    self.applying = true;
                    self.failed(&h.resource.addr);
                }
                let action = h.action.to_string();
                let row = self.row(&h.resource);
                let i = match row
                    .ops
                    .iter()
                    .rposition(|o| o.state == OpState::Running && o.action == action)
                {
                    Some(i) => i,
                    None => {
                        row.ops.push(Op {
                            action,
                            start_us: None,
                            end_us: None,
                            elapsed: None,
                            state: OpState::Running,
                            seen: Instant::now(),
                        });
                        row.ops.len() - 1
                    }
                };
                let op = &mut row.ops[i];
                op.end_us = ts;
                op.elapsed = h.elapsed_seconds.as_ref().map(|n| n.as_f64());
                op.state = if errored {
                    OpState::Errored
                } else {
                    OpState::Done
                };
            }
            Body::ProvisionErrored(h) => {
                let p = h.provisioner.clone();
                self.row(&h.resource).provision_errors.push(p);
            }
            Body::Diagnostic(d) => {
                if d.severity == tfshow_ui::Severity::Error {
                    if let Some(a) = &d.address {
                        self.failed(a);
                    }
                }
                self.diagnostics.push(d.clone());
            }
            Body::ChangeSummary(c) => {
                if c.operation != tfshow_ui::Operation::Plan {
                    self.applying = true;
                }
                self.summary = Some(m.envelope.message.clone());
            }
            Body::Outputs(o) => self.outputs = Some(o.clone()),
            _ => {}
        }
        if m.is_error() {
            self.errors.push(m.envelope.message.clone());
        }
    }

    /// Progress counts over the apply steps.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for row in &self.rows {
            c.total += row.slots();
            for op in &row.ops {
                match op.state {
                    OpState::Running => c.running += 1,
                    OpState::Done => c.done += 1,
                    OpState::Errored => c.failed += 1,
                }
            }
        }
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
    pub fn unfinished(&self) -> Vec<&str> {
        self.rows
            .iter()
            .filter(|r| r.ops.iter().any(|o| o.state == OpState::Running))
            .map(|r| r.addr.as_str())
            .collect()
    }

    /// Whether the stream reported an error.
    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }
}
