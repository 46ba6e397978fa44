//! One module of the `configuration` document.
//!
//! ```text
//! {"outputs":{NAME:{"sensitive":…,"expression":{…},"depends_on":[…],"description":…}},
//!  "resources":[{"address":…,"mode":…,"type":…,"name":…,"provider_config_key":…,
//!                "provisioners":[…],"expressions":{…},"schema_version":…,
//!                "count_expression":{…},"for_each_expression":{…},"depends_on":[…]}],
//!  "module_calls":{NAME:{"source":…,"expressions":{…},"count_expression":{…},
//!                  "for_each_expression":{…},"module":{…},"version_constraint":…,
//!                  "depends_on":[…]}},
//!  "variables":{NAME:{"type":…,"default":…,"description":…,"required":true,"sensitive":true,
//!                    "ephemeral":true,"deprecated":…}}}
//! ```
//!
//! `type`, `required` and `ephemeral` (and an output's `ephemeral`) from OpenTofu 1.11,
//! `deprecated` from OpenTofu 1.10.
//!
//! ```text
//! ```

use std::collections::BTreeMap;

use hcl_edit::expr::{Expression, TraversalOperator};
use tfshow_config::model::{ConfigNode, ResourceDecl};
use tfshow_cty::json::write_value;
use tfshow_cty::Type;
use tfshow_gojson::Writer;
use tfshow_schema::{Mode, Schemas};

use super::expressions::{
    has_expressions, is_empty, write_expression, write_expressions, BodySchema,
};
use super::providers::{provider_fqn, resource_key, ProviderEntry};
use crate::error::{invalid, Error};
use crate::Release;

/// Everything a module writer needs besides the module.
pub(crate) struct Context<'a> {
    pub schemas: Option<&'a Schemas>,
    pub providers: &'a BTreeMap<String, ProviderEntry>,
    pub version: &'a Release,
    /// Schema versions from states, for use without schemas.
    pub fallback_versions: &'a dyn Fn(&str, Mode, &str) -> Option<u64>,
}

/// The subject of a reference written as a plain traversal (`depends_on` entries).
fn subject(e: &Expression) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut cur = e;
    let ops: Vec<&TraversalOperator> = match e {
        Expression::Traversal(t) => {
            cur = &t.expr;
            t.operators.iter().map(|o| o.value()).collect()
        }
        _ => Vec::new(),
    };
    let Expression::Variable(root) = cur else {
        return String::new();
    };
    names.push(root.value().to_string());
    for op in ops {
        match op {
            TraversalOperator::GetAttr(id) => names.push(id.value().to_string()),
            _ => break,
        }
    }
    let take = match names[0].as_str() {
        "var" | "local" | "count" | "each" | "path" | "terraform" => 2,
        "self" => 1,
        "module" => 3,
        "data" => 3,
        "resource" => return names.get(1..3).map(|n| n.join(".")).unwrap_or_default(),
        _ => 2,
    };
    names.truncate(take);
    names.join(".")
}

fn write_depends_on(w: &mut Writer<'_>, deps: &[Expression]) {
    if deps.is_empty() {
        return;
    }
    w.key("depends_on");
    w.begin_array();
    for d in deps {
        w.string(&subject(d));
    }
    w.end_array();
}

fn write_count_for_each(
    w: &mut Writer<'_>,
    count: Option<&Expression>,
    for_each: Option<&Expression>,
    version: &Release,
) {
    if let Some(c) = count.filter(|c| !is_empty(c)) {
        w.key("count_expression");
        write_expression(w, c, version);
    } else if let Some(f) = for_each.filter(|f| !is_empty(f)) {
        w.key("for_each_expression");
        write_expression(w, f, version);
    }
}

