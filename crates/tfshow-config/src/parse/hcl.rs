//! Reading the blocks of a native-syntax (`.tf`) file.

use hcl_edit::expr::{Expression, ObjectKey, TraversalOperator};
use hcl_edit::structure::{Block, Body, Structure};
use hcl_edit::Span;
use tfshow_cty::Value;

use super::FileError;
use crate::expr::constant_value;
use crate::model::*;
use crate::typeexpr::variable_type_constraint;

/// Parses one file's source into module declarations.
pub(crate) fn parse_file(src: &str) -> Result<ModuleConfig, FileError> {
    let body: Body = hcl_edit::parser::parse_body(src).map_err(|e| FileError {
        offset: None,
        line: Some(e.location().line()),
        message: e.message().to_string(),
    })?;
    let mut m = ModuleConfig::default();
    for block in body.blocks() {
        let err = |message: String| FileError {
            offset: block.span().map(|s| s.start),
            line: None,
            message,
        };
        let labels: Vec<String> = block.labels.iter().map(|l| l.as_str().to_owned()).collect();
        match (block.ident.value().as_str(), labels.as_slice()) {
            ("variable", [name]) => m.variables.push(variable(name, block).map_err(err)?),
            ("output", [name]) => m.outputs.push(output(name, block)),
            ("resource", [t, n]) => {
                m.managed_resources
                    .push(resource(ResourceMode::Managed, t, n, block))
            }
            ("data", [t, n]) => m
                .data_resources
                .push(resource(ResourceMode::Data, t, n, block)),
            ("ephemeral", [t, n]) => {
                m.ephemeral_resources
                    .push(resource(ResourceMode::Ephemeral, t, n, block))
            }
            ("module", [name]) => m.module_calls.push(module_call(name, block).map_err(err)?),
            ("provider", [name]) => m.provider_configs.push(provider(name, block)),
            ("terraform", []) => required_providers(block, &mut m.required_providers),
            ("action", [t, n]) => m.actions.push(action(t, n, block)),
            // Data sources scoped to a check block belong to the module's data resources.
            ("check", [_]) => {
                for d in block.body.get_blocks("data") {
                    if let [t, n] = d.labels.as_slice() {
                        m.data_resources.push(resource(
                            ResourceMode::Data,
                            t.as_str(),
                            n.as_str(),
                            d,
                        ));
                    }
                }
            }
            (
                "variable" | "output" | "resource" | "data" | "ephemeral" | "module" | "provider"
                | "action",
                _,
            ) => {
                return Err(err(format!(
                    "wrong number of labels on a {} block",
                    block.ident.value()
                )));
            }
            _ => {}
        }
    }
    Ok(m)
}

/// A block body as attributes and nested blocks in source order, leaving out `skip`.
pub(crate) fn block_body(body: &Body, skip: &[&str]) -> BlockBody {
    let mut out = BlockBody::default();
    for s in body.iter() {
        match s {
            Structure::Attribute(a) if !skip.contains(&a.key.value().as_str()) => {
                out.attributes
                    .push((a.key.value().to_string(), a.value.clone()));
            }
            Structure::Block(b) if !skip.contains(&b.ident.value().as_str()) => {
                out.blocks.push(NestedBlockDecl {
                    type_name: b.ident.value().to_string(),
                    labels: b.labels.iter().map(|l| l.as_str().to_owned()).collect(),
                    body: block_body(&b.body, &[]),
                })
            }
            _ => {}
        }
    }
    out
}

fn attr<'a>(block: &'a Block, name: &str) -> Option<&'a Expression> {
    block.body.get_attribute(name).map(|a| &a.value)
}

fn string_attr(block: &Block, name: &str) -> Option<String> {
    match attr(block, name).and_then(constant_value) {
        Some(Value::String(s)) => Some(s.into()),
        _ => None,
    }
}

fn bool_attr(block: &Block, name: &str) -> bool {
    matches!(
        attr(block, name).and_then(constant_value),
        Some(Value::Bool(true))
    )
}

/// The items of a list expression (`depends_on = [a.b, c]`).
fn list_items(e: Option<&Expression>) -> Vec<Expression> {
    match e {
        Some(Expression::Array(items)) => items.iter().cloned().collect(),
        _ => Vec::new(),
    }
}

/// The names of a plain traversal (`aws.west` → `["aws", "west"]`).
pub(crate) fn traversal_names(e: &Expression) -> Option<Vec<String>> {
    match e {
        Expression::Variable(v) => Some(vec![v.value().to_string()]),
        Expression::Traversal(t) => {
            let mut names = traversal_names(&t.expr)?;
            for op in &t.operators {
                match op.value() {
                    TraversalOperator::GetAttr(id) => names.push(id.value().to_string()),
                    _ => return None,
                }
            }
            Some(names)
        }
        _ => None,
    }
}

fn provider_ref(e: &Expression) -> Option<ProviderRef> {
    // `aws.east[each.key]`: one instance of a provider configuration with `for_each`
    // (OpenTofu 1.9+); the configuration is `aws.east`.
    let e = match e {
        Expression::Traversal(t)
            if t.operators.len() == 2
                && matches!(t.operators[1].value(), TraversalOperator::Index(_)) =>
        {
            let mut config = (**t).clone();
            config.operators.truncate(1);
            return provider_ref(&Expression::Traversal(Box::new(config)));
        }
        e => e,
    };
    match traversal_names(e)?.as_slice() {
        [name] => Some(ProviderRef {
            name: name.clone(),
            alias: None,
        }),
        [name, alias] => Some(ProviderRef {
            name: name.clone(),
            alias: Some(alias.clone()),
        }),
        _ => None,
    }
}

