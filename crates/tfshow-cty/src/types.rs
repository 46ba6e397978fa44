//! cty types and their JSON syntax (`"string"`, `["list","number"]`, `["object",{…}]`).

use tfshow_gojson::{write_quoted, Dialect};

/// A cty type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `string`
    String,
    /// `number`: arbitrary-precision decimal.
    Number,
    /// `bool`
    Bool,
    /// `dynamic`: the type is decided by the value (msgpack and JSON wrap such values with
    /// their concrete type).
    Dynamic,
    /// `list(T)`
    List(Box<Type>),
    /// `set(T)`
    Set(Box<Type>),
    /// `map(T)`, string keys.
    Map(Box<Type>),
    /// `object({…})`: attributes sorted by name; `optional` lists optional attribute names
    /// (only in type constraints, never in value types).
    Object(Vec<(String, Type)>, Vec<String>),
    /// `tuple([…])`
    Tuple(Vec<Type>),
}

/// A type's JSON did not follow the cty type syntax.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TypeError {
    /// The bytes are not JSON.
    #[error("type is not valid JSON: {0}")]
    Json(String),
    /// The JSON is not a type.
    #[error("invalid type {0}")]
    Invalid(String),
    /// Nesting deeper than the limit.
    #[error("type nested deeper than {0} levels")]
    TooDeep(usize),
}

/// Types nest at most this deep; deeper JSON is refused.
pub const MAX_TYPE_DEPTH: usize = 64;

impl Type {
    /// An object type from attributes in any order (they are sorted by name).
    pub fn object(mut attrs: Vec<(String, Type)>) -> Type {
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        Type::Object(attrs, Vec::new())
    }

    /// Parses the JSON type syntax.
    pub fn from_json(bytes: &[u8]) -> Result<Type, TypeError> {
        let v: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| TypeError::Json(e.to_string()))?;
        Type::from_json_value(&v)
    }

    /// Converts an already-parsed JSON value in type syntax.
    pub fn from_json_value(v: &serde_json::Value) -> Result<Type, TypeError> {
        parse(v, 0)
    }

    /// The type's compact JSON, as Go's `json.Marshal` writes it.
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        self.write_json(&mut out);
        // Only valid UTF-8 is ever written.
        String::from_utf8(out).unwrap_or_default()
    }

    /// Appends the type's compact JSON.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            Type::String => out.extend_from_slice(b"\"string\""),
            Type::Number => out.extend_from_slice(b"\"number\""),
            Type::Bool => out.extend_from_slice(b"\"bool\""),
            Type::Dynamic => out.extend_from_slice(b"\"dynamic\""),
            Type::List(e) => write_collection(out, "list", e),
            Type::Set(e) => write_collection(out, "set", e),
            Type::Map(e) => write_collection(out, "map", e),
            Type::Object(attrs, optional) => {
                out.extend_from_slice(b"[\"object\",{");
                for (i, (name, t)) in attrs.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    write_quoted(out, name, Dialect::Modern);
                    out.push(b':');
                    t.write_json(out);
                }
                out.push(b'}');
                if !optional.is_empty() {
                    out.extend_from_slice(b",[");
                    for (i, name) in optional.iter().enumerate() {
                        if i > 0 {
                            out.push(b',');
                        }
                        write_quoted(out, name, Dialect::Modern);
                    }
                    out.push(b']');
                }
                out.push(b']');
            }
            Type::Tuple(elems) => {
                out.extend_from_slice(b"[\"tuple\",[");
                for (i, t) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    t.write_json(out);
                }
                out.extend_from_slice(b"]]");
            }
        }
    }

    /// Whether `dynamic` occurs anywhere in the type.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::String | Type::Number | Type::Bool => false,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic(),
            Type::Object(attrs, _) => attrs.iter().any(|(_, t)| t.has_dynamic()),
            Type::Tuple(elems) => elems.iter().any(Type::has_dynamic),
        }
    }

    /// The type of an object attribute, if this is an object type that has it.
    pub fn attribute(&self, name: &str) -> Option<&Type> {
        match self {
            Type::Object(attrs, _) => attrs
                .binary_search_by(|(n, _)| n.as_str().cmp(name))
                .ok()
                .map(|i| &attrs[i].1),
            _ => None,
        }
    }
}