/// Writes a module object. `addr` is the prefix of its provider keys.
pub(crate) fn write_module(
    w: &mut Writer<'_>,
    node: &ConfigNode,
    addr: &str,
    cx: &Context<'_>,
) -> Result<(), Error> {
    let m = &node.module;
    w.begin_object();
    if !m.outputs.is_empty() {
        let mut outputs: Vec<_> = m.outputs.iter().collect();
        outputs.sort_by(|a, b| a.name.cmp(&b.name));
        w.key("outputs");
        w.begin_object();
        for o in outputs {
            w.key(&o.name);
            w.begin_object();
            if o.sensitive {
                w.key("sensitive");
                w.bool(true);
            }
            if o.ephemeral && cx.version.has(crate::Feature::ConfigVariableDetails) {
                w.key("ephemeral");
                w.bool(true);
            }
            write_deprecated(w, o.deprecated.as_deref(), cx);
            w.key("expression");
            match &o.value {
                Some(e) => write_expression(w, e, cx.version),
                None => w.raw(b"{}"),
            }
            write_depends_on(w, &o.depends_on);
            if let Some(d) = o.description.as_deref().filter(|d| !d.is_empty()) {
                w.key("description");
                w.string(d);
            }
            w.end_object();
        }
        w.end_object();
    }
    let mut managed: Vec<&ResourceDecl> = m.managed_resources.iter().collect();
    managed.sort_by_key(|r| r.address());
    let mut data: Vec<&ResourceDecl> = m.data_resources.iter().collect();
    data.sort_by_key(|r| r.address());
    let mut ephemeral: Vec<&ResourceDecl> = m
        .ephemeral_resources
        .iter()
        .filter(|_| cx.version.has(crate::Feature::ConfigEphemeralResources))
        .collect();
    ephemeral.sort_by_key(|r| r.address());
    if !managed.is_empty() || !data.is_empty() || !ephemeral.is_empty() {
        w.key("resources");
        w.begin_array();
        for r in managed.into_iter().chain(data).chain(ephemeral) {
            write_resource(w, node, r, addr, cx)?;
        }
        w.end_array();
    }
    if !m.module_calls.is_empty() {
        let mut calls: Vec<_> = m.module_calls.iter().collect();
        calls.sort_by(|a, b| a.name.cmp(&b.name));
        w.key("module_calls");
        w.begin_object();
        for call in calls {
            let Some(child) = node.children.get(&call.name) else {
                continue;
            };
            w.key(&call.name);
            w.begin_object();
            w.key("source");
            w.string(&call.source);
            let names: Vec<&str> = child
                .module
                .variables
                .iter()
                .map(|v| v.name.as_str())
                .collect();
            let schema = BodySchema::Attributes(&names);
            if has_expressions(&call.body, &schema, cx.version) {
                w.key("expressions");
                write_expressions(w, &call.body, &schema, cx.version);
            }
            write_count_for_each(w, call.count.as_ref(), call.for_each.as_ref(), cx.version);
            w.key("module");
            let child_addr = if cx.version.has(crate::Feature::ModuleQualifiedConfig) {
                child.path_string()
            } else {
                call.name.clone()
            };
            write_module(w, child, &child_addr, cx)?;
            if let Some(v) = call.version.as_deref().filter(|v| !v.is_empty()) {
                w.key("version_constraint");
                w.string(v);
            }
            write_depends_on(w, &call.depends_on);
            w.end_object();
        }
        w.end_object();
    }
    if !m.variables.is_empty() {
        let mut vars: Vec<_> = m.variables.iter().collect();
        vars.sort_by(|a, b| a.name.cmp(&b.name));
        w.key("variables");
        w.begin_object();
        for v in vars {
            w.key(&v.name);
            w.begin_object();
            let details = cx.version.has(crate::Feature::ConfigVariableDetails);
            if let Some(t) = v
                .type_constraint
                .as_ref()
                .filter(|t| details && **t != Type::Dynamic)
            {
                w.key("type");
                w.raw(t.to_json().as_bytes());
            }
            if let Some(d) = &v.default {
                w.key("default");
                write_value(w, d).map_err(|e| invalid(format!("variable {:?}", v.name), e))?;
            }
            if let Some(d) = v.description.as_deref().filter(|d| !d.is_empty()) {
                w.key("description");
                w.string(d);
            }
            if details && v.default.is_none() {
                w.key("required");
                w.bool(true);
            }
            if v.sensitive && cx.version.has(crate::Feature::ConfigSensitiveVariables) {
                w.key("sensitive");
                w.bool(true);
            }
            if details && v.ephemeral {
                w.key("ephemeral");
                w.bool(true);
            }
            write_deprecated(w, v.deprecated.as_deref(), cx);
            w.end_object();
        }
        w.end_object();
    }
    w.end_object();
    Ok(())
}

/// `"deprecated"` of a variable or output, for the releases that print it.
fn write_deprecated(w: &mut Writer<'_>, message: Option<&str>, cx: &Context<'_>) {
    if let Some(m) =
        message.filter(|m| !m.is_empty() && cx.version.has(crate::Feature::ConfigDeprecated))
    {
        w.key("deprecated");
        w.string(m);
    }
}

/// Attribute names of Terraform's built-in provisioners.
fn provisioner_attributes(type_name: &str) -> &'static [&'static str] {
    match type_name {
        "local-exec" => &[
            "command",
            "environment",
            "interpreter",
            "quiet",
            "working_dir",
        ],
        "remote-exec" => &["inline", "script", "scripts"],
        "file" => &["content", "destination", "source"],
        _ => &[],
    }
}

fn write_resource(
    w: &mut Writer<'_>,
    node: &ConfigNode,
    r: &ResourceDecl,
    addr: &str,
    cx: &Context<'_>,
) -> Result<(), Error> {
    let provider = r.provider_ref();
    let fqn = provider_fqn(&node.module, &provider.name, cx.version);
    let mode = r.mode;
    // A provider the schemas leave out, or a type its schema lacks, is written as without
    // schemas.
    let schema = cx
        .schemas
        .and_then(|s| s.resource(&fqn, mode, &r.type_name));
    w.begin_object();
    w.key("address");
    w.string(&r.address());
    w.key("mode");
    w.string(r.mode.as_str());
    w.key("type");
    w.string(&r.type_name);
    w.key("name");
    w.string(&r.name);
    w.key("provider_config_key");
    w.string(&if cx.version.has(crate::Feature::ModuleQualifiedConfig) {
        resource_key(&provider, addr, cx.providers)
    } else {
        super::providers::opaque_key(&provider.compact(), addr)
    });
    if !r.provisioners.is_empty() {
        w.key("provisioners");
        w.begin_array();
        for (t, body) in &r.provisioners {
            w.begin_object();
            w.key("type");
            w.string(t);
            let schema = BodySchema::Attributes(provisioner_attributes(t));
            if has_expressions(body, &schema, cx.version) {
                w.key("expressions");
                write_expressions(w, body, &schema, cx.version);
            }
            w.end_object();
        }
        w.end_array();
    }
    let body_schema = match schema {
        Some(s) => BodySchema::Block(&s.block),
        None => BodySchema::Unknown,
    };
    if has_expressions(&r.body, &body_schema, cx.version) {
        w.key("expressions");
        write_expressions(w, &r.body, &body_schema, cx.version);
    }
    w.key("schema_version");
    w.u64(match schema {
        Some(s) => s.version,
        None => (cx.fallback_versions)(&fqn, mode, &r.type_name).unwrap_or(0),
    });
    write_count_for_each(w, r.count.as_ref(), r.for_each.as_ref(), cx.version);
    write_depends_on(w, &r.depends_on);
    w.end_object();
    Ok(())
}
