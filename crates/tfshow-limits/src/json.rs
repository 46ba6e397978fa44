//! JSON documents: [`check`] scans the bytes once, without allocating per value, and refuses
//! documents that nest too deeply, hold too long a string or too large an array or object, or
//! would take too much memory to decode; [`from_slice`] checks and then parses.
//!
//! The scan does not validate JSON: invalid documents pass it and are refused by the parser.
//! On every prefix that is valid JSON the scan's nesting depth equals the parser's, so the
//! parser never recurses deeper than [`Limits::max_depth`], which is why [`from_slice`] can
//! turn off `serde_json`'s own fixed recursion limit of 128.

use serde::de::DeserializeOwned;

use crate::{Limit, LimitExceeded, Limits};

/// Estimated memory of one decoded JSON token (a value, or an object member's key): a
/// `serde_json::Value` and its share of the enclosing container. String contents count on top.
pub const TOKEN_COST: u64 = 64;

/// A JSON document could not be read.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// The document goes over a limit.
    #[error(transparent)]
    Limit(#[from] LimitExceeded),
    /// The document is not valid JSON, or not of the expected shape.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// Refuses `bytes` if, read as JSON, they go over a limit: arrays and objects nested deeper than
/// [`Limits::max_depth`], a string longer than [`Limits::max_string_length`] bytes (as written,
/// escapes included), an array or object with more than [`Limits::max_collection_length`]
/// elements, or an estimated decoded size above [`Limits::max_decoded_size`].
pub fn check(bytes: &[u8], limits: &Limits) -> Result<(), LimitExceeded> {
    // Elements so far (commas seen) of each open array or object; never longer than the depth
    // limit.
    let mut commas: Vec<u64> = Vec::new();
    let mut estimate: u64 = TOKEN_COST;
    let max_collection = limits.max_collection_length as u64;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        i += 1;
        match b {
            b'"' => {
                let start = i;
                // Find the closing quote, skipping escaped characters.
                loop {
                    match bytes[i.min(bytes.len())..]
                        .iter()
                        .position(|&c| c == b'"' || c == b'\\')
                    {
                        Some(p) if bytes[i + p] == b'\\' => i += p + 2,
                        Some(p) => {
                            i += p;
                            break;
                        }
                        None => {
                            i = bytes.len();
                            break;
                        }
                    }
                }
                let end = i.min(bytes.len());
                let len = (end - start) as u64;
                if len > limits.max_string_length {
                    return Err(limits.exceeded(
                        Limit::StringLength,
                        format!("JSON string of {len} bytes at byte {}", start - 1),
                    ));
                }
                estimate = estimate.saturating_add(len);
                i = end + 1;
            }
            b'[' | b'{' => {
                if commas.len() >= limits.max_depth {
                    return Err(limits.exceeded(
                        Limit::Depth,
                        format!(
                            "JSON nested more than {} levels deep at byte {}",
                            limits.max_depth,
                            i - 1
                        ),
                    ));
                }
                commas.push(0);
                estimate = estimate.saturating_add(TOKEN_COST);
            }
            b']' | b'}' => {
                commas.pop();
            }
            b',' | b':' => {
                estimate = estimate.saturating_add(TOKEN_COST);
                if b == b',' {
                    if let Some(n) = commas.last_mut() {
                        *n += 1;
                        if *n >= max_collection {
                            return Err(limits.exceeded(
                                Limit::CollectionLength,
                                format!(
                                    "JSON array or object with more than {max_collection} elements at byte {}",
                                    i - 1
                                ),
                            ));
                        }
                    }
                }
            }
            _ => {}
        }
        if estimate > limits.max_decoded_size {
            return Err(limits.exceeded(
                Limit::DecodedSize,
                format!(
                    "JSON document of {} bytes needs more memory to decode than allowed",
                    bytes.len()
                ),
            ));
        }
    }
    Ok(())
}

/// Parses a JSON document after [`check`]ing it. Otherwise the same as
/// `serde_json::from_slice`, but without its fixed recursion limit: nesting is bounded by
/// [`Limits::max_depth`] instead.
pub fn from_slice<T: DeserializeOwned>(bytes: &[u8], limits: &Limits) -> Result<T, JsonError> {
    check(bytes, limits)?;
    Ok(from_checked_slice(bytes)?)
}

/// Parses a JSON document that [`check`] has accepted (to parse the same bytes more than once
/// without scanning them again), without `serde_json`'s fixed recursion limit. Only for bytes
/// that passed [`check`]: nothing else bounds the parser's recursion.
pub fn from_checked_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> String {
        format!("{}{}", "[".repeat(depth), "]".repeat(depth))
    }

    #[test]
    fn depth_is_the_parsers_depth() {
        let l = Limits::default();
        assert!(check(nested(128).as_bytes(), &l).is_ok());
        let err = check(nested(129).as_bytes(), &l).unwrap_err();
        assert_eq!(err.limit, Limit::Depth);
        assert_eq!(
            err.to_string(),
            "JSON nested more than 128 levels deep at byte 128 (limit depth = 128; raise it with --limit depth=VALUE)"
        );
        // Brackets inside strings do not count, escaped quotes do not end strings.
        let s = format!("[\"\\\"{}\"]", "[".repeat(1000));
        assert!(check(s.as_bytes(), &l).is_ok());
        // Deeper than serde_json's own limit of 128, once raised.
        let mut raised = l.clone();
        raised.max_depth = 200;
        let v: serde_json::Value = from_slice(nested(200).as_bytes(), &raised).unwrap();
        assert!(v.is_array());
        assert!(from_slice::<serde_json::Value>(nested(201).as_bytes(), &raised).is_err());
    }

    #[test]
    fn strings_collections_and_size() {
        let mut l = Limits {
            max_string_length: 4,
            max_collection_length: 3,
            ..Limits::default()
        };
        assert!(check(br#"["abcd",{"a":1,"b":2,"c":3}]"#, &l).is_ok());
        assert_eq!(
            check(br#"["abcde"]"#, &l).unwrap_err().limit,
            Limit::StringLength
        );
        assert_eq!(
            check(br#"[1,2,3,4]"#, &l).unwrap_err().limit,
            Limit::CollectionLength
        );
        assert_eq!(
            check(br#"{"a":1,"b":2,"c":3,"d":4}"#, &l)
                .unwrap_err()
                .limit,
            Limit::CollectionLength
        );
        l.max_collection_length = 1_000_000;
        l.max_decoded_size = 1000;
        let many = format!("[{}0]", "0,".repeat(100));
        assert_eq!(
            check(many.as_bytes(), &l).unwrap_err().limit,
            Limit::DecodedSize
        );
    }

    #[test]
    fn invalid_json_is_left_to_the_parser() {
        let l = Limits::default();
        for src in [
            &b"]]]]"[..],
            b"\"unterminated",
            b"\"\\",
            b"{\"a\":",
            b"\xff\xfe",
        ] {
            assert!(check(src, &l).is_ok());
            assert!(matches!(
                from_slice::<serde_json::Value>(src, &l),
                Err(JsonError::Json(_))
            ));
        }
    }
}