fn write_collection(out: &mut Vec<u8>, kind: &str, elem: &Type) {
    out.extend_from_slice(b"[\"");
    out.extend_from_slice(kind.as_bytes());
    out.extend_from_slice(b"\",");
    elem.write_json(out);
    out.push(b']');
}

fn parse(v: &serde_json::Value, depth: usize) -> Result<Type, TypeError> {
    use serde_json::Value as J;
    if depth > MAX_TYPE_DEPTH {
        return Err(TypeError::TooDeep(MAX_TYPE_DEPTH));
    }
    let invalid = || TypeError::Invalid(truncate(&v.to_string()));
    match v {
        J::String(s) => match s.as_str() {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "dynamic" => Ok(Type::Dynamic),
            _ => Err(invalid()),
        },
        J::Array(items) => {
            let kind = items.first().and_then(J::as_str).ok_or_else(invalid)?;
            match (kind, items.len()) {
                ("list", 2) => Ok(Type::List(Box::new(parse(&items[1], depth + 1)?))),
                ("set", 2) => Ok(Type::Set(Box::new(parse(&items[1], depth + 1)?))),
                ("map", 2) => Ok(Type::Map(Box::new(parse(&items[1], depth + 1)?))),
                ("object", 2 | 3) => {
                    let attrs = items[1].as_object().ok_or_else(invalid)?;
                    let mut out = Vec::with_capacity(attrs.len());
                    for (name, t) in attrs {
                        out.push((name.clone(), parse(t, depth + 1)?));
                    }
                    out.sort_by(|a, b| a.0.cmp(&b.0));
                    let mut optional = Vec::new();
                    if let Some(opt) = items.get(2) {
                        for name in opt.as_array().ok_or_else(invalid)? {
                            let name = name.as_str().ok_or_else(invalid)?;
                            if !out.iter().any(|(n, _)| n == name) {
                                return Err(invalid());
                            }
                            optional.push(name.to_owned());
                        }
                        optional.sort();
                    }
                    Ok(Type::Object(out, optional))
                }
                ("tuple", 2) => {
                    let elems = items[1].as_array().ok_or_else(invalid)?;
                    let elems = elems
                        .iter()
                        .map(|t| parse(t, depth + 1))
                        .collect::<Result<_, _>>()?;
                    Ok(Type::Tuple(elems))
                }
                _ => Err(invalid()),
            }
        }
        _ => Err(invalid()),
    }
}

fn truncate(s: &str) -> String {
    if s.len() <= 80 {
        return s.to_owned();
    }
    let mut end = 80;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_type_json() {
        for src in [
            r#""string""#,
            r#""dynamic""#,
            r#"["list","number"]"#,
            r#"["set",["map","bool"]]"#,
            r#"["object",{"a":"string","b":["tuple",["string","number"]]}]"#,
            r#"["object",{"a":"string","b":"number"},["b"]]"#,
            r#"["tuple",[]]"#,
            r#"["object",{}]"#,
        ] {
            assert_eq!(Type::from_json(src.as_bytes()).unwrap().to_json(), src);
        }
    }

    #[test]
    fn object_attributes_are_sorted() {
        let t = Type::from_json(br#"["object",{"z":"string","a":"bool"}]"#).unwrap();
        assert_eq!(t.to_json(), r#"["object",{"a":"bool","z":"string"}]"#);
        assert_eq!(t.attribute("z"), Some(&Type::String));
    }

    #[test]
    fn rejects_invalid_types() {
        for src in [
            r#""str""#,
            r#"["list"]"#,
            r#"["object",[]]"#,
            "1",
            r#"["object",{},["x"]]"#,
        ] {
            assert!(Type::from_json(src.as_bytes()).is_err(), "{src}");
        }
        let deep = format!("{}\"string\"{}", "[\"list\",".repeat(100), "]".repeat(100));
        assert_eq!(
            Type::from_json(deep.as_bytes()),
            Err(TypeError::TooDeep(MAX_TYPE_DEPTH))
        );
    }
}
