//! Type constraints (`type = list(object({ a = optional(string) }))`).

use hcl_edit::expr::{Expression, ObjectKey};
use tfshow_cty::Type;

/// The type a type-constraint expression stands for (`any` is `dynamic`); `None` if it is not
/// a valid type constraint.
pub fn type_constraint(expr: &Expression) -> Option<Type> {
    match expr {
        Expression::Variable(v) => keyword(v.value().as_str()),
        Expression::String(s) => {
            // JSON syntax writes the constraint as a string holding an expression.
            let e = hcl_edit::parser::parse_expr(s.value()).ok()?;
            type_constraint(&e)
        }
        Expression::Parenthesis(p) => type_constraint(p.inner()),
        Expression::FuncCall(call) => {
            let args: Vec<&Expression> = call.args.iter().collect();
            let name = call.name.name.value().as_str();
            match (name, args.as_slice()) {
                ("list", [e]) => Some(Type::List(Box::new(type_constraint(e)?))),
                ("set", [e]) => Some(Type::Set(Box::new(type_constraint(e)?))),
                ("map", [e]) => Some(Type::Map(Box::new(type_constraint(e)?))),
                ("tuple", [Expression::Array(items)]) => Some(Type::Tuple(
                    items.iter().map(type_constraint).collect::<Option<_>>()?,
                )),
                ("object", [Expression::Object(obj)]) => {
                    let mut attrs = Vec::new();
                    let mut optional = Vec::new();
                    for (k, v) in obj.iter() {
                        let name = match k {
                            ObjectKey::Ident(id) => id.value().to_string(),
                            ObjectKey::Expression(Expression::String(s)) => s.value().clone(),
                            ObjectKey::Expression(Expression::Variable(v)) => v.value().to_string(),
                            _ => return None,
                        };
                        let t = match v.expr() {
                            Expression::FuncCall(c)
                                if c.name.name.value().as_str() == "optional" =>
                            {
                                optional.push(name.clone());
                                type_constraint(c.args.iter().next()?)?
                            }
                            e => type_constraint(e)?,
                        };
                        attrs.push((name, t));
                    }
                    attrs.sort_by(|a, b| a.0.cmp(&b.0));
                    optional.sort();
                    Some(Type::Object(attrs, optional))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The type a variable's `type` argument stands for: a type constraint, or one of the two
/// shorthands kept from Terraform 0.11, a bare `list` or `map` (a list or map of any one
/// element type, `list(any)` / `map(any)`).
pub fn variable_type_constraint(expr: &Expression) -> Option<Type> {
    let bare = match expr {
        Expression::Variable(v) => Some(v.value().as_str()),
        _ => None,
    };
    match bare {
        Some("list") => Some(Type::List(Box::new(Type::Dynamic))),
        Some("map") => Some(Type::Map(Box::new(Type::Dynamic))),
        _ => type_constraint(expr),
    }
}

fn keyword(k: &str) -> Option<Type> {
    Some(match k {
        "string" => Type::String,
        "number" => Type::Number,
        "bool" => Type::Bool,
        "any" => Type::Dynamic,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Expression {
        hcl_edit::parser::parse_expr(src).expect("expression")
    }

    /// Terraform reads a bare `list` or `map` as `list(any)` / `map(any)` for variables only
    /// (`configs.decodeVariableType`); inside another constraint they stay invalid.
    #[test]
    fn legacy_bare_list_and_map() {
        let any = || Box::new(Type::Dynamic);
        assert_eq!(
            variable_type_constraint(&parse("list")),
            Some(Type::List(any()))
        );
        assert_eq!(
            variable_type_constraint(&parse("map")),
            Some(Type::Map(any()))
        );
        assert_eq!(variable_type_constraint(&parse("set")), None);
        assert_eq!(type_constraint(&parse("list")), None);
        assert_eq!(variable_type_constraint(&parse("list(list)")), None);
        assert_eq!(
            variable_type_constraint(&parse("list(string)")),
            Some(Type::List(Box::new(Type::String)))
        );
    }
}
