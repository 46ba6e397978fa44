//! `json.Compact` with HTML escaping: what Go does to a `json.RawMessage` it embeds.

/// The raw JSON was not valid.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("invalid JSON at byte {offset}")]
pub struct CompactError {
    /// Byte offset of the problem in the input.
    pub offset: usize,
}

/// Appends `raw` with insignificant whitespace removed and `<`, `>`, `&`, U+2028 and U+2029
/// inside strings escaped. Only whitespace outside strings is checked; the caller is expected
/// to pass JSON that came from a JSON encoder.
pub fn compact_into(out: &mut Vec<u8>, raw: &[u8]) -> Result<(), CompactError> {
    let mut in_string = false;
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        if in_string {
            match b {
                b'\\' => {
                    let end = (i + 2).min(raw.len());
                    out.extend_from_slice(&raw[i..end]);
                    i = end;
                    continue;
                }
                b'"' => in_string = false,
                b'<' | b'>' | b'&' => {
                    out.extend_from_slice(match b {
                        b'<' => b"\\u003c",
                        b'>' => b"\\u003e",
                        _ => b"\\u0026",
                    });
                    i += 1;
                    continue;
                }
                0xe2 if raw.get(i + 1) == Some(&0x80)
                    && matches!(raw.get(i + 2), Some(0xa8) | Some(0xa9)) =>
                {
                    out.extend_from_slice(if raw[i + 2] == 0xa8 {
                        b"\\u2028"
                    } else {
                        b"\\u2029"
                    });
                    i += 3;
                    continue;
                }
                _ => {}
            }
            out.push(b);
        } else {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' => {}
                b'"' => {
                    in_string = true;
                    out.push(b);
                }
                _ => out.push(b),
            }
        }
        i += 1;
    }
    if in_string {
        return Err(CompactError { offset: raw.len() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compacts_and_escapes_html() {
        let mut out = Vec::new();
        compact_into(&mut out, b"{\n  \"a <b>\": [1, \"x & y\\\"\"]\n}").unwrap();
        assert_eq!(out, br#"{"a \u003cb\u003e":[1,"x \u0026 y\""]}"#);
    }

    #[test]
    fn unterminated_string_is_an_error() {
        let mut out = Vec::new();
        assert_eq!(
            compact_into(&mut out, b"\"abc"),
            Err(CompactError { offset: 4 })
        );
    }
}
