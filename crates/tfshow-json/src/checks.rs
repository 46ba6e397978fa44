//! The `checks` array of plan and state documents (`jsonchecks`).
//!
//! ```text
//! [{"address":{"kind":"resource","mode":"managed","name":"a","to_display":"t.a","type":"t"},
//!   "status":"pass","instances":[{"address":{"to_display":"t.a"},"status":"pass",
//!   "problems":[{"message":"…"}]}]}]
//! ```
//! Address objects are Go maps, so their keys are sorted. Groups and instances are sorted by
//! `to_display`, problems by message. Addresses are written in Terraform's string form
//! ([`tfshow_addrs::canonical`]), as Terraform writes them after reading them.

use std::borrow::Cow;

use tfshow_addrs::{canonical, AbsResourceInstance, InstanceKey, ModuleInstance};
use tfshow_gojson::Writer;
use tfshow_state::CheckResult;

use crate::error::{invalid, Error};
use crate::Release;

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
pub(crate) fn write_state_checks(
    w: &mut Writer<'_>,
    results: &[CheckResult],
    version: &Release,
) -> Result<(), Error> {
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
    write_checks(w, groups, version)
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

/// `addr`, the address of a check group or object of `kind`, in Terraform's string form: a
/// resource address re-quoted as a whole, the module part of the others (their names are left
/// as they are, and so is a module part that does not parse).
pub(crate) fn display<'a>(kind: &str, addr: &'a str) -> Result<Cow<'a, str>, Error> {
    if kind == "resource" {
        let r = AbsResourceInstance::parse(addr).map_err(|e| invalid("checks", e))?;
        return Ok(canonical(addr, &r));
    }
    let (module, rest) = split_module(addr, marker(kind));
    Ok(match ModuleInstance::parse(&module) {
        Ok(m) => match canonical(&module, &m) {
            Cow::Borrowed(_) => Cow::Borrowed(addr),
            Cow::Owned(module) => Cow::Owned(format!("{module}.{rest}")),
        },
        Err(_) => Cow::Borrowed(addr),
    })
}

/// Writes the `checks` array, its entries as `version` wrote them.
pub(crate) fn write_checks(
    w: &mut Writer<'_>,
    groups: Vec<CheckGroup<'_>>,
    version: &Release,
) -> Result<(), Error> {
    let experimental = version.has(crate::Feature::ChecksExperimentalNote);
    let mut groups = groups
        .into_iter()
        .map(|mut g| {
            let config_addr = display(g.kind, g.config_addr)?;
            let objects = std::mem::take(&mut g.objects)
                .into_iter()
                .map(|o| Ok((display(g.kind, o.addr)?, o)))
                .collect::<Result<Vec<_>, Error>>()?;
            Ok((config_addr, objects, g))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    w.begin_array();
    for (config_addr, objects, g) in &mut groups {
        let config_addr: &str = config_addr;
        w.begin_object();
        if experimental {
            w.key("//");
            w.string("EXPERIMENTAL: see docs for details");
        }
        w.key("address");
        w.begin_object();
        match g.kind {
            "resource" => {
                // A config resource address is an instance address without keys.
                let r =
                    AbsResourceInstance::parse(config_addr).map_err(|e| invalid("checks", e))?;
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
                w.string(config_addr);
                w.key("type");
                w.string(&r.type_);
            }
            kind @ ("output" | "check" | "var") => {
                let (module, rest) = split_module(config_addr, marker(kind));
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
                w.string(config_addr);
            }
            other => return Err(invalid("checks", format!("unknown object kind {other:?}"))),
        }
        w.end_object();
        w.key("status");
        w.string(g.status);
        if !objects.is_empty() {
            objects.sort_by(|a, b| a.0.cmp(&b.0));
            w.key("instances");
            w.begin_array();
            for (addr, o) in objects.iter() {
                write_instance(w, g.kind, addr, o)?;
            }
            w.end_array();
        }
        w.end_object();
    }
    w.end_array();
    Ok(())
}

/// Writes one instance of a check group; `addr` is its address in Terraform's string form.
fn write_instance(
    w: &mut Writer<'_>,
    kind: &str,
    addr: &str,
    o: &CheckObject<'_>,
) -> Result<(), Error> {
    w.begin_object();
    w.key("address");
    w.begin_object();
    let (module, key) = if kind == "resource" {
        let r = AbsResourceInstance::parse(addr).map_err(|e| invalid("checks", e))?;
        (r.module, r.key)
    } else {
        let (module, _) = split_module(addr, marker(kind));
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
    w.string(addr);
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