fn variable(name: &str, block: &Block) -> Result<VariableDecl, String> {
    let mut v = VariableDecl {
        name: name.to_owned(),
        ..VariableDecl::default()
    };
    if let Some(t) = attr(block, "type") {
        v.type_constraint = Some(
            variable_type_constraint(t)
                .ok_or_else(|| format!("variable {name:?}: invalid type constraint"))?,
        );
    }
    if let Some(d) = attr(block, "default") {
        v.default = constant_value(d);
    }
    v.description = string_attr(block, "description");
    v.sensitive = bool_attr(block, "sensitive");
    v.ephemeral = bool_attr(block, "ephemeral");
    v.deprecated = string_attr(block, "deprecated");
    Ok(v)
}

fn output(name: &str, block: &Block) -> OutputDecl {
    OutputDecl {
        name: name.to_owned(),
        value: attr(block, "value").cloned(),
        description: string_attr(block, "description"),
        sensitive: bool_attr(block, "sensitive"),
        ephemeral: bool_attr(block, "ephemeral"),
        deprecated: string_attr(block, "deprecated"),
        depends_on: list_items(attr(block, "depends_on")),
    }
}

const RESOURCE_META: &[&str] = &[
    "count",
    "for_each",
    "provider",
    "depends_on",
    "lifecycle",
    "provisioner",
    "connection",
];

fn resource(mode: ResourceMode, type_name: &str, name: &str, block: &Block) -> ResourceDecl {
    let provisioners = block
        .body
        .get_blocks("provisioner")
        .map(|p| {
            let t = p
                .labels
                .first()
                .map(|l| l.as_str().to_owned())
                .unwrap_or_default();
            (
                t,
                block_body(&p.body, &["connection", "when", "on_failure"]),
            )
        })
        .collect();
    ResourceDecl {
        mode,
        type_name: type_name.to_owned(),
        name: name.to_owned(),
        provider: attr(block, "provider").and_then(provider_ref),
        count: attr(block, "count").cloned(),
        for_each: attr(block, "for_each").cloned(),
        depends_on: list_items(attr(block, "depends_on")),
        body: block_body(&block.body, RESOURCE_META),
        provisioners,
    }
}

fn module_call(name: &str, block: &Block) -> Result<ModuleCallDecl, String> {
    // OpenTofu 1.8+ evaluates a source built from variables and locals early; the address it
    // found is in the snapshot's manifest, filled in by the caller (`""` here).
    let source = match attr(block, "source") {
        None => return Err(format!("module {name:?}: missing source")),
        Some(_) => string_attr(block, "source").unwrap_or_default(),
    };
    let mut providers = Vec::new();
    if let Some(Expression::Object(obj)) = attr(block, "providers") {
        for (k, v) in obj.iter() {
            let child = match k {
                ObjectKey::Ident(id) => Some(ProviderRef {
                    name: id.value().to_string(),
                    alias: None,
                }),
                ObjectKey::Expression(e) => provider_ref(e),
            };
            if let (Some(c), Some(p)) = (child, provider_ref(v.expr())) {
                providers.push((c, p));
            }
        }
    }
    Ok(ModuleCallDecl {
        name: name.to_owned(),
        source,
        version: string_attr(block, "version"),
        count: attr(block, "count").cloned(),
        for_each: attr(block, "for_each").cloned(),
        depends_on: list_items(attr(block, "depends_on")),
        providers,
        body: block_body(
            &block.body,
            &[
                "source",
                "version",
                "count",
                "for_each",
                "depends_on",
                "providers",
            ],
        ),
    })
}

fn provider(name: &str, block: &Block) -> ProviderDecl {
    ProviderDecl {
        name: name.to_owned(),
        alias: string_attr(block, "alias"),
        version: string_attr(block, "version"),
        body: block_body(&block.body, super::PROVIDER_META_ARGUMENTS),
    }
}

fn action(type_name: &str, name: &str, block: &Block) -> ActionDecl {
    ActionDecl {
        type_name: type_name.to_owned(),
        name: name.to_owned(),
        provider: attr(block, "provider").and_then(provider_ref),
        count: attr(block, "count").cloned(),
        for_each: attr(block, "for_each").cloned(),
    }
}

fn required_providers(block: &Block, out: &mut Vec<RequiredProvider>) {
    for rp in block.body.get_blocks("required_providers") {
        for a in rp.body.attributes() {
            let name = a.key.value().to_string();
            let mut req = RequiredProvider {
                name,
                source: None,
                versions: Vec::new(),
                aliases: Vec::new(),
            };
            match &a.value {
                Expression::Object(obj) => {
                    for (k, v) in obj.iter() {
                        let key = match k {
                            ObjectKey::Ident(id) => id.value().to_string(),
                            ObjectKey::Expression(e) => match constant_value(e) {
                                Some(Value::String(s)) => s.into(),
                                _ => continue,
                            },
                        };
                        match key.as_str() {
                            "source" => {
                                if let Some(Value::String(s)) = constant_value(v.expr()) {
                                    req.source = Some(s.into());
                                }
                            }
                            "version" => {
                                if let Some(Value::String(s)) = constant_value(v.expr()) {
                                    req.versions.push(s.into());
                                }
                            }
                            "configuration_aliases" => {
                                req.aliases = list_items(Some(v.expr()))
                                    .iter()
                                    .filter_map(provider_ref)
                                    .collect();
                            }
                            _ => {}
                        }
                    }
                }
                e => {
                    if let Some(Value::String(s)) = constant_value(e) {
                        req.versions.push(s.into());
                    }
                }
            }
            out.push(req);
        }
    }
}
