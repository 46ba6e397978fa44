//! One line of the stream: the envelope every message has, and the typed payload.

use crate::change::{ActionInvocation, ChangeSummary, Outputs, ResourceInstanceChange};
use crate::diagnostic::Diagnostic;
use crate::hook::{ActionHook, EphemeralHook, OperationHook, ProvisionHook, RefreshHook};
use crate::other::{InitOutput, Log, MigrationErrored, Notice, Policy, Version};
use crate::out::{Flavor, Out};
use crate::query::{ListComplete, ListResourceFound, ListStart};
use crate::raw::{kind_of, wire_enum, Extra, Fields, RawJson, Wire};
use crate::testing::{
    TestAbstract, TestCleanup, TestFile, TestInterrupt, TestRun, TestStatus, TestSummary,
};
use crate::version::UiVersion;
use crate::ParseError;

wire_enum! {
    /// `@level`.
    Level {
        /// `info`.
        Info = "info",
        /// `warn`: warning diagnostics.
        Warn = "warn",
        /// `error`: error diagnostics and some test messages.
        Error = "error",
        /// `debug`.
        Debug = "debug",
        /// `trace`.
        Trace = "trace",
    }
}

/// The keys every message has, plus the metadata some carry.
///
/// Wire format: the top level of a line is a JSON object with its keys sorted bytewise
/// (the `@` keys first):
///
/// ```json
/// {"@level":"info","@message":"Terraform 1.15.5","@module":"terraform.ui",
///  "@timestamp":"2026-11-21T23:30:13.263629Z","terraform":"1.15.5","type":"version","ui":"1.3"}
/// ```
///
/// - `@level`: `info`, `warn` or `error` ([`Level`]);
/// - `@message`: a human-readable summary; show it for message types you do not know;
/// - `@module`: `terraform.ui` (`tofu.ui` for OpenTofu);
/// - `@timestamp`: local time, `2006-01-02T15:04:05.000000Z07:00`;
/// - `type`: what the other keys mean ([`Body`]);
/// - `@testfile`, `@testrun` (`terraform test`), `@policy` (policy messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// `@level`.
    pub level: Level,
    /// `@message`.
    pub message: String,
    /// `@module`.
    pub module: String,
    /// `@timestamp`.
    pub timestamp: String,
    /// `type`.
    pub type_: String,
    /// `@testfile`.
    pub test_file: Option<String>,
    /// `@testrun`.
    pub test_run: Option<String>,
    /// `@policy`.
    pub policy: Option<String>,
    /// Top-level keys this library does not know (for an unknown `type`: its payload).
    pub extra: Extra,
}

