//! cty's set element order (`setRules.Less`): known before unknown before null; strings
//! bytewise, numbers numerically, `false` before `true`; other values by their hash strings.

use std::cmp::Ordering;

use crate::{Number, Value};

/// Sorts set elements (already de-duplicated, in insertion order) into cty's iteration order.
pub fn sort_elements(items: &mut [Value]) {
    items.sort_by(compare);
}

/// Removes duplicates, keeping the first of each.
pub fn dedup(items: &mut Vec<Value>) {
    let mut i = 0;
    while i < items.len() {
        if items[..i].contains(&items[i]) {
            items.remove(i);
        } else {
            i += 1;
        }
    }
}

fn rank(v: &Value) -> u8 {
    match v {
        Value::Null => 2,
        Value::Unknown(_) => 1,
        _ => 0,
    }
}

fn compare(a: &Value, b: &Value) -> Ordering {
    let (a, b) = (a.peel(), b.peel());
    match rank(a).cmp(&rank(b)) {
        Ordering::Equal if rank(a) > 0 => return Ordering::Equal,
        Ordering::Equal => {}
        o => return o,
    }
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Value::Number(x), Value::Number(y)) => compare_numbers(x, y),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        _ => hash_string(a).cmp(&hash_string(b)),
    }
}

/// Numeric comparison of two numbers.
pub fn compare_numbers(x: &Number, y: &Number) -> Ordering {
    match (x.infinity_sign(), y.infinity_sign()) {
        (Some(a), Some(b)) => return a.cmp(&b),
        (Some(a), None) => {
            return if a > 0 {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
        (None, Some(b)) => {
            return if b > 0 {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
        _ => {}
    }
    if let (Some(a), Some(b)) = (x.as_i64(), y.as_i64()) {
        return a.cmp(&b);
    }
    let (xs, ys) = (x.as_text(), y.as_text());
    let (xn, yn) = (xs.starts_with('-'), ys.starts_with('-'));
    match (xn, yn) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => compare_magnitudes(&xs, &ys),
        (true, true) => compare_magnitudes(&ys[1..], &xs[1..]),
    }
}

fn compare_magnitudes(a: &str, b: &str) -> Ordering {
    let (ai, af) = a.split_once('.').unwrap_or((a, ""));
    let (bi, bf) = b.split_once('.').unwrap_or((b, ""));
    ai.len()
        .cmp(&bi.len())
        .then_with(|| ai.cmp(bi))
        .then_with(|| af.cmp(bf))
}

/// The hash string cty uses to order complex set elements (`appendSetHashBytes`).
fn hash_string(v: &Value) -> String {
    let mut s = String::new();
    append_hash(v, &mut s);
    s
}

fn append_hash(v: &Value, s: &mut String) {
    match v.peel() {
        Value::Unknown(_) => s.push('?'),
        Value::Null => s.push('~'),
        Value::Number(n) => s.push_str(&n.as_text()),
        Value::Bool(b) => s.push(if *b { 'T' } else { 'F' }),
        Value::String(x) => s.push_str(&format!("{x:?}")),
        Value::Map(entries) => {
            s.push('{');
            for (k, e) in entries {
                s.push_str(&format!("{k:?}:"));
                append_hash(e, s);
                s.push(';');
            }
            s.push('}');
        }
        Value::List(items) | Value::Set(items) => {
            s.push('[');
            for e in items {
                append_hash(e, s);
                s.push(';');
            }
            s.push(']');
        }
        Value::Object(entries) => {
            s.push('<');
            for (_, e) in entries {
                append_hash(e, s);
                s.push(';');
            }
            s.push('>');
        }
        Value::Tuple(items) => {
            s.push('<');
            for e in items {
                append_hash(e, s);
                s.push(';');
            }
            s.push('>');
        }
        Value::Dynamic(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Value {
        Value::Number(Number::parse(s).unwrap())
    }

    #[test]
    fn primitives_sort_by_value() {
        let mut v = vec![n("3"), n("1"), n("2.5"), n("-10"), n("100")];
        sort_elements(&mut v);
        assert_eq!(v, vec![n("-10"), n("1"), n("2.5"), n("3"), n("100")]);
        let mut s = vec![
            Value::String("z".into()),
            Value::Null,
            Value::String("a".into()),
        ];
        sort_elements(&mut s);
        assert_eq!(
            s,
            vec![
                Value::String("a".into()),
                Value::String("z".into()),
                Value::Null
            ]
        );
    }
}
