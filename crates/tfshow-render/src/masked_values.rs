//! A change's values as the diff compares them, masked in place: what a sensitivity mask marks
//! replaced by [`MARKER`], what is not known until apply by [`UNKNOWN_MARKER`], in values
//! already taken out of a typed change (no copy is made).

use serde_json::Value;

use crate::redact::MARKER;

/// The marker that stands for a value not known until apply.
pub const UNKNOWN_MARKER: &str = "(known after apply)";

/// `before` and `after` with what `before_marks` and `after_marks` mark sensitive replaced by
/// [`MARKER`] (`null` stays `null`: it holds nothing), then what `after_unknown` marks by
/// [`UNKNOWN_MARKER`]. An absent value is `null`.
pub(crate) fn masked(
    before: Option<Value>,
    after: Option<Value>,
    before_marks: &Value,
    after_marks: &Value,
    after_unknown: &Value,
) -> (Value, Value) {
    let mut before = before.unwrap_or(Value::Null);
    let mut after = after.unwrap_or(Value::Null);
    hide(&mut before, before_marks);
    hide(&mut after, after_marks);
    mark_unknown(&mut after, after_unknown);
    (before, after)
}

/// Replaces the parts of `v` marked `true` in `mask`.
fn hide(v: &mut Value, mask: &Value) {
    match (mask, v) {
        (_, Value::Null) => {}
        (Value::Bool(true), v) => *v = Value::String(MARKER.to_owned()),
        (Value::Object(mm), Value::Object(vm)) => {
            for (k, m) in mm {
                if let Some(child) = vm.get_mut(k) {
                    hide(child, m);
                }
            }
        }
        (Value::Array(ma), Value::Array(va)) => {
            for (m, child) in ma.iter().zip(va.iter_mut()) {
                hide(child, m);
            }
        }
        _ => {}
    }
}

/// Replaces the parts of `v` marked `true` in `mask` (an `after_unknown` mask), adding the
/// object members it names that `v` lacks (unknown values are left out of `after`).
fn mark_unknown(v: &mut Value, mask: &Value) {
    match mask {
        Value::Bool(true) => *v = Value::String(UNKNOWN_MARKER.to_owned()),
        Value::Object(mm) => {
            if let Value::Object(vm) = v {
                for (k, m) in mm {
                    if m == &Value::Bool(true) {
                        vm.insert(k.clone(), Value::String(UNKNOWN_MARKER.to_owned()));
                    } else if let Some(child) = vm.get_mut(k) {
                        mark_unknown(child, m);
                    }
                }
            }
        }
        Value::Array(ma) => {
            if let Value::Array(va) = v {
                for (m, child) in ma.iter().zip(va.iter_mut()) {
                    mark_unknown(child, m);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn marked_parts_are_hidden_and_nulls_kept() {
        let (b, a) = masked(
            Some(json!({"a": "x", "b": [1, 2], "c": null, "d": {"e": "y", "f": "z"}})),
            Some(json!({"a": "x2", "b": [1, 3]})),
            &json!({"a": true, "b": [false, true], "c": true, "d": {"e": true}}),
            &json!({"b": true}),
            &json!({}),
        );
        assert_eq!(
            b,
            json!({"a": MARKER, "b": [1, MARKER], "c": null, "d": {"e": MARKER, "f": "z"}})
        );
        assert_eq!(a, json!({"a": "x2", "b": MARKER}));
    }

    #[test]
    fn unknown_parts_are_marked_over_sensitive_ones() {
        let (b, a) = masked(
            None,
            Some(json!({"a": "k", "l": [1, {"m": 2}], "s": "secret"})),
            &Value::Bool(false),
            &json!({"s": true}),
            &json!({"id": true, "l": [false, {"n": true}], "s": true}),
        );
        assert_eq!(b, Value::Null);
        assert_eq!(
            a,
            json!({"a": "k", "l": [1, {"m": 2, "n": UNKNOWN_MARKER}], "s": UNKNOWN_MARKER, "id": UNKNOWN_MARKER})
        );
        let (_, whole) = masked(None, None, &json!(false), &json!(false), &json!(true));
        assert_eq!(whole, json!(UNKNOWN_MARKER));
    }
}
