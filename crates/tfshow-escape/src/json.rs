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
    match std::str::from_utf8(&json) {
        Ok(s) => match escape_unsafe(s) {
            Cow::Borrowed(_) => json,
            Cow::Owned(o) => o.into_bytes(),
        },
        Err(_) => json,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