/// The typed payload of a message, by `type`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// `version`.
    Version(Version),
    /// `log`.
    Log(Log),
    /// `diagnostic`: payload key `diagnostic`.
    Diagnostic(Diagnostic),
    /// `resource_drift`: payload key `change`.
    ResourceDrift(ResourceInstanceChange),
    /// `planned_change`: payload key `change`.
    PlannedChange(ResourceInstanceChange),
    /// `planned_action_invocation` (1.14+): payload key `invocation`.
    PlannedActionInvocation(ActionInvocation),
    /// `applied_action_invocation` (defined by 1.15, never written): payload key `invocation`.
    AppliedActionInvocation(ActionInvocation),
    /// `change_summary`: payload key `changes`.
    ChangeSummary(ChangeSummary),
    /// `outputs`: payload key `outputs`.
    Outputs(Outputs),
    /// `apply_start`: payload key `hook`; `<addr>: Creating...` (no message for no-ops).
    ApplyStart(OperationHook),
    /// `apply_progress`: every 10 s while applying; `<addr>: Still creating... [10s elapsed]`.
    ApplyProgress(OperationHook),
    /// `apply_complete`: `<addr>: Creation complete after 1s [id=…]`.
    ApplyComplete(OperationHook),
    /// `apply_errored`: `<addr>: Creation errored after 1s`; a diagnostic follows.
    ApplyErrored(OperationHook),
    /// `ephemeral_op_start` (1.10+): an ephemeral resource is opened, renewed or closed.
    EphemeralOpStart(OperationHook),
    /// `ephemeral_op_progress` (1.10+).
    EphemeralOpProgress(OperationHook),
    /// `ephemeral_op_complete` (1.10+).
    EphemeralOpComplete(OperationHook),
    /// `ephemeral_op_errored` (1.10+).
    EphemeralOpErrored(OperationHook),
    /// `provision_start`: `<addr>: Provisioning with 'local-exec'...`.
    ProvisionStart(ProvisionHook),
    /// `provision_progress`: one line of provisioner output.
    ProvisionProgress(ProvisionHook),
    /// `provision_complete`.
    ProvisionComplete(ProvisionHook),
    /// `provision_errored` (with `on_failure = continue` the resource still succeeds).
    ProvisionErrored(ProvisionHook),
    /// `refresh_start`: `<addr>: Refreshing state... [id=…]`.
    RefreshStart(RefreshHook),
    /// `refresh_complete`: `<addr>: Refresh complete [id=…]`.
    RefreshComplete(RefreshHook),
    /// `action_start` (1.13+).
    ActionStart(ActionHook),
    /// `action_progress` (1.13+).
    ActionProgress(ActionHook),
    /// `action_complete` (1.13+).
    ActionComplete(ActionHook),
    /// `action_errored` (1.13+).
    ActionErrored(ActionHook),
    /// OpenTofu's `ephemeral_action_started`.
    EphemeralActionStarted(EphemeralHook),
    /// OpenTofu's `ephemeral_action_complete`.
    EphemeralActionComplete(EphemeralHook),
    /// `list_start`: payload key `list_start`.
    ListStart(ListStart),
    /// `list_resource_found`: payload key `list_resource_found`.
    ListResourceFound(ListResourceFound),
    /// `list_complete`: payload key `list_complete`.
    ListComplete(ListComplete),
    /// `test_abstract`: payload key `test_abstract`.
    TestAbstract(TestAbstract),
    /// `test_file`: payload key `test_file`.
    TestFile(TestFile),
    /// `test_run`: payload key `test_run`.
    TestRun(TestRun),
    /// `test_plan`: payload key `test_plan`, a JSON plan (may hold sensitive values).
    TestPlan(RawJson),
    /// `test_state`: payload key `test_state`, a JSON state (may hold sensitive values).
    TestState(RawJson),
    /// `test_summary`: payload key `test_summary`.
    TestSummary(TestSummary),
    /// `test_cleanup`: payload key `test_cleanup`.
    TestCleanup(TestCleanup),
    /// `test_interrupt`: payload key `test_interrupt`.
    TestInterrupt(TestInterrupt),
    /// `test_status`: payload key `test_status`.
    TestStatus(TestStatus),
    /// `init_output`.
    InitOutput(InitOutput),
    /// `migration_errored`.
    MigrationErrored(MigrationErrored),
    /// `policy_info`.
    PolicyInfo(Policy),
    /// `policy_diagnostic`.
    PolicyDiagnostic(Policy),
    /// `policy_result`.
    PolicyResult(Policy),
    /// `policy_query_summary`.
    PolicyQuerySummary(Policy),
    /// A known type whose only content is `@message`.
    Notice(Notice),
    /// A `type` this library does not know; its keys are in [`Envelope::extra`].
    Unknown,
}

/// One message: the envelope, the typed payload, and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The keys every message has.
    pub envelope: Envelope,
    /// The payload.
    pub body: Body,
    raw: String,
}

impl Message {
    /// Parses one line (without its newline; surrounding whitespace is allowed).
    ///
    /// A `version` message with a `ui` major version above 1 is refused
    /// ([`ParseError::UnsupportedVersion`]).
    pub fn parse(line: &str) -> Result<Message, ParseError> {
        let trimmed = line.trim_matches(|c: char| c.is_ascii_whitespace());
        if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(trimmed) {
            // The text is a single line: name the column only.
            let detail = e.to_string().replace(" at line 1 column ", " at column ");
            return Err(if e.classify() == serde_json::error::Category::Eof {
                ParseError::Truncated { detail }
            } else {
                ParseError::NotJson { detail }
            });
        }
        if kind_of(trimmed) != "object" {
            return Err(ParseError::WrongType {
                path: String::new(),
                expected: "object",
                found: kind_of(trimmed),
            });
        }
        let mut f = Fields::new(trimmed, "")?;
        let level = f.req("@level")?;
        let message = f.req("@message")?;
        let module = f.req("@module")?;
        let timestamp = f.req("@timestamp")?;
        let type_: String = f.req("type")?;
        let test_file = f.opt("@testfile")?;
        let test_run = f.opt("@testrun")?;
        let policy = f.opt("@policy")?;
        let body = decode_body(&type_, &mut f)?;
        Ok(Message {
            envelope: Envelope {
                level,
                message,
                module,
                timestamp,
                type_,
                test_file,
                test_run,
                policy,
                extra: f.finish(),
            },
            body,
            raw: line.to_owned(),
        })
    }

