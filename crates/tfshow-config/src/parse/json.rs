//! Reading the blocks of a JSON-syntax (`.tf.json`) file.
//!
//! JSON values become native-syntax expressions (strings are templates in both syntaxes), so
//! expressions are analysed the same way whichever syntax they were written in.

use hcl_edit::expr::Expression;
use serde_json::{Map, Value as J};
use tfshow_cty::json::from_json_untyped;

use super::FileError;
use crate::model::*;
use crate::typeexpr::variable_type_constraint;

fn err(message: String) -> FileError {
    FileError {
        offset: None,
        line: None,
        message,
    }
}

/// Parses one `.tf.json` file into module declarations.
pub(crate) fn parse_file(
    bytes: &[u8],
    limits: &tfshow_limits::Limits,
) -> Result<ModuleConfig, FileError> {
    let doc: J = tfshow_limits::json::from_slice(bytes, limits).map_err(|e| match e {
        tfshow_limits::json::JsonError::Limit(e) => err(e.to_string()),
        tfshow_limits::json::JsonError::Json(e) => FileError {
            offset: None,
            line: Some(e.line()),
            message: e.to_string(),
        },
    })?;
    let J::Object(top) = doc else {
        return Err(err("the root of a .tf.json file must be an object".into()));
    };
    let mut m = ModuleConfig::default();
    for (kind, content) in &top {
        match kind.as_str() {
            "variable" => {
                for (name, body) in labelled(content) {
                    m.variables.push(variable(name, body)?);
                }
            }
            "output" => {
                for (name, body) in labelled(content) {
                    m.outputs.push(OutputDecl {
                        name: name.clone(),
                        value: body.get("value").map(expression).transpose()?,
                        description: body
                            .get("description")
                            .and_then(J::as_str)
                            .map(str::to_owned),
                        sensitive: body.get("sensitive").and_then(J::as_bool) == Some(true),
                        ephemeral: body.get("ephemeral").and_then(J::as_bool) == Some(true),
                        deprecated: body
                            .get("deprecated")
                            .and_then(J::as_str)
                            .map(str::to_owned),
                        depends_on: traversal_list(body.get("depends_on"))?,
                    });
                }
            }
            "resource" | "data" | "ephemeral" => {
                let mode = match kind.as_str() {
                    "data" => ResourceMode::Data,
                    "ephemeral" => ResourceMode::Ephemeral,
                    _ => ResourceMode::Managed,
                };
                for (type_name, by_name) in labelled(content) {
                    for (name, body) in labelled_map(by_name) {
                        let r = resource(mode, type_name, name, body)?;
                        match mode {
                            ResourceMode::Data => m.data_resources.push(r),
                            ResourceMode::Ephemeral => m.ephemeral_resources.push(r),
                            ResourceMode::Managed | ResourceMode::List => {
                                m.managed_resources.push(r)
                            }
                        }
                    }
                }
            }
            "check" => {
                for (_, check) in labelled(content) {
                    for (type_name, by_name) in check.get("data").map(labelled).unwrap_or_default()
                    {
                        for (name, body) in labelled_map(by_name) {
                            m.data_resources.push(resource(
                                ResourceMode::Data,
                                type_name,
                                name,
                                body,
                            )?);
                        }
                    }
                }
            }
            "module" => {
                for (name, body) in labelled(content) {
                    m.module_calls.push(module_call(name, body)?);
                }
            }
            "provider" => {
                for (name, body) in labelled(content) {
                    m.provider_configs.push(ProviderDecl {
                        name: name.clone(),
                        alias: body.get("alias").and_then(J::as_str).map(str::to_owned),
                        version: body.get("version").and_then(J::as_str).map(str::to_owned),
                        body: block_body(body, super::PROVIDER_META_ARGUMENTS)?,
                    });
                }
            }
            "terraform" => {
                for t in objects(content) {
                    for rp in t.get("required_providers").map(objects).unwrap_or_default() {
                        for (name, spec) in rp {
                            m.required_providers.push(required_provider(name, spec)?);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(m)
}

/// The objects of a value that is an object or an array of objects.
fn objects(v: &J) -> Vec<&Map<String, J>> {
    match v {
        J::Object(o) => vec![o],
        J::Array(items) => items.iter().filter_map(J::as_object).collect(),
        _ => Vec::new(),
    }
}

/// `{"label": body}` (or an array of such objects, or `{"label": [body, body]}`) as pairs.
fn labelled(v: &J) -> Vec<(&String, &Map<String, J>)> {
    let mut out = Vec::new();
    for o in objects(v) {
        for (label, body) in o {
            for b in objects(body) {
                out.push((label, b));
            }
        }
    }
    out
}

fn labelled_map(m: &Map<String, J>) -> Vec<(&String, &Map<String, J>)> {
    let mut out = Vec::new();
    for (label, body) in m {
        for b in objects(body) {
            out.push((label, b));
        }
    }
    out
}

/// Writes a JSON value as native-syntax source.
fn to_native(v: &J, out: &mut String) {
    match v {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Number(n) => out.push_str(&n.to_string()),
        J::String(s) => quote(s, out),
        J::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                to_native(item, out);
            }
            out.push(']');
        }
        J::Object(o) => {
            out.push('{');
            for (i, (k, item)) in o.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                quote(k, out);
                out.push_str(" = ");
                to_native(item, out);
            }
            out.push('}');
        }
    }
}

fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON value as an expression: strings are templates, the rest literal structure.
pub(crate) fn expression(v: &J) -> Result<Expression, FileError> {
    let mut src = String::new();
    to_native(v, &mut src);
    // Escapes such as `\u0028` in the file become brackets here.
    super::check_nesting(src.as_bytes(), tfshow_limits::MAX_DEPTH)?;
    hcl_edit::parser::parse_expr(&src)
        .map_err(|e| err(format!("invalid expression {src}: {}", e.message())))
}

/// A string holding a bare expression (`"aws.west"`, `"aws_instance.a"`).
fn bare_expression(v: &J) -> Result<Option<Expression>, FileError> {
    match v.as_str() {
        Some(s) => super::check_nesting(s.as_bytes(), tfshow_limits::MAX_DEPTH)
            .and_then(|()| {
                hcl_edit::parser::parse_expr(s)
                    .map_err(|e| err(format!("invalid reference {s:?}: {}", e.message())))
            })
            .map(Some),
        None => Ok(None),
    }
}

fn traversal_list(v: Option<&J>) -> Result<Vec<Expression>, FileError> {
    let mut out = Vec::new();
    for item in v
        .and_then(J::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
    {
        if let Some(e) = bare_expression(item)? {
            out.push(e);
        }
    }
    Ok(out)
}

fn provider_ref(v: Option<&J>) -> Option<ProviderRef> {
    let s = v?.as_str()?;
    let mut parts = s.splitn(2, '.');
    Some(ProviderRef {
        name: parts.next()?.to_owned(),
        alias: parts.next().map(str::to_owned),
    })
}

fn block_body(body: &Map<String, J>, skip: &[&str]) -> Result<BlockBody, FileError> {
    let mut out = BlockBody::default();
    let mut members = Vec::new();
    for (k, v) in body {
        if skip.contains(&k.as_str()) || k == "//" {
            continue;
        }
        out.attributes.push((k.clone(), expression(v)?));
        members.push((k.clone(), v.clone()));
    }
    out.json_members = Some(members);
    Ok(out)
}

/// Interprets a JSON member as nested blocks (with one label each when `labelled`); members
/// that are not objects, and invalid expressions inside them, are left out.
pub(crate) fn json_blocks(type_name: &str, v: &J, labelled_blocks: bool) -> Vec<NestedBlockDecl> {
    let block = |labels: Vec<String>, o: &Map<String, J>| {
        block_body(o, &[]).ok().map(|body| NestedBlockDecl {
            type_name: type_name.to_owned(),
            labels,
            body,
        })
    };
    if labelled_blocks {
        labelled(v)
            .into_iter()
            .filter_map(|(label, o)| block(vec![label.clone()], o))
            .collect()
    } else {
        objects(v)
            .into_iter()
            .filter_map(|o| block(Vec::new(), o))
            .collect()
    }
}

fn variable(name: &str, body: &Map<String, J>) -> Result<VariableDecl, FileError> {
    let mut v = VariableDecl {
        name: name.to_owned(),
        ..VariableDecl::default()
    };
    if let Some(t) = body.get("type") {
        let e = bare_expression(t)?;
        v.type_constraint = Some(
            e.as_ref()
                .and_then(variable_type_constraint)
                .ok_or_else(|| err(format!("variable {name:?}: invalid type constraint")))?,
        );
    }
    if let Some(d) = body.get("default") {
        v.default = Some(from_json_untyped(d).map_err(|e| err(format!("variable {name:?}: {e}")))?);
    }
    v.description = body
        .get("description")
        .and_then(J::as_str)
        .map(str::to_owned);
    v.sensitive = body.get("sensitive").and_then(J::as_bool) == Some(true);
    v.ephemeral = body.get("ephemeral").and_then(J::as_bool) == Some(true);
    v.deprecated = body
        .get("deprecated")
        .and_then(J::as_str)
        .map(str::to_owned);
    Ok(v)
}

fn resource(
    mode: ResourceMode,
    type_name: &str,
    name: &str,
    body: &Map<String, J>,
) -> Result<ResourceDecl, FileError> {
    let mut provisioners = Vec::new();
    if let Some(p) = body.get("provisioner") {
        for (t, pb) in labelled(p) {
            provisioners.push((
                t.clone(),
                block_body(pb, &["connection", "when", "on_failure"])?,
            ));
        }
    }
    Ok(ResourceDecl {
        mode,
        type_name: type_name.to_owned(),
        name: name.to_owned(),
        provider: provider_ref(body.get("provider")),
        count: body.get("count").map(expression).transpose()?,
        for_each: body.get("for_each").map(expression).transpose()?,
        depends_on: traversal_list(body.get("depends_on"))?,
        body: block_body(
            body,
            &[
                "count",
                "for_each",
                "provider",
                "depends_on",
                "lifecycle",
                "provisioner",
                "connection",
            ],
        )?,
        provisioners,
    })
}

fn module_call(name: &str, body: &Map<String, J>) -> Result<ModuleCallDecl, FileError> {
    let source = body
        .get("source")
        .and_then(J::as_str)
        .ok_or_else(|| err(format!("module {name:?}: missing source")))?
        .to_owned();
    let mut providers = Vec::new();
    if let Some(J::Object(p)) = body.get("providers") {
        for (child, parent) in p {
            if let (Some(c), Some(pr)) = (
                provider_ref(Some(&J::String(child.clone()))),
                provider_ref(Some(parent)),
            ) {
                providers.push((c, pr));
            }
        }
    }
    Ok(ModuleCallDecl {
        name: name.to_owned(),
        source,
        version: body.get("version").and_then(J::as_str).map(str::to_owned),
        count: body.get("count").map(expression).transpose()?,
        for_each: body.get("for_each").map(expression).transpose()?,
        depends_on: traversal_list(body.get("depends_on"))?,
        providers,
        body: block_body(
            body,
            &[
                "source",
                "version",
                "count",
                "for_each",
                "depends_on",
                "providers",
            ],
        )?,
    })
}

fn required_provider(name: &str, spec: &J) -> Result<RequiredProvider, FileError> {
    let mut req = RequiredProvider {
        name: name.to_owned(),
        source: None,
        versions: Vec::new(),
        aliases: Vec::new(),
    };
    match spec {
        J::String(v) => req.versions.push(v.clone()),
        J::Object(o) => {
            req.source = o.get("source").and_then(J::as_str).map(str::to_owned);
            if let Some(v) = o.get("version").and_then(J::as_str) {
                req.versions.push(v.to_owned());
            }
            for a in o
                .get("configuration_aliases")
                .and_then(J::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default()
            {
                if let Some(r) = provider_ref(Some(a)) {
                    req.aliases.push(r);
                }
            }
        }
        _ => {
            return Err(err(format!(
                "required_providers {name:?}: expected a string or an object"
            )))
        }
    }
    Ok(req)
}
