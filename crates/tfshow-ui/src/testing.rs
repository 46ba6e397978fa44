//! `terraform test -json` payloads.

use crate::addr::{write_extra, write_opt};
use crate::out::Out;
use crate::raw::{Extra, Fields, Map, Number, Wire};
use crate::ParseError;

/// `test_abstract`: test file → its run block names, files sorted.
pub type TestAbstract = Map<Vec<String>>;

/// `test_file`: `{"path":"main.tftest.hcl","progress":"complete","status":"pass"}`.
///
/// `progress`: `starting`, `running`, `teardown`, `complete`; `status` (omitted while not
/// complete): `pending`, `skip`, `pass`, `fail`, `error`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestFile {
    /// `path`.
    pub path: String,
    /// `progress`.
    pub progress: String,
    /// `status`.
    pub status: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestFile {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestFile {
            path: f.req("path")?,
            progress: f.req("progress")?,
            status: f.opt("status")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("path");
        out.string(&self.path);
        out.key("progress");
        out.string(&self.progress);
        write_opt(out, "status", &self.status);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `test_run`: `{"path":…,"run":"name","progress":"running","elapsed":1500,"status":…}`
/// (`elapsed` in milliseconds, while running).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestRun {
    /// `path`.
    pub path: String,
    /// `run`.
    pub run: String,
    /// `progress`.
    pub progress: String,
    /// `elapsed`.
    pub elapsed: Option<i64>,
    /// `status`.
    pub status: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestRun {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestRun {
            path: f.req("path")?,
            run: f.req("run")?,
            progress: f.req("progress")?,
            elapsed: f.opt("elapsed")?,
            status: f.opt("status")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("path");
        out.string(&self.path);
        out.key("run");
        out.string(&self.run);
        out.key("progress");
        out.string(&self.progress);
        write_opt(out, "elapsed", &self.elapsed);
        write_opt(out, "status", &self.status);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `test_summary`: `{"status":"pass","passed":2,"failed":0,"errored":0,"skipped":0}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestSummary {
    /// `status`.
    pub status: String,
    /// `passed`.
    pub passed: i64,
    /// `failed`.
    pub failed: i64,
    /// `errored`.
    pub errored: i64,
    /// `skipped`.
    pub skipped: i64,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestSummary {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestSummary {
            status: f.req("status")?,
            passed: f.req("passed")?,
            failed: f.req("failed")?,
            errored: f.req("errored")?,
            skipped: f.req("skipped")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("status");
        out.string(&self.status);
        for (k, v) in [
            ("passed", self.passed),
            ("failed", self.failed),
            ("errored", self.errored),
            ("skipped", self.skipped),
        ] {
            out.key(k);
            v.encode(out);
        }
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// A resource left behind by a test: `{"instance":"aws_instance.a","deposed_key":"…"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestResource {
    /// `instance`.
    pub instance: String,
    /// `deposed_key`.
    pub deposed_key: Option<String>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestResource {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestResource {
            instance: f.req("instance")?,
            deposed_key: f.opt("deposed_key")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("instance");
        out.string(&self.instance);
        write_opt(out, "deposed_key", &self.deposed_key);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `test_cleanup`: `{"failed_resources":[…]}` or (skip_cleanup) `{"skipped_resources":[…]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCleanup {
    /// `failed_resources`.
    pub failed_resources: Option<Vec<TestResource>>,
    /// `skipped_resources`.
    pub skipped_resources: Option<Vec<TestResource>>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestCleanup {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestCleanup {
            failed_resources: f.opt("failed_resources")?,
            skipped_resources: f.opt("skipped_resources")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        write_opt(out, "failed_resources", &self.failed_resources);
        write_opt(out, "skipped_resources", &self.skipped_resources);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `test_interrupt`: `{"state":[…],"states":{"run":[…]},"planned":["addr"]}`, each optional.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestInterrupt {
    /// `state`.
    pub state: Option<Vec<TestResource>>,
    /// `states`.
    pub states: Option<Map<Vec<TestResource>>>,
    /// `planned`.
    pub planned: Option<Vec<String>>,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestInterrupt {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestInterrupt {
            state: f.opt("state")?,
            states: f.opt("states")?,
            planned: f.opt("planned")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        write_opt(out, "state", &self.state);
        write_opt(out, "states", &self.states);
        write_opt(out, "planned", &self.planned);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// `test_status` (HCP Terraform remote tests): `{"status":"running","duration":12.5}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestStatus {
    /// `status`.
    pub status: String,
    /// `duration`: seconds.
    pub duration: Number,
    /// Members this library does not know.
    pub extra: Extra,
}

impl Wire for TestStatus {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(TestStatus {
            status: f.req("status")?,
            duration: f.req("duration")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("status");
        out.string(&self.status);
        out.key("duration");
        self.duration.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}
