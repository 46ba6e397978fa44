//! [`Value`] → msgpack, byte for byte as cty writes it.

use super::REFINED_UNKNOWN_EXT;
use crate::{Number, Refinements, Type, Value};

/// A value that cannot be encoded under the given type.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("cannot encode {found} as {expected}")]
pub struct EncodeError {
    /// The type asked for.
    pub expected: String,
    /// What the value was.
    pub found: &'static str,
}

/// Encodes `v` as a value of type `ty`.
pub fn encode(v: &Value, ty: &Type) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    write(&mut out, v, ty)?;
    Ok(out)
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Unknown(_) => "unknown",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::List(_) => "list",
        Value::Set(_) => "set",
        Value::Tuple(_) => "tuple",
        Value::Map(_) => "map",
        Value::Object(_) => "object",
        Value::Dynamic(_) => "dynamic value",
    }
}

fn write(out: &mut Vec<u8>, v: &Value, ty: &Type) -> Result<(), EncodeError> {
    let err = || EncodeError {
        expected: ty.to_json(),
        found: kind(v),
    };
    if let (Type::Dynamic, Value::Dynamic(d)) = (ty, v) {
        out.push(0x92);
        let json = d.0.to_json();
        write_bin(out, json.as_bytes());
        return write(out, &d.1, &d.0);
    }
    match v {
        Value::Unknown(u) => {
            match (&u.refinements, ty) {
                (Some(r), t) if !matches!(t, Type::Dynamic) && **r != Refinements::default() => {
                    write_refined(out, r, t)
                }
                _ => out.extend_from_slice(&[0xd4, 0, 0]),
            }
            return Ok(());
        }
        Value::Null => {
            out.push(0xc0);
            return Ok(());
        }
        _ => {}
    }
    match (ty, v) {
        (Type::String, Value::String(s)) => write_str(out, s),
        (Type::Bool, Value::Bool(b)) => out.push(if *b { 0xc3 } else { 0xc2 }),
        (Type::Number, Value::Number(n)) => write_number(out, n),
        (Type::List(e), Value::List(items)) | (Type::Set(e), Value::Set(items)) => {
            write_len(out, items.len(), 0x90, 0xdc);
            for item in items {
                write(out, item, e)?;
            }
        }
        (Type::Tuple(ts), Value::Tuple(items)) if ts.len() == items.len() => {
            write_len(out, items.len(), 0x90, 0xdc);
            for (item, t) in items.iter().zip(ts) {
                write(out, item, t)?;
            }
        }
        (Type::Map(e), Value::Map(entries)) => {
            write_len(out, entries.len(), 0x80, 0xde);
            for (k, item) in entries {
                write_str(out, k);
                write(out, item, e)?;
            }
        }
        (Type::Object(attrs, _), Value::Object(entries)) => {
            write_len(out, attrs.len(), 0x80, 0xde);
            for (name, t) in attrs {
                write_str(out, name);
                match entries.binary_search_by(|(k, _)| k.as_str().cmp(name)) {
                    Ok(i) => write(out, &entries[i].1, t)?,
                    Err(_) => out.push(0xc0),
                }
            }
        }
        _ => return Err(err()),
    }
    Ok(())
}

fn write_len(out: &mut Vec<u8>, n: usize, fix: u8, wide16: u8) {
    if n < 16 {
        out.push(fix | n as u8);
    } else if n <= 0xffff {
        out.push(wide16);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(wide16 + 1);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
}

fn write_str(out: &mut Vec<u8>, s: &str) {
    let n = s.len();
    if n < 32 {
        out.push(0xa0 | n as u8);
    } else if n < 256 {
        out.extend_from_slice(&[0xd9, n as u8]);
    } else if n <= 0xffff {
        out.push(0xda);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
    out.extend_from_slice(s.as_bytes());
}

fn write_bin(out: &mut Vec<u8>, b: &[u8]) {
    let n = b.len();
    if n < 256 {
        out.extend_from_slice(&[0xc4, n as u8]);
    } else if n <= 0xffff {
        out.push(0xc5);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(0xc6);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
    out.extend_from_slice(b);
}

fn write_int(out: &mut Vec<u8>, i: i64) {
    if i >= 0 {
        let u = i as u64;
        if u < 128 {
            out.push(u as u8);
        } else if u <= 0xff {
            out.extend_from_slice(&[0xcc, u as u8]);
        } else if u <= 0xffff {
            out.push(0xcd);
            out.extend_from_slice(&(u as u16).to_be_bytes());
        } else if u <= 0xffff_ffff {
            out.push(0xce);
            out.extend_from_slice(&(u as u32).to_be_bytes());
        } else {
            out.push(0xcf);
            out.extend_from_slice(&u.to_be_bytes());
        }
    } else if i >= -32 {
        out.push(i as i8 as u8);
    } else if i >= -128 {
        out.extend_from_slice(&[0xd0, i as i8 as u8]);
    } else if i >= -32768 {
        out.push(0xd1);
        out.extend_from_slice(&(i as i16).to_be_bytes());
    } else if i >= i64::from(i32::MIN) {
        out.push(0xd2);
        out.extend_from_slice(&(i as i32).to_be_bytes());
    } else {
        out.push(0xd3);
        out.extend_from_slice(&i.to_be_bytes());
    }
}

fn write_number(out: &mut Vec<u8>, n: &Number) {
    if let Some(sign) = n.infinity_sign() {
        out.push(0xcb);
        let f = if sign > 0 {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        };
        out.extend_from_slice(&f.to_bits().to_be_bytes());
    } else if let Some(i) = n.as_i64() {
        write_int(out, i);
    } else if let Some(f) = n.exact_f64().filter(|_| !n.is_integer()) {
        out.push(0xcb);
        out.extend_from_slice(&f.to_bits().to_be_bytes());
    } else {
        write_str(out, &n.as_text());
    }
}

fn write_refined(out: &mut Vec<u8>, r: &Refinements, ty: &Type) {
    let mut body = Vec::new();
    let mut count = 0u8;
    if r.not_null {
        body.extend_from_slice(&[0x01, 0xc2]);
        count += 1;
    }
    match ty {
        Type::String => {
            if let Some(p) = &r.string_prefix {
                body.push(0x02);
                write_str(&mut body, p);
                count += 1;
            }
        }
        Type::Number => {
            for (key, bound) in [(3u8, &r.number_lower), (4, &r.number_upper)] {
                if let Some((n, inclusive)) = bound {
                    body.extend_from_slice(&[key, 0x92]);
                    write_number(&mut body, n);
                    body.push(if *inclusive { 0xc3 } else { 0xc2 });
                    count += 1;
                }
            }
        }
        Type::List(_) | Type::Set(_) | Type::Map(_) => {
            for (key, len) in [(5u8, r.length_lower), (6, r.length_upper)] {
                if let Some(len) = len {
                    body.push(key);
                    write_int(&mut body, i64::try_from(len).unwrap_or(i64::MAX));
                    count += 1;
                }
            }
        }
        _ => {}
    }
    let mut payload = Vec::with_capacity(body.len() + 1);
    payload.push(0x80 | count);
    payload.extend_from_slice(&body);
    match payload.len() {
        1 => out.push(0xd4),
        2 => out.push(0xd5),
        4 => out.push(0xd6),
        8 => out.push(0xd7),
        16 => out.push(0xd8),
        n if n < 256 => out.extend_from_slice(&[0xc7, n as u8]),
        n => {
            out.push(0xc8);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
    }
    out.push(REFINED_UNKNOWN_EXT as u8);
    out.extend_from_slice(&payload);
}
