//! Reading the native-syntax (HCL) form of the configuration into [`RawBody`].

use hcl_edit::expr::{Expression, TraversalOperator};
use hcl_edit::structure::{Body, Structure};
use hcl_edit::template::Element;
use tfshow_limits::Limits;

use super::raw::{RawBlock, RawBody, Val};
use crate::error::ConfigError;

/// Parses HCL text. Syntax errors carry the position and the parser's message, never the
/// source line (which may hold a passphrase).
pub(crate) fn parse(text: &str, limits: &Limits) -> Result<RawBody, ConfigError> {
    tfshow_limits::hcl::check_nesting(text.as_bytes(), limits.max_depth)
        .map_err(|(_, e)| ConfigError::Limit(e))?;
    let body = hcl_edit::parser::parse_body(text).map_err(|e| ConfigError::Syntax {
        format: "HCL",
        line: e.location().line(),
        column: e.location().column(),
        message: e.message().to_string(),
    })?;
    Ok(body_of(&body))
}

fn body_of(body: &Body) -> RawBody {
    let mut out = RawBody::default();
    for s in body.iter() {
        match s {
            Structure::Attribute(a) => out
                .attrs
                .push((a.key.value().to_string(), value_of(&a.value))),
            Structure::Block(b) => out.blocks.push(RawBlock {
                kind: b.ident.value().to_string(),
                labels: b.labels.iter().map(|l| l.as_str().to_owned()).collect(),
                body: body_of(&b.body),
            }),
        }
    }
    out
}

fn value_of(e: &Expression) -> Val {
    match e {
        Expression::String(s) => Val::Str(s.value().clone()),
        Expression::Number(n) => Val::Num(n.value().as_i64().filter(|_| {
            // `as_i64` also truncates floats: keep only whole numbers.
            n.value().as_f64().is_none_or(|f| f.fract() == 0.0)
        })),
        Expression::Bool(b) => Val::Bool(*b.value()),
        Expression::Array(items) => Val::List(items.iter().map(value_of).collect()),
        Expression::Parenthesis(p) => value_of(p.inner()),
        Expression::Variable(_) | Expression::Traversal(_) => match ref_names(e) {
            Some(names) => Val::Ref(names),
            None => Val::Other("an index or splat expression"),
        },
        // `"${key_provider.pbkdf2.k}"` is the same reference.
        Expression::StringTemplate(t) => match t.iter().collect::<Vec<_>>().as_slice() {
            [Element::Interpolation(i)] => match value_of(&i.expr) {
                r @ Val::Ref(_) => r,
                _ => Val::Other("a string template"),
            },
            _ => Val::Other("a string template"),
        },
        Expression::Null(_) => Val::Other("null"),
        Expression::Object(_) => Val::Other("an object"),
        Expression::HeredocTemplate(_) => Val::Other("a heredoc"),
        Expression::FuncCall(_) => Val::Other("a function call"),
        _ => Val::Other("an expression"),
    }
}

/// The names of a traversal of attribute steps (`key_provider.pbkdf2.k`).
fn ref_names(e: &Expression) -> Option<Vec<String>> {
    match e {
        Expression::Variable(v) => Some(vec![v.value().to_string()]),
        Expression::Traversal(t) => {
            let mut names = ref_names(&t.expr)?;
            for op in &t.operators {
                match op.value() {
                    TraversalOperator::GetAttr(name) => names.push(name.value().to_string()),
                    _ => return None,
                }
            }
            Some(names)
        }
        _ => None,
    }
}
