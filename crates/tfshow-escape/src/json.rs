//! JSON text meant to be read by people as well as machines (`--redact`, `summary --format
//! json`): the same document, with every control, bidi and zero-width character written as a
//! `\uXXXX` escape, so it parses to the same value and cannot act on a terminal or reorder
//! what a reader sees.

use std::borrow::Cow;

use crate::terminal;

/// Characters to escape: [`terminal::is_unsafe`] ones except JSON's whitespace, which stands
/// raw only between tokens (encoders escape it inside strings).
fn is_unsafe(c: char) -> bool {
    terminal::is_unsafe(c) && !matches!(c, '\n' | '\r' | '\t')
}

/// `json` (a complete JSON text) with every control (but JSON's whitespace), bidi and
/// zero-width character escaped.
///
/// Such characters can only stand inside strings (JSON's own syntax is ASCII, and encoders
/// escape C0 controls), where `\uXXXX` means the same character, so the value is unchanged.
///
/// ```
/// use tfshow_escape::json::escape_unsafe;
/// assert_eq!(escape_unsafe("{\"k\":\"a\u{202e}b\"}"), "{\"k\":\"a\\u202eb\"}");
/// ```
pub fn escape_unsafe(json: &str) -> Cow<'_, str> {
    if !json.chars().any(is_unsafe) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// [`escape_unsafe`] on bytes that hold UTF-8 JSON; other bytes are left as they are.
pub fn escape_unsafe_bytes(json: Vec<u8>) -> Vec<u8> {
    match escape_unsafe_slice(&json) {
        Cow::Borrowed(_) => json,
        Cow::Owned(o) => o,
    }
}

/// [`escape_unsafe_bytes`] without taking the bytes: borrowed when nothing is escaped.
pub fn escape_unsafe_slice(json: &[u8]) -> Cow<'_, [u8]> {
    // Printable ASCII (most documents): nothing to escape.
    if printable_ascii(json) {
        return Cow::Borrowed(json);
    }
    match std::str::from_utf8(json) {
        Ok(s) => match escape_unsafe(s) {
            Cow::Borrowed(_) => Cow::Borrowed(json),
            Cow::Owned(o) => Cow::Owned(o.into_bytes()),
        },
        Err(_) => Cow::Borrowed(json),
    }
}

/// Whether every byte is printable ASCII (`' '` to `'~'`), checked eight bytes at a time,
/// 32 between branches.
fn printable_ascii(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // The high bit of each byte of `w` that is not printable ASCII (maybe more).
    let unprintable = |w: u64| {
        // A byte of 0x80 or more; below 0x20; equal to 0x7f (the bytes being below 0x80).
        let high = w & HIGH;
        let below_space = w.wrapping_sub(ONES * 0x20) & !w & HIGH;
        let del = w ^ (ONES * 0x7f);
        let is_del = del.wrapping_sub(ONES) & !del & HIGH;
        high | below_space | is_del
    };
    let word = |chunk: &[u8]| {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        u64::from_ne_bytes(b)
    };
    let mut blocks = bytes.chunks_exact(32);
    for block in &mut blocks {
        let found = block
            .chunks_exact(8)
            .fold(0, |acc, chunk| acc | unprintable(word(chunk)));
        if found != 0 {
            return false;
        }
    }
    let mut words = blocks.remainder().chunks_exact(8);
    for chunk in &mut words {
        if unprintable(word(chunk)) != 0 {
            return false;
        }
    }
    words.remainder().iter().all(|b| (b' '..0x7f).contains(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_ascii_is_told_apart_at_every_position() {
        for len in 0..80 {
            let plain = vec![b'a'; len];
            assert!(printable_ascii(&plain));
            for i in 0..len {
                for b in [0u8, 0x1f, b'\n', 0x7f, 0x80, 0xe2, 0xff] {
                    let mut v = plain.clone();
                    v[i] = b;
                    assert!(!printable_ascii(&v), "{b:#x} at {i} of {len}");
                }
                for b in [b' ', b'~', b'"', b'\\'] {
                    let mut v = plain.clone();
                    v[i] = b;
                    assert!(printable_ascii(&v), "{b:#x} at {i} of {len}");
                }
            }
        }
    }

    #[test]
    fn the_value_is_unchanged() {
        let text = "{\"a\\u001b\":\"\u{9b}x\u{2066}y\u{200b}\",\n\t\"n\":1}\n";
        let escaped = escape_unsafe(text);
        assert!(!escaped.chars().any(is_unsafe));
        assert!(escaped.ends_with("1}\n"));
        let a: serde_json::Value = serde_json::from_str(text).unwrap();
        let b: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(a, b);
    }
}
