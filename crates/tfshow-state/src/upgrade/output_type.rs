//! The type of a legacy output value: the one its JSON implies, with a sequence whose
//! elements all have one type taken as a list and an object whose attributes all have one type
//! taken as a map (Terraform 0.11 had only strings, lists and maps).

use serde_json::Value;
use tfshow_cty::Type;

/// The type Terraform gives the legacy output value `v` when upgrading it. `v` nests at most
/// [`tfshow_cty::types::MAX_TYPE_DEPTH`] deep (checked by the caller).
pub(crate) fn implied_type(v: &Value) -> Result<Type, String> {
    Ok(simplified(implied(v)))
}

fn implied(v: &Value) -> Type {
    match v {
        Value::Null => Type::Dynamic,
        Value::Bool(_) => Type::Bool,
        Value::Number(_) => Type::Number,
        Value::String(_) => Type::String,
        Value::Array(a) => Type::Tuple(a.iter().map(implied).collect()),
        Value::Object(m) => Type::object(m.iter().map(|(k, e)| (k.clone(), implied(e))).collect()),
    }
}

/// A tuple of one element type becomes a list, an object of one attribute type a map (the
/// element type simplified in turn); empty ones and mixed ones stay as they are.
fn simplified(ty: Type) -> Type {
    match ty {
        Type::Tuple(elems) => match one_type(elems.iter()) {
            Some(e) => Type::List(Box::new(simplified(e.clone()))),
            None => Type::Tuple(elems),
        },
        Type::Object(attrs, optional) => match one_type(attrs.iter().map(|(_, t)| t)) {
            Some(e) => Type::Map(Box::new(simplified(e.clone()))),
            None => Type::Object(attrs, optional),
        },
        other => other,
    }
}

/// The type all of `types` have, if there is at least one and they agree.
fn one_type<'t>(mut types: impl Iterator<Item = &'t Type>) -> Option<&'t Type> {
    let first = types.next()?;
    types.all(|t| t == first).then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(json: &str) -> String {
        let mut out = Vec::new();
        implied_type(&serde_json::from_str(json).unwrap())
            .unwrap()
            .write_json(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn collections_of_one_type_are_lists_and_maps() {
        assert_eq!(ty(r#"["a","b"]"#), r#"["list","string"]"#);
        assert_eq!(
            ty(r#"{"a":{"k":"1"},"b":{"k":"2"}}"#),
            r#"["map",["map","string"]]"#
        );
        assert_eq!(ty(r#"[["a"],["b"]]"#), r#"["list",["list","string"]]"#);
        assert_eq!(ty("[null,null]"), r#"["list","dynamic"]"#);
    }

    #[test]
    fn mixed_and_empty_collections_stay_structural() {
        assert_eq!(ty(r#"["a",1]"#), r#"["tuple",["string","number"]]"#);
        assert_eq!(
            ty(r#"[["a"],["b","c"]]"#),
            r#"["tuple",[["tuple",["string"]],["tuple",["string","string"]]]]"#
        );
        assert_eq!(ty("[]"), r#"["tuple",[]]"#);
        assert_eq!(ty("{}"), r#"["object",{}]"#);
        assert_eq!(ty("null"), r#""dynamic""#);
    }
}
