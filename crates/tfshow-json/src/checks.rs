//! The `checks` array of plan and state documents (`jsonchecks`).
//!
//! ```text
//! [{"address":{"kind":"resource","mode":"managed","name":"a","to_display":"t.a","type":"t"},
//!   "status":"pass","instances":[{"address":{"to_display":"t.a"},"status":"pass",
//!   "problems":[{"message":"…"}]}]}]
//! ```
//! Address objects are Go maps, so their keys are sorted. Groups and instances are sorted by
//! `to_display`, problems by message.

use tfshow_addrs::{AbsResourceInstance, InstanceKey, ModuleInstance};
use tfshow_gojson::Writer;
use tfshow_state::CheckResult;

use crate::error::{invalid, Error};

/// Check results of one configuration object, from a plan or a state.
pub(crate) struct CheckGroup<'a> {
    /// `resource`, `output`, `check` or `var`.
    pub kind: &'a str,
    pub config_addr: &'a str,
    pub status: &'a str,
    pub objects: Vec<CheckObject<'a>>,
}

pub(crate) struct CheckObject<'a> {
    pub addr: &'a str,
    pub status: &'a str,
    pub failure_messages: &'a [String],
}

/// Writes the checks of a state file.
pub(crate) fn write_state_checks(w: &mut Writer<'_>, results: &[CheckResult]) -> Result<(), Error> {
    let groups = results
        .iter()
        .map(|r| CheckGroup {
            kind: &r.object_kind,
            config_addr: &r.config_addr,
            status: &r.status,
            objects: r
                .objects
                .iter()
                .map(|o| CheckObject {
                    addr: &o.object_addr,
                    status: &o.status,
                    failure_messages: &o.failure_messages,
                })
                .collect(),
        })
        .collect();
    write_checks(w, groups)
}

/// Splits `module.a.module.b.output.x` into the module part and the rest.
fn split_module(addr: &str, marker: &str) -> (String, String) {
    match addr.rfind(marker) {
        Some(i) if i == 0 || addr[..i].ends_with('.') => (
            addr[..i].trim_end_matches('.').to_owned(),
            addr[i..].to_owned(),
        ),
        _ => (String::new(), addr.to_owned()),
    }
}

/// The `mode` string of JSON documents.
pub(crate) fn mode_name(m: tfshow_addrs::ResourceMode) -> &'static str {
    match m {
        tfshow_addrs::ResourceMode::Managed => "managed",
        tfshow_addrs::ResourceMode::Data => "data",
        tfshow_addrs::ResourceMode::Ephemeral => "ephemeral",
        tfshow_addrs::ResourceMode::List => "list",
    }
}

fn marker(kind: &str) -> &'static str {
    match kind {
        "output" => "output.",
        "check" => "check.",
        _ => "var.",
    }
}

pub(crate) fn write_checks(
    w: &mut Writer<'_>,
    mut groups: Vec<CheckGroup<'_>>,
) -> Result<(), Error> {
    groups.sort_by(|a, b| a.config_addr.cmp(b.config_addr));
    w.begin_array();
    for g in &groups {
        w.begin_object();
        w.key("address");
        w.begin_object();
        match g.kind {
            "resource" => {
                // A config resource address is an instance address without keys.
                let r =
                    AbsResourceInstance::parse(g.config_addr).map_err(|e| invalid("checks", e))?;
                w.key("kind");
                w.string("resource");
                w.key("mode");
                w.string(mode_name(r.mode));
                if !r.module.is_root() {
                    w.key("module");
                    w.string(&r.module.to_string());
                }
                w.key("name");
                w.string(&r.name);
                w.key("to_display");
                w.string(g.config_addr);
                w.key("type");
                w.string(&r.type_);
            }
            kind @ ("output" | "check" | "var") => {
                let (module, rest) = split_module(g.config_addr, marker(kind));
                w.key("kind");
                w.string(if kind == "output" {
                    "output_value"
                } else {
                    kind
                });
                if !module.is_empty() {
                    w.key("module");
                    w.string(&module);
                }
                w.key("name");
                w.string(rest.strip_prefix(marker(kind)).unwrap_or(&rest));
                w.key("to_display");
                w.string(g.config_addr);
            }
            other => return Err(invalid("checks", format!("unknown object kind {other:?}"))),
        }
        w.end_object();
        w.key("status");
        w.string(g.status);
        if !g.objects.is_empty() {
            let mut objects: Vec<&CheckObject<'_>> = g.objects.iter().collect();
            objects.sort_by(|a, b| a.addr.cmp(b.addr));
            w.key("instances");
            w.begin_array();
            for o in objects {
                write_instance(w, g.kind, o)?;
            }
            w.end_array();
        }
        w.end_object();
    }
    w.end_array();
    Ok(())
}

fn write_instance(w: &mut Writer<'_>, kind: &str, o: &CheckObject<'_>) -> Result<(), Error> {
    w.begin_object();
    w.key("address");
    w.begin_object();
    let (module, key) = if kind == "resource" {
        let r = AbsResourceInstance::parse(o.addr).map_err(|e| invalid("checks", e))?;
        (r.module, r.key)
    } else {
        let (module, _) = split_module(o.addr, marker(kind));
        (
            ModuleInstance::parse(&module).map_err(|e| invalid("checks", e))?,
            InstanceKey::None,
        )
    };
    match key {
        InstanceKey::Int(i) => {
            w.key("instance_key");
            w.i64(i);
        }
        InstanceKey::Str(s) => {
            w.key("instance_key");
            w.string(&s);
        }
        _ => {}
    }
    if !module.is_root() {
        w.key("module");
        w.string(&module.to_string());
    }
    w.key("to_display");
    w.string(o.addr);
    w.end_object();
    w.key("status");
    w.string(o.status);
    if !o.failure_messages.is_empty() {
        let mut msgs: Vec<&String> = o.failure_messages.iter().collect();
        msgs.sort();
        w.key("problems");
        w.begin_array();
        for m in msgs {
            w.begin_object();
            w.key("message");
            w.string(m);
            w.end_object();
        }
        w.end_array();
    }
    w.end_object();
    Ok(())
}
