//! Writing a parsed JSON value back the way Go's `encoding/json` writes it: compact, members in
//! their order, numbers as they were read, strings escaped HTML-safe (`<` as `\u003c`).

use serde_json::Value;
use tfshow_gojson::{write_quoted, Dialect};

/// Appends `v` as Go's encoder writes it.
pub fn write(out: &mut Vec<u8>, v: &Value, dialect: Dialect) {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::String(s) => write_quoted(out, s, dialect),
        Value::Array(a) => {
            out.push(b'[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write(out, e, dialect);
            }
            out.push(b']');
        }
        Value::Object(m) => {
            out.push(b'{');
            for (i, (k, e)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_quoted(out, k, dialect);
                out.push(b':');
                write(out, e, dialect);
            }
            out.push(b'}');
        }
    }
}

/// `v` as Go's encoder writes it.
pub fn to_vec(v: &Value, dialect: Dialect) -> Vec<u8> {
    let mut out = Vec::new();
    write(&mut out, v, dialect);
    out
}

/// `v` as Go's `json.Indent` lays out its encoding: each member and element on its own line
/// starting with `prefix` and one `indent` per level (the first line without `prefix`);
/// empty objects and arrays stay `{}` and `[]`.
pub fn indent(v: &Value, prefix: &str, indent: &str) -> String {
    fn go(out: &mut Vec<u8>, v: &Value, prefix: &str, indent: &str, depth: usize) {
        let newline = |out: &mut Vec<u8>, depth: usize| {
            out.push(b'\n');
            out.extend_from_slice(prefix.as_bytes());
            for _ in 0..depth {
                out.extend_from_slice(indent.as_bytes());
            }
        };
        match v {
            Value::Array(a) if !a.is_empty() => {
                out.push(b'[');
                for (i, e) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    newline(out, depth + 1);
                    go(out, e, prefix, indent, depth + 1);
                }
                newline(out, depth);
                out.push(b']');
            }
            Value::Object(m) if !m.is_empty() => {
                out.push(b'{');
                for (i, (k, e)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    newline(out, depth + 1);
                    write_quoted(out, k, Dialect::Modern);
                    out.extend_from_slice(b": ");
                    go(out, e, prefix, indent, depth + 1);
                }
                newline(out, depth);
                out.push(b'}');
            }
            _ => write(out, v, Dialect::Modern),
        }
    }
    let mut out = Vec::new();
    go(&mut out, v, prefix, indent, 0);
    // Only UTF-8 text is ever written.
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indents_as_go_does() {
        let v: Value = serde_json::from_str(r#"{"name":"ident","l":[1,{}],"e":[]}"#).unwrap();
        assert_eq!(
            indent(&v, "  # ", "  "),
            "{\n  #   \"name\": \"ident\",\n  #   \"l\": [\n  #     1,\n  #     {}\n  #   ],\n  #   \"e\": []\n  # }"
        );
    }
}