    /// Builds a message from its parts, encoding it as `flavor` writes it.
    pub fn new(envelope: Envelope, body: Body, flavor: Flavor) -> Message {
        let mut m = Message {
            envelope,
            body,
            raw: String::new(),
        };
        m.raw = m.encode(flavor);
        m
    }

    /// The line as read (or as built), without a newline: writing it followed by `\n`
    /// reproduces the input byte for byte.
    pub fn as_json(&self) -> &str {
        &self.raw
    }

    /// Writes the line and its newline.
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        w.write_all(self.raw.as_bytes())?;
        w.write_all(b"\n")
    }

    /// Encodes the typed view as `flavor` writes it: for a message that Terraform (or
    /// OpenTofu) wrote and that has no unknown nested members, the same bytes as
    /// [`Message::as_json`].
    pub fn encode(&self, flavor: Flavor) -> String {
        let mut members = encode_body(&self.body, flavor);
        let e = &self.envelope;
        members.push(("@level".into(), quoted(e.level.as_str(), flavor)));
        members.push(("@message".into(), quoted(&e.message, flavor)));
        members.push(("@module".into(), quoted(&e.module, flavor)));
        members.push(("@timestamp".into(), quoted(&e.timestamp, flavor)));
        members.push(("type".into(), quoted(&e.type_, flavor)));
        for (k, v) in [
            ("@testfile", &e.test_file),
            ("@testrun", &e.test_run),
            ("@policy", &e.policy),
        ] {
            if let Some(v) = v {
                members.push((k.into(), quoted(v, flavor)));
            }
        }
        for (k, v) in &e.extra {
            members.push((k.clone(), v.as_str().to_owned()));
        }
        // The logger writes a Go map: keys sorted bytewise.
        members.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let mut out = Out::new(flavor);
        out.begin_object();
        for (k, v) in &members {
            out.key(k);
            out.raw(v);
        }
        out.end_object();
        out.into_string()
    }

    /// The `@message` of a line that is a JSON object but not a valid message (for example
    /// one with a wrong-typed field), so that it can still be shown.
    pub fn peek_message(line: &str) -> Option<String> {
        let mut f = Fields::new(line.trim(), "").ok()?;
        f.opt::<String>("@message").ok().flatten()
    }

    /// Whether the stream reports an error with this message: an error diagnostic, a
    /// `*_errored` message (`apply_errored`, `action_errored`, …), or any message logged at
    /// level `error`.
    ///
    /// `provision_errored` alone is not an error: a provisioner with
    /// `on_failure = continue` reports it and its resource is still created (Terraform exits
    /// 0); a provisioner failure that fails the resource is followed by `apply_errored` and
    /// an error diagnostic.
    pub fn is_error(&self) -> bool {
        self.envelope.level == Level::Error
            || (self.envelope.type_.ends_with("_errored")
                && !matches!(self.body, Body::ProvisionErrored(_)))
            || matches!(&self.body, Body::Diagnostic(d) if d.severity == crate::Severity::Error)
    }
}

fn quoted(s: &str, flavor: Flavor) -> String {
    let mut out = Out::new(flavor);
    out.string(s);
    out.into_string()
}

fn encoded<T: Wire>(v: &T, flavor: Flavor) -> String {
    let mut out = Out::new(flavor);
    v.encode(&mut out);
    out.into_string()
}

