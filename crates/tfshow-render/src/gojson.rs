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
