//! Evaluating expressions that need no context (Terraform's `constant_value`).

use hcl_edit::expr::{Expression, ObjectKey, UnaryOperator};
use hcl_edit::template::{Element, Template};
use tfshow_cty::{Number, Value};

/// The value of `expr` when it can be evaluated with no variables or functions; `None`
/// otherwise.
pub fn constant_value(expr: &Expression) -> Option<Value> {
    Some(match expr {
        Expression::Null(_) => Value::Null,
        Expression::Bool(b) => Value::Bool(*b.value()),
        Expression::Number(n) => {
            let text = n
                .as_repr()
                .map(|r| r.to_string())
                .unwrap_or_else(|| n.value().to_string());
            Value::Number(Number::parse(text.trim()).ok()?)
        }
        Expression::String(s) => Value::String(s.value().clone()),
        Expression::Array(items) => {
            Value::Tuple(items.iter().map(constant_value).collect::<Option<_>>()?)
        }
        Expression::Object(obj) => {
            let mut entries: Vec<(String, Value)> = Vec::new();
            for (k, v) in obj.iter() {
                let key = match k {
                    ObjectKey::Ident(id) => id.value().to_string(),
                    ObjectKey::Expression(e) => match constant_value(e)? {
                        Value::String(s) => s,
                        Value::Number(n) => n.as_text().into_owned(),
                        Value::Bool(b) => b.to_string(),
                        _ => return None,
                    },
                };
                let value = constant_value(v.expr())?;
                entries.retain(|(k, _)| *k != key);
                entries.push((key, value));
            }
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries)
        }
        Expression::Parenthesis(p) => constant_value(p.inner())?,
        Expression::UnaryOp(op) => match (op.operator.value(), constant_value(&op.expr)?) {
            (UnaryOperator::Neg, Value::Number(n)) => {
                let t = n.as_text();
                let neg = match t.strip_prefix('-') {
                    Some(pos) => pos.to_owned(),
                    None => format!("-{t}"),
                };
                Value::Number(Number::parse(&neg).ok()?)
            }
            (UnaryOperator::Not, Value::Bool(b)) => Value::Bool(!b),
            _ => return None,
        },
        Expression::StringTemplate(t) => Value::String(literal_template(t)?),
        Expression::HeredocTemplate(h) => Value::String(literal_template(&h.template)?),
        _ => return None,
    })
}

/// A template made of literal text only.
fn literal_template(t: &Template) -> Option<String> {
    let mut out = String::new();
    for e in t.iter() {
        match e {
            Element::Literal(s) => out.push_str(s.value()),
            _ => return None,
        }
    }
    Some(out)
}

/// The `references` of an expression. (Placeholder: plain traversals only.)
pub fn references(expr: &Expression) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(names) = crate::parse::traversal_names_pub(expr) {
        let subject_len = match names[0].as_str() {
            "data" | "module" => 3.min(names.len()),
            "self" => 1,
            _ => 2.min(names.len()),
        };
        for n in (subject_len..=names.len()).rev() {
            out.push(names[..n].join("."));
        }
    }
    out
}