fn decode_body(type_: &str, f: &mut Fields) -> Result<Body, ParseError> {
    Ok(match type_ {
        "version" => {
            let terraform = f.opt("terraform")?;
            let tofu = f.opt("tofu")?;
            let ui: String = f.req("ui")?;
            UiVersion::check(&ui)?;
            Body::Version(Version {
                terraform,
                tofu,
                ui,
            })
        }
        "log" => Body::Log(Log {
            state: f.opt("state")?,
        }),
        "diagnostic" => Body::Diagnostic(f.req("diagnostic")?),
        "resource_drift" => Body::ResourceDrift(f.req("change")?),
        "planned_change" => Body::PlannedChange(f.req("change")?),
        "planned_action_invocation" => Body::PlannedActionInvocation(f.req("invocation")?),
        "applied_action_invocation" => Body::AppliedActionInvocation(f.req("invocation")?),
        "change_summary" => Body::ChangeSummary(f.req("changes")?),
        "outputs" => Body::Outputs(f.req("outputs")?),
        "apply_start" => Body::ApplyStart(f.req("hook")?),
        "apply_progress" => Body::ApplyProgress(f.req("hook")?),
        "apply_complete" => Body::ApplyComplete(f.req("hook")?),
        "apply_errored" => Body::ApplyErrored(f.req("hook")?),
        "ephemeral_op_start" => Body::EphemeralOpStart(f.req("hook")?),
        "ephemeral_op_progress" => Body::EphemeralOpProgress(f.req("hook")?),
        "ephemeral_op_complete" => Body::EphemeralOpComplete(f.req("hook")?),
        "ephemeral_op_errored" => Body::EphemeralOpErrored(f.req("hook")?),
        "provision_start" => Body::ProvisionStart(f.req("hook")?),
        "provision_progress" => Body::ProvisionProgress(f.req("hook")?),
        "provision_complete" => Body::ProvisionComplete(f.req("hook")?),
        "provision_errored" => Body::ProvisionErrored(f.req("hook")?),
        "refresh_start" => Body::RefreshStart(f.req("hook")?),
        "refresh_complete" => Body::RefreshComplete(f.req("hook")?),
        "action_start" => Body::ActionStart(f.req("hook")?),
        "action_progress" => Body::ActionProgress(f.req("hook")?),
        "action_complete" => Body::ActionComplete(f.req("hook")?),
        "action_errored" => Body::ActionErrored(f.req("hook")?),
        "ephemeral_action_started" => Body::EphemeralActionStarted(f.req("hook")?),
        "ephemeral_action_complete" => Body::EphemeralActionComplete(f.req("hook")?),
        "list_start" => Body::ListStart(f.req("list_start")?),
        "list_resource_found" => Body::ListResourceFound(f.req("list_resource_found")?),
        "list_complete" => Body::ListComplete(f.req("list_complete")?),
        "test_abstract" => Body::TestAbstract(f.req("test_abstract")?),
        "test_file" => Body::TestFile(f.req("test_file")?),
        "test_run" => Body::TestRun(f.req("test_run")?),
        "test_plan" => Body::TestPlan(f.req("test_plan")?),
        "test_state" => Body::TestState(f.req("test_state")?),
        "test_summary" => Body::TestSummary(f.req("test_summary")?),
        "test_cleanup" => Body::TestCleanup(f.req("test_cleanup")?),
        "test_interrupt" => Body::TestInterrupt(f.req("test_interrupt")?),
        "test_status" => Body::TestStatus(f.req("test_status")?),
        "init_output" => Body::InitOutput(InitOutput {
            message_code: f.req("message_code")?,
        }),
        "migration_errored" => Body::MigrationErrored(MigrationErrored {
            failure_mode: f.opt("failure_mode")?,
        }),
        "policy_info" => Body::PolicyInfo(decode_policy(f)?),
        "policy_diagnostic" => Body::PolicyDiagnostic(decode_policy(f)?),
        "policy_result" => Body::PolicyResult(decode_policy(f)?),
        "policy_query_summary" => Body::PolicyQuerySummary(decode_policy(f)?),
        other => match Notice::from_wire(other) {
            Notice::Other(_) => Body::Unknown,
            n => Body::Notice(n),
        },
    })
}

fn decode_policy(f: &mut Fields) -> Result<Policy, ParseError> {
    Ok(Policy {
        target_address: f.opt("target_address")?,
        result: f.opt("result")?,
        policy_address: f.opt("policy_address")?,
        policy_metadata: f.opt("policy_metadata")?,
        info: f.opt("policy_info")?,
        diagnostic: f.opt("policy_diagnostic")?,
        list_block_address: f.opt("list_block_address")?,
        overall_result: f.opt("overall_result")?,
        results: f.opt("results")?,
        passed_policies: f.opt("passed_policies")?,
    })
}

fn encode_body(body: &Body, flavor: Flavor) -> Vec<(String, String)> {
    let one = |k: &str, v: String| vec![(k.to_owned(), v)];
    let mut out = Vec::new();
    let mut opt = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            out.push((k.to_owned(), v));
        }
    };
    match body {
        Body::Version(v) => {
            opt("terraform", v.terraform.as_ref().map(|s| quoted(s, flavor)));
            opt("tofu", v.tofu.as_ref().map(|s| quoted(s, flavor)));
            opt("ui", Some(quoted(&v.ui, flavor)));
            out
        }
        Body::Log(l) => {
            opt("state", l.state.as_ref().map(|s| s.as_str().to_owned()));
            out
        }
        Body::Diagnostic(d) => one("diagnostic", encoded(d, flavor)),
        Body::ResourceDrift(c) | Body::PlannedChange(c) => one("change", encoded(c, flavor)),
        Body::PlannedActionInvocation(a) | Body::AppliedActionInvocation(a) => {
            one("invocation", encoded(a, flavor))
        }
        Body::ChangeSummary(c) => one("changes", encoded(c, flavor)),
        Body::Outputs(o) => one("outputs", encoded(o, flavor)),
        Body::ApplyStart(h)
        | Body::ApplyProgress(h)
        | Body::ApplyComplete(h)
        | Body::ApplyErrored(h)
        | Body::EphemeralOpStart(h)
        | Body::EphemeralOpProgress(h)
        | Body::EphemeralOpComplete(h)
        | Body::EphemeralOpErrored(h) => one("hook", encoded(h, flavor)),
        Body::ProvisionStart(h)
        | Body::ProvisionProgress(h)
        | Body::ProvisionComplete(h)
        | Body::ProvisionErrored(h) => one("hook", encoded(h, flavor)),
        Body::RefreshStart(h) | Body::RefreshComplete(h) => one("hook", encoded(h, flavor)),
        Body::ActionStart(h)
        | Body::ActionProgress(h)
        | Body::ActionComplete(h)
        | Body::ActionErrored(h) => one("hook", encoded(h, flavor)),
        Body::EphemeralActionStarted(h) | Body::EphemeralActionComplete(h) => {
            one("hook", encoded(h, flavor))
        }
        Body::ListStart(l) => one("list_start", encoded(l, flavor)),
        Body::ListResourceFound(l) => one("list_resource_found", encoded(l, flavor)),
        Body::ListComplete(l) => one("list_complete", encoded(l, flavor)),
        Body::TestAbstract(t) => one("test_abstract", encoded(t, flavor)),
        Body::TestFile(t) => one("test_file", encoded(t, flavor)),
        Body::TestRun(t) => one("test_run", encoded(t, flavor)),
        Body::TestPlan(t) => one("test_plan", t.as_str().to_owned()),
        Body::TestState(t) => one("test_state", t.as_str().to_owned()),
        Body::TestSummary(t) => one("test_summary", encoded(t, flavor)),
        Body::TestCleanup(t) => one("test_cleanup", encoded(t, flavor)),
        Body::TestInterrupt(t) => one("test_interrupt", encoded(t, flavor)),
        Body::TestStatus(t) => one("test_status", encoded(t, flavor)),
        Body::InitOutput(i) => one("message_code", quoted(&i.message_code, flavor)),
        Body::MigrationErrored(m) => {
            opt(
                "failure_mode",
                m.failure_mode.as_ref().map(|s| quoted(s, flavor)),
            );
            out
        }
        Body::PolicyInfo(p)
        | Body::PolicyDiagnostic(p)
        | Body::PolicyResult(p)
        | Body::PolicyQuerySummary(p) => {
            let s = |v: &Option<String>| v.as_ref().map(|s| quoted(s, flavor));
            let r = |v: &Option<RawJson>| v.as_ref().map(|j| j.as_str().to_owned());
            opt("target_address", s(&p.target_address));
            opt("result", s(&p.result));
            opt("policy_address", s(&p.policy_address));
            opt("policy_metadata", r(&p.policy_metadata));
            opt("policy_info", r(&p.info));
            opt(
                "policy_diagnostic",
                p.diagnostic.as_ref().map(|d| encoded(d, flavor)),
            );
            opt("list_block_address", s(&p.list_block_address));
            opt("overall_result", s(&p.overall_result));
            opt("results", r(&p.results));
            opt("passed_policies", r(&p.passed_policies));
            out
        }
        Body::Notice(_) | Body::Unknown => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_keeps_unknown_keys() {
        let line = r#"{"@level":"info","@message":"x: Creating...","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","future":[1],"hook":{"resource":{"addr":"x","module":"","resource":"x","implied_provider":"x","resource_type":"x","resource_name":"x","resource_key":null},"action":"create","new_field":true},"type":"apply_start"}"#;
        let m = Message::parse(line).unwrap();
        assert_eq!(m.as_json(), line);
        assert_eq!(m.encode(Flavor::TERRAFORM), line);
        assert!(matches!(m.body, Body::ApplyStart(_)));
        assert_eq!(m.envelope.extra.len(), 1);
    }

    #[test]
    fn unknown_types_keep_their_message() {
        let line = r#"{"@level":"info","@message":"something new","@module":"terraform.ui","@timestamp":"t","payload":{"a":1},"type":"brand_new"}"#;
        let m = Message::parse(line).unwrap();
        assert_eq!(m.body, Body::Unknown);
        assert_eq!(m.envelope.message, "something new");
        assert_eq!(m.encode(Flavor::TERRAFORM), line);
    }

    #[test]
    fn opentofu_messages() {
        let lines = [
            r#"{"@level":"info","@message":"OpenTofu 1.9.0","@module":"tofu.ui","@timestamp":"2025-01-01T00:00:00.000000Z","tofu":"1.9.0","type":"version","ui":"1.2"}"#,
            r#"{"@level":"info","@message":"ephemeral.random_password.p: Opening...","@module":"tofu.ui","@timestamp":"2025-01-01T00:00:00.000000Z","hook":{"resource":{"addr":"ephemeral.random_password.p","module":"","resource":"ephemeral.random_password.p","implied_provider":"random","resource_type":"random_password","resource_name":"p","resource_key":null},"Msg":"Opening..."},"type":"ephemeral_action_started"}"#,
            r#"{"@level":"info","@message":"Plan: 0 to add, 0 to change, 0 to destroy, 1 to forget.","@module":"tofu.ui","@timestamp":"2025-01-01T00:00:00.000000Z","changes":{"add":0,"change":0,"import":0,"remove":0,"forget":1,"operation":"plan"},"type":"change_summary"}"#,
            r#"{"@level":"info","@message":"a <b> & c","@module":"tofu.ui","@timestamp":"2025-01-01T00:00:00.000000Z","type":"log"}"#,
            r#"{"@level":"info","@message":"Outputs: 1","@module":"tofu.ui","@timestamp":"2025-01-01T00:00:00.000000Z","outputs":{"o":{"sensitive":false,"deprecated":"use p","type":"string","value":"<"}},"type":"outputs"}"#,
        ];
        for line in lines {
            let m = Message::parse(line).unwrap();
            assert_eq!(m.encode(Flavor::OPENTOFU), line);
            if let Body::ChangeSummary(c) = &m.body {
                assert_eq!(c.message(), m.envelope.message);
            }
        }
        let v = Message::parse(lines[0]).unwrap();
        assert!(matches!(
            v.body,
            Body::Version(Version {
                tofu: Some(_),
                terraform: None,
                ..
            })
        ));
        let e = Message::parse(lines[1]).unwrap();
        assert!(matches!(e.body, Body::EphemeralActionStarted(ref h) if h.msg == "Opening..."));
    }

    #[test]
    fn refuses_major_version_two() {
        let line = r#"{"@level":"info","@message":"Terraform 9.0.0","@module":"terraform.ui","@timestamp":"t","terraform":"9.0.0","type":"version","ui":"2.0"}"#;
        assert_eq!(
            Message::parse(line),
            Err(ParseError::UnsupportedVersion { ui: "2.0".into() })
        );
    }

    #[test]
    fn classifies_bad_lines() {
        assert!(matches!(
            Message::parse(r#"{"@level":"info","@mess"#),
            Err(ParseError::Truncated { .. })
        ));
        assert!(matches!(
            Message::parse("Terraform crashed!"),
            Err(ParseError::NotJson { .. })
        ));
        assert!(matches!(
            Message::parse("[1]"),
            Err(ParseError::WrongType { .. })
        ));
        let wrong = r#"{"@level":"info","@message":"m","@module":"terraform.ui","@timestamp":"t","changes":{"add":"1","change":0,"remove":0,"operation":"plan"},"type":"change_summary"}"#;
        assert_eq!(
            Message::parse(wrong),
            Err(ParseError::WrongType {
                path: "changes.add".into(),
                expected: "number",
                found: "string"
            })
        );
    }
}
